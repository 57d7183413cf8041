"""The template games of ``bench/dashboard.py``'s database: real games of the example bots.

Lexio (4 players, 3 rounds) and six-card cribbage (one game a match) are played in this
process (``croupier.local.play``), each deal in every rotation of its table, as duplicate
tournaments play them. What the referee would store of each game is noted: every action
with its decision time (drawn around each example bot's median) and who decided it, every
event, the result. A referee's faults are drawn now and then: a timeout (the default
policy plays that decision) or a crash (the seat is forfeited and the default policy plays
it to the end), so their actions, faults and forfeits are those of real games too.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

import croupier
from croupier.bot import GameStart
from croupier.games import Event, Game, Result, load_game
from croupier.local import play
from croupier_server.db import DecidedBy, FaultKind
from croupier_server.db.packed_log import exact_latency_ms
from croupier_server.db.serialize import event_data, event_visibility
from examples.cribbage_greedy import GreedyCribbageBot
from examples.cribbage_random import RandomCribbageBot
from examples.cribbage_strong import StrongCribbageBot
from examples.lexio_cautious import CautiousLexioBot
from examples.lexio_greedy import GreedyLexioBot
from examples.lexio_random import RandomLexioBot
from examples.lexio_strong import StrongLexioBot

__all__ = ["KINDS", "TEMPLATE_EPOCH", "Kind", "Template", "play_templates"]

TEMPLATE_EPOCH = datetime(2000, 1, 1, tzinfo=UTC)
"""The templates' clock starts here."""

BANK_MS, DECISION_MS = 10_000, 1_000
TIMEOUT_RATE = 1 / 3_000
"""Decisions that time out: about one game in thirty has one."""
CRASH_RATE = 1 / 20_000
"""Decisions at which the bot crashes: about one game in two hundred is forfeited."""
ROUND_TRIP_MS = 0.8
"""What a decision costs beyond the bot's thinking: the request and the answer over gRPC."""
THINKING_SPREAD = 0.6
"""The sigma of a bot's (lognormal) thinking times around its median."""
REFEREE_S = 0.0003
"""The referee's own time per action: checking, applying, telling the seats."""


@dataclass(frozen=True, slots=True)
class ExampleBot:
    """An example bot as the templates play it."""

    make: Callable[[int], croupier.Bot[Any, Any]]
    """Builds the bot from a seed (which only the random bots use)."""
    median_ms: float
    """Its median decision time, as the referee measures it."""


@dataclass(frozen=True, slots=True)
class Kind:
    """A rule set of the filled tournaments, and the example bots of its templates."""

    game: str
    options: dict[str, Any]
    bots: tuple[ExampleBot, ...]
    deals: int
    """Template deals, each played in every rotation."""
    pool: tuple[str, ...]
    """The styles of the pool's bot names."""


KINDS = (
    Kind(
        "lexio",
        {"players": 4, "rounds": 3},
        (
            ExampleBot(lambda _: GreedyLexioBot(), 2.0),
            ExampleBot(lambda _: CautiousLexioBot(), 3.0),
            ExampleBot(lambda _: StrongLexioBot(), 25.0),
            ExampleBot(RandomLexioBot, 1.0),
        ),
        32,
        ("greedy", "cautious", "planner", "mcts", "ismcts", "rollout", "counter", "random"),
    ),
    Kind(
        "cribbage",
        {"variant": "six-card", "match_points": 1},
        (
            ExampleBot(lambda _: GreedyCribbageBot(), 2.0),
            ExampleBot(lambda _: StrongCribbageBot(), 30.0),
            ExampleBot(RandomCribbageBot, 1.0),
        ),
        64,
        ("greedy", "expectimax", "pegger", "mcts", "discarder", "random"),
    ),
)


@dataclass(slots=True)
class Template:
    """A played game as the referee would store it, its times counted from the epoch."""

    seed: int
    result: Result
    actions: list[dict[str, Any]] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    faults: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[int] = field(default_factory=list)
    forfeited_at_event: dict[int, int] = field(default_factory=dict)
    duration_s: float = 0.0


Fate = Literal["answered", "timeout", "crash", "forfeited"]
"""What came of a decision the referee asked a bot for."""


class _Refereed(croupier.Bot[Any, Any]):
    """An example bot seen through the referee: now and then it times out or crashes."""

    def __init__(self, bot: croupier.Bot[Any, Any], rng: random.Random) -> None:
        self.bot = bot
        self.rng = rng
        self.fates: list[Fate] = []
        """One per decision asked, in order."""

    def on_game_start(self, start: GameStart) -> None:
        self.bot.on_game_start(start)

    def on_event(self, event: Event) -> None:
        self.bot.on_event(event)

    def on_game_end(self, result: Result) -> None:
        self.bot.on_game_end(result)

    def act(self, observation: Any) -> Any:
        draw = self.rng.random()
        if self.fates and self.fates[-1] in ("crash", "forfeited"):
            self.fates.append("forfeited")
        elif draw < CRASH_RATE:
            self.fates.append("crash")
        elif draw < CRASH_RATE + TIMEOUT_RATE:
            self.fates.append("timeout")
        else:
            self.fates.append("answered")
            return self.bot.act(observation)
        return observation.legal_actions[0]  # the referee's default policy


def play_templates(kind: Kind, rng: random.Random) -> list[list[Template]]:
    """``kind.deals`` deals, each played in every rotation of a table of example bots."""
    rules = load_game(kind.game, kind.options)
    deals = []
    for _ in range(kind.deals):
        seed = rng.randrange(-(2**63), 2**63)
        table = [rng.choice(kind.bots) for _ in range(rules.num_players)]
        deals.append(
            [
                _played(rules, seed, table[rotation:] + table[:rotation], rng)
                for rotation in range(rules.num_players)
            ]
        )
    return deals


def _played(
    rules: Game[Any],
    seed: int,
    table: Sequence[ExampleBot],
    rng: random.Random,
) -> Template:
    seats = [_Refereed(bot.make(rng.randrange(2**32)), rng) for bot in table]
    final = play(rules, seats, seed=seed)
    result = final.result()
    assert result is not None
    template = Template(seed, result, decisions=[0] * len(seats))
    _Recorder(template, [bot.median_ms for bot in table], rng).replay(
        rules, final.actions, [iter(seat.fates) for seat in seats]
    )
    return template


@dataclass
class _Recorder:
    """Notes what the referee stores of each action of a template, and when."""

    template: Template
    medians: Sequence[float]
    rng: random.Random
    clock: float = 0.0
    """Seconds since the start of the game."""
    banks_ms: dict[int, float] = field(default_factory=dict)

    def replay(
        self, rules: Game[Any], actions: Sequence[tuple[int, Any]], fates: list[Iterator[Fate]]
    ) -> None:
        state = rules.new_state(self.template.seed)
        self._events(state.events)
        for number, (seat, action) in enumerate(actions):
            fate = None if len(state.legal_actions(seat)) == 1 else next(fates[seat])
            self._action(number, seat, str(action), fate)
            state.apply(seat, action)
            self._events(state.events)
        self.template.duration_s = self.clock

    def _action(self, number: int, seat: int, text: str, fate: Fate | None) -> None:
        latency = None
        if fate is None:
            decided_by, seconds = DecidedBy.FORCED, 0.0
        elif fate == "answered":
            thinking = self.medians[seat] * self.rng.lognormvariate(0, THINKING_SPREAD)
            latency_ms = thinking + ROUND_TRIP_MS
            latency = exact_latency_ms(latency_ms)  # as the referee stores it
            decided_by, seconds = DecidedBy.BOT, latency_ms / 1000
            self.template.decisions[seat] += 1
        else:
            decided_by, seconds = DecidedBy.DEFAULT, self._fault(number, seat, fate)
        self.template.actions.append(
            {
                "number": number,
                "seat": seat,
                "text": text,
                "requested_at": self._now(),
                "latency_ms": latency,
                "decided_by": str(decided_by),
            }
        )
        self.clock += seconds + REFEREE_S

    def _fault(self, number: int, seat: int, fate: Fate) -> float:
        """Charge the fault of ``fate``, if any; the seconds the decision took."""
        if fate == "forfeited":
            return 0.0
        if fate == "crash":
            kind, detail, seconds = FaultKind.CRASH, "the bot is gone", 0.05
            self.template.forfeited_at_event[seat] = len(self.template.events)
        else:
            waited_ms = DECISION_MS + self.banks_ms.get(seat, BANK_MS)
            self.banks_ms[seat] = 0.0
            kind, detail, seconds = (
                FaultKind.TIMEOUT,
                f"no answer in {waited_ms:.0f} ms",
                waited_ms / 1000,
            )
        self.template.faults.append(
            {
                "seat": seat,
                "kind": str(kind),
                "detail": detail,
                "at": self._now(seconds),
                "action_number": number,
            }
        )
        return seconds

    def _events(self, events: Sequence[Event]) -> None:
        for event in events[len(self.template.events) :]:
            self.template.events.append(
                {
                    "number": len(self.template.events),
                    "at": self._now(),
                    "kind": type(event).__name__,
                    "visible_to": event_visibility(event),
                    "text": str(event),
                    "data": event_data(event),
                }
            )

    def _now(self, later_s: float = 0.0) -> datetime:
        return TEMPLATE_EPOCH + timedelta(seconds=self.clock + later_s)
