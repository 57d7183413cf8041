"""croupier-bot submit, versions and retire against the dashboard's real API over real HTTP.

The dashboard is the real application served by uvicorn on loopback; what stores an upload
is the dashboard tests' stand-in (``tests/web/submitting.py``), which keeps a version as
received: this test moves it on as the server's checker would, while ``croupier-bot submit``
follows it. ``croupier-bot`` runs as a process, as an author runs it.
"""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session, select

from croupier.bot_cli._versions import version_row
from croupier_server.db.submissions import BotVersionRecord, VersionStatus
from croupier_server.web import DashboardServer
from tests.waiting import ended, next_line, patience_s, wait_for
from tests.web.submitting import Site, make_site

CROUPIER_BOT = Path(sys.executable).parent / "croupier-bot"
EXAMPLES = Path(__file__).parents[2] / "examples"


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Site, str]]:
    """The dashboard with authors ada and bob, served on a free port; its URL."""
    for site in make_site(tmp_path):
        server = DashboardServer(site.client.app, "127.0.0.1:0")  # type: ignore[arg-type]
        thread = threading.Thread(target=asyncio.run, args=(server.serve(),), daemon=True)
        thread.start()
        try:
            yield site, server.url.rstrip("/")
        finally:
            server.stop()
            thread.join(timeout=10)


def bot_dir(tmp_path: Path, name: str = "tried") -> Path:
    directory = tmp_path / name
    directory.mkdir(exist_ok=True)
    (directory / "croupier.toml").write_text(
        f'name = "{name}"\ngame = "lexio"\ncommand = "python bot.py"\n'
    )
    (directory / "bot.py").write_text((EXAMPLES / "lexio_greedy.py").read_text())
    (directory / "__pycache__").mkdir(exist_ok=True)
    (directory / "__pycache__" / "bot.cpython-311.pyc").write_bytes(b"\0")
    return directory


def croupier_bot(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """``croupier-bot ARGS`` with no CROUPIER_ variable but those of ``env``."""
    return subprocess.run(
        [str(CROUPIER_BOT), *args],
        capture_output=True,
        text=True,
        check=False,
        timeout=patience_s(),
        env={**clean_env(), **(env or {})},
    )


def clean_env() -> dict[str, str]:
    return {name: value for name, value in os.environ.items() if not name.startswith("CROUPIER_")}


def set_status(site: Site, number: int, status: VersionStatus, detail: str, log: str = "") -> None:
    with Session(site.engine) as session:
        version = session.exec(
            select(BotVersionRecord).where(BotVersionRecord.number == number)
        ).one()
        version.status = status
        version.detail = detail
        if log:
            version.check_log = log
        session.add(version)
        session.commit()


def wait_for_version(site: Site, number: int) -> None:
    """Wait until version ``number`` is stored."""

    def stored() -> BotVersionRecord | None:
        with Session(site.engine) as session:
            return session.exec(
                select(BotVersionRecord).where(BotVersionRecord.number == number)
            ).first()

    wait_for(stored, f"version {number} to be stored")


def test_submit_shows_each_check_as_it_runs_until_active(
    served: tuple[Site, str], tmp_path: Path
) -> None:
    site, url = served
    directory = bot_dir(tmp_path)
    env = {"CROUPIER_SERVER": url, "CROUPIER_AUTHOR_TOKEN": site.tokens["ada"]}
    submitting = subprocess.Popen(
        [str(CROUPIER_BOT), "submit", str(directory)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Each line as it is printed: the test changes the status once the last one is shown.
        env={**clean_env(), **env, "PYTHONUNBUFFERED": "1"},
    )
    shown = [next_line(submitting) for _ in range(3)]  # packed, uploaded, received
    for status, detail in [
        (VersionStatus.CHECKING, "making its environment"),
        (VersionStatus.CHECKING, "check game 1 of 3 against lexio-random"),
        (VersionStatus.ACTIVE, ""),
    ]:
        set_status(site, 1, status, detail)
        shown.append(next_line(submitting))
    out, err = ended(submitting)
    assert submitting.returncode == 0, err
    assert err == ""
    out = "".join(shown) + out
    assert out.splitlines() == [
        "packed tried (lexio): 2 files, " + out.split(", ", 1)[1].split("\n")[0],
        f"uploaded tried@1: {url}/bots/tried/versions/1",
        "  received",
        "  checking: making its environment",
        "  checking: check game 1 of 3 against lexio-random",
        "  active",
    ]
    assert site.rows() == (2, 1, 1)  # the bot and its version; one archive


def test_a_rejected_version_exits_1_with_why_and_its_log(
    served: tuple[Site, str], tmp_path: Path
) -> None:
    site, url = served
    directory = bot_dir(tmp_path)
    log = "".join(f"line {number}\n" for number in range(1, 31)) + "\x1b[2Jcleared?\n"
    args = ["submit", str(directory), "--server", url, "--token", site.tokens["ada"]]
    submitting = subprocess.Popen(
        [str(CROUPIER_BOT), *args], stdout=subprocess.PIPE, text=True, env=clean_env()
    )
    wait_for_version(site, 1)
    set_status(site, 1, VersionStatus.REJECTED, "check game 2 of 3: crash: exited", log)
    out, _ = ended(submitting)
    assert submitting.returncode == 1
    lines = out.splitlines()
    assert lines[-22] == "  rejected: check game 2 of 3: crash: exited"
    assert lines[-21] == "the end of its check log (20 of 31 lines):"
    assert lines[-20] == "  | line 12"
    assert lines[-1] == "  | \\x1b[2Jcleared?"


def test_versions_lists_them_and_retire_retires_ones_own(
    served: tuple[Site, str], tmp_path: Path
) -> None:
    site, url = served
    ada = ["--server", url, "--token", site.tokens["ada"]]
    directory = bot_dir(tmp_path)
    assert croupier_bot("submit", str(directory), "--no-wait", *ada).returncode == 0
    (directory / "bot.py").write_text("# a second version\n")
    second = croupier_bot("submit", str(directory), "--no-wait", *ada)
    assert second.returncode == 0, second.stderr
    assert second.stdout.splitlines()[-1] == f"uploaded tried@2: {url}/bots/tried/versions/2"
    set_status(site, 1, VersionStatus.REJECTED, "said no Hello within 20 s")
    listed = croupier_bot("versions", "tried", "--server", url)  # public: no token
    assert listed.returncode == 0, listed.stderr
    lines = listed.stdout.splitlines()
    assert lines[0] == f"tried (lexio), by ada: {url}/bots/tried"
    assert lines[1].split() == ["#", "status", "rating", "[95%]", "games", "received", "detail"]
    rows = [line.split(None, 4) for line in lines[2:]]
    assert sorted((row[0], row[1], row[2], row[3]) for row in rows) == [
        ("1", "rejected", "-", "0"),
        ("2", "received", "-", "0"),
    ]
    assert any(line.endswith("said no Hello within 20 s") for line in lines)

    bob = ["--server", url, "--token", site.tokens["bob"]]
    refused = croupier_bot("retire", "tried@2", *bob)
    assert refused.returncode == 1
    assert refused.stderr.endswith("(HTTP 403)\n")
    assert refused.stderr.count("\n") == 1
    retired = croupier_bot("retire", "tried@2", *ada)
    assert retired.returncode == 0, retired.stderr
    assert retired.stdout == "retired tried@2: it plays no more, and keeps its games and rating\n"
    assert "retired" in croupier_bot("versions", "tried", "--server", url).stdout


def test_the_servers_refusals_are_one_line_with_its_detail(
    served: tuple[Site, str], tmp_path: Path
) -> None:
    site, url = served
    directory = bot_dir(tmp_path)
    assert croupier_bot("submit", str(directory), "--no-wait", "--server", url,
                        "--token", site.tokens["ada"]).returncode == 0  # fmt: skip
    taken = croupier_bot("submit", str(directory), "--server", url, "--token", site.tokens["bob"])
    assert taken.returncode == 1
    assert taken.stderr == "croupier-bot: 'tried' is another author's bot (HTTP 403)\n"
    wrong = croupier_bot("submit", str(directory), "--server", url, "--token", "not-a-token")
    assert wrong.returncode == 1
    assert wrong.stderr.startswith("croupier-bot: ")
    assert wrong.stderr.endswith(" (HTTP 401)\n")
    assert wrong.stderr.count("\n") == 1
    missing = croupier_bot("versions", "nobody", "--server", url)
    assert missing.returncode == 1
    assert missing.stderr.endswith(" (HTTP 404)\n")
    assert site.rows() == (2, 1, 1)  # nothing more stored


@pytest.mark.parametrize(
    ("args", "env", "status", "error"),
    [
        (["versions", "x"], {}, 2, "which server? pass --server URL or set CROUPIER_SERVER"),
        (["versions", "x", "--server", "ftp://x"], {}, 2, "the server 'ftp://x' is no http:// or"),
        (
            ["retire", "x@1", "--server", "http://127.0.0.1:9"],
            {"CROUPIER_TOKEN": "a seat token"},  # the bot's own: never read here
            2,
            "no author token: pass --token TOKEN or set CROUPIER_AUTHOR_TOKEN",
        ),
        (["retire", "x@0", "--server", "http://h", "--token", "t"], {}, 2, "'x@0' is no version"),
        (["retire", "x", "--server", "http://h", "--token", "t"], {}, 2, "'x' is no version"),
        (
            ["versions", "x", "--server", "http://127.0.0.1:9"],
            {},
            1,
            "cannot reach the server at http://127.0.0.1:9: Connection refused",
        ),
    ],
)
def test_bad_arguments_and_no_server_are_one_line(
    args: list[str], env: dict[str, str], status: int, error: str
) -> None:
    done = croupier_bot(*args, env=env)
    assert done.returncode == status
    assert done.stdout == ""
    assert done.stderr.startswith(f"croupier-bot: {error}")
    assert done.stderr.count("\n") == 1


def test_submit_refuses_a_directory_it_cannot_pack_before_uploading(
    served: tuple[Site, str], tmp_path: Path
) -> None:
    site, url = served
    directory = bot_dir(tmp_path)
    (directory / "secret").symlink_to("/etc/hostname")
    done = croupier_bot("submit", str(directory), "--server", url, "--token", site.tokens["ada"])
    assert done.returncode == 1
    assert done.stderr == (
        "croupier-bot: secret is a link to /etc/hostname, outside the directory or missing: "
        "copy the file in instead\n"
    )
    assert site.rows() == (0, 0, 0)


def test_a_rating_is_shown_with_its_interval() -> None:
    version = {
        "number": 3,
        "status": "active",
        "detail": "",
        "received_at": "2026-12-01T21:03:44.123456",
        "rating": {"elo": 1512.4, "low": 1480.2, "high": 1544.9, "games": 42},
    }
    assert version_row(version).split() == [
        "3", "active", "1512", "[1480,", "1545]", "42", "2026-12-01", "21:03",
    ]  # fmt: skip
