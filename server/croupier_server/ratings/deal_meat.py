"""The meat of the CR2 sandwich: each deal's score, inflated for the fit's lean towards it.

A deal's score ``U_d`` (the gradient of its log-likelihood at the fit, over its bots) is
multiplied by ``A_d = (I - M_d S_d)^(-1/2)``, ``M_d`` its information and ``S_d`` its bots'
block of ``H^-1`` (:mod:`.robust` says why), and the meat is ``sum of A_d U_d (A_d U_d)^T``:
a sparse matrix with entries only between bots that shared a deal. The deals are stacked by
their number of bots, so the work is a few array operations per stack, not per deal.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import scipy.sparse

from croupier_server.ratings.banded import selected_inverse
from croupier_server.ratings.information import Information
from croupier_server.ratings.results import Floats, Indices, PairResults, sums_by

__all__ = ["deal_meat"]


def deal_meat(
    results: PairResults,
    information: Floats,
    residual: Floats,
    factored: Information,
    inverse: Floats | None,
) -> scipy.sparse.csr_array:
    """The CR2 meat of ``results`` at the fit.

    Args:
        results: The deals' results per pair.
        information: Each result's information, ``w p (1-p)``.
        residual: Each result's score less its expectation, ``s - w p``.
        factored: The factored information ``H`` of the fit.
        inverse: ``H^-1``, when the board is small enough to hold it (else its band is
            computed from ``factored``).
    """
    blocks = _DealBlocks.of(results, information, residual)
    return _meat(len(results.bots), blocks, _inverse_blocks(factored, inverse, blocks))


@dataclass(frozen=True, slots=True)
class _DealBlocks:
    """The deals of ``k`` distinct bots, ``G`` of them, as stacked local arrays.

    Attributes:
        bots: Each deal's bots (``G x k``).
        information: Each deal's information ``M_d`` (``G x k x k``).
        score: Each deal's score ``U_d`` (``G x k``).
    """

    bots: Indices
    information: Floats
    score: Floats

    @staticmethod
    def of(results: PairResults, information: Floats, residual: Floats) -> list[_DealBlocks]:
        """Every deal's local arrays, grouped by its number of bots."""
        size = max(len(results.bots), 1)
        count = len(results.deal)
        keys = np.concatenate(
            [results.deal * size + results.first, results.deal * size + results.second]
        )
        member, entry_member = np.unique(keys, return_inverse=True)
        _, starts, bots_of_deal = np.unique(member // size, return_index=True, return_counts=True)
        deal_of_member = np.repeat(np.arange(len(starts)), bots_of_deal)
        local = np.arange(len(member)) - starts[deal_of_member]
        entry_deal = deal_of_member[entry_member[:count]]
        one, other = local[entry_member[:count]], local[entry_member[count:]]
        groups = []
        for k in np.unique(bots_of_deal):
            chosen = bots_of_deal == k
            rank = np.cumsum(chosen) - 1
            entries = chosen[entry_deal]
            g, a, b = rank[entry_deal[entries]], one[entries], other[entries]
            m, r = information[entries], residual[entries]
            cells = int(chosen.sum()) * k * k
            flat = np.concatenate(
                [(g * k + a) * k + a, (g * k + b) * k + b, (g * k + a) * k + b, (g * k + b) * k + a]
            )
            local_information = sums_by(flat, np.concatenate([m, m, -m, -m]), cells)
            score = sums_by(
                np.concatenate([g * k + a, g * k + b]), np.concatenate([r, -r]), cells // k
            )
            bots = member[starts[chosen][:, np.newaxis] + np.arange(k)] % size
            groups.append(
                _DealBlocks(bots, local_information.reshape(-1, k, k), score.reshape(-1, k))
            )
        return groups


def _inverse_blocks(
    factored: Information, inverse: Floats | None, blocks: list[_DealBlocks]
) -> list[Floats]:
    """Each deal's block of ``H^-1`` (``S_d``), group by group."""
    if inverse is not None:
        return [
            inverse[group.bots[:, :, np.newaxis], group.bots[:, np.newaxis, :]] for group in blocks
        ]
    band = selected_inverse(factored.band_of())
    position = np.empty(len(factored.order), dtype=np.int64)
    position[factored.order] = np.arange(len(factored.order))
    result = []
    for group in blocks:
        rows = position[group.bots][:, :, np.newaxis]
        columns = position[group.bots][:, np.newaxis, :]
        result.append(band[np.abs(rows - columns), np.minimum(rows, columns)].real)
    return result


def _meat(size: int, blocks: list[_DealBlocks], inverses: list[Floats]) -> scipy.sparse.csr_array:
    """``sum of A_d U_d (A_d U_d)^T`` with ``A_d = (I - M_d S_d)^(-1/2)``, as a sparse matrix."""
    rows, columns, values = [], [], []
    for group, covariance in zip(blocks, inverses, strict=True):
        adjusted = (
            _leverage_adjustment(group.information, covariance) @ group.score[:, :, np.newaxis]
        )
        k = group.bots.shape[1]
        rows.append(np.repeat(group.bots, k, axis=1).ravel())
        columns.append(np.tile(group.bots, (1, k)).ravel())
        values.append((adjusted * np.swapaxes(adjusted, 1, 2)).ravel())
    empty = np.zeros(0, dtype=np.int64)
    coo = scipy.sparse.coo_array(
        (
            np.concatenate([np.zeros(0), *values]),
            (np.concatenate([empty, *rows]), np.concatenate([empty, *columns])),
        ),
        shape=(size, size),
    )
    return scipy.sparse.csr_array(coo)


def _leverage_adjustment(information: Floats, covariance: Floats) -> Floats:
    """``(I - M S)^(-1/2)`` for a stack of deals, ``M`` a deal's information, ``S`` its block.

    ``S`` is the deal's bots' block of ``H^-1``.
    The eigenvalues of ``M S``, the deal's leverages, lie in [0, 1) and sum to its trace.
    When that sum is small (a deal among many, the common case on a big board) the binomial
    series of the inverse square root converges fast; otherwise ``M S`` is similar to the
    symmetric ``L^T M L`` (``S = L L^T``), whose function is taken on its eigenvalues:
    ``L^-T (I - L^T M L)^(-1/2) L^T``.
    """
    leverage = information @ covariance
    bound = np.trace(leverage, axis1=1, axis2=2)
    small = bound <= _SERIES_BOUND
    result = np.empty_like(leverage)
    if small.any():
        result[small] = _binomial_series(leverage[small], float(bound[small].max()))
    large = ~small
    if large.any():
        lower = np.linalg.cholesky(covariance[large])
        upper = np.swapaxes(lower, 1, 2)
        leverages, vectors = np.linalg.eigh(upper @ information[large] @ lower)
        inflation = 1.0 / np.sqrt(np.maximum(1.0 - leverages, 1e-12))
        inflated = (vectors * inflation[:, np.newaxis, :]) @ np.swapaxes(vectors, 1, 2)
        result[large] = np.linalg.solve(upper, inflated @ upper)
    return result


_SERIES_BOUND = 0.25
"""The largest sum of a deal's leverages for which the series is used (under 20 terms)."""


def _binomial_series(leverage: Floats, bound: float) -> Floats:
    """``(I - X)^(-1/2) = I + X/2 + 3X^2/8 + ...``, to 1e-12 for eigenvalues up to ``bound``."""
    result = np.broadcast_to(np.eye(leverage.shape[-1]), leverage.shape).copy()
    term = result.copy()
    coefficient, power, n = 1.0, 1.0, 0
    while coefficient * power > 1e-12:
        n += 1
        coefficient *= (2 * n - 1) / (2 * n)
        power *= bound
        term = term @ leverage
        result += coefficient * term
    return result
