"""The one Jinja2 environment of the dashboard, its filters, and :func:`render`."""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from croupier_server.db.variants import variant_label

__all__ = ["TEMPLATES", "render", "variant_label"]

TEMPLATES = Jinja2Templates(directory=Path(__file__).parent / "templates")
"""Every page's template; autoescaping is on for ``.html``, so supplied text is escaped."""


def render(
    request: Request, template: str, context: Mapping[str, Any], *, status_code: int = 200
) -> HTMLResponse:
    """The page ``template`` rendered with ``context``."""
    return TEMPLATES.TemplateResponse(request, template, dict(context), status_code=status_code)


def _signed(value: float, digits: int = 0) -> str:
    """``+12``, ``-3.5``, ``0``: a number with its sign."""
    if math.isnan(value):
        return "-"
    text = f"{value:+.{digits}f}"
    return "0" if float(text) == 0 else text


def _percent(value: float, digits: int = 1) -> str:
    return "-" if math.isnan(value) else f"{100 * value:.{digits}f}%"


def _when(value: datetime | None) -> str:
    return "" if value is None else value.strftime("%Y-%m-%d %H:%M:%S UTC")


TEMPLATES.env.filters.update(signed=_signed, percent=_percent, when=_when)
TEMPLATES.env.globals.update(variant_label=variant_label)
