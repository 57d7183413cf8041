"""Every command of the command line swept with missing, wrong and hostile arguments.

The cases are generated from the parser (``build_parser``). Each command has a baseline:
arguments that do its job quickly against a prepared database (games between bots that
crash when first asked), or, for the commands that serve until stopped, that fail with a
one-line error at the very end (a dashboard address already taken). Then, one argument at a time:
a required one left out; a flag given a value; an option given no value; an unknown
option; a choice that is none; a number that is no number, negative, zero or huge; text
with a NUL, a newline, HTML, shell metacharacters, ten thousand characters, a leading
dash; a database URL that is garbage, unreachable, a directory or read-only; an address
that is garbage, out of range or taken. Whatever the case, the command either does its job
or ends with a one-line error (argparse's usage and one error line for what argparse
finds) and a non-zero status: never a traceback. A new command fails the sweep until it
has a baseline here.

The cases run in this process; a few run through the installed ``croupier`` too, where
nothing but the command itself writes to standard error. The tests of particular messages
are in ``test_cli_errors.py``; those below pin the defects the sweep found.
"""

from __future__ import annotations

import argparse
import enum
import socket
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from croupier_server.cli import build_parser, main
from tests.cpu import cpu_seconds
from tests.e2e.test_cli_errors import croupier
from tests.server.referee.harness import scripted_command
from tests.waiting import patience_s


class Outcome(enum.Enum):
    """What a case may end with."""

    USAGE = "argparse's usage and one error line, status 2"
    REFUSED = "a usage error, or a one-line error and status 1"
    ANY = "the command's job done (status 0), or refused"


@dataclass(frozen=True, slots=True)
class Case:
    """A command line after the command's name, and what it may end with."""

    path: tuple[str, ...]
    argv: tuple[str, ...]
    outcome: Outcome
    what: str

    @property
    def id(self) -> str:
        return f"{' '.join(self.path)}: {self.what}"


CRASHING_BOTS = {"lexio": ("crash0", "crash1", "crash2"), "cribbage": ("pair0",)}
"""Bots that say Hello, then exit when first asked: their games end by forfeit, played by the
referee (a bot that never says Hello would stop a tournament in its first game)."""
CRASHING_COMMAND = scripted_command("crash")

BASELINE_LINES: dict[tuple[str, ...], tuple[str, ...]] = {
    ("bot", "add"): ("sweep-bot --game lexio --command false",),
    ("bot", "list"): ("",),
    ("bot", "people"): ("crash0 closed",),
    ("author", "add"): ("sweep-author",),
    ("author", "list"): ("",),
    ("author", "revoke"): ("ada",),
    ("author", "token"): ("ada",),
    ("ladder", "open"): ("--game lexio --players 3 --seed 1",),
    ("ladder", "list"): ("",),
    ("ladder", "show"): ("1",),
    ("ladder", "close"): ("1",),
    ("match",): (
        "--game lexio --players 3 --rounds 1 --bot crash0 --bot crash1 --bot crash2 --seed 1",
    ),
    ("tournament", "run"): (
        "--game lexio --players 3 --rounds 1 --bots crash0,crash1,crash2 --deals 1 "
        "--no-duplicate --seed 1",
    ),
    ("tournament", "list"): ("",),
    ("tournament", "show"): ("1",),
    ("tournament", "resume"): ("1",),
    # A cribbage game takes seconds even by forfeit: the last check (the bots) fails.
    ("sprt",): (
        "--game cribbage --bot pair0 --bot no-such-bot --max-deals 1 --min-deals 1 --seed 1",
    ),
    ("ratings",): ("--game lexio",),
    ("db", "pack"): ("",),
    ("replay",): ("1",),
    ("serve",): (
        "--listen 127.0.0.1:0 --http {taken}",
        "--game lexio --players 3 --games 1 --no-dashboard",
    ),
    ("dashboard",): ("--http {taken}",),
    ("demo",): ("--examples {empty} --http {taken}", "--examples {empty} --no-dashboard"),
    # The prepared database is SQLite, which holds no job queue: a one-line error at once.
    ("worker",): ("--slots 1 --name sweep",),
}
"""Per command, arguments (split at spaces) that end it quickly; ``{taken}``, ``{empty}``
and ``{database}`` are filled in when a case runs."""

BASELINES = {
    path: tuple(tuple(line.split()) for line in lines) for path, lines in BASELINE_LINES.items()
}

INVALID_CHOICES = ("", "LEXIO", "nine-card", "<b>x</b>")
NOT_INTEGERS = ("", "abc", "1.5", "1e3")
NUMBERS = ("-1", "0", "9" * 30)
FLOATS = ("nan", "inf", "-inf")
TEXTS = (
    "",
    "\x00",
    "two\nlines",
    "<b>bold</b> & 'quoted'",
    "$(touch pwned); `id` | rm -rf ~",
    "x" * 10_000,
    "../../../etc/passwd",
    "-x",
)
ADDRESSES = (
    "",
    "garbage",
    "127.0.0.1:99999",
    "127.0.0.1:-1",
    "[::1",
    "host\x00:1",
    "unix:",
    "unix:/no/such/directory/referee.sock",
    "{taken}",
)
UNREACHABLE_DATABASE = "postgresql+psycopg://nobody@127.0.0.1:1/croupier"
"""A database no server answers for: commands fail at once, a worker waits for it."""

DATABASE_URLS = (
    "\x00",
    "not a url",
    "mysql://localhost/croupier",
    UNREACHABLE_DATABASE,
    "sqlite:///{empty}",
    "sqlite:////no/such/directory/croupier.db",
)
READ_ONLY_DATABASE = "sqlite:///file:{database}?mode=ro&uri=true"
"""Commands that only read do their job; the others fail to write."""


def leaf_commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """Every command that runs (``bot add``, ``match``...) with its parser."""
    groups = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not groups:
        yield path, parser
    for group in groups:
        for name, subparser in group.choices.items():
            yield from leaf_commands(subparser, (*path, name))


def option_of(action: argparse.Action) -> str:
    return max(action.option_strings, key=len)


def converts(action: argparse.Action, text: str) -> bool:
    """Whether the argument's type takes ``text`` at all (whatever it then says of it)."""
    if not callable(action.type):
        return True
    try:
        action.type(text)
    except (ValueError, TypeError, argparse.ArgumentTypeError):
        return False
    return True


def values_for(action: argparse.Action) -> list[tuple[str, Outcome]]:
    """The wrong and hostile values of an argument, each with what it may end with."""
    if action.choices is not None:
        return [(value, Outcome.USAGE) for value in INVALID_CHOICES]
    if action.metavar == "ADDRESS":
        return [(value, Outcome.REFUSED) for value in ADDRESSES]
    if action.dest == "db":
        refused = [(value, Outcome.REFUSED) for value in DATABASE_URLS]
        return [("", Outcome.USAGE), *refused, (READ_ONLY_DATABASE, Outcome.ANY)]
    if not converts(action, "12") or converts(action, "abc"):
        return [(value, Outcome.ANY) for value in TEXTS]
    numbers = [(value, Outcome.ANY) for value in NUMBERS]
    if converts(action, "1.5"):  # a float
        return numbers + [(value, Outcome.ANY) for value in FLOATS]
    return numbers + [(value, Outcome.USAGE) for value in NOT_INTEGERS]


def with_value(
    baseline: tuple[str, ...], parser: argparse.ArgumentParser, action: argparse.Action, value: str
) -> tuple[str, ...]:
    """``baseline`` with the argument of ``action`` set to ``value``."""
    if not action.option_strings:
        positionals = [each for each in parser._actions if not each.option_strings]
        index = positionals.index(action)
        return (*baseline[:index], value, *baseline[index + 1 :])
    option = option_of(action)
    if option in baseline:
        at = baseline.index(option)
        return (*baseline[: at + 1], value, *baseline[at + 2 :])
    return (*baseline, option, value)


def without(
    baseline: tuple[str, ...], parser: argparse.ArgumentParser, action: argparse.Action
) -> tuple[str, ...]:
    """``baseline`` without the argument of ``action`` (every occurrence of an option)."""
    if not action.option_strings:
        positionals = [each for each in parser._actions if not each.option_strings]
        index = positionals.index(action)
        return (*baseline[:index], *baseline[index + 1 :])
    option, kept, skip = option_of(action), [], False
    for token in baseline:
        if skip:
            skip = False
        elif token == option:
            skip = action.nargs != 0
        else:
            kept.append(token)
    return tuple(kept)


def cases_of(path: tuple[str, ...], parser: argparse.ArgumentParser) -> Iterator[Case]:
    """The sweep of one command: each of its arguments, wrong in each way, in each baseline."""
    for number, baseline in enumerate(BASELINES.get(path, ())):
        label = f"baseline {number}"
        yield Case(path, baseline, Outcome.ANY, label)
        yield Case(path, (*baseline, "--no-such-option"), Outcome.USAGE, f"{label}, unknown option")
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction | argparse._VersionAction):
                continue
            name = option_of(action) if action.option_strings else action.dest
            if action.required:
                yield Case(path, without(baseline, parser, action), Outcome.USAGE, f"no {name}")
            if action.option_strings and action.nargs == 0:
                flagged = (*without(baseline, parser, action), f"{name}=yes")
                yield Case(path, flagged, Outcome.USAGE, f"{name}=yes")
                continue
            if action.option_strings:
                dangling = (*baseline, name)
                yield Case(path, dangling, Outcome.USAGE, f"{label}, {name} without a value")
            for value, outcome in values_for(action):
                if path == ("worker",) and value == UNREACHABLE_DATABASE:
                    continue  # a worker waits for its database by design (test_worker_processes)
                argv = with_value(baseline, parser, action, value)
                yield Case(path, argv, outcome, f"{label}, {name} {value[:40]!r}")


COMMANDS = dict(leaf_commands(build_parser()))
CASES = [
    pytest.param(case, id=case.id)
    for path, parser in COMMANDS.items()
    for case in cases_of(path, parser)
]


@dataclass(frozen=True, slots=True)
class Workspace:
    """The prepared database, and what the ``{placeholders}`` of the cases stand for."""

    database: Path
    empty: Path
    taken: str

    @property
    def url(self) -> str:
        return f"sqlite:///{self.database}"

    def fill(self, argument: str) -> str:
        """``argument`` with its ``{placeholders}`` filled in."""
        for placeholder, value in (
            ("{empty}", str(self.empty)),
            ("{taken}", self.taken),
            ("{database}", str(self.database)),
        ):
            argument = argument.replace(placeholder, value)
        return argument

    def argv(self, case: Case) -> list[str]:
        argv = [self.fill(argument) for argument in case.argv]
        database = [] if "--db" in case.argv else ["--db", self.url]
        return [*case.path, *database, *argv]


@pytest.fixture(scope="module")
def taken_address() -> Iterator[str]:
    """An address of this machine something else listens on."""
    with socket.create_server(("127.0.0.1", 0)) as listening:
        yield f"127.0.0.1:{listening.getsockname()[1]}"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory, taken_address: str) -> Workspace:
    """A database with crashing bots, a finished game and a finished tournament."""
    root = tmp_path_factory.mktemp("sweep")
    (root / "empty").mkdir()
    space = Workspace(root / "sweep.db", root / "empty", taken_address)
    for game, names in CRASHING_BOTS.items():
        for name in names:
            register = ["bot", "add", name, "--game", game, "--command", CRASHING_COMMAND]
            assert main([*register, "--db", space.url]) == 0
    assert main(["author", "add", "ada", "--db", space.url]) == 0
    for path in [("tournament", "run"), ("match",)]:  # tournament 1 and its game 1, game 2
        assert main([*path, *BASELINES[path][0], "--db", space.url]) == 0
    return space


def assert_ended_properly(status: int, err: str, outcome: Outcome) -> None:
    """The command did its job, or said in its last line, and only there, why not.

    Lines before it are argparse's usage, or the progress a command reports as it goes.
    """
    assert "Traceback" not in err
    if status == 0:
        assert outcome is Outcome.ANY, "this is no valid command line"
        return
    *before, last = err.splitlines()
    assert err.endswith("\n")
    assert not any(": error: " in line for line in before), err
    if status == 2:
        assert err.startswith("usage: croupier")
        assert last.startswith("croupier")
        assert ": error: " in last
        return
    assert outcome is not Outcome.USAGE, f"argparse should have refused it: {err}"
    assert status == 1
    assert last.startswith("croupier: error: ")


def test_every_command_has_a_baseline() -> None:
    assert set(COMMANDS) == set(BASELINES)


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES)
def test_a_hostile_argument_ends_in_one_line_never_a_traceback(
    case: Case,
    workspace: Workspace,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    monkeypatch.chdir(tmp_path)  # whatever a command writes where it runs lands there
    status, err = croupier(capsys, *workspace.argv(case))
    assert_ended_properly(status, err, case.outcome)


FOUND = {  # argv after "croupier" (split at spaces), status, the start of the last line
    "an id past the database's range": (
        f"replay {'9' * 30}",
        2,
        "croupier replay: error: argument GAME_ID: expected a number of at most 2147483647",
    ),
    "a tournament past the database's range": (
        f"ratings --game lexio --tournament {'9' * 30}",
        2,
        "croupier ratings: error: argument --tournament: expected a number of at most",
    ),
    "a tournament that does not exist": (
        "ratings --game lexio --tournament 99",
        1,
        "croupier: error: no tournament 99",
    ),
    "a seed past 64 bits": (
        f"match --game lexio --players 3 --bot crash0 --seed {'9' * 30}",
        2,
        "croupier match: error: argument --seed: expected a seed of 64 bits at most",
    ),
    "a time past the wire's numbers": (
        f"match --game lexio --players 3 --bot crash0 --decision-ms {'9' * 30}",
        2,
        "croupier match: error: argument --decision-ms: expected a number of at most",
    ),
    "rounds past the wire's numbers": (
        f"match --game lexio --players 3 --bot crash0 --rounds {'9' * 30}",
        2,
        "croupier match: error: argument --rounds: expected a number of at most",
    ),
    "a limit past the wire's numbers": (
        f"bot add big --game lexio --command false --memory-mb {'9' * 30}",
        2,
        "croupier bot add: error: argument --memory-mb: expected a number of at most",
    ),
    "a referee port past 65535": (
        "match --game lexio --players 3 --rounds 1 --bot crash0 --bot crash1 --bot crash2 "
        "--listen 127.0.0.1:99999",
        1,
        "croupier: error: cannot listen on 127.0.0.1:99999: '127.0.0.1:99999' is no "
        "HOST:PORT address (port 0 to 65535)",
    ),
    "a referee address taken": (
        "match --game lexio --players 3 --rounds 1 --bot crash0 --bot crash1 --bot crash2 "
        "--listen {taken}",
        1,
        "croupier: error: cannot listen on {taken}: [Errno 98] Address already in use",
    ),
    "a dashboard port past 65535": (
        "dashboard --http 127.0.0.1:99999",
        1,
        "croupier: error: cannot serve the dashboard on 127.0.0.1:99999: '127.0.0.1:99999' "
        "is no HOST:PORT address",
    ),
    "a bot name with spaces around": (
        "bot add  --game lexio --command false",  # the name is the empty string between
        1,
        "croupier: error: a bot name is 1 to 64 printable characters",
    ),
    "an empty database URL": (
        "bot list --db ",
        2,
        "croupier bot list: error: argument --db: expected a database URL, got ''",
    ),
    "the demo's dashboard address taken": (
        "demo --examples {empty} --http {taken}",
        1,
        "croupier: error: cannot serve the dashboard on {taken}: [Errno 98]",
    ),
}
"""The defects the sweep found, each with the message it now ends with."""


@pytest.mark.parametrize(("line", "status", "error"), FOUND.values(), ids=FOUND.keys())
def test_what_the_sweep_found_ends_in_one_line(
    workspace: Workspace,
    capsys: pytest.CaptureFixture[str],
    line: str,
    status: int,
    error: str,
) -> None:
    argv = [workspace.fill(argument) for argument in line.split(" ")]
    if "--db" not in argv:
        argv += ["--db", workspace.url]
    started = cpu_seconds()
    ended, err = croupier(capsys, *argv)
    assert (ended, err.splitlines()[-1][: len(workspace.fill(error))]) == (
        status,
        workspace.fill(error),
    )
    assert cpu_seconds() - started < 10  # the demo fails before it plays


EXECUTABLE_CASES = {
    "an id past the database's range": (f"replay {'9' * 30}", 2),
    "a referee address taken": ("match --game lexio --players 3 --bot crash0 --listen {taken}", 1),
    "a dashboard address out of range": ("dashboard --http 127.0.0.1:99999", 1),
    "an unreachable database": (
        "bot list --db postgresql+psycopg://nobody@127.0.0.1:1/croupier",
        1,
    ),
    "a bot name too long": (f"bot add {'x' * 100} --game lexio --command false", 1),
}


@pytest.mark.parametrize(("line", "status"), EXECUTABLE_CASES.values(), ids=EXECUTABLE_CASES.keys())
def test_the_installed_command_ends_in_one_line_too(
    workspace: Workspace, tmp_path: Path, line: str, status: int
) -> None:
    """Nothing else writes to standard error: not gRPC's own logging, not a warning."""
    argv = [workspace.fill(argument) for argument in line.split(" ")]
    finished = subprocess.run(
        [Path(sys.executable).with_name("croupier"), *argv, "--db", workspace.url]
        if "--db" not in argv
        else [Path(sys.executable).with_name("croupier"), *argv],
        capture_output=True,
        text=True,
        timeout=patience_s(),
        check=False,
        cwd=tmp_path,
    )
    assert finished.returncode == status
    assert_ended_properly(finished.returncode, finished.stderr, Outcome.REFUSED)
    if status == 1:
        assert finished.stderr.count("\n") == 1, finished.stderr
