"""The rules' index (engine/rules/index.py) is what the rules give, and choosing from it is choosing from the rules.

``engine_for`` picks a case's rules, and the modules to import, from the
committed index; a stale index would leave out a rule that can fire or give it
another salience.  So the index must equal what the loaded rules give now, and
the engine built from it must have the rules, saliences and ``covers`` that
``base.reachable`` over every rule gives.  What a cold process imports is
checked in a fresh process.
"""
from pathlib import Path

import pytest
from helpers import fresh_cli

import engine.rules as R
from engine.commands.validate import collect
from engine.explain.render import dumps, ruling_json
from engine.explain.ruling import rule_case
from engine.input.caseio import load_case
from engine.law.facts import table_facts
from engine.mechanics.table import build_table
from engine.rules import index, indexer
from engine.rules.base import kind_name, reachable, stratify

ROOT = Path(__file__).resolve().parent.parent
CASES = collect([ROOT / "cases"])
REVOKE = "cases/law64/64a1-ruff-offenders-win-later-two-tricks.yaml"
STALE = f"engine/rules/index.py is not what the rules give: run `{indexer.COMMAND}` (and commit it)"


def test_the_index_is_what_the_rules_give():
    mixins, rules = indexer.build()
    assert index.MIXINS == mixins, STALE
    assert sorted(index.RULES) == sorted(rules), STALE
    assert {n: (e, rules[n]) for n, e in index.RULES.items() if e != rules[n]} == {}, STALE
    assert index.SOURCES == indexer.sources_digest(), STALE  # (written from these files)
    assert indexer.PATH.read_text() == indexer.render(mixins, rules), STALE  # (its text too: as written)


def test_a_stale_index_is_not_trusted(monkeypatch, capsys):
    """Rules changed without a new index: every rule is used (the same ruling, more slowly), and stderr says so."""
    for name, value in (("_FRESH", []), ("_FULL", []), ("_PARTIAL", []), ("_SEEN", [])):
        monkeypatch.setattr(R, name, value)
    facts = table_facts(build_table(load_case(ROOT / REVOKE)))
    assert type(R.engine_for(facts)).__name__ == "LawEngineFor"  # fresh: just the reachable rules
    fresh = dumps(ruling_json(rule_case(load_case(ROOT / REVOKE))))
    for name, value in (("_FRESH", []), ("_FULL", []), ("_PARTIAL", []), ("_SEEN", [])):
        monkeypatch.setattr(R, name, value)
    monkeypatch.setattr(index, "SOURCES", "0" * 64)
    assert type(R.engine_for(facts)).__name__ == "LawEngine"
    assert indexer.COMMAND in capsys.readouterr().err
    assert dumps(ruling_json(rule_case(load_case(ROOT / REVOKE)))) == fresh
    assert R.rule_named("law_64A1_revoke_trick_only") is R.LawEngine.law_64A1_revoke_trick_only


def test_the_index_strata_are_the_whole_sets():
    strata = stratify(R.LawEngine.law_rules())
    assert {n: e[2] for n, e in index.RULES.items()} == strata
    assert [(m.__module__, m.__qualname__) for m in R.LAW_MIXINS] == list(index.MIXINS)


def _old_way(kinds):
    """What ``engine_for`` chose before the index: ``reachable`` over every rule of ``LawEngine``."""
    chosen, covers = reachable(R.LawEngine.law_rules(), kinds)
    return sorted(r.__name__ for r in chosen), covers


def _check_partial(kinds):
    old, covers = _old_way(kinds)
    names, _ = R.reachable_named({kind_name(k) for k in kinds})
    assert sorted(names) == old
    cls = R.partial_class({kind_name(k) for k in kinds})
    assert sorted(r.__name__ for r in cls.law_rules()) == old
    assert cls.covers == covers
    full = stratify(R.LawEngine.law_rules())
    assert {r.__name__: (r.salience, r.stratum) for r in cls.law_rules()} == \
        {n: (-full[n], full[n]) for n in old}


# Two cases of each law's folder (the choice is the same fixed point on the same data whatever the kinds; the
# test below takes every kind at once; all 322 cases took 13 s, mostly their claim searches).
SAMPLE = [f for folder in sorted({p.parent for p in CASES}) for f in sorted(folder.glob("*.yaml"))[:2]]


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_the_index_chooses_the_rules_the_rules_would(path):
    """For casebook cases, the partial engine has the rules, saliences and covers of the class-based choice."""
    _check_partial({type(f) for f in table_facts(build_table(load_case(path)))})


def test_every_kind_at_once_chooses_every_reachable_rule():
    kinds = {k for e in index.RULES.values() for k in e[4]}
    _check_partial({R._kind(k) for k in kinds} | {type(f) for p in CASES[::20]
                                                 for f in table_facts(build_table(load_case(p)))})


def test_rule_named_finds_every_rule_and_nothing_else():
    R.LawEngine  # noqa: B018  (every law loaded)
    assert all(R.rule_named(r.__name__) is r for r in R.LawEngine.law_rules())
    assert R.rule_named("reset") is None and R.rule_named("no_such_rule") is None


def test_a_cold_revoke_ruling_imports_only_the_rules_it_can_reach():
    status, out, err, loaded = fresh_cli("rule", REVOKE, "--format", "json")
    assert status == 0, err
    rules = {m for m in loaded if m.startswith("engine.rules.law")}
    assert "engine.rules.law64" in rules
    assert not rules & {"engine.rules.law16", "engine.rules.law53", "engine.rules.law13", "engine.rules.law68"}
    assert "engine.rules.board_laws" not in loaded
    table = build_table(load_case(ROOT / REVOKE))
    names, _ = R.reachable_named({kind_name(type(f)) for f in table_facts(table)})
    assert rules == {index.RULES[n][0] for n in names}  # the modules of the rules it can reach, no other
    assert out == dumps(ruling_json(rule_case(load_case(ROOT / REVOKE)))) + "\n"  # as ruled in this process
