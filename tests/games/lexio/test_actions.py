"""The actions Play and Pass: text forms, equality, parsing."""

import pytest

from croupier.games.lexio import Lexio, Pass, Play, Tile, parse_action


def tiles(text: str) -> list[Tile]:
    return [Tile.from_str(word) for word in text.split()]


def test_play_is_equal_whatever_the_order() -> None:
    a = Play(tiles("sun3 cloud3"))
    b = Play(tiles("cloud3 sun3"))
    assert a == b
    assert hash(a) == hash(b)
    assert a.tiles == tuple(tiles("cloud3 sun3"))
    assert len({a, b}) == 1


def test_text_forms() -> None:
    assert str(Play(tiles("sun3 cloud3"))) == "play cloud3 sun3"
    assert str(Pass()) == "pass"
    assert Pass() == Pass()
    assert Play.from_str("play sun3 cloud3") == Play(tiles("cloud3 sun3"))
    assert Pass.from_str("pass") == Pass()


@pytest.mark.parametrize(
    "action",
    [Pass(), Play(tiles("sun2")), Play(tiles("cloud9 sun9 moon9 star9 cloud3"))],
    ids=str,
)
def test_round_trips(action: Play | Pass) -> None:
    assert parse_action(str(action)) == action
    assert Lexio().parse_action(str(action)) == action
    assert eval(repr(action)) == action


@pytest.mark.parametrize(
    "text", ["", "play", "pass pass", "fold", "play sun16", "play sun3 sun3", "Play sun3", "sun3"]
)
def test_bad_text_is_refused(text: str) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - the messages vary with the fault
        parse_action(text)


def test_a_play_needs_distinct_tiles() -> None:
    with pytest.raises(ValueError, match="at least one tile"):
        Play([])
    with pytest.raises(ValueError, match="more than once"):
        Play(tiles("sun3 sun3"))
