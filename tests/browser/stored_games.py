"""What the browser tests look for, read from the database and rebuilt by the rules engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlmodel import Session

from croupier.games import Game, State, load_game
from croupier_server import db
from croupier_server.db import EndedBy, GameStatus, create_database_engine
from tests import queries
from tests.web.filling import HTML_NAME


@dataclass(frozen=True, slots=True)
class StoredGames:
    """Ids of the filled database's records that the tests open."""

    lexio: int
    """A finished Lexio game, played by the bot with the HTML name."""
    cribbage: int
    """A cribbage game that ended normally."""
    forfeit: int
    """The cribbage game the bot "crasher" forfeited."""
    forfeit_fault: str
    """The kind of the fault that made it forfeit."""
    html_bot: int
    """The bot whose name is HTML."""
    html_tournament: int
    """The tournament of :attr:`lexio`."""


def find_stored_games(database_url: str) -> StoredGames:
    """The ids of the records of ``database_url`` (filled by :mod:`tests.web.filling`)."""
    engine = create_database_engine(database_url)
    try:
        with Session(engine) as session:
            html_bot = db.get_bot_by_name(session, name=HTML_NAME)
            assert html_bot is not None
            lexio = queries.list_games(
                session, game="lexio", bot_id=html_bot.id, status=GameStatus.FINISHED
            )[0]
            cribbage = queries.list_games(session, game="cribbage", limit=100)
            ended_by = {game.ended_by: _known(game.id) for game in cribbage}
            forfeit = ended_by[EndedBy.FORFEIT]
            (fault,) = db.game_faults(session, game_id=forfeit)
            return StoredGames(
                lexio=_known(lexio.id),
                cribbage=ended_by[EndedBy.NORMAL],
                forfeit=forfeit,
                forfeit_fault=fault.kind,
                html_bot=_known(html_bot.id),
                html_tournament=_known(lexio.tournament_id),
            )
    finally:
        engine.dispose()


def _known(record_id: int | None) -> int:
    assert record_id is not None
    return record_id


@dataclass(frozen=True, slots=True)
class StoredReplay:
    """A stored game as the viewer replays it: its rules, seed and actions."""

    game_id: int
    rules: Game[Any]
    seed: int
    actions: tuple[tuple[int, str], ...]
    """``(seat, text)`` of every stored action, in order."""
    seats: int

    @property
    def steps(self) -> int:
        """Step 0 is the deal, step k the state after action k - 1."""
        return len(self.actions) + 1

    def state_at(self, step: int) -> State[Any, Any, Any]:
        """The engine's state at ``step``."""
        state: State[Any, Any, Any] = self.rules.new_state(self.seed)
        for seat, text in self.actions[:step]:
            state.apply(seat, self.rules.parse_action(text))
        return state

    def hands_at(self, step: int) -> list[list[str]]:
        """Every seat's hand at ``step``, its tiles or cards as the engine prints them, sorted."""
        state = self.state_at(step)
        return [
            sorted(str(piece) for piece in state.observation(seat).hand)
            for seat in range(self.seats)
        ]


def load_stored_replay(database_url: str, game_id: int) -> StoredReplay:
    """The replay of game ``game_id`` of ``database_url``."""
    engine = create_database_engine(database_url)
    try:
        with Session(engine) as session:
            record = db.get_game(session, game_id=game_id)
            assert record is not None
            actions = db.game_actions(session, game_id=game_id)
            seats = db.game_seats(session, game_id=game_id)
    finally:
        engine.dispose()
    return StoredReplay(
        game_id=game_id,
        rules=load_game(record.game, record.options),
        seed=record.seed,
        actions=tuple((action.seat, action.text) for action in actions),
        seats=len(seats),
    )
