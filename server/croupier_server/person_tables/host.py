"""The tables where people sit: opened, forked from a finished game, played and recorded.

A table is a recorded game (:func:`~croupier_server.recorded_games.play_recorded_game`)
in which one seat is a person's: the referee asks it through a session whose other end is
the person's page (:class:`~croupier_server.person_tables.seat.PersonSeat`). The game is
stored as any other, marked by the person's seat record, and rated for nobody. A fork
plays a finished game again up to one of its steps, then on, with a person (or another
bot) at one seat and the same deal, so the same hidden cards.

Shares: at most ``max_tables`` tables play at once, and at most ``max_tables_per_client``
of them for one client (an author, or a guest's address; the admin is not counted); a
guest's seat always has its clock. Only an active version is seated: one received,
checking, rejected or retired is refused, as a bot whose owner closed it to people.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier.games import Game, InvalidOptions, Seat, load_game
from croupier_server import db
from croupier_server.control import DAY_MS, TimeControl
from croupier_server.db import BotKind, BotRecord, versions
from croupier_server.db.bots import is_open_to_people, person_seat_bot
from croupier_server.db.check_games import check_game_author
from croupier_server.db.disclosure import disclosure_of
from croupier_server.db.game_log import game_actions
from croupier_server.errors import CroupierServerError
from croupier_server.outcomes import GameStatus
from croupier_server.person_tables.seat import PersonSeat
from croupier_server.recorded_games import (
    Fork,
    GameSetupError,
    bot_limits,
    load_bots,
    play_recorded_game,
    settings_from_data,
)
from croupier_server.referee.game import Entrant, RefereeSettings
from croupier_server.referee.records import GameLog
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.started import StartedBot
from croupier_server.tokens import new_secret
from croupier_server.web.play_schemas import (
    ForkRequest,
    OpenedTable,
    TableRefused,
    TableRequest,
    TurnRefused,
    WhenAway,
)

__all__ = ["GUEST", "MAX_TABLES", "MAX_TABLES_PER_CLIENT", "PERSON_CLOCK", "TableHost"]

PERSON_CLOCK = TimeControl(connect_ms=60_000, decision_ms=120_000, bank_ms=600_000)
"""A person's clock: two minutes a decision, and a bank of ten for the long ones."""
NO_CLOCK = TimeControl(connect_ms=60_000, decision_ms=DAY_MS, bank_ms=DAY_MS)
"""A seat without a clock: a day a decision, the most any seat may have."""
KEPT_S = 600.0
"""How long a finished table's seat still answers its link (with the result)."""
MAX_TABLES = 8
"""How many tables one serve plays at once, by default: each starts its bots' processes."""
MAX_TABLES_PER_CLIENT = 2
"""How many of them one client (an author, a guest's address) may hold at once, by default."""
GUEST = "guest"
"""Who a person is who has not logged in: their seat always has its clock."""
ADMIN = "admin"
"""The organiser, whose tables are not counted against any share."""


@dataclass(frozen=True, slots=True)
class _Table:
    """What a table is played with."""

    game: Game[Any]
    bots: list[BotRecord]
    seed: int
    settings: RefereeSettings
    client: str
    """Who the table counts against (see :meth:`TableHost._refuse_over_share`)."""
    fork: Fork | None = None


class TableHost:
    """Keeps the tables of people served by one ``croupier serve`` (a :class:`PersonTables`).

    The bots are started as for any game of ``settings`` (sealed if it says so); a seat's
    page that has been closed (or never opened) for ``away_s`` hands the seat over as its
    table says. At most ``max_tables`` tables play at once, ``max_tables_per_client`` of them
    for one client.
    """

    def __init__(
        self,
        engine: Engine,
        server: RefereeServer,
        *,
        settings: RefereeSettings,
        away_s: float = 30.0,
        max_tables: int = MAX_TABLES,
        max_tables_per_client: int = MAX_TABLES_PER_CLIENT,
    ) -> None:
        self._engine = engine
        self._server = server
        self._settings = settings
        self._away_s = away_s
        self._max_tables = max_tables
        self._max_tables_per_client = max_tables_per_client
        self._seats: dict[str, PersonSeat] = {}
        self._games: dict[asyncio.Task[None], str] = {}
        """Each table playing, with the client it counts against."""

    def seat(self, secret: str) -> PersonSeat | None:
        """The running (or lately finished) seat whose link holds ``secret``, if any."""
        return self._seats.get(secret)

    async def open_table(self, request: TableRequest, *, who: str) -> OpenedTable:
        """Open a table for ``who``, the bots of ``request`` at the other seats.

        Raises:
            TableRefused: an unknown game or bot, a wrong number of bots or seat, a guest
                without a clock (400); too many tables playing (409).
        """
        _refuse_guest_without_clock(who, request.clock)
        self._refuse_over_share(_client(request.client, who))  # before any work; again at start
        try:
            game = load_game(request.game, request.options)
        except (KeyError, InvalidOptions, ValueError) as error:
            raise TableRefused(str(error).strip("'\"")) from None
        if request.seat >= game.num_players:
            raise TableRefused(f"{game.name} here has seats 0 to {game.num_players - 1}")
        if len(request.bots) != game.num_players - 1:
            raise TableRefused(
                f"{game.name} here needs {game.num_players - 1} bots beside you, "
                f"not {len(request.bots)}"
            )
        others = await asyncio.to_thread(self._playing_bots, game, request.bots)
        stand_in = request.stand_in or others[0].name
        await asyncio.to_thread(self._playing_bots, game, [stand_in])
        person = await asyncio.to_thread(self._person, who, game)
        bots = [*others[: request.seat], person, *others[request.seat :]]
        seed = request.seed if request.seed is not None else random.randrange(2**62)
        table = _Table(game, bots, seed, self._settings, _client(request.client, who))
        return await self._open(
            table, request.seat, clock=request.clock, when_away=request.when_away, stand_in=stand_in
        )

    async def fork(self, request: ForkRequest, *, who: str) -> OpenedTable:
        """Play a finished game again up to ``request.step``, then on.

        Raises:
            TableRefused: no such finished game or step, a seat no bot can take, a guest
                without a clock (400); too many tables playing (409).
        """
        if request.bot is None:
            _refuse_guest_without_clock(who, request.clock)
        self._refuse_over_share(_client(request.client, who))  # before any work; again at start
        table, stand_in = await asyncio.to_thread(self._forked, request, who)
        if request.bot is not None:
            game_id = await self._start(table, None, None)
            return OpenedTable(game_id, None)
        return await self._open(
            table, request.seat, clock=request.clock, when_away=request.when_away, stand_in=stand_in
        )

    async def close(self) -> None:
        """End every table still playing (their games are stored aborted)."""
        for task in list(self._games):
            task.cancel()
        await asyncio.gather(*self._games, return_exceptions=True)

    async def _open(
        self, table: _Table, seat: Seat, *, clock: bool, when_away: WhenAway, stand_in: str | None
    ) -> OpenedTable:
        person = PersonSeat(
            game=table.game,
            seed=table.seed,
            seat=seat,
            names=[bot.name for bot in table.bots],
            clock=clock,
            when_away=when_away,
            stand_in=stand_in,
            away_s=self._away_s,
            start_bot=lambda name, label: self._start_bot(table, name, label),
        )
        secret = new_secret()
        self._seats[secret] = person
        entrant = Entrant(
            table.bots[seat].name,
            session=person.session,
            time_control=PERSON_CLOCK if clock else NO_CLOCK,
        )
        try:
            game_id = await self._start(table, person, entrant)
        except BaseException:
            del self._seats[secret]
            await person.finish("the table could not be opened")
            raise
        return OpenedTable(game_id, secret)

    async def _start(
        self, table: _Table, person: PersonSeat | None, entrant: Entrant | None
    ) -> int:
        """Start the table's game; its id once it is stored as running.

        Raises:
            TableRefused: the most tables already play, here or for the table's client
                (409), or the game did not start.
        """
        self._refuse_over_share(table.client)
        started: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def on_start(log: GameLog) -> None:
            if person is not None:
                person.attach(log)
            started.set_result(int(log.game_id))

        seated = {} if person is None or entrant is None else {person.seat: entrant}
        task = asyncio.create_task(self._play(table, person, seated, on_start))
        self._games[task] = table.client
        task.add_done_callback(self._ended)
        waited: list[asyncio.Future[Any]] = [started, task]
        await asyncio.wait(waited, return_when=asyncio.FIRST_COMPLETED)
        if not started.done():
            error = task.exception()
            raise TableRefused(f"the table could not be opened: {error}")
        return started.result()

    async def _play(
        self,
        table: _Table,
        person: PersonSeat | None,
        seated: dict[Seat, Entrant],
        on_start: Any,
    ) -> None:
        detail = "the game is over"
        try:
            await play_recorded_game(
                self._engine,
                self._server,
                game=table.game,
                bots=table.bots,
                seed=table.seed,
                settings=table.settings,
                rated=False,
                seated=seated,
                fork=table.fork,
                on_start=on_start,
            )
        except (CroupierServerError, ValueError) as error:
            detail = f"the game stopped: {error}"
        finally:
            if person is not None:
                await person.finish(detail)
                asyncio.get_running_loop().call_later(KEPT_S, self._forget, person)

    def _refuse_over_share(self, client: str) -> None:
        """Refuse a new table when the most play, here or for ``client``.

        Raises:
            TableRefused: 409, saying which limit.
        """
        if len(self._games) >= self._max_tables:
            raise TableRefused(
                f"{len(self._games)} tables are playing, the most here: try again when one ends",
                status=409,
            )
        held = sum(1 for holder in self._games.values() if holder == client)
        if client != ADMIN and held >= self._max_tables_per_client:
            raise TableRefused(
                f"you have {held} tables playing, the most one may here: finish one (or let "
                "it end) before opening another",
                status=409,
            )

    def _ended(self, task: asyncio.Task[None]) -> None:
        self._games.pop(task, None)

    def _forget(self, person: PersonSeat) -> None:
        """The finished table of ``person`` no longer answers its link."""
        for secret in [key for key, seat in self._seats.items() if seat is person]:
            del self._seats[secret]

    async def _start_bot(self, table: _Table, name: str, label: str) -> StartedBot:
        """Start bot ``name`` to play a person's seat of ``table`` for them.

        Raises:
            TurnRefused: no such bot of the game, or one the referee does not start.
        """
        try:
            bot = (await asyncio.to_thread(self._playing_bots, table.game, [name]))[0]
        except TableRefused as error:
            raise TurnRefused(str(error)) from None
        if bot.command is None:
            raise TurnRefused(f"{name} connects by itself: it cannot stand in for you")
        settings = table.settings
        return await StartedBot.start(
            self._server,
            label=label,
            bot_name=bot.name,
            game=table.game.name,
            command=bot.command,
            limits=bot_limits(bot, settings),
            token=new_secret(),
            connect_s=settings.time_control.connect_ms / 1000,
            sealed=settings.sealed,
        )

    # In a thread: the database.

    def _playing_bots(self, game: Game[Any], names: Sequence[str]) -> list[BotRecord]:
        try:
            bots = load_bots(self._engine, names=names, game=game)
        except GameSetupError as error:
            raise TableRefused(str(error)) from None
        for bot in bots:
            if bot.kind in (BotKind.PERSON, BotKind.SUBMITTED):
                what = "a person" if bot.kind is BotKind.PERSON else "a submitted bot"
                raise TableRefused(f"{bot.name} is {what}: name a bot (or a version, NAME@N)")
        with Session(self._engine) as session:
            closed = [bot.name for bot in bots if not is_open_to_people(session, bot)]
            inactive = versions.inactive_versions(session, names=[bot.name for bot in bots])
        if closed:
            raise TableRefused(f"{closed[0]}'s owner does not let people play against it")
        if inactive:
            name, status = next(iter(inactive.items()))
            raise TableRefused(f"{name} is {status.value}: only an active version plays")
        return bots

    def _person(self, who: str, game: Game[Any]) -> BotRecord:
        with Session(self._engine) as session:
            record = person_seat_bot(session, who=who, game=game.name)
            session.commit()
            session.refresh(record)
            return record

    def _forked(self, request: ForkRequest, who: str) -> tuple[_Table, str | None]:
        with Session(self._engine) as session:
            record = db.get_game(session, game_id=request.game_id)
            if (
                record is None
                or record.status is not GameStatus.FINISHED
                or check_game_author(session, record) is not None
            ):
                raise TableRefused(f"no finished game {request.game_id}")
            if not (disclosure := disclosure_of(session, record)).is_whole:
                refusal = f"game {request.game_id} cannot be forked yet: {disclosure.reason}"
                raise TableRefused(refusal)
            game = load_game(record.game, record.options)
            stored = game_actions(session, game_id=request.game_id)
            if request.step > len(stored):
                raise TableRefused(f"game {request.game_id} has steps 0 to {len(stored)}")
            if request.seat >= game.num_players:
                raise TableRefused(f"game {request.game_id} has seats 0 to {game.num_players - 1}")
            seats = db.game_seats(session, game_id=request.game_id)
            bots = [db.get_bot(session, bot_id=seat.bot_id) for seat in seats]
            opening = [(action.seat, game.parse_action(action.text)) for action in stored]
        for seat, bot in enumerate(bots):
            if seat != request.seat and (bot is None or bot.kind is BotKind.PERSON):
                raise TableRefused(f"seat {seat} was a person's: only that seat can be taken")
        names = [bot.name for bot in bots if bot is not None]
        taken = request.bot or who
        others = [name for seat, name in enumerate(names) if seat != request.seat]
        playing = self._playing_bots(game, others)
        if request.bot is not None:
            at_seat = self._playing_bots(game, [request.bot])[0]
        else:
            at_seat = self._person(taken, game)
        table_bots = [*playing[: request.seat], at_seat, *playing[request.seat :]]
        fork = Fork(request.game_id, opening[: request.step])
        stored_settings = settings_from_data(record.settings)
        sealed = stored_settings.sealed or self._settings.sealed
        settings = dataclasses.replace(stored_settings, sealed=sealed)
        client = _client(request.client, who)
        table = _Table(game, table_bots, record.seed, settings, client, fork)
        return table, (others[0] if others else None)


def _client(client: str, who: str) -> str:
    """Who a table counts against: the client the dashboard named, else ``who``."""
    return ADMIN if who == ADMIN else client or who


def _refuse_guest_without_clock(who: str, clock: bool) -> None:
    """A guest's seat always has its clock: no one unknown holds a table for days.

    Raises:
        TableRefused: ``who`` is a guest who asked for no clock.
    """
    if who == GUEST and not clock:
        raise TableRefused(
            "a guest's seat keeps its clock (two minutes a decision, a bank of ten): log in "
            "as an author to play without one"
        )
