"""A started bot's process: its sandbox and seal, control groups, limits and output.

Import its modules directly (``croupier_server.referee.containment.sandbox`` and so on).
"""
