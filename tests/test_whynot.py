"""Why-not explanations: evaluated from the ruling's facts and the rules' patterns."""
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner
from helpers import ruling as rule_text
from test_cli import GOOD

from cli import cli
from engine.commands.validate import collect
from engine.explain.ruling import rule_case
from engine.explain.whynot import (
    WhyNotError,
    _Search,
    _WorkingMemory,
    parse_wanted,
    render,
    to_json,
    why_not,
)
from engine.input.caseio import load_case
from engine.rules import LawEngine

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"


def answer_for(answer, rule):
    return next(a for a in answer.answers if a.rule == rule)


@pytest.fixture(scope="module")
def east_ruffs():
    """East ruffs trick 2 (won by North's ace of diamonds) holding a diamond: 64A2, one trick."""
    return rule_text(GOOD)


def test_second_trick_fails_where_the_law_says(east_ruffs):
    answer = why_not(east_ruffs, "trick_transfer", {"tricks": 2})
    assert not answer.present
    a1 = answer_for(answer, "law_64A1_revoke_trick_and_one_more")
    assert a1.status == "fails"
    (f,) = a1.failures
    # 64A1 needs the offender himself to win the revoke trick: condition 3, trick_won.
    assert (f.index, f.kind, f.negated) == (2, "trick_won", False)
    assert "East won trick 2" in f.needs
    trick2 = next(c for c in east_ruffs.conclusions if c.kind == "trick_won" and c.fields["trick"] == 2)
    assert trick2.fields["seat"] == "N"
    assert trick2.id in f.looked_at
    assert any("North won trick 2 with the ace of diamonds" in line and "seat is North, not East" in line
               for line in f.found)
    assert [t for t, _ in f.met] == ["East's revoke in trick 2 is established", "East revoked in trick 2"]
    # The one-trick rules cannot conclude two tricks: excluded by what their bodies declare.
    for name in ("law_64A1_revoke_trick_only", "law_64A2_one_trick", "law_64A2_one_trick_bounded_by_tricks_won"):
        a = answer_for(answer, name)
        assert a.status == "excluded" and "tricks=1, not 2" in a.reason
    # 64A2's second trick needs a later win with a legal card: not drawn, and why, one level down.
    a2 = answer_for(answer, "law_64A2_second_trick_for_legal_card_win")
    (g,) = a2.failures
    assert g.kind == "legal_card_win" and g.deeper is not None
    deeper = answer_for(g.deeper, "commentary_64_6_later_win_with_legal_card")
    assert deeper.status == "fails"
    assert deeper.failures[0].kind == "trick_won"


def test_present_conclusion_is_reported_as_fired(east_ruffs):
    answer = why_not(east_ruffs, "trick_transfer", {"tricks": 1})
    assert [c.kind for c in answer.present] == ["trick_transfer"]
    fired = answer_for(answer, "law_64A2_one_trick")
    assert fired.status == "fired" and fired.concluded == [answer.present[0].id]
    assert "does have it" in render(answer)


def test_fields_bind_the_rule_variables(east_ruffs):
    answer = why_not(east_ruffs, "trick_transfer", {"trick": 5})
    a = answer_for(answer, "law_64A2_one_trick")
    (f,) = a.failures
    assert f.index == 0 and f.kind == "revoke_established" and "trick 5" in f.needs
    assert any("trick 2 is established" in line for line in f.found), f.found


def test_exception_blocks_the_general_rule():
    ruling = rule_case(load_case(CASES / "law64" / "64b5-attention-after-round-ended.yaml"))
    answer = why_not(ruling, "trick_transfer", {})
    # North won his own revoke trick: 64A1 applies but for 64B5; 64A2 is not his case at all.
    (f,) = answer_for(answer, "law_64A1_revoke_trick_only").failures
    assert f.negated and f.kind == "no_revoke_penalty" and f.index == 4
    assert any("[64B5] says" in line and "after the round had ended" in line for line in f.found)
    for name in ("law_64A2_one_trick", "law_64A2_second_trick_for_legal_card_win"):
        (g,) = answer_for(answer, name).failures
        assert g.negated and g.kind == "trick_won" and "North did not win trick 4" in g.needs


def test_a_failed_test_names_the_moments_compared():
    ruling = rule_case(load_case(CASES / "law62" / "62a-declarer-draws-attention-defender-corrects.yaml"))
    a = answer_for(why_not(ruling, "revoke_established", {}), "law_63A1_played_to_next_trick")
    (f,) = a.failures
    assert f.kind == "test"
    assert "the first_act at T3.1 comes before the attention at T2.4" in f.needs
    assert len(f.looked_at) == 2


def test_law_narrows_the_rules(east_ruffs):
    answer = why_not(east_ruffs, "no_revoke_penalty", {"law": "64b1"})
    assert [a.rule for a in answer.answers] == ["law_64B1_offenders_won_no_trick_from_revoke_on"]
    (f,) = answer.answers[0].failures
    assert f.kind == "tricks_from" and "East-West won 0 trick(s)" in f.needs


def test_bad_questions_are_clear_errors(east_ruffs):
    with pytest.raises(WhyNotError, match="no conclusion kind 'lead_penalty'"):
        why_not(east_ruffs, "lead_penalty", {})
    # A misspelt kind: the nearest kinds and this ruling's, not the whole list of kinds.
    with pytest.raises(WhyNotError) as info:
        why_not(east_ruffs, "trick_transfr", {})
    message = str(info.value)
    assert "did you mean trick_transfer" in message and "this ruling has: " in message
    assert "acceptance_withdrawn" not in message and "matchpoints" not in message
    # A word for a whole-number field is refused, naming the field.
    with pytest.raises(WhyNotError, match=r"trick=two: trick is a whole number"):
        why_not(east_ruffs, "trick_transfer", parse_wanted(["trick=two"]))
    with pytest.raises(WhyNotError, match="has no field 'foo'"):
        why_not(east_ruffs, "trick_transfer", {"foo": 1})
    with pytest.raises(WhyNotError, match="not a seat"):
        parse_wanted(["seat=Q"])
    with pytest.raises(WhyNotError, match="field=value"):
        parse_wanted(["tricks"])
    assert parse_wanted(["tricks=2", "seat=east", "to=ns", "law=64a1"]) == {
        "tricks": 2, "seat": "E", "to": "NS", "law": "64A1"}
    # a number no field holds (int() itself refuses 4,300 digits and more): an error, not a crash (issue 21)
    with pytest.raises(WhyNotError, match="a number of 5000 digits"):
        parse_wanted(["tricks=" + "9" * 5000])
    with pytest.raises(WhyNotError, match="a number of 19 digits"):
        parse_wanted(["trick=-" + "1" * 19])
    assert parse_wanted(["tricks=" + "9" * 18]) == {"tricks": 10 ** 18 - 1}


def test_json_shape(east_ruffs):
    data = to_json(why_not(east_ruffs, "trick_transfer", {"tricks": 2}))
    rule = next(r for r in data["rules"] if r["rule"] == "law_64A1_revoke_trick_and_one_more")
    assert rule["status"] == "fails" and rule["failures"][0]["condition"] == 3
    assert rule["failures"][0]["looked_at"]


def test_cli_why_not(tmp_path):
    path = tmp_path / "case.yaml"
    path.write_text(GOOD)
    runner = CliRunner()
    res = runner.invoke(cli, ["explain", str(path), "--why-not", "trick_transfer", "tricks=2"])
    assert res.exit_code == 0, res.output
    assert "64A1 needs: East won trick 2." in res.output
    assert "North won trick 2 with the ace of diamonds" in res.output
    res = runner.invoke(cli, ["explain", str(path), "--why-not", "trick_transfer", "tricks"])
    assert res.exit_code == 2 and "field=value" in res.output


@pytest.mark.parametrize("path", collect([CASES]), ids=lambda p: p.stem)
def test_matcher_agrees_with_the_engine(path):
    """Evaluating the patterns on the final facts finds exactly the activations the engine fired."""
    ruling = rule_case(load_case(path))
    wm = _WorkingMemory(ruling)
    found = Counter()
    for rule in LawEngine.law_rules():
        search = _Search(list(rule), wm)
        search.run(0, {}, [])
        if search.complete:
            found[rule.__name__] = len(search.complete)
    fired = Counter(s.rule for s in ruling.steps)
    assert found == fired
