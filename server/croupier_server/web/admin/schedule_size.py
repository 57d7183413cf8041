"""How many games a tournament the form describes will play, by its format's own schedule.

The tournament form asks ``GET /admin/tournaments/games`` with its fields as it is filled
in, and says "This tournament will play 12 games." under its bots. The count is the
format's: its schedule is made as ``croupier tournament run`` makes it, and asked for the
games it has left before the first has been played, which is what a tournament stores as
its total. A format that chooses its games as it goes (a sequential match) cannot tell.
"""

from __future__ import annotations

from croupier.games import load_game
from croupier_server.tournament.formats import Entrants, format_named
from croupier_server.web.admin.schemas import TournamentRequest

__all__ = ["schedule_line", "scheduled_games"]


def scheduled_games(request: TournamentRequest) -> int | None:
    """The games the tournament ``request`` asks for will play; ``None`` if its format cannot tell.

    The bots are not looked up: a schedule is the same whoever they are.

    Raises:
        ValueError: rules the game refuses, or a format that cannot make a tournament of
            these bots and settings; the message says why.
    """
    game = load_game(request.game, request.options)
    kind = format_named(request.format)
    settings = kind.settings_from_data(request.format_data())
    entrants = Entrants(tuple(request.bots), game.num_players, request.seed or 0)
    schedule = kind.schedule(entrants, settings)
    schedule.next_games({})
    return schedule.remaining()


def schedule_line(games: int | None) -> str:
    """What the form says of a schedule of ``games`` games.

    >>> schedule_line(12), schedule_line(1)
    ('This tournament will play 12 games.', 'This tournament will play 1 game.')
    """
    if games is None:
        return "This format chooses its games as it goes: it cannot tell how many beforehand."
    return f"This tournament will play {games} game{'' if games == 1 else 's'}."
