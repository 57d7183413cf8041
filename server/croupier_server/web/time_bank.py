"""Each seat's time bank through a stored game, recomputed as the referee charged it.

The referee's :class:`~croupier_server.referee.seat.SeatAgent` gives a seat the game's
``bank_ms`` once. Asked for a decision, the seat has ``decision_ms`` plus what is left of
its bank; an answer later than ``decision_ms`` pays the difference from the bank (never
below 0), and a timeout empties it. A forced action, and one the default policy takes for
a forfeited seat, asks nothing and costs nothing. Only the latency of the answer that was
kept is stored: the overrun of an answer the referee refused (and asked again) is not, so
after a refused answer the bank shown may be higher than the referee's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from croupier_server.control import SettingError, TimeControl
from croupier_server.outcomes import DecidedBy

__all__ = ["BankCharge", "TimeBanks", "stored_time_control"]


@dataclass(frozen=True, slots=True)
class BankCharge:
    """What one decision took from its seat's bank.

    Attributes:
        before_ms: the bank when the seat was asked.
        after_ms: the bank after the decision.
        time_left_ms: the time the seat was given: ``decision_ms`` plus ``before_ms``.
        slow: whether the decision took longer than ``decision_ms`` (so paid from the
            bank), or timed out.
    """

    before_ms: float
    after_ms: float
    time_left_ms: float
    slow: bool


class TimeBanks:
    """The banks of a game's seats, charged decision by decision in the game's order.

    >>> banks = TimeBanks(TimeControl(decision_ms=1000, bank_ms=500), players=2)
    >>> banks.charge(0, DecidedBy.BOT, latency_ms=1200.0, timed_out=False)
    BankCharge(before_ms=500.0, after_ms=300.0, time_left_ms=1500.0, slow=True)
    >>> banks.charge(0, DecidedBy.BOT, latency_ms=900.0, timed_out=False).after_ms
    300.0
    >>> banks.charge(1, DecidedBy.DEFAULT, latency_ms=None, timed_out=True).after_ms
    0.0
    """

    def __init__(self, time_control: TimeControl, players: int) -> None:
        self.time_control = time_control
        self._banks = [float(time_control.bank_ms)] * players

    def charge(
        self, seat: int, decided_by: DecidedBy | str, *, latency_ms: float | None, timed_out: bool
    ) -> BankCharge:
        """Charge seat ``seat``'s decision, as the referee did.

        Args:
            seat: the deciding seat.
            decided_by: who chose the action that was kept.
            latency_ms: how long the kept answer took (``None``: no answer was kept).
            timed_out: whether the seat timed out in this decision.
        """
        decision_ms = self.time_control.decision_ms
        before = self._banks[seat]
        overrun = 0.0
        if decided_by == DecidedBy.BOT and latency_ms is not None:
            overrun = max(0.0, latency_ms - decision_ms)
        after = 0.0 if timed_out else max(0.0, before - overrun)
        self._banks[seat] = after
        return BankCharge(
            before_ms=before,
            after_ms=after,
            time_left_ms=decision_ms + before,
            slow=timed_out or overrun > 0,
        )


def stored_time_control(settings: Mapping[str, Any]) -> TimeControl | None:
    """The time control a game was played with, from its stored referee settings.

    ``None`` when the settings hold none that reads (a game stored without one).
    """
    data = settings.get("time_control")
    if not isinstance(data, Mapping):
        return None
    try:
        return TimeControl.from_data(data)
    except (SettingError, TypeError):
        return None
