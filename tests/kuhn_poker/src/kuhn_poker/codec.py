"""Kuhn poker between the engine's types and the messages of ``kuhn_poker.proto``: :data:`CODEC`.

Croupier's ``referee.proto`` has no ``kuhn_poker`` arm: each message here travels packed in
``other_game``, and the receiver finds this codec by the message's type name. Each
``decode_*`` gives back a value equal to the one encoded, or raises ``CodecError``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TypeVar

from croupier.codec import CodecError, GameCodec
from croupier.games import Event, Seat
from kuhn_poker._cards import Action, Card
from kuhn_poker._events import Acted, CardDealt, HandStarted, PotWon, Showdown
from kuhn_poker._game import KuhnPoker
from kuhn_poker._observation import KuhnObservation, KuhnResult
from kuhn_poker.v1 import kuhn_poker_pb2 as pb

__all__ = ["CODEC", "KuhnCodec"]

_CARDS = {
    Card.JACK: pb.CARD_JACK,
    Card.QUEEN: pb.CARD_QUEEN,
    Card.KING: pb.CARD_KING,
}
_CARD_OF: dict[int, Card] = {number: card for card, number in _CARDS.items()}
_KINDS = {
    Action.CHECK: pb.ACTION_KIND_CHECK,
    Action.BET: pb.ACTION_KIND_BET,
    Action.CALL: pb.ACTION_KIND_CALL,
    Action.FOLD: pb.ACTION_KIND_FOLD,
}
_KIND_OF: dict[int, Action] = {number: action for action, number in _KINDS.items()}

T = TypeVar("T")


def _member(number: int, table: dict[int, T], what: str) -> T:
    try:
        return table[number]
    except KeyError:
        raise CodecError(f"Kuhn poker {what}: unknown or unspecified value {number}") from None


def _seat(value: int, what: str) -> Seat:
    if value not in (0, 1):
        raise CodecError(f"Kuhn poker {what}: no seat {value} (seats 0 and 1)")
    return value


def _pair(values: Sequence[int], what: str) -> tuple[int, int]:
    if len(values) != 2:
        raise CodecError(f"Kuhn poker {what}: {len(values)} value(s) where 2 are expected")
    return values[0], values[1]


@contextmanager
def _rejecting(what: str) -> Iterator[None]:
    """A domain value's (or protobuf's) ``ValueError`` as a ``CodecError``."""
    try:
        yield
    except CodecError:
        raise
    except ValueError as error:
        raise CodecError(f"Kuhn poker {what}: {error}") from None


def encode_rules(game: KuhnPoker) -> pb.Rules:
    """The message of the rules.

    Raises:
        CodecError: an option too large for the wire (more than ``2**32 - 1``).
    """
    with _rejecting("rules"):
        return pb.Rules(ante=game.ante, hands=game.hands)


def decode_rules(message: pb.Rules) -> KuhnPoker:
    """The rules of ``message``.

    Raises:
        CodecError: options the rules refuse (an ante or hands of 0).
    """
    with _rejecting("rules"):
        return KuhnPoker(ante=message.ante, hands=message.hands)


def encode_action(action: Action) -> pb.Action:
    """The message of an action.

    Raises:
        CodecError: ``action`` is no Kuhn poker action.
    """
    if not isinstance(action, Action):
        raise CodecError(f"not a Kuhn poker action: {action!r}")
    return pb.Action(kind=_KINDS[action])


def decode_action(message: pb.Action) -> Action:
    """The action of ``message``.

    Raises:
        CodecError: no kind, or an unknown one.
    """
    return _member(message.kind, _KIND_OF, "action")


def encode_observation(observation: KuhnObservation) -> pb.Observation:
    """The message of a seat's observation, without its legal actions."""
    card = observation.card
    return pb.Observation(
        seat=observation.seat,
        rules=encode_rules(observation.game),
        hand_number=observation.hand_number,
        first_seat=observation.first_seat,
        card=pb.CARD_UNSPECIFIED if card is None else _CARDS[card],
        history=[pb.Turn(seat=seat, kind=_KINDS[action]) for seat, action in observation.history],
        pot=observation.pot,
        balances=observation.balances,
        to_act=observation.to_act,
        showdown=[_CARDS[card] for card in observation.showdown or ()],
    )


def decode_observation(message: pb.Observation, legal_actions: Sequence[Action]) -> KuhnObservation:
    """The observation of ``message``, with ``legal_actions`` put back.

    Raises:
        CodecError: no rules, a seat other than 0 and 1, a bad card or action, or balances
            or a showdown that are not one per seat.
    """
    if not message.HasField("rules"):
        raise CodecError("a Kuhn poker observation has no rules")
    seat = _seat(message.seat, "observation seat") if message.HasField("seat") else None
    if (seat is None) != (message.card == pb.CARD_UNSPECIFIED):
        raise CodecError("a Kuhn poker observation has a card exactly when it is a seat's")
    showdown = None
    if message.showdown:
        first, second = _pair(message.showdown, "observation showdown")
        showdown = (_member(first, _CARD_OF, "card"), _member(second, _CARD_OF, "card"))
    return KuhnObservation(
        seat=seat,
        game=decode_rules(message.rules),
        hand_number=message.hand_number,
        first_seat=_seat(message.first_seat, "observation first_seat"),
        card=None if seat is None else _member(message.card, _CARD_OF, "card"),
        history=tuple(
            (_seat(turn.seat, "history seat"), _member(turn.kind, _KIND_OF, "action"))
            for turn in message.history
        ),
        pot=message.pot,
        balances=_pair(message.balances, "observation balances"),
        to_act=_seat(message.to_act, "observation to_act") if message.HasField("to_act") else None,
        showdown=showdown,
        legal_actions=tuple(legal_actions),
    )


def encode_event(event: Event) -> pb.Event:
    """The message of an event.

    Raises:
        CodecError: ``event`` is no Kuhn poker event.
    """
    match event:
        case HandStarted(hand_number=hand, first_seat=first, ante=ante):
            return pb.Event(
                hand_started=pb.HandStarted(hand_number=hand, first_seat=first, ante=ante)
            )
        case CardDealt(seat=seat, hand_number=hand, card=card):
            return pb.Event(card_dealt=pb.CardDealt(seat=seat, hand_number=hand, card=_CARDS[card]))
        case Acted(seat=seat, action=action):
            return pb.Event(acted=pb.Acted(seat=seat, kind=_KINDS[action]))
        case Showdown(hand_number=hand, cards=cards):
            return pb.Event(
                showdown=pb.Showdown(hand_number=hand, cards=[_CARDS[card] for card in cards])
            )
        case PotWon(hand_number=hand, winner=winner, pot=pot, balances=balances):
            return pb.Event(
                pot_won=pb.PotWon(hand_number=hand, winner=winner, pot=pot, balances=balances)
            )
    raise CodecError(f"not a Kuhn poker event: {event!r}")


def decode_event(message: pb.Event) -> Event:
    """The event of ``message``.

    Raises:
        CodecError: no event set, a seat other than 0 and 1, a bad card or action, or
            cards or balances that are not one per seat.
    """
    kind = message.WhichOneof("event")
    if kind == "hand_started":
        started = message.hand_started
        first = _seat(started.first_seat, "hand start first_seat")
        return HandStarted(started.hand_number, first, started.ante)
    if kind == "card_dealt":
        dealt = message.card_dealt
        card = _member(dealt.card, _CARD_OF, "card")
        return CardDealt(_seat(dealt.seat, "deal seat"), dealt.hand_number, card)
    if kind == "acted":
        seat = _seat(message.acted.seat, "action seat")
        return Acted(seat, _member(message.acted.kind, _KIND_OF, "action"))
    if kind == "showdown":
        first, second = _pair(message.showdown.cards, "showdown cards")
        cards = (_member(first, _CARD_OF, "card"), _member(second, _CARD_OF, "card"))
        return Showdown(message.showdown.hand_number, cards)
    if kind == "pot_won":
        won = message.pot_won
        balances = _pair(won.balances, "pot balances")
        return PotWon(won.hand_number, _seat(won.winner, "pot winner"), won.pot, balances)
    raise CodecError("a Kuhn poker event must be set (Event.event is not set)")


def encode_result(result: KuhnResult) -> pb.Result:
    """Kuhn poker's part of a result message (the scores travel in ``Result.scores``)."""
    return pb.Result(hand_nets=[pb.HandNets(nets=nets) for nets in result.hand_nets])


def decode_result(message: pb.Result, scores: tuple[int, ...]) -> KuhnResult:
    """The result of a match whose chips won are ``scores``.

    Raises:
        CodecError: scores or a hand's nets that are not one per seat.
    """
    _pair(scores, "result scores")
    nets = tuple(_pair(hand.nets, "result hand nets") for hand in message.hand_nets)
    return KuhnResult(scores=scores, hand_nets=nets)


class KuhnCodec:
    """Kuhn poker's ``GameCodec``: its messages ride in ``referee.proto``'s ``other_game``."""

    name = KuhnPoker.name
    rules_message = pb.Rules
    action_message = pb.Action
    observation_message = pb.Observation
    event_message = pb.Event
    result_message = pb.Result

    encode_rules = staticmethod(encode_rules)
    decode_rules = staticmethod(decode_rules)
    encode_action = staticmethod(encode_action)
    decode_action = staticmethod(decode_action)
    encode_observation = staticmethod(encode_observation)
    decode_observation = staticmethod(decode_observation)
    encode_event = staticmethod(encode_event)
    decode_event = staticmethod(decode_event)
    encode_result = staticmethod(encode_result)
    decode_result = staticmethod(decode_result)


CODEC: GameCodec = KuhnCodec()
"""The codec of Kuhn poker, registered in the ``croupier.codecs`` entry points."""
