"""The changes the dashboard makes: registering bots and queueing tournaments, API and forms.

They are checked as the command line checks them: a bot as ``croupier bot add`` does, a
tournament by ``create_tournament`` itself, and a queued tournament is stored exactly as
``croupier tournament run`` stores one, with the status ``queued``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import fields
from pathlib import Path
from typing import Any, get_args

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine
from sqlmodel import Session

from croupier import codec
from croupier.games import GAME_NAMES, load_game
from croupier_server import db
from croupier_server.administration import Administration
from croupier_server.control import TimeControl
from croupier_server.db import BotKind, TournamentStatus, create_database_engine, init_database
from croupier_server.referee.containment.limits import LimitSettings
from croupier_server.referee.game import RefereeSettings
from croupier_server.tournament.formats import FormatSettings, format_named, format_names
from croupier_server.tournament.formats.round_robin import RoundRobinSettings
from croupier_server.tournament.formats.sprt import SprtHypotheses, SprtSettings
from croupier_server.tournament.formats.swiss import SwissSettings
from croupier_server.tournament.records import tournament_schedule
from croupier_server.tournament.runner import create_tournament
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from croupier_server.web.admin import GameName, ProcessLimits, TimeControlRequest
from croupier_server.web.admin.format_settings import format_settings
from tests import queries

ADMIN = "admin-token-0123456789abcdef"
AUTHORIZED = {"Authorization": f"Bearer {ADMIN}"}
LEXIO_BOTS = ["north", "east", "west"]


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'admin.db'}")
    init_database(engine)
    yield engine
    engine.dispose()


FIRST_ACTION_BOT = """
import croupier


class First(croupier.Bot):
    def act(self, observation):
        return observation.legal_actions[0]


croupier.run(First())
"""
"""A bot of any game: the admin starts a command bot before it registers it."""


@pytest.fixture
def directory(tmp_path: Path) -> Path:
    """The server's working directory, with a bot script in it."""
    served = tmp_path / "served"
    served.mkdir()
    (served / "bot.py").write_text(FIRST_ACTION_BOT)
    return served


@pytest.fixture
def client(engine: Engine, directory: Path) -> Iterator[TestClient]:
    actions = Administration(engine, directory=str(directory))
    app = create_app(engine, tokens=AccessTokens(admin=ADMIN), admin_actions=actions)
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def lexio_bots(engine: Engine) -> list[str]:
    with Session(engine) as session:
        for name in LEXIO_BOTS:
            db.add_bot(session, name=name, game="lexio", command="python bot.py")
        db.add_bot(session, name="crib", game="cribbage", command="python bot.py")
    return LEXIO_BOTS


@pytest.fixture
def cribbage_bots(engine: Engine) -> list[str]:
    names = ["peg", "box", "nob"]
    with Session(engine) as session:
        for name in names:
            db.add_bot(session, name=name, game="cribbage", command="python bot.py")
    return names


def post(client: TestClient, path: str, body: dict[str, Any]) -> tuple[int, Any]:
    response = client.post(path, json=body, headers=AUTHORIZED)
    return response.status_code, response.json()


def csrf_of(client: TestClient) -> str:
    page = client.post("/login", data={"token": ADMIN, "next": "/admin"})
    found = re.search(r'name="csrf" value="([^"]+)"', page.text)
    assert found is not None
    return found.group(1)


def alert(html: str) -> str:
    """The error message a form page shows."""
    found = re.search(r'role="alert">([^<]*)</p>', html)
    assert found is not None, html
    return found.group(1)


# Bots


def test_a_command_bot_is_registered_with_its_files_made_absolute(
    client: TestClient, engine: Engine, directory: Path
) -> None:
    body = {
        "name": "greedy",
        "game": "cribbage",
        "command": "python bot.py --fast",
        "description": "greedy pegging",
        "limits": {"memory_mb": 256, "network": True},
    }
    status, registered = post(client, "/api/bots", body)
    assert status == 201
    assert registered["command"] == f"python {directory / 'bot.py'} --fast"
    assert registered["limits"] == {"memory_mb": 256, "network": True}
    assert registered["key"] is None
    with Session(engine) as session:
        bot = db.get_bot_by_name(session, name="greedy")
    assert bot is not None
    assert (bot.id, bot.kind, bot.command) == (
        registered["id"],
        BotKind.COMMAND,
        registered["command"],
    )
    assert client.get(f"/api/bots/{bot.id}").json()["description"] == "greedy pegging"


def test_a_command_bot_that_does_not_start_is_refused_with_its_output(
    client: TestClient, engine: Engine
) -> None:
    body = {"name": "broken", "game": "lexio", "command": "python -c 'import no_such_module'"}
    status, answer = post(client, "/api/bots", body)
    assert status == 422
    reason, *output = answer["detail"].splitlines()
    assert reason == "bot broken did not start: exited with status 1 before connecting"
    assert output[-1] == "    ModuleNotFoundError: No module named 'no_such_module'"
    form = {"csrf": csrf_of(client), "kind": "command", **body}
    page = client.post("/admin/bots", data=form)
    assert page.status_code == 400  # the form shows every refusal so
    assert alert(page.text).startswith(f"{reason}\n    Traceback")
    with Session(engine) as session:
        assert db.list_bots(session) == []


def test_a_remote_bots_key_is_shown_once_and_stored_hashed(
    client: TestClient, engine: Engine
) -> None:
    response = client.post(
        "/api/bots", json={"name": "visitor", "game": "lexio", "remote": True}, headers=AUTHORIZED
    )
    assert response.status_code == 201
    assert response.headers["cache-control"] == "no-store"
    key = response.json()["key"]
    assert len(key) >= 43
    with Session(engine) as session:
        found = queries.find_bot_by_key(session, key=key)
        assert found is not None
        assert found.name == "visitor"
    for page in ["/api/bots", f"/api/bots/{found.id}", "/bots", f"/bots/{found.id}"]:
        assert key not in client.get(page).text
    with engine.connect() as connection:
        assert key not in str(connection.exec_driver_sql("SELECT * FROM bot").all())


@pytest.mark.parametrize(
    ("body", "status", "message"),
    [
        ({"name": "x", "game": "lexio"}, 422, "give either a command or remote: true"),
        ({"name": "x", "game": "lexio", "command": "b", "remote": True}, 422, "either"),
        ({"name": "x", "game": "lexio", "command": "  "}, 422, "the command is empty"),
        (
            {"name": "x", "game": "lexio", "remote": True, "limits": {"memory_mb": 64}},
            422,
            "limits are for the bots the referee starts",
        ),
        ({"name": "x", "game": "lexio", "command": "b", "limits": {"memory_mb": 0}}, 422, ""),
        ({"name": "x", "game": "lexio", "command": "b", "limits": {"swap": 1}}, 422, ""),
        ({"name": "x", "game": "chess", "command": "b"}, 422, ""),
        ({"name": "x", "game": "lexio", "command": "b", "owner": "me"}, 422, ""),
        ({"name": " padded", "game": "lexio", "command": "b"}, 400, "printable characters"),
        ({"name": "x", "game": "lexio", "command": "unclosed 'quote"}, 400, "cannot parse"),
        ({"name": "north", "game": "lexio", "remote": True}, 409, "a bot named 'north' already"),
    ],
)
@pytest.mark.usefixtures("lexio_bots")
def test_a_bad_registration_is_refused_and_stores_nothing(
    client: TestClient, engine: Engine, body: dict[str, Any], status: int, message: str
) -> None:
    answer_status, answer = post(client, "/api/bots", body)
    assert answer_status == status
    assert message in str(answer["detail"])
    with Session(engine) as session:
        assert len(db.list_bots(session)) == len(LEXIO_BOTS) + 1


def test_the_api_takes_the_games_limits_and_times_the_referee_knows() -> None:
    assert get_args(GameName) == GAME_NAMES
    assert set(ProcessLimits.model_fields) == {limit.name for limit in fields(LimitSettings)}
    times = {time.name for time in fields(codec.TimeControl)}
    assert set(TimeControlRequest.model_fields) == times


# Tournaments


def test_a_queued_tournament_is_stored_as_the_command_line_stores_one(
    client: TestClient, engine: Engine, lexio_bots: list[str]
) -> None:
    body = {
        "game": "lexio",
        "options": {"players": 3, "rounds": 2},
        "bots": lexio_bots,
        "deals": 2,
        "seed": 41,
        "concurrency": 2,
        "time_control": {"decision_ms": 700},
        "limits": {"cpu_seconds": 30},
    }
    status, queued = post(client, "/api/tournaments", body)
    assert status == 201
    assert (queued["status"], queued["variant"], queued["seed"]) == ("queued", "3 players", 41)
    direct = create_tournament(
        engine,
        game=load_game("lexio", {"players": 3, "rounds": 2}),
        bots=lexio_bots,
        seed=41,
        format_settings=RoundRobinSettings(deals=2),
        concurrency=2,
        settings=RefereeSettings(
            time_control=TimeControl(connect_ms=20_000, decision_ms=700, bank_ms=10_000),
            limits=LimitSettings(cpu_seconds=30),
        ),
    )
    with Session(engine) as session:
        stored = db.get_tournament(session, tournament_id=queued["id"])
    assert stored is not None
    assert stored.status is TournamentStatus.QUEUED
    assert (stored.game, stored.options, stored.format, stored.settings) == (
        direct.game,
        direct.options,
        direct.format,
        direct.settings,
    )
    listed = client.get(f"/api/tournaments/{queued['id']}").json()
    assert (listed["status"], listed["finished"], listed["total"]) == ("queued", 0, 6)
    assert listed["total"] == len(tournament_schedule(stored)[1])


def test_a_tournament_without_a_seed_gets_a_random_one(
    client: TestClient, lexio_bots: list[str]
) -> None:
    body = {"game": "lexio", "options": {"players": 3}, "bots": lexio_bots, "deals": 1}
    seeds = {post(client, "/api/tournaments", body)[1]["seed"] for _ in range(3)}
    assert len(seeds) == 3


@pytest.mark.parametrize(
    ("changes", "status", "message"),
    [
        ({"bots": ["north", "east", "nobody"]}, 400, "no bot named 'nobody'"),
        ({"bots": ["north", "east", "crib"]}, 400, "bot 'crib' plays cribbage, not lexio"),
        ({"options": {"players": 7}}, 400, "Lexio is played by 3, 4 or 5 players, not 7"),
        ({"options": {"variant": "six-card"}}, 400, "unknown Lexio option"),
        ({"options": {"players": 4}}, 400, "3 bots cannot fill a table of 4 seats"),
        ({"bots": ["north", "north", "east"]}, 400, "each bot may enter once"),
        ({"format": "gauntlet"}, 400, "a gauntlet needs challengers among the bots"),
        ({"challengers": ["north"]}, 422, "challengers is not for the Round robin format"),
        ({"deals": 0}, 422, ""),
        ({"bots": []}, 422, ""),
        ({"format": "knockout"}, 422, ""),
        ({"time_control": {"bank_ms": -1}}, 422, ""),
        ({"seed": 2**63}, 422, ""),
        ({"schedule": "fast"}, 422, ""),
    ],
)
def test_a_bad_tournament_is_refused_and_stores_nothing(
    client: TestClient,
    engine: Engine,
    lexio_bots: list[str],
    changes: dict[str, Any],
    status: int,
    message: str,
) -> None:
    body = {"game": "lexio", "options": {"players": 3}, "bots": lexio_bots, "deals": 1}
    answer_status, answer = post(client, "/api/tournaments", body | changes)
    assert answer_status == status
    assert message in str(answer["detail"])
    with Session(engine) as session:
        assert db.list_tournaments(session) == []


def test_a_gauntlet_is_queued_with_its_challengers(
    client: TestClient, engine: Engine, lexio_bots: list[str]
) -> None:
    body = {
        "game": "lexio",
        "options": {"players": 3},
        "bots": [*lexio_bots],
        "format": "gauntlet",
        "challengers": ["north"],
        "deals": 1,
    }
    status, queued = post(client, "/api/tournaments", body)
    assert status == 201
    with Session(engine) as session:
        stored = db.get_tournament(session, tournament_id=queued["id"])
    assert stored is not None
    assert stored.format == "gauntlet"
    assert all("north" in game.bots for game in tournament_schedule(stored)[1])


@pytest.mark.parametrize(
    ("settings", "format_settings"),
    [
        ({"format": "swiss", "rounds": 3}, SwissSettings(rounds=3)),
        (
            {"format": "sprt", "elo1": 20, "alpha": 0.1, "max_deals": 40},
            SprtSettings(SprtHypotheses(elo1=20.0, alpha=0.1), max_deals=40),
        ),
        ({"format": "sprt"}, SprtSettings()),
    ],
    ids=["swiss", "sprt", "sprt-defaults"],
)
def test_every_format_is_queued_with_its_own_settings(
    client: TestClient,
    engine: Engine,
    cribbage_bots: list[str],
    settings: dict[str, Any],
    format_settings: FormatSettings,
) -> None:
    bots = cribbage_bots if settings["format"] == "swiss" else cribbage_bots[:2]
    body = {"game": "cribbage", "bots": bots, "seed": 8, **settings}
    status, queued = post(client, "/api/tournaments", body)
    assert status == 201, queued
    assert (queued["format"], queued["status"]) == (settings["format"], "queued")
    direct = create_tournament(
        engine,
        game=load_game("cribbage"),
        bots=bots,
        seed=8,
        format_settings=format_settings,
    )
    with Session(engine) as session:
        stored = db.get_tournament(session, tournament_id=queued["id"])
    assert stored is not None
    assert (stored.format, stored.settings) == (direct.format, direct.settings)


@pytest.mark.parametrize(
    ("changes", "status", "message"),
    [
        ({"deals": 2}, 422, "deals is not for the Swiss format (it takes rounds)"),
        (
            {"format": "sprt", "rounds": 2, "duplicate": False},
            422,
            "duplicate, rounds are not for the Sequential match (SPRT) format",
        ),
        ({"rounds": 0}, 422, ""),
        ({"format": "sprt", "alpha": 0.7}, 400, "alpha must be between 0 and 0.5, not 0.7"),
        ({"format": "sprt", "elo0": "NaN"}, 422, ""),
        ({"format": "sprt"}, 400, "a sequential match needs two different bots"),
        ({"game": "lexio", "options": {"players": 3}}, 400, "Swiss pairing is for two-player"),
    ],
)
def test_a_setting_of_another_format_or_out_of_bounds_is_refused(
    client: TestClient,
    engine: Engine,
    lexio_bots: list[str],
    cribbage_bots: list[str],
    changes: dict[str, Any],
    status: int,
    message: str,
) -> None:
    bots = lexio_bots if changes.get("game") == "lexio" else cribbage_bots
    body = {"game": "cribbage", "bots": bots, "format": "swiss"} | changes
    answer_status, answer = post(client, "/api/tournaments", body)
    assert answer_status == status, answer
    assert message in str(answer["detail"])
    with Session(engine) as session:
        assert db.list_tournaments(session) == []


# The forms


def test_the_bot_form_registers_a_bot_and_shows_a_remote_key_once(
    client: TestClient, engine: Engine
) -> None:
    csrf = csrf_of(client)
    form = {"csrf": csrf, "name": "visitor", "game": "cribbage", "kind": "remote"}
    page = client.post("/admin/bots", data=form)
    assert page.status_code == 201
    assert page.headers["cache-control"] == "no-store"
    key = re.search(r'<code class="secret">([^<]+)</code>', page.text)
    assert key is not None
    with Session(engine) as session:
        found = queries.find_bot_by_key(session, key=key.group(1))
    assert found is not None
    assert (found.name, found.game) == ("visitor", "cribbage")


def test_the_bot_form_sets_limits(client: TestClient, engine: Engine) -> None:
    form = {
        "csrf": csrf_of(client),
        "name": "limited",
        "game": "lexio",
        "kind": "command",
        "command": "python bot.py",
        "memory_mb": "128",
        "open_files": "",
        "network": "cut",
    }
    assert client.post("/admin/bots", data=form).status_code == 201
    with Session(engine) as session:
        bot = db.get_bot_by_name(session, name="limited")
    assert bot is not None
    assert bot.limits == {"memory_mb": 128, "network": False}


def test_a_refused_form_says_why_and_keeps_what_was_typed_escaped(
    client: TestClient, engine: Engine
) -> None:
    typed = '"><b>typed</b>'
    form = {"csrf": csrf_of(client), "name": typed, "game": "lexio", "kind": "command"}
    page = client.post("/admin/bots", data=form | {"command": "  "})
    assert page.status_code == 400
    assert alert(page.text) == "the command is empty"
    assert f'name="name" type="text" value="{escape(typed)}"' in page.text
    assert "<b>typed</b>" not in page.text
    with Session(engine) as session:
        assert db.list_bots(session) == []


def test_the_tournament_form_queues_a_tournament_and_shows_it(
    client: TestClient, engine: Engine, lexio_bots: list[str]
) -> None:
    form = {
        "csrf": csrf_of(client),
        "game": "lexio",
        "players": "3",
        "rounds": "1",
        "bots": ", ".join(lexio_bots),
        "format": "round-robin",
        "deals": "1",
        "seed": "5",
        "decision_ms": "900",
        "duplicate": "on",
    }
    answer = client.post("/admin/tournaments", data=form, follow_redirects=False)
    assert answer.status_code == 303
    tournament_id = int(answer.headers["location"].removeprefix("/tournaments/"))
    with Session(engine) as session:
        stored = db.get_tournament(session, tournament_id=tournament_id)
    assert stored is not None
    assert stored.status is TournamentStatus.QUEUED
    assert stored.options["players"] == 3
    assert stored.settings["bots"] == lexio_bots
    assert stored.settings["duplicate"] is True
    assert stored.settings["time_control"]["decision_ms"] == 900
    assert client.get(answer.headers["location"]).status_code == 200


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"match_points": "1"}, "match points is a cribbage option"),
        ({"rounds": "many"}, "rounds is a whole number, not 'many'"),
        ({"deals": "x"}, "deals: Input should be a valid integer"),
        ({"bots": "north, nobody, east"}, "no bot named 'nobody'"),
        ({"swiss-rounds": "2"}, "rounds is not for the Round robin format (it takes deals, "),
        (
            {"format": "sprt", "no-duplicate": "on", "elo1": "30"},
            "duplicate is not for the Sequential match (SPRT) format",
        ),
        ({"format": "sprt", "alpha": "0.5"}, "alpha must be between 0 and 0.5, not 0.5"),
    ],
)
def test_a_refused_tournament_form_says_why(
    client: TestClient,
    engine: Engine,
    lexio_bots: list[str],
    fields: dict[str, str],
    message: str,
) -> None:
    form = {"csrf": csrf_of(client), "game": "lexio", "players": "3", "bots": ",".join(lexio_bots)}
    page = client.post("/admin/tournaments", data=form | fields)
    assert page.status_code == 400
    assert alert(page.text).startswith(str(escape(message)))
    with Session(engine) as session:
        assert db.list_tournaments(session) == []


@pytest.mark.parametrize(
    ("fields", "stored_settings"),
    [
        (
            {"format": "sprt", "elo1": "25", "alpha": "0.1", "max-deals": "30"},
            {"elo0": 0.0, "elo1": 25.0, "alpha": 0.1, "max_deals": 30, "min_deals": 10},
        ),
        (
            {"format": "gauntlet", "gauntlet": "peg", "no-duplicate": "on", "deals": "2"},
            {"challengers": ["peg"], "duplicate": False, "deals": 2},
        ),
        ({"format": "swiss", "swiss-rounds": "2"}, {"rounds": 2}),
    ],
    ids=["sprt", "gauntlet", "swiss"],
)
def test_the_tournament_form_sets_each_formats_own_settings(
    client: TestClient,
    engine: Engine,
    cribbage_bots: list[str],
    fields: dict[str, str],
    stored_settings: dict[str, Any],
) -> None:
    bots = cribbage_bots[:2] if fields["format"] == "sprt" else cribbage_bots
    form = {"csrf": csrf_of(client), "game": "cribbage", "bots": ",".join(bots)} | fields
    answer = client.post("/admin/tournaments", data=form, follow_redirects=False)
    assert answer.status_code == 303, alert(answer.text)
    with Session(engine) as session:
        (stored,) = db.list_tournaments(session)
    assert stored.format == fields["format"]
    assert stored.settings.items() >= stored_settings.items()


def test_the_tournament_form_offers_every_format_and_one_input_per_setting(
    client: TestClient,
) -> None:
    csrf_of(client)
    page = client.get("/admin").text
    form = page[page.index('action="/admin/tournaments"') :]
    form = form[: form.index("</form>")]
    inputs = re.findall(r'<(?:input|select)\b[^>]*\bname="([^"]+)"', form)
    assert len(inputs) == len(set(inputs))
    assert {setting.input for setting in format_settings()} <= set(inputs)
    menu = form[form.index('<select name="format">') :]
    offered = re.findall(
        r'<option value="([^"]+)"[^>]*>([^<]+)</option>', menu[: menu.index("</select>")]
    )
    assert offered == [(name, format_named(name).title) for name in format_names()]
