"""The sentence registry: one plain English sentence per conclusion, a phrase per table fact.

Each chapter registers its sentences from ``engine/explain/sentences/``; import
``engine.explain.sentences`` (which loads every chapter) to describe anything.

Kept apart from the rules (whose bodies only declare conclusions) and from
the renderers (which lay sentences out as text or JSON).
"""
from __future__ import annotations

from engine.mechanics.table import Table
from engine.notation.cards import (
    SIDE_NAMES,
    side_of,
)
from engine.notation.cards import seat_name as seat

# kind -> function(fields, table) -> sentence, for conclusion kinds that chapters add.
DESCRIBERS: dict = {}
FACT_DESCRIBERS: dict = {}


def describes(kind: str):
    """Register the sentence for a conclusion kind defined outside this module."""
    def register(fn):
        DESCRIBERS[kind] = fn
        return fn
    return register


def describes_fact(kind: str):
    """Register the phrase for a table fact kind defined outside this module."""
    def register(fn):
        FACT_DESCRIBERS[kind] = fn
        return fn
    return register

# Functions (kind, fields[, table]) -> sentence or None, for a chapter that describes its
# kinds in one function (the play chapter); tried in registration order.
CHAPTER_DESCRIBERS: list = []
CHAPTER_FACT_DESCRIBERS: list = []


def describes_chapter(fn):
    """Register a chapter's sentence function for the conclusion kinds it knows."""
    CHAPTER_DESCRIBERS.append(fn)
    return fn


def describes_chapter_fact(fn):
    """Register a chapter's phrase function for the table fact kinds it knows."""
    CHAPTER_FACT_DESCRIBERS.append(fn)
    return fn


def describe(kind: str, f: dict, table: Table) -> str:
    """One plain sentence for a conclusion (registered by its chapter under explain/sentences/)."""
    if kind in DESCRIBERS:
        return DESCRIBERS[kind](f, table)
    for chapter in CHAPTER_DESCRIBERS:
        text = chapter(kind, f, table)
        if text is not None:
            return text
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in f.items() if k != "law")


def describe_fact(kind: str, f: dict) -> str:
    """A short phrase for a table fact, for explanations."""
    if kind in FACT_DESCRIBERS:
        return FACT_DESCRIBERS[kind](f)
    for chapter in CHAPTER_FACT_DESCRIBERS:
        text = chapter(kind, f)
        if text is not None:
            return text
    return f"{kind} " + ", ".join(f"{k}={v}" for k, v in f.items())


def side_name(side: str) -> str:
    return SIDE_NAMES[side]


__all__ = ["describe", "describe_fact", "side_name", "seat", "side_of"]
