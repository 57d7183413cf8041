"""Event fields and results as JSON, on real games of every rule set."""

import dataclasses
import json
import random
from typing import Any

import pytest

from croupier.games import Event, PrivateEvent, State, load_game, random_rollout
from croupier.games.cribbage import Card, CribShown, Skunk
from croupier.games.lexio import Played
from croupier_server.db import event_data, event_visibility, result_data, to_json_value

RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("lexio", {"players": 4, "rounds": 1}),
    ("cribbage", {"variant": "six-card", "match_points": 1}),
    ("cribbage", {"variant": "four-player", "match_points": 1}),
    ("cribbage", {"variant": "solitaire"}),
    ("cribbage", {"variant": "square"}),
]


def played(name: str, options: dict[str, Any], seed: int = 11) -> State[Any, Any, Any]:
    return random_rollout(load_game(name, options).new_state(seed), random.Random(seed))


@pytest.mark.parametrize(("name", "options"), RULE_SETS)
def test_every_event_and_result_of_a_game_is_json(name: str, options: dict[str, Any]) -> None:
    state = played(name, options)
    for event in state.events:
        data = event_data(event)
        assert list(data) == [field.name for field in dataclasses.fields(event)]
        assert json.loads(json.dumps(data)) == data
    result = state.result()
    assert result is not None
    stored = result_data(result)
    assert json.loads(json.dumps(stored)) == stored
    assert stored["scores"] == list(result.scores)
    assert stored["places"] == list(result.places)


def test_values_with_a_text_form_become_their_text() -> None:
    state = played("lexio", {"players": 4, "rounds": 1})
    play = next(event for event in state.events if isinstance(event, Played))
    data = event_data(play)
    assert data == {"seat": play.seat, "combination": str(play.combination)}
    crib = next(
        event
        for event in played("cribbage", {"variant": "six-card", "match_points": 1}).events
        if isinstance(event, CribShown)
    )
    data = event_data(crib)
    assert data["cards"] == [str(card) for card in crib.cards]
    assert data["starter"] == str(crib.starter)
    assert data["breakdown"] == dataclasses.asdict(crib.breakdown)


def test_cribbage_match_details_keep_each_game() -> None:
    state = played("cribbage", {"variant": "six-card", "match_points": 2})
    result = state.result()
    assert result is not None
    details = result_data(result)["details"]
    assert details["won"] is None
    assert {game["skunk"] for game in details["games"]} <= {str(skunk) for skunk in Skunk}
    assert all(isinstance(game["scores"], list) for game in details["games"])


def test_plain_values_are_kept_and_unknown_ones_refused() -> None:
    assert to_json_value((1, (True, None), "x", 2.5)) == [1, [True, None], "x", 2.5]
    assert to_json_value({3: Card.from_str("5H")}) == {"3": "5H"}
    assert to_json_value(Skunk.DOUBLE) == "double skunk"
    with pytest.raises(TypeError, match="cannot store a set"):
        to_json_value({1, 2})


def test_visibility_is_none_for_public_events_else_the_seat() -> None:
    @dataclasses.dataclass(frozen=True, slots=True)
    class Secret(Event):
        def is_visible_to(self, seat: int | None) -> bool:
            return seat == 1

    assert event_visibility(Event()) is None
    assert event_visibility(PrivateEvent(seat=2)) == 2
    with pytest.raises(ValueError, match="neither public nor private to one seat"):
        event_visibility(Secret())
