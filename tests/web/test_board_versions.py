"""A leaderboard shows each submitted bot once: its latest active version with games there.

Every version is rated on its own; the board's lines keep one version of each submitted
bot (the latest active one, else the latest one with games there), linked to the bot's
versions, ranked again; an organiser's bots are shown as they are.
"""

from __future__ import annotations

from sqlmodel import Session

from croupier_server.db.submissions import BotVersionRecord, VersionStatus
from tests.server.db.played import SIX_CARD, add_bots, played
from tests.web.submitting import Site, bot_archive, site

__all__ = ["site"]


def set_status(site: Site, name: str, status: VersionStatus) -> None:
    with Session(site.engine) as session:
        version = session.get(BotVersionRecord, site.bot_id(name))
        assert version is not None
        version.status = status
        session.add(version)
        session.commit()


def board_lines(site: Site) -> list[dict[str, object]]:
    board = site.client.get("/api/leaderboard/cribbage/six-card")
    assert board.status_code == 200
    lines: list[dict[str, object]] = board.json()["lines"]
    return lines


def shown(site: Site) -> list[tuple[int, str, str | None]]:
    return [(line["rank"], line["bot"], line["versions_path"]) for line in board_lines(site)]  # type: ignore[misc]


def fill(site: Site) -> None:
    """house (strong), my-bot@1 (weak) and my-bot@2 (middling) played; my-bot@3 did not."""
    for number in range(3):
        response = site.submit(
            "ada", bot_archive("my-bot", game="cribbage", source=f"# {number}\n")
        )
        assert response.status_code == 201
    with Session(site.engine) as session:
        (house,) = add_bots(session, "cribbage", "house")
        first, second = site.bot_id("my-bot@1"), site.bot_id("my-bot@2")
        for _ in range(6):
            played(session, [house, first], 121, 80, options=SIX_CARD)
            played(session, [house, second], 121, 110, options=SIX_CARD)
            played(session, [second, first], 121, 100, options=SIX_CARD)
    for name in ["my-bot@1", "my-bot@2", "my-bot@3"]:
        set_status(site, name, VersionStatus.ACTIVE)


def test_the_latest_active_version_with_games_is_shown(site: Site) -> None:
    fill(site)
    assert shown(site) == [(1, "house", None), (2, "my-bot@2", "/bots/my-bot")]


def test_a_retired_version_gives_way_to_the_latest_active_one(site: Site) -> None:
    fill(site)
    set_status(site, "my-bot@2", VersionStatus.RETIRED)
    assert shown(site) == [(1, "house", None), (2, "my-bot@1", "/bots/my-bot")]


def test_with_none_active_the_latest_with_games_is_shown(site: Site) -> None:
    fill(site)
    for name in ["my-bot@1", "my-bot@2", "my-bot@3"]:
        set_status(site, name, VersionStatus.RETIRED)
    assert shown(site) == [(1, "house", None), (2, "my-bot@2", "/bots/my-bot")]


def test_every_version_keeps_its_own_rating(site: Site) -> None:
    fill(site)
    everyone = site.client.get("/api/bots/my-bot/versions").json()["versions"]
    ratings = {version["name"]: version["rating"] for version in everyone}
    assert ratings["my-bot@3"] is None
    first, second = ratings["my-bot@1"], ratings["my-bot@2"]
    assert first is not None
    assert second is not None
    assert (first["games"], second["games"]) == (12, 12)
    assert second["elo"] > first["elo"]
    assert second["board"] == "/leaderboard/cribbage/six-card"
    shown_line = board_lines(site)[1]
    assert shown_line["elo"] == second["elo"]


def test_the_page_says_which_version_it_shows_and_links_the_versions(site: Site) -> None:
    fill(site)
    for path in ["/leaderboard", "/leaderboard/cribbage/six-card"]:
        page = site.client.get(path).text
        assert "shown by its latest active version" in page
        assert 'href="/bots/my-bot"' in page
        assert "my-bot@1" not in page


def test_a_board_of_organisers_bots_says_nothing_of_versions(site: Site) -> None:
    with Session(site.engine) as session:
        house, guest = add_bots(session, "cribbage", "house", "guest")
        played(session, [house, guest], 121, 90, options=SIX_CARD)
    assert shown(site) == [(1, "house", None), (2, "guest", None)]
    assert "latest active version" not in site.client.get("/leaderboard").text
