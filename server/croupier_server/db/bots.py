"""The registered bots: added with a command or as remote bots with a key, found by name.

A bot's name is unique once folded (:mod:`.names`): beside ``alpha``, ``Alpha`` is taken.
An author's bot's name is of a small safe alphabet too (its manifest's).

The people who take seats from the dashboard are stored as records of their own kind
(:func:`person_seat_bot`), which no list of bots shows. Whether people may play against a
bot is its owner's choice (:func:`is_open_to_people`, :func:`set_open_to_people`).

A remote bot's key is made by :func:`~croupier_server.tokens.new_secret`, handed out once in
plain text and stored as its :func:`~croupier_server.tokens.hash_secret` digest only.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from croupier_server.db.errors import BotNameTaken
from croupier_server.db.games import known_game
from croupier_server.db.models import BOT_NAME_MAX_LENGTH, VERSION_SEPARATOR, BotKind, BotRecord
from croupier_server.db.names import folded_name
from croupier_server.db.transactions import insert, refreshed, transaction
from croupier_server.tokens import hash_secret, new_secret

PERSON_PREFIX = "person@"
"""How the name of a person's seat record begins (see :func:`person_seat_bot`)."""

__all__ = [
    "PERSON_PREFIX",
    "add_bot",
    "bot_ids",
    "checked_bot_name",
    "create_remote_bot",
    "get_bot",
    "get_bot_by_name",
    "is_open_to_people",
    "list_bots",
    "person_seat_bot",
    "set_open_to_people",
]


def add_bot(
    session: Session,
    *,
    name: str,
    game: str,
    command: str,
    limits: dict[str, Any] | None = None,
    description: str = "",
    open_to_people: bool = True,
) -> BotRecord:
    """Register a bot the referee starts with the shell ``command`` for each game.

    ``limits`` holds the limits set on its processes, by name (``LimitSettings.items()``);
    ``open_to_people`` says whether people may play against it.

    Raises:
        BotNameTaken: a bot of that name (once folded) exists already.
        ValueError: a name refused (:func:`checked_bot_name`), or an unknown game.
    """
    bot = BotRecord(
        name=checked_bot_name(name),
        game=known_game(game),
        kind=BotKind.COMMAND,
        command=command,
        limits=limits or {},
        description=description,
        open_to_people=open_to_people,
    )
    return _insert_bot(session, bot)


def create_remote_bot(
    session: Session, *, name: str, game: str, description: str = "", open_to_people: bool = True
) -> tuple[BotRecord, str]:
    """Register a bot that connects by itself; returns it and its key, shown only this once.

    ``open_to_people`` says whether people may play against it.

    Raises:
        BotNameTaken: a bot of that name (once folded) exists already.
        ValueError: a name refused (:func:`checked_bot_name`), or an unknown game.
    """
    key = new_secret()
    bot = BotRecord(
        name=checked_bot_name(name),
        game=known_game(game),
        kind=BotKind.REMOTE,
        key_hash=hash_secret(key),
        description=description,
        open_to_people=open_to_people,
    )
    return _insert_bot(session, bot), key


def get_bot(session: Session, *, bot_id: int) -> BotRecord | None:
    """The bot with id ``bot_id``, if any."""
    return session.get(BotRecord, bot_id)


def get_bot_by_name(session: Session, *, name: str) -> BotRecord | None:
    """The bot named exactly ``name`` (case-sensitive), if any."""
    if "\x00" in name:  # no name holds a NUL, and PostgreSQL refuses one in a query
        return None
    return session.exec(select(BotRecord).where(BotRecord.name == name)).first()


def list_bots(session: Session, *, game: str | None = None) -> list[BotRecord]:
    """Every bot (of ``game`` only, when given), by name; the people at tables are none."""
    query = (
        select(BotRecord).where(col(BotRecord.kind) != BotKind.PERSON).order_by(col(BotRecord.name))
    )
    if game is not None:
        query = query.where(BotRecord.game == game)
    return list(session.exec(query))


def bot_ids(session: Session, *, names: Collection[str] | None = None) -> dict[str, int]:
    """The id of every bot by name, or of the bots named ``names`` (names of none left out)."""
    query = select(BotRecord.name, BotRecord.id)
    if names is not None:
        if not names:
            return {}
        query = query.where(col(BotRecord.name).in_(names))
    return {name: bot_id for name, bot_id in session.exec(query) if bot_id is not None}


def is_open_to_people(session: Session, bot: BotRecord) -> bool:
    """Whether people may play against ``bot``, as its owner says.

    A version (``NAME@N``) follows its submitted bot; a person's seat is no bot to play
    against.
    """
    if bot.kind is BotKind.PERSON:
        return False
    if bot.version_of_id is None:
        return bot.open_to_people
    submitted = session.get(BotRecord, bot.version_of_id)
    return submitted is not None and submitted.open_to_people


def set_open_to_people(session: Session, *, bot: BotRecord, open_to_people: bool) -> None:
    """Let people play against ``bot`` (a submitted bot: against its versions), or not.

    Raises:
        ValueError: ``bot`` is a version, which follows its submitted bot, or a person's seat.
    """
    if bot.kind is BotKind.PERSON:
        raise ValueError(f"{bot.name} is a person's seat, not a bot")
    if bot.version_of_id is not None:
        submitted = get_bot(session, bot_id=bot.version_of_id)
        parent = bot.name if submitted is None else submitted.name
        raise ValueError(f"{bot.name} follows its bot {parent}: open or close {parent} instead")
    with transaction(session):
        bot.open_to_people = open_to_people
        session.add(bot)
    refreshed(session, bot)


def person_seat_bot(session: Session, *, who: str, game: str) -> BotRecord:
    """The record a person's seats in ``game`` are stored under (``person@WHO (GAME)``).

    Made on the person's first table of the game. No bot may be named so: a bot's name
    holds no ``@``, and a version's has only digits after it.

    Raises:
        ValueError: an unknown game.
    """
    name = f"{PERSON_PREFIX}{who} ({known_game(game)})"
    found = get_bot_by_name(session, name=name)
    if found is not None:
        return found
    try:
        return insert(session, BotRecord(name=name, game=game, kind=BotKind.PERSON))
    except IntegrityError:  # made by another table at the same moment
        made = get_bot_by_name(session, name=name)
        if made is None:
            raise
        return made


def _insert_bot(session: Session, bot: BotRecord) -> BotRecord:
    name = bot.name
    try:
        return insert(session, bot)
    except IntegrityError:
        same = select(BotRecord).where(BotRecord.folded_name == folded_name(name))
        taken = session.exec(same).first()
        if taken is None:
            raise
        raise BotNameTaken(f"a bot named {taken.name!r} already exists") from None


def checked_bot_name(name: str) -> str:
    """``name``, if the organiser may call a bot so (what registering a bot checks first).

    The organiser is trusted with any printable name (a name the server reserves too: a
    house bot's); unique once folded all the same (:mod:`.names`). What authors name is
    held to the safe alphabet (:func:`croupier.manifest.parse_manifest`).

    Raises:
        ValueError: an empty, padded, overlong or unprintable name, or one with ``@``.
    """
    if (
        not 0 < len(name) <= BOT_NAME_MAX_LENGTH
        or name != name.strip()
        or not name.isprintable()
        or VERSION_SEPARATOR in name
    ):
        raise ValueError(
            f"a bot name is 1 to {BOT_NAME_MAX_LENGTH} printable characters without "
            f"surrounding spaces or {VERSION_SEPARATOR!r} (which names versions), not {name!r}"
        )
    return name
