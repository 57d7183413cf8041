"""Swiss pairing: equal scores meet, rematches only when unavoidable, byes, resume."""

from __future__ import annotations

import asyncio
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier_server.tournament.formats import (
    Entrants,
    Format,
    PlayedGame,
    ScheduledGame,
    format_named,
)
from croupier_server.tournament.formats.swiss import (
    SWISS,
    Round,
    SwissSchedule,
    SwissSettings,
    pair_round,
)
from croupier_server.tournament.settings import TournamentSettings
from tests.server.tournament.simulation import GamePlayer, play_schedule

BOTS = tuple(f"bot{i}" for i in range(10))


def test_bots_of_equal_score_are_paired_down_from_the_top() -> None:
    # a and b won their first round, c and d lost theirs: winners meet, and losers.
    assert pair_round(["a", "b", "c", "d"], {frozenset("ac"), frozenset("bd")}) == Round(
        (("a", "b"), ("c", "d"))
    )


def test_a_rematch_is_avoided_by_pairing_down() -> None:
    assert pair_round(["a", "b", "c", "d"], {frozenset("ab")}).pairs == (("a", "c"), ("b", "d"))


def test_a_rematch_is_avoided_further_down_when_the_top_has_no_other_way() -> None:
    # a has met b and c: it meets d, and b meets c.
    met = {frozenset("ab"), frozenset("ac")}
    assert pair_round(["a", "b", "c", "d"], met).pairs == (("a", "d"), ("b", "c"))


def test_an_unavoidable_rematch_is_played_and_only_one() -> None:
    met = {frozenset("ab"), frozenset("cd"), frozenset("ac"), frozenset("bd")}
    # a-d and b-c are still new: no rematch; with those met too, fewest rematches.
    assert pair_round(["a", "b", "c", "d"], met).pairs == (("a", "d"), ("b", "c"))
    every = {frozenset(p) for p in ("ab", "ac", "ad", "bc", "bd", "cd")}
    assert pair_round(["a", "b", "c", "d"], every).pairs == (("a", "b"), ("c", "d"))
    one_left = every - {frozenset("cd")}
    assert pair_round(["a", "b", "c", "d"], one_left).pairs == (("a", "b"), ("c", "d"))


def test_the_bye_goes_to_the_lowest_ranked_bot_without_one() -> None:
    assert pair_round(["a", "b", "c"], set()).bye == "c"
    assert pair_round(["a", "b", "c"], set(), byes=["c"]).bye == "b"
    assert pair_round(["a", "b", "c"], set(), byes=["a", "b", "c"]).bye == "c"


def test_the_bye_moves_up_when_the_lowest_one_would_force_a_rematch() -> None:
    # Without c, a and b would meet again; with b out, a meets c.
    assert pair_round(["a", "b", "c"], {frozenset("ab")}) == Round((("a", "c"),), "b")


def winner_by_seed(strong: list[str]) -> GamePlayer:
    """A fake player: the stronger bot (earlier in ``strong``) wins both games of a deal."""

    async def play(game: ScheduledGame) -> PlayedGame:
        await asyncio.sleep(0)
        first, second = game.bots
        winner = first if strong.index(first) < strong.index(second) else second
        return PlayedGame(game.bots, tuple(1.0 if bot == winner else 0.0 for bot in game.bots))

    return play


def play(schedule: SwissSchedule, strong: list[str], finished: dict[int, PlayedGame]) -> None:
    asyncio.run(play_schedule(schedule, winner_by_seed(strong), finished=finished, concurrency=3))


@settings(max_examples=40, deadline=None)
@given(bots=st.integers(2, 5).map(lambda half: 2 * half), seed=st.integers(0, 2**32))
def test_no_rematch_while_one_can_be_avoided(bots: int, seed: int) -> None:
    # With at most half as many rounds as bots, a rematch can always be avoided (each bot
    # has not met at least half the field: Dirac's theorem gives a perfect matching).
    strong = list(BOTS[:bots])
    random.Random(seed).shuffle(strong)
    schedule = SWISS.schedule(Entrants(BOTS[:bots], 2, seed), SwissSettings(rounds=bots // 2))
    finished: dict[int, PlayedGame] = {}
    play(schedule, strong, finished)
    pairs = [frozenset(pair) for played in schedule.rounds for pair in played.pairs]
    assert len(pairs) == len(set(pairs)) == bots // 2 * bots // 2
    assert len(finished) == schedule.total == 2 * len(pairs)
    assert sum(schedule.points(finished).values()) == len(pairs)


def test_the_strongest_bot_wins_every_round_and_meets_the_other_leaders() -> None:
    strong = list(BOTS[:8])
    schedule = SWISS.schedule(Entrants(BOTS[:8], 2, 1), SwissSettings(rounds=3))
    finished: dict[int, PlayedGame] = {}
    play(schedule, strong, finished)
    points = schedule.points(finished)
    assert points["bot0"] == 3.0
    # Round 2 pairs the four winners of round 1 together, and the four losers.
    winners = {bot for bot in strong if points_after(schedule, finished, 1)[bot] == 1.0}
    for pair in schedule.rounds[1].pairs:
        assert (pair[0] in winners) == (pair[1] in winners)
    assert schedule.ranked(finished)[0] == "bot0"


def points_after(
    schedule: SwissSchedule, finished: dict[int, PlayedGame], rounds: int
) -> dict[str, float]:
    early = {number: game for number, game in finished.items() if number < 2 * 4 * rounds}
    return schedule.points(early)


def test_each_pairing_plays_one_deal_from_both_seats() -> None:
    schedule = SWISS.schedule(Entrants(BOTS[:4], 2, 9), SwissSettings(rounds=2))
    first = schedule.next_games({})
    assert [(g.number, g.deal, g.rotation) for g in first] == [
        (0, 0, 0),
        (1, 0, 1),
        (2, 1, 0),
        (3, 1, 1),
    ]
    assert first[1].bots == first[0].bots[::-1]
    assert first[0].seed == first[1].seed != first[2].seed
    assert schedule.next_games({0: PlayedGame(first[0].bots, (1.0, 0.0))}) == []
    assert schedule.remaining() == 7


def test_an_odd_field_gives_each_bot_one_bye_scored_as_a_win() -> None:
    strong = list(BOTS[:5])
    schedule = SWISS.schedule(Entrants(BOTS[:5], 2, 3), SwissSettings(rounds=5))
    finished: dict[int, PlayedGame] = {}
    play(schedule, strong, finished)
    byes = [played.bye for played in schedule.rounds]
    assert sorted(byes) == sorted(BOTS[:5])  # type: ignore[type-var]
    assert len(finished) == schedule.total == 5 * 2 * 2
    assert sum(schedule.points(finished).values()) == 5 * 2 + 5


def test_a_resumed_tournament_pairs_its_rounds_as_an_uninterrupted_one() -> None:
    strong = list(BOTS[:6])
    whole: dict[int, PlayedGame] = {}
    play(SWISS.schedule(Entrants(BOTS[:6], 2, 5), SwissSettings(rounds=3)), strong, whole)
    # A run stopped after seven games (in the middle of round 2), then resumed afresh.
    stopped = {number: whole[number] for number in sorted(whole)[:7]}
    left = SWISS.schedule(Entrants(BOTS[:6], 2, 5), SwissSettings(rounds=3)).next_games(stopped)
    assert [game.number for game in left] == [7, 8, 9, 10, 11]
    finished = dict(stopped)
    play(SWISS.schedule(Entrants(BOTS[:6], 2, 5), SwissSettings(rounds=3)), strong, finished)
    assert finished == whole


def test_swiss_is_for_two_seats_and_at_least_one_round() -> None:
    with pytest.raises(ValueError, match="two-player games, not 3 seats"):
        SWISS.schedule(Entrants(BOTS[:4], 3, 0), SwissSettings())
    with pytest.raises(ValueError, match="each bot may enter once"):
        SWISS.schedule(Entrants(("a", "a"), 2, 0), SwissSettings())
    with pytest.raises(ValueError, match="at least one round"):
        SwissSettings(rounds=0)


def test_the_settings_round_trip_through_the_stored_data() -> None:
    stored = TournamentSettings(
        bots=BOTS[:4], seed=7, format_settings=SwissSettings(rounds=3), total_games=12
    )
    conforming: Format[SwissSettings] = SWISS  # mypy checks that Swiss is a Format
    assert format_named("swiss") is conforming
    assert TournamentSettings.from_data("swiss", stored.to_data()) == stored
    assert [row.value for row in SwissSettings(rounds=3).rows()] == ["3"]
