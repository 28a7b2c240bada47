"""Scoring across tables (Law 78) and the equivalents of adjusted scores (12C1, 12C2, commentary 12.19).

Plain Python, no law rules: the rules in ``engine/rules/law78.py`` and
``law12.py`` state what these functions compute.

* 78A matchpoints: 2 units for every score a contestant beats, 1 for every
  score it ties, 0 for every score that beats it.
* 78B the IMP scale, exactly as in the source table (002_457e439b534234aa.txt):
  20-40 is 1 IMP, 50-80 is 2, ..., 4000 and more is 24.  The table lists
  differences in steps of 10 (scores are multiples of 10); a difference that
  falls between two rows (45, say, from an averaged score) takes the IMPs of
  the row below it: each row starts a band.
* 78C total points: a contestant's score is the sum of its scores.
* 12C1 artificial adjusted scores are percentages: 40 (directly at fault), 50
  (partly at fault), 60 (in no way at fault; "at least" 60).  Commentary 12.19:
  their IMP equivalents are +3 (60) and -3 (40), 0 for 50; in matchpoints the
  percentage of the top.
* 12C2 assigned adjusted scores are total-point scores, matchpointed like any
  other; the two sides' scores need not balance, so each side is compared
  with the other tables' scores in its own direction.

Reading one board's results for ``python cli.py score``: a YAML list or a CSV
with columns ns, ew, score (NS's score) and optionally ew_score (EW's score,
when an assigned adjustment does not balance), ns_percent and ew_percent
(artificial adjusted scores: a number, or A+ / A / A-).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.input.results import IMPS_BY_PERCENT, METHODS, TableResult

# Law 78B, as printed: (lowest difference of the row, IMPs).  The first row
# (0-10, 0 IMPs) is implied by "20-40: 1".
IMP_SCALE = (
    (20, 1), (50, 2), (90, 3), (130, 4), (170, 5), (220, 6), (270, 7), (320, 8),
    (370, 9), (430, 10), (500, 11), (600, 12), (750, 13), (900, 14), (1100, 15), (1300, 16),
    (1500, 17), (1750, 18), (2000, 19), (2250, 20), (2500, 21), (3000, 22), (3500, 23), (4000, 24),
)
# The rows as printed (lowest, highest) for the tests and the docs: 4000 "and more".
IMP_ROWS = tuple((low, (IMP_SCALE[i + 1][0] - 10) if i + 1 < len(IMP_SCALE) else None, imps)
                 for i, (low, imps) in enumerate(IMP_SCALE))



def imps(difference: int) -> int:
    """IMPs for a difference in points (78B); the sign follows the difference."""
    size = abs(difference)
    won = 0
    for low, value in IMP_SCALE:
        if size >= low:
            won = value
        else:
            break
    return won if difference >= 0 else -won


def matchpoints(score: int, others) -> tuple[int, int]:
    """(points, top) for ``score`` against the other tables' scores in the same direction (78A)."""
    others = list(others)
    points = sum(2 if score > o else 1 if score == o else 0 for o in others)
    return points, 2 * len(others)


def percent_points(percent: int, top: int):
    """Matchpoints for an artificial adjusted score: its percentage of the top (12C1, commentary 12.19(iv))."""
    value = percent * top / 100
    return int(value) if value == int(value) else round(value, 2)


def artificial_imps(percent: int) -> int:
    """IMPs for an artificial adjusted score in a teams match (commentary 12.19(iii))."""
    if percent not in IMPS_BY_PERCENT:
        raise ValueError(f"{percent}% has no IMP equivalent in commentary 12.19 (only 40, 50 and 60)")
    return IMPS_BY_PERCENT[percent]


@dataclass
class PairScore:
    pair: str
    direction: str  # NS or EW
    row: int
    score: int | None
    percent: int | None
    points: object = None  # matchpoints (may be fractional after factoring) or IMPs or total points
    top: object = None
    difference: int | None = None  # IMPs: the points difference converted
    how: str = ""


@dataclass
class BoardScores:
    method: str
    pairs: list = field(default_factory=list)
    notes: list = field(default_factory=list)


def score_board(results: list[TableResult], method: str) -> BoardScores:
    """Each pair's matchpoints (78A), IMPs between two tables (78B) or total points (78C)."""
    if method not in METHODS:
        raise ValueError(method)
    out = BoardScores(method)
    if method == "imps" and len(results) != 2:
        raise ValueError(f"IMPs compare two tables of a match; this board has {len(results)} results")
    for direction, pair_key, score_key, pct_key in (("NS", "ns", "ns_score", "ns_percent"),
                                                    ("EW", "ew", "ew_score", "ew_percent")):
        scored = [r for r in results if getattr(r, score_key) is not None]
        for r in results:
            ps = PairScore(getattr(r, pair_key), direction, r.row, getattr(r, score_key), getattr(r, pct_key))
            out.pairs.append(ps)
            if method == "total_points":
                ps.points, ps.how = ps.score, "78C"
                if ps.score is None:
                    ps.how = "an artificial adjusted score has no total-points value"
                continue
            if method == "imps":
                if ps.percent is not None:
                    ps.points, ps.how = artificial_imps(ps.percent), "commentary 12.19(iii)"
                    continue
                other = results[1 - results.index(r)]
                # Teams: the other table's pair in the same direction belongs to the opposing team.
                other_score = getattr(other, score_key)
                if other_score is None:
                    ps.how = "the other table has an artificial adjusted score: no comparison"
                    continue
                ps.difference = ps.score - other_score
                ps.points, ps.how = imps(ps.difference), "78B"
                continue
            top = 2 * (len(results) - 1)
            if ps.percent is not None:
                ps.points, ps.top, ps.how = percent_points(ps.percent, top), top, "12C1, commentary 12.19(iv)"
                continue
            rivals = [getattr(o, score_key) for o in scored if o is not r]
            points, own_top = matchpoints(ps.score, rivals)
            if own_top != top and own_top:
                # Some tables have artificial scores: factor the comparisons up to the full top.
                ps.points = round(points * top / own_top, 2)
                ps.how = f"78A ({points} of {own_top}, factored to the top of {top})"
            else:
                ps.points = points
                ps.how = "78A"
            ps.top = top
    if method == "matchpoints" and any(r.ns_percent is not None or r.ew_percent is not None for r in results):
        out.notes.append("artificial adjusted scores are a percentage of the top (12C1) and are not compared; "
                         "the other pairs' matchpoints are factored in proportion to the full top "
                         "(the sources give no other method)")
    return out


def board_text(scores: BoardScores) -> str:
    lines = []
    if scores.method == "matchpoints":
        lines.append("Matchpoints (Law 78A: 2 for each score beaten, 1 for each tie)")
    elif scores.method == "imps":
        lines.append("IMPs (Law 78B)")
    else:
        lines.append("Total points (Law 78C)")
    for ps in scores.pairs:
        result = f"score {ps.score:+d}" if ps.score is not None else f"adjusted {ps.percent}%"
        if ps.points is None:
            value = "-"
        elif scores.method == "matchpoints":
            value = f"{ps.points} of {ps.top}"
        elif scores.method == "imps":
            value = f"{ps.points:+d} IMPs"
        else:
            value = f"{ps.points:+d}"
        lines.append(f"  {ps.direction} {ps.pair:<8} {result:<14} {value:<14} [{ps.how}]")
    for note in scores.notes:
        lines.append(f"Note: {note}")
    return "\n".join(lines)


def board_json(scores: BoardScores) -> dict:
    return {"method": scores.method,
            "pairs": [{"pair": p.pair, "direction": p.direction, "table": p.row, "score": p.score,
                       "percent": p.percent, "points": p.points,
                       **({"top": p.top} if scores.method == "matchpoints" else {}),
                       **({"difference": p.difference} if scores.method == "imps" else {}),
                       "law": p.how} for p in scores.pairs],
            "notes": scores.notes}
