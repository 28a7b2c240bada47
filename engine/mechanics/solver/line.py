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


def principal_line(s, value: int, best=None) -> list:
    """The plays of one line reaching ``value`` from the search's root position (the search must be at its
    root, as ``run`` leaves it): a list of (seat, card id, why or None, trick winner or None); [] when the
    budget runs out on the way.  ``best(s)``: the side's tricks from the search's current position with its
    best normal play (None when not settled), to mark the play where the line first falls short."""
    out = []
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
            gained, winner = _advance(s, seat, chosen)
            out.append([seat, chosen, why, winner, costs])
            t -= gained
    except _Timeout:
        s.line_complete = False
        return []
    return out


def describe(plays: list, side: int, first_trick: int) -> list:
    """The line as tricks: [{number, leader, cards: [{seat, card, why, costs}], winner, lost}]; ``costs``: the
    tricks a play of the judged side costs against its best normal line (only on such plays)."""
    seats = "NESW"
    tricks, cur = [], None
    number = first_trick
    for seat, card, why, winner, costs in plays:
        if cur is None:
            cur = {"number": number, "leader": seats[seat], "cards": []}
        cur["cards"].append({"seat": seats[seat], "card": card_str(card), **({"why": why} if why else {}),
                             **({"costs": costs} if costs else {})})
        if winner is not None:
            cur["winner"] = seats[winner]
            cur["lost"] = (winner & 1) != side
            tricks.append(cur)
            cur = None
            number += 1
    if cur is not None:
        tricks.append(cur)
    return tricks


__all__ = ["principal_line", "describe", "DOUBTFUL"]
