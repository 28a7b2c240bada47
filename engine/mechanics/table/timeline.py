"""When each event happened, what attention refers to, and the 62D1 replay of trick 13."""
from __future__ import annotations

from engine.input.caseio import Entry, Position
from engine.notation import cards as C
from engine.mechanics.table.model import Play, TimedEvent, STEP


class Timeline:
    """Part of the table builder (``engine.mechanics.table``); the methods share its state."""

    def _time_events(self, record) -> list[TimedEvent]:
        n_tricks = len(record)
        counters: dict[int, int] = {}
        out: list[TimedEvent] = []
        replayed = dict(getattr(self, "replayed", ()))
        for ev in self.case.events:
            pos: Position = ev.at
            if not pos.end and 1 <= pos.k <= replayed.get(pos.trick, -1):
                # Said during the trick the 62D1 correction plays again: before the replay, so
                # after every card of this reading's record (the replayed trick is the director's).
                p = self.total_entries
                base = p * STEP + 400
            elif pos.end:
                p = self.total_entries
                base = p * STEP + 500
            else:
                t, k = pos.trick, pos.k
                if t > n_tricks + 1:
                    raise self.err(f"{ev.where}.at", f"{pos} is after the end of the play record ({n_tricks} tricks)")
                if t == n_tricks + 1:
                    if k != 0:
                        raise self.err(f"{ev.where}.at", f"{pos}: trick {t} is not in the play record")
                    p = self.total_entries
                else:
                    if k > len(record[t - 1]):
                        raise self.err(f"{ev.where}.at", f"{pos}: trick {t} has only {len(record[t - 1])} cards in the record")
                    p = self.offsets[t - 1] + k
                base = p * STEP
            counters[base] = counters.get(base, 0) + 1
            moment = base + 10 * counters[base]
            out.append(TimedEvent(ev, moment, str(pos), position=p))
        out.sort(key=lambda e: e.moment)
        return out

    def _check_claims(self, events: list[TimedEvent]) -> None:
        events = [e for e in events if e.event.index not in self.voided]
        for e in events:
            if e.kind in ("claim", "concession") and e.moment < self.total_entries * STEP:
                raise self.err(f"{e.event.where}.at", f"play continues after the {e.kind} at {e.at}; a {e.kind} ends play (68D)"
                               + (" (if the defender's partner objected at once, record an objection event with "
                                  "immediate: true: 68B)" if e.kind == "concession" else
                                  " (cards played after it count for nothing: record them as a play_after_claim "
                                  "event, not in play)"))
        ends = [e for e in events if e.kind in ("claim", "concession")]
        if len(ends) > 1:
            raise self.err(f"{ends[1].event.where}", f"a second {ends[1].kind}; play had already ended at {ends[0].at}")

    def _deemed_moment(self, events: list[TimedEvent], end_moment: int) -> int:
        """Attention counts as drawn when play ends (after a claim), before later events."""
        ends = [e.moment for e in events if e.kind in ("claim", "concession") and e.event.index not in self.voided]
        return (ends[-1] + 1) if ends else end_moment

    def _resolve_attention(self, events: list[TimedEvent], plays: list[Play], failures: list[Play]) -> None:
        noticed: set = set()
        for e in events:
            if e.kind == "card_designated":
                e.seat = e.get("seat") or e.get("by")
                e.for_trick = e.get("for_trick") or self._next_trick_for(e.seat, e.moment, plays)
                continue
            if e.kind != "attention_drawn":
                continue
            trick, seat = e.get("trick"), e.get("seat")
            if e.get("subject") not in ("revoke", "penalty_card"):
                e.trick, e.seat = trick, seat
                e.asked = e.get("asked") or seat
                continue
            found = None
            for p in reversed(failures):
                if p.moment > e.moment:
                    continue
                if trick is not None and p.trick != trick:
                    continue
                if seat is not None and p.seat != seat:
                    continue
                found = p
                break
            e.trick = trick if trick is not None else (found.trick if found else None)
            e.seat = seat if seat is not None else (found.seat if found else None)
            e.asked = e.get("asked") or e.seat
            e.targets = ((e.trick, e.seat),)
            if trick is None and e.event.at.end:
                # After play, attention without a trick is drawn to every failure not yet noticed
                # (../shared/case-format.md), each first noticed now.
                e.targets = tuple((p.trick, p.seat) for p in failures if p.moment < e.moment
                                  and (seat is None or p.seat == seat) and (p.trick, p.seat) not in noticed)
            noticed.update(e.targets)
            if found is None:
                what = f" in trick {trick}" if trick else ""
                who = f" by {C.SEAT_NAMES[seat]}" if seat else ""
                self.note("no_revoke_found",
                          f"attention was drawn at {e.at} to a revoke{what}{who}, but the record shows no failure to "
                          f"play as required there", "61A", trick=trick, seat=seat)

    def _next_trick_for(self, seat: str | None, moment: int, plays: list[Play]) -> int:
        """The trick a designated card is meant for: the next one the seat has not played to."""
        before = [p for p in plays if p.moment < moment]
        if not before:
            return 1
        current = before[-1].trick
        seats = {p.seat for p in before if p.trick == current}
        return current + 1 if (seat in seats or len(seats) == 4) else current

    def _shift_replacements(self, plays: list[Play], events: list[TimedEvent]) -> None:
        """A substitute takes effect when attention is drawn, if that came later in the record."""
        for p in plays:
            if p.replaces is None:
                continue
            if p.synthetic:
                notices = [e.moment for e in events if e.kind == "attention_drawn" and e.trick == p.trick]
                p.moment = (min(notices) if notices else self.total_entries * STEP + 2) + 1
                p.at = "end"
                continue
            later = [e for e in events if e.kind == "attention_drawn" and e.trick == p.trick and e.moment > p.replaces.moment]
            if later and later[0].moment > p.moment:
                p.moment = later[0].moment + 1
                p.at = later[0].at

    def _superseded_by_replay(self, events: list[TimedEvent]) -> set:
        """Claims and concessions made during a trick the 62D1 correction plays again: the replay decides it."""
        out = set()
        for t, k in getattr(self, "replayed", ()):
            for e in events:
                pos = e.event.at
                if e.kind in ("claim", "concession") and not pos.end and pos.trick == t and 1 <= pos.k <= k:
                    out.add(e.event.index)
                    self.note("claim_in_replayed_trick",
                              f"the {e.kind} at {e.at} was made during trick {t}, which is played again after the "
                              f"correction of the trick-{t - 1} revoke: the replayed trick decides the last trick",
                              "62D1", trick=t)
        return out

    def _replayed(self, record, t: int, seat: str, card: str):
        """Apply the director's correction of a trick-12 revoke and replay trick 13."""
        record = [list(x) for x in record]
        trick = record[t - 1]
        trick.append(Entry(t, len(trick), seat, card, "(director's correction, 62D1)"))
        if len(record) == t + 1:
            # Replay the last trick: each seat plays the one card it has left.
            hands = {s: set(self.case.hands[s]) for s in C.SEATS}
            for entries in record[:t]:
                last: dict[str, str] = {}
                for e in entries:
                    last[e.seat] = e.card
                for s, c in last.items():
                    hands[s].discard(c)
            seen = []
            for e in trick:
                if e.seat not in seen:
                    seen.append(e.seat)
            last = {e.seat: e.card for e in trick}
            eff = [(s, last[s]) for s in seen]
            if len(eff) == 4 and all(len(hands[s]) == 1 for s in C.SEATS):
                if len(record[t]) < 4:  # play stopped in that trick (a claim): the replay supersedes it
                    self.replayed = getattr(self, "replayed", ()) + ((t + 1, len(record[t])),)
                winner, _ = C.trick_winner(eff, self.trump)
                record[t] = [Entry(t + 1, i, s, next(iter(hands[s])), f"(trick {t + 1} replayed after the correction)")
                             for i, s in enumerate(C.next_seat(winner, k) for k in range(4))]
        return record
