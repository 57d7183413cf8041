"""A real Swiss tournament of the example bots through the command line."""

from __future__ import annotations

import json
from collections import defaultdict

import pytest
from sqlmodel import Session

from croupier_server.cli import main
from croupier_server.db import create_database_engine, statistics
from tests.server.referee.harness import example_command

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

EXAMPLES = {
    "cribbage_strong": "cribbage_strong",
    "cribbage_greedy": "cribbage_greedy",
    "cribbage_random": "cribbage_random",
    "another_random": "cribbage_random",  # examples/cribbage_discard.py is no bot: it exits
}
"""The entrants, by name, and the example bot each runs."""
BOTS = list(EXAMPLES)
RUN = ["tournament", "run", "--game", "cribbage", "--variant", "six-card", "--match-points", "1"]


@pytest.mark.usefixtures("seeded_bots")
def test_a_swiss_tournament_pairs_equal_scores_in_duplicate_pairs(
    checked_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for name, example in EXAMPLES.items():
        add = ["bot", "add", name, "--game", "cribbage", "--command", example_command(example)]
        assert main([*add, "--db", checked_database]) == 0
    swiss = ["--bots", ",".join(BOTS), "--format", "swiss", "--swiss-rounds", "2", "--seed", "3"]
    capsys.readouterr()
    assert main([*RUN, *swiss, "--concurrency", "4", "--json", "--db", checked_database]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["format"], data["settings"], data["status"]) == (
        "swiss",
        {"rounds": 2},
        "finished",
    )
    assert data["finished"] == data["games"] == 2 * 2 * 2  # rounds, pairings, seats swapped
    assert {row["games"] for row in data["standings"]} == {4}

    engine = create_database_engine(checked_database)
    with Session(engine) as session:
        games = statistics.finished_game_seats(session, game="cribbage", tournament_id=data["id"])
    engine.dispose()
    by_number = {game.schedule_number: game for game in games if game.schedule_number is not None}
    assert sorted(by_number) == list(range(8))
    pairs = []
    for deal in range(4):  # each pairing is one deal from both seats
        first, second = by_number[2 * deal], by_number[2 * deal + 1]
        assert first.schedule_deal == second.schedule_deal == deal
        assert second.bots == first.bots[::-1]
        pairs.append(frozenset(first.bots))
    assert len(set(pairs)) == 4  # nobody met twice
    points: dict[str, float] = defaultdict(float)
    for deal in range(2):  # round 1: a pairing's winner scores more over its two games
        first, second = by_number[2 * deal], by_number[2 * deal + 1]
        a, b = first.bots
        score = _won(first.bots, first.scores, a) + _won(second.bots, second.scores, a)
        points[a] += 1.0 if score > 1 else 0.5 if score == 1 else 0.0
        points[b] += 0.0 if score > 1 else 0.5 if score == 1 else 1.0
    leaders = by_number[4].bots  # round 2's first pairing: the two best after round 1
    assert sorted(points[bot] for bot in leaders) == sorted(points.values())[2:]

    assert main(["tournament", "show", str(data["id"]), "--db", checked_database]) == 0
    shown = capsys.readouterr().out
    assert "  Round: 2 of 2\n" in shown
    assert "  Points: " in shown


def _won(bots: tuple[str, ...], scores: tuple[float, ...], bot: str) -> float:
    mine, theirs = (scores[0], scores[1]) if bots[0] == bot else (scores[1], scores[0])
    return 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
