"""Games and hands of a match of two to four players: cut, deal, discard, starter, show, win.

Rules page, "The standard game" steps 1-3 and 5-8, and the two-to-four-player variants. Any
points can end the game (:class:`GameOver` from :meth:`Table.check_target`): at the cut (his
heels), mid-play, or mid-show, where hands count in strict order, pone first, clockwise,
dealer last, then the crib.
"""

from __future__ import annotations

from croupier.games._api import Seat
from croupier.games.cribbage._cards import CARDS
from croupier.games.cribbage._events import (
    CardsDealt,
    CribShown,
    CutForDeal,
    Discarded,
    DiscardedCards,
    GameStarted,
    GameWon,
    HandDealt,
    HandShown,
    HisHeels,
    MatchEnded,
    StarterTurned,
    ThreeForLast,
)
from croupier.games.cribbage._observation import ShownHand
from croupier.games.cribbage._play import start_play
from croupier.games.cribbage._result import CribbageResult, GameRecord
from croupier.games.cribbage._table import DISCARD, NO_LIMIT, OVER, GameOver, Table
from croupier.games.cribbage._variants import Skunk, skunk_of
from croupier.games.cribbage.scoring import show_parts

__all__ = ["begin_game", "discard", "end_game", "show_and_deal", "turn_starter"]

_SKUNK_INDEX = {skunk: index for index, skunk in enumerate(Skunk)}


def begin_game(table: Table) -> None:
    """Start the next game of the match: first dealer, three for last, the first deal.

    Raises:
        GameOver: three for last already reached the target (a tiny target).
    """
    table.game_number += 1
    table.hand_number = 0
    table.scores = [0] * table.layout.sides
    dealer, reason = _first_dealer(table)
    table.first_dealer = table.dealer = dealer
    table.events.append(GameStarted(table.game_number, dealer, reason))
    if table.layout.three_for_last:
        pone = (dealer + 1) % table.layout.players
        score = table.award(pone, 3)
        table.events.append(ThreeForLast(pone, score))
        table.check_target(pone, score)
    deal_hand(table)


def _first_dealer(table: Table) -> tuple[Seat, str]:
    rule = table.game.next_first_dealer
    if table.game_number == 1 or rule == "cut":
        return _cut_for_deal(table), "cut"
    if rule == "alternate":
        return (table.first_dealer + 1) % table.layout.players, "alternate"
    return table.loser, "loser"


def _cut_for_deal(table: Table) -> Seat:
    """Each seat cuts; the lowest rank deals (ace low); the seats tied lowest cut again."""
    seats = list(range(table.layout.players))
    while True:
        codes = table.rng.sample(range(52), len(seats))
        lowest_rank = min(code >> 2 for code in codes)
        lowest = [seat for seat, code in zip(seats, codes, strict=True) if code >> 2 == lowest_rank]
        dealer = lowest[0] if len(lowest) == 1 else None
        cuts = tuple((seat, CARDS[code]) for seat, code in zip(seats, codes, strict=True))
        table.events.append(CutForDeal(cuts, dealer))
        if dealer is not None:
            return dealer
        seats = lowest


def deal_hand(table: Table) -> None:
    """Shuffle a fresh pack and deal the hand, one card at a time from the dealer's left."""
    layout = table.layout
    players = layout.players
    table.hand_number += 1
    table.hand_events = len(table.events)
    table.hand_actions = len(table.actions)
    pack = list(range(52))
    table.rng.shuffle(pack)
    dealt = players * layout.deal
    hands: list[list[int]] = [[] for _ in range(players)]
    for offset in range(players):
        hands[(table.dealer + 1 + offset) % players] = sorted(pack[offset:dealt:players])
    del pack[:dealt]
    table.crib = [pack.pop() for _ in range(layout.crib_from_pack)]
    table.pack = pack
    table.hands = hands
    table.kept = [() for _ in range(players)]
    table.discards = [None] * players
    table.starter = None
    table.count = 0
    table.run = []
    table.played = []
    table.goes = []
    table.go_limits = [NO_LIMIT] * players
    table.shown = []
    table.events.append(
        HandDealt(table.game_number, table.hand_number, table.dealer, layout.deal, len(table.crib))
    )
    for seat, hand in enumerate(hands):
        table.events.append(CardsDealt(seat, tuple(CARDS[code] for code in hand)))
    table.phase = DISCARD
    table.to_act = tuple(range(players))


def discard(table: Table, seat: Seat, codes: tuple[int, ...]) -> None:
    """``seat`` lays ``codes`` away (checked legal by the caller); the last one starts play.

    Raises:
        GameOver: his heels reached the target.
    """
    hand = table.hands[seat]
    for code in codes:
        hand.remove(code)
    table.discards[seat] = codes
    table.events.append(DiscardedCards(seat, tuple(CARDS[code] for code in codes)))
    table.events.append(Discarded(seat))
    table.to_act = tuple(other for other in table.to_act if other != seat)
    if not table.to_act:
        table.kept = [tuple(hand) for hand in table.hands]
        turn_starter(table, table.dealer)
        start_play(table)


def turn_starter(table: Table, dealer: Seat) -> None:
    """Turn the starter from the pack; a jack gives ``dealer`` 2 for his heels.

    Raises:
        GameOver: his heels reached the target.
    """
    starter = table.pack.pop()
    table.starter = starter
    table.events.append(StarterTurned(CARDS[starter]))
    if starter >> 2 == 10:
        score = table.award(dealer, 2)
        table.events.append(HisHeels(dealer, score))
        table.check_target(dealer, score)


def show_and_deal(table: Table) -> None:
    """The show in strict order (pone first, clockwise, dealer, crib), then the next deal.

    Raises:
        GameOver: a hand reached the target; later hands are not counted.
    """
    players = table.layout.players
    starter = table.starter
    assert starter is not None  # the play follows the starter
    for step in range(1, players + 1):
        seat = (table.dealer + step) % players
        show_cards(table, seat, table.kept[seat], starter, crib=False)
    show_cards(table, table.dealer, tuple(table.crib_cards()), starter, crib=True)
    table.dealer = (table.dealer + 1) % players
    deal_hand(table)


def show_cards(
    table: Table, seat: Seat, cards: tuple[int, ...], starter: int, *, crib: bool
) -> None:
    """Count ``seat``'s hand (or crib) with the starter and peg its points.

    Raises:
        GameOver: the points reached the target.
    """
    breakdown = show_parts(cards, starter, crib)
    score = table.award(seat, breakdown.total)
    shown_cards = tuple(CARDS[code] for code in cards)
    event = CribShown if crib else HandShown
    table.events.append(event(seat, shown_cards, CARDS[starter], breakdown, score))
    label = "crib" if crib else "hand"
    table.shown.append(ShownHand(seat, label, shown_cards, CARDS[starter], breakdown.total))
    table.check_target(seat, score)


def end_game(table: Table, winner: Seat) -> None:
    """``winner`` reached the target: record the game, then end the match or begin a game."""
    while True:
        try:
            _record_game(table, winner)
            return
        except GameOver as over:  # the next game ended at once (three for last, his heels)
            winner = over.seat


def _record_game(table: Table, winner: Seat) -> None:
    game = table.game
    layout = table.layout
    side = layout.side_of(winner)
    # With three players the best losing score is judged: every loser must be skunked.
    loser_score = max(score for other, score in enumerate(table.scores) if other != side)
    skunk = skunk_of(loser_score, game.target)
    points = game.game_points[_SKUNK_INDEX[skunk]]  # win, skunk, double, triple
    if skunk is Skunk.TRIPLE and game.triple_skunk_wins_match:
        points = max(points, game.match_points - table.game_points[side])
    table.game_points[side] += points
    scores = table.seat_scores()
    table.records.append(GameRecord(table.game_number, scores, winner, skunk, points))
    table.events.append(
        GameWon(table.game_number, winner, scores, skunk, points, table.seat_game_points())
    )
    table.loser = _loser(table, winner)
    if table.game_points[side] < game.match_points:
        begin_game(table)
        return
    table.phase = OVER
    table.to_act = ()
    match_scores = table.seat_game_points()
    table.events.append(MatchEnded(winner, match_scores))
    table.result = CribbageResult(scores=match_scores, games=tuple(table.records))


def _loser(table: Table, winner: Seat) -> Seat:
    """The loser who deals first next (``loser``): the lowest score, first from the winner's left.

    With partners the seat on the winner's left is on the losing side.
    """
    players = table.layout.players
    others = [(winner + step) % players for step in range(1, players)]
    if table.layout.partnerships:
        return others[0]
    return min(others, key=lambda seat: table.scores[table.layout.side_of(seat)])
