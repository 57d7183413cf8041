"""A plug-in game whose option's flag is one of a command's own cannot break the command line.

Its option gets no flag on that command, the command's flag keeps its meaning, and choosing
the game there is a one-line error; every other game and command works as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import EntryPoint
from typing import ClassVar

import pytest

from croupier.games import OptionSpec, _registry, game_names
from croupier_server.cli import build_parser, main
from croupier_server.cli._rules import rules_from_args
from tests.games.high_card import HighCard


@dataclass(frozen=True, slots=True)
class Seeded(HighCard):
    """``--seed``: a flag of ``match``, ``sprt``, ``tournament run`` and ``serve``."""

    name: ClassVar[str] = "seeded"
    title: ClassVar[str] = "Seeded"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("seed", int, 0, "a seed of the game's own"),
    )

    seed: int = 0


@dataclass(frozen=True, slots=True)
class Doubled(HighCard):
    """``--no-duplicate``: a flag of ``tournament run`` (``--duplicate`` is free)."""

    name: ClassVar[str] = "doubled"
    title: ClassVar[str] = "Doubled"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("duplicate", bool, False, "deal every card twice"),
    )

    duplicate: bool = False


@dataclass(frozen=True, slots=True)
class Listening(HighCard):
    """``--listen``: added by ``serve`` before its rules, by ``match`` after them."""

    name: ClassVar[str] = "listening"
    title: ClassVar[str] = "Listening"
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("listen", str, "", "what the seats listen to"),
    )

    listen: str = ""


@pytest.fixture(autouse=True)
def plugged(monkeypatch: pytest.MonkeyPatch) -> None:
    """The three games registered beside the installed ones, for this test only."""
    points = dict(_registry._entry_points())
    for game in (Seeded, Doubled, Listening):
        value = f"{__name__}:{game.__name__}"
        points[game.name] = EntryPoint(game.name, value, _registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(_registry, "_entry_points", lambda: points)
    monkeypatch.setattr(_registry, "_CLASSES", dict(_registry._CLASSES))


def test_the_parser_is_built_and_the_commands_own_flags_keep_their_meaning() -> None:
    assert {"seeded", "doubled", "listening"} <= set(game_names())
    argv = ["--game", "kuhn_poker", "--seed", "5", "--listen", "unix:/x", "--bot", "a"]
    args = build_parser().parse_args(["match", *argv])
    assert (args.seed, args.listen, args.rules) == (5, "unix:/x", {})
    assert rules_from_args(args).name == "kuhn_poker"
    args = build_parser().parse_args(["tournament", "run", "--game", "lexio", "--bots", "a,b"])
    assert rules_from_args(args).name == "lexio"
    assert build_parser().parse_args(["serve", "--listen", "unix:/y"]).listen == "unix:/y"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["match", "--game", "seeded", "--bot", "a"],
            "croupier match cannot play seeded: the flag --seed of its option seed is one of "
            "croupier match's own (the game must rename the option)",
        ),
        (
            ["sprt", "--game", "seeded", "--bot", "a", "--bot", "b"],
            "croupier sprt cannot play seeded: the flag --seed of its option seed is one of "
            "croupier sprt's own (the game must rename the option)",
        ),
        (
            ["tournament", "run", "--game", "doubled", "--bots", "a,b", "--duplicate"],
            "croupier tournament run cannot play doubled: the flag --no-duplicate of its "
            "option duplicate is one of croupier tournament run's own (the game must rename "
            "the option)",
        ),
        (
            ["serve", "--game", "listening", "--no-dashboard"],
            "croupier serve cannot play listening: the flag --listen of its option listen is "
            "one of croupier serve's own (the game must rename the option)",
        ),
        (
            ["match", "--game", "listening", "--bot", "a"],
            "croupier match cannot play listening: the flag --listen of its option listen is "
            "one of croupier match's own (the game must rename the option)",
        ),
    ],
)
def test_choosing_the_game_there_is_a_one_line_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*argv, "--db", "sqlite://"]) == 1
    assert capsys.readouterr().err == f"croupier: error: {message}\n"


def test_the_game_keeps_its_options_on_the_commands_it_does_not_clash_with() -> None:
    args = build_parser().parse_args(["match", "--game", "doubled", "--duplicate", "--bot", "a"])
    assert rules_from_args(args) == Doubled(duplicate=True)


def test_every_command_still_shows_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["match"], ["sprt"], ["tournament", "run"], ["serve"]):
        with pytest.raises(SystemExit) as ended:
            main([*command, "--help"])
        assert ended.value.code == 0
    shown = capsys.readouterr().out
    assert "--seed" in shown
    assert "Seeded: " not in shown  # its option has no flag anywhere
