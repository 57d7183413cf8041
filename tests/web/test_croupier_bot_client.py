"""croupier-bot against the dashboard's API over real HTTP: submit, versions, retire, people.

The SDK's own command, run as a process, talks to a dashboard served by uvicorn here
(the stand-in stores the uploads): its requests are the ones the API documents, and a
refusal reaches its author as the server's one line.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlmodel import Session

from croupier.manifest import MANIFEST_FILE
from croupier_server.db import authors
from tests.waiting import patience_s
from tests.web.submitting import Site, bot_archive, make_site, serving

CROUPIER_BOT = Path(sys.executable).with_name("croupier-bot")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Site, str]]:
    for site in make_site(tmp_path):
        with serving(site) as url:
            yield site, url


def croupier_bot(url: str, token: str | None, *argv: str) -> subprocess.CompletedProcess[str]:
    environment = {"PATH": "/usr/bin:/bin", "CROUPIER_SERVER": url}
    if token is not None:
        environment["CROUPIER_AUTHOR_TOKEN"] = token
    return subprocess.run(
        [str(CROUPIER_BOT), *argv],
        capture_output=True,
        text=True,
        timeout=patience_s(),
        check=False,
        env=environment,
    )


def bot_directory(tmp_path: Path, name: str) -> Path:
    directory = tmp_path / name
    directory.mkdir()
    manifest = f'name = "{name}"\ngame = "lexio"\ncommand = "python bot.py"\n'
    (directory / MANIFEST_FILE).write_text(manifest)
    (directory / "bot.py").write_text("print('hello')\n")
    return directory


def test_an_author_submits_lists_and_retires(served: tuple[Site, str], tmp_path: Path) -> None:
    site, url = served
    ada = site.tokens["ada"]
    submitted = croupier_bot(
        url, ada, "submit", str(bot_directory(tmp_path, "my-bot")), "--no-wait"
    )
    assert submitted.returncode == 0, submitted.stderr
    assert f"uploaded my-bot@1: {url.rstrip('/')}/bots/my-bot/versions/1" in submitted.stdout
    listed = croupier_bot(url, None, "versions", "my-bot")
    assert listed.returncode == 0, listed.stderr
    assert "my-bot (lexio), by ada" in listed.stdout
    assert listed.stdout.splitlines()[-1].split()[:3] == ["1", "received", "-"]
    retired = croupier_bot(url, ada, "retire", "my-bot@1")
    assert retired.returncode == 0, retired.stderr
    assert site.client.get("/api/bots/my-bot/versions/1").json()["status"] == "retired"


def test_another_author_is_refused_in_one_line_and_nothing_changes(
    served: tuple[Site, str], tmp_path: Path
) -> None:
    site, url = served
    directory = bot_directory(tmp_path, "my-bot")
    assert (
        croupier_bot(url, site.tokens["ada"], "submit", str(directory), "--no-wait").returncode == 0
    )
    stored = site.rows()
    taken = croupier_bot(url, site.tokens["bob"], "submit", str(directory), "--no-wait")
    assert taken.returncode == 1
    assert taken.stderr.strip().endswith("'my-bot' is another author's bot (HTTP 403)")
    retire = croupier_bot(url, site.tokens["bob"], "retire", "my-bot@1")
    assert retire.returncode == 1
    assert "only its author or the admin retires it (HTTP 403)" in retire.stderr
    assert retire.stderr.count("\n") == 1
    assert site.rows() == stored
    assert site.client.get("/api/bots/my-bot/versions/1").json()["status"] == "received"


def test_a_revoked_token_is_refused_in_one_line(served: tuple[Site, str], tmp_path: Path) -> None:
    site, url = served
    with Session(site.engine) as session:
        authors.revoke_author(session, name="ada")
    refused = croupier_bot(url, site.tokens["ada"], "submit", str(bot_directory(tmp_path, "b")))
    assert refused.returncode == 1
    assert "the token is wrong (or revoked) (HTTP 401)" in refused.stderr
    assert site.rows() == (0, 0, 0)


def test_an_author_opens_their_bot_to_people_and_another_cannot(served: tuple[Site, str]) -> None:
    site, url = served
    assert site.submit("ada", bot_archive("my-bot")).status_code == 201
    refused = croupier_bot(url, site.tokens["bob"], "people", "my-bot", "open")
    assert refused.returncode == 1
    assert refused.stderr == (
        "croupier-bot: 'my-bot' is not yours: only its author or the admin opens it to people "
        "(HTTP 403)\n"
    )
    assert site.client.get("/api/bots/my-bot/versions").json()["open_to_people"] is False
    opened = croupier_bot(url, site.tokens["ada"], "people", "my-bot", "open")
    assert opened.returncode == 0, opened.stderr
    assert opened.stdout == "people may now play against my-bot at the server's tables\n"
    assert site.client.get("/api/bots/my-bot/versions").json()["open_to_people"] is True
    closed = croupier_bot(url, site.tokens["ada"], "people", "my-bot", "closed")
    assert closed.stdout == "people may no longer play against my-bot at the server's tables\n"
    anonymous = croupier_bot(url, None, "people", "my-bot", "open")
    assert anonymous.returncode == 2
    assert anonymous.stderr.endswith(
        "no author token: pass --token TOKEN or set CROUPIER_AUTHOR_TOKEN\n"
    )
