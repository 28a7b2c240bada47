"""The knowledge base: ``knowledge/lawNN.yaml``, one file per law.

Each file lists the law's clauses and commentary points with a title, a
summary in the project's own words, a status and cross-references:

* ``rule``: implemented by at least one engine rule citing it;
* ``annotation`` (commentary): explains how a clause is applied
  (``applies_to``); the engine follows it through the rules of those clauses;
* ``heading``: a clause that only groups its sub-clauses;
* ``mechanics``: implemented in plain Python (``implemented_in``), not as a rule;
* ``not_mechanizable``: needs a judgment or a finding the engine cannot make
  (``reason``).

The tests check the knowledge base and the rules against each other.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import yaml

from engine.law.clause import ClauseIdError, canonical, parse

ROOT = Path(__file__).resolve().parents[2]
KNOWLEDGE_DIR = ROOT / "knowledge"
STATUSES = {"rule", "annotation", "heading", "mechanics", "not_mechanizable"}
ENTRY_KEYS = {"id", "title", "status", "summary", "see", "overrides", "reason", "applies_to", "implemented_in"}
FILE_KEYS = {"law", "title", "source", "clauses", "commentary"}


class KnowledgeError(ValueError):
    pass


@dataclass(frozen=True)
class Entry:
    id: str
    law: int
    title: str
    status: str
    summary: str
    see: tuple = ()
    overrides: tuple = ()
    applies_to: tuple = ()
    reason: str = ""
    implemented_in: str = ""
    file: str = ""

    @property
    def is_commentary(self) -> bool:
        return parse(self.id).is_commentary


@dataclass
class Knowledge:
    entries: dict = field(default_factory=dict)  # id -> Entry, in file order
    titles: dict = field(default_factory=dict)  # law -> title

    def get(self, clause: str) -> Entry | None:
        try:
            return self.entries.get(canonical(clause))
        except ClauseIdError:
            return None

    def law(self, number: int) -> list:
        return [e for e in self.entries.values() if e.law == number]

    def laws(self) -> list:
        return sorted(self.titles)


def _as_ids(value, where: str) -> tuple:
    if value is None:
        return ()
    if not isinstance(value, list):
        raise KnowledgeError(f"{where}: a list of clause ids")
    out = []
    for v in value:
        try:
            out.append(canonical(str(v)))
        except ClauseIdError as exc:
            raise KnowledgeError(f"{where}: {exc}")
    return tuple(out)


def load_file(path: Path) -> tuple[int, str, list]:
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise KnowledgeError(f"{path.name}: malformed YAML: {exc}")
    if not isinstance(data, dict) or "law" not in data:
        raise KnowledgeError(f"{path.name}: a mapping with law, title, clauses")
    unknown = set(data) - FILE_KEYS
    if unknown:
        raise KnowledgeError(f"{path.name}: unknown key {sorted(unknown)[0]}")
    law = int(data["law"])
    entries = []
    for section in ("clauses", "commentary"):
        for n, raw in enumerate(data.get(section) or [], start=1):
            where = f"{path.name}: {section}[{n}]"
            if not isinstance(raw, dict):
                raise KnowledgeError(f"{where}: a mapping")
            unknown = set(raw) - ENTRY_KEYS
            if unknown:
                raise KnowledgeError(f"{where}: unknown key {sorted(unknown)[0]}")
            for key in ("id", "title", "status", "summary"):
                if not raw.get(key):
                    raise KnowledgeError(f"{where}: missing {key}")
            try:
                cid = parse(str(raw["id"]))
            except ClauseIdError as exc:
                raise KnowledgeError(f"{where}: {exc}")
            if str(cid) != str(raw["id"]):
                raise KnowledgeError(f"{where}: id {raw['id']!r} is not canonical (write {str(cid)!r})")
            if cid.law != law:
                raise KnowledgeError(f"{where}: {cid} does not belong to law {law}")
            if (section == "commentary") != cid.is_commentary:
                raise KnowledgeError(f"{where}: {cid} is in the wrong section")
            status = raw["status"]
            if status not in STATUSES:
                raise KnowledgeError(f"{where}: status {status!r} (one of {', '.join(sorted(STATUSES))})")
            if status == "not_mechanizable" and not raw.get("reason"):
                raise KnowledgeError(f"{where}: not_mechanizable needs a reason")
            if status == "annotation" and not raw.get("applies_to"):
                raise KnowledgeError(f"{where}: an annotation needs applies_to")
            if status == "mechanics" and not raw.get("implemented_in"):
                raise KnowledgeError(f"{where}: mechanics needs implemented_in")
            entries.append(Entry(
                id=str(cid), law=law, title=str(raw["title"]), status=status,
                summary=" ".join(str(raw["summary"]).split()),
                see=_as_ids(raw.get("see"), f"{where}.see"),
                overrides=_as_ids(raw.get("overrides"), f"{where}.overrides"),
                applies_to=_as_ids(raw.get("applies_to"), f"{where}.applies_to"),
                reason=" ".join(str(raw.get("reason", "")).split()),
                implemented_in=str(raw.get("implemented_in", "")),
                file=path.name,
            ))
    return law, str(data.get("title", "")), entries


@lru_cache(maxsize=None)
def load(directory: str = str(KNOWLEDGE_DIR)) -> Knowledge:
    kb = Knowledge()
    for path in sorted(Path(directory).glob("law*.yaml")):
        law, title, entries = load_file(path)
        if law in kb.titles:
            raise KnowledgeError(f"{path.name}: law {law} is described twice")
        kb.titles[law] = title
        for e in entries:
            if e.id in kb.entries:
                raise KnowledgeError(f"{path.name}: {e.id} is described twice")
            kb.entries[e.id] = e
    return kb
