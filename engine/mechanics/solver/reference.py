"""The pure-Python legal floor, ceiling and double-dummy search (search.py), kept as the reference the compiled
core (``csearch``) is tested against (tests/test_csearch.py) and measured beside (bench/claims_bench.py).

Part of ``engine.mechanics.solver``: ``py_floor``, ``py_ceiling``, ``py_bounds`` and ``py_minimax`` are
search.py's ``floor``, ``ceiling``, ``bounds`` and ``minimax``, unchanged; ``py_normal_floor`` is search.py's
normal floor, which ``normal_floor`` calls itself where the compiled one does not take the arguments (a stated
line, ``with_line``).  The rulings use the compiled ones.
"""
from __future__ import annotations

from engine.mechanics.solver.search import bounds as py_bounds
from engine.mechanics.solver.search import ceiling as py_ceiling
from engine.mechanics.solver.search import floor as py_floor
from engine.mechanics.solver.search import minimax as py_minimax
from engine.mechanics.solver.search import py_normal_floor

__all__ = ["py_bounds", "py_ceiling", "py_floor", "py_minimax", "py_normal_floor"]
