"""What would another bot do: real bots asked over real gRPC about the filled database's games.

The bots are the example bots (deterministic: one asked about the seat it played agrees at
every decision), the scripted fake bot misbehaving and a command that never connects; they
run in a copy of the filled database, through a referee of the test's own, and through
``croupier replay --ask``. The dashboard's routes are tried with :class:`Recording` second
opinions, which answer without a bot, for who may ask what and how refusals read.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlmodel import Session

from croupier.games import State, load_game
from croupier_server import db
from croupier_server.cli import main
from croupier_server.db import authors, create_database_engine
from croupier_server.referee.registry import SessionRegistry
from croupier_server.referee.service import RefereeServer
from croupier_server.second_opinion import ServerSecondOpinions, load_question
from croupier_server.web import create_app
from croupier_server.web.access import AccessTokens
from croupier_server.web.second_opinion_pages import NEEDS_SERVE
from croupier_server.web.second_opinions import OpinionRefused, SecondOpinion
from tests import queries
from tests.server.referee.harness import scripted_command
from tests.web.filling import HTML_NAME, FilledDatabase

ADMIN = "admin-token-of-the-second-opinion-tests"


@dataclass(frozen=True, slots=True)
class Copy:
    """A copy of the filled database, with misbehaving bots added, and its Lexio game."""

    url: str
    game_id: int
    seed: int
    options: dict[str, Any]
    seats: dict[str, int]
    """The seat of each bot of the game, by name."""

    def stored_actions(self) -> list[tuple[int, str, str]]:
        """``(seat, text, decided_by)`` of each action of the game, in order."""
        engine = create_database_engine(self.url)
        try:
            with Session(engine) as session:
                actions = db.game_actions(session, game_id=self.game_id)
        finally:
            engine.dispose()
        return [(action.seat, action.text, str(action.decided_by)) for action in actions]


@pytest.fixture
def copy(filled_database: FilledDatabase, tmp_path: Path) -> Copy:
    """The filled database copied, with the bots ``illegal``, ``crashing`` and ``silent``."""
    source = Path(filled_database.url.removeprefix("sqlite:///"))
    target = tmp_path / "copy.db"
    target.write_bytes(source.read_bytes())
    url = f"sqlite:///{target}"
    engine = create_database_engine(url)
    with Session(engine) as session:
        for name, command in (
            ("illegal", scripted_command("illegal")),
            ("crashing", scripted_command("crash", "--after", "1")),
            ("silent", "false"),
        ):
            db.add_bot(session, name=name, game="lexio", command=command)
        html_bot = db.get_bot_by_name(session, name=HTML_NAME)
        assert html_bot is not None
        game = queries.list_games(session, game="lexio", bot_id=html_bot.id)[0]
        assert game.id is not None
        seats = {}
        for seat in db.game_seats(session, game_id=game.id):
            bot = db.get_bot(session, bot_id=seat.bot_id)
            assert bot is not None
            seats[bot.name] = seat.seat
    engine.dispose()
    return Copy(url, game.id, game.seed, game.options, seats)


def asked(copy: Copy, bot: str, seat: int) -> SecondOpinion:
    """``bot``'s answers at the decisions of ``seat``, asked through a referee of its own."""
    engine = create_database_engine(copy.url)

    async def ask() -> SecondOpinion:
        server = RefereeServer(SessionRegistry(), "127.0.0.1:0")
        await server.start()
        try:
            opinions = ServerSecondOpinions(engine, server)
            return await opinions.ask(game_id=copy.game_id, bot=bot, seat=seat)
        finally:
            await server.stop(grace=0)

    try:
        return asyncio.run(ask())
    finally:
        engine.dispose()


def test_a_bot_asked_about_the_seat_it_played_agrees_at_every_decision(copy: Copy) -> None:
    seat = copy.seats["lexio_greedy"]
    decided = [
        number + 1
        for number, (by_seat, _, decided_by) in enumerate(copy.stored_actions())
        if by_seat == seat and decided_by == "bot"
    ]
    answer = asked(copy, "lexio_greedy", seat)
    assert answer.failure == ""
    assert (answer.seat_bot, answer.bot) == ("lexio_greedy", "lexio_greedy")
    assert [opinion.step for opinion in answer.decisions] == decided
    assert all(opinion.answer == opinion.taken for opinion in answer.decisions)
    assert all(opinion.agrees and not opinion.fault for opinion in answer.decisions)
    assert answer.disagreements == 0


def test_another_bot_answers_each_decision_legally_from_the_seats_own_view(copy: Copy) -> None:
    seat = copy.seats["lexio_greedy"]
    answer = asked(copy, "lexio_strong", seat)
    assert answer.failure == ""
    assert answer.decisions
    rules = load_game("lexio", copy.options)
    actions = copy.stored_actions()
    for opinion in answer.decisions:
        state: State[Any, Any, Any] = rules.new_state(copy.seed)
        for by_seat, text, _ in actions[: opinion.step - 1]:  # the table the seat decided at
            state.apply(by_seat, rules.parse_action(text))
        assert opinion.answer is not None, opinion.fault
        assert rules.parse_action(opinion.answer) in state.legal_actions(seat)
        assert opinion.taken == actions[opinion.step - 1][1]
        assert opinion.agrees == (opinion.answer == opinion.taken)
        assert opinion.latency_ms is not None
    assert answer.disagreements == sum(not opinion.agrees for opinion in answer.decisions)


def test_a_bot_that_answers_illegally_crashes_or_never_connects_is_told_in_one_line(
    copy: Copy,
) -> None:
    seat = copy.seats["lexio_greedy"]
    illegal = asked(copy, "illegal", seat)
    assert len(illegal.decisions) == 3  # the strikes that forfeit a seat
    for opinion in illegal.decisions:
        assert opinion.answer is None
        assert opinion.fault.startswith("illegal action: ")
        assert opinion.fault.endswith(" is not legal now")
    last = illegal.decisions[-1].step
    assert (
        illegal.failure == f"illegal was asked no more after step {last}: 3 faults forfeit a seat"
    )
    crashing = asked(copy, "crashing", seat)
    first, second = crashing.decisions
    assert first.answer is not None
    assert second.answer is None
    assert second.fault.startswith("crash: ")
    assert crashing.failure == f"crashing ended at step {second.step}: it exited with status 3"
    silent = asked(copy, "silent", seat)
    assert silent.decisions == []
    assert silent.failure == "silent did not start: exited with status 1 before connecting"


def test_questions_that_cannot_be_put_are_refused_in_one_line(copy: Copy) -> None:
    engine = create_database_engine(copy.url)
    with Session(engine) as session:
        db.create_remote_bot(session, name="visitor", game="lexio")
        players = [bot.id for bot in db.list_bots(session, game="lexio")[:4] if bot.id]
        running = db.create_game(
            session, game="lexio", options={"players": 4}, seed=1, bot_ids=players
        )
    cases: list[tuple[int, str, int, int, str]] = [
        (99999, "lexio_greedy", 0, 404, "no game 99999"),
        (copy.game_id, "nobody", 0, 404, "no bot named 'nobody'"),
        (
            copy.game_id,
            "lexio_greedy",
            4,
            404,
            f"no seat 4 in game {copy.game_id}: its seats are 0 to 3",
        ),
        (copy.game_id, "cribbage_greedy", 0, 400, "'cribbage_greedy' plays cribbage, not lexio"),
        (
            copy.game_id,
            "visitor",
            0,
            400,
            "'visitor' is no command bot: only those can be started to be asked",
        ),
        (
            running.id or 0,
            "lexio_greedy",
            0,
            409,
            f"game {running.id} is still being played: ask once it is over",
        ),
    ]
    try:
        for game_id, bot, seat, status, message in cases:
            with pytest.raises(OpinionRefused) as refused:
                load_question(engine, game_id=game_id, bot=bot, seat=seat)
            assert (refused.value.status, str(refused.value)) == (status, message)
    finally:
        engine.dispose()


def test_croupier_replay_ask_prints_each_decision_where_the_bot_differs(
    copy: Copy, capsys: pytest.CaptureFixture[str]
) -> None:
    seat = copy.seats["lexio_greedy"]
    game = str(copy.game_id)
    status = main(["replay", game, "--ask", "lexio_strong", "--seat", str(seat), "--db", copy.url])
    header, *differences = capsys.readouterr().out.splitlines()
    assert status == 0
    actions = copy.stored_actions()
    asked_count = sum(1 for by_seat, _, by in actions if by_seat == seat and by == "bot")
    assert header == (
        f"game {game}, seat {seat} (lexio_greedy): lexio_strong differs at "
        f"{len(differences)} of {asked_count} decisions"
    )
    for line in differences:
        step = int(line.split(":")[0].removeprefix("  step "))
        assert line.startswith(
            f"  step {step}: the game played {actions[step - 1][1]}; lexio_strong: "
        )
    assert main(["replay", game, "--ask", "crashing", "--seat", str(seat), "--db", copy.url]) == 1
    *_, failure = capsys.readouterr().out.splitlines()
    assert failure.startswith("crashing ended at step ")
    assert main(["replay", game, "--ask", "lexio_strong", "--db", copy.url]) == 1
    assert capsys.readouterr().err == (
        "croupier: error: --ask needs --seat N: the seat whose decisions the bot is asked\n"
    )
    assert main(["replay", game, "--ask", "nobody", "--seat", "0", "--db", copy.url]) == 1
    assert capsys.readouterr().err == "croupier: error: no bot named 'nobody'\n"


@dataclass
class Recording:
    """Second opinions that answer without asking any bot, keeping the questions put.

    ``lexio_cautious`` is refused, as a bot that cannot be asked about a game is.
    """

    questions: list[tuple[int, str, int]] = field(default_factory=list)

    async def ask(self, *, game_id: int, bot: str, seat: int) -> SecondOpinion:
        """An answer of no decision, or a refusal for ``lexio_cautious``."""
        if bot == "lexio_cautious":
            raise OpinionRefused(409, "refused by the test's second opinions")
        self.questions.append((game_id, bot, seat))
        return SecondOpinion(
            game_id=game_id,
            seat=seat,
            seat_bot="",
            bot=bot,
            decisions=[],
            disagreements=0,
            failure="",
            output=[],
        )


@dataclass
class Site:
    """The dashboard over :func:`copy`, its second opinions and an author with a bot."""

    client: TestClient
    opinions: Recording
    author_token: str
    other_token: str


@pytest.fixture
def site(copy: Copy) -> Iterator[Site]:
    """The dashboard over the copy, where author ``ada`` owns the command bot ``ada-v1``."""
    engine = create_database_engine(copy.url)
    with Session(engine) as session:
        ada, token = authors.add_author(session, name="ada")
        _, other = authors.add_author(session, name="bob")
        version = db.add_bot(session, name="ada-v1", game="lexio", command="true")
        version.author_id = ada.id
        session.add(version)
        session.commit()
    opinions = Recording()
    app = create_app(engine, tokens=AccessTokens(admin=ADMIN), second_opinions=opinions)
    with TestClient(app) as client:
        yield Site(client, opinions, token, other)
    engine.dispose()


def test_an_authors_bot_is_asked_only_by_its_author_and_the_admin(site: Site, copy: Copy) -> None:
    api = f"/api/games/{copy.game_id}/second-opinion"

    def ask(bot: str, token: str | None) -> Any:
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        return site.client.get(api, params={"bot": bot, "seat": 1}, headers=headers)

    assert ask("lexio_strong", None).status_code == 200
    refused = ask("ada-v1", None)
    assert refused.status_code == 403
    assert refused.json() == {
        "detail": "'ada-v1' is an author's bot: only its author or the admin may ask it"
    }
    assert ask("ada-v1", site.other_token).status_code == 403
    assert ask("ada-v1", site.author_token).json()["bot"] == "ada-v1"
    assert ask("ada-v1", ADMIN).status_code == 200
    assert ask("nobody", ADMIN).json() == {"detail": "no bot named 'nobody'"}
    assert ask("lexio_cautious", None).json() == {"detail": "refused by the test's second opinions"}
    assert site.opinions.questions == [
        (copy.game_id, "lexio_strong", 1),
        (copy.game_id, "ada-v1", 1),
        (copy.game_id, "ada-v1", 1),
    ]
    page = f"/games/{copy.game_id}/second-opinion"
    anyone = site.client.get(page).text
    assert "<option>lexio_strong</option>" in anyone
    assert "ada-v1" not in anyone
    assert "cribbage_greedy" not in anyone
    authors_page = site.client.get(page, headers={"Authorization": f"Bearer {site.author_token}"})
    assert "<option>ada-v1</option>" in authors_page.text
    refusal = site.client.get(page, params={"bot": "lexio_cautious", "seat": 0})
    assert refusal.status_code == 409
    assert "refused by the test&#39;s second opinions" in refusal.text
    assert '<select name="bot">' in refusal.text


def test_a_dashboard_without_the_referee_says_asking_needs_croupier_serve(copy: Copy) -> None:
    engine = create_database_engine(copy.url)
    with TestClient(create_app(engine)) as client:
        answer = client.get(
            f"/api/games/{copy.game_id}/second-opinion", params={"bot": "lexio_strong", "seat": 0}
        )
        assert answer.status_code == 404
        assert answer.json() == {"detail": NEEDS_SERVE}
        page = client.get(f"/games/{copy.game_id}/second-opinion")
        assert page.status_code == 200
        assert f"This dashboard cannot ask bots: {NEEDS_SERVE}." in page.text
        assert "<form" not in page.text.split("<main>")[1]
        assert client.get("/games/99999/second-opinion").status_code == 404
        assert client.get(f"/api/games/{copy.game_id}/second-opinion").status_code == 422
    engine.dispose()


def test_a_read_token_guards_the_question_as_every_page(copy: Copy) -> None:
    engine = create_database_engine(copy.url)
    tokens = AccessTokens(admin=ADMIN, read="read-token-of-the-second-opinion-tests")
    app = create_app(engine, tokens=tokens, second_opinions=Recording())
    with TestClient(app) as client:
        api = f"/api/games/{copy.game_id}/second-opinion?bot=lexio_strong&seat=0"
        assert client.get(api).status_code == 401
        page = client.get(f"/games/{copy.game_id}/second-opinion", follow_redirects=False)
        assert page.status_code == 303
        assert page.headers["location"].startswith("/login?next=/games/")
        reader = {"Authorization": f"Bearer {tokens.read}"}
        assert client.get(api, headers=reader).json()["bot"] == "lexio_strong"
    engine.dispose()
