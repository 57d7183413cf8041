"""Changing things through the dashboard: register bots, queue tournaments (admin token).

:mod:`.schemas` holds what the API takes and answers, :mod:`.actions` the
:class:`AdminActions` that carry the changes out with the referee's checks (handed to the
dashboard by the command serving it), :mod:`.api` the JSON routes, :mod:`.forms` and
:mod:`.pages` the login page and the forms of ``/admin``.
"""

from croupier_server.web.admin.actions import AdminActions
from croupier_server.web.admin.schemas import (
    BotRegistration,
    FormatName,
    GameName,
    ProcessLimits,
    QueuedTournament,
    RegisteredBot,
    TimeControlRequest,
    TournamentRequest,
)

__all__ = [
    "AdminActions",
    "BotRegistration",
    "FormatName",
    "GameName",
    "ProcessLimits",
    "QueuedTournament",
    "RegisteredBot",
    "TimeControlRequest",
    "TournamentRequest",
]
