"""Kuhn poker keeps the contract of every croupier game and codec (``croupier.testing``)."""

from __future__ import annotations

import pytest

from croupier.games import game_class, load_game
from croupier.testing import check_codec, check_game
from kuhn_poker import KuhnPoker

OPTIONS = [{}, {"hands": 5}, {"ante": 3, "hands": 2}]


def test_the_game_is_found_by_its_name() -> None:
    assert game_class("kuhn_poker") is KuhnPoker
    assert load_game("kuhn_poker", {"hands": 3}) == KuhnPoker(hands=3)
    assert KuhnPoker.seat_counts() == (2,)
    assert [variant.label for variant in KuhnPoker.variants()] == ["Kuhn poker"]
    assert KuhnPoker.variant_label({"ante": 3, "hands": 9}) == "Kuhn poker"


@pytest.mark.parametrize("options", OPTIONS)
def test_check_game(options: dict[str, int]) -> None:
    check_game(KuhnPoker.from_options(options), seeds=range(20))


@pytest.mark.parametrize("options", OPTIONS)
def test_check_codec(options: dict[str, int]) -> None:
    check_codec(KuhnPoker.from_options(options), seeds=range(10))
