"""A Kuhn poker match in progress: deals, the betting round, showdowns, the next hand."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from croupier.games import Event, IllegalAction, Seat, State
from kuhn_poker._cards import Action, Card
from kuhn_poker._events import Acted, CardDealt, HandStarted, PotWon, Showdown
from kuhn_poker._observation import KuhnObservation, KuhnResult

if TYPE_CHECKING:
    from kuhn_poker._game import KuhnPoker

__all__ = ["BET_SIZE", "KuhnState"]

BET_SIZE = 1
"""The chips of a bet, and so of a call."""

_OPENING = (Action.CHECK, Action.BET)
_FACING_A_BET = (Action.CALL, Action.FOLD)


class KuhnState(State[Action, KuhnObservation, KuhnResult]):
    """A match of Kuhn poker, from the first deal to the last pot.

    >>> from kuhn_poker import KuhnPoker
    >>> state = KuhnPoker().new_state(seed=1)
    >>> state.legal_actions(0)
    [<Action.CHECK: 'check'>, <Action.BET: 'bet'>]
    >>> state.apply(0, Action.BET)
    >>> state.apply(1, Action.FOLD)
    >>> print(state.events[-1])
    seat 0 wins the pot of 3; balances +1 -1
    >>> state.result().scores
    (1, -1)
    """

    def __init__(self, game: KuhnPoker, seed: int) -> None:
        self._game = game
        self._seed = seed
        self._rng = random.Random(seed)
        self._hand = 0
        self._first: Seat = 0
        self._cards: list[Card] = []
        self._history: list[tuple[Seat, Action]] = []
        self._pot = [0, 0]
        self._balances = [0, 0]
        self._showdown: tuple[Card, Card] | None = None
        self._turn: Seat | None = None
        self._events: list[Event] = []
        self._actions: list[tuple[Seat, Action]] = []
        self._nets: list[tuple[int, int]] = []
        self._hand_start = 0
        self._start_hand()

    @property
    def game(self) -> KuhnPoker:
        """The rule set this match follows."""
        return self._game

    @property
    def seed(self) -> int:
        """The seed of the generator that shuffles every hand's deal."""
        return self._seed

    @property
    def events(self) -> Sequence[Event]:
        """Every event so far, in order, private ones included."""
        return tuple(self._events)

    @property
    def actions(self) -> Sequence[tuple[Seat, Action]]:
        """The actions applied so far, in order."""
        return tuple(self._actions)

    def card(self, seat: Seat) -> Card:
        """The card ``seat`` holds in this hand (hidden information: for the referee)."""
        return self._cards[seat]

    def seats_to_act(self) -> tuple[Seat, ...]:
        """The one seat to act, or nothing once the match is over."""
        return () if self._turn is None else (self._turn,)

    def legal_actions(self, seat: Seat) -> list[Action]:
        """Check or bet when nobody has bet in this hand, else call or fold."""
        if seat != self._turn:
            return []
        facing = any(action is Action.BET for _, action in self._history)
        return list(_FACING_A_BET if facing else _OPENING)

    def apply(self, seat: Seat, action: Action) -> None:
        """Check, bet, call or fold for ``seat``; the hand ends on a fold, a call or two checks.

        Raises:
            IllegalAction: the match is over, it is not ``seat``'s turn, or ``action`` is
                not one of its legal actions. The state is left unchanged.
        """
        if self._turn is None:
            raise IllegalAction("the match is over")
        if seat != self._turn:
            raise IllegalAction(f"it is seat {self._turn}'s turn, not seat {seat!r}'s")
        legal = self.legal_actions(seat)
        if action not in legal:
            allowed = " or ".join(str(choice) for choice in legal)
            raise IllegalAction(f"seat {seat} may {allowed} now, not {action!r}")
        self._actions.append((seat, action))
        self._history.append((seat, action))
        self._events.append(Acted(seat, action))
        other = 1 - seat
        if action in (Action.BET, Action.CALL):
            self._pot[seat] += BET_SIZE
        if action is Action.FOLD:
            self._end_hand(winner=other)
        elif action is Action.CALL or (action is Action.CHECK and len(self._history) == 2):
            self._show_down()
        else:
            self._turn = other

    def _show_down(self) -> None:
        cards = (self._cards[0], self._cards[1])
        self._showdown = cards
        self._events.append(Showdown(self._hand, cards))
        self._end_hand(winner=0 if cards[0] > cards[1] else 1)

    def _end_hand(self, winner: Seat) -> None:
        won = self._pot[1 - winner]
        nets = (won, -won) if winner == 0 else (-won, won)
        self._nets.append(nets)
        self._balances = [balance + net for balance, net in zip(self._balances, nets, strict=True)]
        balances = (self._balances[0], self._balances[1])
        self._events.append(PotWon(self._hand, winner, sum(self._pot), balances))
        if self._hand < self._game.hands:
            self._start_hand()
        else:
            self._turn = None

    def _start_hand(self) -> None:
        deck = list(Card)
        self._rng.shuffle(deck)
        self._hand += 1
        self._first = (self._hand - 1) % 2
        self._cards = deck[:2]
        self._history = []
        self._pot = [self._game.ante, self._game.ante]
        self._showdown = None
        self._turn = self._first
        self._hand_start = len(self._events)
        self._events.append(HandStarted(self._hand, self._first, self._game.ante))
        self._events.extend(
            CardDealt(seat, self._hand, card) for seat, card in enumerate(self._cards)
        )

    def observation(self, seat: Seat | None) -> KuhnObservation:
        """What ``seat`` may see now; ``None`` gives the spectator's public view.

        Raises:
            ValueError: ``seat`` is not 0 or 1.
        """
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"no seat {seat!r} in Kuhn poker (seats 0 and 1)")
        return KuhnObservation(
            seat=seat,
            game=self._game,
            hand_number=self._hand,
            first_seat=self._first,
            card=None if seat is None else self._cards[seat],
            history=tuple(self._history),
            pot=sum(self._pot),
            balances=(self._balances[0], self._balances[1]),
            to_act=self._turn,
            showdown=self._showdown,
            legal_actions=() if seat is None else tuple(self.legal_actions(seat)),
        )

    def result(self) -> KuhnResult | None:
        """The chips each seat won and each hand's nets; ``None`` while playing."""
        if self._turn is not None:
            return None
        return KuhnResult(scores=tuple(self._balances), hand_nets=tuple(self._nets))

    def clone(self) -> KuhnState:
        """An independent copy, future deals included."""
        copy = object.__new__(KuhnState)
        copy.__dict__.update(self.__dict__)
        copy._rng = random.Random()
        copy._rng.setstate(self._rng.getstate())
        for name in ("_cards", "_history", "_pot", "_balances", "_events", "_actions", "_nets"):
            setattr(copy, name, list(getattr(self, name)))
        return copy

    def resample_hidden(self, seat: Seat, rng: random.Random) -> KuhnState:
        """A copy where the other seat's card of this hand is drawn afresh at random.

        It is one of the two cards ``seat`` does not hold (the third stays undealt), and the
        other seat's ``CardDealt`` event of this hand says so. The generator of future deals
        is reseeded from ``rng``, so ``seed`` and ``actions`` no longer replay the copy.
        Cards of earlier hands that ended in a fold stay as they were dealt: nothing to come
        depends on them. ``seat``'s observation of the copy is this state's.
        """
        copy = self.clone()
        copy._rng = random.Random(rng.getrandbits(64))
        if self._turn is None:
            return copy
        other = 1 - seat
        card = rng.choice([card for card in Card if card != self._cards[seat]])
        copy._cards[other] = card
        for index in range(self._hand_start, len(self._events)):
            event = self._events[index]
            if isinstance(event, CardDealt) and event.seat == other:
                copy._events[index] = CardDealt(other, self._hand, card)
        return copy
