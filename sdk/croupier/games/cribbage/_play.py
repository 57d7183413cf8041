"""The play (pegging): turns, automatic goes, the go point, resets and the end of the play.

Rules page, "The standard game" step 4. The pone (the seat on the dealer's left) leads and
play goes clockwise (seat numbers up). A seat that holds a card keeping the count at 31 or
less must play one; a seat that holds cards but none that fits says go, which the state does
for it. When nobody can play, the player of the last card pegs 1 unless the count is 31 (which
already scored 2); that is also the last card of the play (1, never 3). Then the count resets
and the seat after the last player leads, skipping empty hands. Five-card has one count only:
the play ends at the first time nobody can play and unplayed cards stay in hand.
"""

from __future__ import annotations

from croupier.games._api import Seat
from croupier.games.cribbage._cards import CARDS, VALUES
from croupier.games.cribbage._events import CountReset, Go, LastCard, Pegged
from croupier.games.cribbage._pegging import peg_parts
from croupier.games.cribbage._table import NO_LIMIT, PLAY, Table

__all__ = ["peg", "playable", "start_play"]


def start_play(table: Table) -> None:
    """Begin the play of the hand: the pone leads a fresh count."""
    table.phase = PLAY
    table.count = 0
    table.run = []
    table.played = []
    table.goes = []
    table.go_limits = [NO_LIMIT] * table.layout.players
    leader = (table.dealer + 1) % table.layout.players
    table.turn = leader
    table.to_act = (leader,)


def playable(table: Table, seat: Seat) -> list[int]:
    """The codes of the cards ``seat`` may play now, in order."""
    limit = 31 - table.count
    return [code for code in table.hands[seat] if VALUES[code] <= limit]


def peg(table: Table, seat: Seat, code: int) -> bool:
    """``seat`` plays card ``code`` (checked legal by the caller); whether the play is over.

    Raises:
        GameOver: the card's points, or the go or last card after it, reached the target.
    """
    table.hands[seat].remove(code)
    count = table.count + VALUES[code]
    table.count = count
    table.run.append(code)
    table.played.append((seat, code))
    table.last_player = seat
    breakdown = peg_parts(table.run, count)
    points = breakdown.total
    score = table.award(seat, points)
    table.events.append(Pegged(seat, CARDS[code], count, breakdown, score))
    if points:
        table.check_target(seat, score)
    follower = _next_player(table, seat)
    if follower is None:
        return _end_count(table, seat)
    table.turn = follower
    table.to_act = (follower,)
    return False


def _next_player(table: Table, last: Seat) -> Seat | None:
    """The next seat clockwise after ``last`` (itself included, last) that can play.

    Seats on the way that hold cards but cannot play say go; the last player is not said to
    go (it is the one who pegs for the go), but its limit is noted all the same.
    """
    limit = 31 - table.count
    if not limit:  # 31 ends the count: nobody says go
        return None
    players = table.layout.players
    hands = table.hands
    for step in range(1, players + 1):
        seat = (last + step) % players
        hand = hands[seat]
        if not hand:
            continue
        if VALUES[hand[0]] <= limit:  # hands are sorted, so hand[0] is the lowest value
            return seat
        table.go_limits[seat] = min(table.go_limits[seat], limit)
        if seat != last and seat not in table.goes:
            table.goes.append(seat)
            table.events.append(Go(seat, table.count))
    return None


def _end_count(table: Table, last: Seat) -> bool:
    """Nobody can play: the go or last-card point, then a reset or the end of the play."""
    over = table.layout.one_count or not any(table.hands)
    if table.count != 31:
        score = table.award(last, 1)
        table.events.append(LastCard(last, score, end_of_play=over))
        table.check_target(last, score)
    if over:
        table.to_act = ()
        return True
    players = table.layout.players
    leader = next(
        seat
        for seat in ((last + step) % players for step in range(1, players + 1))
        if table.hands[seat]
    )
    table.count = 0
    table.run = []
    table.goes = []
    table.turn = leader
    table.to_act = (leader,)
    table.events.append(CountReset(leader))
    return False
