"""The bots' comments and output in the replay viewer and its JSON twins.

Shown with a finished game, each at the step it belongs to: all of them with every hand
open and to a spectator, a seat's own only in that seat's view; none while the game runs,
even when the store holds them. The game is :mod:`tests.web.talkative`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from markupsafe import escape
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server.db import create_database_engine, init_database
from croupier_server.web import create_app
from tests.web.talkative import CRASH_DETAIL, RULES, SEAT0_CUT, Said, mark
from tests.web.talkative import store_talkative_game as store
from tests.web.test_replay import words

SEATS = range(RULES.num_players)
VIEWS = ["all", "spectator", *(f"seat-{seat}" for seat in SEATS)]


class Talk:
    """A stored talkative game and the dashboard over its database."""

    def __init__(self, client: TestClient, game_id: int, said: list[Said]) -> None:
        self.client = client
        self.game_id = game_id
        self.said = said

    def replay(self, view: str | None = None) -> dict[str, Any]:
        params = {} if view is None else {"view": view}
        response = self.client.get(f"/api/games/{self.game_id}/replay", params=params)
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        return body

    def record(self) -> dict[str, Any]:
        body: dict[str, Any] = self.client.get(f"/api/games/{self.game_id}").json()
        return body

    def page(self, view: str | None = None, step: int | None = None) -> str:
        query = {key: value for key, value in (("view", view), ("step", step)) if value is not None}
        response = self.client.get(f"/games/{self.game_id}", params=query)
        assert response.status_code == 200, response.text
        return response.text

    def asked(self) -> list[Said]:
        return [said for said in self.said if said.comment is not None]


def talk_in(tmp_path: Path, *, finished: bool) -> Iterator[Talk]:
    engine: Engine = create_database_engine(f"sqlite:///{tmp_path / 'talk.db'}")
    init_database(engine)
    with Session(engine) as session:
        game_id, said = store(session, finished=finished)
    with TestClient(create_app(engine)) as client:
        yield Talk(client, game_id, said)
    engine.dispose()


@pytest.fixture
def finished(tmp_path: Path) -> Iterator[Talk]:
    yield from talk_in(tmp_path, finished=True)


@pytest.fixture
def running(tmp_path: Path) -> Iterator[Talk]:
    yield from talk_in(tmp_path, finished=False)


def marks(value: object) -> set[int]:
    """The seats whose words are in a JSON value or a page."""
    found = words(value) if not isinstance(value, str) else set(re.findall(r"\w+", value))
    return {seat for seat in SEATS if mark(seat) in found}


def lines(step: dict[str, Any]) -> list[tuple[int, str, str, bool]]:
    return [
        (line["seat"], line["stream"], line["text"], line["deciding"]) for line in step["output"]
    ]


def test_every_comment_and_line_is_at_its_step_with_all_hands_open(finished: Talk) -> None:
    steps = finished.replay("all")["steps"]
    assert lines(steps[0]) == [
        (seat, "stderr", f"{mark(seat)} warming up", False) for seat in SEATS
    ]
    assert [line["earlier_bytes_cut"] for line in steps[0]["output"]] == [SEAT0_CUT, 0, 0]
    for said in finished.said:
        step = steps[said.number + 1]
        assert step["action"]["comment"] == said.comment
        if said.comment is None:
            assert step["output"] == []
        else:
            assert lines(step) == [
                (said.seat, "stdout", f"{mark(said.seat)} deciding {said.number}", True),
                (said.seat, "stderr", f"{mark(said.seat)} after {said.number}", False),
            ]
            assert [line["earlier_bytes_cut"] for line in step["output"]] == [0, 0]


def test_a_spectator_of_a_finished_game_reads_every_seat(finished: Talk) -> None:
    everything = finished.replay("all")["steps"]
    spectator = finished.replay("spectator")["steps"]
    for seen, whole in zip(spectator, everything, strict=True):
        assert seen["output"] == whole["output"]
        assert (seen["action"] or {}).get("comment") == (whole["action"] or {}).get("comment")


@pytest.mark.parametrize("seat", SEATS)
def test_a_seats_view_holds_only_its_own_words(finished: Talk, seat: int) -> None:
    replay = finished.replay(f"seat-{seat}")
    assert marks(replay) == {seat}
    steps = replay["steps"]
    for said in finished.said:
        comment = steps[said.number + 1]["action"]["comment"]
        assert comment == (said.comment if said.seat == seat else None)
    assert {line["seat"] for step in steps for line in step["output"]} == {seat}
    for step in (0, len(steps) // 2, len(steps) - 1):
        assert marks(finished.page(f"seat-{seat}", step)) <= {seat}


def test_the_record_has_every_comment_and_line_and_what_was_cut(finished: Talk) -> None:
    record = finished.record()
    assert [action["comment"] for action in record["actions"]] == [
        said.comment for said in finished.said
    ]
    assert {line["seat"] for line in record["output"]} == set(SEATS)
    ours = [line for line in record["output"] if line["seat"] == 1]
    assert [line["number"] for line in ours] == list(range(len(ours)))
    assert ours[0]["text"] == f"{mark(1)} warming up"
    cut = [seat["output_dropped_bytes"] for seat in record["seats"]]
    assert cut == [SEAT0_CUT, 0, 0]


def test_the_page_shows_the_comment_and_the_lines_of_its_step_escaped(finished: Talk) -> None:
    said = finished.asked()[2]
    text = finished.page("all", said.number + 1)
    assert said.comment is not None
    assert "<b>" not in text
    assert f"<q>{escape(said.comment)}</q>" in text
    assert f"{mark(said.seat)} deciding {said.number}</span>" in text
    assert f"talker {said.seat} (seat {said.seat}) wrote while deciding" in text
    assert f"{mark(said.seat)} after {said.number}</span>" in text
    assert "Written before the next action" in text
    deal = finished.page("all", 0)
    assert "talker 0 (seat 0): (1,234 earlier bytes cut)" in deal
    assert f"{mark(2)} warming up" in deal


def test_the_page_shows_a_crash_fault_detail_whole_and_escaped(finished: Talk) -> None:
    text = finished.page("all", len(finished.said))
    assert f'<span class="detail">{escape(CRASH_DETAIL)}</span>' in text
    assert "<script>alert" not in text
    assert "Written after the last action" in text


def test_a_running_game_shows_no_comment_and_no_output(running: Talk) -> None:
    record = running.record()
    assert record["status"] == "running"
    assert record["output"] == []
    assert all(action["comment"] is None for action in record["actions"])
    replay = running.replay()
    assert replay["view"] == "spectator"
    assert all(step["output"] == [] for step in replay["steps"])
    assert marks(record) == marks(replay) == set()
    for view in VIEWS:
        assert marks(running.page(view)) == set()
