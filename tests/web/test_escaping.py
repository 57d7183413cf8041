"""Whatever bots and users supply reaches the pages as text, never as markup or script.

A database is filled through the command line with real games: bots named with HTML,
attribute breakers, template syntax and ``javascript:`` URLs, described with a script, and
one that crashes at start writing such things to its output, which the referee keeps in
the crash fault's detail. Every page that shows them is read as a browser reads it: the
payloads must be in its text, and no tag, attribute, script or link may come from them.
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine

from croupier_server.cli import main
from croupier_server.db import create_database_engine
from croupier_server.web import create_app
from tests.web.filling import EXAMPLES

SCRIPT_NAME = "<script>alert('name')</script>"
ATTRIBUTE_NAME = '"><img src=x onerror=alert(1)>'
QUOTE_NAME = "' autofocus onfocus='alert(2)"
TEMPLATE_NAME = "{{ 7*7 }}{% if true %}x{% endif %}"
URL_NAME = "javascript:alert(3)"
DESCRIPTION = "<script>alert('description')</script>\"><img src=x onerror=alert(4)> {{ 7*7 }}"
OUTPUT = "</td></p><script>alert('output')</script><a href=\"javascript:alert(5)\">x</a> {{ 7*7 }}"
"""What the crashing bot writes before it exits: the referee keeps it in the fault's detail."""

PLAYERS = (SCRIPT_NAME, ATTRIBUTE_NAME, QUOTE_NAME)
"""The bots of a cribbage round robin, so they are on every page of results."""
CRASHER = TEMPLATE_NAME
OPPONENT = URL_NAME
NAMES = (*PLAYERS, CRASHER, OPPONENT)
MARKUP = (SCRIPT_NAME, ATTRIBUTE_NAME, QUOTE_NAME, DESCRIPTION, OUTPUT)
"""The payloads that would change a page if they reached it unescaped."""


@dataclass
class Page:
    """A page as the browser parses it: its text, its tags and what they carry."""

    shown: list[str] = field(default_factory=list)
    tags: list[tuple[str, dict[str, str | None]]] = field(default_factory=list)
    inline_scripts: list[str] = field(default_factory=list)

    def shows(self, payload: str) -> bool:
        return any(payload in text for text in self.shown)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.page = Page()
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        self.page.tags.append((tag, values))
        self.page.shown.extend(value for value in values.values() if value)
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script and data.strip():
            self.page.inline_scripts.append(data)
        self.page.shown.append(data)


def read(html: str) -> Page:
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.page


def command(*code: str) -> str:
    return shlex.join([sys.executable, *code])


def croupier(*argv: str) -> None:
    assert main(list(argv)) == 0, argv


@pytest.fixture(scope="module")
def hostile_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    """A database of real games between bots with hostile names, descriptions and output."""
    url = f"sqlite:///{tmp_path_factory.mktemp('escaping') / 'hostile.db'}"
    bots = {
        SCRIPT_NAME: command(str(EXAMPLES / "cribbage_random.py")),
        ATTRIBUTE_NAME: command(str(EXAMPLES / "cribbage_greedy.py")),
        QUOTE_NAME: command(str(EXAMPLES / "cribbage_random.py")),
        OPPONENT: command(str(EXAMPLES / "cribbage_random.py")),
        CRASHER: command("-c", f"import sys; sys.stdout.write({OUTPUT!r}); sys.exit(3)"),
    }
    for name, bot_command in bots.items():
        add = ["bot", "add", name, "--game", "cribbage", "--command", bot_command]
        unchecked = ["--no-check"] if name == CRASHER else []  # it exits before its Hello
        croupier(*add, *unchecked, "--description", DESCRIPTION, "--db", url)
    rules = ["--game", "cribbage", "--match-points", "1"]
    players = ",".join(PLAYERS)
    croupier(
        "tournament", "run", *rules, "--bots", players, "--deals", "1", "--seed", "3", "--db", url
    )
    match = ["match", *rules, "--bot", CRASHER, "--bot", OPPONENT, "--connect-ms", "5000"]
    croupier(*match, "--seed", "4", "--db", url)
    engine = create_database_engine(url)
    yield engine
    engine.dispose()


@pytest.fixture(scope="module")
def client(hostile_engine: Engine) -> Iterator[TestClient]:
    with TestClient(create_app(hostile_engine)) as test_client:
        yield test_client


def pages(client: TestClient) -> dict[str, tuple[str, ...]]:
    """Each page that shows supplied text, and the payloads it must show."""
    bots = {bot["name"]: bot["id"] for bot in client.get("/api/bots").json()["bots"]}
    (tournament,) = client.get("/api/tournaments").json()["tournaments"]
    games = client.get("/api/games").json()["games"]
    crashed = next(game for game in games if game["seats"][0]["bot"] == CRASHER)
    crash_page = f"/games/{crashed['id']}"
    listed = {
        "/bots": (*NAMES, DESCRIPTION),
        "/": PLAYERS,
        "/leaderboard/cribbage/six-card": PLAYERS,
        "/tournaments": PLAYERS,
        f"/tournaments/{tournament['id']}": PLAYERS,
        "/games": NAMES,
        f"{crash_page}?view=all": (CRASHER, OPPONENT, OUTPUT),
        f"{crash_page}?view=seat-0": (CRASHER, OUTPUT),
        f"{crash_page}?view=seat-1": (CRASHER, OPPONENT),
        f"{crash_page}?view=spectator": (CRASHER, OPPONENT),
        f"/bots/{bots[CRASHER]}": (CRASHER, DESCRIPTION, OUTPUT),
    }
    for name in NAMES:
        listed[f"/bots/{bots[name]}"] = listed.get(f"/bots/{bots[name]}", (name, DESCRIPTION))
        listed[f"/games?bot={quote(name)}"] = (name,)
    return listed


def test_every_page_shows_what_was_supplied_as_text_only(client: TestClient) -> None:
    listed = pages(client)
    assert len(listed) == 20  # a page for each bot and a search for each name
    for path, payloads in listed.items():
        response = client.get(path)
        assert response.status_code == 200, path
        page = read(response.text)
        for payload in payloads:
            assert page.shows(payload), (path, payload)
        for payload in MARKUP:
            assert payload not in response.text, (path, payload)
        assert page.inline_scripts == [], path
        for tag, attributes in page.tags:
            assert tag not in {"img", "iframe", "object", "embed"}, (path, tag)
            assert not [name for name in attributes if name.startswith("on")], (path, tag)
            assert "autofocus" not in attributes or tag == "input", (path, tag)
            if tag == "script":
                source = urlsplit(attributes.get("src") or "")
                assert source.netloc in {"", "testserver"}, path
                assert source.path.startswith("/static/"), path
            for name in ("href", "src", "action", "formaction"):
                target = (attributes.get(name) or "").strip().lower()
                assert not target.startswith(("javascript:", "data:")), (path, tag, target)


def test_the_json_twins_keep_what_was_supplied_as_it_was(client: TestClient) -> None:
    bots: list[dict[str, Any]] = client.get("/api/bots").json()["bots"]
    assert {bot["name"] for bot in bots} == set(NAMES)
    assert {bot["description"] for bot in bots} == {DESCRIPTION}
    crasher = next(bot for bot in bots if bot["name"] == CRASHER)
    faults = client.get(f"/api/bots/{crasher['id']}").json()["latest_faults"]
    assert any(OUTPUT in fault["detail"] for fault in faults)


def test_the_pages_scripts_never_read_text_as_html() -> None:
    static = Path(create_app.__code__.co_filename).parent / "static"
    scripts = sorted(static.glob("*.js"))
    assert scripts
    for script in scripts:
        source = script.read_text()
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in source, (script.name, sink)
