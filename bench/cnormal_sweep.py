"""The compiled normal floor against the Python search, on many random positions, and the two timed.

    python bench/cnormal_sweep.py [COUNT] [SEED]        the equality sweep (tests/test_cnormal.py's cases)
    python bench/cnormal_sweep.py --speed [DEALS]       13-trick deals: nodes and seconds, Python and C

The sweep compares (value, lower, upper, nodes) of ``S.py_normal_floor`` and ``S.normal_floor`` (compiled) on
COUNT random questions built as tests/test_cnormal.py builds them, and prints the mismatches (there should be
none).  The speed run times the normal floor of whole deals (13 tricks, no trick in progress) for each class.
"""
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from generate import random_position  # noqa: E402
from test_cnormal import _case, _r  # noqa: E402

from engine.mechanics import solver as S  # noqa: E402
from engine.mechanics.solver import normal  # noqa: E402

normal.COMPILED_COUNT = False  # the reference is Python throughout (tests/test_cnormal.py)


def sweep(count: int, seed: int) -> int:
    rng = random.Random(seed)
    bad = exact = 0
    tp = tc = 0.0
    for i in range(count):
        pos, side, kw = _case(rng)
        t = time.perf_counter()
        p = S.py_normal_floor(pos, side, **kw)
        tp += time.perf_counter() - t
        t = time.perf_counter()
        c = S.normal_floor(pos, side, **kw)
        tc += time.perf_counter() - t
        exact += p.exact
        if _r(p) != _r(c):
            bad += 1
            print("MISMATCH", i, pos, side, kw, _r(p), _r(c), flush=True)
    print(f"{count} positions (seed {seed}), {exact} settled, {count - exact} stopped at their limit: "
          f"{bad} mismatches; Python {tp:.1f} s, C {tc:.2f} s")
    return bad


def speed(deals: int, limit: int) -> None:
    rng = random.Random(13)
    for d in range(deals):
        pos = random_position(rng, 13, trick_cards=0)
        for pclass in S.CLASSES:
            side = d % 2
            t = time.perf_counter()
            p = S.py_normal_floor(pos, side, limit=limit, pclass=pclass)
            tp = time.perf_counter() - t
            t = time.perf_counter()
            c = S.normal_floor(pos, side, limit=limit, pclass=pclass)
            tcc = time.perf_counter() - t
            same = "same" if _r(p) == _r(c) else "DIFFERENT"
            print(f"deal {d} strain {pos.trump:2d} {pclass:7s} python {p} {p.nodes:7d} nodes {tp:7.2f} s | "
                  f"C {c} {c.nodes:7d} nodes {tcc:6.3f} s ({same})", flush=True)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "--speed":
        speed(int(sys.argv[2]) if len(sys.argv) > 2 else 4, int(sys.argv[3]) if len(sys.argv) > 3 else 400_000)
    else:
        sys.exit(1 if sweep(int(sys.argv[1]) if len(sys.argv) > 1 else 5000,
                            int(sys.argv[2]) if len(sys.argv) > 2 else 1) else 0)
