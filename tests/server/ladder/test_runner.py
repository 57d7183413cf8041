"""A ladder played through a real referee with real bot processes, on SQLite and PostgreSQL.

Its games keep within its budget and are stored before they are played; every version gets
its rating; a version that cannot start is rejected with what it printed, and one retired
plays no new game; a run stopped in the middle leaves nothing lost or played twice.
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections import Counter

import pytest
from sqlalchemy import Engine
from sqlmodel import Session, select

from croupier_server import db
from croupier_server.db import BotRecord, GameRecord, GameStatus
from croupier_server.db.ladder_games import finished_deals, get_ladder
from croupier_server.db.statistics import finished_game_seats
from croupier_server.db.submissions import BotArchiveRecord, BotVersionRecord, VersionStatus
from croupier_server.db.transactions import atomic
from croupier_server.db.work import ScheduleStatus
from croupier_server.ladder.runner import ladder_label
from croupier_server.ladder.settings import LadderSettings
from croupier_server.outcomes import EndedBy
from croupier_server.tournament.scheduled import recover_attempts_here
from tests.server.conftest import Said
from tests.server.ladder.harness import (
    NOT_STARTING,
    add_versions,
    count_by_status,
    finished_games,
    lexio_ladder,
    running,
    scheduled_games,
    wait_until,
)
from tests.server.ladder.versions import set_version_status
from tests.server.referee.harness import EXAMPLES as EXAMPLES_DIRECTORY
from tests.server.referee.harness import example_command

pytestmark = pytest.mark.slow

EXAMPLES = {
    "random": "lexio_random",
    "greedy": "lexio_greedy",
    "cautious": "lexio_cautious",
    "strong": "lexio_strong",
}


def deals_of(engine: Engine, tournament_id: int) -> dict[str, int]:
    with Session(engine) as session:
        return {
            name: deals
            for name, (deals, _) in finished_deals(session, tournament_id=tournament_id).items()
        }


def running_games(engine: Engine, tournament_id: int) -> int:
    with Session(engine) as session:
        query = select(GameRecord.id).where(
            GameRecord.tournament_id == tournament_id, GameRecord.status == GameStatus.RUNNING
        )
        return len(list(session.exec(query)))


def version_of(engine: Engine, name: str) -> BotVersionRecord:
    with Session(engine) as session:
        bot = session.exec(select(BotRecord).where(BotRecord.name == name)).one()
        version = session.get(BotVersionRecord, bot.id)
        assert version is not None
        return version


def assert_each_number_finished_once(engine: Engine, tournament_id: int) -> None:
    """Every finished scheduled game has one finished game, of its deal and bots; no other.

    As the next run finds them: a run stopped as it stored a game leaves it to be set right.
    """
    with Session(engine) as session, atomic(session):
        recover_attempts_here(session, tournament_id, reason="the serve stopped")
    games = finished_games(engine, tournament_id)
    numbers = Counter(game.schedule_number for game in games)
    assert [number for number, count in numbers.items() if count > 1] == []
    scheduled = {row.number: row for row in scheduled_games(engine, tournament_id)}
    with Session(engine) as session:
        seats = {
            game.id: game.bots
            for game in finished_game_seats(
                session, game="lexio", tournament_id=tournament_id, unrated=True
            )
        }
    for game in games:
        assert game.schedule_number is not None
        row = scheduled[game.schedule_number]
        assert row.status is ScheduleStatus.FINISHED
        assert (game.schedule_deal, game.seed) == (row.deal, row.seed)
        assert seats[game.id or 0] == tuple(row.bots)
    finished = {n for n, row in scheduled.items() if row.status is ScheduleStatus.FINISHED}
    assert finished == set(numbers)


def test_a_ladder_plays_within_its_budget_until_every_version_has_its_rating(
    engine: Engine,
) -> None:
    names = add_versions(engine, "lexio", EXAMPLES)
    ladder = lexio_ladder(engine, concurrency=2, rating_deals=3)
    peaks: list[int] = []

    def rated() -> bool:
        peaks.append(running_games(engine, ladder.tournament_id))
        deals = deals_of(engine, ladder.tournament_id)
        return all(deals.get(name, 0) >= 3 for name in names)

    async def play() -> None:
        async with running(engine, ladder):
            await wait_until(rated, "every version played its first 3 deals")

    asyncio.run(play())
    assert max(peaks) <= 2
    assert_each_number_finished_once(engine, ladder.tournament_id)
    rows = scheduled_games(engine, ladder.tournament_id)
    by_deal: dict[int, list[tuple[str, ...]]] = {}
    for row in rows:
        by_deal.setdefault(row.deal, []).append(tuple(row.bots))
    for deal, tables in by_deal.items():  # a duplicate set: one table in every rotation
        first = tables[0]
        assert tables == [first[r:] + first[:r] for r in range(3)], deal
    with Session(engine) as session:
        tournament = db.get_tournament(session, tournament_id=ladder.tournament_id)
        assert tournament is not None
        assert tournament.format == "ladder"
        assert sorted(tournament.settings["bots"]) == sorted(names)


def test_a_version_that_does_not_start_is_rejected_with_its_output(
    engine: Engine, said: Said
) -> None:
    names = add_versions(engine, "lexio", {**EXAMPLES, "broken": NOT_STARTING})
    ladder = lexio_ladder(engine, concurrency=2, rating_deals=2)

    async def play() -> None:
        async with running(engine, ladder):
            await wait_until(
                lambda: version_of(engine, "broken@1").status is VersionStatus.REJECTED,
                "the broken version rejected",
            )
            before = len(finished_games(engine, ladder.tournament_id))
            await wait_until(
                lambda: len(finished_games(engine, ladder.tournament_id)) >= before + 6,
                "the others playing on",
            )

    asyncio.run(play())
    version = version_of(engine, "broken@1")
    assert version.detail.startswith("it did not start in its first games of ladder ")
    assert "No module named croupier" in version.check_log
    assert any("rejected broken@1: bot broken@1 did not start" in line for line in said())
    for row in scheduled_games(engine, ladder.tournament_id):
        if "broken@1" in row.bots:
            assert row.status is ScheduleStatus.FAILED, row
    with Session(engine) as session:
        seats = finished_game_seats(
            session, game="lexio", tournament_id=ladder.tournament_id, unrated=True
        )
        stopped = session.exec(
            select(GameRecord).where(GameRecord.ended_by == EndedBy.NOT_STARTED)
        ).all()
    assert all("broken@1" not in game.bots for game in seats)  # no game played by default
    assert len(stopped) >= 1
    assert set(deals_of(engine, ladder.tournament_id)) == set(names) - {"broken@1"}


def test_a_retired_version_plays_no_new_game(engine: Engine) -> None:
    add_versions(engine, "lexio", EXAMPLES)
    ladder = lexio_ladder(engine, concurrency=3, rating_deals=1)
    retired_at: list[float] = []

    async def play() -> None:
        async with running(engine, ladder):
            await wait_until(
                lambda: deals_of(engine, ladder.tournament_id).get("random@1", 0) >= 2,
                "random@1 played",
            )
            with Session(engine) as session:
                set_version_status(session, "random@1", VersionStatus.RETIRED)
            retired_at.append(time.time())
            await asyncio.sleep(1)  # a look at the ladder or two
            before = len(finished_games(engine, ladder.tournament_id))
            await wait_until(
                lambda: len(finished_games(engine, ladder.tournament_id)) >= before + 9,
                "the others playing on",
            )

    asyncio.run(play())
    rows = scheduled_games(engine, ladder.tournament_id)
    with Session(engine) as session:
        started = {
            game.schedule_number: game.started_at
            for game in session.exec(
                select(GameRecord).where(GameRecord.tournament_id == ladder.tournament_id)
            )
        }
    late = [
        row
        for row in rows
        if "random@1" in row.bots
        and row.number in started
        and started[row.number].timestamp() > retired_at[0] + 1
    ]
    assert late == []
    cancelled = [row for row in rows if row.status is ScheduleStatus.FAILED]
    assert all("random@1" in row.bots for row in cancelled)
    assert all(
        row.detail == "cancelled: random@1 no longer plays in the ladder" for row in cancelled
    )
    assert "random@1" not in rows[-1].bots


def test_the_organisers_bots_play_and_one_that_does_not_start_is_stopped(
    engine: Engine,
) -> None:
    add_versions(engine, "lexio", {"greedy": "lexio_greedy", "cautious": "lexio_cautious"})
    with Session(engine) as session:
        db.add_bot(session, name="reference", game="lexio", command=example_command("lexio_random"))
        db.add_bot(session, name="dud", game="lexio", command=NOT_STARTING)
    ladder = lexio_ladder(engine, concurrency=2, rating_deals=2, with_bots=["reference", "dud"])

    async def play() -> None:
        async with running(engine, ladder):
            await wait_until(
                lambda: deals_of(engine, ladder.tournament_id).get("reference", 0) >= 3,
                "the reference bot played",
            )

    asyncio.run(play())
    with Session(engine) as session:
        record = get_ladder(session, ladder_id=ladder.id or 0)
        assert record is not None
        settings = LadderSettings.from_data(record.settings)
    assert list(settings.stopped) == ["dud"]
    assert settings.stopped["dud"].startswith("bot dud did not start: ")
    assert "dud" not in deals_of(engine, ladder.tournament_id)


def aborted_numbers(engine: Engine, tournament_id: int) -> set[int | None]:
    with Session(engine) as session:
        query = select(GameRecord.schedule_number).where(
            GameRecord.tournament_id == tournament_id, GameRecord.status == GameStatus.ABORTED
        )
        return set(session.exec(query))


def test_a_run_stopped_in_the_middle_plays_its_chosen_games_first_and_none_twice(
    engine: Engine,
) -> None:
    add_versions(engine, "lexio", EXAMPLES)
    ladder = lexio_ladder(engine, concurrency=3, rating_deals=2)
    chosen_before: set[int] = set()

    def chosen_finished() -> bool:
        rows = scheduled_games(engine, ladder.tournament_id)
        return all(
            row.status is ScheduleStatus.FINISHED for row in rows if row.number in chosen_before
        )

    async def play() -> None:
        async with running(engine, ladder):
            await wait_until(
                lambda: running_games(engine, ladder.tournament_id) >= 2, "games playing"
            )
        # Stopped with games being played (aborted now, unless they just ended) and others waiting.
        counts = count_by_status(engine, ladder.tournament_id)
        assert counts[ScheduleStatus.QUEUED] + counts[ScheduleStatus.PLAYING] > 0
        chosen_before.update(row.number for row in scheduled_games(engine, ladder.tournament_id))
        assert aborted_numbers(engine, ladder.tournament_id) <= chosen_before
        async with running(engine, ladder):
            await wait_until(chosen_finished, "the games chosen before the stop finished")

    asyncio.run(play())
    assert_each_number_finished_once(engine, ladder.tournament_id)


def test_a_version_that_cannot_be_made_ready_here_sits_out_and_stays_active(
    engine: Engine,
    said: Said,
) -> None:
    add_versions(engine, "lexio", EXAMPLES)
    with Session(engine) as session:
        version = version_of(engine, "strong@1")
        archive = session.get(BotArchiveRecord, version.digest)
        assert archive is not None
        archive.data = b"not an archive"  # as if its stored files were damaged
        session.add(archive)
        session.commit()
    ladder = lexio_ladder(engine, concurrency=2, rating_deals=1)

    async def play() -> None:
        async with running(engine, ladder):
            await wait_until(
                lambda: len(finished_games(engine, ladder.tournament_id)) >= 6, "6 games"
            )

    asyncio.run(play())
    assert version_of(engine, "strong@1").status is VersionStatus.ACTIVE
    assert any("version strong@1 cannot be made ready here" in line for line in said())
    assert "strong@1" not in deals_of(engine, ladder.tournament_id)
    for row in scheduled_games(engine, ladder.tournament_id):
        if "strong@1" in row.bots:
            assert row.status is ScheduleStatus.FAILED
            assert row.detail.startswith("cancelled: version strong@1 cannot be made ready here")


def test_a_connected_remote_bot_takes_part_and_nothing_waits_for_it_once_it_goes(
    engine: Engine,
    said: Said,
) -> None:
    add_versions(engine, "lexio", {"greedy": "lexio_greedy", "cautious": "lexio_cautious"})
    with Session(engine) as session:
        _, key = db.create_remote_bot(session, name="visitor", game="lexio")
    # A seat waits this long for a remote bot that went, as its connection time: short, but
    # long enough for the local bots to start on a loaded machine (else they are rejected).
    ladder = lexio_ladder(engine, concurrency=2, rating_deals=2, connect_ms=15_000)

    async def play() -> None:
        async with running(engine, ladder) as server:
            visitor = await asyncio.create_subprocess_exec(
                sys.executable,
                str(EXAMPLES_DIRECTORY / "lexio_random.py"),
                env={**os.environ, "CROUPIER_ADDRESS": server.address, "CROUPIER_TOKEN": key},
                stdout=asyncio.subprocess.DEVNULL,
                stderr=asyncio.subprocess.DEVNULL,
            )
            try:
                await wait_until(
                    lambda: deals_of(engine, ladder.tournament_id).get("visitor", 0) >= 3,
                    "the remote bot played",
                )
            finally:
                visitor.kill()
                await visitor.wait()
            # Without it, two versions fill no table of three: nothing may wait for it.
            await wait_until(
                lambda: (
                    not any(
                        row.status in (ScheduleStatus.QUEUED, ScheduleStatus.PLAYING)
                        for row in scheduled_games(engine, ladder.tournament_id)
                    )
                ),
                "no game waiting for it",
            )

    asyncio.run(play())
    assert f"{ladder_label(ladder)}: visitor enters" in said()
    rows = scheduled_games(engine, ladder.tournament_id)
    # What waited for it was cancelled, or played (its seat forfeited) if it looked idle
    # still when its game began.
    cancelled = [row for row in rows if row.status is ScheduleStatus.FAILED]
    assert all("visitor" in row.bots for row in cancelled)
    assert all(
        row.detail == "cancelled: the remote bot visitor is not connected" for row in cancelled
    )
    assert all(row.status is ScheduleStatus.FINISHED for row in rows if row not in cancelled)
    assert_each_number_finished_once(engine, ladder.tournament_id)
