"""The token buckets that limit logins and sign-ups per client address."""

from __future__ import annotations

import threading

import pytest

from croupier_server.web.rate_limit import RateLimiter, retry_after_header


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_is_allowed_then_one_try_per_interval() -> None:
    clock = Clock()
    limiter = RateLimiter(burst=5, period_s=60, clock=clock)
    assert [limiter.take("a") for _ in range(5)] == [None] * 5
    assert limiter.take("a") == pytest.approx(12.0)
    clock.now += 6
    assert limiter.take("a") == pytest.approx(6.0)  # a refused try costs nothing
    clock.now += 6
    assert limiter.take("a") is None
    assert limiter.take("a") == pytest.approx(12.0)


def test_a_bucket_refills_to_its_burst_and_no_more() -> None:
    clock = Clock()
    limiter = RateLimiter(burst=3, period_s=30, clock=clock)
    for _ in range(3):
        limiter.take("a")
    clock.now += 3600
    assert [limiter.take("a") for _ in range(4)][-1] is not None
    assert [limiter.take("b") for _ in range(3)] == [None] * 3


def test_each_client_has_a_bucket_of_its_own() -> None:
    limiter = RateLimiter(burst=1, period_s=60, clock=Clock())
    assert limiter.take("10.0.0.1") is None
    assert limiter.take("10.0.0.1") is not None
    assert limiter.take("10.0.0.2") is None
    assert limiter.take("::1") is None


def test_the_clients_remembered_are_bounded() -> None:
    limiter = RateLimiter(burst=1, period_s=60, clock=Clock(), max_clients=3)
    for client in ["a", "b", "c", "d"]:
        assert limiter.take(client) is None
    assert limiter.take("a") is None  # the least recently seen was forgotten
    assert limiter.take("d") is not None


def test_threads_together_get_no_more_than_the_burst() -> None:
    limiter = RateLimiter(burst=50, period_s=3600)
    allowed: list[bool] = []

    def hammer() -> None:
        allowed.extend(limiter.take("a") is None for _ in range(100))

    threads = [threading.Thread(target=hammer) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(allowed) == 50


@pytest.mark.parametrize(("burst", "period"), [(0, 60), (1, 0), (1, -1), (1, float("nan"))])
def test_a_limit_must_be_positive(burst: int, period: float) -> None:
    with pytest.raises(ValueError, match="a rate limit needs a positive burst and period"):
        RateLimiter(burst=burst, period_s=period)


@pytest.mark.parametrize(("wait", "header"), [(0.0, "1"), (0.2, "1"), (1.0, "1"), (29.01, "30")])
def test_retry_after_is_whole_seconds_never_zero(wait: float, header: str) -> None:
    assert retry_after_header(wait) == {"Retry-After": header}
