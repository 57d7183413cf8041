"""Small dense matrices as lists of rows: what the ratings' covariance needs, nothing more.

The matrices are a few bots wide (a deal's table) up to a board's hundred bots: plain Python
is fast enough, and the server needs no numerical library for them.
"""

from __future__ import annotations

import math
import operator
from collections.abc import Callable, Sequence
from typing import TypeAlias

__all__ = [
    "Matrix",
    "apply_function",
    "cholesky",
    "identity",
    "inverse",
    "multiply",
    "transpose",
]

Matrix: TypeAlias = list[list[float]]
"""A matrix as its rows."""


def identity(size: int) -> Matrix:
    """The ``size`` x ``size`` identity matrix."""
    return [[1.0 if row == column else 0.0 for column in range(size)] for row in range(size)]


def transpose(matrix: Sequence[Sequence[float]]) -> Matrix:
    """The transpose of ``matrix``."""
    return [list(column) for column in zip(*matrix, strict=True)]


def multiply(left: Sequence[Sequence[float]], right: Sequence[Sequence[float]]) -> Matrix:
    """The product ``left @ right``.

    >>> multiply([[1.0, 2.0]], [[3.0], [4.0]])
    [[11.0]]
    """
    columns = list(zip(*right, strict=True))
    return [[sum(map(operator.mul, row, column)) for column in columns] for row in left]


def inverse(matrix: Sequence[Sequence[float]]) -> Matrix:
    """The inverse of a nonsingular square ``matrix`` (Gauss-Jordan, partial pivoting).

    >>> inverse([[2.0, 0.0], [0.0, 4.0]])
    [[0.5, 0.0], [0.0, 0.25]]

    Raises:
        ZeroDivisionError: ``matrix`` is singular.
    """
    size = len(matrix)
    rows = [list(row) + unit for row, unit in zip(matrix, identity(size), strict=True)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda row: abs(rows[row][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        scale = rows[column][column]
        rows[column] = [value / scale for value in rows[column]]
        for row in range(size):
            factor = rows[row][column]
            if row != column and factor != 0.0:
                rows[row] = [a - factor * b for a, b in zip(rows[row], rows[column], strict=True)]
    return [row[size:] for row in rows]


def cholesky(positive: Sequence[Sequence[float]]) -> Matrix:
    """The lower triangular ``L`` with ``L @ L.T == positive`` (positive definite).

    >>> cholesky([[4.0, 2.0], [2.0, 2.0]])
    [[2.0, 0.0], [1.0, 1.0]]
    """
    size = len(positive)
    lower = [[0.0] * size for _ in range(size)]
    for row in range(size):
        for column in range(row + 1):
            total = positive[row][column] - math.fsum(
                lower[row][k] * lower[column][k] for k in range(column)
            )
            lower[row][column] = (
                math.sqrt(total) if row == column else total / lower[column][column]
            )
    return lower


def apply_function(
    symmetric: Sequence[Sequence[float]], function: Callable[[float], float]
) -> Matrix:
    """``function`` of a symmetric matrix: its eigenvectors, ``function`` of its eigenvalues.

    >>> apply_function([[4.0, 0.0], [0.0, 9.0]], math.sqrt)
    [[2.0, 0.0], [0.0, 3.0]]
    """
    values, vectors = _jacobi(symmetric)
    size = len(values)
    mapped = [function(value) for value in values]
    return [
        [
            math.fsum(vectors[row][k] * mapped[k] * vectors[column][k] for k in range(size))
            for column in range(size)
        ]
        for row in range(size)
    ]


def _jacobi(symmetric: Sequence[Sequence[float]]) -> tuple[list[float], Matrix]:
    """The eigenvalues and eigenvectors (as columns) of a symmetric matrix, by Jacobi rotations.

    Cyclic Jacobi converges quadratically; the tables' matrices are at most ten wide.
    """
    a = [list(row) for row in symmetric]
    size = len(a)
    vectors = identity(size)
    scale = math.fsum(value * value for row in a for value in row)
    for _ in range(50):
        off = math.fsum(a[p][q] ** 2 for p in range(size) for q in range(p + 1, size))
        if off <= 1e-26 * scale:
            break
        for p in range(size):
            for q in range(p + 1, size):
                if a[p][q] * a[p][q] > 1e-32 * scale:
                    _rotate(a, vectors, p, q)
    return [a[k][k] for k in range(size)], vectors


def _rotate(a: Matrix, vectors: Matrix, p: int, q: int) -> None:
    """One Jacobi rotation zeroing ``a[p][q]``, applied to ``a`` and to the eigenvectors."""
    theta = (a[q][q] - a[p][p]) / (2.0 * a[p][q])
    tangent = math.copysign(1.0, theta) / (abs(theta) + math.sqrt(theta * theta + 1.0))
    cosine = 1.0 / math.sqrt(tangent * tangent + 1.0)
    sine = tangent * cosine
    for row in a:
        row[p], row[q] = cosine * row[p] - sine * row[q], sine * row[p] + cosine * row[q]
    a[p], a[q] = (
        [cosine * x - sine * y for x, y in zip(a[p], a[q], strict=True)],
        [sine * x + cosine * y for x, y in zip(a[p], a[q], strict=True)],
    )
    for row in vectors:
        row[p], row[q] = cosine * row[p] - sine * row[q], sine * row[p] + cosine * row[q]
