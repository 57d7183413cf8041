"""The admin forms' inputs and the API's schemas: from the games, formats and control settings."""

from __future__ import annotations

import re

import pytest

from croupier.games import game_class, game_names
from croupier_server.control import LIMIT_SETTINGS, TIME_CONTROL_SETTINGS
from croupier_server.tournament.formats import format_named, format_names
from croupier_server.web.admin.format_settings import format_settings
from croupier_server.web.admin.forms import (
    FormRefused,
    bot_data,
    option_fields,
    tournament_data,
)
from croupier_server.web.admin.schemas import (
    BotRegistration,
    ProcessLimits,
    TimeControlRequest,
    TournamentRequest,
)


def test_every_option_of_every_game_has_one_input_named_after_it() -> None:
    fields = option_fields()
    expected = [
        (name, spec.name) for name in game_names() for spec in game_class(name).option_specs
    ]
    assert [(field.game, field.spec.name) for field in fields] == expected
    assert len({field.name for field in fields}) == len(fields)
    lexio = {field.name: field for field in fields if field.game == "lexio"}
    assert lexio["players"].label == "Lexio players"
    assert lexio["players"].choices == ["3", "4", "5"]
    assert lexio["rounds"].number


def test_a_form_reads_each_option_as_its_spec_says() -> None:
    data = tournament_data(
        {
            "game": "cribbage",
            "variant": "five-card",
            "match_points": " 3 ",
            "game_points": "1, 2, 3, 4",
            "triple_skunk_wins_match": "true",
            "rounds": "",
        }
    )
    assert data["options"] == {
        "variant": "five-card",
        "match_points": 3,
        "game_points": (1, 2, 3, 4),
        "triple_skunk_wins_match": True,
    }
    game_class("cribbage").from_options(data["options"])


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"game": "lexio", "ante": "2"}, "ante is a kuhn_poker option"),
        ({"game": "cribbage", "triple_skunk_wins_match": "yes"}, "is true or false, not 'yes'"),
        ({"game": "cribbage", "game_points": "1,two,3,4"}, "is a whole number, not 'two'"),
    ],
)
def test_a_form_refuses_an_option_it_cannot_read(fields: dict[str, str], message: str) -> None:
    if "ante" in fields and "kuhn_poker" not in game_names():
        pytest.skip("Kuhn poker is not installed")
    with pytest.raises(FormRefused, match=re.escape(message)):
        tournament_data(fields)


def test_the_limits_and_times_are_the_control_settings_with_their_bounds() -> None:
    for model, settings in (
        (ProcessLimits, LIMIT_SETTINGS),
        (TimeControlRequest, TIME_CONTROL_SETTINGS),
    ):
        schema = model.model_json_schema()["properties"]
        assert list(schema) == [setting.name for setting in settings]
        for setting in settings:
            if setting.kind is int:
                (bounded,) = [part for part in schema[setting.name]["anyOf"] if "minimum" in part]
                assert (bounded["minimum"], bounded["maximum"]) == (
                    setting.minimum,
                    setting.maximum,
                )
    assert TimeControlRequest.model_validate({"bank_ms": 0}).items() == {"bank_ms": 0}
    limits = bot_data({"kind": "command", "memory_mb": "128", "network": "allow"})["limits"]
    assert ProcessLimits.model_validate(limits).items() == {"memory_mb": 128, "network": True}


def test_the_api_schema_names_the_registered_games() -> None:
    for model in (BotRegistration, TournamentRequest):
        assert model.model_json_schema()["properties"]["game"]["enum"] == list(game_names())


def test_the_api_schema_names_the_formats_and_has_a_field_per_setting() -> None:
    schema = TournamentRequest.model_json_schema()["properties"]
    assert schema["format"]["enum"] == list(format_names())
    for name in format_names():
        for spec in format_named(name).specs:
            field = schema[spec.name]
            default = list(spec.default) if isinstance(spec.default, tuple) else spec.default
            assert field["default"] == default
            assert spec.help in field["description"]
            assert format_named(name).title in field["description"]
    request = TournamentRequest.model_validate(
        {"game": "cribbage", "bots": ["a", "b"], "format": "sprt", "elo1": 20}
    )
    assert request.format_data() == {"elo1": 20.0}


def test_a_form_reads_each_format_setting_from_its_flags_input() -> None:
    data = tournament_data(
        {
            "game": "lexio",
            "format": "gauntlet",
            "gauntlet": " a, b ",
            "no-duplicate": "on",
            "deals": " 3 ",
            "swiss-rounds": "",
            "elo0": " ",
        }
    )
    settings = {setting.spec.name for setting in format_settings()}
    assert {key: data[key] for key in settings & set(data)} == {
        "challengers": ["a", "b"],
        "duplicate": False,
        "deals": "3",
    }
    assert data["format"] == "gauntlet"
