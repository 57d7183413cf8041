"""Every main page works under the dashboard's content security policy, in Chromium.

The policy allows scripts and styles only from ``/static``; a page that broke it (an
inline script, a ``<style>`` element, an event attribute) would report a violation here,
and its script would not run.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser.main_pages import MAIN_PAGES, main_page
from tests.browser.stored_games import StoredGames

pytestmark = pytest.mark.browser

RECORD_VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""


@pytest.mark.parametrize("path", MAIN_PAGES)
def test_a_page_breaks_no_rule_of_its_content_security_policy(
    page: Page, dashboard_url: str, stored_games: StoredGames, path: str
) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    answer = page.goto(dashboard_url + main_page(path, stored_games))
    assert answer is not None
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    page.wait_for_load_state("load")
    assert page.evaluate("window.violations") == []


def test_the_replay_steps_under_the_policy(
    page: Page, dashboard_url: str, stored_games: StoredGames
) -> None:
    page.add_init_script(RECORD_VIOLATIONS)
    page.goto(f"{dashboard_url}/games/{stored_games.lexio}")
    page.keyboard.press("End")  # the script fetches and shows the last step
    page.wait_for_load_state("networkidle")
    assert page.evaluate("window.violations") == []
