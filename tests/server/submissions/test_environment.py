"""A Python version's environment: the server's SDK, its requirements from local wheels only."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from croupier.manifest import Manifest
from croupier_server.settings import RequirementIndex
from croupier_server.submissions.environment import EnvironmentFailed, make_environment
from tests.server.submissions.building import write_wheel
from tests.waiting import patience_s

DIGEST = "ab" * 32


@pytest.fixture
def wheels(tmp_path: Path) -> Path:
    """A directory holding the wheel of ``tinyhelper`` 1.0."""
    directory = tmp_path / "wheels"
    write_wheel(directory, "tinyhelper", "1.0", {"tinyhelper/__init__.py": "ANSWER = 42\n"})
    return directory


def manifest(*requirements: str, command: str = "python bot.py") -> Manifest:
    return Manifest(name="b", game="lexio", command=command, requirements=requirements)


def test_an_environment_has_the_server_s_sdk_and_its_requirements(
    tmp_path: Path, wheels: Path
) -> None:
    index = RequirementIndex(find_links=wheels, offline=True)
    made = make_environment(
        tmp_path, DIGEST, manifest("tinyhelper==1.0"), index=index, timeout_s=patience_s()
    )
    assert made is not None
    assert made.python == tmp_path / DIGEST / "env" / "bin" / "python"
    assert "tinyhelper==1.0" in made.log
    assert "--offline" in made.log
    code = (
        "import croupier, grpc, google.protobuf, tinyhelper\n"
        "from croupier.games import game_names\n"
        "print(tinyhelper.ANSWER, game_names()[:2], tinyhelper.__file__)"
    )
    ran = subprocess.run([made.python, "-c", code], capture_output=True, text=True, check=True)
    answer, lexio, cribbage, where = ran.stdout.split()
    assert (answer, lexio, cribbage) == ("42", "('lexio',", "'cribbage')")
    assert where.startswith(str(tmp_path / DIGEST / "env"))
    assert sorted(p.name for p in (tmp_path / DIGEST).iterdir()) == ["env"]
    again = make_environment(
        tmp_path, DIGEST, manifest("tinyhelper==1.0"), index=index, timeout_s=patience_s()
    )
    assert again == type(made)(made.python, "")  # made once


def test_an_environment_made_from_another_python_is_made_again(
    tmp_path: Path, wheels: Path
) -> None:
    index = RequirementIndex(find_links=wheels, offline=True)
    make_environment(tmp_path, DIGEST, manifest(), index=index, timeout_s=patience_s())
    description = tmp_path / DIGEST / "env" / "croupier-environment.json"
    moved = {**json.loads(description.read_text()), "python": "/old/python3.11"}
    description.write_text(json.dumps(moved))
    made = make_environment(tmp_path, DIGEST, manifest(), index=index, timeout_s=patience_s())
    assert made is not None
    assert made.log.startswith("$ uv venv ")
    assert json.loads(description.read_text())["python"] != "/old/python3.11"
    assert sorted(p.name for p in (tmp_path / DIGEST).iterdir()) == ["env"]


def test_a_command_that_is_not_python_needs_no_environment(tmp_path: Path) -> None:
    for command in ["node bot.js", "./bot", "python3.12 bot.py"]:
        assert (
            make_environment(
                tmp_path, DIGEST, manifest(command=command), index=RequirementIndex(), timeout_s=1
            )
            is None
        )
    assert not tmp_path.joinpath(DIGEST).exists()


def test_a_requirement_that_cannot_be_installed_fails_with_uv_s_output(
    tmp_path: Path, wheels: Path
) -> None:
    index = RequirementIndex(find_links=wheels, offline=True)
    with pytest.raises(EnvironmentFailed) as failed:
        make_environment(
            tmp_path, DIGEST, manifest("tinyhelper>=2"), index=index, timeout_s=patience_s()
        )
    message = str(failed.value)
    assert message.startswith("installing its requirements failed (uv exited with status 1): ")
    assert "\n" not in message
    assert "tinyhelper" in failed.value.log
    assert "$ uv pip install " in failed.value.log
    assert list((tmp_path / DIGEST).iterdir()) == []  # nothing half made is left


def test_making_an_environment_stops_at_its_time_limit(tmp_path: Path, wheels: Path) -> None:
    index = RequirementIndex(find_links=wheels, offline=True)
    with pytest.raises(EnvironmentFailed, match=r"^making the environment took more than 0.01 s"):
        make_environment(tmp_path, DIGEST, manifest(), index=index, timeout_s=0.01)
    assert list((tmp_path / DIGEST).iterdir()) == []
