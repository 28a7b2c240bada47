"""Benchmarks (not tests): print the figures the issue sets targets for.

    python bench/bench.py [--n 1000]

* median time to rule one 13-trick case in-process (target < 10 ms);
* time to validate the bundled casebook, and 1,000 generated cases (target < 15 s);
* cold start of `python cli.py rule CASE` (target < 300 ms).
"""
from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from generate import random_case  # noqa: E402

from engine.commands.validate import collect, validate_file  # noqa: E402
from engine.explain.ruling import rule_case  # noqa: E402
from engine.input.caseio import case_from_data, load_case  # noqa: E402


def _timing(cases) -> str:
    """Median and 90th percentile of ruling each case once."""
    times = []
    for c in cases:
        t = time.perf_counter()
        rule_case(c)
        times.append(time.perf_counter() - t)
    times.sort()
    return f"median {statistics.median(times) * 1000:.2f} ms, p90 {times[int(len(times) * 0.9)] * 1000:.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=1000, help="generated cases to validate")
    args = ap.parse_args()

    rng = random.Random(2026)
    generated = [random_case(rng, i, revoke_rate=0.08) for i in range(args.n)]
    full = [case_from_data(d, d["id"]) for d in generated[:200] if len(d["play"]) == 13]
    rule_case(full[0])  # build the rule network once, as a long-running process would
    print(f"rule one 13-trick generated case in-process: {_timing(full)} over {len(full)} cases")

    files = collect([ROOT / "cases"])
    t = time.perf_counter()
    results = [validate_file(f) for f in files]
    print(f"validate the bundled casebook in-process: {time.perf_counter() - t:.2f} s for {len(files)} cases "
          f"({sum(r.passed for r in results)} passed)")
    print(f"rule one bundled case in-process: {_timing([load_case(f) for f in files])}")

    with tempfile.TemporaryDirectory() as tmp:
        for d in generated:
            (Path(tmp) / f"{d['id']}.yaml").write_text(json.dumps(d))
        t = time.perf_counter()
        res = subprocess.run([sys.executable, str(ROOT / "cli.py"), "validate", tmp, "--quiet"],
                             capture_output=True, text=True)
        elapsed = time.perf_counter() - t
        print(f"validate {len(generated)} generated cases (cli.py validate, one process): {elapsed:.2f} s "
              f"(exit {res.returncode}: generated cases have no expect block)")
        one = Path(tmp) / f"{generated[0]['id']}.yaml"
        cold = []
        for _ in range(7):
            t = time.perf_counter()
            subprocess.run([sys.executable, str(ROOT / "cli.py"), "rule", str(one)], capture_output=True)
            cold.append(time.perf_counter() - t)
        print(f"cold start of `python cli.py rule CASE`: median {statistics.median(cold) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
