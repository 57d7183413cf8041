"""A bot of the SDK that listens: it writes down each event it is told and each clock it is given.

    python tests/fakebots/listener.py [--live]

It writes ``event TEXT`` on standard output for every event (:meth:`croupier.Bot.on_event`)
and answers each decision with its first legal action, commented ``clock TIME_LEFT BANK_LEFT
ATTEMPT REMAINING_MS EVENTS`` from :attr:`croupier.Bot.clock` and the events told so far.
With ``--live`` it asks the referee for every event as it happens. It plays Lexio only, and
says so in its Hello.
"""

from __future__ import annotations

import sys
from typing import Any

import croupier
from croupier.games import Event


class Listener(croupier.Bot[Any, Any]):
    """Plays the first legal action, with its clock for a comment."""

    games = ("lexio",)

    def __init__(self) -> None:
        self.events = 0

    def on_event(self, event: Event) -> None:
        self.events += 1
        print(f"event {event}", flush=True)

    def act(self, observation: Any) -> croupier.Decision[Any]:
        clock = self.clock
        assert clock is not None
        remaining_ms = round(clock.remaining_s() * 1000)
        comment = (
            f"clock {clock.time_left_ms} {clock.bank_left_ms} {clock.attempt} "
            f"{remaining_ms} {self.events}"
        )
        return croupier.Decision(observation.legal_actions[0], comment=comment)


class LiveListener(Listener):
    """The listener, told every event as it happens."""

    live_events = True


if __name__ == "__main__":
    croupier.run(LiveListener() if "--live" in sys.argv[1:] else Listener())
