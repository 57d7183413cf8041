"""The committed code of the wire contract is what proto/generate.py makes of proto/."""

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from croupier.proto.v1 import cribbage_pb2, lexio_pb2, referee_pb2, referee_pb2_grpc
from tests.waiting import patience_s

ROOT = Path(__file__).resolve().parents[2]


def test_the_generated_code_is_up_to_date() -> None:
    completed = subprocess.run(
        [sys.executable, str(ROOT / "proto" / "generate.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
        timeout=patience_s(),
    )
    assert completed.returncode == 0, completed.stderr


def test_the_modules_are_one_package_of_version_one() -> None:
    for module in (referee_pb2, lexio_pb2, cribbage_pb2):
        assert module.DESCRIPTOR.package == "croupier.proto.v1"
    assert referee_pb2.DESCRIPTOR.services_by_name["Referee"].methods_by_name["Connect"]
    assert referee_pb2_grpc.RefereeStub is not None


GAME_ONEOFS = {
    "Rules": {"lexio": 1, "cribbage": 2, "other_game": 15},
    "Action": {"lexio": 1, "cribbage": 2, "other_game": 15},
    "Observation": {"lexio": 1, "cribbage": 2, "other_game": 15},
    "GameEvent": {"lexio": 2, "cribbage": 3, "other_game": 15},
    "Result": {"lexio": 3, "cribbage": 4, "other_game": 15},
}
"""Each game oneof's arms and their field numbers, which never change."""


def test_every_game_oneof_keeps_its_arms_and_packs_any_other_game() -> None:
    for name, arms in GAME_ONEOFS.items():
        oneof = referee_pb2.DESCRIPTOR.message_types_by_name[name].oneofs_by_name["game"]
        assert {field.name: field.number for field in oneof.fields} == arms
        packed = next(field for field in oneof.fields if field.name == "other_game")
        assert packed.message_type is not None
        assert packed.message_type.full_name == "google.protobuf.Any"


def test_every_enum_starts_with_an_unspecified_zero_named_after_it() -> None:
    for module in (referee_pb2, lexio_pb2, cribbage_pb2):
        for name, enum in module.DESCRIPTOR.enum_types_by_name.items():
            prefix = "".join(f"_{c}" if c.isupper() else c.upper() for c in name).lstrip("_")
            assert enum.values[0].number == 0
            assert enum.values[0].name == f"{prefix}_UNSPECIFIED"
            assert all(value.name.startswith(f"{prefix}_") for value in enum.values)


def load_generate() -> ModuleType:
    spec = importlib.util.spec_from_file_location("generate", ROOT / "proto" / "generate.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_check_names_stale_missing_and_extra_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    generate = load_generate()
    shutil.copytree(ROOT / "sdk" / "croupier" / "proto", tmp_path / "croupier" / "proto")
    monkeypatch.setattr(generate, "OUTPUT_ROOT", tmp_path)
    v1 = tmp_path / "croupier" / "proto" / "v1"
    with (v1 / "lexio_pb2.pyi").open("a") as stub:
        stub.write("# edited by hand\n")
    (v1 / "cribbage_pb2.py").unlink()
    (v1 / "old_pb2.py").write_text("")
    assert generate.main(["--check"]) == 1
    report = capsys.readouterr().err
    assert f"stale: {(v1 / 'lexio_pb2.pyi').as_posix()}" in report
    assert f"missing: {(v1 / 'cribbage_pb2.py').as_posix()}" in report
    assert f"extra: {(v1 / 'old_pb2.py').as_posix()}" in report
    assert generate.main([]) == 0
    assert generate.main(["--check"]) == 0
    assert not (v1 / "old_pb2.py").exists()
