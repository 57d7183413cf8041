"""Each example bot is one standalone file a newcomer can copy, shaped the same way."""

import ast
import doctest
import importlib
from pathlib import Path

import pytest

import croupier

EXAMPLES = Path(__file__).parents[2] / "examples"
BOT_FILES = sorted(
    [
        *(
            f"{game}_{level}"
            for game in ("lexio", "cribbage")
            for level in ("random", "greedy", "strong")
        ),
        "lexio_cautious",
    ]
)


@pytest.mark.parametrize("name", BOT_FILES)
def test_one_bot_class_run_at_the_bottom(name: str) -> None:
    tree = ast.parse((EXAMPLES / f"{name}.py").read_text())
    assert ast.get_docstring(tree)
    module = importlib.import_module(f"examples.{name}")
    bots = [
        value
        for value in vars(module).values()
        if isinstance(value, type) and issubclass(value, croupier.Bot) and value is not croupier.Bot
    ]
    assert len(bots) == 1
    (bot,) = bots
    assert ast.unparse(tree.body[-1]) == (
        f"if __name__ == '__main__':\n    croupier.run({bot.__name__}())"
    )


@pytest.mark.parametrize("name", BOT_FILES)
def test_doctests(name: str) -> None:
    module = importlib.import_module(f"examples.{name}")
    assert doctest.testmod(module).failed == 0
