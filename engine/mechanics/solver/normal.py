"""The normal-play model (footnote to Law 69) and the claimer's stated line, as move filters.

Part of ``engine.mechanics.solver``; the list of irrational plays is in the package docstring and docs/claims.md.
"""
from __future__ import annotations

from engine.mechanics.solver.core import FULL, Step, _popcount
from engine.mechanics.solver.moves import _reps, _reps_run


class _Normal:
    """The moves of the side whose play is judged: the line first, then the irrational ones dropped."""

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

    def _mark_lead(self, card: int) -> None:
        """The claimer's side leads: the trick counts as a round of the current step if it is in its suit."""
        st = self.step()
        self.trick_step = -1
        if st is not None:
            suit = self.trump if st.kind == "draw_trumps" else st.suit
            if card // 13 == suit:
                self.trick_step = self.step_idx

    def normal_moves(self, seat: int):
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

    def _irrational(self, seat: int, moves: list) -> list:
        """Drop the plays no normal line makes (I1, I2, N1, N2); keep them all if nothing else is left."""
        trick = self.trick
        k = len(trick)
        if k == 0:
            return self._i2(seat, moves)
        trump = self.trump
        # the card winning so far and its seat (``_current_winner``, inline)
        i, best = 0, trick[0]
        led = bs = best // 13
        for j in range(1, k):
            c = trick[j]
            cs = c // 13
            if cs == bs:
                if c > best:
                    i, best = j, c
            elif cs == trump:
                i, best, bs = j, c, cs
        win_seat = (self.leader + i) % 4
        # the cards that beat ``best`` (``_beats``): higher cards of its suit, and trumps when it is no trump
        beating = ((FULL << (13 * bs)) & ~((2 << best) - 1))
        if trump >= 0 and trump != bs:
            beating |= FULL << (13 * trump)
        hand = self.h[seat]
        following = (hand >> (13 * led)) & FULL
        # the only opponent still to play after this seat, if any (the next seat, unless this one is last)
        opp = (seat + 1) % 4 if k < 3 else -1
        if win_seat == (seat + 2) % 4 and not (opp >= 0 and self._can_beat(opp, best, led)):
            # I1: partner's card wins the trick for certain; beating it is irrational when a card that does
            # not beat it is held.
            legal = (following << (13 * led)) if following else hand
            if legal & ~beating:
                moves = [m for m in moves if not (beating >> m) & 1] or moves
            return self._n2(seat, moves) if not following else moves
        # N1: a card that wins the trick for certain (it beats the card winning so far and no opponent
        # still to play can beat it) is held: playing anything else declines a trick the hand cannot fail
        # to win.
        if opp >= 0:
            can_beat = self._can_beat
            sure = [m for m in moves if (beating >> m) & 1 and not can_beat(opp, m, led)]
        else:
            sure = [m for m in moves if (beating >> m) & 1]
        if sure:
            return sure
        # N2: discarding a card that can only win while the hand keeps a card that can never win.
        if not following:
            return self._n2(seat, moves)
        return moves

    def sure_winner(self, seat: int, card: int) -> bool:
        """Whether ``card`` can only win: every card of its suit still in a hand above it is in the same
        hand, and no opponent can ruff it (notrump, a trump, or the opponents hold no trump)."""
        s, r = card // 13, card % 13
        sh = 13 * s
        h = self.h
        held = ((h[0] | h[1] | h[2] | h[3]) >> sh) & FULL
        mine = (h[seat] >> sh) & FULL
        if (held >> (r + 1)) & ~(mine >> (r + 1)):
            return False
        t = self.trump
        if t < 0 or s == t:
            return True
        return not (((h[(seat + 1) % 4] | h[(seat + 3) % 4]) >> (13 * t)) & FULL)

    def dead_suits(self, seat: int) -> int:
        """The side suits (bit mask) in which every card of the hand is a loser by rank: partner holds no
        card above the hand's highest (so they are not cards to reach partner with), and an opponent holds
        one above it.  (A low trump can still win by ruffing: never counted.)"""
        h = self.h
        out = 0
        for s in range(4):
            sh = 13 * s
            mine = (h[seat] >> sh) & FULL
            if not mine or s == self.trump:
                continue
            above = FULL & ~((1 << mine.bit_length()) - 1)
            if (h[(seat + 2) % 4] >> sh) & above:
                continue
            if ((h[(seat + 1) % 4] | h[(seat + 3) % 4]) >> sh) & above:
                out |= 1 << s
        return out

    def _n2(self, seat: int, moves: list) -> list:
        """N2: when discarding, a card that can only win is kept while the hand holds a card that can never win."""
        if not self.dead_suits(seat):
            return moves
        t = self.trump
        out = [m for m in moves if m // 13 == t or not self.sure_winner(seat, m)]
        return out or moves

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
