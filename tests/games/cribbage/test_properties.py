"""Invariants of random games of every variant (hypothesis): the engine's contract.

Every random game ends; every card is in exactly one place at every step; scores never go
down and the winner ends on the target; a seed and the same choices give the same game; the
replay rebuilds it; the discard asks every seat yet to discard at once; every listed action
applies and unlisted ones are refused without a trace; a resampled copy looks the same to
the seat it was drawn for (and to a spectator).
"""

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from croupier.games import IllegalAction
from croupier.games._rollout import random_rollout
from croupier.games.cribbage import (
    CARDS,
    VARIANTS,
    Action,
    Cribbage,
    CribbageState,
    Discard,
    GameStarted,
    GameWon,
    Peg,
    Place,
    skunk_of,
)
from croupier.games.cribbage._position import Position

seeds = st.integers(0, 2**32 - 1)


def cards_in_play(state: CribbageState) -> list[int]:
    """Every card code of the state, wherever it is: each of the 52 must appear once."""
    position = state._position
    places = [position.pack, position.crib, position.dead, *position.hands]
    places.append([code for _, code in position.played])
    places.extend(list(discard) for discard in position.discards if discard)
    places.append([code for code in (position.starter, position.turned) if code is not None])
    places.append([code for code in position.grid if code is not None])
    return sorted(code for place in places for code in place)


def fingerprint(state: CribbageState) -> list[object]:
    position = state._position
    values: list[object] = []
    for name in Position.__slots__:
        value = getattr(position, name)
        if name == "rng":
            value = value.getstate()
        elif name == "hands":
            value = tuple(tuple(hand) for hand in value)
        elif isinstance(value, list):
            value = tuple(value)
        values.append(value)
    return values


def unlisted_actions(state: CribbageState, seat: int, rng: random.Random) -> list[Action]:
    """A sample of actions that are not legal for ``seat`` now."""
    legal = set(state.legal_actions(seat))
    size = state.game.layout.lay_away or 1
    candidates: list[Action] = [Peg(card) for card in CARDS]
    candidates += [
        Place(card, row, col) for card in rng.sample(CARDS, 3) for row, col in ((0, 0), (3, 3))
    ]
    for discard_size in {size, size + 1, max(1, size - 1)}:
        for _ in range(6):
            candidates.append(Discard(tuple(rng.sample(CARDS, discard_size))))
    hand = state._position.hands[seat] if seat < state.game.num_players else []
    candidates += [
        Discard(tuple(CARDS[code] for code in combo)) for combo in combinations(hand, size + 1)
    ]
    unlisted = [action for action in candidates if action not in legal]
    return rng.sample(unlisted, min(12, len(unlisted)))


def check_actions(state: CribbageState, seat: int, rng: random.Random) -> None:
    """Every listed action applies on a clone; unlisted ones and wrong seats are refused."""
    before = fingerprint(state)
    for action in state.legal_actions(seat):
        clone = state.clone()
        clone.apply(seat, action)
        assert clone.actions[-1] == (seat, action)
    refused = [(seat, action) for action in unlisted_actions(state, seat, rng)]
    idle = [
        other for other in range(state.game.num_players + 1) if other not in state.seats_to_act()
    ]
    refused += [(other, action) for other in idle for action in state.legal_actions(seat)[:2]]
    for other, action in refused:
        with pytest.raises(IllegalAction):
            state.apply(other, action)
    assert fingerprint(state) == before


def check_resample(state: CribbageState, rng: random.Random, rollout: bool) -> None:
    """A resampled copy looks the same to its seat and to a spectator, and plays on."""
    before = fingerprint(state)
    for seat in range(state.game.num_players):
        copy = state.resample_hidden(seat, random.Random(rng.random()))
        assert copy.observation(seat) == state.observation(seat)
        assert copy.observation(None) == state.observation(None)
        assert copy.events_for(seat) == state.events_for(seat)
        assert cards_in_play(copy) == list(range(52))
        if rollout:
            random_rollout(copy, random.Random(rng.random()))
            assert copy.result() is not None
    assert fingerprint(state) == before


def play_checked(variant: str, seed: int, chooser: int) -> CribbageState:
    """Play a random single game of ``variant``, checking the invariants at every step."""
    state = Cribbage(variant=variant, match_points=1).new_state(seed)
    rng = random.Random(chooser)  # the choices, as the replay below makes them
    checks = random.Random(~chooser)  # everything the checks draw
    players = state.game.num_players
    scores = state.observation(None).scores
    game_number = 1
    steps = 0
    while not state.is_over():
        assert steps < 3000, "the game does not end"
        assert cards_in_play(state) == list(range(52))
        public = state.observation(None)
        seats = state.seats_to_act()
        if public.phase == "discard":
            assert seats == tuple(seat for seat in range(players) if not public.discarded[seat])
            assert state.current_player() == (seats if len(seats) > 1 else seats[0])
        else:
            assert len(seats) == 1
        if public.game_number == game_number:
            assert all(new >= old for new, old in zip(public.scores, scores, strict=True))
        scores, game_number = public.scores, public.game_number
        seat = rng.choice(seats)
        actions = state.legal_actions(seat)
        assert actions
        assert len(set(actions)) == len(actions)
        if steps % 4 == 0:
            check_actions(state, seat, checks)
            check_resample(state, checks, rollout=steps % 40 == 0)
        state.apply(seat, rng.choice(actions))
        steps += 1
    assert cards_in_play(state) == list(range(52))
    return state


@pytest.mark.parametrize("variant", VARIANTS)
@given(seed=seeds, chooser=seeds)
def test_random_games_keep_every_invariant(variant: str, seed: int, chooser: int) -> None:
    state = play_checked(variant, seed, chooser)
    result = state.result()
    assert result is not None
    assert state.seats_to_act() == ()
    assert state.current_player() is None
    assert all(state.legal_actions(seat) == [] for seat in range(state.game.num_players))
    if state.game.layout.is_solo:
        assert result.won == (result.scores[0] >= state.game.target)
    else:
        (record,) = result.games
        layout = state.game.layout
        side = layout.side_of(record.winner)
        assert record.scores[record.winner] == state.game.target
        losers = [score for seat, score in enumerate(record.scores) if layout.side_of(seat) != side]
        assert all(score < state.game.target for score in losers)
    assert state.game.replay(seed, state.actions).events == state.events
    again = Cribbage(variant=variant, match_points=1).new_state(seed)
    rng = random.Random(chooser)
    while seats := again.seats_to_act():
        seat = rng.choice(seats)
        again.apply(seat, rng.choice(again.legal_actions(seat)))
    assert again.events == state.events


table_variants = st.sampled_from([v for v in VARIANTS if v not in ("solitaire", "square")])


@settings(max_examples=25)
@given(
    variant=table_variants,
    seed=seeds,
    match_points=st.integers(1, 4),
    game_points=st.lists(st.integers(1, 3), min_size=4, max_size=4).map(sorted),
    triple=st.booleans(),
    next_first_dealer=st.sampled_from(["cut", "alternate", "loser"]),
)
def test_random_matches_add_up(
    variant: str,
    seed: int,
    match_points: int,
    game_points: list[int],
    triple: bool,
    next_first_dealer: str,
) -> None:
    game = Cribbage.from_options(
        {
            "variant": variant,
            "match_points": match_points,
            "game_points": game_points,
            "triple_skunk_wins_match": triple,
            "next_first_dealer": next_first_dealer,
        }
    )
    state = random_rollout(game.new_state(seed), random.Random(seed))
    result = state.result()
    assert result is not None
    layout = game.layout
    totals = [0] * layout.sides
    starts = [event for event in state.events if isinstance(event, GameStarted)]
    wins = [event for event in state.events if isinstance(event, GameWon)]
    assert len(starts) == len(wins) == len(result.games)
    for number, (record, won) in enumerate(zip(result.games, wins, strict=True), start=1):
        side = layout.side_of(record.winner)
        assert (record.number, won.game, won.winner) == (number, number, record.winner)
        assert record.scores[record.winner] == game.target
        losing = max(
            score for seat, score in enumerate(record.scores) if layout.side_of(seat) != side
        )
        assert record.skunk == skunk_of(losing, game.target)
        value = game.game_points[list(type(record.skunk)).index(record.skunk)]
        if not (triple and record.skunk.name == "TRIPLE"):
            assert record.game_points == value
        totals[side] += record.game_points
        assert won.match == tuple(totals[layout.side_of(seat)] for seat in range(layout.players))
    assert result.scores == tuple(totals[layout.side_of(seat)] for seat in range(layout.players))
    assert max(totals) >= match_points
    assert sum(total >= match_points for total in totals) == 1
    for previous, start, won in zip(starts, starts[1:], wins, strict=False):
        if next_first_dealer == "alternate":
            assert start.dealer == (previous.dealer + 1) % layout.players
        elif next_first_dealer == "loser":
            assert layout.side_of(start.dealer) != layout.side_of(won.winner)
        assert start.reason == next_first_dealer
