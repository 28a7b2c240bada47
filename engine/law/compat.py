"""The only module that imports experta.

experta 1.9.4 pins frozendict 1.2, which subclasses ``collections.Mapping``;
that alias was removed in Python 3.10.  We restore the aliases frozendict
needs before importing experta.  experta also calls ``logging.basicConfig()``
at import time, which would put a handler on the root logger and leak its
watchers onto the CLI's stderr: we undo that and give experta's loggers a
null handler.

The rest of the project takes experta's names from here.  We also provide:

* ``TracingAgenda``: remembers the activation about to fire, so that a rule
  body can record which facts fired it (the trace is data, not log lines);
* ``OrderedStrategy``: salience, then breadth first, with the rule name as
  the final tie-break, so the firing order is the same on every run, whatever
  the hash seed.
"""
from __future__ import annotations

import collections
import collections.abc
import logging

for _name in ("Mapping", "MutableMapping", "Sequence", "Iterable", "Callable", "Hashable"):
    if not hasattr(collections, _name):
        setattr(collections, _name, getattr(collections.abc, _name))

_root = logging.getLogger()
_handlers_before = list(_root.handlers)
_level_before = _root.level

import experta  # noqa: E402
from experta import (  # noqa: E402,F401
    AND,
    AS,
    MATCH,
    NOT,
    OR,
    TEST,
    Fact,
    Field,
    InitialFact,
    KnowledgeEngine,
    L,
    P,
    Rule,
    W,
)
from experta.agenda import Agenda  # noqa: E402
from experta.fieldconstraint import ANDFC, NOTFC, ORFC  # noqa: E402,F401  (read by engine.explain.whynot)
from experta.strategies import DepthStrategy  # noqa: E402

for _handler in list(_root.handlers):
    if _handler not in _handlers_before:
        _root.removeHandler(_handler)
_root.setLevel(_level_before)
_experta_log = logging.getLogger("experta")
_experta_log.addHandler(logging.NullHandler())
_experta_log.propagate = False

EXPERTA_VERSION = experta.__version__


class TracingAgenda(Agenda):
    """An agenda that remembers the activation it handed out last."""

    def __init__(self) -> None:
        super().__init__()
        self.current = None

    def get_next(self):
        self.current = super().get_next()
        return self.current


class OrderedStrategy(DepthStrategy):
    """Salience first, then the oldest facts (breadth first), then the rule's name.

    Breadth first makes the trace read in the order of the table (trick 1
    before trick 2); the rule name makes ties impossible.
    """

    def get_key(self, activation):
        ids = sorted(f["__factid__"] for f in activation.facts)
        return (activation.rule.salience, [-i for i in ids], activation.rule.__name__)


def dispatch_by_type(matcher) -> None:
    """Let the RETE root hand each fact only to the branch testing its type.

    experta's root node offers every fact to the type check of every fact
    type the rules use, and all but one fail.  Grouping the root's children
    by the type they test gives the same matches with one lookup.  Children
    that do not start with a type check (none in practice) still see every
    fact.
    """
    from experta.matchers.rete.check import TypeCheck
    from experta.matchers.rete.token import Token

    root = matcher.root_node
    by_type: dict = {}
    always = []
    for child in root.children:
        check = getattr(child.node, "matcher", None)
        if isinstance(check, TypeCheck):
            by_type.setdefault(check.fact_type, []).append(child)
        else:
            always.append(child)

    def send(token, fact):
        for child in by_type.get(type(fact), ()):
            child.callback(token)
        for child in always:
            child.callback(token)

    root.add = lambda fact: send(Token.valid(fact), fact)
    root.remove = lambda fact: send(Token.invalid(fact), fact)


def only_changed_rules(matcher) -> None:
    """Collect activations only from the rules whose conflict set changed, and reset each node once.

    After every declaration experta asks every rule's conflict-set node for
    its new activations, and ``reset`` walks the whole network recursively
    (shared nodes more than once): both cost time in proportion to the number
    of rules, not to what happened.  Here each conflict-set node marks itself
    when a token reaches it, ``changes`` asks only the marked ones (in the
    network's order, as before), and ``reset`` clears a flat list of the
    distinct nodes.  Same activations, same memories.
    """
    nodes = matcher._get_conflict_set_nodes()
    dirty: set = set()
    for i, csn in enumerate(nodes):
        def _activate(token, _original=csn._activate, _i=i):
            dirty.add(_i)
            _original(token)
        csn._activate = _activate
    root = matcher.root_node

    def changes(adding=None, deleting=None):
        for fact in deleting or ():
            root.remove(fact)
        for fact in adding or ():
            root.add(fact)
        added, removed = [], []
        for i in sorted(dirty):
            a, r = nodes[i].get_activations()
            added.extend(a)
            removed.extend(r)
        dirty.clear()
        return added, removed

    flat, seen = [], set()
    stack = [root]
    while stack:
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        flat.append(node)
        stack.extend(child.node for child in node.children)

    def reset():
        for node in flat:
            node._reset()
        for i in dirty:  # activations never collected (a run cut short): drop them with the memories
            nodes[i].get_activations()
        dirty.clear()

    matcher.changes, matcher.reset = changes, reset


__all__ = [
    "AND", "AS", "MATCH", "NOT", "OR", "TEST", "W", "P", "L",
    "Fact", "Field", "InitialFact", "KnowledgeEngine", "Rule",
    "TracingAgenda", "OrderedStrategy", "EXPERTA_VERSION", "dispatch_by_type", "only_changed_rules",
    "ANDFC", "ORFC", "NOTFC",
]
