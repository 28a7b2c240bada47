"""Benchmarks for the play solver (not tests): the figures Laws 68-71 set targets for.

    python bench/claims_bench.py [--n 200] [--deals 40] [--limit NODES]
    python bench/claims_bench.py --cores [--core-deals 200] [--core-mid 200] [--py 20] [--bound-limit NODES]
                                 [--dd-limit NODES]

``--cores`` (issue 26): the compiled core beside the pure-Python searches and
DDS, on the same positions in the same run: 200 random full deals and 200
positions with 8-10 tricks left, the legal floor, the ceiling and the normal-play floor
(each under ``--bound-limit`` nodes, by default the 1 000 000 a claim's ruling gives a search) and the
double-dummy value (the compiled one under ``--dd-limit``, dd.DD_NODE_LIMIT;
Python's under ``--bound-limit``); medians, worst and how many stopped at their
limit, and the ratio compiled/DDS of the double-dummy times.  The Python
searches are measured on the first ``--py`` positions of each set only (they
take seconds each).  Without ``--cores``, the sections below (the floor and
ceiling and the normal-play floor here come from the compiled core):

* the all-legal floor (71A1) for random positions with 1 to 8 tricks left,
  some in the middle of a trick (target: every one within 1 s);
* floor and ceiling for random full deals, 13 tricks left (targets: median
  under 50 ms, worst under 5 s), with the searches that spent their node
  budget counted (they report proven bounds);
* floor and ceiling with 8 to 10 tricks left (target: worst under 1 s);
* whole rulings of claims made at tricks 1-3 (target: each within 5 s);
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
from engine.mechanics.work import CLAIM_SEARCH_LIMIT  # noqa: E402


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


def claims_early(rng, count: int = 10) -> None:
    """Whole rulings (every search of Laws 68-71) of disputed claims made at tricks 1-3 of random deals."""
    from engine.explain.ruling import rule_case
    from engine.input.caseio import case_from_data

    ranks = "23456789TJQKA"
    times, undecided = [], 0
    for i in range(count):
        deck = [s + r for s in "SHDC" for r in ranks]
        rng.shuffle(deck)
        hands = {seat: deck[k * 13:(k + 1) * 13] for k, seat in enumerate("NESW")}
        deal = "N:" + " ".join(".".join("".join(sorted((c[1] for c in hands[seat] if c[0] == s), key=ranks.index,
                                                       reverse=True)) for s in "SHDC") for seat in "NESW")
        trump = rng.choice("SHDCN")
        contract = f"4{trump}" if trump != "N" else "3NT"
        leader, play = "W", []
        for _ in range(rng.randint(0, 2)):  # 0-2 tricks played at random (legally), then the claim
            trick, led = [], None
            for k in range(4):
                seat = "NESW"[("NESW".index(leader) + k) % 4]
                legal = [c for c in hands[seat] if led and c[0] == led] or hands[seat]
                card = rng.choice(sorted(legal))
                hands[seat].remove(card)
                led = led or card[0]
                trick.append((seat, card))
            best = trick[0]
            for seat, card in trick[1:]:
                if (card[0] == best[1][0] and ranks.index(card[1]) > ranks.index(best[1][1])) or \
                        (card[0] == trump and best[1][0] != trump):
                    best = (seat, card)
            leader = best[0]
            play.append([f"{seat}:{card}" for seat, card in trick])
        at = f"T{len(play) + 1}.0"
        claimer = "S" if leader in "NS" else "E"
        data = {"id": f"bench-{i}", "board": 1, "deal": deal, "contract": contract, "declarer": "S", "play": play,
                "events": [{"at": at, "kind": "claim", "by": claimer, "tricks": 13 - len(play) - 1,
                            "accepted": False, "statement": "the rest are mine"},
                           {"at": at, "kind": "objection", "by": "W" if claimer == "S" else "N"}]}
        t = time.perf_counter()
        r = rule_case(case_from_data(data, f"bench-{i}.yaml"))
        times.append(time.perf_counter() - t)
        undecided += any(c.kind == "equity_review" and c.law == "70A" for c in r.conclusions)
    summary("a disputed claim at tricks 1-3, whole ruling", times, undecided)


def _stats(times: list, stopped: int, count: int) -> str:
    if not times:
        return "-"
    times = sorted(times)
    return (f"median {statistics.median(times) * 1000:.1f} ms, worst {times[-1] * 1000:.0f} ms, "
            f"{stopped} of {count} at the limit")


def cores(args) -> None:
    """The compiled core beside the Python searches and DDS, on the same positions (``--cores``)."""
    rng = random.Random(2026)
    sets = [("13 tricks (full deals)", [(random_position(rng, 13, 0), rng.randrange(2)) for _ in range(args.core_deals)]),
            ("8-10 tricks", [(random_position(rng, rng.randint(8, 10), 0), rng.randrange(2))
                             for _ in range(args.core_mid)])]
    have_dds = dd.available()
    print(f"node limits: floor and ceiling {args.bound_limit:,} each; double dummy: compiled {args.dd_limit:,}, "
          f"Python {args.bound_limit:,}; Python on the first {args.py} positions of each set")
    for label, items in sets:
        rows = {}
        for name, fn in (("floor", lambda p, s: S.floor(p, s, args.bound_limit)),
                         ("ceiling", lambda p, s: S.ceiling(p, s, args.bound_limit)),
                         ("normal floor", lambda p, s: S.normal_floor(p, s, limit=args.bound_limit)),
                         ("double dummy", lambda p, s: S.minimax(p, s, args.dd_limit))):
            t, stopped = [], 0
            for pos, side in items:
                dt, res = timed(fn, pos, side)
                t.append(dt)
                stopped += not res.exact
            rows.setdefault(name, {})["C"] = (t, stopped, len(items))
        py_normal = getattr(S, "py_normal_floor", None)  # (the pure-Python normal floor, where it is compiled)
        for name, fn in (("floor", S.py_floor), ("ceiling", S.py_ceiling),
                         ("normal floor", (lambda p, s, n: py_normal(p, s, limit=n)) if py_normal else None),
                         ("double dummy", S.py_minimax)):
            if fn is None:
                continue
            t, stopped = [], 0
            for pos, side in items[:args.py]:
                dt, res = timed(fn, pos, side, args.bound_limit)
                t.append(dt)
                stopped += not res.exact
            rows[name]["Python"] = (t, stopped, len(items[:args.py]))
        if have_dds:
            dd.dd_value(*items[0])  # (the library's first call loads it)
            rows["double dummy"]["DDS"] = ([timed(dd.dd_value, p, s)[0] for p, s in items], 0, len(items))
        print(f"{label}:")
        for name, by in rows.items():
            for who in ("Python", "C", "DDS"):
                if who in by:
                    print(f"  {name:13} {who:6} {_stats(*by[who])} (over {by[who][2]})")
        if have_dds:
            c, d = statistics.median(rows["double dummy"]["C"][0]), statistics.median(rows["double dummy"]["DDS"][0])
            ct, dt = sum(rows["double dummy"]["C"][0]), sum(rows["double dummy"]["DDS"][0])
            print(f"  double dummy C/DDS: median time {c / d:.1f}x, total time {ct / dt:.1f}x")
            n, nw = statistics.median(rows["normal floor"]["C"][0]), max(rows["normal floor"]["C"][0])
            print(f"  normal floor C/DDS double dummy: median time {n / d:.2f}x; normal floor worst {nw:.3f} s")
        sys.stdout.flush()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--cores", action="store_true", help="the compiled core beside Python and DDS (issue 26)")
    ap.add_argument("--core-deals", type=int, default=200)
    ap.add_argument("--core-mid", type=int, default=200)
    ap.add_argument("--py", type=int, default=20, help="--cores: positions of each set the Python searches take")
    ap.add_argument("--bound-limit", type=int, default=CLAIM_SEARCH_LIMIT,
                    help="--cores: nodes for a floor, a ceiling or a normal floor (a claim's ruling: %(default)s)")
    ap.add_argument("--dd-limit", type=int, default=dd.DD_NODE_LIMIT)
    ap.add_argument("--n", type=int, default=200, help="positions with 1-8 tricks left")
    ap.add_argument("--deals", type=int, default=40, help="full deals (13 tricks left)")
    ap.add_argument("--limit", type=int, default=S.DEFAULT_LIMIT, help="node budget per search")
    ap.add_argument("--early-only", type=int, default=0, metavar="N",
                    help="only the whole rulings of N disputed claims at tricks 1-3 (issue 25's figure)")
    args = ap.parse_args()
    if args.cores:
        cores(args)
        return
    rng = random.Random(2026)
    if args.early_only:
        claims_early(rng, args.early_only)
        return

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
    mid = [(random_position(rng, rng.randint(8, 10), 0), rng.randrange(2)) for _ in range(args.deals)]
    times, undetermined = [], 0
    for pos, side in mid:
        t1, f = timed(S.floor, pos, side, args.limit)
        t2, c = timed(S.ceiling, pos, side, args.limit)
        times.append(t1 + t2)
        undetermined += (not f.exact) + (not c.exact)
    summary("floor + ceiling, 8-10 tricks left", times, undetermined)
    claims_early(rng)
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
