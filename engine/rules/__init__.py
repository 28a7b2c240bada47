"""The law engine: one mixin per law, composed into one experta engine.

Adding a chapter means adding its module here; the order of the mixins does
not matter (firing order comes from the patterns, see ``base.stratify``).

The claims chapter (Laws 68-71) is loaded only when a case has one of its
events (``engine.input.chapters``).  ``CoreLawEngine`` has every other law;
``LawEngine`` and ``LAW_MIXINS`` (every law) are built on first use, which
loads the chapter.  ``engine_for`` builds on ``CoreLawEngine`` while the
chapter is not loaded: none of its rules can fire on the other chapters'
facts, and the other rules' strata are the same with or without them
(tests/test_lazy_chapters.py), so the same rules fire in the same order.
"""
from engine.input import chapters
from engine.law import chapters as law_chapters  # noqa: F401  (the play and board chapters' facts)
from engine.rules.base import Firing, LawEngineBase, law_rule, reachable, stratify
from engine.rules.board_laws import BOARD_MIXINS
from engine.rules.law44 import Law44
from engine.rules.law47 import Law47
from engine.rules.law48 import Law48
from engine.rules.law49 import Law49
from engine.rules.law50 import Law50
from engine.rules.law51 import Law51
from engine.rules.law52 import Law52
from engine.rules.law53 import Law53
from engine.rules.law57 import Law57
from engine.rules.law58 import Law58
from engine.rules.law59 import Law59
from engine.rules.law60 import Law60
from engine.rules.law61 import Law61
from engine.rules.law62 import Law62
from engine.rules.law63 import Law63
from engine.rules.law64 import Law64
from engine.rules.law65 import Law65, Law66
from engine.rules.law67 import Law67

PLAY_MIXINS = (Law44, Law47, Law48, Law49, Law50, Law51, Law52, Law53, Law57, Law58, Law59, Law60,
               Law61, Law62, Law63, Law64, Law65, Law66, Law67)
CORE_MIXINS = PLAY_MIXINS + BOARD_MIXINS


class CoreLawEngine(*CORE_MIXINS, LawEngineBase):
    """Every implemented law but the claims chapter's (68-71)."""


def _law_engine() -> type:
    """``LawEngine``: every implemented law, composed (built once; loads the claims chapter)."""
    if "LawEngine" not in globals():
        chapters.load_all()
        from engine.rules.law68 import Law68
        from engine.rules.law69 import Law69
        from engine.rules.law70 import Law70
        from engine.rules.law71 import Law71

        mixins = PLAY_MIXINS + (Law68, Law69, Law70, Law71) + BOARD_MIXINS

        class LawEngine(*mixins, LawEngineBase):
            """Every implemented law, composed."""

        LawEngine.__qualname__ = "LawEngine"
        globals().update(LAW_MIXINS=mixins, LawEngine=LawEngine)
    return globals()["LawEngine"]


def __getattr__(name: str):
    """``LawEngine`` and ``LAW_MIXINS``, every law's, built on first use (module ``__getattr__``, PEP 562)."""
    if name in ("LawEngine", "LAW_MIXINS"):
        _law_engine()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# One process keeps its engines: the rule network is built once, working memory is reset per case.
_FULL: list = []
_PARTIAL: list = []
_SEEN: list = []  # the fact kinds each partial network was built for


def full_engine() -> LawEngineBase:
    """The engine with every rule (built on first use; loads the claims chapter)."""
    if not _FULL:
        _FULL.append(_law_engine()())
    return _FULL[0]


_PARTIAL_BUILDS = 3  # partial networks one process may build before it builds the full one


def engine_for(facts) -> LawEngineBase:
    """An engine able to rule on these table facts: only the rules their kinds can reach.

    Building experta's network is most of a cold start, and a case reaches a
    fraction of the rules (a revoke case never reaches the claim rules).  So
    the first case of a process gets an engine of just the rules its fact
    kinds can reach (``base.reachable``); a later case needing more gets one
    for every kind seen so far, and after a few such rebuilds (a batch of
    varied cases) the full engine, built once for the rest of the process.
    Any of them fires the same rules in the same order: a rule left out could
    not have fired, and the saliences are the full set's.  They are built from
    ``CoreLawEngine`` until the claims chapter is loaded (see the module's
    docstring), from ``LawEngine`` after.
    """
    if _FULL:
        return _FULL[0]
    kinds = {type(f) for f in facts}
    if _PARTIAL and kinds <= _PARTIAL[0].covers:
        return _PARTIAL[0]
    if len(_SEEN) >= _PARTIAL_BUILDS:
        return full_engine()
    _SEEN.append(frozenset(kinds))
    base = _law_engine() if chapters.loaded() else CoreLawEngine
    base.stratify_rules()
    rules = base.law_rules()
    chosen, covers = reachable(rules, kinds.union(*_SEEN))
    names = {r.__name__ for r in chosen}
    hidden = {r.__name__: None for r in rules if r.__name__ not in names}
    partial = type("LawEngineFor", (base,), {**hidden, "_stratified": True, "covers": covers,
                                              "__doc__": "The rules some fact kinds can reach."})
    _PARTIAL[:] = [partial()]
    return _PARTIAL[0]


def rule_named(name: str):
    """The rule ``name`` of the laws loaded (a ruling's rules are among them), None if there is none.

    For the views of a ruling, which need not load the claims chapter for a ruling without it.
    """
    return getattr(_law_engine() if chapters.loaded() else CoreLawEngine, name, None)


__all__ = ["LawEngine", "LawEngineBase", "CoreLawEngine", "Firing", "law_rule", "stratify", "LAW_MIXINS",
           "CORE_MIXINS", "engine_for", "full_engine", "rule_named"]

