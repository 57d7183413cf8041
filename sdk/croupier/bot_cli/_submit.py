"""``croupier-bot submit DIR``: pack a bot, upload it, and follow its checks to the end."""

from __future__ import annotations

import argparse
import io
import sys
import tarfile
import time
from pathlib import Path

from croupier.bot_cli._errors import CliError
from croupier.bot_cli._http import Api, add_server_options, api_of
from croupier.bot_cli._output import printable
from croupier.manifest import ManifestError, read_manifest
from croupier.packing import SKIPPED_DIRECTORIES, SKIPPED_SUFFIXES, PackingError, pack_directory

__all__ = ["add_submit"]

POLL_S = 0.5
"""How often the version's status is read while it is checked."""
LOG_LINES = 20
"""How many of a rejected version's last check log lines are shown."""
_OVER = ("active", "rejected", "retired")


def add_submit(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """The ``submit`` command."""
    skipped = ", ".join([*sorted(SKIPPED_DIRECTORIES), *(f"*{end}" for end in SKIPPED_SUFFIXES)])
    parser = commands.add_parser(
        "submit",
        help="upload a bot's directory as its next version",
        description="Pack DIR (its croupier.toml says the bot's name, game and command) and "
        "upload it as the bot's next version; then show its checks as they run, until it is "
        "active (exit 0) or rejected (exit 1, with why and the end of its check log). "
        f"Every file goes in but {skipped}.",
    )
    parser.add_argument("directory", metavar="DIR", type=Path, help="the bot's directory")
    add_server_options(parser)
    parser.add_argument(
        "--no-wait", action="store_true", help="return once uploaded, without following the checks"
    )
    parser.set_defaults(run=run_submit)


def run_submit(args: argparse.Namespace) -> int:
    """Upload the bot; 0 once it is active (or uploaded, with --no-wait), 1 if rejected."""
    api = api_of(args, token_required=True)
    directory: Path = args.directory
    if not directory.is_dir():
        raise CliError(f"{directory} is not a directory")
    try:
        manifest = read_manifest(directory)
        archive = pack_directory(directory)
    except (ManifestError, PackingError) as error:
        raise CliError(str(error)) from None
    files = _count_files(archive)
    print(
        f"packed {manifest.name} ({manifest.game}): {files} file{'s' * (files != 1)}, "
        f"{_size(len(archive))}"
    )
    created = api.post("/api/submissions", archive, "application/gzip")
    print(f"uploaded {created['name']}: {api.page(created['url'])}")
    if args.no_wait:
        return 0
    try:
        return _follow(api, created["api"])
    except KeyboardInterrupt:
        page = api.page(created["url"])
        print(
            f"croupier-bot: stopped following {created['name']}; its checks go on: {page}",
            file=sys.stderr,
        )
        return 130


def _follow(api: Api, path: str) -> int:
    """Print each change of the version's status until it is over; the exit status."""
    seen: tuple[str, str] | None = None
    while True:
        version = api.get(path)
        now = (version["status"], version.get("detail") or "")
        if now != seen:
            seen = now
            print(f"  {now[0]}: {now[1]}" if now[1] else f"  {now[0]}")
        if now[0] in _OVER:
            break
        time.sleep(POLL_S)
    if version["status"] != "rejected":
        return 0
    log = (version.get("check_log") or "").splitlines()
    if log:
        print(f"the end of its check log ({len(log[-LOG_LINES:])} of {len(log)} lines):")
        for line in log[-LOG_LINES:]:
            print(f"  | {printable(line)}")
    return 1


def _count_files(archive: bytes) -> int:
    with tarfile.open(fileobj=io.BytesIO(archive), mode="r:gz") as packed:
        return sum(1 for member in packed.getmembers() if not member.isdir())


def _size(size: int) -> str:
    return f"{size} bytes" if size < 1024 else f"{size / 1024:.1f} KiB"
