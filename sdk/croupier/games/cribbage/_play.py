"""The play (pegging): turns, automatic goes, the go point, resets and the end of the play.

docs/rules/cribbage.md, "The standard game" step 4. The pone (the seat on the dealer's left)
leads and play goes clockwise (seat numbers up). A seat that holds a card keeping the count at
31 or less must play one; a seat that holds cards but none that fits says go, which the state
does for it. When nobody can play, the player of the last card pegs 1 unless the count is 31
(which already scored 2); that is also the last card of the play (1, never 3). Then the count
resets and the seat after the last player leads, skipping empty hands. Five-card has one count
only: the play ends at the first time nobody can play and unplayed cards stay in hand.
"""

from __future__ import annotations

from croupier.games._api import Seat
from croupier.games.cribbage._cards import CARDS, VALUES
from croupier.games.cribbage._events import CountReset, Go, LastCard, Pegged
from croupier.games.cribbage._pegging import peg_parts
from croupier.games.cribbage._position import NO_LIMIT, PLAY, Position

__all__ = ["peg", "playable", "start_play"]


def start_play(position: Position) -> None:
    """Begin the play of the hand: the pone leads a fresh count."""
    position.phase = PLAY
    position.count = 0
    position.run = []
    position.played = []
    position.goes = []
    position.go_limits = [NO_LIMIT] * position.layout.players
    leader = (position.dealer + 1) % position.layout.players
    position.turn = leader
    position.to_act = (leader,)


def playable(position: Position, seat: Seat) -> list[int]:
    """The codes of the cards ``seat`` may play now, in order."""
    limit = 31 - position.count
    return [code for code in position.hands[seat] if VALUES[code] <= limit]


def peg(position: Position, seat: Seat, code: int) -> bool:
    """``seat`` plays card ``code`` (checked legal by the caller); whether the play is over.

    Raises:
        GameOver: the card's points, or the go or last card after it, reached the target.
    """
    position.hands[seat].remove(code)
    count = position.count + VALUES[code]
    position.count = count
    position.run.append(code)
    position.played.append((seat, code))
    position.last_player = seat
    breakdown = peg_parts(position.run, count)
    points = breakdown.total
    score = position.award(seat, points)
    position.events.append(Pegged(seat, CARDS[code], count, breakdown, score))
    if points:
        position.check_target(seat, score)
    follower = _next_player(position, seat)
    if follower is None:
        return _end_count(position, seat)
    position.turn = follower
    position.to_act = (follower,)
    return False


def _next_player(position: Position, last: Seat) -> Seat | None:
    """The next seat clockwise after ``last`` (itself included, last) that can play.

    Seats on the way that hold cards but cannot play say go; the last player is not said to
    go (it is the one who pegs for the go), but its limit is noted all the same.
    """
    limit = 31 - position.count
    if not limit:  # 31 ends the count: nobody says go
        return None
    players = position.layout.players
    hands = position.hands
    for step in range(1, players + 1):
        seat = (last + step) % players
        hand = hands[seat]
        if not hand:
            continue
        if VALUES[hand[0]] <= limit:  # hands are sorted, so hand[0] is the lowest value
            return seat
        position.go_limits[seat] = min(position.go_limits[seat], limit)
        if seat != last and seat not in position.goes:
            position.goes.append(seat)
            position.events.append(Go(seat, position.count))
    return None


def _end_count(position: Position, last: Seat) -> bool:
    """Nobody can play: the go or last-card point, then a reset or the end of the play."""
    over = position.layout.one_count or not any(position.hands)
    if position.count != 31:
        score = position.award(last, 1)
        position.events.append(LastCard(last, score, end_of_play=over))
        position.check_target(last, score)
    if over:
        position.to_act = ()
        return True
    players = position.layout.players
    leader = next(
        seat
        for seat in ((last + step) % players for step in range(1, players + 1))
        if position.hands[seat]
    )
    position.count = 0
    position.run = []
    position.goes = []
    position.turn = leader
    position.to_act = (leader,)
    position.events.append(CountReset(leader))
    return False
