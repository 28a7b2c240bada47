"""An exact play solver for the tests Laws 69-71 set: no law here, only play.

From any position (the hands still held, the trump suit, who led the trick in
progress and the cards already played to it) the solver answers:

* ``bounds``: the fewest and the most tricks a side takes over **every legal
  play** of the remaining cards by all four players (the test of 71A1).  The
  floor is a minimum over all play sequences -- everybody, the side itself
  included, "cooperating" against it -- which is not the double-dummy value,
  where the side plays its best.
* ``normal_floor``: the fewest tricks a side takes when its own choices are
  limited to *normal* plays -- those left after the narrow list of irrational
  plays below, and, for a claimer, those that follow his stated line -- while
  the other side plays any legal card (Laws 69B, 70, 71B; footnote to Law 69).
* ``target_tricks``: the most tricks a given set of cards (an outstanding
  trump, say) can win over normal play (70C3).
* ``minimax``: the double-dummy value by plain alpha-beta, for small positions
  (the ruling uses DDS through ``engine.mechanics.dd`` when it is installed).

Every search is exact, or stops at its time limit and says so: a
``SolveResult`` is either exact (``value``) or undetermined (``lower`` and
``upper`` bound the true value).

Irrational plays (documented in docs/claims.md), for the side whose play is
"normal", all judged with every hand in view:

* **I1** beating a card of partner's that is certain to win the trick (an
  overtake or a ruff) while holding a legal card that does not beat it;
* **I2** leading a low card of a suit the leading hand can run from the top
  (it holds the highest cards of the suit, at least as many as either
  opponent holds) when an opponent holds a card that beats it;
* **I3** at the third or last seat of a trick an opponent is winning,
  following suit with a card that does not beat the winning card while
  holding the highest card of the suit led, which would win the trick for
  certain (no later player can ruff it).

Careless and inferior plays stay normal: discarding a winner while holding a
useless loser, blocking a suit, not drawing trumps, playing a suit in the
wrong order, finessing or not.  A revoke is not a play at all: only legal
cards are generated.

Search: depth-first alpha-beta over the plays (min and max nodes; a floor
search has only min nodes, everybody cooperating against the side), a
transposition table at trick boundaries keyed by the relative ranks of the
cards still out (positions differing only in cards already played are the
same), one card per group of equivalent cards, and bounds from the trumps that
must win tricks whatever is played.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

from engine.notation.cards import STEP_KINDS

SEAT_LETTERS = "NESW"
SUIT_LETTERS = "SHDC"
RANK_LETTERS = "23456789TJQKA"
FULL = (1 << 13) - 1
INF = 99

DEFAULT_LIMIT = 10.0  # seconds per search unless the caller says otherwise
TT_LIMIT = 1_500_000  # transposition-table entries kept before it is cleared


class PositionError(ValueError):
    """A position that cannot arise in play (wrong counts, duplicated cards)."""


class _Timeout(Exception):
    pass


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
    def from_cards(cls, hands: dict, trump: str | None, leader: str, trick=()) -> "Position":
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

    @property
    def exact(self) -> bool:
        return self.value is not None

    def __str__(self) -> str:
        if self.exact:
            return str(self.value)
        return f"undetermined ({self.lower}-{self.upper})"


# ---------------------------------------------------------------------------
# The claimer's line
# ---------------------------------------------------------------------------




@dataclass(frozen=True)
class Step:
    """One step of a stated line.  ``card`` is a card id, ``suit`` a suit index."""

    kind: str
    card: int = -1
    suit: int = -1
    rounds: int = 0  # 0: until the step's own end (see docs/claims.md)

    @classmethod
    def make(cls, kind: str, card: str | None = None, suit: str | None = None, rounds: int = 0) -> "Step":
        if kind not in STEP_KINDS:
            raise ValueError(f"unknown step {kind!r}")
        cid = card_id(card) if card else -1
        sid = SUIT_LETTERS.index(suit) if suit else (cid // 13 if cid >= 0 else -1)
        return cls(kind, cid, sid, rounds)

    def cards(self) -> int:
        return (1 << self.card) if self.card >= 0 else 0


# ---------------------------------------------------------------------------
# The search
# ---------------------------------------------------------------------------

_REPS: dict = {}
_FORCED: dict = {}
_SUIT_CODE: dict = {}


def _reps(m: int, live: int) -> tuple:
    """One card per run of cards of ``m`` adjacent among the ``live`` cards of a suit (rank bits)."""
    key = (m, live)
    out = _REPS.get(key)
    if out is None:
        res = []
        inside = False
        x = live
        while x:
            top = x.bit_length() - 1
            if (m >> top) & 1:
                if not inside:
                    res.append(top)
                    inside = True
            else:
                inside = False
            x ^= 1 << top
        out = tuple(res)
        if len(_REPS) < 500000:
            _REPS[key] = out
    return out


def _reps_run(m: int, live: int, rank: int) -> int:
    """The run of cards of ``m`` (adjacent among ``live``) that contains ``rank``, as rank bits."""
    run = 1 << rank
    r = rank + 1
    while r < 13 and (live >> r) & 1 and (m >> r) & 1:
        run |= 1 << r
        r += 1
    r = rank - 1
    while r >= 0 and (live >> r) & 1 and (m >> r) & 1:
        run |= 1 << r
        r -= 1
    return run


def _suit_code(a: int, b: int, c: int, d: int, marks: int) -> int:
    """The owners of a suit's live cards from the top, 3 bits a card (marked cards apart)."""
    key = (a, b, c, d, marks)
    code = _SUIT_CODE.get(key)
    if code is None:
        live = a | b | c | d
        code = 1
        x = live
        while x:
            top = x.bit_length() - 1
            bit = 1 << top
            owner = 0 if a & bit else 1 if b & bit else 2 if c & bit else 3
            if marks & bit:
                owner += 4
            code = (code << 3) | owner
            x ^= bit
        if len(_SUIT_CODE) < 500000:
            _SUIT_CODE[key] = code
    return code


class _Search:
    """One search.  Objective: tricks won by ``side`` (or by the ``targets`` cards)."""

    def __init__(self, pos: Position, side: int, *, maximize: bool = False, targets: int = 0,
                 normal_side: int | None = None, line: tuple = (), max_suits: int = 0,
                 known: int = 0, dynamic_known: bool = False, limit: float | None = DEFAULT_LIMIT,
                 minimax: bool = False):
        self.h = list(pos.hands)
        self.rem = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
        for c in pos.trick:
            self.rem |= 1 << c
        self.trump = pos.trump
        self.leader = pos.leader
        self.trick = list(pos.trick)
        self.side = side
        self.maximize = maximize
        self.targets = targets
        self.normal_side = normal_side
        self.line = tuple(line)
        self.max_suits = max_suits
        self.known = known
        self.dynamic_known = dynamic_known
        self.minimax = minimax
        self.step_idx = 0
        self.step_rounds = 0
        self.trick_step = -1  # the step under which the claimer's side led the trick in progress
        self.marks = targets
        for st in self.line:
            self.marks |= st.cards()
        self.tt: dict = {}
        self.nodes = 0
        self.deadline = (time.perf_counter() + limit) if limit is not None else None
        self.path: list = []
        self.best_line: list = []

    # -- helpers ---------------------------------------------------------------

    def live(self, suit: int) -> int:
        """The cards of ``suit`` still in play: in the hands or in the trick in progress (rank bits)."""
        return (self.rem >> (13 * suit)) & FULL

    def key(self) -> int:
        """Transposition key at a trick boundary: relative ranks, leader, line state, known suits."""
        h = self.h
        marks = self.marks
        h0, h1, h2, h3 = h
        key = 0
        for sh in (0, 13, 26, 39):
            key = (key << 40) | _suit_code((h0 >> sh) & FULL, (h1 >> sh) & FULL, (h2 >> sh) & FULL,
                                           (h3 >> sh) & FULL, (marks >> sh) & FULL)
        return (((((key << 2) | self.leader) << 6 | self.step_idx) << 5 | self.step_rounds) << 4) | self.known

    def forced(self, side: int) -> int:
        """Tricks ``side`` wins whatever is played, counted from the trumps.

        A trick holding one of the side's trumps is the side's unless an
        opposing trump higher than it is in the same trick, and each opposing
        trump is in one trick only.  So for any rank r, if one hand of the
        side holds k trumps of rank r or higher and the opponents hold y
        trumps above r, the side wins at least k - y tricks.
        """
        t = self.trump
        if t < 0:
            return 0
        sh = 13 * t
        h = self.h
        a = (h[side] >> sh) & FULL
        b = (h[side + 2] >> sh) & FULL
        if not (a or b):
            return 0
        opp = ((h[1 - side] | h[3 - side]) >> sh) & FULL
        extra = 0
        for i, c in enumerate(self.trick):  # an opposing trump already in the trick in progress
            if c // 13 == t and ((self.leader + i) & 1) != side:
                extra |= 1 << (c % 13)
        key = (a, b, opp, extra)
        got = _FORCED.get(key)
        if got is not None:
            return got
        theirs = opp | extra
        best = 0
        mine = a | b
        r = 12
        ka = kb = 0
        y = 0  # opposing trumps above rank r
        while r >= 0:
            bit = 1 << r
            if theirs & bit:
                y += 1
            if mine & bit:
                if a & bit:
                    ka += 1
                if b & bit:
                    kb += 1
                v = max(ka, kb) - y
                if v > best:
                    best = v
            r -= 1
        if len(_FORCED) < 200000:
            _FORCED[key] = best
        return best

    def bounds(self, n: int) -> tuple:
        if self.targets:
            live = 0
            for m in self.h:
                live |= m & self.targets
            return 0, min(n, _popcount(live))
        lo = self.forced(self.side)
        hi = n - self.forced(1 - self.side)
        return lo, hi

    def tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and not (self.nodes & 1023) and time.perf_counter() > self.deadline:
            raise _Timeout

    # -- the line ----------------------------------------------------------------

    def step(self):
        """The current step of the line, skipping those already done."""
        line = self.line
        while self.step_idx < len(line):
            st = line[self.step_idx]
            if not self._step_done(st):
                return st
            self.step_idx += 1
            self.step_rounds = 0
        return None

    def _step_done(self, st: Step) -> bool:
        c = self.normal_side
        h = self.h
        mine = h[c] | h[c + 2]
        if st.kind == "play" or st.kind == "finesse":
            if not (mine >> st.card) & 1:
                return True
            return st.kind == "finesse" and self.step_rounds >= 1
        suit_cards = (mine >> (13 * st.suit)) & FULL if st.suit >= 0 else 0
        if st.kind == "draw_trumps":
            if self.trump < 0:
                return True
            sh = 13 * self.trump
            theirs = ((h[1 - c] | h[3 - c]) >> sh) & FULL
            ours = (mine >> sh) & FULL
            return not theirs or not ours
        if st.kind == "cash":
            return not suit_cards or (st.rounds and self.step_rounds >= st.rounds)
        if st.kind in ("ruff", "lead"):
            return not suit_cards or self.step_rounds >= (st.rounds or 1)
        return True

    # -- moves -----------------------------------------------------------------------

    def legal_reps(self, seat: int) -> list:
        hand = self.h[seat]
        trick = self.trick
        out = []
        if trick:
            ls = trick[0] // 13
            m = (hand >> (13 * ls)) & FULL
            if m:
                base = 13 * ls
                return [base + r for r in _reps(m, self.live(ls))]
        for s in range(4):
            m = (hand >> (13 * s)) & FULL
            if m:
                base = 13 * s
                out.extend(base + r for r in _reps(m, self.live(s)))
        return out

    def _current_winner(self):
        trick = self.trick
        i = winner_index(trick, self.trump)
        return (self.leader + i) % 4, trick[i]

    def _beats(self, card: int, best: int) -> bool:
        s, bs = card // 13, best // 13
        if s == bs:
            return card > best
        return s == self.trump

    def _can_beat(self, seat: int, best: int, led: int) -> bool:
        """Whether ``seat``, still to play to the trick, holds a legal card beating ``best``."""
        hand = self.h[seat]
        bs = best // 13
        led_cards = (hand >> (13 * led)) & FULL
        if led_cards:
            if bs != led:
                return False  # must follow; a trump already winning cannot be beaten by the led suit
            return (led_cards >> (best % 13 + 1)) != 0
        if self.trump < 0:
            return False
        trumps = (hand >> (13 * self.trump)) & FULL
        if not trumps:
            return False
        if bs != self.trump:
            return True
        return (trumps >> (best % 13 + 1)) != 0

    def _irrational(self, seat: int, moves: list) -> list:
        """Drop the irrational moves (I1-I3); keep them all if nothing else is left."""
        trick = self.trick
        k = len(trick)
        if k == 0:
            return self._i2(seat, moves)
        win_seat, best = self._current_winner()
        led = trick[0] // 13
        partner = (seat + 2) % 4
        out = moves
        if win_seat == partner:
            later = [(self.leader + i) % 4 for i in range(k + 1, 4)]
            certain = not any(self._can_beat(o, best, led) for o in later if (o & 1) != (seat & 1))
            if certain:
                legal_all = self._legal_all(seat)
                if any(not self._beats(c, best) for c in legal_all):
                    out = [m for m in moves if not self._beats(m, best)]
        elif k >= 2 and (win_seat & 1) != (seat & 1):
            # I3: third or last seat, an opponent winning, holding the master of the suit led, which would
            # win the trick for certain: declining the trick is irrational.
            hand_led = (self.h[seat] >> (13 * led)) & FULL
            if hand_led and best // 13 == led:
                master = self.live(led).bit_length() - 1
                if (hand_led >> master) & 1:
                    top = 13 * led + master
                    later = [(self.leader + i) % 4 for i in range(k + 1, 4)]
                    if not any(self._can_beat(o, top, led) for o in later):
                        out = [m for m in moves if self._beats(m, best)]
        return out or moves

    def _legal_all(self, seat: int) -> list:
        hand = self.h[seat]
        if self.trick:
            ls = self.trick[0] // 13
            m = hand & (FULL << (13 * ls))
            if m:
                return _cards(m)
        return _cards(hand)

    def _i2(self, seat: int, moves: list) -> list:
        h = self.h
        opp1, opp2 = (seat + 1) % 4, (seat + 3) % 4
        out = []
        for m in moves:
            s = m // 13
            sh = 13 * s
            mine = (h[seat] >> sh) & FULL
            live = self.live(s)
            # the run of top live cards held by the leader
            run = 0
            x = live
            while x:
                top = x.bit_length() - 1
                if not (mine >> top) & 1:
                    break
                run += 1
                x ^= 1 << top
            if run:
                o1 = (h[opp1] >> sh) & FULL
                o2 = (h[opp2] >> sh) & FULL
                longest = max(_popcount(o1), _popcount(o2))
                r = m % 13
                top_cards = live.bit_length() - run  # ranks >= this are the run
                if run >= longest and r < top_cards and ((o1 | o2) >> (r + 1)):
                    continue  # I2
            out.append(m)
        return out or moves

    def normal_moves(self, seat: int) -> list:
        """The claimer's side's moves: the line first, then the irrational ones dropped."""
        moves = self.legal_reps(seat)
        st = self.step() if self.line else None
        if st is not None:
            constrained = self._constrain(seat, st, moves)
            if constrained is not None:
                moves = constrained
            else:
                # a card the line names for this or a later step is kept for it
                reserved = 0
                for later in self.line[self.step_idx:]:
                    reserved |= later.cards()
                if reserved & self.h[seat]:
                    moves = self._keep(seat, moves, reserved) or moves
        if len(moves) > 1:
            moves = self._irrational(seat, moves)
        return moves

    def _keep(self, seat: int, moves: list, reserved: int) -> list:
        """The moves other than reserved cards (and cards equivalent to them in the same hand)."""
        out = []
        for m in moves:
            if (reserved >> m) & 1:
                continue
            s = m // 13
            # a representative stands for its run: drop it if the run holds a reserved card
            run = _reps_run(((self.h[seat]) >> (13 * s)) & FULL, self.live(s), m % 13)
            if (reserved >> (13 * s)) & run:
                continue
            out.append(m)
        return out

    def _constrain(self, seat: int, st: Step, moves: list):
        h = self.h
        hand = h[seat]
        partner = (seat + 2) % 4
        trick = self.trick
        if not trick:
            if st.kind in ("play", "finesse"):
                holder = seat if (hand >> st.card) & 1 else partner
                if holder == seat:
                    return [st.card]
                suit = (hand >> (13 * st.suit)) & FULL
                if suit:
                    if st.kind == "finesse":
                        low = suit & ((1 << (st.card % 13)) - 1)
                        if low:
                            suit = low
                    base = 13 * st.suit
                    return [base + r for r in _reps(suit, self.live(st.suit))]
                return None
            if st.kind == "cash" or st.kind == "draw_trumps":
                s = self.trump if st.kind == "draw_trumps" else st.suit
                suit = (hand >> (13 * s)) & FULL
                if suit:
                    return [13 * s + suit.bit_length() - 1]
                return None
            if st.kind in ("ruff", "lead"):
                suit = (hand >> (13 * st.suit)) & FULL
                if suit:
                    return [13 * st.suit + r for r in _reps(suit, self.live(st.suit))]
                return None
            return None
        # following
        led = trick[0] // 13
        if st.kind == "play":
            if (hand >> st.card) & 1 and st.card in self._legal_all(seat):
                s = st.card // 13
                if s == led or (s == self.trump and not (hand >> (13 * led)) & FULL):
                    return [st.card]
            return None
        led_by_partner = self.trick_step == self.step_idx and self.leader == partner
        if st.kind == "ruff" and led_by_partner and led == st.suit and self.trump >= 0:
            if not (hand >> (13 * led)) & FULL:
                trumps = (hand >> (13 * self.trump)) & FULL
                if trumps:
                    return [13 * self.trump + r for r in _reps(trumps, self.live(self.trump))]
            return None
        if st.kind == "finesse" and (hand >> st.card) & 1 and self.trick_step == self.step_idx \
                and self.leader == partner and led == st.suit and len(trick) == 2:
            _, best = self._current_winner()
            if self._beats(st.card, best):
                return [st.card]
        return None

    def order(self, seat: int, moves: list, minimizing_for_side: bool) -> list:
        """Move ordering: moves that hand the trick to the side the node favours first."""
        if len(moves) < 2:
            return moves
        if self.targets:
            targets = self.targets
            return sorted(moves, key=lambda m: (-((targets >> m) & 1), -(m % 13)))
        favour_own = (seat & 1) == self.side
        want_win = favour_own != minimizing_for_side
        trick = self.trick
        if not trick:
            return sorted(moves, key=(lambda m: -(m % 13)) if want_win else (lambda m: m % 13))
        _, best = self._current_winner()
        beats = self._beats
        if want_win:
            return sorted(moves, key=lambda m: (0, m % 13) if beats(m, best) else (1, m % 13))
        return sorted(moves, key=lambda m: (1, m % 13) if beats(m, best) else (0, -(m % 13)))

    # -- alpha-beta -------------------------------------------------------------------

    def run(self) -> SolveResult:
        """MTD(f): null-window searches from a first guess; the bounds hold even if time runs out."""
        start = time.perf_counter()
        n = _popcount(self.h[self.leader]) + (1 if self.trick else 0)
        lo, hi = self.bounds(n)
        g = self.guess(n)
        g = min(max(g, lo), hi)
        try:
            while lo < hi:
                beta = g + 1 if g == lo else g
                g = self.search(beta - 1, beta)
                if g < beta:
                    hi = min(hi, g)
                else:
                    lo = max(lo, g)
        except _Timeout:
            return SolveResult(None, lo, hi, self.nodes, time.perf_counter() - start)
        return SolveResult(lo, lo, lo, self.nodes, time.perf_counter() - start)

    def guess(self, n: int) -> int:
        """The value of one play-out following the move ordering: a first guess for MTD(f)."""
        saved = (list(self.h), self.leader, list(self.trick), self.step_idx, self.step_rounds, self.trick_step,
                 self.known, self.rem)
        total = 0
        try:
            while True:
                if not self.trick and not self.h[self.leader]:
                    break
                seat = (self.leader + len(self.trick)) % 4
                moves, maximize = self.moves(seat)
                card = self.order(seat, moves, not maximize)[0]
                self.h[seat] ^= 1 << card
                if not self.trick and self.line and (seat & 1) == self.normal_side:
                    self._mark_lead(card)
                self.trick.append(card)
                if len(self.trick) == 4:
                    i = winner_index(self.trick, self.trump)
                    win = (self.leader + i) % 4
                    if self.targets:
                        total += (self.targets >> self.trick[i]) & 1
                    else:
                        total += 1 if (win & 1) == self.side else 0
                    if self.line and self.trick_step >= 0 and self.trick_step == self.step_idx:
                        self.step_rounds += 1
                    for c in self.trick:
                        self.rem &= ~(1 << c)
                    self.trick = []
                    self.leader = win
                    self.trick_step = -1
        finally:
            (self.h, self.leader, self.trick, self.step_idx, self.step_rounds, self.trick_step,
             self.known, self.rem) = saved
        return total

    def _mark_lead(self, card: int) -> None:
        """The claimer's side leads: the trick counts as a round of the current step if it is in its suit."""
        st = self.step()
        self.trick_step = -1
        if st is not None:
            suit = self.trump if st.kind == "draw_trumps" else st.suit
            if card // 13 == suit:
                self.trick_step = self.step_idx

    def search(self, alpha: int, beta: int) -> int:
        self.tick()
        trick = self.trick
        if not trick:
            n = _popcount(self.h[self.leader])
            if n == 0:
                return 0
            if self.line:
                self.step()
            key = self.key()
            entry = self.tt.get(key)
            if entry is None:
                lo, hi = self.bounds(n)
                if lo == hi:
                    return lo
            else:
                lo, hi = entry >> 4, entry & 15
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            a0, b0 = max(alpha, lo), min(beta, hi)
            v = self.play(a0, b0, lo, hi)
            if v <= a0:
                hi = min(hi, v)
            elif v >= b0:
                lo = max(lo, v)
            else:
                lo = hi = v
            tt = self.tt
            if len(tt) > TT_LIMIT:
                tt.clear()
            tt[key] = (lo << 4) | hi
            return v
        return self.play(alpha, beta, 0, INF)

    def moves(self, seat: int) -> tuple:
        """The cards ``seat`` may choose among, and whether the choice maximises the objective."""
        if self.normal_side is not None and (seat & 1) == self.normal_side:
            moves = self.normal_moves(seat)
        else:
            moves = self.legal_reps(seat)
        return moves, ((seat & 1) == self.side) if self.minimax else self.maximize

    def play(self, alpha: int, beta: int, lo: int, hi: int) -> int:
        """The player to move chooses a card; ``lo``/``hi`` bound the node's value."""
        seat = (self.leader + len(self.trick)) % 4
        moves, maximize = self.moves(seat)
        groups = None
        if (self.max_suits or self.known) and self.normal_side is not None and (seat & 1) == self.normal_side \
                and not maximize:
            trick = self.trick
            led = trick[0] // 13 if trick else -1
            plain, grouped = [], {}
            for m in moves:
                s = m // 13
                if (self.max_suits | self.known) >> s & 1 and (not trick or s == led):
                    grouped.setdefault(s, []).append(m)
                else:
                    plain.append(m)
            if grouped:
                groups = (plain, grouped)
        if groups is None:
            moves = self.order(seat, moves, not maximize)
            if maximize:
                return self._max_over(moves, alpha, beta, hi)
            return self._min_over(moves, alpha, beta, lo)
        plain, grouped = groups
        best = INF
        for m in self.order(seat, plain, True):
            v = self.child(m, alpha, min(beta, best))
            if v < best:
                best = v
                if best <= alpha or best <= lo:
                    return best
        for s in sorted(grouped):
            v = self._max_over(self.order(seat, grouped[s], False), alpha, min(beta, best), INF)
            if v < best:
                best = v
                if best <= alpha or best <= lo:
                    return best
        return best

    def _min_over(self, moves, alpha, beta, lo):
        best = INF
        for m in moves:
            v = self.child(m, alpha, min(beta, best))
            if v < best:
                best = v
                if best <= alpha or best <= lo:
                    break
        return best

    def _max_over(self, moves, alpha, beta, hi):
        best = -INF
        for m in moves:
            v = self.child(m, max(alpha, best), beta)
            if v > best:
                best = v
                if best >= beta or best >= hi:
                    break
        return best

    def child(self, card: int, alpha: int, beta: int) -> int:
        seat = (self.leader + len(self.trick)) % 4
        h = self.h
        bit = 1 << card
        h[seat] ^= bit
        trick = self.trick
        saved = (self.trick_step, self.known, self.step_idx, self.step_rounds)
        if not trick:
            if self.line and (seat & 1) == self.normal_side:
                self._mark_lead(card)
        elif self.dynamic_known and (seat & 1) != self.normal_side and card // 13 != trick[0] // 13:
            self.known |= 1 << (trick[0] // 13)
        trick.append(card)
        if len(trick) < 4:
            v = self.search(alpha, beta)
            trick.pop()
        else:
            i = winner_index(trick, self.trump)
            win_seat = (self.leader + i) % 4
            if self.targets:
                gained = (self.targets >> trick[i]) & 1
            else:
                gained = 1 if (win_seat & 1) == self.side else 0
            leader = self.leader
            if self.line and self.trick_step >= 0 and self.trick_step == self.step_idx:
                self.step_rounds += 1
            rem = self.rem
            self.rem = rem & ~((1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3]))
            self.trick = []
            self.leader = win_seat
            self.trick_step = -1
            v = gained + self.search(alpha - gained, beta - gained)
            self.rem = rem
            self.leader = leader
            self.trick = trick
            trick.pop()
        self.trick_step, self.known, self.step_idx, self.step_rounds = saved
        h[seat] ^= bit
        return v


# ---------------------------------------------------------------------------
# Public interface
# ---------------------------------------------------------------------------


def _limit(limit):
    return DEFAULT_LIMIT if limit is None else limit


def floor(pos: Position, side: int, limit: float | None = None) -> SolveResult:
    """The fewest tricks ``side`` (0 NS, 1 EW) takes over every legal play of the remaining cards."""
    return _Search(pos, side, limit=_limit(limit)).run()


def ceiling(pos: Position, side: int, limit: float | None = None) -> SolveResult:
    """The most tricks ``side`` takes over every legal play (the other side's floor, turned round)."""
    n = pos.tricks_left
    other = floor(pos, 1 - side, limit)
    if other.exact:
        return SolveResult(n - other.value, n - other.value, n - other.value, other.nodes, other.seconds)
    return SolveResult(None, n - other.upper, n - other.lower, other.nodes, other.seconds)


def bounds(pos: Position, side: int, limit: float | None = None) -> tuple:
    """(floor, ceiling) over all legal plays, each a SolveResult."""
    return floor(pos, side, limit), ceiling(pos, side, limit)


def normal_floor(pos: Position, side: int, line=(), *, known: int = 0, max_suits: int = 0,
                 limit: float | None = None) -> SolveResult:
    """The fewest tricks ``side`` takes when its own plays are normal (and follow ``line``).

    The other side plays any legal card.  ``known``: suits in which an
    opponent of ``side`` has already shown out; in those (and in
    ``max_suits``) the side's choice of card within the suit is made in its
    favour (70E), and a suit becomes known as soon as an opponent shows out.
    """
    return _Search(pos, side, normal_side=side, line=tuple(line), known=known, max_suits=max_suits,
                   dynamic_known=True, limit=_limit(limit)).run()


def target_tricks(pos: Position, side: int, targets, line=(), *, limit: float | None = None) -> SolveResult:
    """The most tricks the ``targets`` cards (held by the other side) can win while ``side`` plays
    normally (following ``line``) and the other side plays any legal card."""
    mask = 0
    for c in targets:
        mask |= 1 << (card_id(c) if isinstance(c, str) else c)
    return _Search(pos, side, maximize=True, targets=mask, normal_side=side, line=tuple(line),
                   limit=_limit(limit)).run()


def minimax(pos: Position, side: int, limit: float | None = None) -> SolveResult:
    """Double-dummy value for ``side`` by alpha-beta (pure Python: for small positions and tests)."""
    return _Search(pos, side, minimax=True, limit=_limit(limit)).run()


def suit_mask(suits) -> int:
    m = 0
    for s in suits:
        m |= 1 << (SUIT_LETTERS.index(s) if isinstance(s, str) else s)
    return m


__all__ = ["Position", "PositionError", "SolveResult", "Step", "floor", "ceiling", "bounds", "normal_floor",
           "target_tricks", "minimax", "card_id", "card_str", "seat_id", "side_id", "winner_index", "suit_mask",
           "STEP_KINDS", "DEFAULT_LIMIT"]
