"""The mechanics of the table, computed once per case: no law here.

From a checked ``Case`` this builds a ``Table``:

* the timeline: every card entry and every event gets a *moment* (an integer
  that orders everything that happened), and a position such as ``T3.2``;
* who held what when: each entry knows the seat's hand just before it, and
  whether the seat followed the suit led or held a card of it;
* replacements: a seat's later entry in a trick replaces its earlier one,
  which goes back to the hand (the case format's convention for corrections);
* trick winners (the highest trump, else the highest card of the suit led);
* the tally: tricks won in play, by claim or concession, or unrecorded;
* for every failure to follow suit while holding the suit led: the cards the
  seat could have played, the first thing the seat's side did afterwards,
  and when attention was first drawn to it.

Records that are irregular but possible (a lead out of turn, a trick a seat
did not play to) are kept and listed in ``notes``; records that are
impossible (a card not held, a card played twice) raise ``CaseError``.

``Adjustments`` carry what the law decided about the record back into the
mechanics: a substitute card the law does not allow (63B) is not applied,
and a trick-12 revoke the director corrects (62D1) is replayed.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from . import cards as C
from .caseio import Case, CaseError, Entry, Event, Position

STEP = 1000  # moments between two consecutive entries
NEVER = 10 ** 9  # a moment after everything


@dataclass
class Play:
    entry: Entry
    moment: int
    at: str
    role: str  # declarer, dummy, defender
    hand_before: frozenset
    led_suit: str | None
    leads: bool
    followed: bool
    held_led_suit: bool
    replaces: "Play | None" = None
    replaced_by: "Play | None" = None
    applied: bool = True  # for a replacement: whether it took effect
    synthetic: bool = False  # a correction the director applies (62D1)

    @property
    def trick(self) -> int:
        return self.entry.trick

    @property
    def seat(self) -> str:
        return self.entry.seat

    @property
    def card(self) -> str:
        return self.entry.card

    @property
    def index(self) -> int:
        return self.entry.index

    @property
    def failed_to_follow(self) -> bool:
        return (not self.leads) and (not self.followed) and self.held_led_suit


@dataclass
class TrickState:
    number: int
    plays: list[Play]
    expected_leader: str | None
    effective: list[tuple[str, Play]] = field(default_factory=list)
    winner: str | None = None
    winning_card: str | None = None

    @property
    def complete(self) -> bool:
        return len(self.effective) == 4

    @property
    def leader(self) -> str:
        return self.plays[0].seat


@dataclass
class TimedEvent:
    event: Event
    moment: int
    at: str
    # attention_drawn, resolved
    trick: int | None = None
    seat: str | None = None
    asked: str | None = None
    for_trick: int | None = None

    @property
    def kind(self) -> str:
        return self.event.kind

    def get(self, key, default=None):
        return self.event.fields.get(key, default)


@dataclass
class FirstAct:
    act: str  # play, designation, claim, concession, claim_agreed, none
    by: str | None
    moment: int
    at: str
    detail: str = ""  # the card played or designated


@dataclass
class Notice:
    event: TimedEvent | None  # None when deemed drawn at the end
    moment: int
    at: str
    by: str | None
    asked: str | None
    after_call_by_offenders: bool
    after_call_by_non_offenders: bool
    after_round_end: bool
    after_hands_returned: bool

    @property
    def deemed(self) -> bool:
        return self.event is None


@dataclass
class Candidate:
    """A failure to follow suit while holding a card of the suit led."""

    play: Play
    side: str
    legal: list[str]
    first_act: FirstAct
    notice: Notice


@dataclass(frozen=True)
class Adjustments:
    annul: frozenset = frozenset()  # {(trick, seat, index)} substitutes not applied
    replay: frozenset = frozenset()  # {(trick, seat, card)} corrections the director applies

    def __bool__(self) -> bool:
        return bool(self.annul or self.replay)


@dataclass
class Tally:
    known: bool
    by_side: dict[str, int]  # tricks each side took at the table
    outside_record: dict[str, int]  # claimed, conceded or unrecorded tricks
    how: str  # "play", "claim", "concession", "result", "unknown"


@dataclass
class Table:
    case: Case
    contract: C.Contract
    declarer: str
    dummy: str
    declarer_side: str
    opening_leader: str
    tricks: list[TrickState]
    plays: list[Play]
    events: list[TimedEvent]
    end_moment: int
    deemed_moment: int
    tally: Tally
    candidates: list[Candidate]
    notes: list[dict]
    adjustments: Adjustments
    problems: list = field(default_factory=list)  # impossible under this reading of corrections

    def role(self, seat: str) -> str:
        if seat == self.declarer:
            return "declarer"
        if seat == self.dummy:
            return "dummy"
        return "defender"

    def tricks_from(self, trick: int, side: str) -> int:
        """Tricks ``side`` took from trick ``trick`` to the end (claims included)."""
        won = sum(1 for t in self.tricks if t.number >= trick and t.winner and C.side_of(t.winner) == side)
        return won + self.tally.outside_record.get(side, 0)

    def position(self, moment: int) -> str:
        for p in self.plays:
            if p.moment == moment:
                return p.at
        for e in self.events:
            if e.moment == moment:
                return e.at
        return "end"


def build_table(case: Case, adjustments: Adjustments = Adjustments()) -> Table:
    return _Builder(case, adjustments).build()


class _Builder:
    def __init__(self, case: Case, adjustments: Adjustments):
        self.case = case
        self.adj = adjustments
        self.declarer = case.declarer
        self.dummy = C.partner(case.declarer) if case.declarer else None  # no contract: a ruling before play
        self.trump = case.contract.trump if case.contract else None
        self.notes: list[dict] = []
        self.problems: list[CaseError] = []

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

    # -- the record -------------------------------------------------------

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

        tricks, plays = self._walk(record)
        events = self._time_events(record)
        self._check_claims(events)
        end_moment = self.total_entries * STEP + 1
        deemed = self._deemed_moment(events, end_moment)
        self._resolve_attention(events, plays)
        self._shift_replacements(plays, events)
        tally = self._tally(tricks, events)
        declarer_side = C.side_of(self.declarer) if self.declarer else None
        table = Table(
            case=self.case, contract=self.case.contract, declarer=self.declarer, dummy=self.dummy,
            declarer_side=declarer_side, opening_leader=C.next_seat(self.declarer) if self.declarer else None,
            tricks=tricks,
            plays=plays, events=events, end_moment=end_moment, deemed_moment=deemed, tally=tally,
            candidates=[], notes=self.notes, adjustments=self.adj, problems=self.problems,
        )
        table.candidates = [self._candidate(table, p) for p in plays if p.failed_to_follow]
        return table

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
            eff = []
            seen = []
            for e in trick:
                if e.seat not in seen:
                    seen.append(e.seat)
            last = {e.seat: e.card for e in trick}
            eff = [(s, last[s]) for s in seen]
            if len(eff) == 4 and all(len(hands[s]) == 1 for s in C.SEATS):
                winner, _ = C.trick_winner(eff, self.trump)
                record[t] = [Entry(t + 1, i, s, next(iter(hands[s])), f"(trick {t + 1} replayed after the correction)")
                             for i, s in enumerate(C.next_seat(winner, k) for k in range(4))]
        return record

    def _walk(self, record) -> tuple[list[TrickState], list[Play]]:
        dealt_to = {card: seat for seat, cs in self.case.hands.items() for card in cs}
        hands = {s: set(cs) for s, cs in self.case.hands.items()}
        played_where: dict[str, str] = {}
        tricks: list[TrickState] = []
        plays: list[Play] = []
        expected = C.next_seat(self.declarer) if self.declarer else None
        for t, entries in enumerate(record, start=1):
            state = TrickState(t, [], expected)
            current: dict[str, Play] = {}
            order: list[str] = []
            for e in entries:
                g = self.offsets[t - 1] + e.index
                moment = (g + 1) * STEP
                at = f"T{t}.{e.index}"
                hand = hands[e.seat]
                if e.card not in hand:
                    owner = dealt_to[e.card]
                    if owner != e.seat:
                        raise self.err(e.where, f"{C.SEAT_NAMES[e.seat]} played {C.card_short(e.card)}, which was dealt to {C.SEAT_NAMES[owner]}")
                    # Possibly only under this reading of a correction: the law
                    # may read the record otherwise (see rule_case).
                    self.problems.append(self.err(
                        e.where, f"{C.card_short(e.card)} was played twice (first at {played_where[e.card]})"))
                lead_play = current.get(order[0]) if order else None
                led_suit = C.suit_of(lead_play.card) if lead_play else None
                leads = not order
                followed = leads or C.suit_of(e.card) == led_suit
                held = led_suit is not None and any(C.suit_of(c) == led_suit for c in hand)
                play = Play(entry=e, moment=moment, at=at, role=self.role(e.seat), hand_before=frozenset(hand),
                            led_suit=led_suit, leads=leads, followed=followed, held_led_suit=held,
                            synthetic=e.where.startswith("(director"))
                earlier = current.get(e.seat)
                if earlier is not None:
                    play.replaces = earlier
                    earlier.replaced_by = play
                    if (t, e.seat, e.index) in self.adj.annul:
                        play.applied = False
                    else:
                        hand.add(earlier.card)
                        hand.discard(e.card)
                        played_where[e.card] = e.where
                        current[e.seat] = play
                else:
                    order.append(e.seat)
                    hand.discard(e.card)
                    played_where[e.card] = e.where
                    current[e.seat] = play
                state.plays.append(play)
                plays.append(play)
            state.effective = [(s, current[s]) for s in order]
            self._check_order(state)
            if state.effective:
                winner, card = C.trick_winner([(s, p.card) for s, p in state.effective], self.trump)
                if state.complete or t < len(record):
                    state.winner, state.winning_card = winner, card
                    expected = winner
                if not state.complete and t < len(record):
                    missing = [C.SEAT_NAMES[s] for s in C.SEATS if s not in order]
                    self.note("defective_trick", f"trick {t} has no card from {', '.join(missing)} but play went on",
                              "67", trick=t)
            tricks.append(state)
        return tricks, plays

    def _check_order(self, state: TrickState) -> None:
        order = [s for s, _ in state.effective]
        if not order:
            return
        if state.expected_leader and order[0] != state.expected_leader:
            self.note("lead_out_of_turn",
                      f"{C.SEAT_NAMES[order[0]]} led to trick {state.number}; {C.SEAT_NAMES[state.expected_leader]} was on lead",
                      "53-56", trick=state.number, seat=order[0])
        for i, seat in enumerate(order[1:], start=1):
            if seat != C.next_seat(order[0], i):
                self.note("play_out_of_turn",
                          f"{C.SEAT_NAMES[seat]} played out of rotation in trick {state.number}",
                          "57", trick=state.number, seat=seat)
                break

    # -- events -----------------------------------------------------------

    def _time_events(self, record) -> list[TimedEvent]:
        n_tricks = len(record)
        counters: dict[int, int] = {}
        out: list[TimedEvent] = []
        for ev in self.case.events:
            pos: Position = ev.at
            if pos.end:
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
            out.append(TimedEvent(ev, moment, str(pos)))
        out.sort(key=lambda e: e.moment)
        return out

    def _check_claims(self, events: list[TimedEvent]) -> None:
        for e in events:
            if e.kind in ("claim", "concession") and e.moment < self.total_entries * STEP:
                raise self.err(f"{e.event.where}.at", f"play continues after the {e.kind} at {e.at}; a {e.kind} ends play (68D)")
        ends = [e for e in events if e.kind in ("claim", "concession")]
        if len(ends) > 1:
            raise self.err(f"{ends[1].event.where}", f"a second {ends[1].kind}; play had already ended at {ends[0].at}")

    def _deemed_moment(self, events: list[TimedEvent], end_moment: int) -> int:
        """Attention counts as drawn when play ends (after a claim), before later events."""
        ends = [e.moment for e in events if e.kind in ("claim", "concession")]
        return (ends[-1] + 1) if ends else end_moment

    def _resolve_attention(self, events: list[TimedEvent], plays: list[Play]) -> None:
        failures = [p for p in plays if p.failed_to_follow]
        for e in events:
            if e.kind == "card_designated":
                e.seat = e.get("seat") or e.get("by")
                e.for_trick = e.get("for_trick") or self._next_trick_for(e.seat, e.moment, plays)
                continue
            if e.kind != "attention_drawn":
                continue
            trick, seat = e.get("trick"), e.get("seat")
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
            if found is None:
                what = f" in trick {trick}" if trick else ""
                who = f" by {C.SEAT_NAMES[seat]}" if seat else ""
                self.note("no_revoke_found",
                          f"attention was drawn at {e.at} to a revoke{what}{who}, but the record shows no failure to follow suit there",
                          "61A", trick=trick, seat=seat)

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

    # -- tally ------------------------------------------------------------

    def _tally(self, tricks: list[TrickState], events: list[TimedEvent]) -> Tally:
        by_side = {"NS": 0, "EW": 0}
        if self.declarer is None:  # no contract: nothing to count
            return Tally(False, by_side, {"NS": 0, "EW": 0}, "unknown")
        for t in tricks:
            if t.winner:
                by_side[C.side_of(t.winner)] += 1
        counted = sum(by_side.values())
        remaining = 13 - counted
        outside = {"NS": 0, "EW": 0}
        declarer_side = C.side_of(self.declarer)
        ending = [e for e in events if e.kind in ("claim", "concession")]
        if ending:
            e = ending[0]
            n = e.get("tricks")
            if n > remaining:
                raise self.err(f"{e.event.where}.tricks", f"{n} tricks, but only {remaining} remain after the play record")
            by = e.get("by")
            side = C.side_of(by)
            if e.kind == "claim":
                outside[side], outside[C.other_side(side)] = n, remaining - n
                if e.get("accepted", True) is False:
                    self.note("disputed_claim", f"the claim at {e.at} was not accepted; it is counted as stated until Laws 68-71 are implemented",
                              "68-71", seat=by)
            else:
                outside[C.other_side(side)], outside[side] = n, remaining - n
            how = e.kind
            if self.case.result is not None:
                total = by_side[declarer_side] + outside[declarer_side]
                if total != self.case.result:
                    raise self.err("result", f"{self.case.result} tricks, but the play and the {e.kind} give declarer {total}")
        elif remaining == 0:
            how = "play"
            if self.case.result is not None and self.case.result != by_side[declarer_side]:
                raise self.err("result", f"{self.case.result} tricks, but the play record gives declarer {by_side[declarer_side]}")
        elif self.case.result is not None:
            extra = self.case.result - by_side[declarer_side]
            if not 0 <= extra <= remaining:
                raise self.err("result", f"{self.case.result} tricks is impossible: declarer took {by_side[declarer_side]} of the {counted} recorded tricks")
            outside[declarer_side], outside[C.other_side(declarer_side)] = extra, remaining - extra
            how = "result"
        else:
            return Tally(False, by_side, outside, "unknown")
        return Tally(True, {s: by_side[s] + outside[s] for s in by_side}, outside, how)

    # -- failures to follow -------------------------------------------------

    def _candidate(self, table: Table, play: Play) -> Candidate:
        side = C.side_of(play.seat)
        legal = C.sort_cards(c for c in play.hand_before if C.suit_of(c) == play.led_suit)
        return Candidate(play, side, legal, self._first_act(table, play, side), self._notice(table, play, side))

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
            elif e.kind in ("claim", "concession"):
                if C.side_of(by) == side:
                    acts.append(FirstAct(e.kind, by, e.moment, e.at))
                elif e.get("accepted", True):
                    acts.append(FirstAct("claim_agreed" if e.kind == "claim" else "concession_agreed",
                                         by, e.moment, e.at))
        if not acts:
            return FirstAct("none", None, NEVER, "never")
        return min(acts, key=lambda a: a.moment)

    def _notice(self, table: Table, play: Play, side: str) -> Notice:
        first = None
        for e in table.events:
            if e.kind == "attention_drawn" and e.trick == play.trick and e.seat == play.seat and e.moment > play.moment:
                first = e
                break
        moment = first.moment if first else table.deemed_moment
        before = [e for e in table.events if e.moment < moment]
        calls = {e.get("side") for e in before if e.kind == "next_board_call"}
        return Notice(
            event=first, moment=moment, at=first.at if first else "end",
            by=first.get("by") if first else None, asked=first.asked if first else None,
            after_call_by_offenders=side in calls,
            after_call_by_non_offenders=C.other_side(side) in calls,
            after_round_end=any(e.kind == "round_ended" for e in before),
            after_hands_returned=any(e.kind in ("hands_returned", "round_ended", "next_board_call") for e in before),
        )
