"""What the codec costs a decision, uncached against kept: figures printed, nothing asserted.

    ./dev bench bench/codec.py                   (about 10 seconds)
    ./dev run python bench/codec.py --quick      (about 3 seconds)

The positions come from random games played to their end: Lexio 4-player one-round matches
and two-player six-card cribbage games of one game, at every decision of a seat with more
than one legal action (a forced move is never asked). Per call, in microseconds:

- referee, encode a request: ``codec.decision_request`` (the observation and its legal
  actions, no events), as the referee sends it;
- SDK, read a request: the ``RefereeMessage`` parsed from its bytes, then
  ``codec.read_decision_request``, as ``croupier.run`` reads it;
- SDK, encode a reply: ``codec.action_reply`` with the first legal action;
- referee, read a reply: the ``BotMessage`` parsed, then ``codec.read_action_reply``;
- referee, encode an event: ``codec.encode_event``, for every event of the games;
- SDK, read an event: the ``GameEvent`` parsed, then ``codec.decode_event`` (only a bot
  that listens decodes its events).

Each is timed twice: *uncached*, every memo of the codecs emptied before each call
(``croupier.codec._memo.clear_memos``, outside the timing), the cost of a value never seen
before (above what the codec cost before it had memos, since it now builds what it keeps);
and *kept*, the calls made in the games' order with the memos as other games (other seeds,
every call above) left them, as in a referee or a bot that has played a while. Each call is
timed in several passes, the two kinds interleaved (the kept memos put back before each
pass), and keeps its best time, so a busy machine's interruptions are left out; a figure is
the mean of those, and the ratio uncached over kept. The parse of a message is counted
where a receiver pays it.

Last, the import: a fresh interpreter importing ``croupier.codec`` and loading both games'
codecs (the best of five).
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from croupier import codec
from croupier.codec._memo import clear_memos, saved_memos
from croupier.games import Event, Game
from croupier.games.cribbage import Cribbage
from croupier.games.lexio import Lexio
from croupier.proto.v1 import referee_pb2 as pb


@dataclass(frozen=True, slots=True)
class Positions:
    """What random games of one rule set gave: every decision asked, and every event."""

    game: Game[Any]
    observations: list[Any]
    events: list[Event]

    @classmethod
    def play(cls, game: Game[Any], seeds: range) -> Positions:
        """Play random games of ``game`` to their end, one for each of ``seeds``."""
        observations, events = [], []
        for seed in seeds:
            state = game.new_state(seed)
            rng = random.Random(seed)
            while seats := state.seats_to_act():
                seat = rng.choice(seats)
                legal = state.legal_actions(seat)
                if len(legal) > 1:
                    observations.append(state.observation(seat))
                state.apply(seat, rng.choice(legal))
            events += state.events
        return cls(game, observations, events)

    def describe(self) -> str:
        """How many positions, and how large."""
        count = len(self.observations)
        legal = sum(len(observation.legal_actions) for observation in self.observations)
        history = sum(len(getattr(item, "history", ())) for item in self.observations)
        turns = f", {history / count:.1f} turns of history" if history else ""
        return (
            f"{count} decisions ({legal / count:.1f} legal actions{turns} on average), "
            f"{len(self.events)} events"
        )


def request(game: Game[Any], observation: Any) -> pb.RefereeMessage:
    """The referee's request for ``observation``'s decision."""
    return codec.decision_request(
        request_id=7,
        game_id="game-1",
        game=game,
        observation=observation,
        time_left_ms=1_000,
        bank_left_ms=5_000,
        attempt=1,
    )


def reply(game: Game[Any], observation: Any) -> pb.BotMessage:
    """The bot's reply with the first legal action of ``observation``."""
    return codec.action_reply(request_id=7, game=game, action=observation.legal_actions[0])


@dataclass(frozen=True, slots=True)
class Workload:
    """One kind of call, and the inputs it is timed on."""

    label: str
    call: Callable[[Any], object]
    inputs: Sequence[Any]


def workloads(positions: Positions) -> list[Workload]:
    """The six calls of the module docstring, over ``positions``."""
    game, observations = positions.game, positions.observations
    requests = [request(game, observation).SerializeToString() for observation in observations]
    replies = [reply(game, observation).SerializeToString() for observation in observations]
    events = [
        codec.encode_event("game-1", event, game=game).event.SerializeToString()
        for event in positions.events
    ]
    return [
        Workload("referee: encode a request", lambda item: request(game, item), observations),
        Workload(
            "SDK: read a request",
            lambda data: codec.read_decision_request(pb.RefereeMessage.FromString(data).decision),
            requests,
        ),
        Workload("SDK: encode a reply", lambda item: reply(game, item), observations),
        Workload(
            "referee: read a reply",
            lambda data: codec.read_action_reply(pb.BotMessage.FromString(data).action, game),
            replies,
        ),
        Workload(
            "referee: encode an event",
            lambda event: codec.encode_event("game-1", event, game=game),
            positions.events,
        ),
        Workload(
            "SDK: read an event",
            lambda data: codec.decode_event(pb.GameEvent.FromString(data)),
            events,
        ),
    ]


def call_seconds(workload: Workload, *, uncached: bool) -> list[float]:
    """One pass over the workload's inputs, in order: the time of each call."""
    clock, call = time.perf_counter, workload.call
    seconds = []
    for item in workload.inputs:
        if uncached:
            clear_memos()
        started = clock()
        call(item)
        seconds.append(clock() - started)
    return seconds


def compare(workload: Workload, passes: int, restore: Callable[[], None]) -> tuple[float, float]:
    """The mean uncached and kept time of a call, each call's best of ``passes`` passes.

    ``restore`` puts back the memos a kept pass starts from. The best of each call, not of
    each pass, leaves out the calls a busy machine interrupted, whichever pass they fell in.
    """
    uncached = kept = [float("inf")] * len(workload.inputs)
    for _ in range(passes):
        uncached = list(map(min, uncached, call_seconds(workload, uncached=True)))
        restore()
        kept = list(map(min, kept, call_seconds(workload, uncached=False)))
    return sum(uncached) / len(uncached), sum(kept) / len(kept)


def report(label: str, game: Game[Any], games: int, passes: int) -> None:
    """Print the six figures for ``games`` random games of ``game``."""
    timed = Positions.play(game, range(games))
    calls = workloads(timed)
    others = workloads(Positions.play(game, range(1_000, 1_000 + games)))
    clear_memos()  # of what building the inputs kept
    for workload in others:
        for item in workload.inputs:
            workload.call(item)
    restore = saved_memos()
    print(f"{label}: {timed.describe()}")
    print(f"    {'per call':<28}{'uncached':>10}{'kept':>10}{'ratio':>8}")
    for workload in calls:
        uncached, kept = compare(workload, passes, restore)
        print(
            f"    {workload.label:<28}{uncached * 1e6:>7.1f} us{kept * 1e6:>7.1f} us"
            f"{uncached / kept:>7.1f}x"
        )


_IMPORT = """
import time
started = time.perf_counter()
from croupier import codec
codec.codec_for("lexio"), codec.codec_for("cribbage")
print(time.perf_counter() - started)
"""


def import_seconds(runs: int = 5) -> float:
    """The best time of a fresh interpreter's import of the codec and both games' codecs."""
    times = []
    for _ in range(runs):
        output = subprocess.run(
            [sys.executable, "-c", _IMPORT], capture_output=True, text=True, check=True
        ).stdout
        times.append(float(output))
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer games and passes")
    args = parser.parse_args()
    games, passes = (3, 5) if args.quick else (8, 9)
    report("lexio, 4 players, one round", Lexio(players=4, rounds=1), games, passes)
    cribbage = Cribbage(variant="six-card", match_points=1)
    report("cribbage, two-player six-card, one game", cribbage, games, passes)
    print(f"import croupier.codec and load both codecs: {import_seconds() * 1e3:.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
