"""The exceptions of the storage layer: one tree under :class:`StorageError`."""

from __future__ import annotations

from croupier_server.errors import CroupierServerError

__all__ = [
    "AuthorNameTaken",
    "BotNameTaken",
    "DatabaseFailure",
    "DatabaseUnavailable",
    "NotTheAuthor",
    "RecordNotFound",
    "ReplayMismatch",
    "StorageError",
    "VersionNotRetirable",
]


class StorageError(CroupierServerError):
    """Base of every error raised by :mod:`croupier_server.db`."""


class DatabaseUnavailable(StorageError):
    """The database URL is malformed or unsupported, or the database cannot be opened.

    The message is one line that names the database (password hidden) and the reason.
    """


class DatabaseFailure(StorageError):
    """The database failed while in use: a full disk, a lock held too long, a lost connection.

    The transaction it interrupted is rolled back: nothing of it is stored. The message is
    one line that names the database (password hidden) and the cause.
    """


class BotNameTaken(StorageError, ValueError):
    """A bot with this name is already registered (names are unique, case-sensitive)."""


class AuthorNameTaken(StorageError, ValueError):
    """An author with this name exists already (names are unique, case-sensitive)."""


class RecordNotFound(StorageError, LookupError):
    """The bot, game, seat or tournament an operation names does not exist."""


class ReplayMismatch(StorageError):
    """Replaying a stored game's seed and actions does not give what was stored."""


class NotTheAuthor(StorageError, PermissionError):
    """The submitted bot an upload names is another author's."""


class VersionNotRetirable(StorageError, ValueError):
    """A version that cannot be retired: a rejected one never plays already."""
