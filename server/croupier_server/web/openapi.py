"""What the routes declare beyond their models: the ids they take, the errors they answer.

Both end up in the OpenAPI schema of ``/api``, so a client (or a fuzzer) generated from
it knows an id's range and the shape of a 404 before it asks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from fastapi import Path
from pydantic import BaseModel

from croupier_server.db import INTEGER_MAX

__all__ = ["NO_NUL", "ErrorAnswer", "RecordId", "error_answers"]


NO_NUL = r"^[^\x00]*$"
"""The pattern of text the routes look up in the database: PostgreSQL refuses a NUL in it."""

RecordId = Annotated[int, Path(ge=1, le=INTEGER_MAX, description="A stored id.")]
"""A path parameter naming a stored bot, tournament or game by its id."""


class ErrorAnswer(BaseModel):
    """The body of an error under ``/api`` (other than a malformed request's 422)."""

    detail: str


def error_answers(descriptions: Mapping[int, str]) -> dict[int | str, dict[str, Any]]:
    """The ``responses`` of a route: an :class:`ErrorAnswer` for each status described.

    >>> error_answers({404: "No such bot"})[404]["description"]
    'No such bot'
    """
    return {
        status: {"model": ErrorAnswer, "description": description}
        for status, description in descriptions.items()
    }
