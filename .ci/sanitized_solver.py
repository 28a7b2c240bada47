"""A short solver check against a build of the compiled search core with AddressSanitizer and
UndefinedBehaviorSanitizer (run by .ci/run; see the README's "Two commands").

    python .ci/sanitized_solver.py PATH/TO/_csearch....so

Loads that build as ``engine.mechanics.solver._csearch`` in place of the installed one, then compares the
compiled floor, ceiling, normal floor and double-dummy value with the pure-Python searches on a few hundred random positions
(1-13 tricks, some mid-trick, small node limits so that many searches stop at their limit), feeds it bad input,
and searches from two threads at once.  Any error the sanitizers report ends the process (halt_on_error) with a
non-zero status; a wrong answer fails an assertion.
"""
from __future__ import annotations

import importlib.util
import random
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    so = sys.argv[1]
    spec = importlib.util.spec_from_file_location("engine.mechanics.solver._csearch", so)
    mod = importlib.util.module_from_spec(spec)
    sys.modules["engine.mechanics.solver._csearch"] = mod
    spec.loader.exec_module(mod)

    from generate import random_position
    from test_cnormal import _line

    from engine.mechanics import solver as S

    assert S.csearch._csearch is mod, "the sanitized build was not the one loaded"
    rng = random.Random(26)
    count = 0
    for i in range(300):
        n = rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13])
        pos, side = random_position(rng, n), rng.randrange(2)
        limit = rng.choice([0, 50, 500, 3000])
        for c, py in ((S.floor, S.py_floor), (S.ceiling, S.py_ceiling)):
            a, b = c(pos, side, limit), py(pos, side, limit)
            assert (a.value, a.lower, a.upper, a.nodes) == (b.value, b.lower, b.upper, b.nodes), (pos, side, limit)
        m, pm = S.minimax(pos, side, 3000), S.py_minimax(pos, side, 3000)
        assert max(m.lower, pm.lower) <= min(m.upper, pm.upper), (pos, side)
        if m.exact and pm.exact:
            assert m.value == pm.value
        # the normal floor (normal.py's model, compiled), with known suits, 70E suits and findings now and then
        kw = {"pclass": rng.choice(S.CLASSES), "known": rng.choice([0, 0, 5, 15]), "max_suits": rng.choice([0, 0, 2])}
        seat = side + 2 * rng.randrange(2)
        held = [c for c in range(52) if pos.hands[seat] >> c & 1]
        if held and rng.random() < 0.3:
            kw["excluded"] = ((seat, rng.choice(held), rng.choice(["lead", "follow", "discard", "ruff", None])),)
        if rng.random() < 0.4:
            kw["line"] = _line(rng, pos, side)
        a, b = S.normal_floor(pos, side, limit=limit, **kw), S.py_normal_floor(pos, side, limit=limit, **kw)
        assert (a.value, a.lower, a.upper, a.nodes) == (b.value, b.lower, b.upper, b.nodes), (pos, side, limit, kw)
        if i % 3 == 0:  # with_line: the line found in Python after the C search, the compiled judge along it
            a = S.normal_floor(pos, side, limit=limit, with_line=True, **kw)
            b = S.py_normal_floor(pos, side, limit=limit, with_line=True, **kw)
            assert (a.value, a.lower, a.upper, a.nodes, a.line, a.best, a.missed) == \
                (b.value, b.lower, b.upper, b.nodes, b.line, b.best, b.missed), (pos, side, limit, kw)
        theirs = [c for c in range(52) if (pos.hands[1 - side] | pos.hands[3 - side]) >> c & 1]
        if theirs:
            targets, line = rng.sample(theirs, 1), kw.get("line", ())
            a = S.target_tricks(pos, side, targets, line, limit=limit, pclass=kw["pclass"])
            b = S.py_target_tricks(pos, side, targets, line, limit=limit, pclass=kw["pclass"])
            assert (a.value, a.lower, a.upper, a.nodes) == (b.value, b.lower, b.upper, b.nodes), (pos, side, targets)
        count += 1
    # the model's cash count, compiled (normal.COMPILED_COUNT) against Python, and a bad call
    from engine.mechanics.solver import normal
    for i in range(200):
        pos = random_position(rng, rng.choice([1, 3, 6, 9, 13]), 0)
        h, trump, leader, ruffs = tuple(pos.hands), rng.randrange(-1, 4), rng.randrange(4), rng.random() < 0.5
        got = (normal.cash_count(h, trump, leader, ruffs), normal.cash_leads(h, trump, leader, 99, ruffs))
        normal.COMPILED_COUNT = False
        want = (normal.cash_count(h, trump, leader, ruffs), normal.cash_leads(h, trump, leader, 99, ruffs))
        normal.COMPILED_COUNT = True
        assert got == want, (h, trump, leader, ruffs)
    try:
        mod.cash_count(1, 1, 0, 0, -1, 0, True)
    except ValueError:
        pass
    else:
        raise AssertionError("cash_count accepted a card in two hands")
    # one full deal's normal floor, to a larger limit (the normal-play model's caches in use), and one with a line
    # and no limit on a smaller position (the memo of normal moves at its largest size)
    deal = random_position(rng, 13, 0)
    S.normal_floor(deal, 0, limit=200_000, pclass="expert")
    S.normal_floor(deal, 1, (S.Step("cash", suit=0), S.Step("squeeze")), limit=200_000)
    S.normal_floor(random_position(rng, 5), 0, (S.Step("lead", suit=1),), limit=None)
    # one full deal searched to the end (the whole transposition table in use)
    deal = random_position(rng, 13, 0)
    S.minimax(deal, 0, 2_000_000)
    # bad input reaches the C function's own checks
    for args in [((1, 2, 4), -1, 0, (), 0, False, 10), ((1, 1, 4, 8), -1, 0, (), 0, False, 10),
                 ((1, 2, 4, 1 << 60), -1, 0, (), 0, True, 10), ((1, 2, 4, 8), 9, 0, (), 0, False, 10),
                 ((1, 2, 4, 8), -1, 0, (99, 98), 0, False, 10)]:
        try:
            mod.solve(*args)
        except (ValueError, OverflowError):
            pass
        else:
            raise AssertionError(f"accepted {args}")
    for line in [((9, -1, -1, 0, -1, -1),), ((0, -1, -1, 0, -1, -1),), ((0, 5, 1, 0, -1, -1),),
                 ((6, -1, -1, 0, -1, -1),), ((1, -1, 0, 0, -1, -1),) * 61]:
        try:
            mod.solve_normal((1, 2, 4, 8), -1, 0, (), 0, 10, 1, 0, 0, (), line)
        except (ValueError, OverflowError):
            pass
        else:
            raise AssertionError(f"accepted {line}")
    judge = mod.judge_new((1, 2, 4, 8), -1, 0, (), 0, 100, 1, 0, 0, ())
    for args in [((1, 2, 4), 0, (), 0, 0, -1, 0, 10), ((1, 2, 4, 8), 0, (), 1, 0, -1, 0, 10),
                 ((1, 2, 4, 8), 0, (), 0, 0, -1, 16, 10), ((1, 2, 4, 8), 5, (), 0, 0, -1, 0, 10)]:
        try:
            mod.judge_run(judge, *args)
        except (ValueError, OverflowError):
            pass
        else:
            raise AssertionError(f"accepted {args}")
    for finds in [((0, 52, 0),), ((4, 1, 0),), ((0, 1, 7),), ((0, 1, 0),) * 65]:
        try:
            mod.solve_normal((1, 2, 4, 8), -1, 0, (), 0, 10, 1, 0, 0, finds)
        except (ValueError, OverflowError):
            pass
        else:
            raise AssertionError(f"accepted {finds}")
    # two threads at once (the GIL is released while a search runs)
    jobs = [(random_position(rng, 9), k % 2) for k in range(8)]
    want = [S.minimax(p, s, 100_000).nodes for p, s in jobs]
    got: list = [None, None]

    def work(k):
        got[k] = [S.minimax(p, s, 100_000).nodes for p, s in jobs]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [want, want]
    print(f"sanitized solver check: {count} positions compared with the Python searches, no error reported")
    return 0


if __name__ == "__main__":
    sys.exit(main())
