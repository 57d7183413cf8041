"""A person plays against the example bots in Chromium, on a real ``croupier serve``.

The person clicks their own tiles or cards, then the move the selection makes; the
referee judges it as a bot's. A whole Lexio match and a whole (61-point) cribbage game
are played so; a seat is handed to a bot and taken back; a reload keeps the seat; a
closed page lets the stand-in play until the link is opened again; a finished game is
forked and played on; an illegal selection offers nothing to send; and a browser without
the seat's link can neither act for it nor see its hand.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from sqlmodel import Session

from croupier_server.db import create_database_engine, init_database
from croupier_server.db.bots import add_bot
from tests.e2e.test_remote import CROUPIER, Processes
from tests.server.referee.harness import example_command
from tests.waiting import next_line, patience_ms, patience_s, wait_for

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LEXIO_BOTS = ["lexio_random", "lexio_greedy", "lexio_cautious"]
SLOW_BOTS = ["slow_a", "slow_b", "slow_c"]
"""Lexio bots that think 40 ms a decision: a game they play lasts long enough to watch."""
SCRIPTED = Path(__file__).parents[1] / "fakebots" / "scripted.py"
SLOW_COMMAND = shlex.join(
    [sys.executable, str(SCRIPTED), "slow", "--delay-ms", "40", "--protocol", "2"]
)
CRIBBAGE_BOTS = ["cribbage_random", "cribbage_greedy"]
TABLES_PER_CLIENT = ("--tables-per-client", "8")
"""Every table here is a guest's at one address; tests leave theirs to the bots to finish."""


@dataclass(frozen=True)
class Serving:
    """The serve's dashboard address and its database."""

    url: str
    database: str


@pytest.fixture(scope="module")
def serving(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Serving]:
    """``croupier serve`` open to anyone's tables, a seat left alone 1 s going to its bot.

    The tests' tables all come from one guest's address, and several are still played on by
    their bots when the next test opens its own: that guest may hold as many as the server.
    """
    directory = tmp_path_factory.mktemp("play")
    database = f"sqlite:///{directory / 'play.db'}"
    engine = create_database_engine(database)
    init_database(engine)
    with Session(engine) as session:
        for name in LEXIO_BOTS:
            add_bot(session, name=name, game="lexio", command=example_command(name))
        for name in SLOW_BOTS:
            add_bot(session, name=name, game="lexio", command=SLOW_COMMAND)
        for name in CRIBBAGE_BOTS:
            add_bot(session, name=name, game="cribbage", command=example_command(name))
        session.commit()
    engine.dispose()
    processes = Processes()
    argv = [str(CROUPIER), "serve", "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0"]
    server = processes.start(
        [*argv, "--tables", "anyone", "--away-s", "1", *TABLES_PER_CLIENT, "--db", database],
        CROUPIER_VERSIONS_DIR=str(directory / "versions"),
    )
    try:
        next_line(server)
        yield Serving(next_line(server).split()[1].rstrip("/"), database)
    finally:
        processes.stop_all()


def open_table(page: Page, url: str, game: str, **fields: str) -> str:
    """Fill the form of ``/play?game=GAME`` and sit down; the seat's page address."""
    page.goto(f"{url}/play?game={game}")
    for name, value in fields.items():
        page.locator(f"form.play-open [name={name}]").fill(value)
    page.get_by_role("button", name="Sit down").click()
    expect(page).to_have_url(re.compile(r"/play/[A-Za-z0-9_-]{20,}$"))
    return page.url


def status(page: Page) -> dict[str, str]:
    """The seat's state as its page shows it: ``state``, ``request`` and ``step``."""
    shown: dict[str, str] = page.locator("#play-status").evaluate(
        "(element) => ({...element.dataset})"
    )
    return shown


def wait_for_turn(page: Page, answered: str) -> bool:
    """Wait until a decision other than ``answered`` is asked of the person, whose page
    follows the seat (its away time stopped); False: over."""
    page.wait_for_function(
        """(answered) => {
            const line = document.getElementById('play-status');
            return line !== null && (line.dataset.state === 'over'
                || (line.dataset.state === 'person' && line.dataset.live === 'true'
                    && line.dataset.request !== ''
                    && line.dataset.request !== answered));
        }""",
        arg=answered,
        timeout=patience_ms(),
    )
    return status(page)["state"] != "over"


def wait_for_step(page: Page, least: int) -> None:
    """Wait until the seat's page shows step ``least`` or a later one.

    A function, not an expression: under the page's policy Playwright evaluates a string
    only once, and an expression it would evaluate again at each poll ('unsafe-eval').
    """
    page.wait_for_function(
        "(least) => Number(document.getElementById('play-status').dataset.step) >= least",
        arg=least,
        timeout=patience_ms(),
    )


def own_piece(page: Page, seat: int, face: str) -> object:
    hand = f'.seat[data-seat="{seat}"] .hand'
    return page.locator(f'{hand} [data-tile="{face}"], {hand} [data-card="{face}"]').first


def take_turn(page: Page, seat: int) -> str:
    """Play the first legal move by clicking its pieces, then the move; its request id."""
    request = status(page)["request"]
    hints = page.locator("#play-legal button")
    if hints.count() == 0:  # nothing to select: a pass
        page.locator("#play-actions button").first.click()
        return request
    faces = (hints.first.get_attribute("data-pieces") or "").split()
    for face in faces:
        own_piece(page, seat, face).click()  # type: ignore[attr-defined]
    page.locator("#play-actions button").first.click()
    return request


def play_to_the_end(page: Page, seat: int) -> int:
    """Take every turn of the person until the game is over; how many were taken."""
    turns, answered = 0, ""
    while wait_for_turn(page, answered):
        answered = take_turn(page, seat)
        turns += 1
    return turns


def seat_state(url: str) -> str:
    """Who plays the seat of ``url``, as its page says when it is loaded (not followed)."""
    with urllib.request.urlopen(url, timeout=patience_s()) as answer:
        page = answer.read().decode()
    match = re.search(r'<script id="play-first" type="application/json">(.*?)</script>', page)
    assert match is not None
    return str(json.loads(match.group(1))["state"])


def game_id_of(page: Page) -> int:
    match = re.search(r"/games/(\d+)", page.locator("#play-replay").get_attribute("href") or "")
    assert match is not None
    return int(match.group(1))


def test_a_person_plays_a_whole_lexio_match_by_clicking(page: Page, serving: Serving) -> None:
    open_table(page, serving.url, "lexio", bots=",".join(LEXIO_BOTS), seat="2", rounds="1")
    expect(page.locator("h1")).to_contain_text("seat 2")
    turns = play_to_the_end(page, 2)
    assert turns >= 1  # the others may leave a seat few choices: forced moves are not asked
    expect(page.locator("#play-result")).to_contain_text("person@guest (lexio)")
    game_id = game_id_of(page)
    page.goto(f"{serving.url}/games/{game_id}")
    expect(page.locator("h1 .badge.finished")).to_be_visible()
    expect(page.locator("body")).to_contain_text("person@guest (lexio)")


def test_a_person_plays_a_whole_cribbage_game_by_clicking(page: Page, serving: Serving) -> None:
    open_table(page, serving.url, "cribbage", bots="cribbage_greedy", seat="0", target="61")
    turns = play_to_the_end(page, 0)
    assert turns >= 3  # a discard a hand at least, and no game to 61 is over in two hands
    expect(page.locator("#play-result")).to_contain_text("cribbage_greedy")


def illegal_pair(page: Page, seat: int) -> tuple[str, str] | None:
    """Two selectable tiles of the seat's hand that no legal move plays together, if any.

    There is none when at most one tile is selectable (one tile beats the table's single).
    """
    legal = {
        frozenset((button.get_attribute("data-pieces") or "").split())
        for button in page.locator("#play-legal button").all()
    }
    hand = page.locator(f'.seat[data-seat="{seat}"] .hand .choosable')
    faces = [piece.get_attribute("data-tile") or "" for piece in hand.all()]
    pairs = ((first, second) for first in faces for second in faces if first < second)
    return next((pair for pair in pairs if frozenset(pair) not in legal), None)


def test_an_illegal_selection_cannot_be_sent(page: Page, serving: Serving) -> None:
    url = open_table(page, serving.url, "lexio", bots=",".join(LEXIO_BOTS), seat="0")
    answered, chosen = "", None
    while chosen is None:
        assert wait_for_turn(page, answered), "the game ended with no illegal pair to try"
        chosen = illegal_pair(page, 0)
        if chosen is None:
            answered = take_turn(page, 0)
    for face in chosen:
        own_piece(page, 0, face).click()  # type: ignore[attr-defined]
    line = page.locator("#play-selection")
    expect(line).to_contain_text("not a legal move now")
    not_taken = r"^(no combination|a pair, (which does not beat|but the table asks))"
    expect(line).to_contain_text(re.compile(not_taken))
    for button in page.locator("#play-actions button").all():  # a pass at most
        assert button.text_content() == "pass"
    request = int(status(page)["request"])
    refused = page.request.post(
        url.replace("/play/", "/api/play/") + "/act",
        data={"request_id": request, "action": 9999},
        fail_on_status_code=False,
    )
    assert refused.status == 409
    assert "no legal action 9999" in refused.text()
    page.locator("details.play-hints summary").click()
    page.locator("#play-legal button").first.click()  # a legal play's tiles, described too
    expect(line).to_contain_text(re.compile(r"^a [a-z ]+(: you lead with it|, which beats)"))


def test_a_seat_handed_to_a_bot_is_taken_back_and_a_reload_keeps_it(
    page: Page, serving: Serving
) -> None:
    open_table(page, serving.url, "lexio", bots=",".join(SLOW_BOTS), seat="1", rounds="6")
    assert wait_for_turn(page, "")
    page.locator("#play-bot").fill("lexio_greedy")
    page.get_by_role("button", name="Let the bot play for me").click()
    expect(page.locator("#play-status")).to_contain_text("lexio_greedy")
    step = int(status(page)["step"])
    wait_for_step(page, step + 5)
    page.get_by_role("button", name="Take my seat back").click()
    expect(page.locator("#play-status")).to_contain_text("took the seat back")
    assert wait_for_turn(page, "")
    before = status(page)["request"]
    page.reload()
    assert wait_for_turn(page, "")
    assert status(page)["request"] == before  # the same decision waits for the person
    take_turn(page, 1)


def test_a_closed_page_lets_the_stand_in_play_until_the_link_is_opened(
    browser: Browser, serving: Serving
) -> None:
    context = browser.new_context()
    page = context.new_page()
    url = open_table(
        page,
        serving.url,
        "lexio",
        bots=",".join(SLOW_BOTS),
        seat="0",
        stand_in="lexio_random",
        rounds="10",
    )
    assert wait_for_turn(page, "")
    step = int(status(page)["step"])
    context.close()  # no page follows the seat: after 1 s lexio_random plays it
    # Read from the seat's page, which does not follow it.
    wait_for(lambda: seat_state(url) == "bot", "the stand-in to take the seat")
    again = browser.new_context()
    try:
        back = again.new_page()
        back.goto(url)
        expect(back.locator("#play-status")).to_contain_text("welcome back")
        assert int(status(back)["step"]) > step  # the stand-in played meanwhile
        assert wait_for_turn(back, "")
    finally:
        again.close()


def test_a_finished_game_is_forked_from_a_step_and_played_on(page: Page, serving: Serving) -> None:
    open_table(page, serving.url, "lexio", bots=",".join(LEXIO_BOTS), seat="3", rounds="1")
    play_to_the_end(page, 3)
    original = game_id_of(page)
    refused = page.request.post(  # lexio_random's seat: seat 3 would have nobody
        f"{serving.url}/games/{original}/fork",
        form={"step": "6", "seat": "0"},
        fail_on_status_code=False,
    )
    assert refused.status == 400
    assert "was a person&#39;s: only that seat can be taken" in refused.text()
    page.goto(f"{serving.url}/games/{original}?step=6")
    form = page.locator("form.fork")
    form.locator("[name=seat]").fill("3")  # the person's own seat, from step 6 on
    form.get_by_role("button").click()
    expect(page).to_have_url(re.compile(r"/play/"))
    expect(page.locator("h1")).to_contain_text("seat 3")
    forked = game_id_of(page)
    assert forked != original
    wait_for_step(page, 6)
    play_to_the_end(page, 3)
    page.goto(f"{serving.url}/api/games/{forked}/replay")
    first_six = page.evaluate("() => document.body.innerText")
    assert "replayed" in first_six


def test_without_the_link_a_browser_can_neither_act_nor_see_the_hand(
    browser: Browser, page: Page, serving: Serving
) -> None:
    url = open_table(page, serving.url, "lexio", bots=",".join(LEXIO_BOTS), seat="0")
    assert wait_for_turn(page, "")
    hand = [
        piece.get_attribute("data-tile")
        for piece in page.locator('.seat[data-seat="0"] .hand [data-tile]').all()
    ]
    game_id = game_id_of(page)
    stranger = browser.new_context()
    try:
        other = stranger.new_page()
        guessed = url[:-4] + ("aaaa" if not url.endswith("aaaa") else "bbbb")
        assert other.goto(guessed).status == 404  # type: ignore[union-attr]
        answer = other.request.post(
            guessed.replace("/play/", "/api/play/") + "/act",
            data={"request_id": 1, "action": 0},
            fail_on_status_code=False,
        )
        assert answer.status == 404
        other.goto(f"{serving.url}/games/{game_id}")
        shown = other.locator('.seat[data-seat="0"] .hand [data-tile]')
        assert shown.count() == 0, hand
    finally:
        stranger.close()
    request = urllib.request.Request(f"{serving.url}/play/{'x' * 30}/events")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=patience_s())
    refused.value.close()
    assert refused.value.code == 404


def test_a_seat_left_alone_is_forfeited_when_its_table_says_so(serving: Serving) -> None:
    form = {
        "game": "lexio",
        "bots": ",".join(LEXIO_BOTS),
        "seat": "1",
        "when_away": "forfeit",
        "rounds": "20",
        "starting_chips": "5000",
    }
    opened = urllib.request.Request(
        f"{serving.url}/play", data=urllib.parse.urlencode(form).encode(), method="POST"
    )
    with urllib.request.urlopen(opened, timeout=patience_s()) as answer:  # follows the 303
        url = answer.url
    with urllib.request.urlopen(f"{url}/events", timeout=patience_s()) as events:
        assert events.readline().startswith(b"data: ")  # followed, then left
    wait_for(lambda: seat_state(url) == "forfeited", "the seat left alone to be forfeited")


def test_the_seat_page_tells_no_other_page_its_address(page: Page, serving: Serving) -> None:
    """The seat's address is its secret: no referrer leaves with it, and no site frames it."""
    seat = open_table(page, serving.url, "lexio", bots=",".join(LEXIO_BOTS), rounds="1")
    with urllib.request.urlopen(seat) as answer:
        assert answer.headers["Referrer-Policy"] == "no-referrer"
        assert "frame-ancestors 'none'" in answer.headers["Content-Security-Policy"]
        assert answer.headers["X-Frame-Options"] == "DENY"
