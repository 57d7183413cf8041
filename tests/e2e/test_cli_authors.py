"""``croupier author``: add an author (token shown once), list, revoke, give a new token."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from sqlmodel import Session

from croupier_server.cli import main
from croupier_server.db import authors, create_database_engine

_TOKEN = re.compile(r"CROUPIER_AUTHOR_TOKEN\): (\S+)$", re.MULTILINE)


def run(capsys: pytest.CaptureFixture[str], url: str, *argv: str) -> tuple[int, str, str]:
    """``croupier author ARGV``: its status, standard output and standard error."""
    try:
        status = main(["author", *argv, "--db", url])
    except SystemExit as exit:  # argparse's usage errors
        status = exit.code if isinstance(exit.code, int) else 1
    printed = capsys.readouterr()
    return status, printed.out, printed.err


@pytest.fixture
def url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'authors.db'}"


def token_works(url: str, token: str) -> bool:
    engine = create_database_engine(url)
    try:
        with Session(engine) as session:
            return authors.author_by_token(session, token=token) is not None
    finally:
        engine.dispose()


def test_an_author_is_added_listed_revoked_and_given_a_new_token(
    capsys: pytest.CaptureFixture[str], url: str
) -> None:
    status, printed, _ = run(capsys, url, "add", "ada")
    assert status == 0
    first = _TOKEN.search(printed)
    assert first is not None, printed
    assert printed.startswith("added author ada\n")
    assert token_works(url, first.group(1))

    status, out, _ = run(capsys, url, "list")
    assert (status, out.split()) == (0, ["ada", "token", "active", "added", "0", "bots"])
    status, out, _ = run(capsys, url, "list", "--json")
    listed = json.loads(out)
    assert [(each["name"], each["token"], each["bots"]) for each in listed] == [
        ("ada", "active", 0)
    ]
    assert first.group(1) not in out

    status, out, _ = run(capsys, url, "revoke", "ada")
    assert status == 0
    assert "revoked the token of author ada: it works no more" in out
    assert not token_works(url, first.group(1))
    status, out, _ = run(capsys, url, "revoke", "ada")
    assert (status, out.splitlines()[0][:34]) == (0, "author ada has no token already (r")
    assert json.loads(run(capsys, url, "list", "--json")[1])[0]["token"] == "revoked"

    status, out, _ = run(capsys, url, "token", "ada")
    second = _TOKEN.search(out)
    assert status == 0
    assert second is not None
    assert second.group(1) != first.group(1)
    assert token_works(url, second.group(1))
    assert not token_works(url, first.group(1))


@pytest.mark.parametrize(
    ("argv", "error"),
    [
        (("add", " ada"), "an author name is 1 to 64 lowercase ASCII letters, digits, "),
        (("add", "x" * 65), "an author name is 1 to 64 lowercase ASCII letters"),
        (("add", "taken"), "an author named 'taken' already exists"),
        (("add", "Taken"), "an author name is 1 to 64 lowercase ASCII letters"),
        (("add", "t\u0430ken"), "an author name is 1 to 64 lowercase ASCII letters"),
        (("add", "\uff54\uff41\uff4b\uff45\uff4e"), "an author name is 1 to 64 lowercase"),
        (("add", "admin"), "an author name 'admin' is reserved for the server's own use"),
        (("add", "lexio-random"), "an author name 'lexio-random' is reserved"),
        (("add", "Lexio-Random"), "an author name is 1 to 64 lowercase ASCII letters"),
        (("revoke", "nobody"), "no author named 'nobody' (croupier author list shows them)"),
        (("token", "nobody"), "no author named 'nobody' (croupier author list shows them)"),
    ],
)
def test_a_refusal_is_one_line_and_stores_nothing(
    capsys: pytest.CaptureFixture[str], url: str, argv: tuple[str, ...], error: str
) -> None:
    assert run(capsys, url, "add", "taken")[0] == 0
    status, _, err = run(capsys, url, *argv)
    assert status == 1
    assert err.count("\n") == 1
    assert err.startswith(f"croupier: error: {error}")
    assert [each["name"] for each in json.loads(run(capsys, url, "list", "--json")[1])] == ["taken"]


def test_no_author_yet_says_how_to_add_one(capsys: pytest.CaptureFixture[str], url: str) -> None:
    assert run(capsys, url, "list")[1] == "no authors (add one: croupier author add NAME)\n"


@pytest.mark.parametrize("name", ["Greedy", "\uff47\uff52\uff45\uff45\uff44\uff59"])
def test_croupier_bot_add_refuses_a_name_folded_like_another_in_one_line(
    capsys: pytest.CaptureFixture[str], url: str, name: str
) -> None:
    added = main(["bot", "add", "greedy", "--game", "lexio", "--remote", "--db", url])
    assert added == 0
    capsys.readouterr()
    refused = main(["bot", "add", name, "--game", "lexio", "--remote", "--db", url])
    err = capsys.readouterr().err
    assert refused == 1
    assert err.count("\n") == 1
    assert err == "croupier: error: a bot named 'greedy' already exists\n"
