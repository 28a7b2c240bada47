"""The long fuzz run of issue 11 (not part of the suite).

    python tests/fuzz/run.py [--n 2000] [--seed 1] [--family NAME ...] [--keep DIR]

Runs every family ``--n`` times (each input ruled twice when it rules, for
determinism) and prints, per family, how many inputs ended in a ruling, in
bad input, or broke the invariant, with the slowest input's time.  Inputs
that broke it are copied to ``--keep`` (default: a temporary folder, printed).
"""
from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
sys.path.insert(0, str(HERE.parent))

from fuzz.families import FAMILIES, problems, run_one  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--family", action="append", choices=sorted(FAMILIES))
    ap.add_argument("--keep", type=Path, default=None)
    args = ap.parse_args()
    keep = args.keep or Path(tempfile.mkdtemp(prefix="bridge-td-fuzz-failures-"))
    keep.mkdir(parents=True, exist_ok=True)
    bad_total = 0
    for name in args.family or sorted(FAMILIES):
        rng = random.Random(f"{args.seed}-{name}")
        counts = {"ruled": 0, "bad input": 0, "skipped": 0, "broken": 0}
        slowest = (0.0, None)
        start = time.perf_counter()
        for i in range(args.n):
            with tempfile.TemporaryDirectory(prefix="bridge-td-fuzz-") as tmp:
                argv = FAMILIES[name](rng, Path(tmp))
                if argv is None:
                    counts["skipped"] += 1
                    continue
                first = run_one(argv)
                second = run_one(argv) if first["code"] == 0 else None
                if first["seconds"] > slowest[0]:
                    slowest = (first["seconds"], i)
                found = problems(first, second)
                if found:
                    counts["broken"] += 1
                    target = keep / f"{name}-{i}"
                    shutil.copytree(tmp, target)
                    (target / "PROBLEM.txt").write_text("\n".join(found) + "\n" + " ".join(argv) + "\n")
                    print(f"  {name} #{i}: {found[0][:200]} (kept in {target})")
                else:
                    counts["ruled" if first["code"] == 0 else "bad input"] += 1
        bad_total += counts["broken"]
        took = time.perf_counter() - start
        print(f"{name}: " + ", ".join(f"{v} {k}" for k, v in counts.items())
              + f"; slowest {slowest[0]:.2f} s (#{slowest[1]}); {took:.0f} s in all")
    print(f"inputs that broke the invariant are in {keep}" if bad_total else "no input broke the invariant")
    return 1 if bad_total else 0


if __name__ == "__main__":
    sys.exit(main())
