"""validate in several processes: the same results, in the same order, as in one; a bug in a worker is reported."""
import multiprocessing
import subprocess
import sys
from pathlib import Path

import pytest

from engine.commands import validate as V

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="workers are forked; this platform cannot fork")


def _sample() -> list:
    """Cases from every chapter folder of the casebook (two each), plus one that fails and one that is bad input.

    Only the chapter folders (cases/lawNN): cases/published holds published rulings the engine need not
    match, so its cases may fail and would upset the count of passes below."""
    files = []
    for folder in sorted(p for p in (ROOT / "cases").iterdir() if p.is_dir() and p.name.startswith("law")):
        files.extend(sorted(folder.glob("*.yaml"))[:2])
    return files


def _seen(results) -> list:
    return [(r.path, r.case_id, r.passed, r.differences, r.error, r.has_expect, sorted(r.clauses()))
            for r in results]


def test_two_processes_give_the_results_of_one(tmp_path):
    failing = tmp_path / "fails.yaml"
    text = (ROOT / "cases/law64/64a1-ruff-offenders-win-later-two-tricks.yaml").read_text(encoding="utf-8")
    failing.write_text(text.replace("tricks: 2, to: NS", "tricks: 3, to: NS", 1), encoding="utf-8")
    broken = tmp_path / "broken.yaml"
    broken.write_text("id: broken\ncontract: 9NT\n", encoding="utf-8")
    files = _sample() + [failing, broken]
    assert len(files) >= 2 * V.CHUNK + 2
    one = V.validate_files(files, jobs=1)
    two = V.validate_files(files, jobs=2)
    assert _seen(two) == _seen(one)
    assert all(r.ruling is None for r in two) and all(r.ruling is not None for r in one if not r.error)
    by_path = {r.path: r for r in two}
    assert not by_path[str(failing)].passed and by_path[str(failing)].differences
    assert by_path[str(broken)].error.startswith(str(broken))
    assert sum(r.passed for r in two) == len(files) - 2


def test_default_is_one_process_for_a_few_cases():
    assert V._jobs(V.BATCH - 1, None) == 1
    assert V._jobs(3, 8) == 1  # not more workers than chunks of work
    assert V._jobs(100, 2) == 2


def test_a_bug_in_a_worker_names_the_case(monkeypatch):
    files = _sample()[:2 * V.CHUNK]
    victim = files[-1]
    real = V.rule_case

    def rule_case(case):
        if case.id == V.load_case(victim).id:
            raise ZeroDivisionError("planted")
        return real(case)

    monkeypatch.setattr(V, "rule_case", rule_case)  # the forked workers inherit it
    with pytest.raises(V.WorkerError) as caught:
        V.validate_files(files, jobs=2)
    assert str(victim) in str(caught.value) and "ZeroDivisionError: planted" in str(caught.value)
    assert "Traceback" in "".join(getattr(caught.value, "__notes__", []))


def test_a_worker_that_dies_stops_the_batch_with_an_error_not_a_hang():
    """A worker killed outright (a crash in a C library, say) ends validate with an error; it does not wait."""
    script = (
        "import os, sys\n"
        "from engine.commands import validate as V\n"
        "files = [f for folder in sorted((V.Path('cases')).iterdir()) if folder.is_dir()\n"
        "         for f in sorted(folder.glob('*.yaml'))[:1]][:12]\n"
        "victim = V.load_case(files[-1]).id\n"
        "real = V.rule_case\n"
        "V.rule_case = lambda case: os._exit(9) if case.id == victim else real(case)\n"
        "try:\n"
        "    V.validate_files(files, jobs=2)\n"
        "except V.WorkerError as exc:\n"
        "    print('WorkerError', exc)\n"
        "    sys.exit(0)\n"
        "sys.exit(1)\n")
    res = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "died without a result" in res.stdout and "-j 1" in res.stdout
