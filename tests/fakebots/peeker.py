"""A remote bot that reads the dashboard, anonymously, for its opponents' hidden hands.

    CROUPIER_ADDRESS=... CROUPIER_TOKEN=... python tests/fakebots/peeker.py URL NOTES

At each decision of each of its games it walks every route of the dashboard at ``URL`` it
can find: each GET path of ``/api/openapi.json`` (every id it has seen put in for its
parameters, the replays in every view), and the HTML pages of the games (in every view),
ladders, tournaments and bots. In every answer it looks for seeds and for the cards a seat is dealt
(``seat 1 is dealt 5H 6D ...``); it rebuilds each seed's deal with
``croupier.games.load_game(name, options).new_state(seed)`` and reads the cards dealt
there too. What it learnt of every seat but its own is appended to ``NOTES``, one JSON
line a decision: ``{"game": ID, "seat": S, "requests": N, "claims": [[SEAT, "5H 6D ..."],
...]}``. Then it plays a legal action at random (seeded by ``CROUPIER_BOT_SEED``).
It plays cribbage.
"""

from __future__ import annotations

import json
import os
import random
import re
import sys
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import croupier
from croupier.games import Game, load_game

HTTP_TIMEOUT_S = 10.0
READ_LIMIT = 4_000_000
"""The most bytes it reads of an answer (an event stream would never end)."""
NEWEST_GAMES = 12
"""Besides its own game's duplicates, it reads the routes of this many newest games."""
DEALT = re.compile(r"seat (\d+) is dealt ((?:[A2-9TJQK][CDHS])(?: [A2-9TJQK][CDHS])*)")
SEED = re.compile(r"seed\W{0,40}?(\d{1,20})", re.IGNORECASE)
PARAMETER = re.compile(r"\{(\w+)(?::\w+)?\}")
VIEWS = ["", "?view=all", "?view=spectator", *(f"?view=seat-{seat}" for seat in range(4))]
HTML_LISTS = ["/", "/games", "/ladders", "/tournaments", "/bots", "/leaderboard"]
HTML_OF_ID = {
    "game_id": ["/games/{}", "/games/{}/duplicates", "/games/{}/steps", "/games/{}/second-opinion"],
    "ladder_id": ["/ladders/{}", "/ladders/{}/live"],
    "tournament_id": ["/tournaments/{}"],
    "bot_id": ["/bots/{}"],
}
LISTS = {
    "game_id": f"/api/games?limit={NEWEST_GAMES}",
    "ladder_id": "/api/ladders",
    "tournament_id": "/api/tournaments",
    "bot_id": "/api/bots",
}
"""Where the ids of each kind are listed, and the key of each item's list in the answer."""


class Peeker(croupier.Bot[Any, Any]):
    """Plays at random, after reading the dashboard for hidden hands at each decision."""

    games = ("cribbage",)

    def __init__(self, url: str, notes: Path) -> None:
        self.url = url.rstrip("/")
        self.notes = notes
        self.random = random.Random(os.environ.get("CROUPIER_BOT_SEED"))
        self.start: croupier.GameStart | None = None
        self.paths: list[str] = []

    def on_game_start(self, start: croupier.GameStart) -> None:
        self.start = start

    def act(self, observation: Any) -> Any:
        assert self.start is not None
        texts = list(self._walk(int(self.start.game_id)))
        claims = _claims(texts, self.start.game)
        note = {
            "game": int(self.start.game_id),
            "seat": self.start.seat,
            "requests": len(texts),
            "claims": sorted([seat, cards] for seat, cards in claims if seat != self.start.seat),
        }
        with self.notes.open("a", encoding="utf-8") as notes:
            notes.write(json.dumps(note) + "\n")
        return self.random.choice(list(observation.legal_actions))

    def _walk(self, game_id: int) -> Iterator[str]:
        """The text of every answer of the routes it finds, anonymously."""
        if not self.paths:
            spec = json.loads(self._get("/api/openapi.json") or "{}")
            self.paths = [path for path, ways in spec.get("paths", {}).items() if "get" in ways]
        ids = {kind: set(self._ids(kind)) for kind in LISTS}
        duplicates = self._get(f"/api/games/{game_id}/duplicates") or "{}"
        ids["game_id"] |= {game["id"] for game in json.loads(duplicates).get("games", [])}
        ids["game_id"].add(game_id)
        yield duplicates
        for path in [*self.paths, *HTML_LISTS]:
            for url in _urls(path, ids):
                if (text := self._get(url)) is not None:
                    yield text
        for kind, pages in HTML_OF_ID.items():
            for page in pages:
                for one in ids[kind]:
                    for view in VIEWS if page == "/games/{}" else [""]:
                        if (text := self._get(page.format(one) + view)) is not None:
                            yield text

    def _ids(self, kind: str) -> Iterator[int]:
        listed = json.loads(self._get(LISTS[kind]) or "{}")
        for items in listed.values():
            if isinstance(items, list):
                yield from (item["id"] for item in items if isinstance(item, dict))

    def _get(self, path: str) -> str | None:
        """The text of ``path``'s answer, whatever its status; ``None`` if none came."""
        try:
            with urllib.request.urlopen(self.url + path, timeout=HTTP_TIMEOUT_S) as answer:
                return str(answer.read(READ_LIMIT).decode("utf-8", "replace"))
        except urllib.error.HTTPError as refused:
            return str(refused.read(READ_LIMIT).decode("utf-8", "replace"))
        except (OSError, ValueError):
            return None


def _urls(path: str, ids: dict[str, set[int]]) -> Iterator[str]:
    """``path`` with every id of its parameters put in (none if one is unknown)."""
    names = PARAMETER.findall(path)
    if not names:
        yield path
        return
    if len(names) > 1 or names[0] not in ids:
        return
    for one in sorted(ids[names[0]]):
        url = PARAMETER.sub(str(one), path)
        for view in VIEWS if url.endswith("/replay") else [""]:
            yield url + view


def _claims(texts: list[str], game: Game[Any]) -> set[tuple[int, str]]:
    """The cards each seat is dealt, as the texts say or their seeds' deals do."""
    claims = {(int(seat), cards) for text in texts for seat, cards in DEALT.findall(text)}
    seeds = {int(seed) for text in texts for seed in SEED.findall(text)}
    for seed in seeds:
        if seed < 2**64:
            state = load_game(game.name, game.options()).new_state(seed)
            dealt = "\n".join(str(event) for event in state.events)
            claims |= {(int(seat), cards) for seat, cards in DEALT.findall(dealt)}
    return claims


if __name__ == "__main__":
    croupier.run(Peeker(sys.argv[1], Path(sys.argv[2])))
