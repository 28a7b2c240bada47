"""The compiled normal floor and target tricks (``csearch.normal_floor``, ``csearch.target_tricks``: _csearch.c's
port of normal.py) against the Python searches they replace (``S.py_normal_floor``, ``S.py_target_tricks``:
search.py's ``_Search`` with ``normal_side``).

The port is node for node: under the same node limit it must give the same value, the same bounds and the same
node count, on positions the limit settles and on positions where it stops the search.  Compared here: random
positions of 1 to 13 tricks (most mid-trick), every strain, both sides, every class of player, the claim of
every trick or not, suits known (70E) at the start or chosen in the side's favour (``max_suits``), and the
director's findings.  bench/cnormal_sweep.py runs a larger sweep of the same comparison.
"""
import random

import pytest
from generate import random_position

from engine.mechanics import solver as S
from engine.mechanics.solver import csearch, normal

ROLES = ("lead", "follow", "discard", "ruff", None)


@pytest.fixture(autouse=True)
def python_count(monkeypatch):
    """The reference is Python throughout: its cash_count and cash_leads too (they are the compiled ones
    otherwise, ``normal.COMPILED_COUNT``; compared with the Python ones below)."""
    monkeypatch.setattr(normal, "COMPILED_COUNT", False)


def _line(rng: random.Random, pos, side) -> tuple:
    """A random stated line of one to four steps of every kind, most naming the side's own cards and suits."""
    line = []
    mine = [c for c in range(52) if (pos.hands[side] | pos.hands[side + 2]) >> c & 1]
    for _ in range(rng.randint(1, 4)):
        kind = rng.choice(S.STEP_KINDS + ("cash", "lead", "play", "play"))
        if kind == "squeeze" and rng.random() < 0.5:
            kind = "cash"
        card = rng.choice(mine) if mine and rng.random() < 0.9 else rng.randrange(52)
        if kind in ("play", "finesse", "ruffing_finesse"):
            line.append(S.Step(kind, card, card // 13))
        elif kind in ("cash", "lead", "ruff"):
            line.append(S.Step(kind, -1, rng.choice([card // 13, rng.randrange(4)]), rng.choice([0, 0, 1, 2])))
        elif kind == "discard":
            if rng.random() < 0.5:
                line.append(S.Step(kind, card, card // 13, 0, rng.choice([-1, rng.randrange(4)])))
            else:
                line.append(S.Step(kind, -1, rng.randrange(4), 0, rng.choice([-1, rng.randrange(4)]),
                                   rng.choice([-1, side, side + 2])))
        else:
            line.append(S.Step(kind))
    return tuple(line)


def _r(x):
    return (x.value, x.lower, x.upper, x.nodes)


def _case(rng: random.Random):
    """One random normal-floor question: (position, side, keyword arguments)."""
    n = rng.choice([1, 2, 3, 4, 5, 6, 7, 8] * 2 + [9, 10, 11, 12, 13])
    pos = random_position(rng, n)
    side = rng.randrange(2)
    kw = {"pclass": rng.choice(S.CLASSES), "claims_all": rng.random() < 0.3}
    if rng.random() < 0.3:
        kw["known"] = rng.randrange(16)
    if rng.random() < 0.2:
        kw["max_suits"] = rng.randrange(16)
    if rng.random() < 0.3:
        found = []
        for _ in range(rng.randint(1, 4)):
            seat = side + 2 * rng.randrange(2)
            cards = [c for c in range(52) if pos.hands[seat] >> c & 1] or [0]
            found.append((seat, rng.choice(cards), rng.choice(ROLES)))
        kw["excluded"] = tuple(found)
    kw["limit"] = rng.choice([3000] * 8 + [8000, 20000])
    if rng.random() < 0.4:
        kw["line"] = _line(rng, pos, side)
    return pos, side, kw


@pytest.mark.parametrize("chunk", range(4))
def test_compiled_normal_floor_equals_the_python_search(chunk):
    rng = random.Random(7000 + chunk)
    seen = {"exact": 0, "stopped": 0, "mid_trick": 0, "known": 0, "max_suits": 0, "excluded": 0, "line": 0}
    strains, classes, sides = set(), set(), set()
    for _ in range(255):
        pos, side, kw = _case(rng)
        assert csearch.normal_supported(kw.get("line", ()), kw.get("known", 0), kw.get("max_suits", 0), kw["pclass"],
                                        kw.get("excluded", ()))
        p = S.py_normal_floor(pos, side, **kw)
        c = S.normal_floor(pos, side, **kw)
        assert _r(c) == _r(p), (pos, side, kw)
        seen["exact" if p.exact else "stopped"] += 1
        seen["mid_trick"] += bool(pos.trick)
        for k in ("known", "max_suits", "excluded", "line"):
            seen[k] += bool(kw.get(k))
        strains.add(pos.trump)
        classes.add(kw["pclass"])
        sides.add(side)
    assert strains == {-1, 0, 1, 2, 3} and classes == set(S.CLASSES) and sides == {0, 1}
    assert seen["exact"] >= 150 and seen["stopped"] >= 10 and seen["mid_trick"] >= 150, seen
    assert min(seen["known"], seen["max_suits"], seen["excluded"]) >= 20 and seen["line"] >= 70, seen


@pytest.mark.parametrize("chunk", range(2))
def test_compiled_target_tricks_equal_the_python_search(chunk):
    """target_tricks (the most tricks some of the opponents' cards win, 70C3) likewise, with and without a line."""
    rng = random.Random(9100 + chunk)
    exact = stopped = lined = 0
    for _ in range(150):
        pos = random_position(rng, rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13]))
        side = rng.randrange(2)
        theirs = [c for c in range(52) if (pos.hands[1 - side] | pos.hands[3 - side]) >> c & 1]
        targets = rng.sample(theirs, min(len(theirs), rng.choice([1, 1, 2, 3]))) if theirs else [0]
        line = _line(rng, pos, side) if rng.random() < 0.6 else ()
        kw = {"limit": rng.choice([3000, 3000, 8000]), "pclass": rng.choice(S.CLASSES)}
        p = S.py_target_tricks(pos, side, targets, line, **kw)
        c = S.target_tricks(pos, side, targets, line, **kw)
        assert _r(c) == _r(p), (pos, side, targets, line, kw)
        exact += p.exact
        stopped += not p.exact
        lined += bool(line)
    assert exact >= 80 and stopped >= 5 and lined >= 60, (exact, stopped, lined)


def _full(x):
    return (x.value, x.lower, x.upper, x.nodes, x.line, x.best, x.line_complete, x.missed, x.proposal)


@pytest.mark.parametrize("chunk", range(2))
def test_with_line_goes_on_from_the_compiled_search(chunk):
    """``with_line``: the value is searched in C and the line found in Python from where the C search left off
    (its table, nodes, line state and memo handed over: search.py ``_take_over``); the whole result (the line,
    its costs, what the count missed, the proposal of an unsettled search, the nodes) is the Python search's."""
    rng = random.Random(9300 + chunk)
    exact = stopped = 0
    for _ in range(120):
        pos, side, kw = _case(rng)
        p = S.py_normal_floor(pos, side, with_line=True, **kw)
        c = S.normal_floor(pos, side, with_line=True, **kw)
        assert _full(c) == _full(p), (pos, side, kw)
        exact += p.exact
        stopped += not p.exact
    assert exact >= 60 and stopped >= 5, (exact, stopped)


def test_a_lost_table_entry_sends_the_search_to_python(monkeypatch):
    """Should the C table lose an entry (a full probe window, which search.py's dict never has), its nodes could
    differ from search.py's: the Python search then does it again."""
    pos = random_position(random.Random(3), 4)
    real = csearch.normal_search

    def losing(*a, **k):
        res, _, state = real(*a, **k)
        res.nodes += 1  # (what a lost entry might do)
        return res, 1, state

    monkeypatch.setattr(csearch, "normal_search", losing)
    assert _r(S.normal_floor(pos, 0, limit=5000)) == _r(S.py_normal_floor(pos, 0, limit=5000))
    assert _full(S.normal_floor(pos, 0, limit=5000, with_line=True)) == \
        _full(S.py_normal_floor(pos, 0, limit=5000, with_line=True))
    assert _r(S.target_tricks(pos, 0, [c for c in range(52) if pos.hands[1] >> c & 1][:1], limit=5000)) == \
        _r(S.py_target_tricks(pos, 0, [c for c in range(52) if pos.hands[1] >> c & 1][:1], limit=5000))


def test_normal_floor_dispatch():
    """``normal_floor`` takes the compiled search where it can and the Python one otherwise (a malformed step,
    more than 60 steps or findings, a mask that is not a suit mask)."""
    rng = random.Random(5)
    for _ in range(30):
        pos = random_position(rng, rng.randint(2, 5))
        side = rng.randrange(2)
        c = csearch.normal_floor(pos, side, limit=20000)
        assert _r(S.normal_floor(pos, side, limit=20000)) == _r(c)
    assert csearch.normal_supported((S.Step("cash", suit=0), S.Step("discard", card=3, suit=0)))
    assert not csearch.normal_supported((S.Step("play", card=-1),))  # (a play step names its card)
    assert not csearch.normal_supported((S.Step("discard"),))
    assert not csearch.normal_supported((S.Step("lead", suit=0),) * 61)
    assert not csearch.normal_supported(known=16)
    assert not csearch.normal_supported(excluded=((0, 60, "lead"),))
    assert not csearch.normal_supported(excluded=((0, 3, "revoke"),))
    assert not csearch.normal_supported(excluded=((0, 3, "lead"),) * 65)
    assert csearch.normal_supported(excluded=((0, 3, "lead"), (2, 4, None)))


def test_compiled_normal_floor_refuses_bad_input():
    from engine.mechanics.solver import _csearch

    pos = random_position(random.Random(1), 3)
    with pytest.raises(ValueError):
        _csearch.solve_normal(pos.hands, pos.trump, pos.leader, pos.trick, 0, 100, 3, 0, 0, ())
    with pytest.raises(ValueError):
        _csearch.solve_normal(pos.hands, pos.trump, pos.leader, pos.trick, 0, 100, 1, 16, 0, ())
    with pytest.raises(ValueError):
        _csearch.solve_normal(pos.hands, pos.trump, pos.leader, pos.trick, 0, 100, 1, 0, 0, ((0, 52, 0),))
    with pytest.raises(TypeError):
        _csearch.solve_normal(pos.hands, pos.trump, pos.leader, pos.trick, 0, 100, 1, 0, 0, ((0, 1),))
    with pytest.raises(S.PositionError):
        csearch.normal_floor(S.Position((1, 0, 0, 0), -1, 0), 0)


def _python_count(monkeypatch, fn, *args):
    monkeypatch.setattr(normal, "COMPILED_COUNT", False)
    got = fn(*args)
    monkeypatch.setattr(normal, "COMPILED_COUNT", True)
    return got


def test_compiled_cash_count_equals_the_python_one(monkeypatch):
    """``normal.cash_count`` / ``cash_leads`` (L1, E2, L2 and the count's entries) compiled and in Python, on
    random positions at trick boundaries of 1 to 13 tricks, every strain and leader, with and without the
    opponents' trumps ruffing, and with a stop: the same tricks, the same leads in the same order."""
    rng = random.Random(4242)
    seen = {"some": 0, "all": 0}
    for i in range(3000):
        n = rng.choice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13])
        pos = random_position(rng, n, 0)
        h, trump, leader = tuple(pos.hands), rng.randrange(-1, 4), rng.randrange(4)
        ruffs, stop = rng.random() < 0.5, rng.choice([99, 99, 1, 2, n])
        monkeypatch.setattr(normal, "COMPILED_COUNT", True)
        got = (normal.cash_count(h, trump, leader, ruffs), normal.cash_leads(h, trump, leader, stop, ruffs))
        want = (_python_count(monkeypatch, normal.cash_count, h, trump, leader, ruffs),
                _python_count(monkeypatch, normal.cash_leads, h, trump, leader, stop, ruffs))
        assert got[0] == want[0] and list(got[1]) == list(want[1]), (i, h, trump, leader, ruffs, stop)
        seen["some"] += 0 < want[0] < n
        seen["all"] += want[0] == n
    assert seen["some"] > 300 and seen["all"] > 100, seen  # (the comparison reaches partial and whole cash-outs)


def test_compiled_cash_count_refuses_bad_input():
    from engine.mechanics.solver import _csearch
    with pytest.raises(ValueError):
        _csearch.cash_count(1, 1, 0, 0, -1, 0, True)  # a card in two hands
    with pytest.raises(ValueError):
        _csearch.cash_count(1, 2, 4, 8, 4, 0, True)  # no such strain
    with pytest.raises(ValueError):
        _csearch.cash_leads(1 << 52, 2, 4, 8, 0, 0, 99, True)  # no such card
