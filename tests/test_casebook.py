"""The bundled casebook, one test per case: the engine's ruling matches each case's expect block."""
from pathlib import Path

import pytest

from engine.commands.exercised_table import COMMAND
from engine.commands.validate import CASEBOOK, collect, content_key, shipped_table, validate_file

ROOT = Path(__file__).resolve().parent.parent
CASES = collect([ROOT / "cases"])
STALE = f"engine/commands/exercised.json is not what the casebook gives: run `{COMMAND}` (and commit it)"


def test_the_casebook_is_substantial():
    assert len(CASES) >= 40
    laws = {p.parent.name for p in CASES}
    assert {"law61", "law62", "law63", "law64"} <= laws


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_case(path):
    result = validate_file(path)
    assert not result.error, result.error
    assert result.has_expect, f"{path} has no expect block"
    assert not result.differences, "\n".join(result.differences)
    # what `laws` lists for this case on a fresh machine, shipped (engine/commands/exercised.json): as ruled now
    shipped = shipped_table().get(path.resolve().relative_to(CASEBOOK).as_posix())
    assert shipped is not None, f"{path.name} is not in the shipped table: {STALE}"
    assert shipped["key"] == content_key(path), f"{path.name} changed: {STALE}"
    assert (shipped["id"], shipped["clauses"]) == (result.case_id, sorted(result.clauses())), STALE


def test_the_shipped_table_has_no_case_the_casebook_lost():
    assert sorted(shipped_table()) == sorted(p.resolve().relative_to(CASEBOOK).as_posix() for p in CASES), STALE
