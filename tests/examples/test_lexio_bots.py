"""The Lexio example bots: whole matches of legal moves, and the strong bot beats the greedy one.

Strength is measured on duplicate deals: each seed is played with the bots rotated through
the seats, so both sides hold the same tiles equally often.
"""

from collections.abc import Callable
from statistics import fmean

import pytest

import croupier
from croupier.games import lexio
from croupier.games.lexio import Lexio, LexioObservation
from croupier.local import play
from examples.lexio_cautious import CautiousLexioBot
from examples.lexio_greedy import GreedyLexioBot
from examples.lexio_random import RandomLexioBot
from examples.lexio_strong import StrongLexioBot

LexioBot = croupier.Bot[LexioObservation, lexio.Action]
BOTS: dict[str, Callable[[], LexioBot]] = {
    "random": lambda: RandomLexioBot(seed=1),
    "greedy": GreedyLexioBot,
    "strong": StrongLexioBot,
    "cautious": CautiousLexioBot,
}
ROTATIONS = ("AABB", "BAAB", "BBAA", "ABBA")
"""Four seats, two bots of each side: every seat is each side's twice per seed."""


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("name", BOTS)
def test_plays_whole_matches_with_legal_moves(name: str, players: int) -> None:
    # local.play raises IllegalAction on any move that is not legal.
    for seed in range(3):
        game = Lexio(players=players, rounds=2)
        state = play(game, [BOTS[name]() for _ in range(players)], seed=seed)
        result = state.result()
        assert result is not None
        assert sum(result.scores) == players * game.starting_chips


@pytest.mark.parametrize("players", [3, 4, 5])
def test_all_three_bots_at_one_table(players: int) -> None:
    makers = list(BOTS.values())
    for seed in range(3):
        bots = [makers[(seat + seed) % 3]() for seat in range(players)]
        assert play(Lexio(players=players, rounds=3), bots, seed=seed).is_over()


def chip_margin(side_a: Callable[[], LexioBot], side_b: Callable[[], LexioBot], seed: int) -> float:
    """Side A's average final chips per seat less side B's, over the rotations of one deal."""
    margins = []
    for rotation in ROTATIONS:
        bots = [side_a() if side == "A" else side_b() for side in rotation]
        result = play(Lexio(players=4), bots, seed=seed).result()
        assert result is not None
        chips: dict[str, list[int]] = {"A": [], "B": []}
        for side, balance in zip(rotation, result.scores, strict=True):
            chips[side].append(balance)
        margins.append(fmean(chips["A"]) - fmean(chips["B"]))
    return fmean(margins)


def test_strong_beats_greedy() -> None:
    # Over many seeds the margin is about +21 chips a match; blocks of 30 seeds range over
    # +18..+25, so +8 leaves plenty of room.
    margin = fmean(chip_margin(StrongLexioBot, GreedyLexioBot, seed) for seed in range(30))
    assert margin > 8


def test_greedy_beats_random() -> None:
    margin = fmean(
        chip_margin(GreedyLexioBot, lambda: RandomLexioBot(seed=2), seed) for seed in range(10)
    )
    assert margin > 20


def test_random_bot_takes_its_seed_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CROUPIER_BOT_SEED", "7")

    def moves() -> list[str]:
        state = play(Lexio(rounds=1), [RandomLexioBot() for _ in range(4)], seed=3)
        return [str(action) for _, action in state.actions]

    assert moves() == moves()


class Recorder(croupier.Bot[LexioObservation, lexio.Action]):
    """Passes the strong bot's decisions on, as ``local.play`` gets them, and keeps them."""

    def __init__(self) -> None:
        self.bot = StrongLexioBot()
        self.decisions: list[tuple[LexioObservation, croupier.Decision[lexio.Action]]] = []

    def act(self, observation: LexioObservation) -> croupier.Decision[lexio.Action]:
        decision = self.bot.act(observation)
        self.decisions.append((observation, decision))
        return decision


def test_the_strong_bot_explains_each_decision_and_local_play_takes_them() -> None:
    recorders = [Recorder() for _ in range(4)]
    state = play(Lexio(rounds=1), recorders, seed=8)
    assert state.is_over()
    decisions = [decision for recorder in recorders for decision in recorder.decisions]
    assert decisions
    for observation, decision in decisions:
        assert decision.action in observation.legal_actions
        assert decision.comment is not None
        assert decision.comment.startswith("plays weighed: ")
