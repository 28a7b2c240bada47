"""The search budget: when a search must stop and report the bounds it has proved.

Part of ``engine.mechanics.solver``.
"""
from __future__ import annotations

import time

DEFAULT_LIMIT = 10.0  # seconds per search unless the caller says otherwise


class _Timeout(Exception):
    pass


class Budget:
    """Counts the search's nodes; raises ``_Timeout`` once the limit is spent."""

    def __init__(self, limit: float | None = DEFAULT_LIMIT):
        self.nodes = 0
        self.deadline = (time.perf_counter() + limit) if limit is not None else None

    def tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and not (self.nodes & 1023) and time.perf_counter() > self.deadline:
            raise _Timeout
