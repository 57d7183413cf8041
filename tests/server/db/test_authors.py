"""The authors: added with a token shown once and stored as its digest, found by it, revoked."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from croupier_server.db import authors
from croupier_server.db.errors import AuthorNameTaken, RecordNotFound
from croupier_server.db.names import NameRefused
from croupier_server.db.submissions import AUTHOR_NAME_MAX_LENGTH
from croupier_server.tokens import hash_secret


def test_an_author_is_stored_with_the_digest_of_a_token_shown_once(session: Session) -> None:
    author, token = authors.add_author(session, name="ada")
    assert author.token_hash == hash_secret(token)
    assert token not in repr(author)
    assert len(token) >= 43
    assert not author.signed_up
    assert authors.author_by_token(session, token=token) == author
    assert authors.get_author_by_name(session, name="ada") == author
    assert author.id is not None
    assert authors.get_author(session, author_id=author.id) == author


def test_each_author_gets_a_token_of_their_own(session: Session) -> None:
    _, first = authors.add_author(session, name="ada")
    _, second = authors.add_author(session, name="grace", signed_up=True)
    assert first != second
    assert [author.name for author in authors.list_authors(session)] == ["ada", "grace"]
    assert [author.signed_up for author in authors.list_authors(session)] == [False, True]


def test_a_wrong_token_finds_nobody(session: Session) -> None:
    _, token = authors.add_author(session, name="ada")
    for wrong in ["", token[:-1], token + "x", token.upper(), "é" * 43]:
        assert authors.author_by_token(session, token=wrong) is None


def test_a_name_is_taken_once(session: Session) -> None:
    authors.add_author(session, name="ada")
    with pytest.raises(AuthorNameTaken, match="an author named 'ada' already exists"):
        authors.add_author(session, name="ada")
    assert len(authors.list_authors(session)) == 1
    with pytest.raises(NameRefused, match=r"not 'Ada' \(try 'ada'\)"):
        authors.add_author(session, name="Ada")  # one spelling per name, as bot names


@pytest.mark.parametrize(
    "name", ["", " ada", "ada ", "a\nb", "tab\there", "x" * (AUTHOR_NAME_MAX_LENGTH + 1), "\x00"]
)
def test_a_bad_name_is_refused_and_nothing_stored(session: Session, name: str) -> None:
    with pytest.raises(ValueError, match="an author name is 1 to 64 lowercase ASCII letters"):
        authors.add_author(session, name=name)
    assert authors.list_authors(session) == []


def test_a_revoked_token_works_no_more(session: Session) -> None:
    _, token = authors.add_author(session, name="ada")
    revoked = authors.revoke_author(session, name="ada")
    assert revoked.token_hash is None
    assert revoked.revoked_at is not None
    assert authors.author_by_token(session, token=token) is None
    again = authors.revoke_author(session, name="ada")
    assert again.revoked_at == revoked.revoked_at


def test_a_new_token_replaces_the_old_one(session: Session) -> None:
    _, old = authors.add_author(session, name="ada")
    authors.revoke_author(session, name="ada")
    author, new = authors.new_author_token(session, name="ada")
    assert new != old
    assert authors.author_by_token(session, token=new) == author
    assert authors.author_by_token(session, token=old) is None
    _, newer = authors.new_author_token(session, name="ada")
    assert authors.author_by_token(session, token=new) is None
    assert authors.author_by_token(session, token=newer) == author


def test_an_unknown_author_cannot_be_revoked_nor_given_a_token(session: Session) -> None:
    with pytest.raises(RecordNotFound, match="no author named 'nobody'"):
        authors.revoke_author(session, name="nobody")
    with pytest.raises(RecordNotFound, match="no author named 'nobody'"):
        authors.new_author_token(session, name="nobody")
