"""The server's log: ids on every line, bound for a task or given to one call, in two formats."""

from __future__ import annotations

import asyncio
import io
import json
import logging
from collections.abc import Iterator

import pytest

from croupier_server.logs import bound_ids, ids, set_up_logging
from tests.logged import ids_of, message_of

LOG = logging.getLogger("croupier_server.test_logs")


@pytest.fixture
def written() -> Iterator[io.StringIO]:
    """The log as set up by a command, into a buffer; set up again plainly after."""
    buffer = io.StringIO()
    set_up_logging(stream=buffer)
    yield buffer
    set_up_logging()


def lines(buffer: io.StringIO) -> list[str]:
    return buffer.getvalue().splitlines()


def test_a_text_line_shows_time_level_logger_ids_then_the_message_unchanged(
    written: io.StringIO,
) -> None:
    with bound_ids(worker="w1"):
        LOG.warning("worker w1: lost game 3: %s", "why", extra=ids(game=26, tournament=1))
    (line,) = lines(written)
    assert message_of(line) == "worker w1: lost game 3: why"
    assert " WARNING croupier_server.test_logs worker=w1 tournament=1 game=26: " in line
    assert ids_of(line) == {"worker": "w1", "tournament": "1", "game": "26"}


def test_ids_bound_for_a_task_reach_its_own_tasks_and_threads_and_no_other(
    written: io.StringIO,
) -> None:
    async def play() -> None:
        with bound_ids(ladder=3, tournament=7):
            inner = asyncio.create_task(asyncio.to_thread(LOG.info, "in a thread"))
        LOG.info("outside")
        await inner

    asyncio.run(play())
    said = {message_of(line): ids_of(line) for line in lines(written)}
    assert said == {"in a thread": {"ladder": "3", "tournament": "7"}, "outside": {}}


def test_json_gives_one_object_a_line_with_the_ids_as_keys() -> None:
    buffer = io.StringIO()
    set_up_logging(log_format="json", stream=buffer)
    try:
        with bound_ids(worker="w2"):
            LOG.error('a "quoted"\nmessage', extra=ids(version="ada@1", game=None))
    finally:
        set_up_logging()
    (line,) = lines(buffer)
    shown = json.loads(line)
    assert shown.pop("time").endswith("Z")
    assert shown == {
        "level": "ERROR",
        "logger": "croupier_server.test_logs",
        "message": 'a "quoted"\nmessage',
        "worker": "w2",
        "version": "ada@1",
    }


def test_libraries_are_quiet_but_for_warnings_unless_verbose(written: io.StringIO) -> None:
    logging.getLogger("sqlalchemy.engine").info("SELECT 1")
    logging.getLogger("uvicorn.error").warning("a warning")
    LOG.debug("a detail")
    assert [message_of(line) for line in lines(written)] == ["a warning"]
    set_up_logging(verbose=True, stream=written)
    logging.getLogger("sqlalchemy.engine").info("SELECT 2")
    LOG.debug("another detail")
    assert [message_of(line) for line in lines(written)][1:] == ["SELECT 2", "another detail"]


def test_a_second_setup_replaces_the_first_and_leaves_other_handlers(
    written: io.StringIO, caplog: pytest.LogCaptureFixture
) -> None:
    again = io.StringIO()
    set_up_logging(stream=again)
    LOG.warning("once")
    assert (lines(written), [message_of(line) for line in lines(again)]) == ([], ["once"])
    assert caplog.messages == ["once"]  # pytest's own handler stays


def test_an_id_of_no_known_kind_is_refused() -> None:
    with pytest.raises(ValueError, match="not ids of a log line: seat"):
        ids(seat=1)
