"""Every registered game keeps the contract (``croupier.testing.check_game``), and the check
catches each way a game can break it."""

from collections.abc import Mapping

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from croupier.games import GAME_NAMES, InvalidOptions, OptionSpec, game_class, load_game
from croupier.testing import GameCheckFailed, check_game
from tests.games.high_card import HighCard


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_variant_of_every_game_keeps_the_contract(name: str) -> None:
    for variant in game_class(name).variants():
        check_game(load_game(name, {**_short(name), **variant.options}), seeds=range(2))


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_default_rules_keep_the_contract(name: str) -> None:
    check_game(load_game(name), seeds=[7], every=7)


def _option(spec: OptionSpec) -> st.SearchStrategy[object]:
    if spec.choices:
        one: st.SearchStrategy[object] = st.sampled_from(spec.choices)
    elif spec.kind is bool:
        one = st.booleans()
    elif spec.kind is int:
        low = 0 if spec.minimum is None else spec.minimum
        one = st.integers(low, low + 3 if spec.maximum is None else spec.maximum)
    else:
        one = st.text(max_size=3)
    return st.lists(one, min_size=spec.length, max_size=spec.length) if spec.length else one


@pytest.mark.parametrize("name", GAME_NAMES)
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_any_options_the_rules_allow_keep_the_contract(
    name: str, data: st.DataObject, seed: int
) -> None:
    specs = game_class(name).option_specs
    options = {spec.name: data.draw(_option(spec), label=spec.name) for spec in specs}
    try:
        game = load_game(name, {**options, **_short(name)})
    except InvalidOptions:
        return  # a combination the rules refuse (cribbage game points that decrease)
    check_game(game, seeds=[seed], every=3)


def _short(name: str) -> Mapping[str, object]:
    """Options that keep a game short, where the game has them."""
    return {"lexio": {"rounds": 1}, "cribbage": {"match_points": 1}}.get(name, {})


def test_the_toy_game_keeps_the_contract() -> None:
    check_game(HighCard(), seeds=range(20))


@pytest.mark.parametrize(
    ("bug", "message"),
    [
        ("leaky", r"seed 0, step 0: seat 0's view moved"),
        # One deal in 20 of an unseeded game equals another: then only a later step tells.
        ("unseeded", r"seed \d+, .*: the (same seed and actions gave|replay gives) other events"),
        ("sticky_refusal", r"seed 0, step 0: refusing .* changed the state"),
        ("shallow_clone", r"seed 0, step 0: applying keep to a clone changed the original"),
        ("bad_text", r"seed 0, step 0: 'keep' does not parse back"),
        ("endless", r"seed 0, step 50: the game did not end within 50 actions"),
        ("late_seats", r"seed 0, step 1: seats_to_act\(\) \(1, 0\) not in seat order"),
        ("spoiled_resample", r"seed 0, step 0: seat 0's view moved"),
        ("seats_only", r"seed 0, new state: Shuffled is neither public nor a PrivateEvent"),
    ],
)
def test_each_broken_rule_is_caught_with_its_seed_and_step(bug: str, message: str) -> None:
    with pytest.raises(GameCheckFailed, match=f"^high_card {{'bug': '{bug}'}}, {message}"):
        check_game(HighCard(bug=bug), seeds=range(20), max_actions=50)
