"""The solver's vocabulary: cards and seats as numbers, positions, results, the steps of a stated line.

Part of ``engine.mechanics.solver`` (see its package docstring).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.notation.cards import STEP_KINDS

SEAT_LETTERS = "NESW"
SUIT_LETTERS = "SHDC"
RANK_LETTERS = "23456789TJQKA"
FULL = (1 << 13) - 1
INF = 99

TT_LIMIT = 1_500_000  # transposition-table entries kept before it is cleared


class PositionError(ValueError):
    """A position that cannot arise in play (wrong counts, duplicated cards)."""


def card_id(card: str) -> int:
    return SUIT_LETTERS.index(card[0]) * 13 + RANK_LETTERS.index(card[1])


def card_str(cid: int) -> str:
    return SUIT_LETTERS[cid // 13] + RANK_LETTERS[cid % 13]


def seat_id(seat: str) -> int:
    return SEAT_LETTERS.index(seat)


def side_of_seat(seat: int) -> int:
    """0 for North-South, 1 for East-West."""
    return seat & 1


def side_id(side: str) -> int:
    return 0 if side == "NS" else 1


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << card_id(c)
    return m


def _cards(mask: int) -> list:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _popcount(x: int) -> int:
    return bin(x).count("1")


def winner_index(cards, trump: int) -> int:
    """Index in ``cards`` (play order) of the card that wins the trick."""
    best = 0
    bc = cards[0]
    bs = bc // 13
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == bs:
            if c > bc:
                best, bc = i, c
        elif s == trump:
            best, bc, bs = i, c, s
    return best


@dataclass(frozen=True)
class Position:
    """Cards still held (bit masks by seat N, E, S, W), trump, and the trick in progress."""

    hands: tuple
    trump: int  # 0-3 (S, H, D, C) or -1 for notrump
    leader: int  # seat that led (or is to lead) the trick in progress
    trick: tuple = ()  # card ids already played to it, from the leader on

    @classmethod
    def from_cards(cls, hands: dict, trump: str | None, leader: str, trick=()) -> Position:
        masks = tuple(_mask(hands.get(s, ())) for s in SEAT_LETTERS)
        pos = cls(masks, SUIT_LETTERS.index(trump) if trump else -1, seat_id(leader),
                  tuple(card_id(c) for c in trick))
        pos.check()
        return pos

    def check(self) -> None:
        seen = 0
        for m in self.hands:
            if m & seen:
                raise PositionError("a card is in two hands")
            seen |= m
        for c in self.trick:
            if (1 << c) & seen:
                raise PositionError(f"{card_str(c)} is both in a hand and in the trick")
            seen |= 1 << c
        if len(self.trick) > 3:
            raise PositionError("a trick in progress has at most three cards")
        n = _popcount(self.hands[self.leader]) + (1 if self.trick else 0)
        for i in range(4):
            seat = (self.leader + i) % 4
            want = n - 1 if i < len(self.trick) else n
            if _popcount(self.hands[seat]) != want:
                raise PositionError(f"{SEAT_LETTERS[seat]} holds {_popcount(self.hands[seat])} cards; "
                                    f"{want} expected with {len(self.trick)} played to the trick in progress")
        if n > 13:
            raise PositionError("more than 13 tricks left")

    @property
    def tricks_left(self) -> int:
        return _popcount(self.hands[self.leader]) + (1 if self.trick else 0)

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) % 4

    def held(self, seat: int) -> list:
        return [card_str(c) for c in _cards(self.hands[seat])]


@dataclass
class SolveResult:
    """An exact value, or bounds when the time limit was reached (``value`` is None)."""

    value: int | None
    lower: int
    upper: int
    nodes: int = 0
    seconds: float = 0.0
    line: list = field(default_factory=list)  # a play sequence reaching the value, when known
    best: int | None = None  # with a line: the side's tricks on its best normal line from the position
    line_complete: bool = True  # with a line: False when the budget ran out before the line and its costs were found
    missed: dict = field(default_factory=dict)  # with a line: index of a costly play -> what the count missed
    proposal: int | None = None  # not exact, with a line: the side's tricks on ``line``, a normal line found

    @property
    def exact(self) -> bool:
        return self.value is not None

    def __str__(self) -> str:
        if self.exact:
            return str(self.value)
        return f"undetermined ({self.lower}-{self.upper})"




def turned_round(other: SolveResult, n: int) -> SolveResult:
    """A side's ceiling from the other side's floor ``other`` over ``n`` tricks (each bound turned round)."""
    if other.exact:
        return SolveResult(n - other.value, n - other.value, n - other.value, other.nodes, other.seconds)
    return SolveResult(None, n - other.upper, n - other.lower, other.nodes, other.seconds)


@dataclass(frozen=True)
class Step:
    """One step of a stated line.  ``card`` is a card id, ``suit`` a suit index."""

    kind: str
    card: int = -1
    suit: int = -1
    rounds: int = 0  # 0: until the step's own end (see docs/claims.md)
    on: int = -1  # a discard step: the suit led it is made on (-1: any)
    by: int = -1  # a discard step naming a suit: the seat that throws it (-1: either hand)

    @classmethod
    def make(cls, kind: str, card: str | None = None, suit: str | None = None, rounds: int = 0,
             on: str | None = None, by: str | None = None) -> Step:
        if kind not in STEP_KINDS:
            raise ValueError(f"unknown step {kind!r}")
        cid = card_id(card) if card else -1
        sid = SUIT_LETTERS.index(suit) if suit else (cid // 13 if cid >= 0 else -1)
        return cls(kind, cid, sid, rounds, SUIT_LETTERS.index(on) if on else -1, seat_id(by) if by else -1)

    def cards(self) -> int:
        return (1 << self.card) if self.card >= 0 else 0


def suit_mask(suits) -> int:
    m = 0
    for s in suits:
        m |= 1 << (SUIT_LETTERS.index(s) if isinstance(s, str) else s)
    return m
