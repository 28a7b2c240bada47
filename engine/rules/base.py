"""What every law module builds on: the ``law_rule`` decorator and the base engine.

A rule is an experta ``Rule`` carrying its clause (``rule.clause``), any
commentary points it also applies (``rule.cites``) and the conclusion kinds it
may declare (``rule.concludes``).  Its conditions are its patterns; its body
only calls ``self.conclude(...)``.

Ordering.  Exceptions are written as ``NOT(...)`` patterns on the general
rule (64A1 has ``NOT(NoRevokePenalty(...))``), which is only sound if every
rule that can conclude the exception has fired before the general rule does.
``stratify`` derives that order from the patterns themselves (stratified
negation): a rule's stratum is above that of every rule concluding a kind it
negates; its salience is minus its stratum.  Ties are broken by recency and
then by rule name (``compat.OrderedStrategy``), so every run fires the same
rules in the same order.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.law.clause import canonical
from engine.law.compat import (
    NOT,
    OR,
    TEST,
    Fact,
    InitialFact,
    LeanEngine,
    OrderedStrategy,
    Rule,
    TracingAgenda,
    dispatch_by_type,
    only_changed_rules,
)
from engine.law.facts import Conclusion


def law_rule(clause: str, *patterns, concludes: tuple, cites: tuple = ()):
    """Declare a rule implementing ``clause``.  Use as a decorator."""

    def decorate(fn):
        # experta rebuilds Rule objects when it compiles the network; the
        # metadata lives on the function, which every copy wraps (and whose
        # __dict__ functools.update_wrapper copies onto the Rule).
        fn.clause = canonical(clause)
        fn.cites = tuple(canonical(c) for c in cites)
        fn.concludes = tuple(concludes)
        fn.positive, fn.negated = _fact_types(patterns)
        fn.requires = _requirement(patterns)
        return Rule(*patterns)(fn)

    return decorate


def _fact_types(patterns) -> tuple[frozenset, frozenset]:
    positive, negated = set(), set()

    def walk(ce, negative):
        if isinstance(ce, Fact):
            (negated if negative else positive).add(type(ce))
        elif isinstance(ce, TEST):
            return
        elif isinstance(ce, tuple):
            for sub in ce:
                walk(sub, negative or isinstance(ce, NOT))

    for p in patterns:
        walk(p, False)
    return frozenset(positive), frozenset(negated)


def _requirement(ce):
    """The fact kinds a pattern needs in working memory before it can match.

    A kind (a Fact's type), ``("all", parts)`` or ``("any", parts)``, or None
    (nothing needed: a NOT, a TEST, anything not a plain conjunction or
    disjunction of facts).  Erring towards None is safe: it only keeps a rule
    that could not fire.
    """
    if isinstance(ce, Fact):
        return type(ce)
    if isinstance(ce, OR):
        parts = tuple(_requirement(sub) for sub in ce)
        return None if any(p is None for p in parts) else ("any", parts)
    if isinstance(ce, (NOT, TEST)) or type(ce).__name__ == "FORALL":
        return None
    if isinstance(ce, tuple):  # the rule's patterns, AND, EXISTS
        parts = tuple(p for p in (_requirement(sub) for sub in ce) if p is not None)
        return ("all", parts) if parts else None
    return None


def kind_name(kind: type) -> str:
    """A fact kind's name in the rules' index (``engine/rules/index.py``): ``"module:QualName"``."""
    return f"{kind.__module__}:{kind.__qualname__}"


def can_match(requirement, kinds) -> bool:
    """Whether a rule needing ``requirement`` (see ``_requirement``) can match facts of these kinds.

    Kinds are types, or their names (``kind_name``) for a requirement written with names (the index's).
    """
    if requirement is None:
        return True
    if not isinstance(requirement, tuple):  # a kind
        return requirement in kinds
    op, parts = requirement
    test = all if op == "all" else any
    return test(can_match(p, kinds) for p in parts)


def reachable(rules, kinds, initial=InitialFact) -> tuple[list, frozenset]:
    """The rules that can fire when working memory starts with facts of ``kinds``, and every kind they may add.

    A fixed point: a rule can fire once every kind it needs is there, and then
    its conclusions are there too.  Rules left out can never fire on such
    facts, so an engine built from the rest fires the same rules in the same
    order (saliences come from the whole rule set, see ``stratify``).  A rule
    is anything with ``requires`` and ``concludes``: the rules themselves, or
    the index's entries with kinds written as names (then ``initial`` is the
    name of experta's ``InitialFact``, always in working memory).
    """
    kinds = set(kinds) | {initial}
    chosen, left = [], list(rules)
    changed = True
    while changed:
        changed = False
        rest = []
        for r in left:
            if can_match(getattr(r, "requires", None), kinds):
                chosen.append(r)
                kinds.update(getattr(r, "concludes", ()))
                changed = True
            else:
                rest.append(r)
        left = rest
    return chosen, frozenset(kinds)


class StratificationError(RuntimeError):
    pass


def stratify(rules) -> dict[str, int]:
    """Stratum per rule name: above every producer of a kind it negates."""
    producers: dict[type, list] = {}
    for r in rules:
        for kind in r.concludes:
            producers.setdefault(kind, []).append(r)
    stratum = {r.__name__: 0 for r in rules}
    for _ in range(len(rules) + 1):
        changed = False
        for r in rules:
            need = 0
            for kind in r.positive:
                for p in producers.get(kind, []):
                    need = max(need, stratum[p.__name__])
            for kind in r.negated:
                for p in producers.get(kind, []):
                    need = max(need, stratum[p.__name__] + 1)
            if need > stratum[r.__name__]:
                stratum[r.__name__] = need
                changed = True
        if not changed:
            return stratum
    worst = sorted(stratum, key=stratum.get)[-3:]
    raise StratificationError(f"rules negate each other's conclusions in a cycle (through {', '.join(worst)})")


@dataclass
class Firing:
    """One rule firing: the trace is a list of these, in order."""

    step: int
    rule: str
    clause: str
    cites: tuple
    premises: list  # experta facts that matched, in fact-id order
    conclusions: list = field(default_factory=list)  # conclusion facts declared (new ones)
    repeated: list = field(default_factory=list)  # conclusions already in working memory


class LawEngineBase(LeanEngine):
    """The base engine: records firings as data while rules conclude."""

    __strategy__ = OrderedStrategy

    _stratified = False
    covers = None  # the fact kinds this engine's rules were chosen for (None: every kind)

    @classmethod
    def stratify_rules(cls) -> None:
        """Give every rule of the class its salience from the strata (once per class)."""
        if not cls.__dict__.get("_stratified", False):
            rules = [getattr(cls, name) for name in dir(cls) if isinstance(getattr(cls, name, None), Rule)]
            strata = stratify(rules)
            for r in rules:
                r.salience = -strata[r.__name__]
                r.stratum = strata[r.__name__]
            cls._stratified = True

    # True: experta's own matcher, untouched (compat's faster paths off): for tests comparing the two.
    experta_matcher = False

    def __init__(self):
        type(self).stratify_rules()
        super().__init__()
        if not self.experta_matcher:
            only_changed_rules(self.matcher)  # first: dispatch_by_type binds the ports it wraps
            dispatch_by_type(self.matcher)
        self.firings: list[Firing] = []
        self._current = None

    def get_deffacts(self):
        # experta looks for DefFacts with inspect.getmembers over every rule on each reset; they are fixed.
        # (Re-bound each time: reading the attribute on the class, as law_rules does, unbinds it.)
        try:
            found = self._deffacts
        except AttributeError:
            found = self._deffacts = super().get_deffacts()
        cls = type(self)
        return [d.__get__(self, cls) for d in found]

    def reset(self, **kwargs):
        super().reset(**kwargs)
        agenda = TracingAgenda()
        agenda.activations = self.agenda.activations
        self.agenda = agenda
        self.firings = []
        self._current = None

    def can_rule(self, facts) -> bool:
        """Whether every rule that facts of these kinds could fire is in this engine."""
        return self.covers is None or {type(f) for f in facts} <= self.covers

    @classmethod
    def law_rules(cls) -> list:
        rules = []
        for name in sorted(dir(cls)):
            value = getattr(cls, name, None)
            if isinstance(value, Rule) and hasattr(value, "clause"):
                rules.append(value)
        return rules

    def conclude(self, fact: Conclusion) -> None:
        activation = self.agenda.current
        rule = activation.rule._wrapped
        if type(fact) not in rule.concludes:
            raise TypeError(f"{rule.__name__} concluded {type(fact).__name__}, not among its declared conclusions")
        if "law" not in fact:
            fact["law"] = rule.clause
        if self._current is not None and self._current[0] is activation:
            firing = self._current[1]
        else:
            premises = sorted((f for f in activation.facts if not isinstance(f, InitialFact)),
                              key=lambda f: f["__factid__"])
            firing = Firing(step=len(self.firings) + 1, rule=rule.__name__, clause=rule.clause, cites=rule.cites,
                            premises=premises)
            self.firings.append(firing)
            self._current = (activation, firing)
        declared = self.declare(fact)
        if declared is None:
            firing.repeated.append(fact)
        else:
            firing.conclusions.append(declared)
