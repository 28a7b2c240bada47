"""Why not: the first condition that kept each rule from concluding something.

A director asks "why no second trick?" (``explain CASE --why-not
trick_transfer tricks=2``).  The answer is read from the ruling's own data:
the final working memory (``Ruling.facts`` and ``Ruling.conclusions``, which
are exactly the facts the engine held when it stopped) and the rules'
patterns.  Nothing is re-run: each pattern of each candidate rule is
evaluated, in the order the rule lists them, against those facts.

* The candidates are the rules whose ``concludes`` names the kind asked for.
  The fields asked for narrow them: a rule body only calls
  ``self.conclude(Kind(...))``, so calling it once with symbolic arguments
  shows which conclusion fields are pattern variables (``trick=t``) and
  which are constants (``tricks=2``).  A constant that differs excludes the
  rule; a variable is bound before matching (``trick=3`` binds ``t``).
* Matching walks the patterns with backtracking, as the engine's network
  does: a fact pattern binds variables, ``NOT`` fails when a fact matches,
  ``TEST`` is called on the bound variables.  Where every path stops, the
  deepest stop is the rule's first failed condition, reported with the
  facts it looked at (the facts of the kind it wanted that come closest).
* When the failed condition wants a conclusion (``legal_card_win``), the
  rules that could have concluded it are asked in turn, one level down.

Sentences: each fact kind has a "needs" phrase (``@needs(kind)``); chapters
may register their own, and an unknown kind gets a generic phrase.
"""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field

from engine.explain.ruling import Item, Ruling
from engine.explain.sentences import describe_fact, seat
from engine.input import chapters
from engine.input.caseio import FIELD_PARSERS
from engine.law.clause import ClauseIdError, canonical
from engine.law.compat import (
    AND,
    ANDFC,
    NOT,
    NOTFC,
    OR,
    ORFC,
    TEST,
    Fact,
    InitialFact,
    L,
    P,
    W,
)
from engine.law.facts import Conclusion, conclusion_types, table_fact_types
from engine.notation import cards as C
from engine.notation.cards import SIDE_NAMES

MAX_DEPTH = 2  # how many levels of "it needs a conclusion that was not drawn" to follow


class WhyNotError(ValueError):
    """The question cannot be asked (unknown kind, field or value)."""


# ---------------------------------------------------------------------------
# The answer, as data
# ---------------------------------------------------------------------------


@dataclass
class Failure:
    """Where a rule stopped: condition ``index`` (0-based) of ``total``."""

    index: int
    total: int
    negated: bool
    kind: str  # the fact kind the condition looks at, or "test"
    needs: str  # the condition, in words, with what was bound
    found: list  # sentences: the facts it looked at, and how they differ
    looked_at: list  # ids of those facts
    met: list  # (condition in words, fact id) for the conditions before it
    alternatives: list = field(default_factory=list)  # other bindings that stopped at the same place
    deeper: "WhyNot | None" = None  # why the wanted conclusion was not drawn


@dataclass
class RuleAnswer:
    rule: str
    clause: str
    cites: tuple
    status: str  # "fails", "excluded", "fired", "concludes_other"
    reason: str = ""  # for excluded / concludes_other
    failures: list = field(default_factory=list)
    concluded: list = field(default_factory=list)  # ids, when it fired


@dataclass
class WhyNot:
    kind: str
    wanted: dict
    present: list  # conclusions of that kind and fields the ruling does have (Items)
    answers: list  # RuleAnswer per candidate rule

    @property
    def failing(self) -> list:
        return [a for a in self.answers if a.status == "fails"]


# ---------------------------------------------------------------------------
# Entry point
# ---------------------------------------------------------------------------


def why_not(ruling: Ruling, kind: str, wanted: dict | None = None, depth: int = 0) -> WhyNot:
    """Why the ruling has no conclusion ``kind`` with the ``wanted`` fields."""
    chapters.load_all()  # any kind may be asked about, the claims chapter's too, on any ruling
    types = conclusion_types()
    if kind not in types:
        raise WhyNotError(unknown_kind_message(kind, types, ruling))
    cls = types[kind]
    wanted = dict(wanted or {})
    _check_types(cls, wanted)
    law = wanted.pop("law", None)
    if law is not None:
        try:
            law = canonical(str(law))
        except ClauseIdError as exc:
            raise WhyNotError(str(exc))
    wm = _WorkingMemory(ruling)
    present = [c for c in ruling.conclusions if c.kind == kind and _fields_match(c.fields, wanted)
               and (law is None or c.law == law)]
    answers = []
    from engine.rules import LawEngine  # late: the rules import the fact types

    for rule in LawEngine.law_rules():
        fn = rule._wrapped
        if cls not in fn.concludes:
            continue
        if law is not None and fn.clause != law:
            continue
        answers.append(_ask_rule(rule, cls, wanted, wm, depth))
    return WhyNot(kind, {**wanted, **({"law": law} if law else {})}, present, answers)


def unknown_kind_message(kind: str, types: dict, ruling: Ruling | None = None) -> str:
    """An unknown conclusion kind: the nearest kinds by spelling, and this ruling's kinds, not all of them."""
    import difflib

    known = sorted(k for k in types if k)
    near = difflib.get_close_matches(str(kind).lower().replace(" ", "_").replace("-", "_"), known, n=3, cutoff=0.6)
    text = f"there is no conclusion kind {kind!r}"
    if near:
        text += f"; did you mean {' or '.join(near)}?"
    if ruling is not None:
        here = sorted({c.kind for c in ruling.conclusions if c.kind != "trick_won"})
        if here:
            text += f" (this ruling has: {', '.join(here)})"
    return text + f" ({len(known)} kinds in all; `python cli.py laws` and docs/vocabulary.md describe them)"


def _check_types(cls, wanted: dict) -> None:
    """A value typed for a whole-number field (trick=two) is refused, naming the field and what it takes."""
    fields = getattr(cls, "__fields__", {}) or {}
    for key, value in wanted.items():
        spec = fields.get(key)
        schema = getattr(getattr(spec, "validator", None), "_schema", None)
        if schema is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise WhyNotError(f"{key}={value}: {key} is a whole number (e.g. {key}=2)")


def parse_wanted(pairs) -> dict:
    """['tricks=2', 'seat=E'] -> {'tricks': 2, 'seat': 'E'} with values in the facts' notation."""
    out = {}
    for pair in pairs:
        key, sep, value = str(pair).partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise WhyNotError(f"{pair!r} is not field=value (e.g. tricks=2, seat=E, law=64A1)")
        out[key] = coerce(key, value)
    return out


def coerce(key: str, text: str):
    """A field value as typed on the command line, in the facts' notation (case-file parsers)."""
    parser = NOTATION.get(key)
    if parser is not None:
        try:
            return parser(text)
        except (C.NotationError, ClauseIdError) as exc:
            raise WhyNotError(f"{key}={text}: {exc}")
    if re.fullmatch(r"-?\d+", text):
        if len(text.lstrip("-")) > 18:  # no field of a ruling holds a number this long (and int() refuses 4,300 digits)
            raise WhyNotError(f"{key}={text[:20]}...: a number of {len(text.lstrip('-'))} digits; no field holds one")
        return int(text)
    if text.lower() in ("true", "yes"):
        return True
    if text.lower() in ("false", "no"):
        return False
    return text


# Fields written in card notation: the case files' parsers, and a few conclusion fields beside them.
NOTATION = {**{k: FIELD_PARSERS[k] for k in ("by", "seat", "asked", "side", "card", "suit")},
            "to": C.parse_side, "non_offenders": C.parse_side, "substitute": C.parse_card,
            "declarer": C.parse_seat, "dummy": C.parse_seat, "law": canonical}


def _fields_match(fields: dict, wanted: dict) -> bool:
    return all(fields.get(k) == v for k, v in wanted.items())


# ---------------------------------------------------------------------------
# Working memory: the ruling's facts and conclusions, by type
# ---------------------------------------------------------------------------


class _WorkingMemory:
    def __init__(self, ruling: Ruling):
        self.ruling = ruling
        self.items: list[Item] = list(ruling.facts.values()) + list(ruling.conclusions)
        self.by_type: dict[type, list[Item]] = {}
        for item in self.items:
            self.by_type.setdefault(type(item.fact), []).append(item)

    def of(self, cls) -> list[Item]:
        return self.by_type.get(cls, [])


# ---------------------------------------------------------------------------
# What a rule concludes, read from its body with symbolic arguments
# ---------------------------------------------------------------------------


class _Symbolic(Exception):
    pass


class _Sym:
    def __init__(self, name):
        self.name = name

    def __eq__(self, other):  # the body computes with it: the template is unknown
        raise _Symbolic(self.name)

    __ne__ = __lt__ = __gt__ = __le__ = __ge__ = __eq__

    def __hash__(self):
        return hash(("sym", self.name))

    def __bool__(self):
        raise _Symbolic(self.name)


class _Recorder:
    def __init__(self):
        self.concluded = []

    def conclude(self, fact):
        self.concluded.append(fact)


def _run_body(rule, args: dict) -> list:
    fn = rule._wrapped
    params = [p for p in inspect.signature(fn).parameters if p != "self"]
    recorder = _Recorder()
    fn(recorder, **{p: args.get(p) for p in params})
    return recorder.concluded


def _template(rule, cls) -> dict | None:
    """field -> ('var', name) or ('const', value); None when the body computes its fields."""
    fn = rule._wrapped
    params = [p for p in inspect.signature(fn).parameters if p != "self"]
    try:
        concluded = _run_body(rule, {p: _Sym(p) for p in params})
    except _Symbolic:
        return None
    except Exception:  # a body that needs real values: decide on full matches only
        return None
    for fact in concluded:
        if type(fact) is cls:
            out = {}
            for key, value in fact.items():
                if Fact.is_special(key) or key == "law":
                    continue
                out[key] = ("var", value.name) if isinstance(value, _Sym) else ("const", value)
            return out
    return None


# ---------------------------------------------------------------------------
# One rule
# ---------------------------------------------------------------------------


def _ask_rule(rule, cls, wanted: dict, wm: _WorkingMemory, depth: int) -> RuleAnswer:
    fn = rule._wrapped
    answer = RuleAnswer(rule.__name__, fn.clause, fn.cites, "fails")
    template = _template(rule, cls)
    bindings = {}
    unknown = {}
    if template is None:
        unknown = dict(wanted)
    else:
        for key, value in wanted.items():
            if key not in template:
                if key in _shown(cls):
                    unknown[key] = value
                    continue
                raise WhyNotError(f"{cls.kind} has no field {key!r} (fields: {', '.join(_shown(cls))})")
            how, what = template[key]
            if how == "const":
                if what != value:
                    answer.status = "excluded"
                    answer.reason = f"it concludes {key}={_show_value(key, what)}, not {_show_value(key, value)}"
                    return answer
            else:
                bindings[what] = value
    patterns = list(rule)
    search = _Search(patterns, wm)
    search.run(0, bindings, [])
    if search.complete:
        concluded = []
        for b, matched in search.complete:
            try:
                facts = _run_body(rule, b)
            except Exception:  # pragma: no cover - bodies only declare conclusions
                facts = []
            concluded.extend(f for f in facts if type(f) is cls)
        hits = [f for f in concluded if all(f.get(k) == v for k, v in wanted.items())]
        if hits:
            answer.status = "fired"
            answer.concluded = [c.id for c in wm.ruling.conclusions
                                if c.rule == rule.__name__ and type(c.fact) is cls
                                and all(c.fact.get(k) == v for k, v in wanted.items())]
            return answer
        if unknown:
            answer.status = "concludes_other"
            shown = sorted({", ".join(f"{k}={_show_value(k, f.get(k))}" for k in unknown) for f in concluded})
            answer.reason = f"its conditions are met, but it concludes {'; '.join(shown)}"
            return answer
    answer.failures = search.failures(rule, depth)
    return answer


def _shown(cls) -> tuple:
    return tuple(cls.shown)


# ---------------------------------------------------------------------------
# Matching patterns against the facts, in order, with backtracking
# ---------------------------------------------------------------------------


@dataclass
class _Stop:
    index: int
    bindings: dict
    matched: list  # [(index, Item)]
    pattern: object
    negated: bool
    blocking: list  # Items that matched a NOT pattern
    test_sources: dict = field(default_factory=dict)


class _Search:
    def __init__(self, patterns: list, wm: _WorkingMemory):
        self.patterns = _flatten(patterns)
        self.wm = wm
        self.complete: list = []
        self.stops: list[_Stop] = []
        self.sources: dict = {}

    def run(self, i: int, b: dict, matched: list) -> None:
        if i == len(self.patterns):
            self.complete.append((dict(b), list(matched)))
            return
        p = self.patterns[i]
        if isinstance(p, InitialFact):
            self.run(i + 1, b, matched)
            return
        if isinstance(p, TEST):
            fn = p[0]
            params = inspect.signature(fn).parameters
            try:
                ok = bool(fn(**{k: b.get(k) for k in params}))
            except Exception:
                ok = False
            if ok:
                self.run(i + 1, b, matched)
            else:
                self.stops.append(_Stop(i, dict(b), list(matched), p, False, []))
            return
        if isinstance(p, NOT):
            inner = p[0]
            blocking = [item for item in self._candidates(inner) if _match_fact(inner, item.fact, b) is not None]
            if blocking:
                self.stops.append(_Stop(i, dict(b), list(matched), inner, True, blocking))
            else:
                self.run(i + 1, b, matched)
            return
        if isinstance(p, OR):
            for alt in p:
                sub = self.patterns[:i] + [alt] + self.patterns[i + 1:]
                s = _Search(sub, self.wm)
                s.run(i, b, matched)
                self.complete.extend(s.complete)
                self.stops.extend(s.stops)
            return
        if isinstance(p, Fact):
            found = False
            for item in self._candidates(p):
                nb = _match_fact(p, item.fact, b)
                if nb is not None:
                    found = True
                    for var in set(nb) - set(b):
                        self.sources.setdefault(var, (item, _field_of(p, var)))
                    self.run(i + 1, nb, matched + [(i, item)])
            if not found:
                self.stops.append(_Stop(i, dict(b), list(matched), p, False, []))
            return
        raise TypeError(f"unsupported pattern {p!r}")  # pragma: no cover - EXISTS/FORALL are not used

    def _candidates(self, pattern) -> list:
        return self.wm.of(type(pattern))

    # -- the deepest stops, in words --------------------------------------

    def failures(self, rule, depth: int) -> list:
        if not self.stops:
            return []
        deepest = max(s.index for s in self.stops)
        stops = [s for s in self.stops if s.index == deepest]
        # One failure per distinct binding of what the matched conditions identify;
        # stops that differ only in later variables are listed as alternatives.
        groups: dict = {}
        for s in stops:
            key = tuple((i, item.id) for i, item in s.matched[:1])
            groups.setdefault(key, []).append(s)
        out = []
        for group in groups.values():
            first = group[0]
            f = self._describe(rule, first, depth)
            for other in group[1:]:
                extra = _needs_text(other.pattern, other.bindings, other.negated, self) if not isinstance(other.pattern, TEST) \
                    else _test_text(other.pattern[0], other.bindings, self)
                if extra != f.needs and extra not in f.alternatives:
                    f.alternatives.append(extra)
            out.append(f)
        return out

    def _describe(self, rule, stop: _Stop, depth: int) -> Failure:
        total = len(self.patterns)
        met = []
        for i, item in stop.matched:
            met.append((_needs_text(self.patterns[i], stop.bindings, False, self), item.id))
        if isinstance(stop.pattern, TEST):
            fn = stop.pattern[0]
            needs = _test_text(fn, stop.bindings, self)
            found, ids = _test_found(fn, stop.bindings, self)
            return Failure(stop.index, total, False, "test", needs, found, ids, met)
        kind = type(stop.pattern).kind
        needs = _needs_text(stop.pattern, stop.bindings, stop.negated, self)
        if stop.negated:
            found = [f"but {item.id} {item.kind}" + (f" [{item.law}]" if item.law else "")
                     + f" says: {_item_sentence(item)}" for item in stop.blocking]
            return Failure(stop.index, total, True, kind, needs, found, [i.id for i in stop.blocking], met)
        found, ids = _near(stop.pattern, stop.bindings, self.wm)
        failure = Failure(stop.index, total, False, kind, needs, found, ids, met)
        if (issubclass(type(stop.pattern), Conclusion) and depth < MAX_DEPTH and stop.index > 0
                and _reasoned(type(stop.pattern))):
            wanted = {k: v for k, v in _bound_fields(stop.pattern, stop.bindings).items()
                      if k in type(stop.pattern).shown or k == "law"}
            try:
                failure.deeper = why_not(self.wm.ruling, kind, wanted, depth + 1)
            except WhyNotError:
                failure.deeper = None
        return failure


def _flatten(patterns) -> list:
    out = []
    for p in patterns:
        if isinstance(p, AND):
            out.extend(_flatten(list(p)))
        else:
            out.append(p)
    return out


def _reasoned(cls) -> bool:
    """Whether some rule concluding ``cls`` does more than restate a single table fact (Law 44)."""
    from engine.rules import LawEngine

    return any(cls in r._wrapped.concludes and len(_flatten(list(r))) > 1 for r in LawEngine.law_rules())


def _field_of(pattern, var: str) -> str | None:
    for key, c in pattern.items():
        if _binds(c, var):
            return key
    return None


def _binds(c, var: str) -> bool:
    if isinstance(c, (W, P, L)) and getattr(c, "__bind__", None) == var:
        return True
    if isinstance(c, (ANDFC, ORFC)):
        return any(_binds(x, var) for x in c)
    return False


def _match_fact(pattern, fact, b: dict) -> dict | None:
    """New bindings if ``fact`` meets ``pattern`` under ``b``; None otherwise."""
    if type(fact) is not type(pattern):
        return None
    nb = b
    for key, c in pattern.items():
        if Fact.is_special(key):
            continue
        if key not in fact:
            return None
        nb = _match_field(c, fact[key], nb)
        if nb is None:
            return None
    return nb


def _match_field(c, value, b: dict) -> dict | None:
    if isinstance(c, W):
        name = c.__bind__
        if name is None:
            return b
        if name in b:
            return b if b[name] == value else None
        return {**b, name: value}
    if isinstance(c, P):
        try:
            ok = bool(c.match(value))
        except Exception:
            ok = False
        if not ok:
            return None
        return _bind(c, value, b)
    if isinstance(c, L):
        return _bind(c, value, b) if value == c.value else None
    if isinstance(c, ANDFC):
        for sub in c:
            b = _match_field(sub, value, b)
            if b is None:
                return None
        return b
    if isinstance(c, ORFC):
        for sub in c:
            nb = _match_field(sub, value, b)
            if nb is not None:
                return nb
        return None
    if isinstance(c, NOTFC):
        return b if _match_field(c[0], value, b) is None else None
    return b if value == c else None


def _bind(c, value, b: dict) -> dict | None:
    name = getattr(c, "__bind__", None)
    if name is None:
        return b
    if name in b:
        return b if b[name] == value else None
    return {**b, name: value}


def _informative(c, b: dict) -> bool:
    """False for a free variable (it matches anything); True for what narrows the match."""
    if isinstance(c, W):
        return c.__bind__ in b
    if isinstance(c, ANDFC):
        return any(_informative(x, b) for x in c)
    return True


def _bound_fields(pattern, b: dict) -> dict:
    """The fields of a pattern whose value is known under ``b`` (literals and bound variables)."""
    out = {}
    for key, c in pattern.items():
        if Fact.is_special(key):
            continue
        if isinstance(c, W):
            if c.__bind__ in b:
                out[key] = b[c.__bind__]
        elif isinstance(c, L):
            out[key] = c.value
        elif not isinstance(c, (P, ANDFC, ORFC, NOTFC)):
            out[key] = c
    return out


# ---------------------------------------------------------------------------
# Words
# ---------------------------------------------------------------------------

# kind -> (positive, negative) phrase templates; placeholders are field names.
NEEDS: dict = {}


def needs(kind: str, positive: str, negative: str) -> None:
    """Register how a condition on ``kind`` reads ("{seat} won trick {trick}")."""
    NEEDS[kind] = (positive, negative)


needs("trick_won", "{seat} won {trick}{with_card}", "{seat} did not win {trick}{with_card}")
needs("trick_complete", "{seat} won {trick}{with_card}", "{seat} did not win {trick}")
needs("revoke", "{seat} revoked in {trick}{revoke_how}", "{seat} did not revoke in {trick}{revoke_how}")
needs("revoke_established", "{seat}'s revoke in {trick} is established{by_law}",
      "{seat}'s revoke in {trick} is not established{by_law}")
needs("revoke_must_be_corrected", "{seat}'s revoke in {trick} must be corrected{by_law}",
      "{seat}'s revoke in {trick} need not be corrected{by_law}")
needs("revoke_corrected", "{seat} corrected the revoke in {trick}", "{seat} did not correct the revoke in {trick}")
needs("tricks_from", "{side} won {count} trick(s) from {trick} on", "{side} did not win {count} trick(s) from {trick} on")
needs("tricks_outside_record", "{side} took {count} trick(s) outside the play record",
      "{side} took no trick outside the play record")
needs("no_revoke_penalty", "a 64B clause exempts {seat}'s revoke in {trick}{by_law}",
      "no 64B clause exempts {seat}'s revoke in {trick}{by_law}")
needs("legal_card_win", "{seat} later won a trick with a card he could legally have played to {trick}",
      "{seat} did not later win a trick with a card he could legally have played to {trick}")
needs("legal_alternative", "{seat} held {card} of the suit led when failing to follow in {trick}{later}",
      "{seat} did not hold {card} of the suit led in {trick}")
needs("first_act", "after {trick} the offending side's first act was {act}{act_by}{act_time}",
      "after {trick} the offending side's first act was not {act}")
needs("attention", "attention to {seat}'s failure to follow in {trick} {attention_how}",
      "attention to {seat}'s failure to follow in {trick} did not come {attention_how}")
needs("attention_drawn", "{by} ({by_role}) drew attention, asking {asked} ({asked_role})",
      "nobody drew attention that way")
needs("illegal_inquiry", "an illegal question about {seat}'s play in {trick}{at_same_time}{by_law}",
      "no illegal question about {seat}'s play in {trick}{by_law}")
needs("card_played", "{seat} played {card} to {trick}{play_how}", "{seat} did not play {card} to {trick}")
needs("withdrawal", "{seat} replaced {card} by {substitute} in {trick}{withdrawal_how}",
      "{seat} did not replace {card} in {trick}")
needs("holding", "{seat} held two cards of {suits} suits, {legal} of them legal, before {trick}",
      "{seat} did not hold such cards before {trick}")
needs("contract", "declarer is {declarer}", "declarer is not {declarer}")
needs("card_withdrawn", "{seat} takes {card} back from {trick}{by_law}", "{seat} does not take {card} back{by_law}")
needs("penalty_card", "{card} is a penalty card of {seat}", "{card} is not a penalty card of {seat}")
needs("correction_not_allowed", "{seat}'s substitute in {trick} is refused", "{seat}'s substitute in {trick} is not refused")
needs("trick_transfer", "tricks pass for {seat}'s revoke in {trick}", "no tricks pass for {seat}'s revoke in {trick}")

# The claims chapter (Laws 68-71) and a few others a director meets on the page.
needs("claim_accepted", "the opponents accepted {side}'s claim", "the opponents did not accept {side}'s claim")
needs("claim_disputed", "an opponent disputed {side}'s claim", "nobody disputed {side}'s claim")
needs("claim_made", "{side} claimed", "{side} did not claim")
needs("claim_event", "a claim or concession{claim_how}", "no claim or concession{claim_how}")
needs("concession_made", "{side} conceded", "{side} did not concede")
needs("concession_stands", "{side}'s concession stands", "{side}'s concession does not stand")
needs("concession_cancelled", "{side}'s concession is cancelled", "{side}'s concession is not cancelled")
needs("acceptance_withdrawn", "the acceptance of the claim was withdrawn", "the acceptance of the claim was not withdrawn")
needs("normal_play", "{side}'s tricks on the least successful normal line were worked out",
      "{side}'s tricks on the least successful normal line were not worked out")
needs("normal_line", "{side} take {tricks} trick(s) on the least successful normal line",
      "{side} do not take {tricks} trick(s) on the least successful normal line")
needs("play_bounds", "the fewest and most tricks {side} can take over every legal play were worked out",
      "the fewest and most tricks {side} can take were not worked out")
needs("trump_outstanding", "{seat} still held a trump, {card}, when the claim was made",
      "no opponent held a trump when the claim was made")
needs("trump_condition", "condition {condition} of 70C holds for {card}", "condition {condition} of 70C does not hold for {card}")
needs("objection", "{seat} objected", "nobody objected")
needs("answer", "the director answered the question {key}", "the director has not answered the question {key}")
needs("option_chosen", "a player chose {option}", "no player chose {option}")
needs("lead_accepted", "{seat}'s lead out of turn in {trick} was accepted", "{seat}'s lead out of turn in {trick} was not accepted")
needs("premature_play", "{seat} played {card} prematurely in {trick}", "{seat} did not play prematurely in {trick}")
needs("card_exposed", "{seat}'s {card} was exposed", "{seat}'s {card} was not exposed")

# What it means that the table facts have none of a kind (only what some rule can match is asserted).
EMPTY = {
    "card_played": "no card in the record was played by a seat that failed to follow suit while holding the "
                   "suit led, or was withdrawn or replaced (only such plays are asserted as card_played)",
    "legal_alternative": "the ruling has no legal_alternative: nobody failed to follow suit while holding it",
    "attention_drawn": "nobody drew attention to a possible revoke during the play (no attention_drawn event)",
    "withdrawal": "no card in the record was replaced by another",
    "holding": "no revoke in trick 12 needed the last two cards of a hand (holding facts are asserted only then)",
}

UNBOUND = {"trick": "some trick", "seat": "a player", "card": "a card", "side": "a side", "count": "some",
           "by": "a player", "asked": "a player", "act": "some act", "won_trick": "some trick",
           "substitute": "another card", "declarer": "someone", "tricks": "some", "to": "a side"}
OPS = {">=": "at least", ">": "more than", "<=": "at most", "<": "fewer than", "==": "", "!=": "other than",
       "in": "one of", "not in": "none of"}


def _needs_text(pattern, b: dict, negated: bool, search: "_Search | None" = None) -> str:
    if isinstance(pattern, NOT):
        return _needs_text(pattern[0], b, True, search)
    if isinstance(pattern, TEST):
        return _test_text(pattern[0], b, search)
    kind = type(pattern).kind
    values = {key: _constraint_text(key, c, b) for key, c in pattern.items() if not Fact.is_special(key)}
    for key in ("trick", "won_trick"):
        if key in values and values[key] != UNBOUND["trick"]:
            values[key] = "trick " + values[key]
    if kind in NEEDS:
        text = NEEDS[kind][1 if negated else 0]
        slots = _Slots(values, pattern, b)
        try:
            return text.format_map(slots)
        except (KeyError, IndexError, ValueError):
            pass
    return _generic_needs(kind, values, negated)


# Fields that join facts to one another (an event's id, a moment, an index): no words for a director.
INTERNAL_FIELDS = ("event", "moment", "index", "at")


def _generic_needs(kind: str, values: dict, negated: bool) -> str:
    """A condition on a kind with no registered phrase, in words: 'a claim accepted, side North-South'.

    Fields left open (a side, some trick) and the fields that only join facts add nothing and are left out.
    """
    open_values = set(UNBOUND.values()) | {"any"}
    bits = []
    for key, value in values.items():
        if key in INTERNAL_FIELDS or key == "law" or value in open_values:
            continue
        words = key.replace("_", " ")
        if isinstance(value, bool) or value in ("True", "False"):
            bits.append(words if value in (True, "True") else f"not {words}")
        else:
            bits.append(f"{words} {value}")
    what = kind.replace("_", " ")
    head = f"no {what}" if negated else f"{'an' if what[:1] in 'aeiou' else 'a'} {what}"
    return f"{head} ({'; '.join(bits)})" if bits else head


class _Slots(dict):
    """Template slots: field values, plus a few composed phrases."""

    def __init__(self, values: dict, pattern, b: dict):
        super().__init__(values)
        self.pattern = pattern
        self.b = b

    def __missing__(self, key):
        v = dict.get
        if key == "with_card":
            return f" with {self['card']}" if "card" in self.pattern else ""
        if key == "by_law":
            return f" (by {self['law']})" if "law" in self.pattern else ""
        if key == "revoke_how":
            bits = []
            if "role" in self.pattern:
                bits.append(f" as {v(self, 'role')}")
            if "suit" in self.pattern:
                bits.append(f", in {v(self, 'suit')}")
            if "card" in self.pattern:
                bits.append(f" with {v(self, 'card')}")
            return "".join(bits)
        if key == "later":
            if "played_later" in self.pattern:
                return "" if self.pattern["played_later"] else ", a card not played later in the record"
            return ""
        if key == "act_by":
            return f" by {self['by']}" if "by" in self.pattern else ""
        if key == "act_time":
            return ""
        if key == "attention_how":
            flags = {"after_call_by_non_offenders": "came after the non-offending side called on the next deal",
                     "after_call_by_offenders": "came after the offending side called on the next deal",
                     "after_round_end": "came after the round ended",
                     "after_hands_returned": "came after the hands were returned to the board",
                     "deemed": "was drawn during play"}
            bits = []
            for name, words in flags.items():
                if name in self.pattern:
                    want = self.pattern[name]
                    if isinstance(want, bool):
                        if name == "deemed":
                            bits.append("was drawn during play" if not want else "counts as drawn at the end of play")
                        else:
                            bits.append(words if want else "did not " + words.replace("came", "come", 1))
            return " and ".join(bits) or "was drawn"
        if key == "play_how":
            bits = []
            if self.pattern.get("followed") is False and self.pattern.get("held_led_suit") is True:
                bits.append(" without following the suit led although holding it")
            if self.pattern.get("applied") is True:
                bits.append(" (a card that counts)")
            return "".join(bits)
        if key == "withdrawal_how":
            if "concealed" in self.pattern and isinstance(self.pattern["concealed"], bool):
                return ", the card coming from a concealed hand" if self.pattern["concealed"] else ", the card having been exposed"
            return ""
        if key == "at_same_time":
            return " at the moment attention was drawn" if "moment" in self.pattern else ""
        if key == "claim_how":
            if isinstance(self.pattern.get("accepted"), bool):
                return " that the opponents accepted" if self.pattern["accepted"] else " that the opponents disputed"
            return ""
        if key in ("by_role", "asked_role"):
            return "any role"
        if key in UNBOUND:
            return UNBOUND[key]
        raise KeyError(key)


def _constraint_text(key: str, c, b: dict) -> str:
    if isinstance(c, W):
        if c.__bind__ in b:
            return _show_value(key, b[c.__bind__])
        return UNBOUND.get(key, "any")
    if isinstance(c, P):
        return _predicate_text(c.match, key)
    if isinstance(c, L):
        return _show_value(key, c.value)
    if isinstance(c, ANDFC):
        parts = [_constraint_text(key, x, b) for x in c]
        parts = [p for p in parts if p not in UNBOUND.values() and p != "any"]
        return " and ".join(parts) or UNBOUND.get(key, "any")
    if isinstance(c, ORFC):
        return " or ".join(_constraint_text(key, x, b) for x in c)
    if isinstance(c, NOTFC):
        return "not " + _constraint_text(key, c[0], b)
    return _show_value(key, c)


def _show_value(key: str, value) -> str:
    if value is None:
        return "none"
    if isinstance(value, str):
        if key in ("seat", "by", "asked", "declarer", "dummy") and value in C.SEATS:
            return seat(value)
        if key in ("side", "to", "non_offenders") and value in SIDE_NAMES:
            return SIDE_NAMES[value]
        if key in ("card", "substitute") and len(value) == 2 and value[0] in C.SUITS:
            return C.card_name(value)
        if key in ("suit", "led_suit") and value in C.SUIT_NAMES:
            return C.SUIT_NAMES[value]
    return str(value)


def _lambda_parts(fn) -> tuple[list, str] | None:
    """(parameter names, body text) of a lambda, read from its source."""
    try:
        src = inspect.getsource(fn)
    except (OSError, TypeError):
        return None
    params = list(inspect.signature(fn).parameters)
    pattern = r"lambda\s*" + r"\s*,\s*".join(map(re.escape, params)) + r"\s*:"
    m = re.search(pattern, src)
    if not m:
        return None
    body, depth = [], 0
    for ch in src[m.end():]:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif ch in ",\n" and depth == 0:
            break
        body.append(ch)
    text = "".join(body).strip()
    for name in fn.__code__.co_names:  # show module constants by value
        value = fn.__globals__.get(name)
        if isinstance(value, (set, frozenset, tuple, list)):
            text = re.sub(rf"\b{re.escape(name)}\b", "{" + ", ".join(sorted(map(str, value))) + "}", text)
        elif isinstance(value, (int, str)) and not isinstance(value, bool):
            text = re.sub(rf"\b{re.escape(name)}\b", repr(value), text)
    return params, text


def _predicate_text(fn, key: str) -> str:
    parts = _lambda_parts(fn)
    if not parts:
        return "meeting a condition"
    params, body = parts
    if len(params) == 1:
        m = re.match(rf"^{re.escape(params[0])}\s*(>=|<=|==|!=|>|<|not in|in)\s*(.+)$", body)
        if m:
            words = OPS[m.group(1)]
            return (words + " " if words else "") + m.group(2).strip()
        return re.sub(rf"\b{re.escape(params[0])}\b", key, body)
    return body


def _test_text(fn, b: dict, search: "_Search | None") -> str:
    parts = _lambda_parts(fn)
    if not parts:
        return "a test on " + ", ".join(inspect.signature(fn).parameters)
    params, body = parts
    moments = all(_source_field(p, search) == "moment" for p in params)
    text = body
    for p in params:
        text = re.sub(rf"\b{re.escape(p)}\b", "\0" + p + "\0", text)
    for p in params:
        text = text.replace("\0" + p + "\0", _var_label(p, b, search))
    if moments:
        text = re.sub(r"\s<\s", " comes before ", text)
        text = re.sub(r"\s>\s", " comes after ", text)
    return text


def _source_field(var: str, search: "_Search | None") -> str | None:
    if search is None or var not in search.sources:
        return None
    return search.sources[var][1]


def _var_label(var: str, b: dict, search: "_Search | None") -> str:
    value = b.get(var)
    if search is not None and var in search.sources:
        item, fieldname = search.sources[var]
        if fieldname == "moment":
            at = item.fact.get("at", None)
            return f"the {item.kind} at {at}" if at is not None else f"the {item.kind} ({item.id})"
        if fieldname:
            return f"{_show_value(fieldname, value)} ({item.kind} {fieldname})"
    return f"{var}={value!r}" if var in b else var


def _test_found(fn, b: dict, search: "_Search") -> tuple[list, list]:
    found, ids = [], []
    for p in inspect.signature(fn).parameters:
        if p in search.sources:
            item = search.sources[p][0]
            if item.id not in ids:
                ids.append(item.id)
                found.append(f"{_item_sentence(item)} ({item.id} {item.kind})")
    if found:
        found[0] = "the facts compared: " + found[0]
    return found, ids


def _item_sentence(item: Item) -> str:
    if item.is_conclusion:
        return item.text.rstrip(".")
    return describe_fact(item.kind, item.fields)


def _near(pattern, b: dict, wm: _WorkingMemory) -> tuple[list, list]:
    """The facts of the wanted kind that come closest, and how each differs."""
    cls = type(pattern)
    items = wm.of(cls)
    kind = cls.kind
    if not items:
        if kind in EMPTY:
            return [EMPTY[kind]], []
        origin = "no rule concluded one" if issubclass(cls, Conclusion) else "the table facts have none"
        return [f"the ruling has no {kind.replace('_', ' ')} at all ({origin})"], []
    constraints = [(k, c) for k, c in pattern.items() if not Fact.is_special(k)]
    scored = []
    for item in items:
        ok, same, bad, flags = 0, 0, [], []
        for key, c in constraints:
            if not _informative(c, b):
                continue
            if key not in item.fact:
                bad.append((key, None))
                flags.append(False)
                continue
            if _match_field(c, item.fact[key], b) is None:
                bad.append((key, item.fact[key]))
                flags.append(False)
            else:
                ok += 1
                flags.append(True)
                same += isinstance(c, W)  # the same trick, seat, side as the other conditions
        # Closest first: most of the same identities, then most conditions met, then the earlier ones.
        scored.append(((same, ok, tuple(flags)), -len(bad), item, bad))
    best = max(s[0] for s in scored)
    if best[:2] == (0, 0):
        wanted = " and ".join(f"{k} {_constraint_text(k, c, b)}" for k, c in constraints if _informative(c, b))
        shown = "; ".join(f"{_item_sentence(i)} ({i.id})" for i in items[:3]) + ("; ..." if len(items) > 3 else "")
        what = kind.replace("_", " ")
        wanted = wanted.replace(" True", "").replace(" False", " false")
        return [f"none of the ruling's {len(items)} {what} fact(s) has {wanted} (it has: {shown})"], \
            [i.id for i in items[:3]]
    top = [s for s in scored if s[0] == best][:3]
    found, ids = [], []
    for _, _, item, bad in top:
        diffs = ", ".join(f"{k} is {_show_value(k, v)}, not {_constraint_text(k, dict(constraints)[k], b)}"
                          for k, v in bad)
        found.append(f"{_item_sentence(item)} ({item.id} {item.kind}" + (f"; {diffs}" if diffs else "") + ")")
        ids.append(item.id)
    return found, ids


# ---------------------------------------------------------------------------
# Rendering
# ---------------------------------------------------------------------------


def render(answer: WhyNot, kb=None, indent: str = "", width: int = 100) -> str:
    import textwrap

    lines: list = []

    def add(text: str, level: int = 0) -> None:
        pad = indent + "  " * level
        lines.append(textwrap.fill(text, width=width, initial_indent=pad, subsequent_indent=pad + "    "))

    asked = ", ".join(f"{k}={_show_value(k, v)}" for k, v in answer.wanted.items())
    title = f"Why not {answer.kind}" + (f" ({asked})" if asked else "") + "?"
    add(title)
    if answer.present:
        add("The ruling does have it: " + "; ".join(f"{c.id} [{c.law}] {c.text}" for c in answer.present)
            + " (`explain CASE " + answer.present[0].id + "` shows how).", 1)
    if not answer.answers:
        add("No implemented rule concludes that.", 1)
    for a in answer.answers:
        entry = kb.get(a.clause) if kb else None
        head = f"{a.rule} [{a.clause}" + (f" {entry.title}" if entry else "") + "]"
        if a.status == "excluded":
            add(f"{head}: not a candidate: {a.reason}.", 1)
            continue
        if a.status == "fired":
            add(f"{head}: fired and concluded it ({', '.join(a.concluded) or 'see the trace'}).", 1)
            continue
        if a.status == "concludes_other":
            add(f"{head}: {a.reason}.", 1)
            continue
        add(head, 1)
        for f in a.failures:
            add(f"fails at condition {f.index + 1} of {f.total}: {a.clause} needs: {f.needs}.", 2)
            for line in f.found:
                add(line[0].upper() + line[1:] + ".", 3)
            if f.alternatives:
                add("(the same condition fails for the other candidates too: " + "; ".join(f.alternatives) + ")", 3)
            if f.met:
                add("met before it: " + "; ".join(f"{t} ({i})" for t, i in f.met), 3)
            if f.deeper is not None and f.deeper.answers:
                add(f"no rule concluded {f.deeper.kind} here:", 3)
                sub = render(f.deeper, kb, indent + "        ", width).splitlines()[1:]
                lines.extend(sub)
    return "\n".join(lines)


def to_json(answer: WhyNot) -> dict:
    def failure(f: Failure) -> dict:
        return {"condition": f.index + 1, "of": f.total, "negated": f.negated, "kind": f.kind, "needs": f.needs,
                "found": f.found, "looked_at": f.looked_at, "met": [{"needs": t, "fact": i} for t, i in f.met],
                "alternatives": f.alternatives, "deeper": to_json(f.deeper) if f.deeper else None}

    return {
        "kind": answer.kind, "wanted": answer.wanted, "present": [c.id for c in answer.present],
        "rules": [{"rule": a.rule, "law": a.clause, "cites": list(a.cites), "status": a.status,
                   "reason": a.reason or None, "concluded": a.concluded,
                   "failures": [failure(f) for f in a.failures]} for a in answer.answers],
    }


def alternatives_for(ruling: Ruling, item: Item) -> WhyNot | None:
    """Why the other rules that conclude ``item``'s kind did not, for the same trick and seat.

    Used beside a conclusion's trace: "64A1 was not applied because ...".
    """
    wanted = {k: item.fields[k] for k in ("trick", "seat") if k in item.fields}
    answer = why_not(ruling, item.kind, wanted)
    answer.answers = [a for a in answer.answers if a.rule != item.rule and a.status != "fired"]
    return answer


__all__ = ["why_not", "parse_wanted", "coerce", "render", "to_json", "needs", "WhyNot", "WhyNotError",
           "alternatives_for", "table_fact_types"]
