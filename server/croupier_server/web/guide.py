"""The guide, ``/guide``: what the site is, the games it knows, entering a bot, the numbers.

A newcomer's page: each installed game as it describes itself (its variants, each rated on
a board of its own, what its scores count, its rule options), the steps from a bot to its
rating, and what the statistics mean. Nothing in it names a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse

from croupier.games import game_class, game_names
from croupier_server.web.access import access_of
from croupier_server.web.templating import render

__all__ = ["GameGuide", "OptionGuide", "VariantGuide", "game_guides", "router"]

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True, slots=True)
class VariantGuide:
    """A variant, rated on a board of its own."""

    label: str
    seats: int
    score_unit: str


@dataclass(frozen=True, slots=True)
class OptionGuide:
    """A rule option: its name, its default (as text) and its line of help."""

    name: str
    default: str
    help: str


@dataclass(frozen=True, slots=True)
class GameGuide:
    """An installed game as the guide shows it."""

    name: str
    title: str
    variants: tuple[VariantGuide, ...]
    options: tuple[OptionGuide, ...]


def game_guides() -> list[GameGuide]:
    """Every installed game, by name, as it describes itself."""
    guides = []
    for name in game_names():
        rules = game_class(name)
        guides.append(
            GameGuide(
                name=name,
                title=rules.title,
                variants=tuple(
                    VariantGuide(variant.label, variant.seats, rules.score_unit(variant.options))
                    for variant in rules.variants()
                ),
                options=tuple(
                    OptionGuide(spec.name, _shown(spec.default), spec.help)
                    for spec in rules.option_specs
                ),
            )
        )
    return guides


@router.get("/guide", response_class=HTMLResponse)
def guide_page(request: Request) -> HTMLResponse:
    """The guide."""
    context = {
        "section": "guide",
        "games": game_guides(),
        "sign_up": access_of(request).sign_up,
    }
    return render(request, "guide.html", context)


def _shown(value: object) -> str:
    """An option's value as the guide writes it.

    >>> _shown((1, 2, 4, 4)), _shown(True), _shown("cut")
    ('1, 2, 4, 4', 'yes', 'cut')
    """
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ", ".join(_shown(item) for item in value)
    return str(value)
