"""The upload form, ``/submit``: a logged-in author submits a bot's archive from a browser.

The form posts the archive as ``multipart/form-data`` with the session's CSRF value; the
post is read up to the largest archive the server takes (and a little more for the
form's own fields), refused with 413 past it before the rest is read, then stored as
``POST /api/submissions`` stores it.
"""

from __future__ import annotations

from collections.abc import AsyncGenerator
from typing import Annotated

from fastapi import APIRouter, Depends, HTTPException, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from starlette.datastructures import FormData, UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser

from croupier_server.web.access import LoginSession, author_login, check_csrf
from croupier_server.web.submissions import (
    Actions,
    available,
    read_limited_body,
    store_submission,
    submitter,
)
from croupier_server.web.templating import render

__all__ = ["FORM_OVERHEAD_BYTES", "router"]

router = APIRouter(include_in_schema=False)

FORM_OVERHEAD_BYTES = 64 * 1024
"""What a form post may hold beyond its archive: its boundaries, headers and CSRF value."""

AuthorLogin = Annotated[LoginSession, Depends(author_login)]


@router.get("/submit", response_class=HTMLResponse)
def submit_page(request: Request, login: AuthorLogin, actions: Actions) -> HTMLResponse:
    """The upload form."""
    return _form(request, login, actions, message="")


@router.post("/submit")
async def submit_form(request: Request, login: AuthorLogin, actions: Actions) -> Response:
    """Store the uploaded archive as a new version, and show its page."""
    taking = available(actions)
    body = await read_limited_body(request, taking.max_archive_bytes + FORM_OVERHEAD_BYTES)
    form = await _parsed(request, body)
    try:
        check_csrf(login, _text(form.get("csrf")))
        upload = form.get("archive")
        if not isinstance(upload, UploadFile):
            return _form(
                request, login, actions, message="Choose an archive to upload.", status=400
            )
        archive = await upload.read()
    finally:
        await form.close()
    if len(archive) > taking.max_archive_bytes:
        raise HTTPException(413, "the archive is larger than this server takes")
    try:
        submitted = await run_in_threadpool(
            store_submission, taking, author_id=submitter(login.caller), archive=archive
        )
    except HTTPException as refused:
        page = _form(
            request, login, actions, message=str(refused.detail), status=refused.status_code
        )
        page.headers.update(refused.headers or {})  # a 429's Retry-After
        return page
    return RedirectResponse(submitted.url, status_code=303)


async def _parsed(request: Request, body: bytes) -> FormData:
    """The fields of the multipart post ``body``.

    Raises:
        HTTPException: 400, it is no multipart form.
    """

    async def stream() -> AsyncGenerator[bytes, None]:
        yield body

    if not request.headers.get("content-type", "").startswith("multipart/form-data"):
        raise HTTPException(400, "the upload form posts multipart/form-data")
    parser = MultiPartParser(request.headers, stream(), max_files=1, max_fields=4)
    try:
        return await parser.parse()
    except MultiPartException as error:
        raise HTTPException(400, f"the form is malformed: {error.message}") from None


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


def _form(
    request: Request,
    login: LoginSession,
    actions: Actions,
    *,
    message: str,
    status: int = 200,
) -> HTMLResponse:
    context = {
        "section": "submit",
        "csrf": login.csrf,
        "author": login.caller.author,
        "message": message,
        "max_bytes": None if actions is None else actions.max_archive_bytes,
    }
    return render(request, "submit.html", context, status_code=status)
