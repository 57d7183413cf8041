"""``croupier serve``'s checker: every received version checked, oldest first, one at a time.

:func:`check_versions` runs beside the referee and the dashboard until the serve stops.
When it starts, the versions a stopped serve left ``checking`` are ``received`` again (their
check begins anew). It then checks the received versions oldest first
(:func:`~.checking.check_version`), saying each outcome in a line.

Nothing a version does stops it: a version's faults are the check's data, and anything
else that fails while one is checked (the database, the referee, a bug) is said in a line;
the version is received again and checked after a pause, and rejected with the error once
it has failed :data:`MAX_FAILURES` times so. A stopping serve puts the version it was
checking back to ``received``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import versions
from croupier_server.db.engine import translated_failures
from croupier_server.referee.service import RefereeServer
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.checking import CheckUnavailable, check_version
from croupier_server.submissions.preparing import first_line

__all__ = ["IDLE_SECONDS", "MAX_FAILURES", "RETRY_SECONDS", "check_versions"]

IDLE_SECONDS = 2.0
"""How often the checker looks for received versions when it has none."""
RETRY_SECONDS = 30.0
"""How long the checker waits after a check it could not finish."""
MAX_FAILURES = 3
"""How many times a version's check may fail through no fault of its own before it is
rejected with the error (so that a version that breaks the checker is not tried forever)."""

Report = Callable[[str], object]


async def check_versions(
    engine: Engine,
    server: RefereeServer,
    *,
    settings: SubmissionSettings,
    sealed: bool,
    report: Report,
    idle_seconds: float = IDLE_SECONDS,
    retry_seconds: float = RETRY_SECONDS,
) -> None:
    """Check every received version, oldest first, until cancelled.

    With ``sealed``, every check's seats must be sealed. Each outcome is told to ``report``.
    """
    checker = _Checker(engine, server, settings, sealed, report)
    try:
        again = await asyncio.to_thread(_receive_checking_again, engine)
    except Exception as error:  # the database: its versions are received again next time
        report(f"versions: {first_line(error)}")
    else:
        if again:
            report(f"versions: {again} left checking by a stopped server are received again")
    while True:
        try:
            waiting = await asyncio.to_thread(_next_received, engine)
        except Exception as error:  # the database: said, and looked at again later
            report(f"versions: {first_line(error)}")
            await asyncio.sleep(retry_seconds)
            continue
        if waiting is None:
            await asyncio.sleep(idle_seconds)
        elif not await checker.check(*waiting):
            await asyncio.sleep(retry_seconds)


@dataclass(eq=False)
class _Checker:
    engine: Engine
    server: RefereeServer
    settings: SubmissionSettings
    sealed: bool
    report: Report
    failures: dict[int, int] = field(default_factory=dict)

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
            self.report(f"version {name}: {unavailable}")
            return False
        except Exception as error:  # anything but the version's own faults
            await self._failed(bot_id, name, error)
            return False
        if status is not None:
            detail = await asyncio.to_thread(_detail, self.engine, bot_id)
            self.report(f"version {name} {status}: {detail}")
        return True

    async def _failed(self, bot_id: int, name: str, error: Exception) -> None:
        count = self.failures[bot_id] = self.failures.get(bot_id, 0) + 1
        reason = f"its check failed: {first_line(error)}"
        try:
            if count >= MAX_FAILURES:
                await asyncio.to_thread(_reject, self.engine, bot_id, reason)
                self.report(f"version {name} rejected: {reason} ({count} times)")
            else:
                detail = f"{reason}; it will be checked again"
                await asyncio.to_thread(_receive_again, self.engine, bot_id, detail)
                self.report(f"version {name}: {detail}")
        except Exception as failure:  # the database again: the next serve receives it again
            self.report(f"version {name}: {reason}; then {first_line(failure)}")


def _receive_checking_again(engine: Engine) -> int:
    with translated_failures(engine), Session(engine) as session:
        return versions.receive_checking_again(session)


def _next_received(engine: Engine) -> tuple[int, str] | None:
    with translated_failures(engine), Session(engine) as session:
        version = versions.next_received(session)
        if version is None:
            return None
        bot = db.get_bot(session, bot_id=version.bot_id)
        return version.bot_id, bot.name if bot is not None else str(version.bot_id)


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
