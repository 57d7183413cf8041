"""The API of submitted bots: upload, versions, one version, retire, files, and who may.

design: an author's token submits and retires that author's bots and reads their private
fields and files; another author reads the public facts only and changes nothing; the
admin may do everything but submit; nothing is stored when an upload is refused.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlmodel import Session, select

from croupier.manifest import MANIFEST_FILE
from croupier_server import db
from croupier_server.db import BotKind
from croupier_server.db.submissions import BotVersionRecord, VersionStatus
from tests.web.submitting import MAX_ARCHIVE_BYTES, Site, bot_archive, make_site, packed, site

__all__ = ["site"]

PRIVATE = ("check_log", "check_games", "manifest", "digest")


def test_an_upload_makes_the_next_version(site: Site) -> None:
    first = site.submit("ada", bot_archive("my-bot"))
    assert first.status_code == 201
    assert first.json() == {
        "bot": "my-bot",
        "number": 1,
        "name": "my-bot@1",
        "status": "received",
        "url": "/bots/my-bot/versions/1",
        "api": "/api/bots/my-bot/versions/1",
    }
    assert first.headers["location"] == "/api/bots/my-bot/versions/1"
    second = site.submit("ada", bot_archive("my-bot", source="print('two')\n"))
    assert (second.status_code, second.json()["name"]) == (201, "my-bot@2")
    assert site.rows() == (3, 2, 2)  # my-bot, my-bot@1, my-bot@2; two archives


def test_the_versions_list_is_public_and_holds_no_private_field(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    site.submit("ada", bot_archive("my-bot", source="print(2)\n"))
    listed = site.client.get("/api/bots/my-bot/versions").json()
    assert (listed["bot"], listed["game"], listed["author"]) == ("my-bot", "lexio", "ada")
    assert [version["name"] for version in listed["versions"]] == ["my-bot@1", "my-bot@2"]
    for version in listed["versions"]:
        assert version["status"] == "received"
        assert version["rating"] is None
        assert all(version[field] is None for field in PRIVATE)


@pytest.mark.parametrize(
    ("who", "private"),
    [("ada", True), ("admin", True), ("bob", False), (None, False)],
)
def test_a_versions_private_fields_are_its_authors_and_the_admins(
    site: Site, who: str | None, private: bool
) -> None:
    site.submit("ada", bot_archive("my-bot"))
    headers = site.bearer(who) if who is not None else {}
    version = site.client.get("/api/bots/my-bot/versions/1", headers=headers).json()
    assert version["status"] == "received"
    if private:
        assert version["check_log"] == "installed nothing\nplayed 3 games\n"
        assert version["manifest"]["command"] == "python bot.py"
        assert len(version["digest"]) == 64
    else:
        assert all(version[field] is None for field in PRIVATE)


def test_another_author_cannot_take_a_bots_name(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    stored = site.rows()
    refused = site.submit("bob", bot_archive("my-bot", source="print('mine now')\n"))
    assert refused.status_code == 403
    assert refused.json() == {"detail": "'my-bot' is another author's bot"}
    assert site.rows() == stored


def test_an_organisers_bots_name_is_taken(site: Site) -> None:
    with Session(site.engine) as session:
        db.add_bot(session, name="lexio-greedy", game="lexio", command="true")
    refused = site.submit("ada", bot_archive("lexio-greedy"))
    assert refused.status_code == 409
    assert site.rows() == (1, 0, 0)


@pytest.mark.parametrize(
    ("archive", "detail"),
    [
        (b"not a tar at all", "not a gzipped tar holding a croupier.toml"),
        (packed({"bot.py": "print(1)"}), "not a gzipped tar holding a croupier.toml"),
        (
            packed({MANIFEST_FILE: 'name = "x"\ngame = "chess"\ncommand = "./bot"\n'}),
            "croupier.toml: 'game' is 'chess', which croupier does not know",
        ),
    ],
)
def test_a_bad_archive_is_400_and_stores_nothing(site: Site, archive: bytes, detail: str) -> None:
    refused = site.submit("ada", archive)
    assert refused.status_code == 400
    assert refused.json()["detail"].startswith(detail)
    assert site.rows() == (0, 0, 0)


def test_an_oversized_archive_is_413_and_stores_nothing(site: Site) -> None:
    refused = site.submit("ada", b"\x1f\x8b" + b"x" * MAX_ARCHIVE_BYTES)
    assert refused.status_code == 413
    assert "larger than this server takes" in refused.json()["detail"]
    assert site.rows() == (0, 0, 0)


@pytest.mark.parametrize("who", ["admin", "read", None, "wrong"])
def test_only_an_authors_token_submits(site: Site, who: str | None) -> None:
    headers = {"Content-Type": "application/gzip"}
    if who == "wrong":
        headers["Authorization"] = f"Bearer {site.tokens['ada']}x"
    elif who is not None:
        headers.update(site.bearer(who))
    refused = site.client.post("/api/submissions", content=bot_archive("b"), headers=headers)
    # The site sets no read token: READ is no token of it.
    assert refused.status_code == (403 if who == "admin" else 401)
    assert site.rows() == (0, 0, 0)


def test_the_login_cookie_never_submits(site: Site) -> None:
    site.log_in("ada")
    refused = site.client.post("/api/submissions", content=bot_archive("b"))
    assert refused.status_code == 401
    assert site.rows() == (0, 0, 0)


def test_a_dashboard_without_the_means_refuses_uploads(tmp_path: Path) -> None:
    for bare in make_site(tmp_path, actions=False):
        assert bare.submit("ada", bot_archive("b")).status_code == 503
        assert bare.rows() == (0, 0, 0)


def test_its_author_and_the_admin_retire_a_version(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    site.submit("ada", bot_archive("my-bot", source="print(2)\n"))
    retired = site.client.post("/api/bots/my-bot/versions/1/retire", headers=site.bearer("ada"))
    assert retired.status_code == 200
    assert (retired.json()["status"], retired.json()["detail"]) == (
        "retired",
        "retired by its author",
    )
    assert retired.json()["retired_at"] is not None
    by_admin = site.client.post("/api/bots/my-bot/versions/2/retire", headers=site.bearer("admin"))
    assert by_admin.json()["detail"] == "retired by the admin"
    again = site.client.post("/api/bots/my-bot/versions/1/retire", headers=site.bearer("ada"))
    assert again.json()["detail"] == "retired by its author"


def test_another_author_cannot_retire_a_version(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    refused = site.client.post("/api/bots/my-bot/versions/1/retire", headers=site.bearer("bob"))
    assert refused.status_code == 403
    assert site.client.post("/api/bots/my-bot/versions/1/retire").status_code == 401
    assert site.submissions.retired == []
    listed = site.client.get("/api/bots/my-bot/versions").json()
    assert listed["versions"][0]["status"] == "received"


def test_the_login_cookie_never_retires(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    site.log_in("ada")
    assert site.client.post("/api/bots/my-bot/versions/1/retire").status_code == 401
    assert site.submissions.retired == []


def test_a_version_that_cannot_be_retired_is_409(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    with Session(site.engine) as session:
        version = session.exec(select(BotVersionRecord)).one()
        version.status = VersionStatus.REJECTED
        session.add(version)
        session.commit()
    refused = site.client.post("/api/bots/my-bot/versions/1/retire", headers=site.bearer("ada"))
    assert refused.status_code == 409


@pytest.mark.parametrize(
    "path",
    [
        "/api/bots/nobody/versions",
        "/api/bots/nobody/versions/1",
        "/api/bots/my-bot/versions/2",
        "/api/bots/my-bot@1/versions",
        "/api/bots/my-bot/versions/2/files",
    ],
)
def test_no_such_bot_or_version_is_404(site: Site, path: str) -> None:
    site.submit("ada", bot_archive("my-bot"))
    assert site.client.get(path, headers=site.bearer("ada")).status_code == 404


def test_an_organisers_bot_has_no_versions(site: Site) -> None:
    with Session(site.engine) as session:
        bot = db.add_bot(session, name="plain", game="lexio", command="true")
        assert bot.kind is BotKind.COMMAND
    assert site.client.get("/api/bots/plain/versions").status_code == 404


def test_its_author_and_the_admin_list_and_read_its_files(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot", source="print('secret sauce')\n"))
    for who in ["ada", "admin"]:
        files = site.client.get("/api/bots/my-bot/versions/1/files", headers=site.bearer(who))
        assert files.json() == [
            {"path": "bot.py", "size": 22, "executable": False},
            {"path": "croupier.toml", "size": 57, "executable": False},
            {"path": "run.sh", "size": 10, "executable": True},
        ]
        content = site.client.get(
            "/api/bots/my-bot/versions/1/files/bot.py", headers=site.bearer(who)
        )
        assert content.content == b"print('secret sauce')\n"
        assert content.headers["content-type"] == "application/octet-stream"
        assert content.headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("who", ["bob", None])
def test_another_cannot_list_or_read_its_files(site: Site, who: str | None) -> None:
    site.submit("ada", bot_archive("my-bot", source="print('secret sauce')\n"))
    headers = site.bearer(who) if who is not None else {}
    for path in ["/api/bots/my-bot/versions/1/files", "/api/bots/my-bot/versions/1/files/bot.py"]:
        refused = site.client.get(path, headers=headers)
        assert refused.status_code == (401 if who is None else 403), path
        assert "secret sauce" not in refused.text


@pytest.mark.parametrize(
    "path",
    ["../../etc/passwd", "/etc/passwd", "BOT.PY", "nothing.py", "%2e%2e/x", ""],
)
def test_no_path_outside_its_files_is_served(site: Site, path: str) -> None:
    site.submit("ada", bot_archive("my-bot"))
    answer = site.client.get(
        f"/api/bots/my-bot/versions/1/files/{path}", headers=site.bearer("ada")
    )
    assert answer.status_code == 404


@pytest.mark.parametrize(
    ("who", "answer"),
    [("ada", {"author": "ada"}), ("admin", {"admin": True})],
)
def test_me_says_whom_the_token_speaks_for(site: Site, who: str, answer: dict[str, object]) -> None:
    assert site.client.get("/api/me", headers=site.bearer(who)).json() == answer


def test_me_needs_a_token(site: Site) -> None:
    assert site.client.get("/api/me").status_code == 401
    site.log_in("bob")
    assert site.client.get("/api/me").json() == {"author": "bob"}


def test_a_submitted_bot_belongs_to_its_author(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    with Session(site.engine) as session:
        parent = db.get_bot_by_name(session, name="my-bot")
        version = db.get_bot_by_name(session, name="my-bot@1")
    assert parent is not None
    assert version is not None
    assert parent.kind is BotKind.SUBMITTED
    assert version.version_of_id == parent.id
    assert parent.author_id == version.author_id is not None
