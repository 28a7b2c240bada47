"""The quiz: questions in trace order, answers checked against the ruling, why-not on a wrong answer."""
import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli
from engine.commands import quiz as Q
from engine.commands.validate import collect
from engine.explain.ruling import rule_case
from engine.input.caseio import load_case
from engine.input.sources import load_input

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "examples" / "club-revokes.pbn"
REAL = ROOT / "tests" / "data" / "endplay" / "eytc1998-boards1-5.pbn"


def run(ruling, answers):
    out = []
    score = Q.run([ruling], iter(answers), out.append)
    return score, "\n".join(out)


@pytest.fixture(scope="module")
def club3():
    return rule_case(load_input(CLUB, board=3))


def test_questions_follow_the_trace(club3):
    qs = Q.questions_for(club3)
    assert [q.prompt.split("?")[0] for q in qs] == [
        "Was there a revoke", "In which trick was the revoke", "Who revoked in trick 2",
        "Is East's revoke in trick 2 established", "What established it", "Which clause of Law 64 applies to it",
        "How many tricks are transferred for it", "How many tricks does declarer have after rectification"]
    assert [q.answers for q in qs] == [{"yes"}, {2}, {"E"}, {"yes"}, {"63A1"}, {"64A2"}, {1}, {11}]
    steps = [q.step for q in qs]
    assert steps == sorted(steps)


def test_all_right(club3):
    score, text = run(club3, ["yes", "2", "east", "y", "1", "64a2", "1", "11"])
    assert (score.right, score.asked) == (8, 8)
    assert "Score: 8/8 (100%)" in text
    # the student sees the deal and the play, not the law's marks
    assert "♠ A K 3 2" in text and "revoke by" not in text and "(64A2)" not in text.split("Q:")[0]


def test_wrong_answer_shows_rule_clause_and_why_not(club3):
    score, text = run(club3, ["yes", "2", "E", "yes", "1", "64A1", "2", "12"])
    assert (score.right, score.asked) == (5, 8)
    part = text.split("Q: Which clause")[1].split("Q: How many tricks are")[0]
    assert "No: 64A2." in part and "The rule: law_64A2_one_trick [64A2" in part
    assert "64A2: If the revoke trick was not won by the revoker" in part
    assert "64A1 needs: East won trick 2." in part and "North won trick 2 with the ace of diamonds" in part
    part = text.split("Q: How many tricks are transferred")[1]
    assert "Why not trick_transfer (trick=2, seat=East, tricks=2)?" in part


def test_no_revoke_on_a_real_board():
    ruling = rule_case(load_input(REAL, board=2, room="closed"))
    qs = Q.questions_for(ruling)
    assert len(qs) == 1 and qs[0].answers == {"no"}
    score, text = run(ruling, ["yes"])
    assert score.right == 0 and "Why not revoke?" in text and "61A needs" in text


def test_exemption_and_correction_cases():
    r = rule_case(load_case(ROOT / "cases" / "law64" / "64b4-non-offenders-called-next-board.yaml"))
    qs = {q.prompt.split("?")[0]: q for q in Q.questions_for(r)}
    assert qs["Which clause of Law 64 applies to it"].answers == {"64B4"}
    assert qs["How many tricks are transferred for it"].answers == {0}
    assert "After play (end): East-West called on the next board." in Q.exercise_text(r, 1, 1)
    r = rule_case(load_case(ROOT / "cases" / "law62" / "62a-declarer-draws-attention-defender-corrects.yaml"))
    qs = Q.questions_for(r)
    est = next(q for q in qs if "established" in q.prompt)
    assert est.answers == {"no"} and not any("Law 64" in q.prompt for q in qs)
    score, text = run(r, ["yes", "2", "E", "yes"])
    assert "63A1 needs: the first_act at T3.1 comes before the attention at" in text


def test_running_out_of_answers_stops(club3):
    # the score counts the questions answered: 2 of 2 (before issue 28, 2/8: the six never asked counted)
    score, text = run(club3, ["yes", "2"])
    assert (score.right, score.asked) == (2, 2) and "this question and the 5 after it are not scored" in text
    assert "Score: 2/2 (100%)" in text
    assert "No more answers: the quiz stops here." in text


@pytest.mark.parametrize("path", collect([ROOT / "cases"]), ids=lambda p: p.stem)
def test_answers_agree_with_the_expect_blocks(path):
    """The quiz's right answers are the casebook's expected rulings."""
    case = load_case(path)
    qs = Q.questions_for(rule_case(case))
    expected = case.expect or {}
    conclusions = expected.get("conclusions") or []
    counts = [q for q in qs if q.prompt.startswith("How many tricks are transferred")]
    clauses = [q for q in qs if q.prompt.startswith("Which clause of Law 64")]
    for item in conclusions:
        if str(item.get("law", "64")).startswith("67"):
            continue  # the quiz asks about revokes (Laws 61-64), not a defective trick's deemed revoke
        if item["kind"] == "trick_transfer" and "tricks" in item:
            assert any(q.answers == {item["tricks"]} for q in counts), (item, [q.answers for q in counts])
        if item["kind"] in ("trick_transfer", "no_revoke_penalty") and "law" in item:
            assert any(str(item["law"]) in q.answers for q in clauses)
    has_revoke = any(i["kind"] == "revoke" for i in conclusions)
    assert qs[0].answers == ({"yes"} if has_revoke else qs[0].answers)
    if expected.get("declarer_tricks") is not None and has_revoke:
        assert qs[-1].answers == {expected["declarer_tricks"]}


def test_cli_quiz_from_file_and_stdin(tmp_path):
    answers = tmp_path / "answers.txt"
    answers.write_text("# board 3\nyes\n2\nE\nyes\n1\n64A2\n1\n11\n")
    runner = CliRunner()
    res = runner.invoke(cli, ["quiz", str(CLUB), "--board", "3", "--answers", str(answers)])
    assert res.exit_code == 0, res.output
    assert res.output.rstrip().endswith("Score: 8/8 (100%)")
    res = runner.invoke(cli, ["quiz", str(CLUB), "--plain-cards"], input="yes\n2\nE\n")
    assert res.exit_code == 0 and "Exercise 1 of 3" in res.output and "S A K 3 2" in res.output
    assert "Score: 3/3" in res.output  # only the questions answered are scored (issue 28; before: 3/8)
    res = runner.invoke(cli, ["quiz", str(ROOT / "cases" / "law64"), "--limit", "2", "--shuffle", "--seed", "1"],
                        input="")
    assert res.exit_code == 0 and "Exercise 1 of 2" in res.output


def test_title_after_the_answers_and_non_answers_asked_again(club3):
    text = Q.exercise_text(club3, 1, 1)
    assert club3.case.title not in text  # a title may give the answer away
    score, text = run(club3, ["maybe", "yes", "2", "east", "y", "1", "64a2", "1", "11"])
    # "maybe" is asked again, not scored wrong; each answer is echoed once
    assert (score.right, score.asked) == (8, 8)
    assert "That is not an answer to this question: answer with yes or no." in text
    assert text.count("A: yes") == 1 and text.count("A: maybe") == 1
    assert text.index("The case: " + club3.case.title) > text.rindex("Q: ")


def test_ctrl_c_prints_the_score_so_far(club3):
    def answers():
        yield "yes"
        yield "3"
        raise KeyboardInterrupt

    out = []
    score = Q.run([club3], answers(), out.append)
    text = "\n".join(out)
    assert (score.right, score.asked) == (1, 2)
    assert "Stopped (Ctrl-C)." in text and text.rstrip().endswith("Score: 1/2 (50%)")


def test_prompted_answers_are_not_echoed_again(club3):
    out = []
    Q.run([club3], iter(["yes"]), out.append, echo=False)
    assert not any(line.startswith("A: ") for line in out)
