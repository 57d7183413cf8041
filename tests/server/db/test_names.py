"""Names people could confuse, on both backends: refused by the alphabet, the reservation and
the database's unique folded names (even when two sign-ups race)."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel

from croupier.games import game_names
from croupier.opponents import OPPONENTS
from croupier_server import db
from croupier_server.db import BotKind, BotRecord, authors
from croupier_server.db.errors import AuthorNameTaken
from croupier_server.db.names import (
    HOUSE_OPPONENTS,
    NameRefused,
    folded_name,
    is_reserved,
)
from croupier_server.db.submissions import AuthorRecord
from croupier_server.db.transactions import insert

CONFUSABLE = {
    "another case": "Alice",
    "a Cyrillic a": "\u0430lice",
    "fullwidth letters": "\uff41\uff4c\uff49\uff43\uff45",
    "a zero-width space": "al\u200bice",
    "an accent": "al\u00efce",
}
"""Names that look like ``alice``, by what makes them differ."""

RESERVED = ["admin", "Admin", "lexio-random", "Lexio-Random", "lexio_random", "croupier", "guest"]
"""Names the server uses, spelt as an author might try them."""


@pytest.mark.parametrize("name", CONFUSABLE.values(), ids=CONFUSABLE.keys())
def test_an_author_name_that_looks_like_another_is_refused_in_one_line(
    session: Session, name: str
) -> None:
    authors.add_author(session, name="alice")
    with pytest.raises(NameRefused, match="an author name is 1 to 64 lowercase ASCII") as refused:
        authors.add_author(session, name=name)
    assert "\n" not in str(refused.value)
    assert [author.name for author in authors.list_authors(session)] == ["alice"]


@pytest.mark.parametrize("name", RESERVED)
def test_a_name_the_server_uses_is_refused_to_authors(session: Session, name: str) -> None:
    with pytest.raises(NameRefused, match=r"reserved for the server's own use|lowercase ASCII"):
        authors.add_author(session, name=name)
    assert authors.list_authors(session) == []


FOLDED_ALIKE = ["Alice", "ALICE", "\uff41\uff4c\uff49\uff43\uff45"]
"""Names whose folded name is ``alice``."""


@pytest.mark.parametrize("name", FOLDED_ALIKE)
def test_a_bot_name_folded_alike_is_taken_for_the_organiser_too(
    session: Session, name: str
) -> None:
    db.add_bot(session, name="alice", game="lexio", command="./alice")
    with pytest.raises(db.BotNameTaken, match="a bot named 'alice' already exists"):
        db.add_bot(session, name=name, game="lexio", command="./other")
    with pytest.raises(db.BotNameTaken):
        db.create_remote_bot(session, name=name, game="lexio")
    assert [bot.name for bot in db.list_bots(session)] == ["alice"]


def test_the_organiser_may_register_a_house_bot_under_a_reserved_name(session: Session) -> None:
    house = db.add_bot(session, name="lexio-random", game="lexio", command="./random")
    assert (house.kind, house.author_id) == (BotKind.COMMAND, None)
    db.create_remote_bot(session, name="admin", game="cribbage")
    assert [bot.name for bot in db.list_bots(session)] == ["admin", "lexio-random"]


def test_every_row_gets_its_folded_name(session: Session) -> None:
    author, _ = authors.add_author(session, name="ada")
    bot = db.add_bot(session, name="lexio_greedy", game="lexio", command="./greedy")
    person = db.bots.person_seat_bot(session, who="author:ada", game="lexio")
    assert author.folded_name == "ada"
    assert bot.folded_name == "lexio_greedy"
    assert person.folded_name == "person@author:ada (lexio)"


@pytest.mark.parametrize(
    "make",
    [
        lambda name: AuthorRecord(name=name, signed_up=True),
        lambda name: BotRecord(name=name, game="lexio", kind=BotKind.COMMAND, command="./x"),
    ],
    ids=["authors", "bots"],
)
def test_the_database_takes_a_folded_name_once(
    session: Session, make: Callable[[str], SQLModel]
) -> None:
    """Past every check in Python: the unique index on the folded name refuses the second."""
    insert(session, make("alice"))
    for confusable in ["ALICE", "Alice", "\uff41\uff4c\uff49\uff43\uff45"]:
        with pytest.raises(IntegrityError):
            insert(session, make(confusable))
        session.rollback()


def test_two_sign_ups_at_once_of_one_folded_name_cannot_both_win(engine: Engine) -> None:
    """``alice`` and ``ALICE`` inserted side by side, each in its own transaction."""
    both_ready = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def sign_up(name: str) -> None:
        with Session(engine) as session:
            both_ready.wait()
            try:
                insert(session, AuthorRecord(name=name, signed_up=True))
            except IntegrityError:
                outcomes[name] = "refused"
            else:
                outcomes[name] = "stored"

    threads = [threading.Thread(target=sign_up, args=(name,)) for name in ["alice", "ALICE"]]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes.values()) == ["refused", "stored"]
    with Session(engine) as session:
        assert len(authors.list_authors(session)) == 1


def test_a_taken_folded_name_is_said_with_the_name_that_holds_it(session: Session) -> None:
    """A name stored before names were folded (``Alpha``) holds its folded name."""
    insert(session, BotRecord(name="Alpha", game="lexio", kind=BotKind.COMMAND, command="./a"))
    insert(session, AuthorRecord(name="Ada", signed_up=False))
    with pytest.raises(db.BotNameTaken, match="a bot named 'Alpha' already exists"):
        db.add_bot(session, name="alpha", game="lexio", command="./b")
    with pytest.raises(AuthorNameTaken, match="an author named 'Ada' already exists"):
        authors.add_author(session, name="ada")


def test_every_installed_game_s_house_bots_are_reserved() -> None:
    assert set(HOUSE_OPPONENTS) >= {name for named in OPPONENTS.values() for name in named}
    for game in game_names():
        for opponent in HOUSE_OPPONENTS:
            assert is_reserved(f"{game}-{opponent}")
            assert is_reserved(f"{game}-{opponent}".upper().replace("-", "_"))
    assert not is_reserved("lexio-randomer")
    assert not is_reserved("ada")


def test_folding_is_nfkc_and_case_folding() -> None:
    assert folded_name("ALICE") == folded_name("\uff21lice") == "alice"
    assert folded_name("Stra\u00dfe") == "strasse"
    assert folded_name("\u0430lice") != "alice"  # a look-alike the alphabet refuses instead
