"""The discard example ranks every discard by the average show of the cards kept."""

import re
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).parents[2] / "examples" / "cribbage_discard.py"


def test_lists_all_fifteen_discards_best_first() -> None:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--seed", "3"], check=True, capture_output=True, text=True
    ).stdout
    averages = [float(value) for value in re.findall(r"keeps +([\d.]+) points", out)]
    assert len(averages) == 15
    assert averages == sorted(averages, reverse=True)
    # Seed 3 deals 3H 4D 5D 5S 6H 8D; keeping 4D 5D 5S 6H (a double run with two fifteens)
    # scores at least 14 whatever the starter.
    assert "discard 3H 8D: keeps 16.09" in out
