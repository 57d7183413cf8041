"""The web dashboard: leaderboards, tournaments, bots and a replay viewer, with JSON twins.

:func:`create_app` builds the FastAPI application over a database engine; every page at
``/PATH`` has its JSON twin at ``/api/PATH``, described by the OpenAPI schema at
``/api/openapi.json``. :class:`DashboardServer` serves it with uvicorn.
"""

from croupier_server.web.app import create_app
from croupier_server.web.server import DashboardServer

__all__ = ["DashboardServer", "create_app"]
