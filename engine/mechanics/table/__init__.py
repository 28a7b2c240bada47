"""The mechanics of the table, computed once per case: no law here.

(The package: ``model`` holds the data, and the builder's parts are ``timeline``, ``hands``,
``leads``, ``duties`` and ``tally``.)

From a checked ``Case`` this builds a ``Table``:

* the timeline: every card entry and every event gets a *moment* (an integer
  that orders everything that happened), and a position such as ``T3.2``;
  cards and events are walked together, in the order they happened;
* who held what when: each entry knows the seat's hand just before it, and
  whether the seat followed the suit led or held a card of it;
* replacements: a seat's later entry in a trick replaces its earlier one,
  which goes back to the hand (the case format's convention for corrections);
* leads and plays out of turn: which lead was out of turn and what became of
  it (accepted by statement or by the next player's card, refused, displaced
  by the proper lead), which defender played before his partner; declarer
  facing his hand after the opening lead out of turn (the roles switch);
* exposed cards (events), and cards put on a trick together (``E:H7+H3``);
* trick winners (the highest trump, else the highest card of the suit led);
* the tally: tricks won in play, by claim or concession, or unrecorded;
* for every failure to play as required -- to follow suit, or (once the law
  has said so) to honour a penalty card or a lead or play restriction -- the
  cards that would have complied, the first thing the offending side did
  afterwards, and when attention was first drawn to it.

Records that are irregular but possible (a lead out of turn, a trick a seat
did not play to) are kept; records that are impossible (a card not held, a
card played twice) raise ``CaseError``.

``Adjustments`` carry what the law decided back into the mechanics: a
substitute the law does not allow (63B, 47G) is not applied; a trick-12
revoke the director corrects (62D1) is replayed; penalty cards, lifted
penalty cards and lead or play restrictions become duties whose keeping the
mechanics measure play by play.  ``engine.explain.ruling`` iterates until the law's
verdicts and the reading agree.
"""
from __future__ import annotations

import dataclasses

from engine.input.caseio import Case, CaseError
from engine.mechanics.table.duties import Duties
from engine.mechanics.table.hands import Hands
from engine.mechanics.table.leads import Leads
from engine.mechanics.table.model import (  # noqa: F401  (re-exported: engine.mechanics.table's names)
    HONOURS, NEVER, STEP, Adjustments, Candidate, ChoicePoint, Defect, Exposure, FirstAct, LeadPoint, Notice, Play,
    Table, Tally, TimedEvent, TrickState, Unable, voided_concessions,
)
from engine.mechanics.table.tally import Tallying
from engine.mechanics.table.timeline import Timeline
from engine.notation import cards as C


def build_table(case: Case, adjustments: Adjustments = Adjustments()) -> Table:
    return _Builder(case, adjustments).build()


class _Builder(Timeline, Hands, Leads, Duties, Tallying):
    """Builds one Table; each part of the work is a base class (see the package's modules)."""

    def __init__(self, case: Case, adjustments: Adjustments):
        self.case = case
        self.adj = adjustments
        self.declarer = case.declarer
        self.dummy = C.partner(case.declarer) if case.declarer else None  # no contract: a ruling before play
        self.trump = case.contract.trump if case.contract else None
        self.notes: list[dict] = []
        self.problems: list[CaseError] = []
        self.exposures: list[Exposure] = []
        self.switch: tuple | None = None

    def err(self, where: str, problem: str) -> CaseError:
        return CaseError(self.case.path, where, problem)

    def role(self, seat: str) -> str:
        if seat == self.declarer:
            return "declarer"
        if seat == self.dummy:
            return "dummy"
        return "defender"

    def note(self, subject: str, text: str, laws: str, trick: int | None = None, seat: str | None = None) -> None:
        self.notes.append({"subject": subject, "trick": trick, "seat": seat, "laws": laws, "text": text})

    def build(self) -> Table:
        record = [list(t) for t in self.case.play]
        for (t, seat, card) in sorted(self.adj.replay):
            record = self._replayed(record, t, seat, card)
        self.record = record
        self.offsets = []
        total = 0
        for trick in record:
            self.offsets.append(total)
            total += len(trick)
        self.total_entries = total

        events = self._time_events(record)
        self.voided = voided_concessions(events, self.role) | self._superseded_by_replay(events)
        tricks, plays = self._walk(record, events)
        self._check_claims(events)
        end_moment = self.total_entries * STEP + 1
        deemed = self._deemed_moment(events, end_moment)
        tally = self._tally(tricks, events)
        table = Table(
            case=self.case, contract=self.case.contract, declarer=self.declarer, dummy=self.dummy,
            declarer_side=C.side_of(self.declarer) if self.declarer else None,  # no contract: before play
            opening_leader=C.next_seat(self.case.declarer) if self.case.declarer else None, tricks=tricks,
            plays=plays, events=events, end_moment=end_moment, deemed_moment=deemed, tally=tally,
            candidates=[], notes=self.notes, adjustments=self.adj, problems=self.problems,
            exposures=self.exposures, switch=self.switch, voided=frozenset(self.voided),
        )
        breaches = self._duties(table)
        failures = [(p, "follow_suit", self._follow_alternatives(p), False, p.led_suit, "")
                    for p in plays if p.failed_to_follow and p.applied]
        failures += breaches
        failures.sort(key=lambda f: f[0].moment)
        self._resolve_attention(events, plays, [f[0] for f in failures])
        self._shift_replacements(plays, events)
        table.candidates = [self._candidate(table, *f) for f in failures]
        if self.adj.replay:
            self._first_acts_as_played(table)
        table.defects = self._defects(table)
        table.together = self._together()
        for x in self.exposures:
            with_it = any(y is not x and y.seat == x.seat and y.at == x.at and y.how != "premature_lead"
                          for y in self.exposures)
            x.alone = not with_it and not sum(self._penalty_cards(x.seat, x.moment), [])
        return table

    def _first_acts_as_played(self, table: Table) -> None:
        """A revoke the director corrects under 62D1 was established, or not, by what the offending side did
        in the play as it happened: its first act is read on the record before the replay and placed at the
        same position of the replayed one (the same event, or the card at the same place of the trick)."""
        played = build_table(self.case, dataclasses.replace(self.adj, replay=frozenset()))
        replayed = {(t, seat) for (t, seat, _) in self.adj.replay}
        before = {(c.play.trick, c.play.seat): c.first_act for c in played.candidates}
        for cand in table.candidates:
            key = (cand.play.trick, cand.play.seat)
            act = before.get(key)
            if key not in replayed or act is None or act.act == "none":
                continue
            if act.act == "play":
                old = next(p for p in played.plays if p.moment == act.moment)
                new = next((p for p in table.plays if (p.trick, p.index) == (old.trick, old.index)), None)
                if new is None:
                    continue
                moment, at = new.moment, new.at
            else:
                index = next(e.event.index for e in played.events if e.moment == act.moment)
                new_event = next(e for e in table.events if e.event.index == index)
                moment, at = new_event.moment, new_event.at
            cand.first_act = FirstAct(act.act, act.by, moment, at, act.detail)
