"""``croupier replay GAME_ID --ask BOT --seat N``: what another bot would have done.

The bot is asked each decision of the seat, as the dashboard's second opinion asks it
(:mod:`croupier_server.second_opinion`), through a referee of this command's own on
loopback; each decision where its answer is not the game's action is printed.
"""

from __future__ import annotations

import argparse
import asyncio

from sqlalchemy import Engine

from croupier_server.cli._output import CliError, print_json
from croupier_server.cli._replay_logs import printable
from croupier_server.cli._serving import referee_serving
from croupier_server.second_opinion import load_question, put_question
from croupier_server.web.second_opinions import Opinion, OpinionRefused, SecondOpinion

__all__ = ["ask_about_seat"]


def ask_about_seat(engine: Engine, args: argparse.Namespace, *, sealed: bool) -> int:
    """Ask ``args.ask`` about seat ``args.seat`` of game ``args.game_id``; print where it differs.

    Returns 1 when the bot was not asked every decision (it did not start, it crashed...),
    after what it answered.

    Raises:
        CliError: the question cannot be put (no such bot or seat, a game still played...).
    """
    try:
        question = load_question(
            engine, game_id=args.game_id, bot=args.ask, seat=args.seat, sealed=sealed
        )
    except OpinionRefused as refused:
        raise CliError(str(refused)) from None

    async def ask() -> SecondOpinion:
        async with referee_serving(engine, "127.0.0.1:0") as server:
            return await put_question(question, server)

    answer = asyncio.run(ask())
    if args.json:
        print_json(answer.model_dump(mode="json"))
    else:
        _print_differences(answer)
    return 1 if answer.failure else 0


def _print_differences(answer: SecondOpinion) -> None:
    """A header line, a line per decision where the bot differs, and its failure if any."""
    asked = len(answer.decisions)
    print(
        f"game {answer.game_id}, seat {answer.seat} ({printable(answer.seat_bot)}): "
        f"{printable(answer.bot)} differs at {answer.disagreements} of {asked} decisions"
    )
    for opinion in answer.decisions:
        if not opinion.agrees:
            print(f"  {_difference(answer.bot, opinion)}")
    if answer.failure:
        print(printable(answer.failure))
        for line in answer.output:
            print(f"    {printable(line)}")


def _difference(bot: str, opinion: Opinion) -> str:
    """``step 7: the game played pass; greedy: play sun3 (its comment)``."""
    said = opinion.answer if opinion.answer is not None else f"none ({opinion.fault})"
    comment = f" ({opinion.comment})" if opinion.comment else ""
    return printable(
        f"step {opinion.step}: the game played {opinion.taken}; {bot}: {said}{comment}"
    )
