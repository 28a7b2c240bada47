"""The table's data: plays, tricks, timed events, notices, failures, the tally and the Table itself."""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.input.caseio import Case, Entry, Event
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
        # A card played to a lead out of turn that the proper lead then displaced
        # (53C) or that was refused (60C) went back with that lead: it was never
        # played to the trick.
        return ((not self.leads) and (not self.followed) and self.held_led_suit
                and self.fate not in ("played_in_error", "played_to_refused_lead"))


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
    by_correction: bool = False  # first came to light when the offender corrected it in the record (62A)

    @property
    def deemed(self) -> bool:
        return self.event is None and not self.by_correction


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
    ignored: frozenset = frozenset()  # {moment} choices announced that the law does not leave the player (54C)

    def __bool__(self) -> bool:
        return bool(self.annul or self.replay or self.penalty or self.lifted or self.duties
                    or self.award is not None or self.ignored)


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
