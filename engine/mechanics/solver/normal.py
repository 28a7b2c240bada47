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
* N5 third hand, an opponent's card winning the trick and the other opponent still to play: not a card under it
  while the hand holds one of the suit that beats it;
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
* E2 (expert) when the side can cash every remaining trick from the top, a lead that gives some up;
* E3 (expert, in the count: ``count_after``, ``_strand``) not a lead of a suit in an order that blocks it, nor a
  play after which partner takes the trick with no way back to this hand's winners, while another play keeps them.

Everything else legal stays normal: any order of cashing (a blocked suit, stranded winners: for a club player or
a novice), leading a loser
early, not drawing trumps, not taking an unstated finesse, a careless choice among cards that might all matter.
"""
from __future__ import annotations

from engine.mechanics.solver.core import FULL, Step, _popcount, winner_index
from engine.mechanics.solver.moves import _reps, _reps_run

# the classes of player (footnote to Law 69) and what each class never does on a normal line
CLASSES = ("novice", "club", "expert")
DEFAULT_CLASS = "club"
NOVICE, CLUB, EXPERT = 0, 1, 2
CLASS_ITEMS = {
    "K": NOVICE,  # the claimer's count: every class, counted as the class sees it (``suit_count``)
    "N1": NOVICE, "N4": NOVICE, "N5": NOVICE, "I1": NOVICE, "I2": NOVICE,
    "L2": CLUB,
    "E1": EXPERT, "E2": EXPERT, "E3": EXPERT,
}

# roles of a play, for the director's findings (``excluded``)
LEAD, FOLLOW, DISCARD, RUFF = "lead", "follow", "discard", "ruff"
ROLES = (LEAD, FOLLOW, DISCARD, RUFF)

try:  # the compiled core's port of cash_count / cash_leads (``_csearch.c``), where it is built
    import engine.mechanics.solver._csearch as _compiled
except ImportError:  # (csearch.py says what to do; the pure-Python model works without it)
    _compiled = None
# whether cash_count and cash_leads are the compiled ones: the same function (tests/test_cnormal.py compares
# them on random positions), a tenth of the time; the tests that compare the compiled searches with the
# pure-Python reference turn it off, so that the reference is Python throughout
COMPILED_COUNT = _compiled is not None

_CASH: dict = {}
_EST: dict = {}
_COUNT: dict = {}  # side_count by hands and what the count reads
_SUIT: dict = {}  # suit_count by its arguments
CASH_MEMO_LIMIT = 200_000
NM_MEMO_LIMIT = 200_000  # entries of a search's memo of its judged side's moves


def _top(m: int) -> int:
    return m.bit_length() - 1


def _low(m: int) -> int:
    return (m & -m).bit_length() - 1


def longest_out(o1: int, o2: int, known: bool) -> int:
    """The longer of the opponents' holdings of a suit (rank bits ``o1``, ``o2``) as the claimer sees it: as it
    lies once an opponent has shown out (``known``), else the longer half of an even split."""
    return max(_popcount(o1), _popcount(o2)) if known else (_popcount(o1 | o2) + 1) // 2


def _follow_low(h: list, seat: int, suit: int) -> None:
    """``seat`` plays his lowest card of ``suit`` to the trick in progress, if he holds one (the count's view of
    a player still to play to it)."""
    m = (h[seat] >> (13 * suit)) & FULL
    if m:
        h[seat] &= ~(1 << (13 * suit + _low(m)))


def suit_count(a: int, b: int, o1: int, o2: int, known: bool, novice: bool, ruffs: bool) -> tuple:
    """The claimer's count in one suit, as his class sees it: (his side's winners, the opponents' winners).

    ``a``, ``b``: the rank bits of the side's two hands; ``o1``, ``o2``: the opponents'.  The claimer sees
    which cards are out but not how they lie, unless an opponent has shown out (``known``): he takes the
    opponents' cards to split as evenly as they can.  His side's winners are its cards above every opposing
    card of the suit (never more than its longer hand holds); a club player or an expert also counts the
    length of a suit whose top cards outlast the opponents' cards (a novice counts top cards only).  The
    opponents' winners are their cards above every card of the side's, and every round of their longest
    holding that the side does not win, none where the side can ruff (``ruffs``: a hand of the side void in
    the suit holds a trump).  Memoised."""
    key = (a, b, o1, o2, known, novice, ruffs)
    got = _SUIT.get(key)
    if got is not None:
        return got
    side = a | b
    opp = o1 | o2
    longest = max(_popcount(a), _popcount(b))
    n_opp = _popcount(opp)
    m = longest_out(o1, o2, known)  # the opponents' longest holding
    if not side:
        w = 0
    elif not opp:
        w = longest
    else:
        t = _popcount(side >> (_top(opp) + 1))
        w = longest if not novice and t >= m else min(t, longest)
    if not opp or ruffs:
        u = 0
    else:
        # their top cards, and every round of their longest holding his side does not win
        above = _popcount(opp >> (_top(side) + 1)) if side else n_opp
        u = max(min(above, m), m - w)
    got = (w, u)
    if len(_SUIT) > CASH_MEMO_LIMIT:
        _SUIT.clear()
    _SUIT[key] = got
    return got


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
    if COMPILED_COUNT:
        return _compiled.cash_count(h[0], h[1], h[2], h[3], trump, leader, ruffs)
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
    if COMPILED_COUNT:
        return _compiled.cash_leads(h[0], h[1], h[2], h[3], trump, leader, min(stop, 99), ruffs)
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
        if len(moves) > 1:
            moves = self._irrational(seat, moves)
        # the director's findings come last, so that a finding only ever narrows the normal plays (and so
        # never lowers the claimer's award: issue 29)
        if self.excluded and len(moves) > 1:
            moves = self._findings(seat, moves)
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
            led = -1
        else:
            led = trick[0] // 13
            if (hand >> (13 * led)) & FULL:
                role = FOLLOW
            else:
                role = None  # per card: a ruff or a discard
        favour = self.max_suits | self.known
        out = []
        for m in moves:
            if favour >> (m // 13) & 1 and (led < 0 or m // 13 == led):
                # a card of a suit whose card 70E chooses in the side's favour (``search._groups``): a finding
                # cannot take it away, or it would lower the best of the suit and so the floor (issue 29)
                out.append(m)
                continue
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
        """Drop the plays no normal line makes: the claimer's count first (K: he keeps every trick his own count
        holds while another play keeps it), then the items the count does not give (N1, N5, I1, I2 for every class,
        E1 and E2 for an expert).  Never all of the moves."""
        trick = self.trick
        k = len(trick)
        if k == 0:
            moves = self._i2(seat, moves)
            if len(moves) > 1:
                moves = self._by_count(seat, moves)
            if self.pclass >= CLASS_ITEMS["L2"] and len(moves) > 1:
                moves = self._l2(seat, moves)
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
        sure = ()
        if win_seat == partner and (opp < 0 or self._certain(opp, best, led)):
            # I1: partner's card wins the trick for certain; ruffing it while a card can be thrown, or overtaking
            # it with a card that is not itself certain to win, turns a sure trick into a risk for nothing.
            # (Overtaking with a card certain to win stays open: it may unblock the suit.)
            legal = (following << (13 * led)) if following else hand
            if legal & ~beating:
                keep = []
                for m in moves:
                    if (beating >> m) & 1:
                        if not following or (opp >= 0 and not self._certain(opp, m, led)):
                            continue
                    keep.append(m)
                moves = keep or moves
        else:
            # N1: a card that wins the trick for certain (it beats the card winning so far and no opponent
            # still to play can beat it) is held: playing anything else declines a trick the hand cannot fail
            # to win.
            if opp >= 0:
                certain = self._certain
                sure = [m for m in moves if (beating >> m) & 1 and certain(opp, m, led)]
            else:
                sure = [m for m in moves if (beating >> m) & 1]
            if sure:
                moves = sure
            elif k == 2 and following and win_seat != partner:
                # N5: third hand, an opponent's card winning and the other opponent still to play: a card that
                # beats it is played rather than one under it (third hand high, the habit of every class: a
                # duck that lets the trick go is a plan the claimer would have to state)
                beaters = [m for m in moves if (beating >> m) & 1]
                if beaters:
                    moves = beaters
        if len(moves) > 1:
            moves = self._by_count(seat, moves)
        if len(moves) > 1 and sure:
            moves = self._n4(moves, sure)
        if not following and self.pclass >= CLASS_ITEMS["E1"] and len(moves) > 1:
            moves = self._e1(seat, moves, win_seat, best, led, k)
        return moves

    # -- the claimer's count (K) ----------------------------------------------------------------------

    @staticmethod
    def _n4(moves: list, sure: list) -> list:
        """N4: of the cards that win the trick for certain, not a higher one of a suit when a lower one of it wins
        the trick too (winning as cheaply as he can is the habit of every class, whatever his count)."""
        low = {}
        for m in sure:
            s = m // 13
            if s not in low or m < low[s]:
                low[s] = m
        out = [m for m in moves if m not in sure or m == low[m // 13]]
        return out or moves

    def _by_count(self, seat: int, moves: list) -> list:
        """K: the plays that keep the claimer's count of his side's tricks (``count_after``) at its highest.
        The claimer plays to make his claim: he does not make a play that gives up a trick his own count holds
        while another play keeps it; among plays his count rates alike, any is normal (chosen against him)."""
        values = [self.count_after(seat, m) for m in moves]
        top = max(values)
        return [m for m, v in zip(moves, values) if v == top]

    def count_after(self, seat: int, card: int) -> tuple:
        """The claimer's count after ``seat`` plays ``card``: the trick in progress if his side wins it for
        certain as he sees it, plus ``side_count`` of the cards left (his side on lead after a trick it wins,
        the opponents after one it does not count as won); then, to break ties, the same with every winner he
        counts, however many tricks are left (he keeps a spare winner rather than throw it), and then, for a
        discard, how many of his side's cards are masters as he sees them (above every card of their suit still
        out: he throws a card he does not count rather than a master).  An expert's count (E3) also sees who
        takes the trick when partner's every card of the suit led is higher, and leaves out the cards of a hand
        stranded under partner's card (``_strand``)."""
        h = list(self.h)
        h[seat] &= ~(1 << card)
        trick = self.trick
        trump = self.trump
        partner = (seat + 2) % 4
        won = crossed = 0  # crossed: the trick is partner's, so partner leads next
        s = card // 13
        sh = 13 * s
        seen = self.trumps_seen
        if not trick:
            pool = ((h[(seat + 1) % 4] | h[(seat + 3) % 4]) >> sh) & FULL
            if s == trump and not seen:
                pool = 0
            ps = (h[partner] >> sh) & FULL
            mine = (self.h[seat] >> sh) & FULL
            if self.pclass < CLASS_ITEMS["E3"] and pool >> (card % 13) and pool >> _top(mine) == 0 and \
                    self._runs(seat, s, pool):
                # the count has the suit running from the top: he may lead it in a careless order, having
                # overlooked a small card, and rates any card of it as he rates its top card (never higher)
                return self.count_after(seat, sh + _top(mine))
            if not pool >> (card % 13):
                won = 1  # the card led is above every card of its suit the opponents hold
                if ps:
                    h[partner] &= ~(1 << (sh + _low(ps)))
                    if _low(ps) > card % 13:
                        crossed = 1  # partner's every card of the suit is higher: the trick is his (E3)
            elif ps and not pool >> _top(ps):
                won = crossed = 1  # a card to partner's winner
                h[partner] &= ~(1 << (sh + _top(ps)))
            elif not ps and trump >= 0 and s != trump and (h[partner] >> (13 * trump)) & FULL:
                pt = (h[partner] >> (13 * trump)) & FULL
                won = crossed = 1  # partner ruffs (the opponents' trumps overruff only where his count sees them)
                if seen:
                    theirs = ((h[(seat + 1) % 4] | h[(seat + 3) % 4]) >> (13 * trump)) & FULL
                    if theirs and (self.known >> s) & 1 and theirs >> _low(pt):
                        won = crossed = 0
                if won:
                    h[partner] &= ~(1 << (13 * trump + _low(pt)))
            if not won and pool:
                # the opponents win it with their top card of the suit (wherever it lies), partner following low
                top = sh + _top(pool)
                o = (seat + 1) % 4 if (h[(seat + 1) % 4] >> top) & 1 else (seat + 3) % 4
                h[o] &= ~(1 << top)
                if ps:
                    h[partner] &= ~(1 << (sh + _low(ps)))
                _follow_low(h, (seat + 1) % 4 if o == (seat + 3) % 4 else (seat + 3) % 4, s)  # the other one
            else:
                _follow_low(h, (seat + 1) % 4, s)
                _follow_low(h, (seat + 3) % 4, s)
            n = _popcount(h[seat])
            if crossed:
                self._strand(h, seat)
            return (won + self.side_count(h, seat & 1, bool(won), n), won if self.pclass != NOVICE else 0,
                    won + self.side_count(h, seat & 1, True, 99), 0)
        k = len(trick)
        cards = list(trick) + [card]
        i = winner_index(cards, trump)
        win_seat = (self.leader + i) % 4
        best = cards[i]
        led = cards[0] // 13
        if (win_seat & 1) == (seat & 1):
            if k == 3 or self._certain_seen(win_seat, best, led, h):
                won = 1
                crossed = win_seat == partner
        elif k == 1:
            # an opponent is winning, partner plays last: a winner of his counts
            ps = (h[partner] >> (13 * led)) & FULL
            bsuit = best // 13
            if ps and bsuit == led and ps >> (best % 13 + 1):
                pool = ((h[(seat + 1) % 4] | h[(seat + 3) % 4]) >> (13 * led)) & FULL
                top = _top(ps)
                if not pool >> top:
                    won = crossed = 1
                    h[partner] &= ~(1 << (13 * led + top))
        if k < 3:
            _follow_low(h, (seat + 1) % 4, led)  # the opponent still to play follows with his lowest card
        if k == 1 and h[partner] == self.h[partner]:
            _follow_low(h, partner, led)  # ... and partner too (unless his winner is already counted)
        n = _popcount(h[seat])
        discard = not (self.h[seat] >> (13 * led)) & FULL and s != trump
        if crossed:
            self._strand(h, seat)
        return (won + self.side_count(h, seat & 1, bool(won), n), won if self.pclass != NOVICE else 0,
                won + self.side_count(h, seat & 1, True, 99),
                self._masters(h, seat & 1) if discard else 0)

    def _strand(self, h: list, seat: int) -> None:
        """E3 (an expert counts entries and blockages), stranded winners: partner takes the trick ``seat`` plays
        to and leads next; if partner then holds no card that reaches ``seat`` -- one of a suit in which ``seat``
        holds a master as the claimer sees it, or one of a side suit ``seat`` is void in while it holds a trump --
        the cards ``seat`` still holds are out of the count (``h[seat]`` emptied).  The claimer plays to make the
        tricks he counts: he does not, by his own play, leave the hand that holds them for one that cannot come
        back while another play keeps them (nswba-2010-3nt: the expert's spade ace-king under partner's queen).
        A club player's or a novice's count does not see it (a blocked suit stays careless for them: the
        casebook's 70a-blocked-hearts-careless-order and the footnote to Law 69); this is the way back from the
        hand he goes to."""
        mine, back = h[seat], h[(seat + 2) % 4]
        if self.pclass < CLASS_ITEMS["E3"] or not mine:
            return  # (an expert's count only)
        opp = h[(seat + 1) % 4] | h[(seat + 3) % 4]
        trump = self.trump
        tmine = (mine >> (13 * trump)) & FULL if trump >= 0 else 0
        for t in range(4):
            sh = 13 * t
            p = (back >> sh) & FULL
            if not p:
                continue
            m = (mine >> sh) & FULL
            if m:
                pool = (opp >> sh) & FULL
                if t == trump and not self.trumps_seen:
                    pool = 0
                if not pool >> _top(m):
                    return  # partner leads this suit to a master of seat's
            elif tmine and t != trump:
                return  # seat ruffs partner's lead
        h[seat] = 0

    def _masters(self, h, side: int) -> int:
        """How many of the side's cards are above every card of their suit the opponents hold as the claimer
        sees them (an opposing trump he does not speak of is not seen)."""
        A, B = h[side], h[side + 2]
        opp = h[1 - side] | h[3 - side]
        out = 0
        for s in range(4):
            sh = 13 * s
            mine = ((A | B) >> sh) & FULL
            if not mine:
                continue
            pool = (opp >> sh) & FULL
            if s == self.trump and not self.trumps_seen:
                pool = 0
            out += _popcount(mine >> (_top(pool) + 1)) if pool else _popcount(mine)
        return out

    def _runs(self, seat: int, suit: int, pool: int) -> bool:
        """Whether a club player's count has every card of ``suit`` in his side's longer hand winning, by length
        (``suit_count``: the top cards outlast the opponents' as he sees them), while the cards still out above
        the ones he leads are small ones he may have overlooked (nine or lower: an honour out is not
        overlooked).  He may then lead the suit in a careless order (the EBU's guidance on a small card
        overlooked, read into the footnote to Law 69)."""
        if self.pclass == NOVICE or not pool or pool >> 8:
            return False
        sh = 13 * suit
        h = self.h
        a, b = (h[seat] >> sh) & FULL, (h[(seat + 2) % 4] >> sh) & FULL
        o1, o2 = (h[(seat + 1) % 4] >> sh) & FULL, (h[(seat + 3) % 4] >> sh) & FULL
        m = longest_out(o1, o2, bool(((self.known | self.max_suits) >> suit) & 1))
        return _popcount((a | b) >> (_top(pool) + 1)) >= m

    def _certain_seen(self, holder: int, card: int, led: int, h) -> bool:
        """Whether the side's ``card``, winning the trick so far, wins it for certain as the claimer sees it with
        the opponent after ``holder``'s partner still to play: ``_certain`` against the hands ``h``."""
        saved = self.h
        self.h = h
        try:
            for opp in ((holder + 1) % 4, (holder + 3) % 4):
                pos = (opp - self.leader) % 4
                if pos > len(self.trick) and not self._certain(opp, card, led):
                    return False
            return True
        finally:
            self.h = saved

    def side_count(self, h, side: int, on_lead: bool, n: int) -> int:
        """The claimer's count of the tricks his side takes of the ``n`` left, from the cards in view as his
        class sees them (``suit_count``): his side's winners ``W``; a club player or an expert also sees the
        opponents' winners ``U`` and that, when they are on lead, they take those first (so ``min(W, n - U)``).
        Memoised on everything it reads, the trump suit included (one deal is searched in several strains when
        a session is audited)."""
        known = self.known | self.max_suits
        key = (h[0], h[1], h[2], h[3], self.trump, side, on_lead, n, known, self.trumps_seen,
               self.pclass == NOVICE)
        got = _COUNT.get(key)
        if got is not None:
            return got
        trump = self.trump
        novice = self.pclass == NOVICE
        A, B, O1, O2 = h[side], h[side + 2], h[1 - side], h[3 - side]
        tA = (A >> (13 * trump)) & FULL if trump >= 0 else 0
        tB = (B >> (13 * trump)) & FULL if trump >= 0 else 0
        W = U = 0
        for s in range(4):
            sh = 13 * s
            a, b = (A >> sh) & FULL, (B >> sh) & FULL
            o1, o2 = (O1 >> sh) & FULL, (O2 >> sh) & FULL
            if s == trump and not self.trumps_seen:
                o1 = o2 = 0  # an opposing trump the claimer does not speak of is not in his count (70C)
            ruffs = trump >= 0 and s != trump and ((not a and tA) or (not b and tB))
            w, u = suit_count(a, b, o1, o2, bool((known >> s) & 1), novice, ruffs)
            W += w
            U += u
        got = min(W, n) if on_lead or novice else max(0, min(W, n - U))
        if len(_COUNT) > CASH_MEMO_LIMIT:
            _COUNT.clear()
        _COUNT[key] = got
        return got

    def _e1(self, seat: int, moves: list, win_seat: int, best: int, led: int, k: int) -> list:
        """E1 (expert): discarding, nothing worth more than another card the hand could throw (``card_worth``:
        an expert keeps his entries and his guards)."""
        leaders = [win_seat]
        for j in range(k + 1, 4):
            later = (self.leader + j) % 4
            if self._can_beat(later, best, led):
                leaders.append(later)
        trump = self.trump
        discards = [m for m in moves if m // 13 != trump]
        if len(discards) < 2:
            return moves
        worth = self.card_worth(seat, tuple(leaders))
        values = {m: worth(m) for m in discards}
        least = min(values.values())
        out = [m for m in moves if values.get(m, least) <= least]
        return out or moves

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

    def _l2(self, seat: int, moves: list) -> list:
        """L2 (club, expert): when the side can cash every remaining trick from the top (``cash_count``, the
        opponents' trumps left aside as the count leaves them), no loser is led for partner to ruff while a
        winner (or a card to partner's winner) led instead cashes as many tricks.  The count rates the two
        alike (the ruff wins the trick, the trump it spends was counted), but a claimer with winners to cash
        does not spend partner's trumps on his losers first; the ruff lead stays normal where it cashes more."""
        h = self.h
        trump = self.trump
        if trump < 0 or cash_count(h, trump, seat, False) < _popcount(h[seat]):
            return moves
        partner = (seat + 2) % 4
        ruffs = 0
        best_sure = best_ruff = -1
        for c, v in cash_leads(h, trump, seat, 99, False):
            s = c // 13
            if s != trump and not (h[partner] >> (13 * s)) & FULL \
                    and ((h[(seat + 1) % 4] | h[(seat + 3) % 4]) >> (13 * s)) & FULL > (h[seat] >> (13 * s)) & FULL:
                ruffs |= 1 << c  # a card partner must ruff to win the trick
                best_ruff = max(best_ruff, v)
            else:
                best_sure = max(best_sure, v)
        if not ruffs or best_ruff > best_sure:
            return moves
        out = []
        for m in moves:
            s = m // 13
            run = _reps_run((h[seat] >> (13 * s)) & FULL, self.live(s), m % 13) << (13 * s)
            if not run & ruffs:
                out.append(m)
        return out or moves

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

