"""What would another bot do: a stored game's decisions of one seat, put to a registered bot.

The bot is started as the referee starts a bot for a game (:class:`~croupier_server.referee
.started.StartedBot`: its limits combined with the game's, sealed when the server seals its
seats, a token of its own) and connects over gRPC. It is offline: in no game, rated
nowhere, and nothing of it is stored. It gets a ``GameStart`` for the seat, then the game
is replayed from its seed and stored actions: the events the seat saw reach it as they
reached the seat, and each decision of the seat (a forced move aside) is put to it in one
``DecisionRequest`` holding the seat's observation, under the game's time control, by the
referee's own :class:`~croupier_server.referee.seat.SeatAgent`. Its answer is read with the
codec; an illegal or malformed answer, or none in time, is that decision's fault, and after
as many faults as forfeit a seat, or a crash, it is asked no more. It is stopped after.

:class:`ServerSecondOpinions` are the dashboard's
:class:`~croupier_server.web.second_opinions.SecondOpinions`; ``croupier replay --ask``
puts the same question (:func:`load_question`, :func:`put_question`).
"""

from __future__ import annotations

import asyncio
import dataclasses
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine
from sqlmodel import Session

from croupier import codec
from croupier.exits import exit_description
from croupier.games import Game, Seat, State, load_game
from croupier_server import db
from croupier_server.db import ActionRecord, BotKind, BotRecord, GameRecord, ReplayMismatch
from croupier_server.db.replay import ReplayStep, replayed
from croupier_server.outcomes import DecidedBy, FaultKind, GameStatus
from croupier_server.recorded_games import bot_limits, settings_from_data
from croupier_server.referee.game import RefereeSettings
from croupier_server.referee.records import ActionEntry, FaultEntry, GameLog, last_output
from croupier_server.referee.seat import FaultPolicy, SeatAgent
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.sessions import BotSession
from croupier_server.referee.started import NoSession, StartedBot
from croupier_server.tokens import new_secret
from croupier_server.web.second_opinions import Opinion, OpinionRefused, SecondOpinion

__all__ = [
    "MAX_ASKED_AT_ONCE",
    "Question",
    "ServerSecondOpinions",
    "load_question",
    "put_question",
]

MAX_ASKED_AT_ONCE = 2
"""How many bots the dashboard asks at once; more are refused until one is done."""


@dataclass(frozen=True, slots=True)
class Question:
    """A stored game's decisions of one seat, to put to a bot."""

    game_id: int
    rules: Game[Any]
    seed: int
    actions: tuple[ActionRecord, ...]
    """Its stored actions, each checked to replay (by :func:`~croupier_server.db.replayed`)."""
    seat: Seat
    seat_bot: str
    """The bot that played the seat in the game."""
    bot: BotRecord
    """The command bot asked."""
    settings: RefereeSettings
    """The game's time control and fault policy; the bot's limits and sealing."""


class ServerSecondOpinions:
    """The dashboard's second opinions: bots asked through ``server``, the serving referee.

    Bots are started sealed with ``sealed`` (``croupier serve --sealed``); at most
    :data:`MAX_ASKED_AT_ONCE` are asked at once.
    """

    def __init__(self, engine: Engine, server: RefereeServer, *, sealed: bool = False) -> None:
        self._engine = engine
        self._server = server
        self._sealed = sealed
        self._asking = asyncio.Semaphore(MAX_ASKED_AT_ONCE)

    async def ask(self, *, game_id: int, bot: str, seat: int) -> SecondOpinion:
        """Ask ``bot`` for its action at each decision of ``seat`` of game ``game_id``.

        Raises:
            OpinionRefused: the question cannot be put (:func:`load_question`), or 503:
                as many bots as may be are being asked.
        """
        if self._asking.locked():
            raise OpinionRefused(503, "other bots are being asked now: ask again in a moment")
        async with self._asking:
            question = await asyncio.to_thread(
                load_question,
                self._engine,
                game_id=game_id,
                bot=bot,
                seat=seat,
                sealed=self._sealed,
            )
            return await put_question(question, self._server)


def load_question(
    engine: Engine, *, game_id: int, bot: str, seat: int, sealed: bool = False
) -> Question:
    """The decisions of ``seat`` of the stored game ``game_id``, to put to the bot ``bot``.

    Raises:
        OpinionRefused: 404, no such game, seat or bot; 400, a bot that cannot be started
            to be asked, or one of another game; 409, a game still being played; 500, a
            stored game that does not replay.
    """
    with Session(engine) as session:
        record = db.get_game(session, game_id=game_id)
        if record is None:
            raise OpinionRefused(404, f"no game {game_id}")
        if record.status == GameStatus.RUNNING:
            raise OpinionRefused(409, f"game {game_id} is still being played: ask once it is over")
        seat_bot = _seat_bot(session, record, seat)
        asked = _askable_bot(session, record, bot)
        stored = db.game_actions(session, game_id=game_id)
    try:
        rules = load_game(record.game, record.options)
        for _ in replayed(rules, record.seed, stored, game_id=game_id):
            pass
    except (ValueError, ReplayMismatch) as error:
        raise OpinionRefused(500, f"game {game_id} does not replay: {error}") from None
    return Question(
        game_id=game_id,
        rules=rules,
        seed=record.seed,
        actions=tuple(stored),
        seat=seat,
        seat_bot=seat_bot,
        bot=asked,
        settings=_referee_settings(record, sealed=sealed),
    )


def _seat_bot(session: Session, record: GameRecord, seat: int) -> str:
    """The name of the bot in ``seat`` of the game ``record``."""
    assert record.id is not None
    seats = {each.seat: each.bot_id for each in db.game_seats(session, game_id=record.id)}
    if seat not in seats:
        raise OpinionRefused(
            404, f"no seat {seat} in game {record.id}: its seats are 0 to {len(seats) - 1}"
        )
    bot = db.get_bot(session, bot_id=seats[seat])
    return "" if bot is None else bot.name


def _askable_bot(session: Session, record: GameRecord, name: str) -> BotRecord:
    """The registered command bot ``name`` of the game of ``record``."""
    bot = db.get_bot_by_name(session, name=name)
    if bot is None:
        raise OpinionRefused(404, f"no bot named {name!r}")
    if bot.game != record.game:
        raise OpinionRefused(400, f"{name!r} plays {bot.game}, not {record.game}")
    if bot.kind is BotKind.SUBMITTED:
        raise OpinionRefused(400, f"{name!r} is a submitted bot: ask one of its versions, {name}@N")
    if bot.kind is not BotKind.COMMAND or bot.command is None:
        raise OpinionRefused(
            400, f"{name!r} is no command bot: only those can be started to be asked"
        )
    return bot


def _referee_settings(record: GameRecord, *, sealed: bool) -> RefereeSettings:
    """The stored game's referee settings (the defaults for a game stored with none)."""
    settings = settings_from_data(record.settings) if record.settings else RefereeSettings()
    return dataclasses.replace(settings, sealed=sealed)


async def put_question(question: Question, server: RefereeServer) -> SecondOpinion:
    """Start the question's bot for ``server``, ask it each decision, and stop it.

    A bot that does not start, or that fails on the way, is no exception: the answer's
    ``failure`` says what happened, in one line, and ``output`` holds its last lines.
    """
    settings = question.settings
    name = question.bot.name
    assert question.bot.command is not None
    started = await StartedBot.start(
        server,
        label=f"{name} asked about seat {question.seat} of game {question.game_id}",
        bot_name=name,
        game=question.rules.name,
        command=question.bot.command,
        limits=bot_limits(question.bot, settings),
        token=new_secret(),
        connect_s=settings.time_control.connect_ms / 1000,
        sealed=settings.sealed,
    )
    log = GameLog(game_id=str(question.game_id), game=question.rules, seed=question.seed)
    opinions: list[Opinion] = []
    agent: SeatAgent | None = None
    failure = ""
    try:
        connection = await started.connected()
        if isinstance(connection, NoSession):
            failure = (
                f"{name} did not start: {connection.detail.removeprefix(f'{started.label}: ')}"
            )
        else:
            agent = _seat_agent(question, connection, log)
            opinions = await _ask_each_decision(question, agent, log)
    finally:
        await started.stop("the questions are over")
    if agent is not None and agent.forfeited:
        failure = _why_asked_no_more(name, agent, log, opinions, started)
    output = started.process.take_output() if failure and started.process else None
    return SecondOpinion(
        game_id=question.game_id,
        seat=question.seat,
        seat_bot=question.seat_bot,
        bot=name,
        decisions=opinions,
        disagreements=sum(not opinion.agrees for opinion in opinions),
        failure=failure,
        output=list(last_output(output)),
    )


def _seat_agent(question: Question, session: BotSession, log: GameLog) -> SeatAgent:
    """The referee's agent of the seat over ``session``, told the game starts.

    It asks once a decision: an answer it refuses is not asked again.
    """
    settings = question.settings
    agent = SeatAgent(
        seat=question.seat,
        name=question.bot.name,
        session=session,
        time_control=settings.time_control,
        policy=FaultPolicy(illegal_retries=0, max_strikes=settings.policy.max_strikes),
        log=log,
    )
    agent.send(
        codec.game_start(
            game_id=log.game_id,
            game=question.rules,
            seat=question.seat,
            time_control=codec.TimeControl(**settings.time_control.items()),
        )
    )
    return agent


async def _ask_each_decision(question: Question, agent: SeatAgent, log: GameLog) -> list[Opinion]:
    """Replay the game to ``agent``'s bot, asking it each decision of its seat.

    When seats act at once (the cribbage discard), the seat is asked with the state from
    before any of them acted, as in the game. The bot is told the game is over if it was
    asked to its end.
    """
    steps = replayed(question.rules, question.seed, question.actions, game_id=question.game_id)
    state = next(steps).state  # changed in place by each step: read before the next
    told = 0
    asked: tuple[ActionEntry, list[FaultEntry]] | None = None
    opinions: list[Opinion] = []
    for number in range(len(question.actions)):
        if agent.forfeited and asked is None:
            return opinions
        told = _tell(agent, log.game_id, state, told)
        if asked is None and not agent.forfeited and _is_decision(state, question.seat):
            earlier = len(log.faults)
            entry = await agent.decide(log.game_id, state)
            asked = entry, log.faults[earlier:]
        taken = next(steps)  # the stored action ``number`` applied
        assert taken.stored is not None
        if taken.stored.seat == question.seat and asked is not None:
            opinions.append(_opinion(number, taken, *asked))
            asked = None
    _tell(agent, log.game_id, state, told)
    if not agent.forfeited and (result := state.result()) is not None:
        agent.finish(log.game_id, codec.encode_result(result, game=question.rules))
    return opinions


def _tell(agent: SeatAgent, game_id: str, state: State[Any, Any, Any], told: int) -> int:
    """Let the seat's bot see the events from number ``told`` on that the seat saw."""
    for event in state.events[told:]:
        if event.is_visible_to(agent.seat):
            agent.tell(codec.encode_game_event(game_id, event, game=state.game))
    return len(state.events)


def _is_decision(state: State[Any, Any, Any], seat: Seat) -> bool:
    """Whether ``seat`` is to act with a choice (a forced move is not asked)."""
    return seat in state.seats_to_act() and len(state.legal_actions(seat)) > 1


def _opinion(
    number: int, taken: ReplayStep, entry: ActionEntry, faults: list[FaultEntry]
) -> Opinion:
    """The bot's answer ``entry`` beside the game's action ``number``, ``taken``."""
    assert taken.stored is not None
    answered = entry.decided_by is DecidedBy.BOT
    return Opinion(
        step=number + 1,
        taken=str(taken.action),
        taken_by=str(DecidedBy(taken.stored.decided_by)),
        answer=str(entry.action) if answered else None,
        fault="" if answered else "; ".join(_fault_line(fault) for fault in faults),
        agrees=answered and entry.action == taken.action,
        latency_ms=entry.latency_ms,
        comment=entry.comment,
    )


def _fault_line(fault: FaultEntry) -> str:
    """``illegal action: pass is not legal now``: the fault's kind and detail."""
    return f"{fault.kind.replace('_', ' ')}: {fault.detail}"


def _why_asked_no_more(
    name: str, agent: SeatAgent, log: GameLog, opinions: list[Opinion], started: StartedBot
) -> str:
    """One line saying why the bot, its seat forfeited, was asked no more decisions."""
    step = opinions[-1].step if opinions else 0
    if any(fault.kind == FaultKind.CRASH for fault in log.faults):
        code = None if started.process is None else started.process.exit_code
        return f"{name} ended at step {step}: it {exit_description(code)}"
    return f"{name} was asked no more after step {step}: {agent.strikes} faults forfeit a seat"
