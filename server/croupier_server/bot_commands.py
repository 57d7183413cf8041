"""The commands that start bots: they run in an empty directory, so their files are absolute."""

from __future__ import annotations

import os
import shlex

__all__ = ["absolute_command"]


def absolute_command(command: str, directory: str) -> str:
    """``command`` with its arguments that name files or directories in ``directory`` absolute.

    The program is taken as a path only if it has a slash, as a shell does; an argument
    that names nothing there is left as it is, and so is the command if nothing changes.

    >>> absolute_command("python bot.py --fast", "/")
    'python bot.py --fast'
    >>> absolute_command("python ./usr/bin", "/")
    'python /usr/bin'

    Raises:
        ValueError: the command is not a shell-style command line.
    """
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise ValueError(f"cannot parse the command {command!r}: {error}") from None
    absolute = [
        os.path.normpath(os.path.join(directory, argument))
        if _names_a_path(argument, directory, is_program=position == 0)
        else argument
        for position, argument in enumerate(argv)
    ]
    return command if absolute == argv else shlex.join(absolute)


def _names_a_path(argument: str, directory: str, *, is_program: bool) -> bool:
    if not argument or os.path.isabs(argument) or (is_program and "/" not in argument):
        return False
    return os.path.exists(os.path.join(directory, argument))
