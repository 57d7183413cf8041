"""Error pages say in one plain line what is missing, and lead back to its list."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape


@pytest.mark.parametrize(
    ("path", "message", "back"),
    [
        ("/bots/abc", "No bot 'abc'", "/bots"),
        ("/bots/-1", "No bot '-1'", "/bots"),
        ("/tournaments/abc", "No tournament 'abc'", "/tournaments"),
        ("/tournaments/99", "No tournament 99", "/tournaments"),
        ("/games/0", "No game '0'", "/games"),
        ("/games/abc/steps", "No game 'abc'", "/games"),
        ("/bots/some-bot/versions/x", "No version 'x'", "/bots"),
        ("/ladders/abc", "No page at /ladders/abc", "/ladders"),
        ("/games?tournament=x", "tournament is a whole number, not 'x'", "/games"),
        (
            "/games?status=won",
            "status is 'running', 'finished' or 'aborted', not 'won'",
            "/games",
        ),
        ("/nowhere", "No page at /nowhere", None),
    ],
)
def test_a_missing_or_malformed_page_says_so_plainly(
    empty_client: TestClient, path: str, message: str, back: str | None
) -> None:
    page = empty_client.get(path)
    assert page.status_code == 404
    assert f'<p class="error-message">{escape(message[0].upper() + message[1:])}</p>' in page.text
    assert "Input should" not in page.text
    if back is not None:
        assert f'<a href="{back}">' in page.text
    assert '<a href="/">Back to the leaderboard</a>' in page.text


def test_the_json_twins_keep_the_validators_details(empty_client: TestClient) -> None:
    answer = empty_client.get("/api/bots/abc")
    assert answer.status_code == 422
    (problem,) = answer.json()["detail"]
    assert (problem["loc"], problem["input"]) == (["path", "bot_id"], "abc")
