"""How a bot's and a tournament's limits combine into those a started process runs with.

The limits themselves are defined in :mod:`croupier_server.control`, which the dashboard
imports too. A bot's registration and a tournament (or a single match) may each set any
of them; :func:`effective_limits` gives the limits a process runs with: where both set a
limit, the stricter value; where one does, its value; where neither does, the default of
:class:`~croupier_server.control.BotLimits`. So the network is allowed where one allows it
and the other does not cut it, and cut by default.

>>> bot = LimitSettings(memory_mb=4096, network=True)
>>> tournament = LimitSettings(memory_mb=512)
>>> limits = effective_limits(bot, tournament)
>>> limits.memory_mb, limits.cpu_seconds, limits.network
(512, 600, True)
>>> effective_limits(bot, LimitSettings(network=False)).network
False
"""

from __future__ import annotations

from typing import Any

from croupier_server.control import DEFAULT_LIMITS, LIMIT_SETTINGS, BotLimits, LimitSettings

__all__ = ["DEFAULT_LIMITS", "BotLimits", "LimitSettings", "effective_limits"]


def effective_limits(*settings: LimitSettings) -> BotLimits:
    """The limits a process runs with under ``settings``: the strictest value set, else the default.

    Stricter is smaller, and for the network, cut (``False``).
    """
    chosen: dict[str, Any] = {}
    for limit in LIMIT_SETTINGS:
        values = [
            value for setting in settings if (value := getattr(setting, limit.name)) is not None
        ]
        if values:
            chosen[limit.name] = min(values)
    return BotLimits(**chosen)
