"""The shape of a law: its clauses as a tree, with the exceptions hanging off
the clauses they override.

Read from the knowledge base (``overrides`` in knowledge/lawNN.yaml) and
checked against the rules: for each exception the tree names the conclusion
kind through which it overrides (what the exception's rules conclude and the
general rule's patterns negate), so a trainee sees both the law's shape and
where the engine enforces it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.law.clause import parse
from engine.law.knowledge import Entry, Knowledge


@dataclass
class Node:
    entry: Entry
    rules: list = field(default_factory=list)
    children: list = field(default_factory=list)  # sub-clauses (Nodes)
    exceptions: list = field(default_factory=list)  # Exception edges
    notes: list = field(default_factory=list)  # commentary points applying to it
    overrides: list = field(default_factory=list)  # clauses of other laws this one is an exception to


@dataclass
class Exception_:
    node: Node  # the overriding clause (with its own sub-clauses when it is a heading)
    via: list  # conclusion kinds the general rules negate
    repeated: bool = False  # already shown in full under an earlier clause


def _rules_by_clause() -> dict:
    from engine.rules import LawEngine

    out: dict = {}
    for r in LawEngine.law_rules():
        out.setdefault(r._wrapped.clause, []).append(r)
    return out


def build(kb: Knowledge, law: int) -> list:
    """The top-level nodes of ``law``."""
    rules = _rules_by_clause()
    entries = [e for e in kb.law(law) if not e.is_commentary]
    nodes = {e.id: Node(e, [r.__name__ for r in rules.get(e.id, [])]) for e in entries}
    top = []
    for e in entries:
        parent = parse(e.id).parent()
        while parent is not None and str(parent) not in nodes:
            parent = parent.parent()
        if parent is None:
            top.append(nodes[e.id])
        else:
            nodes[str(parent)].children.append(nodes[e.id])
    for e in kb.law(law):
        if e.is_commentary:
            for target in e.applies_to:
                if target in nodes:
                    nodes[target].notes.append(e.id)
    shown: set = set()
    for e in entries:
        node = nodes[e.id]
        node.overrides = [t for t in e.overrides if parse(t).law != law]
        overriders = [x for x in kb.entries.values() if e.id in x.overrides]
        ids = {x.id for x in overriders}
        # A heading that overrides together with its sub-clauses is shown once, holding them.
        grouped = [x for x in overriders if not (parse(x.id).parent() and str(parse(x.id).parent()) in ids)]
        for x in grouped:
            sub = _exception_node(kb, x, rules, ids)
            via = _via(rules, x, e.id, ids)
            node.exceptions.append(Exception_(sub, via, repeated=x.id in shown))
            shown.add(x.id)
    return top


def _exception_node(kb: Knowledge, entry: Entry, rules: dict, ids: set) -> Node:
    node = Node(entry, [r.__name__ for r in rules.get(entry.id, [])])
    for x in kb.entries.values():
        p = parse(x.id).parent()
        if x.id in ids and p is not None and str(p) == entry.id:
            node.children.append(_exception_node(kb, x, rules, ids))
    return node


def _via(rules: dict, exception: Entry, target: str, ids: set) -> list:
    """Conclusion kinds the exception's rules declare and the target's rules negate."""
    concluded = set()
    for cid in [exception.id] + [i for i in ids if parse(i).within(parse(exception.id))]:
        for r in rules.get(cid, []):
            concluded.update(r._wrapped.concludes)
    negated = set()
    for r in rules.get(target, []):
        negated.update(r._wrapped.negated)
    return sorted(t.kind for t in concluded & negated)


def render(kb: Knowledge, law: int) -> str:
    lines = [f"Law {law}: {kb.titles[law]}"]
    top = build(kb, law)
    for n, node in enumerate(top):
        _render(node, lines, "", n == len(top) - 1)
    return "\n".join(lines)


def _label(e: Entry) -> str:
    return f"{e.id} {e.title} [{e.status}]"


def _render(node: Node, lines: list, prefix: str, last: bool) -> None:
    branch, cont = ("└── ", "    ") if last else ("├── ", "│   ")
    lines.append(prefix + branch + _label(node.entry))
    inner = prefix + cont
    if node.rules:
        lines.append(inner + "    rules: " + ", ".join(node.rules))
    if node.notes:
        lines.append(inner + "    read with: " + ", ".join(node.notes))
    if node.overrides:
        lines.append(inner + "    an exception to: " + ", ".join(f"{t} (Law {parse(t).law})" for t in node.overrides))
    kids = [("child", c) for c in node.children] + [("exc", x) for x in node.exceptions]
    for i, (what, item) in enumerate(kids):
        is_last = i == len(kids) - 1
        if what == "child":
            _render(item, lines, inner, is_last)
        else:
            _render_exception(item, lines, inner, is_last)


def _render_exception(x: Exception_, lines: list, prefix: str, last: bool) -> None:
    branch, cont = ("└── ", "    ") if last else ("├── ", "│   ")
    via = f" (through {', '.join(x.via)}, which its rules check is absent)" if x.via else ""
    if x.repeated:
        subs = [c.entry.id for c in x.node.children]
        extra = f": {', '.join(subs)}" if subs else ""
        lines.append(prefix + branch + f"unless {x.node.entry.id}{extra}, as above{via}")
        return
    lines.append(prefix + branch + f"unless {_label(x.node.entry)}{via}")
    inner = prefix + cont
    for i, c in enumerate(x.node.children):
        is_last = i == len(x.node.children) - 1
        b, _ = ("└── ", "") if is_last else ("├── ", "")
        rules = f"  ({', '.join(c.rules)})" if c.rules else ""
        lines.append(inner + b + _label(c.entry) + rules)


def to_json(kb: Knowledge, law: int) -> dict:
    def node(n: Node) -> dict:
        return {"id": n.entry.id, "title": n.entry.title, "status": n.entry.status, "rules": n.rules,
                "read_with": n.notes, "exception_to": n.overrides,
                "clauses": [node(c) for c in n.children],
                "unless": [{"via": x.via, **node(x.node)} for x in n.exceptions]}

    return {"law": law, "title": kb.titles[law], "clauses": [node(n) for n in build(kb, law)]}
