"""The search budget: when a search must stop and report the bounds it has proved.

Part of ``engine.mechanics.solver``.  The budget counts search work (nodes
visited), never seconds, so the same position gives the same answer -- exact,
or the same bounds -- on a busy machine and an idle one.
"""
from __future__ import annotations

DEFAULT_LIMIT = 40_000  # nodes per search unless the caller says otherwise


class _Timeout(Exception):
    """The budget is spent."""


class Budget:
    """Counts the search's nodes; raises ``_Timeout`` once ``limit`` nodes have been visited.

    (The search itself keeps only ``limit`` from here: it counts its nodes inline, the same way, because
    the count is taken at every node.)"""

    def __init__(self, limit: int | None = DEFAULT_LIMIT):
        self.nodes = 0
        self.limit = None if limit is None else max(0, int(limit))

    def tick(self) -> None:
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise _Timeout
