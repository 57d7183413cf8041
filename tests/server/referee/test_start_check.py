"""The start check: a command started as for a game must say Hello in time, or say why not.

Real processes (the example bots, the scripted fake bot, one-line Python programs) started
by the referee's own launcher, connecting to its real gRPC service.
"""

from __future__ import annotations

import asyncio
import shlex
import sys
from typing import Any

from croupier_server.control import BotLimits
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.referee.start_check import StartCheck, check_start
from tests.server.referee.harness import example_command, scripted_command


def python(code: str) -> str:
    """The command line of ``code`` run by this interpreter."""
    return shlex.join([sys.executable, "-c", code])


def checked(command: str, *, game: str = "lexio", **options: Any) -> StartCheck:
    """The check of ``command`` for ``game``, as bot ``checked``."""
    return asyncio.run(check_start(command, game=game, name="checked", **options))


def test_an_example_bot_says_hello() -> None:
    check = checked(example_command("lexio_greedy"), connect_s=30)
    assert check.started
    assert check.failure is None
    assert 0 < check.seconds < 30
    assert str(check).startswith("it said Hello in ")


def test_a_bot_that_exits_at_once_fails_with_its_traceback() -> None:
    check = checked(python("import no_such_module"))
    assert check.failure is not None
    assert check.failure.bot == "checked"
    assert check.failure.reason == "exited with status 1 before connecting"
    assert check.failure.output[0] == "Traceback (most recent call last):"
    assert check.failure.output[-1] == "ModuleNotFoundError: No module named 'no_such_module'"
    lines = str(check).splitlines()
    assert lines[0] == "bot checked did not start: exited with status 1 before connecting"
    assert lines[-1] == "    ModuleNotFoundError: No module named 'no_such_module'"


def test_a_bot_that_never_says_hello_fails_after_the_connect_time() -> None:
    check = checked(scripted_command("late", "--delay-ms", "30000"), connect_s=1)
    assert check.failure is not None
    assert check.failure.reason == "said no Hello within 1 s"
    assert 1 <= check.seconds < 10


def test_a_bot_of_another_game_is_refused_at_its_hello() -> None:
    check = checked(example_command("lexio_greedy"), game="cribbage")
    assert check.failure is not None
    assert check.failure.reason.startswith(
        "its Hello was refused (checked is seated in cribbage, and the bot says it plays "
        "lexio); exited with status"
    )


def test_a_bot_killed_by_its_limits_fails_naming_the_signal() -> None:
    check = checked(python("while True: pass"), limits=BotLimits(cpu_seconds=1), connect_s=30)
    assert check.failure is not None
    assert check.failure.reason.startswith("was killed by signal ")
    assert check.failure.reason.endswith(" before connecting")


def test_a_program_that_is_not_there_cannot_start() -> None:
    check = checked("no-such-program --fast")
    assert check.failure is not None
    assert check.failure.reason == "cannot start 'no-such-program': not found, or not executable"
    assert check.failure.output == ()


def test_a_check_may_use_a_referee_that_serves_already() -> None:
    async def scenario() -> tuple[StartCheck, StartCheck]:
        server = RefereeServer(SessionRegistry())
        await server.start()
        try:
            good = await check_start(
                example_command("cribbage_greedy"), game="cribbage", server=server
            )
            bad = await check_start(python("raise SystemExit(7)"), game="cribbage", server=server)
        finally:
            await server.stop()
        return good, bad

    good, bad = asyncio.run(scenario())
    assert good.started
    assert bad.failure is not None
    assert bad.failure.reason == "exited with status 7 before connecting"
