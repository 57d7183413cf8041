"""croupier's storage: the tables, the engine, the queries and stored-game replays.

Open a database and record a game::

    engine = create_database_engine(database_url(args.db))
    init_database(engine)
    with Session(engine) as session:
        match = create_match(session, game="lexio", options=game.options())
        record, tokens = create_game(session, match_id=match.id, seed=seed, bot_ids=bot_ids)

Writers commit inside each call (one call, one transaction); see
:mod:`croupier_server.db.repository`.
"""

from croupier_server.db.engine import (
    DATABASE_URL_VARIABLE,
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
from croupier_server.db.models import (
    BOT_NAME_MAX_LENGTH,
    INTEGER_MAX,
    ActionRecord,
    BotKind,
    BotRecord,
    DecidedBy,
    EndedBy,
    EventRecord,
    FaultKind,
    FaultRecord,
    GameRecord,
    GameStatus,
    MatchRecord,
    MatchStatus,
    SeatRecord,
    SeatStatus,
    TournamentRecord,
    TournamentStatus,
    utc_now,
)
from croupier_server.db.replay import check_stored_game, replay_stored_game
from croupier_server.db.repository import (
    abort_game,
    add_bot,
    create_game,
    create_match,
    create_remote_bot,
    find_bot_by_key,
    find_seat_by_token,
    finish_game,
    game_actions,
    game_events,
    game_faults,
    game_seats,
    get_bot,
    get_bot_by_name,
    get_game,
    get_match,
    hash_secret,
    list_bots,
    list_games,
    mark_seat_forfeited,
    new_secret,
    record_action,
    record_events,
    record_fault,
    set_match_status,
)
from croupier_server.db.serialize import event_data, event_visibility, result_data, to_json_value

__all__ = [
    "BOT_NAME_MAX_LENGTH",
    "DATABASE_URL_VARIABLE",
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
    "MatchRecord",
    "MatchStatus",
    "RecordNotFound",
    "ReplayMismatch",
    "SeatRecord",
    "SeatStatus",
    "StorageError",
    "TournamentRecord",
    "TournamentStatus",
    "abort_game",
    "add_bot",
    "check_stored_game",
    "create_database_engine",
    "create_game",
    "create_match",
    "create_remote_bot",
    "database_url",
    "event_data",
    "event_visibility",
    "find_bot_by_key",
    "find_seat_by_token",
    "finish_game",
    "game_actions",
    "game_events",
    "game_faults",
    "game_seats",
    "get_bot",
    "get_bot_by_name",
    "get_game",
    "get_match",
    "hash_secret",
    "init_database",
    "list_bots",
    "list_games",
    "mark_seat_forfeited",
    "new_secret",
    "record_action",
    "record_events",
    "record_fault",
    "replay_stored_game",
    "result_data",
    "set_match_status",
    "to_json_value",
    "utc_now",
]
