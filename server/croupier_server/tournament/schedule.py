"""The formats the dashboard's tournament form makes: those set by deals, duplicate and challengers.

The dashboard's form should be made from :mod:`croupier_server.tournament.formats` instead
(:func:`~croupier_server.tournament.formats.format_names`, each format's ``specs``); until
then it offers these two.
"""

from __future__ import annotations

import enum

__all__ = ["ScheduleFormat"]


class ScheduleFormat(enum.StrEnum):
    """The formats the dashboard's form makes."""

    ROUND_ROBIN = "round-robin"
    GAUNTLET = "gauntlet"
