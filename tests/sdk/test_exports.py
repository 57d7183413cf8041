"""The SDK's public surface: what each public module exports, under its public path."""

import importlib
import importlib.metadata
import inspect
import subprocess
import sys

import pytest

import croupier
from croupier.games import InvalidOptions
from croupier.games.lexio import Tile

EXPORTS = {
    "croupier": ["Bot", "Clock", "Decision", "GameStart", "__version__", "run"],
    "croupier.games": [
        "GAME_NAMES",
        "Event",
        "Game",
        "IllegalAction",
        "InvalidOptions",
        "OptionSpec",
        "OptionValue",
        "PrivateEvent",
        "Result",
        "Seat",
        "State",
        "Variant",
        "game_class",
        "game_names",
        "load_game",
        "random_rollout",
    ],
    "croupier.games.lexio": [
        "PLAYER_COUNTS",
        "TWOS_PENALTIES",
        "Action",
        "Combination",
        "IllegalCombination",
        "Kind",
        "Lexio",
        "LexioObservation",
        "LexioResult",
        "LexioState",
        "MatchEnded",
        "Pass",
        "Passed",
        "Payment",
        "Play",
        "Played",
        "RoundEnded",
        "RoundStarted",
        "Suit",
        "Tile",
        "TilesDealt",
        "TrickWon",
        "combination",
        "deck",
        "hand_count",
        "parse_action",
        "payments",
        "settle",
        "settle_counts",
        "top_number",
    ],
    "croupier.games.cribbage": [
        "CARDS",
        "NEXT_FIRST_DEALER",
        "RANKS",
        "SUITS",
        "VARIANTS",
        "Action",
        "Card",
        "CardPlaced",
        "CardTurned",
        "CardsDealt",
        "CountReset",
        "CribShown",
        "Cribbage",
        "CribbageObservation",
        "CribbageResult",
        "CribbageState",
        "CutForDeal",
        "Discard",
        "Discarded",
        "DiscardedCards",
        "GameOutcome",
        "GameStarted",
        "GameWon",
        "Go",
        "HandDealt",
        "HandShown",
        "HisHeels",
        "LastCard",
        "LineShown",
        "MatchEnded",
        "Peg",
        "PegScore",
        "Pegged",
        "Place",
        "ShowCombination",
        "ShowScore",
        "ShownHand",
        "Skunk",
        "SoloGameEnded",
        "StarterTurned",
        "ThreeForLast",
        "cards_text",
        "explain_peg",
        "explain_show",
        "parse_action",
        "parse_cards",
        "score_peg",
        "score_show",
        "show_combinations",
        "skunk_of",
    ],
    "croupier.codec": [
        "CodecError",
        "DecisionRequest",
        "GameCodec",
        "Reply",
        "TimeControl",
        "action_reply",
        "codec_for",
        "codec_names",
        "codec_sending",
        "cut_comment",
        "decision_request",
        "decode_action",
        "decode_event",
        "decode_observation",
        "decode_result",
        "decode_rules",
        "encode_action",
        "encode_event",
        "encode_game_event",
        "encode_observation",
        "encode_result",
        "encode_rules",
        "game_start",
        "hello",
        "read_action_reply",
        "read_decision_request",
        "read_game_start",
    ],
    "croupier.testing": ["GameCheckFailed", "check_codec", "check_game"],
    "croupier.opponents": ["OPPONENTS", "SEED_VARIABLE", "RandomBot", "opponent", "opponent_names"],
    "croupier.opponents.lexio": ["GreedyLexioBot", "RandomLexioBot"],
    "croupier.opponents.cribbage": [
        "GreedyCribbageBot",
        "RandomCribbageBot",
        "hand_points",
        "place_gain",
    ],
    "croupier.packing": [
        "SKIPPED_DIRECTORIES",
        "SKIPPED_SUFFIXES",
        "PackingError",
        "pack_directory",
    ],
    "croupier.bot_cli": ["main"],
    "croupier.exits": ["exit_description"],
}


@pytest.mark.parametrize("module_name", EXPORTS)
def test_the_exports_are_pinned(module_name: str) -> None:
    module = importlib.import_module(module_name)
    assert module.__all__ == EXPORTS[module_name]
    for name in module.__all__:
        assert getattr(module, name) is not None


@pytest.mark.parametrize("module_name", EXPORTS)
def test_classes_and_functions_show_their_public_path(module_name: str) -> None:
    module = importlib.import_module(module_name)
    for name in module.__all__:
        value = getattr(module, name)
        is_ours = (inspect.isclass(value) or inspect.isfunction(value)) and value is not int
        if is_ours:  # Seat is int
            assert value.__module__ == module_name, name


def test_reprs_show_the_public_path() -> None:
    assert repr(InvalidOptions) == "<class 'croupier.games.InvalidOptions'>"
    assert repr(Tile) == "<class 'croupier.games.lexio.Tile'>"
    assert repr(croupier.Bot) == "<class 'croupier.Bot'>"


def test_the_version_is_the_installed_one() -> None:
    assert croupier.__version__ == importlib.metadata.version("croupier")


def test_the_engines_load_no_grpc_or_protobuf() -> None:
    # A bot author who only runs engines (a search, a test) needs neither; run brings them.
    code = (
        "import sys, croupier, croupier.games, croupier.games.lexio, croupier.games.cribbage\n"
        "croupier.games.load_game('cribbage')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('grpc', 'google')))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "[]"
