"""Move generation: the legal cards (one per run of equivalent cards), who wins a trick, move ordering.

Part of ``engine.mechanics.solver``.
"""
from __future__ import annotations

from engine.mechanics.solver.core import FULL, _cards, winner_index

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
    """The run of cards of ``m`` (adjacent among ``live``, the ranks no longer in play skipped) that contains
    ``rank``, as rank bits: the cards ``_reps`` lets one representative stand for."""
    run = 1 << rank
    r = rank + 1
    while r < 13:
        if (live >> r) & 1:
            if not (m >> r) & 1:
                break
            run |= 1 << r
        r += 1
    r = rank - 1
    while r >= 0:
        if (live >> r) & 1:
            if not (m >> r) & 1:
                break
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


def _suit_part(h: list, sh: int, marks: int) -> int:
    """The relative-rank code (``moves._suit_code``) of the suit at bit ``sh`` of the hands ``h``."""
    a, b, c, d, m = (h[0] >> sh) & FULL, (h[1] >> sh) & FULL, (h[2] >> sh) & FULL, (h[3] >> sh) & FULL, \
        (marks >> sh) & FULL
    code = _SUIT_CODE.get((a, b, c, d, m))
    if code is None:
        code = _suit_code(a, b, c, d, m)
    return code


def hands_code(h, marks: int) -> int:
    """The hands' part of the transposition key: each suit's relative-rank code in 40 bits, spades first."""
    key = 0
    for sh in (0, 13, 26, 39):
        key = (key << 40) | _suit_part(h, sh, marks)
    return key


def recode(hcode: int, h, marks: int, suits: int) -> int:
    """``hands_code`` after cards of the ``suits`` (bit mask) have left the hands ``h``, from the code
    before (``hcode``): only those suits' parts are recomputed."""
    h0, h1, h2, h3 = h
    for s in _SUITS_IN[suits]:
        sh = 13 * s
        part = ((h0 >> sh) & FULL, (h1 >> sh) & FULL, (h2 >> sh) & FULL, (h3 >> sh) & FULL, (marks >> sh) & FULL)
        code = _SUIT_CODE.get(part)
        if code is None:
            code = _suit_code(*part)
        at = 120 - 40 * s
        hcode = (hcode & ~(_PART << at)) | (code << at)
    return hcode


_PART = (1 << 40) - 1
_SUITS_IN = tuple(tuple(s for s in range(4) if m >> s & 1) for m in range(16))


class _Moves:
    """Legal moves and trick arithmetic, for a search holding ``h``, ``rem``, ``trump``, ``leader``, ``trick``."""

    def live(self, suit: int) -> int:
        """The cards of ``suit`` still in play: in the hands or in the trick in progress (rank bits)."""
        return (self.rem >> (13 * suit)) & FULL

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

    def _legal_all(self, seat: int) -> list:
        hand = self.h[seat]
        if self.trick:
            ls = self.trick[0] // 13
            m = hand & (FULL << (13 * ls))
            if m:
                return _cards(m)
        return _cards(hand)

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

    def _lead_order(self, seat: int, moves: list, want_win: bool) -> list:
        """Leads ordered by who is likely to win the trick: for a leader who wants the trick, a card above every
        opposing card of its suit (no ruff possible) first, then a low card to partner's such card, then the
        rest from the highest; for one who wants to lose it, a suit in which an opponent can beat both his card
        and partner's (or ruff) first, from the lowest."""
        h = self.h
        P = (seat + 2) % 4
        o1, o2 = (seat + 1) % 4, (seat + 3) % 4
        trump = self.trump
        tsh = 13 * trump if trump >= 0 else 0
        keys = {}
        for m in moves:
            s = m // 13
            sh = 13 * s
            opp = ((h[o1] | h[o2]) >> sh) & FULL
            part = (h[P] >> sh) & FULL
            otop = opp.bit_length() - 1
            ptop = part.bit_length() - 1
            r = m % 13
            ruff = trump >= 0 and s != trump and (
                (not (h[o1] >> sh) & FULL and (h[o1] >> tsh) & FULL) or (not (h[o2] >> sh) & FULL and (h[o2] >> tsh) & FULL))
            if want_win:
                if r > otop and not ruff:
                    k = (0, -r)
                elif ptop > otop and not ruff:
                    k = (1, r)
                else:
                    k = (2, -r)
            else:
                k = (0, r) if (otop > max(r, ptop) or ruff) else (1, r)
            keys[m] = k
        return sorted(moves, key=keys.__getitem__)

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
            return self._lead_order(seat, moves, want_win)
        _, best = self._current_winner()
        beats = self._beats
        if want_win:
            return sorted(moves, key=lambda m: (0, m % 13) if beats(m, best) else (1, m % 13))
        return sorted(moves, key=lambda m: (1, m % 13) if beats(m, best) else (0, -(m % 13)))
