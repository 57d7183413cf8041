"""The variant of a rule set: what tells apart the leaderboards of one game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["variant_label"]


def variant_label(game: str, options: Mapping[str, Any]) -> str:
    """How a rule set is called on the leaderboards: the cribbage variant, or Lexio's seats.

    Games of one label are rated together; the other options (rounds, match points) change
    how long a game lasts, not who wins it.

    >>> variant_label("cribbage", {"variant": "six-card", "match_points": 1})
    'six-card'
    >>> variant_label("lexio", {"players": 4, "rounds": 3})
    '4 players'
    """
    if game == "cribbage":
        return str(options.get("variant", "six-card"))
    return f"{options.get('players', 4)} players"
