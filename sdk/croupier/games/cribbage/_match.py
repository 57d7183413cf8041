"""Games and hands of a match of two to four players: cut, deal, discard, starter, show, win.

docs/rules/cribbage.md, "The standard game" steps 1-3 and 5-8, and the two-to-four-player
variants. Any points can end the game (:class:`GameOver` from :meth:`Position.check_target`):
at the cut (his heels), mid-play, or mid-show, where hands count in strict order, pone first,
clockwise, dealer last, then the crib.
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
from croupier.games.cribbage._position import DISCARD, NO_LIMIT, OVER, GameOver, Position
from croupier.games.cribbage._result import CribbageResult, GameOutcome
from croupier.games.cribbage._variants import Skunk, skunk_of
from croupier.games.cribbage.scoring import show_parts

__all__ = ["begin_game", "discard", "end_game", "show_and_deal", "turn_starter"]

_SKUNK_INDEX = {skunk: index for index, skunk in enumerate(Skunk)}


def begin_game(position: Position) -> None:
    """Start the next game of the match: first dealer, three for last, the first deal.

    Raises:
        GameOver: three for last already reached the target (a tiny target).
    """
    position.game_number += 1
    position.hand_number = 0
    position.scores = [0] * position.layout.sides
    dealer, reason = _first_dealer(position)
    position.first_dealer = position.dealer = dealer
    position.events.append(GameStarted(position.game_number, dealer, reason))
    if position.layout.three_for_last:
        pone = (dealer + 1) % position.layout.players
        score = position.award(pone, 3)
        position.events.append(ThreeForLast(pone, score))
        position.check_target(pone, score)
    deal_hand(position)


def _first_dealer(position: Position) -> tuple[Seat, str]:
    rule = position.game.next_first_dealer
    if position.game_number == 1 or rule == "cut":
        return _cut_for_deal(position), "cut"
    if rule == "alternate":
        return (position.first_dealer + 1) % position.layout.players, "alternate"
    return position.loser, "loser"


def _cut_for_deal(position: Position) -> Seat:
    """Each seat cuts; the lowest rank deals (ace low); the seats tied lowest cut again."""
    seats = list(range(position.layout.players))
    while True:
        codes = position.rng.sample(range(52), len(seats))
        lowest_rank = min(code >> 2 for code in codes)
        lowest = [seat for seat, code in zip(seats, codes, strict=True) if code >> 2 == lowest_rank]
        dealer = lowest[0] if len(lowest) == 1 else None
        cuts = tuple((seat, CARDS[code]) for seat, code in zip(seats, codes, strict=True))
        position.events.append(CutForDeal(cuts, dealer))
        if dealer is not None:
            return dealer
        seats = lowest


def deal_hand(position: Position) -> None:
    """Shuffle a fresh pack and deal the hand, one card at a time from the dealer's left."""
    layout = position.layout
    players = layout.players
    position.hand_number += 1
    position.hand_events = len(position.events)
    position.hand_actions = len(position.actions)
    pack = list(range(52))
    position.rng.shuffle(pack)
    dealt = players * layout.deal
    hands: list[list[int]] = [[] for _ in range(players)]
    for offset in range(players):
        hands[(position.dealer + 1 + offset) % players] = sorted(pack[offset:dealt:players])
    del pack[:dealt]
    position.crib = [pack.pop() for _ in range(layout.crib_from_pack)]
    position.pack = pack
    position.hands = hands
    position.kept = [() for _ in range(players)]
    position.discards = [None] * players
    position.starter = None
    position.count = 0
    position.run = []
    position.played = []
    position.goes = []
    position.go_limits = [NO_LIMIT] * players
    position.shown = []
    position.events.append(
        HandDealt(
            position.game_number,
            position.hand_number,
            position.dealer,
            layout.deal,
            len(position.crib),
        )
    )
    for seat, hand in enumerate(hands):
        position.events.append(CardsDealt(seat, tuple(CARDS[code] for code in hand)))
    position.phase = DISCARD
    position.to_act = tuple(range(players))


def discard(position: Position, seat: Seat, codes: tuple[int, ...]) -> None:
    """``seat`` lays ``codes`` away (checked legal by the caller); the last one starts play.

    Raises:
        GameOver: his heels reached the target.
    """
    hand = position.hands[seat]
    for code in codes:
        hand.remove(code)
    position.discards[seat] = codes
    position.events.append(DiscardedCards(seat, tuple(CARDS[code] for code in codes)))
    position.events.append(Discarded(seat))
    position.to_act = tuple(other for other in position.to_act if other != seat)
    if not position.to_act:
        position.kept = [tuple(hand) for hand in position.hands]
        turn_starter(position, position.dealer)
        start_play(position)


def turn_starter(position: Position, dealer: Seat) -> None:
    """Turn the starter from the pack; a jack gives ``dealer`` 2 for his heels.

    Raises:
        GameOver: his heels reached the target.
    """
    starter = position.pack.pop()
    position.starter = starter
    position.events.append(StarterTurned(CARDS[starter]))
    if starter >> 2 == 10:
        score = position.award(dealer, 2)
        position.events.append(HisHeels(dealer, score))
        position.check_target(dealer, score)


def show_and_deal(position: Position) -> None:
    """The show in strict order (pone first, clockwise, dealer, crib), then the next deal.

    Raises:
        GameOver: a hand reached the target; later hands are not counted.
    """
    players = position.layout.players
    starter = position.starter
    assert starter is not None  # the play follows the starter
    for step in range(1, players + 1):
        seat = (position.dealer + step) % players
        show_cards(position, seat, position.kept[seat], starter, crib=False)
    show_cards(position, position.dealer, tuple(position.crib_cards()), starter, crib=True)
    position.dealer = (position.dealer + 1) % players
    deal_hand(position)


def show_cards(
    position: Position, seat: Seat, cards: tuple[int, ...], starter: int, *, crib: bool
) -> None:
    """Count ``seat``'s hand (or crib) with the starter and peg its points.

    Raises:
        GameOver: the points reached the target.
    """
    breakdown = show_parts(cards, starter, crib)
    score = position.award(seat, breakdown.total)
    shown_cards = tuple(CARDS[code] for code in cards)
    event = CribShown if crib else HandShown
    position.events.append(event(seat, shown_cards, CARDS[starter], breakdown, score))
    label = "crib" if crib else "hand"
    position.shown.append(ShownHand(seat, label, shown_cards, CARDS[starter], breakdown.total))
    position.check_target(seat, score)


def end_game(position: Position, winner: Seat) -> None:
    """``winner`` reached the target: record the game, then end the match or begin a game."""
    while True:
        try:
            _record_game(position, winner)
            return
        except GameOver as over:  # the next game ended at once (three for last, his heels)
            winner = over.seat


def _record_game(position: Position, winner: Seat) -> None:
    game = position.game
    layout = position.layout
    side = layout.side_of(winner)
    # With three players the best losing score is judged: every loser must be skunked.
    loser_score = max(score for other, score in enumerate(position.scores) if other != side)
    skunk = skunk_of(loser_score, game.target)
    points = game.game_points[_SKUNK_INDEX[skunk]]  # win, skunk, double, triple
    if skunk is Skunk.TRIPLE and game.triple_skunk_wins_match:
        points = max(points, game.match_points - position.game_points[side])
    position.game_points[side] += points
    scores = position.seat_scores()
    position.records.append(GameOutcome(position.game_number, scores, winner, skunk, points))
    position.events.append(
        GameWon(position.game_number, winner, scores, skunk, points, position.seat_game_points())
    )
    position.loser = _loser(position, winner)
    if position.game_points[side] < game.match_points:
        begin_game(position)
        return
    position.phase = OVER
    position.to_act = ()
    match_scores = position.seat_game_points()
    position.events.append(MatchEnded(winner, match_scores))
    position.result = CribbageResult(scores=match_scores, games=tuple(position.records))


def _loser(position: Position, winner: Seat) -> Seat:
    """The loser who deals first next (``loser``): the lowest score, first from the winner's left.

    With partners the seat on the winner's left is on the losing side.
    """
    players = position.layout.players
    others = [(winner + step) % players for step in range(1, players)]
    if position.layout.partnerships:
        return others[0]
    return min(others, key=lambda seat: position.scores[position.layout.side_of(seat)])
