"""The bots' time control and limits, defined once, and the flags made from them."""

from __future__ import annotations

import dataclasses

import pytest

from croupier_server.cli import build_parser
from croupier_server.control import (
    LIMIT_SETTINGS,
    TIME_CONTROL_SETTINGS,
    BotLimits,
    LimitSettings,
    SettingError,
    TimeControl,
)


def test_the_settings_are_the_fields_in_order() -> None:
    names = [setting.name for setting in LIMIT_SETTINGS]
    assert names == [field.name for field in dataclasses.fields(BotLimits)]
    assert names == [field.name for field in dataclasses.fields(LimitSettings)]
    assert [setting.name for setting in TIME_CONTROL_SETTINGS] == [
        "connect_ms",
        "decision_ms",
        "bank_ms",
    ]
    assert all(setting.help and setting.flag.startswith("--") for setting in LIMIT_SETTINGS)
    defaults: dict[str, object] = {setting.name: setting.default for setting in LIMIT_SETTINGS}
    assert dataclasses.asdict(BotLimits()) == defaults


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"bank_ms": -1}, "the time bank_ms must be a whole number from 0 to 86400000, not -1"),
        ({"decision_ms": 0}, "the time decision_ms must be a whole number from 1 to"),
        ({"connect_ms": True}, "the time connect_ms must be a whole number"),
        ({"connect_ms": 86_400_001}, "the time connect_ms must be a whole number"),
        ({"clock": 5}, "unknown times clock (known: connect_ms, decision_ms, bank_ms)"),
    ],
)
def test_a_bad_time_control_is_refused_in_one_line(data: dict[str, int], message: str) -> None:
    with pytest.raises(SettingError, match=message.replace("(", r"\(").replace(")", r"\)")):
        TimeControl.from_data(data)


def test_no_bank_is_a_time_control_everywhere() -> None:
    assert TimeControl.from_data({"bank_ms": 0}).items()["bank_ms"] == 0
    parser = build_parser()
    for command in (["match"], ["tournament", "run"], ["sprt"]):
        args = parser.parse_args(
            [*command, "--game", "lexio", "--bank-ms", "0", *_required(command)]
        )
        assert args.bank_ms == 0


def _required(command: list[str]) -> list[str]:
    return ["--bots", "a,b"] if command == ["tournament", "run"] else ["--bot", "a"]
