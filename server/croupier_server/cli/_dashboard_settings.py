"""What ``croupier serve`` tells each of its dashboard processes, as one line of JSON.

The process's own module (:mod:`._dashboard_process`) is run with ``python -m`` and
imported by nothing, so both sides read these models from here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from croupier_server.settings import SubmissionSettings
from croupier_server.web.http_limits import HttpLimits
from croupier_server.web.play import TablesOpenTo

__all__ = ["READY", "DashboardProcessSettings", "DashboardSettings"]

READY = b"ready\n"
"""What the process prints once it serves."""


class DashboardSettings(BaseModel):
    """The dashboard ``croupier serve`` asks for: its database, tokens and choices."""

    database_url: str
    admin_token: str | None
    read_token: str | None
    sign_up: bool
    tables_open_to: TablesOpenTo
    submissions: SubmissionSettings
    http_limits: HttpLimits
    log_format: Literal["text", "json"] = "text"
    """The log's format, as serve's own (``--log-format``)."""
    verbose: bool = False
    """Whether the libraries' lines are logged too (``--verbose``)."""


class DashboardProcessSettings(BaseModel):
    """Everything a dashboard process is given by ``croupier serve``, on its standard input."""

    dashboard: DashboardSettings
    listening_fd: int = Field(ge=3, description="The dashboard's socket, listening.")
    link: Path = Field(description="The referee link's Unix socket.")
    niceness: int = Field(ge=0, le=19, description="How much lower its CPU priority is.")
