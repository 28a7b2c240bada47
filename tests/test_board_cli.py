"""The score and consult commands, and rulings of the director's other calls through the CLI."""
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from helpers import write

from cli import cli

ROOT = Path(__file__).resolve().parent.parent

UI_CASE = textwrap.dedent("""\
    id: cli-hesitation
    board: 5
    deal: "N:AQ754.K62.8.A843 K98.AJ9.KJT753.6 JT63.T8.AQ9.QJ72 2.Q7543.642.KT95"
    auction: [1S, 2D, 2S, 3D, P, P, 3S, P, P, P]
    contract: 3S
    declarer: N
    result: 9
    ui:
      how: hesitation
      by: N
      received_by: S
      action: 3S
    scoring: {method: matchpoints, others: [140, 140, -50, 110, -110]}
    """)


# -- score -----------------------------------------------------------------------------


def test_score_matchpoints_text(runner, tmp_path):
    path = write(tmp_path, "- {ns: 1, ew: 11, score: 420}\n- {ns: 2, ew: 12, score: 450}\n- {ns: 3, ew: 13, score: 170}\n",
                 "board.yaml")
    res = runner.invoke(cli, ["score", path])
    assert res.exit_code == 0, res.output
    assert "Matchpoints (Law 78A" in res.stdout
    assert "NS 1" in res.stdout and "2 of 4" in res.stdout
    lines = {line.split()[1]: line for line in res.stdout.splitlines() if line.startswith("  NS")}
    assert "4 of 4" in lines["2"] and "0 of 4" in lines["3"]


def test_score_imps_json_from_csv(runner, tmp_path):
    path = write(tmp_path, "ns,ew,score\nA,B,620\nB,A,-100\n", "match.csv")
    res = runner.invoke(cli, ["score", path, "--method", "imps", "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    got = {(p["direction"], p["pair"]): (p["points"], p["difference"]) for p in data["pairs"]}
    assert got[("NS", "A")] == (12, 720) and got[("EW", "A")] == (12, 720)
    assert got[("NS", "B")] == (-12, -720)


def test_score_total_points(runner, tmp_path):
    path = write(tmp_path, "- {ns: 1, ew: 2, score: -200}\n", "t.yaml")
    res = runner.invoke(cli, ["score", path, "--method", "total_points"])
    assert res.exit_code == 0 and "Total points (Law 78C)" in res.stdout and "+200" in res.stdout


def test_score_bad_input(runner, tmp_path):
    res = runner.invoke(cli, ["score", write(tmp_path, "- {ns: 1, ew: 2, score: 421}\n", "b.yaml")])
    assert res.exit_code == 2 and "results[1].score: 421 is not a bridge score" in res.stderr
    res = runner.invoke(cli, ["score", str(tmp_path / "none.yaml")])
    assert res.exit_code == 2 and "no such file" in res.stderr
    three = write(tmp_path, "- {ns: 1, ew: 2, score: 420}\n- {ns: 3, ew: 4, score: 420}\n- {ns: 5, ew: 6, score: 0}\n", "3.yaml")
    res = runner.invoke(cli, ["score", three, "--method", "imps"])
    assert res.exit_code == 2 and "IMPs compare two tables" in res.stderr and three in res.stderr


# -- consult ------------------------------------------------------------------------------


def test_consult_asks_each_question_in_turn_then_rules(runner, tmp_path):
    path = write(tmp_path, UI_CASE)
    res = runner.invoke(cli, ["consult", path], input="yes\nyes\nyes\nyes\n3D E 9\n3D E 8\n")
    assert res.exit_code == 0, res.output
    import re
    asked = re.findall(r"\[(16A|16A2|12C2)\] (\w+)", res.stderr)
    assert [law for law, _ in asked] == ["16A", "16A", "16A", "16A2", "12C2", "12C2"]
    assert "make extraneous information available" in res.stderr and "most unfavourable" in res.stderr
    out = res.stdout
    assert "Director's answers" in out and "ui_from_partner: yes [16A]" in out
    assert "Assigned adjusted score for East-West: -50" in out and "Assigned adjusted score for North-South: -110" in out
    assert "For the director to judge" not in out
    # 16A2 and 73F1 conclude the same adjustment: one line naming both clauses
    assert out.count("East-West is to receive an assigned adjusted score") == 1
    assert "[73F1, 16A2]" in out and "[78A]" in out
    # The board and the auction come before the first question
    first = res.stderr.index("[16A]")
    assert res.stderr.index("Auction") < first and res.stderr.index("North") < first
    assert "Information: hesitation by" in res.stderr[:first]


def test_consult_stops_early_when_an_answer_settles_it(runner, tmp_path):
    path = write(tmp_path, UI_CASE)
    res = runner.invoke(cli, ["consult", path, "--format", "json"], input="yes\nno\n")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["answers"] == {"ui_from_partner": "yes", "logical_alternative": "no"}
    kinds = {(c["kind"], c["law"]) for c in data["conclusions"]}
    assert ("result_stands", "16A") in kinds and not any(k == "adjustment_due" for k, _ in kinds)
    assert data["questions"] == []
    assert "suggested" not in res.stderr


def test_consult_answers_file_yaml_and_json(runner, tmp_path):
    path = write(tmp_path, UI_CASE)
    answers = write(tmp_path, "ui_from_partner: yes\nlogical_alternative: yes\nsuggested: no\n", "a.yaml")
    res = runner.invoke(cli, ["consult", path, "--answers", answers])
    assert res.exit_code == 0, res.output
    assert res.stderr == "" and "could not have suggested" in res.stdout
    answers = write(tmp_path, json.dumps({"answers": {"ui_from_partner": False}}), "a.json")
    res = runner.invoke(cli, ["consult", path, "--answers", answers])
    assert res.exit_code == 0 and "partner made no extraneous information available" in res.stdout


def test_consult_answers_from_stdin(runner, tmp_path):
    path = write(tmp_path, UI_CASE)
    res = runner.invoke(cli, ["consult", path, "--answers", "-"], input="{ui_from_partner: no}\n")
    assert res.exit_code == 0, res.output
    assert "The result stands" in res.stdout


def test_consult_answers_in_the_case_come_first(runner, tmp_path):
    path = write(tmp_path, UI_CASE + "answers: {ui_from_partner: yes, logical_alternative: no}\n")
    res = runner.invoke(cli, ["consult", path])
    assert res.exit_code == 0 and res.stderr == ""
    assert "no logical alternative" in res.stdout


def test_consult_bad_answer_is_asked_again(runner, tmp_path):
    path = write(tmp_path, UI_CASE)
    res = runner.invoke(cli, ["consult", path], input="maybe\nno\n")
    assert res.exit_code == 0, res.output
    assert "'maybe' is not one of" in res.stderr or "is not one of" in res.output


def test_consult_runs_out_of_answers(runner, tmp_path):
    path = write(tmp_path, UI_CASE)
    res = runner.invoke(cli, ["consult", path], input="yes\n")
    assert res.exit_code == 2
    assert "no answer to question logical_alternative [16A]" in res.stderr and path in res.stderr


def test_consult_bad_answers_file(runner, tmp_path):
    path = write(tmp_path, UI_CASE)
    answers = write(tmp_path, "suggested: perhaps\n", "a.yaml")
    res = runner.invoke(cli, ["consult", path, "--answers", answers])
    assert res.exit_code == 2 and f"{answers}: answers.suggested: 'perhaps' is not yes or no" in res.stderr
    res = runner.invoke(cli, ["consult", path, "--answers", str(tmp_path / "missing.yaml")])
    assert res.exit_code == 2 and "missing.yaml" in res.stderr


def test_consult_a_case_without_questions_just_rules(runner):
    res = runner.invoke(cli, ["consult", str(ROOT / "cases/law64/64a1-ruff-offenders-win-later-two-tricks.yaml")])
    assert res.exit_code == 0 and res.stderr == "" and "[64A1]" in res.stdout


def test_consult_fault_is_asked_per_side(runner, tmp_path):
    text = textwrap.dedent("""\
        id: cli-fault
        board: 9
        deal: "N:KT765.9842.KT2.9 A94.AT5.Q83.7432 Q83.73.AJ74.JT86 J2.KQJ6.965.AKQ5"
        contract: 2S
        declarer: N
        result: 8
        dealing: {deal_used_before: true}
        """)
    res = runner.invoke(cli, ["consult", write(tmp_path, text), "--format", "json"], input="none\npartial\n")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    pct = {c["side"]: c["percent"] for c in data["conclusions"] if c["kind"] == "artificial_adjusted_score"}
    assert sorted(pct.values()) == [50, 60] and set(pct) == {"NS", "EW"}
    assert set(data["answers"]["fault"]) == {"NS", "EW"}


# -- rule: answers in the case give the full ruling ---------------------------------------


def test_rule_states_open_questions_without_answers(runner, tmp_path):
    res = runner.invoke(cli, ["rule", write(tmp_path, UI_CASE), "--format", "json"])
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    q = [c for c in data["conclusions"] if c["kind"] == "question"]
    assert [c["key"] for c in q] == ["ui_from_partner"] and q[0]["law"] == "16A"
    assert data["questions"] == [q[0]["question"]]


def test_rule_with_answers_block_is_the_full_ruling(runner, tmp_path):
    text = UI_CASE + "answers:\n  ui_from_partner: yes\n  logical_alternative: yes\n  suggested: yes\n" \
                     "  damaged: yes\n  assigned: {EW: '3D E 8', NS: '3D E 9'}\n"
    res = runner.invoke(cli, ["rule", write(tmp_path, text), "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assigned = {c["side"]: c["score"] for c in data["conclusions"] if c["kind"] == "assigned_adjusted_score"}
    assert assigned == {"EW": -50, "NS": -110}
    mp = {c["side"]: (c["points"], c["top"]) for c in data["conclusions"] if c["kind"] == "matchpoints"}
    assert mp == {"NS": (1, 10), "EW": (6, 10)}
    ids = {c["id"] for c in data["conclusions"]} | {f["id"] for f in data["facts"]}
    assert all(set(c["because"]) <= ids for c in data["conclusions"])
    assert any(f["kind"] == "answer" for f in data["facts"])


def test_explain_a_question_back_to_the_case(runner, tmp_path):
    res = runner.invoke(cli, ["explain", write(tmp_path, UI_CASE), "question"])
    assert res.exit_code == 0, res.output
    assert "rule law_16A_question_information_from_partner" in res.stdout
    assert "checked that there is no: answer" in res.stdout


def test_a_ruling_before_play_prints_no_tricks(runner):
    res = runner.invoke(cli, ["rule", str(ROOT / "cases/law13/13a1-found-before-auction-restored-from-record.yaml")])
    assert res.exit_code == 0
    assert "Tricks" not in res.stdout and "no contract (before play)" in res.stdout
    assert "the ruling comes before play" in res.stdout


def test_laws_covers_the_chapter(runner):
    for law, expect in ((16, "law_16A_question_logical_alternative"), (13, "13C"), (78, "law_78B_imps"),
                        (74, "not mechanizable"), (75, "law_75_mistaken_call"), (1, "mechanics"),
                        (73, "73F2")):
        res = runner.invoke(cli, ["laws", "--law", str(law)])
        assert res.exit_code == 0, res.output
        assert expect in res.stdout, (law, res.stdout)


def test_subprocess_consult_prompts_on_stderr(tmp_path):
    path = write(tmp_path, UI_CASE)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    res = subprocess.run([sys.executable, str(ROOT / "cli.py"), "consult", path, "--format", "json"],
                         input="no\n", capture_output=True, text=True, env=env)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["answers"] == {"ui_from_partner": "no"}
    assert "[16A]" in res.stderr and "Traceback" not in res.stderr
