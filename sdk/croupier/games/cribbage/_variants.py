"""The variants as data: seats, deal, crib, target and play of each rule set of the engine.

docs/rules/cribbage.md, "Variants": every variant is the same engine with a different layout.
Skunk lines are here too, since they follow from the target.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from croupier.games._api import Seat

__all__ = ["LAYOUTS", "Layout", "Skunk", "skunk_of"]


@dataclass(frozen=True, slots=True)
class Layout:
    """The fixed shape of one variant (everything the options do not change)."""

    variant: str
    players: int
    deal: int
    """Cards dealt to each hand."""
    lay_away: int
    """Cards each hand lays away to the crib."""
    crib_from_pack: int
    """Cards dealt from the pack straight to the crib (face down, seen by nobody)."""
    target: int
    """The default target (two or more players) or winning total (one player)."""
    kind: str = "table"
    """``table`` (pegging and show), ``solitaire`` or ``square``."""
    partnerships: bool = False
    """Seats 0 & 2 and 1 & 3 are partners with one score per side."""
    one_count: bool = False
    """The play is one count only (five-card)."""
    three_for_last: bool = False
    """The non-dealer pegs 3 at the start of each game (five-card)."""
    deals: int = 0
    """How many deals a one-player game has (solitaire)."""

    @property
    def sides(self) -> int:
        """How many scores there are: one per seat, or one per partnership."""
        return 2 if self.partnerships else self.players

    def side_of(self, seat: Seat) -> int:
        """The side (score) a seat plays for."""
        return seat % 2 if self.partnerships else seat

    @property
    def is_solo(self) -> bool:
        """Whether this is a one-player game (solitaire or square)."""
        return self.kind != "table"


LAYOUTS: dict[str, Layout] = {
    layout.variant: layout
    for layout in (
        Layout("six-card", players=2, deal=6, lay_away=2, crib_from_pack=0, target=121),
        Layout(
            "five-card",
            players=2,
            deal=5,
            lay_away=2,
            crib_from_pack=0,
            target=61,
            one_count=True,
            three_for_last=True,
        ),
        Layout("seven-card", players=2, deal=7, lay_away=2, crib_from_pack=0, target=181),
        Layout("three-player", players=3, deal=5, lay_away=1, crib_from_pack=1, target=121),
        Layout(
            "four-player",
            players=4,
            deal=5,
            lay_away=1,
            crib_from_pack=0,
            target=121,
            partnerships=True,
        ),
        Layout(
            "solitaire",
            players=1,
            deal=6,
            lay_away=2,
            crib_from_pack=2,
            target=121,
            kind="solitaire",
            deals=5,
        ),
        Layout("square", players=1, deal=0, lay_away=0, crib_from_pack=0, target=61, kind="square"),
    )
}
"""Every variant by name, in the order docs/rules/cribbage.md lists them."""


class Skunk(enum.StrEnum):
    """How badly a game was lost, judged on the loser's score."""

    NONE = "no skunk"
    SKUNK = "skunk"
    DOUBLE = "double skunk"
    TRIPLE = "triple skunk"


def skunk_of(loser_score: int, target: int) -> Skunk:
    """The skunk of a game to ``target`` lost with ``loser_score``.

    The lines stand 30, 60 and 90 points short of the target (one 30-hole street of the board
    apart): below 91 / 61 / 31 at 121 as docs/rules/cribbage.md says (step 7), below 31 / 1 at
    61 (no triple), below 151 / 121 / 91 at 181.

    >>> [skunk_of(score, 121).value for score in (91, 90, 61, 60, 31, 30)]
    ['no skunk', 'skunk', 'skunk', 'double skunk', 'double skunk', 'triple skunk']
    >>> [skunk_of(score, 61).value for score in (31, 30, 0)]
    ['no skunk', 'skunk', 'double skunk']
    """
    if loser_score < target - 90:
        return Skunk.TRIPLE
    if loser_score < target - 60:
        return Skunk.DOUBLE
    if loser_score < target - 30:
        return Skunk.SKUNK
    return Skunk.NONE
