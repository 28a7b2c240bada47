"""``POST /api/score`` for the local page: an uploaded session scored, with rulings put in place (issue 27).

JSON in: ``name`` and ``text`` (a USEBIO XML file, a PBN file with score tables, or one board's YAML/CSV),
``rulings`` (a list of ``{name, text}``, each a ruling file as for ``score --ruling``), and optionally
``method``, ``fewer``, ``percent``.  JSON out: what ``score --format json`` gives, every board's traveller
included, and ``text``, the same as the command's text.

The upload is scored from a private temporary folder, removed afterwards.  On the page a ruling gives its
result or adjusted score itself: a ``case`` or ``ruling`` field (a path on this machine) is refused.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

import yaml

from engine.input.caseio import CaseError
from engine.input.session import MAX_RULINGS
from engine.mechanics.session78 import CROSS, FEWER, PERCENTS, PLUS, SESSION_METHODS, SITOUT
from engine.mechanics.session_report import session_json, session_text

SUFFIXES = (".xml", ".pbn", ".yaml", ".yml", ".csv", ".json")


def _name(value, default: str) -> str:
    name = Path(str(value or default)).name
    if not name or name.startswith(".") or len(name) > 100:
        name = default
    return name


def score_uploaded(body: dict) -> dict:
    from engine.commands.board import rescore

    name = _name(body.get("name"), "session.pbn")
    if Path(name).suffix.lower() not in SUFFIXES:
        raise CaseError(name, "", "a session is a USEBIO XML file or a PBN file with score tables (or one "
                                  "board's YAML or CSV)")
    text = body.get("text")
    if not isinstance(text, str) or not text.strip():
        raise CaseError(name, "", "the file is empty")
    method = body.get("method") or None
    if method is not None and method not in SESSION_METHODS:
        raise CaseError(name, "method", f"{method!r} is not one of {', '.join(SESSION_METHODS)}")
    fewer = body.get("fewer") or "neuberg"
    percent = body.get("percent") or "top"
    if fewer not in FEWER or percent not in PERCENTS:
        raise CaseError(name, "fewer" if fewer not in FEWER else "percent", "not a known option")
    conventions = {}
    for option, known in (("plus", PLUS), ("sitout", SITOUT), ("cross", CROSS)):
        value = body.get(option) or known[0]
        if value not in known:
            raise CaseError(name, option, f"{value!r} is not one of {', '.join(known)}")
        conventions[option] = value
    rulings = body.get("rulings") or []
    if not isinstance(rulings, list) or len(rulings) > MAX_RULINGS:
        raise CaseError(name, "rulings", f"a list of at most {MAX_RULINGS} rulings")
    with tempfile.TemporaryDirectory(prefix="bridge-td-score-") as tmp:
        path = Path(tmp) / name
        path.write_text(text, encoding="utf-8")
        paths = []
        for i, ruling in enumerate(rulings, start=1):
            if not isinstance(ruling, dict) or not isinstance(ruling.get("text"), str):
                raise CaseError(f"ruling {i}", "", "a ruling is {name, text}")
            rname = _name(ruling.get("name"), f"ruling-{i}.yaml")
            try:
                data = yaml.safe_load(ruling["text"])
            except yaml.YAMLError:
                data = None
            if isinstance(data, dict) and ({"case", "ruling"} & set(data)):
                raise CaseError(rname, "case" if "case" in data else "ruling",
                                "on the page a ruling gives its result or adjusted score itself (score, result, "
                                "ns_percent and ew_percent), not a file")
            rpath = Path(tmp) / f"r{i}-{rname}"
            rpath.write_text(ruling["text"], encoding="utf-8")
            paths.append(str(rpath))
        try:
            session, scores, before, applied, original = rescore(str(path), method, fewer, rulings=paths,
                                                                 progress=False, percent=percent,
                                                                 **conventions)
        except CaseError as exc:
            raise CaseError(_hide(exc.file, tmp), exc.where, _hide(exc.problem, tmp))
        args = dict(before=before, rulings=applied, all_boards=True, original=original)
        data = session_json(session, scores, **args)
        data["text"] = session_text(session, scores, **args)
    return _hide_all(data, tmp)


def _hide(text: str, tmp: str) -> str:
    return str(text).replace(tmp + "/", "").replace(tmp, "")


def _hide_all(data, tmp: str):
    if isinstance(data, str):
        return _hide(data, tmp)
    if isinstance(data, list):
        return [_hide_all(x, tmp) for x in data]
    if isinstance(data, dict):
        return {k: _hide_all(v, tmp) for k, v in data.items()}
    return data
