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
   the budget at once, by the attempt runner a tournament's games play by
   (:mod:`croupier_server.attempts.local`); a game with a remote bot waits until that bot is
   idle and in no game here. On workers (``croupier serve --queue``) the workers play them.
   A version that cannot be made ready here sits out the run: its games are cancelled.
4. **Rate.** When games finished since the last look, the ladder's ratings are read again
   in a thread (:mod:`.fit`): the stored fit of its board, which ``serve``'s fitter keeps
   fresh (:mod:`croupier_server.board_fits.fitter`), with the games since on top;
   matchmaking reads the latest.

A run that starts (a serve restarted after a kill) first sets right what a stopped one left
(:func:`~croupier_server.tournament.scheduled.recover_attempts_here`): the games it was
playing are queued again, under their numbers, and played before any new one is chosen.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import time
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game, load_game
from croupier_server import db, logs
from croupier_server.attempts.attempt import AttemptOutcome
from croupier_server.attempts.local import LocalAttempts
from croupier_server.board_fits.fitting import died_here, this_process
from croupier_server.db import BotKind
from croupier_server.db import ladder_games as stored
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import DatabaseFailure
from croupier_server.db.ladders import LadderRecord, LadderStatus
from croupier_server.db.schedule import NewScheduledGame, add_scheduled_games
from croupier_server.db.statistics import BoardVersion, board_version
from croupier_server.db.versions import reject_version
from croupier_server.db.work import ScheduleStatus
from croupier_server.errors import CroupierServerError
from croupier_server.ladder.choosing import ChosenGame, Tally, next_deal
from croupier_server.ladder.entrants import LadderField, ladder_field
from croupier_server.ladder.fit import LadderFit, read_ladder_fit
from croupier_server.ladder.settings import LadderSettings
from croupier_server.queueing.jobs import (
    defer_games,
    ensure_queue_schema,
    queue_jobs,
    set_on_workers,
)
from croupier_server.referee.service import RefereeServer
from croupier_server.threads import to_thread_to_the_end
from croupier_server.tournament.formats import ScheduledGame
from croupier_server.tournament.scheduled import ATTEMPTS, recover_attempts_here

__all__ = ["LADDER_LEASE", "LADDER_POLL_SECONDS", "LadderRun", "LadderTakenOver", "ladder_label"]

LADDER_POLL_SECONDS = 1.0
"""How often a ladder looks at its games when none of them ends."""

LADDER_LEASE = timedelta(seconds=20)
"""How long a serve holds a ladder past its last renewal: then another may take it over."""
_RENEW_AFTER_S = LADDER_LEASE.total_seconds() / 4
"""How often the lease of a ladder played is renewed."""


class LadderTakenOver(CroupierServerError):
    """Another serve took the ladder over: this one's lease of it ran out."""


_LOG = logging.getLogger(__name__)


def ladder_label(record: LadderRecord) -> str:
    """``ladder 3 (lexio, 4 players)``: how the lines that speak of a ladder name it."""
    return f"ladder {record.id} ({record.game}, {record.variant})"


@dataclass(frozen=True, slots=True)
class _View:
    """The ladder as one look at the database finds it."""

    record: LadderRecord
    settings: LadderSettings
    field: LadderField
    unfinished: list[ChosenGame]
    version: BoardVersion
    failed: list[tuple[tuple[str, ...], str]]
    """Games waiting or played at the last look that failed since: their bots, and why."""

    @property
    def is_open(self) -> bool:
        """Whether the ladder is open."""
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
        self._on_workers = on_workers
        self._poll_s = poll_s
        self._tally = Tally()
        self._seen: set[int] = set()
        self._fit = LadderFit()
        self._fitting: asyncio.Future[LadderFit] | None = None
        self._here = (
            None
            if on_workers
            else LocalAttempts(
                engine,
                server,
                name=self._label,
                concurrency=self._settings.concurrency,
                sealed=sealed,
            )
        )
        """The games played here; ``None`` when the workers play them."""
        self._unready: dict[str, str] = {}
        """The versions that cannot be made ready here, and why: not seated in this run."""
        self._holder = this_process()
        """This run's name as the ladder's lease holder."""
        self._held_at = 0.0
        """When the lease was last taken or renewed (``time.monotonic()``)."""
        self._bots_of: dict[int, tuple[str, ...]] = {}
        """The bots of each game started here, by its scheduled game's id."""

    async def run(self) -> bool:
        """Play the ladder until it is closed; its games being played here are ended if cancelled.

        Returns ``False`` at once if another serve plays it (holds its lease), ``True`` once
        it is closed.

        Raises:
            DatabaseFailure: the database failed; what was being played is left for the
                next run to set right.
            LadderTakenOver: another serve took it over (this one was cut off, or stalled).
        """
        if not await asyncio.to_thread(self._hold):
            return False
        try:
            await self._run()
        finally:
            with contextlib.suppress(DatabaseFailure):
                await to_thread_to_the_end(self._release)
        return True

    async def _run(self) -> None:
        again = await asyncio.to_thread(self._start)
        where = "on the workers" if self._on_workers else "here"
        _LOG.info("%s: playing %s; %d games to play again first", self._label, where, again)
        try:
            while await self._step():
                await self._wait()
        finally:
            if self._here is not None:
                await self._here.close()
        _LOG.info("%s: closed", self._label)

    def _start(self) -> int:
        """Set right what a stopped run left; count the deals so far. The games queued again."""
        if self._on_workers:
            ensure_queue_schema(self._engine)
        with translated_failures(self._engine), Session(self._engine) as session:
            with db.atomic(session):
                tournament = db.get_tournament(session, tournament_id=self._tournament_id)
                assert tournament is not None
                set_on_workers(session, tournament, False)  # jobs only for what workers play
                again = recover_attempts_here(
                    session, self._tournament_id, reason="the ladder's serve stopped"
                )
                stored.settle_games_left_here(session, tournament_id=self._tournament_id)
                set_on_workers(session, tournament, self._on_workers)
            next_deal_number, next_number = stored.next_numbers(
                session, tournament_id=self._tournament_id
            )
            chosen = stored.chosen_deals(session, tournament_id=self._tournament_id)
            self._tally = Tally.of(chosen, next_deal=next_deal_number, next_number=next_number)
            for failed in stored.start_failures(session, tournament_id=self._tournament_id):
                self._stop_on(session, tuple(failed.bots), failed.detail)
            if self._on_workers:
                # A serve that played here left its games without jobs; a job twice is dropped.
                waiting = stored.unfinished_games(session, tournament_id=self._tournament_id)
                queued = [r.id for r in waiting if r.status is ScheduleStatus.QUEUED]
                with db.atomic(session):
                    defer_games(session, [scheduled_id for scheduled_id in queued if scheduled_id])
            return again

    def _hold(self) -> bool:
        """Take or renew this serve's lease of the ladder; whether it holds it.

        A serve of this machine that died holding it (its process is gone: killed, and
        started again) is taken over at once, without waiting for its lease to run out.
        """
        with translated_failures(self._engine), Session(self._engine) as session:
            held = stored.hold_ladder(
                session, ladder_id=self._id, holder=self._holder, lease=LADDER_LEASE
            )
            runner = None if held else stored.ladder_runner(session, ladder_id=self._id)
            if runner is not None and died_here(runner):
                held = stored.hold_ladder(
                    session,
                    ladder_id=self._id,
                    holder=self._holder,
                    lease=LADDER_LEASE,
                    taking_from=runner,
                )
        if held:
            self._held_at = time.monotonic()
        return held

    def _release(self) -> None:
        with translated_failures(self._engine), Session(self._engine) as session:
            stored.release_ladder(session, ladder_id=self._id, holder=self._holder)

    async def _step(self) -> bool:
        """Look, settle, choose and start games; ``False`` once closed and nothing plays here.

        Raises:
            LadderTakenOver: another serve holds the ladder's lease now.
        """
        renew = time.monotonic() - self._held_at > _RENEW_AFTER_S
        if renew and not await asyncio.to_thread(self._hold):
            raise LadderTakenOver(f"{self._label}: another serve took it over")
        idle = None if self._on_workers else self._server.registry.idle_remote_bots()
        view = await asyncio.to_thread(self._look, idle)
        self._settings = view.settings
        if not view.is_open:
            return bool(self._here and self._here.playing)
        unplayable = self._unplayable(view, idle)
        unfinished = list(view.unfinished)
        if view.failed or unplayable:
            unfinished = await asyncio.to_thread(self._settle, view, unplayable)
        unfinished += await self._choose(view, len(unfinished))
        if self._here is not None:
            self._play_here(self._here, view.field, unfinished, idle or {})
        self._refit(view.version)
        return True

    def _look(self, idle: Mapping[str, int] | None) -> _View:
        with translated_failures(self._engine), Session(self._engine) as session:
            record = stored.get_ladder(session, ladder_id=self._id)
            assert record is not None
            settings = LadderSettings.from_data(record.settings)
            rows = stored.unfinished_games(session, tournament_id=self._tournament_id)
            unfinished = [ChosenGame.of(row) for row in rows]
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

    def _unplayable(self, view: _View, idle: Mapping[str, int] | None) -> dict[int, str]:
        """The waiting games no one will play (a bot left, a remote bot went away), and why."""
        playing = set() if self._here is None else self._here.playing_ids()
        running = self._running_bots()
        unready = self._unready
        unplayable = {}
        for chosen in view.unfinished:
            if chosen.status is ScheduleStatus.QUEUED and chosen.id not in playing:
                why = _why_unplayable(chosen, view.field, idle, running, unready)
                if why:
                    unplayable[chosen.id] = why
        return unplayable

    def _settle(self, view: _View, unplayable: dict[int, str]) -> list[ChosenGame]:
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

    async def _choose(self, view: _View, unfinished: int) -> list[ChosenGame]:
        """Choose and store deals while fewer games than the budget wait or play.

        Here, one deal more waits, so that the pool starts its processes ahead; on workers,
        every game stored is one a worker may play at once.
        """
        seatable = [name for name in view.field.seatable if name not in self._unready]
        chosen: list[ChosenGame] = []
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
                _LOG.info("%s: %s enters", self._label, name, extra=logs.ids(version=name))
            remote = {n for n in table if view.field.record(n).kind is BotKind.REMOTE}
            seatable = [name for name in seatable if name not in remote]
        return chosen

    def _store_deal(self, games: list[ScheduledGame]) -> list[ChosenGame]:
        """Store a deal's games (and defer their jobs, on workers) in one transaction."""
        new = [NewScheduledGame(g.number, g.deal, g.bots, g.seed) for g in games]
        with (
            translated_failures(self._engine),
            Session(self._engine) as session,
            db.atomic(session),
        ):
            ids = add_scheduled_games(
                session, tournament_id=self._tournament_id, games=new, attempts=ATTEMPTS
            )
            stored.note_entrants(session, tournament_id=self._tournament_id, names=games[0].bots)
            queue_jobs(session, self._tournament_id, ids)
        self._seen.update(ids)
        return [ChosenGame(i, game) for i, game in zip(ids, games, strict=True)]

    def _play_here(
        self,
        here: LocalAttempts,
        field: LadderField,
        unfinished: Iterable[ChosenGame],
        idle: Mapping[str, int],
    ) -> None:
        """Start the waiting games here, lowest number first, up to the budget.

        A game with a remote bot waits until that bot is idle (``idle``) and in no game
        here; one with a version not ready here waits for its cancellation.
        """
        here.concurrency = self._settings.concurrency
        here.pools.field(self._tournament_id, (entry.bot for entry in field.bots.values()))
        busy, playing = self._running_bots(), here.playing_ids()
        starting: list[int] = []
        for chosen in sorted(unfinished, key=lambda c: c.game.number):
            if len(starting) >= here.free:
                break
            if chosen.status is not ScheduleStatus.QUEUED or chosen.id in playing:
                continue
            if any(name in self._unready for name in chosen.game.bots):
                continue
            remote = [n for n in chosen.game.bots if field.record(n).kind is BotKind.REMOTE]
            if all(name in idle and name not in busy for name in remote):
                busy.update(remote)
                starting.append(chosen.id)
                self._bots_of[chosen.id] = chosen.game.bots
        here.start(starting)

    def _running_bots(self) -> set[str]:
        """The bots seated in the games being played here."""
        if self._here is None:
            return set()
        playing = self._here.playing_ids()
        return {name for i, bots in self._bots_of.items() if i in playing for name in bots}

    def _heard(self, outcomes: Iterable[AttemptOutcome]) -> None:
        """Forget the games that ended here; a version not ready here sits out the run."""
        for outcome in outcomes:
            self._bots_of.pop(outcome.scheduled_id, None)
            name = outcome.unready
            if name is not None and name not in self._unready:
                self._unready[name] = outcome.detail
                _LOG.warning(
                    "%s: %s; it plays no more in this run",
                    self._label,
                    outcome.detail,
                    extra=logs.ids(version=name),
                )

    def _stop_on(self, session: Session, bots: tuple[str, ...], failure: str) -> None:
        """Stop the bot of ``bots`` that ``failure`` (``bot NAME did not start: ...``) names."""
        name = next((b for b in bots if failure.startswith(f"bot {b} did not start")), None)
        if name is None:
            return
        first_line = failure.splitlines()[0]
        detail = f"it did not start in its first games of {self._label}: {first_line}"
        if reject_version(session, name=name, detail=detail, log=failure):
            _LOG.warning(
                "%s: rejected %s: %s", self._label, name, first_line, extra=logs.ids(version=name)
            )
        elif name in self._settings.with_bots and name not in self._settings.stopped:
            stored.set_stopped(session, ladder_id=self._id, name=name, reason=first_line)
            self._settings = dataclasses.replace(
                self._settings, stopped={**self._settings.stopped, name: first_line}
            )
            _LOG.warning(
                "%s: stopped %s: %s", self._label, name, first_line, extra=logs.ids(version=name)
            )

    def _recount(self, session: Session) -> None:
        """Count the deals again from the stored games, once some failed."""
        chosen = stored.chosen_deals(session, tournament_id=self._tournament_id)
        self._tally = Tally.of(
            chosen, next_deal=self._tally.next_deal, next_number=self._tally.next_number
        )

    def _refit(self, version: BoardVersion) -> None:
        """Read the ratings again in a thread, one read at a time, while they may change.

        They change when games finished since the last read, and when the fit they start
        from is older than those games (the fitter stores a newer one).
        """
        board = self._fit.board
        fitted = board is not None and board.version == version
        if self._fitting is not None or (version == self._fit.version and fitted):
            return
        self._fitting = asyncio.ensure_future(
            asyncio.to_thread(
                read_ladder_fit,
                self._engine,
                game=self._game.name,
                tournament_id=self._tournament_id,
                held=self._fit.board,
            )
        )

    async def _wait(self) -> None:
        """Until a game played here or the read of the ratings ends, or the poll's time passes."""
        waits: set[asyncio.Future[Any]] = set() if self._here is None else set(self._here.playing)
        if self._fitting is not None:
            waits.add(self._fitting)
        if not waits:
            await asyncio.sleep(self._poll_s)
            return
        done, _ = await asyncio.wait(
            waits, timeout=self._poll_s, return_when=asyncio.FIRST_COMPLETED
        )
        fitting = self._fitting
        if fitting is not None and fitting in done:
            self._fitting = None
            self._fit = fitting.result()
        if self._here is not None:
            self._heard(self._here.outcomes(done))


def _why_unplayable(
    chosen: ChosenGame,
    field: LadderField,
    idle: Mapping[str, int] | None,
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
