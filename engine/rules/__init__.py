"""The law engine: one mixin per law, composed into one experta engine.

Adding a law means adding its mixin here (the play laws) or to
``board_laws.py``, then regenerating the rules' index
(``python -m engine.rules.indexer --write``; ``tests/test_rule_index.py``
fails until it is done).  The order of the mixins does not matter (firing
order comes from the patterns, see ``base.stratify``).

No rule module is imported with this package.  ``engine_for`` chooses from
the index (``index.py``: every rule's module, mixin, stratum, needed and
concluded kinds) the rules a case's fact kinds can reach and imports only the
modules they live in; a revoke case never loads the auction laws.  What needs
every law is built on first use (module ``__getattr__``, PEP 562):
``LawEngine`` and ``LAW_MIXINS`` (every law; they load the claims chapter),
``CoreLawEngine`` and ``CORE_MIXINS`` (every law but the claims chapter's),
``PLAY_MIXINS``, ``BOARD_MIXINS``.

The claims chapter (Laws 68-71) is loaded only when a case has one of its
events (``engine.input.chapters``): none of its rules can fire on the other
chapters' facts, and the other rules' strata are the same with or without
them (tests/test_lazy_chapters.py), so the same rules fire in the same order.
"""
import importlib
import sys
from types import SimpleNamespace

from engine.input import chapters
from engine.law import chapters as law_chapters  # noqa: F401  (the play and board chapters' facts)
from engine.law.compat import InitialFact
from engine.rules import index
from engine.rules.base import Firing, LawEngineBase, kind_name, law_rule, reachable, stratify  # noqa: F401

# The play laws' mixins (module, class), imported on first use; the board laws' are in board_laws.py.
PLAY_LAWS = (("law44", "Law44"), ("law47", "Law47"), ("law48", "Law48"), ("law49", "Law49"), ("law50", "Law50"),
             ("law51", "Law51"), ("law52", "Law52"), ("law53", "Law53"), ("law57", "Law57"), ("law58", "Law58"),
             ("law59", "Law59"), ("law60", "Law60"), ("law61", "Law61"), ("law62", "Law62"), ("law63", "Law63"),
             ("law64", "Law64"), ("law65", "Law65"), ("law65", "Law66"), ("law67", "Law67"))
CLAIM_LAWS = (("law68", "Law68"), ("law69", "Law69"), ("law70", "Law70"), ("law71", "Law71"))


def _mixin(module: str, name: str) -> type:
    return getattr(importlib.import_module(module if "." in module else f"{__name__}.{module}"), name)


def _core_engine() -> type:
    """``CoreLawEngine``: every law but the claims chapter's (built once; loads every other law)."""
    if "CoreLawEngine" not in globals():
        from engine.rules.board_laws import BOARD_MIXINS

        play = tuple(_mixin(m, c) for m, c in PLAY_LAWS)

        class CoreLawEngine(*play, *BOARD_MIXINS, LawEngineBase):
            """Every implemented law but the claims chapter's (68-71)."""

        CoreLawEngine.__qualname__ = "CoreLawEngine"
        globals().update(PLAY_MIXINS=play, BOARD_MIXINS=BOARD_MIXINS, CORE_MIXINS=play + BOARD_MIXINS,
                         CoreLawEngine=CoreLawEngine)
    return globals()["CoreLawEngine"]


def _law_engine() -> type:
    """``LawEngine``: every implemented law, composed (built once; loads every law, the claims chapter too)."""
    if "LawEngine" not in globals():
        _core_engine()
        chapters.load_all()
        mixins = PLAY_MIXINS + tuple(_mixin(m, c) for m, c in CLAIM_LAWS) + BOARD_MIXINS  # noqa: F821

        class LawEngine(*mixins, LawEngineBase):
            """Every implemented law, composed."""

        LawEngine.__qualname__ = "LawEngine"
        globals().update(LAW_MIXINS=mixins, LawEngine=LawEngine)
    return globals()["LawEngine"]


_BUILT_BY = {"LawEngine": _law_engine, "LAW_MIXINS": _law_engine, "CoreLawEngine": _core_engine,
             "CORE_MIXINS": _core_engine, "PLAY_MIXINS": _core_engine, "BOARD_MIXINS": _core_engine}


def __getattr__(name: str):
    """The engines and mixin lists that need every law, built on first use (module ``__getattr__``, PEP 562)."""
    if name in _BUILT_BY:
        _BUILT_BY[name]()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# One process keeps its engines: the rule network is built once, working memory is reset per case.
_FULL: list = []
_PARTIAL: list = []
_SEEN: list = []  # the fact kinds (names) each partial network was built for


def full_engine() -> LawEngineBase:
    """The engine with every rule (built on first use; loads every law, the claims chapter too)."""
    if not _FULL:
        _FULL.append(_law_engine()())
    return _FULL[0]


_PARTIAL_BUILDS = 3  # partial networks one process may build before it builds the full one


def reachable_named(kinds) -> tuple[list, frozenset]:
    """``base.reachable`` on the index: the names of the rules facts of these kinds (names) can reach, and every
    kind (name) they may add.  The same fixed point, over the same rules, in the same (name) order."""
    entries = [SimpleNamespace(name=name, requires=entry[3], concludes=entry[4])
               for name, entry in sorted(index.RULES.items())]
    chosen, covers = reachable(entries, kinds, initial=kind_name(InitialFact))
    return [e.name for e in chosen], covers


def _kind(name: str) -> type:
    """The fact kind named ``name`` (its module is loaded: a fact of it, or a rule concluding it, is)."""
    module, qualname = name.split(":")
    value = importlib.import_module(module)
    for part in qualname.split("."):
        value = getattr(value, part)
    return value


def partial_class(kinds) -> type:
    """The engine class with just the rules facts of these kinds (names) can reach, importing only their modules.

    Its mixins are those of the chosen rules, in ``LawEngine``'s order; their
    other rules are hidden (None); every rule's salience is its stratum in the
    whole rule set, from the index (the class is not stratified on its own).
    ``covers``: every kind the chosen rules may see (types, as ``base.reachable`` gives them).
    """
    names, covers = reachable_named(kinds)
    owners = {index.RULES[n][:2] for n in names}
    mixins = [mc for mc in index.MIXINS if mc in owners]
    if not chapters.loaded() and any(m in chapters.CLAIM_MODULES for m, _ in mixins):
        chapters.load_all()  # (not reached: no claims rule is reachable without a claims fact, which loads it)
    classes = [_mixin(m, c) for m, c in mixins]
    chosen = set(names)
    hidden = {n: None for n, entry in index.RULES.items() if entry[:2] in owners and n not in chosen}
    for n in names:
        rule = vars(classes[mixins.index(index.RULES[n][:2])])[n]
        rule.stratum = index.RULES[n][2]
        rule.salience = -rule.stratum
    return type("LawEngineFor", (*classes, LawEngineBase),
                {**hidden, "_stratified": True, "covers": frozenset(_kind(k) for k in covers),
                 "__doc__": "The rules some fact kinds can reach."})


def engine_for(facts) -> LawEngineBase:
    """An engine able to rule on these table facts: only the rules their kinds can reach.

    Building experta's network, and importing the rule modules, is most of a
    cold start, and a case reaches a fraction of the rules (a revoke case never
    reaches the claim rules).  So the first case of a process gets an engine of
    just the rules its fact kinds can reach, chosen from the index
    (``reachable_named``, ``partial_class``: only their modules are imported);
    a later case needing more gets one for every kind seen so far, and after a
    few such rebuilds (a batch of varied cases) the full engine, built once for
    the rest of the process.  Any of them fires the same rules in the same
    order: a rule left out could not have fired, and the saliences are the
    full set's (tests/test_rule_index.py).
    """
    if _FULL:
        return _FULL[0]
    kinds = {type(f) for f in facts}
    if _PARTIAL and kinds <= _PARTIAL[0].covers:
        return _PARTIAL[0]
    if len(_SEEN) >= _PARTIAL_BUILDS or not index_is_fresh():
        return full_engine()
    _SEEN.append(frozenset(kind_name(k) for k in kinds))
    _PARTIAL[:] = [partial_class(frozenset().union(*_SEEN))()]
    return _PARTIAL[0]


_FRESH: list = []


def index_is_fresh() -> bool:
    """Whether the index was written from the rule and fact modules as they are now (checked once a process).

    A rule changed without regenerating the index must not change a ruling:
    then ``engine_for`` uses every rule (the full engine), which needs no
    index, and says once on stderr what to run.  (The tests fail too.)
    """
    if not _FRESH:
        from engine.rules.fingerprint import COMMAND, sources_digest

        _FRESH.append(sources_digest() == index.SOURCES)
        if not _FRESH[0]:
            sys.stderr.write(f"note: engine/rules/index.py is older than the rules; every rule is used "
                             f"(slower, same rulings): run `{COMMAND}`\n")
    return _FRESH[0]


def rule_named(name: str):
    """The rule ``name`` (a ruling's rules are loaded), None if there is none or it is the unloaded claims chapter's.

    For the views of a ruling, which need not load the claims chapter, nor other laws, for a ruling without them.
    """
    if not index_is_fresh():
        return getattr(_law_engine(), name, None)
    entry = index.RULES.get(name)
    if entry is None or (entry[0] in chapters.CLAIM_MODULES and not chapters.loaded()):
        return None
    return vars(_mixin(*entry[:2])).get(name)


__all__ = ["LawEngine", "LawEngineBase", "CoreLawEngine", "Firing", "law_rule", "stratify", "LAW_MIXINS",
           "CORE_MIXINS", "engine_for", "full_engine", "rule_named"]
