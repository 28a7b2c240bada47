"""Leads: in and out of turn, who is on lead after a penalty card, the first lead or play after a moment."""
from __future__ import annotations

from engine.notation import cards as C
from engine.mechanics.table.model import Play, TrickState, LeadPoint, Table, STEP


class Leads:
    """Part of the table builder (``engine.mechanics.table``); the methods share its state."""

    def _lead(self, st: TrickState, play: Play) -> bool:
        """A lead; returns False when the card does not stay on the trick (60B)."""
        play.leads = True
        if st.expected_leader and play.seat != st.expected_leader:
            play.out_of_turn, play.proper = "lead", st.expected_leader
            refused = [q for q in st.plays if q.out_of_turn == "lead" and q.fate == "refused" and q.role != "defender"]
            if refused and play.role == "defender":
                # A defender's card before declarer's lead from the right hand (60B).
                play.fate, play.withdrawn_at = "early", play.moment
                return False
            st.loot = play
        return True

    def _first_lead_after(self, table: Table, seat: str, since: int) -> Play | None:
        for p in table.plays:
            if p.seat == seat and p.leads and p.applied and p.moment > since:
                return p
        return None

    def _still_on_lead(self, table: Table, seat: str, since: int, play: Play) -> bool:
        """A forbidding lasts while the player keeps the lead (50E2a)."""
        for st in table.tricks:
            lead = st.effective[0][1] if st.effective else None
            if lead is None or lead.moment <= since:
                continue
            if lead is play:
                return True
            if lead.seat != seat:
                return False
        return False

    def _first_play_in_trick(self, table: Table, seat: str, trick: int, since: int) -> Play | None:
        for p in table.plays:
            if p.seat == seat and p.trick == trick and p.applied and p.moment > since:
                return p
        return None

    def _lead_points(self, table: Table) -> list[LeadPoint]:
        points = []
        for st in table.tricks:
            if not st.plays or not st.expected_leader:
                continue
            # The lead is due from the end of the last trick (or a refused lead)
            # until the lead is made; the options arise in that window.
            start = self.offsets[st.number - 1] * STEP + 1
            windows = [(start, self._lead_moment(st, start))]
            windows += [(p.withdrawn_at + 1, self._lead_moment(st, p.withdrawn_at + 1))
                        for p in st.plays if p.fate == "refused" and p.withdrawn_at]
            for begin, lead in windows:
                leader = st.expected_leader
                offender = C.partner(leader)
                if table.role(offender, begin) != "defender":
                    continue
                majors, _ = self._penalty_cards(offender, lead, lifted_by=begin)
                if majors:
                    points.append(LeadPoint(st.number, leader, offender, tuple(majors), begin, f"T{st.number}.0"))
        nxt = self._next_lead(table)
        if nxt is not None:
            points.append(nxt)
        return points

    def _next_lead(self, table: Table) -> LeadPoint | None:
        """A record that stops after a complete trick, play not over (the page, entering play card by card):
        the next lead is due now, so its 50E2 options arise before it is made."""
        played = [st for st in table.tricks if st.plays]
        if not played or len(played) >= 13 or self.case.result is not None:
            return None
        last = played[-1]
        if not last.complete or not last.winner or len(played) != len(table.tricks):
            return None
        if any(e.kind in ("claim", "concession") and e.event.index not in self.voided for e in table.events):
            return None
        number = last.number + 1
        begin = self.total_entries * STEP + 1
        leader, offender = last.winner, C.partner(last.winner)
        if table.role(offender, begin) != "defender":
            return None
        majors, _ = self._penalty_cards(offender, (self.total_entries + 1) * STEP, lifted_by=begin)
        return LeadPoint(number, leader, offender, tuple(majors), begin, f"T{number}.0") if majors else None

    def _lead_moment(self, st: TrickState, after: int) -> int:
        """The moment of the first card led to the trick after ``after``."""
        for p in st.plays:
            if p.moment > after and p.leads:
                return p.moment
        return after + 1
