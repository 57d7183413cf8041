"""The bots' processes of the games played: kept from game to game, lent to one game at a time.

Every command bot of a tournament plays in processes of this pool, in the tournament's
:class:`~.mode.ProcessMode` (docs/tournaments.md says what each guarantees):

- ``fair``: a process plays game after game, never two games of one deal;
- ``fresh``: a process plays one game, then ends;
- ``reuse``: a process plays any games.

Each process connects with a seat token of its own, which admits one stream. A game
borrows (:meth:`ProcessPool.for_game`) a process for each seat of a command bot: an idle one
that may play it, else one still connecting, else one started for it; a process plays one
seat of one game at a time. When the game is over the process is kept for more unless the
mode says it played its last, the game did not finish, its seat was charged a fault (so a
late reply never reaches the next game), it died, or its busiest process has used half its
CPU time limit (``RLIMIT_CPU`` counts over a process's life): it is ended then, its last
lines in the game's output. A process that dies or says anything while idle is ended; its
bot's next game starts another. A process that failed to start or connect is charged to the
game that takes it, as a process started for that game would be. The pool knows which bots
have had a process say Hello (:meth:`ProcessPool.has_started`): a bot none of whose
processes did yet is in its first games, where failing to start stops the tournament.

Start ahead: the pool is told the games waiting to be played (:meth:`ProcessPool.prepare`)
and starts the processes the next ``concurrency`` of them will need while the current ones
play (in reuse mode, what each bot of the games waiting may need at once), once every game
being played has its own processes connected. Never more than :func:`process_cap`
processes are alive (ending ones included): at the cap the idle process least useful to
the games waiting is ended to make room (see :mod:`.plan`).
"""

from __future__ import annotations

import asyncio
import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass, field
from types import TracebackType

from croupier.games import Seat
from croupier_server.processes.mode import ProcessMode
from croupier_server.processes.plan import (
    Held,
    Plan,
    Table,
    may_play,
    plan_processes,
    reuse_needs,
)
from croupier_server.referee.containment.limits import BotLimits
from croupier_server.referee.containment.output import OutputTail
from croupier_server.referee.game import Entrant
from croupier_server.referee.records import GameLog
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.started import NoSession, StartedBot
from croupier_server.tokens import new_secret

__all__ = ["USEFUL_HORIZON", "PooledBot", "ProcessPool", "process_cap"]

USEFUL_HORIZON = 64
"""How many of the games waiting are looked at to tell how useful an idle process is."""


def process_cap(seats: int, concurrency: int) -> int:
    """The most processes a pool keeps alive: the seats of ``concurrency + seats`` games.

    That is the games played at once, and as many more as a table has seats: a duplicate
    deal is played once per rotation, and in fair mode each rotation needs a process of its
    own for each bot of the table, besides those started ahead for the next games.

    >>> process_cap(seats=4, concurrency=2), process_cap(seats=2, concurrency=8)
    (24, 20)
    """
    return seats * (concurrency + seats)


@dataclass(frozen=True, slots=True)
class PooledBot:
    """A command bot of the tournament: its name, command and process limits."""

    name: str
    command: str
    limits: BotLimits


@dataclass(eq=False)
class _Kept:
    """One process of the pool and what it has played."""

    bot: PooledBot
    launch: asyncio.Task[StartedBot]
    deals: set[int] = field(default_factory=set)
    games: int = 0
    lent: bool = False
    tainted: bool = False
    """It said something while idle: it is ended rather than lent again."""
    ending: asyncio.Task[None] | None = None

    @property
    def started(self) -> StartedBot | None:
        """The started bot, once its launch is done."""
        if not self.launch.done() or self.launch.cancelled() or self.launch.exception():
            return None
        return self.launch.result()

    @property
    def is_waiting(self) -> bool:
        """Whether it is still starting or connecting."""
        started = self.started
        return started is None or started.is_connecting

    @property
    def is_dead(self) -> bool:
        """Whether it connected and is gone since: it can play no more."""
        started = self.started
        return started is not None and started.session is not None and not started.is_playable


class ProcessPool:
    """The processes of a tournament run's command bots (see the module).

    Use it as ``async with ProcessPool(...) as pool:``; every process is ended (its process
    group) when the block ends, by an error or a cancellation too.

    Attributes:
        cap: The most processes alive at once.
        launches: How many processes were started so far.
    """

    def __init__(
        self,
        server: RefereeServer,
        bots: Iterable[PooledBot],
        *,
        mode: ProcessMode,
        game: str,
        seats: int,
        concurrency: int,
        connect_s: float,
        sealed: bool = False,
    ) -> None:
        self._server = server
        self._bots = {bot.name: bot for bot in bots}
        self._mode = mode
        self._game = game
        self._concurrency = concurrency
        self._connect_s = connect_s
        self._sealed = sealed
        self.cap = process_cap(seats, concurrency)
        self.launches = 0
        self._kept: list[_Kept] = []
        self._ending = 0
        self._waiting_games: list[Table] = []
        self._borrowings: set[_Borrowing] = set()
        self._room = asyncio.Event()
        self._watchers: set[asyncio.Task[None]] = set()
        self._endings: set[asyncio.Task[None]] = set()
        self._numbers = itertools.count()
        self._closed = False
        self._started_bots: set[str] = set()

    async def __aenter__(self) -> ProcessPool:
        """Open the pool; processes start as games borrow them or are prepared."""
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """End every process at once: no game is left to end its stream first."""
        self._closed = True
        for watcher in self._watchers:
            watcher.cancel()
        for kept in list(self._kept):
            self._end(kept, exit_wait=0)
        while self._endings or self._watchers:
            await asyncio.gather(*self._endings, *self._watchers, return_exceptions=True)

    @property
    def alive(self) -> int:
        """The processes alive now: kept ones, and those being ended."""
        return len(self._kept) + self._ending

    def admit(self, bots: Iterable[PooledBot]) -> None:
        """Let ``bots`` play in the pool too, those of names it does not know yet."""
        for bot in bots:
            self._bots.setdefault(bot.name, bot)

    def has_started(self, name: str) -> bool:
        """Whether a process of bot ``name`` has said Hello in this run."""
        return name in self._started_bots

    def for_game(self, scheduled: Table) -> _Borrowing:
        """What the game ``scheduled`` borrows its processes from (a ``ProcessSource``).

        Use it as ``async with pool.for_game(scheduled) as processes:`` around the game
        (its attempts): nothing is started ahead while a game is being seated.
        """
        seats = sum(name in self._bots for name in scheduled.bots)
        return _Borrowing(self, scheduled.deal, seats)

    def prepare(self, waiting: Iterable[Table]) -> None:
        """Know the games ``waiting`` to be played next, in order; start what they need.

        The games just started are seated first (their borrowing begins as they start).
        """
        self._waiting_games = list(itertools.islice(waiting, USEFUL_HORIZON))
        asyncio.get_running_loop().call_soon(self._start_ahead)

    async def lend(self, name: str, deal: int) -> tuple[_Kept, StartedBot]:
        """A process of bot ``name`` that may play ``deal``, lent until given back."""
        kept = await self._reserve(name, deal)
        try:
            started = await asyncio.shield(kept.launch)
        except BaseException:
            self._end(kept)
            raise
        self._start_ahead()
        return kept, started

    async def give_back(self, kept: _Kept, seat: Seat, log: GameLog) -> OutputTail | None:
        """The game of ``log`` is over: keep the process or end it; its output of the game."""
        started = kept.launch.result()
        faulted = any(fault.seat == seat for fault in log.faults) or seat in log.forfeited_at_event
        if not faulted and log.result is not None and self._may_keep(kept, started):
            assert started.session is not None
            assert started.process is not None
            started.session.report_strays_to(functools.partial(self._stray_while_idle, kept))
            kept.lent = False
            self._room.set()
            self._start_ahead()
            return started.process.take_output()
        await self._end(kept)
        return None if started.process is None else started.process.take_output()

    def _may_keep(self, kept: _Kept, started: StartedBot) -> bool:
        """Whether a process that played its game well may play more."""
        if self._closed or self._mode is ProcessMode.FRESH or kept.tainted:
            return False
        if not started.is_playable or started.process is None:
            return False
        return not started.process.has_used_cpu(kept.bot.limits.cpu_seconds / 2)

    def _may_play(self, kept: _Kept, deal: int) -> bool:
        """Whether the mode lets ``kept`` play a game of ``deal``."""
        return may_play(self._mode, kept.deals, kept.games, deal)

    async def _reserve(self, name: str, deal: int) -> _Kept:
        """Take a process of ``name`` for ``deal``, starting one, making room if need be.

        Fair mode: when none is idle but one that may play ``deal`` plays a game that is
        under way, the game waits for it rather than start another (a start costs about as
        much CPU as a game, and one more process would soon take the room of one a later
        game needs). Reuse mode starts what it needs up front; fresh mode gets nothing back.
        """
        while True:
            kept = self._choose(name, deal)
            coming_back = (
                kept is None and self._mode is ProcessMode.FAIR and self._coming_back(name, deal)
            )
            if kept is None and not coming_back and self.alive < self.cap:
                kept = self._launch(self._bots[name])
            if kept is not None:
                kept.lent = True
                kept.deals.add(deal)
                kept.games += 1
                return kept
            self._room.clear()
            if not coming_back:
                self._evict(unused_before=0)
            await self._room.wait()

    def _coming_back(self, name: str, deal: int) -> bool:
        """Whether a process of ``name`` that may play ``deal`` plays a game now seated.

        Such a game ends without waiting for any other (a game still being seated might
        wait for the very process asked for: it is not counted).
        """
        return any(
            kept.bot.name == name and self._may_play(kept, deal) and not kept.tainted
            for borrowing in self._borrowings
            if borrowing.seated
            for kept in borrowing.lent_processes()
        )

    def _choose(self, name: str, deal: int) -> _Kept | None:
        """The best idle process of ``name`` for ``deal``, if any.

        One connected first, else one still connecting, else one that failed to (whose
        fault the game that takes it is charged).
        """
        candidates = [
            kept
            for kept in self._kept
            if kept.bot.name == name
            and not kept.lent
            and not kept.tainted
            and not kept.is_dead
            and self._may_play(kept, deal)
        ]

        def rank(kept: _Kept) -> int:
            started = kept.started
            if started is not None and started.is_playable:
                return 0
            return 1 if kept.is_waiting else 2

        return min(candidates, key=rank, default=None)

    def _launch(self, bot: PooledBot) -> _Kept:
        number = next(self._numbers)
        launch = asyncio.ensure_future(
            StartedBot.start(
                self._server,
                label=f"process {number} of {bot.name}",
                bot_name=bot.name,
                game=self._game,
                command=bot.command,
                limits=bot.limits,
                token=new_secret(),
                connect_s=self._connect_s,
                sealed=self._sealed,
            )
        )
        kept = _Kept(bot, launch)
        self._kept.append(kept)
        self.launches += 1
        watcher = asyncio.ensure_future(self._watch(kept))
        self._watchers.add(watcher)
        watcher.add_done_callback(self._watchers.discard)
        return kept

    async def _watch(self, kept: _Kept) -> None:
        """Follow a process: end one that failed to connect, or that died while idle."""
        try:
            started = await asyncio.shield(kept.launch)
        except Exception:  # the game that borrows it meets the error
            return
        outcome = await started.connected()
        if isinstance(outcome, NoSession):
            # The game that takes it is charged; its output waits for it.
            await started.stop("it did not connect", exit_wait=0)
            return
        self._started_bots.add(kept.bot.name)
        if not kept.lent:
            outcome.report_strays_to(functools.partial(self._stray_while_idle, kept))
        self._start_ahead()
        await outcome.closed.wait()
        if not kept.lent:
            self._end(kept, exit_wait=0)

    def _stray_while_idle(self, kept: _Kept, _kind: str, _detail: str) -> None:
        """An idle process said something no game asked for: it plays no more."""
        kept.tainted = True
        if not kept.lent:
            self._end(kept, exit_wait=0)

    def _end(self, kept: _Kept, *, exit_wait: float = 0.5) -> asyncio.Task[None]:
        """End ``kept`` (it counts as alive until it is gone); ending it again waits."""
        if kept.ending is not None:
            return kept.ending
        self._kept.remove(kept)
        self._ending += 1

        async def end() -> None:
            try:
                try:
                    started = await asyncio.shield(kept.launch)
                except Exception:  # a launch that failed: its lender met the error
                    return
                await started.stop("the game is over", exit_wait=exit_wait)
            finally:
                self._ending -= 1
                self._room.set()
                self._start_ahead()

        ending = kept.ending = asyncio.ensure_future(end())
        self._endings.add(ending)
        ending.add_done_callback(self._endings.discard)
        return ending

    def _start_ahead(self) -> None:
        """Start what the next games waiting need, once the games playing have theirs.

        At the cap, an idle process that none of the games waiting needs is ended to make
        room (but in reuse mode, where the pool is sized, none is): ending one that a later
        game needs would only trade this start for another.
        """
        if self._closed or any(not borrowing.seated for borrowing in self._borrowings):
            return
        if any(kept.lent and kept.is_waiting for kept in self._kept):
            return
        if self._mode is ProcessMode.REUSE:
            held = [_held(kept) for kept in self._playable()]
            needs = reuse_needs(
                held, self._waiting_games, concurrency=self._concurrency, bots=self._bots
            )
        else:
            needs = list(self._plan(self._waiting_games[: self._concurrency])[0].missing)
        for name, _ in needs:
            if self.alive >= self.cap:
                if self._mode is not ProcessMode.REUSE:
                    self._evict(unused_before=len(self._waiting_games))
                return
            self._launch(self._bots[name])

    def _playable(self) -> list[_Kept]:
        """The processes that may play the games waiting (fresh: none that plays now)."""
        fresh = self._mode is ProcessMode.FRESH
        return [
            kept
            for kept in self._kept
            if not kept.tainted and not kept.is_dead and not (kept.lent and fresh)
        ]

    def _plan(self, games: list[Table]) -> tuple[Plan, list[_Kept]]:
        """Who would play ``games`` (see :func:`.plan.plan_processes`)."""
        processes = self._playable()
        plan = plan_processes(
            [_held(kept) for kept in processes],
            games,
            mode=self._mode,
            concurrency=self._concurrency,
            bots=self._bots,
        )
        return plan, processes

    def _evict(self, *, unused_before: int) -> None:
        """End the idle process least useful to the games waiting, if none before a game.

        That is the one whose first game comes last in the plan of the games waiting, or
        that plays none of them; only if it plays none of the first ``unused_before``.
        """
        plan, processes = self._plan(self._waiting_games)
        never = len(self._waiting_games)
        first_use = {
            id(kept): plan.first_use.get(number, never) for number, kept in enumerate(processes)
        }
        idle = [kept for kept in self._kept if not kept.lent]
        least = max(idle, key=lambda kept: first_use.get(id(kept), never), default=None)
        if least is not None and first_use.get(id(least), never) >= unused_before:
            self._end(least, exit_wait=0)


def _held(kept: _Kept) -> Held:
    return Held(kept.bot.name, frozenset(kept.deals), kept.games)


@dataclass(eq=False)
class _Borrowing:
    """One game's borrowing from the pool: a ``ProcessSource`` for its deal.

    Attributes:
        seats: The game's seats of the pool's bots.
        seated: Whether each of them has been lent a process.
    """

    pool: ProcessPool
    deal: int
    seats: int
    seated: bool = False
    _lent: dict[Seat, _Kept] = field(default_factory=dict)

    async def __aenter__(self) -> _Borrowing:
        """The game begins: until it is seated, nothing is started ahead."""
        self.seated = self.seats == 0
        self.pool._borrowings.add(self)
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """The game is over (every attempt of it)."""
        self.pool._borrowings.discard(self)
        self.pool._start_ahead()

    async def lend(self, seat: Seat, entrant: Entrant) -> StartedBot:
        """A process of ``entrant`` for ``seat``, which has not seen this game's deal (fair)."""
        kept, started = await self.pool.lend(entrant.name, self.deal)
        self._lent[seat] = kept
        if len(self._lent) >= self.seats:
            self.seated = True
            self.pool._start_ahead()
        return started

    async def give_back(self, seat: Seat, bot: StartedBot, log: GameLog) -> OutputTail | None:
        """Give back the process of ``seat``; what it wrote during the game."""
        return await self.pool.give_back(self._lent.pop(seat), seat, log)

    def lent_processes(self) -> Iterable[_Kept]:
        """The processes this game holds."""
        return self._lent.values()
