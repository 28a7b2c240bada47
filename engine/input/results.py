"""Board results as written: a case's answers and the input of ``cli.py score`` (Laws 12C, 78).

A result is a side's score, a contract result ('4S S 10', scored by Law 77),
or an artificial adjusted score (40, 50, 60 or A-, A, A+).  ``load_results``
reads one board's results from a YAML list or a CSV file.
"""
from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from pathlib import Path

import yaml

from engine.input.caseio import CaseError, read_text
from engine.notation import cards as C
from engine.notation.scoring import duplicate_score

PERCENT_BY_FAULT = {"direct": 40, "partial": 50, "none": 60}  # 12C1
FAULT_BY_PERCENT = {v: k for k, v in PERCENT_BY_FAULT.items()}
IMPS_BY_PERCENT = {60: 3, 50: 0, 40: -3}  # commentary 12.19(iii)
AVERAGE_NAMES = {"A+": 60, "A": 50, "A-": 40, "AVE+": 60, "AVE": 50, "AVE-": 40}
METHODS = ("matchpoints", "imps", "total_points")
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
