"""The normal-play model (footnote to Law 69) and the claimer's stated line, as move filters.

Part of ``engine.mechanics.solver``; the list of plays no normal line makes is in the package docstring and in
docs/claims.md ("The normal-play model"), each item with its reasoning and test position.

The footnote makes normal any play that would be careless or weak *for the class of player involved*, but not
an unreasonable one.  The judged side's cards are filtered at each of its turns, in this order:

1. the stated line (its current step, the cards it keeps for later steps, its standing discards);
2. the director's findings (``excluded``: a play he ruled not normal for this player);
3. the items below, each dropping the plays it makes irrational (never all of them).

Items (``CLASS_ITEMS`` says which class each applies to):

* N1 a card that wins the trick for certain is held: the trick is not declined;
* N4 among such cards, not one that would win a later trick when a cheaper one wins this one;
* I1 partner's card wins the trick for certain: it is not ruffed, nor overtaken by a card not certain to win, nor
  by a winner that would have won a later trick unless the overtake lets the side cash more (an unblock);
* I2 a suit headed by solid top cards of the leader's is not underled when an opponent holds a card that beats it;
* N3 following to a trick another card already wins, not a high card that would win a later trick while a
  lower card of the suit is held;
* N2 discarding, not an established winner while a card that cannot win is held;
* N2b discarding, not an established winner when another discard keeps more tricks the side can cash;
* L1 when the side can cash every remaining trick from the top, not a lead of a suit the opponents head;
* L2 ... nor a loser for partner to ruff while a winner (or a card to partner's winner) led instead cashes as
  many tricks;
* L3 when the claim takes every remaining trick, not a lead of a suit the opponents head while the leader holds a
  card of a suit his side heads;
* E1 (expert) discarding, nothing worth more than another card the hand could throw;
* E2 (expert) when the side can cash every remaining trick from the top, a lead that gives some up.

Everything else legal stays normal: any order of cashing (a blocked suit, stranded winners), leading a loser
early, not drawing trumps, not taking an unstated finesse, a careless choice among cards that might all matter.
"""
from __future__ import annotations

from engine.mechanics.solver.core import FULL, Step, _popcount
from engine.mechanics.solver.moves import _reps, _reps_run

# the classes of player (footnote to Law 69) and what each class never does on a normal line
CLASSES = ("novice", "club", "expert")
DEFAULT_CLASS = "club"
NOVICE, CLUB, EXPERT = 0, 1, 2
CLASS_ITEMS = {
    "N1": NOVICE, "N4": NOVICE, "I1": NOVICE, "I2": NOVICE, "N3": NOVICE, "N2": NOVICE,
    "N2b": CLUB, "L1": CLUB, "L2": CLUB, "L3": CLUB,
    "E1": EXPERT, "E2": EXPERT,
}

# roles of a play, for the director's findings (``excluded``)
LEAD, FOLLOW, DISCARD, RUFF = "lead", "follow", "discard", "ruff"
ROLES = (LEAD, FOLLOW, DISCARD, RUFF)

_CASH: dict = {}
_EST: dict = {}
CASH_MEMO_LIMIT = 200_000
NM_MEMO_LIMIT = 200_000  # entries of a search's memo of its judged side's moves


def _top(m: int) -> int:
    return m.bit_length() - 1


def established_cards(mine: int, o1: int, o2: int) -> int:
    """The cards of one suit (rank bits ``mine``) that win a trick whatever the opponents (holding ``o1``,
    ``o2``) do, the hand leading the suit from the top: its i-th card from the top wins if it beats the top
    card of every opponent still holding i cards or more of the suit (an opponent keeps his high cards as long
    as he can).  Length winners count once the opponents' cards are gone.  Ruffs are not considered.  Memoised."""
    key = (mine, o1, o2)
    got = _EST.get(key)
    if got is not None:
        return got
    out = 0
    n1, n2 = _popcount(o1), _popcount(o2)
    t1, t2 = _top(o1), _top(o2)
    i = 0
    x = mine
    while x:
        c = x.bit_length() - 1
        i += 1
        thr = max(t1 if n1 >= i else -1, t2 if n2 >= i else -1)
        if c <= thr:
            break
        out |= 1 << c
        x ^= 1 << c
    if len(_EST) > CASH_MEMO_LIMIT:
        _EST.clear()
    _EST[key] = out
    return out


def cash_count(h, trump: int, leader: int, ruffs: bool = True) -> int:
    """The tricks the leader's side can cash from a trick boundary with ``leader`` on lead, leading only cards
    that win for certain: a card above every opposing card of its suit, or a low card to partner's such card,
    and never a side suit an opponent could ruff.  The opponents follow with their lowest card of the suit led;
    void, they throw whichever suit's lowest card leaves the side fewest tricks; partner follows low or
    overtakes to take the lead, and void throws whichever suit's lowest card leaves the side most.  A count of
    the side's sure tricks with its entries (L1, E2); memoised.  ``ruffs=False``: as a claimer who has
    forgotten the opponents' trumps sees it (70C: their trumps neither ruff nor overruff)."""
    key = (h[0], h[1], h[2], h[3], trump, leader, ruffs)
    got = _CASH.get(key)
    if got is not None:
        return got
    n = _popcount(h[leader])
    best = 0
    for _, v in cash_leads(h, trump, leader, n, ruffs):
        if v > best:
            best = v
    if len(_CASH) > CASH_MEMO_LIMIT:
        _CASH.clear()
    _CASH[key] = best
    return best


def cash_leads(h, trump: int, leader: int, stop: int = 99, ruffs: bool = True) -> list:
    """``cash_count``'s leads: [(card id led, tricks cashed leading it)]; stops after one worth ``stop``."""
    L = leader
    P = (L + 2) % 4
    O1 = (L + 1) % 4
    O2 = (L + 3) % 4
    hL, hP, h1, h2 = h[L], h[P], h[O1], h[O2]
    out = []
    if trump >= 0:
        tsh = 13 * trump
        t1 = (h1 >> tsh) & FULL if ruffs else 0
        t2 = (h2 >> tsh) & FULL if ruffs else 0
    else:
        t1 = t2 = 0
    for s in range(4):
        sh = 13 * s
        Ls = (hL >> sh) & FULL
        if not Ls:
            continue
        o1 = (h1 >> sh) & FULL
        o2 = (h2 >> sh) & FULL
        omax = (o1 | o2).bit_length() - 1
        ltop = Ls.bit_length() - 1
        Ps = (hP >> sh) & FULL
        ptop = Ps.bit_length() - 1
        if s != trump and ((not o1 and t1) or (not o2 and t2)):
            ltop = ptop = -1  # an opponent may ruff: no master of the suit is certain
        ruff = -1
        if not Ps and trump >= 0 and s != trump:
            # partner, void, ruffs the lead: certain when no opponent can overruff
            pt = (hP >> tsh) & FULL
            if pt:
                over = (t1 if not o1 else 0) | (t2 if not o2 else 0)
                ok = pt & ~((2 << _top(over)) - 1) if over else pt
                if ok:
                    ruff = tsh + (ok & -ok).bit_length() - 1
        if ltop <= omax and ptop <= omax and ruff < 0:
            continue
        f1 = (h1 & ~(1 << (sh + (o1 & -o1).bit_length() - 1)),) if o1 else _throws(h1)
        f2 = (h2 & ~(1 << (sh + (o2 & -o2).bit_length() - 1)),) if o2 else _throws(h2)
        options = []  # (the leader's card rank, partner's card id or -1 when he throws, who wins)
        if ruff >= 0 and ltop <= omax:
            options.append(((Ls & -Ls).bit_length() - 1, ruff, P))  # a low card, ruffed by partner
        if ltop > omax:
            plow = (Ps & -Ps).bit_length() - 1
            # partner follows low (and wins the trick if even his lowest card is higher), or overtakes
            options.append((ltop, sh + plow if Ps else -1, P if Ps and plow > ltop else L))
            if ptop > ltop and plow < ltop:
                options.append((ltop, sh + ptop, P))
        if ptop > omax:
            low = (Ls & -Ls).bit_length() - 1
            if low < ptop:
                options.append((low, sh + ptop, P))
        for lc, pc, winner in options:
            nL = hL & ~(1 << (sh + lc))
            value = -1
            for nP in (hP & ~(1 << pc),) if pc >= 0 else _throws(hP):
                worst = 99
                for n1 in f1:
                    for n2 in f2:
                        if L == 0:
                            nh = (nL, n1, nP, n2)
                        elif L == 1:
                            nh = (n2, nL, n1, nP)
                        elif L == 2:
                            nh = (nP, n2, nL, n1)
                        else:
                            nh = (n1, nP, n2, nL)
                        v = _CASH.get((nh[0], nh[1], nh[2], nh[3], trump, winner, ruffs))
                        if v is None:
                            v = cash_count(nh, trump, winner, ruffs)
                        v += 1
                        if v < worst:
                            worst = v
                            if worst <= value:
                                break
                    if worst <= value:
                        break
                if worst > value:
                    value = worst
            out.append((sh + lc, value))
            if value >= stop:
                return out
    return out


def _throws(hand: int) -> tuple:
    """The hand after each throw that matters: the lowest card of each suit it holds."""
    out = []
    for sh in (0, 13, 26, 39):
        m = (hand >> sh) & FULL
        if m:
            out.append(hand & ~(1 << (sh + (m & -m).bit_length() - 1)))
    return tuple(out) or (hand,)


class _Normal:
    """The moves of the side whose play is judged: the line first, then the director's findings, then the plays
    no normal line makes dropped (``CLASS_ITEMS``: see the module docstring)."""

    # set by the search: ``pclass`` (NOVICE, CLUB, EXPERT), ``excluded`` ({seat: ((mask, role), ...)}),
    # ``standing`` (the stated line's discards: ((card, on_suit, seat, suit), ...))

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
        if st.kind in ("play", "finesse", "ruffing_finesse"):
            if not (mine >> st.card) & 1:
                # a ruffing finesse is still under way in the trick its card was led to
                return not (st.kind == "ruffing_finesse" and self.trick and self.trick_step == self.step_idx)
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
        if st.kind == "squeeze":
            return False  # the rest of the play, the side's choices made right (docs/claims.md)
        return True

    def _mark_lead(self, card: int) -> None:
        """The claimer's side leads: the trick counts as a round of the current step if it is in its suit."""
        line = self.line
        if self.step_idx < len(line) and line[self.step_idx].kind == "ruffing_finesse" \
                and line[self.step_idx].card == card:
            self.trick_step = self.step_idx  # the honour led (already out of the hand): the finesse is under way
            return
        if self.step_idx < len(line) and line[self.step_idx].kind == "play" and line[self.step_idx].card == card:
            # the stated card led: the trick is that step's, not a round of the step after it
            self.step()
            self.trick_step = -1
            return
        st = self.step()
        self.trick_step = -1
        if st is not None:
            suit = self.trump if st.kind == "draw_trumps" else st.suit
            if card // 13 == suit:
                self.trick_step = self.step_idx

    def normal_moves(self, seat: int):
        """The claimer's side's moves: the line first, then the director's findings, then the irrational ones
        dropped.  Memoised per search on the whole state they depend on (a null-window search visits the same
        nodes again)."""
        h = self.h
        key = (h[0], h[1], h[2], h[3], tuple(self.trick), self.leader, self.step_idx, self.step_rounds,
               self.trick_step, self.known)
        memo = self._nm_memo
        got = memo.get(key)
        if got is None:
            got = self._normal_moves(seat)
            if len(memo) > NM_MEMO_LIMIT:
                memo.clear()
            memo[key] = got
        return got

    def _normal_moves(self, seat: int):
        moves = self.legal_reps(seat)
        if self.squeeze_at >= 0 and self.step() is not None and self.step_idx >= self.squeeze_at:
            return moves  # the squeeze: from here the side plays its best, every legal card open to it
        if self.line or self.standing:
            st = self.step() if self.line else None
            constrained = self._constrain(seat, st, moves) if st is not None else None
            if constrained is None and self.standing:
                constrained = self._standing_discard(seat, moves)
            if constrained is not None:
                moves = constrained
            else:
                # a card the line names for this or a later step is kept for it
                reserved = 0
                for later in self.line[self.step_idx:]:
                    reserved |= later.cards()
                for card, _, _, _ in self.standing:
                    if card >= 0:
                        reserved |= 1 << card
                if reserved & self.h[seat]:
                    moves = self._keep(seat, moves, reserved) or moves
        if self.excluded and len(moves) > 1:
            moves = self._findings(seat, moves)
        if len(moves) > 1:
            moves = self._irrational(seat, moves)
        return moves

    # -- the stated line ------------------------------------------------------------------------------

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

    def _standing_discard(self, seat: int, moves: list):
        """A discard the line names (``{discard: C3, on: D}``): made at the holder's first discard on that
        suit led, while the card (or a card of the suit) is held, on a trick the side's card is winning ("on
        dummy's diamonds": on its winners; when an opponent's card is winning, the hand's choice stays open)."""
        trick = self.trick
        if not trick:
            return None
        led = trick[0] // 13
        hand = self.h[seat]
        if (hand >> (13 * led)) & FULL:
            return None  # following suit: no discard
        if (self._current_winner()[0] & 1) != (seat & 1):
            return None
        for card, on, who, suit in self.standing:
            if on >= 0 and on != led:
                continue
            if card >= 0:
                if (hand >> card) & 1:
                    return [card]
                continue
            if who >= 0 and who != seat:
                continue
            m = (hand >> (13 * suit)) & FULL
            if m:
                return [13 * suit + (m & -m).bit_length() - 1]
        return None

    def _constrain(self, seat: int, st: Step, moves: list):
        h = self.h
        hand = h[seat]
        partner = (seat + 2) % 4
        trick = self.trick
        if not trick:
            if st.kind in ("play", "finesse", "ruffing_finesse"):
                holder = seat if (hand >> st.card) & 1 else partner
                if holder == seat:
                    return [st.card]
                if st.kind == "ruffing_finesse":
                    return None  # the honour is led from its own hand
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
            prev = self.line[self.step_idx - 1] if self.step_idx else None
            if prev is not None and prev.kind == "play" and prev.card == trick[0] and prev.card // 13 == st.card // 13:
                # "the club queen, a club to the ace": the next stated card of the suit is for the next round,
                # not for the trick the previous one was led to (an overtake would have to be stated)
                return None
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
        if st.kind == "ruffing_finesse" and led_by_partner and led == st.suit and len(trick) == 2 \
                and not (hand >> (13 * led)) & FULL:
            # second hand covered the honour: ruff it; otherwise throw a card (the loser the finesse is for)
            covered = trick[1] // 13 == led and trick[1] > trick[0] or (
                self.trump >= 0 and trick[1] // 13 == self.trump)
            trumps = [m for m in moves if m // 13 == self.trump] if self.trump >= 0 else []
            if covered:
                return trumps or None
            others = [m for m in moves if m // 13 != self.trump]
            return others or None
        if st.kind == "finesse" and (hand >> st.card) & 1 and self.trick_step == self.step_idx \
                and self.leader == partner and led == st.suit and len(trick) == 2:
            _, best = self._current_winner()
            if self._beats(st.card, best):
                return [st.card]
        return None

    # -- the director's findings -------------------------------------------------------------------------

    def _findings(self, seat: int, moves: list) -> list:
        """The plays the director found not normal for this player (``excluded``), dropped while another legal
        card is held.  A finding names a card; it covers the cards equivalent to it in the same hand."""
        rules = self.excluded.get(seat)
        if not rules:
            return moves
        trick = self.trick
        hand = self.h[seat]
        if not trick:
            role = LEAD
        else:
            led = trick[0] // 13
            if (hand >> (13 * led)) & FULL:
                role = FOLLOW
            else:
                role = None  # per card: a ruff or a discard
        out = []
        for m in moves:
            r = role
            if r is None:
                r = RUFF if m // 13 == self.trump else DISCARD
            s = m // 13
            run = _reps_run((hand >> (13 * s)) & FULL, self.live(s), m % 13) << (13 * s)
            drop = False
            for mask, want in rules:
                if mask & run and (want == r or (want is None and r != LEAD)):
                    drop = True
                    break
            if not drop:
                out.append(m)
        return out or moves

    # -- the plays no normal line makes ------------------------------------------------------------------

    def _irrational(self, seat: int, moves: list) -> list:
        """Drop the plays no normal line makes; keep them all if nothing else is left."""
        trick = self.trick
        k = len(trick)
        if k == 0:
            moves = self._i2(seat, moves)
            if self.pclass >= CLASS_ITEMS["L1"] and len(moves) > 1:
                moves = self._l1(seat, moves)
            if self.pclass >= CLASS_ITEMS["L3"] and self.claims_all and len(moves) > 1:
                moves = self._l3(seat, moves)
            if self.pclass >= CLASS_ITEMS["E2"] and len(moves) > 1:
                moves = self._e2(seat, moves)
            return moves
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
        partner = (seat + 2) % 4
        if win_seat == partner and (opp < 0 or self._certain(opp, best, led)):
            # I1: partner's card wins the trick for certain; ruffing it while a card can be thrown, or overtaking
            # it with a card that is not itself certain to win, turns a sure trick into a risk for nothing.
            # (Overtaking with a card certain to win stays open: it may unblock the suit.)
            legal = (following << (13 * led)) if following else hand
            if legal & ~beating:
                keep = []
                later = self._later_winners(seat, led) if following else 0
                ducks = [m for m in moves if not (beating >> m) & 1]
                for m in moves:
                    if (beating >> m) & 1:
                        if not following or (opp >= 0 and not self._certain(opp, m, led)):
                            continue
                        if (later >> m) & 1 and ducks and not self._unblocks(seat, m, min(ducks)):
                            continue  # a winner thrown on partner's trick for nothing
                    keep.append(m)
                moves = keep or moves
            if following:
                return self._n3(seat, moves, led, beating) if len(moves) > 1 else moves
            return self._discards(seat, moves, (partner,)) if len(moves) > 1 else moves
        # N1: a card that wins the trick for certain (it beats the card winning so far and no opponent
        # still to play can beat it) is held: playing anything else declines a trick the hand cannot fail
        # to win.
        if opp >= 0:
            certain = self._certain
            sure = [m for m in moves if (beating >> m) & 1 and certain(opp, m, led)]
        else:
            sure = [m for m in moves if (beating >> m) & 1]
        if sure:
            return self._n4(seat, sure) if len(sure) > 1 else sure
        if following:
            return self._n3(seat, moves, led, beating)
        # who may win the trick: the card winning so far, or a later player able to beat it
        leaders = [win_seat]
        for j in range(k + 1, 4):
            later = (self.leader + j) % 4
            if self._can_beat(later, best, led):
                leaders.append(later)
        return self._discards(seat, moves, tuple(leaders))

    def _unblocks(self, seat: int, over: int, duck: int) -> bool:
        """Whether overtaking partner's winning card with ``over`` lets the side cash more tricks from the top
        than ducking with ``duck`` (the hand that then leads: this one, or partner)."""
        h = self.h
        partner = (seat + 2) % 4
        a = list(h)
        a[seat] = h[seat] & ~(1 << over)
        b = list(h)
        b[seat] = h[seat] & ~(1 << duck)
        return cash_count(a, self.trump, seat, False) > cash_count(b, self.trump, partner, False)

    def _certain(self, opp: int, card: int, led: int) -> bool:
        """Whether ``card``, winning the trick so far, wins it for certain with the opponent ``opp`` still to
        play -- as the claimer can tell: it beats every card of its suit the opponents still hold, whichever of
        them holds it (a suit an opponent has shown out of, or one 70E asks about, is read with the cards in
        view), and ``opp`` cannot ruff it."""
        if self._can_beat(opp, card, led):
            return False
        s = card // 13
        if ((self.known | self.max_suits) >> s) & 1:
            return True  # the cards of this suit are read as they lie (70E)
        h = self.h
        theirs = ((h[opp] | h[(opp + 2) % 4]) >> (13 * s)) & FULL
        return not (theirs >> (card % 13 + 1))

    def _later_winners(self, seat: int, suit: int) -> int:
        """The hand's cards of ``suit`` (as card ids) that win a trick later whatever the opponents do
        (``established_cards``, the cards in the trick in progress gone)."""
        sh = 13 * suit
        h = self.h
        mine = (h[seat] >> sh) & FULL
        est = established_cards(mine, (h[(seat + 1) % 4] >> sh) & FULL, (h[(seat + 3) % 4] >> sh) & FULL)
        return est << sh

    def _n3(self, seat: int, moves: list, led: int, beating: int) -> list:
        """N3: following to a trick another card already wins, a high card that would win a later trick is not
        thrown under it while a lower card of the suit is held (``beating``: the cards that beat the card
        winning so far; those are not thrown under it)."""
        if len(moves) < 2:
            return moves
        later = self._later_winners(seat, led) & ~beating
        if not later:
            return moves
        low = min(moves)
        out = [m for m in moves if m == low or not (later >> m) & 1]
        return out or moves

    def _n4(self, seat: int, sure: list) -> list:
        """N4: of the cards that win the trick for certain, one that leaves the hand the most cards of the suit
        that win a later trick whatever the opponents do: winning with a card that would have won a later
        trick, when a cheaper card wins this one, throws that later trick away."""
        h = self.h
        s = sure[0] // 13  # the cards that win a trick for certain are all of one suit (led, or trumps)
        sh = 13 * s
        mine = (h[seat] >> sh) & FULL
        o1, o2 = (h[(seat + 1) % 4] >> sh) & FULL, (h[(seat + 3) % 4] >> sh) & FULL
        kept = {m: _popcount(established_cards(mine & ~(1 << (m - sh)), o1, o2)) for m in sure}
        most = max(kept.values())
        return [m for m in sure if kept[m] == most]

    def _discards(self, seat: int, moves: list, leaders: tuple) -> list:
        """N2, N2b, E1: what a void hand throws.  ``leaders``: who may be on lead after the trick (partner when
        his card wins it for certain, else either hand of the side)."""
        trump = self.trump
        h = self.h
        est_ids = []
        for m in moves:
            if m // 13 == trump:
                continue
            if self._is_established(seat, m):
                est_ids.append(m)
        every = self.pclass >= CLASS_ITEMS["E1"]  # E1: every throw is judged by its worth
        if not est_ids and not every:
            return moves
        # N2: an established winner is not thrown while a card that cannot win is held
        if est_ids and self.dead_suits(seat):
            kept = [m for m in moves if m not in est_ids]
            if kept:
                moves = kept
                est_ids = []
        if self.pclass < CLASS_ITEMS["N2b"] or len(moves) < 2:
            return moves
        discards = [m for m in moves if m // 13 != trump]
        if len(discards) < 2 or (not est_ids and not every):
            return moves
        # N2b / E1: what each throw gives up, by the worth of the card thrown (``card_worth``)
        worth = self.card_worth(seat, leaders)
        values = {m: worth(m) for m in discards}
        least = min(values.values())
        judged = discards if every else est_ids
        out = [m for m in moves if not (m in judged and values.get(m, -1) > least)]
        return out or moves

    def card_worth(self, seat: int, leaders: tuple):
        """How much a hand gives up by throwing each of its side-suit cards, as a function of the card: by class,
        0 a card that cannot win (a dead suit); 1 to 15 a card that might win, more the fewer opposing cards are
        above it; 1 also an established winner the hand has no way to reach; 2 an established winner the hand
        can reach only through an entry it holds; 3 an established winner partner can lead to (or that an
        opponent who may lead next would have to lead into); 4 such a winner that is the hand's only entry to
        other established winners.  Within a class of established winners, by how many of the suit's
        established winners go with the card thrown (class * 16 + that number).  ``leaders``: who may win the
        trick in progress and lead next."""
        h = self.h
        trump = self.trump
        hand = h[seat]
        P = (seat + 2) % 4
        O1, O2 = (seat + 1) % 4, (seat + 3) % 4
        dead = self.dead_suits(seat)
        later = _popcount(hand) - 1  # tricks after this one
        est = [0, 0, 0, 0]
        reach = [False] * 4
        for s in range(4):
            if s == trump:
                continue
            sh = 13 * s
            mine = (hand >> sh) & FULL
            if not mine:
                continue
            o1, o2 = (h[O1] >> sh) & FULL, (h[O2] >> sh) & FULL
            est[s] = established_cards(mine, o1, o2)
            if not est[s]:
                continue
            if (h[P] >> sh) & FULL and (P in leaders or later > 1):
                reach[s] = True  # partner can lead to it (he leads next, or may get the lead before the end)
                continue
            top = _top(est[s])
            for ld in leaders:
                if (ld & 1) != (seat & 1):
                    theirs = (h[ld] >> sh) & FULL
                    if theirs and _top(theirs) < top:
                        reach[s] = True  # an opponent on lead may have to lead into it
        entry_suits = [s for s in range(4) if est[s] and reach[s]]
        unreached = any(est[s] and not reach[s] for s in range(4))
        sole = entry_suits[0] if len(entry_suits) == 1 and _popcount(est[entry_suits[0]]) == 1 and unreached else -1

        def worth(card: int) -> int:
            s = card // 13
            r = card % 13
            if (est[s] >> r) & 1:
                # how many of the suit's established winners go with it (the ace of A-8 against a singleton
                # ten takes the eight's trick with it)
                sh = 13 * s
                left = established_cards(((hand >> sh) & FULL) & ~(1 << r), (h[O1] >> sh) & FULL,
                                         (h[O2] >> sh) & FULL)
                loss = _popcount(est[s]) - _popcount(left)
                if reach[s]:
                    return (4 if s == sole else 3) * 16 + loss
                return (2 if entry_suits else 1) * 16 + loss
            if (dead >> s) & 1:
                return 0
            # a card that might win: the fewer opposing cards above it, the more it is worth (1-15)
            above = _popcount(((h[O1] | h[O2]) >> (13 * s + r + 1)) & (FULL >> (r + 1)))
            return max(1, 16 - above)

        return worth

    def _is_established(self, seat: int, card: int) -> bool:
        return bool((self._later_winners(seat, card // 13) >> card) & 1)

    def _l1(self, seat: int, moves: list) -> list:
        """L1: when the side can cash every remaining trick from the top, the leader does not lead a suit the
        opponents head (their card is the highest of it still out) unless the lead is one that wins for certain
        (a low card to partner's winner, or one partner ruffs): such a lead gives up a trick the cards in view
        say is the side's, which no plan could want.  A suit the side heads may be led in any order (a claimer
        may have overlooked a small card: a careless order, not an irrational one, but see I2)."""
        h = self.h
        n = _popcount(h[seat])
        if cash_count(h, self.trump, seat, False) < n:
            return moves
        sure = ruffs = 0
        best_sure = best_ruff = -1
        trump = self.trump
        partner = (seat + 2) % 4
        for c, v in cash_leads(h, trump, seat, 99, False):
            s = c // 13
            if trump >= 0 and s != trump and not (h[partner] >> (13 * s)) & FULL \
                    and ((h[(seat + 1) % 4] | h[(seat + 3) % 4]) >> (13 * s)) & FULL > (h[seat] >> (13 * s)) & FULL:
                ruffs |= 1 << c  # a card partner must ruff to win the trick
                best_ruff = max(best_ruff, v)
            else:
                sure |= 1 << c
                best_sure = max(best_sure, v)
        # L2: a loser for partner to ruff only when no winner led instead cashes as many tricks
        if best_ruff > best_sure:
            sure |= ruffs
        side = h[seat] | h[partner]
        out = []
        for m in moves:
            s = m // 13
            sh = 13 * s
            live = ((h[0] | h[1] | h[2] | h[3]) >> sh) & FULL
            if (side >> (sh + _top(live))) & 1:
                out.append(m)  # the side heads the suit
                continue
            run = _reps_run((h[seat] >> sh) & FULL, self.live(s), m % 13) << sh
            if run & sure:
                out.append(m)
        return out or moves

    def _l3(self, seat: int, moves: list) -> list:
        """L3: a claimer who claims every remaining trick believes his cards are good: he does not lead a suit
        the opponents head (their card is the highest still out) while he holds a card of a suit his side
        heads.  (When the claim concedes tricks, leading a loser early stays normal.)"""
        h = self.h
        side = h[seat] | h[(seat + 2) % 4]
        live = h[0] | h[1] | h[2] | h[3]
        headed = 0
        for s in range(4):
            m = (live >> (13 * s)) & FULL
            if m and (side >> (13 * s + m.bit_length() - 1)) & 1:
                headed |= 1 << s
        ours = [m for m in moves if (headed >> (m // 13)) & 1]
        return ours or moves

    def _e2(self, seat: int, moves: list) -> list:
        """E2 (expert): when the side can cash every remaining trick from the top, it leads only cards that
        keep them all: one of ``cash_count``'s leads that cash every remaining trick, or a card equivalent to
        it in the same hand."""
        h = self.h
        n = _popcount(h[seat])
        trump = self.trump
        if cash_count(h, trump, seat, False) < n:
            return moves
        keeping = 0
        for c, v in cash_leads(h, trump, seat, 99, False):
            if v >= n:
                keeping |= 1 << c
        keep = []
        for m in moves:
            s = m // 13
            run = _reps_run((h[seat] >> (13 * s)) & FULL, self.live(s), m % 13) << (13 * s)
            if run & keeping:
                keep.append(m)
        return keep or moves

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
        card above the hand's highest (so they are not cards to reach partner with), and the opponents hold
        at least as many cards above it as the hand holds cards of the suit.  (A trump can still ruff: never
        counted.)"""
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
            if _popcount(((h[(seat + 1) % 4] | h[(seat + 3) % 4]) >> sh) & above) >= _popcount(mine):
                out |= 1 << s
        return out

    def _i2(self, seat: int, moves: list) -> list:
        """I2: a suit headed by the leader's solid top cards (two or more, or the ace or king) is not led from
        below when an opponent holds a card that beats the card led: ace-king-five, king-jack-seven with the ace
        gone and ace-queen-jack-eight-two are played from the top; a lone lower top card over small ones
        (jack-six, seven-five-four) may carelessly be led from below by a claimer who has overlooked a small
        card (EBU guidance on claims, read into the footnote) -- but not by an expert, who leads any suit he
        heads from the top."""
        h = self.h
        opp1, opp2 = (seat + 1) % 4, (seat + 3) % 4
        out = []
        for m in moves:
            s = m // 13
            sh = 13 * s
            mine = (h[seat] >> sh) & FULL
            live = self.live(s)
            # the run of top live cards held by the leader (rank bits)
            run = 0
            x = live
            while x:
                top = x.bit_length() - 1
                if not (mine >> top) & 1:
                    break
                run |= 1 << top
                x ^= 1 << top
            if run:
                o1 = (h[opp1] >> sh) & FULL
                o2 = (h[opp2] >> sh) & FULL
                longest = max(_popcount(o1), _popcount(o2))
                r = m % 13
                # an expert cashes any suit he heads from the top; others, a solid one
                solid = self.pclass >= EXPERT or _popcount(run) >= 2 or run >> 11
                if solid and not (run >> r) & 1 and ((o1 | o2) >> (r + 1)):
                    continue  # I2
            out.append(m)
        return out or moves

