"""The bots' processes kept from game to game, for whoever plays scheduled games.

A :class:`~.pool.ProcessPool` lends a game's command bots processes in a
:class:`~.mode.ProcessMode` (:mod:`.plan` says which to start ahead and which to end);
:class:`~.generations.PoolGenerations` keeps a pool for a field of bots that changes. The
local tournament runner, a ladder played on one machine and a worker use them alike.
"""
