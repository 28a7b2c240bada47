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

from typing import TYPE_CHECKING

from engine.input.caseio import CaseError
from engine.input.claims import (
    CLAIM_FORMS,
    CONCESSION_FORMS,
    MAX_STATEMENT,
    LineStep,
    StatementContext,
    mentions_outstanding_trump,
    names_a_line,
    names_trump_card,
    read_statement,
)
from engine.law.compat import Field
from engine.law.facts import Conclusion, TableFact, fact_producer
from engine.input.judgment import DEFAULT_PLAYER_CLASS
from engine.mechanics.claims import Analysis, _steps, findings_for_search, position_at_end
from engine.mechanics.table import NEVER, Table
from engine.notation import cards as C
from engine.notation.cards import SIDE_NAMES
from engine import lazy_module

if TYPE_CHECKING:  # the layout test reads imports; at run time the solver loads on first use (claims only)
    from engine.mechanics import solver  # noqa: F401
S = lazy_module("engine.mechanics.solver")

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
    shown = ("disputed", "objector", "acceptance_final", "withdrawal_by", "raised", "in_correction_period",
             "before_next_deal", "ruling_at")
    side = _f(str)
    raised = _f(bool)  # brought to the director (an objection, a withdrawal, his call, attention drawn)
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


class ProposedLine(TableFact):
    """A normal line of the statement the search found when the least successful one was not settled within
    the work budget: the claimer's side takes ``tricks`` of the remaining ones on it (never more than claimed);
    ``confirmed`` when the claim records the director's confirmation (``award_confirmed: true``)."""

    kind = "proposed_line"
    shown = ("side", "tricks", "confirmed")
    side = _f(str)
    tricks = _f(int)
    total = _f(int)  # declarer's tricks for the deal if the side takes ``tricks``
    confirmed = _f(bool)


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


class PlayedAfterClaim(TableFact):
    """Cards played after the claim or concession that ended play (68D: play should have stopped)."""

    kind = "played_after_claim"
    shown = ("cards", "at")
    cards = _f(str)  # "S:HA W:C3 ...", in the order played
    count = _f(int)
    at = _f(str)


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


class LineDeparture(TableFact):
    """A play of the least successful normal line that costs the claimer's side tricks against its best normal
    line: a point the director may judge careless (normal) or irrational for this player (70A)."""

    kind = "claim_line_departure"
    shown = ("seat", "card", "trick", "role", "costs", "why")
    seat = _f(str)
    card = _f(str)
    trick = _f(int)
    role = _f(str)  # lead, follow, discard, ruff
    costs = _f(int)
    why = _f(str)
    answer = _f(str)  # "" (open), "normal" (the director found it careless)
    question = _f(str)  # the director's question about it


class AnalysisUnavailable(TableFact):
    kind = "claim_analysis_unavailable"
    shown = ("reason",)
    reason = _f(str)


# ---------------------------------------------------------------------------
# Conclusions
# ---------------------------------------------------------------------------


class PlayAfterClaimIgnored(Conclusion):
    kind = "play_after_claim_ignored"
    shown = ("cards", "count")
    cards = _f(str)
    count = _f(int)


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


class ConcessionNotReopened(Conclusion):
    """A cancelling clause would have applied had the concession been raised in its window (71A1, 71B)."""
    kind = "concession_not_reopened"
    shown = ("side", "tricks", "clause", "reason", "when")
    side = _f(str)
    tricks = _f(int)  # the side's share of the remaining tricks the clause would have given
    clause = _f(str)
    reason = _f(str)
    when = _f(str)  # not_raised: nobody brought it to the director; late: raised after the clause's window


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


class LineDepartureQuestion(Conclusion):
    kind = "line_departure"
    shown = ("seat", "card", "trick", "role", "costs", "question")
    seat = _f(str)
    card = _f(str)
    trick = _f(int)
    role = _f(str)
    costs = _f(int)
    why = _f(str)
    question = _f(str)


class AwardPending(Conclusion):
    """No award can be made: a number it needs is not settled (or the position cannot be read)."""

    kind = "award_pending"
    shown = ("side", "lower", "upper", "remaining")
    side = _f(str)
    lower = _f(int)  # the side's share of the remaining tricks, proven bounds
    upper = _f(int)
    remaining = _f(int)


class AwardProposed(Conclusion):
    """Not settled: the least successful normal line the search found is proposed as the award, for the director
    to confirm (never scored until he does)."""

    kind = "award_proposed"
    shown = ("side", "tricks", "lower", "upper", "remaining")
    side = _f(str)
    tricks = _f(int)  # the side's share of the remaining tricks on the line proposed
    lower = _f(int)  # the proven bounds of the least successful normal line
    upper = _f(int)
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
    shown = ("side", "tricks", "conceded")
    side = _f(str)
    tricks = _f(int)  # the conceding side's share of the remaining tricks by the concession
    conceded = _f(int)  # the tricks it gave up


class TricksAwarded(Conclusion):
    kind = "tricks_awarded"
    shown = ("side", "tricks", "total")
    side = _f(str)
    tricks = _f(int)  # the side's share of the tricks that remained
    total = _f(int)  # declarer's tricks for the deal


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
    _check_statements(table)
    if not any(e.kind in ("claim", "concession") for e in table.events):
        for x in table.events:
            if x.kind == "play_after_claim":
                raise _err(table, f"{x.event.where}.kind", "play after a claim is recorded, but the case has no "
                                                           "claim or concession for it to follow")
    ending = [e for e in table.events if e.kind in ("claim", "concession") and e.event.index not in table.voided]
    if not ending or not table.tally.known:
        return facts
    e = ending[0]
    by = e.get("by")
    facts.extend(_played_after(table, e))
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
    try:
        pos = position_at_end(table)
        pos_error = None
    except S.PositionError as exc:
        pos, pos_error = None, str(exc)
    held = set()
    if pos is not None:
        for seat_letter in side:
            held.update(pos.held(S.seat_id(seat_letter)))
    line = e.get("line")
    line_kind = "stated" if line else "none"
    if not line:
        ctx = None
        if pos is not None:
            ctx = StatementContext(by=by, hands={x: tuple(pos.held(S.seat_id(x))) for x in side},
                                   opponents={x: tuple(pos.held(S.seat_id(x))) for x in C.other_side(side)},
                                   dealt={x: tuple(table.case.hands[x]) for x in C.other_side(side)})
        line = read_statement(statement, table.contract.trump, held or None, ctx)
        if line and pos is not None:
            line = _doubtful_steps(table, line, held, side)
            line = _expand_crossruff(table, line, pos, side)
        if line:
            line_kind = "from_text"
    line = tuple(line or ())
    base, sign = (in_play[declarer_side], 1) if side == declarer_side else (in_play[declarer_side] + remaining, -1)
    agreed = _agreed(table, e, in_play, remaining, kept, side)
    split_total = base + sign * kept
    stated_total = agreed["total"] if agreed is not None else split_total
    facts.append(ClaimEvent(
        event=e.kind, by=by, side=side, role=table.role(by), tricks=n, kept=kept, conceded=remaining - kept,
        remaining=remaining, form=form, accepted=e.get("accepted", True), statement=bool(e.get("line")) or names_a_line(statement),
        line=line_kind, floor_line="statement" if e.kind == "claim" else "none",
        split_total=split_total, stated_total=stated_total, at=e.at, moment=e.moment))
    timing = _timing(table, e, side)
    facts.append(timing)
    if agreed is not None:
        facts.append(agreed)

    if pos is None:
        facts.append(AnalysisUnavailable(reason=pos_error))
        return facts
    if pos.tricks_left != remaining:
        facts.append(AnalysisUnavailable(reason=f"the record leaves {pos.tricks_left} tricks to play, "
                                                f"the tally {remaining}"))
        return facts
    _check_line(table, e, line, pos, side, "line")
    for name in ("not_normal", "normal"):
        _check_findings(table, e, pos, side, name)
    known, shown = _known_suits(table, pos, side, e.moment)
    pclass = table.case.extra.get("player_class") or DEFAULT_PLAYER_CLASS
    excluded = findings_for_search(e.get("not_normal"))
    an = Analysis(table, pos, side, known, pclass, excluded, claims_all=e.kind == "claim" and kept == remaining)
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
            res = an.normal(side, steps, with_line=True)
            facts.append(normal_fact(side, "statement", res))
            departures = _show_line(table, pos, side, res, pclass, e.get("normal") or ())
            if disputed:  # the departures are 70A's questions; an undisputed claim's line is information only
                facts.extend(departures)
            proposal = getattr(res, "proposal", None)
            if disputed and not res.exact and proposal is not None and res.line and proposal <= res.upper:
                got = min(proposal, kept)
                facts.append(ProposedLine(side=side, tricks=got, total=total_if(side, got),
                                          confirmed=bool(e.get("award_confirmed", False))))
                _show_proposal(table, side, res, pclass, done=sum(1 for t in table.tricks if t.complete))
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


STATEMENT_EVENTS = ("claim", "concession", "line_offered", "play_after_claim", "current_trick_remark", "cards_shown")


def _check_statements(table: Table) -> None:
    """Every statement of the claims' events is text of at most ``MAX_STATEMENT`` characters: the one that
    ended play, and one that did not (a concession partner voided at once, a line offered, a remark)."""
    for x in table.events:
        if x.kind not in STATEMENT_EVENTS:
            continue
        statement = x.get("statement")
        if statement is not None and not isinstance(statement, str):
            raise _err(table, f"{x.event.where}.statement", f"{str(repr(statement))[:60]} is not text")
        if isinstance(statement, str) and len(statement) > MAX_STATEMENT:
            raise _err(table, f"{x.event.where}.statement", f"{len(statement)} characters: a {x.kind.replace('_', ' ')} "
                                                            f"statement is at most {MAX_STATEMENT}")


def _played_after(table: Table, e) -> list:
    """Play recorded after the claim or concession (68D): shown, never counted; each card must have been held by
    its seat when play stopped, and played once."""
    out = []
    try:
        pos = position_at_end(table)
    except S.PositionError:
        pos = None
    for x in table.events:
        if x.kind != "play_after_claim":
            continue
        if x.moment < e.moment:
            raise _err(table, f"{x.event.where}.at", "play after a claim is recorded at or after the claim")
        seen = set()
        for i, (seat, card) in enumerate(x.get("cards_played"), start=1):
            where = f"{x.event.where}.cards_played[{i}]"
            if card in seen:
                raise _err(table, where, f"{C.card_short(card)} is played twice")
            seen.add(card)
            if pos is not None and card not in pos.held(S.seat_id(seat)):
                raise _err(table, where, f"{C.seat_name(seat)} did not hold {C.card_name(card)} when play stopped")
        cards = " ".join(f"{seat}:{card}" for seat, card in x.get("cards_played"))
        out.append(PlayedAfterClaim(cards=cards, count=len(seen), at=x.at))
    return out


RAISING_EVENTS = ("objection", "acceptance_withdrawn", "director_called", "attention_drawn")


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
    # The director rules on the claim or concession when it is brought to him (68D, 69B, 71): at the first
    # objection, withdrawal, call of the director or attention drawn to an irregularity after it; at once when
    # the claim was disputed at the table; at the end of play when the record holds an irregularity whose
    # attention counts as drawn then (no attention_drawn event: ../shared/case-format.md).  Each clause's
    # window is read at that moment.  Nobody raising it, the concession stands (71) and nothing is reopened.
    ruling = next((x for x in after if x.kind in RAISING_EVENTS), None)
    raised = ruling is not None
    ruling_moment = ruling.moment if ruling else e.moment + 1
    if ruling is None and (accepted is False or e.kind == "claim" and disputed):
        raised = True
    elif ruling is None and table.candidates and not any(x.kind == "attention_drawn" for x in table.events) \
            and table.deemed_moment > e.moment:
        raised, ruling_moment = True, table.deemed_moment
    return ClaimTiming(
        raised=raised,
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
        by = getattr(st, "by", None)
        if by and C.side_of(by) != side:
            raise _err(table, where, f"step {i}: {st.text()}: {C.seat_name(by)} is an opponent of the claimer "
                                     f"({SIDE_NAMES[side]}); the line's steps are the claimer's side's plays")


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
    """70C1: the statement speaks of the outstanding trump or says trumps will be drawn.  A trump card
    merely listed among the tricks, or a ruff, is not a statement about the opponents' trump."""
    for st in line:
        if st.kind == "draw_trumps" or (st.kind == "cash" and st.suit == trump):
            return True
    return mentions_outstanding_trump(statement)


def _check_findings(table: Table, e, pos: S.Position, side: str, name: str) -> None:
    """The director's findings name plays of the claimer's side: a seat of that side and a card it held."""
    for i, f in enumerate(e.get(name) or (), start=1):
        where = f"{e.event.where}.{name}[{i}]"
        if C.side_of(f.seat) != side:
            raise _err(table, where, f"{C.seat_name(f.seat)} is not on the claimer's side ({SIDE_NAMES[side]}): "
                                     f"the findings judge the claimer's side's play")
        if f.card not in pos.held(S.seat_id(f.seat)):
            raise _err(table, where, f"{C.seat_name(f.seat)} does not hold {C.card_name(f.card)} when play stops")


def _show_line(table: Table, pos: S.Position, side: str, res: S.SolveResult, pclass: str, confirmed=()) -> list:
    """Keep the least successful normal line for the views (``table.claim_line``), with every play where it
    departs from the side's best normal line and what that costs; a LineDeparture fact for each (70A: a point
    the director may judge careless or irrational for this player)."""
    if not (res.exact and res.line):
        return []
    from engine.mechanics.solver.line import describe  # the solver loads only when a claim needs it

    done = sum(1 for t in table.tricks if t.complete)
    tricks = describe(res.line, S.side_id(side), done + 1, getattr(res, "missed", None))
    answered = {(f.seat, f.card) for f in confirmed}
    departures = []
    for t in tricks:
        led = t["cards"][0]["card"][0]
        for i, c in enumerate(t["cards"]):
            if not c.get("costs"):
                continue
            role = "lead" if i == 0 else "follow" if c["card"][0] == led else \
                "ruff" if c["card"][0] == table.contract.trump else "discard"
            d = {"trick": t["number"], "seat": c["seat"], "card": c["card"], "as": role, "why": c.get("why"),
                 "costs": c["costs"]}
            if c.get("missed"):
                d["missed"] = missed_sentence(c["missed"])
            if (c["seat"], c["card"]) in answered:
                d["answer"] = "normal"
            d["question"] = departure_question(d, SIDE_NAMES[side])
            departures.append(d)
    first = departures[0] if departures else None
    table.claim_line = {"side": side, "tricks": res.value, "best": res.best, "class": pclass, "line": tricks,
                        "falls_short": ({"trick": first["trick"], "seat": first["seat"], "card": first["card"],
                                         "as": first["as"], "why": first["why"],
                                         **({"missed": first["missed"]} if first.get("missed") else {})}
                        if first else None),
                        "departures": departures}
    return [LineDeparture(seat=d["seat"], card=d["card"], trick=d["trick"], role=d["as"], costs=d["costs"],
                          why=d["why"] or "", answer=d.get("answer", ""), question=d["question"])
            for d in departures]


def _show_proposal(table: Table, side: str, res: S.SolveResult, pclass: str, done: int) -> None:
    """Keep the normal line proposed for an award the budget did not settle (``table.claim_line``, marked
    ``proposal``): drawn trick by trick with its count, no departures (its costs were not measured)."""
    from engine.mechanics.solver.line import describe  # the solver loads only when a claim needs it

    table.claim_line = {"side": side, "tricks": res.proposal, "best": None, "class": pclass,
                        "line": describe(res.line, S.side_id(side), done + 1), "falls_short": None,
                        "departures": [], "proposal": True, "lower": res.lower, "upper": res.upper}


def missed_sentence(m: dict) -> str:
    """What the claimer's count did not see at a costly play (``solver.line.missed``), in words."""
    suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    reason = m.get("reason")
    if reason == "split":
        return (f"his count took the {suit[m['suit']]} to split evenly, not seeing that "
                f"{C.seat_name(m['seat'])} holds {m['holds']} of them")
    if reason == "trump":
        who = " and ".join(C.seat_name(x) for x in m["seats"])
        return f"his count did not see the trump{'s' if len(m['seats']) > 1 else ''} {who} still holds"
    if reason == "entry":
        return "his count held as many winners as tricks but did not look at how each hand is reached"
    if reason == "uncounted":
        return f"{C.card_name(m['card'])} was not in his count (a higher card of the suit is still out)"
    return "his count rated this play as highly as the best one"


def departure_question(d: dict, side_name: str) -> str:
    """The director's question about one departure from the claimer's best normal line."""
    verb = {"lead": "leads", "follow": "plays", "discard": "throws", "ruff": "ruffs with"}[d["as"]]
    k = d["costs"]
    why = f" ({d['missed']})" if d.get("missed") else ""
    return (f"At trick {d['trick']} {C.seat_name(d['seat'])} {verb} {C.card_name(d['card'])}{why}, which costs "
            f"{side_name} {k} trick{'s' if k != 1 else ''} against their best normal line. Is that play careless "
            f"or inferior for this player (then it is normal and the award stands), or irrational for him (then "
            f"the award is ruled again without that play)?")


def _doubtful_steps(table: Table, line, held: set, side: str) -> tuple:
    """Steps of a statement read from the text that name a card the side no longer holds are left out:
    a doubtful point, resolved against the claimer (70A) by leaving that choice open."""
    out = []
    for st in line:
        if st.card and st.card not in held:
            table.notes.append({"subject": "statement_card_not_held", "trick": None, "seat": None, "laws": "70A",
                                "text": f"the statement names {C.card_short(st.card)}, which {SIDE_NAMES[side]} "
                                        f"no longer hold: that step is left out, and the choice it would have "
                                        f"made is resolved against the claimer"})
            continue
        out.append(st)
    return tuple(out)


def _expand_crossruff(table: Table, line, pos: S.Position, side: str) -> tuple:
    """'Cross-ruff': ruff alternately in the two hands, each the suit it is void in and partner holds."""
    if not any(st.kind == "crossruff" for st in line):
        return tuple(line)
    trump = table.contract.trump
    a, b = side[0], side[1]
    cards = {x: pos.held(S.seat_id(x)) for x in (a, b)}

    def ruffs(short, long):
        """(suit, rounds): the side suits ``short`` is void in and ``long`` can lead, up to short's trumps."""
        trumps = sum(1 for c in cards[short] if c[0] == trump)
        out = []
        for suit in "SHDC":
            if suit == trump or any(c[0] == suit for c in cards[short]):
                continue
            n = min(trumps, sum(1 for c in cards[long] if c[0] == suit))
            if n:
                out.append((suit, n))
                trumps -= n
        return out

    first, second = ruffs(a, b), ruffs(b, a)
    seq_a = [suit for suit, n in first for _ in range(n)]
    seq_b = [suit for suit, n in second for _ in range(n)]
    steps = []
    for i in range(max(len(seq_a), len(seq_b))):
        for seq in (seq_a, seq_b):
            if i < len(seq):
                steps.append(LineStep("ruff", suit=seq[i], rounds=1))
    out = []
    for st in line:
        out.extend(steps if st.kind == "crossruff" else [st])
    return tuple(out)


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
        named = mentioned or names_trump_card(statement, card)
        out.append(TrumpOut(seat=s, card=card, mentioned=named, aware=aware, can_win=res.lower,
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
