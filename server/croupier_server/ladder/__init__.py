"""Ladders: rated games among a game's active versions, chosen and played without end.

- :mod:`.opening`: open and close a ladder (``croupier ladder``, the dashboard's form).
- :mod:`.entrants`: who plays in it now; :mod:`.matchmaking`: who sits at the next table
  (pure); :mod:`.choosing`: the next deal, one game per rotation of its table.
- :mod:`.fit`: its ratings with intervals; :mod:`.progress`: what ``ladder show`` and its
  pages say of it.
- :mod:`.runner`: one ladder played, its games handed to the workers or played here by
  the attempt runner (:mod:`croupier_server.attempts`); :mod:`.serving`: every open
  ladder, as ``croupier serve`` runs them.

docs/ladder.md says how a ladder is opened, its matchmaking's rules and what survives a
restart.
"""
