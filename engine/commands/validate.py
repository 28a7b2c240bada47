"""Checking a ruling against a case's ``expect`` block.

An expected conclusion matches a conclusion of the same kind whose listed
fields are all equal (cards, seats and clause ids compared in canonical
form); ``absent`` items must match none; ``declarer_tricks`` and each listed
side of ``score`` must be equal.  The report names each difference and, for a
missing conclusion, the nearest one the engine did give.
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
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
    exercised: frozenset | None = None  # the clauses, kept when the ruling itself is not (a worker's result)

    @property
    def passed(self) -> bool:
        return not self.error and not self.differences

    def clauses(self) -> set:
        if self.exercised is not None:
            return set(self.exercised)
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


BATCH = 20  # this many cases or more: build the whole rule network at once (see validate_files)
CHUNK = 4  # cases a worker takes at a time (claims rule slower than revokes: small chunks balance the load)


def validate_files(files, jobs: int | None = None) -> list:
    """``validate_file`` for each file, in order.

    A long batch of varied cases would grow a few partial rule networks before
    the full one (``engine.rules.engine_for``); from ``BATCH`` cases on, the full
    one is built first.  The rulings are the same either way (same rules fired
    in the same order): only the time to build differs.

    ``jobs``: processes ruling at once (None: one per core this process may
    use, for a batch of ``BATCH`` or more).  Each case is ruled on its own, in
    a fresh working memory, so the results are the same and come back in the
    same order; a worker's result keeps the clauses exercised, not the ruling
    (``CaseResult.exercised``).  The workers are forked after the network is
    built, so they share it instead of building it again; where processes
    cannot be forked, the cases are ruled one after another.
    """
    files = list(files)
    jobs = _jobs(len(files), jobs)
    _ready_for(len(files))
    if jobs <= 1:
        return [validate_file(f) for f in files]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    # (concurrent.futures rather than multiprocessing.Pool: a worker that dies, say in the double-dummy
    # library, breaks the pool with an error instead of leaving the batch waiting for ever)
    try:
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            return list(pool.map(_validate_in_worker, files, chunksize=CHUNK))
    except BrokenProcessPool:
        raise WorkerError(f"a worker process ruling these {len(files)} cases died without a result "
                          f"(validate -j 1 rules them in this process and stops at the case)") from None


def _jobs(count: int, jobs: int | None) -> int:
    """How many processes to rule ``count`` cases with (1: in this one)."""
    import multiprocessing
    import threading

    if "fork" not in multiprocessing.get_all_start_methods() or threading.active_count() > 1:
        return 1  # (a process with other threads is not forked: a lock one of them holds would stay held)
    if jobs is None:
        if count < BATCH:
            return 1
        try:
            jobs = len(os.sched_getaffinity(0))
        except AttributeError:  # pragma: no cover - platforms without affinity
            jobs = os.cpu_count() or 1
    return max(1, min(jobs, (count + CHUNK - 1) // CHUNK))


class WorkerError(RuntimeError):
    """A case that broke the engine in a worker process (a bug): the case and what was raised, with the
    worker's traceback as a note (shown with ``BRIDGE_TD_DEBUG=1``)."""


def _validate_in_worker(path) -> CaseResult:
    """``validate_file`` in a worker process: the result without the ruling (too large to send back).

    Anything else raised is sent back as a ``WorkerError`` (an exception of any other class might not
    survive the trip between processes)."""
    try:
        result = validate_file(path)
    except Exception as exc:  # noqa: BLE001 - a bug: reported by the parent as an internal error
        import traceback

        error = WorkerError(f"{path}: {type(exc).__name__}: {exc}")
        error.add_note(traceback.format_exc())
        raise error from None
    result.exercised = frozenset(result.clauses())
    result.ruling = None
    return result


def _ready_for(count: int) -> None:
    """Before ruling ``count`` cases in a row: from ``BATCH`` on, build the whole rule network now."""
    if count >= BATCH:
        from engine.rules import full_engine

        full_engine()


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


# ---------------------------------------------------------------------------
# Which clauses each passing case exercises (``cli.py laws``), remembered by content
# ---------------------------------------------------------------------------

_LINKED = re.compile(rb"^(pbn|lin)\s*:", re.M)


def _cache_file() -> Path | None:
    """Where ``exercised`` keeps what it learnt (None: no cache; BRIDGE_TD_NO_CACHE=1 turns it off)."""
    if os.environ.get("BRIDGE_TD_NO_CACHE"):
        return None
    base = os.environ.get("BRIDGE_TD_CACHE")
    if not base:
        xdg = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        base = os.path.join(xdg, "bridge-td")
    return Path(base) / "exercised.json"


def _fingerprint() -> str:
    """What a ruling depends on besides the case: the engine's code, the knowledge base, the solver settings."""
    from engine.law.knowledge import ROOT

    h = hashlib.sha256()
    for folder, pattern in ((ROOT / "engine", "*.py"), (ROOT / "knowledge", "*")):
        for p in sorted(folder.rglob(pattern)):
            if p.is_file() and "__pycache__" not in p.parts:
                h.update(str(p.relative_to(ROOT)).encode() + b"\0" + p.read_bytes() + b"\0")
    for name in sorted(k for k in os.environ if k.startswith("BRIDGE_TD_SOLVER")):
        h.update(f"{name}={os.environ[name]}\0".encode())
    h.update(b"dd" if importlib.util.find_spec("endplay") is not None else b"no-dd")
    return h.hexdigest()


def _case_key(path: Path) -> str | None:
    """The case file's bytes and those of a PBN or LIN file it points at (None: unreadable)."""
    try:
        data = path.read_bytes()
        h = hashlib.sha256(str(path.resolve()).encode() + b"\0" + data)
        if _LINKED.search(data):
            import yaml

            loaded = yaml.load(data, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
            for key in ("pbn", "lin"):
                if isinstance(loaded, dict) and isinstance(loaded.get(key), str):
                    h.update(b"\0" + (path.parent / loaded[key]).read_bytes())
        return h.hexdigest()
    except Exception:  # noqa: BLE001 - anything odd: rule it, do not remember it
        return None


# The bundled casebook's answer, shipped with the engine (``engine/commands/exercised.json``): a fresh machine
# has no cache, and ruling all of the casebook to list the clauses took minutes.  Each entry is kept by the
# case's path in the casebook and the digest of its content; a case whose content differs is ruled (and
# cached) as any other.  ``python -m engine.commands.exercised_table --write`` writes it; tests/test_casebook.py
# fails, naming that command, when a case's clauses are not what the engine gives now.

SHIPPED = Path(__file__).with_name("exercised.json")
CASEBOOK = Path(__file__).resolve().parent.parent.parent / "cases"
_SHIPPED: list = []  # the table once read (this process)


def content_key(path: Path) -> str | None:
    """The digest of a case file's bytes and of a PBN or LIN file it points at, wherever it lies (None:
    unreadable)."""
    try:
        data = path.read_bytes()
        h = hashlib.sha256(data)
        if _LINKED.search(data):
            import yaml

            loaded = yaml.load(data, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
            for key in ("pbn", "lin"):
                if isinstance(loaded, dict) and isinstance(loaded.get(key), str):
                    h.update(b"\0" + (path.parent / loaded[key]).read_bytes())
        return h.hexdigest()
    except Exception:  # noqa: BLE001 - anything odd: rule it
        return None


def shipped_table() -> dict:
    """{path in the casebook: {key, id, clauses}}: the shipped answer ({} when missing or unreadable)."""
    if not _SHIPPED:
        try:
            _SHIPPED.append(json.loads(SHIPPED.read_text(encoding="utf-8")).get("cases") or {})
        except (OSError, ValueError, AttributeError):
            _SHIPPED.append({})
    return _SHIPPED[0]


def shipped_entry(path: Path) -> dict | None:
    """The shipped answer for this case file: when it is a case of the bundled casebook with the content the
    table was written from (None otherwise)."""
    try:
        rel = Path(path).resolve().relative_to(CASEBOOK).as_posix()
    except ValueError:
        return None
    entry = shipped_table().get(rel)
    if not entry or entry.get("key") != content_key(Path(path)):
        return None
    return {"id": entry["id"], "passed": True, "clauses": list(entry["clauses"])}


def _counted(results, total: int, progress):
    for n, result in enumerate(results, start=1):
        progress(n, total)
        yield result


def exercised(files, progress=None) -> list:
    """(case id, clauses of the rules that fired) for each passing case among ``files``.

    Ruling the whole casebook takes seconds, so the answer for each case is
    remembered in a cache keyed by the case's content (and a file it points
    at) and by a fingerprint of the engine and the knowledge base: any change
    to either rules the case again.  The answer is the one ``validate_file``
    gives; the cache only saves the time.  A case of the bundled casebook that is not in the cache is read
    from the table shipped with the engine (``SHIPPED``) when its content is the one the table was written
    from, so a fresh machine rules none of them.  ``progress(done, of)``, when given, is told of the cases
    ruled now.
    """
    where = _cache_file()
    fingerprint = _fingerprint() if where else ""
    known: dict = {}
    if where and where.exists():
        try:
            stored = json.loads(where.read_text(encoding="utf-8"))
            if stored.get("fingerprint") == fingerprint:
                known = stored.get("cases") or {}
        except (OSError, ValueError):
            known = {}
    out, keep, changed = [], {}, False
    keys = [_case_key(Path(f)) if where else None for f in files]
    shipped = {}  # the bundled casebook's cases not in the cache, as shipped (unless changed since)
    for n, (f, key) in enumerate(zip(files, keys)):
        if not (key and key in known):
            entry = shipped_entry(Path(f))
            if entry is not None:
                shipped[n] = entry
    unknown = [f for n, (f, key) in enumerate(zip(files, keys))
               if n not in shipped and not (key and key in known)]  # these are ruled
    ruled = iter(validate_files(unknown))
    if progress is not None and unknown:  # (``progress(done, of)``: the cases ruled now, not those remembered)
        progress(0, len(unknown))
        ruled = _counted(ruled, len(unknown), progress)
    for n, (f, key) in enumerate(zip(files, keys)):
        entry = shipped.get(n) or (known.get(key) if key else None)
        if entry is None:
            result = next(ruled)
            entry = {"id": result.case_id, "passed": result.passed, "clauses": sorted(result.clauses())}
            changed = True
        if key:
            keep[key] = entry
        if entry["passed"]:
            out.append((entry["id"], entry["clauses"]))
    if where and (changed or len(keep) != len(known)):
        try:
            where.parent.mkdir(parents=True, exist_ok=True)
            tmp = where.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"fingerprint": fingerprint, "cases": keep}), encoding="utf-8")
            os.replace(tmp, where)
        except OSError:
            pass  # a cache that cannot be written is no cache
    return out
