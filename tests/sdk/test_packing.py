"""pack_directory: the same bytes for the same files, and only the files a bot needs."""

from __future__ import annotations

import gzip
import io
import os
import shutil
import tarfile
import time
from pathlib import Path

import pytest

from croupier.manifest import MANIFEST_FILE, ManifestError
from croupier.packing import PackingError, pack_directory

OUTSIDE = "outside the directory or missing: copy the file in instead"
MANIFEST = 'name = "packed"\ngame = "lexio"\ncommand = "./bot"\n'


def make_bot(directory: Path) -> Path:
    """A bot's directory with an executable, a package, node_modules and the usual clutter."""
    directory.mkdir()
    (directory / MANIFEST_FILE).write_text(MANIFEST)
    (directory / "bot").write_text("#!/bin/sh\n")
    (directory / "bot").chmod(0o775)
    (directory / "strategy").mkdir()
    (directory / "strategy" / "__init__.py").write_text("")
    (directory / "strategy" / "__pycache__").mkdir()
    (directory / "strategy" / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0")
    (directory / "strategy" / "old.pyc").write_bytes(b"\0")
    (directory / "node_modules" / "left-pad").mkdir(parents=True)
    (directory / "node_modules" / "left-pad" / "index.js").write_text("module.exports = 1\n")
    (directory / ".git" / "objects").mkdir(parents=True)
    (directory / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    (directory / ".venv" / "bin").mkdir(parents=True)
    (directory / ".venv" / "bin" / "python").write_text("")
    (directory / "empty").mkdir()
    (directory / "data.bin").write_bytes(bytes(range(256)) * 100)
    return directory


def members(archive: bytes) -> list[tarfile.TarInfo]:
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        return tar.getmembers()


def test_the_archive_holds_what_the_bot_needs_sorted_and_normalised(tmp_path: Path) -> None:
    archive = pack_directory(make_bot(tmp_path / "bot"))
    listed = {member.name: member for member in members(archive)}
    assert list(listed) == [
        "bot",
        MANIFEST_FILE,
        "data.bin",
        "empty",
        "node_modules",
        "node_modules/left-pad",
        "node_modules/left-pad/index.js",
        "strategy",
        "strategy/__init__.py",
    ]
    assert {name: oct(member.mode) for name, member in listed.items() if member.isfile()} == {
        "bot": "0o755",
        MANIFEST_FILE: "0o644",
        "data.bin": "0o644",
        "node_modules/left-pad/index.js": "0o644",
        "strategy/__init__.py": "0o644",
    }
    assert all(member.mtime == 0 and member.uid == member.gid == 0 for member in listed.values())
    assert all(member.uname == member.gname == "" for member in listed.values())
    assert listed["empty"].isdir()
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as tar:
        data = tar.extractfile("data.bin")
        assert data is not None
        assert data.read() == bytes(range(256)) * 100


def test_identical_directories_give_identical_bytes(tmp_path: Path) -> None:
    first = pack_directory(make_bot(tmp_path / "first"))
    assert pack_directory(tmp_path / "first") == first
    time.sleep(0.01)
    second = make_bot(tmp_path / "second")  # other mtimes, other inodes, made in another order
    os.utime(second / "bot", (1, 1))
    (second / "data.bin").chmod(0o600)
    (second / MANIFEST_FILE).chmod(0o664)
    shutil.rmtree(second / ".git")
    assert pack_directory(second) == first
    assert gzip.decompress(first)[:100].rstrip(b"\0") == b"bot"  # the first member's name
    (second / "data.bin").write_bytes(b"changed")
    assert pack_directory(second) != first


def test_a_link_inside_is_kept_as_a_relative_link(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot")
    (bot / "strategy" / "start").symlink_to(bot / "bot")  # absolute, but inside
    (bot / "lib").symlink_to("strategy")
    listed = {member.name: member for member in members(pack_directory(bot))}
    assert listed["strategy/start"].issym()
    assert listed["strategy/start"].linkname == "../bot"
    assert listed["lib"].issym()
    assert listed["lib"].linkname == "strategy"
    assert "lib/__init__.py" not in listed  # a linked folder is not packed twice


@pytest.mark.parametrize(
    ("target", "message"),
    [
        ("/etc/passwd", f"lib.so is a link to /etc/passwd, {OUTSIDE}"),
        ("../outside", f"lib.so is a link to ../outside, {OUTSIDE}"),
        ("nowhere", f"lib.so is a link to nowhere, {OUTSIDE}"),
        (".venv/bin/python", "lib.so is a link to .venv/bin/python, which is not packed"),
    ],
)
def test_a_link_leaving_the_directory_is_refused(tmp_path: Path, target: str, message: str) -> None:
    bot = make_bot(tmp_path / "bot")
    (tmp_path / "outside").write_text("secret")
    (bot / "lib.so").symlink_to(target)
    with pytest.raises(PackingError) as raised:
        pack_directory(bot)
    assert str(raised.value) == message


def test_a_fifo_is_refused(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot")
    os.mkfifo(bot / "pipe")
    with pytest.raises(PackingError, match=r"^pipe is not a file, a folder or a link"):
        pack_directory(bot)


def test_a_directory_without_a_valid_manifest_is_refused(tmp_path: Path) -> None:
    bot = make_bot(tmp_path / "bot")
    (bot / MANIFEST_FILE).unlink()
    with pytest.raises(ManifestError, match=r"^croupier\.toml: there is none in "):
        pack_directory(bot)
    (bot / MANIFEST_FILE).write_text('name = "packed"\ngame = "chess"\ncommand = "./bot"\n')
    with pytest.raises(ManifestError, match=r"^croupier\.toml: 'game' is 'chess'"):
        pack_directory(bot)
