"""Benchmark (not a test): `check` and `audit` on a generated session, memory and time (issue 21).

    python bench/session_bench.py [--boards 10000] [--claims 0.02] [--long-tag 6000000] [--commands check,audit]

A session of ``--boards`` legally played boards (tests/generate.py: deal,
auction, play; a share ``--claims`` stops after 8 to 12 tricks with an agreed
Result: a claim for the audit) is written to a temporary folder as a PBN file
and as a LIN file, and a PBN file with one tag value of ``--long-tag``
characters.  Each command runs in its own process under ``/usr/bin/time -v``;
the table gives its wall time, its peak memory (maximum resident set size) and
the file's size, so that memory can be read as a multiple of the file.  Nothing
is written in the repository.
"""
from __future__ import annotations

import argparse
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from generate import random_board, session_lin, session_pbn  # noqa: E402

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def measure(args: list, cwd: Path) -> tuple:
    """(wall seconds, peak kB, exit status, last line of stdout) of one process under /usr/bin/time -v."""
    out = subprocess.run(["/usr/bin/time", "-v", sys.executable, *args], capture_output=True, text=True, cwd=cwd)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", out.stderr)
    wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", out.stderr)
    seconds = (int(wall.group(1) or 0) * 3600 + int(wall.group(2)) * 60 + float(wall.group(3))) if wall else -1
    lines = [line for line in out.stdout.strip().splitlines() if line.strip()]
    last = lines[-1] if lines else out.stderr.strip().splitlines()[-1][:120]
    return seconds, int(rss.group(1)) if rss else -1, out.returncode, last


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=10_000)
    ap.add_argument("--claims", type=float, default=0.02, help="share of boards ending in a claim")
    ap.add_argument("--long-tag", type=int, default=6_000_000, help="characters of the long tag value (0: none)")
    ap.add_argument("--commands", default="check,audit")
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    boards = [random_board(rng, i % 32 + 1, args.claims) for i in range(args.boards)]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        files = {"session.pbn": session_pbn(boards), "session.lin": session_lin(boards)}
        if args.long_tag:
            files["long-tag.pbn"] = f'[Event "{"x" * args.long_tag}"]\n[Deal "{DEAL}"]\n'
        for name, text in files.items():
            (tmp / name).write_text(text)
        print(f"{args.boards} boards ({sum(len(b['play']) < 13 for b in boards)} ending in a claim), "
              f"python {sys.version.split()[0]}")
        print(f"{'command':<34} {'file MB':>8} {'wall s':>8} {'peak MB':>8} {'x file':>7}  exit  last line")
        for command in args.commands.split(","):
            for name in files:
                if command == "audit" and name == "long-tag.pbn":
                    continue
                size = (tmp / name).stat().st_size
                seconds, kb, code, last = measure([str(ROOT / "cli.py"), command, "-q" if command == "check"
                                                   else "--format=text", str(tmp / name)], tmp)
                print(f"{command + ' ' + name:<34} {size / 1e6:8.1f} {seconds:8.1f} {kb / 1024:8.0f} "
                      f"{kb * 1024 / size:7.1f}  {code:4d}  {last[:70]}")


if __name__ == "__main__":
    main()
