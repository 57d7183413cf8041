"""The flow of a round and of a match: rules page, sections "Flow of a round", "Scoring a
round", "A match" and "What each seat may see", played out on scripted deals."""

from typing import Any

import pytest

from croupier.games import IllegalAction
from croupier.games.lexio import (
    Lexio,
    LexioState,
    MatchEnded,
    Pass,
    Passed,
    Play,
    Played,
    RoundEnded,
    RoundStarted,
    Tile,
    TilesDealt,
    TrickWon,
    parse_action,
)


def rigged(*hands: str, **options: Any) -> LexioState:
    """A new match whose first round deals ``hands``, seat by seat; seat 0 holds cloud3.

    The scripted hands replace a real deal of a seed whose starter is seat 0 (the round's
    ``RoundStarted`` still gives the real deal's sizes).
    """
    assert "cloud3" in hands[0].split()
    game = Lexio(players=len(hands), **options)
    seed = next(seed for seed in range(1000) if game.new_state(seed).seats_to_act() == (0,))
    state = game.new_state(seed)
    masks = [sum(1 << Tile.from_str(word).index for word in hand.split()) for hand in hands]
    state._replace_hands(masks)
    return state


def act(state: LexioState, *moves: str) -> None:
    """Apply ``moves`` in turn, each by the seat to act."""
    for move in moves:
        state.apply(state.seats_to_act()[0], parse_action(move))


def snapshot(state: LexioState) -> object:
    views = [state.observation(seat) for seat in [None, *range(state.game.players)]]
    return state.events, state.actions, views, state.result()


def test_the_holder_of_cloud3_leads_every_round() -> None:
    # Flow 2: "The holder of cloud3 leads, in every round of the match."
    for seed in range(20):
        state = Lexio(players=3 + seed % 3).new_state(seed)
        while not state.is_over():
            seat = state.seats_to_act()[0]
            state.apply(seat, state.legal_actions(seat)[-1])
        events = state.events
        starts = [i for i, event in enumerate(events) if isinstance(event, RoundStarted)]
        assert len(starts) == state.round_number
        for i in starts:
            start = events[i]
            assert isinstance(start, RoundStarted)
            dealt = [e for e in events[i + 1 :] if isinstance(e, TilesDealt)][: state.game.players]
            holder = [e.seat for e in dealt if Tile.from_str("cloud3") in e.tiles]
            assert holder == [start.starting_seat]
            first_play = next(e for e in events[i:] if isinstance(e, Played))
            assert first_play.seat == start.starting_seat


def test_the_lead_need_not_contain_cloud3() -> None:
    # Flow 2: "The lead may be any legal combination; it need not contain cloud3."
    state = rigged("cloud3 sun9", "star6 star7", "moon6 moon7")
    assert Play([Tile.from_str("sun9")]) in state.legal_actions(0)
    act(state, "play sun9")
    assert state.seats_to_act() == (1,)


def test_the_leader_cannot_pass() -> None:
    # Flow 5: "A leader cannot pass."
    state = Lexio().new_state(seed=5)
    seat = state.seats_to_act()[0]
    assert Pass() not in state.legal_actions(seat)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="may not pass"):
        state.apply(seat, Pass())
    assert snapshot(state) == before


def test_play_goes_clockwise() -> None:
    # Flow 3: "seat i, then seat i+1 (mod n)".
    state = rigged("cloud3 cloud4", "star6 star7", "moon6 moon7", "sun6 sun7")
    order = []
    for move in ("play cloud3", "pass", "pass", "pass", "play cloud4"):
        order.append(state.seats_to_act()[0])
        act(state, move)
    assert order == [0, 1, 2, 3, 0]


def test_the_trick_ends_when_the_others_passed_in_a_row() -> None:
    # Flow 5: "after a play by P, the other n-1 players have each passed once in a row. The
    # table is cleared and P leads any combination".
    state = rigged("cloud3 cloud4 cloud5", "star6 star7", "moon6 moon7", "sun6 sun7 sun8")
    act(state, "play cloud3", "pass", "pass", "play sun6", "pass", "pass")
    # Two passes in a row are not enough with 4 players: sun6 stays, seat 2 is asked.
    assert state.seats_to_act() == (2,)
    assert str(state.observation(None).table) == "sun6"
    act(state, "pass")
    assert isinstance(state.events[-1], TrickWon)
    assert state.events[-1].seat == 3
    view = state.observation(3)
    assert (view.table, view.table_seat, view.to_act) == (None, None, 3)
    assert Pass() not in view.legal_actions
    act(state, "play sun7")  # P leads any combination, of any size
    assert str(state.observation(None).table) == "sun7"


def test_a_pass_is_not_permanent() -> None:
    # Flow 4: "a player who passed may play when the turn comes round again in the same
    # trick"; and a pass is allowed even when the player could play.
    state = rigged("cloud3 cloud4 cloud5", "star6 star7 sun9", "moon6 moon7 moon8")
    assert state.legal_actions(1) == []  # not seat 1's turn yet
    act(state, "play cloud3")
    assert Play([Tile.from_str("star6")]) in state.legal_actions(1)
    act(state, "pass", "play moon6", "pass")
    assert state.seats_to_act() == (1,)
    assert Play([Tile.from_str("sun9")]) in state.legal_actions(1)
    act(state, "play sun9")
    assert state.observation(None).table_seat == 1


def test_answers_must_beat_the_table() -> None:
    # Answering: same size, strictly stronger.
    state = rigged("cloud3 star3 cloud9", "cloud4 sun4 moon4 sun5", "moon6 moon7")
    act(state, "play cloud3 star3")
    legal = state.legal_actions(1)
    assert legal == [
        Play.from_str("play cloud4 moon4"),
        Play.from_str("play cloud4 sun4"),
        Play.from_str("play moon4 sun4"),
        Pass(),
    ]


def test_a_lead_that_empties_the_hand_ends_the_round() -> None:
    # Flow 6: "The round ends immediately when a play empties a hand, whether it was a lead
    # or an answer; nobody may answer that play."
    state = rigged("cloud3", "star6 star7", "moon6 moon7 moon8")
    act(state, "play cloud3")
    events = list(state.events)
    played = max(i for i, e in enumerate(events) if isinstance(e, Played))
    ended = events[played + 1]
    assert isinstance(ended, RoundEnded)
    assert (ended.round_number, ended.winner) == (1, 0)
    assert ended.hands == ((), tuple(map(Tile.from_str, ("star6", "star7"))), ended.hands[2])
    assert ended.counts == (0, 2, 3)
    assert ended.nets == (5, -1, -4)
    assert ended.balances == (69, 63, 60)
    assert isinstance(events[played + 2], RoundStarted)
    assert state.round_number == 2
    assert state.observation(None).balances == (69, 63, 60)
    assert state.observation(None).history == ()


def test_an_answer_that_empties_the_hand_ends_the_round() -> None:
    state = rigged("cloud3 cloud4", "star6", "moon6 moon7")
    act(state, "play cloud3", "play star6")
    ended = [e for e in state.events if isinstance(e, RoundEnded)]
    assert [(e.winner, e.counts, e.nets) for e in ended] == [(1, (1, 0, 2), (0, 3, -3))]


@pytest.mark.parametrize(
    ("penalty", "counts", "nets"),
    [
        pytest.param("double_each", (0, 4, 3), (7, -5, -2), id="twos_penalty double_each"),
        pytest.param("off", (0, 2, 3), (5, -1, -4), id="twos_penalty off"),
    ],
)
def test_round_settlement(penalty: str, counts: tuple[int, ...], nets: tuple[int, ...]) -> None:
    # Scoring a round: the count doubles for each 2 still held, unless the option is off.
    state = rigged("cloud3", "sun2 star6", "moon6 moon7 moon8", twos_penalty=penalty)
    act(state, "play cloud3")
    (ended,) = [e for e in state.events if isinstance(e, RoundEnded)]
    assert (ended.counts, ended.nets) == (counts, nets)


def test_the_match_ends_at_once_when_a_balance_reaches_zero() -> None:
    # A match: "or at once after a settlement that leaves any balance at zero or below".
    state = rigged("cloud3", "star6", "moon6 moon7", starting_chips=3)
    act(state, "play cloud3")  # counts 0, 1, 2: nets +3, 0, -3
    assert state.is_over()
    assert state.seats_to_act() == ()
    assert isinstance(state.events[-1], MatchEnded)
    result = state.result()
    assert result is not None
    assert result.scores == (6, 3, 0)
    assert result.rounds_played == 1
    assert result.round_nets == ((3, 0, -3),)
    assert result.places == (1, 2, 3)
    with pytest.raises(IllegalAction, match="over"):
        state.apply(0, Play.from_str("play star6"))


def test_the_match_goes_on_while_every_balance_is_positive() -> None:
    state = rigged("cloud3", "star6", "moon6 moon7", starting_chips=4)
    act(state, "play cloud3")
    assert not state.is_over()
    assert state.result() is None
    assert state.round_number == 2


def test_balances_may_go_below_zero() -> None:
    # Scoring a round: "Balances may go below zero; nothing is clamped".
    twelve = "star4 star5 star6 star7 star8 star9 moon4 moon5 moon6 moon7 moon8 moon9"
    state = rigged("cloud3", twelve, twelve.replace("star", "sun"), starting_chips=1)
    act(state, "play cloud3")
    result = state.result()
    assert result is not None
    assert result.scores == (1 + 24, 1 - 12, 1 - 12)
    assert sum(result.scores) == 3


def test_equal_balances_share_a_place() -> None:
    # A match: "Final standing is by balance, highest first; equal balances share the place."
    state = rigged("cloud3", "star6", "moon6", rounds=1)
    act(state, "play cloud3")
    assert isinstance(state.events[-1], MatchEnded)
    assert state.events[-1].balances == (66, 63, 63)
    assert state.events[-1].places == (1, 2, 2)


@pytest.mark.parametrize("rounds", [1, 2, 5])
def test_the_match_ends_after_the_last_round(rounds: int) -> None:
    # A match: "The match ends after the last round".
    state = Lexio(players=4, rounds=rounds, starting_chips=10_000).new_state(seed=rounds)
    while not state.is_over():
        seat = state.seats_to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])
    result = state.result()
    assert result is not None
    assert result.rounds_played == rounds == len(result.round_nets)
    assert sum(isinstance(e, RoundEnded) for e in state.events) == rounds
    assert [type(e) for e in state.events[-2:]] == [RoundEnded, MatchEnded]


@pytest.mark.parametrize(
    ("seat", "move", "message"),
    [
        pytest.param(1, "play star6", "turn", id="the wrong seat"),
        pytest.param(0, "play star6", "does not hold", id="a tile not in hand"),
        pytest.param(0, "play sun14", "does not hold", id="a tile not in play"),
        pytest.param(0, "play cloud9 sun9", "does not hold", id="a partly held play"),
        pytest.param(0, "play cloud3 cloud4", "no combination", id="not a combination"),
        pytest.param(0, "play cloud4 star4 moon4 sun4", "no combination", id="four tiles"),
        pytest.param(0, "pass", "may not pass", id="the leader passes"),
    ],
)
def test_illegal_leads_are_refused(seat: int, move: str, message: str) -> None:
    state = rigged("cloud3 cloud4 star4 moon4 sun4 cloud9", "star6 star7", "moon6 moon7")
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        state.apply(seat, parse_action(move))
    assert snapshot(state) == before


@pytest.mark.parametrize("cached", [False, True], ids=["unlisted", "listed first"])
@pytest.mark.parametrize(
    ("move", "message"),
    [
        pytest.param("play star6", "does not beat", id="a weaker single"),
        pytest.param("play sun8 moon8", "answer with 1", id="a pair on a single"),
        pytest.param("play star6 star7", "no combination", id="no combination"),
    ],
)
def test_illegal_answers_are_refused(move: str, message: str, cached: bool) -> None:
    # Answering: "answered only by the same kind, strictly stronger".
    state = rigged("cloud3 cloud9", "star6 star7 sun8 moon8", "moon6 moon7")
    act(state, "play cloud9")
    if cached:
        state.legal_actions(1)  # the checked path must judge alike with the legal cache
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=message):
        state.apply(1, parse_action(move))
    assert snapshot(state) == before


def test_applying_something_else_is_refused() -> None:
    state = Lexio().new_state(seed=1)
    seat = state.seats_to_act()[0]
    with pytest.raises(IllegalAction, match="not a Lexio action"):
        state.apply(seat, "pass")  # type: ignore[arg-type]


def test_private_events_are_seen_by_their_seat_only() -> None:
    # What each seat may see: "Private: the seat's own hand, until the round ends."
    state = Lexio(players=3).new_state(seed=2)
    for seat in range(3):
        dealt = [e for e in state.events_for(seat) if isinstance(e, TilesDealt)]
        assert [e.seat for e in dealt] == [seat]
        assert dealt[0].tiles == state.hand(seat)
    assert not any(isinstance(e, TilesDealt) for e in state.events_for(None))


def test_observations() -> None:
    # What each seat may see: public history, table, sizes, balances; the own hand.
    state = rigged("cloud3 cloud4 cloud5", "star6 star7", "moon6 moon7")
    act(state, "play cloud3", "pass")
    view = state.observation(2)
    assert view.seat == 2
    assert view.hand == tuple(map(Tile.from_str, ("moon6", "moon7")))
    assert view.players == 3
    assert view.game == state.game
    assert view.round_number == 1
    assert view.starting_seat == 0
    assert str(view.table) == "cloud3"
    assert view.table_seat == 0
    assert view.history == ((0, Play.from_str("play cloud3")), (1, Pass()))
    assert view.hand_sizes == (2, 2, 2)
    assert view.balances == (64, 64, 64)
    assert view.to_act == 2
    assert view.is_my_turn
    assert view.legal_actions == tuple(state.legal_actions(2))
    assert Pass() in view.legal_actions
    assert state.observation(1).legal_actions == ()
    spectator = state.observation(None)
    assert (spectator.hand, spectator.legal_actions, spectator.is_my_turn) == ((), (), False)
    with pytest.raises(ValueError, match="no seat"):
        state.observation(3)


def test_events_print_as_one_line() -> None:
    state = rigged("cloud3 cloud4", "star6", "moon6 moon7", rounds=1)
    act(state, "play cloud3", "pass", "pass", "play cloud4")
    lines = [str(event) for event in state.events]
    assert all(line and "\n" not in line for line in lines)
    assert lines[-7:] == [
        "seat 0 plays cloud3 (single)",
        "seat 1 passes",
        "seat 2 passes",
        "seat 0 wins the trick; the table is cleared and seat 0 leads",
        "seat 0 plays cloud4 (single)",
        "round 1 ends, seat 0 went out: seat 0 +3 (count 0: nothing); "
        "seat 1 +0 (count 1: star6); seat 2 -3 (count 2: moon6 moon7); balances 67 64 61",
        "match over after 1 rounds: seat 0 67 (place 1), seat 1 64 (place 2), seat 2 61 (place 3)",
    ]
    assert [type(e) for e in state.events[-7:-3]] == [Played, Passed, Passed, TrickWon]
