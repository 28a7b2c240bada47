"""The shortcuts taken for speed (issue 12) change nothing: same rulings, same firings, same cache answers."""
import random
from pathlib import Path

import pytest
from helpers import fresh_cli
from generate import random_case

import engine.rules as R
from engine.commands.validate import collect
from engine.explain.render import dumps, ruling_json
from engine.explain.ruling import rule_case
from engine.input.caseio import case_from_data, load_case
from engine.law.facts import table_facts
from engine.mechanics.table import build_table
from engine.rules.base import can_match, reachable

ROOT = Path(__file__).resolve().parent.parent
CASES = collect([ROOT / "cases"])


def _json(case):
    return dumps(ruling_json(rule_case(case)))


def test_a_revoke_case_reaches_only_the_revoke_rules():
    table = build_table(load_case(ROOT / "cases/law64/64a1-ruff-offenders-win-later-two-tricks.yaml"))
    chosen, kinds = reachable(R.LawEngine.law_rules(), {type(f) for f in table_facts(table)})
    names = {r.__name__ for r in chosen}
    assert "law_64A1_revoke_trick_and_one_more" in names
    assert not any(r._wrapped.clause.startswith(("68", "69", "70", "71")) for r in chosen)  # no claim here
    assert len(chosen) < len(R.LawEngine.law_rules()) / 4


def test_requirements_follow_and_or_not():
    from engine.law.compat import NOT, OR
    from engine.law.play import CardPlayed, TrickComplete
    from engine.rules.base import _requirement

    need = _requirement((CardPlayed(), OR(TrickComplete(), NOT(CardPlayed(trick=1)))))
    assert can_match(need, {CardPlayed}) and not can_match(need, {TrickComplete})
    need = _requirement((CardPlayed(), OR(TrickComplete(), CardPlayed(trick=2))))
    assert can_match(need, {CardPlayed}) and not can_match(need, set())


# One case of each law's folder: a cold start on each chapter.
FIRST_OF_EACH = [next(p for p in CASES if p.parent == d) for d in sorted({p.parent for p in CASES})][::2]


@pytest.mark.parametrize("path", FIRST_OF_EACH, ids=lambda p: p.stem)
def test_a_cold_ruling_on_the_rules_it_reaches_is_the_full_engines(path, monkeypatch):
    R.full_engine()  # the session's full network
    on_all = _json(load_case(path))
    monkeypatch.setattr(R, "_FULL", [])  # as in a new process: no network built yet
    monkeypatch.setattr(R, "_PARTIAL", [])
    monkeypatch.setattr(R, "_SEEN", [])
    assert _json(load_case(path)) == on_all  # on a partial network, as `cli.py rule` in a new process
    assert R._PARTIAL  # (a Law 78 comparison reaches more rules: its last pass reruns on a network with them)


def test_partial_networks_grow_then_give_way_to_the_full_one(monkeypatch):
    rng = random.Random(12)
    cases = [case_from_data(random_case(rng, n, revoke_rate=0.2, irregular_rate=0.3), f"g{n}") for n in range(6)]
    cases += [load_case(p) for p in CASES[::45]]
    R.full_engine()
    on_all = [_json(c) for c in cases]
    monkeypatch.setattr(R, "_FULL", [])
    monkeypatch.setattr(R, "_PARTIAL", [])
    monkeypatch.setattr(R, "_SEEN", [])
    assert [_json(c) for c in cases] == on_all  # partial networks, growing, then a full one, in one process
    assert R._SEEN and R._FULL


def _modules_after(*argv) -> set:
    """The engine modules a fresh ``cli.py ARGV`` process has loaded when it exits."""
    return fresh_cli(*argv)[3]


def test_help_loads_no_engine_module():
    assert _modules_after("--help") == set()


def test_a_cold_revoke_ruling_does_not_load_the_play_solver():
    loaded = _modules_after("rule", "cases/law64/64a1-ruff-offenders-win-later-two-tricks.yaml", "--format", "json")
    assert "engine.rules.law64" in loaded  # the ruling ran
    # (engine.mechanics.solver itself is there as a lazy module, executed on first use: its parts are not)
    assert not {m for m in loaded if m.startswith("engine.mechanics.solver.")}
    assert "engine.commands.board" not in loaded
