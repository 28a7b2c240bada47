"""Claims and concessions (Laws 68-71): the position when play stopped and the solver's numbers.

Analysis asks the exact solver (engine.mechanics.solver) for the numbers the
laws test, and engine.mechanics.dd for the double-dummy value (DDS when
installed, else the solver's compiled search), once per position (cached),
within the claim's budget.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING

from engine.mechanics.table import Table
from engine.notation import cards as C
from engine import lazy_module

if TYPE_CHECKING:  # the layout test reads imports; at run time the solver loads on first use (claims only)
    from engine.mechanics import solver  # noqa: F401
S = lazy_module("engine.mechanics.solver")


def _nodes(name: str, default: int) -> int:
    try:
        return max(0, int(os.environ.get(name, default)))
    except ValueError:
        return default


CLAIM_BUDGET = 1_200_000  # search nodes for all the searches of one claim or concession
CLAIM_SEARCH_LIMIT = 400_000  # search nodes for one of them


def solver_limit() -> int:
    """Search nodes per search of a claim (BRIDGE_TD_SOLVER_LIMIT; default CLAIM_SEARCH_LIMIT)."""
    return _nodes("BRIDGE_TD_SOLVER_LIMIT", CLAIM_SEARCH_LIMIT)


def solver_budget() -> int:
    """Search nodes for all the searches of one claim or concession (BRIDGE_TD_SOLVER_BUDGET)."""
    return _nodes("BRIDGE_TD_SOLVER_BUDGET", CLAIM_BUDGET)


# ---------------------------------------------------------------------------
# The analysis
# ---------------------------------------------------------------------------

_CACHE: dict = {}


def _cached(key, compute, limit=None):
    """``compute()`` once per ``key`` and node limit, deterministically.

    An exact result is kept under ``key`` and reused when the search that
    found it fits within ``limit`` nodes (so a fresh search would find it
    too, with the same nodes).  Every result is also kept under ``(key,
    limit)`` and reused under the identical limit only: a search is
    deterministic, so a fresh one under that limit would stop at the same
    node with the same bounds, or find the same exact result (this is what
    makes a result that stopped at its limit, or one whose line took more
    nodes than the limit, cheap to rule again).  Either way the answer is the
    one a fresh search would give.
    """
    got = _CACHE.get(key)
    if got is not None and limit is not None and getattr(got, "nodes", 0) > limit:
        got = None
    if got is None and limit is not None:
        got = _CACHE.get((_AT_LIMIT, key, limit))
    if got is None:
        got = compute()
        if len(_CACHE) > 4000:
            _CACHE.clear()
        if getattr(got, "exact", True) and getattr(got, "line_complete", True):
            _CACHE[key] = got  # (a line cut short by the budget is kept for that budget only)
        if limit is not None:
            _CACHE[(_AT_LIMIT, key, limit)] = got
    return got


_AT_LIMIT = "at_limit"  # marks the cache keys of results kept for one node limit


def position_at_end(table: Table) -> S.Position:
    """The position when play stopped: the cards still held and the trick in progress."""
    hands = {s: set(cs) for s, cs in table.case.hands.items()}
    leader = table.opening_leader
    trick: list = []
    for i, t in enumerate(table.tricks):
        for s, p in t.effective:
            hands[s].discard(p.card)
        if t.complete:
            leader = t.winner
        elif t.effective:
            if i != len(table.tricks) - 1:
                raise S.PositionError(f"trick {t.number} is incomplete but play went on")
            order = [s for s, _ in t.effective]
            if any(order[k] != C.next_seat(order[0], k) for k in range(len(order))):
                raise S.PositionError(f"the cards of trick {t.number} were not played in rotation")
            leader = order[0]
            trick = [p.card for _, p in t.effective]
    return S.Position.from_cards(hands, table.contract.trump, leader, trick)


def _steps(line) -> tuple:
    return tuple(S.Step.make(st.kind, st.card, st.suit, st.rounds, getattr(st, "on", None), getattr(st, "by", None))
                 for st in line)


def findings_for_search(findings) -> tuple:
    """The director's findings (``engine.input.claims.Finding``) as the solver takes them: (seat, card, role)."""
    return tuple(sorted((S.seat_id(f.seat), S.card_id(f.card), f.role) for f in findings or ()))


class Analysis:
    """The solver's numbers for the claim or concession that ended play (computed on demand, cached)."""

    def __init__(self, table: Table, pos: S.Position, side: str, known: int, pclass: str = S.DEFAULT_CLASS,
                 excluded: tuple = (), claims_all: bool = False):
        self.table = table
        self.pos = pos
        self.side = side
        self.sid = S.side_id(side)
        self.known = known
        self.pclass = pclass  # the class of player judged (footnote to Law 69)
        self.excluded = excluded  # the director's findings: plays not normal for this player
        self.claims_all = claims_all  # the claim takes every remaining trick
        self.per_search = solver_limit()
        self.left = solver_budget()

    @property
    def limit(self) -> int:
        """This search's nodes: the per-search limit, within what is left of the claim's budget."""
        return max(0, min(self.per_search, self.left))

    def _run(self, name, fn, *args):
        """``fn()`` once per position and arguments (``args`` only make the cache key).

        The nodes a search took are charged to the claim's budget whether the
        result was computed now or found in the cache, so the ruling does not
        depend on what was solved before in the same process.
        """
        key = (name, self.pos, args)
        res = _cached(key, fn, self.limit)
        self.left = max(0, self.left - getattr(res, "nodes", 0))
        return res

    def legal(self, side: str):
        sid = S.side_id(side)
        # the legal bounds get half a search each, leaving the claim's budget to the normal line it turns on
        f = self._run("floor", lambda: S.floor(self.pos, sid, self.limit // 2), sid)
        c = self._run("ceiling", lambda: S.ceiling(self.pos, sid, self.limit // 2), sid)
        return f, c

    def normal(self, side: str, steps=(), known=None, max_suits=0, with_line=False):
        """The normal floor; ``with_line``: with the plays of one least successful normal line."""
        sid = S.side_id(side)
        known = self.known if known is None else known
        # the class, the findings and the claim's size judge the claimer's side only
        pclass, excluded, every = (self.pclass, self.excluded, self.claims_all) if side == self.side else \
            (S.DEFAULT_CLASS, (), False)
        if not with_line:
            lined = _CACHE.get(("normal", self.pos, (sid, steps, known, max_suits, pclass, excluded, every, True)))
            if lined is not None and lined.exact and lined.nodes <= self.limit:  # (its value, found within limit)
                self.left = max(0, self.left - lined.nodes)
                return lined
        return self._run("normal", lambda: S.normal_floor(self.pos, sid, steps, known=known, max_suits=max_suits,
                                                          limit=self.limit, with_line=with_line, pclass=pclass,
                                                          excluded=excluded, claims_all=every),
                         sid, steps, known, max_suits, pclass, excluded, every, with_line)

    def target(self, side: str, card: str, steps=()):
        sid = S.side_id(side)
        return self._run("target", lambda: S.target_tricks(self.pos, sid, [card], steps, limit=self.limit,
                                                           pclass=self.pclass, excluded=self.excluded,
                                                           claims_all=self.claims_all),
                         sid, card, steps, self.pclass, self.excluded, self.claims_all)

    def dd(self, side: str):
        sid = S.side_id(side)
        from engine.mechanics.dd import dd_value  # with the solver: loaded when a claim needs it

        return self._run("dd", lambda: dd_value(self.pos, sid), sid)
