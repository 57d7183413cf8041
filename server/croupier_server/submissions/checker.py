"""``croupier serve``'s checker: versions checked in turn between authors, several at once.

:func:`check_versions` runs beside the referee and the dashboard until the serve stops.
When it starts, the versions a stopped serve left ``checking`` are ``received`` again (their
check begins anew). It then checks the received versions
(:func:`~.checking.check_version`), up to
:attr:`~croupier_server.settings.SubmissionSettings.check_concurrency` at once, taking
authors in turn and each author's versions oldest first (:class:`~.turns.CheckTurns`), so
that one author's backlog never holds back another's version; it says each outcome in a
line.

Nothing a version does stops it: a version's faults are the check's data, and anything
else that fails while one is checked (the database, the referee, a bug) is said in a line;
the version is received again, and its place in the checker rests a while; a version is
rejected with the error once it has failed :data:`MAX_FAILURES` times so. A stopping serve
puts the versions it was checking back to ``received``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.db import versions
from croupier_server.db.engine import translated_failures
from croupier_server.db.versions import WaitingVersion
from croupier_server.logs import ids
from croupier_server.referee.service import RefereeServer
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.checking import CheckUnavailable, check_version
from croupier_server.submissions.preparing import first_line
from croupier_server.submissions.turns import CheckTurns

__all__ = ["IDLE_SECONDS", "MAX_FAILURES", "RETRY_SECONDS", "check_versions"]

IDLE_SECONDS = 2.0
"""How often the checker looks for received versions when it has a free place."""
RETRY_SECONDS = 30.0
"""How long a place of the checker rests after a check it could not finish."""
MAX_FAILURES = 3
"""How many times a version's check may fail through no fault of its own before it is
rejected with the error (so that a version that breaks the checker is not tried forever)."""

_LOG = logging.getLogger(__name__)


async def check_versions(
    engine: Engine,
    server: RefereeServer,
    *,
    settings: SubmissionSettings,
    sealed: bool,
    idle_seconds: float = IDLE_SECONDS,
    retry_seconds: float = RETRY_SECONDS,
) -> None:
    """Check every received version, authors in turn, until cancelled.

    With ``sealed``, every check's seats must be sealed. Each outcome is logged.
    """
    checker = _Checker(engine, server, settings, sealed, retry_seconds)
    try:
        again = await asyncio.to_thread(_receive_checking_again, engine)
    except Exception as error:  # the database: its versions are received again next time
        _LOG.error("versions: %s", first_line(error))
    else:
        if again:
            _LOG.info("versions: %d left checking by a stopped server are received again", again)
    try:
        while True:
            try:
                await checker.begin_checks()
            except Exception as error:  # the database: said, and looked at again later
                _LOG.error("versions: %s", first_line(error))
                await asyncio.sleep(retry_seconds)
                continue
            await checker.wait(idle_seconds)
    finally:
        await checker.stop()


@dataclass(eq=False)
class _Checker:
    engine: Engine
    server: RefereeServer
    settings: SubmissionSettings
    sealed: bool
    retry_seconds: float
    failures: dict[int, int] = field(default_factory=dict)
    turns: CheckTurns = field(default_factory=CheckTurns)
    running: dict[asyncio.Task[None], WaitingVersion] = field(default_factory=dict)

    async def begin_checks(self) -> None:
        """Begin the checks of the next versions in turn, while a place is free."""
        while len(self.running) < self.settings.check_concurrency:
            waiting = await asyncio.to_thread(_waiting, self.engine)
            chosen = self.turns.next(waiting, running=self.running.values())
            if chosen is None:
                return
            task = asyncio.create_task(self._take_turn(chosen))
            self.running[task] = chosen
            task.add_done_callback(self._ended)

    async def wait(self, idle_seconds: float) -> None:
        """Until a check ends, or ``idle_seconds`` when every place is free or none is."""
        if len(self.running) < self.settings.check_concurrency:
            await asyncio.sleep(idle_seconds)
        else:
            await asyncio.wait(set(self.running), return_when=asyncio.FIRST_COMPLETED)

    async def stop(self) -> None:
        """Stop every check: their versions are received again."""
        for task in self.running:
            task.cancel()
        await asyncio.gather(*self.running, return_exceptions=True)

    async def _take_turn(self, version: WaitingVersion) -> None:
        if not await self.check(version.bot_id, version.name):
            await asyncio.sleep(self.retry_seconds)  # its place rests before the next

    def _ended(self, task: asyncio.Task[None]) -> None:
        self.running.pop(task, None)

    async def check(self, bot_id: int, name: str) -> bool:
        """Check version ``bot_id`` (``NAME@N``); ``False`` if it failed through no fault of its."""
        try:
            status = await check_version(
                self.engine, self.server, self.settings, bot_id=bot_id, sealed=self.sealed
            )
        except asyncio.CancelledError:
            with contextlib.suppress(Exception):
                await asyncio.shield(
                    asyncio.to_thread(_receive_again, self.engine, bot_id, "the server stopped")
                )
            raise
        except CheckUnavailable as unavailable:
            _LOG.warning("version %s: %s", name, unavailable, extra=ids(version=name))
            return False
        except Exception as error:  # anything but the version's own faults
            await self._failed(bot_id, name, error)
            return False
        if status is not None:
            detail = await asyncio.to_thread(_detail, self.engine, bot_id)
            _LOG.info("version %s %s: %s", name, status, detail, extra=ids(version=name))
        return True

    async def _failed(self, bot_id: int, name: str, error: Exception) -> None:
        count = self.failures[bot_id] = self.failures.get(bot_id, 0) + 1
        reason = f"its check failed: {first_line(error)}"
        try:
            if count >= MAX_FAILURES:
                await asyncio.to_thread(_reject, self.engine, bot_id, reason)
                _LOG.error(
                    "version %s rejected: %s (%d times)",
                    name,
                    reason,
                    count,
                    extra=ids(version=name),
                )
            else:
                detail = f"{reason}; it will be checked again"
                await asyncio.to_thread(_receive_again, self.engine, bot_id, detail)
                _LOG.warning("version %s: %s", name, detail, extra=ids(version=name))
        except Exception as failure:  # the database again: the next serve receives it again
            _LOG.error(
                "version %s: %s; then %s",
                name,
                reason,
                first_line(failure),
                extra=ids(version=name),
            )


def _receive_checking_again(engine: Engine) -> int:
    with translated_failures(engine), Session(engine) as session:
        return versions.receive_checking_again(session)


def _waiting(engine: Engine) -> list[WaitingVersion]:
    with translated_failures(engine), Session(engine) as session:
        return versions.waiting_versions(session)


def _detail(engine: Engine, bot_id: int) -> str:
    with translated_failures(engine), Session(engine) as session:
        version = versions.get_version(session, bot_id=bot_id)
        return "" if version is None else version.detail


def _receive_again(engine: Engine, bot_id: int, detail: str) -> None:
    with translated_failures(engine), Session(engine) as session:
        versions.receive_again(session, bot_id=bot_id, detail=detail)


def _reject(engine: Engine, bot_id: int, detail: str) -> None:
    """Reject version ``bot_id``, being checked, with ``detail``; its log and games kept."""
    with translated_failures(engine), Session(engine) as session:
        version = versions.get_version(session, bot_id=bot_id)
        assert version is not None  # versions are never deleted
        versions.finish_check(
            session,
            bot_id=bot_id,
            passed=False,
            detail=detail,
            check_log=version.check_log + detail + "\n",
            check_games=list(version.check_games),
        )
