"""Containment through the command line: registering bots that run in an empty directory,
limits set per bot and per match or tournament (kept for ``resume``), and bot processes
ended with the command on SIGTERM, pooled ones included (docs/referee.md, "Containment").

What a bot noted is read from its stored output (its registration keeps all of it,
``--output-kb``); its processes are found in /proc by a tag on their command lines.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from croupier_server.bot_commands import absolute_command
from croupier_server.cli import main
from croupier_server.db import create_database_engine
from tests.server.referee.harness import (
    NOTES_OUTPUT_KB,
    ProcessWatch,
    Transcript,
    example_command,
    is_running,
    new_tag,
    scripted_command,
    stored_transcripts,
    tagged_processes,
)
from tests.server.referee.processes import SeenProcess
from tests.waiting import ended

pytestmark = [
    pytest.mark.parametrize("database_url", ["sqlite"], indirect=True),
]

CROUPIER = Path(sys.executable).with_name("croupier")
INTERRUPTED = 130
"""The status of a command ended by Ctrl-C, and by SIGTERM likewise."""
ALL_OUTPUT = ["--output-kb", str(NOTES_OUTPUT_KB)]
"""The limit that keeps all of a recording bot's notes."""


def croupier(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run the command line in this process; its standard output (it must succeed)."""
    capsys.readouterr()
    assert main(list(argv)) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def rlimits_noted(database_url: str, bot: str) -> list[dict[str, list[int]]]:
    """The resource limits each process of the ``inspect`` bot ``bot`` noted, in stored games."""
    engine = create_database_engine(database_url)
    try:
        transcripts = stored_transcripts(engine, bot)
    finally:
        engine.dispose()
    return [limits for transcript in transcripts for limits in transcript.all("rlimits")]


def stubborn_is_up(running: list[SeenProcess]) -> bool:
    """Whether the processes of a stubborn bot are its own and its child, ignoring SIGTERM."""
    return len(running) == 2 and any(process.ignores_sigterm for process in running)


def terminate(command: list[str], tag: str) -> list[int]:
    """Run ``command``, send it SIGTERM once the stubborn bot tagged ``tag`` is up.

    Returns the ids of the bot's process and child (the command must exit as interrupted).
    """
    process = subprocess.Popen([str(CROUPIER), *command], stderr=subprocess.PIPE, text=True)
    try:
        with ProcessWatch(tag) as watch:
            up = watch.wait_for(stubborn_is_up, "the stubborn bot and its child")
        process.send_signal(signal.SIGTERM)
        _, err = ended(process)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == INTERRUPTED, err
    assert "croupier: interrupted" in err
    return [process.pid for process in up]


ABSOLUTE = {
    "a script": ("python bots/bot.py --level 3", "python {here}/bots/bot.py --level 3"),
    "a program with a slash": ("./bots/bot.py", "{here}/bots/bot.py"),
    "a directory argument": ("node bots", "node {here}/bots"),
    "a program without a slash is looked up in PATH": ("bots --x", "bots --x"),
    "nothing changed: the text is kept": ("python  -u 'a b'", "python  -u 'a b'"),
    "an absolute path": ("python /bin/sh", "python /bin/sh"),
    "quoting kept where needed": ("python 'bots/my bot.py'", "python '{here}/bots/my bot.py'"),
}


@pytest.mark.parametrize(("command", "expected"), ABSOLUTE.values(), ids=ABSOLUTE.keys())
def test_the_arguments_naming_files_here_are_made_absolute(
    tmp_path: Path, command: str, expected: str, database_url: str
) -> None:
    (tmp_path / "bots").mkdir()
    (tmp_path / "bots" / "bot.py").touch()
    (tmp_path / "bots" / "my bot.py").touch()
    assert absolute_command(command, str(tmp_path)) == expected.format(here=tmp_path)


def test_a_command_that_is_no_command_line_is_refused(database_url: str) -> None:
    with pytest.raises(ValueError, match="cannot parse the command"):
        absolute_command("python 'unclosed", "/")


def test_bot_add_stores_an_absolute_command_and_the_limits_set(
    database_url: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("bot.py").touch()
    add = ["bot", "add", "local", "--game", "lexio", "--command", "python bot.py", "--no-check"]
    limits = ["--memory-mb", "512", "--max-processes", "16", "--network"]
    out = croupier(capsys, *add, *limits, "--db", database_url)
    assert out == f"registered bot local (lexio): python {tmp_path}/bot.py\n"
    (bot,) = json.loads(croupier(capsys, "bot", "list", "--json", "--db", database_url))
    assert bot["command"] == f"python {tmp_path}/bot.py"
    assert bot["limits"] == {"memory_mb": 512, "processes": 16, "network": True}


def test_limits_are_refused_for_a_remote_bot(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    add = ["bot", "add", "far", "--game", "lexio", "--remote", "--open-files", "9"]
    assert main([*add, "--db", database_url]) == 1
    assert "limits are for the bots the referee starts" in capsys.readouterr().err


def test_a_match_applies_the_stricter_of_the_bots_and_its_own_limits(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    inspector = scripted_command("inspect", record=True)
    for name, command, limits in [
        ("greedy", example_command("cribbage_greedy"), []),
        ("inspector", inspector, ["--open-files", "60", "--cpu-seconds", "90", *ALL_OUTPUT]),
    ]:
        add = ["bot", "add", name, "--game", "cribbage", "--command", command, *limits]
        croupier(capsys, *add, "--db", database_url)
    match = ["match", "--game", "cribbage", "--bot", "greedy", "--bot", "inspector"]
    options = ["--match-points", "1", "--open-files", "80", "--cpu-seconds", "30", "--json"]
    result = json.loads(croupier(capsys, *match, *options, "--db", database_url))
    assert [seat["faults"] for seat in result["seats"]] == [[], []]
    engine = create_database_engine(database_url)
    try:
        rlimits = Transcript.stored(engine, result["game_id"], seat=1).note("rlimits")
    finally:
        engine.dispose()
    assert rlimits["RLIMIT_NOFILE"] == [60, 60]
    assert rlimits["RLIMIT_CPU"] == [30, 31]


ONE_DEAL_OF_CRIBBAGE = [
    *("tournament", "run", "--game", "cribbage", "--match-points", "1"),
    *("--deals", "1", "--no-duplicate"),
]
"""A short cribbage tournament, before its bots and options."""


def add_cribbage_bots(
    capsys: pytest.CaptureFixture[str], database_url: str, **commands: str
) -> None:
    """Register a cribbage bot per keyword: its name and its command; all its output kept."""
    for name, command in commands.items():
        argv = ["bot", "add", name, "--game", "cribbage", "--command", command, *ALL_OUTPUT]
        croupier(capsys, *argv, "--db", database_url)


def test_sigterm_ends_a_tournament_with_its_bots_and_resume_keeps_its_limits(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    stubborn, inspector = new_tag(), new_tag()
    add_cribbage_bots(
        capsys,
        database_url,
        stubborn=scripted_command("stubborn", tag=stubborn),
        inspector=scripted_command("inspect", record=True, tag=inspector),
    )
    options = ["--bots", "stubborn,inspector", "--open-files", "77", "--concurrency", "1"]
    with ProcessWatch(inspector) as interrupted_inspectors:
        pids = terminate([*ONE_DEAL_OF_CRIBBAGE, *options, "--db", database_url], stubborn)
    # The stubborn bot ignores SIGTERM and has a child: both were killed with the command.
    assert len(pids) == 2
    assert not [pid for pid in pids if is_running(pid)]
    assert tagged_processes(stubborn) == tagged_processes(inspector) == {}

    # An interrupted game is stored aborted, without its bots' output: the limits of the
    # inspector started for it are read in /proc, where the test saw it run.
    interrupted = [
        {"RLIMIT_NOFILE": list(process.open_files)} for process in interrupted_inspectors.bots()
    ]
    started_before = len(interrupted + rlimits_noted(database_url, "inspector"))
    resumed = json.loads(
        croupier(capsys, "tournament", "resume", "1", "--json", "--db", database_url)
    )
    assert resumed["status"] == "finished"
    assert resumed["limits"] == {"open_files": 77}
    every_process = interrupted + rlimits_noted(database_url, "inspector")
    assert len(every_process) > started_before
    assert all(rlimits["RLIMIT_NOFILE"] == [77, 77] for rlimits in every_process)


def test_sigterm_ends_the_pooled_processes_of_a_tournament(
    database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    stubborn = new_tag()
    add_cribbage_bots(
        capsys,
        database_url,
        stubborn=scripted_command("stubborn", tag=stubborn),
        greedy=example_command("cribbage_greedy"),
    )
    options = ["--bots", "stubborn,greedy", "--processes", "reuse", "--concurrency", "1"]
    pids = terminate([*ONE_DEAL_OF_CRIBBAGE, *options, "--db", database_url], stubborn)
    assert len(pids) == 2
    assert not [pid for pid in pids if is_running(pid)]
    assert tagged_processes(stubborn) == {}
