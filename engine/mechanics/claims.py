"""Claims and concessions (Laws 68-71): the position when play stopped and the solver's numbers.

Analysis asks the exact solver (engine.mechanics.solver) for the numbers the
laws test, and engine.mechanics.dd for the double-dummy value (DDS when
installed, else the solver's compiled search), once per position (cached),
within the ruling's work budget (``Work``: one for every search of the
ruling, docs/claims.md).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.mechanics.table import Table
from engine.mechanics.work import (  # noqa: F401  (the ruling's work budget; re-exported for the callers of old)
    CLAIM_BUDGET,
    CLAIM_SEARCH_LIMIT,
    SlowRuling,
    Work,
    current_work,
    end_quick_attempt,
    probe_nodes,
    quick_attempt,
    ruling_work,
    solver_budget,
    solver_limit,
)
from engine.notation import cards as C
from engine import lazy_module

if TYPE_CHECKING:  # the layout test reads imports; at run time the solver loads on first use (claims only)
    from engine.mechanics import solver  # noqa: F401
S = lazy_module("engine.mechanics.solver")


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
    got = _cached_now(key, limit)
    if got is None:
        got = compute()
        _keep(key, got, limit)
    return got


def _cached_now(key, limit):
    """What ``_cached`` would reuse for ``key`` under ``limit`` (None: search)."""
    got = _CACHE.get(key)
    if got is not None and limit is not None and getattr(got, "nodes", 0) > limit:
        got = None
    if got is None and limit is not None:
        got = _CACHE.get((_AT_LIMIT, key, limit))
    return got


def _keep(key, got, limit) -> None:
    """Keep a result found under ``limit`` nodes for ``_cached_now``."""
    if len(_CACHE) > 4000:
        _CACHE.clear()
    if getattr(got, "exact", True) and getattr(got, "line_complete", True):
        _CACHE[key] = got  # (a line cut short by the budget is kept for that budget only)
    if limit is not None:
        _CACHE[(_AT_LIMIT, key, limit)] = got


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
    # (a finding without ``as`` sorts before the same card's with ``as``; the same finding twice counts once)
    found = {(S.seat_id(f.seat), S.card_id(f.card), f.role) for f in findings or ()}
    return tuple(sorted(found, key=lambda t: (t[0], t[1], t[2] or "")))


class Analysis:
    """The solver's numbers for the claim or concession that ended play (computed on demand, cached)."""

    def __init__(self, table: Table, pos: S.Position, side: str, known: int, pclass: str = S.DEFAULT_CLASS,
                 excluded: tuple = (), claims_all: bool = False, work: Work | None = None):
        self.table = table
        self.pos = pos
        self.side = side
        self.sid = S.side_id(side)
        self.known = known
        self.pclass = pclass  # the class of player judged (footnote to Law 69)
        self.excluded = excluded  # the director's findings: plays not normal for this player
        self.claims_all = claims_all  # the claim takes every remaining trick
        # the ruling's budget (shared by every Analysis of the ruling), or one of its own outside a ruling
        self.work = work or current_work() or Work(probe=probe_nodes())

    @property
    def limit(self) -> int:
        """This search's nodes: the per-search limit, within what is left of the ruling's budget."""
        return self.work.limit

    @property
    def left(self) -> int:
        return self.work.left

    def _run(self, name, fn, *args, share: int = 1, lined=None):
        """``fn(limit)`` once per position and arguments (``args`` only make the cache key).

        The nodes a search took are charged to the ruling's budget whether the
        result was computed now or found in the cache, so the ruling does not
        depend on what was solved before in the same process; a search asked
        again in the same ruling is not charged twice.  ``share``: the search
        gets ``limit // share`` nodes.  ``lined``: a result found with its
        line that answers this search too, if it was found within the limit.
        Under a probe (``Work.probe``), a search is run with at most the
        probe's nodes; one that does not settle within them while the budget
        would have given it more ends the attempt (``SlowRuling``).
        """
        work = self.work
        key = (name, self.pos, args)
        got = work.done.get(key)
        if got is not None:
            return got
        limit = work.limit // share
        searched = False
        if lined is not None and lined.exact and lined.nodes <= limit:  # (its value, found within limit)
            res = lined
        else:
            res = _cached_now(key, limit)
            if res is None:
                searched = True
                run = limit if work.probe is None else min(limit, work.probe)
                res = fn(run)
                if run < limit and not (getattr(res, "exact", True) and getattr(res, "line_complete", True)):
                    raise SlowRuling(f"{name}: not settled within {run} nodes of the quick attempt")
                _keep(key, res, run)
                if run < limit:
                    _keep(key, res, limit)  # (settled within fewer nodes: the same result under more)
        work.charge(res, searched)
        work.done[key] = res
        return res

    def legal(self, side: str):
        sid = S.side_id(side)
        # the legal bounds get half a search each, leaving the claim's budget to the normal line it turns on
        f = self._run("floor", lambda lim: S.floor(self.pos, sid, lim), sid, share=2)
        c = self._run("ceiling", lambda lim: S.ceiling(self.pos, sid, lim), sid, share=2)
        return f, c

    def normal(self, side: str, steps=(), known=None, max_suits=0, with_line=False):
        """The normal floor; ``with_line``: with the plays of one least successful normal line."""
        sid = S.side_id(side)
        known = self.known if known is None else known
        # the class, the findings and the claim's size judge the claimer's side only
        pclass, excluded, every = (self.pclass, self.excluded, self.claims_all) if side == self.side else \
            (S.DEFAULT_CLASS, (), False)
        lined = None
        if not with_line:
            lined = _CACHE.get(("normal", self.pos, (sid, steps, known, max_suits, pclass, excluded, every, True)))
        return self._run("normal", lambda lim: S.normal_floor(self.pos, sid, steps, known=known, max_suits=max_suits,
                                                              limit=lim, with_line=with_line, pclass=pclass,
                                                              excluded=excluded, claims_all=every),
                         sid, steps, known, max_suits, pclass, excluded, every, with_line, lined=lined)

    def target(self, side: str, card: str, steps=()):
        sid = S.side_id(side)
        return self._run("target", lambda lim: S.target_tricks(self.pos, sid, [card], steps, limit=lim,
                                                               pclass=self.pclass, excluded=self.excluded,
                                                               claims_all=self.claims_all),
                         sid, card, steps, self.pclass, self.excluded, self.claims_all)

    def dd(self, side: str):
        sid = S.side_id(side)
        from engine.mechanics.dd import dd_value  # with the solver: loaded when a claim needs it

        return self._run("dd", lambda lim: dd_value(self.pos, sid), sid)
