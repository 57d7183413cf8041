"""A fixture that plugs codecs in for one test, through the entry points of a distribution."""

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from croupier.codec import _registry


def forget_codecs() -> None:
    """Make the registry read the entry points again at its next lookup."""
    _registry._registered.cache_clear()
    _registry.codec_for.cache_clear()
    _registry._senders.cache_clear()


@pytest.fixture
def register(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[[dict[str, str]], None]]:
    """A function registering codecs (``name -> "module:object"``) beside the installed ones."""

    def plug(codecs: dict[str, str]) -> None:
        metadata = tmp_path / "croupier_test_codecs-0.dist-info"
        metadata.mkdir()
        (metadata / "METADATA").write_text(
            "Metadata-Version: 2.1\nName: croupier-test-codecs\nVersion: 0\n"
        )
        lines = "".join(f"{name} = {target}\n" for name, target in codecs.items())
        (metadata / "entry_points.txt").write_text(f"[croupier.codecs]\n{lines}")
        monkeypatch.syspath_prepend(str(tmp_path))
        forget_codecs()

    yield plug
    forget_codecs()
