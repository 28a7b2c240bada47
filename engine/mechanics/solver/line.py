"""The least successful line itself: one sequence of plays reaching a search's exact value, card by card.

Part of ``engine.mechanics.solver``.  After a search has its exact value,
``principal_line`` walks down from the root, at each play choosing a card
whose own value is the value still to reach (a null-window search around it,
within the same node budget), and records for each play of the side whose
play is judged why it is one a normal line may make (docs/claims.md).
"""
from __future__ import annotations

from engine.mechanics.solver.budget import _Timeout
from engine.mechanics.solver.core import FULL, card_str, winner_index
from engine.mechanics.solver.moves import hands_code

# why a play of the judged side is on a normal line
ONLY = "only"  # the only card (or equivalent cards) the hand may play
STATED = "stated"  # the statement's line dictates it
SURE = "sure"  # it wins the trick for certain (N1) or keeps partner's sure winner (I1)
DISCARD_WINNER = "discard_winner"  # throws a card that can only win; every card kept might still win
LEAD = "lead"  # a lead the statement left open (any order of play stays normal)
NO_SURE_CARD = "no_sure_card"  # no card held is certain to win this trick
CHOICE = "choice"  # one of several normal cards, chosen against the side
DOUBTFUL = (DISCARD_WINNER,)  # where the list cannot settle careless from irrational


def _advance(s, seat: int, card: int):
    """Play ``card`` for ``seat`` for good (what ``child`` does, without undoing): (tricks gained, winner)."""
    s.h[seat] ^= 1 << card
    trick = s.trick
    if not trick:
        if s.line and (seat & 1) == s.normal_side:
            s._mark_lead(card)
    elif s.dynamic_known and (seat & 1) != s.normal_side and card // 13 != trick[0] // 13:
        s.known |= 1 << (trick[0] // 13)
    trick.append(card)
    if len(trick) < 4:
        return 0, None
    i = winner_index(trick, s.trump)
    win_seat = (s.leader + i) % 4
    if s.targets:
        gained = (s.targets >> trick[i]) & 1
    else:
        gained = 1 if (win_seat & 1) == s.side else 0
    if s.line and s.trick_step >= 0 and s.trick_step == s.step_idx:
        s.step_rounds += 1
    for c in trick:
        s.rem &= ~(1 << c)
    s.hcode = hands_code(s.h, s.marks)
    s.trick = []
    s.leader = win_seat
    s.trick_step = -1
    return gained, win_seat


def _why(s, seat: int, card: int, moves: list) -> str:
    legal = s._legal_all(seat)
    if len(moves) == 1 and len(legal) == 1:
        return ONLY
    if s.line:
        st = s.step()
        if st is not None and s._constrain(seat, st, s.legal_reps(seat)) is not None:
            return STATED
    if len(moves) == 1:
        return ONLY
    trick = s.trick
    if not trick:
        return LEAD
    if trick and not (s.h[seat] >> (13 * (trick[0] // 13))) & FULL and card // 13 != s.trump \
            and s.sure_winner(seat, card):
        return DISCARD_WINNER
    if trick and trick[0] // 13 == card // 13:
        return NO_SURE_CARD
    return CHOICE


def missed(s, seat: int, card: int) -> dict:
    """What the claimer's count did not see at a play of the line that costs his side tricks (docs/claims.md,
    "The claimer's count"), as a reason and its particulars, first that applies:

    * ``split``: a suit his count takes to split evenly is held longer by one opponent (who, how many);
    * ``trump``: an opposing trump his line does not speak of is out (who holds trumps);
    * ``entry``: his count holds as many winners as tricks and does not look at how a hand is reached
      (club and novice; an expert's E1 and E2 see entries);
    * ``uncounted``: the card played was not in his count (a card he took for a loser);
    * ``choice``: his count rated the play as highly as his best one."""
    from engine.mechanics.solver.core import _popcount
    from engine.mechanics.solver.normal import EXPERT, NOVICE, suit_count

    h = s.h
    side = seat & 1
    trump = s.trump
    known = s.known | s.max_suits
    novice = s.pclass == NOVICE
    for su in range(4):
        if (known >> su) & 1 or (su == trump and not s.trumps_seen):
            continue
        sh = 13 * su
        a, b = (h[side] >> sh) & FULL, (h[side + 2] >> sh) & FULL
        o1, o2 = (h[1 - side] >> sh) & FULL, (h[3 - side] >> sh) & FULL
        if not (a | b) or not (o1 | o2):
            continue
        ruffs = trump >= 0 and su != trump and (
            (not a and (h[side] >> (13 * trump)) & FULL) or (not b and (h[side + 2] >> (13 * trump)) & FULL))
        seen = suit_count(a, b, o1, o2, False, novice, ruffs)[0]
        real = suit_count(a, b, o1, o2, True, novice, ruffs)[0]
        if seen > real:
            long_seat = (1 - side) if _popcount(o1) >= _popcount(o2) else (3 - side)
            return {"reason": "split", "suit": "SHDC"[su], "seat": "NESW"[long_seat],
                    "holds": max(_popcount(o1), _popcount(o2))}
    if trump >= 0 and not s.trumps_seen:
        holders = [x for x in (1 - side, 3 - side) if (h[x] >> (13 * trump)) & FULL]
        if holders:
            return {"reason": "trump", "seats": "".join("NESW"[x] for x in holders)}
    n = _popcount(h[s.leader]) + (1 if s.trick else 0)
    if s.pclass < EXPERT and s.side_count(h, side, True, 99) >= n:
        return {"reason": "entry"}
    opp = h[1 - side] | h[3 - side]
    pool = (opp >> (13 * (card // 13))) & FULL
    if card // 13 == trump and not s.trumps_seen:
        pool = 0
    if pool >> (card % 13):
        return {"reason": "uncounted", "card": card_str(card)}
    return {"reason": "choice"}


def principal_line(s, value: int, best=None) -> list:
    """The plays of one line reaching ``value`` from the search's root position (the search must be at its
    root, as ``run`` leaves it): a list of (seat, card id, why or None, trick winner or None); [] when the
    budget runs out on the way.  ``best(s)``: the side's tricks from the search's current position with its
    best normal play (None when not settled), to mark the play where the line first falls short."""
    out = []
    s.missed = {}  # index of a play that costs tricks -> what the claimer's count missed there (``missed``)
    t = value
    try:
        while s.trick or s.h[s.leader]:
            seat = (s.leader + len(s.trick)) % 4
            moves, maximize = s.moves(seat)
            chosen = None
            grouped = {}
            judged = s.normal_side is not None and (seat & 1) == s.normal_side
            if judged and (s.max_suits or s.known) and not maximize:
                led = s.trick[0] // 13 if s.trick else -1
                for m in moves:
                    su = m // 13
                    if (s.max_suits | s.known) >> su & 1 and (not s.trick or su == led):
                        grouped.setdefault(su, []).append(m)
            in_group = {m for ms in grouped.values() for m in ms}
            for m in s.order(seat, [m for m in moves if m not in in_group], not maximize):
                if s.child(m, t - 1, t + 1) == t:
                    chosen = m
                    break
            if chosen is None:
                for su in sorted(grouped):
                    vals = [(s.child(m, t - 1, t + 1), m) for m in grouped[su]]
                    if max(v for v, _ in vals) == t:
                        chosen = next(m for v, m in vals if v == t)
                        break
            if chosen is None:
                return []
            why = _why(s, seat, chosen, moves) if judged else None
            costs = 0
            if judged and len(moves) > 1 and why not in (ONLY, STATED, SURE) and best is not None:
                # the play costs tricks when the side, playing its best normal cards from here on, takes
                # fewer after it than it could before it
                before = best(s)
                if before is not None:
                    snap = (list(s.h), s.leader, list(s.trick), s.rem, s.hcode, s.step_idx, s.step_rounds,
                            s.trick_step, s.known)
                    g, _ = _advance(s, seat, chosen)
                    after = best(s)
                    (s.h, s.leader, s.trick, s.rem, s.hcode, s.step_idx, s.step_rounds, s.trick_step,
                     s.known) = snap
                    if after is not None and g + after < before:
                        costs = before - g - after
                    elif after is None:
                        best = None  # the budget is spent: no further play is measured
                        s.line_complete = False
                else:
                    best = None
                    s.line_complete = False
            if costs:
                s.missed[len(out)] = missed(s, seat, chosen)
            gained, winner = _advance(s, seat, chosen)
            out.append([seat, chosen, why, winner, costs])
            t -= gained
    except _Timeout:
        s.line_complete = False
        return []
    return out


def describe(plays: list, side: int, first_trick: int, missed_at: dict | None = None) -> list:
    """The line as tricks: [{number, leader, cards: [{seat, card, why, costs, missed}], winner, lost}]; ``costs``:
    the tricks a play of the judged side costs against its best normal line (only on such plays); ``missed``:
    what the claimer's count did not see there (``missed``, from ``missed_at``: index of the play -> reason)."""
    seats = "NESW"
    tricks, cur = [], None
    number = first_trick
    missed_at = missed_at or {}
    for i, (seat, card, why, winner, costs) in enumerate(plays):
        if cur is None:
            cur = {"number": number, "leader": seats[seat], "cards": []}
        cur["cards"].append({"seat": seats[seat], "card": card_str(card), **({"why": why} if why else {}),
                             **({"costs": costs} if costs else {}),
                             **({"missed": missed_at[i]} if costs and i in missed_at else {})})
        if winner is not None:
            cur["winner"] = seats[winner]
            cur["lost"] = (winner & 1) != side
            tricks.append(cur)
            cur = None
            number += 1
    if cur is not None:
        tricks.append(cur)
    return tricks


__all__ = ["principal_line", "describe", "missed", "DOUBTFUL"]
