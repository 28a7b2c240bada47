"""The search: alpha-beta with MTD(f), a transposition table at trick boundaries, bounds from trumps.

Part of ``engine.mechanics.solver``; the public functions are re-exported by the package.
"""
from __future__ import annotations

import time

from engine.mechanics.solver import csearch
from engine.mechanics.solver.budget import DEFAULT_LIMIT, Budget, _Timeout
from engine.mechanics.solver.core import (
    FULL,
    INF,
    TT_LIMIT,
    Position,
    SolveResult,
    turned_round,
    _popcount,
    card_id,
    winner_index,
)
from engine.mechanics.solver.line import _advance, principal_line
from engine.mechanics.solver.moves import _PART, _SUIT_CODE, _Moves, _suit_code, hands_code, recode
from engine.mechanics.solver.normal import CLASSES, DEFAULT_CLASS, _Normal

_FORCED: dict = {}
INF_NODES = float("inf")  # no node limit
_HONOURS = sum(0b11111 << (13 * s + 8) for s in range(4))  # the ten to the ace of every suit
_ACE_KING = sum(0b11 << (13 * s + 11) for s in range(4))  # the ace and king of every suit
# memos shared by every search, each a pure function of its key (so they change no result, only the time):
# the legal moves (``_Search.legal_reps``), the ordered moves of a seat whose play is not judged
# (``_Search._ordered_moves``) and of one whose play is (``_Search._ordered_judged``)
_LEGAL: dict = {}
_ORDERED: dict = {}
_ORDERED_JUDGED: dict = {}  # the same for a seat whose play is judged, by its normal moves
_GROUPS: dict = {}  # a judged seat's moves split as ``_Search._groups`` splits them
MEMO_LIMIT = 100_000  # entries a memo keeps before it is cleared (a bound on its memory)
# a compiled normal-play search that lost a table entry (a full probe window) is done again in Python, for the
# same nodes, under this many nodes (about ten seconds of the Python search); over it the compiled result stands
PY_REDO_LIMIT = 1_000_000


def _compose_key(hcode: int, leader: int, step_idx: int, step_rounds: int, known: int, aces_kings) -> int:
    """``_Search.key`` from its parts: ``aces_kings`` is the aces and kings still in play (card bits) for a search
    that judges a side's play, None for one that does not.  (The compiled core composes the same layout for the
    table it hands over to ``_take_over``: _csearch.c ``python_key``, which must follow any change here.)"""
    k = (((((hcode << 2) | leader) << 6 | step_idx) << 5 | step_rounds) << 4) | known
    return k if aces_kings is None else (k << 52) | aces_kings


def _forced_count(a: int, b: int, opp: int, extra: int = 0) -> int:
    """``_Search.forced`` from the trumps (rank bits) of the side's two hands, the opponents' and the
    opposing trumps already in the trick in progress (memoised)."""
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
            best = max(best, v)
        r -= 1
    if len(_FORCED) < 200000:
        _FORCED[key] = best
    return best


def _findings(excluded) -> dict:
    """The director's findings as the search reads them: {seat: ((card mask, role or None), ...)} from
    ``(seat, card id, role)`` triples (``role`` one of normal.ROLES, or None for any play but a lead)."""
    out: dict = {}
    for seat, card, role in excluded or ():
        out.setdefault(seat, []).append((1 << card, role))
    return {k: tuple(v) for k, v in out.items()}


class _Search(_Moves, _Normal):
    """One search.  Objective: tricks won by ``side`` (or by the ``targets`` cards)."""

    def __init__(self, pos: Position, side: int, *, maximize: bool = False, targets: int = 0,
                 normal_side: int | None = None, line: tuple = (), max_suits: int = 0,
                 known: int = 0, dynamic_known: bool = False, limit: int | None = DEFAULT_LIMIT,
                 minimax: bool = False, pclass: str = DEFAULT_CLASS, excluded=(), claims_all: bool = False):
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
        # a stated line's discards are standing instructions, the rest its steps in order
        self.standing = tuple((st.card, st.on, st.by, st.suit) for st in line if st.kind == "discard")
        self.line = tuple(st for st in line if st.kind != "discard")
        # a squeeze step: from it on the side's choices are made in its favour (it reads the ending right)
        self.squeeze_at = next((i for i, st in enumerate(self.line) if st.kind == "squeeze"), -1)
        self.pclass = CLASSES.index(pclass)
        self.excluded = _findings(excluded)
        self.claims_all = claims_all  # the side claims every remaining trick (kept for the callers; the count sees it)
        # whether the claimer's count sees the opponents' trumps: only when his line speaks of trumps (70C1)
        self.trumps_seen = pos.trump >= 0 and any(
            st.kind == "draw_trumps" or (st.kind in ("cash", "lead") and st.suit == pos.trump) for st in line)
        self._nm_memo: dict = {}  # the judged side's moves by state (normal.normal_moves)
        self.max_suits = max_suits
        self.known = known
        self.dynamic_known = dynamic_known
        self.minimax = minimax
        self.step_idx = 0
        self.step_rounds = 0
        self.trick_step = -1  # the step under which the claimer's side led the trick in progress
        self.marks = targets
        for st in line:
            self.marks |= st.cards()
        if normal_side is not None:
            # the normal-play model reads some ranks as they are, not only relative to the cards in play (the
            # careless order of ``_runs``: only cards of nine or lower out above; I2: an ace or king): the
            # transposition key tells the ten to ace of every suit apart, so that it never merges positions
            # the model plays differently
            self.marks |= _HONOURS
        self.hcode = hands_code(self.h, self.marks)  # the hands' part of ``key``, kept up to date
        self.tt: dict = {}
        self.budget = Budget(limit)
        self.nodes = 0  # nodes visited (the budget's count, kept here: it is read and written at every node)
        self._max_nodes = INF_NODES if self.budget.limit is None else self.budget.limit
        self._judged = -1 if normal_side is None else normal_side  # the parity of the seats judged (or -1)
        # how ``order`` sorts the moves of a seat of each parity whose play is not judged (part of the key of
        # the memo of ordered moves, which is shared by every search)
        self._order_mode = tuple(self._mode(p) for p in (0, 1))
        # what ``order`` depends on for the plain moves and the suits of ``_groups`` (a judged seat)
        self._group_mode = tuple((targets << 4) | ((self.trump + 1) << 1) | (p == side) for p in (0, 1))
        # whether the seats of each parity maximise the objective (``moves``)
        self._maximizing = tuple((p == side) if minimax else maximize for p in (0, 1))
        self.path: list = []
        self.best_line: list = []

    def _mode(self, parity: int) -> int:
        """What ``order`` depends on besides the moves and the trick, for the seats of ``parity``."""
        if self.targets:
            return (self.targets << 1) | 1
        maximize = (parity == self.side) if self.minimax else self.maximize
        want_win = (parity == self.side) != (not maximize)
        return (((self.trump + 1) << 1) | want_win) << 1

    def key(self) -> int:
        """Transposition key at a trick boundary: relative ranks, leader, line state, known suits.

        The relative ranks (``hands_code`` of the hands) are kept up to date as tricks are completed
        (``child``, ``line._advance``), each suit's part recomputed only when a card of it has gone.  A search
        that judges a side's play also keys on which aces and kings are still in play: the honours mark tells
        the ten to the ace apart from the small cards but not from each other, and I2 (``_i2``) reads whether a
        suit's top card is the ace or king (ace-five-four and queen-five-four with the ace and king gone
        would otherwise share an entry)."""
        return _compose_key(self.hcode, self.leader, self.step_idx, self.step_rounds, self.known,
                            self.rem & _ACE_KING if self._judged >= 0 else None)

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
        return _forced_count(a, b, opp, extra)

    def _boundary_bounds(self, n: int) -> tuple:
        """``bounds(n)`` at a trick boundary (no trick in progress), computed more directly."""
        if self.targets:
            return self.bounds(n)
        lo, hi = 0, n
        t = self.trump
        if t >= 0:
            sh = 13 * t
            h0, h1, h2, h3 = self.h
            a0, a1, a2, a3 = (h0 >> sh) & FULL, (h1 >> sh) & FULL, (h2 >> sh) & FULL, (h3 >> sh) & FULL
            if self.side == 0:
                if a0 or a2:
                    lo = _forced_count(a0, a2, a1 | a3)
                if a1 or a3:
                    hi = n - _forced_count(a1, a3, a0 | a2)
            else:
                if a1 or a3:
                    lo = _forced_count(a1, a3, a0 | a2)
                if a0 or a2:
                    hi = n - _forced_count(a0, a2, a1 | a3)
        # a leader holding only cards that can only win takes every trick left
        if self.all_masters(self.leader):
            if (self.leader & 1) == self.side:
                lo = n
            else:
                hi = 0
        return lo, hi

    def bounds(self, n: int) -> tuple:
        if self.targets:
            live = 0
            for m in self.h:
                live |= m & self.targets
            return 0, min(n, _popcount(live))
        lo = self.forced(self.side)
        hi = n - self.forced(1 - self.side)
        if not self.trick:
            # a leader holding only cards that can only win takes every trick left
            if self.all_masters(self.leader):
                if (self.leader & 1) == self.side:
                    lo = n
                else:
                    hi = 0
        return lo, hi

    def all_masters(self, seat: int) -> bool:
        """Whether every card ``seat`` holds wins any trick it leads: the highest of its suit still held
        (with the hand's own higher cards) and no other hand, partner included, can ruff it."""
        h = self.h
        hand = h[seat]
        t = self.trump
        others = (h[0] | h[1] | h[2] | h[3]) ^ hand
        if t >= 0 and (others >> (13 * t)) & FULL and hand & ~(FULL << (13 * t)):
            return False  # a card of a side suit, and another hand holds a trump
        for sh in (0, 13, 26, 39):
            mine = (hand >> sh) & FULL
            # the hand's lowest card of the suit must beat every other card of it
            if mine and ((others >> sh) & FULL) >= (mine & -mine):
                return False
        return True

    def tick(self) -> None:
        """Count a node; ``_Timeout`` once the limit is passed (``search`` does the same inline)."""
        self.nodes += 1
        if self.nodes > self._max_nodes:
            raise _Timeout

    def run(self) -> SolveResult:
        """MTD(f): null-window searches from a first guess; the bounds hold even if time runs out."""
        start = time.perf_counter()
        n = _popcount(self.h[self.leader]) + (1 if self.trick else 0)
        lo, hi = self.bounds(n)
        g = self.guess(n)
        g = min(max(g, lo), hi)
        root = self._state()
        try:
            while lo < hi:
                beta = g + 1 if g == lo else g
                g = self.search(beta - 1, beta)
                if g < beta:
                    hi = min(hi, g)
                else:
                    lo = max(lo, g)
        except _Timeout:
            self._restore(root)  # back at the root (a search stopped mid-way leaves its cards where it stopped)
            return SolveResult(None, lo, hi, self.nodes, time.perf_counter() - start)
        return SolveResult(lo, lo, lo, self.nodes, time.perf_counter() - start)

    def _state(self) -> tuple:
        return (list(self.h), self.rem, self.leader, list(self.trick), self.hcode, self.step_idx, self.step_rounds,
                self.trick_step, self.known)

    def _restore(self, st: tuple) -> None:
        (h, self.rem, self.leader, trick, self.hcode, self.step_idx, self.step_rounds, self.trick_step,
         self.known) = st
        self.h, self.trick = list(h), list(trick)

    def witness(self, upper: int, record: list, nodes: int) -> bool:
        """Append to ``record`` the plays of one line on which every seat's choice keeps the side's tricks at
        ``upper`` or fewer (a line that proves the upper bound of a floor: with every seat minimising, one
        line is the proof), as ``guess`` records them; within ``nodes`` more nodes, the search's table kept
        (the bounds it holds make the walk cheap after ``run``).  Run at the root; leaves the search there.
        False (and ``record`` as it was) when the nodes run out first.  Of a judged seat's 70E suits the line
        takes one whose every card keeps the bound (the side's choice within the suit is made in its favour)."""
        root = self._state()
        start = len(record)
        self._max_nodes = self.nodes + nodes
        t = upper
        try:
            while self.trick or self.h[self.leader]:
                seat = (self.leader + len(self.trick)) % 4
                moves, maximize = self.moves(seat)
                grouped: dict = {}
                if self.normal_side is not None and (seat & 1) == self.normal_side and (self.max_suits | self.known) \
                        and not maximize:
                    led = self.trick[0] // 13 if self.trick else -1
                    for m in moves:
                        su = m // 13
                        if (self.max_suits | self.known) >> su & 1 and (not self.trick or su == led):
                            grouped.setdefault(su, []).append(m)
                in_group = {m for ms in grouped.values() for m in ms}
                chosen = None
                for m in self.order(seat, [m for m in moves if m not in in_group], True):
                    if self.child(m, t, t + 1) <= t:
                        chosen = m
                        break
                if chosen is None:
                    for su in sorted(grouped):
                        if all(self.child(m, t, t + 1) <= t for m in grouped[su]):
                            chosen = grouped[su][0]
                            break
                if chosen is None:  # (cannot happen when ``upper`` is a proven bound)
                    raise _Timeout
                gained, winner = _advance(self, seat, chosen)
                record.append([seat, chosen, None, winner, 0])
                t -= gained
        except _Timeout:
            del record[start:]
            self._restore(root)
            return False
        self._restore(root)
        return True

    def guess(self, n: int, record: list | None = None) -> int:
        """The value of one play-out following the move ordering: a first guess for MTD(f).  ``record``: a list
        to append the plays to, as ``principal_line`` gives them (seat, card, None, trick winner or None, 0),
        suits becoming known as opponents show out (as the search reads them): a normal line, whose value is an
        upper bound of the normal floor (the proposal of an award the budget could not settle)."""
        saved = (list(self.h), self.leader, list(self.trick), self.step_idx, self.step_rounds, self.trick_step,
                 self.known, self.rem)
        total = 0
        try:
            while True:
                if not self.trick and not self.h[self.leader]:
                    break
                seat = (self.leader + len(self.trick)) % 4
                moves, maximize = self.moves(seat)
                if len(moves) > 1 and not (maximize or self.targets or self.minimax):
                    card = self._min_choice(seat, moves)
                else:
                    card = self.order(seat, moves, not maximize)[0]
                self.h[seat] ^= 1 << card
                if not self.trick and self.line and (seat & 1) == self.normal_side:
                    self._mark_lead(card)
                if record is not None:
                    if self.dynamic_known and self.trick and (seat & 1) != self.normal_side \
                            and card // 13 != self.trick[0] // 13:
                        self.known |= 1 << (self.trick[0] // 13)
                    record.append([seat, card, None, None, 0])
                self.trick.append(card)
                if len(self.trick) == 4:
                    i = winner_index(self.trick, self.trump)
                    win = (self.leader + i) % 4
                    if record is not None:
                        record[-1][3] = win
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

    def _min_choice(self, seat: int, moves) -> int:
        """A play-out's card when every player's choice goes against the side (a floor): the side's hands lose
        tricks and throw their winners, the opponents take tricks and keep theirs."""
        h = self.h
        trick = self.trick
        trump = self.trump
        mine = (seat & 1) == self.side
        if not trick:
            if mine:
                return self._lead_order(seat, moves, False)[0]
            # an opponent of the side: a sure winner from his longest run of them, else a suit the side cannot win
            best, key = moves[0], None
            sides = (self.side, self.side + 2)
            for m in moves:
                su = m // 13
                sh = 13 * su
                theirs = ((h[sides[0]] | h[sides[1]]) >> sh) & FULL
                r = m % 13
                ruff = trump >= 0 and su != trump and any(
                    not (h[x] >> sh) & FULL and (h[x] >> (13 * trump)) & FULL for x in sides)
                sure = r > theirs.bit_length() - 1 and not ruff
                length = ((h[seat] >> sh) & FULL).bit_count()
                k = (0, -length, -r) if sure else (1 if theirs.bit_length() - 1 < 12 and not ruff else 2, r)
                if key is None or k < key:
                    best, key = m, k
            return best
        win_seat, winning = self._current_winner()
        beats = self._beats
        led = trick[0] // 13
        following = (h[seat] >> (13 * led)) & FULL
        if mine:
            low = [m for m in moves if not beats(m, winning)]
            pool = low or list(moves)
            if following:
                return max(pool) if win_seat & 1 != self.side else min(pool)
            # throwing: the side's most valuable card it may throw
            return max(pool, key=lambda m: (m // 13 != trump, m % 13))
        if (win_seat & 1) != self.side:  # partner of this opponent is winning: play low, keep the winners
            return min(moves, key=lambda m: (m // 13 == trump, m % 13))
        winners = [m for m in moves if beats(m, winning)]
        if winners:
            return min(winners, key=lambda m: (m // 13 == trump and led != trump, m % 13))
        return min(moves, key=lambda m: (m // 13 == trump, m % 13))

    def search(self, alpha: int, beta: int) -> int:
        nodes = self.nodes + 1  # the budget's tick, inline
        self.nodes = nodes
        if nodes > self._max_nodes:
            raise _Timeout
        if self.trick:
            return self.play(alpha, beta, 0, INF)
        n = self.h[self.leader].bit_count()
        if n == 0:
            return 0
        if self.line:
            self.step()
        key = self.key()
        tt = self.tt
        entry = tt.get(key)
        if entry is None:
            lo, hi = self._boundary_bounds(n)
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
        a0 = alpha if alpha > lo else lo
        b0 = beta if beta < hi else hi
        v = self.play(a0, b0, lo, hi)
        if v <= a0:
            if v < hi:
                hi = v
        elif v >= b0:
            if v > lo:
                lo = v
        else:
            lo = hi = v
        if len(tt) > TT_LIMIT:
            tt.clear()
        tt[key] = (lo << 4) | hi
        return v

    def moves(self, seat: int) -> tuple:
        """The cards ``seat`` may choose among, and whether the choice maximises the objective."""
        if self.normal_side is not None and (seat & 1) == self.normal_side:
            moves = self.normal_moves(seat)
        else:
            moves = self.legal_reps(seat)
        return moves, self._maximizes(seat & 1)

    def _maximizes(self, parity: int) -> bool:
        """Whether the seats of ``parity`` maximise the objective now (a squeeze step makes the side do so)."""
        if self.squeeze_at >= 0 and parity == self._judged and self.step_idx >= self.squeeze_at:
            return True
        return self._maximizing[parity]

    def legal_reps(self, seat: int):
        """The legal moves (one card per run of equivalent cards), memoised: following suit, on the hand's
        cards of the suit led and the cards of that suit still in play; otherwise on the hand, the cards
        still in play and the suit led."""
        trick = self.trick
        hand = self.h[seat]
        if trick:
            led = trick[0] // 13
            sh = 13 * led
            m = (hand >> sh) & FULL
            if m:
                k = (m, (self.rem >> sh) & FULL, led)
            else:
                k = (hand, self.rem, led, 0)  # (a key of another length: never equal to one following suit)
        else:
            k = (hand, self.rem, -1, 0)
        got = _LEGAL.get(k)
        if got is None:
            got = tuple(_Moves.legal_reps(self, seat))
            if len(_LEGAL) > MEMO_LIMIT:
                _LEGAL.clear()
            _LEGAL[k] = got
        return got

    def _move_key(self, seat: int):
        """The memo key of a seat's ordered legal moves (``_ordered_moves``).

        Following suit, the moves and their order depend only on the hand's cards of the suit led, the
        cards of that suit still in play, the rank to beat in it (13: none, the trick is ruffed) and
        ``_mode``; otherwise on the hand, the cards still in play, the suit led, the card winning the trick
        so far and ``_mode``.
        """
        trick = self.trick
        hand = self.h[seat]
        if trick:
            best = trick[0]  # the card winning so far (winner_index, inline)
            led = bs = best // 13
            for c in trick[1:]:
                cs = c // 13
                if cs == bs:
                    if c > best:
                        best = c
                elif cs == self.trump:
                    best, bs = c, cs
            sh = 13 * led
            m = (hand >> sh) & FULL
            if m:
                return (m, (self.rem >> sh) & FULL, led, best - sh if bs == led else 13, self._order_mode[seat & 1])
            return (hand, self.rem, led, best, self._order_mode[seat & 1], 0)  # (another length)
        h = self.h  # a lead is ordered on who holds what (``_lead_order``)
        return (h[0], h[1], h[2], h[3], seat, self._order_mode[seat & 1])

    def _ordered_moves(self, seat: int, maximize: bool, k=None):
        """The legal moves of a seat whose play is not judged, in the search's order (``order``), memoised
        under ``_move_key``."""
        if k is None:
            k = self._move_key(seat)
        got = _ORDERED.get(k)
        if got is None:
            got = tuple(self.order(seat, self.legal_reps(seat), not maximize))
            if len(_ORDERED) > MEMO_LIMIT:
                _ORDERED.clear()
            _ORDERED[k] = got
        return got

    def _ordered_judged(self, seat: int, moves, maximize: bool):
        """``order(seat, moves, not maximize)`` for a seat whose play is judged, memoised on the moves, the
        card winning the trick so far (-1 at a lead), ``_mode`` and ``maximize`` (which a squeeze step turns
        round within one search)."""
        trick = self.trick
        if trick:
            best = trick[0]  # the card winning so far (winner_index, inline)
            bs = best // 13
            for c in trick[1:]:
                cs = c // 13
                if cs == bs:
                    if c > best:
                        best = c
                elif cs == self.trump:
                    best, bs = c, cs
        else:
            best = -1
        k = (tuple(moves), best, self._order_mode[seat & 1], maximize) if trick else \
            (tuple(moves), best, self._order_mode[seat & 1], maximize, tuple(self.h), seat)
        got = _ORDERED_JUDGED.get(k)
        if got is None:
            got = tuple(self.order(seat, moves, not maximize))
            if len(_ORDERED_JUDGED) > MEMO_LIMIT:
                _ORDERED_JUDGED.clear()
            _ORDERED_JUDGED[k] = got
        return got

    def play(self, alpha: int, beta: int, lo: int, hi: int) -> int:
        """The player to move chooses a card; ``lo``/``hi`` bound the node's value."""
        trick = self.trick
        seat = (self.leader + len(trick)) % 4
        parity = seat & 1
        maximize = self._maximizing[parity] if self.squeeze_at < 0 else self._maximizes(parity)
        if parity != self._judged:
            k = self._move_key(seat)
            moves = _ORDERED.get(k)
            if moves is None:
                moves = self._ordered_moves(seat, maximize, k)
        else:
            moves = self.normal_moves(seat)
            if (self.max_suits or self.known) and not maximize:
                groups = self._groups(seat, moves)
                if groups is not None:
                    return self._grouped(groups, alpha, beta, lo)
            if len(moves) > 1:
                moves = self._ordered_judged(seat, moves, maximize)
        child = self.child
        if maximize:
            best = -INF
            for m in moves:
                v = child(m, alpha if alpha >= best else best, beta)
                if v > best:
                    best = v
                    if best >= beta or best >= hi:
                        break
            return best
        best = INF
        for m in moves:
            v = child(m, alpha, beta if beta <= best else best)
            if v < best:
                best = v
                if best <= alpha or best <= lo:
                    break
        return best

    def _groups(self, seat: int, moves):
        """A judged seat's moves split into plain moves (chosen against the side) and the suits whose card
        within the suit is chosen in the side's favour (70E: ``max_suits`` and the suits known): (plain
        moves in order, ((suit, its moves in order), ...) by suit), or None when no suit is chosen so.
        Memoised on the moves, the suits, the suit led, the card winning the trick so far and what the
        order depends on."""
        trick = self.trick
        if trick:
            best = trick[0]  # the card winning so far (winner_index, inline)
            led = bs = best // 13
            for c in trick[1:]:
                cs = c // 13
                if cs == bs:
                    if c > best:
                        best = c
                elif cs == self.trump:
                    best, bs = c, cs
        else:
            led = best = -1
        suits = self.max_suits | self.known
        k = (tuple(moves), suits, led, best, self._group_mode[seat & 1]) if trick else \
            (tuple(moves), suits, led, best, self._group_mode[seat & 1], tuple(self.h), seat)
        got = _GROUPS.get(k, _GROUPS)
        if got is _GROUPS:
            plain, grouped = [], {}
            for m in moves:
                s = m // 13
                if suits >> s & 1 and (not trick or s == led):
                    grouped.setdefault(s, []).append(m)
                else:
                    plain.append(m)
            got = None
            if grouped:
                got = (tuple(self.order(seat, plain, True)),
                       tuple((s, tuple(self.order(seat, grouped[s], False))) for s in sorted(grouped)))
            if len(_GROUPS) > MEMO_LIMIT:
                _GROUPS.clear()
            _GROUPS[k] = got
        return got

    def _grouped(self, groups, alpha: int, beta: int, lo: int) -> int:
        """A judged seat choosing among plain moves (against the side) and suits whose card within the suit
        is chosen in the side's favour (70E); ``groups`` from ``_groups``."""
        plain, grouped = groups
        best = INF
        for m in plain:
            v = self.child(m, alpha, min(beta, best))
            if v < best:
                best = v
                if best <= alpha or best <= lo:
                    return best
        for _, moves in grouped:
            v = self._max_over(moves, alpha, min(beta, best), INF)
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
        trick = self.trick
        k = len(trick)
        seat = (self.leader + k) % 4
        h = self.h
        bit = 1 << card
        h[seat] ^= bit
        if self.line:
            saved = (self.trick_step, self.known, self.step_idx, self.step_rounds)
            if not k:
                if (seat & 1) == self.normal_side:
                    self._mark_lead(card)
            elif self.dynamic_known and (seat & 1) != self.normal_side and card // 13 != trick[0] // 13:
                self.known |= 1 << (trick[0] // 13)
        elif self.dynamic_known:
            # without a line only the known suits can change (the line's state stays as it is)
            saved = self.known
            if k and (seat & 1) != self.normal_side and card // 13 != trick[0] // 13:
                self.known = saved | 1 << (trick[0] // 13)
        else:
            saved = None  # nothing but the cards changes
        trick.append(card)
        if k < 3:
            nodes = self.nodes + 1  # search() with a trick in progress, inline: the tick, then play
            self.nodes = nodes
            if nodes > self._max_nodes:
                raise _Timeout
            v = self.play(alpha, beta, 0, INF)
            trick.pop()
        else:
            # the trick's winner (winner_index, inline)
            c0, c1, c2, c3 = trick
            trump = self.trump
            i, bc = 0, c0
            bs = c0 // 13
            s = c1 // 13
            if s == bs:
                if c1 > bc:
                    i, bc = 1, c1
            elif s == trump:
                i, bc, bs = 1, c1, s
            s = c2 // 13
            if s == bs:
                if c2 > bc:
                    i, bc = 2, c2
            elif s == trump:
                i, bc, bs = 2, c2, s
            s = c3 // 13
            if s == bs:
                if c3 > bc:
                    i, bc = 3, c3
            elif s == trump:
                i, bc = 3, c3
            leader = self.leader
            win_seat = (leader + i) % 4
            if self.targets:
                gained = (self.targets >> bc) & 1
            else:
                gained = 1 if (win_seat & 1) == self.side else 0
            if self.line and self.trick_step >= 0 and self.trick_step == self.step_idx:
                self.step_rounds += 1
            rem = self.rem
            self.rem = rem & ~((1 << c0) | (1 << c1) | (1 << c2) | (1 << c3))
            hcode = self.hcode
            s = c0 // 13
            if c1 // 13 == s and c2 // 13 == s and c3 // 13 == s:
                # everybody followed: one suit's part of the key changes (``recode``, inline)
                sh = 13 * s
                marks = self.marks
                part = ((h[0] >> sh) & FULL, (h[1] >> sh) & FULL, (h[2] >> sh) & FULL, (h[3] >> sh) & FULL,
                        (marks >> sh) & FULL)
                code = _SUIT_CODE.get(part)
                if code is None:
                    code = _suit_code(*part)
                at = 120 - 40 * s
                self.hcode = (hcode & ~(_PART << at)) | (code << at)
            else:
                self.hcode = recode(hcode, h, self.marks,
                                    (1 << s) | (1 << (c1 // 13)) | (1 << (c2 // 13)) | (1 << (c3 // 13)))
            self.trick = []
            self.leader = win_seat
            if self.line:
                self.trick_step = -1  # (without a line it is always -1)
            v = gained + self.search(alpha - gained, beta - gained)
            self.hcode = hcode
            self.rem = rem
            self.leader = leader
            self.trick = trick
            trick.pop()
        if saved is not None:
            if self.line:
                self.trick_step, self.known, self.step_idx, self.step_rounds = saved
            else:
                self.known = saved
        h[seat] ^= bit
        return v


# ---------------------------------------------------------------------------
# Public interface
# ---------------------------------------------------------------------------


def _limit(limit):
    return DEFAULT_LIMIT if limit is None else limit


def floor(pos: Position, side: int, limit: int | None = None) -> SolveResult:
    """The fewest tricks ``side`` (0 NS, 1 EW) takes over every legal play of the remaining cards."""
    return _Search(pos, side, limit=_limit(limit)).run()


def ceiling(pos: Position, side: int, limit: int | None = None) -> SolveResult:
    """The most tricks ``side`` takes over every legal play (the other side's floor, turned round)."""
    return turned_round(floor(pos, 1 - side, limit), pos.tricks_left)


def bounds(pos: Position, side: int, limit: int | None = None) -> tuple:
    """(floor, ceiling) over all legal plays, each a SolveResult."""
    return floor(pos, side, limit), ceiling(pos, side, limit)


def normal_floor(pos: Position, side: int, line=(), *, known: int = 0, max_suits: int = 0,
                 limit: int | None = None, with_line: bool = False, pclass: str = DEFAULT_CLASS,
                 excluded=(), claims_all: bool = False) -> SolveResult:
    """The fewest tricks ``side`` takes when its own plays are normal (and follow ``line``): ``py_normal_floor``'s
    result, from the compiled search (``csearch.normal_search``, the same value, bounds and node count) when it
    takes the arguments (a well-formed line: ``csearch.normal_supported``), else from ``py_normal_floor``
    itself.  ``with_line``: the line is found in Python, going on from where the compiled search left off.
    (``claims_all`` changes no search: the count reads it from the position.)"""
    if csearch.normal_supported(line, known, max_suits, pclass, excluded):
        res, lost, state = csearch.normal_search(pos, side, tuple(line), known=known, max_suits=max_suits,
                                                 limit=_limit(limit), pclass=pclass, excluded=excluded,
                                                 export=with_line)
        # (a table entry lost to a full probe window, which search.py's dict keeps, may change the nodes: then the
        # Python search does it all again, so that the result is always its own -- up to a limit where that would
        # take the Python search minutes: past it the compiled result stands, its bounds proven all the same)
        if not lost or _limit(limit) > PY_REDO_LIMIT:
            if not with_line:
                return res
            # the line is found in Python, from where the compiled search left off: its table, its nodes, its
            # line's state and the states its memo of normal moves has seen
            search = _judged(pos, side, line, known, max_suits, _limit(limit), pclass, excluded, claims_all)
            _take_over(search, res, state)
            judge = csearch.Judge(pos, side, tuple(line), limit=_limit(limit), pclass=pclass, excluded=excluded) \
                if res.exact else None
            try:
                return _with_line(pos, side, line, known, max_suits, limit, pclass, excluded, claims_all, search,
                                  res, judge)
            except _Redo:
                pass  # the judge's table lost an entry: all of it in Python
    return py_normal_floor(pos, side, line, known=known, max_suits=max_suits, limit=limit, with_line=with_line,
                           pclass=pclass, excluded=excluded, claims_all=claims_all)


class _SeenMemo(dict):
    """A search's memo of normal moves (``normal_moves``) handed over by the compiled search: it holds the states
    that search asked about, their moves computed here when first asked for (a found state's moves do not move
    the line's state past the steps done, as computing them does: so they are computed and the state put back)."""

    def __init__(self, search: _Search, keys):
        super().__init__((k, None) for k in keys)
        self.search = search

    def get(self, key, default=None):
        if not dict.__contains__(self, key):
            return default
        got = dict.__getitem__(self, key)
        if got is None:
            s = self.search
            saved = (s.step_idx, s.step_rounds, s.trick_step)
            got = s._normal_moves((s.leader + len(s.trick)) % 4)
            s.step_idx, s.step_rounds, s.trick_step = saved
            self[key] = got
        return got


def _take_over(search: _Search, res: SolveResult, state) -> None:
    """Put the Python ``search`` (at its root, not run) where the compiled search of the same arguments left off
    (``csearch.normal_search`` with ``export``): its transposition table (``key``'s keys, composed in C from the
    C table's words as ``_compose_key`` composes them: ``_csearch.c`` ``python_key``), its node count, its line's
    state at the root and its memo's states."""
    tt, (step_idx, step_rounds, trick_step, known), seen = state
    search.tt = tt
    search.nodes = res.nodes
    search.step_idx, search.step_rounds, search.trick_step, search.known = step_idx, step_rounds, trick_step, known
    if seen is not None:
        keys = []
        for h0, h1, h2, h3, rest in seen:
            trick = tuple(((rest >> (2 + 6 * i)) & 63) - 1 for i in range(rest & 3))
            keys.append((h0, h1, h2, h3, trick, (rest >> 20) & 3, (rest >> 22) & 255, (rest >> 30) & 255,
                         ((rest >> 38) & 255) - 1, (rest >> 46) & 15))
        search._nm_memo = _SeenMemo(search, keys)


def _judged(pos, side, line, known, max_suits, nodes, pclass, excluded, claims_all) -> _Search:
    """``py_normal_floor``'s search."""
    return _Search(pos, side, normal_side=side, line=tuple(line), known=known, max_suits=max_suits,
                   dynamic_known=True, limit=nodes, pclass=pclass, excluded=excluded, claims_all=claims_all)


def py_normal_floor(pos: Position, side: int, line=(), *, known: int = 0, max_suits: int = 0,
                    limit: int | None = None, with_line: bool = False, pclass: str = DEFAULT_CLASS,
                    excluded=(), claims_all: bool = False) -> SolveResult:
    """The fewest tricks ``side`` takes when its own plays are normal (and follow ``line``): the pure-Python
    search, the reference the compiled one is tested against (its ``with_line`` part, ``_with_line``, also finds
    the line after the compiled search).

    The other side plays any legal card.  ``known``: suits in which an
    opponent of ``side`` has already shown out; in those (and in
    ``max_suits``) the side's choice of card within the suit is made in its
    favour (70E), and a suit becomes known as soon as an opponent shows out.
    ``pclass``: the class of player (footnote to Law 69: ``normal.CLASSES``);
    ``excluded``: the director's findings, ``(seat, card id, role)`` plays he
    ruled not normal for this player; ``claims_all``: the side claims every
    remaining trick (a claimer who believes his cards good leads them: L3).
    ``with_line``: also find the plays of one such line (``SolveResult.line``),
    each play of the side that costs it tricks against its best normal line
    marked with the tricks it costs.
    """
    search = _judged(pos, side, line, known, max_suits, _limit(limit), pclass, excluded, claims_all)
    res = search.run()
    if not with_line:
        return res
    return _with_line(pos, side, line, known, max_suits, limit, pclass, excluded, claims_all, search, res)


class _Redo(Exception):
    """The compiled judge lost a table entry (``csearch.Judge``): its nodes may not be search.py's."""


def _with_line(pos, side, line, known, max_suits, limit, pclass, excluded, claims_all, search: _Search,
               res: SolveResult, cjudge=None) -> SolveResult:
    """``py_normal_floor``'s ``with_line``, after its search (``search``, run, its result ``res``); ``cjudge``: the
    compiled judge (``csearch.Judge``) to search the side's best normal play with, else the Python one."""
    def judged(nodes):
        return _judged(pos, side, line, known, max_suits, nodes, pclass, excluded, claims_all)

    if not res.exact:
        # not settled: one normal line found (a play-out against the side), proposed for the director to confirm
        # (from a fresh search at the root: the one stopped by its budget is left where it stopped)
        # the least successful normal line the search found: the one that proves its upper bound, walked with
        # the search's table (within a quarter of its nodes more); else a play-out, whose value is an upper
        # bound too (any normal line is one the floor is at most)
        plays: list = []
        guessed = judged(None).guess(pos.tricks_left, plays)
        before = search.nodes
        if guessed < res.upper:
            res.upper = guessed  # the play-out is a normal line below the bound the search proved
        elif not search.witness(res.upper, walked := [], max(1, _limit(limit) // 4)):
            res.upper = min(res.upper, guessed)
        else:
            plays = walked
        res.proposal = res.upper
        res.nodes += search.nodes - before
        res.line = plays
        res.line_complete = False
    else:
        # the plays of one least successful normal line (``with_line``), within the same node budget; the
        # side's best normal line is searched from each point of it by one search re-rooted along the line,
        # its transposition table shared (its keys hold the line's state)
        spent = [0]
        judge = None if cjudge is not None else _Search(pos, side, minimax=True, normal_side=side, line=tuple(line),
                                                        limit=None, pclass=pclass, excluded=excluded,
                                                        claims_all=claims_all)

        def best(st):
            left = search.budget.limit - search.nodes - spent[0] if search.budget.limit is not None else None
            if left is not None and left <= 0:
                return None
            if cjudge is not None:
                r, lost = cjudge.run(st, None if left is None else max(0, min(left, 100_000)))
                if lost and search.budget.limit <= PY_REDO_LIMIT:
                    raise _Redo
            else:
                _reroot(judge, st, None if left is None else max(0, min(left, 100_000)))
                r = judge.run()
            spent[0] += r.nodes
            return r.value

        res.best = best(search)
        search.line_complete = res.best is not None
        res.line = principal_line(search, res.value, best)
        res.missed = search.missed
        res.line_complete = search.line_complete and bool(res.line)
        res.nodes = search.nodes + spent[0]
    return res


def _reroot(judge: _Search, st: _Search, limit) -> None:
    """Put the search ``judge`` at the position (and line state) of the search ``st``, keeping its table."""
    judge.h = list(st.h)
    judge.rem = st.rem
    judge.leader = st.leader
    judge.trick = list(st.trick)
    judge.step_idx, judge.step_rounds, judge.trick_step, judge.known = st.step_idx, st.step_rounds, \
        st.trick_step, st.known
    judge.hcode = hands_code(judge.h, judge.marks)
    judge.nodes = 0
    judge.budget = Budget(limit)
    judge._max_nodes = INF_NODES if limit is None else limit


def target_tricks(pos: Position, side: int, targets, line=(), *, limit: int | None = None,
                  pclass: str = DEFAULT_CLASS, excluded=(), claims_all: bool = False) -> SolveResult:
    """The most tricks the ``targets`` cards (held by the other side) can win while ``side`` plays
    normally (following ``line``) and the other side plays any legal card."""
    mask = 0
    for c in targets:
        mask |= 1 << (card_id(c) if isinstance(c, str) else c)
    if 0 < mask < 1 << 52 and csearch.normal_supported(line, 0, 0, pclass, excluded):
        # compiled: the same search node for node (an empty target set stays here: the search then counts the
        # side's own tricks, every seat maximising)
        res, lost, _ = csearch.normal_search(pos, side, tuple(line), limit=_limit(limit), pclass=pclass,
                                             excluded=excluded, targets=mask)
        if not lost or _limit(limit) > PY_REDO_LIMIT:  # (else the Python search, as ``normal_floor`` does)
            return res
    return py_target_tricks(pos, side, targets, line, limit=limit, pclass=pclass, excluded=excluded,
                            claims_all=claims_all)


def py_target_tricks(pos: Position, side: int, targets, line=(), *, limit: int | None = None,
                     pclass: str = DEFAULT_CLASS, excluded=(), claims_all: bool = False) -> SolveResult:
    """``target_tricks`` in pure Python: the reference the compiled one is tested against."""
    mask = 0
    for c in targets:
        mask |= 1 << (card_id(c) if isinstance(c, str) else c)
    return _Search(pos, side, maximize=True, targets=mask, normal_side=side, line=tuple(line),
                   limit=_limit(limit), pclass=pclass, excluded=excluded, claims_all=claims_all).run()


def minimax(pos: Position, side: int, limit: int | None = None) -> SolveResult:
    """Double-dummy value for ``side`` by alpha-beta (pure Python: for small positions and tests)."""
    return _Search(pos, side, minimax=True, limit=_limit(limit)).run()
