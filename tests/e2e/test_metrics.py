"""Prometheus metrics of a real ``croupier serve`` and a real ``croupier worker``, scraped.

Each serves ``/metrics`` on the address ``--metrics-address`` gives (port 0: any, shown on its
standard output as ``metrics: URL``), from its own process's registry: the serve counts the
games its referee plays and measures the queue; a worker counts the games it plays.
"""

from __future__ import annotations

import subprocess
import urllib.request

import pytest
from prometheus_client.parser import text_string_to_metric_families

from croupier_server.cli import main
from croupier_server.db import TournamentStatus
from tests.e2e.test_remote import CROUPIER, Processes
from tests.e2e.test_serve_admin import (
    ADMIN,
    database,
    queue_lexio,
    serve,
    stop,
    wait_for_progress,
)
from tests.waiting import ended, next_line, patience_s, wait_for

__all__ = ["database"]

pytestmark = pytest.mark.usefixtures("seeded_bots")

METRICS = ("--metrics-address", "127.0.0.1:0")


def metrics_url(process: subprocess.Popen[str]) -> str:
    """The URL of ``process``'s metrics, from the line that shows it."""
    shown = next_line(process).strip()
    assert shown.startswith("metrics: http://127.0.0.1:"), shown
    return shown.split()[1]


Samples = dict[tuple[str, frozenset[tuple[str, str]]], float]


def scrape(url: str) -> Samples:
    """Every sample ``url`` shows: by name and labels, its value."""
    with urllib.request.urlopen(url, timeout=patience_s()) as answer:
        assert answer.headers["Content-Type"].startswith("text/plain")
        text = answer.read().decode()
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(text)
        for sample in family.samples
    }


def value(samples: Samples, name: str, **labels: str) -> float:
    """A sample's value; 0 for a counter of labels not counted yet."""
    return samples.get((name, frozenset(labels.items())), 0.0)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_serve_counts_the_games_its_referee_plays(database: str, processes: Processes) -> None:
    server = serve(processes, database, *METRICS, CROUPIER_ADMIN_TOKEN=ADMIN)
    url = metrics_url(server.process)
    before = scrape(url)
    assert value(before, "croupier_games_total", game="lexio", ended_by="normal") == 0
    assert value(before, "croupier_queued_games") == 0
    assert value(before, "croupier_checks_waiting") == 0

    tournament_id = queue_lexio(server.url, ADMIN, rounds=1, deals=1)
    wait_for_progress(server.url, tournament_id, finished=3, status=TournamentStatus.FINISHED)
    after = scrape(url)
    assert value(after, "croupier_games_total", game="lexio", ended_by="normal") == 3
    decisions = value(after, "croupier_decision_seconds_count", game="lexio")
    assert decisions > 0
    assert value(after, "croupier_decision_seconds_bucket", game="lexio", le="+Inf") == decisions
    assert value(after, "croupier_decision_seconds_sum", game="lexio") > 0
    stop(server.process)


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_worker_counts_its_games_and_serve_sees_the_queue_drain(
    database: str, processes: Processes
) -> None:
    server = serve(processes, database, "--queue", *METRICS, CROUPIER_ADMIN_TOKEN=ADMIN)
    serve_metrics = metrics_url(server.process)
    tournament_id = queue_lexio(server.url, ADMIN, rounds=1, deals=2)
    wait_for(
        lambda: value(scrape(serve_metrics), "croupier_queued_games") == 6 or None,
        "the tournament's 6 games to be queued",
    )

    worker = processes.start(
        [CROUPIER, "worker", "--db", database, "--slots", "2", "--name", "w1", *METRICS]
    )
    worker_metrics = metrics_url(worker)
    wait_for_progress(server.url, tournament_id, finished=6, status=TournamentStatus.FINISHED)
    played = scrape(worker_metrics)
    assert value(played, "croupier_games_total", game="lexio", ended_by="normal") == 6
    assert value(played, "croupier_decision_seconds_count", game="lexio") > 0
    assert value(played, "croupier_queued_games") == 0
    assert value(scrape(serve_metrics), "croupier_queued_games") == 0
    assert (
        value(scrape(serve_metrics), "croupier_games_total", game="lexio", ended_by="normal") == 0
    )

    worker.terminate()
    _, log = ended(worker)
    assert worker.returncode == 0, log
    stop(server.process)


@pytest.mark.parametrize("database_url", ["sqlite"], indirect=True)
def test_a_metrics_address_that_cannot_be_used_is_refused_in_one_line(
    checked_database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["serve", "--no-dashboard", "--listen", "127.0.0.1:0", "--db", checked_database]
    assert main([*argv, "--metrics-address", "no-port"]) == 1
    assert capsys.readouterr().err == (
        "croupier: error: --metrics-address: 'no-port' is no HOST:PORT address (port 0 to 65535)\n"
    )
