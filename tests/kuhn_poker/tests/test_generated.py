"""The committed code of kuhn_poker.proto is what protoc makes of it now."""

from __future__ import annotations

from tests.kuhn_poker import generate


def test_the_generated_code_is_current() -> None:
    assert generate.stale() == [], "run python tests/kuhn_poker/generate.py and commit"
