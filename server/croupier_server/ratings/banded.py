"""Selected inversion of a banded symmetric matrix: the band of its inverse, not the rest.

A ladder's information, reordered (:mod:`.information`), is a band of ``b`` diagonals each
side; its inverse is dense, but the covariance needs only the inverse's entries between bots
that met, which lie in the same band. Factor ``A = L D L^T`` (``L`` unit lower, banded), then
the recurrence of Takahashi, Fagan and Chen (1973) gives the band of ``Z = A^-1`` from the
last row up: ``Z[i, j] = -sum_k L[k, i] Z[k, j]`` for ``j > i`` and
``Z[i, i] = 1 / D[i] - sum_k L[k, i] Z[k, i]``, ``k`` over the ``b`` rows below ``i``. Both
passes keep a ``b x b`` window: ``n b^2`` operations for ``n`` rows.

Neither pass conjugates, so they hold for a complex symmetric matrix too. That gives the
diagonal of ``Z M Z`` (the sandwich of :mod:`.robust`) for a banded ``M`` by the complex
step: the band of ``(A + i h M)^-1`` is that of ``Z - i h Z M Z``, up to ``h^2``, with no
difference of nearly equal numbers, so a tiny ``h`` makes it exact to rounding.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["selected_inverse"]

Band = npt.NDArray[Any]
"""A band in LAPACK's lower storage, of float64 or (for the complex step) complex128."""


def selected_inverse(band: Band) -> Band:
    """The band of the inverse of a symmetric banded matrix, in its lower band storage.

    Args:
        band: ``band[k, j] = A[j + k, j]`` (LAPACK's lower storage, ``b + 1`` rows); ``A``
            must have an ``L D L^T`` factor without pivoting (positive definite, or close
            to it as a small complex step is).

    Returns:
        ``Z`` in the same storage: ``Z[j + k, j]`` at ``[k, j]``.

    >>> import numpy as np
    >>> matrix = np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]])
    >>> band = np.array([[4.0, 3.0, 2.0], [1.0, 1.0, 0.0]])
    >>> inverse = np.linalg.inv(matrix)
    >>> bool(np.allclose(selected_inverse(band), [np.diag(inverse), [*np.diag(inverse, -1), 0]]))
    True
    """
    width, size = band.shape
    reach = width - 1
    # Padding with an identity past the end keeps every window full.
    padded = np.zeros((width, size + reach), dtype=band.dtype)
    padded[:, :size] = band
    padded[0, size:] = 1.0
    for k in range(1, width):
        padded[k, size - k : size] = 0.0
    lower, pivots = _factor(padded)
    inverse = np.zeros_like(padded)
    window = np.eye(reach, dtype=band.dtype)
    for j in range(size - 1, -1, -1):
        column = lower[:, j]
        below = -(window @ column)
        diagonal = 1.0 / pivots[j] - column @ below
        inverse[0, j] = diagonal
        inverse[1:, j] = below
        shifted = np.empty_like(window)
        shifted[0, 0] = diagonal
        shifted[0, 1:] = below[:-1]
        shifted[1:, 0] = below[:-1]
        shifted[1:, 1:] = window[:-1, :-1]
        window = shifted
    return inverse[:, :size]


def _factor(band: Band) -> tuple[Band, Band]:
    """``L`` (``reach x n``: ``L[j + k + 1, j]`` at ``[k, j]``) and ``D`` of ``A = L D L^T``."""
    width, size = band.shape
    reach = width - 1
    lower = np.zeros((reach, size), dtype=band.dtype)
    pivots = np.zeros(size, dtype=band.dtype)
    # The Schur complement of the rows still to eliminate, ``reach + 1`` of them at a time.
    window = np.zeros((width, width), dtype=band.dtype)
    for k in range(width):
        window[k:, k] = band[: width - k, k]
        window[k, k:] = band[: width - k, k]
    for j in range(size):
        pivot = window[0, 0]
        column = window[1:, 0] / pivot
        pivots[j] = pivot
        lower[:, j] = column
        shifted = np.empty_like(window)
        shifted[:-1, :-1] = window[1:, 1:] - pivot * np.outer(column, column)
        incoming = j + width
        if incoming < size:
            entries = band[width - 1 :: -1, incoming - reach : incoming + 1].diagonal()
            shifted[-1, :] = entries
            shifted[:, -1] = entries
        else:
            shifted[-1, :] = 0.0
            shifted[:, -1] = 0.0
            shifted[-1, -1] = 1.0
        window = shifted
    return lower, pivots
