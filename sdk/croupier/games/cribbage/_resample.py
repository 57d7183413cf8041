"""Determinization: every card a seat cannot see, dealt afresh consistently with what it saw.

Hidden from a seat: the other seats' unplayed cards (until shown), their discards and the
crib's cards from the pack (until the crib is shown), and the pack with the future starter.
Two pieces of public information rule cards out. A go: a seat that could not play at count
``c`` (it said go, or it played last and could not go on) holds no card worth ``31 - c`` or
less. And a turn: the seat asked to play holds at least one card that fits, since a seat
whose only action is go is never asked. The go limits make nested sets of allowed cards, so
filling the most limited hands first, each with a uniformly random choice of the allowed
cards left, draws uniformly among the deals they allow; drawing again until the seat to play
can play keeps it uniform among the deals consistent with everything the seat saw.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from croupier.games._api import Seat
from croupier.games.cribbage._actions import Discard, discard_of
from croupier.games.cribbage._cards import CARDS, VALUES
from croupier.games.cribbage._events import CardsDealt, DiscardedCards
from croupier.games.cribbage._position import NO_LIMIT, PLAY, Position

__all__ = ["resample"]

_MAX_DRAWS = 100_000
"""A bound on redraws; the real deal fits, so each draw succeeds with a chance of 1/52 or more."""


@dataclass(slots=True)
class _Slot:
    """A place holding cards the seat cannot see: ``hand``, ``discard``, ``crib`` or ``pack``."""

    kind: str
    owner: Seat
    cards: list[int]
    minimum: int
    """The lowest value a card here may have (from the owner's goes this hand)."""


def resample(position: Position, seat: Seat, rng: random.Random) -> Position:
    """A copy of ``position`` with everything hidden from ``seat`` redrawn with ``rng``.

    The future generator is reseeded from ``rng`` too. The current hand's private events and
    discard actions of other seats are rewritten to match, so the copy leaks nothing; it is
    not a replay of its seed any more.
    """
    copy = position.copy()
    slots = _hidden_slots(copy, seat)
    mover = _other_seat_to_play(copy, seat)
    for _ in range(_MAX_DRAWS):
        drawn = _draw(slots, rng)
        # A seat asked to play holds a card that fits: redraw until it does (rejection keeps
        # the draw uniform among the deals where it can play).
        if mover is None or any(
            VALUES[code] <= 31 - copy.count
            for slot, cards in zip(slots, drawn, strict=True)
            if slot.kind == "hand" and slot.owner == mover
            for code in cards
        ):
            break
    else:
        raise RuntimeError(f"no deal lets seat {mover} play: a rules bug")
    for slot, cards in zip(slots, drawn, strict=True):
        slot.cards = cards
        _put_back(copy, slot)
    _rewrite_hand_history(copy, seat)
    copy.rng = random.Random(rng.getrandbits(64))
    return copy


def _other_seat_to_play(position: Position, seat: Seat) -> Seat | None:
    """The seat asked to play now if it is not ``seat`` (its hand must hold a card that fits)."""
    if position.phase == PLAY and position.to_act and position.to_act[0] != seat:
        return position.to_act[0]
    return None


def _draw(slots: list[_Slot], rng: random.Random) -> list[list[int]]:
    """New cards for each slot, uniformly among the deals that respect every go limit."""
    pool = [code for slot in slots for code in slot.cards]
    rng.shuffle(pool)
    drawn: list[list[int]] = [[] for _ in slots]
    order = sorted(range(len(slots)), key=lambda index: -slots[index].minimum)
    for index in order:  # most limited first
        slot = slots[index]
        chosen: list[int] = []
        rest: list[int] = []
        for code in pool:
            if len(chosen) < len(slot.cards) and VALUES[code] >= slot.minimum:
                chosen.append(code)
            else:
                rest.append(code)
        if len(chosen) != len(slot.cards):
            raise RuntimeError(f"no deal fits the goes of seat {slot.owner}: a rules bug")
        drawn[index] = chosen
        pool = rest
    return drawn


def _hidden_slots(position: Position, seat: Seat) -> list[_Slot]:
    shown = {(hand.owner, hand.label) for hand in position.shown}
    crib_shown = any(label == "crib" for _, label in shown)
    slots = []
    for other in range(position.layout.players):
        if other == seat:
            continue
        if (other, "hand") not in shown:
            limit = position.go_limits[other]
            minimum = 0 if limit == NO_LIMIT else limit + 1
            slots.append(_Slot("hand", other, position.hands[other][:], minimum))
        discard = position.discards[other]
        if discard and not crib_shown:
            slots.append(_Slot("discard", other, list(discard), 0))
    if position.crib and not crib_shown:
        slots.append(_Slot("crib", -1, position.crib[:], 0))
    slots.append(_Slot("pack", -1, position.pack[:], 0))
    return slots


def _put_back(position: Position, slot: _Slot) -> None:
    if slot.kind == "hand":
        position.hands[slot.owner] = sorted(slot.cards)
        if position.kept[slot.owner]:  # after the discard: the kept hand is played + unplayed
            played = [code for player, code in position.played if player == slot.owner]
            position.kept[slot.owner] = tuple(sorted(played + slot.cards))
    elif slot.kind == "discard":
        position.discards[slot.owner] = tuple(sorted(slot.cards))
    elif slot.kind == "crib":
        position.crib = sorted(slot.cards)
    else:
        position.pack = slot.cards  # the shuffled order: the next card is a random one


def _rewrite_hand_history(position: Position, seat: Seat) -> None:
    """Make the current hand's private events and discards of other seats match the copy."""
    events = position.events
    for index in range(position.hand_events, len(events)):
        event = events[index]
        if isinstance(event, CardsDealt) and event.seat != seat:
            owner = event.seat
            played = [code for player, code in position.played if player == owner]
            dealt = sorted([*played, *position.hands[owner], *(position.discards[owner] or ())])
            events[index] = CardsDealt(owner, tuple(CARDS[code] for code in dealt))
        elif isinstance(event, DiscardedCards) and event.seat != seat:
            codes = position.discards[event.seat] or ()
            events[index] = DiscardedCards(event.seat, tuple(CARDS[code] for code in codes))
    actions = position.actions
    for index in range(position.hand_actions, len(actions)):
        player, action = actions[index]
        discard = position.discards[player] if player < len(position.discards) else None
        if player != seat and isinstance(action, Discard) and discard:
            actions[index] = (player, discard_of(discard))
