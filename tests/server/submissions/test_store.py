"""Unpacking a version's archive on this machine: whole, atomic, normalised, shared."""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
import sys
import tarfile
import textwrap
import time
from pathlib import Path

import pytest

from croupier_server.submissions.archive import ArchiveRefused
from croupier_server.submissions.store import (
    files_directory,
    unpack_archive,
    version_command,
)
from tests.server.submissions.building import TarEntry, archive, manifest_text
from tests.waiting import ended

ENTRIES = [
    TarEntry("croupier.toml", manifest_text(command="./run.sh data").encode(), mode=0o600),
    TarEntry("run.sh", b"#!/bin/sh\necho hi\n", mode=0o4750),
    TarEntry("data/", kind=tarfile.DIRTYPE, mode=0o700),
    TarEntry("data/weights.bin", b"\x00" * 1000, mode=0o666),
    TarEntry("lib/deep/module.py", b"x = 1\n"),
    TarEntry("node_modules/.bin/run", kind=tarfile.SYMTYPE, link="../../run.sh"),
]
DATA = archive(ENTRIES)
DIGEST = hashlib.sha256(DATA).hexdigest()
SIZE = sum(len(entry.data) for entry in ENTRIES)
COUNT = 10
"""Its six entries, and the folders lib, lib/deep, node_modules and node_modules/.bin."""


def unpack(versions_dir: Path) -> Path:
    return unpack_archive(versions_dir, digest=DIGEST, data=DATA, size=SIZE, count=COUNT)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def test_an_archive_is_unpacked_with_normalised_modes_into_a_private_directory(
    tmp_path: Path,
) -> None:
    versions_dir = tmp_path / "versions"
    files = unpack(versions_dir)
    assert files == versions_dir / DIGEST / "files"
    assert mode(versions_dir) == 0o700
    assert mode(versions_dir / DIGEST) == mode(files) == 0o755
    assert mode(files / "croupier.toml") == 0o644
    assert mode(files / "run.sh") == 0o755  # executable, not setuid
    assert mode(files / "data") == mode(files / "lib" / "deep") == 0o755
    assert mode(files / "data" / "weights.bin") == 0o644
    assert (files / "lib" / "deep" / "module.py").read_text() == "x = 1\n"
    link = files / "node_modules" / ".bin" / "run"
    assert link.is_symlink()
    assert os.readlink(link) == "../../run.sh"
    assert link.resolve() == (files / "run.sh").resolve()
    assert sorted(p.name for p in (versions_dir / DIGEST).iterdir()) == ["files"]


def test_unpacking_again_uses_the_files_there(tmp_path: Path) -> None:
    files = unpack(tmp_path)
    (files / "marker").write_text("kept")
    assert unpack(tmp_path) == files
    assert (files / "marker").read_text() == "kept"


def test_an_archive_that_no_longer_passes_its_checks_leaves_nothing(tmp_path: Path) -> None:
    with pytest.raises(ArchiveRefused, match="more than the 100 a file may hold"):
        unpack_archive(tmp_path, digest=DIGEST, data=DATA, size=100, count=COUNT)
    assert not files_directory(tmp_path, DIGEST).exists()
    assert list((tmp_path / DIGEST).iterdir()) == []  # no temporary folder left either
    with pytest.raises(ValueError, match="has another digest"):
        unpack_archive(tmp_path, digest="0" * 64, data=DATA, size=SIZE, count=COUNT)


def test_two_processes_unpacking_at_once_both_end_with_the_same_whole_files(
    tmp_path: Path,
) -> None:
    # Many files, so that unpacking takes long enough for the processes to overlap.
    many = [*ENTRIES, *(TarEntry(f"many/{n}.txt", b"%d" % n) for n in range(2000))]
    data = archive(many)
    digest = hashlib.sha256(data).hexdigest()
    size = SIZE + sum(len(b"%d" % n) for n in range(2000))
    archive_path = tmp_path / "archive.tar.gz"
    archive_path.write_bytes(data)
    script = textwrap.dedent(
        f"""
        import sys, time
        from pathlib import Path
        from croupier_server.submissions.store import unpack_archive
        data = Path({str(archive_path)!r}).read_bytes()
        start = float(sys.argv[1])
        while time.time() < start:
            pass
        files = unpack_archive(Path({str(tmp_path / "versions")!r}), digest={digest!r},
                               data=data, size={size}, count={COUNT + 2001})
        print(sorted(str(p.relative_to(files)) for p in files.rglob("*")))
        """
    )
    start = str(time.time() + 2)
    processes = [
        subprocess.Popen([sys.executable, "-c", script, start], stdout=subprocess.PIPE, text=True)
        for _ in range(4)
    ]
    listings = [ended(process)[0] for process in processes]
    assert all(process.returncode == 0 for process in processes)
    assert len(set(listings)) == 1
    assert "lib/deep/module.py" in listings[0]
    assert "many/1999.txt" in listings[0]
    assert sorted(p.name for p in (tmp_path / "versions" / digest).iterdir()) == ["files"]


def test_a_version_s_command_names_its_files_absolutely() -> None:
    files = Path("/versions/d/files")
    holds = {"bot.py", "data", "data/w.bin", "bin/run"}.__contains__
    python = Path("/versions/d/env/bin/python")
    assert (
        version_command("python3 -u bot.py data/w.bin --x", files=files, holds=holds, python=python)
        == "/versions/d/env/bin/python -u /versions/d/files/bot.py /versions/d/files/data/w.bin --x"
    )
    assert version_command("./bin/run data", files=files, holds=holds, python=None) == (
        "/versions/d/files/bin/run /versions/d/files/data"
    )
    # a program without a slash is looked up on the PATH, as a shell does
    assert version_command("node bot.py ../x", files=files, holds=holds, python=None) == (
        "node /versions/d/files/bot.py ../x"
    )
