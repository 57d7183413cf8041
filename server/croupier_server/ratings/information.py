"""The information of a Bradley-Terry fit (minus its Hessian) and the solves it needs.

Pairwise results make the information a weighted graph Laplacian (a pair's ``w p (1-p)`` on
both bots' diagonals and minus it between them) plus the prior's diagonal: symmetric,
positive definite, as sparse as the pairs that met. A small board (up to
:data:`DENSE_BOTS` bots) or one whose pairs are spread over the whole field is factored as a
dense matrix. A large board whose bots meet near neighbours (a ladder) is reordered by
reverse Cuthill-McKee so that every pair that met lies within a narrow band of the diagonal,
and factored as a band: ``n b^2`` operations for ``n`` bots and a band of ``b``, where a dense
factor costs ``n^3 / 3``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import numpy as np
import scipy.linalg
import scipy.sparse
from scipy.sparse.csgraph import reverse_cuthill_mckee
from threadpoolctl import ThreadpoolController

from croupier_server.ratings.results import Floats, Indices

__all__ = ["BAND_SHARE", "DENSE_BOTS", "Information", "information", "one_blas_thread"]

DENSE_BOTS = 2_000
"""Boards of at most this many bots are factored as dense matrices."""

BAND_SHARE = 0.1
"""A larger board is banded when its band is at most this share of its bots."""

_BLAS = ThreadpoolController()


@contextmanager
def one_blas_thread() -> Iterator[None]:
    """The BLAS on one thread, inside.

    OpenBLAS's threads made a dense factor of 1,000 bots ten times slower (0.3 s against
    0.03) on a busy 2-core machine, waiting for each other while other processes held the
    cores; the fit's matrices are small enough for one.
    """
    with _BLAS.limit(limits=1, user_api="blas"):
        yield


@dataclass(frozen=True, slots=True, eq=False)
class Information:
    """A factored information matrix.

    Attributes:
        matrix: The information, in the bots' order, for a banded factor.
        order: The bots in the order of the factor (the identity for a dense factor).
        band: How far from the diagonal the reordered matrix reaches (``None``: dense).
        factor: The Cholesky factor: ``scipy.linalg.cho_factor``'s matrix for a dense one,
            the lower band (``(band + 1) x n``) of ``scipy.linalg.cholesky_banded`` otherwise.
    """

    matrix: scipy.sparse.csr_array | None
    order: Indices
    band: int | None
    factor: Floats

    def solve(self, rhs: Floats) -> Floats:
        """``H^-1 rhs`` for a vector or a matrix of columns, in the bots' order."""
        if self.band is None:
            solved: Floats = scipy.linalg.cho_solve((self.factor, True), rhs)
            return solved
        permuted = rhs[self.order]
        result = np.empty_like(permuted)
        result[...] = scipy.linalg.cho_solve_banded((self.factor, True), permuted)
        back = np.empty_like(result)
        back[self.order] = result
        return back

    def band_of(self, matrix: scipy.sparse.csr_array | None = None) -> Floats:
        """``matrix`` in the factor's order, as a lower band (``(band + 1) x n``).

        ``matrix`` is one within the information's pattern, the information itself by
        default; only for a banded factor.
        """
        if self.band is None or self.matrix is None:
            raise ValueError("a dense information has no band")
        chosen = self.matrix if matrix is None else matrix
        return _lower_band(chosen[self.order][:, self.order].tocsr(), self.band)


def information(
    size: int, first: Indices, second: Indices, values: Floats, diagonal: Floats
) -> Information:
    """The factored information of pairs with ``values`` (``w p (1-p)``) and a diagonal.

    Args:
        size: How many bots.
        first: Each pair's one bot.
        second: Each pair's other bot.
        values: Each pair's information.
        diagonal: Each bot's own information (the prior's).
    """
    rows = np.concatenate([first, second, first, second, np.arange(size)])
    columns = np.concatenate([second, first, first, second, np.arange(size)])
    entries = np.concatenate([-values, -values, values, values, diagonal])
    if size > DENSE_BOTS:
        matrix = scipy.sparse.csr_array(
            scipy.sparse.coo_array((entries, (rows, columns)), shape=(size, size))
        )
        order = np.asarray(reverse_cuthill_mckee(matrix, symmetric_mode=True), dtype=np.int64)
        position = np.empty(size, dtype=np.int64)
        position[order] = np.arange(size)
        band = int(np.abs(position[first] - position[second]).max(initial=0))
        if band <= BAND_SHARE * size:
            reordered = matrix[order][:, order].tocsr()
            factor = scipy.linalg.cholesky_banded(_lower_band(reordered, band), lower=True)
            return Information(matrix, order, band, np.asarray(factor, dtype=np.float64))
    dense = np.bincount(rows * size + columns, entries, minlength=size * size)
    factor, _ = scipy.linalg.cho_factor(dense.reshape(size, size), lower=True)
    return Information(None, np.arange(size, dtype=np.int64), None, factor)


def _lower_band(matrix: scipy.sparse.csr_array, band: int) -> Floats:
    """LAPACK's lower band storage: ``result[k, j] = matrix[j + k, j]``."""
    coo = matrix.tocoo()
    below = coo.row >= coo.col
    rows, columns, values = coo.row[below], coo.col[below], coo.data[below]
    result = np.zeros((band + 1, matrix.shape[0]))
    np.add.at(result, (rows - columns, columns), values)
    return result
