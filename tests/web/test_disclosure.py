"""No view of a game tells a hidden card while its deal is still being played (issue 22).

A Lexio deal of three rotations, two of them finished and the third still played, with
private events and comments stored; and a check game of ada's. Every GET route of the
app with ``{game_id}`` in its path (taken from the app's router, so a new route is
covered by default), in every view, anonymously and as another author, must give no
seed, no private event, no hidden hand, no action of a sibling's play and no all-hands
view; the admin sees everything; once the third game finishes, everything is back.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from sqlmodel import Session
from starlette.routing import BaseRoute

from croupier.games import State, load_game
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.db import DecidedBy
from croupier_server.db.game_log import NewAction
from tests.web.submitting import Site, bot_archive, make_site

LEXIO = load_game("lexio", {"players": 3, "rounds": 1})
SEED = 7_305_118_622_417_393_001
"""A seed no page could print by chance."""
VIEWS = ["", "?view=all", "?view=spectator", "?view=seat-0", "?view=seat-1", "?view=seat-2"]


@dataclass
class HalfPlayed:
    """The site, the deal's game ids (the last one running), and ada's check game."""

    site: Site
    games: list[int]
    check_game: int
    tournament: int


def _routes(routes: Iterable[BaseRoute]) -> Iterator[APIRoute]:
    """The app's routes, those of its included routers among them."""
    for route in routes:
        if isinstance(route, APIRoute):
            yield route
        elif (included := getattr(route, "original_router", None)) is not None:
            yield from _routes(included.routes)


def _game_routes(site: Site) -> list[str]:
    """Every GET path of the app that names a game, as a format string."""
    app: FastAPI = site.client.app  # type: ignore[assignment]
    paths = {
        route.path
        for route in _routes(app.routes)
        if "GET" in (route.methods or ()) and "{game_id}" in route.path
    }
    assert {"/api/games/{game_id}", "/games/{game_id}", "/api/games/{game_id}/replay"} <= paths
    return sorted(paths)


def _whole_game(seed: int) -> list[tuple[int, Any]]:
    state: State[Any, Any, Any] = LEXIO.new_state(seed)
    actions: list[tuple[int, Any]] = []
    while seats := state.seats_to_act():
        action = sorted(state.legal_actions(seats[0]), key=str)[-1]
        state.apply(seats[0], action)
        actions.append((seats[0], action))
    return actions


def _store(
    session: Session,
    bot_ids: list[int],
    actions: list[tuple[int, Any]],
    *,
    finished: bool,
    seed: int = SEED,
    **where: Any,
) -> int:
    record = db.create_game(
        session, game="lexio", options=LEXIO.options(), seed=seed, bot_ids=bot_ids, **where
    )
    assert record.id is not None
    state: State[Any, Any, Any] = LEXIO.new_state(seed)
    db.record_events(session, game_id=record.id, events=state.events)
    for seat, action in actions:
        seen = len(state.events)
        state.apply(seat, action)
        new = [NewAction(seat, action, utc_now(), DecidedBy.BOT, comment="my hand is secret")]
        db.record_actions(session, game_id=record.id, actions=new)
        db.record_events(session, game_id=record.id, events=state.events[seen:], seat=seat)
    if finished:
        result = state.result()
        assert result is not None
        db.finish_game(session, game_id=record.id, result=result)
    return record.id


@pytest.fixture
def half_played(tmp_path: Path) -> Iterator[HalfPlayed]:
    for site in make_site(tmp_path):
        assert site.submit("ada", bot_archive("adabot")).status_code == 201
        with Session(site.engine) as session:
            ids = []
            for name in ["north", "east", "west"]:
                bot = db.add_bot(session, name=name, game="lexio", command="true")
                assert bot.id is not None
                ids.append(bot.id)
            tournament = db.create_tournament(
                session,
                game="lexio",
                options=LEXIO.options(),
                format="round-robin",
                settings={
                    "bots": ["north", "east", "west"],
                    "seed": 1,
                    "duplicate": True,
                    "deals": 1,
                },
            )
            tournament_id = tournament.id
            assert tournament_id is not None
            actions = _whole_game(SEED)
            games = [
                _store(
                    session,
                    ids[turn:] + ids[:turn],
                    actions if turn < 2 else actions[:4],
                    finished=turn < 2,
                    tournament_id=tournament_id,
                    schedule_number=turn,
                    schedule_deal=0,
                )
                for turn in range(3)
            ]
            version = db.get_bot_by_name(session, name="adabot@1")
            assert version is not None
            assert version.id is not None
            check_game = _store(
                session,
                [version.id, ids[1], ids[2]],
                _whole_game(SEED + 1),
                finished=True,
                seed=SEED + 1,
                rated=False,
            )
        yield HalfPlayed(site, games, check_game, tournament_id)


def _secrets(site: Site, game_id: int) -> list[str]:
    """What no reader may see of ``game_id`` while its deal is played: the seed, the
    private events, the bots' comments."""
    with Session(site.engine) as session:
        private = [
            event.text
            for event in db.game_events(session, game_id=game_id, visible_to="all")
            if event.visible_to is not None
        ]
    assert private
    return [str(SEED), "my hand is secret", *private]


def _answers(site: Site, paths: list[str], game_id: int, who: str | None) -> Iterator[str]:
    headers = site.bearer(who) if who else {}
    for path in paths:
        for view in VIEWS:
            url = path.format(game_id=game_id) + view
            if "second-opinion" in path:
                url += ("&" if "?" in url else "?") + "bot=north&seat=0"
            answer = site.client.get(url, headers=headers)
            assert answer.status_code in (200, 403, 404, 409), (url, answer.status_code)
            yield f"{url} {answer.status_code}\n{answer.text}"


@pytest.mark.parametrize("who", [None, "bob"])
def test_no_route_tells_a_secret_of_a_deal_still_played(
    half_played: HalfPlayed, who: str | None
) -> None:
    site = half_played.site
    paths = _game_routes(site)
    for game_id in half_played.games:
        secrets = [s for sibling in half_played.games for s in _secrets(site, sibling)]
        for answer in _answers(site, paths, game_id, who):
            assert not [secret for secret in secrets if secret in answer], answer[:300]
            assert 'data-view="all"' not in answer
        record = site.client.get(f"/api/games/{game_id}", headers=site.bearer(who) if who else {})
        body = record.json()
        assert body["seed"] is None
        if game_id == half_played.games[-1]:  # the last one played: watched as a spectator
            assert body["held_back"].endswith("it may only be watched as a spectator")
            assert [event["visible_to"] for event in body["events"]] == [None] * len(body["events"])
            continue
        assert (body["actions"], body["events"], body["faults"], body["output"]) == ([],) * 4
        assert "held back until all its games are played" in body["held_back"]
        page = site.client.get(f"/games/{game_id}").text
        assert "held back until all its games are played" in page
    duplicates = site.client.get(f"/api/games/{half_played.games[0]}/duplicates").json()
    assert duplicates["steps"] == []
    assert not any(g["compared"] for g in duplicates["games"])
    tournament = site.client.get(f"/api/tournaments/{half_played.tournament}").json()
    assert tournament["seed"] is None


def test_the_admin_sees_a_deal_still_played_whole(half_played: HalfPlayed) -> None:
    site = half_played.site
    first = half_played.games[0]
    record = site.client.get(f"/api/games/{first}", headers=site.bearer("admin")).json()
    assert record["seed"] == SEED
    assert record["held_back"] == ""
    replay = site.client.get(f"/api/games/{first}/replay?view=all", headers=site.bearer("admin"))
    assert replay.status_code == 200
    assert all(secret in replay.text for secret in _secrets(site, first)[1:2])


def test_the_deal_once_played_is_shown_whole(half_played: HalfPlayed) -> None:
    site = half_played.site
    with Session(site.engine) as session:
        last = half_played.games[2]
        actions = _whole_game(SEED)
        new = [NewAction(s, a, utc_now(), DecidedBy.BOT) for s, a in actions[4:]]
        db.record_actions(session, game_id=last, actions=new)
        state: State[Any, Any, Any] = LEXIO.new_state(SEED)
        for seat, action in actions:
            state.apply(seat, action)
        result = state.result()
        assert result is not None
        db.finish_game(session, game_id=last, result=result)
    for game_id in half_played.games[:2]:
        record = site.client.get(f"/api/games/{game_id}").json()
        assert (record["seed"], record["held_back"]) == (SEED, "")
        assert len(record["actions"]) == len(actions)
        replay = site.client.get(f"/api/games/{game_id}/replay?view=all")
        assert replay.status_code == 200
        assert all(secret in replay.text for secret in _secrets(site, game_id)[1:])
    duplicates = site.client.get(f"/api/games/{half_played.games[0]}/duplicates").json()
    assert all(game["compared"] for game in duplicates["games"])


def test_a_check_game_is_its_authors_and_the_admins_only(half_played: HalfPlayed) -> None:
    site = half_played.site
    game_id = half_played.check_game
    for path in _game_routes(site):
        url = path.format(game_id=game_id)
        for who in [None, "bob"]:
            answer = site.client.get(url, headers=site.bearer(who) if who else {})
            assert answer.status_code in (404, 422), (url, who, answer.status_code)
            assert "my hand is secret" not in answer.text
    for who in ["ada", "admin"]:
        record = site.client.get(f"/api/games/{game_id}", headers=site.bearer(who))
        assert record.status_code == 200
        assert record.json()["seed"] == SEED + 1
    hidden = site.client.get(f"/api/games/{game_id}/replay", headers=site.bearer("bob"))
    assert hidden.json() == {"detail": f"no game {game_id}"}  # as if there were none
