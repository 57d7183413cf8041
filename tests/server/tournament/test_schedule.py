"""The static formats' plans: balance of seats and opponents, rotations, determinism."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier_server.tournament.formats import Entrants, ScheduledGame
from croupier_server.tournament.formats.gauntlet import GAUNTLET
from croupier_server.tournament.formats.round_robin import ROUND_ROBIN

BOTS = [f"bot{i}" for i in range(8)]


def schedule(
    bots: list[str],
    *,
    seats: int,
    deals: int,
    seed: int,
    schedule_format: str = "round-robin",
    challengers: list[str] | tuple[str, ...] = (),
    duplicate: bool = True,
) -> list[ScheduledGame]:
    """The plan of a round robin or a gauntlet, from settings as a request gives them."""
    data = {"deals": deals, "duplicate": duplicate, "challengers": list(challengers)}
    entrants = Entrants(tuple(bots), seats, seed)
    if schedule_format == "gauntlet":
        return GAUNTLET.plan(entrants, GAUNTLET.settings_from_data(data))
    return ROUND_ROBIN.plan(entrants, ROUND_ROBIN.settings_from_data(data))


@settings(max_examples=60, deadline=None)
@given(
    bots=st.integers(2, 8), seats=st.integers(2, 5), deals=st.integers(1, 12), seed=st.integers()
)
def test_every_bot_sits_every_seat_equally(bots: int, seats: int, deals: int, seed: int) -> None:
    if bots < seats:
        return
    games = schedule(BOTS[:bots], seats=seats, deals=deals, seed=seed)
    seat_counts = Counter((bot, seat) for g in games for seat, bot in enumerate(g.bots))
    per_bot = Counter(bot for g in games for bot in g.bots)
    assert len(set(per_bot.values())) == 1, per_bot
    for bot in BOTS[:bots]:
        assert {seat_counts[bot, seat] for seat in range(seats)} == {per_bot[bot] // seats}
    assert [g.number for g in games] == list(range(len(games)))
    assert games == schedule(BOTS[:bots], seats=seats, deals=deals, seed=seed)


@settings(max_examples=60, deadline=None)
@given(
    bots=st.integers(2, 8), seats=st.integers(2, 5), deals=st.integers(1, 12), seed=st.integers()
)
def test_each_deal_is_played_in_every_rotation(
    bots: int, seats: int, deals: int, seed: int
) -> None:
    if bots < seats:
        return
    by_deal: dict[int, list[tuple[str, ...]]] = {}
    seeds: dict[int, set[int]] = {}
    for game in schedule(BOTS[:bots], seats=seats, deals=deals, seed=seed):
        by_deal.setdefault(game.deal, []).append(game.bots)
        seeds.setdefault(game.deal, set()).add(game.seed)
    for tables in by_deal.values():
        first = tables[0]
        assert sorted(tables) == sorted(first[r:] + first[:r] for r in range(seats))
    assert all(len(s) == 1 for s in seeds.values())
    assert len({next(iter(s)) for s in seeds.values()}) == len(seeds)


@pytest.mark.parametrize(("bots", "seats", "deals"), [(8, 4, 20), (10, 3, 30), (12, 5, 24)])
def test_balanced_tables_meet_everyone_about_equally(bots: int, seats: int, deals: int) -> None:
    games = schedule(
        BOTS[:bots] + [f"x{i}" for i in range(bots - 8)], seats=seats, deals=deals, seed=1
    )
    tables = {g.deal: frozenset(g.bots) for g in games}
    met = Counter(frozenset(p) for t in tables.values() for p in itertools.combinations(t, 2))
    names = {bot for t in tables.values() for bot in t}
    counts = [met[frozenset(p)] for p in itertools.combinations(sorted(names), 2)]
    assert min(counts) >= 1
    assert max(counts) - min(counts) <= 3


def test_two_players_every_pair_plays_every_deal_both_ways() -> None:
    games = schedule(["a", "b", "c"], seats=2, deals=2, seed=5)
    assert len(games) == 3 * 2 * 2
    assert Counter(frozenset(g.bots) for g in games) == {
        frozenset(p): 4 for p in itertools.combinations("abc", 2)
    }


def test_small_fields_play_every_combination() -> None:
    games = schedule(["a", "b", "c", "d", "e"], seats=4, deals=1, seed=0)
    assert len(games) == 5 * 4
    assert len({frozenset(g.bots) for g in games}) == 5


def test_gauntlet_pits_the_challengers_against_the_rest_only() -> None:
    games = schedule(
        ["a", "b", "c", "d"],
        seats=2,
        deals=3,
        seed=0,
        schedule_format="gauntlet",
        challengers=["a"],
    )
    assert len(games) == 3 * 3 * 2
    assert all("a" in g.bots for g in games)
    tables = schedule(
        list("abcdef"),
        seats=3,
        deals=4,
        seed=0,
        schedule_format="gauntlet",
        challengers=["a"],
    )
    assert all(g.bots.count("a") == 1 for g in tables)


def test_solitaire_bots_play_the_same_deals() -> None:
    games = schedule(["a", "b"], seats=1, deals=3, seed=0)
    assert len(games) == 6
    assert {g.seed for g in games if g.bots == ("a",)} == {
        g.seed for g in games if g.bots == ("b",)
    }


def test_seeds_follow_the_tournament_seed() -> None:
    assert (
        schedule(["a", "b"], seats=2, deals=1, seed=1)[0].seed
        != schedule(["a", "b"], seats=2, deals=1, seed=2)[0].seed
    )


@pytest.mark.parametrize(
    ("bots", "seats", "kwargs"),
    [
        (["a"], 2, {}),
        (["a", "a"], 2, {}),
        (["a", "b"], 2, {"schedule_format": "gauntlet"}),
        (["a", "b"], 2, {"schedule_format": "gauntlet", "challengers": ["z"]}),
        (["a", "b"], 2, {"challengers": ["a"]}),
    ],
)
def test_impossible_schedules_are_refused(
    bots: list[str], seats: int, kwargs: dict[str, object]
) -> None:
    with pytest.raises(ValueError, match=r"."):
        schedule(bots, seats=seats, deals=1, seed=0, **kwargs)  # type: ignore[arg-type]
