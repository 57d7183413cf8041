"""The README's code runs as written."""

import re
from pathlib import Path

import pytest

README = Path(__file__).parents[1] / "README.md"
PYTHON_BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(), flags=re.DOTALL)


def test_the_readme_has_code() -> None:
    assert PYTHON_BLOCKS


@pytest.mark.parametrize("code", PYTHON_BLOCKS)
def test_readme_code_runs(code: str, capsys: pytest.CaptureFixture[str]) -> None:
    exec(compile(code, str(README), "exec"), {})
    assert "LexioResult(scores=" in capsys.readouterr().out
