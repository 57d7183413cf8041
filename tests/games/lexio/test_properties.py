"""Invariants over random matches: every match ends, tiles and chips are conserved, a seed
fixes the game, and no seat's view depends on another seat's hidden tiles."""

import random

from hypothesis import given
from hypothesis import strategies as st

from croupier.games.lexio import (
    Lexio,
    LexioState,
    Play,
    RoundEnded,
    RoundStarted,
    Tile,
    TilesDealt,
    deck,
    parse_action,
)

players_st = st.sampled_from([3, 4, 5])
seeds = st.integers(0, 2**32 - 1)
chips = st.sampled_from([1, 8, 64])


def played_this_round(state: LexioState) -> list[Tile]:
    history = state.observation(None).history
    return [tile for _, action in history if isinstance(action, Play) for tile in action.tiles]


def assert_tiles_conserved(state: LexioState) -> None:
    """Every tile in exactly one place: a hand or the plays of the current round."""
    players = state.game.players
    places = [tile for seat in range(players) for tile in state.hand(seat)]
    if not state.is_over():
        places += played_this_round(state)
        sizes = state.observation(None).hand_sizes
        assert sizes == tuple(len(state.hand(seat)) for seat in range(players))
        assert all(sizes), "whenever a move is asked for, every player holds a tile"
    if state.is_over():
        final = [e for e in state.events if isinstance(e, RoundEnded)][-1]
        assert tuple(state.hand(seat) for seat in range(players)) == final.hands
        return
    assert sorted(places) == list(deck(players))


def play_out(state: LexioState, rng: random.Random, *, check: bool = False) -> None:
    for _ in range(10_000):
        if state.is_over():
            return
        if check:
            assert_tiles_conserved(state)
        seat = state.seats_to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("the match did not end within 10,000 actions")


@given(players_st, seeds, seeds, chips)
def test_every_match_ends_conserving_tiles_and_chips(
    players: int, seed: int, choices: int, starting_chips: int
) -> None:
    game = Lexio(players=players, starting_chips=starting_chips)
    state = game.new_state(seed)
    play_out(state, random.Random(choices), check=True)
    assert state.seats_to_act() == ()
    assert state.legal_actions(0) == []
    ends = [e for e in state.events if isinstance(e, RoundEnded)]
    result = state.result()
    assert result is not None
    assert 1 <= result.rounds_played == len(ends) <= game.rounds
    for end in ends:
        assert sum(end.nets) == 0
        assert sum(end.balances) == players * starting_chips
        assert end.hands[end.winner] == ()
    assert result.scores == ends[-1].balances
    assert [end.nets for end in ends] == list(result.round_nets)
    # The match ends after the last round or once a balance is at zero or below.
    early = [i for i, end in enumerate(ends) if min(end.balances) <= 0]
    assert len(ends) == (early[0] + 1 if early else game.rounds)


@given(players_st, seeds, seeds)
def test_a_seed_fixes_the_game(players: int, seed: int, choices: int) -> None:
    game = Lexio(players=players, rounds=2)
    first, second = game.new_state(seed), game.new_state(seed)
    play_out(first, random.Random(choices))
    play_out(second, random.Random(choices))
    assert first.events == second.events
    assert first.actions == second.actions
    assert first.result() == second.result()


@given(players_st, seeds, seeds)
def test_replay_reproduces_the_events(players: int, seed: int, choices: int) -> None:
    game = Lexio(players=players, rounds=2)
    state = game.new_state(seed)
    play_out(state, random.Random(choices))
    assert game.replay(seed, state.actions).events == state.events
    # The text form of the actions replays the game too.
    written = [(seat, str(action)) for seat, action in state.actions]
    replayed = game.replay(seed, [(seat, game.parse_action(text)) for seat, text in written])
    assert replayed.events == state.events
    assert replayed.result() == state.result()


def advance(state: LexioState, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_over():
            return
        seat = state.seats_to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def deal_is_consistent(state: LexioState) -> bool:
    """This round's TilesDealt events are each hand plus what that seat played since."""
    events = list(state.events)
    start = max(i for i, e in enumerate(events) if isinstance(e, RoundStarted))
    history = state.observation(None).history
    for event in events[start:]:
        if isinstance(event, TilesDealt):
            played = [
                tile
                for seat, action in history
                if seat == event.seat and isinstance(action, Play)
                for tile in action.tiles
            ]
            if sorted([*state.hand(event.seat), *played]) != list(event.tiles):
                return False
    return True


@given(players_st, seeds, seeds, st.integers(0, 400), seeds)
def test_resample_hidden_keeps_the_seat_view(
    players: int, seed: int, choices: int, steps: int, resample: int
) -> None:
    state = Lexio(players=players).new_state(seed)
    advance(state, random.Random(choices), steps)
    before = (state.events, [state.observation(s) for s in range(players)])
    for seat in range(players):
        copy = state.resample_hidden(seat, random.Random(resample + seat))
        assert copy.observation(seat) == state.observation(seat)
        assert copy.observation(None) == state.observation(None)
        assert copy.hand(seat) == state.hand(seat)
        assert_tiles_conserved(copy)
        assert deal_is_consistent(copy)
        view = state.observation(None)
        cloud3 = Tile.from_str("cloud3")
        if cloud3 in state.hand(view.starting_seat):
            # Everybody knows the starter was dealt cloud3 and has not played it.
            assert cloud3 in copy.hand(view.starting_seat)
        play_out(copy, random.Random(resample))
    assert (state.events, [state.observation(s) for s in range(players)]) == before


@given(players_st, seeds, seeds, st.integers(0, 400), st.data())
def test_other_seats_hidden_tiles_do_not_show(
    players: int, seed: int, choices: int, steps: int, data: st.DataObject
) -> None:
    state = Lexio(players=players).new_state(seed)
    advance(state, random.Random(choices), steps)
    seat = data.draw(st.sampled_from(range(players)), label="seat")
    a, b = data.draw(
        st.lists(st.sampled_from([s for s in range(players) if s != seat]), min_size=2)
        .map(lambda seats: sorted(set(seats)))
        .filter(lambda seats: len(seats) >= 2),
        label="other seats",
    )[:2]
    if state.is_over() or not state.hand(a) or not state.hand(b):
        return
    tile_a = data.draw(st.sampled_from(state.hand(a)), label="tile of a")
    tile_b = data.draw(st.sampled_from(state.hand(b)), label="tile of b")
    swapped = state.clone()
    hands = [sum(1 << tile.index for tile in swapped.hand(s)) for s in range(players)]
    hands[a] ^= (1 << tile_a.index) | (1 << tile_b.index)
    hands[b] ^= (1 << tile_a.index) | (1 << tile_b.index)
    swapped._replace_hands(hands)
    assert swapped.hand(a) != state.hand(a)
    assert swapped.observation(seat) == state.observation(seat)
    assert swapped.observation(None) == state.observation(None)


@given(st.integers(0, 2**32 - 1))
def test_text_forms_round_trip(seed: int) -> None:
    rng = random.Random(seed)
    tiles = rng.sample(list(deck(5)), rng.randint(1, 6))
    play = Play(tiles)
    assert parse_action(str(play)) == play
    assert all(Tile.from_str(str(tile)) == tile for tile in tiles)
