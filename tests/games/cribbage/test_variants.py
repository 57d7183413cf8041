"""The variants' shapes in random games: deals, cribs, turn order, show order, one-player games."""

import itertools
import random
from typing import Any

import pytest

from croupier.games import Event
from croupier.games._rollout import random_rollout
from croupier.games.cribbage import (
    Card,
    CardPlaced,
    CardsDealt,
    CardTurned,
    Cribbage,
    CribbageState,
    CribShown,
    CutForDeal,
    Discard,
    GameStarted,
    HandDealt,
    HandShown,
    HisHeels,
    LastCard,
    LineShown,
    Pegged,
    Place,
    SoloGameEnded,
    StarterTurned,
    ThreeForLast,
    explain_show,
    parse_cards,
)


def finished(variant: str, seed: int, **options: Any) -> CribbageState:
    options.setdefault("match_points", 1)
    state = Cribbage(variant=variant, **options).new_state(seed)
    return random_rollout(state, random.Random(seed))


def hands_of(events: list[Event]) -> list[list[Event]]:
    """The events split at each deal: one list per hand, from its HandDealt on."""
    hands: list[list[Event]] = []
    for event in events:
        if isinstance(event, HandDealt):
            hands.append([])
        if hands:
            hands[-1].append(event)
    return hands


@pytest.mark.parametrize(
    ("variant", "players", "dealt", "kept", "to_crib"),
    [
        ("six-card", 2, 6, 4, 0),
        ("five-card", 2, 5, 3, 0),
        ("seven-card", 2, 7, 5, 0),
        ("three-player", 3, 5, 4, 1),
        ("four-player", 4, 5, 4, 0),
    ],
)
@pytest.mark.parametrize("seed", range(4))
def test_deal_play_and_show_order(
    variant: str, players: int, dealt: int, kept: int, to_crib: int, seed: int
) -> None:
    # Rules page, standard game and variants: the deal; the dealer's left leads and shows
    # first, clockwise, dealer last, then the crib (4 cards); the deal passes to the left.
    state = finished(variant, seed)
    hands = hands_of(list(state.events))
    for hand, following in itertools.pairwise(hands):
        deal = hand[0]
        assert isinstance(deal, HandDealt)
        assert isinstance(following[0], HandDealt)
        dealer = deal.dealer
        assert (deal.cards_each, deal.to_crib) == (dealt, to_crib)
        assert following[0].dealer == (dealer + 1) % players
        cards = [event for event in hand if isinstance(event, CardsDealt)]
        assert [(event.seat, len(event.cards)) for event in cards] == [
            (seat, dealt) for seat in range(players)
        ]
        pegs = [event for event in hand if isinstance(event, Pegged)]
        assert pegs[0].seat == (dealer + 1) % players
        if variant != "five-card":  # the play goes on until every card is played
            assert len(pegs) == players * kept
        shown = [event for event in hand if isinstance(event, HandShown)]
        assert [event.seat for event in shown] == [
            (dealer + step) % players for step in range(1, players + 1)
        ]
        assert all(len(event.cards) == kept for event in shown)
        (crib,) = [event for event in hand if isinstance(event, CribShown)]
        assert (crib.seat, len(crib.cards)) == (dealer, 4)


@pytest.mark.parametrize("seed", range(6))
def test_four_players_score_by_partnership(seed: int) -> None:
    # Rules page, four players: partners sit opposite, one score per partnership, the crib
    # belongs to the dealer's side.
    state = finished("four-player", seed)
    scores = [0, 0]
    for event in state.events:
        if isinstance(event, Pegged | HandShown | CribShown | LastCard | HisHeels):
            scores[event.seat % 2] = event.score
        if isinstance(event, GameStarted):
            scores = [0, 0]
    result = state.result()
    assert result is not None
    (record,) = result.games
    assert record.scores[0] == record.scores[2]
    assert record.scores[1] == record.scores[3]
    assert list(record.scores[:2]) == scores
    assert result.scores[0] == result.scores[2]
    assert result.scores[1] == result.scores[3]


@pytest.mark.parametrize("seed", range(3))
def test_five_card_non_dealer_pegs_three_at_the_start_of_each_game(seed: int) -> None:
    # Rules page, five-card: "three for last" to the non-dealer (not the dealer).
    state = finished("five-card", seed, match_points=3, game_points=(1, 1, 1, 1))
    events = list(state.events)
    starts = [index for index, event in enumerate(events) if isinstance(event, GameStarted)]
    assert len(starts) >= 3
    for index in starts:
        start = events[index]
        assert isinstance(start, GameStarted)
        assert events[index + 1] == ThreeForLast((start.dealer + 1) % 2, 3)


def test_seven_card_best_hand_is_46() -> None:
    # Rules page, seven-card: 4-4-5-5-6 with a 6 starter.
    assert explain_show(parse_cards("4S 4H 5S 5H 6S"), Card.from_str("6H")).total == 46


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_lowest_cut_deals_and_ties_cut_again(players: int) -> None:
    # Rules page step 1: the lower card deals, ace low, equal ranks cut again; with three or
    # four players the lowest deals and the seats tied lowest cut again.
    variant = {2: "six-card", 3: "three-player", 4: "four-player"}[players]
    ties = 0
    for seed in range(150):
        state = Cribbage(variant=variant).new_state(seed)
        cuts = [event for event in state.events if isinstance(event, CutForDeal)]
        seats = list(range(players))
        for cut in cuts:
            assert [seat for seat, _ in cut.cuts] == seats
            lowest = min(card.rank for _, card in cut.cuts)
            tied = [seat for seat, card in cut.cuts if card.rank == lowest]
            assert cut.dealer == (tied[0] if len(tied) == 1 else None)
            seats = tied
        ties += len(cuts) - 1
        start = next(event for event in state.events if isinstance(event, GameStarted))
        assert start.dealer == cuts[-1].dealer
    assert ties > 0


def test_solitaire_five_deals_from_one_pack() -> None:
    # Rules page, solitaire: five deals of 6 + 2 to the crib from one pack, lay away 2, a
    # starter each (his heels 2), hand and crib scored; 121 or more wins.
    for seed in range(20):
        state = finished("solitaire", seed)
        events = list(state.events)
        deals = [event for event in events if isinstance(event, CardsDealt)]
        starters = [event.card for event in events if isinstance(event, StarterTurned)]
        cribs = [event for event in events if isinstance(event, CribShown)]
        assert len(deals) == len(starters) == len(cribs) == 5
        used = [card for deal in deals for card in deal.cards] + starters
        used += [card for crib in cribs for card in crib.cards if not _in_deal(card, deals)]
        assert len(used) == len(set(used)) == 5 * 9
        assert all(
            len(action.cards) == 2 for _, action in state.actions if isinstance(action, Discard)
        )
        total = sum(event.points for event in events if isinstance(event, HandShown | CribShown))
        total += 2 * sum(isinstance(event, HisHeels) for event in events)
        result = state.result()
        assert result is not None
        assert result.scores == (total,)
        assert result.won == (total >= 121)
        assert events[-1] == SoloGameEnded(total, 121, total >= 121)


def _in_deal(card: Card, deals: list[CardsDealt]) -> bool:
    return any(card in deal.cards for deal in deals)


def test_square_places_sixteen_cards_and_scores_every_line() -> None:
    # Rules page, cribbage square: each turned card goes at once to a free cell; rows and
    # columns score as four-card hands with the starter, plus 2 once for a jack starter.
    for seed in range(20):
        state = Cribbage(variant="square").new_state(seed)
        rng = random.Random(seed)
        cells: set[tuple[int, int]] = set()
        while not state.is_over():
            turned = state.observation(0).turned
            legal = state.legal_actions(0)
            assert all(isinstance(action, Place) and action.card == turned for action in legal)
            free = [(row, col) for row in range(4) for col in range(4) if (row, col) not in cells]
            assert [
                (action.row, action.col) for action in legal if isinstance(action, Place)
            ] == free
            action = rng.choice(legal)
            assert isinstance(action, Place)
            state.apply(0, action)
            cells.add((action.row, action.col))
        events = list(state.events)
        assert sum(isinstance(event, CardTurned) for event in events) == 16
        grid = {
            (event.row, event.col): event.card for event in events if isinstance(event, CardPlaced)
        }
        lines = [event for event in events if isinstance(event, LineShown)]
        starter = lines[0].starter
        assert [line.line for line in lines] == [f"row {i}" for i in range(4)] + [
            f"column {i}" for i in range(4)
        ]
        for index, line in enumerate(lines):
            if index < 4:
                cards = [grid[index, col] for col in range(4)]
            else:
                cards = [grid[row, index - 4] for row in range(4)]
            assert list(line.cards) == cards
            assert line.breakdown == explain_show(cards, starter)
        heels = 2 if starter.rank == 11 else 0
        total = sum(line.breakdown.total for line in lines) + heels
        result = state.result()
        assert result is not None
        assert (result.scores, result.won) == ((total,), total >= 61)
