"""What an error page says: one plain line, and the list to go back to.

A malformed value in a page's address is answered as a missing page (404), in words a
visitor reads (``No bot 'abc'``), never in the validator's (``bot_id: Input should be a
valid integer``); the JSON twins keep the validator's details (422).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["BackLink", "back_link", "malformed_message"]

_RECORDS = {"number": "version"}
"""What a path parameter names, where it is not its name less ``_id``."""
_SHOWN_INPUT = 40
"""The most characters of a malformed value an error page repeats."""

_LISTS = {
    "bots": "All bots",
    "games": "All games",
    "tournaments": "All tournaments",
    "ladders": "All ladders",
    "leaderboard": "All leaderboards",
    "workers": "Workers",
}
"""The lists whose pages' errors link back to them, by the address's first part."""


@dataclass(frozen=True, slots=True)
class BackLink:
    """A link from an error page to the list the missing page belongs to."""

    path: str
    label: str


def back_link(path: str) -> BackLink | None:
    """The list of the page at ``path``, if it belongs to one.

    >>> back_link("/bots/abc")
    BackLink(path='/bots', label='All bots')
    >>> back_link("/nowhere") is None
    True
    """
    section = path.strip("/").split("/", 1)[0]
    label = _LISTS.get(section)
    return None if label is None else BackLink(f"/{section}", label)


def malformed_message(problems: Iterable[Mapping[str, Any]]) -> str:
    """One line for the problems a request validator found in an address.

    >>> malformed_message([{"type": "int_parsing", "loc": ("path", "bot_id"), "input": "abc"}])
    "No bot 'abc'"
    >>> malformed_message(
    ...     [{"type": "int_parsing", "loc": ("query", "tournament"), "input": "x"}]
    ... )
    "tournament is a whole number, not 'x'"
    """
    return "; ".join(_problem(problem) for problem in problems)


def _problem(problem: Mapping[str, Any]) -> str:
    where, name = problem["loc"][0], str(problem["loc"][-1])
    given = _shown(problem.get("input"))
    if where == "path":
        record = _RECORDS.get(name, name.removesuffix("_id").replace("_", " "))
        return f"No {record} {given}"
    context = problem.get("ctx") or {}
    match problem["type"]:
        case "missing":
            return f"{name} is missing"
        case "int_parsing" | "int_type" | "int_from_float":
            return f"{name} is a whole number, not {given}"
        case "greater_than_equal":
            return f"{name} is at least {context['ge']}, not {given}"
        case "less_than_equal":
            return f"{name} is at most {context['le']}, not {given}"
        case "enum" | "literal_error":
            return f"{name} is {context['expected']}, not {given}"
        case "string_too_long":
            return f"{name} is at most {context['max_length']} characters long"
        case _:
            return f"{name} cannot be {given}"


def _shown(value: object) -> str:
    text = str(value)
    if len(text) > _SHOWN_INPUT:
        text = text[:_SHOWN_INPUT] + "…"
    return repr(text)
