"""legal_actions against a brute-force oracle, and apply against legal_actions."""

import itertools
import random

from hypothesis import given
from hypothesis import strategies as st

from croupier.games import IllegalAction
from croupier.games.lexio import (
    Combination,
    IllegalCombination,
    Lexio,
    LexioState,
    Pass,
    Play,
    Tile,
    combination,
)

players_st = st.sampled_from([3, 4, 5])
seeds = st.integers(0, 2**32 - 1)


def brute_force(hand: tuple[Tile, ...], players: int, table: Combination | None) -> set[Play]:
    """Every subset of 1, 2, 3 or 5 tiles that is a combination beating the table."""
    plays = set()
    for size in (1, 2, 3, 5):
        for tiles in itertools.combinations(hand, size):
            try:
                played = combination(tiles, players)
            except IllegalCombination:
                continue
            if table is None or played.beats(table):
                plays.add(Play(tiles))
    return plays


def snapshot(state: LexioState) -> object:
    views = [state.observation(seat) for seat in [None, *range(state.game.players)]]
    return state.events, state.actions, views, state.result()


@given(players_st, seeds, seeds)
def test_legal_actions_equal_the_brute_force(players: int, seed: int, choices: int) -> None:
    state = Lexio(players=players, rounds=1).new_state(seed)
    rng = random.Random(choices)
    checked = 0
    while not state.is_over():
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        # The first lead has the fullest hand; after that, a sample of smaller hands.
        if checked == 0 or (len(state.hand(seat)) <= 9 and rng.random() < 0.2):
            view = state.observation(seat)
            plays = [action for action in legal if isinstance(action, Play)]
            assert len(plays) == len(set(plays))
            assert set(plays) == brute_force(view.hand, players, view.table)
            assert (Pass() in legal) == (view.table is not None)
            checked += 1
        # Plays by size then strength, then the pass; the same list every time.
        kinds = [combination(a.tiles, players) for a in legal if isinstance(a, Play)]
        assert kinds == sorted(kinds, key=lambda c: (c.size, c.strength))
        assert legal == state.legal_actions(seat)
        assert Pass() not in legal[:-1]
        state.apply(seat, rng.choice(legal))


@given(players_st, seeds, seeds)
def test_listed_actions_apply_and_others_are_refused(players: int, seed: int, choices: int) -> None:
    state = Lexio(players=players, rounds=1).new_state(seed)
    rng = random.Random(choices)
    while not state.is_over():
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        if rng.random() < 0.15:
            for action in legal:
                copy = state.clone()
                copy.apply(seat, action)
                assert copy.actions[-1] == (seat, action)
            assert_refused(state, seat, set(legal), rng)
        state.apply(seat, rng.choice(legal))
    before = snapshot(state)
    try:
        state.apply(0, Pass())
    except IllegalAction:
        pass
    else:
        raise AssertionError("an action after the end of the match was accepted")
    assert snapshot(state) == before


def assert_refused(
    state: LexioState, seat: int, legal: set[Play | Pass], rng: random.Random
) -> None:
    players = state.game.players
    hand = state.hand(seat)
    others = [tile for other in range(players) if other != seat for tile in state.hand(other)]
    attempts: list[tuple[int, Play | Pass]] = []
    for _ in range(10):
        tiles = rng.sample(hand, rng.randint(1, min(len(hand), 6)))
        attempts.append((seat, Play(tiles)))
    stranger = rng.choice(others)
    attempts.append((seat, Play([stranger])))
    attempts.append((seat, Play([*rng.sample(hand, 1), stranger])))
    attempts.append(((seat + 1) % players, rng.choice(list(legal))))
    attempts.append(((seat + 1) % players, Pass()))
    if state.observation(seat).table is None:
        attempts.append((seat, Pass()))
    for who, action in attempts:
        if who == seat and action in legal:
            continue
        before = snapshot(state)
        try:
            state.apply(who, action)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"seat {who} was allowed {action}")
        assert snapshot(state) == before
