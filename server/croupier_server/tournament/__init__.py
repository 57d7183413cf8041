"""Tournaments: the schedule, the runner that plays it, and the standings of its bots."""

from croupier_server.tournament.runner import (
    REFEREE_ATTEMPTS,
    Progress,
    TournamentError,
    create_tournament,
    run_tournament,
    tournament_schedule,
)
from croupier_server.tournament.schedule import ScheduledGame, ScheduleFormat, deal_seed, schedule
from croupier_server.tournament.standings import Standing, standings

__all__ = [
    "REFEREE_ATTEMPTS",
    "Progress",
    "ScheduleFormat",
    "ScheduledGame",
    "Standing",
    "TournamentError",
    "create_tournament",
    "deal_seed",
    "run_tournament",
    "schedule",
    "standings",
    "tournament_schedule",
]
