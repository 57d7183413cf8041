"""A board's fit packed for its row: numpy's compressed archive of columns.

The standings are JSON (a line a bot); head-to-head, histories and seat games, which grow
with the pairs that met and the games, are columns of numbers (floats stored as their 8
bytes, game ids as the differences from the one before, which compress well), read back
without a Python object per value until the board's own. So a board read back is equal to
the one stored, and a board of 10,000 versions and a million games packs to a few MB that a
process reads in about a second. A blob that does not unpack is refused with
:class:`ValueError`.
"""

from __future__ import annotations

import io
import json
import zipfile
from typing import Any

import numpy as np
import numpy.typing as npt

from croupier_server.board_fits.board import Board, BoardKey
from croupier_server.db.statistics import BoardVersion
from croupier_server.ratings import EloHistory, HeadToHead, Interval
from croupier_server.standings import Standing

__all__ = ["pack", "unpack"]

_FORMAT = 2
"""The packing's version: a row of another is fitted again rather than read."""


def pack(board: Board) -> bytes:
    """The standings, head-to-head, histories and seat games of ``board``, packed."""
    names = sorted(
        {line.bot for line in board.standings}
        | {bot for pair in board.head_to_head for bot in pair}
        | set(board.rating_history)
        | set(board.seat_games)
    )
    index = {name: i for i, name in enumerate(names)}
    pairs = list(board.head_to_head.values())
    histories = list(board.rating_history.items())
    seated = list(board.seat_games.items())
    header = {
        "format": _FORMAT,
        "bots": names,
        "standings": [_standing(line) for line in board.standings],
        "histories": [index[bot] for bot, _ in histories],
        "seat_games": [index[bot] for bot, _ in seated],
    }
    games = np.array([game for _, ids in seated for game in ids], dtype=np.int64)
    columns: dict[str, npt.NDArray[Any]] = {
        "header": np.frombuffer(json.dumps(header, ensure_ascii=False).encode(), np.uint8),
        "pair_bots": np.array(
            [(index[p.bot], index[p.opponent]) for p in pairs], dtype=np.int32
        ).reshape(-1, 2),
        "pair_weights": np.array(
            [(p.games, p.wins, p.draws, p.losses, p.interval.low, p.interval.high) for p in pairs],
            dtype=np.float64,
        ).reshape(-1, 6),
        "pair_counts": np.array(
            [(p.ahead, p.tied, p.behind) for p in pairs], dtype=np.int64
        ).reshape(-1, 3),
        "history_points": np.array([len(points) for _, points in histories], dtype=np.int64),
        "history_games": np.array(
            [n for _, points in histories for n, _ in points], dtype=np.int64
        ),
        "history_elo": np.array(
            [elo for _, points in histories for _, elo in points], dtype=np.float64
        ),
        "seat_counts": np.array([len(ids) for _, ids in seated], dtype=np.int64),
        "seat_steps": np.diff(games, prepend=0),
    }
    packed = io.BytesIO()
    np.savez_compressed(packed, allow_pickle=False, **columns)
    return packed.getvalue()


def unpack(
    blob: bytes,
    *,
    key: BoardKey,
    version: BoardVersion,
    games: int,
    computed_at: Any,
    seconds: float,
) -> Board:
    """The board packed in ``blob``, with what its row says of it.

    Raises:
        ValueError: ``blob`` is not a packed board of this format.
    """
    try:
        with np.load(io.BytesIO(blob), allow_pickle=False) as archive:
            columns = {name: archive[name] for name in _COLUMNS}
        header = json.loads(columns["header"].tobytes())
        if header["format"] != _FORMAT:
            raise ValueError(f"a packed board of format {header['format']}")
        names: list[str] = header["bots"]
        return Board(
            key=key,
            version=version,
            games=games,
            computed_at=computed_at,
            standings=tuple(_unpacked_standing(line) for line in header["standings"]),
            head_to_head=_unpacked_pairs(names, columns),
            rating_history=_unpacked_histories(names, header["histories"], columns),
            seat_games=_unpacked_seat_games(names, header["seat_games"], columns),
            seconds=seconds,
        )
    except (
        zipfile.BadZipFile,
        OSError,
        EOFError,
        KeyError,
        TypeError,
        IndexError,
        json.JSONDecodeError,
        UnicodeDecodeError,
    ) as error:
        raise ValueError(f"not a packed board: {error}") from None
    except ValueError as error:
        raise ValueError(f"not a packed board: {error}") from None


_COLUMNS = (
    "header",
    "pair_bots",
    "pair_weights",
    "pair_counts",
    "history_points",
    "history_games",
    "history_elo",
    "seat_counts",
    "seat_steps",
)
"""The arrays of a packed board."""


def _unpacked_pairs(
    names: list[str], columns: dict[str, npt.NDArray[Any]]
) -> dict[tuple[str, str], HeadToHead]:
    bots, weights, counts = columns["pair_bots"], columns["pair_weights"], columns["pair_counts"]
    if not len(bots) == len(weights) == len(counts):
        raise ValueError("head-to-head columns of different lengths")
    pairs = {}
    for (bot, opponent), (played, wins, draws, losses, low, high), (ahead, tied, behind) in zip(
        bots.tolist(), weights.tolist(), counts.tolist(), strict=True
    ):
        pair = HeadToHead(
            names[bot],
            names[opponent],
            played,
            wins,
            draws,
            losses,
            Interval(low, high),
            ahead,
            tied,
            behind,
        )
        pairs[pair.bot, pair.opponent] = pair
    return pairs


def _unpacked_histories(
    names: list[str], bots: list[int], columns: dict[str, npt.NDArray[Any]]
) -> dict[str, EloHistory]:
    ends = np.cumsum(columns["history_points"]).tolist()
    games, elos = columns["history_games"].tolist(), columns["history_elo"].tolist()
    if len(ends) != len(bots) or (ends and ends[-1] != len(games)) or len(games) != len(elos):
        raise ValueError("history columns of different lengths")
    starts = [0, *ends[:-1]] if ends else []
    return {
        names[bot]: tuple(zip(games[start:end], elos[start:end], strict=True))
        for bot, start, end in zip(bots, starts, ends, strict=True)
    }


def _unpacked_seat_games(
    names: list[str], bots: list[int], columns: dict[str, npt.NDArray[Any]]
) -> dict[str, tuple[int, ...]]:
    ends = np.cumsum(columns["seat_counts"]).tolist()
    games = np.cumsum(columns["seat_steps"]).tolist()
    if len(ends) != len(bots) or (ends and ends[-1] != len(games)):
        raise ValueError("seat game columns of different lengths")
    starts = [0, *ends[:-1]] if ends else []
    return {
        names[bot]: tuple(games[start:end])
        for bot, start, end in zip(bots, starts, ends, strict=True)
    }


def _standing(line: Standing) -> list[Any]:
    margin = line.margin_interval
    return [
        line.rank,
        line.bot,
        line.elo,
        [line.elo_interval.low, line.elo_interval.high],
        line.games,
        line.deals,
        line.score,
        line.margin,
        None if margin is None else [margin.low, margin.high],
        line.faults,
    ]


def _unpacked_standing(row: list[Any]) -> Standing:
    rank, bot, elo, elo_interval, games, deals, score, margin, margin_interval, faults = row
    return Standing(
        rank=rank,
        bot=bot,
        elo=elo,
        elo_interval=Interval(*elo_interval),
        games=games,
        deals=deals,
        score=score,
        margin=margin,
        margin_interval=None if margin_interval is None else Interval(*margin_interval),
        faults=dict(faults),
    )
