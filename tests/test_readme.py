"""The README's Python code runs as written."""

import re
from pathlib import Path

import pytest

from croupier.local import play

README = Path(__file__).parents[1] / "README.md"
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.DOTALL)


def test_the_readme_has_code() -> None:
    assert len(PYTHON_BLOCKS) >= 2


@pytest.mark.parametrize("code", PYTHON_BLOCKS)
def test_readme_code_runs(code: str) -> None:
    namespace: dict[str, object] = {"__name__": "readme"}  # not __main__: no referee to reach
    exec(compile(code, str(README), "exec"), namespace)


def test_the_readme_bot_plays_a_local_game() -> None:
    (bot_code,) = [code for code in PYTHON_BLOCKS if "class MyBot" in code]
    namespace: dict[str, object] = {"__name__": "readme"}
    exec(compile(bot_code, str(README), "exec"), namespace)
    bot_class = namespace["MyBot"]
    assert isinstance(bot_class, type)
    state = play("cribbage", [bot_class(), bot_class()], seed=4)
    assert state.is_over()
