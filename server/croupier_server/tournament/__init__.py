"""Tournaments: the schedule, the runner that plays it, the standings of its bots.

Beside them, the sequential match of two bots that stops when the SPRT decides.
"""

from croupier_server.tournament.runner import (
    REFEREE_ATTEMPTS,
    Progress,
    TournamentError,
    create_tournament,
    run_tournament,
    tournament_schedule,
)
from croupier_server.tournament.schedule import ScheduledGame, ScheduleFormat, deal_seed, schedule
from croupier_server.tournament.sequential import (
    GamePlayer,
    SprtHypotheses,
    SprtProgress,
    match_player,
    run_sprt,
)
from croupier_server.tournament.standings import Standing, standings

__all__ = [
    "REFEREE_ATTEMPTS",
    "GamePlayer",
    "Progress",
    "ScheduleFormat",
    "ScheduledGame",
    "SprtHypotheses",
    "SprtProgress",
    "Standing",
    "TournamentError",
    "create_tournament",
    "deal_seed",
    "match_player",
    "run_sprt",
    "run_tournament",
    "schedule",
    "standings",
    "tournament_schedule",
]
