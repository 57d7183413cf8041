"""The rules options, made from the registered games' option specs: one flag per option.

Errors of the rules are one line (``croupier: error: ...``, status 1); argparse's own (an
unknown choice, a word for a number) are its usage and status 2.
"""

from __future__ import annotations

from typing import Any

import pytest

from croupier.games import game_class, game_names
from croupier_server.cli import build_parser, main
from croupier_server.cli._output import CliError
from croupier_server.cli._rules import rules_from_args


def rules(*argv: str) -> tuple[str, dict[str, Any], int]:
    """The game, options and seats ``croupier match ARGV`` would play."""
    args = build_parser().parse_args(["match", *argv, "--bot", "a"])
    game = rules_from_args(args)
    return game.name, game.options(), game.num_players


def test_every_option_of_every_game_is_a_flag(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["match", "--help"])
    shown = capsys.readouterr().out
    flags = shown.replace(",", " ").split()
    for name in game_names():
        assert game_class(name).title in shown
        for spec in game_class(name).option_specs:
            assert f"--{spec.name.replace('_', '-')}" in flags, (name, spec.name)


@pytest.mark.parametrize(
    ("argv", "game", "options", "seats"),
    [
        (["--game", "lexio"], "lexio", {"players": 4}, 4),
        (["--game", "lexio", "--players", "3", "--rounds", "2"], "lexio", {"rounds": 2}, 3),
        (["--game", "lexio", "--twos-penalty", "off"], "lexio", {"twos_penalty": "off"}, 4),
        (["--game", "cribbage"], "cribbage", {"variant": "six-card"}, 2),
        (["--game", "cribbage", "--players", "3"], "cribbage", {"variant": "three-player"}, 3),
        (["--game", "cribbage", "--players", "1"], "cribbage", {"variant": "solitaire"}, 1),
        (
            ["--game", "cribbage", "--variant", "five-card", "--match-points", "1"],
            "cribbage",
            {"variant": "five-card", "match_points": 1},
            2,
        ),
        (
            ["--game", "cribbage", "--game-points", "1", "2", "3", "4"],
            "cribbage",
            {"game_points": [1, 2, 3, 4]},
            2,
        ),
        (
            ["--game", "cribbage", "--triple-skunk-wins-match"],
            "cribbage",
            {"triple_skunk_wins_match": True},
            2,
        ),
        (
            ["--game", "cribbage", "--no-triple-skunk-wins-match"],
            "cribbage",
            {"triple_skunk_wins_match": False},
            2,
        ),
        (["--game", "kuhn_poker", "--players", "2", "--hands", "4"], "kuhn_poker", {"hands": 4}, 2),
    ],
)
def test_the_flags_give_the_games_options(
    argv: list[str], game: str, options: dict[str, Any], seats: int
) -> None:
    name, chosen, players = rules(*argv)
    assert (name, players) == (game, seats)
    assert chosen | options == chosen


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (
            ["--game", "kuhn_poker", "--rounds", "2", "--variant", "five-card"],
            "--rounds and --variant are not Kuhn poker options (Kuhn poker takes --players, "
            "--ante, --hands)",
        ),
        (["--game", "kuhn_poker", "--players", "3"], "kuhn_poker is for 2 players, not 3"),
        (["--game", "cribbage", "--players", "5"], "cribbage is for 1, 2, 3 or 4 players, not 5"),
        (
            ["--game", "cribbage", "--variant", "solitaire", "--players", "2"],
            "cribbage solitaire is for 1 player, not 2",
        ),
    ],
)
def test_rules_a_game_does_not_have_are_one_line_errors(argv: list[str], message: str) -> None:
    with pytest.raises(CliError) as refused:
        rules(*argv)
    assert str(refused.value) == message


def test_a_value_the_game_refuses_is_a_one_line_error(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["match", "--game", "kuhn_poker", "--ante", "0", "--bot", "a", "--db", "sqlite://"]
    assert main(argv) == 1
    assert capsys.readouterr().err == (
        "croupier: error: ante is a whole number of at least 1, not 0\n"
    )


def test_a_choice_no_game_has_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as ended:
        build_parser().parse_args(["match", "--game", "lexio", "--twos-penalty", "triple"])
    assert ended.value.code == 2
    assert "argument --twos-penalty: invalid choice: 'triple'" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["bot", "add", "x", "--command", "b"], ["ratings"]])
def test_every_registered_game_may_be_chosen(command: list[str]) -> None:
    for name in game_names():
        assert build_parser().parse_args([*command, "--game", name]).game == name
