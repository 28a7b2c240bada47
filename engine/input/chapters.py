"""When the claims chapter loads: only for a case that has one of its events.

The claims chapter (Laws 68-71) is its case vocabulary, facts, rules and
sentences (``CLAIM_MODULES``, and the solver behind them), and a case without a
claim, a concession or a related event uses none of it.  So it is not loaded
with the packages it belongs to (``engine.input``, ``engine.law.chapters``,
``engine.rules``, ``engine.explain.sentences``) but here, whole, when needed:

* ``load_for(kinds)``: the case reader (``caseio``) calls it with the event
  kinds of every case it reads, before it checks them.  A case has the chapter
  before anything reads its events, asserts its facts (its producer makes facts
  only from its events), fires its rules or describes its conclusions.
* ``load_all()``: for what needs every chapter whatever the case: the engine
  with every rule (``engine.rules.LawEngine``, ``full_engine``), why-not.

Leaving the chapter out changes no other ruling: no rule of it can fire on
the other chapters' facts, and the other rules keep the strata (saliences) of
the whole set (tests/test_lazy_chapters.py).

The modules are named, not imported: most belong to later stages of the
pipeline (docs/architecture.md), which an input module does not import.
"""
from __future__ import annotations

import importlib
import sys

# The event kinds engine/input/claims.py registers (a test checks that they agree), written out so that the case
# reader knows them without loading the chapter (and names them when it refuses an unknown kind).
CLAIM_EVENT_KINDS = ("claim", "concession", "objection", "acceptance_withdrawn", "correction_period_ended",
                     "director_called", "line_offered", "current_trick_remark", "cards_shown", "play_after_claim")

# The chapter, stage by stage (the solver loads on first use, from engine.law.claims).
CLAIM_MODULES = ("engine.input.claims", "engine.law.claims", "engine.rules.law68", "engine.rules.law69",
                 "engine.rules.law70", "engine.rules.law71", "engine.explain.sentences.claims")


def load_for(kinds) -> None:
    """Load the claims chapter if one of these event kinds is its own."""
    if not set(kinds).isdisjoint(CLAIM_EVENT_KINDS):
        load_all()


def load_all() -> None:
    """Load every chapter (the claims chapter is the one not always loaded)."""
    for name in CLAIM_MODULES:
        importlib.import_module(name)


def loaded() -> bool:
    """Whether the claims chapter is in this process (any of it: ``load_all`` completes it)."""
    return any(name in sys.modules for name in CLAIM_MODULES)
