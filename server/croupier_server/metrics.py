"""This process's Prometheus metrics, in a registry of its own, and the endpoint that shows them.

The referee counts what it plays (:func:`count_game`); a command measures what only a query
knows (the queue's depth, the checks waiting, each board's fit's age) with :func:`watch`
and :func:`watch_each`, read at each scrape. :func:`serve_metrics` shows them all at
``/metrics`` (``croupier serve`` and ``croupier worker``, ``--metrics-address``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Final

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import GaugeMetricFamily, Metric
from prometheus_client.exposition import start_http_server
from prometheus_client.registry import Collector

from croupier_server.addresses import host_and_port

__all__ = ["REGISTRY", "count_game", "serve_metrics", "watch", "watch_each"]

REGISTRY: Final = CollectorRegistry(auto_describe=True)
"""This process's metrics (not prometheus_client's global one, which tests would share)."""

_GAMES = Counter(
    "croupier_games",
    "Games played to their end here, by game and how they ended.",
    ["game", "ended_by"],
    registry=REGISTRY,
)
_FAULTS = Counter(
    "croupier_faults",
    "Faults of the seats of the games played here, by game and kind.",
    ["game", "kind"],
    registry=REGISTRY,
)
_DECISION_SECONDS = Histogram(
    "croupier_decision_seconds",
    "How long a bot took to decide, from request to reply, by game.",
    ["game"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30),
    registry=REGISTRY,
)


def count_game(
    *, game: str, ended_by: str, fault_kinds: Iterable[str], latencies_ms: Iterable[float]
) -> None:
    """Count a game stored as ended by ``ended_by``, its faults and its bots' decision times."""
    _GAMES.labels(game=game, ended_by=ended_by).inc()
    for kind in fault_kinds:
        _FAULTS.labels(game=game, kind=kind).inc()
    decisions = _DECISION_SECONDS.labels(game=game)
    for latency in latencies_ms:
        decisions.observe(latency / 1000)


class _LabelledGauge(Collector):
    """A gauge of one label whose values a callable gives at each scrape."""

    def __init__(
        self, name: str, documentation: str, label: str, read: Callable[[], Mapping[str, float]]
    ) -> None:
        self.name = name
        self.documentation = documentation
        self.label = label
        self.read = read

    def collect(self) -> Iterator[Metric]:
        family = GaugeMetricFamily(self.name, self.documentation, labels=[self.label])
        for value, figure in sorted(self.read().items()):
            family.add_metric([value], figure)
        yield family


_LABELLED: dict[str, _LabelledGauge] = {}


def watch_each(
    name: str, documentation: str, label: str, read: Callable[[], Mapping[str, float]]
) -> None:
    """A gauge ``name`` of one ``label``, whose values by label ``read`` gives at each scrape.

    A later ``read`` for the same ``name`` replaces the first.
    """
    if name in _LABELLED:
        _LABELLED[name].read = read
        return
    _LABELLED[name] = _LabelledGauge(name, documentation, label, read)
    REGISTRY.register(_LABELLED[name])


_WATCHED: dict[str, Gauge] = {}


def watch(name: str, documentation: str, read: Callable[[], float]) -> None:
    """A gauge ``name`` whose value ``read`` gives at each scrape (a later ``read`` replaces)."""
    if name not in _WATCHED:
        _WATCHED[name] = Gauge(name, documentation, registry=REGISTRY)
    _WATCHED[name].set_function(read)


def serve_metrics(address: str) -> str:
    """Serve ``/metrics`` on ``address`` (``HOST:PORT``, port 0: any) in a thread; its URL.

    Raises:
        ValueError: ``address`` is no ``HOST:PORT``.
        OSError: it cannot be listened on.
    """
    host, port = host_and_port(address)
    server, _ = start_http_server(port, addr=host, registry=REGISTRY)
    bound = server.server_port  # the port 0 chose
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{bound}/metrics"
