"""The scores of each game of a match, read from a stored result's details.

A cribbage match stores its games (the codec's ``CribbageResult.games``), each with its
seats' pegs: ``{"games": [{"scores": [121, 105], ...}, ...]}``. Its result's own scores
are the match's game points, which alone read as "1-0"; the lists show both.

>>> match_scores({"games": [{"number": 1, "scores": [121, 105], "winner": 0}]})
[[121, 105]]
>>> match_scores({"round_nets": [[-5, 5]]})
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

__all__ = ["match_scores"]


def match_scores(details: Mapping[str, Any]) -> list[list[int]]:
    """Each game's scores of the result whose other fields are ``details``, in order.

    Empty for a result with no games of its own, and for one whose games do not read.
    """
    games = details.get("games")
    if not isinstance(games, list):
        return []
    scores = [game.get("scores") if isinstance(game, Mapping) else None for game in games]
    return (
        [list(game) for game in scores if _is_scores(game)] if all(map(_is_scores, scores)) else []
    )


def _is_scores(value: object) -> TypeGuard[list[int]]:
    return isinstance(value, list) and all(
        isinstance(score, int) and not isinstance(score, bool) for score in value
    )
