"""Benchmarks for the play solver (not tests): the figures Laws 68-71 set targets for.

    python bench/claims_bench.py [--n 200] [--deals 20] [--limit 30]

* the all-legal floor (71A1) for random positions with 1 to 8 tricks left,
  some in the middle of a trick (target: every one within 1 s);
* floor and ceiling for random full deals, 13 tricks left (target: median
  within 5 s), with the searches that hit the time limit counted;
* the normal-play floor (70A, 71B) on the same kinds of positions;
* the double-dummy value through DDS, when installed.
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from generate import random_position  # noqa: E402

from engine.mechanics import dd  # noqa: E402
from engine.mechanics import solver as S  # noqa: E402


def summary(label: str, times: list, undetermined: int = 0) -> None:
    times = sorted(times)
    p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
    extra = f", {undetermined} undetermined at the limit" if undetermined else ""
    print(f"{label}: median {statistics.median(times) * 1000:.1f} ms, p90 {p90 * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms over {len(times)}{extra}")


def timed(fn, *args, **kw):
    t = time.perf_counter()
    res = fn(*args, **kw)
    return time.perf_counter() - t, res


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=200, help="positions with 1-8 tricks left")
    ap.add_argument("--deals", type=int, default=20, help="full deals (13 tricks left)")
    ap.add_argument("--limit", type=float, default=30.0, help="time limit per search, seconds")
    args = ap.parse_args()
    rng = random.Random(2026)

    small = [(random_position(rng, rng.randint(1, 8)), rng.randrange(2)) for _ in range(args.n)]
    times, slow, undetermined = [], 0, 0
    for pos, side in small:
        t, res = timed(S.floor, pos, side, args.limit)
        times.append(t)
        slow += t > 1.0
        undetermined += not res.exact
    summary("all-legal floor, 1-8 tricks left", times, undetermined)
    print(f"  within 1 s: {len(times) - slow} of {len(times)}")
    eight = [(random_position(rng, 8, 0), rng.randrange(2)) for _ in range(max(10, args.n // 4))]
    t8 = [timed(S.floor, pos, side, args.limit)[0] for pos, side in eight]
    summary("all-legal floor, exactly 8 tricks left", t8)

    times = []
    for pos, side in small:
        t, _ = timed(S.normal_floor, pos, side, limit=args.limit)
        times.append(t)
    summary("normal-play floor, 1-8 tricks left", times)

    deals = [(random_position(rng, 13, 0), rng.randrange(2)) for _ in range(args.deals)]
    times, undetermined = [], 0
    for pos, side in deals:
        t1, f = timed(S.floor, pos, side, args.limit)
        t2, c = timed(S.ceiling, pos, side, args.limit)
        times.append(t1 + t2)
        undetermined += (not f.exact) + (not c.exact)
    summary("floor + ceiling, 13 tricks left", times, undetermined)
    times, undetermined = [], 0
    for pos, side in deals:
        t, res = timed(S.normal_floor, pos, side, limit=args.limit)
        times.append(t)
        undetermined += not res.exact
    summary("normal-play floor, 13 tricks left", times, undetermined)

    if dd.available():
        times = [timed(dd.dd_value, pos, side)[0] for pos, side in small[:50]]
        summary("double dummy (DDS), 1-8 tricks left", times)
    else:
        print(f"double dummy: {dd.MISSING}")


if __name__ == "__main__":
    main()
