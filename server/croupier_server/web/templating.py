"""The one Jinja2 environment of the dashboard, its filters, and :func:`render`.

Templates come from ``templates/`` beside this module, and a game's table from its table
plug-in's own directory as ``NAME/FILE`` (see :mod:`croupier_server.web.tables`). An
undefined value is an error, not an empty string; autoescaping is on for ``.html``, so
supplied text is escaped. Every page knows its visitor's login session, if any, for the
menu (``login``: the Admin link for the admin, a way to log in or out).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import Any

from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from jinja2 import ChoiceLoader, Environment, FileSystemLoader, StrictUndefined, select_autoescape

from croupier.games import InvalidOptions, game_class
from croupier_server.ratings import MIN_BOOTSTRAP_DEALS
from croupier_server.web.access import SESSION_COOKIE, LoginSession, access_of
from croupier_server.web.tables import TableLoader

__all__ = ["TEMPLATES", "render"]

_PAGE_DEFAULTS: Mapping[str, Any] = {"section": "", "api_url": None}
"""What the base template asks of every page: its menu section and its JSON twin."""


def _signed(value: float, digits: int = 0) -> str:
    """``+12``, ``-3.5``, ``0``: a number with its sign."""
    if math.isnan(value):
        return "-"
    text = f"{value:+.{digits}f}"
    return "0" if float(text) == 0 else text


def _percent(value: float, digits: int = 1) -> str:
    return "-" if math.isnan(value) else f"{100 * value:.{digits}f}%"


_TIME_PHRASES = {
    "connect_ms": "{} to connect",
    "decision_ms": "{} a decision",
    "bank_ms": "{} bank",
}
"""How a page writes each time of a time control (its value in seconds in the braces)."""


def _time_control(times: Mapping[str, int]) -> str:
    """A time control in words.

    >>> _time_control({"connect_ms": 20000, "decision_ms": 500, "bank_ms": 0})
    '20 s to connect · 0.5 s a decision · no bank'
    """
    phrases = []
    for name, value in times.items():
        if name == "bank_ms" and value == 0:
            phrases.append("no bank")
        elif name in _TIME_PHRASES:
            phrases.append(_TIME_PHRASES[name].format(f"{value / 1000:g} s"))
        else:
            phrases.append(f"{name} {value}")
    return " · ".join(phrases)


def _when(value: datetime | None) -> str:
    return "" if value is None else value.strftime("%Y-%m-%d %H:%M:%S UTC")


def _game_title(name: str) -> str:
    """The game's name for people (``Lexio``); its stored name if it is not installed."""
    try:
        return game_class(name).title
    except InvalidOptions:
        return name


def _environment() -> Environment:
    environment = Environment(
        loader=ChoiceLoader([FileSystemLoader(Path(__file__).parent / "templates"), TableLoader()]),
        autoescape=select_autoescape(),
        undefined=StrictUndefined,
    )
    environment.filters.update(
        signed=_signed,
        percent=_percent,
        when=_when,
        game_title=_game_title,
        time_control=_time_control,
    )
    environment.globals["min_bootstrap_deals"] = MIN_BOOTSTRAP_DEALS
    return environment


TEMPLATES = Jinja2Templates(env=_environment())
"""Every page's and fragment's template."""


def render(
    request: Request, template: str, context: Mapping[str, Any], *, status_code: int = 200
) -> HTMLResponse:
    """The page ``template`` rendered with ``context``."""
    page = {**_PAGE_DEFAULTS, "login": _login_of(request), **context}
    return TEMPLATES.TemplateResponse(request, template, page, status_code=status_code)


def _login_of(request: Request) -> LoginSession | None:
    """The visitor's login session, if any."""
    return access_of(request).session(request.cookies.get(SESSION_COOKIE))
