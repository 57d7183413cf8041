"""Combinations and how they compare: rules page, sections "Combinations", "Answering",
"Straights" and "Comparing within a kind"."""

import itertools

import pytest

from croupier.games import InvalidOptions
from croupier.games.lexio import (
    Combination,
    IllegalCombination,
    Kind,
    Suit,
    Tile,
    combination,
    top_number,
)

SUITS = list(Suit)


def c(text: str, players: int = 4) -> Combination:
    return Combination.from_str(text, players)


def mixed(numbers: list[int]) -> str:
    """Tiles of ``numbers`` in suits cloud, star, moon, sun, cloud, ...: never a flush."""
    return " ".join(f"{SUITS[i % 4]}{number}" for i, number in enumerate(numbers))


def run(numbers: str) -> list[int]:
    return [int(number) for number in numbers.split("-")]


# Straights: "natural runs a..a+4 for a = 1..N-4" and "one wrap: (N-3)..N followed by 1".
VALID_STRAIGHTS = [
    pytest.param(4, "1-2-3-4-5", id="Straights: 1-2-3-4-5"),
    pytest.param(4, "2-3-4-5-6", id="Straights: 2-3-4-5-6"),
    pytest.param(3, "1-2-3-4-5", id="Straights: 1-2-3-4-5 with 3 players"),
    pytest.param(5, "2-3-4-5-6", id="Straights: 2-3-4-5-6 with 5 players"),
    pytest.param(4, "3-4-5-6-7", id="Straights: 3-7"),
    pytest.param(3, "5-6-7-8-9", id="Straights: natural top run, 3 players"),
    pytest.param(4, "9-10-11-12-13", id="Straights: natural top run, 4 players"),
    pytest.param(5, "11-12-13-14-15", id="Straights: natural top run, 5 players"),
    pytest.param(3, "6-7-8-9-1", id="Straights: wrap 6-7-8-9-1 (3 players)"),
    pytest.param(4, "10-11-12-13-1", id="Straights: wrap 10-11-12-13-1 (4)"),
    pytest.param(5, "12-13-14-15-1", id="Straights: wrap 12-13-14-15-1 (5)"),
]
INVALID_STRAIGHTS = [
    pytest.param(5, "13-14-15-1-2", id="Straights: not 13-14-15-1-2"),
    pytest.param(5, "14-15-1-2-3", id="Straights: not 14-15-1-2-3"),
    pytest.param(4, "6-7-8-9-1", id="Straights: not 6-7-8-9-1 with 4 players"),
    pytest.param(5, "11-12-13-14-1", id="Straights: not 11-12-13-14-1"),
    pytest.param(4, "11-12-13-1-2", id="Straights: nothing follows the 1 (4 players)"),
    pytest.param(3, "7-8-9-1-2", id="Straights: nothing follows the 1 (3 players)"),
    pytest.param(5, "10-11-12-13-1", id="Straights: the 1 follows only the top number (5)"),
    pytest.param(4, "12-13-1-2-3", id="Straights: no wrap through 1 and 2"),
    pytest.param(4, "3-4-5-6-8", id="Straights: a gap"),
]


@pytest.mark.parametrize(("players", "numbers"), VALID_STRAIGHTS)
def test_valid_straights(players: int, numbers: str) -> None:
    assert combination_of(players, numbers).kind == Kind.STRAIGHT


@pytest.mark.parametrize(("players", "numbers"), INVALID_STRAIGHTS)
def test_invalid_straights(players: int, numbers: str) -> None:
    with pytest.raises(IllegalCombination):
        combination_of(players, numbers)


def combination_of(players: int, numbers: str) -> Combination:
    return c(mixed(run(numbers)), players)


def straight_order(players: int) -> list[str]:
    """Straights: "3-7 < 4-8 < ... < (N-4)..N < (N-3)..N,1 < 2-3-4-5-6 < 1-2-3-4-5"."""
    top = top_number(players)
    naturals = [list(range(a, a + 5)) for a in range(3, top - 3)]
    return [mixed(numbers) for numbers in [*naturals, [*range(top - 3, top + 1), 1]]] + [
        mixed([2, 3, 4, 5, 6]),
        mixed([1, 2, 3, 4, 5]),
    ]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_straight_order(players: int) -> None:
    straights = [c(text, players) for text in straight_order(players)]
    assert len(straights) == top_number(players) - 3  # every valid number set, once
    for weaker, stronger in itertools.combinations(straights, 2):
        assert stronger.beats(weaker), (stronger, weaker)
        assert not weaker.beats(stronger), (weaker, stronger)


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        pytest.param(
            "cloud1 cloud2 star3 moon4 sun5",
            "sun2 sun3 sun4 moon5 sun6",
            id="Straights: cloud1 cloud2 star3 moon4 sun5 beats sun2 sun3 sun4 moon5 sun6",
        ),
        pytest.param(
            "cloud3 cloud4 cloud5 cloud6 sun7",
            "sun3 sun4 sun5 sun6 moon7",
            id="Straights: same numbers, suit of the top number decides",
        ),
        pytest.param(
            "cloud1 sun2 cloud3 cloud4 cloud5",
            "sun1 moon2 sun3 sun4 sun5",
            id="Straights: the 2 decides in 1-2-3-4-5",
        ),
        pytest.param(
            "sun2 cloud3 cloud4 cloud5 cloud6",
            "moon2 sun3 sun4 sun5 sun6",
            id="Straights: the 2 decides in 2-3-4-5-6",
        ),
        pytest.param(
            "star1 cloud10 cloud11 cloud12 cloud13",
            "cloud1 sun10 sun11 sun12 sun13",
            id="Straights: the 1 decides in a wrap",
        ),
        pytest.param(
            "cloud4 cloud5 cloud6 cloud7 star8",
            "sun3 sun4 sun5 sun6 moon7",
            id="Straights: a higher run beats any suit",
        ),
    ],
)
def test_straight_comparisons(stronger: str, weaker: str) -> None:
    assert c(stronger).kind == c(weaker).kind == Kind.STRAIGHT
    assert c(stronger).beats(c(weaker))
    assert not c(weaker).beats(c(stronger))


@pytest.mark.parametrize(
    ("stronger", "weaker"),
    [
        pytest.param("cloud4", "sun3", id="single: cloud4 beats sun3"),
        pytest.param("sun4", "moon4", id="single: sun4 beats moon4"),
        pytest.param("cloud2", "sun1", id="single: a 2 beats a 1"),
        pytest.param("sun3 cloud3", "moon3 star3", id="pair: sun3 cloud3 > moon3 star3"),
        pytest.param("cloud4 star4", "moon3 sun3", id="pair: rank first"),
        pytest.param("cloud2 star2", "moon1 sun1", id="pair: 2s beat 1s"),
        pytest.param("cloud5 star5 moon5", "star4 moon4 sun4", id="triple: rank"),
        pytest.param("cloud2 star2 moon2", "star1 moon1 sun1", id="triple: 2s beat 1s"),
        pytest.param(
            "cloud9 cloud8 cloud7 cloud6 cloud4",
            "sun9 sun8 sun7 sun5 sun4",
            id="flush: cloud9 cloud8 cloud7 cloud6 cloud4 beats sun9 sun8 sun7 sun5 sun4",
        ),
        pytest.param(
            "cloud2 cloud3 cloud4 cloud5 cloud7",
            "sun1 sun13 sun12 sun11 sun9",
            id="flush: a 2 beats anything",
        ),
        pytest.param(
            "sun9 sun8 sun7 sun6 sun4",
            "moon9 moon8 moon7 moon6 moon4",
            id="flush: equal ranks, suit decides",
        ),
        pytest.param(
            "cloud5 star5 moon5 cloud3 star3",
            "cloud4 star4 moon4 cloud2 star2",
            id="full house: the triple's rank, not the pair",
        ),
        pytest.param(
            "cloud5 star5 moon5 sun5 cloud3",
            "cloud4 star4 moon4 sun4 sun2",
            id="four of a kind: the quad's rank, not the odd tile",
        ),
        pytest.param(
            "cloud4 cloud5 cloud6 cloud7 cloud8",
            "sun3 sun4 sun5 sun6 sun7",
            id="straight flush: as straights first",
        ),
        pytest.param(
            "sun3 sun4 sun5 sun6 sun7",
            "moon3 moon4 moon5 moon6 moon7",
            id="straight flush: then suit",
        ),
        pytest.param(
            "cloud1 cloud2 cloud3 cloud4 cloud5",
            "sun2 sun3 sun4 sun5 sun6",
            id="straight flush: 1-2-3-4-5 tops 2-3-4-5-6",
        ),
    ],
)
def test_comparing_within_a_kind(stronger: str, weaker: str) -> None:
    assert c(stronger).kind == c(weaker).kind
    assert c(stronger).beats(c(weaker))
    assert not c(weaker).beats(c(stronger))


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param(
            "cloud5 star5 moon5 cloud3 star3",
            "star5 moon5 sun5 cloud2 star2",
            id="full house: the pair does not matter",
        ),
        pytest.param("star5 moon5 sun5", "cloud5 star5 moon5", id="triple: rank only"),
        pytest.param(
            "cloud5 star5 moon5 sun5 cloud3",
            "cloud5 star5 moon5 sun5 sun2",
            id="four of a kind: the odd tile does not matter",
        ),
    ],
)
def test_equal_strength_does_not_beat(first: str, second: str) -> None:
    # Answering: "strictly stronger", so equal strength answers nothing either way.
    assert not c(first).beats(c(second))
    assert not c(second).beats(c(first))
    assert not c(first).beats(c(first))


CATEGORY_ORDER = [
    # weakest and strongest example of each five-tile category, weakest category first
    (Kind.STRAIGHT, "cloud3 star4 moon5 sun6 cloud7", "sun1 sun2 moon3 star4 star5"),
    (Kind.FLUSH, "cloud3 cloud4 cloud5 cloud6 cloud8", "sun2 sun1 sun13 sun12 sun11"),
    (Kind.FULL_HOUSE, "cloud3 star3 moon3 cloud4 star4", "cloud2 star2 moon2 sun1 moon1"),
    (Kind.FOUR_OF_A_KIND, "cloud3 star3 moon3 sun3 cloud4", "cloud2 star2 moon2 sun2 sun1"),
    (Kind.STRAIGHT_FLUSH, "cloud3 cloud4 cloud5 cloud6 cloud7", "sun1 sun2 sun3 sun4 sun5"),
]


def test_five_tile_category_order() -> None:
    # Combinations: "straight < flush < full house < four of a kind < straight flush".
    for kind, weakest, strongest in CATEGORY_ORDER:
        assert c(weakest).kind == c(strongest).kind == kind
        assert c(strongest).beats(c(weakest))
    for (_, low_weak, low_strong), (_, high_weak, high_strong) in itertools.combinations(
        CATEGORY_ORDER, 2
    ):
        for low in (low_weak, low_strong):
            for high in (high_weak, high_strong):
                assert c(high).beats(c(low)), (high, low)
                assert not c(low).beats(c(high)), (low, high)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        pytest.param("moon7", Kind.SINGLE, id="single: one tile"),
        pytest.param("moon7 cloud7", Kind.PAIR, id="pair: two tiles of one number"),
        pytest.param("moon7 cloud7 sun7", Kind.TRIPLE, id="triple: three of one number"),
        pytest.param("cloud3 star4 moon5 sun6 cloud7", Kind.STRAIGHT, id="straight"),
        pytest.param("cloud3 cloud4 cloud5 cloud6 cloud8", Kind.FLUSH, id="flush"),
        pytest.param("cloud3 star3 moon3 cloud9 sun9", Kind.FULL_HOUSE, id="full house"),
        pytest.param("cloud9 star9 moon9 sun9 cloud3", Kind.FOUR_OF_A_KIND, id="four + any"),
        pytest.param("cloud9 star9 moon9 sun9 cloud2", Kind.FOUR_OF_A_KIND, id="four + a 2"),
        pytest.param(
            "cloud3 cloud4 cloud5 cloud6 cloud7", Kind.STRAIGHT_FLUSH, id="straight and flush"
        ),
        pytest.param("sun10 sun11 sun12 sun13 sun1", Kind.STRAIGHT_FLUSH, id="wrap straight flush"),
    ],
)
def test_classification(text: str, kind: Kind) -> None:
    # Combinations: "The player submits tiles; the engine classifies them."
    assert c(text).kind == kind
    assert c(text).kind == kind.value  # the kinds are their own names as strings
    words = text.split()
    assert c(" ".join(reversed(words))) == c(text)  # order of the tiles does not matter


def test_kind_names() -> None:
    assert c("cloud3 sun3").kind == "pair"
    assert [kind.value for kind in Kind] == [
        "single",
        "pair",
        "triple",
        "straight",
        "flush",
        "full_house",
        "four_of_a_kind",
        "straight_flush",
    ]


@pytest.mark.parametrize(
    "text",
    [
        pytest.param("", id="no tiles"),
        pytest.param("cloud3 star3 moon3 sun3", id="never 4 tiles: four of a kind alone"),
        pytest.param("cloud3 star3 cloud4 star4", id="never two pair"),
        pytest.param("cloud3 star4 moon5 sun6", id="never 4 tiles: a run of four"),
        pytest.param("cloud3 star3 cloud4 star4 moon9", id="two pair plus one"),
        pytest.param("cloud3 star3 moon3 cloud4 star9", id="triple plus two odd tiles"),
        pytest.param("cloud3 star3 moon4 sun6 cloud9", id="one pair plus three"),
        pytest.param("cloud3 star4 moon5 sun6 cloud9", id="five numbers, no straight or flush"),
        pytest.param("cloud3 star4", id="pair of different numbers"),
        pytest.param("cloud3 star3 moon4", id="triple of different numbers"),
        pytest.param("cloud3 star4 moon5 sun6 cloud7 star8", id="six tiles"),
    ],
)
def test_illegal_sets(text: str) -> None:
    # Combinations: "A play is 1, 2, 3 or 5 tiles, nothing else"; "A five-tile set that
    # fits no category ... is illegal".
    with pytest.raises(IllegalCombination):
        c(text)


def test_duplicate_tiles_are_illegal() -> None:
    tile = Tile.from_str("sun3")
    with pytest.raises(IllegalCombination, match="more than once"):
        combination([tile, tile], players=4)


@pytest.mark.parametrize(
    ("players", "text"),
    [
        pytest.param(4, "sun14", id="4 players: numbers 1..13"),
        pytest.param(3, "cloud10 star10", id="3 players: numbers 1..9"),
        pytest.param(4, "cloud11 star12 moon13 sun14 cloud15", id="4 players: no 14-15"),
    ],
)
def test_tiles_above_the_top_number_are_illegal(players: int, text: str) -> None:
    with pytest.raises(IllegalCombination, match="not in play"):
        c(text, players)


def test_illegal_combination_is_a_value_error() -> None:
    assert issubclass(IllegalCombination, ValueError)


def test_bad_player_count() -> None:
    with pytest.raises(InvalidOptions):
        c("sun3", players=2)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        pytest.param("sun2", "cloud3 star3", id="a single never answers a pair"),
        pytest.param("cloud2 star2", "sun3", id="a pair never answers a single"),
        pytest.param("cloud2 star2 moon2", "cloud3 star3", id="a triple never answers a pair"),
        pytest.param(
            "cloud2 star2 moon2 sun2 cloud3", "cloud4 star4 moon4", id="five never answer three"
        ),
    ],
)
def test_only_the_same_size_answers(first: str, second: str) -> None:
    # Answering: "answered only by the same kind"; five tiles only by five tiles.
    assert not c(first).beats(c(second))
    assert not c(second).beats(c(first))


def test_text_and_repr_round_trip() -> None:
    combo = c("sun3 cloud3")
    assert str(combo) == "cloud3 sun3"
    assert combo.tiles == (Tile.from_str("cloud3"), Tile.from_str("sun3"))
    assert combo.size == 2
    assert eval(repr(combo)) == combo
    assert Combination.from_str(str(combo), players=4) == combo
