"""What the routes of the dashboard take from the application: a database session."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy import Engine
from sqlmodel import Session

__all__ = ["DatabaseSession", "database_session", "engine_of"]


def engine_of(request: Request) -> Engine:
    """The database engine the application was made for."""
    engine: Engine = request.app.state.engine
    return engine


def database_session(request: Request) -> Iterator[Session]:
    """A session of the dashboard's database for one request (reads only)."""
    with Session(engine_of(request)) as session:
        yield session


DatabaseSession = Annotated[Session, Depends(database_session)]
"""A route parameter that receives a :func:`database_session`."""
