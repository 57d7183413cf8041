"""The authors who submit bots: added or signed up with a token, found by it, revoked.

An author's token is made by :func:`~croupier_server.tokens.new_secret`, handed out once in
plain text and stored as its :func:`~croupier_server.tokens.hash_secret` digest only; an
author is found by the digest of the token given, so the lookup takes no time that
depends on how near a wrong token came. Revoking a token leaves the author without one
(``token_hash`` ``None``) until :func:`new_author_token` gives a new one.

An author's name is of a small safe alphabet, unique once folded, and none the server uses
(:func:`check_author_name`, :mod:`.names`): beside ``alice``, ``Alice``, ``alice`` spelt
with a Cyrillic ``a``, and ``admin`` are refused.
"""

from __future__ import annotations

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from croupier_server.clock import utc_now
from croupier_server.db.errors import AuthorNameTaken, RecordNotFound
from croupier_server.db.models import BotKind, BotRecord
from croupier_server.db.names import check_unreserved, checked_name, folded_name
from croupier_server.db.submissions import AUTHOR_NAME_MAX_LENGTH, AuthorRecord
from croupier_server.db.transactions import insert, refreshed, transaction
from croupier_server.tokens import hash_secret, new_secret

__all__ = [
    "add_author",
    "author_bot_counts",
    "author_by_token",
    "author_by_token_hash",
    "check_author_name",
    "get_author",
    "get_author_by_name",
    "list_authors",
    "new_author_token",
    "revoke_author",
]


def check_author_name(name: str) -> str:
    """``name`` if it can name an author: of the safe alphabet, and not reserved.

    See :mod:`croupier_server.db.names`.

    Raises:
        NameRefused: it is empty, longer than :data:`AUTHOR_NAME_MAX_LENGTH`, has a
            character outside the alphabet (an upper-case letter among them), or is a name
            the server uses.

    >>> check_author_name("ada")
    'ada'
    """
    what = "an author name"
    checked_name(name, what=what, max_length=AUTHOR_NAME_MAX_LENGTH)
    return check_unreserved(name, what=what)


def add_author(session: Session, *, name: str, signed_up: bool = False) -> tuple[AuthorRecord, str]:
    """Add an author; returns it and its token, shown only this once.

    Args:
        session: The database session.
        name: The author's name: unique, once folded (:func:`~.names.folded_name`).
        signed_up: Whether the author signed up through the dashboard.

    Raises:
        AuthorNameTaken: an author of that name exists already.
        NameRefused: the name is refused (see :func:`check_author_name`).
    """
    token = new_secret()
    author = AuthorRecord(
        name=check_author_name(name), token_hash=hash_secret(token), signed_up=signed_up
    )
    try:
        return insert(session, author), token
    except IntegrityError:
        taken = session.exec(
            select(AuthorRecord).where(AuthorRecord.folded_name == folded_name(name))
        ).first()
        if taken is None:
            raise
        raise AuthorNameTaken(f"an author named {taken.name!r} already exists") from None


def list_authors(session: Session) -> list[AuthorRecord]:
    """Every author, by name."""
    return list(session.exec(select(AuthorRecord).order_by(col(AuthorRecord.name))))


def get_author(session: Session, *, author_id: int) -> AuthorRecord | None:
    """The author with id ``author_id``, if any."""
    return session.get(AuthorRecord, author_id)


def get_author_by_name(session: Session, *, name: str) -> AuthorRecord | None:
    """The author named exactly ``name``, if any."""
    if "\x00" in name:  # no name holds a NUL, and PostgreSQL refuses one in a query
        return None
    return session.exec(select(AuthorRecord).where(AuthorRecord.name == name)).first()


def author_by_token(session: Session, *, token: str) -> AuthorRecord | None:
    """The author whose token is ``token``, if any (none once it is revoked)."""
    return author_by_token_hash(session, token_hash=hash_secret(token))


def author_by_token_hash(session: Session, *, token_hash: str) -> AuthorRecord | None:
    """The author whose token has the digest ``token_hash``, if any."""
    query = select(AuthorRecord).where(AuthorRecord.token_hash == token_hash)
    return session.exec(query).first()


def revoke_author(session: Session, *, name: str) -> AuthorRecord:
    """Revoke the token of the author ``name``: it works no more. Revoked already: unchanged.

    The author keeps their bots; :func:`new_author_token` gives them a token again.

    Raises:
        RecordNotFound: no author of that name.
    """
    author = _require_author(session, name)
    if author.token_hash is None:
        return author
    with transaction(session):
        author.token_hash = None
        author.revoked_at = utc_now()
        session.add(author)
    return refreshed(session, author)


def new_author_token(session: Session, *, name: str) -> tuple[AuthorRecord, str]:
    """Give the author ``name`` a new token, shown only this once; the old one works no more.

    Raises:
        RecordNotFound: no author of that name.
    """
    author = _require_author(session, name)
    token = new_secret()
    with transaction(session):
        author.token_hash = hash_secret(token)
        session.add(author)
    return refreshed(session, author), token


def author_bot_counts(session: Session) -> dict[int, int]:
    """How many submitted bots each author owns, by author id (authors of none left out)."""
    query = (
        select(BotRecord.author_id, func.count())
        .where(BotRecord.kind == BotKind.SUBMITTED, col(BotRecord.author_id).is_not(None))
        .group_by(col(BotRecord.author_id))
    )
    return {author_id: count for author_id, count in session.exec(query) if author_id is not None}


def _require_author(session: Session, name: str) -> AuthorRecord:
    author = get_author_by_name(session, name=name)
    if author is None:
        raise RecordNotFound(f"no author named {name!r} (croupier author list shows them)")
    return author
