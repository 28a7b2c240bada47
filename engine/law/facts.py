"""The base fact types and the registries every chapter uses.

Table facts describe the table; conclusions are what the law says.  Each class
names its ``kind`` (the snake_case name used in rulings and case files) and
its ``shown`` fields (what a ruling prints; the other fields are there for the
rules to join on).  A chapter (``engine/law/play.py``, ``claims.py``,
``board.py``) defines its own subclasses and registers the producers that turn
a ``Table`` into its facts; ``table_facts`` runs them all for one case.
"""
from __future__ import annotations

from engine.law.compat import Fact, Field
from engine.mechanics.table import Table

# ---------------------------------------------------------------------------
# Table facts
# ---------------------------------------------------------------------------


class TableFact(Fact):
    kind = ""
    shown: tuple = ()


def _f(kind_type=object, mandatory=True):
    return Field(kind_type, mandatory=mandatory)


# ---------------------------------------------------------------------------
# Conclusions
# ---------------------------------------------------------------------------


class Conclusion(Fact):
    kind = ""
    shown: tuple = ()
    law = Field(str, mandatory=True)


# Conclusions every chapter may draw.

class Option(Conclusion):
    kind = "option"
    shown = ("by", "option", "seat", "trick", "suit", "card")
    by = _f(str)
    option = _f(str)
    seat = _f(object, mandatory=False)
    trick = _f(int)
    suit = _f(object, mandatory=False)
    card = _f(object, mandatory=False)


class EquityReview(Conclusion):
    kind = "equity_review"
    shown = ("trick", "seat", "question")
    trick = _f(object)
    seat = _f(object)
    question = _f(str)


def _all_subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _all_subclasses(sub)


def conclusion_types() -> dict:
    """kind -> class, for every conclusion type defined so far (chapters may add their own)."""
    return {cls.kind: cls for cls in _all_subclasses(Conclusion) if cls.kind}


def table_fact_types() -> dict:
    return {cls.kind: cls for cls in _all_subclasses(TableFact) if cls.kind}


def shown_fields(fact: Fact) -> dict:
    """The fields a ruling shows for a fact or conclusion, in a stable order."""
    out = {}
    for name in type(fact).shown:
        if name in fact and fact[name] is not None:
            value = fact[name]
            out[name] = list(value) if isinstance(value, tuple) else value
    return out


# ---------------------------------------------------------------------------
# Table -> facts
# ---------------------------------------------------------------------------


# Functions Table -> [TableFact]; each chapter registers the facts its rules
# join on.  They run in registration order, so the assertion order is fixed.
FACT_PRODUCERS: list = []
# The chapters in the order their facts are asserted (part of every trace), whatever
# order their modules happen to be imported in; a chapter's producers keep their order.
CHAPTER_ORDER = ("engine.law.play", "engine.law.claims", "engine.law.board")


def _chapter_rank(fn) -> int:
    module = fn.__module__
    return CHAPTER_ORDER.index(module) if module in CHAPTER_ORDER else len(CHAPTER_ORDER)


def fact_producer(fn):
    """Register a function that turns the table into facts for some chapter's rules."""
    FACT_PRODUCERS.append(fn)
    return fn


# Functions Ruling -> [TableFact] for facts that depend on the result after
# rectification (the score the law leaves standing, adjusted scores): they run
# once the law rules have settled, and the rules that join on their facts
# (scoring across tables, Law 78) then fire in the same working memory.
RESULT_FACT_PRODUCERS: list = []


def result_fact_producer(fn):
    """Register a function that turns a settled ruling into facts for later rules."""
    RESULT_FACT_PRODUCERS.append(fn)
    return fn


def table_facts(table: Table) -> list[TableFact]:
    """The facts asserted for one case, in a fixed order."""
    facts: list[TableFact] = []
    seen: set = set()
    for producer in sorted(FACT_PRODUCERS, key=_chapter_rank):
        for fact in producer(table):
            key = (type(fact), frozenset(fact.items()))
            if key not in seen:  # working memory holds a fact once
                seen.add(key)
                facts.append(fact)
    return facts
