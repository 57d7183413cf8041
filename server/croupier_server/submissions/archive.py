"""Reading a submitted archive safely: a gzipped tar, checked entry by entry, within limits.

:func:`read_archive` reads the archive as a stream, never whole in memory: it stops as soon
as it finds something it refuses, and stops decompressing once the archive has given more
than its files may hold (a few kilobytes that unpack to gigabytes are refused after the
limit, in well under a second). It refuses, in one line naming the entry:

- what is not a complete gzipped tar;
- absolute paths, ``..`` in a path, names that are not printable UTF-8;
- hard links (the SDK's packer never makes one: pack the file itself), devices, FIFOs
  and anything else that is not a file, a folder or a link (a tar holds no sockets);
- a symbolic link that leaves the folder, names nothing in the archive, or passes through
  another link; an entry inside a link or inside a file; the same entry twice;
- more than the limits (:class:`~croupier_server.settings.ArchiveLimits`) allow;
- a ``croupier.toml`` missing at the top or wrong, a game croupier does not know, a
  command whose program (``./bot``) the archive does not hold or does not make executable,
  a requirement that is not a distribution of the organiser's index: a path, a file
  name, a URL (``name @ file:///...``, ``name @ https://...``), an installer's option.

Links that stay inside are kept (``node_modules/.bin`` is made of them). What it returns,
:class:`CheckedArchive`, lists the entries and holds the manifest; a caller may also take
each file's bytes as they stream by (unpacking does).
"""

from __future__ import annotations

import enum
import gzip
import hashlib
import io
import shlex
import tarfile
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, TYPE_CHECKING

from packaging.requirements import InvalidRequirement, Requirement

from croupier.manifest import MANIFEST_FILE, Manifest, ManifestError, parse_manifest
from croupier_server.settings import ArchiveLimits

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

__all__ = [
    "MANIFEST_MAX_BYTES",
    "ArchiveRefused",
    "CheckedArchive",
    "Entry",
    "EntryKind",
    "FileContent",
    "read_archive",
]

MANIFEST_MAX_BYTES = 64 * 1024
"""The largest ``croupier.toml`` read."""

_NAME_MAX_BYTES = 255  # the longest file name Linux file systems take
_PATH_MAX_BYTES = 4096
_HEADER_ALLOWANCE = 6 * 1024
"""What each entry may add to the tar stream beside its bytes: headers, long names, padding."""
_STREAM_SLACK = 1024 * 1024
_ARCHIVE_SUFFIXES = (".whl", ".zip", ".tar", ".gz", ".tgz", ".bz2", ".xz", ".zst", ".egg")
"""How the names of distribution files end: installers read such a requirement as a file."""


class ArchiveRefused(ValueError):
    """An archive that is refused, in one line; ``too_large`` when over a size or count limit."""

    def __init__(self, message: str, *, too_large: bool = False) -> None:
        super().__init__(message)
        self.too_large = too_large


class EntryKind(enum.StrEnum):
    """What an archive's entry is."""

    FILE = "file"
    FOLDER = "folder"
    LINK = "link"


@dataclass(frozen=True, slots=True)
class Entry:
    """A checked entry of an archive, at its normalised path (``a/b``, no ``./``)."""

    path: str
    kind: EntryKind
    size: int = 0
    """A file's size in bytes."""
    executable: bool = False
    """Whether a file is executable (it is unpacked 0755, else 0644)."""
    target: str = ""
    """A link's target, as the archive gives it (relative, inside the archive)."""


@dataclass(frozen=True, slots=True)
class CheckedArchive:
    """An archive that passed every check: its digest, its entries, its manifest."""

    digest: str
    """SHA-256 hex of the archive's bytes."""
    entries: tuple[Entry, ...]
    """Its explicit entries, in archive order (folders only implied by a path are not)."""
    manifest: Manifest
    size: int
    """How many bytes its files hold."""
    paths: frozenset[str]
    """The path of every entry, and of every folder the paths imply."""

    @property
    def count(self) -> int:
        """How many files, folders and links it holds (what the limit on files counts)."""
        return len(self.paths)


FileContent = Callable[[Entry, IO[bytes]], None]
"""Takes a file's bytes as the archive streams by: the entry, and a stream of its bytes."""


def read_archive(
    data: bytes, limits: ArchiveLimits, *, content: FileContent | None = None
) -> CheckedArchive:
    """Check the gzipped tar ``data`` against ``limits``; its entries and manifest.

    ``content``, if given, is called with each file's bytes as they stream by, before the
    archive has been read to its end: it is whole (and may be used) only if this returns.

    Raises:
        ArchiveRefused: the archive is refused (the message says why, naming the entry).
    """
    if len(data) > limits.max_archive_bytes:
        raise ArchiveRefused(
            f"the archive is {len(data)} bytes, more than the {limits.max_archive_bytes} "
            "this server takes",
            too_large=True,
        )
    if not data.startswith(b"\x1f\x8b"):
        raise ArchiveRefused("not a gzipped tar archive: it does not begin as gzip does")
    cap = limits.max_unpacked_bytes + (limits.max_files + 2) * _HEADER_ALLOWANCE + _STREAM_SLACK
    stream = _CappedStream(gzip.GzipFile(fileobj=io.BytesIO(data), mode="rb"), cap)
    reading = _Reading(limits)
    try:
        with tarfile.open(fileobj=stream, mode="r|") as archive:
            for member in archive:
                reading.take(archive, member, content)
        while stream.read(1024 * 1024):  # the rest, so that gzip's checksum is checked
            pass
    except _Overflow:
        raise ArchiveRefused(
            f"the archive unpacks to more than the {limits.max_unpacked_bytes} bytes this "
            "server takes",
            too_large=True,
        ) from None
    except (tarfile.TarError, gzip.BadGzipFile, zlib.error, EOFError) as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else "it is cut short"
        raise ArchiveRefused(f"not a complete gzipped tar archive: {reason}") from None
    return reading.result(hashlib.sha256(data).hexdigest())


class _Overflow(Exception):
    """The archive gave more bytes than its limits allow."""


class _CappedStream(io.RawIOBase):
    """The decompressed bytes of a gzip stream, refused past ``cap`` of them."""

    def __init__(self, source: gzip.GzipFile, cap: int) -> None:
        self._source = source
        self._left = cap

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        count = self._source.readinto(buffer)
        self._left -= count
        if self._left < 0:
            raise _Overflow
        return count


@dataclass(eq=False)
class _Reading:
    """The entries read so far, and the checks that span several of them."""

    limits: ArchiveLimits
    entries: dict[str, Entry] = field(default_factory=dict)
    implied: set[str] = field(default_factory=set)
    """The folders the entries' paths imply."""
    paths: set[str] = field(default_factory=set)
    """The paths of the entries and of the folders they imply."""
    size: int = 0
    manifest_text: str | None = None

    def take(
        self, archive: tarfile.TarFile, member: tarfile.TarInfo, content: FileContent | None
    ) -> None:
        path = _checked_path(member)
        if path is None:
            return  # the archive's top folder itself ("./")
        entry = _entry(path, member)
        self._place(entry)
        if entry.kind is not EntryKind.FILE:
            return
        self.size += entry.size
        if entry.size > self.limits.max_file_bytes:
            raise ArchiveRefused(
                f"{path} is {entry.size} bytes, more than the {self.limits.max_file_bytes} "
                "a file may hold",
                too_large=True,
            )
        if self.size > self.limits.max_unpacked_bytes:
            raise ArchiveRefused(
                f"the archive's files hold more than the {self.limits.max_unpacked_bytes} "
                "bytes this server takes",
                too_large=True,
            )
        stream = archive.extractfile(member)
        assert stream is not None  # a regular file has a stream
        if path == MANIFEST_FILE:
            self.manifest_text = _manifest_text(entry, stream)
            stream = io.BytesIO(self.manifest_text.encode())
        if content is not None:
            content(entry, stream)

    def _place(self, entry: Entry) -> None:
        path = entry.path
        if path in self.entries:
            raise ArchiveRefused(f"{path} is in the archive twice")
        parts = path.split("/")
        for depth in range(1, len(parts)):
            folder = "/".join(parts[:depth])
            above = self.entries.get(folder)
            if above is not None and above.kind is not EntryKind.FOLDER:
                raise ArchiveRefused(f"{path} is inside {folder}, which is a {above.kind}")
            self.implied.add(folder)
            self.paths.add(folder)
        if path in self.implied and entry.kind is not EntryKind.FOLDER:
            raise ArchiveRefused(f"{path} is a {entry.kind}, and the archive holds entries in it")
        self.entries[path] = entry
        self.paths.add(path)
        if len(self.paths) > self.limits.max_files:
            raise ArchiveRefused(
                f"the archive holds more than the {self.limits.max_files} files and folders "
                "this server takes",
                too_large=True,
            )

    def result(self, digest: str) -> CheckedArchive:
        for entry in self.entries.values():
            if entry.kind is EntryKind.LINK:
                self._check_link(entry)
        if self.manifest_text is None:
            raise ArchiveRefused(self._no_manifest())
        try:
            manifest = parse_manifest(self.manifest_text)
        except ManifestError as error:
            raise ArchiveRefused(str(error)) from None
        self._check_program(manifest)
        _check_requirements(manifest)
        return CheckedArchive(
            digest=digest,
            entries=tuple(self.entries.values()),
            manifest=manifest,
            size=self.size,
            paths=frozenset(self.paths),
        )

    def _kind(self, path: str) -> EntryKind | None:
        entry = self.entries.get(path)
        if entry is not None:
            return entry.kind
        return EntryKind.FOLDER if path in self.implied or path == "" else None

    def _check_link(self, link: Entry) -> None:
        """Refuse a link that leaves the folder, passes through a link, or names nothing."""
        where = f"{link.path} is a link to {link.target}"
        if link.target.startswith("/"):
            raise ArchiveRefused(f"{where}, outside the folder")
        way = link.path.split("/")[:-1]
        for part in link.target.split("/"):
            if part in {"", "."}:
                continue
            if part != "..":
                way.append(part)
            elif way:
                way.pop()
            else:
                raise ArchiveRefused(f"{where}, outside the folder")
            kind = self._kind("/".join(way))
            if kind is EntryKind.LINK:
                raise ArchiveRefused(f"{where}, through the link {'/'.join(way)}")
            if kind is None:
                raise ArchiveRefused(f"{where}, which the archive does not hold")

    def _no_manifest(self) -> str:
        nested = sorted(p for p in self.entries if p.endswith(f"/{MANIFEST_FILE}"))
        if nested:
            folder = nested[0].removesuffix(MANIFEST_FILE)
            return (
                f"{MANIFEST_FILE} is in {folder}, not at the top of the archive: pack the "
                "bot's folder itself (croupier-bot submit DIR does)"
            )
        return f"the archive holds no {MANIFEST_FILE} at its top"

    def _check_program(self, manifest: Manifest) -> None:
        """Refuse a command whose program is a path the archive does not hold or run."""
        program = shlex.split(manifest.command)[0]
        if "/" not in program or program.startswith("/"):
            return  # found on the PATH, or the organiser's machine's own
        parts = [part for part in program.split("/") if part not in {"", "."}]
        entry = self.entries.get("/".join(parts))
        if entry is None or entry.kind is EntryKind.FOLDER:
            raise ArchiveRefused(
                f"{MANIFEST_FILE}: 'command' runs {program}, which the archive does not hold"
            )
        if entry.kind is EntryKind.FILE and not entry.executable:
            raise ArchiveRefused(
                f"{MANIFEST_FILE}: 'command' runs {program}, which is not executable "
                f"(chmod +x {program}, then pack it again)"
            )


def _check_requirements(manifest: Manifest) -> None:
    """Refuse a requirement that is not a distribution of the organiser's index.

    Each must be a PEP 508 requirement of a name, extras, version specifiers and markers
    only: no direct reference (``name @ URL``, ``file:`` or a path), no file name
    (``evil.whl``, which installers read as a local file), no installer option.
    """
    for entry in manifest.requirements:
        reason = _requirement_fault(entry)
        if reason is not None:
            raise ArchiveRefused(
                f"{MANIFEST_FILE}: 'requirements' holds {entry!r}: {reason} (name a "
                "distribution of the server's index, with versions if need be: numpy>=2)"
            )


def _requirement_fault(entry: str) -> str | None:
    """Why ``entry`` is not a requirement the server installs, or ``None`` if it is."""
    if entry.lstrip().startswith("-"):
        return "an installer's option is not a requirement"
    try:
        requirement = Requirement(entry)
    except InvalidRequirement:
        return "not a requirement (PEP 508) of a distribution's name and versions"
    if requirement.url is not None:
        return "a requirement may not name a file on the server nor a URL"
    if requirement.name.lower().endswith(_ARCHIVE_SUFFIXES):
        return "a requirement may not name a file on the server"
    return None


def _checked_path(member: tarfile.TarInfo) -> str | None:
    """The entry's normalised path; ``None`` for the top folder itself.

    Raises:
        ArchiveRefused: an absolute path, ``..``, or a name that is not printable UTF-8.
    """
    name = member.name
    try:
        encoded = name.encode("utf-8")
    except UnicodeEncodeError:
        raise ArchiveRefused(f"{name!r} is not a UTF-8 name") from None
    if name.startswith("/"):
        raise ArchiveRefused(f"{name} is an absolute path")
    parts = [part for part in name.split("/") if part not in {"", "."}]
    if ".." in parts:
        raise ArchiveRefused(f"{name} goes up out of the folder (..)")
    if not name.isprintable():
        raise ArchiveRefused(f"{name!r} holds a character that is not printable")
    if len(encoded) > _PATH_MAX_BYTES or any(len(p.encode()) > _NAME_MAX_BYTES for p in parts):
        raise ArchiveRefused(f"{name[:80]}... is a name longer than a file system takes")
    if not parts:
        if member.isdir():
            return None
        raise ArchiveRefused("the archive holds an entry with no name")
    return "/".join(parts)


def _entry(path: str, member: tarfile.TarInfo) -> Entry:
    """The entry ``member`` is at ``path``, if it is a file, a folder or a link."""
    if member.isreg() and not member.issparse():
        return Entry(path, EntryKind.FILE, size=member.size, executable=bool(member.mode & 0o111))
    if member.isdir():
        return Entry(path, EntryKind.FOLDER)
    if member.issym():
        if not member.linkname:
            raise ArchiveRefused(f"{path} is a link to nothing")
        return Entry(path, EntryKind.LINK, target=member.linkname)
    if member.islnk():
        raise ArchiveRefused(
            f"{path} is a hard link to {member.linkname}: pack the file itself "
            "(croupier-bot submit does)"
        )
    if member.ischr() or member.isblk():
        raise ArchiveRefused(f"{path} is a device file")
    if member.isfifo():
        raise ArchiveRefused(f"{path} is a FIFO")
    raise ArchiveRefused(f"{path} is not a file, a folder or a link")


def _manifest_text(entry: Entry, stream: IO[bytes]) -> str:
    if entry.size > MANIFEST_MAX_BYTES:
        raise ArchiveRefused(f"{MANIFEST_FILE} is larger than {MANIFEST_MAX_BYTES} bytes")
    try:
        return stream.read().decode("utf-8")
    except UnicodeDecodeError:
        raise ArchiveRefused(f"{MANIFEST_FILE}: not UTF-8 text") from None
