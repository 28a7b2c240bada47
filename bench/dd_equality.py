"""Check (not a test: minutes of work): the compiled double-dummy search against DDS on random full deals.

    python bench/dd_equality.py [--deals 1000] [--seed 1000]

For each random deal (13 cards a hand, a random side) the compiled ``minimax`` under ``dd.DD_NODE_LIMIT`` nodes
and DDS (``engine.mechanics.dd``, the ``dd`` extra): a settled value must equal DDS's, and an unsettled one's
proven bounds must hold DDS's value.  Prints a line every 100 deals (deals, settled, equal, differences, seconds)
and exits 1 on any difference.  Run on 2026-12-04 (the exact table, 20,000,000 nodes): 1,000 deals, 830 settled
and all equal, the other 170 with DDS's value inside the bounds, 793 s.  Run on 2026-12-06 with the partition table
(the machine loaded by other work): under 20,000,000 nodes 929 settled, all equal; under dd.DD_NODE_LIMIT,
10,000,000 since, 839 settled, all equal, 1,137 s.  (The first partition table, withdrawn on 2026-12-04, had
settled 931 of these 1,000 all equal, but 3 of 3,000 smaller random positions came out wrong: docs/claims.md.)
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from generate import random_position  # noqa: E402

from engine.mechanics import dd  # noqa: E402
from engine.mechanics import solver as S  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    if not dd.available():
        print(f"DDS is not installed: {dd.MISSING}", file=sys.stderr)
        return 2
    rng = random.Random(args.seed)
    settled = equal = differ = 0
    start = time.perf_counter()
    for i in range(args.deals):
        pos, side = random_position(rng, 13, 0), rng.randrange(2)
        got = S.minimax(pos, side, dd.DD_NODE_LIMIT)
        want = dd.dd_value(pos, side).value
        if got.exact:
            settled += 1
            equal += got.value == want
            differ += got.value != want
        elif not got.lower <= want <= got.upper:
            differ += 1
        if got.exact and got.value != want or not got.exact and not got.lower <= want <= got.upper:
            print(f"deal {i}: compiled {got}, DDS {want}", flush=True)
        if (i + 1) % 100 == 0:
            print(i + 1, settled, equal, differ, round(time.perf_counter() - start), flush=True)
    print(f"{args.deals} deals: {settled} settled, {equal} equal to DDS, {differ} differences")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
