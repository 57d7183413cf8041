"""Making versions ready on a machine from the database alone, as a worker and a restart do."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from pathlib import Path

import pytest
from sqlalchemy import Engine
from sqlmodel import Session

from croupier_server import db
from croupier_server.db import authors, versions
from croupier_server.settings import RequirementIndex, SubmissionSettings
from croupier_server.submissions.intake import receive_upload
from croupier_server.submissions.preparing import (
    VersionNotReady,
    prepare_versions_named,
    restore_active_versions,
)
from tests.server.conftest import Said
from tests.server.submissions.building import TarEntry, archive, manifest_text, write_wheel


def upload(engine: Engine, settings: SubmissionSettings, name: str, *requirements: str) -> int:
    """Upload a Python bot ``name`` needing ``requirements``; its version's bot id."""
    with Session(engine) as session:
        found = authors.get_author_by_name(session, name="ada")
        author_id = found.id if found else authors.add_author(session, name="ada")[0].id
    assert author_id is not None
    data = archive(
        [
            TarEntry("croupier.toml", manifest_text(name, requirements=requirements).encode()),
            TarEntry("bot.py", b"import tinyhelper\nprint(tinyhelper.ANSWER)\n"),
        ]
    )
    return receive_upload(engine, settings, author_id=author_id, data=data).bot_id


@pytest.fixture
def server_settings(tmp_path: Path) -> SubmissionSettings:
    wheels = tmp_path / "wheels"
    write_wheel(wheels, "tinyhelper", "1.0", {"tinyhelper/__init__.py": "ANSWER = 42\n"})
    index = RequirementIndex(find_links=wheels, offline=True)
    return SubmissionSettings(versions_dir=tmp_path / "server-versions", index=index)


def test_another_machine_makes_a_version_ready_from_the_database(
    engine: Engine, server_settings: SubmissionSettings, tmp_path: Path
) -> None:
    upload(engine, server_settings, "helped", "tinyhelper==1.0")
    worker = dataclasses.replace(server_settings, versions_dir=tmp_path / "worker-versions")
    commands = prepare_versions_named(engine, worker, ["helped@1", "not-a-version"])
    assert list(commands) == ["helped@1"]
    python, script = commands["helped@1"].split()
    assert python.startswith(str(tmp_path / "worker-versions"))
    assert script.startswith(str(tmp_path / "worker-versions"))
    ran = subprocess.run([python, script], capture_output=True, text=True, check=True)
    assert ran.stdout == "42\n"
    assert not (tmp_path / "server-versions").exists()


def test_a_version_that_cannot_be_made_ready_is_said_in_one_line(
    engine: Engine, server_settings: SubmissionSettings
) -> None:
    upload(engine, server_settings, "needy", "tinyhelper>=9")
    with pytest.raises(VersionNotReady) as failed:
        prepare_versions_named(engine, server_settings, ["needy@1"])
    assert str(failed.value).startswith(
        "version needy@1 cannot be made ready here: installing its requirements failed"
    )
    assert "\n" not in str(failed.value)


def test_a_restart_makes_active_versions_ready_again_where_they_now_go(
    engine: Engine, server_settings: SubmissionSettings, tmp_path: Path, said: Said
) -> None:
    bot_id = upload(engine, server_settings, "helped", "tinyhelper==1.0")
    broken = upload(engine, server_settings, "needy", "tinyhelper>=9")
    with Session(engine) as session:
        for version in (bot_id, broken):
            versions.begin_check(session, bot_id=version, detail="")
            versions.finish_check(
                session, bot_id=version, passed=True, detail="", check_log="", check_games=[]
            )
    assert restore_active_versions(engine, server_settings) == 0
    shutil.rmtree(server_settings.versions_dir)
    moved = dataclasses.replace(server_settings, versions_dir=tmp_path / "moved")
    assert restore_active_versions(engine, moved) == 1
    assert [line.split(":")[0] for line in said()] == [
        "version needy@1 cannot be made ready here"
    ] * 2
    with Session(engine) as session:
        bot = db.get_bot(session, bot_id=bot_id)
        assert bot is not None
        assert bot.command is not None
        assert bot.command.startswith(str(tmp_path / "moved"))
    assert subprocess.run(bot.command.split(), capture_output=True, check=True).stdout == b"42\n"
