"""The two bots of the package, played locally: legal, reproducible, and the equilibrium wins."""

from __future__ import annotations

from fractions import Fraction

import pytest

from croupier.local import play
from kuhn_poker import Action, Card, KuhnPoker
from tests.kuhn_poker.bots.kuhn_equilibrium import EquilibriumKuhnBot, aggression
from tests.kuhn_poker.bots.kuhn_random import RandomKuhnBot

ALPHA = Fraction(1, 6)


@pytest.mark.parametrize(
    ("card", "history", "chance"),
    [
        (Card.JACK, (), ALPHA),
        (Card.QUEEN, (), 0),
        (Card.KING, (), 3 * ALPHA),
        (Card.JACK, (Action.CHECK,), Fraction(1, 3)),
        (Card.QUEEN, (Action.CHECK,), 0),
        (Card.KING, (Action.CHECK,), 1),
        (Card.JACK, (Action.BET,), 0),
        (Card.QUEEN, (Action.BET,), Fraction(1, 3)),
        (Card.KING, (Action.BET,), 1),
        (Card.JACK, (Action.CHECK, Action.BET), 0),
        (Card.QUEEN, (Action.CHECK, Action.BET), ALPHA + Fraction(1, 3)),
        (Card.KING, (Action.CHECK, Action.BET), 1),
    ],
)
def test_the_equilibrium_bets_or_calls_as_kuhn_found(
    card: Card, history: tuple[Action, ...], chance: Fraction
) -> None:
    assert aggression(card, history, ALPHA) == chance


def test_the_equilibrium_beats_the_random_bot_over_many_hands() -> None:
    game = KuhnPoker(hands=400)
    won = 0
    for seed in range(4):
        bots = [EquilibriumKuhnBot(seed=seed), RandomKuhnBot(seed=seed)]
        if seed % 2:
            bots.reverse()
        result = play(game, bots, seed=seed).result()
        assert result is not None
        won += result.scores[seed % 2]
    assert won > 0


def test_a_seeded_bot_plays_the_same_game_again() -> None:
    def replay() -> object:
        bots = [EquilibriumKuhnBot(seed=3), RandomKuhnBot(seed=4)]
        return play(KuhnPoker(hands=20), bots, seed=9).actions

    assert replay() == replay()


def test_alpha_outside_the_equilibria_is_refused() -> None:
    with pytest.raises(ValueError, match="alpha"):
        EquilibriumKuhnBot(alpha=Fraction(1, 2))
