"""What a worker checks before it plays a bot: the files its command names, on this machine."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest

from croupier_server.bot_commands import missing_files


def test_a_bot_whose_files_are_here_misses_nothing(tmp_path: Path) -> None:
    bot = tmp_path / "my bot.py"
    bot.write_text("")
    assert missing_files(shlex.join([sys.executable, str(bot), "--level", "3"])) == []


def test_its_program_and_every_absolute_path_it_names_must_be_here(tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    command = shlex.join([str(gone / "python"), str(gone / "bot.py"), "relative.py", "-v"])
    # A relative argument is the bot's business: it runs in a directory of its own.
    assert missing_files(command) == [str(gone / "python"), str(gone / "bot.py")]


def test_a_program_without_a_slash_is_looked_up_on_the_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert missing_files("python3 /") == ["python3"]
    program = tmp_path / "python3"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    assert missing_files("python3 /") == []


def test_an_empty_command_misses_nothing_and_a_malformed_one_is_refused() -> None:
    assert missing_files("") == []
    with pytest.raises(ValueError, match="cannot parse the command"):
        missing_files("python 'unclosed")
