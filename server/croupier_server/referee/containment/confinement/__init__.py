"""The confinement of a started bot: what runs in its process before the bot does.

The referee starts ``python -I -S .../confinement/__main__.py SPEC -- PROGRAM [ARGUMENT...]``
(:mod:`croupier_server.referee.containment.sandbox` makes SPEC), which confines the process and runs
PROGRAM confined. These modules use the standard library only, so that this takes
milliseconds and nothing of the bot runs before its confinement is complete; an
import-linter contract keeps them so. SPEC is a JSON object:

- ``cgroups``: the ``cgroup.procs`` files of the groups to join;
- ``rlimits``: ``{"RLIMIT_CPU": [soft, hard], ...}`` to set;
- ``cut_network``: whether to move into a new network namespace, where only the loopback
  interface exists, and down;
- ``files`` (or ``null``): what the bot may do with the files, enforced with Landlock
  (:func:`.landlock.restrict_files`): ``access`` by path, ``{"/": "read", "/tmp": "write",
  ...}``, the deepest path given deciding for what lies beneath it; ``hidden``: patterns
  (``fnmatch``) of paths out of reach unless ``access`` names them;
- ``seal`` (or ``null``): a seat sealed from every other (:mod:`.process`):
  ``{"uid_base": N or null, "hostname": ..., "home": ..., "mounts": [...]}``; the bot runs
  as user and group ``N`` plus the keeper's process id where ``uid_base`` is given (a referee
  running as root), else as the referee's user in a user namespace of its own; ``mounts``
  is the plan of :mod:`.mounts`; ``home`` its working directory, made by that plan.

It exits 126 if the confinement fails (the bot never runs) and 127 if PROGRAM cannot be run.
``--probe-network`` only tells (exit status 0 or 1) whether the network can be cut here.
"""

import os

__all__ = ["ENTRY"]

ENTRY = os.path.join(os.path.dirname(__file__), "__main__.py")
"""The file the referee starts, by its path, to confine a bot."""
