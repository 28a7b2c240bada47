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

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from engine.notation import cards as C
from engine.input.caseio import CaseError, read_text
from engine.notation.scoring import duplicate_score

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

PERCENT_BY_FAULT = {"direct": 40, "partial": 50, "none": 60}  # 12C1
FAULT_BY_PERCENT = {v: k for k, v in PERCENT_BY_FAULT.items()}
IMPS_BY_PERCENT = {60: 3, 50: 0, 40: -3}  # commentary 12.19(iii)
AVERAGE_NAMES = {"A+": 60, "A": 50, "A-": 40, "AVE+": 60, "AVE": 50, "AVE-": 40}
METHODS = ("matchpoints", "imps", "total_points")


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


# ---------------------------------------------------------------------------
# Results as written (case answers, `score` input)
# ---------------------------------------------------------------------------


def parse_percent(value) -> int:
    """An artificial adjusted score: 40, 50, 60 (or more for a side not at fault), or A-, A, A+."""
    if isinstance(value, str) and value.strip().upper() in AVERAGE_NAMES:
        return AVERAGE_NAMES[value.strip().upper()]
    text = str(value).strip().rstrip("%")
    if isinstance(value, bool) or not text.isdigit():
        raise C.NotationError(f"{value!r} is not an artificial adjusted score (40, 50, 60 or A-, A, A+)")
    n = int(text)
    if n not in (40, 50) and not 60 <= n <= 100:
        raise C.NotationError(f"{n}%: Law 12C1 gives 40%, 50% or at least 60%")
    return n


def parse_result(value, side: str, vulnerable: str | None) -> tuple[int, str]:
    """A result for ``side``: its own score as a number, or 'CONTRACT DECLARER TRICKS' (e.g. '4S S 10').

    Returns (the side's score, how it was written).
    """
    if isinstance(value, bool):
        raise C.NotationError(f"{value!r} is not a result")
    if isinstance(value, int):
        if value % 10:
            raise C.NotationError(f"{value} is not a bridge score (a multiple of 10)")
        return value, f"{side} {value:+d}"
    if isinstance(value, dict):
        parts = [value.get("contract"), value.get("declarer"), value.get("tricks")]
        if None in parts or set(value) - {"contract", "declarer", "tricks"}:
            raise C.NotationError(f"{value!r}: a result is contract, declarer and tricks")
    else:
        text = str(value).strip()
        if text.lstrip("+-").isdigit():
            return parse_result(int(text), side, vulnerable)
        parts = text.replace(" by ", " ").split()
        if len(parts) != 3:
            raise C.NotationError(f"{value!r} is not a result (write e.g. '4S S 10', or the side's score)")
    contract = C.parse_contract(parts[0])
    declarer = C.parse_seat(parts[1])
    tricks = parts[2]
    if isinstance(tricks, str) and tricks.isdigit():
        tricks = int(tricks)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13:
        raise C.NotationError(f"{parts[2]!r} is not a number of tricks (0 to 13)")
    if vulnerable is None:
        raise C.NotationError("a contract result needs the vulnerability (give board or vulnerable), or write the score")
    score = duplicate_score(contract, declarer, vulnerable, tricks)[side]
    return score, f"{contract} by {C.SEAT_NAMES[declarer]}, {tricks} tricks"


@dataclass
class TableResult:
    """One table's result on the board: NS's and EW's scores, or artificial percentages."""

    row: int
    ns: str
    ew: str
    ns_score: int | None = None
    ew_score: int | None = None
    ns_percent: int | None = None
    ew_percent: int | None = None


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


RESULT_COLUMNS = ("ns", "ew", "score", "ew_score", "ns_percent", "ew_percent")


def load_results(path: str | Path) -> list[TableResult]:
    """One board's results from a YAML list (or a mapping with ``results``) or a CSV file."""
    path = Path(path)
    text = read_text(path, "a results file")
    if path.suffix.lower() == ".csv":
        rows = list(csv.DictReader(io.StringIO(text)))
        if not rows:
            raise CaseError(str(path), "", "no results (a header line ns,ew,score and one line per table)")
        unknown = [k for k in rows[0] if k is not None and k.strip() not in RESULT_COLUMNS]
        if unknown:
            raise CaseError(str(path), f"column {unknown[0]!r}", f"unknown column (allowed: {', '.join(RESULT_COLUMNS)})")
        rows = [{k.strip(): v.strip() for k, v in r.items() if k is not None and v not in (None, "")} for r in rows]
        where = "line {n}"
        offset = 1
    else:
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise CaseError(str(path), "", f"malformed YAML: {getattr(exc, 'problem', None) or exc}")
        if isinstance(data, dict) and "results" in data:
            data = data["results"]
        if not isinstance(data, list) or not data:
            raise CaseError(str(path), "", "a results file is a list of tables: ns, ew, score (NS's score)")
        rows = data
        where = "results[{n}]"
        offset = 0
    out = []
    for n, row in enumerate(rows, start=1):
        out.append(_table_result(row, n, where.format(n=n + offset), str(path)))
    pairs = [(r.ns, "NS") for r in out] + [(r.ew, "EW") for r in out]
    seen = set()
    for pair in pairs:
        if pair in seen:
            raise CaseError(str(path), "", f"{pair[1]} pair {pair[0]!r} has two results on this board")
        seen.add(pair)
    return out


def _table_result(row, n: int, where: str, path: str) -> TableResult:
    def err(field_name, problem):
        return CaseError(path, f"{where}.{field_name}" if field_name else where, problem)

    if not isinstance(row, dict):
        raise err("", "a table's result is a mapping: ns, ew, score")
    for key in row:
        if str(key) not in RESULT_COLUMNS:
            raise err(str(key), f"unknown field (allowed: {', '.join(RESULT_COLUMNS)})")
    for key in ("ns", "ew"):
        if row.get(key) in (None, ""):
            raise err(key, "missing (the pair's name or number)")
    result = TableResult(n, str(row["ns"]), str(row["ew"]))
    for key in ("score", "ew_score"):
        if row.get(key) is not None:
            value = row[key]
            text = str(value).strip()
            if isinstance(value, bool) or not text.lstrip("+-").isdigit() or int(text) % 10:
                raise err(key, f"{value!r} is not a bridge score (a whole multiple of 10)")
            setattr(result, "ns_score" if key == "score" else "ew_score", int(text))
    for key in ("ns_percent", "ew_percent"):
        if row.get(key) is not None:
            try:
                setattr(result, key, parse_percent(row[key]))
            except C.NotationError as exc:
                raise err(key, str(exc))
    if result.ns_score is not None and result.ew_score is None:
        result.ew_score = -result.ns_score
    if result.ew_score is not None and result.ns_score is None:
        raise err("ew_score", "give score (NS's score) too")
    for side, score_key, pct_key in (("NS", "ns_score", "ns_percent"), ("EW", "ew_score", "ew_percent")):
        has_score, has_pct = getattr(result, score_key) is not None, getattr(result, pct_key) is not None
        if has_score and has_pct:
            raise err(pct_key, f"{side} has both a score and an artificial adjusted score")
        if not has_score and not has_pct:
            raise err("score", f"missing ({side} needs a score or a percentage)")
    return result


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
