"""Who held what when: the walk through the record, each entry against the hand, replacements and
withdrawals, defective tricks and surplus cards.
"""
from __future__ import annotations

from engine.input.caseio import Entry
from engine.notation import cards as C
from engine.mechanics.table.model import Play, TrickState, TimedEvent, Exposure, Defect, Table, STEP


class Hands:
    """Part of the table builder (``engine.mechanics.table``); the methods share its state."""

    def _walk(self, record, events: list[TimedEvent]) -> tuple[list[TrickState], list[Play]]:
        self.dealt_to = {card: seat for seat, cs in self.case.hands.items() for card in cs}
        self.hands = {s: set(cs) for s, cs in self.case.hands.items()}
        self.played_where: dict[str, str] = {}
        self.states: list[TrickState] = []
        plays: list[Play] = []
        pending = list(events)
        for t, entries in enumerate(record, start=1):
            for e in entries:
                g = self.offsets[t - 1] + e.index
                while pending and pending[0].position <= g:
                    self._on_event(pending.pop(0))
                plays.append(self._on_entry(e, g))
        while pending:
            self._on_event(pending.pop(0))
        for st in self.states:
            st.effective = [(s, st.current[s]) for s in st.order]
            self._check_order(st)
            if st.effective:
                winner, card = C.trick_winner([(s, p.card) for s, p in st.effective], self.trump)
                if st.complete or st.number < len(record):
                    st.winner, st.winning_card = winner, card
        return self.states, plays

    def _state(self, t: int) -> TrickState:
        while len(self.states) < t:
            n = len(self.states) + 1
            if n == 1:
                expected = C.next_seat(self.case.declarer)
            else:
                prev = self.states[n - 2]
                eff = [(s, prev.current[s].card) for s in prev.order]
                expected = C.trick_winner(eff, self.trump)[0] if eff else None
            self.states.append(TrickState(n, [], expected))
        return self.states[t - 1]

    def _current_state(self) -> TrickState | None:
        return self.states[-1] if self.states else None

    def _on_entry(self, e: Entry, g: int) -> Play:
        st = self._state(e.trick)
        moment = (g + 1) * STEP
        hand = self.hands[e.seat]
        for card in (e.card,) + e.extra:
            if card not in hand:
                owner = self.dealt_to[card]
                if owner != e.seat:
                    raise self.err(e.where, f"{C.SEAT_NAMES[e.seat]} played {C.card_short(card)}, which was dealt to {C.SEAT_NAMES[owner]}")
                # Possibly only under this reading of a correction: the law
                # may read the record otherwise (see rule_case).
                self.problems.append(self.err(
                    e.where, f"{C.card_short(card)} was played twice (first at {self.played_where[card]})"))
        earlier = st.current.get(e.seat)
        leads = not st.order or (earlier is not None and st.order[0] == e.seat)
        lead_play = st.current[st.order[0]] if st.order else None
        led_suit = C.suit_of(lead_play.card) if lead_play and not leads else None
        play = Play(entry=e, moment=moment, at=f"T{e.trick}.{e.index}", role=self.role(e.seat),
                    hand_before=frozenset(hand), led_suit=led_suit, leads=leads, followed=True,
                    held_led_suit=False, synthetic=e.where.startswith("(director"))
        if earlier is not None:
            play.replaces = earlier
            earlier.replaced_by = play
            if (e.trick, e.seat, e.index) in self.adj.annul:
                play.applied = False
            else:
                hand.add(earlier.card)
                self._take(e, hand)
                st.current[e.seat] = play
        else:
            stays = self._lead(st, play) if not st.order else self._follow(st, play) or True
            if stays:
                self._take(e, hand)
                st.current[e.seat] = play
                if e.seat not in st.order:
                    st.order.append(e.seat)
        if not play.leads:
            play.led_suit = play.led_suit or (C.suit_of(st.current[st.order[0]].card) if st.order else None)
            play.followed = C.suit_of(e.card) == play.led_suit
            play.held_led_suit = any(C.suit_of(c) == play.led_suit for c in play.hand_before)
        st.plays.append(play)
        return play

    def _take(self, e: Entry, hand: set) -> None:
        """The card leaves the hand; surplus cards (``+``) count as still held (67B2)."""
        hand.discard(e.card)
        self.played_where[e.card] = e.where

    def _follow(self, st: TrickState, play: Play) -> None:
        seat = play.seat
        loot = st.loot
        if loot is not None and loot.fate is None and st.order and st.order[0] == loot.seat:
            proper = st.expected_leader
            if seat == C.next_seat(loot.seat) and st.proper_lead_by != seat:
                loot.fate = "accepted_play"  # 53A: the next player played to it
            elif seat == proper and C.side_of(seat) != C.side_of(loot.seat):
                # 53C: the proper lead stands; every card played in error to the
                # trick goes back, the one led out of turn and any played to it.
                for q in [st.current[x] for x in st.order if st.current[x] is not loot]:
                    self._withdraw(st, q, play.moment, "played_in_error")
                self._withdraw(st, loot, play.moment, "proper_lead")
                play.leads, play.led_suit = True, None
                return
            elif (st.order == [loot.seat] and loot.role != "defender" and seat == C.next_seat(loot.seat, -1)
                  and self.role(seat) == "defender"):
                loot.fate = "wrong_defender"  # 53B
        leader = st.order[0]
        waiting = [C.next_seat(leader, k) for k in range(1, 4) if C.next_seat(leader, k) not in st.current]
        expected_next = waiting[0] if waiting else C.next_seat(st.order[-1])
        if seat != expected_next:
            play.out_of_turn, play.proper = "play", expected_next
            mate = C.partner(seat)
            if self.role(seat) == "defender" and mate in waiting and waiting.index(mate) < waiting.index(seat):
                play.premature = True  # before his partner, whose turn came first (57A)

    def _withdraw(self, st: TrickState, play: Play, moment: int, fate: str) -> None:
        play.fate = fate
        play.withdrawn_at = moment
        self.hands[play.seat].add(play.card)
        st.current.pop(play.seat, None)
        if play.seat in st.order:
            st.order.remove(play.seat)
        if st.loot is play:
            st.loot = None

    def _on_event(self, ev: TimedEvent) -> None:
        st = self._current_state()
        kind = ev.kind
        if kind == "card_exposed":
            seat = ev.get("seat")
            trick = st.number if st else 1
            self.exposures.append(Exposure(seat, ev.get("card"), ev.get("how"), ev.moment, ev.at, self.role(seat),
                                           trick))
            return
        if st is None or ev.moment in self.adj.ignored:  # a choice without effect changes nothing (54C)
            return
        loot = st.loot if st.loot is not None and st.loot.fate is None else None
        option = ev.get("option") if kind == "option_chosen" else None
        if kind == "hand_faced" and st.number == 1 and loot is not None and ev.get("by") == self.declarer:
            option = "spread_hand"
        if option == "accept_lead" and loot:
            loot.fate = "accepted_statement"
        elif option == "refuse_lead" and loot:
            for p in [st.current[x] for x in st.order if st.current[x] is not loot]:
                self._withdraw(st, p, ev.moment, "played_to_refused_lead")  # 60C
            self._withdraw(st, loot, ev.moment, "refused")
            st.loot = None
        elif option == "spread_hand" and loot and st.number == 1:
            loot.fate = "spread"
            self.declarer, self.dummy = self.dummy, self.declarer
            self.switch = (ev.moment, self.declarer)
        elif option == "proper_lead":
            st.proper_lead_by = ev.get("by")
        elif option in ("play_highest", "play_lowest", "forbid_suit"):
            for p in reversed(st.plays):
                if p.premature and p.withdrawn_at is None and st.current.get(p.seat) is p:
                    self._withdraw(st, p, ev.moment, "picked_up")
                    break

    def _check_order(self, state: TrickState) -> None:
        if state.effective and not state.complete and state.number < len(self.record):
            missing = [C.SEAT_NAMES[s] for s in C.SEATS if s not in state.order]
            self.note("defective_trick", f"trick {state.number} has no card from {', '.join(missing)} but play went on",
                      "67", trick=state.number)

    def _defects(self, table: Table) -> list[Defect]:
        out = []
        last = len(table.tricks)
        for st in table.tricks:
            nxt = table.tricks[st.number] if st.number < last else None
            both_played = None
            if nxt is not None:
                sides = set()
                for p in nxt.plays:
                    sides.add(C.side_of(p.seat))
                    if len(sides) == 2:
                        both_played = p.moment
                        break
            notices = [e for e in table.events if e.kind == "attention_drawn"
                       and e.get("subject") == "defective_trick" and e.get("trick") in (None, st.number)
                       and e.moment > (st.plays[0].moment if st.plays else 0)]
            notice = notices[0] if notices else None
            in_time = notice is not None and (both_played is None or notice.moment < both_played)
            flagged = {e.get("seat") for e in notices if e.get("trick") == st.number and e.get("seat")}
            for seat in sorted(flagged):
                late = [p for p in st.plays if p.seat == seat and notice and p.moment > notice.moment]
                if late and st.effective:
                    # The trick was turned without his card; he supplied it after attention was drawn.
                    led = C.suit_of(st.effective[0][1].card)
                    out.append(Defect(st.number, seat, "missing", (late[0].card,), led, in_time,
                                      notice.moment, notice.at))
            if st.effective and not st.complete and st.number < last:
                led = C.suit_of(st.effective[0][1].card)
                for seat in C.SEATS:
                    if seat in st.order:
                        continue
                    left = [c for c in self.hands[seat] if C.suit_of(c) == led]
                    out.append(Defect(st.number, seat, "missing", tuple(C.sort_cards(left)), led, in_time,
                                      notice.moment if notice else table.deemed_moment,
                                      notice.at if notice else "end"))
            for p in st.plays:
                if p.entry.extra and p.applied:
                    out.append(Defect(st.number, p.seat, "surplus", p.entry.extra, p.led_suit, in_time,
                                      notice.moment if notice else table.deemed_moment,
                                      notice.at if notice else "end"))
        return out
