"""The manifest, croupier.toml: what it accepts, and the one line it says for what it refuses."""

from pathlib import Path

import pytest

from croupier.manifest import MANIFEST_FILE, Manifest, ManifestError, parse_manifest, read_manifest

GOOD = 'name = "my-bot"\ngame = "cribbage"\ncommand = "node bot.js"\n'


def test_a_minimal_manifest_has_no_requirements_and_no_description() -> None:
    assert parse_manifest(GOOD) == Manifest(name="my-bot", game="cribbage", command="node bot.js")


def test_a_full_manifest_round_trips_through_its_data() -> None:
    manifest = parse_manifest(
        GOOD + 'requirements = ["numpy>=2", "attrs ; python_version >= \'3.11\'"]\n'
        'description = "Counts to fifteen."\n'
    )
    assert manifest.requirements == ("numpy>=2", "attrs ; python_version >= '3.11'")
    assert manifest.description == "Counts to fifteen."
    assert Manifest.from_data(manifest.to_data()) == manifest


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = ", "croupier.toml: not valid TOML: "),
        ('game = "lexio"\ncommand = "./bot"', "croupier.toml: 'name' is missing"),
        ('name = "a"\ncommand = "./bot"', "croupier.toml: 'game' is missing"),
        ('name = "a"\ngame = "lexio"', "croupier.toml: 'command' is missing"),
        (GOOD + "players = 4", "croupier.toml: unknown key 'players' (the keys are name, "),
        (GOOD.replace('"cribbage"', '"chess"'), "croupier.toml: 'game' is 'chess', which "),
        (GOOD.replace('"my-bot"', "3"), "croupier.toml: 'name' must be a string, not a number"),
        (GOOD.replace('"my-bot"', '"a@2"'), "croupier.toml: 'name' must be 1 to 56 "),
        (GOOD.replace('"my-bot"', '"My-Bot"'), "croupier.toml: 'name' must be 1 to 56 lowercase"),
        (GOOD.replace('"my-bot"', '"my-b\u043et"'), "croupier.toml: 'name' must be 1 to 56 "),
        (GOOD.replace('"my-bot"', '"\uff4d\uff59"'), "croupier.toml: 'name' must be 1 to 56 "),
        (GOOD.replace('"my-bot"', '"-my-bot"'), "croupier.toml: 'name' must be 1 to 56 "),
        (GOOD.replace('"my-bot"', '" a"'), "croupier.toml: 'name' must be 1 to 56 "),
        (GOOD.replace('"my-bot"', '""'), "croupier.toml: 'name' must be 1 to 56 "),
        (GOOD.replace('"my-bot"', '"a\\tb"'), "croupier.toml: 'name' must be 1 to 56 "),
        (GOOD.replace('"my-bot"', f'"{"x" * 57}"'), "croupier.toml: 'name' must be 1 to 56 "),
        (GOOD.replace('"node bot.js"', '""'), "croupier.toml: 'command' is empty"),
        (GOOD.replace('"node bot.js"', '"node \'bot.js"'), "croupier.toml: 'command' is not a"),
        (GOOD.replace('"node bot.js"', '"a\\nb"'), "croupier.toml: 'command' must be one line"),
        (GOOD + 'requirements = "numpy"', "croupier.toml: 'requirements' must be an array"),
        (GOOD + "requirements = [1]", "croupier.toml: 'requirements' must hold strings, not a"),
        (GOOD + 'requirements = ["--index-url=x"]', "croupier.toml: 'requirements' holds '--"),
        (GOOD + 'requirements = ["-e ."]', "croupier.toml: 'requirements' holds '-e .', which"),
        (GOOD + 'requirements = ["./wheel.whl"]', "croupier.toml: 'requirements' holds './"),
        (GOOD + "description = []", "croupier.toml: 'description' must be a string, not an"),
    ],
)
def test_a_wrong_manifest_is_refused_in_one_line_naming_the_key(text: str, message: str) -> None:
    with pytest.raises(ManifestError) as raised:
        parse_manifest(text)
    assert str(raised.value).startswith(message)
    assert "\n" not in str(raised.value)


def test_a_56_character_name_is_the_longest() -> None:
    assert parse_manifest(GOOD.replace("my-bot", "x" * 56)).name == "x" * 56


def test_read_manifest_reads_the_directory_s_croupier_toml(tmp_path: Path) -> None:
    with pytest.raises(ManifestError, match=r"^croupier\.toml: there is none in "):
        read_manifest(tmp_path)
    (tmp_path / MANIFEST_FILE).write_bytes(b"\xff\xfe")
    with pytest.raises(ManifestError, match=r"^croupier\.toml: not UTF-8 text$"):
        read_manifest(tmp_path)
    (tmp_path / MANIFEST_FILE).write_text(GOOD, encoding="utf-8")
    assert read_manifest(tmp_path).command == "node bot.js"
