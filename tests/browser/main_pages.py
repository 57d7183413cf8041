"""The dashboard's main pages, as the layout and accessibility tests open them."""

from __future__ import annotations

from tests.browser.stored_games import StoredGames

__all__ = ["MAIN_PAGES", "main_page"]

MAIN_PAGES = (
    "/",
    "/leaderboard/lexio/4%20players",
    "/tournaments",
    "/tournaments/{html_tournament}",
    "/bots",
    "/bots/{html_bot}",
    "/games",
    "/games/{lexio}",
    "/ladders",
    "/workers",
    "/login",
    "/guide",
)
"""Every kind of page a visitor reaches from the menu and the lists; ids in braces are
:class:`~tests.browser.stored_games.StoredGames`'. The filled database has no submitted bot,
so no bot's versions page."""


def main_page(path: str, stored_games: StoredGames) -> str:
    """``path`` with the filled database's ids put in."""
    ids = {name: getattr(stored_games, name) for name in ("html_bot", "html_tournament", "lexio")}
    return path.format_map(ids)
