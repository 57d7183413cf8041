"""The commands that start bots: they run in an empty directory, so their files are absolute."""

from __future__ import annotations

import os
import shlex
import shutil

__all__ = ["absolute_command", "missing_files"]


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


def missing_files(command: str) -> list[str]:
    """What ``command`` needs that is not on this machine: its program, its absolute paths.

    The program is looked up on the ``PATH`` unless it is a path; every other argument that
    is an absolute path must exist. A machine that plays a bot's games needs its files at
    the paths it was registered with.

    >>> missing_files("sh -c true")
    []
    >>> missing_files("no-such-program /no/such/bot.py")
    ['no-such-program', '/no/such/bot.py']

    Raises:
        ValueError: the command is not a shell-style command line.
    """
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise ValueError(f"cannot parse the command {command!r}: {error}") from None
    if not argv:
        return []
    program, arguments = argv[0], argv[1:]
    missing = [] if shutil.which(program) is not None else [program]
    return missing + [
        path for path in arguments if os.path.isabs(path) and not os.path.exists(path)
    ]
