"""Secrets given to bots: seat tokens and bot keys, known to croupier only by their digests."""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["hash_secret", "new_secret"]


def new_secret() -> str:
    """A fresh random secret (a bot key, a seat or an author's token): 43 URL-safe characters.

    It never starts with ``-``, so that it can follow an option on a command line
    (``croupier-bot submit --token TOKEN``) without being read as another option.

    >>> all(not new_secret().startswith("-") for _ in range(1000))
    True
    """
    while True:
        secret = secrets.token_urlsafe(32)
        if not secret.startswith("-"):
            return secret


def hash_secret(secret: str) -> str:
    """The SHA-256 hex digest stored in place of ``secret``.

    Secrets are 256 random bits, so a plain unsalted hash cannot be reversed by guessing.

    >>> len(hash_secret("x"))
    64
    """
    return hashlib.sha256(secret.encode()).hexdigest()
