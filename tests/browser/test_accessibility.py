"""axe-core, from the npm registry, finds no serious or critical violation on the main pages.

The tests install the version that ``axe/package-lock.json`` pins into ``axe/node_modules``
(ignored by git) with ``npm ci``, once, and inject its ``axe.min.js`` into each page, at a
desktop's width and a phone's (in a context that bypasses the pages' content security
policy, which allows no inline script). Without npm the tests are skipped, unless
``CROUPIER_REQUIRE_NODE=1`` (CI) makes that a failure.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.main_pages import MAIN_PAGES, main_page
from tests.browser.stored_games import StoredGames
from tests.npm import npm_ci

pytestmark = pytest.mark.browser

AXE = Path(__file__).parent / "axe"
AXE_SCRIPT = AXE / "node_modules" / "axe-core" / "axe.min.js"
WIDTHS = (1280, 390)
"""A desktop's and a phone's."""
BLOCKING = {"serious", "critical"}

_RUN_AXE = """
async () => {
  const results = await axe.run(document, { resultTypes: ["violations"] });
  return results.violations.map(violation => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map(node => node.target.join(" ")),
  }));
}
"""


def _pinned_version() -> str:
    lock = json.loads((AXE / "package-lock.json").read_text())
    version: str = lock["packages"]["node_modules/axe-core"]["version"]
    return version


def _installed_version() -> str | None:
    manifest = AXE_SCRIPT.parent / "package.json"
    if not manifest.is_file() or not AXE_SCRIPT.is_file():
        return None
    version: str = json.loads(manifest.read_text())["version"]
    return version


@pytest.fixture
def bypass_csp() -> bool:
    """axe goes in as an inline script, which the dashboard's policy forbids.

    The policy itself is checked, page by page, by ``test_security_policy.py``.
    """
    return True


@pytest.fixture(scope="session")
def axe_source() -> str:
    """The text of the pinned ``axe.min.js``, installed with ``npm ci`` if it is not."""
    pinned = _pinned_version()
    npm_ci(
        AXE,
        "axe-core for the accessibility checks",
        installed=lambda: _installed_version() == pinned,
    )
    return AXE_SCRIPT.read_text()


def violations(page: Page, axe_source: str) -> list[dict[str, Any]]:
    """The violations axe finds in the page as it is now."""
    page.add_script_tag(content=axe_source)
    found: list[dict[str, Any]] = page.evaluate(_RUN_AXE)
    return found


@pytest.mark.parametrize("path", MAIN_PAGES)
def test_axe_finds_no_serious_violation(
    page: Page, dashboard_url: str, stored_games: StoredGames, axe_source: str, path: str
) -> None:
    url = dashboard_url + main_page(path, stored_games)
    blocking = []
    for width in WIDTHS:
        page.set_viewport_size({"width": width, "height": 900})
        page.goto(url, wait_until="networkidle")
        blocking += [
            f"{width} px: {found['impact']} {found['id']} ({found['help']}): "
            + ", ".join(found["targets"])
            for found in violations(page, axe_source)
            if found["impact"] in BLOCKING
        ]
    assert not blocking, "\n".join(blocking)


def test_axe_finds_what_it_should(page: Page, dashboard_url: str, axe_source: str) -> None:
    # The check can fail: a page made to break two rules is caught breaking both.
    page.goto(dashboard_url + "/guide", wait_until="networkidle")
    page.evaluate(
        """() => {
          document.querySelector('main h1').style.color = '#ccc';
          document.querySelector('main').append(document.createElement('input'));
        }"""
    )
    found = {violation["id"] for violation in violations(page, axe_source)}
    assert {"color-contrast", "label"} <= found
