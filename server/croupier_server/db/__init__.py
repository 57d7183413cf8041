"""croupier's storage: the tables, the engine, the queries and stored-game replays.

Open a database and record a game::

    engine = create_database_engine(database_url(args.db))
    init_database(engine)
    with Session(engine) as session:
        record = create_game(
            session, game="lexio", options=game.options(), seed=seed, bot_ids=bot_ids
        )

The queries are keyword-only functions, a module for each aggregate: ``bots``, ``games``
(with a game's log in ``game_log`` and its bots' output in ``outputs``) and ``tournaments``;
the dashboard's pages read through ``listings``, ``statistics``, ``bot_history`` and
``tournament_history``. Writers commit inside each call (one call, one transaction), or once
for a whole :func:`atomic` block (see :mod:`croupier_server.db.transactions`).
"""

from croupier_server.db.bots import (
    add_bot,
    bot_ids,
    create_remote_bot,
    get_bot,
    get_bot_by_name,
    list_bots,
)
from croupier_server.db.engine import (
    create_database_engine,
    database_url,
    init_database,
)
from croupier_server.db.errors import (
    BotNameTaken,
    DatabaseUnavailable,
    RecordNotFound,
    ReplayMismatch,
    StorageError,
)
from croupier_server.db.game_log import (
    NewAction,
    game_actions,
    game_faults,
    mark_seat_forfeited,
    record_action,
    record_actions,
    record_events,
    record_fault,
)
from croupier_server.db.games import (
    abort_game,
    create_game,
    finish_game,
    game_seats,
    get_game,
)
from croupier_server.db.models import (
    BOT_NAME_MAX_LENGTH,
    INTEGER_MAX,
    ActionRecord,
    BotKind,
    BotRecord,
    EventRecord,
    FaultRecord,
    GameRecord,
    OutputLineRecord,
    PackedLogRecord,
    SeatRecord,
    TournamentRecord,
    TournamentStatus,
)
from croupier_server.db.outputs import game_output, record_output
from croupier_server.db.packing import pack_game
from croupier_server.db.replay import (
    check_stored_game,
    events_by_step,
    game_events,
    replay_stored_game,
)
from croupier_server.db.serialize import (
    event_data,
    event_visibility,
    result_data,
    storable_text,
    to_json_value,
)
from croupier_server.db.tournaments import (
    abort_unfinished_tournament_games,
    claim_queued_tournament,
    create_tournament,
    finished_schedule_numbers,
    get_tournament,
    list_tournaments,
    set_tournament_status,
)
from croupier_server.db.transactions import atomic
from croupier_server.outcomes import DecidedBy, EndedBy, FaultKind, GameStatus, SeatStatus

__all__ = [
    "BOT_NAME_MAX_LENGTH",
    "INTEGER_MAX",
    "ActionRecord",
    "BotKind",
    "BotNameTaken",
    "BotRecord",
    "DatabaseUnavailable",
    "DecidedBy",
    "EndedBy",
    "EventRecord",
    "FaultKind",
    "FaultRecord",
    "GameRecord",
    "GameStatus",
    "NewAction",
    "OutputLineRecord",
    "PackedLogRecord",
    "RecordNotFound",
    "ReplayMismatch",
    "SeatRecord",
    "SeatStatus",
    "StorageError",
    "TournamentRecord",
    "TournamentStatus",
    "abort_game",
    "abort_unfinished_tournament_games",
    "add_bot",
    "atomic",
    "bot_ids",
    "check_stored_game",
    "claim_queued_tournament",
    "create_database_engine",
    "create_game",
    "create_remote_bot",
    "create_tournament",
    "database_url",
    "event_data",
    "event_visibility",
    "events_by_step",
    "finish_game",
    "finished_schedule_numbers",
    "game_actions",
    "game_events",
    "game_faults",
    "game_output",
    "game_seats",
    "get_bot",
    "get_bot_by_name",
    "get_game",
    "get_tournament",
    "init_database",
    "list_bots",
    "list_tournaments",
    "mark_seat_forfeited",
    "pack_game",
    "record_action",
    "record_actions",
    "record_events",
    "record_fault",
    "record_output",
    "replay_stored_game",
    "result_data",
    "set_tournament_status",
    "storable_text",
    "to_json_value",
]
