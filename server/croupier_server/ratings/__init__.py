"""Ratings and statistics of bots from their recorded results: pure functions, no storage.

The input is a list of :class:`Deal` (duplicate sets: one deal played once per seat
rotation), each a tuple of :class:`GameOutcome` (the bot and the final score of each seat),
or, for a board of many games, their results as numpy arrays (:class:`PairResults`).

- :mod:`.pairwise`: a game of ``n`` seats as pairwise results of weight ``1/(n-1)``.
- :func:`fit_elo`: the Bradley-Terry fit on the Elo scale (mean 0 or anchored), and
  :func:`bootstrap_elo`, the fit with its t intervals (the CR2 covariance by deals,
  :mod:`.robust`) and its bootstrap replicates over deals.
- :func:`elo_histories`: that fit over the deals up to each of a number of moments.
- :func:`head_to_head` and :func:`likelihood_of_superiority`: results between two bots,
  weighted and counted, with Wilson's interval of the score (:func:`wilson_interval`).
- :func:`margins`: each bot's score over the other seats of its games.
- :func:`update_online_elo`: the classic incremental Elo for a live leaderboard.
- :func:`sprt`: fishtest's sequential test on trinomial or pentanomial counts.

>>> first = GameOutcome(("alice", "bob"), (121, 97))
>>> second = GameOutcome(("bob", "alice"), (121, 110))
>>> deal = Deal((first, second))
>>> fit_elo(tally_pairs([deal]))
{'alice': 0.0, 'bob': 0.0}
"""

from croupier_server.ratings.bootstrap import EloBootstrap, bootstrap_elo
from croupier_server.ratings.elo import ELO_PER_NEPER, elo_from_score, expected_score, fit_elo
from croupier_server.ratings.history import HISTORY_MOMENTS, EloHistory, elo_histories
from croupier_server.ratings.intervals import (
    Interval,
    percentile_interval,
    t_interval,
    wilson_interval,
)
from croupier_server.ratings.los import HeadToHead, head_to_head, likelihood_of_superiority
from croupier_server.ratings.margin import MIN_BOOTSTRAP_DEALS, Margin, margins, seat_margins
from croupier_server.ratings.online import replay_online_elo, update_online_elo
from croupier_server.ratings.pairwise import (
    PairResult,
    PairTally,
    pair_results,
    pair_weights_per_seat,
    tally_pairs,
)
from croupier_server.ratings.records import Deal, GameOutcome
from croupier_server.ratings.results import PairResults
from croupier_server.ratings.sprt import SprtResult, SprtState, pentanomial, sprt

__all__ = [
    "ELO_PER_NEPER",
    "HISTORY_MOMENTS",
    "MIN_BOOTSTRAP_DEALS",
    "Deal",
    "EloBootstrap",
    "EloHistory",
    "GameOutcome",
    "HeadToHead",
    "Interval",
    "Margin",
    "PairResult",
    "PairResults",
    "PairTally",
    "SprtResult",
    "SprtState",
    "bootstrap_elo",
    "elo_from_score",
    "elo_histories",
    "expected_score",
    "fit_elo",
    "head_to_head",
    "likelihood_of_superiority",
    "margins",
    "pair_results",
    "pair_weights_per_seat",
    "pentanomial",
    "percentile_interval",
    "replay_online_elo",
    "seat_margins",
    "sprt",
    "t_interval",
    "tally_pairs",
    "update_online_elo",
    "wilson_interval",
]
