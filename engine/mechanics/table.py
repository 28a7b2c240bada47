"""The mechanics of the table, computed once per case: no law here.

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

from dataclasses import dataclass, field

from engine.input.caseio import Case, CaseError, Entry, Event, Position
from engine.notation import cards as C

STEP = 1000  # moments between two consecutive entries
NEVER = 10 ** 9  # a moment after everything
HONOURS = set("AKQJT")


@dataclass
class Play:
    entry: Entry
    moment: int
    at: str
    role: str  # declarer, dummy, defender (at the time of the play)
    hand_before: frozenset
    led_suit: str | None
    leads: bool
    followed: bool
    held_led_suit: bool
    replaces: "Play | None" = None
    replaced_by: "Play | None" = None
    applied: bool = True  # for a replacement: whether it took effect
    synthetic: bool = False  # a correction the director applies (62D1)
    out_of_turn: str | None = None  # "lead" or "play"
    proper: str | None = None  # the seat whose turn it was
    premature: bool = False  # a defender played before his partner (57A)
    fate: str | None = None  # what became of a lead out of turn or a premature play
    withdrawn_at: int | None = None  # taken back other than by a replacement

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
    current: dict = field(default_factory=dict)  # seat -> Play on the table
    order: list = field(default_factory=list)  # seats, in the order their cards were placed
    loot: Play | None = None  # an unresolved lead out of turn
    proper_lead_by: str | None = None  # a 53C proper lead announced

    @property
    def complete(self) -> bool:
        return len(self.effective) == 4

    @property
    def leader(self) -> str:
        return self.effective[0][0] if self.effective else self.plays[0].seat


@dataclass
class TimedEvent:
    event: Event
    moment: int
    at: str
    position: int = 0  # entries before it
    # attention_drawn, resolved
    trick: int | None = None
    seat: str | None = None
    asked: str | None = None
    for_trick: int | None = None
    targets: tuple = ()  # attention_drawn: the (trick, seat) of each failure it first notices

    @property
    def kind(self) -> str:
        return self.event.kind

    def get(self, key, default=None):
        return self.event.fields.get(key, default)


@dataclass
class FirstAct:
    act: str  # play, designation, claim, concession, claim_agreed, concession_agreed, none
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
    """A failure to play as required: to follow suit, or to honour a duty the law imposed."""

    play: Play
    side: str
    legal: list[str]  # the cards that would have complied
    first_act: FirstAct
    notice: Notice
    duty: str = "follow_suit"
    faced: bool = False  # the card required was face up on the table (a penalty card)
    suit: str = ""  # the suit concerned (64B2)
    non_offender_play: int = NEVER  # the first card the non-offending side played afterwards
    source: str = ""  # where the duty came from: "penalty card HK (56, T1.1)"


@dataclass
class Exposure:
    seat: str
    card: str
    how: str
    moment: int
    at: str
    role: str
    trick: int
    alone: bool = True  # no other penalty card of his on the table, none exposed with it (50C)


@dataclass
class Unable:
    play: Play
    duty: str


@dataclass
class LeadPoint:
    """The partner of a defender with a major penalty card is to lead (50E2, 51B)."""

    trick: int
    leader: str
    offender: str
    cards: tuple
    moment: int
    at: str


@dataclass
class ChoicePoint:
    """A defender to play with two or more major penalty cards he could legally play (50E1, 51A)."""

    trick: int
    seat: str
    cards: tuple
    moment: int
    at: str


@dataclass
class Defect:
    """A trick a seat did not play to (``missing``) or put two or more cards on (``surplus``)."""

    trick: int
    seat: str
    kind: str
    cards: tuple  # surplus cards, or for a missing card the seat's cards of the suit led at the end
    led_suit: str | None
    in_time: bool  # noticed before each side had played to the next trick
    moment: int
    at: str


@dataclass(frozen=True)
class Adjustments:
    annul: frozenset = frozenset()  # {(trick, seat, index)} substitutes not applied
    replay: frozenset = frozenset()  # {(trick, seat, card)} corrections the director applies
    penalty: frozenset = frozenset()  # {(seat, card, type, since, law)} penalty cards from the law
    lifted: frozenset = frozenset()  # {(seat, card, moment)} penalty cards picked up
    duties: frozenset = frozenset()  # {(seat, duty, arg, trick, since, law)} restrictions chosen
    award: int | None = None  # declarer's tricks as the director rules a claim or concession (68-71)

    def __bool__(self) -> bool:
        return bool(self.annul or self.replay or self.penalty or self.lifted or self.duties
                    or self.award is not None)


@dataclass
class Tally:
    known: bool
    by_side: dict[str, int]  # tricks each side took at the table
    outside_record: dict[str, int]  # claimed, conceded or unrecorded tricks
    how: str  # "play", "claim", "concession", "result", "unknown"
    stated: dict | None = None  # by side, as the claim or concession had it (before the director's award)


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
    exposures: list = field(default_factory=list)
    unable: list = field(default_factory=list)
    lead_points: list = field(default_factory=list)
    choice_points: list = field(default_factory=list)
    defects: list = field(default_factory=list)
    switch: tuple | None = None  # (moment, new declarer) after 54A
    together: list = field(default_factory=list)  # (seat, cards, moment): two or more penalty cards at once
    voided: frozenset = frozenset()  # event indices of concessions that did not take place (68B)

    def role(self, seat: str, moment: int = NEVER) -> str:
        if self.case.declarer is None:  # a ruling before play: no roles yet
            return "player"
        declarer, dummy = self.case.declarer, C.partner(self.case.declarer)
        if self.switch and moment > self.switch[0]:
            declarer, dummy = dummy, declarer
        if seat == declarer:
            return "declarer"
        if seat == dummy:
            return "dummy"
        return "defender"

    def trick_at(self, moment: int) -> int:
        """The trick of the last card played before ``moment`` (1 before any card)."""
        before = [p.trick for p in self.plays if p.moment < moment]
        return before[-1] if before else 1

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


def voided_concessions(events: list, role) -> set:
    """Concessions that did not take place: a defender's, objected to at once by his partner (68B).

    Read from the record: the partner's ``objection`` with ``immediate: true``
    at the same position.  Play may go on after such a concession.
    """
    out = set()
    for i, e in enumerate(events):
        if e.kind != "concession" or role(e.get("by")) != "defender":
            continue
        for f in events[i + 1:]:
            if f.at != e.at:
                break
            if f.kind == "objection" and f.get("immediate") is True and f.get("by") == C.partner(e.get("by")):
                out.add(e.event.index)
                break
    return out


class _Builder:
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
        table.defects = self._defects(table)
        table.together = self._together()
        for x in self.exposures:
            with_it = any(y is not x and y.seat == x.seat and y.at == x.at and y.how != "premature_lead"
                          for y in self.exposures)
            x.alone = not with_it and not sum(self._penalty_cards(x.seat, x.moment), [])
        return table

    def _together(self) -> list[tuple]:
        out = []
        for (seat, card, kind, since, law) in sorted(self.adj.penalty, key=lambda x: x[3]):
            majors, minors = self._penalty_cards(seat, since + 1)
            cards = tuple(C.sort_cards(majors + minors))
            if len(cards) >= 2 and (seat, cards) not in [(s, c) for s, c, _ in out]:
                out.append((seat, cards, since + 1))
        return out

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

    def _follow(self, st: TrickState, play: Play) -> None:
        seat = play.seat
        loot = st.loot
        if loot is not None and loot.fate is None and st.order == [loot.seat]:
            proper = st.expected_leader
            if seat == C.next_seat(loot.seat) and st.proper_lead_by != seat:
                loot.fate = "accepted_play"  # 53A: the next player played to it
            elif seat == proper and C.side_of(seat) != C.side_of(loot.seat):
                self._withdraw(st, loot, play.moment, "proper_lead")  # 53C
                play.leads, play.led_suit = True, None
                return
            elif loot.role != "defender" and seat == C.next_seat(loot.seat, -1) and self.role(seat) == "defender":
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
        if st is None:
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

    # -- events -----------------------------------------------------------

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
                                  "immediate: true: 68B)" if e.kind == "concession" else ""))
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
        declarer_side = C.side_of(self.case.declarer)
        ending = [e for e in events if e.kind in ("claim", "concession") and e.event.index not in self.voided]
        if ending:
            e = ending[0]
            n = e.get("tricks")
            if n > remaining:
                raise self.err(f"{e.event.where}.tricks", f"{n} tricks, but only {remaining} remain after the play record")
            by = e.get("by")
            side = C.side_of(by)
            if e.kind == "claim":
                outside[side], outside[C.other_side(side)] = n, remaining - n
            else:
                outside[C.other_side(side)], outside[side] = n, remaining - n
            how = e.kind
            stated = {s: by_side[s] + outside[s] for s in by_side}
            if self.case.result is not None:
                total = stated[declarer_side]
                if total != self.case.result:  # perhaps only under this reading of the corrections
                    self.problems.append(self.err("result", f"{self.case.result} tricks, but the play and the "
                                                            f"{e.kind} give declarer {total}"))
            final = stated
            if self.adj.award is not None:  # the director's award (Laws 69-71), from the rules
                final = {declarer_side: self.adj.award, C.other_side(declarer_side): 13 - self.adj.award}
            outside = {s: max(0, final[s] - by_side[s]) for s in by_side}
            return Tally(True, final, outside, how, stated)
        elif remaining == 0:
            how = "play"
            if self.case.result is not None and self.case.result != by_side[declarer_side]:
                self.problems.append(self.err("result", f"{self.case.result} tricks, but the play record gives "
                                                        f"declarer {by_side[declarer_side]}"))
        elif self.case.result is not None:
            extra = self.case.result - by_side[declarer_side]
            if not 0 <= extra <= remaining:  # perhaps only under this reading of the corrections (63B)
                self.problems.append(self.err("result", f"{self.case.result} tricks is impossible: declarer took "
                                                        f"{by_side[declarer_side]} of the {counted} recorded tricks"))
                return Tally(False, by_side, outside, "unknown")
            outside[declarer_side], outside[C.other_side(declarer_side)] = extra, remaining - extra
            how = "result"
        else:
            return Tally(False, by_side, outside, "unknown")
        return Tally(True, {s: by_side[s] + outside[s] for s in by_side}, outside, how)

    # -- duties the law imposed ----------------------------------------------

    def _follow_alternatives(self, play: Play) -> list[str]:
        return C.sort_cards(c for c in play.hand_before if C.suit_of(c) == play.led_suit)

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
        return failures

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
        return points

    def _lead_moment(self, st: TrickState, after: int) -> int:
        """The moment of the first card led to the trick after ``after``."""
        for p in st.plays:
            if p.moment > after and p.leads:
                return p.moment
        return after + 1

    # -- defective tricks (67) and surplus cards ------------------------------

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

    # -- failures to play as required ------------------------------------------

    def _candidate(self, table: Table, play: Play, duty: str, legal: list, faced: bool, suit: str,
                   source: str) -> Candidate:
        side = C.side_of(play.seat)
        cand = Candidate(play, side, legal, self._first_act(table, play, side), self._notice(table, play, side),
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

    def _notice(self, table: Table, play: Play, side: str) -> Notice:
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
        before = [e for e in table.events if e.moment < moment]
        calls = {e.get("side") for e in before if e.kind == "next_board_call"}
        return Notice(
            event=first, moment=moment, at=first.at if first else "end",
            by=first.get("by") if first else None, asked=(first.asked or None) if first else None,
            after_call_by_offenders=side in calls,
            after_call_by_non_offenders=C.other_side(side) in calls,
            after_round_end=any(e.kind == "round_ended" for e in before),
            after_hands_returned=any(e.kind in ("hands_returned", "round_ended", "next_board_call") for e in before),
        )
