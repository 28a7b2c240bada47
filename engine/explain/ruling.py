"""Ruling a case: mechanics, then the law engine, then the tally and the score.

``rule_case`` is the one entry point.  Working memory is fresh for every case
(``reset()`` on an engine whose rule network is built once per process).

The law can change how the record is read: a substitute the law does not
allow (63B) is not applied, and a trick-12 revoke the director corrects
(62D1) is replayed.  So ``rule_case`` runs mechanics and law until the
adjustments the law asks for are the ones the mechanics applied (at most a
few passes; in practice one or two).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.explain.sentences import describe
from engine.input.caseio import Case
from engine.law.facts import (
    RESULT_FACT_PRODUCERS,
    Conclusion,
    TableFact,
    shown_fields,
    table_facts,
)
from engine.input.auction import passed_out
from engine.mechanics.records import check_case_record
from engine.mechanics.table import Adjustments, Table, build_table
from engine.notation import cards as C
from engine.notation.scoring import duplicate_score
from engine.rules import Firing, LawEngineBase, engine_for, full_engine

def engine() -> LawEngineBase:
    """The engine with every rule (``rule_case`` may use a smaller one: ``rules.engine_for``)."""
    return full_engine()


@dataclass
class Item:
    """A fact or conclusion of one ruling, with its id."""

    id: str
    kind: str
    fields: dict
    fact: object
    law: str = ""
    because: list = field(default_factory=list)
    text: str = ""
    rule: str = ""

    @property
    def is_conclusion(self) -> bool:
        return self.id.startswith("c")


@dataclass
class Step:
    step: int
    rule: str
    law: str
    cites: tuple
    premises: list  # ids
    concluded: list  # ids
    repeated: list  # ids of conclusions it would have declared again


@dataclass
class Ruling:
    case: Case
    table: Table
    facts: dict  # id -> Item (table facts)
    conclusions: list  # Items, in the order concluded
    steps: list  # Steps
    tricks_at_table: int | None
    declarer_tricks: int | None
    transfers_applied: dict  # (trick, seat) -> tricks actually moved
    score: dict | None
    notes: list
    passes: int

    def by_id(self, ident: str) -> Item | None:
        if ident in self.facts:
            return self.facts[ident]
        for c in self.conclusions:
            if c.id == ident:
                return c
        return None

    def of_kind(self, kind: str) -> list:
        return [c for c in self.conclusions if c.kind == kind]

    @property
    def questions(self) -> list:
        return [c.fields["question"] for c in self.conclusions if c.kind in JUDGMENT_KINDS]


# Conclusion kinds that put a question to the director (the engine does not answer it).
JUDGMENT_KINDS = ("equity_review", "question", "line_departure")


def rule_case(case: Case) -> Ruling:
    """The ruling on ``case``: every search of its claims and concessions, through every reading of the record,
    draws on one work budget (``engine.mechanics.claims.Work``)."""
    from engine.mechanics.work import probe_nodes, ruling_work

    with ruling_work(probe=probe_nodes()):
        return _rule_case(case)


def _rule_case(case: Case) -> Ruling:
    check_case_record(case)
    adjustments = Adjustments()
    table = build_table(case, adjustments)
    facts, firings, eng = _run(table)
    for passes in range(2, 6):
        wanted = _wanted_adjustments(table, firings)
        if wanted == adjustments:
            break
        reread = build_table(case, wanted)
        if reread.problems and not table.problems:
            # Play went on as though the substitute had stood (the revoke card is
            # played again later, say): the record cannot be read the law's way.
            table.notes.append({
                "subject": "record_follows_refused_correction", "trick": None, "seat": None, "laws": "63B",
                "text": f"the play record continues as though a substitute the law does not allow had stood "
                        f"({reread.problems[0].problem}); the tally follows the record as played"})
            break
        adjustments, table = wanted, reread
        new_facts = table_facts(table)
        if _same(new_facts, facts):
            continue  # the law sees the same table: its conclusions are the ones it just drew
        facts, firings, eng = _run(table, new_facts)
    else:  # pragma: no cover - the law's requests settle in two passes
        table.notes.append({"subject": "unsettled", "trick": None, "seat": None, "laws": "",
                            "text": "the corrections the law requires did not settle; the last reading is shown"})
    if table.problems:
        raise table.problems[0]
    ruling = _assemble(case, table, facts, firings, passes - 1)
    extra = [f for producer in RESULT_FACT_PRODUCERS for f in producer(ruling)]
    if extra:  # facts from the settled result (Law 78): declared into the same working memory
        if not eng.can_rule(extra):  # rules these reach are not in the engine: the last pass again, on one with them
            facts, firings, eng = _run(table, facts, engine_for(facts + extra))
        eng.declare(*extra)
        eng.run()
        ruling = _assemble(case, table, facts + extra, list(eng.firings), passes - 1)
    return ruling


def _run(table: Table, facts: list | None = None, eng=None) -> tuple[list[TableFact], list[Firing], LawEngineBase]:
    facts = table_facts(table) if facts is None else facts
    eng = eng or engine_for(facts)
    eng.reset()
    eng.declare(*facts)
    eng.run()
    return facts, list(eng.firings), eng


def _same(a: list, b: list) -> bool:
    """Whether two lists of table facts are the same facts (ignoring experta's bookkeeping keys)."""
    def plain(f):
        return {k: v for k, v in f.items() if not str(k).startswith("__")}
    return len(a) == len(b) and all(type(x) is type(y) and plain(x) == plain(y) for x, y in zip(a, b))


def _conclusions(firings: list[Firing]) -> list[Conclusion]:
    return [c for f in firings for c in f.conclusions]


DUTIES = {"lead_suit", "not_lead_suit", "play_highest", "play_lowest", "not_play_suit", "play_card"}


def _wanted_adjustments(table: Table, firings: list[Firing]) -> Adjustments:
    """What the law's conclusions ask the mechanics to read differently (see module doc)."""
    annul, replay, penalty, lifted, duties, ignored = set(), set(), set(), set(), set(), set()
    concluded = _conclusions(firings)
    for c in concluded:
        if c.kind == "option_without_effect":
            ignored.add(c["moment"])
        elif c.kind in ("correction_not_allowed", "retraction_not_allowed"):
            annul.add((c["trick"], c["seat"], c["index"]))
        elif c.kind == "penalty_card":
            penalty.add((c["seat"], c["card"], c["type"], c["moment"], c["law"]))
        elif c.kind == "penalty_card_lifted":
            lifted.add((c["seat"], c["card"], c["moment"]))
        elif c.kind == "obligation" and c["duty"] in DUTIES:
            duties.add((c["seat"], c["duty"], c.get("suit") or c.get("card"), c.get("trick"), c["moment"], c["law"]))
    corrected_in_record = {(p.trick, p.seat) for p in table.plays if p.replaces is not None and not p.synthetic}
    for c in concluded:
        if c.kind == "revoke_must_be_corrected" and c["law"] == "62D1":
            key = (c["trick"], c["seat"])
            if key in corrected_in_record:
                continue
            cand = next((x for x in table.candidates if (x.play.trick, x.play.seat) == key), None)
            if cand and len(cand.legal) == 1 and len(table.case.play) == 13:
                replay.add((key[0], key[1], cand.legal[0]))
    award = None
    for c in concluded:
        # Laws 68-71: the director's award on a claim or concession decides declarer's tricks.
        if c.kind == "tricks_awarded" and table.tally.stated is not None:
            if c["total"] != table.tally.stated[table.declarer_side]:
                award = c["total"]
    wanted = Adjustments(frozenset(annul), frozenset(replay), frozenset(penalty), frozenset(lifted),
                         frozenset(duties), award, frozenset(ignored))
    current = table.adjustments
    if (wanted.penalty, wanted.lifted, wanted.duties) != (current.penalty, current.lifted, current.duties):
        # New duties may explain a replacement that looked unjustified (a penalty card
        # substituted under 52B2): settle the duties before refusing any replacement.
        wanted = Adjustments(current.annul, wanted.replay, wanted.penalty, wanted.lifted, wanted.duties, award,
                             wanted.ignored)
    return wanted


def _assemble(case: Case, table: Table, facts: list[TableFact], firings: list[Firing], passes: int) -> Ruling:
    ids: dict[int, str] = {}
    items: dict[str, Item] = {}
    for n, fact in enumerate(facts, start=1):
        ident = f"f{n}"
        ids[fact["__factid__"]] = ident
        items[ident] = Item(ident, type(fact).kind, shown_fields(fact), fact)
    conclusions: list[Item] = []
    steps: list[Step] = []
    for firing in firings:
        premises = [ids[p["__factid__"]] for p in firing.premises]
        concluded = []
        for c in firing.conclusions:
            ident = f"c{len(conclusions) + 1}"
            ids[c["__factid__"]] = ident
            fields = shown_fields(c)
            item = Item(ident, type(c).kind, fields, c, law=c["law"], because=premises, rule=firing.rule)
            item.text = describe(item.kind, {**fields, "law": c["law"]}, table)
            conclusions.append(item)
            concluded.append(ident)
        repeated = []
        for c in firing.repeated:
            same = _find_same(conclusions, c)
            if same:
                repeated.append(same.id)
        steps.append(Step(firing.step, firing.rule, firing.clause, firing.cites, premises, concluded, repeated))

    transfers, declarer_tricks, notes = _rectified(table, conclusions)
    pending = [c for c in conclusions if c.kind == "award_pending"]
    if pending and not any(c.kind == "tricks_awarded" for c in conclusions):
        # Laws 68-71: a number the award needs is not settled: no result until the director rules
        p = pending[0].fields
        declarer_side = table.declarer_side
        remaining = p["remaining"]
        won = (table.tally.stated or table.tally.by_side)[declarer_side] if table.tally.known else None
        base = None
        if won is not None:
            claimed_here = [f for f in facts if type(f).kind == "claim_event"]
            if claimed_here:
                cf = claimed_here[0]
                base = cf["split_total"] - (cf["kept"] if cf["side"] == declarer_side else remaining - cf["kept"])
        if base is not None:
            lo, hi = (p["lower"], p["upper"]) if p["side"] == declarer_side else \
                (remaining - p["upper"], remaining - p["lower"])
            span = f"{base + lo}" if lo == hi else f"between {base + lo} and {base + hi}"
            what = f"declarer's tricks are {span}, as far as the solver has proven"
        else:
            what = "declarer's tricks cannot be counted yet"
        notes.append({"subject": "result_pending", "trick": None, "seat": None, "laws": "70A",
                      "text": f"the board awaits the director's ruling on the claim: {what}; no score is given"})
        declarer_tricks = None
    tally = table.tally
    tricks_at_table = (tally.stated or tally.by_side)[table.declarer_side] if tally.known else None
    score = None
    if declarer_tricks is not None and case.vulnerable_known:
        score = duplicate_score(case.contract, case.declarer, case.vulnerable, declarer_tricks)
    all_notes = list(table.notes) + notes
    if passed_out(case) and not case.play and not [c for c in conclusions if c.kind != "trick_won"]:
        score = {"NS": 0, "EW": 0}
        all_notes.append({"subject": "passed_out", "trick": None, "seat": None, "laws": "",
                          "text": "the board was passed out: there is no contract and no play, and both sides "
                                  "score zero"})
    elif case.contract is None or (declarer_tricks is None and not case.play):
        pass  # a ruling before or without play: there is no result to count
    elif declarer_tricks is None and any(n["subject"] == "result_pending" for n in all_notes):
        pass  # said above: the result awaits the director's ruling on a claim
    elif declarer_tricks is None:
        all_notes.append({"subject": "result_unknown", "trick": None, "seat": None, "laws": "",
                          "text": "the play record stops before the last trick, with no claim, concession "
                                  "or result, so declarer's tricks cannot be counted (a case file gives the "
                                  "tricks declarer took as its result)"})
    elif not case.vulnerable_known:
        all_notes.append({"subject": "vulnerability_unknown", "trick": None, "seat": None, "laws": "2",
                          "text": "no board number or vulnerability: the score is not computed"})
    return Ruling(case, table, items, conclusions, steps, tricks_at_table, declarer_tricks, transfers, score,
                  all_notes, passes)


def _find_same(conclusions: list[Item], fact) -> Item | None:
    for item in conclusions:
        if type(item.fact) is type(fact) and all(item.fact.get(k) == fact.get(k) for k in fact if not str(k).startswith("__")):
            return item
    return None


def _rectified(table: Table, conclusions: list[Item]) -> tuple[dict, int | None, list]:
    """Declarer's tricks after the transfers (commentary 64.9(ii): only tricks won from the revoke on)."""
    notes: list = []
    transfers = [c for c in conclusions if c.kind == "trick_transfer"]
    applied: dict = {}
    if not table.tally.known:
        return {(c.fields["trick"], c.fields["seat"]): c.fields["tricks"] for c in transfers}, None, notes
    by_side = dict(table.tally.by_side)
    pool = {}
    for side in ("NS", "EW"):
        won = [t.number for t in table.tricks if t.winner and C.side_of(t.winner) == side]
        pool[side] = won + [14] * table.tally.outside_record.get(side, 0)
    for c in conclusions:
        if c.kind == "disputed_trick_awarded":  # 65D, 66D: the trick changes hands before any transfer
            to, t = c.fields["to"], c.fields["trick"]
            if t in pool[C.other_side(to)]:
                pool[C.other_side(to)].remove(t)
                pool[to].append(t)
                by_side[C.other_side(to)] -= 1
                by_side[to] += 1
    for c in sorted(transfers, key=lambda c: -c.fields["trick"]):
        offenders = C.other_side(c.fields["to"])
        eligible = [t for t in pool[offenders] if t >= c.fields["trick"]]
        n = min(c.fields["tricks"], len(eligible))
        for t in sorted(eligible, reverse=True)[:n]:
            pool[offenders].remove(t)
        if n < c.fields["tricks"]:
            notes.append({"subject": "transfer_limited", "trick": c.fields["trick"], "seat": c.fields["seat"],
                          "laws": "commentary 64.9(ii)",
                          "text": f"only {n} of the {c.fields['tricks']} tricks for the revoke in trick "
                                  f"{c.fields['trick']} can be transferred: the other revokes' transfers already "
                                  f"took the offending side's later tricks"})
        by_side[offenders] -= n
        by_side[c.fields["to"]] += n
        applied[(c.fields["trick"], c.fields["seat"])] = n
    return applied, by_side[table.declarer_side], notes


__all__ = ["rule_case", "Ruling", "Item", "Step"]
