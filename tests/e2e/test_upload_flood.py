"""An upload flood on a real ``croupier serve``: an author's share is taken, the rest refused.

The server runs as a real process (the installed ``croupier`` command); an author added by
the command posts fifteen archives over real HTTP as fast as it can, as ``croupier-bot
submit`` would. Before: all fifteen were stored and queued for their checks.
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path

from tests.e2e.test_remote import Processes
from tests.e2e.test_serve_admin import request, serve
from tests.e2e.test_submit import added, database
from tests.server.submissions.building import TarEntry, archive, manifest_text
from tests.waiting import patience_s

__all__ = ["database"]  # the fixtures this module uses from test_submit


BOT = archive(
    [
        TarEntry("croupier.toml", manifest_text("flood", command="./bot").encode()),
        TarEntry("bot", b"#!/bin/sh\nexit 3\n", mode=0o755),
    ]
)


def upload(url: str, token: str) -> tuple[int, str | None]:
    """POST the archive to ``/api/submissions``; the status and its ``Retry-After``."""
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/gzip"}
    asked = urllib.request.Request(f"{url}/api/submissions", BOT, headers)
    try:
        with urllib.request.urlopen(asked, timeout=patience_s()) as answer:
            return answer.status, answer.headers.get("Retry-After")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Retry-After")


def test_an_upload_flood_is_taken_up_to_the_authors_share(
    processes: Processes, database: str, tmp_path: Path
) -> None:
    token = added(database, "ada")
    options = ["--author-uploads-per-hour", "5", "--author-max-waiting", "100"]
    served = serve(processes, database, *options, "--versions", str(tmp_path / "versions"))
    answers = [upload(served.url, token) for _ in range(15)]
    assert [status for status, _ in answers] == [201] * 5 + [429] * 10
    assert all(3500 < int(wait or 0) <= 3600 for _, wait in answers[5:])
    status, listed = request(f"{served.url}/api/bots/flood/versions")
    assert status == 200
    assert [version["number"] for version in listed["versions"]] == [1, 2, 3, 4, 5]
