"""What sealing a seat costs a started bot: its start, its memory, the referee's CPU.

    ./dev bench bench/sealing.py                    (about a minute)
    ./dev run python bench/sealing.py --quick       (about 20 seconds)

Figures printed, nothing asserted. Every bot is started by ``BotProcess.start`` under the
default limits, on an in-process ``RefereeServer`` (no database), sealed (the default: its
own namespaces, user, temp directories and a keeper process above it) and unsealed
(``seal_seat=False``: the containment without the seal, the baseline). Ratios are sealed
over unsealed. The runs alternate, sealed first one round and unsealed first the next, and
each figure is the median of its runs; a ratio is the median of the ratios of the pairs
run next to each other, since timings on a small VM drift from one second to the next.

- Start: from calling ``BotProcess.start`` to the bot's Hello being admitted, for
  ``examples/lexio_random.py`` (Python with grpc and the SDK), and to the process's exit for
  ``python -I -S -c pass`` (the interpreter alone, which separates the interpreter from the
  sealing); one bot alone, and four at once (a table: until the last one's Hello or exit).
  Of the lone starts, also the CPU time of the seat's processes from start to end (this
  process's ``RUSAGE_CHILDREN``: the keeper, the bot and its children), which other work
  on the machine sways less than wall time. For reference, ``python -I -S -c pass`` run
  directly, without any confinement.
- Memory: of the seat's whole process tree right after its Hello (lexio_random, alone):
  the keeper and the bot with its children for a sealed seat, the bot and its children for
  an unsealed one (``bench/_process_tree.py``); the keeper's share on a line of its own.
  RSS counts every page a process maps; PSS divides each shared page among the processes
  that map it; private is what the process alone holds, what it frees by ending.
- The referee's CPU (``time.process_time()`` of this process) per start:
  ``Sandbox.prepare`` alone (the sealed one also plans the mounts and shows the command's
  paths), and the whole ``BotProcess.start`` (prepare, then fork and execute the keeper or
  the confinement, then the output's pipes), of the lone lexio_random starts.

The header says what this machine can do: where the seats cannot be sealed
(``sandbox.sealing_failure()``), it says why and only the baseline is measured.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import os
import platform
import resource
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

import google.protobuf
import grpc

sys.path.append(str(Path(__file__).resolve().parents[1]))  # bench/ as a package

import croupier
from bench._process_tree import Memory, SeatMemory, SeatTree
from croupier_server.referee.containment import sandbox
from croupier_server.referee.containment.confinement import landlock
from croupier_server.referee.containment.launcher import BotProcess
from croupier_server.referee.containment.limits import DEFAULT_LIMITS
from croupier_server.referee.containment.sandbox import Sandbox
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.tokens import new_secret

EXAMPLE_BOT = Path(__file__).resolve().parent.parent / "examples" / "lexio_random.py"
TABLE = 4
"""How many bots start at once in the table runs."""
HELLO_TIMEOUT_S = 30.0
LABEL = 38
"""The width of a table's first column."""


@dataclass(frozen=True, slots=True)
class Program:
    """A bot's command, and whether it says Hello (else its start ends when it exits)."""

    label: str
    argv: list[str]
    says_hello: bool


PROGRAMS = (
    Program(EXAMPLE_BOT.name, [sys.executable, str(EXAMPLE_BOT)], says_hello=True),
    Program("python -I -S -c pass", [sys.executable, "-I", "-S", "-c", "pass"], says_hello=False),
)


@dataclass(frozen=True, slots=True)
class Scale:
    """How many times each figure is taken."""

    alone: int
    """Pairs (sealed and unsealed) of lone starts of each program."""
    tables: int
    """Pairs of starts of ``TABLE`` bots at once, of each program."""
    prepares: int
    """Pairs of ``Sandbox.prepare`` calls."""


FULL = Scale(alone=10, tables=5, prepares=60)
QUICK = Scale(alone=3, tables=2, prepares=20)


# One start


@dataclass(frozen=True, slots=True)
class Start:
    """One bot's start: how long it took, the referee's CPU, and the seat's memory then."""

    seconds: float
    start_cpu: float
    """``time.process_time()`` of this process during ``BotProcess.start``."""
    memory: SeatMemory | None
    """After the Hello; ``None`` for a program that never says it."""


async def start_one(
    server: RefereeServer, program: Program, *, sealed: bool, number: int = 0
) -> tuple[Start, BotProcess]:
    """Start ``program``, wait for its Hello (or its exit); the figures and its process."""
    label = f"{program.label} {number}"
    token = new_secret()
    connection = (
        server.registry.expect_seat(token, label, bot_name=label, game="lexio")
        if program.says_hello
        else None
    )
    env = {"CROUPIER_ADDRESS": server.address_for(network=False), "CROUPIER_TOKEN": token}
    command = shlex.join(program.argv)
    clock, cpu = time.perf_counter(), time.process_time()
    process = await BotProcess.start(
        label, command, env=env, limits=DEFAULT_LIMITS, seal_seat=sealed
    )
    start_cpu = time.process_time() - cpu
    if process.sandbox.sealed != sealed:
        raise RuntimeError(f"{label}: asked {sealed=}, started sealed={process.sandbox.sealed}")
    memory = None
    if connection is None:
        await process.process.wait()
        seconds = time.perf_counter() - clock
        if process.exit_code != 0:
            raise RuntimeError(f"{label} exited {process.exit_code}: {process.last_output()}")
    else:
        session = await asyncio.wait_for(connection, HELLO_TIMEOUT_S)
        seconds = time.perf_counter() - clock
        memory = SeatTree.of(process).memory()
        session.close("measured")
        server.registry.revoke_seat(token)
    return Start(seconds, start_cpu, memory), process


async def start_table(server: RefereeServer, program: Program, *, sealed: bool) -> float:
    """Start ``TABLE`` bots at once; seconds until the last one's Hello (or exit)."""
    started = await asyncio.gather(
        *(start_one(server, program, sealed=sealed, number=n) for n in range(TABLE))
    )
    await asyncio.gather(*(process.stop() for _, process in started))
    return max(start.seconds for start, _ in started)


async def start_alone(
    server: RefereeServer, program: Program, *, sealed: bool
) -> tuple[Start, float]:
    """Start ``program`` alone and stop it; its figures, and the CPU seconds of its seat.

    That CPU is of every process of the seat, from its start to its end: what this process's
    children used (``RUSAGE_CHILDREN``), the keeper's children included once it reaped them.
    """
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start, process = await start_one(server, program, sealed=sealed)
    await process.stop()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return start, cpu


# The runs, interleaved


@dataclass(slots=True)
class Paired:
    """Figures taken in pairs, sealed and unsealed (``sealed`` empty: the baseline only)."""

    unsealed: list[float]
    sealed: list[float]

    def add(self, value: float, *, sealed: bool) -> None:
        """One more figure, of a sealed start or an unsealed one."""
        (self.sealed if sealed else self.unsealed).append(value)

    def row(self, label: str, *, digits: int = 1) -> str:
        """One line of a table, in ms: the medians, and the median ratio of the pairs."""
        base = statistics.median(self.unsealed) * 1e3
        line = f"  {label:<{LABEL}}{base:9.{digits}f}"
        if not self.sealed:
            return line
        ratios = [s / u for s, u in zip(self.sealed, self.unsealed, strict=True)]
        sealed = statistics.median(self.sealed) * 1e3
        return (
            f"{line}{sealed:9.{digits}f}{sealed - base:+9.{digits}f}"
            f"{statistics.median(ratios):8.2f}x  ({min(ratios):.2f}-{max(ratios):.2f}, "
            f"{len(ratios)} pairs)"
        )


def header(title: str, columns: Sequence[str]) -> str:
    """A table's title line, with its columns' names."""
    return f"{title:<{LABEL + 2}}" + "".join(f"{column:>9}" for column in columns)


def paired_header(title: str, *, can_seal: bool) -> str:
    """The title line of a table of :class:`Paired` rows."""
    return header(title, ("unsealed", "sealed", "+", "ratio") if can_seal else ("unsealed",))


def orders(rounds: int, *, can_seal: bool) -> list[tuple[bool, ...]]:
    """For each round, the kinds of start in the order they run: alternating which is first."""
    if not can_seal:
        return [(False,)] * rounds
    return [(True, False) if number % 2 == 0 else (False, True) for number in range(rounds)]


@dataclass(frozen=True, slots=True)
class Starts:
    """Every start figure of one program."""

    alone: Paired
    seat_cpu: Paired
    """CPU seconds of the seat's processes of each lone start, from its start to its end."""
    table: Paired
    memory: dict[bool, list[SeatMemory]]
    """After the Hello of each lone start, sealed (``True``) or not."""
    start_cpu: Paired


async def measure_program(
    server: RefereeServer, program: Program, scale: Scale, *, can_seal: bool
) -> Starts:
    """The lone and table starts of ``program``, interleaved."""
    alone, seat_cpu, table, cpu = Paired([], []), Paired([], []), Paired([], []), Paired([], [])
    memory: dict[bool, list[SeatMemory]] = {False: [], True: []}
    for sealed in orders(1, can_seal=can_seal)[0]:  # warm up: caches, probes, page cache
        await start_alone(server, program, sealed=sealed)
    for order in orders(scale.alone, can_seal=can_seal):
        for sealed in order:
            start, seat_seconds = await start_alone(server, program, sealed=sealed)
            alone.add(start.seconds, sealed=sealed)
            seat_cpu.add(seat_seconds, sealed=sealed)
            cpu.add(start.start_cpu, sealed=sealed)
            if start.memory is not None:
                memory[sealed].append(start.memory)
    for order in orders(scale.tables, can_seal=can_seal):
        for sealed in order:
            table.add(await start_table(server, program, sealed=sealed), sealed=sealed)
    return Starts(alone, seat_cpu, table, memory, cpu)


async def prepare_cpu(server: RefereeServer, scale: Scale, *, can_seal: bool) -> Paired:
    """CPU seconds of ``Sandbox.prepare`` for lexio_random, interleaved pairs."""
    env = {"CROUPIER_ADDRESS": server.address_for(network=False), "CROUPIER_TOKEN": new_secret()}
    argv = PROGRAMS[0].argv
    figures = Paired([], [])
    for order in orders(scale.prepares + 1, can_seal=can_seal):
        for sealed in order:
            cpu = time.process_time()
            prepared = Sandbox.prepare(argv, referee=env, limits=DEFAULT_LIMITS, seal_seat=sealed)
            figures.add(time.process_time() - cpu, sealed=sealed)
            await prepared.release()
    for kind in (figures.sealed, figures.unsealed):
        del kind[:1]  # the first of each warmed up
    return figures


def direct_start(rounds: int) -> float:
    """Median seconds of ``python -I -S -c pass`` run directly, without confinement."""
    seconds = []
    for _ in range(rounds + 1):
        clock = time.perf_counter()
        subprocess.run(PROGRAMS[1].argv, check=True)
        seconds.append(time.perf_counter() - clock)
    return statistics.median(seconds[1:])


# Printing


def print_machine() -> str | None:
    """The header: what this machine can do. Returns why the seats cannot be sealed, if so."""
    failure = sandbox.sealing_failure()
    bases = sandbox.cgroup_bases()
    groups = ", ".join(f"{name} (v{base.version})" for name, base in sorted(bases.items()))
    user = (
        "root: a sealed bot runs as a user of its own"
        if os.geteuid() == 0
        else f"uid {os.geteuid()}: a sealed bot keeps it, in a user namespace of its own"
    )
    print(
        f"machine: {platform.system()} {platform.release()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f} (1 min)\n"
        f"  running as {user}\n"
        f"  control groups: {groups or 'none'}; Landlock ABI {landlock.landlock_abi()}; "
        f"network can be cut: {'yes' if sandbox.network_can_be_cut() else 'no'}"
    )
    print(f"  {bytecode_caches()}")
    if failure is None:
        print("  the seats can be sealed here: sealed against unsealed (the baseline)")
    else:
        print(f"  the seats cannot be sealed here: {failure}; only the baseline is measured")
    return failure


def bytecode_caches() -> str:
    """Whether the bot's heaviest imports have their bytecode cached: a bot cannot write it.

    A confined bot may not write beside its modules: without caches, every start compiles
    them from source, and that dominates its start.
    """
    modules = {"grpc": grpc, "protobuf": google.protobuf, "croupier": croupier}
    missing = [name for name, module in modules.items() if not _has_bytecode(module)]
    if not missing:
        return "bytecode caches of grpc, protobuf and croupier: present"
    variable = os.environ.get("PYTHONDONTWRITEBYTECODE")
    return f"no bytecode cache for {', '.join(missing)}: every bot start compiles them" + (
        f" (PYTHONDONTWRITEBYTECODE={variable} here)" if variable else ""
    )


def _has_bytecode(module: ModuleType) -> bool:
    source = module.__file__
    return source is not None and os.path.exists(importlib.util.cache_from_source(source))


def print_starts(
    starts: Sequence[tuple[Program, Starts]], direct: float, *, can_seal: bool
) -> None:
    """The start table."""
    print("\n" + paired_header("start, median ms", can_seal=can_seal))
    for program, figures in starts:
        end = "Hello" if program.says_hello else "exit"
        print(f" {program.label}, launch to {end}:")
        print(figures.alone.row("alone"))
        print(figures.seat_cpu.row("alone: the seat's CPU, start to end"))
        print(figures.table.row(f"{TABLE} at once, to the last"))
    print(f"  (python -I -S -c pass run directly, no confinement: {direct * 1e3:.1f} ms)")


def memory_row(label: str, memories: Sequence[Memory]) -> str:
    """One line of the memory table: the means of ``memories``."""

    def mean(values: Sequence[float | None]) -> str:
        known = [value for value in values if value is not None]
        return f"{statistics.mean(known):9.1f}" if len(known) == len(values) else f"{'-':>9}"

    return (
        f"  {label:<{LABEL}}{mean([m.rss_mib for m in memories])}"
        f"{mean([m.pss_mib for m in memories])}{mean([m.private_mib for m in memories])}"
    )


def print_memory(starts: Starts) -> None:
    """The memory table, with the keeper's share and the ratios of the seats' totals."""
    unsealed = [memory.whole for memory in starts.memory[False]]
    count = len(unsealed)
    title = f"memory after Hello, MiB, mean of {count}"
    print("\n" + header(title, ("RSS", "PSS", "private")))
    print(memory_row("unsealed: the bot", unsealed))
    sealed = starts.memory[True]
    if not sealed:
        return
    keepers = [memory.keeper for memory in sealed if memory.keeper is not None]
    whole = [memory.whole for memory in sealed]
    print(memory_row("sealed: the keeper", keepers))
    print(memory_row("        the bot", [memory.bot for memory in sealed]))
    print(memory_row("        the seat (keeper + bot)", whole))

    def ratio(field: str) -> str:
        values = [[getattr(m, field) for m in memories] for memories in (whole, unsealed)]
        if any(value is None for kind in values for value in kind):
            return f"{'-':>9}"
        return f"{statistics.mean(values[0]) / statistics.mean(values[1]):8.2f}x"

    ratios = "".join(map(ratio, ("rss_mib", "pss_mib", "private_mib")))
    print(f"  {'the sealed seat / the unsealed':<{LABEL}}{ratios}")


def print_cpu(prepare: Paired, start: Paired, *, can_seal: bool) -> None:
    """The referee's CPU per start."""
    print("\n" + paired_header("the referee's CPU per start, median ms", can_seal=can_seal))
    print(prepare.row("Sandbox.prepare", digits=2))
    print(start.row(f"BotProcess.start ({EXAMPLE_BOT.name})", digits=2))


# The whole run


async def run_all(scale: Scale) -> None:
    """Print the header, measure everything on one referee, then print the tables."""
    failure = print_machine()
    can_seal = failure is None
    server = RefereeServer(SessionRegistry())
    await server.start()
    try:
        starts = [
            (program, await measure_program(server, program, scale, can_seal=can_seal))
            for program in PROGRAMS
        ]
        prepare = await prepare_cpu(server, scale, can_seal=can_seal)
    finally:
        await server.stop()
    print_starts(starts, direct_start(scale.alone), can_seal=can_seal)
    print_memory(starts[0][1])
    print_cpu(prepare, starts[0][1].start_cpu, can_seal=can_seal)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer runs of every figure")
    args = parser.parse_args()
    clock = time.perf_counter()
    asyncio.run(run_all(QUICK if args.quick else FULL))
    elapsed = time.perf_counter() - clock
    print(f"\n({elapsed:.0f} s; load average {os.getloadavg()[0]:.1f} at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
