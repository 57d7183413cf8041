"""One lifecycle for every game croupier plays from a schedule: tournaments and ladders alike.

Each game a format (or a ladder's matchmaking) chooses is a ``scheduled_game`` row, stored in
the transaction that decides it. One attempt runner (:func:`.attempt.play_attempt`) claims
a row (the next attempt number, its fencing token, and a lease), creates the attempt's game
row, plays it under the lease with processes borrowed from the runner's pools
(:mod:`.pools`), and stores it fenced, the format's next games in the same transaction. It
runs on one machine, inside ``croupier tournament run`` and ``croupier serve``
(:mod:`.local`), and on many, inside ``croupier worker``: one retry policy, one notion of a
bot that never started, one place that creates a scheduled game's row.
"""
