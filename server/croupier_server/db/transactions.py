"""One call, one transaction; or many calls, one transaction, inside :func:`atomic`.

Each query function that writes commits before it returns; on any error it rolls back,
leaving the session usable. Inside :func:`atomic`, the calls of a block make one transaction
instead: a game's log and its result are stored whole or not at all. The referee writes
from one thread with one session; readers (the dashboard) use sessions of their own.

The other helpers are the query modules' own: how they write and read one record.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TypeVar

from sqlmodel import Session, SQLModel

from croupier_server.db.errors import RecordNotFound

__all__ = ["atomic", "insert", "refreshed", "require", "transaction"]

RecordT = TypeVar("RecordT", bound=SQLModel)

_ATOMIC = "croupier.atomic"
"""The key of ``Session.info`` set while an :func:`atomic` block runs."""


@contextmanager
def atomic(session: Session) -> Iterator[None]:
    """Make every write of the block one transaction: committed at its end, or not at all.

    The functions called in the block flush their writes rather than commit them; any error
    rolls back every write of the block. A block inside another is part of it.
    """
    if session.info.get(_ATOMIC):
        yield
        return
    session.info[_ATOMIC] = True
    try:
        yield
        session.commit()
    except BaseException:
        session.rollback()
        raise
    finally:
        del session.info[_ATOMIC]


@contextmanager
def transaction(session: Session) -> Iterator[None]:
    """Commit on success; roll back on any error so the session stays usable.

    Inside an :func:`atomic` block, only flush: the block commits or rolls back.
    """
    if session.info.get(_ATOMIC):
        yield
        session.flush()
        return
    try:
        yield
        session.commit()
    except BaseException:
        session.rollback()
        raise


def insert(session: Session, record: RecordT) -> RecordT:
    """Store a new record in its own transaction (or the :func:`atomic` block's)."""
    with transaction(session):
        session.add(record)
    return refreshed(session, record)


def refreshed(session: Session, record: RecordT) -> RecordT:
    """``record`` loaded again after a commit, so it stays readable once the session closes."""
    session.refresh(record)
    return record


def require(session: Session, table: type[RecordT], key: object) -> RecordT:
    """The record of ``table`` with primary key ``key``.

    Raises:
        RecordNotFound: there is none.
    """
    record = session.get(table, key)
    if record is None:
        raise RecordNotFound(f"no {table.__tablename__} {key!r}")
    return record
