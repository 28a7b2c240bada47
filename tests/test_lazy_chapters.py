"""The claims chapter loads only for a case with one of its events, and leaving it out changes no ruling.

``engine.input.chapters`` names the chapter's event kinds and modules; the case
reader loads the chapter when a case has one of those events.  A ruling
without it must be the ruling with it: its event kinds are the ones its input
module registers, its facts come only from those events, none of its rules
can fire on the other chapters' facts, and the other rules keep the strata
of the whole set.  In one test process the chapter is soon loaded, so what a
cold process loads is checked in fresh processes.
"""
import ast
from pathlib import Path

import pytest
from helpers import fresh_cli
import yaml

from engine.commands.validate import collect
from engine.explain.render import dumps, ruling_json
from engine.explain.ruling import rule_case
from engine.input import chapters
from engine.input.caseio import EVENT_FIELDS, load_case
from engine.law.facts import Conclusion, TableFact, table_facts
from engine.mechanics.table import build_table
from engine.rules import CoreLawEngine, LawEngine, stratify
from engine.rules.base import reachable

ROOT = Path(__file__).resolve().parent.parent
CLAIMS_RULES = ("engine.rules.law68", "engine.rules.law69", "engine.rules.law70", "engine.rules.law71")
REVOKE = "cases/law64/64a1-ruff-offenders-win-later-two-tricks.yaml"
CLAIM = "cases/law70/70a-claim-upheld-every-card-a-winner.yaml"


def _registered(call: str) -> list:
    """The first arguments of ``call(...)`` in engine/input/claims.py (what it registers at import)."""
    tree = ast.parse((ROOT / "engine/input/claims.py").read_text())
    return [node.args[0].value for node in ast.walk(tree)
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == call]


def test_the_listed_event_kinds_are_the_ones_the_chapter_registers():
    assert sorted(chapters.CLAIM_EVENT_KINDS) == sorted(_registered("register_event"))
    assert set(chapters.CLAIM_EVENT_KINDS) <= set(EVENT_FIELDS)  # (the chapter is loaded in this process)


def test_the_chapter_fields_belong_to_its_events_only():
    """A field parser the chapter registers is not used by another chapter's event (read the same without it)."""
    fields = set(_registered("register_field"))
    assert fields
    others = {kind: req | opt for kind, (req, opt) in EVENT_FIELDS.items() if kind not in chapters.CLAIM_EVENT_KINDS}
    assert {kind: sorted(f & fields) for kind, f in others.items() if f & fields} == {}


def test_every_module_of_the_chapter_is_named():
    assert set(chapters.CLAIM_MODULES) >= {"engine.input.claims", "engine.law.claims",
                                          "engine.explain.sentences.claims", *CLAIMS_RULES}
    assert {m.__module__ for m in LawEngine.__mro__} - {m.__module__ for m in CoreLawEngine.__mro__} \
        == set(CLAIMS_RULES)


def _claims_rule(rule) -> bool:
    return rule._wrapped.__module__ in CLAIMS_RULES


def test_the_other_rules_keep_their_strata_without_the_chapter():
    full = stratify(LawEngine.law_rules())
    core = stratify(CoreLawEngine.law_rules())
    assert set(core) == {r.__name__ for r in LawEngine.law_rules() if not _claims_rule(r)}
    assert {name: (stratum, full[name]) for name, stratum in core.items() if stratum != full[name]} == {}


def _kinds_of(cls) -> set:
    out = set()
    for sub in cls.__subclasses__():
        out |= {sub} | _kinds_of(sub)
    return out


def test_no_rule_of_the_chapter_is_reachable_from_the_other_chapters_facts():
    """Starting from every fact and conclusion kind the other chapters define, no claims rule can ever fire."""
    others = {k for k in _kinds_of(TableFact) | _kinds_of(Conclusion) if k.__module__ != "engine.law.claims"}
    assert others and any(k.__module__ == "engine.law.play" for k in others)
    chosen, _ = reachable(LawEngine.law_rules(), others)
    assert any(r._wrapped.__module__ == "engine.rules.law64" for r in chosen)
    assert sorted(r.__name__ for r in chosen if _claims_rule(r)) == []


CASES = collect([ROOT / "cases"])


def _event_kinds(case) -> set:
    return {e.kind for e in case.events}


def test_the_chapter_makes_facts_only_for_a_case_with_its_events():
    """Its producer (loaded here) adds nothing to a casebook case without a claims event; the others have one."""
    from engine.law.claims import claim_facts

    without = [load_case(p) for p in CASES]
    without = [c for c in without if _event_kinds(c).isdisjoint(chapters.CLAIM_EVENT_KINDS)]
    assert len(without) > 100
    made = {c.path: claim_facts(build_table(c)) for c in without}
    assert {path: facts for path, facts in made.items() if facts} == {}
    facts = table_facts(build_table(load_case(ROOT / CLAIM)))
    assert any(type(f).__module__ == "engine.law.claims" for f in facts)


# ---------------------------------------------------------------------------
# Fresh processes
# ---------------------------------------------------------------------------

def _chapter(modules: set) -> set:
    return {m for m in modules if m in chapters.CLAIM_MODULES or m == "engine.mechanics.claims"
            or m.startswith("engine.mechanics.solver")}


def _in_process(path) -> str:
    return dumps(ruling_json(rule_case(load_case(ROOT / path))))


@pytest.mark.parametrize("path", [REVOKE, "cases/law48/48b1-declarer-faces-hand-after-opening-lead-out-of-turn.yaml"])
def test_a_cold_ruling_without_claims_events_does_not_load_the_chapter(path):
    status, out, err, loaded = fresh_cli("rule", path, "--format", "json")
    assert status == 0, err
    assert f"engine.rules.{Path(path).parent.name}" in loaded  # the ruling ran (its law's rules were loaded)
    assert _chapter(loaded) == set()
    assert out == _in_process(path) + "\n"  # as ruled in this process, where the chapter is loaded


def test_a_cold_ruling_with_a_claim_loads_the_chapter_and_rules():
    status, out, err, loaded = fresh_cli("rule", CLAIM, "--format", "json")
    assert status == 0, err
    assert set(chapters.CLAIM_MODULES) <= loaded
    assert out == _in_process(CLAIM) + "\n"
    assert "tricks_awarded" in out


def test_an_unknown_event_kind_is_refused_naming_the_chapter_kinds_without_loading_it(tmp_path):
    data = yaml.safe_load((ROOT / REVOKE).read_text())
    data["events"] = [{"at": "end", "kind": "claimed", "by": "S"}]
    case = tmp_path / "case.yaml"
    case.write_text(yaml.safe_dump(data))
    status, out, err, loaded = fresh_cli("rule", str(case), "--format", "json")
    assert status == 2
    assert "unknown event kind 'claimed'" in err
    assert all(f" {kind}," in err or f" {kind})" in err for kind in chapters.CLAIM_EVENT_KINDS)
    assert _chapter(loaded) == set()
