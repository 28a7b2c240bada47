"""Duties the law imposed (penalty cards, lead and play restrictions) and every failure to play as
required: the cards that would have complied, the first act after it, when it was noticed.
"""
from __future__ import annotations

from engine.notation import cards as C
from engine.mechanics.table.model import Play, FirstAct, Notice, Candidate, Unable, ChoicePoint, Table, STEP, NEVER, HONOURS


class Duties:
    """Part of the table builder (``engine.mechanics.table``); the methods share its state."""

    def _follow_alternatives(self, play: Play) -> list[str]:
        return C.sort_cards(c for c in play.hand_before if C.suit_of(c) == play.led_suit)

    def _together(self) -> list[tuple]:
        out = []
        for (seat, card, kind, since, law) in sorted(self.adj.penalty, key=lambda x: x[3]):
            majors, minors = self._penalty_cards(seat, since + 1)
            cards = tuple(C.sort_cards(majors + minors))
            if len(cards) >= 2 and (seat, cards) not in [(s, c) for s, c, _ in out]:
                out.append((seat, cards, since + 1))
        return out

    def _duties(self, table: Table) -> list[tuple]:
        """Measure each play against the penalty cards and restrictions the law imposed.

        Returns the failures (play, duty, cards that would have complied,
        faced, suit); records inabilities, lead points and choice points.
        """
        adj = self.adj
        if not (adj.penalty or adj.duties):
            table.lead_points = self._lead_points(table)
            return []
        failures: list[tuple] = []
        played = [p for p in table.plays if p.applied]
        for p in played:
            seat = p.seat
            hand = p.hand_before
            legal = self._legal(p)
            # Lead and play restrictions come first (50E1).
            for (s, duty, arg, trick, since, law) in sorted(adj.duties):
                if s != seat or since >= p.moment:
                    continue
                if duty == "lead_suit" and p.leads and self._first_lead_after(table, seat, since) is p:
                    if not any(C.suit_of(c) == arg for c in hand):
                        table.unable.append(Unable(p, duty))
                    elif C.suit_of(p.card) != arg:
                        failures.append((p, duty, C.sort_cards(c for c in hand if C.suit_of(c) == arg), False, arg,
                                         f"{law}, {self._pos(since)}"))
                    legal = [c for c in legal if C.suit_of(c) == arg] or legal
                elif duty == "not_lead_suit" and p.leads and self._still_on_lead(table, seat, since, p):
                    others = [c for c in hand if C.suit_of(c) != arg]
                    if not others:
                        table.unable.append(Unable(p, duty))
                    elif C.suit_of(p.card) == arg:
                        failures.append((p, duty, C.sort_cards(others), False, arg, f"{law}, {self._pos(since)}"))
                    legal = [c for c in legal if C.suit_of(c) != arg] or legal
                elif duty in ("play_highest", "play_lowest", "not_play_suit") and not p.leads and p.trick == trick \
                        and self._first_play_in_trick(table, seat, trick, since) is p:
                    suit_cards = [c for c in hand if C.suit_of(c) == p.led_suit]
                    if duty == "not_play_suit":
                        others = [c for c in legal if C.suit_of(c) != arg]
                        if suit_cards:
                            pass  # he follows suit: the named suit is not in question
                        elif not others:
                            table.unable.append(Unable(p, duty))
                        elif C.suit_of(p.card) == arg:
                            failures.append((p, duty, C.sort_cards(others), False, arg, f"{law}, {self._pos(since)}"))
                        if not suit_cards and others:
                            legal = others  # the restriction comes before a penalty card (50E1)
                        continue
                    if not suit_cards:
                        table.unable.append(Unable(p, duty))
                        continue
                    pick = max if duty == "play_highest" else min
                    need = pick(suit_cards, key=C.rank_index)
                    if p.card != need:
                        failures.append((p, duty, [need], False, p.led_suit, f"{law}, {self._pos(since)}"))
                    legal = [need]
            # Penalty cards (50D, 50E1, 51A).
            majors, minors = self._penalty_cards(seat, p.moment)
            if len([c for c in majors if c in legal]) >= 2:
                table.choice_points.append(ChoicePoint(p.trick, seat, tuple(C.sort_cards(c for c in majors if c in legal)),
                                                       p.moment - 1, p.at))
            designated = [arg for (s, duty, arg, trick, since, law) in adj.duties
                          if s == seat and duty == "play_card" and since < p.moment and arg in majors]
            if p.card in (designated or majors) or p.card in minors:
                continue
            playable = [c for c in (designated or majors) if c in legal]
            if playable:
                failures.append((p, "play_penalty_card", C.sort_cards(playable), True, C.suit_of(playable[0]),
                                 self._penalty_source(seat, playable[0])))
                continue
            for card in minors:
                suit = C.suit_of(card)
                if card in legal and C.suit_of(p.card) == suit and p.card[1] not in HONOURS:
                    alternatives = [card] + [c for c in legal if C.suit_of(c) == suit and c[1] in HONOURS]
                    failures.append((p, "minor_penalty_card", C.sort_cards(alternatives), True, suit,
                                     self._penalty_source(seat, card)))
                    break
        table.lead_points = self._lead_points(table)
        self._pending_choice(table)
        return failures

    def _pending_choice(self, table: Table) -> None:
        """The record ends with a defender to play who holds two or more major penalty cards he could legally
        play: declarer names which one now, before the card (51A), so the choice point is the position at the end
        of the record.  (Those of the cards played are found from each play: ``_duties``.)  Not after a claim
        or a concession, nor while a lead or play restriction applies to him (it would decide what is legal)."""
        tricks = table.tricks
        if not tricks or sum(1 for st in tricks if st.complete) >= 13 or self.case.result is not None:
            return
        if any(e.kind in ("claim", "concession") and e.event.index not in self.voided for e in table.events):
            return
        last = tricks[-1]
        if last.complete:
            if not last.winner or len(tricks) != last.number:
                return
            seat, led, number, index = last.winner, None, last.number + 1, 0
        else:
            if not last.effective or len(last.effective) != len(last.plays) or last.loot is not None:
                return  # (a card withdrawn, a lead out of turn not yet settled: the turn is not plain)
            seat = C.next_seat(last.effective[-1][0])
            led, number, index = C.suit_of(last.effective[0][1].card), last.number, len(last.plays)
        begin = self.total_entries * STEP + 1
        if table.role(seat, begin) != "defender" or any(s == seat for (s, *_rest) in self.adj.duties):
            return
        gone = {p.card for p in table.plays if p.seat == seat and p.applied and p.withdrawn_at is None
                and not (p.replaced_by is not None and p.replaced_by.applied)}
        hand = [c for c in self.case.hands[seat] if c not in gone]
        legal = [c for c in hand if led and C.suit_of(c) == led] or hand
        majors, _ = self._penalty_cards(seat, (self.total_entries + 1) * STEP, lifted_by=begin)
        cards = [c for c in majors if c in legal]
        if len(cards) >= 2 and not any(cp.trick == number and cp.seat == seat for cp in table.choice_points):
            table.choice_points.append(ChoicePoint(number, seat, tuple(C.sort_cards(cards)), begin - 1,
                                                   f"T{number}.{index}"))

    def _pos(self, moment: int) -> str:
        """The record position of a moment, e.g. T3.1 (after the first card of trick 3)."""
        p = moment // STEP
        for t in range(len(self.offsets), 0, -1):
            if self.offsets[t - 1] <= p:
                return f"T{t}.{p - self.offsets[t - 1]}"
        return "T1.0"

    def _penalty_source(self, seat: str, card: str) -> str:
        laws = sorted((since, law) for (s, c, kind, since, law) in self.adj.penalty if s == seat and c == card)
        since, law = laws[0]
        return f"penalty card {C.card_short(card)} ({law}, {self._pos(since)})"

    def _legal(self, p: Play) -> list[str]:
        if p.leads:
            return list(p.hand_before)
        follow = [c for c in p.hand_before if C.suit_of(c) == p.led_suit]
        return follow or list(p.hand_before)

    def _penalty_cards(self, seat: str, moment: int, lifted_by: int | None = None) -> tuple[list, list]:
        """The seat's penalty cards on the table at ``moment``: (major, minor).

        ``lifted_by``: count only cards picked up before that moment as gone
        (a lead point's options are what lift them).
        """
        kinds: dict[str, str] = {}
        lifted_by = moment if lifted_by is None else lifted_by
        for (s, card, kind, since, law) in self.adj.penalty:
            if s != seat or since >= moment:
                continue
            if any(ls == seat and lc == card and lm < lifted_by for (ls, lc, lm) in self.adj.lifted):
                continue
            if self._played_between(seat, card, since, moment):
                continue
            if kinds.get(card) != "major":
                kinds[card] = kind
        majors = [c for c, k in kinds.items() if k == "major"]
        minors = [c for c, k in kinds.items() if k == "minor"]
        return C.sort_cards(majors), C.sort_cards(minors)

    def _played_between(self, seat: str, card: str, start: int, end: int) -> bool:
        for st in self.states:
            for p in st.plays:
                if p.seat == seat and p.card == card and p.applied and start < p.moment < end:
                    return True
        return False

    def _candidate(self, table: Table, play: Play, duty: str, legal: list, faced: bool, suit: str,
                   source: str) -> Candidate:
        side = C.side_of(play.seat)
        cand = Candidate(play, side, legal, self._first_act(table, play, side), self._notice(table, play, side, duty),
                         duty=duty, faced=faced, suit=suit or "", source=source)
        for p in table.plays:
            if p.moment > play.moment and C.side_of(p.seat) != side and p.applied:
                cand.non_offender_play = p.moment
                break
        return cand

    def _first_act(self, table: Table, play: Play, side: str) -> FirstAct:
        acts: list[FirstAct] = []
        for p in table.plays:
            if p.trick > play.trick and C.side_of(p.seat) == side and p.moment > play.moment:
                acts.append(FirstAct("play", p.seat, p.moment, p.at, p.card))
                break
        for e in table.events:
            if e.moment <= play.moment:
                continue
            by = e.get("by")
            if e.kind == "card_designated" and C.side_of(by) == side and (e.for_trick or 0) > play.trick:
                acts.append(FirstAct("designation", by, e.moment, e.at, e.get("card")))
            elif e.kind in ("claim", "concession") and e.event.index not in table.voided:
                if C.side_of(by) == side:
                    acts.append(FirstAct(e.kind, by, e.moment, e.at))
                elif e.get("accepted", True):
                    acts.append(FirstAct("claim_agreed" if e.kind == "claim" else "concession_agreed",
                                         by, e.moment, e.at))
        if not acts:
            return FirstAct("none", None, NEVER, "never")
        return min(acts, key=lambda a: a.moment)

    def _notice(self, table: Table, play: Play, side: str, duty: str = "follow_suit") -> Notice:
        first = None
        for e in table.events:
            if e.moment <= play.moment:
                continue
            if e.kind == "attention_drawn" and e.get("subject") in ("revoke", "penalty_card") \
                    and (play.trick, play.seat) in e.targets:
                first = e
                break
            if e.kind == "option_chosen" and e.get("option") in ("accept_play", "require_penalty_card") \
                    and play.trick == table.trick_at(e.moment):
                first = e  # a choice about the failure means the director was called to it
                break
        moment = first.moment if first else table.deemed_moment
        # A correction in the record (the offender's later card in the same trick)
        # shows the failure to follow suit had come to light by then, whatever any
        # attention event before it was about (62A: he corrects what he becomes
        # aware of).  A penalty card not played is no such case: the offender may
        # not replace his card on his own (52A), only at declarer's demand (52B2),
        # which is itself a notice (below).
        fix = None
        if duty == "follow_suit":
            fix = next((q for q in table.plays if q.replaces is play and not q.synthetic and q.moment < moment), None)
        if fix is not None:
            first = None
            moment = fix.moment
        before = [e for e in table.events if e.moment < moment]
        calls = {e.get("side") for e in before if e.kind == "next_board_call"}
        return Notice(
            event=first, moment=moment, at=fix.at if fix is not None else first.at if first else "end",
            by=fix.seat if fix is not None else first.get("by") if first else None,
            asked=(first.asked or None) if first else None, by_correction=fix is not None,
            after_call_by_offenders=side in calls,
            after_call_by_non_offenders=C.other_side(side) in calls,
            after_round_end=any(e.kind == "round_ended" for e in before),
            after_hands_returned=any(e.kind in ("hands_returned", "round_ended", "next_board_call") for e in before),
        )
