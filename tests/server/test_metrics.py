"""This process's metrics: games counted once stored, gauges read at each scrape, one endpoint."""

from __future__ import annotations

import math
import urllib.request
from pathlib import Path

import pytest
import sqlalchemy as sa
from prometheus_client import generate_latest
from prometheus_client.parser import text_string_to_metric_families
from sqlalchemy import Engine

from croupier_server.cli._metrics import watch_backlog
from croupier_server.metrics import REGISTRY, count_game, serve_metrics, watch_each
from tests.waiting import patience_s


def sample(name: str, **labels: str) -> float | None:
    """The value of a sample of this process's registry, ``None`` if it shows none."""
    return REGISTRY.get_sample_value(name, labels)


def test_a_game_counts_once_with_its_faults_and_each_decision() -> None:
    before = sample("croupier_games_total", game="kuhn_poker", ended_by="forfeit") or 0
    decided = sample("croupier_decision_seconds_count", game="kuhn_poker") or 0
    count_game(
        game="kuhn_poker",
        ended_by="forfeit",
        fault_kinds=["timeout", "timeout"],
        latencies_ms=[2.0, 400.0],
    )
    assert sample("croupier_games_total", game="kuhn_poker", ended_by="forfeit") == before + 1
    assert (sample("croupier_faults_total", game="kuhn_poker", kind="timeout") or 0) >= 2
    assert sample("croupier_decision_seconds_count", game="kuhn_poker") == decided + 2
    assert (sample("croupier_decision_seconds_bucket", game="kuhn_poker", le="0.0025") or 0) >= 1


def test_a_labelled_gauge_reads_its_values_at_each_scrape_and_a_later_read_replaces() -> None:
    watch_each("croupier_test_ages_seconds", "Test ages.", "board", lambda: {"a": 1.0})
    assert sample("croupier_test_ages_seconds", board="a") == 1.0
    watch_each("croupier_test_ages_seconds", "Test ages.", "board", lambda: {"b": 2.0})
    assert (
        sample("croupier_test_ages_seconds", board="a"),
        sample("croupier_test_ages_seconds", board="b"),
    ) == (None, 2.0)


def test_the_backlog_of_an_empty_database_is_nothing_waiting(engine: Engine) -> None:
    watch_backlog(engine)
    text = generate_latest(REGISTRY).decode()
    names = {family.name for family in text_string_to_metric_families(text)}
    assert {"croupier_queued_games", "croupier_checks_waiting", "croupier_fit_age_seconds"} <= names
    assert (sample("croupier_queued_games"), sample("croupier_checks_waiting")) == (0, 0)


def test_a_database_out_of_reach_gives_no_figure_rather_than_an_error(tmp_path: Path) -> None:
    watch_backlog(sa.create_engine(f"sqlite:///{tmp_path / 'no such folder' / 'x.db'}"))
    queued = sample("croupier_queued_games")
    assert queued is not None
    assert math.isnan(queued)
    assert "croupier_fit_age_seconds{" not in generate_latest(REGISTRY).decode()


def test_the_endpoint_serves_the_registry_and_refuses_a_bad_address() -> None:
    url = serve_metrics("127.0.0.1:0")
    with urllib.request.urlopen(url, timeout=patience_s()) as answer:
        assert b"croupier_games_total" in answer.read()
    with pytest.raises(ValueError, match="is no HOST:PORT address"):
        serve_metrics("127.0.0.1:99999")
