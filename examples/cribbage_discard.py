"""Choose a cribbage discard by the average show value of the cards kept.

A first step towards a cribbage bot, using only the rules engine: for each way of laying
away two cards, score the four cards kept with every starter that could still be turned
(the 46 cards the player has not seen) and rank the discards by the average.

    ./dev run python examples/cribbage_discard.py [--seed N]
"""

from __future__ import annotations

import argparse
from statistics import fmean

from croupier.games.cribbage import CARDS, Card, Cribbage, Discard, cards_text, score_show


def average_show(kept: tuple[Card, ...], unseen: list[Card]) -> float:
    """The average show points of ``kept`` over every starter in ``unseen``."""
    return fmean(score_show(kept, starter) for starter in unseen)


def rank_discards(hand: tuple[Card, ...], options: list[Discard]) -> list[tuple[float, Discard]]:
    """Every discard of ``options`` with the average show of the cards kept, best first."""
    unseen = [card for card in CARDS if card not in hand]
    ranked = [
        (average_show(tuple(card for card in hand if card not in discard.cards), unseen), discard)
        for discard in options
    ]
    return sorted(ranked, key=lambda pair: -pair[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="the seed of the deal")
    seed = parser.parse_args().seed
    state = Cribbage(match_points=1).new_state(seed)
    view = state.observation(0)
    discards = [action for action in view.legal_actions if isinstance(action, Discard)]
    print(f"seat 0 holds {cards_text(view.hand)}; seat {view.dealer} deals")
    for points, discard in rank_discards(view.hand, discards):
        print(f"  {discard}: keeps {points:5.2f} points on average")


if __name__ == "__main__":
    main()
