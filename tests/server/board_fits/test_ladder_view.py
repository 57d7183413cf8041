"""A ladder's page and API: the stored fit, its age, and the games since moving Elo at once."""

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier_server.board_fits import BoardKey, fit_board_now
from croupier_server.control import TimeControl
from croupier_server.db.ladders import LadderRecord
from croupier_server.ladder.fit import read_ladder_fit
from croupier_server.ladder.matchmaking import MatchRules
from croupier_server.ladder.opening import open_ladder
from croupier_server.referee.game import RefereeSettings
from croupier_server.web import create_app
from tests.server.db.played import add_bots, played

LEXIO = {"players": 3, "rounds": 1}


def a_ladder(engine: Engine) -> LadderRecord:
    return open_ladder(
        engine,
        game=load_game("lexio", LEXIO),
        seed=5,
        concurrency=2,
        with_bots=[],
        rules=MatchRules(rating_deals=1),
        referee=RefereeSettings(time_control=TimeControl(decision_ms=5_000)),
    )


def play(engine: Engine, ladder: LadderRecord, bot_ids: list[int], deal: int, *scores: int) -> int:
    with Session(engine) as session:
        return played(
            session,
            bot_ids,
            *scores,
            game="lexio",
            options=LEXIO,
            tournament_id=ladder.tournament_id,
            number=deal,
            deal=deal,
        )


def test_the_ladder_shows_its_fits_age_and_moves_elo_by_the_games_since(engine: Engine) -> None:
    ladder = a_ladder(engine)
    with Session(engine) as session:
        bots = add_bots(session, "lexio", "ann", "ben", "cid")
    for deal in range(3):
        play(engine, ladder, bots, deal, 3, 2, 1)
    key = BoardKey("lexio", None, ladder.tournament_id)
    assert fit_board_now(engine, key, resamples=20) is not None
    with TestClient(create_app(engine, fits_boards=False)) as client:
        detail = client.get(f"/api/ladders/{ladder.id}").json()
        assert detail["rated_games"] == 3
        assert detail["fit_age_s"] >= 0
        assert detail["as_of"].startswith("ratings as of ")
        assert detail["games_since_fit"] == 0
        fitted = {line["bot"]: line["elo"] for line in detail["standings"]}
        assert not any(line["provisional"] for line in detail["standings"])
        play(engine, ladder, [bots[2], bots[1], bots[0]], 3, 3, 2, 1)  # cid wins, ann last
        detail = client.get(f"/api/ladders/{ladder.id}").json()
        assert detail["games_since_fit"] == 1
        moved = {line["bot"]: line["elo"] - fitted[line["bot"]] for line in detail["standings"]}
        assert moved["cid"] > 0 > moved["ann"]
        assert all(line["provisional"] for line in detail["standings"])
        page = client.get(f"/ladders/{ladder.id}").text
        assert "ratings as of " in page
        assert "provisional" in page
    matchmaking = read_ladder_fit(engine, game="lexio", tournament_id=ladder.tournament_id)
    assert matchmaking.provisional == {"ann", "ben", "cid"}
    assert matchmaking.ratings["cid"].elo == pytest.approx(fitted["cid"] + moved["cid"])


def test_a_ladder_never_fitted_says_its_ratings_are_being_computed(engine: Engine) -> None:
    ladder = a_ladder(engine)
    with Session(engine) as session:
        bots = add_bots(session, "lexio", "ann", "ben", "cid")
    play(engine, ladder, bots, 0, 3, 2, 1)
    with TestClient(create_app(engine, fits_boards=False)) as client:
        detail = client.get(f"/api/ladders/{ladder.id}").json()
        assert detail["fit_pending"]
        assert detail["standings"] == []
        assert "being computed" in client.get(f"/ladders/{ladder.id}").text


def test_a_bot_new_since_the_fit_is_listed_at_once_without_an_interval(engine: Engine) -> None:
    ladder = a_ladder(engine)
    with Session(engine) as session:
        ann, ben, cid, dee = add_bots(session, "lexio", "ann", "ben", "cid", "dee")
    for deal in range(3):
        play(engine, ladder, [ann, ben, cid], deal, 3, 2, 1)
    assert fit_board_now(engine, BoardKey("lexio", None, ladder.tournament_id), resamples=20)
    play(engine, ladder, [dee, ann, ben], 3, 3, 2, 1)  # dee, new, wins its first game
    with TestClient(create_app(engine, fits_boards=False)) as client:
        detail = client.get(f"/api/ladders/{ladder.id}").json()
        new = detail["standings"][-1]
        assert [line["bot"] for line in detail["standings"][:3]] == ["ann", "ben", "cid"]
        assert (new["bot"], new["rank"], new["games"], new["provisional"]) == ("dee", 4, 0, True)
        assert new["elo"] > 0
        assert (new["elo_low"], new["elo_high"]) == (None, None)
        assert "no interval until its first fit" in client.get(f"/ladders/{ladder.id}").text
