"""croupier-bot play: real bot processes against the SDK's opponents, over real gRPC.

Each test runs the installed ``croupier-bot`` as a process, which starts the bot in its
directory as its manifest says and referees it on loopback with the server's rules.
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path
from typing import NoReturn

import pytest

from tests.waiting import patience_s

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"
SCRIPTED = ROOT / "tests" / "fakebots" / "scripted.py"
CROUPIER_BOT = Path(sys.executable).parent / "croupier-bot"
SUMMARY = re.compile(
    r"^(?P<bot>\S+): (?P<wins>\d+) wins? in (?P<games>\d+) games?, mean score -?[\d.]+; "
    r"faults: (?P<faults>[^;]+); (?P<timing>.*)$"
)


def bot_dir(tmp_path: Path, command: str, *, game: str = "lexio", name: str = "tried") -> Path:
    """A bot's directory holding only its manifest."""
    directory = tmp_path / name
    directory.mkdir()
    (directory / "croupier.toml").write_text(
        f'name = "{name}"\ngame = "{game}"\ncommand = {command!r}\n'
    )
    return directory


def play(directory: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``croupier-bot play DIR ARGS`` as a process, from another directory."""
    return subprocess.run(
        [str(CROUPIER_BOT), "play", str(directory), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=patience_s(),
        cwd=directory.parent,
    )


def scripted(behaviour: str) -> str:
    return f"python {shlex.quote(str(SCRIPTED))} {behaviour} --protocol 2"


def summary(out: str) -> dict[str, str]:
    found = SUMMARY.match(out.splitlines()[-1])
    assert found, out
    return found.groupdict()


@pytest.mark.parametrize(
    ("example", "game", "games"),
    [
        ("lexio_greedy", "lexio", 4),
        ("lexio_random", "lexio", 3),
        ("cribbage_greedy", "cribbage", 2),
    ],
)
def test_an_example_plays_every_seat_without_a_fault(
    tmp_path: Path, example: str, game: str, games: int
) -> None:
    directory = bot_dir(tmp_path, f"python {EXAMPLES / example}.py", game=game)
    done = play(directory, "--games", str(games), "--seed", "7")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"tried ({game}, ")
    assert lines[0].endswith("; not sealed")
    played = [line for line in lines if line.startswith("game ")]
    assert [line.split(":")[0] for line in played] == [
        f"game {number} (seed {6 + number}, seat {(number - 1) % (4 if game == 'lexio' else 2)})"
        for number in range(1, games + 1)
    ]
    found = summary(done.stdout)
    assert found["games"] == str(games)
    assert found["faults"] == "none"
    assert re.fullmatch(r"latency mean [\d.]+ ms, max [\d.]+ ms", found["timing"])
    assert done.stderr == ""


def test_the_same_seed_plays_the_same_games(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, f"python {EXAMPLES / 'lexio_greedy.py'}")
    first, second = (play(directory, "--games", "2", "--seed", "11") for _ in range(2))
    results = [
        [line.split("  [")[0] for line in run.stdout.splitlines() if line.startswith("game ")]
        for run in (first, second)
    ]
    assert results[0] == results[1]
    assert len(results[0]) == 2


def test_an_opponent_runs_as_a_bot_process(tmp_path: Path) -> None:
    command = "python -m croupier.opponents random --game cribbage"
    directory = bot_dir(tmp_path, command, game="cribbage")
    done = play(directory, "--games", "2", "--against", "greedy", "--variant", "five-card")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "tried (cribbage, five-card) against greedy: 2 games from seed" in done.stdout
    assert "[tried, greedy]" in done.stdout
    assert "[greedy, tried]" in done.stdout


def test_an_executable_starts_from_its_directory(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, "./bot --quick")
    (directory / "bot").write_text(
        f"#!/bin/sh\nexec {shlex.quote(sys.executable)} {EXAMPLES / 'lexio_greedy.py'}\n"
    )
    (directory / "bot").chmod(0o755)
    done = play(directory, "--games", "1")
    assert done.returncode == 0, done.stdout + done.stderr
    (directory / "bot").chmod(0o644)
    refused = play(directory, "--games", "1")
    assert "  crash: cannot start './bot --quick': ./bot is not executable" in refused.stdout


@pytest.fixture(scope="module")
def node_bot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """examples/js/bot.js as an author ships it: with its node_modules, from npm ci."""
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        missing("node and npm are needed for the Node.js bot")
    root = tmp_path_factory.mktemp("node")
    shutil.copytree(ROOT / "proto", root / "proto")  # bot.js reads ../../proto
    directory = root / "bots" / "js"
    directory.mkdir(parents=True)
    for name in ("bot.js", "package.json", "package-lock.json"):
        shutil.copy(EXAMPLES / "js" / name, directory / name)
    command = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"]
    installed = subprocess.run(
        command, cwd=directory, capture_output=True, text=True, check=False, timeout=patience_s()
    )
    if installed.returncode != 0:
        missing(f"npm ci failed: {installed.stderr.strip().splitlines()[-1:]}")
    (directory / "croupier.toml").write_text(
        'name = "js"\ngame = "cribbage"\ncommand = "node bot.js"\n'
    )
    return directory


def missing(reason: str) -> NoReturn:
    """Skip, unless CROUPIER_REQUIRE_NODE=1 (CI) makes a missing Node.js a failure."""
    if os.environ.get("CROUPIER_REQUIRE_NODE") == "1":
        pytest.fail(f"{reason} (CROUPIER_REQUIRE_NODE=1)")
    pytest.skip(reason)


@pytest.mark.slow
def test_a_nodejs_bot_plays_with_its_node_modules(node_bot: Path) -> None:
    done = play(node_bot, "--games", "2", "--seed", "3")
    assert done.returncode == 0, done.stdout + done.stderr
    assert summary(done.stdout)["faults"] == "none"


def test_a_crash_is_one_line_with_the_bots_last_output(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, "python bot.py")
    (directory / "bot.py").write_text(
        "import croupier\n"
        "class Buggy(croupier.Bot):\n"
        "    def act(self, observation):\n"
        "        print('thinking hard \\x1b[31mred', flush=True)\n"
        "        raise RuntimeError('a bug in act')\n"
        "croupier.run(Buggy())\n"
    )
    done = play(directory, "--games", "1", "--seed", "1")
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert lines[1].startswith("game 1 (seed 1, seat 0): ")
    assert lines[1].split("  [")[0].endswith(", forfeited")
    assert lines[2] == "  crash: the bot closed its stream"
    assert lines[3] == "  its last output:"
    assert lines[4] == "    | thinking hard \\x1b[31mred"  # shown, not obeyed
    assert lines[-2] == "    | RuntimeError: a bug in act"
    assert summary(done.stdout)["faults"] == "1 crash"


def test_a_slow_bot_is_paid_by_its_bank_then_timed_out(tmp_path: Path) -> None:
    slow = scripted("slow --after 1 --times 1 --delay-ms 600")
    directory = bot_dir(tmp_path, slow)
    paid = play(directory, "--games", "1", "--decision-ms", "300", "--bank-ms", "1000")
    assert paid.returncode == 0, paid.stdout
    maximum = float(re.findall(r"max ([\d.]+) ms", paid.stdout)[0])
    assert 600 <= maximum < 1300
    late = play(directory, "--games", "1", "--decision-ms", "300", "--bank-ms", "100")
    assert late.returncode == 1
    assert "\n  timeout: no answer in 400 ms\n" in late.stdout
    assert summary(late.stdout)["faults"] == "1 timeout"


def test_a_hanging_bot_is_forfeited_after_its_strikes(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, scripted("hang --after 1"))
    done = play(directory, "--games", "1", "--decision-ms", "100", "--bank-ms", "0")
    assert done.returncode == 1
    faults = [line for line in done.stdout.splitlines() if line.startswith("  ")]
    assert faults == ["  timeout: no answer in 100 ms"] * 3  # then forfeited
    assert ", forfeited  [" in done.stdout


@pytest.mark.parametrize(
    ("behaviour", "fault"),
    [
        ("illegal --after 1 --times 1", r"  illegal_action: .+ is not legal now"),
        ("empty-action --after 1 --times 1", r"  malformed: the action names no game .*"),
        ("other-game --after 1 --times 1", r"  malformed: .*"),
        ("unknown-request --after 1 --times 1", r"  wrong_request: an answer to request \d+, .*"),
    ],
)
def test_a_bad_answer_is_charged_as_the_server_charges_it(
    tmp_path: Path, behaviour: str, fault: str
) -> None:
    directory = bot_dir(tmp_path, scripted(behaviour))
    done = play(directory, "--games", "1", "--seed", "2")
    assert done.returncode == 1
    faults = [line for line in done.stdout.splitlines() if line.startswith("  ")]
    assert len(faults) == 1, done.stdout
    assert re.fullmatch(fault, faults[0]), faults
    assert "forfeited" not in done.stdout  # one strike at most: it plays on


@pytest.mark.parametrize(
    ("command", "fault"),
    [
        ("crash-at-start", "  crash: exited with status 3 before connecting"),
        (
            "honest --games cribbage",
            "  crash: its Hello was refused (tried is seated in lexio, and the bot says it "
            "plays cribbage); exited with status 4 before connecting",
        ),
    ],
)
def test_a_bot_that_never_joins_forfeits_its_seat(tmp_path: Path, command: str, fault: str) -> None:
    directory = bot_dir(tmp_path, scripted(command))
    done = play(directory, "--games", "1")
    assert done.returncode == 1
    assert fault in done.stdout.splitlines()
    assert summary(done.stdout)["timing"] == "no decision answered"


def test_a_command_that_cannot_start_says_why(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, "node-that-is-not-here bot.js")
    done = play(directory, "--games", "1")
    assert done.returncode == 1
    assert (
        "  crash: cannot start 'node-that-is-not-here bot.js': node-that-is-not-here not found"
        in done.stdout.splitlines()
    )


def test_the_bot_runs_in_its_directory_without_the_author_token(tmp_path: Path) -> None:
    directory = bot_dir(tmp_path, "python bot.py")
    (directory / "bot.py").write_text(
        "import os, pathlib, croupier\n"
        "from croupier.opponents.lexio import GreedyLexioBot\n"
        "pathlib.Path('seen.txt').write_text(' '.join(sorted(os.environ)))\n"
        "croupier.run(GreedyLexioBot())\n"
    )
    done = subprocess.run(
        [str(CROUPIER_BOT), "play", str(directory), "--games", "1"],
        capture_output=True,
        text=True,
        check=False,
        timeout=patience_s(),
        env={"PATH": "/usr/bin:/bin", "CROUPIER_AUTHOR_TOKEN": "secret", "CROUPIER_BOT_X": "1"},
    )
    assert done.returncode == 0, done.stdout + done.stderr
    seen = (directory / "seen.txt").read_text().split()
    assert "CROUPIER_ADDRESS" in seen
    assert "CROUPIER_TOKEN" in seen
    assert "CROUPIER_BOT_X" in seen
    assert "CROUPIER_AUTHOR_TOKEN" not in seen


@pytest.mark.parametrize(
    ("args", "status", "error"),
    [
        (
            ["--against", "clever"],
            2,
            "--against: no opponent 'clever' for lexio (it has greedy, random)",
        ),
        (["--players", "6"], 2, "lexio is for 3, 4, 5 players here, not 6"),
        (
            ["--variant", "six-card"],
            2,
            "lexio has no variant 'six-card' (4 players, 3 players, 5 players)",
        ),
        (["--games", "0"], 2, "argument --games: a whole number of at least 1, not '0'"),
    ],
)
def test_bad_arguments_are_one_line(
    tmp_path: Path, args: list[str], status: int, error: str
) -> None:
    directory = bot_dir(tmp_path, f"python {EXAMPLES / 'lexio_greedy.py'}")
    done = play(directory, *args)
    assert done.returncode == status
    assert done.stdout == ""
    last = done.stderr.splitlines()[-1]  # after argparse's usage, if it is argparse's
    assert last.startswith("croupier-bot")
    assert last.endswith(error)


def test_a_directory_without_a_manifest_is_refused(tmp_path: Path) -> None:
    done = play(tmp_path)
    assert done.returncode == 1
    assert done.stderr == f"croupier-bot: croupier.toml: there is none in {tmp_path}\n"


def test_the_help_says_what_it_needs_and_that_it_is_not_sealed() -> None:
    shown = subprocess.run(
        [str(CROUPIER_BOT), "play", "--help"], capture_output=True, text=True, check=True
    ).stdout
    flat = " ".join(shown.split())
    assert "Python 3.11+ with this SDK" in flat
    assert "node for a Node.js bot" in flat
    assert "Not sealed" in flat
    assert "1000 ms a decision, a bank of 10000 ms" in flat
