"""Laws 68-71: each rule on hand-built facts, whole cases, the command line, and bad input."""
import json

import pytest
import yaml
from helpers import case, fire, kinds, only, ruling

from engine.explain.ruling import rule_case
from engine.input.caseio import CaseError, case_from_data, load_case
from engine.input.claims import read_statement
from engine.law import claims as K
from engine.mechanics import claims as KM

# ---------------------------------------------------------------------------
# Facts for the rules
# ---------------------------------------------------------------------------


IN_PLAY = 9  # declarer's (North-South's) tricks in play in these hand-built facts


def total_if(side, n, remaining=4):
    return IN_PLAY + (n if side == "NS" else remaining - n)


def claim_event(event="claim", by="S", side="NS", tricks=4, kept=None, remaining=4, accepted=True, statement=True,
                line="none", stated_total=None, form="statement"):
    kept = tricks if kept is None else kept
    split = total_if(side, kept, remaining)
    return K.ClaimEvent(event=event, by=by, side=side, role="declarer", tricks=tricks, kept=kept,
                        conceded=remaining - kept, remaining=remaining, form=form, accepted=accepted,
                        statement=statement, line=line, floor_line="statement" if event == "claim" else "none",
                        split_total=split, stated_total=split if stated_total is None else stated_total,
                        at="T10.0", moment=40000)


def timing(side="NS", disputed=False, objector=None, withdrawal_side=None, withdrawal_in_period=True,
           in_period=True, before_next_deal=True, raised=True):
    return K.ClaimTiming(side=side, raised=raised, disputed=disputed, objector=objector, acceptance_final=not disputed,
                         withdrawal=withdrawal_side is not None, withdrawal_by=None, withdrawal_side=withdrawal_side,
                         withdrawal_in_period=withdrawal_in_period, in_correction_period=in_period,
                         before_next_deal=before_next_deal, ruling_at="T10.0")


def bounds(side="NS", floor=3, ceiling=4, remaining=4):
    return K.PlayBounds(side=side, floor=floor, ceiling=ceiling, lower=floor, upper=ceiling, remaining=remaining,
                        exact=True, total=total_if(side, floor, remaining))


def normal(side="NS", line="statement", tricks=3, lower=None, upper=None, remaining=4):
    exact = tricks is not None
    lower = tricks if lower is None else lower
    return K.NormalPlay(side=side, line=line, tricks=tricks, lower=lower, upper=tricks if upper is None else upper,
                        exact=exact, total=total_if(side, lower, remaining), rest=remaining - lower)


def awards(conclusions):
    return kinds(conclusions, "tricks_awarded")


# -- 68 -----------------------------------------------------------------------------

def test_68_a_remark_about_the_current_trick_is_no_claim_and_asks_about_16_and_57A():
    out, _ = fire(K.TrickRemark(by="E", at="T5.1"))
    assert only(out, "not_a_claim")["law"] == "68"
    assert "57A" in only(out, "equity_review")["question"]


def test_68A_claim_and_how_it_was_made():
    out, _ = fire(claim_event(form="shown_cards"), timing(), bounds(), normal())
    made = only(out, "claim_made")
    assert (made["tricks"], made["form"], made["law"]) == (4, "shown_cards", "68A")


def test_68A_cards_shown_without_meaning_to_claim():
    out, _ = fire(K.CardsShown(by="S", at="T7.0"))
    assert only(out, "not_a_claim")["law"] == "68A"


def test_68B_a_claim_concedes_the_rest_and_a_full_claim_concedes_nothing():
    out, _ = fire(claim_event(tricks=3, kept=3), timing(), bounds(floor=2, ceiling=3), normal(tricks=3))
    assert only(out, "concession_made")["tricks"] == 1
    out, _ = fire(claim_event(tricks=4), timing(), bounds(), normal())
    assert not kinds(out, "concession_made")


def test_68B_partners_immediate_objection_voids_the_concession():
    out, _ = fire(K.VoidedConcession(by="W", objector="E", at="T9.0"))
    assert only(out, "concession_void")["objector"] == "E"
    assert only(out, "equity_review")["law"] == "68B"


def test_68C_claim_without_statement():
    out, _ = fire(claim_event(statement=False), timing(), bounds(), normal())
    assert only(out, "statement_missing")["law"] == "68C"
    out, _ = fire(claim_event(statement=True), timing(), bounds(), normal())
    assert not kinds(out, "statement_missing")


def test_68D_play_ceases_and_a_dispute_brings_the_director():
    out, _ = fire(claim_event(), timing(disputed=True, objector="W"), bounds(), normal(tricks=4))
    assert only(out, "claim_disputed")["objector"] == "W"
    assert only(out, "play_ceases")["law"] == "68D"
    steps = [c["step"] for c in kinds(out, "director_step")]
    assert steps == ["repeat_statement", "face_cards", "hear_objections"]


# -- 69 -----------------------------------------------------------------------------

def test_69A_an_accepted_claim_is_scored_as_claimed():
    out, _ = fire(claim_event(tricks=4), timing(), bounds(floor=1, ceiling=4), normal(tricks=1))
    assert only(out, "claim_accepted")["law"] == "69A"
    award = only(out, "tricks_awarded")
    assert (award["tricks"], award["total"], award["law"]) == (4, 13, "69A")


def test_69B_withdrawal_for_a_trick_no_normal_play_could_lose():
    facts = (claim_event(tricks=4), timing(withdrawal_side="EW"), bounds(floor=3), normal(tricks=4),
             normal(side="EW", line="none", tricks=1))
    out, _ = fire(*facts)
    assert only(out, "acceptance_withdrawn")["tricks"] == 1
    assert not kinds(out, "claim_accepted")
    award = only(out, "tricks_awarded")
    assert (award["tricks"], award["total"], award["law"]) == (3, 12, "69B")


def test_69B_withdrawal_refused_when_late_or_when_the_trick_could_be_lost():
    late = (claim_event(tricks=4), timing(withdrawal_side="EW", withdrawal_in_period=False), bounds(),
            normal(tricks=4), normal(side="EW", line="none", tricks=1))
    out, _ = fire(*late)
    assert only(out, "withdrawal_refused")["reason"] == "late"
    assert only(out, "tricks_awarded")["law"] == "69A"
    losable = (claim_event(tricks=4), timing(withdrawal_side="EW"), bounds(), normal(tricks=4),
               normal(side="EW", line="none", tricks=0))
    out, _ = fire(*losable)
    assert only(out, "withdrawal_refused")["reason"] == "no_trick"


def test_69B_withdrawal_for_a_trick_already_won():
    facts = (claim_event(tricks=2, remaining=2, stated_total=10), timing(withdrawal_side="EW"),
             bounds(floor=2, ceiling=2, remaining=2), normal(tricks=2, remaining=2),
             normal(side="EW", line="none", tricks=0, remaining=2),
             K.AgreedResult(total=10, actual=9, giver="EW", given=1, made_already=False, defeated_already=False))
    out, _ = fire(*facts)
    assert only(out, "acceptance_withdrawn")["reason"] == "won_in_play"
    assert only(out, "tricks_awarded")["total"] == 11  # nine in play and the two claimed, not the ten agreed


# -- 70 ------------------------------------------------------------------------------

def test_70A_a_claim_that_fails_on_a_normal_line_gets_what_that_line_takes():
    out, _ = fire(claim_event(tricks=4), timing(disputed=True), bounds(floor=2), normal(tricks=3))
    award = only(out, "tricks_awarded")
    assert (award["tricks"], award["total"], award["law"]) == (3, 12, "70A")
    assert only(out, "normal_line")["tricks"] == 3


def test_70A_a_claim_no_normal_line_defeats_is_upheld():
    out, _ = fire(claim_event(tricks=4), timing(disputed=True), bounds(floor=2), normal(tricks=4))
    assert only(out, "tricks_awarded")["tricks"] == 4


def test_70A_an_undetermined_number_goes_to_the_director():
    out, _ = fire(claim_event(tricks=4), timing(disputed=True), bounds(floor=2),
                  normal(tricks=None, lower=2, upper=4))
    assert not awards(out)
    assert only(out, "equity_review")["law"] == "70A"


def test_70A_states_the_double_dummy_value_when_there_is_one():
    dd = K.DoubleDummyFact(side="NS", tricks=4, available=True, reason="")
    out, _ = fire(claim_event(), timing(disputed=True), bounds(), normal(tricks=4), dd)
    assert only(out, "double_dummy")["tricks"] == 4
    missing = K.DoubleDummyFact(side="NS", tricks=None, available=False, reason="not installed")
    out, _ = fire(claim_event(), timing(disputed=True), bounds(), normal(tricks=4), missing)
    assert not kinds(out, "double_dummy")


def trump(mentioned=False, aware=False, can_win=1):
    return K.TrumpOut(seat="W", card="SJ", mentioned=mentioned, aware=aware, can_win=can_win, exact=True)


@pytest.mark.parametrize("fact,conditions,awarded", [
    (trump(), {1, 2, 3}, True),
    (trump(mentioned=True), {2, 3}, False),
    (trump(aware=True), {1, 3}, False),
    (trump(can_win=0), {1, 2}, False),
])
def test_70C_needs_all_three_conditions(fact, conditions, awarded):
    out, _ = fire(claim_event(), timing(disputed=True), bounds(), normal(tricks=3), fact)
    assert {c["condition"] for c in kinds(out, "trump_condition")} == conditions
    assert bool(kinds(out, "outstanding_trump")) is awarded


def test_70C_only_for_a_disputed_claim():
    out, _ = fire(claim_event(), timing(), bounds(), normal(tricks=3), trump())
    assert not kinds(out, "trump_condition")


def test_70D_a_better_new_line_is_not_accepted():
    out, _ = fire(claim_event(), timing(disputed=True), bounds(), normal(tricks=2), normal(line="offered", tricks=4))
    rejected = only(out, "new_line_rejected")
    assert (rejected["offered"], rejected["stated"]) == (4, 2)
    assert only(out, "tricks_awarded")["tricks"] == 2
    out, _ = fire(claim_event(), timing(disputed=True), bounds(), normal(tricks=2), normal(line="offered", tricks=2))
    assert not kinds(out, "new_line_rejected")


def test_70E_an_unstated_guess_is_not_credited_and_a_shown_out_suit_is():
    out, _ = fire(claim_event(), timing(disputed=True), bounds(), normal(tricks=3),
                  K.SuitChoice(suit="S", gain=1, tenace=True), K.SuitChoice(suit="H", gain=1, tenace=False))
    assert [c["suit"] for c in kinds(out, "unstated_line")] == ["S"]
    out, _ = fire(claim_event(), timing(disputed=True), bounds(), normal(tricks=4),
                  K.ShownOut(suit="S", seat="W", mattered=True))
    assert only(out, "card_location_known")["seat"] == "W"


# -- 71 ------------------------------------------------------------------------------

def concession(kept=1, remaining=2):
    return claim_event(event="concession", tricks=remaining - kept, kept=kept, remaining=remaining)


def test_71_a_concession_of_a_trick_that_could_be_lost_stands():
    out, _ = fire(concession(), timing(), bounds(floor=1, ceiling=2, remaining=2),
                  normal(line="none", tricks=1, remaining=2))
    assert only(out, "concession_stands")["tricks"] == 1
    assert only(out, "tricks_awarded")["law"] == "71"


def test_71A1_and_71B_cancel_and_71B_decides_before_the_next_deal():
    out, _ = fire(concession(), timing(), bounds(floor=2, ceiling=2, remaining=2), normal(line="none", tricks=2, remaining=2))
    assert {c["law"] for c in kinds(out, "concession_cancelled")} == {"71A1", "71B"}
    award = only(out, "tricks_awarded")
    assert (award["tricks"], award["law"]) == (2, "71B")
    assert not kinds(out, "concession_stands")


def test_71A1_alone_after_the_next_deal_and_nothing_after_the_correction_period():
    out, _ = fire(concession(), timing(before_next_deal=False), bounds(floor=2, ceiling=2, remaining=2),
                  normal(line="none", tricks=2, remaining=2))
    assert only(out, "tricks_awarded")["law"] == "71A1"
    out, _ = fire(concession(), timing(before_next_deal=False, in_period=False),
                  bounds(floor=2, ceiling=2, remaining=2), normal(line="none", tricks=2, remaining=2))
    assert only(out, "tricks_awarded")["law"] == "71"


def test_71B_for_a_trick_only_irrational_play_could_lose():
    out, _ = fire(concession(kept=3, remaining=4), timing(), bounds(floor=0, ceiling=4),
                  normal(line="none", tricks=4))
    assert [c["law"] for c in kinds(out, "concession_cancelled")] == ["71B"]
    assert only(out, "tricks_awarded")["tricks"] == 4


def test_71_a_concession_nobody_raised_stands_with_the_question_it_would_raise():
    # 71: the concession stands unless the director cancels it; he rules only when it is brought to him
    out, _ = fire(concession(), timing(raised=False), bounds(floor=2, ceiling=2, remaining=2),
                  normal(line="none", tricks=2, remaining=2))
    assert not kinds(out, "concession_cancelled")
    assert only(out, "concession_stands")["tricks"] == 1
    assert (only(out, "tricks_awarded")["tricks"], only(out, "tricks_awarded")["law"]) == (1, "71")
    would = {(c["clause"], c["when"], c["tricks"]) for c in kinds(out, "concession_not_reopened")}
    assert would == {("71A1", "not_raised", 2), ("71B", "not_raised", 2)}


def test_71B_raised_after_the_next_deal_says_it_came_too_late_and_71A1_still_cancels():
    out, _ = fire(concession(kept=3, remaining=4), timing(before_next_deal=False), bounds(floor=0, ceiling=4),
                  normal(line="none", tricks=4))
    assert not kinds(out, "concession_cancelled")
    late = only(out, "concession_not_reopened")
    assert (late["clause"], late["when"], late["tricks"]) == ("71B", "late", 4)
    out, _ = fire(concession(), timing(before_next_deal=False), bounds(floor=2, ceiling=2, remaining=2),
                  normal(line="none", tricks=2, remaining=2))
    assert only(out, "tricks_awarded")["law"] == "71A1"
    assert not kinds(out, "concession_not_reopened")  # 71A1 gives back as much as 71B would have


def test_71A2_contract_already_made():
    agreed = K.AgreedResult(total=8, actual=9, giver="NS", given=1, made_already=True, defeated_already=False)
    out, _ = fire(concession(kept=0), timing(), bounds(floor=0, ceiling=0, remaining=2),
                  normal(line="none", tricks=None, lower=0, upper=0, remaining=2), agreed)
    assert {c["law"] for c in kinds(out, "concession_cancelled")} == {"71A1", "71A2"}
    award = only(out, "tricks_awarded")
    assert (award["total"], award["law"]) == (9, "71A2")  # the nine won in play, not the agreed eight


def test_at_most_one_award_even_when_several_clauses_cancel():
    agreed = K.AgreedResult(total=8, actual=9, giver="NS", given=1, made_already=True, defeated_already=False)
    out, _ = fire(concession(kept=0), timing(), bounds(floor=2, ceiling=2, remaining=2),
                  normal(line="none", tricks=2, remaining=2), agreed)
    assert len(kinds(out, "concession_cancelled")) == 4
    assert only(out, "tricks_awarded")["law"] == "71B"


# ---------------------------------------------------------------------------
# Whole cases
# ---------------------------------------------------------------------------

BASE = """
id: t
board: 1
deal: "N:AK32.A32.AK32.32 QJ4.KQJ4.5.KQJ54 T98.T98.QJT98.A9 765.765.764.T876"
contract: 3NT
declarer: S
play:
  - [W:H7, N:HA, E:H4, S:H8]
  - [N:DA, E:D5, S:D8, W:D4]
  - [N:SA, E:SJ, S:S8, W:S5]
  - [N:SK, E:SQ, S:S9, W:S6]
  - [N:S3, E:S4, S:ST, W:S7]
  - [S:DQ, W:D6, N:D2, E:C4]
  - [S:DJ, W:D7, N:DK, E:C5]
  - [N:D3, E:HJ, S:DT, W:C6]
  - [S:D9, W:C7, N:S2, E:HQ]
events:
"""


def test_a_disputed_claim_decides_declarers_tricks():
    r = ruling(BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false}\n")
    award = only(r.conclusions and [c.fact for c in r.conclusions], "tricks_awarded")
    assert r.tricks_at_table == 13
    assert r.declarer_tricks == award["total"] < 13
    assert r.score is not None


def test_a_claim_mid_trick_is_solved_from_the_trick_in_progress():
    text = BASE.replace("events:", "  - [S:CA, W:C8, N:C2]\nevents:") + \
        "  - {at: T10.3, kind: claim, by: S, tricks: 1, accepted: false, statement: All mine}\n"
    r = ruling(text)
    floor = [c for c in r.conclusions if c.kind == "legal_floor"][0]
    assert floor.fields["remaining"] == 4
    assert r.declarer_tricks is not None


def test_a_concession_voided_by_partner_lets_play_go_on():
    full = BASE + """  - {at: T5.0, kind: concession, by: E, tricks: 9}
  - {at: T5.0, kind: objection, by: E}
"""
    with pytest.raises(CaseError, match="play continues after the concession"):
        ruling(full)


def test_a_claim_with_a_structured_line_is_followed():
    text = BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false, line: [{cash: C}]}\n"
    r = ruling(text)
    assert [c.fields["line"] for c in r.conclusions if c.kind == "normal_line"] == ["stated"]


def test_free_text_is_read_only_for_an_explicit_order():
    assert [s.text() for s in read_statement("Two heart winners, then I lose the club five", "S")] == \
        ["cash H x2", "play C5"]
    assert [s.text() for s in read_statement("Draw trumps, then cash the hearts", "S")] == \
        ["draw trumps", "cash H"]
    # a list names tricks, not an order
    assert read_statement("The queen of spades and three top hearts", "S") == ()
    assert read_statement("The rest are mine", "S") == ()
    assert [s.text() for s in read_statement("Trumps first and the rest are good", "S")] == ["draw trumps"]
    assert read_statement("Draw trumps, then cash the hearts", None) == ()


def test_the_revoke_chapter_counts_the_awarded_tricks(tmp_path):
    from pathlib import Path
    src = Path(__file__).resolve().parent.parent / "cases" / "law63" / "63a3-revoker-claims-rest.yaml"
    text = src.read_text().replace(
        'statement: "Two heart winners, then I lose the club five"}',
        'accepted: false, statement: "I lead the club five, then two heart winners"}\n'
        '  - {at: T11.0, kind: objection, by: S}')
    r = ruling(text)
    est = [c for c in r.conclusions if c.kind == "revoke_established"]
    assert est and est[0].law == "63A3"
    award = [c for c in r.conclusions if c.kind == "tricks_awarded"][0]
    # West gives up the lead with the club five first and must then discard a heart winner: East-West
    # keep only what the normal line of the statement takes, and the revoke transfer counts from that.
    transfers = sum(r.transfers_applied.values())
    assert award.fields["total"] + transfers == r.declarer_tricks
    assert award.fields["tricks"] < 2


# ---------------------------------------------------------------------------
# Bad input: every new field
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("event,where,message", [
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: cash}", "events[1].line", "not a line"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [{squeeze: S}]}", "events[1].line", "step 1"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [{cash: S, lead: H}]}", "events[1].line", "exactly one"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [{play: SX}]}", "events[1].line", "not a card"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [{cash: X}]}", "events[1].line", "not a suit"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [{play: SA, rounds: 2}]}", "events[1].line", "rounds"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [{cash: S, rounds: 0}]}", "events[1].line", "rounds"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [{draw_trumps: maybe}]}", "events[1].line", "draw_trumps"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [{play: SA}]}", "events[1].line", "not held"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [draw_trumps]}", "events[1].line", "notrump"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, line: [{ruff: C}]}", "events[1].line", "notrump"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, form: shouting}", "events[1].form", "not a way"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, form: abandoned_hand}", "events[1].form", "claim"),
    ("{at: T10.0, kind: concession, by: S, tricks: 4, form: curtail}", "events[1].form", "concession"),
    ("{at: T10.0, kind: concession, by: S, tricks: 2, form: abandoned_hand}", "events[1].tricks", "abandons"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, aware_of_trumps: yes please}", "events[1].aware_of_trumps",
     "true or false"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, agreed_result: 14}", "events[1].agreed_result", "0 to 13"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, agreed_result: 12}", "events[1].agreed_result", "contradicts"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, accepted: false, agreed_result: 13}", "events[1].agreed_result",
     "not accepted"),
    ("{at: T10.0, kind: claim, by: S, tricks: 4, statement: [a, b]}", "events[1].statement", "not text"),
    ("{at: T10.0, kind: objection}", "events[1]", "objection needs by"),
    ("{at: T10.0, kind: objection, by: S, immediate: soon}", "events[1].immediate", "true or false"),
    ("{at: T10.0, kind: acceptance_withdrawn, by: Q}", "events[1].by", "not a seat"),
    ("{at: T10.0, kind: correction_period_ended, by: S}", "events[1].by", "unknown field"),
    ("{at: T10.0, kind: line_offered, by: S}", "events[1]", "line_offered needs line"),
    ("{at: T10.0, kind: current_trick_remark, by: E, cards: HA}", "events[1].cards", "not a list"),
    ("{at: T10.0, kind: cards_shown, by: E, tricks: 3}", "events[1].tricks", "unknown field"),
])
def test_bad_input_names_the_field(event, where, message):
    with pytest.raises(CaseError) as err:
        ruling(BASE + f"  - {event}\n")
    assert err.value.where == where
    assert message in err.value.problem


def test_a_line_offered_must_name_held_cards_too():
    text = BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false}\n" \
                  "  - {at: T10.0, kind: line_offered, by: S, line: [{play: HA}]}\n"
    with pytest.raises(CaseError) as err:
        ruling(text)
    assert err.value.where == "events[2].line"


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------

def test_cli_rule_json_reports_the_numbers_behind_the_award(tmp_path):
    from click.testing import CliRunner

    from cli import cli

    path = tmp_path / "c.yaml"
    path.write_text(BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false}\n"
                           "  - {at: T10.0, kind: objection, by: W}\n")
    res = CliRunner().invoke(cli, ["rule", str(path), "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    by_kind = {c["kind"]: c for c in data["conclusions"]}
    for kind, law in (("legal_floor", "71A1"), ("normal_line", "70A"), ("tricks_awarded", "70A"),
                      ("claim_disputed", "68D")):
        assert by_kind[kind]["law"] == law
    assert data["declarer_tricks"] == by_kind["tricks_awarded"]["total"]
    assert data["tricks_at_table"] == 13


def test_cli_explain_and_laws_for_the_chapter(tmp_path):
    from click.testing import CliRunner

    from cli import cli

    path = tmp_path / "c.yaml"
    path.write_text(BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false}\n")
    res = CliRunner().invoke(cli, ["explain", str(path), "tricks_awarded"])
    assert res.exit_code == 0 and "law_70A" in res.output and "claim_event" in res.output
    res = CliRunner().invoke(cli, ["laws", "--law", "70"])
    assert res.exit_code == 0
    assert "70C3" in res.output and "law_70C3_trick_could_be_lost_to_it" in res.output
    assert "cases: " in res.output


def test_cli_bad_claim_field_exits_2_naming_it(tmp_path):
    from click.testing import CliRunner

    from cli import cli

    path = tmp_path / "c.yaml"
    path.write_text(BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, line: [{cash: Z}]}\n")
    res = CliRunner().invoke(cli, ["rule", str(path)])
    assert res.exit_code == 2
    assert "events[1].line" in (res.stderr if hasattr(res, "stderr") and res.stderr else res.output)


def test_without_dds_a_ruling_takes_the_double_dummy_value_from_the_compiled_search(monkeypatch):
    from engine.mechanics import dd

    case = BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false}\n"
    monkeypatch.setattr(KM, "_CACHE", {})
    with_dds = ruling(case) if dd.available() else None
    monkeypatch.setattr(dd, "_endplay", lambda: None)
    monkeypatch.setattr(KM, "_CACHE", {})
    r = ruling(case)
    values = [c.fields["tricks"] for c in r.conclusions if c.kind == "double_dummy"]
    assert len(values) == 1
    if with_dds is not None:  # the same value as DDS's
        assert values == [c.fields["tricks"] for c in with_dds.conclusions if c.kind == "double_dummy"]


def test_a_ruling_says_when_the_double_dummy_value_is_not_settled(monkeypatch):
    from engine.mechanics import dd

    monkeypatch.setattr(dd, "_endplay", lambda: None)
    monkeypatch.setattr(dd, "DD_NODE_LIMIT", 0)  # the compiled search may not look at a single node
    monkeypatch.setattr(KM, "_CACHE", {})
    r = ruling(BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false}\n")
    assert not [c for c in r.conclusions if c.kind == "double_dummy"]
    assert any("double-dummy value not reported" in n["text"] and "work budget of 0 nodes" in n["text"]
               for n in r.notes)
    assert [c for c in r.conclusions if c.kind == "tricks_awarded"]  # the award does not need it


def test_the_solver_budget_bounds_the_time_and_the_rules_stay_sound(monkeypatch):
    monkeypatch.setenv("BRIDGE_TD_SOLVER_BUDGET", "0")
    monkeypatch.setattr(KM, "_CACHE", {})
    r = ruling(BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false}\n")
    # with no time every search stops at its first check: small searches still finish, and any
    # number left undetermined becomes a question, never a guess
    awarded = [c for c in r.conclusions if c.kind == "tricks_awarded"]
    asked = [c for c in r.conclusions if c.kind == "equity_review" and c.law == "70A"]
    assert len(awarded) + len(asked) == 1


def test_a_result_that_stopped_at_its_node_limit_is_reused_under_that_limit_only(monkeypatch):
    import random

    from generate import random_position

    from engine.mechanics import solver as S

    monkeypatch.setattr(KM, "_CACHE", {})
    pos = random_position(random.Random(2), 13, 0)  # a full deal: 50 nodes settle nothing
    searched = []

    def compute(limit):
        searched.append(limit)
        return S.normal_floor(pos, 0, limit=limit)

    first = KM._cached("k", lambda: compute(50), 50)
    assert not first.exact and first.nodes == 51  # stopped at its limit, with proven bounds
    assert KM._cached("k", lambda: compute(50), 50) is first and searched == [50]  # the same limit: reused
    other = KM._cached("k", lambda: compute(60), 60)  # another limit: searched again
    assert searched == [50, 60] and other.nodes == 61
    fresh = S.normal_floor(pos, 0, limit=50)  # and what was reused is what a fresh search finds
    assert (fresh.value, fresh.lower, fresh.upper, fresh.nodes) == (first.value, first.lower, first.upper,
                                                                    first.nodes)


def test_a_ruling_does_not_depend_on_what_was_solved_before_in_the_process(monkeypatch):
    from engine.explain.render import dumps, ruling_json

    text = BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false}\n"

    def rule(limit=None, budget=None, fresh=False):
        for name, value in (("BRIDGE_TD_SOLVER_LIMIT", limit), ("BRIDGE_TD_SOLVER_BUDGET", budget)):
            if value is None:
                monkeypatch.delenv(name, raising=False)
            else:
                monkeypatch.setenv(name, str(value))
        if fresh:
            monkeypatch.setattr(KM, "_CACHE", {})
        return dumps(ruling_json(ruling(text)))

    small = rule(limit=40, budget=90, fresh=True)  # searches that stop at their limits
    assert any(not getattr(res, "exact", True) for res in KM._CACHE.values())
    default = rule(fresh=True)
    assert rule(limit=40, budget=90) == small  # ruled again with the cache full: the same ruling
    assert rule() == default
    assert rule(limit=41, budget=90) == rule(limit=41, budget=90, fresh=True)  # a neighbouring limit
    assert rule(limit=40, budget=90) == small


# ---------------------------------------------------------------------------
# Statements as directors hear them (docs/claims.md, "The statement as a structured line")
# ---------------------------------------------------------------------------

def test_statements_as_directors_hear_them():
    from engine.input.claims import LineStep, mentions_outstanding_trump, names_a_line

    assert read_statement("Cross-ruff", "S") == (LineStep("crossruff"),)
    assert [s.text() for s in read_statement("Running the diamonds", "S")] == ["cash D"]
    assert [s.text() for s in read_statement("I ruff a heart in dummy", "S")] == ["ruff H"]
    assert [s.text() for s in read_statement("Finesse the queen", None, {"SQ", "SA", "H2"})] == ["finesse SQ"]
    assert read_statement("Finesse the queen", None, {"SQ", "HQ"}) == ()  # which queen? not read
    assert [s.text() for s in read_statement("Cash the hearts then the spades", None)] == ["cash H", "cash S"]
    assert [s.text() for s in read_statement("I'll give you a trump", "S")] == ["lead S"]
    for text in ("All mine.", "the rest are mine", "I claim the remaining tricks", "All thirteen"):
        assert not names_a_line(text), text
    for text in ("All the rest, trumps are drawn", "From the top", "Cross-ruff"):
        assert names_a_line(text), text
    # 70C1: the outstanding trump mentioned, or trumps to be drawn -- not a trump card merely listed
    assert mentions_outstanding_trump("I'll draw trumps and claim")
    assert mentions_outstanding_trump("I'll give you a trump")
    assert mentions_outstanding_trump("conceding the last trump")
    assert not mentions_outstanding_trump("The ace of trumps and my diamond king")
    assert not mentions_outstanding_trump("All the rest, trumps are drawn")


def test_statement_patterns_are_linear():
    import time

    text = "draw " * 10_000 + "x"  # 50 KB: the old 'draw ... trumps' pattern took seconds here
    t = time.perf_counter()
    read_statement(text, "S")
    assert time.perf_counter() - t < 2.0  # generous: the point is linear, not quadratic (seconds, not minutes)


def test_a_statement_over_the_limit_is_bad_input():
    long = "x" * 2001
    with pytest.raises(CaseError, match=r"statement: 2001 characters"):
        ruling(BASE + f"  - {{at: T10.0, kind: claim, by: S, tricks: 4, accepted: false, statement: {long}}}\n")


def test_a_statement_naming_a_card_no_longer_held_is_a_doubtful_point_not_bad_input():
    r = ruling(BASE + "  - {at: T10.0, kind: claim, by: S, tricks: 4, accepted: false,"
                      " statement: 'The queen of diamonds, then cash the clubs'}\n")
    assert any(n["subject"] == "statement_card_not_held" for n in r.notes)
    assert any(c.kind == "tricks_awarded" or c.kind == "equity_review" for c in r.conclusions)


def test_the_least_successful_normal_line_is_shown_card_by_card():
    from engine.explain.render import ruling_json, ruling_text
    from engine.input.caseio import load_case
    from engine.explain.ruling import rule_case

    r = rule_case(load_case("cases/law70/70a-blocked-hearts-careless-order.yaml"))
    data = ruling_json(r)
    line = data["claim_line"]
    assert line["side"] == "NS" and line["tricks"] == 1 and line["best"] == 3 and line["class"] == "club"
    assert [t["number"] for t in line["line"]] == [11, 12, 13]
    assert all(len(t["cards"]) == 4 for t in line["line"])
    assert [t["lost"] for t in line["line"]] == [False, True, True]
    # where it departs from the best normal line: dummy leads the diamond first, a careless order
    assert line["falls_short"] == {"trick": 11, "seat": "N", "card": "D9", "as": "lead", "why": "lead",
                                   "missed": "his count held as many winners as tricks but did not look at how "
                                             "each hand is reached"}  # a blockage: entries are not in his count
    assert [(d["trick"], d["seat"], d["card"], d["as"], d["costs"]) for d in line["departures"]] == \
        [(11, "N", "D9", "lead", 2)]
    assert any("leads the nine of diamonds (his count held as many winners as tricks but did not look at how "
               "each hand is reached), which costs North-South 2 tricks" in q for q in data["questions"])
    assert "The least successful normal line" in ruling_text(r)
    # the director's answer: that lead is not normal for this player; ruled again, the claim stands
    r = rule_case(load_case("cases/law70/70a-blocked-hearts-director-finds-the-order-irrational.yaml"))
    data = ruling_json(r)
    assert data["claim_line"]["tricks"] == 3 and data["claim_line"]["departures"] == []
    assert data["declarer_tricks"] == 6
    # the reported board: every normal line ruffs with the last trump and takes all four
    r = rule_case(load_case("cases/law70/70a-all-the-rest-trumps-drawn-ruff-with-the-last-trump.yaml"))
    line = ruling_json(r)["claim_line"]
    assert line["tricks"] == 4 and line["falls_short"] is None
    assert not any(t["lost"] for t in line["line"])


def test_68D_play_after_a_claim_is_shown_and_never_counts():
    r = rule_case(load_case("cases/law68/68d-play-after-the-claim-counts-for-nothing.yaml"))
    (c,) = [c for c in r.conclusions if c.kind == "play_after_claim_ignored"]
    assert c.law == "68D" and c.fields["count"] == 4 and "count for nothing" in c.text
    assert r.declarer_tricks == 10  # the claim is ruled from the position when it was made
    data = yaml.safe_load(open("cases/law68/68d-play-after-the-claim-counts-for-nothing.yaml"))
    data["events"][2]["cards_played"] = ["S:HA", "W:HK"]
    with pytest.raises(CaseError, match=r"cards_played\[2\]: West did not hold the king of hearts"):
        rule_case(case_from_data(data, "x.yaml"))
    data["events"][2]["cards_played"] = ["S:HA", "S:HA"]
    with pytest.raises(CaseError, match=r"played twice"):
        rule_case(case_from_data(data, "x.yaml"))
    # cards in the play record after the claim are bad input, and the message says where they go
    data["events"].pop(2)
    data["play"].append(["S:HA", "W:C3", "N:SA", "E:C5"])
    with pytest.raises(CaseError, match=r"record them as a play_after_claim event"):
        rule_case(case_from_data(data, "x.yaml"))


def test_statements_with_discards_ruffing_finesses_squeezes_and_conditions():
    from engine.input.claims import StatementContext

    ctx = StatementContext("E", {"E": ("C2", "S9", "SA"), "W": ("DA", "DK", "DQ", "D5", "HQ", "S4")},
                           {"N": ("D2", "D6", "C3", "C4", "C5", "C6"), "S": ("D4", "C7", "H2")})
    texts = lambda t, tr="S": [s.text() for s in read_statement(t, tr, None, ctx)]  # noqa: E731
    assert texts("I will discard my losing club on the high diamonds.") == ["cash D x3", "discard C2 on D"]
    assert texts("discard my clubs on dummy's diamonds") == ["cash D x3", "discard C on D"]
    assert texts("Draw trumps, then I'll take the ruffing finesse in hearts") == \
        ["draw trumps", "ruffing finesse HQ"]
    assert texts("The rest on a squeeze") == ["squeeze (the rest played right)"]
    assert texts("All mine unless trumps are 4-0") == ["draw trumps"]
    assert texts("I'll see how trumps go, then the diamonds") == ["draw trumps", "cash D"]
    # the rest unread, a statement whose first play is trumps still has them played first (a remark before it,
    # such as the BBO 6S claimer's "I think I can handle this", says nothing of the play)
    assert texts("I think I can handle this. I'll see how trumps go, then ruff two red cards in dummy.") == \
        ["draw trumps"]
    assert texts("I think I can handle this. Ruff two red cards, then see how trumps go.") == []
    # a condition on a split is read against the cards as they lie (clubs are 4-1 here: N four, S one)
    assert texts("If clubs are 3-2 I'll cash the diamonds. If they are 4-1 I'll ruff a club") == ["ruff C"]
    assert texts("If clubs are 4-1 I'll ruff a club") == ["ruff C"]
    assert texts("If clubs are 5-0 I'll ruff a club") == []  # the condition fails: nothing to follow
    # a list of named cards is an order of play; a list of counts is not
    assert texts("The club two, a heart to the queen and the ace of spades") == ["play C2", "play HQ", "play SA"]
    assert texts("The queen of spades and three top hearts") == []
    # a condition the reader cannot tell leaves the text unread
    assert texts("If West has the king I'll finesse") == []


# ---------------------------------------------------------------------------
# Issue 29, item 1: one work budget for every search of a ruling
# ---------------------------------------------------------------------------

ROOT_CASES = __import__("pathlib").Path(__file__).resolve().parent.parent / "cases"
TWO_READINGS = ROOT_CASES / "law70" / "70c-claim-at-trick-three-forgets-a-singleton-trump.yaml"


def _spy_works(monkeypatch):
    """The Work of every Analysis made, and every charge made to it (nodes, searched now or reused)."""
    works, charges = [], []
    init, charge = KM.Analysis.__init__, KM.Work.charge

    def spy_init(self, *a, **k):
        init(self, *a, **k)
        works.append(self.work)

    def spy_charge(self, res, searched=True):
        charges.append((id(self), getattr(res, "nodes", 0), searched))
        charge(self, res, searched)

    monkeypatch.setattr(KM.Analysis, "__init__", spy_init)
    monkeypatch.setattr(KM.Work, "charge", spy_charge)
    return works, charges


def test_every_reading_of_the_record_draws_on_the_rulings_one_budget(monkeypatch):
    """The record of this claim is read twice (rule_case settles the corrections the law asks for): both
    readings' Analysis objects charge one Work, each search once, and the whole ruling stays within the budget
    (BRIDGE_TD_SOLVER_BUDGET), however many searches it makes."""
    monkeypatch.setattr(KM, "_CACHE", {})
    works, charges = _spy_works(monkeypatch)
    rule_case(load_case(TWO_READINGS))
    assert len(works) == 2 and works[0] is works[1]
    work = works[0]
    assert len(charges) == work.searches and sum(n for _, n, _ in charges) == work.spent
    assert {c[0] for c in charges} == {id(work)}
    default_spent = work.spent

    budget = default_spent // 3  # a third of what the ruling takes: its searches stop early, in sum
    monkeypatch.setenv("BRIDGE_TD_SOLVER_BUDGET", str(budget))
    monkeypatch.setattr(KM, "_CACHE", {})
    works.clear(), charges.clear()
    rule_case(load_case(TWO_READINGS))
    work = works[-1]
    assert work.spent <= budget + work.searches  # (a search that stops has gone one node past its limit)
    assert all(w is work for w in works)


def test_a_quick_attempt_gives_the_whole_budgets_ruling_or_gives_up(monkeypatch):
    """Under a probe of N nodes a ruling either finishes, and is then the ruling made with the whole budget,
    or stops with SlowRuling once a search needs more than N -- never a ruling of its own."""
    from engine.explain.render import dumps, ruling_json

    def rule(probe):
        monkeypatch.setattr(KM, "_CACHE", {})
        token = KM.quick_attempt(probe)
        try:
            return dumps(ruling_json(rule_case(load_case(TWO_READINGS))))
        finally:
            KM.end_quick_attempt(token)

    whole = rule(None)
    works, charges = _spy_works(monkeypatch)
    with pytest.raises(KM.SlowRuling):
        rule(5_000)
    assert sum(n for _, n, searched in charges if searched) <= 5_000 + len(charges)
    assert rule(10 ** 7) == whole  # a probe the ruling stays within: the same ruling
    spent = works[-1].spent
    assert rule(spent + 1) == whole  # just enough
