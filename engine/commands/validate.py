"""Checking a ruling against a case's ``expect`` block.

An expected conclusion matches a conclusion of the same kind whose listed
fields are all equal (cards, seats and clause ids compared in canonical
form); ``absent`` items must match none; ``declarer_tricks`` and each listed
side of ``score`` must be equal.  The report names each difference and, for a
missing conclusion, the nearest one the engine did give.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from engine.explain.ruling import Item, Ruling, rule_case
from engine.input.caseio import CaseError, load_case
from engine.law.clause import ClauseIdError, canonical
from engine.notation import cards as C


@dataclass
class CaseResult:
    path: str
    case_id: str = ""
    ruling: Ruling | None = None
    differences: list = field(default_factory=list)
    error: str = ""
    has_expect: bool = True

    @property
    def passed(self) -> bool:
        return not self.error and not self.differences

    def clauses(self) -> set:
        if self.ruling is None:
            return set()
        out = set()
        for s in self.ruling.steps:
            out.add(s.law)
            out.update(s.cites)
        return out


def _norm(key: str, value):
    if value is None:
        return None
    text = str(value).strip()
    try:
        if key in ("seat", "by", "asked"):
            return C.parse_seat(text)
        if key in ("to", "side"):
            return C.parse_side(text)
        if key == "card":
            return C.parse_card(text)
        if key == "law":
            return canonical(text)
        if key == "suit":
            return C.parse_suit(text)
    except (C.NotationError, ClauseIdError):
        return text
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value
    return text.lower() if key in ("type", "option") else text


def matches(item: Item, expected: dict) -> bool:
    if item.kind != expected.get("kind"):
        return False
    for key, want in expected.items():
        if key == "kind":
            continue
        have = item.law if key == "law" else item.fields.get(key)
        if _norm(key, have) != _norm(key, want):
            return False
    return True


def _mismatch(item: Item, expected: dict) -> list:
    out = []
    for key, want in expected.items():
        if key == "kind":
            continue
        have = item.law if key == "law" else item.fields.get(key)
        if _norm(key, have) != _norm(key, want):
            out.append(f"{key}={have}")
    return out


def _show(d: dict) -> str:
    return "{" + ", ".join(f"{k}: {v}" for k, v in d.items()) + "}"


def check(r: Ruling, expect: dict) -> list:
    diffs = []
    for want in expect.get("conclusions") or []:
        if any(matches(c, want) for c in r.conclusions):
            continue
        same_kind = [c for c in r.conclusions if c.kind == want.get("kind")]
        if same_kind:
            best = min(same_kind, key=lambda c: len(_mismatch(c, want)))
            diffs.append(f"missing {_show(want)}; nearest {best.id} differs in {', '.join(_mismatch(best, want))}")
        else:
            diffs.append(f"missing {_show(want)}; no {want.get('kind')} conclusion at all")
    for unwanted in expect.get("absent") or []:
        hits = [c for c in r.conclusions if matches(c, unwanted)]
        for c in hits:
            diffs.append(f"unexpected {c.id} {c.kind} {_show(c.fields)} [{c.law}] (absent: {_show(unwanted)})")
    if "declarer_tricks" in expect and expect["declarer_tricks"] is not None:
        if r.declarer_tricks != expect["declarer_tricks"]:
            diffs.append(f"declarer_tricks: expected {expect['declarer_tricks']}, got {r.declarer_tricks}")
    for side, value in (expect.get("score") or {}).items():
        side = C.parse_side(side)
        have = r.score.get(side) if r.score else None
        if have != value:
            diffs.append(f"score {side}: expected {value}, got {have}")
    return diffs


def validate_file(path: str | Path) -> CaseResult:
    result = CaseResult(str(path))
    try:
        case = load_case(path)
        result.case_id = case.id
        result.ruling = rule_case(case)
    except CaseError as exc:
        result.error = str(exc)
        return result
    if case.expect is None:
        result.has_expect = False
        return result
    result.differences = check(result.ruling, case.expect)
    return result


def collect(paths) -> list:
    """Case files under the given paths (files or folders), sorted."""
    files = []
    for p in paths:
        p = Path(p)
        if p.is_dir():
            files.extend(sorted(q for q in p.rglob("*.yaml") if q.is_file()))
            files.extend(sorted(q for q in p.rglob("*.yml") if q.is_file()))
        else:
            files.append(p)
    return files
