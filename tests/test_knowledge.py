"""Knowledge and code checked against each other."""
import re
from pathlib import Path

import pytest
import yaml

from engine.commands.validate import collect, exercised as exercised_clauses, validate_file
from engine.explain.ruling import engine
from engine.law.clause import parse
from engine.law.knowledge import load
from engine.rules import LawEngine

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT.parent / "shared" / "seeds"
INVENTORY = yaml.safe_load((ROOT / "knowledge" / "inventory.yaml").read_text())
KB = load()
RULES = LawEngine.law_rules()
engine()  # builds the network and assigns saliences from the strata


def rules_citing(clause):
    return [r for r in RULES if r._wrapped.clause == clause or clause in r._wrapped.cites]


@pytest.fixture(scope="module")
def exercised():
    # What `laws` reports (validate_file on every case, remembered in the session's cache: see conftest.py).
    out = {}
    for case_id, clauses in exercised_clauses(collect([ROOT / "cases"])):
        for clause in clauses:
            out.setdefault(clause, []).append(case_id)
    return out


def test_every_rule_cites_clauses_that_exist():
    for r in RULES:
        fn = r._wrapped
        assert KB.get(fn.clause), f"{r.__name__} cites {fn.clause}, not in knowledge/"
        for c in fn.cites:
            assert KB.get(c), f"{r.__name__} also cites {c}, not in knowledge/"


def test_rule_names_follow_their_clause():
    for r in RULES:
        clause = parse(r._wrapped.clause)
        prefix = ("commentary_" + clause.slug[1:]) if clause.is_commentary else "law_" + clause.slug
        assert r.__name__.startswith(prefix + "_") or r.__name__ == prefix, (r.__name__, prefix)


def test_rules_are_only_for_rule_clauses():
    for r in RULES:
        entry = KB.get(r._wrapped.clause)
        assert entry.status == "rule", f"{r.__name__} implements {entry.id}, whose status is {entry.status}"


def test_every_rule_clause_is_implemented():
    for e in KB.entries.values():
        if e.status == "rule":
            assert [r for r in RULES if r._wrapped.clause == e.id], f"{e.id} is marked rule but no rule implements it"


def test_every_rule_clause_is_exercised_by_a_passing_case(exercised):
    missing = [e.id for e in KB.entries.values() if e.status == "rule" and e.id not in exercised]
    assert not missing, f"no passing case exercises: {missing}"


def test_annotations_point_at_existing_clauses():
    for e in KB.entries.values():
        for target in e.applies_to + e.overrides + e.see:
            assert KB.get(target) or parse(target).law not in KB.titles, f"{e.id} refers to {target}, not described"


def test_every_source_clause_of_the_chapter_is_described():
    for law, ids in INVENTORY["laws"].items():
        for cid in ids:
            assert KB.get(cid), f"{cid} (in the source) is not in knowledge/law{law}.yaml"
        described = {e.id for e in KB.law(int(law))}
        assert described <= set(ids), f"knowledge describes clauses not in the inventory: {described - set(ids)}"


# Cyrillic letters the scans use for clause letters (а, с, е, Ь for a, c, e, b).
LOOKALIKES = str.maketrans({"а": "a", "с": "c", "е": "e", "Ь": "b", "А": "A", "В": "B", "С": "C", "Е": "E"})


def _source_for(kind: str, law: int, default: str) -> str:
    for name, laws in (INVENTORY.get("sources", {}).get(kind) or {}).items():
        if law in laws:
            return name
    return default


def _law_section(text: str, law: int) -> str:
    """Every stretch of the text headed "Правило <law>." (Laws 14 and 15 are printed twice)."""
    out = []
    for m in re.finditer(rf"Правило {law}\.", text):
        nxt = re.search(r"Правило \d+\.", text[m.end():])
        out.append(text[m.start():m.end() + nxt.start()] if nxt else text[m.start():])
    return "\n".join(out)


@pytest.mark.skipif(not SEEDS.exists(), reason="the source documents are not beside this checkout")
def test_inventory_matches_the_sources():
    fragments = set(INVENTORY.get("fragments") or [])
    for law, ids in INVENTORY["laws"].items():
        law = int(law)
        commentary = (SEEDS / _source_for("commentary", law, "000_2bd014867eaed828.txt")).read_text()
        law_file = _source_for("law_text", law, "001_9b7e33aec0b907aa.txt")
        text = _law_section((SEEDS / law_file).read_text(), law)
        if law_file != "001_9b7e33aec0b907aa.txt":  # a law may continue from 001 (72-73)
            text += _law_section((SEEDS / "001_9b7e33aec0b907aa.txt").read_text(), law)
        text = text.translate(LOOKALIKES)
        for cid in ids:
            c = parse(cid)
            if c.is_commentary:
                if c.sub or cid == "commentary 61.2":  # 61.2's opening is cut off in the scan
                    continue
                assert re.search(rf"(?m)^{c.law}\.{c.commentary_point}\. ", commentary), cid
            elif cid in fragments:
                continue
            elif c.letter:
                # 004 writes the letters in lower case ("a.", "d ."), 001 and 002 in capitals.
                letter = rf"(?i:{c.letter})\s?" if law_file.startswith("004") else rf"\b{c.letter}"
                assert re.search(rf"(^|\s|-){letter}\.", text), f"{cid}: {c.letter} not found in the law text"
            else:
                assert text or law == 75, f"Law {law} is not in {law_file}"


def test_exceptions_are_visible_in_the_patterns():
    """A clause that overrides another: the other clause's rules that rectify negate what it concludes.

    At least one rule of the overridden clause must carry the exception as a
    NOT(...) pattern (a clause's identifying rule, such as 57A's "this was a
    premature play", may stand while its rectification yields to 60A1).
    """
    for e in KB.entries.values():
        if not e.overrides or e.status != "rule":
            continue
        produced = {k for r in RULES if r._wrapped.clause == e.id for k in r._wrapped.concludes}
        for target in e.overrides:
            general = [r for r in RULES if r._wrapped.clause == target]
            if general:
                assert any(produced & set(r._wrapped.negated) for r in general), \
                    f"no rule of {target} negates what {e.id} concludes"


def test_exceptions_fire_before_the_rules_they_override():
    for e in KB.entries.values():
        for target in e.overrides:
            for exc in [r for r in RULES if r._wrapped.clause == e.id]:
                for general in [r for r in RULES if r._wrapped.clause == target]:
                    assert exc.salience > general.salience, (exc.__name__, general.__name__)


def test_summaries_are_our_own_english():
    for e in KB.entries.values():
        assert not re.search(r"[А-Яа-я]", e.summary + e.title + e.reason), e.id
        assert len(e.summary.split()) >= 8, e.id


def test_implemented_in_names_files_and_names_that_exist():
    """An ``implemented_in`` note names engine files (and, in brackets, names defined in them): the code
    moves, the note must follow it."""
    kb = load()
    checked = 0
    for e in kb.entries.values():
        if not e.implemented_in:
            continue
        for path, inner in re.findall(r"(engine/[\w/]+\.py)(?: \(([^)]*)\))?", e.implemented_in):
            source = (ROOT / path).read_text() if (ROOT / path).exists() else None
            assert source is not None, f"{e.id}: implemented_in names {path}, which does not exist"
            for name in re.findall(r"\b_?[A-Za-z][A-Za-z0-9_]*\b", inner or ""):
                if "_" in name or name.isupper():  # code names (snake_case, CONSTANTS); prose is left alone
                    assert re.search(rf"\b(def|class)\s+{name}\b|^{name}\s*=", source, re.M), \
                        f"{e.id}: {name} is not defined in {path}"
            checked += 1
    assert checked >= 6
