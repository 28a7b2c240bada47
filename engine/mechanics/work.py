"""The search work of one ruling: one budget (solver nodes, never seconds) for every search it makes.

``rule_case`` opens a ``ruling_work`` for each ruling; every ``engine.mechanics.claims.Analysis`` made while it
is open charges it.  This module loads nothing of the solver (a ruling without a claim never needs it).
"""
from __future__ import annotations

import contextvars
import os


def _nodes(name: str, default: int) -> int:
    try:
        return max(0, int(os.environ.get(name, default)))
    except ValueError:
        return default


# (raised from 400 000 / 1 200 000 when the normal-play search was compiled: a ruling at tricks 1-3 takes a
# median 0.35 s under these, against 0.15 s under the old ones; bench/claims_bench.py --early-only 10)
CLAIM_BUDGET = 3_000_000  # search nodes for all the searches of one ruling (its claims and concessions)
CLAIM_SEARCH_LIMIT = 1_000_000  # search nodes for one of them


def solver_limit() -> int:
    """Search nodes per search of a claim (BRIDGE_TD_SOLVER_LIMIT; default CLAIM_SEARCH_LIMIT)."""
    return _nodes("BRIDGE_TD_SOLVER_LIMIT", CLAIM_SEARCH_LIMIT)


def solver_budget() -> int:
    """Search nodes for all the searches of one ruling (BRIDGE_TD_SOLVER_BUDGET)."""
    return _nodes("BRIDGE_TD_SOLVER_BUDGET", CLAIM_BUDGET)


class SlowRuling(BaseException):
    """The ruling needs more search work than its quick attempt allows (``Work.probe``): rule it elsewhere.

    Raised only when a ``probe`` is set (the page's server does: it rules such a case again in a worker
    process, with the whole budget).  A BaseException, so that no ``except Exception`` on the way swallows it.
    """


_WORK: contextvars.ContextVar = contextvars.ContextVar("bridge_td_ruling_work", default=None)


class Work:
    """The search work (nodes, never seconds) of one ruling: one budget for every search of every claim or
    concession the ruling examines, through every reading of the record (``engine.explain.ruling.rule_case``).

    ``per_search``: the nodes one search may take (BRIDGE_TD_SOLVER_LIMIT), within ``left``, what is left of
    the ruling's budget (BRIDGE_TD_SOLVER_BUDGET).  A search asked again in the same ruling (the record read a
    second time after a correction the law requires) is answered with what the ruling found the first time
    and is not charged again.  ``probe``: nodes after which a search that has not settled makes the ruling
    give up at once (``SlowRuling``) rather than go on: a quick attempt, which gives the same ruling as the
    whole budget whenever it finishes (a search that settles within fewer nodes settles the same way, with
    the same nodes, under more).
    """

    def __init__(self, budget: int | None = None, per_search: int | None = None, probe: int | None = None):
        self.per_search = solver_limit() if per_search is None else max(0, int(per_search))
        self.left = solver_budget() if budget is None else max(0, int(budget))
        self.probe = None if probe is None else max(0, int(probe))
        self.spent = 0  # nodes charged so far
        self.searches = 0  # searches charged
        self.done: dict = {}  # the searches of this ruling: key -> result

    @property
    def limit(self) -> int:
        """The next search's nodes: the per-search limit, within what is left of the ruling's budget."""
        return max(0, min(self.per_search, self.left))

    def charge(self, res, searched: bool = True) -> None:
        """Charge a search's nodes to the ruling (and to the probe when it was searched now, not reused)."""
        nodes = getattr(res, "nodes", 0) or 0
        self.left = max(0, self.left - nodes)
        self.spent += nodes
        self.searches += 1
        if self.probe is not None and searched:
            self.probe = max(0, self.probe - nodes)


def current_work() -> Work | None:
    """The work budget of the ruling being made in this thread (None outside ``ruling_work``)."""
    return _WORK.get()


class ruling_work:  # noqa: N801 - used as ``with ruling_work():``
    """``with ruling_work(probe=None) as work:`` every Analysis made inside charges ``work``.

    A ruling inside another (a why-not that rules again) gets its own budget."""

    def __init__(self, probe: int | None = None):
        self.work = Work(probe=probe)
        self._token = None

    def __enter__(self) -> Work:
        self._token = _WORK.set(self.work)
        return self.work

    def __exit__(self, *exc) -> None:
        _WORK.reset(self._token)


_PROBE: contextvars.ContextVar = contextvars.ContextVar("bridge_td_probe", default=None)


def quick_attempt(nodes: int | None):
    """Set (or, with None, clear) the probe of the rulings made in this thread's context: ``SlowRuling`` once a
    ruling's searches would need more than ``nodes`` nodes.  Returns the token for ``_PROBE.reset``."""
    return _PROBE.set(nodes)


def end_quick_attempt(token) -> None:
    """Undo ``quick_attempt``."""
    _PROBE.reset(token)


def probe_nodes() -> int | None:
    return _PROBE.get()
