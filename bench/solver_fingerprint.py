"""Every search result (value, bounds, nodes, line) on random positions, to check that a change to the solver
leaves the search itself unchanged (the same nodes visited in the same order give the same counts).

    python bench/solver_fingerprint.py --out fp.json [--n 300] [--seed 1]
    python bench/solver_fingerprint.py --compare old.json new.json

For each random position (tests/generate.py ``random_position``, 1-13 tricks
left, some in the middle of a trick, every trump suit and notrump): the floor
and ceiling, the normal floor with and without the line shown, with known
suits and suits played in the side's favour, with a stated line of one or two
steps, the most tricks of an outstanding card, and minimax on small
positions; each under a node limit small enough that many searches stop at it
(their bounds and node counts are compared too).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from generate import random_position  # noqa: E402

from engine.mechanics import solver as S  # noqa: E402


def _res(r) -> list:
    return [r.value, r.lower, r.upper, r.nodes, [list(p) for p in r.line]]


def _line(rng, pos, side) -> tuple:
    """One or two steps of a stated line, from the cards the side holds."""
    mine = pos.hands[side] | pos.hands[side + 2]
    cards = [c for c in range(52) if mine >> c & 1]
    if not cards:
        return ()
    steps = []
    for _ in range(rng.randint(1, 2)):
        kind = rng.choice(S.STEP_KINDS)
        c = rng.choice(cards)
        if kind in ("play", "finesse"):
            steps.append(S.Step(kind, c, c // 13))
        elif kind == "draw_trumps":
            if pos.trump >= 0:
                steps.append(S.Step(kind))
        elif kind == "ruff":
            if pos.trump >= 0:
                steps.append(S.Step(kind, -1, c // 13, rng.randint(0, 2)))
        else:
            steps.append(S.Step(kind, -1, c // 13, rng.randint(0, 2)))
    return tuple(steps)


def fingerprint(n: int, seed: int) -> list:
    rng = random.Random(seed)
    out = []
    for i in range(n):
        tricks = rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
        pos = random_position(rng, tricks)
        side = rng.randrange(2)
        limit = rng.choice([300, 1500, 5000]) if tricks > 6 else rng.choice([50, 5000])
        rec = {"pos": [list(pos.hands), pos.trump, pos.leader, list(pos.trick)], "side": side, "limit": limit}
        rec["floor"] = _res(S.floor(pos, side, limit))
        rec["ceiling"] = _res(S.ceiling(pos, side, limit))
        rec["normal"] = _res(S.normal_floor(pos, side, limit=limit, with_line=True))
        known = rng.randrange(16)
        max_suits = rng.choice([0, 0, rng.randrange(16)])
        rec["known"] = [known, max_suits]
        rec["normal_known"] = _res(S.normal_floor(pos, side, known=known, max_suits=max_suits, limit=limit,
                                                  with_line=True))
        line = _line(rng, pos, side)
        rec["line"] = [[st.kind, st.card, st.suit, st.rounds] for st in line]
        rec["normal_line"] = _res(S.normal_floor(pos, side, line, limit=limit, with_line=rng.random() < 0.5))
        rec["normal_line_known"] = _res(S.normal_floor(pos, side, line, known=known, limit=limit))
        theirs = pos.hands[1 - side] | pos.hands[3 - side]
        cards = [c for c in range(52) if theirs >> c & 1]
        if cards:
            t = rng.choice(cards)
            rec["target_card"] = t
            rec["target"] = _res(S.target_tricks(pos, side, [t], line, limit=limit))
        if tricks <= 6:
            rec["minimax"] = _res(S.minimax(pos, side, limit))
        out.append(rec)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out")
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"))
    args = ap.parse_args()
    if args.compare:
        a, b = (json.loads(Path(p).read_text()) for p in args.compare)
        a_recs, b_recs = a["records"], b["records"]
        bad = sum(1 for x, y in zip(a_recs, b_recs) if x != y) + abs(len(a_recs) - len(b_recs))
        searches = sum(len([k for k in x if isinstance(x[k], list) and len(x[k]) == 5]) for x in a_recs)
        nodes = sum(x[k][3] for x in a_recs for k in x if isinstance(x[k], list) and len(x[k]) == 5)
        print(f"{len(a_recs)} positions, {searches} searches, {nodes} nodes; {bad} positions differ")
        for x, y in zip(a_recs, b_recs):
            if x != y:
                print("DIFFERENT:", {k: (x[k], y.get(k)) for k in x if x[k] != y.get(k)})
                break
        print(f"time {a['seconds']:.1f} s -> {b['seconds']:.1f} s")
        return 1 if bad else 0
    t = time.perf_counter()
    recs = fingerprint(args.n, args.seed)
    secs = time.perf_counter() - t
    Path(args.out).write_text(json.dumps({"seconds": secs, "records": recs}))
    print(f"{len(recs)} positions in {secs:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
