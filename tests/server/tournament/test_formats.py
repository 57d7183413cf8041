"""The formats' registry, and a tournament's settings as they are stored and read back."""

from __future__ import annotations

import pytest

from croupier.games import load_game
from croupier_server.db import TournamentRecord
from croupier_server.recorded_games import settings_data
from croupier_server.referee.game import RefereeSettings
from croupier_server.tournament.formats import (
    Entrants,
    Format,
    UnknownFormat,
    format_named,
    format_names,
)
from croupier_server.tournament.formats.gauntlet import GAUNTLET, GauntletSettings
from croupier_server.tournament.formats.round_robin import ROUND_ROBIN, RoundRobinSettings
from croupier_server.tournament.formats.sprt import SPRT, SprtHypotheses, SprtSettings
from croupier_server.tournament.records import total_games
from croupier_server.tournament.settings import REFEREE_KEYS, ProcessMode, TournamentSettings

CONFORMING: tuple[Format[RoundRobinSettings], Format[GauntletSettings], Format[SprtSettings]] = (
    ROUND_ROBIN,
    GAUNTLET,
    SPRT,
)
"""mypy checks that each format is a Format."""

LEGACY = {
    "bots": ["a", "b", "c"],
    "deals": 2,
    "seed": 5,
    "challengers": [],
    "duplicate": True,
    "concurrency": 2,
    "reuse_processes": False,
    "time_control": {"connect_ms": 500, "decision_ms": 100, "bank_ms": 1000},
    "fault_policy": {"illegal_retries": 2, "max_strikes": 3},
}
"""A round robin's settings as the release before formats stored them."""


def test_every_format_is_found_by_its_name() -> None:
    assert format_names()[0] == "round-robin"
    assert {"round-robin", "gauntlet", "sprt"} <= set(format_names())
    for name in format_names():
        assert format_named(name).name == name
    assert [format_named(kind.name) for kind in CONFORMING] == list(CONFORMING)
    with pytest.raises(UnknownFormat, match="no tournament format 'knockout' \\(formats: "):
        format_named("knockout")


@pytest.mark.parametrize(
    "format_settings",
    [
        RoundRobinSettings(deals=3, duplicate=False),
        GauntletSettings(("a",), deals=2),
        SprtSettings(SprtHypotheses(elo0=-10, elo1=40, alpha=0.1), max_deals=50, batch=2),
    ],
)
def test_the_settings_round_trip_through_the_stored_data(
    format_settings: RoundRobinSettings | GauntletSettings | SprtSettings,
) -> None:
    stored = TournamentSettings(
        bots=("a", "b"),
        seed=-3,
        format_settings=format_settings,
        concurrency=4,
        processes=ProcessMode.REUSE,
        total_games=12,
        referee={"sealed": True, "time_control": {"connect_ms": 1, "decision_ms": 2, "bank_ms": 0}},
    )
    data = stored.to_data()
    assert TournamentSettings.from_data(format_settings.format, data) == stored
    assert (data["bots"], data["seed"], data["total_games"], data["sealed"]) == (
        ["a", "b"],
        -3,
        12,
        True,
    )
    assert stored.format == format_settings.format
    assert stored.kind is format_named(stored.format)
    assert (stored.sealed, stored.time_control["bank_ms"]) == (True, 0)


def test_the_referee_keys_are_those_the_matches_store() -> None:
    assert set(settings_data(RefereeSettings())) == set(REFEREE_KEYS)


def test_the_settings_of_an_older_release_are_read() -> None:
    legacy = TournamentSettings.from_data("round-robin", LEGACY)
    assert legacy.format_settings == RoundRobinSettings(deals=2, duplicate=True)
    assert (legacy.bots, legacy.concurrency, legacy.total_games) == (("a", "b", "c"), 2, None)
    assert set(legacy.referee) == {"time_control", "fault_policy"}
    assert not legacy.sealed
    assert legacy.processes is ProcessMode.FRESH  # as it was played


@pytest.mark.parametrize(
    ("stored", "mode"),
    [
        ({"reuse_processes": True}, ProcessMode.REUSE),
        ({"reuse_processes": False}, ProcessMode.FRESH),
        ({}, ProcessMode.FRESH),
        ({"processes": "fair"}, ProcessMode.FAIR),
        ({"processes": "fresh", "reuse_processes": True}, ProcessMode.FRESH),
    ],
)
def test_a_stored_process_mode_is_read_as_it_was_played(
    stored: dict[str, object], mode: ProcessMode
) -> None:
    data = {key: value for key, value in LEGACY.items() if key != "reuse_processes"}
    assert TournamentSettings.from_data("round-robin", {**data, **stored}).processes is mode


def test_a_new_tournament_plays_fair_and_stores_its_mode() -> None:
    settings = TournamentSettings(("a", "b"), 1, RoundRobinSettings())
    assert settings.processes is ProcessMode.FAIR
    assert settings.to_data()["processes"] == "fair"
    assert "reuse_processes" not in settings.to_data()
    with pytest.raises(ValueError, match="'speedy' is not a valid ProcessMode"):
        TournamentSettings.from_data("round-robin", {**LEGACY, "processes": "speedy"})


def test_the_total_is_stored_or_counted_from_the_plan_of_an_older_tournament() -> None:
    options = load_game("cribbage", {"match_points": 1}).options()
    older = TournamentRecord(
        game="cribbage", options=options, format="round-robin", settings=LEGACY
    )
    assert total_games(older) == 3 * 2 * 2  # three pairs, two deals, both seats
    stored = TournamentRecord(
        game="cribbage",
        options=options,
        format="round-robin",
        settings={**LEGACY, "total_games": 99},
    )
    assert total_games(stored) == 99
    sprt = TournamentSettings(("a", "b"), 1, SprtSettings())
    match = TournamentRecord(
        game="cribbage", options=options, format="sprt", settings=sprt.to_data()
    )
    assert total_games(match) is None


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"deals": 0}, "at least one seat and one deal"),
        ({"challengers": ["a"]}, "challengers are for a gauntlet"),
    ],
)
def test_bad_round_robin_settings_are_refused(data: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ROUND_ROBIN.settings_from_data(data)


def test_a_gauntlet_needs_its_challengers_among_the_bots() -> None:
    with pytest.raises(ValueError, match="a gauntlet needs challengers among the bots"):
        GauntletSettings(())
    with pytest.raises(ValueError, match="a gauntlet needs challengers among the bots"):
        GAUNTLET.plan(Entrants(("a", "b"), 2, 0), GauntletSettings(("z",)))
    with pytest.raises(ValueError, match="tables of two seats or more"):
        GAUNTLET.plan(Entrants(("a", "b"), 1, 0), GauntletSettings(("a",)))


def test_a_static_format_shows_its_settings_as_rows() -> None:
    rows = GauntletSettings(("a", "b"), deals=3).rows()
    assert [(row.label, row.value) for row in rows] == [("Challengers", "a, b"), ("Deals", "3")]
    assert RoundRobinSettings(duplicate=False).rows()[0].note == ""
