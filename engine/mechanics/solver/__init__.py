"""An exact play solver for the tests Laws 69-71 set: no law here, only play.

From any position (the hands still held, the trump suit, who led the trick in
progress and the cards already played to it) the solver answers:

* ``bounds``: the fewest and the most tricks a side takes over **every legal
  play** of the remaining cards by all four players (the test of 71A1).  The
  floor is a minimum over all play sequences -- everybody, the side itself
  included, "cooperating" against it -- which is not the double-dummy value,
  where the side plays its best.
* ``normal_floor``: the fewest tricks a side takes when its own choices are
  limited to *normal* plays -- those left after the narrow list of irrational
  plays below, and, for a claimer, those that follow his stated line -- while
  the other side plays any legal card (Laws 69B, 70, 71B; footnote to Law 69).
* ``target_tricks``: the most tricks a given set of cards (an outstanding
  trump, say) can win over normal play (70C3).
* ``minimax``: the double-dummy value by alpha-beta (the ruling uses DDS
  through ``engine.mechanics.dd`` when it is installed, this otherwise).

``floor``, ``ceiling``, ``bounds`` and ``minimax`` come from the compiled core
(``_csearch.c``, through ``csearch``); the pure-Python ones stay as the tests'
reference (``reference``: ``py_floor``, ``py_ceiling``, ``py_bounds``,
``py_minimax``, ``py_normal_floor``, ``py_target_tricks``).  ``normal_floor``
and ``target_tricks`` are compiled too, stated lines included; the line
``with_line`` asks for is walked in Python after the compiled search.

Every search is exact, or stops at its node limit and says so: a
``SolveResult`` is either exact (``value``) or undetermined (``lower`` and
``upper`` bound the true value).

Irrational plays (documented in docs/claims.md), for the side whose play is
"normal", all judged with every hand in view:

* **I1** beating a card of partner's that is certain to win the trick (an
  overtake or a ruff) while holding a legal card that does not beat it;
* **I2** leading a low card of a suit the leading hand can run from the top
  (it holds the highest cards of the suit, at least as many as either
  opponent holds) when an opponent holds a card that beats it;
* **I3** at the third or last seat of a trick an opponent is winning,
  following suit with a card that does not beat the winning card while
  holding the highest card of the suit led, which would win the trick for
  certain (no later player can ruff it).

Careless and inferior plays stay normal: discarding a winner while holding a
useless loser, blocking a suit, not drawing trumps, playing a suit in the
wrong order, finessing or not.  A revoke is not a play at all: only legal
cards are generated.

Search: depth-first alpha-beta over the plays (min and max nodes; a floor
search has only min nodes, everybody cooperating against the side), a
transposition table at trick boundaries keyed by the relative ranks of the
cards still out (positions differing only in cards already played are the
same), one card per group of equivalent cards, and bounds from the trumps that
must win tricks whatever is played.

The package, by concern: ``core`` (cards, positions, results, line steps),
``moves`` (legal moves, move ordering), ``normal`` (the normal-play model and
the stated line), ``budget`` (when a search stops), ``search`` (the search and
the public functions), ``csearch`` (the compiled searches), ``reference``
(the pure-Python ones they are tested against).
"""
from __future__ import annotations

from engine.mechanics.solver.budget import DEFAULT_LIMIT
from engine.mechanics.solver.core import (
    FULL,
    INF,
    RANK_LETTERS,
    SEAT_LETTERS,
    SUIT_LETTERS,
    Position,
    PositionError,
    SolveResult,
    Step,
    card_id,
    card_str,
    seat_id,
    side_id,
    side_of_seat,
    suit_mask,
    winner_index,
)
from engine.mechanics.solver.normal import CLASSES, DEFAULT_CLASS
from engine.mechanics.solver.csearch import bounds, ceiling, floor, minimax
from engine.mechanics.solver.reference import py_bounds, py_ceiling, py_floor, py_minimax, py_normal_floor, py_target_tricks
from engine.mechanics.solver.search import normal_floor, target_tricks
from engine.notation.cards import STEP_KINDS

__all__ = ["CLASSES", "DEFAULT_CLASS", "DEFAULT_LIMIT", "FULL", "INF", "RANK_LETTERS", "SEAT_LETTERS", "STEP_KINDS", "SUIT_LETTERS",
           "Position", "PositionError", "SolveResult", "Step", "bounds", "card_id", "card_str", "ceiling", "floor",
           "minimax", "normal_floor", "py_bounds", "py_ceiling", "py_floor", "py_minimax", "py_normal_floor", "py_target_tricks", "seat_id", "side_id", "side_of_seat", "suit_mask", "target_tricks",
           "winner_index"]
