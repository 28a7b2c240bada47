"""Benchmark (not a test): `check` on about 4,000 real games (issue 10's target: within 20 s).

    python bench/corpus_bench.py [--games 4000]

The games are the public corpus (tests/data/corpus: real sessions, hand
records, the PBN verifier's files) copied into a temporary folder as many
times as it takes; `python cli.py check -q` then reads every file of it in
one process, and the wall time is printed with the counts `check` gave.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "data" / "corpus"


def corpus_files() -> list:
    return sorted(CORPUS.glob("*/*.pbn")) + sorted(CORPUS.glob("*/*.lin"))


def games_in(path: Path) -> int:
    out = subprocess.run([sys.executable, str(ROOT / "cli.py"), "check", "-q", str(path)], capture_output=True,
                         text=True, cwd=ROOT)
    m = re.search(r"(\d+) games", out.stdout)
    return int(m.group(1)) if m else 0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=4000)
    args = ap.parse_args()
    files = corpus_files()
    per_copy = sum(games_in(p) for p in files)
    copies = max(1, -(-args.games // per_copy))
    with tempfile.TemporaryDirectory() as tmp:
        paths = []
        for k in range(copies):
            for p in files:
                target = Path(tmp) / f"{k:03d}-{p.parent.name}-{p.name}"
                shutil.copyfile(p, target)
                paths.append(str(target))
        start = time.perf_counter()
        out = subprocess.run([sys.executable, str(ROOT / "cli.py"), "check", "-q", *paths], capture_output=True,
                             text=True, cwd=ROOT)
        took = time.perf_counter() - start
    summary = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr[-300:]
    print(f"check on {copies} copies of the corpus ({len(paths)} files): {summary}")
    print(f"wall time {took:.1f} s (target: 4,000 games within 20 s)")
    if "Traceback" in out.stdout + out.stderr:
        print("a traceback was printed")


if __name__ == "__main__":
    main()
