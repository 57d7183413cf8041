"""The dashboard application: its pages, their JSON twins, static files and error pages."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from http import HTTPStatus
from pathlib import Path

from fastapi import Depends, FastAPI, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import JSONResponse, RedirectResponse, Response
from fastapi.routing import APIRoute, APIRouter
from fastapi.staticfiles import StaticFiles
from sqlalchemy import Engine
from sqlmodel import Session
from starlette.exceptions import HTTPException
from starlette.types import Scope

from croupier_server import __version__
from croupier_server.db import authors as db_authors
from croupier_server.web import (
    authors,
    bots,
    duplicates,
    game_page,
    games,
    guide,
    ladders,
    leaderboard,
    people_access,
    play,
    replay,
    second_opinion_pages,
    submissions,
    tournaments,
    upload,
    version_files,
    version_pages,
    versions,
    workers,
)
from croupier_server.web.access import (
    AccessControl,
    AccessTokens,
    Caller,
    Role,
    require_reader,
)
from croupier_server.web.admin import api as admin_api
from croupier_server.web.admin import pages as admin_pages
from croupier_server.web.admin.actions import AdminActions
from croupier_server.web.admin.pages import login_url
from croupier_server.web.error_pages import back_link, malformed_message
from croupier_server.web.http_limits import BodySizeLimit, HttpLimits
from croupier_server.web.openapi import error_answers
from croupier_server.web.play import TABLES_LIMIT, TablesOpenTo
from croupier_server.web.play_schemas import PersonTables
from croupier_server.web.rate_limit import PageBudget, RateLimiter
from croupier_server.web.ratings_cache import RatingsCache
from croupier_server.web.replay_cache import ReplayCache
from croupier_server.web.same_origin import SameOriginPosts
from croupier_server.web.second_opinions import SecondOpinions
from croupier_server.web.security_headers import SecurityHeaders
from croupier_server.web.submissions import SubmissionActions
from croupier_server.web.templating import render
from croupier_server.web.upload import FORM_OVERHEAD_BYTES

__all__ = ["API_PREFIX", "create_app"]

API_PREFIX = "/api"
"""Where the JSON twins of the pages live."""

_STATIC = Path(__file__).parent / "static"

_EXPENSIVE_PAGES = tuple(
    re.compile(path)
    for path in (
        r"/",
        r"/(api/)?leaderboard(/[^/]+/[^/]+)?",
        r"/games/\d+",
        r"/api/games/\d+(/replay)?",
    )
)
"""The pages and downloads whose work a client's budget pays for (:class:`PageBudget`)."""

_UPLOADS = frozenset({("POST", "/submit"), ("POST", f"{API_PREFIX}/submissions")})
"""The routes whose body is a version's archive."""


def create_app(
    engine: Engine,
    *,
    tokens: AccessTokens | None = None,
    admin_actions: AdminActions | None = None,
    submission_actions: SubmissionActions | None = None,
    sign_up: bool = False,
    person_tables: PersonTables | None = None,
    tables_open_to: TablesOpenTo = TablesOpenTo.ADMIN,
    second_opinions: SecondOpinions | None = None,
    http_limits: HttpLimits | None = None,
    fits_boards: bool = True,
) -> FastAPI:
    """The dashboard over the database of ``engine``.

    Changing anything needs the admin token of ``tokens`` (without one, nothing can be
    changed) and is done by ``admin_actions`` (without them, changes are refused); reading
    needs a token only if ``tokens`` sets a read token (see :mod:`croupier_server.web.access`).
    The authors of the database submit and retire their bots with their own tokens, through
    ``submission_actions`` (without them, uploads are refused); with ``sign_up``, people
    may sign up as authors. People sit at tables against bots through ``person_tables``
    (without them, the tables are refused), those ``tables_open_to`` says may open them.
    Bots are asked about stored games' decisions through ``second_opinions`` (without
    them, the page says it needs ``croupier serve``).
    Nothing is fetched from outside the server: the pages use only the scripts and styles
    under ``/static``, and the OpenAPI schema is served as JSON at ``/api/openapi.json``
    without an interactive viewer.
    Every request's body is bounded, and each client's fetches of the expensive pages, as
    ``http_limits`` says (default: :class:`HttpLimits`'s); no other site may post a form
    nor frame a page (:mod:`.same_origin`, :mod:`.security_headers`).
    With ``fits_boards``, it fits the ratings boards it is asked for that no fitter keeps
    fresh; without, ``serve``'s fitter does (see :mod:`.ratings_cache`).
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
    app.state.ratings_cache = RatingsCache(engine, fits_here=fits_boards)
    app.state.replay_cache = ReplayCache()
    app.state.access = AccessControl(
        tokens or AccessTokens(), authors=_stored_authors(engine), sign_up=sign_up
    )
    app.state.admin_actions = admin_actions
    app.state.submission_actions = submission_actions
    app.state.person_tables = person_tables
    app.state.tables_open_to = tables_open_to
    app.state.tables_limiter = RateLimiter(burst=TABLES_LIMIT[0], period_s=TABLES_LIMIT[1])
    app.state.second_opinions = second_opinions
    _add_edge_middleware(app, http_limits or HttpLimits(), submission_actions)
    app.mount("/static", StaticFiles(directory=_STATIC), name="static")
    protected = app.state.access.read_protected
    # A submitted bot's pages come after the bots', whose /bots/{id} takes the numbers.
    routers = [
        leaderboard.router,
        tournaments.router,
        ladders.router,
        bots.router,
        people_access.router,
        people_access.forms,
        versions.router,
        version_files.router,
        version_pages.router,
        games.router,
        replay.router,
        game_page.router,
        play.router,
        duplicates.router,
        second_opinion_pages.router,
        workers.router,
        guide.router,
        submissions.router,
        upload.router,
        authors.router,
        authors.pages,
    ]
    for router in routers:
        _document_budget(router)
        app.include_router(
            router,
            dependencies=[Depends(require_reader)] if protected else [],
            responses=error_answers({401: "No token, or a wrong one"}) if protected else {},
        )
    app.include_router(admin_api.router)
    app.include_router(ladders.admin_router)
    app.include_router(ladders.forms_router)
    app.include_router(admin_pages.router)
    app.add_exception_handler(HTTPException, _http_error)
    app.add_exception_handler(RequestValidationError, _bad_request)
    return app


def _document_budget(router: APIRouter) -> None:
    """Say in the schema of each route that a client's budget pays for that it may answer 429."""
    answer = error_answers({429: "Too many of these pages from this address: see Retry-After"})
    for route in router.routes:
        if isinstance(route, APIRoute):
            example = re.sub(r"\{[^}]*\}", "1", route.path)
            if any(page.fullmatch(example) for page in _EXPENSIVE_PAGES):
                route.responses = {**answer, **route.responses}


def _add_edge_middleware(
    app: FastAPI, limits: HttpLimits, submissions: SubmissionActions | None
) -> None:
    """The middleware between the network and the pages, the outermost added last.

    The headers go on every answer, refusals included; a body too large is refused before
    anything else looks at the request, then another site's post, then a client past its
    budget of expensive pages.
    """
    upload_bytes = limits.max_body_bytes
    if submissions is not None:
        upload_bytes = max(upload_bytes, submissions.max_archive_bytes + FORM_OVERHEAD_BYTES)

    def limit_of(method: str, path: str) -> int:
        return upload_bytes if (method, path) in _UPLOADS else limits.max_body_bytes

    pages = RateLimiter(burst=limits.page_burst, period_s=limits.page_period_s)
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.add_middleware(PageBudget, limiter=pages, paths=_EXPENSIVE_PAGES, refuse=_refusal)
    app.add_middleware(SameOriginPosts, refuse=_refusal)
    app.add_middleware(BodySizeLimit, limit_of=limit_of, refuse=_refusal)
    app.add_middleware(SecurityHeaders)


def _refusal(scope: Scope, status: int, message: str, headers: Mapping[str, str]) -> Response:
    """A request refused before it reached its route: JSON under ``/api``, else the error page."""
    request = Request(scope)
    if _wants_json(request):
        return JSONResponse({"detail": message}, status_code=status, headers=dict(headers))
    page = _error_page(request, status, message)
    page.headers.update(headers)
    return page


def _stored_authors(engine: Engine) -> Callable[[str], Caller | None]:
    """Finds the authors of ``engine``'s database by their token's digest."""

    def find(token_hash: str) -> Caller | None:
        with Session(engine) as session:
            author = db_authors.author_by_token_hash(session, token_hash=token_hash)
        if author is None:
            return None
        return Caller(Role.AUTHOR, author_id=author.id, author=author.name)

    return find


def _wants_json(request: Request) -> bool:
    return request.url.path == API_PREFIX or request.url.path.startswith(f"{API_PREFIX}/")


async def _http_error(request: Request, error: Exception) -> Response:
    """A JSON error under ``/api``, else an error page (the login page for a 401)."""
    assert isinstance(error, HTTPException)
    if _wants_json(request):
        return JSONResponse(
            {"detail": error.detail}, status_code=error.status_code, headers=error.headers
        )
    if error.status_code == 401:
        # A form post cannot be repeated by going back to its address: back to the forms.
        target = request.url.path if request.method == "GET" else _form_page(request.url.path)
        if request.method == "GET" and request.url.query:
            target = f"{target}?{request.url.query}"
        return RedirectResponse(login_url(target), status_code=303)
    message = error.detail
    if error.status_code == 404 and message == HTTPStatus.NOT_FOUND.phrase:
        message = f"No page at {request.url.path}"  # the router's, where no route matched
    page = _error_page(request, error.status_code, message)
    page.headers.update(error.headers or {})  # a 429's Retry-After
    return page


def _form_page(posted_to: str) -> str:
    """The page of the form that posts to ``posted_to``."""
    if posted_to.startswith("/admin"):
        return "/admin"
    return posted_to.removesuffix("/retire").removesuffix("/people")


async def _bad_request(request: Request, error: Exception) -> Response:
    """Malformed path or query values: 422 with the details under ``/api``, else 404."""
    assert isinstance(error, RequestValidationError)
    if _wants_json(request):
        return JSONResponse({"detail": jsonable_encoder(error.errors())}, status_code=422)
    return _error_page(request, 404, malformed_message(error.errors()))


def _error_page(request: Request, status: int, message: object) -> Response:
    """The error page: its one line begun with a capital, and the list it belongs to."""
    text = str(message)
    context = {
        "status": status,
        "message": text[:1].upper() + text[1:],
        "back": back_link(request.url.path),
    }
    return render(request, "error.html", context, status_code=status)
