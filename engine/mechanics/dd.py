"""Double-dummy values, behind one function: DDS (the ``endplay`` package) when installed, else the solver's
compiled core.

``endplay`` is optional (``pip install -e '.[dd]'``): without it ``dd_value``
takes the value from the compiled double-dummy search
(``engine.mechanics.solver.minimax``, ``_csearch.c``), within a fixed budget of
search nodes (``DD_NODE_LIMIT``, so the answer is the same on any machine).
The two give the same values (tests/test_csearch.py compares them on 4,000
positions and deals), so with DDS installed it is the faster of the two and
the compiled search its cross-check.  The value is what the side takes from
the position (the trick in progress included) when all four players see all
the cards and play their best.
"""
from __future__ import annotations

import importlib.util
import sys
import types
from contextlib import contextmanager
from dataclasses import dataclass

from engine.mechanics.solver import SEAT_LETTERS, SUIT_LETTERS, Position, card_str, minimax

MISSING = "the double-dummy solver is not installed on this machine (the optional endplay package, '[dd]')"
# search nodes of the compiled double-dummy search when DDS is not installed (about 3.4 s at most on the 2-core
# machine here; 166 of 200 random full deals settle within it, and every one of 200 positions of 8-10 tricks:
# bench/claims_bench.py's positions, docs/claims.md).  Since the partition table (2026-12-06) 10,000,000 settle
# more full deals than 20,000,000 did before it (163 of the same 200) in about the same time at the worst (3.4 s
# against 3.2 s; with 20,000,000 the table settles 185 but takes 6.8 s at the worst, a node costing it about
# twice as much)
DD_NODE_LIMIT = 10_000_000

_LOADED: dict = {}


def _endplay():
    """Import endplay's DDS binding on first use: its names, or None when missing.

    Only ``endplay.dds`` and ``endplay.types`` are loaded: the package's own
    ``__init__`` imports everything it has, down to its dealer's plotting
    (matplotlib), about a second of a claim ruling for nothing the solver uses.
    """
    if "names" not in _LOADED:
        try:  # pragma: no cover - depends on the environment
            with _parts_only("endplay"):
                from endplay.dds import solve_board
                from endplay.types import Deal, Denom, Player
            _LOADED["names"] = (solve_board, Deal, Denom, Player)
        except Exception as exc:  # ImportError, or a broken native library
            _LOADED["names"] = None
            _LOADED["error"] = exc
    return _LOADED["names"]


@contextmanager
def _parts_only(name: str):
    """Import submodules of package ``name`` without running its ``__init__``.

    While inside, the package is a bare module with the package's path (so its
    submodules import as usual); afterwards it is taken away again, so that a
    plain ``import name`` later still runs the real ``__init__``.  When the
    package is already imported, nothing is done.
    """
    if name in sys.modules:
        yield
        return
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        yield  # (the import inside fails or works as it would anyway)
        return
    bare = types.ModuleType(name)
    bare.__path__ = list(spec.submodule_search_locations)
    bare.__spec__ = spec
    sys.modules[name] = bare
    try:
        yield
    finally:
        if sys.modules.get(name) is bare:
            del sys.modules[name]


@dataclass(frozen=True)
class DDValue:
    value: int | None  # tricks for the side, or None when not computed
    reason: str = ""  # why not, when value is None

    @property
    def available(self) -> bool:
        return self.value is not None


def available() -> bool:
    return _endplay() is not None


def _pbn(hands: dict) -> str:
    parts = []
    for seat in SEAT_LETTERS:
        suits = []
        for s in SUIT_LETTERS:
            ranks = sorted((c[1] for c in hands[seat] if c[0] == s), key="23456789TJQKA".index, reverse=True)
            suits.append("".join(ranks))
        parts.append(".".join(suits))
    return "N:" + " ".join(parts)


def dd_value(pos: Position, side: int) -> DDValue:
    """Tricks ``side`` (0 NS, 1 EW) takes from ``pos`` with best play all round."""
    names = _endplay()
    if names is None:
        return compiled_dd_value(pos, side)
    _solve_board, _Deal, _Denom, _Player = names
    hands = {s: pos.held(i) for i, s in enumerate(SEAT_LETTERS)}
    for i, c in enumerate(pos.trick):
        hands[SEAT_LETTERS[(pos.leader + i) % 4]].append(card_str(c))
    try:
        deal = _Deal(_pbn(hands))
        deal.trump = _Denom.nt if pos.trump < 0 else [_Denom.spades, _Denom.hearts, _Denom.diamonds,
                                                        _Denom.clubs][pos.trump]
        deal.first = [_Player.north, _Player.east, _Player.south, _Player.west][pos.leader]
        for c in pos.trick:
            deal.play(card_str(c))
        solved = list(_solve_board(deal))
    except Exception as exc:  # pragma: no cover - a failure inside the native solver
        return DDValue(None, f"the double-dummy solver failed: {exc}")
    if not solved:
        return DDValue(None, "the double-dummy solver returned nothing")
    best = max(t for _, t in solved)
    mover = pos.to_play
    return DDValue(best if (mover & 1) == side else pos.tricks_left - best)


def compiled_dd_value(pos: Position, side: int, limit: int | None = None) -> DDValue:
    """The double-dummy value from the solver's compiled search (``minimax``), within ``limit`` nodes
    (``DD_NODE_LIMIT`` unless given)."""
    limit = DD_NODE_LIMIT if limit is None else limit
    res = minimax(pos, side, limit)
    if res.exact:
        return DDValue(res.value)
    return DDValue(None, f"the double-dummy search did not settle it within its work budget of {limit:,} nodes "
                         f"(between {res.lower} and {res.upper})")


__all__ = ["DD_NODE_LIMIT", "DDValue", "dd_value", "compiled_dd_value", "available", "MISSING"]
