"""The admin forms' inputs and the API's schemas: from the games, formats and control settings."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import game_class, game_names
from croupier_server import db
from croupier_server.administration import Administration
from croupier_server.control import LIMIT_SETTINGS, TIME_CONTROL_SETTINGS
from croupier_server.db import BotKind, BotRecord, create_database_engine, init_database
from croupier_server.tournament.formats import format_named, format_names
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
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
        },
        bots=["peg", " box, nob "],
    )
    assert data["bots"] == ["peg", "box", "nob"]
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
        tournament_data(fields, bots=[])


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
        },
        bots=[],
    )
    settings = {setting.spec.name for setting in format_settings()}
    assert {key: data[key] for key in settings & set(data)} == {
        "challengers": ["a", "b"],
        "duplicate": False,
        "deals": "3",
    }
    assert data["format"] == "gauntlet"


# The tournament form's bots, and the count of its schedule, over a served dashboard.

ADMIN = "admin-token-0123456789abcdef"
LEXIO_BOTS = ["north", "east", "west", "south"]
CRIBBAGE_BOTS = ["peg", "box", "nob", "hole"]


@pytest.fixture
def admin(tmp_path: Path) -> Iterator[tuple[TestClient, Engine]]:
    """A logged-in admin's client of a dashboard with Lexio and cribbage bots, and its engine.

    Besides the bots, a submitted bot (its versions enter, never it) and a person's seat
    record are registered: neither may enter a tournament.
    """
    engine = create_database_engine(f"sqlite:///{tmp_path / 'admin.db'}")
    init_database(engine)
    with Session(engine) as session:
        for name in LEXIO_BOTS:
            db.add_bot(session, name=name, game="lexio", command="python bot.py")
        for name in CRIBBAGE_BOTS:
            db.add_bot(session, name=name, game="cribbage", command="python bot.py")
        session.add(BotRecord(name="uploaded", game="lexio", kind=BotKind.SUBMITTED))
        session.add(BotRecord(name="person:ada", game="lexio", kind=BotKind.PERSON))
        session.commit()
    actions = Administration(engine, directory=str(tmp_path))
    app = create_app(engine, tokens=AccessTokens(admin=ADMIN), admin_actions=actions)
    with TestClient(app) as client:
        client.post("/login", data={"token": ADMIN, "next": "/admin"})
        yield client, engine
    engine.dispose()


def csrf(client: TestClient) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', client.get("/admin").text)
    assert found is not None
    return found.group(1)


def test_the_tournament_form_offers_each_games_registered_bots_to_check(
    admin: tuple[TestClient, Engine],
) -> None:
    client, _ = admin
    page = client.get("/admin").text
    form = page[page.index('action="/admin/tournaments"') :]
    form = form[: form.index("</form>")]
    offered = {
        game: re.findall(r'<input type="checkbox" name="bots" value="([^"]+)"', fieldset)
        for game, fieldset in re.findall(
            r'<fieldset class="entrants" data-game="(\w+)">(.*?)</fieldset>', form, re.DOTALL
        )
    }
    registered = {"cribbage": sorted(CRIBBAGE_BOTS), "lexio": sorted(LEXIO_BOTS)}
    assert offered == {game: registered.get(game, []) for game in game_names()}
    assert 'name="bots" type="text"' not in form
    assert '<p class="schedule-size" role="status"' in form


def test_the_checked_bots_queue_the_tournament_and_stay_checked_when_it_is_refused(
    admin: tuple[TestClient, Engine],
) -> None:
    client, engine = admin
    form = {"csrf": csrf(client), "game": "lexio", "players": "3", "bots": LEXIO_BOTS[:3]}
    answer = client.post("/admin/tournaments", data=form, follow_redirects=False)
    assert answer.status_code == 303, answer.text
    with Session(engine) as session:
        (stored,) = db.list_tournaments(session)
    assert stored.settings["bots"] == LEXIO_BOTS[:3]
    refused = client.post("/admin/tournaments", data=form | {"players": "5"})
    assert refused.status_code == 400
    for name in LEXIO_BOTS:
        checked = f'name="bots" value="{name}" checked' in refused.text
        assert checked == (name in LEXIO_BOTS[:3])


@pytest.mark.parametrize(
    "fields",
    [
        {"game": "lexio", "players": "3", "bots": LEXIO_BOTS[:3]},
        {"game": "lexio", "players": "3", "bots": LEXIO_BOTS, "deals": "2"},
        {"game": "lexio", "bots": LEXIO_BOTS, "no-duplicate": "on", "deals": "3"},
        {"game": "cribbage", "bots": CRIBBAGE_BOTS, "format": "gauntlet", "gauntlet": "peg"},
        {"game": "cribbage", "bots": CRIBBAGE_BOTS, "format": "swiss", "swiss-rounds": "2"},
    ],
    ids=["round-robin", "deals", "no-duplicate", "gauntlet", "swiss"],
)
def test_the_schedule_size_is_the_total_the_queued_tournament_stores(
    admin: tuple[TestClient, Engine], fields: dict[str, Any]
) -> None:
    client, engine = admin
    answer = client.get("/admin/tournaments/games", params=fields)
    assert answer.status_code == 200, answer.text
    games = answer.json()["games"]
    assert answer.json()["line"] == f"This tournament will play {games} games."
    assert answer.json()["refused"] == ""
    queued = client.post(
        "/admin/tournaments", data={"csrf": csrf(client), **fields}, follow_redirects=False
    )
    assert queued.status_code == 303, queued.text
    with Session(engine) as session:
        (stored,) = db.list_tournaments(session)
    assert games == stored.settings["total_games"]
    assert games > 1


def test_the_schedule_size_of_a_sequential_match_is_unknown_and_bad_forms_say_why(
    admin: tuple[TestClient, Engine],
) -> None:
    client, _ = admin
    sequential = {"game": "cribbage", "bots": CRIBBAGE_BOTS[:2], "format": "sprt"}
    answer = client.get("/admin/tournaments/games", params=sequential).json()
    assert answer["games"] is None
    assert "as it goes" in answer["line"]
    refusals: list[tuple[dict[str, str | list[str]], str]] = [
        ({"game": "lexio", "players": "4", "bots": LEXIO_BOTS[:3]}, "3 bots cannot fill"),
        ({"game": "lexio"}, "check the bots that play"),
        ({"game": "lexio", "bots": LEXIO_BOTS, "players": "9"}, "players"),
        ({"game": "lexio", "bots": LEXIO_BOTS, "deals": "x"}, "deals"),
    ]
    for fields, detail in refusals:
        refused = client.get("/admin/tournaments/games", params=fields)
        assert refused.status_code == 200
        assert refused.json()["games"] is None
        assert detail in refused.json()["refused"]
        assert refused.json()["line"] == f"No schedule yet: {refused.json()['refused']}"
    with TestClient(client.app) as stranger:
        refused = stranger.get(
            "/admin/tournaments/games", params=sequential, follow_redirects=False
        )
        assert refused.status_code == 303  # to the login page, as every admin page
        assert refused.headers["location"].startswith("/login")
