"""The server's paths as an author reads them: each replaced by a placeholder.

A check log tells an author what their version's check did (uv's output, the sealed
compilation's, the version's own tracebacks) without telling where the server keeps its
files: ``<versions>``, ``<version>``, ``<uv-cache>`` stand for them.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["ServerPaths"]


@dataclass(frozen=True, slots=True)
class ServerPaths:
    """The server's paths a check log may show, longest first, each with its placeholder.

    >>> paths = ServerPaths.of([(Path("/srv/versions"), "<versions>")])
    >>> paths.hidden("files: /srv/versions/ab12/files")
    'files: <versions>/ab12/files'
    """

    placeholders: tuple[tuple[str, str], ...]

    @classmethod
    def of(
        cls, paths: Iterable[tuple[Path, str]], texts: Mapping[str, str] | None = None
    ) -> ServerPaths:
        """Each of ``paths`` (as given and as resolved) and ``texts`` (as given) hidden so."""
        pairs = {str(p): name for path, name in paths for p in (path, Path(os.path.realpath(path)))}
        pairs.update(texts or {})
        ordered = sorted(pairs.items(), key=lambda pair: len(pair[0]), reverse=True)
        return cls(tuple((path, name) for path, name in ordered if len(path) > 1))

    def adding(self, path: Path, name: str) -> ServerPaths:
        """These paths and ``path``, hidden as ``name``."""
        return ServerPaths.of([(path, name)], dict(self.placeholders))

    def hidden(self, text: str) -> str:
        """``text`` with each of the server's paths replaced by its placeholder."""
        for path, name in self.placeholders:
            text = text.replace(path, name)
        return text
