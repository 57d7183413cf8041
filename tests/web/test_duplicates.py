"""Same deal, other seats: a game's duplicate set side by side, over HTTP.

The filled database's Lexio round robin is one deal played at four rotations of its table
by real example bots; a set of games made here parts at a step chosen in advance, with an
aborted attempt and a game still played beside it.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import State, load_game
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.db import DecidedBy, GameStatus, create_database_engine, init_database
from croupier_server.db.game_log import NewAction
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from tests import queries
from tests.web.filling import CRASHER, HTML_NAME
from tests.web.submitting import ADMIN

LEXIO = load_game("lexio", {"players": 3, "rounds": 1})
SEED = 31
PARTING_STEP = 5
"""The step at which the made games part: the same four actions, then a different fifth."""


def test_the_lexio_deal_is_shown_side_by_side_and_parts_where_its_actions_do(
    client: TestClient, filled_engine: Engine
) -> None:
    with Session(filled_engine) as session:
        html_bot = db.get_bot_by_name(session, name=HTML_NAME)
        assert html_bot is not None
        opened = queries.list_games(session, game="lexio", bot_id=html_bot.id)[0]
        assert opened.id is not None
        deal = queries.list_games(session, game="lexio", tournament_id=opened.tournament_id)
        stored = {
            game.id: [
                (action.seat, action.text) for action in db.game_actions(session, game_id=game.id)
            ]
            for game in deal
            if game.id is not None
        }
    answer = client.get(f"/api/games/{opened.id}/duplicates")
    assert answer.status_code == 200
    view = answer.json()
    assert sorted(game["id"] for game in view["games"]) == sorted(stored)
    tables = {tuple(seat["bot_name"] for seat in game["seats"]) for game in view["games"]}
    first = next(iter(tables))
    assert tables == {first[turn:] + first[:turn] for turn in range(4)}  # every rotation
    columns = [stored[game["id"]] for game in view["games"]]
    for step in view["steps"]:
        number = step["step"] - 1
        assert [
            None if move is None else (move["seat"], move["action"]) for move in step["moves"]
        ] == [actions[number] if number < len(actions) else None for actions in columns]
    parting = next(
        number + 1
        for number in range(max(map(len, columns)))
        if len({actions[number] for actions in columns if number < len(actions)}) > 1
    )
    difference = view["first_difference"]
    assert difference["step"] == parting
    assert {move["game_id"] for move in difference["moves"]} == set(stored)
    seat = difference["seat"]
    assert {move["replay_url"] for move in difference["moves"]} == {
        f"/games/{game_id}?view=seat-{seat}&step={parting}" for game_id in stored
    }
    page = client.get(f"/games/{opened.id}/duplicates")
    assert page.status_code == 200
    assert f'<tr id="step-{parting}" class="first-difference">' in page.text
    assert f'<tr id="step-{parting - 1}" class="alike">' in page.text or parting == 1
    assert HTML_NAME not in page.text
    assert str(escape(HTML_NAME)) in page.text
    game_page = client.get(f"/games/{opened.id}")
    assert f'href="/games/{opened.id}/duplicates"' in game_page.text


def test_a_game_alone_on_its_deal_has_no_duplicate_set(
    client: TestClient, filled_engine: Engine
) -> None:
    with Session(filled_engine) as session:
        crasher = db.get_bot_by_name(session, name=CRASHER)
        assert crasher is not None
        (alone,) = queries.list_games(session, bot_id=crasher.id)
    answer = client.get(f"/api/games/{alone.id}/duplicates")
    assert answer.status_code == 404
    assert answer.json() == {
        "detail": f"game {alone.id} has no duplicate set: no other game was dealt its cards"
    }
    page = client.get(f"/games/{alone.id}/duplicates")
    assert page.status_code == 404
    assert "no other game was dealt its cards" in page.text
    assert "/duplicates" not in client.get(f"/games/{alone.id}").text
    assert client.get("/api/games/99999/duplicates").json() == {"detail": "no game 99999"}
    assert client.get("/api/games/0/duplicates").status_code == 422


@pytest.fixture
def made_set(tmp_path: Path) -> Iterator[tuple[TestClient, dict[str, int]]]:
    """A deal of three rotations: two finished games parting at :data:`PARTING_STEP`, an
    aborted first attempt of the second one, and a third game still played."""
    engine = create_database_engine(f"sqlite:///{tmp_path / 'set.db'}")
    init_database(engine)
    with Session(engine) as session:
        names = [f"bot{seat}" for seat in range(3)]
        ids = []
        for name in names:
            bot = db.add_bot(session, name=name, game="lexio", command="true")
            assert bot.id is not None
            ids.append(bot.id)
        tournament = db.create_tournament(
            session, game="lexio", options=LEXIO.options(), format="round-robin", settings={}
        )
        assert tournament.id is not None

        def store(rotation: int, actions: list[tuple[int, Any]], status: GameStatus) -> int:
            record = db.create_game(
                session,
                game="lexio",
                options=LEXIO.options(),
                seed=SEED,
                bot_ids=ids[rotation:] + ids[:rotation],
                tournament_id=tournament.id,
                schedule_number=rotation,
                schedule_deal=0,
            )
            assert record.id is not None
            new = [NewAction(seat, action, utc_now(), DecidedBy.BOT) for seat, action in actions]
            db.record_actions(session, game_id=record.id, actions=new)
            if status is GameStatus.FINISHED:
                result = _final(actions).result()
                assert result is not None
                db.finish_game(session, game_id=record.id, result=result)
            elif status is GameStatus.ABORTED:
                db.abort_game(session, game_id=record.id, reason="the referee stopped")
            return record.id

        first = _played(random.Random(1), part_at=None)
        second = _played(random.Random(1), part_at=PARTING_STEP)
        made = {
            "first": store(0, first, GameStatus.FINISHED),
            "aborted": store(1, second[:3], GameStatus.ABORTED),
            "second": store(1, second, GameStatus.FINISHED),
            "running": store(2, first[:2], GameStatus.RUNNING),
        }
        made["first_length"], made["second_length"] = len(first), len(second)
    with TestClient(create_app(engine, tokens=AccessTokens(admin=ADMIN, read=None))) as client:
        yield client, made
    engine.dispose()


def test_the_games_part_at_the_first_step_played_differently_leaving_out_a_game_played(
    made_set: tuple[TestClient, dict[str, int]],
) -> None:
    client, made = made_set
    # Only the admin sees the set compared while one of its games is still played.
    anonymous = client.get(f"/api/games/{made['first']}/duplicates").json()
    assert (anonymous["steps"], anonymous["first_difference"]) == ([], None)
    assert "held back until all its games are played" in anonymous["held_back"]
    client.headers["Authorization"] = f"Bearer {ADMIN}"
    view = client.get(f"/api/games/{made['running']}/duplicates").json()
    assert [game["id"] for game in view["games"]] == [
        made["first"],
        made["second"],
        made["running"],
    ]
    assert [game["compared"] for game in view["games"]] == [True, True, False]
    assert len(view["steps"]) == max(made["first_length"], made["second_length"])
    assert all(step["moves"][2] is None for step in view["steps"])
    difference = view["first_difference"]
    assert difference["step"] == PARTING_STEP
    assert [move["game_id"] for move in difference["moves"]] == [made["first"], made["second"]]
    assert difference["moves"][0]["action"] != difference["moves"][1]["action"]
    assert difference["moves"][0]["bot"] != difference["moves"][1]["bot"]
    # The aborted attempt's own page opens the set with it, in place of the finished one.
    ids = [
        game["id"]
        for game in client.get(f"/api/games/{made['aborted']}/duplicates").json()["games"]
    ]
    assert ids == [made["first"], made["aborted"], made["running"]]
    page = client.get(f"/games/{made['first']}/duplicates").text
    assert f"First difference: step {PARTING_STEP}, seat {difference['seat']}" in page
    assert "still played: its moves are left out" in page


def _played(moves: random.Random, *, part_at: int | None) -> list[tuple[int, Any]]:
    """A whole game of :data:`LEXIO` by random moves; at step ``part_at``, another move."""
    state: State[Any, Any, Any] = LEXIO.new_state(SEED)
    actions: list[tuple[int, Any]] = []
    while seats := state.seats_to_act():
        seat = seats[0]
        legal = list(state.legal_actions(seat))
        choice = moves.randrange(len(legal))
        if len(actions) + 1 == part_at:
            assert len(legal) > 1, "the parting step must be a decision"
            choice = (choice + 1) % len(legal)
        state.apply(seat, legal[choice])
        actions.append((seat, legal[choice]))
    return actions


def _final(actions: list[tuple[int, Any]]) -> State[Any, Any, Any]:
    state: State[Any, Any, Any] = LEXIO.new_state(SEED)
    for seat, action in actions:
        state.apply(seat, action)
    return state
