"""Checking a version: it must unpack, get its environment, start, and play a few clean games.

:func:`check_version` takes a ``received`` version to ``checking``, then, saying at each
step what it does in the version's ``detail`` (``croupier-bot submit`` shows it):

1. unpacks its files and makes its environment (installing its requirements: the only
   step with network access), uv's output kept in its check log;
2. starts it as the referee starts a seat's bot, sealed when the server runs sealed, and
   waits for its ``Hello`` (:func:`~croupier_server.referee.start_check.check_start`);
3. plays :attr:`~croupier_server.settings.SubmissionSettings.check_games` games against
   the random bot of its game (the house bot ``<game>-random``, registered on first use,
   ``python -m croupier.opponents random``), the version's seat moving round the table,
   stored as not rated. The house bot is a command bot of no author (:func:`is_house_bot`)
   under a name no author may take; where there is none, the version is rejected, saying
   so: it is never accepted without its games.

The version becomes ``active``; or ``rejected`` at the first step it fails, its
``detail`` saying why in one line (for a game: which, its id, and the fault: a crash, a
timeout, an illegal action...), its check log holding what was installed, printed and
played, and ``check_games`` the ids of its games (their replays are at ``/games/{id}``).
A version retired during its check stays retired; its check stops at the next step.
"""

from __future__ import annotations

import asyncio
import secrets
import shlex
import sys
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import load_game
from croupier.manifest import Manifest
from croupier_server import db
from croupier_server.db import BotKind, BotRecord, versions
from croupier_server.db.engine import translated_failures
from croupier_server.db.errors import BotNameTaken
from croupier_server.db.names import house_bot_name
from croupier_server.db.submissions import BotVersionRecord, VersionStatus
from croupier_server.errors import CroupierServerError
from croupier_server.recorded_games import bot_limits, play_recorded_game
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.records import GameLog, last_output
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.start_check import check_start
from croupier_server.settings import SubmissionSettings
from croupier_server.submissions.archive import ArchiveRefused
from croupier_server.submissions.environment import EnvironmentFailed
from croupier_server.submissions.placeholders import ServerPaths
from croupier_server.submissions.preparing import (
    PreparedVersion,
    bot_with_command,
    prepare_version_bot,
)

__all__ = [
    "CheckUnavailable",
    "NoHouseOpponent",
    "check_version",
    "house_opponent",
    "is_house_bot",
    "opponent_name",
]

_INDENT = "    "


class CheckUnavailable(CroupierServerError):
    """A check that cannot be made now, through no fault of the version.

    Its opponent failed: the version is received again, to be checked later.
    """


class NoHouseOpponent(CroupierServerError):
    """There is no house bot to play a version's check games, and none can be made here."""


def opponent_name(game: str) -> str:
    """The name of the house bot a version of ``game`` is checked against (reserved to it).

    >>> opponent_name("lexio")
    'lexio-random'
    """
    return house_bot_name(game)


def is_house_bot(bot: BotRecord, game: str) -> bool:
    """Whether ``bot`` is a house bot of ``game``: the organiser's, started by the server.

    No author can make one: an author's bots are submitted bots and their versions, each
    with its author; the organiser alone registers command bots of no author.
    """
    return (
        bot.kind is BotKind.COMMAND
        and bot.author_id is None
        and bot.version_of_id is None
        and bot.game == game
    )


def house_opponent(engine: Engine, game: str) -> BotRecord:
    """The house bot ``<game>-random``, registered now if it is not.

    A house bot of that name the organiser registered is used as it is; else the SDK's
    random bot of the game is registered under that name, if the SDK has one.

    Raises:
        NoHouseOpponent: the name is another kind of bot's (an author's, a remote bot, a
            bot of another game), or there is none and the SDK has no random bot of
            ``game``.
    """
    name = opponent_name(game)
    with translated_failures(engine), Session(engine) as session:
        found = db.get_bot_by_name(session, name=name)
        if found is None:
            found = _register_house_opponent(session, game)
    if not is_house_bot(found, game):
        raise NoHouseOpponent(f"{name} is no house bot of {game} (not a command bot of no author)")
    return found


def _register_house_opponent(session: Session, game: str) -> BotRecord:
    from croupier.opponents import opponent_names  # noqa: PLC0415 (the bots' module)

    name = opponent_name(game)
    if "random" not in opponent_names(game):
        raise NoHouseOpponent(
            f"there is no house bot {name} and the SDK has no random bot of {game} "
            f"(the organiser registers one: croupier bot add {name} --game {game} ...)"
        )
    command = shlex.join([sys.executable, "-m", "croupier.opponents", "random", "--game", game])
    try:
        return db.add_bot(
            session,
            name=name,
            game=game,
            command=command,
            description="The SDK's random bot: submitted versions are checked against it.",
        )
    except BotNameTaken:  # registered meanwhile
        found = db.get_bot_by_name(session, name=name)
        if found is None:
            raise
        return found


async def check_version(
    engine: Engine,
    server: RefereeServer,
    settings: SubmissionSettings,
    *,
    bot_id: int,
    sealed: bool,
) -> VersionStatus | None:
    """Check the received version whose own bot is ``bot_id``; its status after.

    ``None`` if it was not ``received`` (another checker took it, or it was retired).

    Raises:
        CheckUnavailable: its opponent failed; the version is ``received`` again.
        DatabaseFailure: the database failed (the version may be left ``checking``).
    """
    check = _Check(engine, bot_id, ServerPaths.of([(settings.versions_dir, "<versions>")]))
    if not await check.begin():
        return None
    try:
        return await _checked(check, server, settings, sealed=sealed)
    except CheckUnavailable as unavailable:
        await asyncio.to_thread(_receive_again, engine, bot_id, str(unavailable))
        raise


async def _checked(
    check: _Check, server: RefereeServer, settings: SubmissionSettings, *, sealed: bool
) -> VersionStatus:
    bot, version = await asyncio.to_thread(check.load)
    manifest = Manifest.from_data(version.manifest)
    if not await check.say("making its environment"):
        return await check.status()
    try:
        prepared = await asyncio.to_thread(prepare_version_bot, check.engine, settings, version)
    except ArchiveRefused as refused:
        return await check.reject(f"its archive cannot be unpacked: {refused}")
    except EnvironmentFailed as failed:
        check.log(failed.log.rstrip("\n"))
        return await check.reject(f"its environment could not be made: {failed}")
    check.paths = check.paths.adding(prepared.files.parent, "<version>")
    _log_prepared(check, prepared)
    playing = bot_with_command(bot, prepared.command)
    referee = RefereeSettings(sealed=sealed)
    if not await check.say("starting it: it must say Hello"):
        return await check.status()
    started = await check_start(
        prepared.command,
        game=manifest.game,
        limits=bot_limits(playing, referee),
        sealed=sealed,
        connect_s=referee.time_control.connect_ms / 1000,
        name=bot.name,
        server=server,
    )
    check.log(f"start: {started}")
    if started.failure is not None:
        return await check.reject(f"it did not start: {started.failure.reason}")
    return await _play_check_games(check, server, settings, playing, referee)


async def _play_check_games(
    check: _Check,
    server: RefereeServer,
    settings: SubmissionSettings,
    playing: BotRecord,
    referee: RefereeSettings,
) -> VersionStatus:
    try:
        opponent = await asyncio.to_thread(house_opponent, check.engine, playing.game)
    except NoHouseOpponent as missing:  # never accepted without its games: submit it again
        return await check.reject(f"it cannot be checked here: {missing}")
    total = settings.check_games
    for number in range(1, total + 1):
        label = f"check game {number} of {total} against {opponent.name}"
        if not await check.say(label):
            return await check.status()
        game = load_game(playing.game)
        seat = (number - 1) % game.num_players
        bots = [opponent] * game.num_players
        bots[seat] = playing
        game_id, log = await play_recorded_game(
            check.engine,
            server,
            game=game,
            bots=bots,
            seed=secrets.randbits(62),
            settings=referee,
            rated=False,
        )
        check.games.append(game_id)
        fault = _log_game(check, f"{label} (game {game_id})", log, seat)
        if fault:
            return await check.reject(f"{label} (game {game_id}, /games/{game_id}): {fault}")
        opponent_fault = _first_fault(log, seats=set(range(game.num_players)) - {seat})
        if opponent_fault:
            raise CheckUnavailable(
                f"its check waits: {opponent.name} failed in game {game_id}: {opponent_fault}"
            )
    return await check.accept(f"it passed its check: {total} games against {opponent.name}")


def _log_prepared(check: _Check, prepared: PreparedVersion) -> None:
    check.log(f"files: {prepared.files}")
    if prepared.environment is not None:
        made = prepared.environment.log.rstrip("\n")
        check.log(made if made else f"environment: {prepared.environment.python} (made before)")
    check.log(f"command: {prepared.command}")


def _log_game(check: _Check, label: str, log: GameLog, seat: int) -> str:
    """Log the game of the version at ``seat``; the version's first fault there, or empty."""
    check.log(f"{label}: {_ending(log)}")
    for fault in log.faults:
        if fault.seat == seat:
            check.log(f"{_INDENT}fault: {fault.kind}: {fault.detail}")
    printed = last_output(log.outputs.get(seat))
    if printed:
        check.log(f"{_INDENT}its last output:")
        check.log("\n".join(f"{_INDENT}{_INDENT}{line}" for line in printed))
    found = _first_fault(log, seats={seat})
    if found:
        return found
    if log.result is None:
        return "the game could not be finished"
    return ""


def _ending(log: GameLog) -> str:
    if log.result is None:
        return "not finished"
    return f"finished after {len(log.actions)} actions"


def _first_fault(log: GameLog, *, seats: Collection[int]) -> str:
    """The first fault of ``seats``, in a line; empty if they have none."""
    for fault in log.faults:
        if fault.seat in seats:
            detail = fault.detail.strip().splitlines()
            return f"{fault.kind}: {detail[0]}" if detail else str(fault.kind)
    return ""


@dataclass(eq=False)
class _Check:
    """One version's check as it goes: its log and games, its status in the database."""

    engine: Engine
    bot_id: int
    paths: ServerPaths
    """The server's paths its log never shows, each with the placeholder shown instead."""
    lines: list[str] = field(default_factory=list)
    games: list[int] = field(default_factory=list)

    def log(self, text: str) -> None:
        """Add ``text`` to the log, the server's paths in it replaced by placeholders."""
        self.lines.append(self.paths.hidden(text))

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n" if self.lines else ""

    async def begin(self) -> bool:
        return await asyncio.to_thread(
            self._in_session, versions.begin_check, detail="its check begins"
        )

    def load(self) -> tuple[BotRecord, BotVersionRecord]:
        with translated_failures(self.engine), Session(self.engine) as session:
            version = versions.get_version(session, bot_id=self.bot_id)
            bot = db.get_bot(session, bot_id=self.bot_id)
            assert version is not None  # versions are never deleted
            assert bot is not None
            return bot, version

    async def say(self, detail: str) -> bool:
        """Say what the check does now; whether the version is still being checked."""
        return await asyncio.to_thread(
            self._in_session, versions.note_progress, detail=detail, check_log=self.text
        )

    async def status(self) -> VersionStatus:
        _, version = await asyncio.to_thread(self.load)
        return version.status

    async def reject(self, detail: str) -> VersionStatus:
        return await self._finish(passed=False, detail=detail)

    async def accept(self, detail: str) -> VersionStatus:
        return await self._finish(passed=True, detail=detail)

    async def _finish(self, *, passed: bool, detail: str) -> VersionStatus:
        self.log(detail)
        detail = self.lines[-1]
        return await asyncio.to_thread(
            self._in_session,
            versions.finish_check,
            passed=passed,
            detail=detail,
            check_log=self.text,
            check_games=list(self.games),
        )

    def _in_session(self, call: Callable[..., Any], **arguments: Any) -> Any:
        with translated_failures(self.engine), Session(self.engine) as session:
            return call(session, bot_id=self.bot_id, **arguments)


def _receive_again(engine: Engine, bot_id: int, detail: str) -> None:
    with translated_failures(engine), Session(engine) as session:
        versions.receive_again(session, bot_id=bot_id, detail=detail)
