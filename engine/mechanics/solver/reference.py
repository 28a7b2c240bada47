"""The pure-Python legal floor, ceiling and double-dummy search (search.py), kept as the reference the compiled
core (``csearch``) is tested against (tests/test_csearch.py) and measured beside (bench/claims_bench.py).

Part of ``engine.mechanics.solver``: ``py_floor``, ``py_ceiling``, ``py_bounds`` and ``py_minimax`` are
search.py's ``floor``, ``ceiling``, ``bounds`` and ``minimax``, unchanged; ``py_normal_floor`` and ``py_target_tricks``
are search.py's normal-play searches, which ``normal_floor`` and ``target_tricks`` call themselves where the
compiled ones do not take the arguments (a malformed step, no target).  The rulings use the compiled ones.
"""
from __future__ import annotations

from engine.mechanics.solver.search import bounds as py_bounds
from engine.mechanics.solver.search import ceiling as py_ceiling
from engine.mechanics.solver.search import floor as py_floor
from engine.mechanics.solver.search import minimax as py_minimax
from engine.mechanics.solver.search import py_normal_floor, py_target_tricks

__all__ = ["py_bounds", "py_ceiling", "py_floor", "py_minimax", "py_normal_floor", "py_target_tricks"]
