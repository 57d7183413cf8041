"""``croupier author add|list|revoke|token``: the people who submit bots, and their tokens.

A token is printed once, when it is made; the database keeps only its digest. An author
gives it to ``croupier-bot`` as ``$CROUPIER_AUTHOR_TOKEN`` (or ``--token``), or logs in
with it on the dashboard.
"""

from __future__ import annotations

import argparse
from typing import Any

from sqlmodel import Session

from croupier_server.cli._options import add_database_option, open_database
from croupier_server.cli._output import CliError, print_json
from croupier_server.db import authors
from croupier_server.db.submissions import AuthorRecord

__all__ = ["register"]

_TOKEN_LINE = "their token (shown once; give it to croupier-bot as CROUPIER_AUTHOR_TOKEN): {}"


def register(commands: Any) -> None:
    """Add the ``author`` command and its subcommands."""
    author = commands.add_parser("author", help="add authors, who submit bots, and their tokens")
    actions = author.add_subparsers(dest="author_command", required=True, metavar="ACTION")
    add = actions.add_parser("add", help="add an author; their token is printed once")
    add.add_argument("name")
    add_database_option(add)
    add.set_defaults(run=add_author)
    listing = actions.add_parser("list", help="list the authors")
    listing.add_argument("--json", action="store_true", help="print JSON")
    add_database_option(listing)
    listing.set_defaults(run=list_authors)
    revoke = actions.add_parser("revoke", help="revoke an author's token: it works no more")
    revoke.add_argument("name")
    add_database_option(revoke)
    revoke.set_defaults(run=revoke_author)
    token = actions.add_parser(
        "token", help="give an author a new token, printed once; the old one works no more"
    )
    token.add_argument("name")
    add_database_option(token)
    token.set_defaults(run=new_token)


def add_author(args: argparse.Namespace) -> int:
    """Add an author and print their token once."""
    engine = open_database(args)
    with Session(engine) as session:
        try:
            author, token = authors.add_author(session, name=args.name)
        except ValueError as error:
            raise CliError(str(error)) from None
    print(f"added author {author.name}")
    print(_TOKEN_LINE.format(token))
    return 0


def list_authors(args: argparse.Namespace) -> int:
    """Print the authors, their tokens' state and how many bots they submitted."""
    engine = open_database(args)
    with Session(engine) as session:
        found = authors.list_authors(session)
        bots = authors.author_bot_counts(session)
    if args.json:
        print_json([_author_data(author, bots.get(author.id or 0, 0)) for author in found])
        return 0
    if not found:
        print("no authors (add one: croupier author add NAME)")
    for author in found:
        count = bots.get(author.id or 0, 0)
        how = "signed up" if author.signed_up else "added"
        print(f"{author.name:20} {_token_state(author):28} {how:9} {count} bot{'s' * (count != 1)}")
    return 0


def revoke_author(args: argparse.Namespace) -> int:
    """Revoke an author's token."""
    engine = open_database(args)
    with Session(engine) as session:
        before = authors.get_author_by_name(session, name=args.name)
        already = before is not None and before.token_hash is None
        author = authors.revoke_author(session, name=args.name)
    if already:
        print(f"author {author.name} has no token already ({_token_state(author)})")
    else:
        print(f"revoked the token of author {author.name}: it works no more")
    print(f"(croupier author token {author.name} gives them a new one)")
    return 0


def new_token(args: argparse.Namespace) -> int:
    """Give an author a new token and print it once."""
    engine = open_database(args)
    with Session(engine) as session:
        author, token = authors.new_author_token(session, name=args.name)
    print(f"a new token for author {author.name}; the old one works no more")
    print(_TOKEN_LINE.format(token))
    return 0


def _token_state(author: AuthorRecord) -> str:
    if author.token_hash is not None:
        return "token active"
    when = "" if author.revoked_at is None else f" {author.revoked_at:%Y-%m-%d %H:%M} UTC"
    return f"revoked{when}"


def _author_data(author: AuthorRecord, bots: int) -> dict[str, Any]:
    return {
        "name": author.name,
        "token": "active" if author.token_hash is not None else "revoked",
        "signed_up": author.signed_up,
        "bots": bots,
        "created_at": author.created_at.isoformat(),
        "revoked_at": None if author.revoked_at is None else author.revoked_at.isoformat(),
    }
