"""One open ladder played: its games chosen as others finish, within its budget, without end.

A :class:`LadderRun` looks at its ladder every second and whenever one of its games ends:

1. **Settle.** A game a worker failed because a bot did not start stops that bot (a version
   is rejected with its output; an organiser's bot is stopped in the ladder). A game chosen
   and not begun whose bot left the field (retired, rejected, stopped; a remote bot gone)
   is cancelled, its status ``failed`` saying why.
2. **Choose.** While fewer of its games than its budget are waiting or being played (here:
   than its budget and one deal more, so that the pool starts their processes ahead), the
   next deal's table is chosen by matchmaking (:mod:`.choosing`) from the latest fit, and
   its games, one per rotation, are stored (and, on workers, their jobs deferred) in one
   transaction, before any is played.
3. **Play.** Here, the games stored and not begun are played, lowest number first, at most
   the budget at once, through the tournaments' own path
   (:func:`~croupier_server.tournament.attempts.play_until_finished`: sealed seats, the
   processes of a pool in the ladder's process mode, recorded games), each version made
   ready on this machine first (a version that cannot be is this machine's fault: it is
   not seated again in this run, and stays active). On workers (``croupier serve
   --queue``) the workers play them.
4. **Rate.** When games finished since the last fit, the fit is made again in a thread of
   its own (:mod:`.fit`), one at a time and no sooner than its last took, so that a fit
   slower than the games never queues up; matchmaking reads the latest.

A run that starts (a serve restarted after a kill) first sets right what a stopped one left
(:func:`~croupier_server.db.ladder_games.recover_local_games`): the games it was playing
are queued again, under their numbers, and played before any new one is chosen.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game, load_game
from croupier_server import db
from croupier_server.db import BotKind
from croupier_server.db import ladder_games as stored
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.ladders import LadderRecord, LadderStatus
from croupier_server.db.schedule import NewScheduledGame, add_scheduled_games
from croupier_server.db.statistics import BoardVersion, board_version
from croupier_server.db.tournaments import bots_that_decided
from croupier_server.db.work import ScheduleStatus
from croupier_server.ladder.choosing import Tally, next_deal
from croupier_server.ladder.entrants import LadderField, ladder_field
from croupier_server.ladder.fit import LadderFit, fit_ladder
from croupier_server.ladder.pools import LadderPools, PoolGeneration
from croupier_server.ladder.settings import LadderSettings
from croupier_server.queueing.jobs import defer_games, ensure_queue_schema
from croupier_server.queueing.tournaments import LOST_ATTEMPTS
from croupier_server.recorded_games import ScheduleLink, settings_from_data
from croupier_server.referee.service import RefereeServer
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.preparing import VersionNotReady, prepare_versions_named
from croupier_server.tournament.attempts import (
    BotDidNotStart,
    TournamentError,
    play_until_finished,
)
from croupier_server.tournament.formats import ScheduledGame

__all__ = ["FIT_GAP_SECONDS", "LADDER_POLL_SECONDS", "LadderRun", "ladder_label"]

T = TypeVar("T")

LADDER_POLL_SECONDS = 1.0
"""How often a ladder looks at its games when none of them ends."""
FIT_GAP_SECONDS = 1.0
"""The least time between two fits of a ladder (more when a fit takes longer)."""

Report = Callable[[str], object]


def ladder_label(record: LadderRecord) -> str:
    """``ladder 3 (lexio, 4 players)``: how the lines that speak of a ladder name it."""
    return f"ladder {record.id} ({record.game}, {record.variant})"


@dataclass(frozen=True, slots=True)
class _Chosen:
    """A game the ladder chose, as stored: its row's id, its schedule, and its status."""

    id: int
    game: ScheduledGame
    status: ScheduleStatus = ScheduleStatus.QUEUED


@dataclass(frozen=True, slots=True)
class _View:
    """The ladder as one look at the database finds it."""

    record: LadderRecord
    settings: LadderSettings
    field: LadderField
    unfinished: list[_Chosen]
    version: BoardVersion
    failed: list[tuple[tuple[str, ...], str]]
    """Games waiting or played at the last look that failed since: their bots, and why."""

    @property
    def is_open(self) -> bool:
        return self.record.status is LadderStatus.OPEN


class LadderRun:
    """The play of one open ladder by this serve, until it closes (see the module)."""

    def __init__(
        self,
        engine: Engine,
        server: RefereeServer,
        record: LadderRecord,
        *,
        on_workers: bool,
        sealed: bool,
        report: Report,
        poll_s: float = LADDER_POLL_SECONDS,
    ) -> None:
        assert record.id is not None
        self._engine = engine
        self._server = server
        self._id = record.id
        self._tournament_id = record.tournament_id
        self._label = ladder_label(record)
        self._game: Game[Any] = load_game(record.game, record.options)
        self._settings = LadderSettings.from_data(record.settings)
        referee = settings_from_data(dict(self._settings.referee))
        self._referee = dataclasses.replace(referee, sealed=referee.sealed or sealed)
        self._on_workers = on_workers
        self._report = report
        self._poll_s = poll_s
        self._tally = Tally()
        self._proven: set[str] = set()
        self._unready: dict[str, str] = {}
        """The versions that cannot be made ready here, and why: not seated in this run."""
        self._submitting = None if on_workers else SubmissionSettings.from_environment()
        self._seen: set[int] = set()
        self._playing: dict[asyncio.Future[None], _Chosen] = {}
        self._fit = LadderFit()
        self._fitting: asyncio.Future[LadderFit] | None = None
        self._next_fit_at = 0.0
        self._pools = LadderPools(
            server,
            game=self._game.name,
            seats=self._game.num_players,
            mode=self._settings.processes,
            concurrency=self._settings.concurrency,
            settings=self._referee,
        )

    async def run(self) -> None:
        """Play the ladder until it is closed; its games being played here are ended if cancelled.

        Raises:
            DatabaseFailure: the database failed; what was being played is left for the
                next run to set right.
        """
        again = await asyncio.to_thread(self._start)
        where = "on the workers" if self._on_workers else "here"
        self._report(f"{self._label}: playing {where}; {again} games to play again first")
        try:
            while await self._step():
                await self._wait()
        finally:
            for task in self._playing:
                task.cancel()
            await asyncio.gather(*self._playing, return_exceptions=True)
            await self._pools.close()
        self._report(f"{self._label}: closed")

    def _start(self) -> int:
        """Set right what a stopped run left; count the deals so far. The games queued again."""
        if self._on_workers:
            ensure_queue_schema(self._engine)
        with translated_failures(self._engine), Session(self._engine) as session:
            again = stored.recover_local_games(session, tournament_id=self._tournament_id)
            next_deal_number, next_number = stored.next_numbers(
                session, tournament_id=self._tournament_id
            )
            chosen = stored.chosen_deals(session, tournament_id=self._tournament_id)
            self._tally = Tally.of(chosen, next_deal=next_deal_number, next_number=next_number)
            self._proven = bots_that_decided(
                session, tournament_id=self._tournament_id, names=set(self._tally.deals)
            )
            for failed in stored.start_failures(session, tournament_id=self._tournament_id):
                self._stop_on(session, tuple(failed.bots), failed.detail)
            if self._on_workers:
                # A serve that played here left its games without jobs; a job twice is dropped.
                waiting = stored.unfinished_games(session, tournament_id=self._tournament_id)
                queued = [r.id for r in waiting if r.status is ScheduleStatus.QUEUED]
                with db.atomic(session):
                    defer_games(session, [scheduled_id for scheduled_id in queued if scheduled_id])
            return again

    async def _step(self) -> bool:
        """Look, settle, choose and start games; ``False`` once closed and nothing plays here."""
        idle = None if self._on_workers else set(self._server.registry.idle_remote_bots())
        view = await asyncio.to_thread(self._look, idle)
        self._settings = view.settings
        if not view.is_open:
            return bool(self._playing)
        unplayable = self._unplayable(view, idle)
        unfinished = list(view.unfinished)
        if view.failed or unplayable:
            unfinished = await asyncio.to_thread(self._settle, view, unplayable)
        unfinished += await self._choose(view, len(unfinished))
        if not self._on_workers:
            self._start_games(view.field, unfinished, idle or set())
        self._refit(view.version)
        return True

    def _look(self, idle: set[str] | None) -> _View:
        with translated_failures(self._engine), Session(self._engine) as session:
            record = stored.get_ladder(session, ladder_id=self._id)
            assert record is not None
            settings = LadderSettings.from_data(record.settings)
            rows = stored.unfinished_games(session, tournament_id=self._tournament_id)
            unfinished = [_chosen(row) for row in rows]
            gone = self._seen - {chosen.id for chosen in unfinished}
            self._seen = {chosen.id for chosen in unfinished}
            failed = [
                (tuple(row.bots), row.detail)
                for row in stored.scheduled_by_id(session, scheduled_ids=gone)
                if row.status is ScheduleStatus.FAILED
            ]
            waiting = {name for chosen in unfinished for name in chosen.game.bots}
            field = ladder_field(session, record, settings, idle_remote=idle, waiting=waiting)
            version = board_version(session, game=record.game, tournament_id=record.tournament_id)
            return _View(record, settings, field, unfinished, version, failed)

    def _unplayable(self, view: _View, idle: set[str] | None) -> dict[int, str]:
        """The waiting games no one will play (a bot left, a remote bot went away), and why."""
        playing = self._playing_ids()
        running = {name for chosen in self._playing.values() for name in chosen.game.bots}
        unplayable = {}
        for chosen in view.unfinished:
            if chosen.status is ScheduleStatus.QUEUED and chosen.id not in playing:
                why = _why_unplayable(chosen, view.field, idle, running, self._unready)
                if why:
                    unplayable[chosen.id] = why
        return unplayable

    def _settle(self, view: _View, unplayable: dict[int, str]) -> list[_Chosen]:
        """Stop the bots that did not start on workers; cancel the ``unplayable`` games.

        Returns the games still waiting or being played.
        """
        with translated_failures(self._engine), Session(self._engine) as session:
            for bots, detail in view.failed:
                self._stop_on(session, bots, detail)
            cancelled: set[int] = set()
            for scheduled_id, why in unplayable.items():
                cancelled.update(
                    stored.cancel_games(session, scheduled_ids=[scheduled_id], detail=why)
                )
            self._recount(session)
            return [chosen for chosen in view.unfinished if chosen.id not in cancelled]

    async def _choose(self, view: _View, unfinished: int) -> list[_Chosen]:
        """Choose and store deals while fewer games than the budget wait or play.

        Here, one deal more waits, so that the pool starts its processes ahead; on workers,
        every game stored is one a worker may play at once.
        """
        seatable = [name for name in view.field.seatable if name not in self._unready]
        chosen: list[_Chosen] = []
        ahead = 0 if self._on_workers else self._game.num_players
        while unfinished < view.settings.concurrency + ahead:
            games = next_deal(
                self._tally,
                seatable=seatable,
                ratings=self._fit.ratings,
                seats=self._game.num_players,
                seed=view.settings.seed,
                rules=view.settings.rules,
            )
            if not games:
                break
            table = games[0].bots
            newcomers = [name for name in table if self._tally.deals[name] == 0]
            chosen += await asyncio.to_thread(self._store_deal, games)
            self._tally.count(table)
            self._tally.next_deal += 1
            self._tally.next_number += len(games)
            unfinished += len(games)
            for name in newcomers:
                self._report(f"{self._label}: {name} enters")
            remote = {n for n in table if view.field.record(n).kind is BotKind.REMOTE}
            seatable = [name for name in seatable if name not in remote]
        return chosen

    def _store_deal(self, games: list[ScheduledGame]) -> list[_Chosen]:
        """Store a deal's games (and defer their jobs, on workers) in one transaction."""
        new = [NewScheduledGame(g.number, g.deal, g.bots, g.seed) for g in games]
        with (
            translated_failures(self._engine),
            Session(self._engine) as session,
            db.atomic(session),
        ):
            ids = add_scheduled_games(
                session, tournament_id=self._tournament_id, games=new, attempts=LOST_ATTEMPTS
            )
            stored.note_entrants(session, tournament_id=self._tournament_id, names=games[0].bots)
            if self._on_workers:
                defer_games(session, ids)
        self._seen.update(ids)
        return [_Chosen(i, game) for i, game in zip(ids, games, strict=True)]

    def _start_games(self, field: LadderField, unfinished: list[_Chosen], idle: set[str]) -> None:
        """Start the waiting games, lowest number first, up to the budget."""
        generation = self._pools.for_field(entry.bot for entry in field.bots.values())
        busy = {name for chosen in self._playing.values() for name in chosen.game.bots}
        playing = self._playing_ids()
        waiting: list[ScheduledGame] = []
        for chosen in sorted(unfinished, key=lambda c: c.game.number):
            if chosen.status is not ScheduleStatus.QUEUED or chosen.id in playing:
                continue
            remote = [n for n in chosen.game.bots if field.record(n).kind is BotKind.REMOTE]
            ready = all(name in idle and name not in busy for name in remote)
            if len(self._playing) >= self._settings.concurrency or not ready:
                waiting.append(chosen.game)
                continue
            busy.update(remote)
            task = asyncio.ensure_future(self._play(chosen, field, generation))
            self._playing[task] = chosen
        self._pools.prepare(waiting)

    async def _play(self, chosen: _Chosen, field: LadderField, generation: PoolGeneration) -> None:
        """Play one chosen game here until it has a result; stop a bot that did not start."""
        if not await asyncio.to_thread(self._make_ready, chosen.game.bots):
            return  # the next look cancels it
        claimed = await asyncio.to_thread(self._in_session, stored.claim_local_game, chosen.id)
        if claimed is None:
            return  # another process took it
        game = chosen.game
        try:
            async with self._pools.borrowing(generation, game) as processes:
                await play_until_finished(
                    self._engine,
                    self._server,
                    game=self._game,
                    bots=[field.record(name) for name in game.bots],
                    seed=game.seed,
                    settings=self._referee,
                    label=f"game {game.number} of {self._label}",
                    link=ScheduleLink(self._tournament_id, game.number, game.deal),
                    processes=processes,
                    must_start=lambda name: (
                        name not in self._proven and not generation.has_started(name)
                    ),
                )
        except BotDidNotStart as stopped:
            await asyncio.to_thread(self._stopped, chosen, str(stopped.failure))
            return
        except TournamentError as error:
            await asyncio.to_thread(self._failed, chosen, str(error))
            return
        except BaseException:
            await _to_the_end(lambda: self._hand_back(chosen.id))
            raise
        await asyncio.to_thread(self._in_session, stored.finish_local_game, chosen.id)
        self._proven.update(name for name in game.bots if generation.has_started(name))

    def _make_ready(self, names: tuple[str, ...]) -> bool:
        """Make the versions among ``names`` ready here (done already, mostly); whether they are.

        One that cannot be is this machine's fault, not the version's: it is not seated
        again in this run, and said once.
        """
        assert self._submitting is not None
        try:
            prepare_versions_named(self._engine, self._submitting, names)
        except VersionNotReady as error:
            name = next((n for n in names if str(error).startswith(f"version {n} ")), names[0])
            if name not in self._unready:
                self._unready[name] = str(error)
                self._report(f"{self._label}: {error}; it plays no more in this run")
            return False
        return True

    def _playing_ids(self) -> set[int]:
        return {chosen.id for chosen in self._playing.values()}

    def _stopped(self, chosen: _Chosen, failure: str) -> None:
        with translated_failures(self._engine), Session(self._engine) as session:
            stored.fail_local_game(session, scheduled_id=chosen.id, detail=failure)
            self._stop_on(session, chosen.game.bots, failure)
            self._recount(session)

    def _failed(self, chosen: _Chosen, reason: str) -> None:
        self._report(f"{self._label}: game {chosen.game.number} failed: {reason}")
        with translated_failures(self._engine), Session(self._engine) as session:
            stored.fail_local_game(session, scheduled_id=chosen.id, detail=reason)
            self._recount(session)

    def _hand_back(self, scheduled_id: int) -> None:
        with contextlib.suppress(DatabaseFailure):
            self._in_session(stored.hand_back_local_game, scheduled_id)

    def _stop_on(self, session: Session, bots: tuple[str, ...], failure: str) -> None:
        """Stop the bot of ``bots`` that ``failure`` (``bot NAME did not start: ...``) names."""
        name = next((b for b in bots if failure.startswith(f"bot {b} did not start")), None)
        if name is None:
            return
        first_line = failure.splitlines()[0]
        detail = f"it did not start in its first games of {self._label}: {first_line}"
        if stored.reject_version(session, name=name, detail=detail, log=failure):
            self._report(f"{self._label}: rejected {name}: {first_line}")
        elif name in self._settings.with_bots and name not in self._settings.stopped:
            stored.set_stopped(session, ladder_id=self._id, name=name, reason=first_line)
            self._settings = dataclasses.replace(
                self._settings, stopped={**self._settings.stopped, name: first_line}
            )
            self._report(f"{self._label}: stopped {name}: {first_line}")

    def _recount(self, session: Session) -> None:
        """Count the deals again from the stored games, once some failed."""
        chosen = stored.chosen_deals(session, tournament_id=self._tournament_id)
        self._tally = Tally.of(
            chosen, next_deal=self._tally.next_deal, next_number=self._tally.next_number
        )

    def _in_session(self, call: Callable[..., T], scheduled_id: int) -> T:
        with translated_failures(self._engine), Session(self._engine) as session:
            return call(session, scheduled_id=scheduled_id)

    def _refit(self, version: BoardVersion) -> None:
        """Fit again in a thread if games finished since the last fit, one fit at a time."""
        if self._fitting is not None or version == self._fit.version:
            return
        if time.monotonic() < self._next_fit_at:
            return
        self._fitting = asyncio.ensure_future(
            asyncio.to_thread(
                fit_ladder,
                self._engine,
                game=self._game.name,
                tournament_id=self._tournament_id,
            )
        )

    async def _wait(self) -> None:
        """Until a game played here or the fit ends, or the poll's time passes."""
        waits: set[asyncio.Future[Any]] = set(self._playing)
        if self._fitting is not None:
            waits.add(self._fitting)
        if not waits:
            await asyncio.sleep(self._poll_s)
            return
        done, _ = await asyncio.wait(
            waits, timeout=self._poll_s, return_when=asyncio.FIRST_COMPLETED
        )
        for future in done:
            if future is self._fitting:
                self._fitting = None
                self._fit = future.result()
                self._next_fit_at = time.monotonic() + max(FIT_GAP_SECONDS, self._fit.seconds)
            else:
                del self._playing[future]
                future.result()


def _chosen(row: Any) -> _Chosen:
    game = ScheduledGame(row.number, row.deal, 0, tuple(row.bots), row.seed)
    return _Chosen(row.id, game, row.status)


def _why_unplayable(
    chosen: _Chosen,
    field: LadderField,
    idle: Collection[str] | None,
    running: Collection[str],
    unready: Mapping[str, str],
) -> str:
    """Why a waiting game cannot be played (a bot left, a remote bot went away); or empty."""
    for name in chosen.game.bots:
        if name not in field.bots:
            return f"cancelled: {name} no longer plays in the ladder"
        if name in unready:
            return f"cancelled: {unready[name]}"
        remote = field.record(name).kind is BotKind.REMOTE
        if remote and idle is not None and name not in idle and name not in running:
            return f"cancelled: the remote bot {name} is not connected"
    return ""


async def _to_the_end(call: Callable[[], None]) -> None:
    """``call()`` in a thread, run to its end even if cancelled meanwhile."""
    task = asyncio.ensure_future(asyncio.to_thread(call))
    try:
        await asyncio.shield(task)
    except asyncio.CancelledError:
        await task
        raise
