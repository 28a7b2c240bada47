"""The bundled casebook, one test per case: the engine's ruling matches each case's expect block."""
from pathlib import Path

import pytest

from engine.commands.validate import collect, validate_file

ROOT = Path(__file__).resolve().parent.parent
CASES = collect([ROOT / "cases"])


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
