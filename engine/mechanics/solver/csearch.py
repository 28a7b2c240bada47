"""The searches the rulings use, from the compiled core (``_csearch.c``): the legal floor and ceiling, the
double-dummy value, and the normal-play searches: the normal floor and target tricks (``normal_search``, which
search.py's ``normal_floor`` and ``target_tricks`` call for the arguments ``normal_supported`` accepts), and the
judge of ``with_line`` (``Judge``: the side's best normal play from points of a line).

Part of ``engine.mechanics.solver``; the package re-exports ``floor``, ``ceiling``, ``bounds`` and ``minimax``
from here.  The same inputs and budget as the pure-Python searches (``engine.mechanics.solver.reference``,
kept as the tests' reference): a ``Position`` and a side, and ``limit`` nodes of search work (never seconds);
a search that reaches its limit returns proven bounds (``SolveResult.value`` None).  The floor is search.py's
search node for node (the same results and node counts); the double-dummy search orders its moves its own way
(the same values, other node counts).  A position that cannot arise in play is refused here
(``PositionError``) before it reaches the C code.
"""
from __future__ import annotations

import time

from engine.mechanics.solver.budget import DEFAULT_LIMIT
from engine.mechanics.solver.core import Position, SolveResult, turned_round

try:
    import engine.mechanics.solver._csearch as _csearch
except ImportError as exc:  # pragma: no cover - an install that skipped the build
    raise ImportError("the compiled search core engine/mechanics/solver/_csearch.c is not built: install the "
                      "package as the README says (pip install -e '.[test]'; it needs gcc and the Python "
                      "development headers)") from exc

TT_MAX_ENTRIES = _csearch.TT_MAX_ENTRIES  # the transposition table's size at most (entries)
TT_ENTRY_BYTES = _csearch.TT_ENTRY_BYTES


def _solve(pos: Position, side: int, minimax: bool, limit) -> SolveResult:
    pos.check()  # PositionError for a position that cannot arise
    if side not in (0, 1):
        raise ValueError(f"side must be 0 (NS) or 1 (EW), not {side!r}")
    limit = DEFAULT_LIMIT if limit is None else max(0, int(limit))
    start = time.perf_counter()
    value, lower, upper, nodes = _csearch.solve(pos.hands, pos.trump, pos.leader, pos.trick, side, minimax, limit)
    return SolveResult(value, lower, upper, nodes, time.perf_counter() - start)


_ROLES = {"lead": 0, "follow": 1, "discard": 2, "ruff": 3, None: -1}  # normal.ROLES as the C code numbers them
MAX_FINDINGS = 64  # findings the compiled normal floor takes (more: the Python search)


MAX_STEPS = 60  # steps of a stated line the compiled normal floor takes


def _step_code(st) -> tuple | None:
    """A stated line's step as the C code takes it, (kind, card, suit, rounds, on, by), or None where the
    compiled search does not take it (the Python search then does, as before)."""
    from engine.notation.cards import STEP_KINDS

    kind = getattr(st, "kind", None)
    if kind not in STEP_KINDS:
        return None
    card, suit, rounds, on, by = st.card, st.suit, st.rounds, st.on, st.by
    if not all(isinstance(x, int) for x in (card, suit, rounds, on, by)):
        return None
    if not (-1 <= card < 52 and -1 <= suit < 4 and rounds >= 0 and -1 <= on < 4 and -1 <= by < 4):
        return None
    if kind in ("play", "finesse", "ruffing_finesse") and (card < 0 or suit != card // 13):
        return None
    if kind == "discard" and card < 0 and suit < 0:
        return None
    return (STEP_KINDS.index(kind), card, suit, rounds, on, by)


def _line_supported(line) -> bool:
    line = tuple(line or ())
    return len(line) <= MAX_STEPS and all(_step_code(st) is not None for st in line)


def normal_supported(line=(), known: int = 0, max_suits: int = 0, pclass: str = "club", excluded=()) -> bool:
    """Whether the compiled normal floor takes these arguments (else search.py's ``py_normal_floor`` does the
    search): a stated line of at most 60 steps, each well formed (``_step_code``); ``known`` and ``max_suits`` suit masks; at most 64 findings, each a (seat, card id,
    role) triple with a role of ``normal.ROLES`` or None."""
    from engine.mechanics.solver.normal import CLASSES

    if pclass not in CLASSES or not _line_supported(line):
        return False
    if not (isinstance(known, int) and isinstance(max_suits, int) and 0 <= known < 16 and 0 <= max_suits < 16):
        return False
    excluded = tuple(excluded or ())
    if len(excluded) > MAX_FINDINGS:
        return False
    for f in excluded:
        if len(f) != 3:
            return False
        seat, card, role = f
        if not (isinstance(seat, int) and isinstance(card, int) and 0 <= seat < 4 and 0 <= card < 52):
            return False
        if role not in _ROLES:
            return False
    return True


def normal_search(pos: Position, side: int, line=(), *, known: int = 0, max_suits: int = 0,
                  limit: int | None = None, pclass: str = "club", excluded=(), export: bool = False,
                  targets: int = 0) -> tuple:
    """The compiled normal-play search: (SolveResult, entries lost, state).  The result is search.py's node for
    node as long as no entry was lost from the table (``lost`` 0: a full probe window overwrites one, which
    search.py's dict keeps); ``export``: ``state`` is what search.py needs to go on from where it stopped
    (search.py ``_take_over``), else None.  ``targets``: a card mask, for ``target_tricks``."""
    from engine.mechanics.solver.normal import CLASSES

    pos.check()
    if side not in (0, 1):
        raise ValueError(f"side must be 0 (NS) or 1 (EW), not {side!r}")
    limit = DEFAULT_LIMIT if limit is None else max(0, int(limit))
    finds = tuple((seat, card, _ROLES[role]) for seat, card, role in excluded or ())
    start = time.perf_counter()
    value, lower, upper, nodes, lost, state = _csearch.solve_normal(
        pos.hands, pos.trump, pos.leader, pos.trick, side, limit, CLASSES.index(pclass), known, max_suits, finds,
        tuple(_step_code(st) for st in line or ()), targets, export)
    return SolveResult(value, lower, upper, nodes, time.perf_counter() - start), lost, state


def normal_floor(pos: Position, side: int, line=(), *, known: int = 0, max_suits: int = 0,
                 limit: int | None = None, pclass: str = "club", excluded=()) -> SolveResult:
    """The normal floor, following the stated ``line`` (search.py ``py_normal_floor`` node for node: the same
    value, bounds and node count, unless the table lost an entry: ``normal_search``), for arguments
    ``normal_supported`` accepts."""
    return normal_search(pos, side, line, known=known, max_suits=max_suits, limit=limit, pclass=pclass,
                         excluded=excluded)[0]


class Judge:
    """search.py ``_with_line``'s judge, compiled: the side's best normal play from points of a line (a normal-play
    minimax, search.py's node for node), its table and memo of normal moves kept from one run to the next as
    search.py's ``_Search`` keeps them when ``_reroot`` moves it.  ``limit``: the nodes of all its runs (it sizes
    the table)."""

    def __init__(self, pos: Position, side: int, line=(), *, limit: int, pclass: str = "club", excluded=()):
        from engine.mechanics.solver.normal import CLASSES

        pos.check()
        finds = tuple((seat, card, _ROLES[role]) for seat, card, role in excluded or ())
        self._judge = _csearch.judge_new(pos.hands, pos.trump, pos.leader, pos.trick, side, max(0, int(limit)),
                                         CLASSES.index(pclass), 0, 0, finds,
                                         tuple(_step_code(st) for st in line or ()))

    def run(self, st, limit) -> tuple:
        """(SolveResult, entries lost so far) from the position and line state of the search ``st``."""
        value, lower, upper, nodes, lost = _csearch.judge_run(
            self._judge, tuple(st.h), st.leader, tuple(st.trick), st.step_idx, st.step_rounds, st.trick_step,
            st.known, limit)
        return SolveResult(value, lower, upper, nodes), lost


def target_tricks(pos: Position, side: int, targets: int, line=(), *, limit: int | None = None,
                  pclass: str = "club", excluded=()) -> SolveResult:
    """search.py's ``target_tricks`` node for node (unless the table lost an entry: ``normal_search``), for a
    non-empty card mask ``targets`` and arguments ``normal_supported`` accepts: the most tricks the target cards
    win while ``side`` plays normally."""
    pos.check()
    if side not in (0, 1):
        raise ValueError(f"side must be 0 (NS) or 1 (EW), not {side!r}")
    if not 0 < targets < 1 << 52:
        raise ValueError("targets must be a non-empty mask of card ids 0-51")
    return normal_search(pos, side, line, limit=limit, pclass=pclass, excluded=excluded, targets=targets)[0]


def floor(pos: Position, side: int, limit: int | None = None) -> SolveResult:
    """The fewest tricks ``side`` (0 NS, 1 EW) takes over every legal play of the remaining cards."""
    return _solve(pos, side, False, limit)


def ceiling(pos: Position, side: int, limit: int | None = None) -> SolveResult:
    """The most tricks ``side`` takes over every legal play (the other side's floor, turned round)."""
    return turned_round(floor(pos, 1 - side, limit), pos.tricks_left)


def bounds(pos: Position, side: int, limit: int | None = None) -> tuple:
    """(floor, ceiling) over all legal plays, each a SolveResult."""
    return floor(pos, side, limit), ceiling(pos, side, limit)


def minimax(pos: Position, side: int, limit: int | None = None) -> SolveResult:
    """The double-dummy value for ``side``: the tricks it takes when all four play their best."""
    return _solve(pos, side, True, limit)


__all__ = ["TT_ENTRY_BYTES", "TT_MAX_ENTRIES", "bounds", "ceiling", "floor", "minimax", "Judge", "normal_floor",
           "normal_search", "normal_supported", "target_tricks"]
