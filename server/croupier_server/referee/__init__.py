"""The referee: bot processes and sessions over gRPC, seats under time control, game logs.

Import its modules directly (``croupier_server.referee.game`` and so on).
"""
