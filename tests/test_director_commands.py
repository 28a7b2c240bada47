"""The commands as a director uses them at the terminal (issue 22): help and errors in plain English."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli
from engine.input.caseio import CaseError, case_from_data

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"
REVOKE = CASES / "law64" / "64a1-ruff-offenders-win-later-two-tricks.yaml"
MANNERISM = CASES / "law16" / "16-3-c-partners-mannerism-all-criteria.yaml"


def run(*args, input=None):
    return CliRunner().invoke(cli, [str(a) for a in args], input=input)


def test_quiz_stops_when_the_answers_end_with_an_exercise():
    # Eight answers for the first exercise of two: the second is not begun, nor scored.
    res = run("quiz", CASES / "law64", "--limit", "2", input="yes\n2\nS\nyes\n1\n1\n1\n9\n")
    assert res.exit_code == 0, res.output
    assert "Exercise 2 of 2" not in res.output and "(no answer)" not in res.output
    assert res.output.rstrip().endswith("/8 (75%)") and "Score: 6/8" in res.output
    assert "the remaining exercises were not asked" in res.output


def test_consult_puts_each_piped_answer_after_its_prompt():
    import subprocess
    import sys

    # A real pipe (the test runner's input would echo the answers itself).
    res = subprocess.run([sys.executable, str(ROOT / "cli.py"), "consult", str(MANNERISM)], cwd=ROOT,
                         input="yes\nyes\nyes\n4S N 8\n3S N 9\n", capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    # Each prompt with its answer on its own line; the ruling starts on a line of its own.
    assert "(yes, no): yes\n[16A] Could the action" in res.stderr
    assert "North-South's score.: 4S N 8\n" in res.stderr and res.stderr.endswith("\n")
    assert res.stdout.startswith("Case 16-3-c-partners-mannerism-all-criteria")


def test_score_says_what_it_takes():
    res = run("score", ROOT / "examples" / "club-revokes.pbn")
    assert res.exit_code == 2
    assert "no ScoreTable in this PBN file" in res.output and "rule FILE --board N" in res.output
    assert "malformed YAML" not in res.output
    assert "North-South pair" in run("score", "--help").output


def test_explain_missing_id_lists_the_ids_and_kind_suggests():
    res = run("explain", REVOKE, "c99")
    assert res.exit_code == 1
    assert "no conclusion c99" in res.output and "c16 trick_transfer" in res.output
    res = run("explain", REVOKE, "trick_transfr")
    assert "did you mean trick_transfer?" in res.output
    res = run("explain", REVOKE, "--why-not", "trick_transfr")
    assert res.exit_code == 2 and "did you mean trick_transfer" in res.output
    assert "acceptance_withdrawn" not in res.output  # not the whole list of kinds
    res = run("explain", REVOKE, "--why-not", "trick_transfer", "trick=two")
    assert res.exit_code == 2 and "trick=two: trick is a whole number" in res.output


def test_laws_starts_with_the_law():
    res = run("laws", "--law", "64")
    assert res.exit_code == 0 and res.output.startswith("Law 64: ")


def test_accepted_claim_line_names_the_clause_that_uses_it():
    res = run("rule", CASES / "law69" / "69a-real-board-49-claim-in-the-middle-of-a-trick.yaml", "--view", "plain")
    section = res.output[res.output.index("The least successful normal line"):]
    assert "against which the tricks conceded are checked (71)" in section
    assert "[70A]" not in section and "[71]" in section
    assert "claim or concession in trick 7, after 3 cards" in res.output and "at T7.3" not in res.output


def test_ui_call_marks_the_call_and_is_checked():
    res = run("rule", MANNERISM, "--view", "plain")
    # North shook his head as South bid 2S (ui.call: 3): marked there, as North's.
    assert "2S(1)" in res.output and "(1) mannerism by North (Law 16)" in res.output
    base = {"id": "x", "deal": "N:AQ754.K62.8.A843 K98.AJ9.KJT753.6 JT63.T8.AQ9.QJ72 2.Q7543.642.KT95",
            "board": 5, "auction": ["1S", "2D", "2S", "3D", "P", "P", "3S", "P", "P", "P"], "contract": "3S",
            "declarer": "N", "result": 9}
    ui = {"how": "hesitation", "by": "N", "received_by": "S", "action": "3S"}
    with pytest.raises(CaseError, match=r"ui.call: 11: the auction has 10 call"):
        case_from_data({**base, "ui": {**ui, "call": 11}}, "t")
    with pytest.raises(CaseError, match=r"ui.call: call 3 is South's: a hesitation comes before"):
        case_from_data({**base, "ui": {**ui, "call": 3}}, "t")
    with pytest.raises(CaseError, match=r"ui.call: 'two' is not a call number"):
        case_from_data({**base, "ui": {**ui, "call": "two"}}, "t")
    from engine.explain.auction import auction_view

    # Without ui.call: North's last call before South's 3S (call 5), not his last call in the record (9).
    view = auction_view(case_from_data({**base, "ui": ui}, "t"))
    assert [n for n, c in enumerate(view["calls"], 1) if "hesitation" in c["marks"]] == [5]
    view = auction_view(case_from_data({**base, "ui": {**ui, "call": 1}}, "t"))
    assert [n for n, c in enumerate(view["calls"], 1) if "hesitation" in c["marks"]] == [1]
