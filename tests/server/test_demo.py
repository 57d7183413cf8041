"""The demo command plays and prints games of every rule set."""

import pytest

from croupier_server.cli import main


def test_demo_prints_full_logs_and_a_line_per_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--games", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "== lexio players=4" in out
    assert "== cribbage variant=six-card" in out
    assert out.count("result: ") == 2
    variants = ("five-card", "seven-card", "three-player", "four-player", "solitaire", "square")
    for variant in variants:
        assert f"variant={variant}" in out


def test_demo_refuses_a_non_positive_game_count(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["demo", "--games", "0"])
    assert exit_info.value.code == 2
    assert "expected a positive number, got 0" in capsys.readouterr().err
