"""Lists of games hide a check game from strangers and a held deal's results (issue 22).

On the site of ``tests/web/test_disclosure.py`` (a Lexio deal of three rotations, two of
them finished and the third running, and a check game of ada's against the bots east and
west): the games list, its HTML page and a bot's page leave out the check game for a
stranger and for bob, and show it to ada and the admin; and while the deal is still
played they give no score, place or winner of its finished games, nor find them by
result, but to the admin; once the deal is over they do.
"""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from croupier.games import State
from croupier_server import db
from croupier_server.clock import utc_now
from croupier_server.db import DecidedBy
from croupier_server.db.game_log import NewAction
from tests.web.test_disclosure import LEXIO, SEED, HalfPlayed, _whole_game, half_played

__all__ = ["half_played"]


def _get(half: HalfPlayed, url: str, who: str | None) -> Any:
    site = half.site
    answer = site.client.get(url, headers=site.bearer(who) if who else {})
    assert answer.status_code == 200, (url, answer.text)
    return answer.json() if url.startswith("/api/") else answer.text


def play_out(half: HalfPlayed) -> None:
    """Finish the deal's running game, as its bots would have."""
    last = half.games[-1]
    actions = _whole_game(SEED)
    state: State[Any, Any, Any] = LEXIO.new_state(SEED)
    for seat, action in actions:
        state.apply(seat, action)
    result = state.result()
    assert result is not None
    with Session(half.site.engine) as session:
        new = [NewAction(s, a, utc_now(), DecidedBy.BOT) for s, a in actions[4:]]
        db.record_actions(session, game_id=last, actions=new)
        db.finish_game(session, game_id=last, result=result)


def _east(half: HalfPlayed) -> int:
    with Session(half.site.engine) as session:
        east = db.get_bot_by_name(session, name="east")
        assert east is not None
        assert east.id is not None
        return east.id


def test_a_check_game_is_listed_to_its_author_and_the_admin_only(half_played: HalfPlayed) -> None:
    check = half_played.check_game
    with Session(half_played.site.engine) as session:
        db.record_fault(session, game_id=check, seat=1, kind="timeout", detail="a check fault")
    east = _east(half_played)
    for who, listed in [(None, False), ("bob", False), ("ada", True), ("admin", True)]:
        games = _get(half_played, "/api/games", who)["games"]
        assert (check in [game["id"] for game in games]) is listed, who
        assert (f'href="/games/{check}"' in _get(half_played, "/games", who)) is listed, who
        bot = _get(half_played, f"/api/bots/{east}", who)
        assert (check in [game["game_id"] for game in bot["recent_games"]]) is listed, who
        assert (bot["fault_kinds"] == {"timeout": 1}) is listed, who
        assert (check in [fault["game_id"] for fault in bot["latest_faults"]]) is listed, who
        assert (f'href="/games/{check}' in _get(half_played, f"/bots/{east}", who)) is listed


def test_a_deal_still_played_is_listed_without_its_results(half_played: HalfPlayed) -> None:
    finished = half_played.games[:2]
    east = _east(half_played)
    for who in [None, "bob"]:
        lines = {game["id"]: game for game in _get(half_played, "/api/games", who)["games"]}
        for game_id in finished:
            line = lines[game_id]
            assert [(seat["score"], seat["place"]) for seat in line["seats"]] == [(None, None)] * 3
            assert (line["winners"], line["match_scores"]) == ([], [])
            assert "held back until all its games are played" in line.get("held_back", "")
        won = _get(half_played, "/api/games?bot=east&result=won", who)["games"]
        lost = _get(half_played, "/api/games?bot=east&result=lost", who)["games"]
        assert not {game["id"] for game in won + lost} & set(finished)
        recent = {
            game["game_id"]: game
            for game in _get(half_played, f"/api/bots/{east}", who)["recent_games"]
        }
        for game_id in finished:
            game = recent[game_id]
            assert (game["score"], game["place"], game["result"], game["margin"]) == (None,) * 4
    admin = {game["id"]: game for game in _get(half_played, "/api/games", "admin")["games"]}
    assert all(admin[game_id]["winners"] for game_id in finished)

    play_out(half_played)
    lines = {game["id"]: game for game in _get(half_played, "/api/games", None)["games"]}
    for game_id in half_played.games:
        assert lines[game_id]["winners"]
        assert lines[game_id]["held_back"] == ""
    recent = _get(half_played, f"/api/bots/{east}", None)["recent_games"]
    assert all(game["result"] is not None for game in recent if game["game_id"] in finished)
