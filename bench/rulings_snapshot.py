"""Snapshot every ruling of the casebook (and the audit of the test sessions), to compare before/after a change.

    python bench/rulings_snapshot.py --out snap.json [--repeat] [--only-slow SECONDS]
    python bench/rulings_snapshot.py --compare old.json new.json

Each case is ruled in process through the command line (``cli.py rule CASE
--format json``), with the claim cache emptied before it, so each ruling is a
first ruling as in a fresh process; ``--repeat`` rules it a second time
without emptying the cache and records both times (the second output must be
the same).  The audit of tests/data/corpus and tests/data/endplay is recorded
the same way.  ``--compare`` lists every difference of output and prints the
times side by side for the cases slower than ``--only-slow`` seconds.
"""
from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def _items() -> list:
    items = [[str(p.relative_to(ROOT))] for p in sorted((ROOT / "cases").rglob("*.yaml"))]
    items += [[str(p.relative_to(ROOT))] for p in sorted((ROOT / "examples").glob("*.yaml"))]
    for p in sorted((ROOT / "examples").glob("*.pbn")):
        for b in re.findall(r'\[Board "(\d+)"\]', p.read_text()):
            items.append([str(p.relative_to(ROOT)), "--board", b])
    return items


def _audit_files() -> list:
    files = []
    for pat in ("tests/data/corpus/lin/*.lin", "tests/data/corpus/pbn/*.pbn", "tests/data/endplay/*.pbn",
                "tests/data/endplay/*.lin"):
        files += sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(pat))
    return files


def snapshot(repeat: bool, audit: bool) -> dict:
    import os

    os.chdir(ROOT)
    from click.testing import CliRunner

    import cli
    from engine.mechanics import claims

    runner = CliRunner()
    out = {}
    jobs = [(" ".join(args), ["rule", *args, "--format", "json"]) for args in _items()]
    if audit:
        jobs.append(("audit", ["audit", *_audit_files(), "--format", "json"]))
    for name, argv in jobs:
        claims._CACHE.clear()
        t = time.perf_counter()
        res = runner.invoke(cli.cli, argv)
        t1 = time.perf_counter() - t
        rec = {"code": res.exit_code, "out": res.output, "t1": t1}
        if repeat:
            t = time.perf_counter()
            res2 = runner.invoke(cli.cli, argv)
            rec["t2"] = time.perf_counter() - t
            rec["same_on_repeat"] = res2.output == res.output and res2.exit_code == res.exit_code
        out[name] = rec
        print(f"{t1:7.3f}s {rec.get('t2', 0):7.3f}s {name}", file=sys.stderr)
    return out


def compare(a: dict, b: dict, slow: float) -> int:
    bad = 0
    for name in sorted(set(a) | set(b)):
        if name not in a or name not in b:
            print(f"only in one snapshot: {name}")
            bad += 1
            continue
        if (a[name]["code"], a[name]["out"]) != (b[name]["code"], b[name]["out"]):
            print(f"DIFFERENT: {name}")
            bad += 1
        if not b[name].get("same_on_repeat", True) or not a[name].get("same_on_repeat", True):
            print(f"DIFFERENT ON REPEAT: {name}")
            bad += 1
    print(f"{len(a)} / {len(b)} rulings compared, {bad} differences")
    rows = [n for n in a if n in b and max(a[n]["t1"], b[n]["t1"]) >= slow]
    rows.sort(key=lambda n: -a[n]["t1"])
    if rows:
        print(f"{'before 1st':>10} {'after 1st':>10} {'before rep':>10} {'after rep':>10}  case")
        for n in rows:
            print(f"{a[n]['t1']:10.3f} {b[n]['t1']:10.3f} {a[n].get('t2', float('nan')):10.3f} "
                  f"{b[n].get('t2', float('nan')):10.3f}  {n}")
    for label, key in (("first", "t1"), ("repeat", "t2")):
        if all(key in a[n] and key in b[n] for n in rows) and rows:
            print(f"total over those ({label}): {sum(a[n][key] for n in rows):.2f} s -> "
                  f"{sum(b[n][key] for n in rows):.2f} s; max {max(a[n][key] for n in rows):.2f} -> "
                  f"{max(b[n][key] for n in rows):.2f}; median {statistics.median(a[n][key] for n in rows):.3f} -> "
                  f"{statistics.median(b[n][key] for n in rows):.3f}")
    print(f"all rulings (first): {sum(r['t1'] for r in a.values()):.1f} s -> {sum(r['t1'] for r in b.values()):.1f} s")
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out")
    ap.add_argument("--repeat", action="store_true", help="rule each case a second time (cache kept)")
    ap.add_argument("--no-audit", action="store_true")
    ap.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    ap.add_argument("--only-slow", type=float, default=0.2, help="--compare: list times of cases slower than this")
    args = ap.parse_args()
    if args.compare:
        a, b = (json.loads(Path(p).read_text()) for p in args.compare)
        return compare(a, b, args.only_slow)
    snap = snapshot(args.repeat, not args.no_audit)
    Path(args.out).write_text(json.dumps(snap, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
