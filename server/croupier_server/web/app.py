"""The dashboard application: its pages, their JSON twins, static files and error pages."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from sqlalchemy import Engine
from starlette.exceptions import HTTPException

from croupier._version import __version__
from croupier_server.web import bots, games, leaderboard, replay, tournaments
from croupier_server.web.ratings_cache import RatingsCache
from croupier_server.web.templating import render

__all__ = ["API_PREFIX", "create_app"]

API_PREFIX = "/api"
"""Where the JSON twins of the pages live."""

_STATIC = Path(__file__).parent / "static"


def create_app(engine: Engine) -> FastAPI:
    """The dashboard over the database of ``engine``.

    Reading needs no credentials. Nothing is fetched from outside the server: the pages
    use only the scripts and styles under ``/static``, and the OpenAPI schema is served
    as JSON at ``/api/openapi.json`` without an interactive viewer.
    """
    app = FastAPI(
        title="croupier",
        version=__version__,
        description="The ratings, tournaments, bots and games of a croupier database.",
        openapi_url=f"{API_PREFIX}/openapi.json",
        docs_url=None,
        redoc_url=None,
    )
    app.state.engine = engine
    app.state.ratings_cache = RatingsCache(engine)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.mount("/static", StaticFiles(directory=_STATIC), name="static")
    for pages in (leaderboard, tournaments, bots, games, replay):
        app.include_router(pages.router)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _bad_request)
    return app


def _wants_json(request: Request) -> bool:
    return request.url.path == API_PREFIX or request.url.path.startswith(f"{API_PREFIX}/")


async def _http_error(request: Request, error: Exception) -> Response:
    """A JSON error under ``/api``, else an error page."""
    assert isinstance(error, HTTPException)
    if _wants_json(request):
        return JSONResponse(
            {"detail": error.detail}, status_code=error.status_code, headers=error.headers
        )
    return render(
        request,
        "error.html",
        {"status": error.status_code, "message": error.detail},
        status_code=error.status_code,
    )


async def _bad_request(request: Request, error: Exception) -> Response:
    """Malformed path or query values: 422 with the details under ``/api``, else 404."""
    assert isinstance(error, RequestValidationError)
    if _wants_json(request):
        return JSONResponse({"detail": jsonable_encoder(error.errors())}, status_code=422)
    problems = "; ".join(
        f"{'.'.join(str(part) for part in problem['loc'][1:])}: {problem['msg']}"
        for problem in error.errors()
    )
    return render(
        request,
        "error.html",
        {"status": 404, "message": f"No such page ({problems})"},
        status_code=404,
    )
