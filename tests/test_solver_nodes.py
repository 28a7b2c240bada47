"""The search itself is fixed: its node counts and results on fixed positions, as the solver before the
per-node speed-ups (commit 1e8442b) computed them.

A change that only makes each node cheaper must leave every figure here as it is: the budget counts
nodes, so the same nodes in the same order give the same rulings on any machine.  (The figures were
produced by the pre-change code; regenerate them only for a deliberate change of the search, and say so.)
"""
import random

import pytest
from generate import random_position

from engine.mechanics import solver as S

# (value, lower, upper, nodes) for: floor, ceiling, normal floor (known suits, suits in the side's favour),
# normal floor of a one-step line (cash a suit), minimax; each under a 3000-node limit
EXPECTED = [
    ((1, 1, 1, 6), (3, 3, 3, 7), (1, 1, 1, 8), (1, 1, 1, 8), (1, 1, 1, 11)),
    ((1, 1, 1, 48), (5, 5, 5, 20), (1, 1, 1, 93), (2, 2, 2, 235), (3, 3, 3, 772)),
    ((4, 4, 4, 20), (7, 7, 7, 83), (4, 4, 4, 203), (5, 5, 5, 262), (7, 7, 7, 810)),
    ((2, 2, 2, 30), (None, 7, 8, 3001), (2, 2, 2, 476), (2, 2, 2, 33), (None, 3, 8, 3001)),
    ((1, 1, 1, 78), (9, 9, 9, 45), (1, 1, 1, 2291), (1, 1, 1, 609), (None, 1, 9, 3001)),
    ((1, 1, 1, 37), (6, 6, 6, 44), (None, 1, 6, 3001), (1, 1, 1, 98), (None, 1, 6, 3001)),
    ((0, 0, 0, 55), (9, 9, 9, 1238), (0, 0, 0, 1552), (0, 0, 0, 55), (None, 0, 9, 3001)),
    ((None, 0, 1, 3001), (12, 12, 12, 48), (None, 0, 12, 3001), (None, 0, 4, 3001), (None, 0, 12, 3001)),
    ((0, 0, 0, 9), (2, 2, 2, 9), (0, 0, 0, 9), (0, 0, 0, 9), (0, 0, 0, 13)),
    ((1, 1, 1, 175), (5, 5, 5, 20), (1, 1, 1, 165), (1, 1, 1, 45), (3, 3, 3, 173)),
    ((2, 2, 2, 172), (6, 6, 6, 23), (None, 1, 3, 3001), (None, 1, 3, 3001), (5, 5, 5, 1402)),
    ((0, 0, 0, 853), (8, 8, 8, 68), (1, 1, 1, 1908), (1, 1, 1, 149), (None, 6, 8, 3001)),
    ((None, 1, 3, 3001), (8, 8, 8, 32), (None, 1, 4, 3001), (None, 1, 5, 3001), (None, 1, 8, 3001)),
    ((2, 2, 2, 41), (None, 8, 10, 3001), (2, 2, 2, 963), (None, 2, 10, 3001), (None, 3, 10, 3001)),
    ((0, 0, 0, 169), (10, 10, 10, 2637), (None, 0, 3, 3001), (1, 1, 1, 366), (None, 0, 10, 3001)),
    ((0, 0, 0, 54), (9, 9, 9, 43), (None, 0, 9, 3001), (0, 0, 0, 526), (None, 0, 9, 3001)),
]


def _positions():
    rng = random.Random(2026)
    for i in range(16):
        n = [3, 5, 7, 8, 9, 10, 11, 13][i % 8]
        yield i, random_position(rng, n)


@pytest.mark.parametrize("i,pos", list(_positions()))
def test_node_counts_and_results_are_those_of_the_search_before_the_speed_ups(i, pos):
    side = i % 2

    def r(x):
        return (x.value, x.lower, x.upper, x.nodes)

    got = (r(S.floor(pos, side, 3000)), r(S.ceiling(pos, side, 3000)),
           r(S.normal_floor(pos, side, known=i % 16, max_suits=(i * 5) % 16 if i % 3 == 0 else 0, limit=3000)),
           r(S.normal_floor(pos, side, (S.Step("cash", -1, i % 4),), limit=3000)),
           r(S.minimax(pos, side, 3000)))
    assert got == EXPECTED[i]
