"""The page of a game, its record and its replay steps, over HTTP.

Finished games come from the filled database; running games are stored here as the
referee stores them while they are played (actions as they come, and the worst case of a
store that already holds the private deal), in a database of their own.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game, State, load_game, random_rollout
from croupier.games.cribbage import CribbageObservation
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.db import (
    DecidedBy,
    EndedBy,
    GameStatus,
    create_database_engine,
    init_database,
)
from croupier_server.web import create_app
from tests import queries
from tests.web.filling import CRASHER, HTML_NAME

_VOID_ELEMENTS = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"}


@dataclass
class Piece:
    """A tile or card drawn in a seat's hand."""

    face: str | None
    """Its ``data-tile`` / ``data-card``; ``None`` face down."""
    telling: bool = False
    """Face down, yet it carries a face or text."""


@dataclass
class EventItem:
    """An item of the event list."""

    step: int
    classes: set[str]
    current: bool
    text: str = ""


class ReplayPage(HTMLParser):
    """What a game page draws, read through the replay viewer's DOM contract."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.root: dict[str, str] = {}
        self.hands: dict[int, list[Piece]] = {}
        self.events: list[EventItem] = []
        self.views: list[tuple[str, bool]] = []
        self._open: list[tuple[str, set[str], dict[str, str]]] = []
        self._seat: int | None = None
        self.feed(html)
        self.close()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = {name: value or "" for name, value in attrs}
        classes = set(attributes.get("class", "").split())
        if attributes.get("id") == "replay":
            self.root = attributes
        if "seat" in classes and "data-seat" in attributes:
            self._seat = int(attributes["data-seat"])
            self.hands[self._seat] = []
        if tag == "li" and "data-step" in attributes and self._within(id="events"):
            current = attributes.get("aria-current") == "step"
            self.events.append(EventItem(int(attributes["data-step"]), classes, current))
        if tag == "option" and self._within(name="view"):
            self.views.append((attributes["value"], "disabled" not in attributes))
        if classes & {"tile", "card"} and self._seat is not None and self._within(cls="hand"):
            hidden = "hidden" in classes
            face = attributes.get("data-tile") or attributes.get("data-card")
            self.hands[self._seat].append(
                Piece(None, telling=face is not None) if hidden else Piece(face)
            )
        if tag not in _VOID_ELEMENTS:
            self._open.append((tag, classes, attributes))

    def handle_endtag(self, tag: str) -> None:
        while self._open:
            opened, classes, attributes = self._open.pop()
            if "seat" in classes and "data-seat" in attributes:
                self._seat = None
            if opened == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._open and self._within(id="events") and self.events:
            self.events[-1].text += data
        hidden = self._open and "hidden" in self._open[-1][1]
        if data.strip() and hidden and self._seat is not None and self._within(cls="hand"):
            self.hands[self._seat][-1].telling = True

    def _within(self, *, id: str = "", name: str = "", cls: str = "") -> bool:
        return any(
            (id and attributes.get("id") == id)
            or (name and attributes.get("name") == name)
            or (cls and cls in classes)
            for _, classes, attributes in self._open
        )

    def faces(self, seat: int) -> list[str]:
        return sorted(piece.face for piece in self.hands[seat] if piece.face is not None)

    def face_down(self, seat: int) -> int:
        return sum(piece.face is None for piece in self.hands[seat])


@dataclass(frozen=True, slots=True)
class Stored:
    """A game of the filled database, and the engine's state at any of its steps."""

    game_id: int
    rules: Game[Any]
    seed: int
    moves: list[tuple[int, str]]

    @property
    def players(self) -> int:
        return self.rules.num_players

    @property
    def steps(self) -> int:
        return len(self.moves) + 1

    def state_at(self, step: int) -> State[Any, Any, Any]:
        state: State[Any, Any, Any] = self.rules.new_state(self.seed)
        for seat, text in self.moves[:step]:
            state.apply(seat, self.rules.parse_action(text))
        return state

    def hand_at(self, step: int, seat: int) -> list[str]:
        return sorted(str(piece) for piece in self.state_at(step).observation(seat).hand)


def stored_game(engine: Engine, game: str, *, ended_by: str = EndedBy.NORMAL) -> Stored:
    with Session(engine) as session:
        records = queries.list_games(session, game=game, limit=1000)
        record = next(record for record in records if record.ended_by == ended_by)
        assert record.id is not None
        actions = db.game_actions(session, game_id=record.id)
        return Stored(
            record.id,
            load_game(record.game, record.options),
            record.seed,
            [(action.seat, action.text) for action in actions],
        )


@pytest.fixture(params=["lexio", "cribbage"])
def finished(request: pytest.FixtureRequest, filled_engine: Engine) -> Stored:
    """A Lexio and a cribbage game that ended normally."""
    return stored_game(filled_engine, request.param)


def page(client: TestClient, url: str) -> ReplayPage:
    response = client.get(url)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/html")
    return ReplayPage(response.text)


def test_a_finished_game_opens_at_its_deal_with_every_hand_open(
    client: TestClient, finished: Stored
) -> None:
    drawn = page(client, f"/games/{finished.game_id}")
    assert drawn.root["data-game-id"] == str(finished.game_id)
    assert (drawn.root["data-step"], drawn.root["data-view"]) == ("0", "all")
    assert drawn.root["data-steps"] == str(finished.steps)
    assert drawn.root["data-status"] == "finished"
    assert drawn.views == [
        (view, True)
        for view in ["all", "spectator", *(f"seat-{n}" for n in range(finished.players))]
    ]
    for seat in range(finished.players):
        assert drawn.faces(seat) == finished.hand_at(0, seat)
        assert drawn.face_down(seat) == 0


@pytest.mark.parametrize("seat", [0, 1])
def test_a_link_opens_a_seats_view_at_its_step_with_the_other_hands_face_down(
    client: TestClient, finished: Stored, seat: int
) -> None:
    step = finished.steps // 2
    drawn = page(client, f"/games/{finished.game_id}?view=seat-{seat}&step={step}")
    assert (drawn.root["data-step"], drawn.root["data-view"]) == (str(step), f"seat-{seat}")
    for other in range(finished.players):
        hand = finished.hand_at(step, other)
        if other == seat:
            assert (drawn.faces(other), drawn.face_down(other)) == (hand, 0)
        else:
            assert (drawn.faces(other), drawn.face_down(other)) == ([], len(hand))
        assert not any(piece.telling for piece in drawn.hands[other])


def test_the_spectator_page_shows_no_face_and_no_private_event(
    client: TestClient, finished: Stored
) -> None:
    drawn = page(client, f"/games/{finished.game_id}?view=spectator&step=1")
    for seat in range(finished.players):
        assert drawn.faces(seat) == []
        assert drawn.face_down(seat) == len(finished.hand_at(1, seat))
    assert drawn.events
    assert not any("private" in item.classes for item in drawn.events)
    assert not any("dealt" in item.text for item in drawn.events)


def test_the_event_list_has_every_step_and_marks_the_current_one(
    client: TestClient, finished: Stored
) -> None:
    step = finished.steps - 1
    drawn = page(client, f"/games/{finished.game_id}?step={step}")
    assert {item.step for item in drawn.events} == set(range(finished.steps))
    assert {item.step for item in drawn.events if item.current} == {step}
    assert any("private" in item.classes for item in drawn.events), "all view: the deals"


@pytest.mark.parametrize(("asked", "shown"), [("-3", "0"), ("0", "0"), ("1000000", "last")])
def test_a_step_out_of_range_is_clamped(
    client: TestClient, finished: Stored, asked: str, shown: str
) -> None:
    drawn = page(client, f"/games/{finished.game_id}?step={asked}")
    expected = str(finished.steps - 1) if shown == "last" else shown
    assert drawn.root["data-step"] == expected


@pytest.mark.parametrize(
    ("query", "page_status", "json_status"),
    [
        ("view=everything", 404, 422),
        ("view=seat-x", 404, 422),
        ("view=seat-7", 404, 404),
        ("step=two", 404, 200),
        ("since=-1", 200, 422),
    ],
)
def test_a_bad_query_is_a_404_page_and_a_json_error(
    client: TestClient, finished: Stored, query: str, page_status: int, json_status: int
) -> None:
    response = client.get(f"/games/{finished.game_id}?{query}")
    assert response.status_code == page_status
    assert response.headers["content-type"].startswith("text/html")
    replay = client.get(f"/api/games/{finished.game_id}/replay?{query}")
    assert replay.status_code == json_status
    assert replay.headers["content-type"].startswith("application/json")


def test_an_unknown_game_is_a_404(client: TestClient, empty_client: TestClient) -> None:
    for each in (client, empty_client):
        response = each.get("/games/999999")
        assert response.status_code == 404
        assert "no game 999999" in response.text.lower()
        for url in ("/api/games/999999", "/api/games/999999/replay"):
            assert each.get(url).json() == {"detail": "no game 999999"}


def test_a_bot_name_full_of_html_is_escaped(client: TestClient, filled_engine: Engine) -> None:
    with Session(filled_engine) as session:
        bot = db.get_bot_by_name(session, name=HTML_NAME)
        assert bot is not None
        (record,) = queries.list_games(session, bot_id=bot.id, limit=1)
    text = client.get(f"/games/{record.id}?view=spectator").text
    assert HTML_NAME not in text
    assert '<b id="x">' not in text
    assert str(escape(HTML_NAME)) in text
    names = {seat["bot_name"] for seat in client.get(f"/api/games/{record.id}").json()["seats"]}
    assert HTML_NAME in names


def test_the_forfeit_game_shows_the_crash_where_it_happened(
    client: TestClient, filled_engine: Engine
) -> None:
    forfeit = stored_game(filled_engine, "cribbage", ended_by=EndedBy.FORFEIT)
    drawn = page(client, f"/games/{forfeit.game_id}?step=1")
    faults = [item for item in drawn.events if "fault" in item.classes]
    assert [(item.step, "crash" in item.text) for item in faults] == [(1, True)]
    text = client.get(f"/games/{forfeit.game_id}").text
    assert "badge forfeit" in text
    record = client.get(f"/api/games/{forfeit.game_id}").json()
    assert record["ended_by"] == "forfeit"
    seats = {seat["bot_name"]: seat["status"] for seat in record["seats"]}
    assert seats[CRASHER] == "forfeited"
    steps = client.get(f"/api/games/{forfeit.game_id}/replay?view=spectator").json()["steps"]
    assert [(step["number"], step["faults"]) for step in steps if step["faults"]] == [
        (1, [{"seat": 0, "kind": "crash", "detail": None}])
    ]


def test_the_replay_json_gives_a_table_at_every_step_and_since_the_later_ones(
    client: TestClient, finished: Stored
) -> None:
    url = f"/api/games/{finished.game_id}/replay"
    whole = client.get(url, params={"view": "seat-1"}).json()
    assert whole["view"] == "seat-1"
    assert whole["steps_total"] == finished.steps
    assert [step["number"] for step in whole["steps"]] == list(range(finished.steps))
    assert all(step["table"]["game"] == whole["game"] for step in whole["steps"])
    later = client.get(url, params={"view": "seat-1", "since": 5}).json()
    assert later["steps"] == whole["steps"][5:]
    beyond = client.get(url, params={"since": finished.steps}).json()
    assert (beyond["steps"], beyond["steps_total"]) == ([], finished.steps)


@pytest.mark.parametrize("view", ["all", "spectator", "seat-1"])
def test_the_step_fragments_draw_each_step_as_its_page_does(
    client: TestClient, finished: Stored, view: str
) -> None:
    first = finished.steps // 2
    response = client.get(
        f"/games/{finished.game_id}/steps", params={"view": view, "first": first, "count": 3}
    )
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    wrapper = re.search(r'<div class="replay-steps"([^>]*)>', response.text)
    assert wrapper is not None
    assert f'data-view="{view}"' in wrapper.group(1)
    assert f'data-steps="{finished.steps}"' in wrapper.group(1)
    templates = re.findall(r'<template data-step="(\d+)">(.*?)</template>', response.text, re.S)
    assert [int(number) for number, _ in templates] == [first, first + 1, first + 2]
    for number, fragment in templates:
        drawn, whole = (
            ReplayPage(fragment),
            page(client, f"/games/{finished.game_id}?view={view}&step={number}"),
        )
        for seat in range(finished.players):
            assert drawn.faces(seat) == whole.faces(seat), (number, seat)
            assert drawn.face_down(seat) == whole.face_down(seat), (number, seat)
        assert '<div id="step-info"' in fragment
        assert f'<li data-step="{number}"' in fragment


def test_the_step_fragments_stop_at_the_last_step_and_take_100_at_most(
    client: TestClient, finished: Stored
) -> None:
    url = f"/games/{finished.game_id}/steps"
    beyond = client.get(url, params={"first": finished.steps - 1, "count": 5}).text
    assert re.findall(r'<template data-step="(\d+)">', beyond) == [str(finished.steps - 1)]
    assert "<template" not in client.get(url, params={"first": finished.steps}).text
    assert client.get(url, params={"count": 101}).status_code == 404


def test_the_event_fragment_lists_every_step_of_a_view(
    client: TestClient, finished: Stored
) -> None:
    response = client.get(f"/games/{finished.game_id}/events", params={"view": "spectator"})
    drawn = ReplayPage(f'<ol id="events">{response.text}</ol>')
    assert {item.step for item in drawn.events} == set(range(finished.steps))
    assert not any("private" in item.classes for item in drawn.events)


def test_the_record_of_a_finished_game_is_whole(client: TestClient, finished: Stored) -> None:
    record = client.get(f"/api/games/{finished.game_id}").json()
    assert (record["seed"], record["status"]) == (finished.seed, "finished")
    assert [(action["seat"], action["text"]) for action in record["actions"]] == finished.moves
    assert any(event["visible_to"] is not None for event in record["events"])
    assert len(record["seats"]) == finished.players
    assert record["result"]["scores"] == [seat["score"] for seat in record["seats"]]


def test_the_json_routes_are_documented_and_the_page_is_not(client: TestClient) -> None:
    paths = client.get("/api/openapi.json").json()["paths"]
    for path in ("/api/games/{game_id}", "/api/games/{game_id}/replay"):
        assert paths[path]["get"]["summary"]
    assert "/games/{game_id}" not in paths


def test_the_page_loads_nothing_from_outside_and_has_no_inline_handler(
    client: TestClient, finished: Stored
) -> None:
    text = client.get(f"/games/{finished.game_id}").text
    assert not re.search(r"\son[a-z]+\s*=", text)
    sources = re.findall(r'(?:src|href)="([^"]+)"', text)
    assert all(not source.startswith("//") for source in sources)
    assert {source for source in sources if "://" in source} <= {
        source for source in sources if source.startswith("http://testserver/")
    }
    for asset in ("replay.js", "replay.css"):
        response = client.get(f"/static/{asset}")
        assert response.status_code == 200
        assert not re.search(r"https?://", response.text)


# Running games

RUNNING_RULE_SETS = [
    ("lexio", {"players": 4, "rounds": 1}),
    ("cribbage", {"variant": "six-card", "match_points": 1}),
]
SEED = 77


def new_game(session: Session, rules: Game[Any]) -> int:
    """Store a running game of ``rules`` (seed :data:`SEED`) between new bots; its id."""
    bot_ids = []
    for seat in range(rules.num_players):
        bot = db.add_bot(session, name=f"bot {seat}", game=rules.name, command="true")
        assert bot.id is not None
        bot_ids.append(bot.id)
    record = db.create_game(
        session, game=rules.name, options=rules.options(), seed=SEED, bot_ids=bot_ids
    )
    assert record.id is not None
    return record.id


@dataclass
class Running:
    """A game being played, stored as it goes, and the dashboard over its database."""

    client: TestClient
    engine: Engine
    game_id: int
    rules: Game[Any]
    state: State[Any, Any, Any]
    moves: random.Random

    def play(self, count: int) -> None:
        """Store ``count`` more actions (and, at worst, their events) as the referee would."""
        with Session(self.engine) as session:
            for _ in range(count):
                seat = self.state.seats_to_act()[0]
                action = self.moves.choice(self.state.legal_actions(seat))
                db.record_action(
                    session,
                    game_id=self.game_id,
                    seat=seat,
                    action=action,
                    requested_at=utc_now(),
                    decided_by=DecidedBy.BOT,
                    latency_ms=3.0,
                )
                seen = len(self.state.events)
                self.state.apply(seat, action)
                db.record_events(
                    session, game_id=self.game_id, events=self.state.events[seen:], seat=seat
                )

    @property
    def steps(self) -> int:
        return len(self.state.actions) + 1

    def secrets(self) -> set[str]:
        """Every face only its seat knows now: hands, and cribbage discards.

        Not Lexio's ``cloud3``: who holds it is announced when the round starts.
        """
        hidden: set[str] = set()
        for seat in range(self.rules.num_players):
            observation = self.state.observation(seat)
            hidden.update(str(piece) for piece in observation.hand)
            if isinstance(observation, CribbageObservation):
                hidden.update(str(card) for card in observation.discards)
        return hidden - {"cloud3"}


@pytest.fixture(params=RUNNING_RULE_SETS, ids=[name for name, _ in RUNNING_RULE_SETS])
def running(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Running]:
    """A game of each kind with six actions stored, still running."""
    name, options = request.param
    rules = load_game(name, options)
    engine = create_database_engine(f"sqlite:///{tmp_path / 'running.db'}")
    init_database(engine)
    with Session(engine) as session:
        game_id = new_game(session, rules)
        state = rules.new_state(SEED)
        db.record_events(session, game_id=game_id, events=state.events)
    with TestClient(create_app(engine)) as client:
        game = Running(client, engine, game_id, rules, state, random.Random(3))
        game.play(6)
        yield game
    engine.dispose()


def words(value: object) -> set[str]:
    """Every word of every text in a JSON value."""
    if isinstance(value, str):
        return set(re.findall(r"[A-Za-z0-9]+", value))
    if isinstance(value, dict):
        return set().union(*(words(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(words(item) for item in value))
    return set()


def test_a_running_game_page_shows_the_spectator_view_at_its_last_step(
    running: Running,
) -> None:
    for query in ("", "?view=all", "?view=seat-0"):
        response = running.client.get(f"/games/{running.game_id}{query}")
        drawn = ReplayPage(response.text)
        assert drawn.root["data-status"] == "running"
        assert drawn.root["data-view"] == "spectator"
        assert drawn.root["data-step"] == str(running.steps - 1)
        assert drawn.root["data-steps"] == str(running.steps)
        assert all(not drawn.faces(seat) for seat in drawn.hands)
        assert not any("private" in item.classes for item in drawn.events)
        assert ("only be watched as a spectator" in response.text) == bool(query)
        assert [view for view, enabled in drawn.views if enabled] == ["spectator"]
        faces = set(re.findall(r'data-(?:tile|card)="([^"]+)"', response.text))
        assert not faces & running.secrets()
        assert f"<code>{SEED}</code>" not in response.text


def test_a_running_game_may_only_be_watched_as_a_spectator_in_json(running: Running) -> None:
    url = f"/api/games/{running.game_id}/replay"
    for view in ("all", "seat-0"):
        response = running.client.get(url, params={"view": view})
        assert response.status_code == 403
        assert "running" in response.json()["detail"]
    replay = running.client.get(url).json()
    assert (replay["view"], replay["status"]) == ("spectator", "running")
    assert replay["steps_total"] == running.steps
    assert not words(replay) & running.secrets()
    assert all(hand is None for step in replay["steps"] for hand in step["table"]["hands"])


def test_the_record_of_a_running_game_holds_only_public_data(running: Running) -> None:
    record = running.client.get(f"/api/games/{running.game_id}").json()
    assert (record["status"], record["seed"], record["result"]) == ("running", None, None)
    assert record["events"]
    assert all(event["visible_to"] is None for event in record["events"])
    assert len(record["actions"]) == running.steps - 1
    assert not words(record) & running.secrets()
    secret_actions = [action for action in record["actions"] if action["text"] is None]
    assert bool(secret_actions) == (running.rules.name == "cribbage"), "discards are secret"


def test_a_running_game_gives_its_fragments_to_a_spectator_only(running: Running) -> None:
    for kind in ("steps", "events"):
        url = f"/games/{running.game_id}/{kind}"
        assert running.client.get(url, params={"view": "seat-0"}).status_code == 403
        spectator = running.client.get(url)
        assert spectator.status_code == 200
        assert 'data-view="spectator"' in spectator.text
        assert 'data-status="running"' in spectator.text
        faces = set(re.findall(r'data-(?:tile|card)="([^"]+)"', spectator.text))
        assert not faces & running.secrets()


def test_since_gives_only_the_steps_played_after_it(running: Running) -> None:
    url = f"/api/games/{running.game_id}/replay"
    known = running.steps
    assert running.client.get(url, params={"since": known}).json()["steps"] == []
    running.play(2)
    later = running.client.get(url, params={"since": known}).json()
    assert [step["number"] for step in later["steps"]] == [known, known + 1]
    assert later["steps_total"] == known + 2
    assert all(step["table"] is not None for step in later["steps"])


def test_a_game_that_ends_shows_every_view_again(running: Running) -> None:
    with Session(running.engine) as session:
        db.abort_game(session, game_id=running.game_id, reason="the referee stopped")
    drawn = page(running.client, f"/games/{running.game_id}")
    assert (drawn.root["data-status"], drawn.root["data-view"]) == ("aborted", "all")
    assert all(enabled for _, enabled in drawn.views)
    assert drawn.root["data-steps"] == str(running.steps)
    record = running.client.get(f"/api/games/{running.game_id}").json()
    assert record["seed"] == SEED
    assert record["status"] == GameStatus.ABORTED


def test_a_stored_game_that_does_not_replay_is_a_server_error_that_says_why(
    tmp_path: Path,
) -> None:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'broken.db'}")
    init_database(engine)
    rules = load_game("lexio", {"players": 4, "rounds": 1})
    with Session(engine) as session:
        game_id = new_game(session, rules)
        leader = rules.new_state(SEED).seats_to_act()[0]
        db.record_action(
            session,
            game_id=game_id,
            seat=leader,
            action="pass",
            requested_at=utc_now(),
            decided_by=DecidedBy.BOT,
        )
    with TestClient(create_app(engine)) as client:
        for url in (f"/games/{game_id}", f"/api/games/{game_id}/replay"):
            response = client.get(url)
            assert response.status_code == 500
            assert "may not pass" in response.text, url
    engine.dispose()


# Every rule set

EVERY_RULE_SET: list[tuple[str, dict[str, Any]]] = [
    ("lexio", {"players": 3, "rounds": 1}),
    ("lexio", {"players": 5, "rounds": 1}),
    *(
        ("cribbage", {"variant": variant, "match_points": 1})
        for variant in (
            "five-card",
            "seven-card",
            "three-player",
            "four-player",
            "solitaire",
            "square",
        )
    ),
]


@pytest.mark.parametrize(
    ("name", "options"),
    EVERY_RULE_SET,
    ids=[
        f"{name}-{options.get('variant', options.get('players'))}"
        for name, options in EVERY_RULE_SET
    ],
)
def test_every_rule_set_is_drawn_in_every_view(
    tmp_path: Path, name: str, options: dict[str, Any]
) -> None:
    rules = load_game(name, options)
    played = random_rollout(rules.new_state(SEED), random.Random(5))
    engine = create_database_engine(f"sqlite:///{tmp_path / 'rule_sets.db'}")
    init_database(engine)
    with Session(engine) as session:
        game_id = new_game(session, rules)
        for seat, action in played.actions:
            db.record_action(
                session,
                game_id=game_id,
                seat=seat,
                action=action,
                requested_at=utc_now(),
                decided_by=DecidedBy.FORCED,
            )
        result = played.result()
        assert result is not None
        db.finish_game(session, game_id=game_id, result=result)
    game = Stored(game_id, rules, SEED, [(seat, str(action)) for seat, action in played.actions])
    views = ["all", "spectator", *(f"seat-{seat}" for seat in range(rules.num_players))]
    with TestClient(create_app(engine)) as client:
        for step in (0, game.steps // 2, game.steps - 1):
            for view in views:
                drawn = page(client, f"/games/{game_id}?view={view}&step={step}")
                for seat in range(rules.num_players):
                    hand = game.hand_at(step, seat)
                    open_hand = view in {"all", f"seat-{seat}"}
                    assert drawn.faces(seat) == (hand if open_hand else []), (view, step, seat)
                    assert drawn.face_down(seat) == (0 if open_hand else len(hand))
        replay = client.get(f"/api/games/{game_id}/replay", params={"view": "seat-0"})
        assert len(replay.json()["steps"]) == game.steps
    engine.dispose()


@pytest.mark.parametrize(
    ("name", "options", "header"),
    [
        ("kuhn_poker", {}, "Kuhn poker running"),  # its one variant's label is its title
        ("lexio", {"players": 4}, "Lexio 4 players running"),
    ],
)
def test_the_header_names_the_variant_only_when_it_is_not_the_games_title(
    tmp_path: Path, name: str, options: dict[str, Any], header: str
) -> None:
    engine = create_database_engine(f"sqlite:///{tmp_path / 'header.db'}")
    init_database(engine)
    with Session(engine) as session:
        game_id = new_game(session, load_game(name, options))
    with TestClient(create_app(engine)) as client:
        found = re.search(r"<h1>(.*?)</h1>", client.get(f"/games/{game_id}").text, re.DOTALL)
    engine.dispose()
    assert found is not None
    assert " ".join(re.sub(r"<[^>]+>", " ", found.group(1)).split()) == f"Game {game_id} · {header}"


def test_the_lexio_table_gives_the_trick_under_the_play_to_beat(
    client: TestClient, filled_engine: Engine
) -> None:
    stored = stored_game(filled_engine, "lexio")
    steps = client.get(f"/api/games/{stored.game_id}/replay", params={"view": "all"}).json()
    states = [stored.state_at(step) for step in range(stored.steps)]
    tricks = 0
    for step in steps["steps"]:
        table, state = step["table"], states[step["number"]]
        trick = table["trick"]
        history = [(seat, str(action)) for seat, action in state.observation(None).history]
        turns = [
            (turn["seat"], f"play {' '.join(turn['tiles'])}" if turn["tiles"] else "pass")
            for turn in trick
        ]
        assert history[len(history) - len(turns) :] == turns
        if not trick:
            assert table["table"] == [] or state.observation(None).table is None
            continue
        tricks += 1
        lead = step["number"] - len(trick)
        # The engine's table was clear before the trick's lead and held a play after it.
        assert states[lead].observation(None).table is None
        assert states[lead + 1].observation(None).table is not None
        plays = [turn for turn in trick if turn["tiles"]]
        assert trick[0] == plays[0]
        assert (plays[-1]["seat"], plays[-1]["tiles"]) == (table["table_seat"], table["table"])
    assert tricks > stored.steps // 2
    final = steps["steps"][-1]["table"]
    result = client.get(f"/api/games/{stored.game_id}").json()["result"]
    assert [round_["nets"] for round_ in final["rounds"]] == result["details"]["round_nets"]
    assert final["rounds"][-1]["balances"] == result["scores"]
    assert steps["steps"][0]["table"]["rounds"] == []


def test_the_lexio_table_marks_you_and_draws_the_chips_of_each_round(
    client: TestClient, filled_engine: Engine
) -> None:
    stored = stored_game(filled_engine, "lexio")
    last = stored.steps - 1
    result = client.get(f"/api/games/{stored.game_id}").json()["result"]
    for view, you in (("seat-2", 2), ("all", None), ("spectator", None)):
        text = client.get(f"/games/{stored.game_id}", params={"view": view, "step": last}).text
        board = text[text.index('<div class="board') : text.index('<div id="step-info"')]
        marked = re.findall(
            r'<section class="seat[^"]*" data-seat="(\d)">(?:(?!</section>).)*'
            r'<strong class="marker you">you</strong>',
            board,
            re.DOTALL,
        )
        assert marked == ([] if you is None else [str(you)])
        chips = board[board.index('<table class="data round-chips">') :]
        rows = re.findall(r'<tr data-round="(\d+)">(.*?)</tr>', chips, re.DOTALL)
        assert [int(number) for number, _ in rows] == list(range(1, len(rows) + 1))
        for (_, row), nets in zip(rows, result["details"]["round_nets"], strict=True):
            cells = re.findall(r'<td class="num net[^"]*">([^<]+)</td>', row)
            assert [int(cell.replace("\N{MINUS SIGN}", "-")) for cell in cells] == nets
    first = client.get(f"/games/{stored.game_id}", params={"view": "seat-2", "step": 0}).text
    assert "round-chips" not in first
