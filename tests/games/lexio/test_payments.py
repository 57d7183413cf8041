"""Who pays whom when a round is settled: rules page, section "Scoring a round"."""

from hypothesis import given
from hypothesis import strategies as st

from croupier.games.lexio import Payment, payments, settle_counts


def test_the_rules_page_example_pays_pair_by_pair() -> None:
    # Counts 0, 3, 10 and 8: the nets are +21, +9, -19 and -11.
    assert payments([0, 3, 10, 8]) == (
        Payment(1, 0, 3),
        Payment(2, 0, 10),
        Payment(3, 0, 8),
        Payment(2, 1, 7),
        Payment(3, 1, 5),
        Payment(2, 3, 2),
    )


def test_equal_counts_pay_nothing() -> None:
    assert payments([5, 5, 5]) == ()


@given(st.lists(st.integers(0, 200), min_size=3, max_size=5))
def test_the_payments_make_each_seats_net(counts: list[int]) -> None:
    nets = [0] * len(counts)
    for payment in payments(counts):
        assert payment.chips > 0
        assert counts[payment.payer] - counts[payment.payee] == payment.chips
        nets[payment.payer] -= payment.chips
        nets[payment.payee] += payment.chips
    assert nets == settle_counts(counts)
