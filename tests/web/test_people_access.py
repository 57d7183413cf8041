"""Whether people may play against a bot: its owner decides, and the pages say so.

docs/dashboard.md, "Playing against the bots": the organiser's bots are open to people, a
submitted bot is closed until its author opens it, and its versions follow it. The admin
opens or closes any bot, an author only their own (``PUT /api/bots/{name}/people``, or
the button of the bot's page with the session's CSRF value); a refusal is one line and
changes nothing. ``/play`` offers only the bots open to people, and refuses a closed one
in one line. A game a person played marks their seat and says why it is not rated.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from croupier.games import Result
from croupier_server import db
from croupier_server.db.bots import person_seat_bot, set_open_to_people
from croupier_server.person_tables.host import TableHost
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from croupier_server.web.play import TablesOpenTo
from tests.server.referee.harness import GENEROUS
from tests.web.html_tables import tables
from tests.web.submitting import ADMIN, Site, bot_archive, make_site, site

__all__ = ["site"]


@pytest.fixture
def stocked(site: Site) -> Site:
    """The site with the organiser's bot ``house`` and ada's submitted bot ``mine`` (@1)."""
    with Session(site.engine) as session:
        db.add_bot(session, name="house", game="lexio", command="python house.py")
    assert site.submit("ada", bot_archive("mine")).status_code == 201
    return site


def people(
    site: Site, name: str, who: str | None, *, open_to_people: bool
) -> tuple[int, dict[str, Any]]:
    """``PUT /api/bots/NAME/people`` with ``who``'s token: the status and the answer."""
    headers = {} if who is None else site.bearer(who)
    answer = site.client.put(
        f"/api/bots/{name}/people", json={"open": open_to_people}, headers=headers
    )
    return answer.status_code, answer.json()


def openness(site: Site) -> dict[str, bool]:
    """Whether each bot of ``/api/bots`` is open to people."""
    return {
        bot["name"]: bot["open_to_people"] for bot in site.client.get("/api/bots").json()["bots"]
    }


def test_an_author_opens_their_own_bot_and_nobody_else_can(stocked: Site) -> None:
    site = stocked
    assert openness(site) == {"house": True, "mine": False, "mine@1": False}
    refusals = {
        "bob": people(site, "mine", "bob", open_to_people=True),
        "nobody": people(site, "mine", None, open_to_people=True),
        "ada on the organiser's": people(site, "house", "ada", open_to_people=False),
        "ada on a version": people(site, "mine@1", "ada", open_to_people=True),
        "ada on no bot": people(site, "nothing", "ada", open_to_people=True),
    }
    assert {who: (status, answer["detail"]) for who, (status, answer) in refusals.items()} == {
        "bob": (403, "'mine' is not yours: only its author or the admin opens it to people"),
        "nobody": (
            401,
            "this needs a token: Authorization: Bearer TOKEN (the admin's or an author's)",
        ),
        "ada on the organiser's": (
            403,
            "'house' is the organiser's bot: only the admin opens it to people",
        ),
        "ada on a version": (409, "mine@1 follows its bot mine: open or close mine instead"),
        "ada on no bot": (404, "no bot 'nothing'"),
    }
    assert openness(site) == {"house": True, "mine": False, "mine@1": False}

    assert people(site, "mine", "ada", open_to_people=True) == (200, {"bot": "mine", "open": True})
    assert openness(site) == {"house": True, "mine": True, "mine@1": True}
    assert site.client.get("/api/bots/mine/versions").json()["open_to_people"] is True
    assert people(site, "mine", "admin", open_to_people=False)[0] == 200
    assert people(site, "house", "admin", open_to_people=False)[0] == 200
    assert people(site, "house", "admin", open_to_people=False)[0] == 200  # twice: the same
    assert openness(site) == {"house": False, "mine": False, "mine@1": False}


def test_a_reader_changes_nothing(tmp_path: Path) -> None:
    for guarded in make_site(tmp_path, read_protected=True):
        assert guarded.submit("ada", bot_archive("mine")).status_code == 201
        refused = people(guarded, "mine", "read", open_to_people=True)
        assert refused == (403, {"detail": "the read token cannot change anything"})
        guarded.log_in("read")
        page = guarded.client.get("/bots/mine").text
        assert (fact(page), button(page)) == ("may not play against it", None)


def test_a_person_seat_is_no_bot_to_open(stocked: Site) -> None:
    with Session(stocked.engine) as session:
        person = person_seat_bot(session, who="guest", game="lexio")
        session.commit()
        person_id = person.id
    answer = people(stocked, "person@guest (lexio)", "admin", open_to_people=True)
    assert answer == (404, {"detail": "no bot 'person@guest (lexio)'"})
    stocked.log_in("admin")
    page = stocked.client.get(f"/bots/{person_id}").text
    assert (fact(page), button(page)) == ("may not play against it", None)


def button(page: str) -> str | None:
    """The label of the page's button that opens its bot to people or closes it, if any."""
    match = re.search(
        r'<form class="people-access".*?<button type="submit">([^<]+)</button>', page, re.S
    )
    return None if match is None else match.group(1)


def fact(page: str) -> str:
    """What the page says of people playing against its bot."""
    match = re.search(r'<dd class="people-access"[^>]*>([^<]+)</dd>', page)
    assert match is not None, page
    return match.group(1)


def csrf_of(page: str) -> str:
    match = re.search(r'name="csrf" value="([^"]+)"', page)
    assert match is not None, page
    return match.group(1)


def test_the_owner_presses_the_button_of_the_bots_page(stocked: Site) -> None:
    site = stocked
    page = site.client.get("/bots/mine").text
    assert (fact(page), button(page)) == ("may not play against it", None)
    anonymous = site.client.post("/bots/mine/people", data={"open": "yes"}, follow_redirects=False)
    assert (anonymous.status_code, anonymous.headers["location"]) == (303, "/login?next=/bots/mine")
    site.log_in("bob")
    assert button(site.client.get("/bots/mine").text) is None
    site.log_in("ada")
    page = site.client.get("/bots/mine").text
    assert button(page) == "Open it to people"
    assert button(site.client.get(f"/bots/{site.bot_id('house')}").text) is None
    forged = site.client.post("/bots/mine/people", data={"open": "yes"}, follow_redirects=False)
    assert forged.status_code == 403
    assert openness(site)["mine"] is False
    pressed = site.client.post(
        "/bots/mine/people", data={"open": "yes", "csrf": csrf_of(page)}, follow_redirects=False
    )
    assert (pressed.status_code, pressed.headers["location"]) == (303, "/bots/mine")
    page = site.client.get("/bots/mine").text
    assert (fact(page), button(page)) == ("may play against it", "Close it to people")
    version = site.client.get(f"/bots/{site.bot_id('mine@1')}").text
    assert (fact(version), button(version)) == ("may play against it", None)

    site.log_in("admin")
    house = site.client.get(f"/bots/{site.bot_id('house')}").text
    assert (fact(house), button(house)) == ("may play against it", "Close it to people")
    site.client.post("/bots/house/people", data={"open": "no", "csrf": csrf_of(house)})
    listed = tables(site.client.get("/bots").text, "bots")[0]
    assert {row[0].text: row[-1].text for row in listed.rows} == {
        "house": "closed",
        "mine": "open",
        "mine@1": "open",
    }


def test_play_offers_the_open_bots_and_refuses_a_closed_one_in_one_line(stocked: Site) -> None:
    with Session(stocked.engine) as session:
        for name in ("lexio_a", "lexio_b"):
            db.add_bot(session, name=name, game="lexio", command="python bot.py")
        house = db.get_bot_by_name(session, name="house")
        assert house is not None
        set_open_to_people(session, bot=house, open_to_people=False)
    host = TableHost(stocked.engine, RefereeServer(SessionRegistry()), settings=GENEROUS)
    app = create_app(
        stocked.engine,
        tokens=AccessTokens(admin=ADMIN),
        person_tables=host,
        tables_open_to=TablesOpenTo.ANYONE,
    )
    with TestClient(app) as client:
        form = client.get("/play?game=lexio").text
        offered = form.split('<datalist id="play-bots">')[1].split("</datalist>")[0]
        assert re.findall(r'value="([^"]+)"', offered) == ["lexio_a", "lexio_b"]
        for bots, closed in [
            ("lexio_a,lexio_b,house", "house"),
            ("mine@1,lexio_a,lexio_b", "mine@1"),
        ]:
            refused = client.post("/play", data={"game": "lexio", "bots": bots, "seat": "0"})
            assert refused.status_code == 400
            message = f"{closed.capitalize()}'s owner does not let people play against it"
            assert f'<p class="error-message">{message}</p>' in html.unescape(refused.text)
    with Session(stocked.engine) as session:
        assert db.get_bot_by_name(session, name="person@guest (lexio)") is None  # never seated


@pytest.fixture
def person_game(site: Site) -> int:
    """A finished cribbage game between the bot ``house`` and a guest at the dashboard's table."""
    with Session(site.engine) as session:
        house = db.add_bot(session, name="house", game="cribbage", command="python house.py")
        person = person_seat_bot(session, who="guest", game="cribbage")
        session.commit()
        assert house.id is not None
        assert person.id is not None
        game = db.create_game(
            session, game="cribbage", options={}, seed=1, bot_ids=[house.id, person.id], rated=False
        )
        assert game.id is not None
        db.finish_game(session, game_id=game.id, result=Result(scores=(121, 97)))
        return game.id


def test_a_persons_seat_is_marked_on_the_game_and_in_the_games_list(
    site: Site, person_game: int
) -> None:
    game = site.client.get(f"/api/games/{person_game}").json()
    assert [(seat["bot_name"], seat["person"]) for seat in game["seats"]] == [
        ("house", False),
        ("person@guest (cribbage)", True),
    ]
    assert game["not_rated"] == "a person sat at it: it is rated for nobody"
    (listed,) = site.client.get("/api/games").json()["games"]
    assert [seat["person"] for seat in listed["seats"]] == [False, True]

    page = site.client.get(f"/games/{person_game}").text
    (seats,) = tables(page, "seats")
    assert [row[1].text for row in seats.rows] == ["house", "person@guest (cribbage) person"]
    assert "no: a person sat at it: it is rated for nobody" in page
    games = site.client.get("/games").text
    listed_seats = re.findall(r'<li data-seat="(\d)">(.*?)</li>', games, re.DOTALL)
    assert [(seat, 'class="badge person"' in text) for seat, text in listed_seats] == [
        ("0", False),
        ("1", True),
    ]
