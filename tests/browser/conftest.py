"""Fixtures of the browser tests: the real dashboard, and headless Chromium driven by Playwright.

- ``dashboard_url``: ``croupier dashboard`` in a process of its own, over the filled
  database of :mod:`tests.web.filling` (``stored_games``: the ids of its records that the
  tests open); ``empty_dashboard_url``: another one over an empty database.
- ``browser``: Debian's Chromium (``/usr/bin/chromium``, installed by ``./dev test``), never
  a browser download of Playwright's own. Without it the tests are skipped, unless
  ``CROUPIER_REQUIRE_BROWSER=1`` (CI) makes that a failure.
- ``page``: a fresh page (its own context) that records script errors, console errors and
  requests for anything outside the dashboard; a test in which any occurred fails. It
  honours the pages' content security policy unless the module overrides ``bypass_csp``.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import pytest
from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Error,
    Page,
    Playwright,
    Route,
    expect,
    sync_playwright,
)

from croupier_server.db import create_database_engine, init_database
from tests.browser.serving import serving_dashboard
from tests.browser.stored_games import StoredGames, find_stored_games
from tests.waiting import patience_ms
from tests.web.filling import FilledDatabase, fill_database

__all__ = [
    "browser",
    "bypass_csp",
    "dashboard_url",
    "empty_dashboard_url",
    "filled_database",
    "page",
    "playwright",
    "stored_games",
]

CHROMIUM = Path("/usr/bin/chromium")
REQUIRE_BROWSER_VARIABLE = "CROUPIER_REQUIRE_BROWSER"
CHROMIUM_ARGUMENTS = [
    "--disable-gpu",
    # A closed network turns every background connection attempt into noise and delay.
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@dataclass
class PageProblems:
    """What went wrong in a page while a test used it."""

    messages: list[str] = field(default_factory=list)


PROBLEMS = pytest.StashKey[PageProblems]()
# An expectation waits as long as any wait of the run (Playwright's own default is 5 s).
expect.set_options(timeout=patience_ms())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Iterator[None]:
    """Fail a test whose page logged a script or console error (the body passed otherwise)."""
    outcome = yield
    problems = item.stash.get(PROBLEMS, None)
    if problems is not None and problems.messages:
        pytest.fail("the page reported problems:\n" + "\n".join(problems.messages))
    return outcome


def _missing_browser(reason: str) -> NoReturn:
    if os.environ.get(REQUIRE_BROWSER_VARIABLE) == "1":
        pytest.fail(f"{reason} ({REQUIRE_BROWSER_VARIABLE}=1)")
    pytest.skip(reason)


# Per module, not per session: while Playwright's sync API runs, the main thread has an
# event loop, and every later test that calls asyncio.run (the CLI, the referee) would fail.
@pytest.fixture(scope="module")
def playwright() -> Iterator[Playwright]:
    """Playwright's driver, for one module of tests."""
    with sync_playwright() as driver:
        yield driver


@pytest.fixture(scope="module")
def browser(playwright: Playwright) -> Iterator[Browser]:
    """Headless Chromium from Debian's package."""
    if not CHROMIUM.exists():
        _missing_browser(f"{CHROMIUM} is not installed (./dev test installs it with apt-get)")
    arguments = list(CHROMIUM_ARGUMENTS)
    if os.geteuid() == 0:
        arguments.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox
    try:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=arguments
        )
    except Error as error:
        _missing_browser(f"{CHROMIUM} does not start: {error.message.splitlines()[0]}")
    yield chromium
    chromium.close()


@pytest.fixture(scope="session")
def filled_database(tmp_path_factory: pytest.TempPathFactory) -> FilledDatabase:
    """The database of :mod:`tests.web.filling`, filled by a process of its own.

    Not the fixture of ``tests/web/conftest.py``: once a test has opened a page,
    Playwright's sync API runs an event loop in this process's main thread, and the
    commands that fill the database run their own with ``asyncio.run`` (and signal
    handlers, which only the main thread may set).
    """
    url = f"sqlite:///{tmp_path_factory.mktemp('filled') / 'filled.db'}"
    spawn = multiprocessing.get_context("spawn")
    with concurrent.futures.ProcessPoolExecutor(max_workers=1, mp_context=spawn) as filler:
        return filler.submit(fill_database, url).result()


@pytest.fixture(scope="session")
def dashboard_url(
    filled_database: FilledDatabase, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[str]:
    """The base URL of the dashboard over the filled database (no trailing slash)."""
    log = tmp_path_factory.mktemp("dashboard") / "filled.log"
    with serving_dashboard(filled_database.url, log) as url:
        yield url


@pytest.fixture(scope="session")
def stored_games(filled_database: FilledDatabase) -> StoredGames:
    """The ids of the filled database's records that the tests open."""
    return find_stored_games(filled_database.url)


@pytest.fixture(scope="session")
def empty_dashboard_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of the dashboard over a database with no bots and no games."""
    directory = tmp_path_factory.mktemp("empty_dashboard")
    url = f"sqlite:///{directory / 'empty.db'}"
    engine = create_database_engine(url)
    init_database(engine)
    engine.dispose()
    with serving_dashboard(url, directory / "empty.log") as base_url:
        yield base_url


@pytest.fixture
def bypass_csp() -> bool:
    """Whether ``page`` ignores the pages' content security policy: no, by default.

    The dashboard's pages run under their real policy, so a page that broke it fails its
    test (the violation is a console error). A module whose tests inject tooling that the
    policy forbids (axe, as an inline script) overrides this fixture to return True.
    """
    return False


@pytest.fixture
def page(browser: Browser, bypass_csp: bool, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page of a fresh context; its script and console errors fail the test."""
    problems = request.node.stash.setdefault(PROBLEMS, PageProblems())
    context = browser.new_context(bypass_csp=bypass_csp)
    context.set_default_timeout(patience_ms())
    context.route("**/*", lambda route: _local_only(route, problems))
    opened = context.new_page()
    opened.on("pageerror", lambda error: problems.messages.append(f"script error: {error}"))
    opened.on("console", lambda message: _console_error(message, problems))
    yield opened
    context.close()


def _local_only(route: Route, problems: PageProblems) -> None:
    """Let requests to the loopback dashboard through; nothing may come from outside."""
    url = route.request.url
    if url.startswith(("http://127.0.0.1:", "data:", "blob:")):
        route.continue_()
    else:
        problems.messages.append(f"request outside the dashboard: {url}")
        route.abort()


def _console_error(message: ConsoleMessage, problems: PageProblems) -> None:
    # Chromium asks for /favicon.ico by itself; the dashboard has none, which is no error.
    if message.type == "error" and not message.location["url"].endswith("/favicon.ico"):
        where = message.location["url"]
        problems.messages.append(f"console error at {where}: {message.text}")
