"""Claims and concessions (Laws 68-71): case-file vocabulary, facts, conclusions, sentences.

The mechanics live here and in ``engine.mechanics.solver``; the law lives in
``engine/rules/law68.py`` ... ``law71.py``.  For the claim or concession that
ended play this module works out, once per case:

* the position at that moment (hands, trump, the trick in progress);
* the numbers the laws test, from the solver: the fewest and most tricks over
  every legal play (71A1), the fewest over normal play by the claimer's or
  conceder's side following his statement (70A, 71B) or by the accepting side
  (69B), the double-dummy value (70A, informative), what an outstanding trump
  can win (70C3), what an offered new line would take (70D), and whether the
  result in a suit turns on how the claimer plays it (70E);
* the timing: whether the claim was disputed or accepted, when an acceptance
  became final (69A), whether a withdrawal came within the correction period
  (69B, 71A) or before the conceding side called on the next deal (71B).

Docs: docs/claims.md.
"""
from __future__ import annotations

import os
import re
import time
from dataclasses import dataclass

from engine.notation import cards as C
from engine.mechanics import solver as S
from engine.input.caseio import CaseError, _boolean, _trick_count, register_event, register_field
from engine.law.compat import Field
from engine.mechanics.dd import dd_value
from engine.law.facts import Conclusion, TableFact, fact_producer
from engine.mechanics.table import NEVER, Table
from engine.explain.texts import SIDE_NAMES, describes, describes_fact, seat

# ---------------------------------------------------------------------------
# Case-file vocabulary
# ---------------------------------------------------------------------------

CLAIM_FORMS = ("statement", "curtail", "shown_cards")
CONCESSION_FORMS = ("statement", "abandoned_hand")


@dataclass(frozen=True)
class LineStep:
    kind: str  # play, cash, draw_trumps, ruff, finesse, lead
    card: str | None = None
    suit: str | None = None
    rounds: int = 0

    def text(self) -> str:
        if self.kind == "draw_trumps":
            return "draw trumps"
        what = C.card_short(self.card) if self.card else self.suit
        extra = f" x{self.rounds}" if self.rounds else ""
        return f"{self.kind.replace('_', ' ')} {what}{extra}"


def parse_line(value) -> tuple:
    """A structured statement: a list of steps, each ``{play: SA}``, ``{cash: S}``, ``draw_trumps``..."""
    if not isinstance(value, list) or not value:
        raise C.NotationError(f"{value!r} is not a line (a list of steps such as {{cash: S}}, {{finesse: DQ}}, "
                              f"draw_trumps)")
    steps = []
    for i, item in enumerate(value, start=1):
        if isinstance(item, str) and item.strip().lower() in ("draw_trumps", "draw trumps"):
            steps.append(LineStep("draw_trumps"))
            continue
        if not isinstance(item, dict):
            raise C.NotationError(f"step {i}: {item!r} is not a step (play, cash, draw_trumps, ruff, finesse, lead)")
        keys = [k for k in item if k != "rounds"]
        if len(keys) != 1 or str(keys[0]) not in S.STEP_KINDS:
            raise C.NotationError(f"step {i}: {item!r} needs exactly one of {', '.join(S.STEP_KINDS)} "
                                  f"(and optionally rounds)")
        kind = str(keys[0])
        arg = item[kind]
        rounds = item.get("rounds", 0)
        if "rounds" in item:
            if kind not in ("cash", "ruff", "lead"):
                raise C.NotationError(f"step {i}: rounds goes with cash, ruff or lead, not {kind}")
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 13:
                raise C.NotationError(f"step {i}: rounds {rounds!r} is not a number of rounds (1 to 13)")
        try:
            if kind in ("play", "finesse"):
                steps.append(LineStep(kind, card=C.parse_card(arg)))
            elif kind in ("cash", "ruff", "lead"):
                steps.append(LineStep(kind, suit=C.parse_suit(arg), rounds=rounds))
            else:
                if arg not in (True, None):
                    raise C.NotationError(f"{arg!r}: write draw_trumps: true (or just draw_trumps)")
                steps.append(LineStep("draw_trumps"))
        except C.NotationError as exc:
            raise C.NotationError(f"step {i}: {exc}")
    return tuple(steps)


def _form(value):
    text = str(value)
    if text not in CLAIM_FORMS + CONCESSION_FORMS:
        raise C.NotationError(f"{value!r} is not a way of claiming or conceding "
                              f"(claim: {', '.join(CLAIM_FORMS)}; concession: {', '.join(CONCESSION_FORMS)})")
    return text


register_field("line", parse_line)
register_field("form", _form)
register_field("aware_of_trumps", _boolean)
register_field("immediate", _boolean)
register_field("agreed_result", _trick_count)
register_event("claim", {"by", "tricks"}, {"accepted", "statement", "line", "form", "aware_of_trumps", "agreed_result"})
register_event("concession", {"by", "tricks"}, {"accepted", "form", "agreed_result", "statement"})
register_event("objection", {"by"}, {"immediate"})
register_event("acceptance_withdrawn", {"by"})
register_event("correction_period_ended", set())
register_event("line_offered", {"by", "line"}, {"statement"})
register_event("current_trick_remark", {"by"}, {"statement", "cards"})
register_event("cards_shown", {"by"}, {"cards", "statement"})

TRUMP_WORD = re.compile(r"trump|козыр", re.I)

# -- reading a free-text statement -------------------------------------------------------------
#
# When a claim has no structured ``line``, its free-text statement is read for
# a plain order of play, clause by clause ("draw trumps, then cash the hearts
# and give up a club"). Every clause must be understood, or the text is not
# used at all (every choice stays open). See docs/claims.md.

_SUIT_WORDS = {"spade": "S", "spades": "S", "heart": "H", "hearts": "H", "diamond": "D", "diamonds": "D",
               "club": "C", "clubs": "C"}
_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8",
               "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2"}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13}
_SEQUENCE = re.compile(r"\s*[;,]?\s*\b(?:and then|then|after that|followed by|afterwards)\b\s*", re.I)
_LIST = re.compile(r"\s*(?:[,;]|\band\b|\bplus\b)\s*", re.I)
_DRAW = re.compile(r"\b(draw(s|ing)?|pull(s|ing)?|clear(s|ing)?)\b.*\btrumps?\b|\btrumps?\s+first\b", re.I)
_CASH = re.compile(r"\b(cash(es|ing)?|run(s|ning)?|winners?|tricks?|top|good|high|established)\b", re.I)
_LOSE = re.compile(r"\b(lose|loses|losing|lost|concede|concedes|conceding|give up|gives up|giving up|yield)\b",
                   re.I)
_SKIP = re.compile(r"^(i|i'll|i will|we|we'll|my|the|rest|are|is|mine|and)?$", re.I)


def _card_in(clause: str):
    """A card named in a clause: 'the queen of diamonds', 'diamond queen', 'DQ'."""
    m = re.search(r"\b(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)\s+of\s+"
                  r"(spades?|hearts?|diamonds?|clubs?)\b", clause, re.I)
    if m:
        return _SUIT_WORDS[m.group(2).lower()] + _RANK_WORDS[m.group(1).lower()]
    m = re.search(r"\b(spades?|hearts?|diamonds?|clubs?)\s+(ace|king|queen|jack|ten|nine|eight|seven|six|five|"
                  r"four|three|two|deuce)\b", clause, re.I)
    if m:
        return _SUIT_WORDS[m.group(1).lower()] + _RANK_WORDS[m.group(2).lower()]
    m = re.search(r"\b([SHDC])(10|[2-9TJQKA])\b", clause)
    if m:
        return C.parse_card(m.group(0))
    return None


def _suit_in(clause: str, trump: str | None):
    found = []
    for word in re.findall(r"[a-z]+", clause.lower()):
        if word in _SUIT_WORDS:
            found.append(_SUIT_WORDS[word])
        elif word in ("trump", "trumps") and trump:
            found.append(trump)
    return found[0] if len(set(found)) == 1 else None


def _rounds_in(clause: str) -> int:
    m = re.search(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|\d{1,2})\b",
                  clause.lower())
    if not m:
        return 0
    word = m.group(1)
    n = _NUMBERS.get(word) or (int(word) if word.isdigit() else 0)
    return n if 1 <= n <= 13 else 0


def _read_clause(clause: str, trump: str | None):
    """One step from one clause, or None when the clause is not understood."""
    if trump and _DRAW.search(clause):
        return LineStep("draw_trumps")
    card = _card_in(clause)
    if re.search(r"\bfinesse", clause, re.I):
        return LineStep("finesse", card=card) if card else None
    if re.search(r"\bruff", clause, re.I):
        after = re.split(r"\bruff\w*", clause, maxsplit=1, flags=re.I)[1]
        suit = _suit_in(after, None)
        return LineStep("ruff", suit=suit) if suit and trump and suit != trump else None
    if _LOSE.search(clause):
        if card:
            return LineStep("play", card=card)
        suit = _suit_in(clause, trump)
        return LineStep("lead", suit=suit) if suit else None
    if card:
        return LineStep("play", card=card)
    suit = _suit_in(clause, trump)
    if suit and (_CASH.search(clause) or _rounds_in(clause)):
        return LineStep("cash", suit=suit, rounds=_rounds_in(clause))
    return None


def read_statement(text: str | None, trump: str | None) -> tuple:
    """The order of play a free-text statement gives, or () when it gives none the engine can follow.

    Only an explicit sequence counts ("X, then Y", "X after that Y"): a list
    joined by "and" or commas names tricks, not an order, and leaves the order
    open. Each part must name one step the engine understands, or the whole
    text is left unread -- except that a statement opening with drawing
    trumps (or saying "trumps first") is read as drawing trumps first.
    """
    if not text:
        return ()
    text = text.strip().rstrip(".!")
    parts = _SEQUENCE.split(text)
    steps = []
    for part in parts:
        items = [x.strip() for x in _LIST.split(part) if x.strip() and not _SKIP.match(x.strip())]
        step = _read_clause(items[0], trump) if len(items) == 1 else None
        if step is None:
            steps = None
            break
        steps.append(step)
    if steps:
        return tuple(steps)
    if trump and (re.search(r"\btrumps?\s+first\b", text, re.I) or _DRAW.search(_LIST.split(parts[0])[0])):
        return (LineStep("draw_trumps"),)
    return ()


def _seconds(name: str, default: float) -> float:
    try:
        return max(0.0, float(os.environ.get(name, default)))
    except ValueError:
        return default


def solver_limit() -> float:
    """Seconds per search (BRIDGE_TD_SOLVER_LIMIT; default engine.mechanics.solver.DEFAULT_LIMIT)."""
    return _seconds("BRIDGE_TD_SOLVER_LIMIT", S.DEFAULT_LIMIT)


def solver_budget() -> float:
    """Seconds for all the searches of one claim or concession (BRIDGE_TD_SOLVER_BUDGET; default 40)."""
    return _seconds("BRIDGE_TD_SOLVER_BUDGET", 40.0)


# ---------------------------------------------------------------------------
# Table facts
# ---------------------------------------------------------------------------


def _f(kind_type=object):
    return Field(kind_type, mandatory=True)


class ClaimEvent(TableFact):
    """The claim or concession that ended play, as stated, with the arithmetic the awards need.

    ``kept``: the tricks of the remaining ones the side keeps by it (for a
    claim, those claimed; for a concession, those not conceded);
    ``conceded`` the rest.  A side's share ``n`` of the remaining tricks
    makes declarer's total ``split_total`` when ``n`` is ``kept``.
    """

    kind = "claim_event"
    shown = ("event", "by", "side", "tricks", "remaining", "form", "accepted", "line", "at")
    event = _f(str)
    by = _f(str)
    side = _f(str)
    role = _f(str)
    tricks = _f(int)
    kept = _f(int)
    conceded = _f(int)
    remaining = _f(int)
    form = _f(str)
    accepted = _f(bool)
    statement = _f(bool)
    line = _f(str)  # stated, from_text, none
    floor_line = _f(str)  # which normal floor 71B tests: statement (a claim), none (a concession)
    split_total = _f(int)  # declarer's tricks with the remaining ones split as the claim or concession says
    stated_total = _f(int)  # declarer's tricks as the table had it (the agreed result, when one is recorded)
    at = _f(str)
    moment = _f(int)


class ClaimTiming(TableFact):
    kind = "claim_timing"
    shown = ("disputed", "objector", "acceptance_final", "withdrawal_by", "in_correction_period",
             "before_next_deal", "ruling_at")
    side = _f(str)
    disputed = _f(bool)
    objector = _f(object)
    acceptance_final = _f(bool)
    withdrawal = _f(bool)
    withdrawal_by = _f(object)
    withdrawal_side = _f(object)
    withdrawal_in_period = _f(bool)
    in_correction_period = _f(bool)
    before_next_deal = _f(bool)
    ruling_at = _f(str)


class PlayBounds(TableFact):
    kind = "play_bounds"
    shown = ("side", "floor", "ceiling", "remaining", "exact")
    side = _f(str)
    floor = _f(object)  # None when undetermined
    ceiling = _f(object)
    lower = _f(int)  # a floor that certainly holds
    upper = _f(int)
    remaining = _f(int)
    exact = _f(bool)
    total = _f(int)  # declarer's tricks for the deal if the side takes ``lower`` of the remaining ones


class NormalPlay(TableFact):
    kind = "normal_play"
    shown = ("side", "line", "tricks", "lower", "upper", "exact")
    side = _f(str)
    line = _f(str)  # statement, none, offered
    tricks = _f(object)
    lower = _f(int)
    upper = _f(int)
    exact = _f(bool)
    total = _f(int)  # declarer's tricks for the deal if the side takes ``lower`` of the remaining ones
    rest = _f(int)  # the other side's share then


class DoubleDummyFact(TableFact):
    kind = "double_dummy_value"
    shown = ("side", "tricks", "available", "reason")
    side = _f(str)
    tricks = _f(object)
    available = _f(bool)
    reason = _f(str)


class TrumpOut(TableFact):
    kind = "trump_outstanding"
    shown = ("seat", "card", "mentioned", "aware", "can_win")
    seat = _f(str)
    card = _f(str)
    mentioned = _f(bool)
    aware = _f(bool)
    can_win = _f(int)  # tricks it can win on some normal line (a lower bound when not exact)
    exact = _f(bool)


class SuitChoice(TableFact):
    kind = "suit_choice"
    shown = ("suit", "gain", "tenace")
    suit = _f(str)
    gain = _f(int)
    tenace = _f(bool)


class ShownOut(TableFact):
    kind = "shown_out"
    shown = ("suit", "seat", "mattered")
    suit = _f(str)
    seat = _f(str)
    mattered = _f(bool)


class AgreedResult(TableFact):
    kind = "agreed_result"
    shown = ("total", "actual", "giver", "given", "made_already", "defeated_already")
    total = _f(int)
    actual = _f(int)
    giver = _f(str)
    given = _f(int)
    made_already = _f(bool)
    defeated_already = _f(bool)


class TrickRemark(TableFact):
    kind = "current_trick_remark"
    shown = ("by", "at")
    by = _f(str)
    at = _f(str)


class CardsShown(TableFact):
    kind = "cards_shown"
    shown = ("by", "at")
    by = _f(str)
    at = _f(str)


class VoidedConcession(TableFact):
    kind = "voided_concession"
    shown = ("by", "objector", "at")
    by = _f(str)
    objector = _f(str)
    at = _f(str)


class AnalysisUnavailable(TableFact):
    kind = "claim_analysis_unavailable"
    shown = ("reason",)
    reason = _f(str)


# ---------------------------------------------------------------------------
# Conclusions
# ---------------------------------------------------------------------------


class ClaimMade(Conclusion):
    kind = "claim_made"
    shown = ("by", "side", "tricks", "form")
    by = _f(str)
    side = _f(str)
    tricks = _f(int)
    form = _f(str)


class ConcessionMade(Conclusion):
    kind = "concession_made"
    shown = ("by", "side", "tricks", "form")
    by = _f(str)
    side = _f(str)
    tricks = _f(int)
    form = _f(str)


class NotAClaim(Conclusion):
    kind = "not_a_claim"
    shown = ("by", "at")
    by = _f(str)
    at = _f(str)


class ConcessionVoid(Conclusion):
    kind = "concession_void"
    shown = ("by", "objector")
    by = _f(str)
    objector = _f(str)


class StatementMissing(Conclusion):
    kind = "statement_missing"
    shown = ("by",)
    by = _f(str)


class PlayCeases(Conclusion):
    kind = "play_ceases"
    shown = ("by", "at")
    by = _f(str)
    at = _f(str)


class ClaimDisputed(Conclusion):
    kind = "claim_disputed"
    shown = ("by", "objector")
    by = _f(str)
    side = _f(str)
    objector = _f(object)


class ClaimAccepted(Conclusion):
    kind = "claim_accepted"
    shown = ("event", "side", "tricks")
    event = _f(str)
    side = _f(str)
    tricks = _f(int)


class AcceptanceWithdrawn(Conclusion):
    kind = "acceptance_withdrawn"
    shown = ("side", "tricks", "reason")
    side = _f(str)
    tricks = _f(int)
    total = _f(int)
    reason = _f(str)
    claimer_tricks = _f(int)  # the claimer's side's share after the withdrawal


class WithdrawalRefused(Conclusion):
    kind = "withdrawal_refused"
    shown = ("side", "reason")
    side = _f(str)
    reason = _f(str)


class DirectorStep(Conclusion):
    kind = "director_step"
    shown = ("step",)
    step = _f(str)


class LegalFloor(Conclusion):
    kind = "legal_floor"
    shown = ("side", "tricks", "ceiling", "remaining")
    side = _f(str)
    tricks = _f(int)
    ceiling = _f(int)
    remaining = _f(int)


class NormalLine(Conclusion):
    kind = "normal_line"
    shown = ("side", "tricks", "line")
    side = _f(str)
    tricks = _f(int)
    line = _f(str)


class DoubleDummy(Conclusion):
    kind = "double_dummy"
    shown = ("side", "tricks")
    side = _f(str)
    tricks = _f(int)


class TrumpCondition(Conclusion):
    kind = "trump_condition"
    shown = ("card", "seat", "condition")
    card = _f(str)
    seat = _f(str)
    condition = _f(int)


class OutstandingTrump(Conclusion):
    kind = "outstanding_trump"
    shown = ("card", "seat", "tricks")
    card = _f(str)
    seat = _f(str)
    tricks = _f(int)


class NewLineRejected(Conclusion):
    kind = "new_line_rejected"
    shown = ("side", "offered", "stated")
    side = _f(str)
    offered = _f(int)
    stated = _f(int)


class UnstatedLine(Conclusion):
    kind = "unstated_line"
    shown = ("suit", "tricks")
    suit = _f(str)
    tricks = _f(int)


class CardLocationKnown(Conclusion):
    kind = "card_location_known"
    shown = ("suit", "seat")
    suit = _f(str)
    seat = _f(str)


class ConcessionCancelled(Conclusion):
    kind = "concession_cancelled"
    shown = ("side", "tricks", "reason")
    side = _f(str)
    tricks = _f(int)
    total = _f(int)
    reason = _f(str)


class ConcessionStands(Conclusion):
    kind = "concession_stands"
    shown = ("side", "tricks")
    side = _f(str)
    tricks = _f(int)


class TricksAwarded(Conclusion):
    kind = "tricks_awarded"
    shown = ("side", "tricks", "total")
    side = _f(str)
    tricks = _f(int)  # the side's share of the tricks that remained
    total = _f(int)  # declarer's tricks for the deal


# ---------------------------------------------------------------------------
# The analysis
# ---------------------------------------------------------------------------

_CACHE: dict = {}


def _cached(key, compute):
    got = _CACHE.get(key)
    if got is None:
        if len(_CACHE) > 4000:
            _CACHE.clear()
        got = compute()
        _CACHE[key] = got
    return got


def position_at_end(table: Table) -> S.Position:
    """The position when play stopped: the cards still held and the trick in progress."""
    hands = {s: set(cs) for s, cs in table.case.hands.items()}
    leader = table.opening_leader
    trick: list = []
    for i, t in enumerate(table.tricks):
        for s, p in t.effective:
            hands[s].discard(p.card)
        if t.complete:
            leader = t.winner
        elif t.effective:
            if i != len(table.tricks) - 1:
                raise S.PositionError(f"trick {t.number} is incomplete but play went on")
            order = [s for s, _ in t.effective]
            if any(order[k] != C.next_seat(order[0], k) for k in range(len(order))):
                raise S.PositionError(f"the cards of trick {t.number} were not played in rotation")
            leader = order[0]
            trick = [p.card for _, p in t.effective]
    return S.Position.from_cards(hands, table.contract.trump, leader, trick)


def _steps(line) -> tuple:
    return tuple(S.Step.make(st.kind, st.card, st.suit, st.rounds) for st in line)


class Analysis:
    """The solver's numbers for the claim or concession that ended play (computed on demand, cached)."""

    def __init__(self, table: Table, pos: S.Position, side: str, known: int):
        self.table = table
        self.pos = pos
        self.side = side
        self.sid = S.side_id(side)
        self.known = known
        self.per_search = solver_limit()
        self.ends = time.perf_counter() + solver_budget()

    @property
    def limit(self) -> float:
        """This search's time: the per-search limit, within what is left of the claim's budget."""
        return max(0.0, min(self.per_search, self.ends - time.perf_counter()))

    def _run(self, name, fn, *args):
        """``fn()`` once per position and arguments (``args`` only make the cache key)."""
        key = (name, self.pos, args, self.per_search)
        return _cached(key, fn)

    def legal(self, side: str):
        sid = S.side_id(side)
        f = self._run("floor", lambda: S.floor(self.pos, sid, self.limit), sid)
        c = self._run("ceiling", lambda: S.ceiling(self.pos, sid, self.limit), sid)
        return f, c

    def normal(self, side: str, steps=(), known=None, max_suits=0):
        sid = S.side_id(side)
        known = self.known if known is None else known
        return self._run("normal", lambda: S.normal_floor(self.pos, sid, steps, known=known, max_suits=max_suits,
                                                          limit=self.limit), sid, steps, known, max_suits)

    def target(self, side: str, card: str, steps=()):
        sid = S.side_id(side)
        return self._run("target", lambda: S.target_tricks(self.pos, sid, [card], steps, limit=self.limit),
                         sid, card, steps)

    def dd(self, side: str):
        sid = S.side_id(side)
        return self._run("dd", lambda: dd_value(self.pos, sid), sid)


# ---------------------------------------------------------------------------
# The fact producer
# ---------------------------------------------------------------------------


def _err(table: Table, where: str, problem: str) -> CaseError:
    return CaseError(table.case.path, where, problem)


@fact_producer
def claim_facts(table: Table) -> list:
    """Facts for Laws 68-71: the claim or concession that ended play and the numbers behind it."""
    facts: list = []
    for e in table.events:
        if e.kind == "current_trick_remark":
            facts.append(TrickRemark(by=e.get("by"), at=e.at))
        elif e.kind == "cards_shown":
            facts.append(CardsShown(by=e.get("by"), at=e.at))
        elif e.kind == "concession" and e.event.index in table.voided:
            objector = C.partner(e.get("by"))
            facts.append(VoidedConcession(by=e.get("by"), objector=objector, at=e.at))
    ending = [e for e in table.events if e.kind in ("claim", "concession") and e.event.index not in table.voided]
    if not ending or not table.tally.known:
        return facts
    e = ending[0]
    by = e.get("by")
    side = C.side_of(by)
    other = C.other_side(side)
    declarer_side = table.declarer_side
    in_play = {s: sum(1 for t in table.tricks if t.winner and C.side_of(t.winner) == s) for s in ("NS", "EW")}
    remaining = 13 - in_play["NS"] - in_play["EW"]
    n = e.get("tricks")
    kept = n if e.kind == "claim" else remaining - n
    form = e.get("form") or "statement"
    allowed = CLAIM_FORMS if e.kind == "claim" else CONCESSION_FORMS
    if form not in allowed:
        raise _err(table, f"{e.event.where}.form", f"{form!r} is not a way of making a {e.kind} "
                                                  f"(one of {', '.join(allowed)})")
    if form == "abandoned_hand" and n != remaining:
        raise _err(table, f"{e.event.where}.tricks", f"a player who abandons his hand concedes all {remaining} "
                                                     f"remaining tricks (68B), not {n}")
    if e.kind == "claim" and e.get("accepted", True) is False and e.get("agreed_result") is not None:
        raise _err(table, f"{e.event.where}.agreed_result", "a claim that was not accepted has no agreed result")
    statement = e.get("statement")
    if statement is not None and not isinstance(statement, str):
        raise _err(table, f"{e.event.where}.statement", f"{statement!r} is not text")
    line = e.get("line")
    line_kind = "stated" if line else "none"
    if not line:
        line = read_statement(statement, table.contract.trump)
        if line:
            line_kind = "from_text"
    line = tuple(line or ())
    base, sign = (in_play[declarer_side], 1) if side == declarer_side else (in_play[declarer_side] + remaining, -1)
    agreed = _agreed(table, e, in_play, remaining, kept, side)
    split_total = base + sign * kept
    stated_total = agreed["total"] if agreed is not None else split_total
    facts.append(ClaimEvent(
        event=e.kind, by=by, side=side, role=table.role(by), tricks=n, kept=kept, conceded=remaining - kept,
        remaining=remaining, form=form, accepted=e.get("accepted", True), statement=bool(statement or line),
        line=line_kind, floor_line="statement" if e.kind == "claim" else "none",
        split_total=split_total, stated_total=stated_total, at=e.at, moment=e.moment))
    timing = _timing(table, e, side)
    facts.append(timing)
    if agreed is not None:
        facts.append(agreed)

    try:
        pos = position_at_end(table)
    except S.PositionError as exc:
        facts.append(AnalysisUnavailable(reason=str(exc)))
        return facts
    if pos.tricks_left != remaining:
        facts.append(AnalysisUnavailable(reason=f"the record leaves {pos.tricks_left} tricks to play, "
                                                f"the tally {remaining}"))
        return facts
    _check_line(table, e, line, pos, side, "line")
    known, shown = _known_suits(table, pos, side, e.moment)
    an = Analysis(table, pos, side, known)
    steps = _steps(line)
    floor, ceiling = an.legal(side)

    def total_if(who: str, n: int) -> int:
        """Declarer's tricks for the deal if ``who`` takes ``n`` of the remaining tricks."""
        return in_play[declarer_side] + (n if who == declarer_side else remaining - n)

    def normal_fact(who: str, kind: str, res: S.SolveResult) -> NormalPlay:
        # a normal floor is never below the legal floor: keep the bounds consistent when a search stopped early
        legal_lower = floor.lower if who == side else remaining - ceiling.upper
        lower = max(res.lower, legal_lower)
        return NormalPlay(side=who, line=kind, tricks=res.value, lower=lower, upper=res.upper, exact=res.exact,
                          total=total_if(who, lower), rest=remaining - lower)

    facts.append(PlayBounds(side=side, floor=floor.value, ceiling=ceiling.value, lower=floor.lower,
                            upper=ceiling.upper, remaining=remaining, exact=floor.exact and ceiling.exact,
                            total=total_if(side, floor.lower)))
    disputed = e.kind == "claim" and timing["disputed"]

    trump_facts = []
    if disputed and table.contract.trump:
        trump_facts, steps = _trumps(an, table, e, pos, side, line, steps, statement)
    # the normal floor 71B (and 70A) tests
    if disputed or kept < ceiling.upper:
        if e.kind == "claim":
            res = an.normal(side, steps)
            facts.append(normal_fact(side, "statement", res))
        else:
            res = an.normal(side)
            facts.append(normal_fact(side, "none", res))
    else:
        # nothing can be raised: the side cannot take more than ``kept`` in any legal play
        facts.append(NormalPlay(side=side, line=("statement" if e.kind == "claim" else "none"), tricks=None,
                                lower=floor.lower, upper=ceiling.upper, exact=False,
                                total=total_if(side, floor.lower), rest=remaining - floor.lower))
    if disputed:
        facts.extend(trump_facts)
        dd = an.dd(side)
        if not dd.available:
            table.notes.append({"subject": "double_dummy_unavailable", "trick": None, "seat": None, "laws": "70A",
                                "text": f"double-dummy value not reported: {dd.reason}"})
        facts.append(DoubleDummyFact(side=side, tricks=dd.value, available=dd.available, reason=dd.reason))
        normal = an.normal(side, steps)
        if normal.exact and normal.value < kept:
            facts.extend(_suit_choices(an, pos, side, line, steps, normal.value))
        if normal.exact and shown:
            for suit, opp in shown:
                without = an.normal(side, steps, known=known & ~(1 << S.SUIT_LETTERS.index(suit)))
                facts.append(ShownOut(suit=suit, seat=opp, mattered=bool(without.exact and without.value < normal.value)))
        for o in table.events:
            if o.kind == "line_offered" and o.moment > e.moment:
                offered = o.get("line")
                _check_line(table, o, offered, pos, side, "line")
                res = an.normal(side, _steps(offered))
                facts.append(normal_fact(side, "offered", res))
                break
    if e.kind == "claim" and timing["withdrawal"] and timing["withdrawal_side"] == other:
        res = an.normal(other)
        facts.append(normal_fact(other, "none", res))
    return facts


def _timing(table: Table, e, side: str) -> ClaimTiming:
    other = C.other_side(side)
    after = [x for x in table.events if x.moment > e.moment]
    period_end = min((x.moment for x in after if x.kind == "correction_period_ended"), default=NEVER)

    def calls_before(moment, by_side):
        return any(x.moment < moment and ((x.kind == "next_board_call" and x.get("side") == by_side)
                                          or x.kind == "round_ended") for x in after)

    accepted = e.get("accepted", True)
    objections = [x for x in after if x.kind in ("objection", "acceptance_withdrawn")]
    disputed, objector = False, None
    if e.kind == "claim":
        if accepted is False:
            disputed = True
            timely = [x for x in objections if not calls_before(x.moment, C.side_of(x.get("by")))]
            objector = timely[0].get("by") if timely else None
        else:
            for x in objections:
                # an objection counts as a dispute until the objector's side has called on the next deal
                # or the round has ended (69A); later, it can only ask to withdraw the acceptance (69B)
                if not calls_before(x.moment, C.side_of(x.get("by"))):
                    disputed, objector = True, x.get("by")
                    break
    acceptance_final = e.kind == "claim" and not disputed
    withdrawal = None
    if acceptance_final:
        for x in after:
            if C.side_of(x.get("by") or "N") != other or x.kind not in ("acceptance_withdrawn", "objection"):
                continue
            withdrawal = x
            break
    ruling = next((x for x in after if x.kind in ("objection", "acceptance_withdrawn")), None)
    ruling_moment = ruling.moment if ruling else e.moment + 1
    return ClaimTiming(
        side=side, disputed=disputed, objector=objector, acceptance_final=acceptance_final,
        withdrawal=withdrawal is not None, withdrawal_by=withdrawal.get("by") if withdrawal else None,
        withdrawal_side=C.side_of(withdrawal.get("by")) if withdrawal else None,
        withdrawal_in_period=bool(withdrawal and withdrawal.moment < period_end),
        in_correction_period=ruling_moment < period_end,
        before_next_deal=not calls_before(ruling_moment, side),
        ruling_at=ruling.at if ruling else e.at,
    )


def _agreed(table: Table, e, in_play: dict, remaining: int, kept: int, side: str) -> AgreedResult | None:
    total = e.get("agreed_result")
    if total is None:
        return None
    declarer_side = table.declarer_side
    other = C.other_side(declarer_side)
    actual = in_play[declarer_side] + (kept if side == declarer_side else remaining - kept)
    if total == actual:
        return None
    agreed_by = {declarer_side: total, other: 13 - total}
    giver = declarer_side if total < actual else other
    if agreed_by[giver] >= in_play[giver]:
        raise _err(table, f"{e.event.where}.agreed_result",
                   f"{total} tricks for declarer contradicts the {e.kind}: with {e.get('tricks')} of the remaining "
                   f"tricks declarer has {actual}, and the agreed result gives away no trick already won in play")
    target = table.contract.level + 6
    return AgreedResult(
        total=total, actual=actual, giver=giver, given=in_play[giver] - agreed_by[giver],
        made_already=giver == declarer_side and in_play[declarer_side] >= target and total < target,
        defeated_already=giver == other and in_play[other] > 13 - target and total >= target,
    )


def _check_line(table: Table, e, line, pos: S.Position, side: str, field: str) -> None:
    held = set()
    for seat_letter in (side[0], side[1]):
        held.update(pos.held(S.seat_id(seat_letter)))
    for i, st in enumerate(line, start=1):
        where = f"{e.event.where}.{field}"
        if st.kind in ("draw_trumps", "ruff") and not table.contract.trump:
            raise _err(table, where, f"step {i}: {st.text()} in a notrump contract")
        if st.card and st.card not in held:
            raise _err(table, where, f"step {i}: {C.card_short(st.card)} is not held by "
                                     f"{SIDE_NAMES[side]} when play stops")


def _known_suits(table: Table, pos: S.Position, side: str, moment: int) -> tuple:
    """Suits an opponent of ``side`` has shown out of (failed to follow, and holds none now)."""
    known = 0
    shown = []
    for p in table.plays:
        if p.moment > moment or p.leads or p.followed or not p.applied:
            continue
        if p.replaced_by is not None and p.replaced_by.applied:
            continue
        if C.side_of(p.seat) == side:
            continue
        suit = p.led_suit
        bit = 1 << S.SUIT_LETTERS.index(suit)
        if known & bit:
            continue
        if not any(c[0] == suit for c in pos.held(S.seat_id(p.seat))):
            known |= bit
            shown.append((suit, p.seat))
    return known, shown


def _mentions_trumps(line, statement, trump: str) -> bool:
    for st in line:
        if st.kind == "draw_trumps":
            return True
        if (st.card and st.card[0] == trump) or (st.suit == trump and st.kind != "ruff"):
            return True
    return bool(statement and TRUMP_WORD.search(statement))


def _trumps(an: Analysis, table: Table, e, pos: S.Position, side: str, line, steps, statement):
    trump = table.contract.trump
    other = C.other_side(side)
    theirs = []
    for s in other:
        for card in pos.held(S.seat_id(s)):
            if card[0] == trump:
                theirs.append((s, card))
    if not theirs:
        return [], steps
    mentioned = _mentions_trumps(line, statement, trump)
    aware = e.get("aware_of_trumps", False)
    out = []
    for s, card in theirs:
        res = an.target(side, card, steps)
        out.append(TrumpOut(seat=s, card=card, mentioned=mentioned, aware=aware, can_win=res.lower,
                            exact=res.exact))
    if aware and not mentioned:
        # A claimer who knew of the trump is credited with drawing it (70C2 fails): see docs/claims.md.
        steps = (S.Step.make("draw_trumps"),) + tuple(steps)
    return out, steps


def _suit_choices(an: Analysis, pos: S.Position, side: str, line, steps, value: int) -> list:
    """For each suit the statement leaves open, what playing it right (knowing the cards) would gain."""
    out = []
    stated = {st.suit for st in line if st.suit} | {st.card[0] for st in line if st.card}
    mine = set()
    for s in side:
        mine.update(pos.held(S.seat_id(s)))
    theirs = set()
    for s in C.other_side(side):
        theirs.update(pos.held(S.seat_id(s)))
    for i, suit in enumerate(S.SUIT_LETTERS):
        if suit in stated or (an.known >> i) & 1:
            continue
        ours = sorted(C.rank_index(c) for c in mine if c[0] == suit)
        if len(ours) < 1:
            continue
        res = an.normal(side, steps, max_suits=1 << i)
        if not res.exact or res.value <= value:
            continue
        opp = [C.rank_index(c) for c in theirs if c[0] == suit]
        tenace = any(ours[0] < r < ours[-1] for r in opp)
        out.append(SuitChoice(suit=suit, gain=res.value - value, tenace=tenace))
    return out


# ---------------------------------------------------------------------------
# Sentences
# ---------------------------------------------------------------------------

HOW_CLAIM = {"statement": "", "curtail": " by suggesting that play be cut short",
             "shown_cards": " by showing his cards"}
REASONS = {  # why a trick given up is given back
    "legal_floor": "a trick that no legal play of the remaining cards could lose",
    "normal_floor": "a trick that no normal play of the remaining cards could lose",
    "won_in_play": "a trick the side had already won in play",
    "contract_made": "the defeat of a contract declarer had already made",
    "contract_defeated": "the making of a contract the defenders had already defeated",
}
STEPS = {"repeat_statement": "the director has the claimer repeat the statement he made when claiming",
         "face_cards": "the director has every player face his remaining cards",
         "hear_objections": "the director hears the objections to the claim"}


def _n(k: int) -> str:
    return f"{k} trick{'s' if k != 1 else ''}"


@describes("claim_made")
def _claim_made(f, table):
    return f"{seat(f['by'])} claimed {_n(f['tricks'])} of those remaining{HOW_CLAIM.get(f['form'], '')}."


@describes("concession_made")
def _concession_made(f, table):
    if f["form"] == "claim":
        return f"By claiming, {seat(f['by'])} conceded the other {_n(f['tricks'])}."
    if f["form"] == "abandoned_hand":
        return f"{seat(f['by'])} abandoned his hand, conceding all {_n(f['tricks'])} remaining."
    return f"{seat(f['by'])} conceded {_n(f['tricks'])}."


@describes("not_a_claim")
def _not_a_claim(f, table):
    if f.get("law") == "68A":
        return (f"{seat(f['by'])} showed cards at {f['at']} without meaning to claim: it is not a claim and play "
                f"continues (the laws on exposed cards govern the cards shown).")
    return (f"What {seat(f['by'])} said or showed at {f['at']} concerned only the trick in progress: it is neither "
            f"a claim nor a concession, play continues, and cards a defender showed are not penalty cards.")


@describes("concession_void")
def _concession_void(f, table):
    return (f"{seat(f['objector'])} objected at once to his partner {seat(f['by'])}'s concession: no concession "
            f"took place and play continues.")


@describes("statement_missing")
def _statement_missing(f, table):
    return (f"{seat(f['by'])} gave no statement of how he would play: every choice is resolved against him.")


@describes("play_ceases")
def _play_ceases(f, table):
    return f"Play ended with {seat(f['by'])}'s claim or concession at {f['at']}."


@describes("claim_disputed")
def _claim_disputed(f, table):
    who = f"{seat(f['objector'])} disputed" if f.get("objector") else "The claim was disputed"
    return f"{who} {seat(f['by'])}'s claim: the director is called and rules under Laws 70 and 71."


@describes("claim_accepted")
def _claim_accepted(f, table):
    what = "claim" if f["event"] == "claim" else "concession"
    return (f"The {what} was accepted: the deal is scored as though {SIDE_NAMES[f['side']]} had won "
            f"{_n(f['tricks'])} of those remaining in play.")


@describes("acceptance_withdrawn")
def _acceptance_withdrawn(f, table):
    why = REASONS.get(f["reason"], "")
    return (f"{SIDE_NAMES[f['side']]} withdraw their acceptance within the correction period: they had agreed to "
            f"{why.replace('a trick', 'lose a trick', 1)}; they are given {_n(f['tricks'])} of those remaining.")


@describes("withdrawal_refused")
def _withdrawal_refused(f, table):
    if f["reason"] == "late":
        return f"{SIDE_NAMES[f['side']]}'s acceptance can no longer be withdrawn: the correction period had ended."
    return (f"{SIDE_NAMES[f['side']]}'s acceptance stands: every trick they agreed to lose could be lost by some "
            f"normal play, and none had been won in play.")


@describes("director_step")
def _director_step(f, table):
    return STEPS.get(f["step"], f["step"]).capitalize() + "."


@describes("legal_floor")
def _legal_floor(f, table):
    return (f"Over every legal play of the {_n(f['remaining'])} that remained, {SIDE_NAMES[f['side']]} take at "
            f"least {f['tricks']} and at most {f['ceiling']}.")


@describes("normal_line")
def _normal_line(f, table):
    side = SIDE_NAMES[f["side"]]
    if f.get("law") == "70A":
        how = {"stated": "follows his stated line", "from_text": "follows the order his statement gives",
               "none": "has stated no line to follow"}.get(f["line"], "")
        return (f"On the least successful normal line {side} take {f['tricks']}: the claimer {how}, every choice "
                f"left open is made against him (careless or inferior play, not irrational play), and the "
                f"opponents play any legal card.")
    return (f"On the least successful normal play of the remaining cards {side} take {f['tricks']} (their own "
            f"play careless or inferior but not irrational, the other side playing any legal card).")


@describes("double_dummy")
def _double_dummy(f, table):
    return f"With best play all round (double dummy) {SIDE_NAMES[f['side']]} would take {f['tricks']}."


@describes("trump_condition")
def _trump_condition(f, table):
    card = C.card_name(f["card"])
    return {1: f"The claimer said nothing about {card}, still held by {seat(f['seat'])}.",
            2: f"Nothing in the record shows the claimer knew {seat(f['seat'])} still held a trump: 70C2 is taken "
               f"as met, subject to the director's judgment.",
            3: f"A trick could be lost to {card} in some normal play of the remaining cards."}[f["condition"]]


@describes("outstanding_trump")
def _outstanding_trump(f, table):
    return (f"The opponents are awarded the trick(s) {C.card_name(f['card'])} could win: "
            f"{_n(f['tricks'])} at most on a normal line.")


@describes("new_line_rejected")
def _new_line_rejected(f, table):
    return (f"The line offered later would take {f['offered']}, but it is not in the original statement and a "
            f"normal line that statement allows takes only {f['stated']}: it is not accepted.")


@describes("unstated_line")
def _unstated_line(f, table):
    return (f"Success in {C.SUIT_NAMES[f['suit']]} depends on which opponent holds a card, and the claimer did "
            f"not say how he would play the suit: the {_n(f['tricks'])} that would need the right guess are not "
            f"credited.")


@describes("card_location_known")
def _card_location_known(f, table):
    return (f"{seat(f['seat'])} had already shown out of {C.SUIT_NAMES[f['suit']]}: the claimer is credited with "
            f"playing that suit as the known lie of the cards requires.")


@describes("concession_cancelled")
def _concession_cancelled(f, table):
    why = REASONS.get(f["reason"], "")
    verb = "agreed to" if f["reason"].startswith("contract") else "gave up"
    keep = (f"{SIDE_NAMES[f['side']]} keep {_n(f['tricks'])} of those remaining" if f["reason"].endswith("floor")
            else "the tricks won in play count as won")
    return f"The concession is cancelled: it {verb} {why}; {keep}."


@describes("concession_stands")
def _concession_stands(f, table):
    return f"The concession stands: {SIDE_NAMES[f['side']]} keep {_n(f['tricks'])} of those remaining."


@describes("tricks_awarded")
def _tricks_awarded(f, table):
    return (f"{SIDE_NAMES[f['side']]} are awarded {_n(f['tricks'])} of those remaining: declarer's total is "
            f"{f['total']}.")


@describes_fact("claim_event")
def _fact_claim_event(f):
    return (f"{seat(f['by'])} {'claimed' if f['event'] == 'claim' else 'conceded'} {_n(f['tricks'])} of the "
            f"{f['remaining']} remaining at {f['at']}")


@describes_fact("claim_timing")
def _fact_claim_timing(f):
    bits = ["disputed" if f["disputed"] else "accepted"]
    if f.get("withdrawal_by"):
        bits.append(f"withdrawal asked by {seat(f['withdrawal_by'])}")
    bits.append("within the correction period" if f["in_correction_period"] else "after the correction period")
    bits.append("before the side called on the next deal" if f["before_next_deal"] else
                "after the side called on the next deal or the round ended")
    return "the claim or concession was " + ", ".join(bits)


@describes_fact("play_bounds")
def _fact_play_bounds(f):
    return f"over all legal plays {SIDE_NAMES[f['side']]} take {f['floor']} to {f['ceiling']} of {f['remaining']}"


@describes_fact("normal_play")
def _fact_normal_play(f):
    value = f["tricks"] if f.get("exact") else f"{f['lower']}-{f['upper']} (undetermined)"
    return f"over normal play ({f['line']} line) {SIDE_NAMES[f['side']]} take at least {value}"


@describes_fact("double_dummy_value")
def _fact_dd(f):
    if not f.get("available"):
        return f"double-dummy value not computed: {f['reason']}"
    return f"double dummy {SIDE_NAMES[f['side']]} take {f['tricks']}"


@describes_fact("trump_outstanding")
def _fact_trump(f):
    return (f"{seat(f['seat'])} holds {C.card_name(f['card'])}; mentioned: {f['mentioned']}; claimer aware: "
            f"{f['aware']}; it can win {f['can_win']} trick(s) on a normal line")


__all__ = ["parse_line", "read_statement", "LineStep", "position_at_end", "claim_facts", "Analysis"]
