"""Reading a submitted archive: every kind of bad archive refused in one line, good ones read."""

from __future__ import annotations

import gzip
import io
import tarfile
import tracemalloc
from collections.abc import Callable

import pytest

from croupier_server.settings import ArchiveLimits
from croupier_server.submissions.archive import (
    ArchiveRefused,
    CheckedArchive,
    EntryKind,
    read_archive,
)
from tests.cpu import cpu_seconds
from tests.server.submissions.building import TarEntry, archive, manifest_text

LIMITS = ArchiveLimits()
MANIFEST = TarEntry("croupier.toml", manifest_text().encode())
BOT = TarEntry("bot.py", b"print('hello')\n")


def refusal(data: bytes, limits: ArchiveLimits = LIMITS) -> ArchiveRefused:
    """What refusing ``data`` said (it must be one line)."""
    with pytest.raises(ArchiveRefused) as refused:
        read_archive(data, limits)
    assert "\n" not in str(refused.value)
    return refused.value


def test_a_bot_s_archive_is_read_with_its_entries_and_manifest() -> None:
    data = archive(
        [
            TarEntry("./", kind=tarfile.DIRTYPE, mode=0o755),
            TarEntry("./croupier.toml", manifest_text(command="./run.sh").encode()),
            TarEntry("./run.sh", b"#!/bin/sh\n", mode=0o755),
            TarEntry("./lib/", kind=tarfile.DIRTYPE, mode=0o700),
            TarEntry("./lib/a.py", b"x = 1\n"),
            TarEntry("node_modules/.bin/tool", kind=tarfile.SYMTYPE, link="../../lib/a.py"),
        ]
    )
    checked = read_archive(data, LIMITS)
    assert isinstance(checked, CheckedArchive)
    assert checked.manifest.command == "./run.sh"
    assert [(e.path, e.kind) for e in checked.entries] == [
        ("croupier.toml", EntryKind.FILE),
        ("run.sh", EntryKind.FILE),
        ("lib", EntryKind.FOLDER),
        ("lib/a.py", EntryKind.FILE),
        ("node_modules/.bin/tool", EntryKind.LINK),
    ]
    assert checked.entries[1].executable
    assert not checked.entries[3].executable
    assert checked.size == len(manifest_text(command="./run.sh")) + len(b"#!/bin/sh\n") + 6
    # the folders node_modules and node_modules/.bin are implied by the link's path
    assert checked.count == 7
    assert "node_modules/.bin" in checked.paths


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ([MANIFEST, TarEntry("/etc/cron.d/x", b"")], "/etc/cron.d/x is an absolute path"),
        ([MANIFEST, TarEntry("a/../../x", b"")], "a/../../x goes up out of the folder (..)"),
        (
            [MANIFEST, TarEntry("out", kind=tarfile.SYMTYPE, link="/etc/passwd")],
            "out is a link to /etc/passwd, outside the folder",
        ),
        (
            [MANIFEST, TarEntry("a/out", kind=tarfile.SYMTYPE, link="../../etc")],
            "a/out is a link to ../../etc, outside the folder",
        ),
        (
            [MANIFEST, TarEntry("dangling", kind=tarfile.SYMTYPE, link="nothing.py")],
            "dangling is a link to nothing.py, which the archive does not hold",
        ),
        (
            [
                MANIFEST,
                BOT,
                TarEntry("d", kind=tarfile.DIRTYPE, mode=0o755),
                TarEntry("d/up", kind=tarfile.SYMTYPE, link=".."),
                TarEntry("sneaky", kind=tarfile.SYMTYPE, link="d/up/bot.py"),
            ],
            "sneaky is a link to d/up/bot.py, through the link d/up",
        ),
        (
            [
                MANIFEST,
                TarEntry("etc", kind=tarfile.SYMTYPE, link="."),
                TarEntry("etc/passwd", b"x"),
            ],
            "etc/passwd is inside etc, which is a link",
        ),
        (
            [MANIFEST, BOT, TarEntry("bot.py/x", b"")],
            "bot.py/x is inside bot.py, which is a file",
        ),
        (
            [MANIFEST, TarEntry("hard", kind=tarfile.LNKTYPE, link="/etc/shadow")],
            "hard is a hard link to /etc/shadow: pack the file itself",
        ),
        (
            [MANIFEST, BOT, TarEntry("hard", kind=tarfile.LNKTYPE, link="bot.py")],
            "hard is a hard link to bot.py: pack the file itself",
        ),
        ([MANIFEST, TarEntry("sda", kind=tarfile.BLKTYPE)], "sda is a device file"),
        ([MANIFEST, TarEntry("tty", kind=tarfile.CHRTYPE)], "tty is a device file"),
        ([MANIFEST, TarEntry("pipe", kind=tarfile.FIFOTYPE)], "pipe is a FIFO"),
        ([MANIFEST, BOT, BOT], "bot.py is in the archive twice"),
        ([MANIFEST, BOT, TarEntry("./bot.py", b"")], "bot.py is in the archive twice"),
        ([MANIFEST, TarEntry("a\nb", b"")], "'a\\nb' holds a character that is not printable"),
        ([BOT], "the archive holds no croupier.toml at its top"),
        (
            [TarEntry("my-bot/croupier.toml", manifest_text().encode())],
            "croupier.toml is in my-bot/, not at the top of the archive: pack the bot's folder",
        ),
        (
            [TarEntry("croupier.toml", b'name = "x"\ngame = "lexio"\n')],
            "croupier.toml: 'command' is missing",
        ),
        (
            [TarEntry("croupier.toml", manifest_text(game="chess").encode())],
            "croupier.toml: 'game' is 'chess', which croupier does not know (lexio, cribbage",
        ),
        (
            [TarEntry("croupier.toml", b"\xff\xfe")],
            "croupier.toml: not UTF-8 text",
        ),
        (
            [TarEntry("croupier.toml", kind=tarfile.SYMTYPE, link="bot.py"), BOT],
            "the archive holds no croupier.toml at its top",
        ),
        (
            [TarEntry("croupier.toml", manifest_text(command="./bot").encode())],
            "croupier.toml: 'command' runs ./bot, which the archive does not hold",
        ),
        (
            [TarEntry("croupier.toml", manifest_text(command="./bot").encode()), TarEntry("bot")],
            "croupier.toml: 'command' runs ./bot, which is not executable (chmod +x ./bot",
        ),
        (
            [
                TarEntry(
                    "croupier.toml",
                    manifest_text(requirements=["x @ file:///root/secret.whl"]).encode(),
                ),
            ],
            "croupier.toml: 'requirements' holds 'x @ file:///root/secret.whl': a requirement may "
            "not name a file on the server",
        ),
        (
            [TarEntry("croupier.toml", manifest_text(requirements=["x @ /etc"]).encode())],
            "croupier.toml: 'requirements' holds 'x @ /etc': a requirement may not name a file",
        ),
    ],
)
def test_a_bad_archive_is_refused_in_one_line(entries: list[TarEntry], message: str) -> None:
    refused = refusal(archive(entries))
    assert str(refused).startswith(message)
    assert not refused.too_large


@pytest.mark.parametrize(
    ("requirement", "reason"),
    [
        ("x/../../versions/ab/files/evil.whl", "not a requirement (PEP 508)"),
        ("./evil.whl", "not a requirement (PEP 508"),
        ("/root/evil.whl", "not a requirement (PEP 508"),
        ("evil.whl", "a requirement may not name a file on the server"),
        ("evil-1.0.tar.gz", "a requirement may not name a file on the server"),
        ("aaa @ http://127.0.0.1:9/aaa-1.0-py3-none-any.whl", "nor a URL"),
        ("aaa @ https://example.org/aaa.whl", "nor a URL"),
        ("aaa @ git+https://example.org/aaa", "nor a URL"),
        ("-i http://127.0.0.1:9/simple", "not a requirement (PEP 508"),
        ("--index-url=http://127.0.0.1:9/simple", "not a requirement (PEP 508"),
        ("--find-links /root", "not a requirement (PEP 508"),
        ("-e .", "not a requirement (PEP 508"),
        ("aaa --index-url http://127.0.0.1:9/simple", "not a requirement (PEP 508)"),
        ("aaa==1 --hash=sha256:00", "not a requirement (PEP 508)"),
    ],
)
def test_a_requirement_that_is_not_a_name_and_versions_is_refused_in_one_line(
    requirement: str, reason: str
) -> None:
    manifest = manifest_text(requirements=[requirement.replace('"', "")]).encode()
    refused = refusal(archive([TarEntry("croupier.toml", manifest), BOT]))
    message = str(refused)
    assert message.startswith(f"croupier.toml: 'requirements' holds {requirement!r}")
    assert reason in message
    assert "\n" not in message


def test_requirements_of_names_extras_versions_and_markers_are_taken() -> None:
    requirements = ["numpy>=2", "zope.interface[test]~=6.0", 'tomli; python_version < "3.11"']
    manifest = manifest_text(requirements=[r.replace('"', "'") for r in requirements])
    checked = read_archive(archive([TarEntry("croupier.toml", manifest.encode()), BOT]), LIMITS)
    assert len(checked.manifest.requirements) == 3


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "not a gzipped tar archive: it does not begin as gzip does"),
        (b"PK\x03\x04 a zip", "not a gzipped tar archive: it does not begin as gzip does"),
        (gzip.compress(b"not a tar at all" * 100), "not a complete gzipped tar archive: "),
        (archive([MANIFEST, BOT])[:-30], "not a complete gzipped tar archive: "),
    ],
    ids=["empty", "a zip", "gzip of no tar", "cut short"],
)
def test_what_is_not_a_gzipped_tar_is_refused(data: bytes, message: str) -> None:
    assert str(refusal(data)).startswith(message)


def test_a_corrupted_archive_is_refused_by_gzip_s_checksum() -> None:
    data = bytearray(archive([MANIFEST, BOT], level=0))
    data[-12] ^= 0xFF  # a byte of the tar's end padding, then the CRC no longer agrees
    assert str(refusal(bytes(data))).startswith("not a complete gzipped tar archive: ")


def test_limits_on_the_archive_its_files_and_their_number_are_kept() -> None:
    data = archive([MANIFEST, BOT, TarEntry("weights.bin", b"w" * 5000)])
    small = ArchiveLimits(max_archive_bytes=100)
    assert str(refusal(data, small)).startswith(
        f"the archive is {len(data)} bytes, more than the 100 this server takes"
    )
    one_file = ArchiveLimits(max_file_bytes=4999)
    refused = refusal(data, one_file)
    assert str(refused) == "weights.bin is 5000 bytes, more than the 4999 a file may hold"
    assert refused.too_large
    all_files = ArchiveLimits(max_unpacked_bytes=5000)
    assert str(refusal(data, all_files)) == (
        "the archive's files hold more than the 5000 bytes this server takes"
    )
    assert read_archive(data, ArchiveLimits(max_files=3)).count == 3


def test_too_many_files_are_refused_before_the_rest_is_read() -> None:
    many = [MANIFEST, *(TarEntry(f"f{number}.txt", b"") for number in range(50))]
    refused = refusal(archive(many), ArchiveLimits(max_files=20))
    assert str(refused) == "the archive holds more than the 20 files and folders this server takes"
    assert refused.too_large


def test_the_folders_a_path_implies_count_as_entries() -> None:
    deep = "/".join(f"d{level}" for level in range(30)) + "/leaf"
    refused = refusal(archive([MANIFEST, TarEntry(deep, b"")]), ArchiveLimits(max_files=20))
    assert refused.too_large


class _Zeros(io.RawIOBase):
    """``size`` zero bytes, made as they are read."""

    def __init__(self, size: int) -> None:
        self.left = size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        count = min(len(buffer), self.left)
        buffer[:count] = bytes(count)
        self.left -= count
        return count


def _files_of_zeros(count: int, size: int) -> bytes:
    """A gzipped tar of ``count`` files of ``size`` zero bytes each."""
    buffer = io.BytesIO()
    with (
        gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9) as compressed,
        tarfile.open(fileobj=compressed, mode="w|") as tar,
    ):
        for number in range(count):
            info = tarfile.TarInfo(f"zeros{number}")
            info.size = size
            tar.addfile(info, _Zeros(size))
    return buffer.getvalue()


def _header_then_zeros(claimed: int, zeros: int) -> bytes:
    """A gzipped stream: a tar header of a file of ``claimed`` bytes, then ``zeros`` zeros."""
    buffer = io.BytesIO()
    with gzip.GzipFile(fileobj=buffer, mode="wb", compresslevel=9) as compressed:
        header = tarfile.TarInfo("croupier.toml")
        header.size = claimed
        compressed.write(header.tobuf())
        for _ in range(zeros // (1024 * 1024)):
            compressed.write(bytes(1024 * 1024))
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: _header_then_zeros(2**40, 0), "croupier.toml is 1099511627776 bytes, more than"),
        (
            lambda: _files_of_zeros(5, 15 * 1024**2),
            "the archive's files hold more than the 67108864",
        ),
        (
            lambda: _header_then_zeros(10, 200 * 1024**2),
            "the archive unpacks to more than the 67108864",
        ),
    ],
    ids=["a-file-of-a-terabyte", "files-past-the-limit", "a-header-then-zeros"],
)
def test_an_archive_bomb_is_refused_quickly_and_in_little_memory(
    make: Callable[[], bytes], message: str
) -> None:
    data = make()
    assert len(data) < 512 * 1024  # kilobytes that unpack to far more than the limit
    tracemalloc.start()
    started = cpu_seconds()
    try:
        refused = refusal(data)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert str(refused).startswith(message)
    assert refused.too_large
    assert cpu_seconds() - started < 3
    assert peak < 8 * 1024 * 1024
