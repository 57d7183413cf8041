"""A version's files, for its author and the admin: the list, and one file's bytes.

The files are read from the version's stored archive (a gzipped tar, checked when it was
submitted): only its regular files are listed, and a file is served only under a path
the list holds, so no path names anything outside the version's files.
``GET /api/bots/{name}/versions/{n}/files`` lists them; ``.../files/{path}`` gives one as
``application/octet-stream``, never as a page a browser would run.
"""

from __future__ import annotations

import io
import tarfile

from fastapi import APIRouter, HTTPException
from fastapi.responses import Response
from pydantic import BaseModel
from sqlmodel import Session

from croupier_server.db.version_listing import ListedVersion, SubmittedBot, archive_bytes
from croupier_server.web.access import Caller, OptionalCaller
from croupier_server.web.dependencies import DatabaseSession
from croupier_server.web.openapi import error_answers
from croupier_server.web.versions import BotName, VersionNumber, require_version

__all__ = [
    "VersionFile",
    "archive_file",
    "archive_files",
    "owned_version",
    "router",
]

router = APIRouter()

_PRIVATE = {
    401: "No token, or a wrong one",
    403: "Not the bot's author nor the admin",
    404: "No such bot, version or file",
}


class VersionFile(BaseModel):
    """A file of a version."""

    path: str
    size: int
    executable: bool


def archive_files(data: bytes) -> list[VersionFile]:
    """The regular files of the gzipped tar ``data``, by path."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        found = [
            VersionFile(path=_path(member), size=member.size, executable=_runs(member))
            for member in archive.getmembers()
            if member.isreg()
        ]
    return sorted(found, key=lambda each: each.path)


def archive_file(data: bytes, path: str) -> bytes | None:
    """The bytes of the regular file ``path`` of the gzipped tar ``data``, if it holds one."""
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
        for member in archive.getmembers():
            if member.isreg() and _path(member) == path:
                extracted = archive.extractfile(member)
                return None if extracted is None else extracted.read()
    return None


def _path(member: tarfile.TarInfo) -> str:
    name = member.name
    while name.startswith("./"):
        name = name[2:]
    return name


def _runs(member: tarfile.TarInfo) -> bool:
    return bool(member.mode & 0o111)


def owned_version(
    session: Session, caller: Caller | None, name: str, number: int
) -> tuple[SubmittedBot, ListedVersion, bytes]:
    """The version, and its archive, if ``caller`` may see its files.

    Raises:
        HTTPException: 401 (nobody), 403 (another author or a reader), 404 (no such
            version, or its archive is gone).
    """
    submitted, listed = require_version(session, name, number)
    if caller is None:
        raise HTTPException(401, "a version's files need its author's token or the admin's")
    if not caller.owns(submitted.bot.author_id):
        raise HTTPException(403, f"the files of {name!r} are its author's and the admin's only")
    data = archive_bytes(session, digest=listed.version.digest)
    if data is None:
        raise HTTPException(404, f"the archive of {listed.bot.name} is not stored")
    return submitted, listed, data


@router.get(
    "/api/bots/{name:path}/versions/{number}/files",
    response_model=list[VersionFile],
    summary="A version's files (its author and the admin)",
    responses=error_answers(_PRIVATE),
)
def files_api(
    name: BotName, number: VersionNumber, session: DatabaseSession, caller: OptionalCaller
) -> list[VersionFile]:
    """Every regular file of the version, by path."""
    return archive_files(owned_version(session, caller, name, number)[2])


@router.get(
    "/api/bots/{name:path}/versions/{number}/files/{path:path}",
    response_class=Response,
    summary="One file of a version, as bytes (its author and the admin)",
    responses={
        200: {"content": {"application/octet-stream": {"schema": {"type": "string"}}}},
        **error_answers(_PRIVATE),
    },
)
def file_api(
    name: BotName,
    number: VersionNumber,
    path: str,
    session: DatabaseSession,
    caller: OptionalCaller,
) -> Response:
    """The bytes of the file ``path`` of the version."""
    content = archive_file(owned_version(session, caller, name, number)[2], path)
    if content is None:
        raise HTTPException(404, f"{name}@{number} has no file {path!r}")
    return Response(
        content,
        media_type="application/octet-stream",
        headers={
            "X-Content-Type-Options": "nosniff",
            "Content-Security-Policy": "sandbox",
            "Cache-Control": "private, no-store",
        },
    )
