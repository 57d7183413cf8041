"""The pages of submitted bots: their versions, a version, its files, retiring, uploading.

An author sees and changes only their own bots' private pages (the check log, the files,
the retire button), the admin every bot's, everyone else the public facts; a form post
needs its session's CSRF value, and a refused one changes nothing.
"""

from __future__ import annotations

import re

import httpx2
import pytest

from croupier_server.db.submissions import VersionStatus
from tests.web.submitting import MAX_ARCHIVE_BYTES, Site, bot_archive, site

__all__ = ["site"]

SECRET = "print('secret sauce')\n"


def csrf_of(page: str) -> str:
    match = re.search(r'name="csrf" value="([^"]+)"', page)
    assert match is not None, page
    return match.group(1)


def test_a_submitted_bots_page_lists_its_versions(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    site.submit("ada", bot_archive("my-bot", source="print(2)\n"))
    page = site.client.get("/bots/my-bot")
    assert page.status_code == 200
    for text in ["my-bot@1", "my-bot@2", "received", "/bots/my-bot/versions/2", "ada"]:
        assert text in page.text
    assert 'href="/api/bots/my-bot/versions"' in page.text
    by_id = site.client.get("/api/bots").json()["bots"]
    parent = next(bot for bot in by_id if bot["name"] == "my-bot")
    assert site.client.get(f"/bots/{parent['id']}").text == page.text


def test_another_bots_name_leads_to_its_page(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    version = site.client.get("/bots/my-bot@1", follow_redirects=False)
    assert version.status_code == 303
    assert re.fullmatch(r"/bots/\d+", version.headers["location"])
    assert site.client.get("/bots/nobody").status_code == 404


@pytest.mark.parametrize("who", ["ada", "admin"])
def test_its_author_and_the_admin_see_its_check_and_files(site: Site, who: str) -> None:
    site.submit("ada", bot_archive("my-bot", source=SECRET))
    site.log_in(who)
    page = site.client.get("/bots/my-bot/versions/1")
    assert page.status_code == 200
    for text in [
        "installed nothing",
        "Its files",
        "bot.py",
        "croupier.toml",
        "Retire this version",
    ]:
        assert text in page.text
    file = site.client.get("/bots/my-bot/versions/1/files/bot.py")
    assert file.status_code == 200
    assert "print(&#39;secret sauce&#39;)" in file.text


def test_everyone_else_sees_the_public_facts_only(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot", source=SECRET))
    anonymous = site.client.get("/bots/my-bot/versions/1")
    assert anonymous.status_code == 200
    assert "received" in anonymous.text
    site.log_in("bob")
    for page in [anonymous, site.client.get("/bots/my-bot/versions/1")]:
        for text in ["installed nothing", "bot.py", "Retire this version", "secret sauce"]:
            assert text not in page.text
    refused = site.client.get("/bots/my-bot/versions/1/files/bot.py")
    assert refused.status_code == 403
    assert "secret sauce" not in refused.text


def test_the_file_page_needs_a_login(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot", source=SECRET))
    refused = site.client.get("/bots/my-bot/versions/1/files/bot.py", follow_redirects=False)
    assert refused.status_code == 303
    assert refused.headers["location"].startswith("/login?next=/bots/my-bot/versions/1/files/")


def test_its_author_retires_a_version_from_its_page(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    site.log_in("ada")
    csrf = csrf_of(site.client.get("/bots/my-bot/versions/1").text)
    retired = site.client.post(
        "/bots/my-bot/versions/1/retire", data={"csrf": csrf}, follow_redirects=False
    )
    assert (retired.status_code, retired.headers["location"]) == (303, "/bots/my-bot/versions/1")
    assert site.version(site.bot_id("my-bot@1")).status is VersionStatus.RETIRED


def test_another_author_cannot_retire_it_from_the_page(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    site.log_in("bob")
    csrf = csrf_of(site.client.get("/submit").text)  # bob's own session's value
    refused = site.client.post("/bots/my-bot/versions/1/retire", data={"csrf": csrf})
    assert refused.status_code == 403
    assert site.submissions.retired == []


@pytest.mark.parametrize("posted", [None, "", "forged-0123456789abcdef"])
def test_a_retire_post_without_its_csrf_value_is_refused(site: Site, posted: str | None) -> None:
    site.submit("ada", bot_archive("my-bot"))
    site.log_in("ada")
    form = {} if posted is None else {"csrf": posted}
    assert site.client.post("/bots/my-bot/versions/1/retire", data=form).status_code == 403
    assert site.submissions.retired == []


def test_a_retire_post_without_a_login_goes_to_the_login(site: Site) -> None:
    site.submit("ada", bot_archive("my-bot"))
    refused = site.client.post("/bots/my-bot/versions/1/retire", follow_redirects=False)
    assert refused.headers["location"] == "/login?next=/bots/my-bot/versions/1"
    assert site.submissions.retired == []


def upload(site: Site, archive: bytes, csrf: str | None) -> httpx2.Response:
    data = {} if csrf is None else {"csrf": csrf}
    files = {"archive": ("bot.tar.gz", archive, "application/gzip")}
    return site.client.post("/submit", data=data, files=files, follow_redirects=False)


def test_an_author_uploads_from_the_form(site: Site) -> None:
    site.log_in("ada")
    form = site.client.get("/submit")
    assert form.status_code == 200
    assert 'enctype="multipart/form-data"' in form.text
    assert "ada" in form.text
    response = upload(site, bot_archive("my-bot"), csrf_of(form.text))
    assert response.status_code == 303
    assert response.headers["location"] == "/bots/my-bot/versions/1"
    assert site.rows() == (2, 1, 1)


def test_the_form_says_why_an_upload_is_refused(site: Site) -> None:
    site.log_in("ada")
    csrf = csrf_of(site.client.get("/submit").text)
    refused = upload(site, b"garbage", csrf)
    assert refused.status_code == 400
    assert "not a gzipped tar holding a croupier.toml" in refused.text
    site.submit("bob", bot_archive("bobs-bot"))
    taken = upload(site, bot_archive("bobs-bot"), csrf)
    assert taken.status_code == 403
    assert site.rows() == (2, 1, 1)


@pytest.mark.parametrize("posted", [None, "", "forged-0123456789abcdef"])
def test_an_upload_without_its_csrf_value_is_refused(site: Site, posted: str | None) -> None:
    site.log_in("ada")
    assert upload(site, bot_archive("my-bot"), posted).status_code == 403
    assert site.rows() == (0, 0, 0)


def test_an_oversized_upload_is_413(site: Site) -> None:
    site.log_in("ada")
    csrf = csrf_of(site.client.get("/submit").text)
    huge = b"\x1f\x8b" + b"x" * (2 * MAX_ARCHIVE_BYTES)
    assert upload(site, huge, csrf).status_code == 413
    assert site.rows() == (0, 0, 0)


@pytest.mark.parametrize("who", ["admin", None])
def test_the_upload_form_is_for_authors(site: Site, who: str | None) -> None:
    if who is not None:
        site.log_in(who)
    page = site.client.get("/submit", follow_redirects=False)
    assert page.status_code == (403 if who else 303)
    post = upload(site, bot_archive("my-bot"), "whatever")
    assert post.status_code == (403 if who else 303)
    assert site.rows() == (0, 0, 0)
