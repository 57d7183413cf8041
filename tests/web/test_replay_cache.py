"""A finished game's replay download is built once, and still shown only to whom may see it.

Over the deal of :mod:`tests.web.test_disclosure`: two games finished, one running, while
ada's check game is hers and the admin's alone.
"""

from __future__ import annotations

from typing import Any

import pytest

from croupier_server.web import replay
from tests.web.test_disclosure import HalfPlayed, half_played

__all__ = ["half_played"]


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The games whose replay the dashboard builds, one entry a build."""
    built: list[int] = []
    build = replay.stored_replay

    def counted(session: Any, game_id: int, *args: Any, **kwargs: Any) -> Any:
        built.append(game_id)
        return build(session, game_id, *args, **kwargs)

    monkeypatch.setattr(replay, "stored_replay", counted)
    return built


def test_a_finished_game_s_replay_is_built_once_and_sent_gzipped_to_who_accepts_it(
    half_played: HalfPlayed, builds: list[int]
) -> None:
    site = half_played.site
    game = half_played.check_game
    url = f"/api/games/{game}/replay?view=all"
    first = site.client.get(url, headers=site.bearer("ada"))
    again = site.client.get(url, headers={**site.bearer("ada"), "Accept-Encoding": "identity"})
    zipped = site.client.get(url, headers={**site.bearer("admin"), "Accept-Encoding": "gzip"})
    assert (first.status_code, again.status_code, zipped.status_code) == (200, 200, 200)
    assert builds == [game]
    assert again.json() == first.json()
    assert again.headers.get("content-encoding") is None
    assert zipped.headers["content-encoding"] == "gzip"
    assert zipped.json() == first.json()  # the client undoes the gzip
    assert first.json()["view"] == "all"


def test_a_kept_replay_is_still_refused_to_whom_may_not_see_it(
    half_played: HalfPlayed, builds: list[int]
) -> None:
    site = half_played.site
    check = half_played.check_game
    held = half_played.games[0]  # finished, its deal still being played
    for game in (check, held):
        kept = site.client.get(f"/api/games/{game}/replay?view=all", headers=site.bearer("admin"))
        assert kept.status_code == 200
        assert "my hand is secret" in kept.text  # the bots' comments: the whole game
    for who in [None, "bob"]:
        headers = site.bearer(who) if who else {}
        hidden = site.client.get(f"/api/games/{check}/replay?view=all", headers=headers)
        assert hidden.status_code == 404
        refused = site.client.get(f"/api/games/{held}/replay?view=all", headers=headers)
        assert refused.status_code == 403
        spectator = site.client.get(f"/api/games/{held}/replay", headers=headers)
        assert spectator.status_code == 200
        assert "my hand is secret" not in spectator.text
    assert builds.count(held) == 1 + 2 * 2  # the admin's once; every held-back asking anew


def test_a_running_game_s_replay_is_built_at_every_download(
    half_played: HalfPlayed, builds: list[int]
) -> None:
    site = half_played.site
    running = half_played.games[-1]
    for _ in range(2):
        answer = site.client.get(f"/api/games/{running}/replay", headers=site.bearer("admin"))
        assert answer.status_code == 200
    assert builds == [running, running]
