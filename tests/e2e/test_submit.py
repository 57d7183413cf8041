"""Authors on a real ``croupier serve``: added by the command, signing up, revoked at once.

The server runs as a real process (the installed ``croupier`` command); the test speaks
HTTP to its dashboard as ``croupier-bot`` does, and changes the authors with ``croupier
author`` in other processes, on the same database, while it serves.
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import pytest

from tests.e2e.test_remote import CROUPIER, Processes
from tests.e2e.test_serve_admin import request, serve
from tests.waiting import patience_s

TOKEN = re.compile(r"CROUPIER_AUTHOR_TOKEN\): (\S+)$", re.MULTILINE)


@pytest.fixture
def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'authors.db'}"


def croupier(database: str, *argv: str) -> str:
    """Run ``croupier ARGV`` on ``database``; its standard output."""
    done = subprocess.run(
        [CROUPIER, *argv, "--db", database],
        capture_output=True,
        text=True,
        timeout=patience_s(),
        check=True,
    )
    return done.stdout


def added(database: str, name: str) -> str:
    """Add the author ``name`` with the command; their token."""
    found = TOKEN.search(croupier(database, "author", "add", name))
    assert found is not None
    return found.group(1)


def test_a_token_revoked_by_the_command_is_refused_at_once(
    processes: Processes, database: str
) -> None:
    token = added(database, "ada")
    served = serve(processes, database)
    assert request(f"{served.url}/api/me", token=token) == (200, {"author": "ada"})
    croupier(database, "author", "revoke", "ada")
    status, answer = request(f"{served.url}/api/me", token=token)
    assert (status, answer) == (401, {"detail": "the token is wrong (or revoked)"})
    new = TOKEN.search(croupier(database, "author", "token", "ada"))
    assert new is not None
    assert request(f"{served.url}/api/me", token=new.group(1)) == (200, {"author": "ada"})


def test_signing_up_needs_the_servers_leave(processes: Processes, database: str) -> None:
    served = serve(processes, database)
    status, answer = request(f"{served.url}/api/authors", {"name": "eve"})
    assert status == 403
    assert "does not let people sign up" in answer["detail"]
    assert json.loads(croupier(database, "author", "list", "--json")) == []


def test_a_signed_up_author_is_an_author_like_any(processes: Processes, database: str) -> None:
    served = serve(processes, database, "--sign-up")
    status, answer = request(f"{served.url}/api/authors", {"name": "eve"})
    assert status == 201
    assert request(f"{served.url}/api/me", token=answer["token"]) == (200, {"author": "eve"})
    listed = json.loads(croupier(database, "author", "list", "--json"))
    assert [(each["name"], each["signed_up"], each["token"]) for each in listed] == [
        ("eve", True, "active")
    ]
    taken = request(f"{served.url}/api/authors", {"name": "eve"})
    assert taken == (409, {"detail": "an author named 'eve' already exists"})


def test_sign_up_without_a_dashboard_is_refused_in_one_line(database: str) -> None:
    done = subprocess.run(
        [CROUPIER, "serve", "--no-dashboard", "--sign-up", "--db", database],
        capture_output=True,
        text=True,
        timeout=patience_s(),
        check=False,
    )
    assert done.returncode == 1
    assert done.stderr == (
        "croupier: error: --sign-up is for the dashboard, which --no-dashboard leaves out\n"
    )
