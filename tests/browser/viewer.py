"""The replay viewer as the tests drive it, through its DOM contract only.

The contract (kept by ``server/croupier_server/web/static/replay.js`` and ``game.html``):
a root ``#replay`` with ``data-game-id``, ``data-step``, ``data-frame`` (``moment`` or
``table``), ``data-steps``, ``data-view`` and ``data-status``;
``button[data-control=start|back|play|forward|end]``; the selects ``speed`` and ``view``;
a range input ``step``; one ``.seat[data-seat=N]`` per seat with a ``.hand`` of ``.tile``
or ``.card`` pieces, face-down ones ``.hidden`` and without ``data-tile`` /
``data-card``; ``#events`` of ``li[data-step=K]``; ``a[download]`` links.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Locator, Page, expect

from tests.waiting import patience_s

T = TypeVar("T")


_READ_HANDS = """
root => [...root.querySelectorAll('.seat[data-seat]')].map(seat => {
  const pieces = [...seat.querySelectorAll('.hand .tile, .hand .card')];
  const hidden = pieces.filter(piece => piece.classList.contains('hidden'));
  return {
    seat: Number(seat.dataset.seat),
    faces: pieces
      .filter(piece => !piece.classList.contains('hidden'))
      .map(piece => piece.dataset.tile ?? piece.dataset.card ?? '')
      .sort(),
    hidden: hidden.length,
    telling: hidden.filter(
      piece => piece.dataset.tile || piece.dataset.card || piece.textContent.trim()
    ).length,
  };
})
"""
"""Each seat's hand as drawn: its face-up pieces, its face-down ones, and face-down pieces
that tell something about their face anyway (a ``data-*`` face or any text)."""


@dataclass(frozen=True, slots=True)
class DrawnHand:
    """A seat's hand as the page draws it."""

    seat: int
    faces: list[str]
    """The face-up pieces' ``data-tile`` / ``data-card``, sorted."""
    hidden: int
    """How many pieces are face down."""
    telling: int = 0
    """Face-down pieces that still carry a face or text (must be none)."""


@dataclass
class Viewer:
    """The replay viewer of one game in ``page``."""

    page: Page
    base_url: str
    game_id: int
    root: Locator = field(init=False)

    def __post_init__(self) -> None:
        self.root = self.page.locator("#replay")

    def open(
        self,
        *,
        view: str | None = None,
        wait_until: Literal["load", "networkidle"] = "networkidle",
    ) -> None:
        """Load the game's page (in ``view``, else the default one).

        By default this waits for the first steps to arrive too (no request for half a second);
        a live game's page polls, so it is waited for only until it has loaded.
        """
        query = "" if view is None else f"?view={view}"
        self.page.goto(f"{self.base_url}/games/{self.game_id}{query}", wait_until=wait_until)
        expect(self.root).to_have_attribute("data-game-id", str(self.game_id))

    def control(self, name: str) -> Locator:
        """The button ``start``, ``back``, ``play``, ``forward`` or ``end``."""
        return self.page.locator(f'button[data-control="{name}"]')

    @property
    def slider(self) -> Locator:
        """The step slider."""
        return self.page.locator('input[type="range"][name="step"]')

    @property
    def view_select(self) -> Locator:
        """The view selector."""
        return self.page.locator('select[name="view"]')

    def attribute(self, name: str) -> str:
        """An attribute of ``#replay``, which must be there."""
        value = self.root.get_attribute(name)
        assert value is not None, f"#replay has no {name}"
        return value

    @property
    def step(self) -> int:
        """The step shown."""
        return int(self.attribute("data-step"))

    @property
    def steps(self) -> int:
        """How many steps the viewer knows."""
        return int(self.attribute("data-steps"))

    def expect_step(self, step: int, frame: str | None = None) -> None:
        """Wait until the viewer shows ``step`` (its ``moment`` or ``table`` frame, if given)."""
        expect(self.root).to_have_attribute("data-step", str(step))
        if frame is not None:
            expect(self.root).to_have_attribute("data-frame", frame)

    def switch_view(self, view: str) -> None:
        """Choose ``view`` in the selector and wait for its steps to come from the server."""
        path = f"/games/{self.game_id}/events"
        with self.page.expect_response(lambda response: path in response.url):
            self.view_select.select_option(view)
        expect(self.root).to_have_attribute("data-view", view)

    def hands(self) -> list[DrawnHand]:
        """Every seat's hand as drawn now."""
        drawn: list[dict[str, Any]] = self.root.evaluate(_READ_HANDS)
        return [DrawnHand(**hand) for hand in drawn]

    def query(self) -> dict[str, str]:
        """The page URL's query, one value per name."""
        return {
            name: values[-1] for name, values in parse_qs(urlsplit(self.page.url).query).items()
        }

    def download_links(self) -> list[str]:
        """The ``href`` of every download link, as written."""
        links: list[str] = self.page.locator("a[download]").evaluate_all(
            "links => links.map(link => link.getAttribute('href'))"
        )
        return links

    def settle(self, read: Callable[[], T], expected: T) -> T:
        """``read()`` once it equals ``expected``, or its last value once the run's patience
        ran out.

        The viewer redraws after fetching steps; this waits for the redraw without
        assuming how it is done.
        """
        deadline = time.monotonic() + patience_s()
        while (value := read()) != expected and time.monotonic() < deadline:
            self.page.wait_for_timeout(100)
        return value


def expected_hands(hands: list[list[str]], view: str) -> list[DrawnHand]:
    """What a view must draw of the engine's ``hands``: faces only where the viewer may look.

    ``all`` shows every hand, ``seat-N`` only seat N's (the others face down, one hidden
    piece per tile or card), ``spectator`` none.
    """
    return [
        DrawnHand(seat, hand, 0)
        if view in {"all", f"seat-{seat}"}
        else DrawnHand(seat, [], len(hand))
        for seat, hand in enumerate(hands)
    ]
