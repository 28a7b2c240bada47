"""The shortcuts taken for speed (issue 12) change nothing: same rulings, same firings, same cache answers."""
import random
from pathlib import Path

import pytest
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


@pytest.fixture
def cold(monkeypatch):
    """As in a new process: no engine built yet (the process's engines are put back afterwards)."""
    monkeypatch.setattr(R, "_FULL", [])
    monkeypatch.setattr(R, "_PARTIAL", [])
    monkeypatch.setattr(R, "_SEEN", [])


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


@pytest.mark.parametrize("path", CASES[::9], ids=lambda p: p.stem)
def test_a_cold_ruling_on_the_rules_it_reaches_is_the_full_engines(path, cold):
    first = _json(load_case(path))  # a partial network, as `cli.py rule` in a new process
    assert R._PARTIAL  # (a Law 78 comparison reaches more rules: its last pass reruns on the full network)
    R.full_engine()
    assert _json(load_case(path)) == first


def test_partial_networks_grow_then_give_way_to_the_full_one(cold):
    rng = random.Random(12)
    cases = [case_from_data(random_case(rng, n, revoke_rate=0.2, irregular_rate=0.3), f"g{n}") for n in range(25)]
    cases += [load_case(p) for p in CASES[::20]]
    seen = [_json(c) for c in cases]  # partial networks, then the full one, in one process
    assert R._FULL and R._SEEN
    assert [_json(c) for c in cases] == seen  # now all on the full network
