"""A Kuhn poker bot that plays one of Kuhn's equilibrium strategies (for ante 1, bet 1).

Kuhn (1950) found a family of equilibria with a parameter ``alpha`` in [0, 1/3]. The first
seat bets a J with probability alpha (a bluff), a K with 3 * alpha, and checks a Q; after
checking, it calls a bet with a K, with a Q with probability alpha + 1/3, never with a J.
The second seat, after a check, bets a K, bluffs a J with probability 1/3 and checks a Q;
facing a bet, it calls with a K, with a Q with probability 1/3, never with a J. Against it
the first seat loses 1/18 of a chip a hand on average, whatever it does.

``KUHN_ALPHA`` sets alpha (default 1/6); ``CROUPIER_BOT_SEED`` makes the choices
reproducible. Each decision says, in its comment, the chance it took. Registered as::

    croupier bot add kuhn-equilibrium --game kuhn_poker \
        --command "python tests/kuhn_poker/bots/kuhn_equilibrium.py"
"""

from __future__ import annotations

import os
import random
from fractions import Fraction

import croupier
from kuhn_poker import Action, Card, KuhnObservation

DEFAULT_ALPHA = Fraction(1, 6)


def aggression(card: Card, history: tuple[Action, ...], alpha: Fraction) -> Fraction:
    """The probability of betting (or calling) rather than checking (or folding).

    ``history`` is the hand's actions so far, the seat's own included.

    >>> aggression(Card.QUEEN, (Action.CHECK, Action.BET), Fraction(1, 6))
    Fraction(1, 2)
    >>> aggression(Card.KING, (), Fraction(1, 3))
    Fraction(1, 1)
    """
    if not history:  # the first seat opens
        return {Card.JACK: alpha, Card.QUEEN: Fraction(0), Card.KING: 3 * alpha}[card]
    if history == (Action.CHECK,):  # the second seat, after a check
        return {Card.JACK: Fraction(1, 3), Card.QUEEN: Fraction(0), Card.KING: Fraction(1)}[card]
    if history == (Action.BET,):  # the second seat, facing a bet
        return {Card.JACK: Fraction(0), Card.QUEEN: Fraction(1, 3), Card.KING: Fraction(1)}[card]
    # the first seat checked and faces a bet
    return {Card.JACK: Fraction(0), Card.QUEEN: alpha + Fraction(1, 3), Card.KING: Fraction(1)}[
        card
    ]


class EquilibriumKuhnBot(croupier.Bot[KuhnObservation, Action]):
    """Plays Kuhn's equilibrium strategy of parameter ``alpha``.

    Args:
        alpha: in [0, 1/3]; by default ``KUHN_ALPHA`` if set, else 1/6.
        seed: seeds the choices; by default ``CROUPIER_BOT_SEED`` if set, else OS randomness.
    """

    def __init__(self, alpha: Fraction | None = None, seed: int | None = None) -> None:
        if alpha is None:
            alpha = Fraction(os.environ.get("KUHN_ALPHA", str(DEFAULT_ALPHA)))
        if not 0 <= alpha <= Fraction(1, 3):
            raise ValueError(f"alpha is in [0, 1/3], not {alpha}")
        if seed is None and (text := os.environ.get("CROUPIER_BOT_SEED")):
            seed = int(text)
        self.alpha = alpha
        self.rng = random.Random(seed)

    def act(self, observation: KuhnObservation) -> croupier.Decision[Action]:
        """Bet or call with the strategy's probability, else check or fold."""
        assert observation.card is not None  # a seat always holds its card
        history = tuple(action for _, action in observation.history)
        chance = aggression(observation.card, history, self.alpha)
        facing_a_bet = Action.CALL in observation.legal_actions
        strong, weak = (Action.CALL, Action.FOLD) if facing_a_bet else (Action.BET, Action.CHECK)
        action = strong if self.rng.random() < chance else weak
        return croupier.Decision(
            action, comment=f"{observation.card}: {strong} with probability {chance}"
        )


if __name__ == "__main__":
    croupier.run(EquilibriumKuhnBot())
