"""A ladder's matchmaking: newcomers first, then the least certain, near opponents, every pair.

The ladder is simulated with a fit that knows the truth: each contender's interval narrows
as the square root of its deals, as a bootstrap's does.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from croupier_server.db.ladder_games import ChosenDeal
from croupier_server.ladder.choosing import Tally, deal_rng, next_deal
from croupier_server.ladder.matchmaking import (
    Contender,
    MatchRules,
    Rating,
    choose_table,
    expected_width,
)

RULES = MatchRules()


def fitted(tally: Tally, elo: dict[str, float]) -> dict[str, Rating]:
    """A fit of every contender with deals: its true Elo, ±400/sqrt(deals)."""
    ratings = {}
    for name, deals in tally.deals.items():
        half = 400 / math.sqrt(deals)
        ratings[name] = Rating(elo[name], elo[name] - half, elo[name] + half, deals)
    return ratings


def play_deals(
    tally: Tally, names: list[str], elo: dict[str, float], deals: int, *, seats: int = 2
) -> list[tuple[str, ...]]:
    """Choose ``deals`` deals one after another, each fitted before the next; their tables."""
    tables = []
    for _ in range(deals):
        games = next_deal(
            tally, seatable=names, ratings=fitted(tally, elo), seats=seats, seed=3, rules=RULES
        )
        table = games[0].bots
        tally.count(table)
        tally.next_deal += 1
        tally.next_number += len(games)
        tables.append(table)
    return tables


def test_the_same_contenders_meetings_and_seed_choose_the_same_table() -> None:
    rated = [
        Contender(name, 10, Rating(e, e - 90, e + 90, 10))
        for name, e in zip("abcdef", range(0, 600, 100), strict=True)
    ]
    met = {frozenset("ab"): 3, frozenset("cd"): 1}
    tables = {
        choose_table(rated, seats=3, met=met, rules=RULES, rng=deal_rng(7, 12)) for _ in range(5)
    }
    assert len(tables) == 1
    drawn = {
        choose_table(rated, seats=3, met=met, rules=RULES, rng=deal_rng(7, d)) for d in range(40)
    }
    assert len(drawn) > 1  # the draw depends on the deal


def test_a_new_version_plays_its_first_deals_before_anyone_else_is_chosen_first() -> None:
    names = ["a", "b", "c", "d"]
    elo = {"a": 0.0, "b": 100.0, "c": 200.0, "d": 300.0, "new": 150.0}
    tally = Tally()
    play_deals(tally, names, elo, 40)
    tables = play_deals(tally, [*names, "new"], elo, RULES.rating_deals)
    assert all(table[0] == "new" for table in tables)
    assert tally.deals["new"] == RULES.rating_deals
    # Then the least certain: the newcomer still, until its interval is as narrow as theirs.
    after = play_deals(tally, [*names, "new"], elo, 40)
    assert {table[0] for table in after} == {*names, "new"}
    assert max(tally.deals.values()) - min(tally.deals.values()) <= 3


def test_several_new_versions_play_their_first_deals_side_by_side() -> None:
    tally = Tally()
    elo = dict.fromkeys("abcd", 0.0)
    firsts = [table[0] for table in play_deals(tally, list("abcd"), elo, 4 * RULES.rating_deals)]
    # The one furthest behind goes first: no newcomer waits for the others' first deals.
    assert set(firsts) == set("abcd")
    assert all(tally.deals[name] >= RULES.rating_deals for name in "abcd")


def test_the_least_certain_rating_is_chosen_first() -> None:
    certain = [Contender(n, 20, Rating(0, -50, 50, 20)) for n in "abc"]
    unsure = Contender("d", 20, Rating(0, -200, 200, 20))
    table = choose_table([*certain, unsure], seats=2, met={}, rules=RULES, rng=random.Random(0))
    assert table is not None
    assert table[0] == "d"


def test_deals_waiting_to_be_played_count_against_being_chosen_again() -> None:
    waiting = Contender("a", 40, Rating(0, -120, 120, 10))  # 30 deals not in the fit yet
    other = Contender("b", 10, Rating(0, -100, 100, 10))
    assert expected_width(waiting, RULES) < expected_width(other, RULES)
    table = choose_table(
        [waiting, other, Contender("c", 10, Rating(0, -90, 90, 10))],
        seats=2,
        met={},
        rules=RULES,
        rng=random.Random(0),
    )
    assert table is not None
    assert table[0] == "b"


def test_opponents_are_mostly_near_in_rating() -> None:
    field = [
        Contender(f"b{i}", 20, Rating(100.0 * i, 100.0 * i - 60, 100.0 * i + 60, 20))
        for i in range(12)
    ]
    first = Contender("first", 20, Rating(550, 350, 750, 20))  # the widest: first seat
    met = {frozenset(("first", c.name)): 1 for c in field}
    distances: Counter[bool] = Counter()
    for deal in range(400):
        table = choose_table([first, *field], seats=2, met=met, rules=RULES, rng=deal_rng(1, deal))
        assert table is not None
        assert table[0] == "first"
        opponent = int(table[1][1:])
        distances[abs(100 * opponent - 550) <= 250] += 1
    # Within 250 Elo: 5 of the 12 opponents, drawn in most deals (a uniform draw: 5/12).
    assert distances[True] / 400 > 0.75


def test_an_opponent_never_met_is_boosted() -> None:
    field = [Contender(n, 20, Rating(0, -100, 100, 20)) for n in "abcde"]
    first = Contender("x", 20, Rating(0, -300, 300, 20))
    met = {frozenset(("x", n)): 5 for n in "abcd"}  # never met e
    drawn: Counter[str] = Counter()
    for deal in range(500):
        table = choose_table([first, *field], seats=2, met=met, rules=RULES, rng=deal_rng(2, deal))
        assert table is not None
        drawn[table[1]] += 1
    # e is boosted 4 times: 4/8 of the draws, against 1/8 for each of the others.
    assert drawn["e"] / 500 == pytest.approx(0.5, abs=0.08)


@pytest.mark.parametrize("seats", [2, 4])
def test_every_contender_meets_every_other_over_time(seats: int) -> None:
    names = [f"v{i}" for i in range(10)]
    elo = {name: 150.0 * i for i, name in enumerate(names)}  # 1350 Elo from first to last
    tally = Tally()
    play_deals(tally, names, elo, 400, seats=seats)
    never = [pair for pair in itertools.combinations(names, 2) if not tally.met[frozenset(pair)]]
    assert never == []
    # Near ones meet more often than far ones.
    assert tally.met[frozenset(("v4", "v5"))] > tally.met[frozenset(("v0", "v9"))]


def test_a_deal_is_played_in_every_rotation_of_its_table() -> None:
    tally = Tally(next_deal=7, next_number=30)
    games = next_deal(tally, seatable=list("abcdef"), ratings={}, seats=4, seed=11, rules=RULES)
    table = games[0].bots
    assert [game.number for game in games] == [30, 31, 32, 33]
    assert {game.deal for game in games} == {7}
    assert len({game.seed for game in games}) == 1
    assert [game.bots for game in games] == [table[r:] + table[:r] for r in range(4)]
    for seat in range(4):  # every bot sits in every seat once
        assert sorted(game.bots[seat] for game in games) == sorted(table)


def test_too_few_contenders_make_no_table() -> None:
    assert (
        choose_table([Contender("a", 0)], seats=2, met={}, rules=RULES, rng=random.Random(0))
        is None
    )
    assert next_deal(Tally(), seatable=list("abc"), ratings={}, seats=4, seed=1, rules=RULES) == []


@pytest.mark.parametrize(
    ("setting", "value", "message"),
    [
        ("rating_deals", 0, "at least one deal"),
        ("rating_deals", 2.5, "whole number"),
        ("closeness_elo", 0, "positive"),
        ("unmet_boost", 0.5, "at least 1"),
        ("floor", -1.0, "positive"),
    ],
)
def test_rules_out_of_bounds_are_refused(setting: str, value: float, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        MatchRules(**{setting: value})  # type: ignore[arg-type]


def test_the_rules_round_trip_through_their_data() -> None:
    rules = MatchRules(rating_deals=9, closeness_elo=150, unmet_boost=2.5)
    assert MatchRules.from_data(rules.to_data()) == rules
    assert MatchRules.from_data({}) == MatchRules()


def test_a_tally_counted_again_from_the_stored_deals_chooses_as_the_one_kept() -> None:
    names = [f"v{i}" for i in range(6)]
    elo = {name: 80.0 * i for i, name in enumerate(names)}
    kept = Tally()
    tables = play_deals(kept, names, elo, 25, seats=4)
    stored = [ChosenDeal(deal, frozenset(table)) for deal, table in enumerate(tables)]
    again = Tally.of(stored, next_deal=kept.next_deal, next_number=kept.next_number)
    assert again == kept
    ratings = fitted(kept, elo)
    chosen = [
        next_deal(tally, seatable=names, ratings=ratings, seats=4, seed=3, rules=RULES)
        for tally in (kept, again)
    ]
    assert chosen[0] == chosen[1]
