"""Unit tests per rule for Laws 6-16, 72-75 and 78: hand-built facts in, conclusions out.

Each test states a clause's condition and checks both edges: the rule fires
when the condition holds and not when one part of it fails.
"""
import pytest
from helpers import fire, kinds, only

from engine.law import board as B
from engine.law import play as P
from engine.law import facts as F


def answer(key, value, side=None):
    text = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    return B.Answer(key=key, side=side, value=value, text=text)


def keys(out):
    return sorted((c["key"], c["side"]) for c in kinds(out, "question"))


def steps(out):
    return sorted(c["step"] for c in kinds(out, "procedure"))


def dues(out):
    return sorted((c["side"], c["method"], c["law"]) for c in kinds(out, "adjustment_due"))


# -- 6D ----------------------------------------------------------------------------------

def dealing(**kw):
    base = dict(misdealt=False, face_seen=False, before_last_card=False, shuffled=True, new_pack=False,
                deal_used_before=False, at_6d1=False, at_new_pack=False, at_repeat=False)
    base.update(kw)
    return B.Dealing(**base)


@pytest.mark.parametrize("kw,redeal", [
    (dict(misdealt=True, before_last_card=True), True), (dict(face_seen=True, before_last_card=True), True),
    (dict(misdealt=True, before_last_card=False), False), (dict(face_seen=True), False)])
def test_6D1_redeal_only_before_the_last_card(kw, redeal):
    out, _ = fire(dealing(**kw))
    assert (steps(out) == ["redeal"]) is redeal


@pytest.mark.parametrize("kw,cancelled", [
    (dict(shuffled=False, new_pack=True), True), (dict(deal_used_before=True), True),
    (dict(shuffled=False, new_pack=False), False), (dict(shuffled=True, new_pack=True), False)])
def test_6D2_no_result_may_stand(kw, cancelled):
    out, _ = fire(dealing(**kw))
    assert bool(kinds(out, "result_cancelled")) is cancelled
    if cancelled:  # 12A2 supplies the artificial scores, 12C1 asks the fault
        assert dues(out) == [("EW", "artificial", "12A2"), ("NS", "artificial", "12A2")]
        assert keys(out) == [("fault", "EW"), ("fault", "NS")]


@pytest.mark.parametrize("kw,asked", [
    # 6D1 needs (a wrong deal or a face seen) and (established before the last card): each unknown part the
    # outcome still depends on is asked, and no redeal is ordered until it is settled.
    (dict(misdealt=True, before_last_card=None), ["before_last_card"]),
    (dict(face_seen=True, before_last_card=None), ["before_last_card"]),
    (dict(misdealt=None, face_seen=None, before_last_card=True), ["face_seen", "misdealt"]),
    (dict(misdealt=False, face_seen=None, before_last_card=True), ["face_seen"]),
    (dict(misdealt=None, face_seen=None, before_last_card=None), ["before_last_card", "face_seen", "misdealt"]),
    # settled either way by a part that is known
    (dict(misdealt=None, face_seen=True, before_last_card=True), []),
    (dict(misdealt=None, face_seen=None, before_last_card=False), []),
    (dict(misdealt=False, face_seen=False, before_last_card=None), []),
])
def test_6D1_unknown_facts_are_asked_never_taken_as_no(kw, asked):
    out, _ = fire(dealing(at_6d1=True, **kw))
    assert [k for k, _ in keys(out)] == asked
    d = {"misdealt": False, "face_seen": False, **kw}
    redeal = (d["misdealt"] or d["face_seen"]) and d["before_last_card"]
    assert (steps(out) == ["redeal"]) is bool(redeal)


def test_6D1_questions_only_when_the_case_points_at_it():
    out, _ = fire(dealing(misdealt=None, face_seen=None, before_last_card=None, deal_used_before=True))
    assert [k for k, _ in keys(out)] == ["fault", "fault"]


@pytest.mark.parametrize("kw,asked,cancelled", [
    (dict(new_pack=True, shuffled=None), ["shuffled"], False),
    (dict(shuffled=False, new_pack=None), ["new_pack"], False),
    (dict(shuffled=None, new_pack=None), ["new_pack", "shuffled"], False),
    (dict(shuffled=None, new_pack=False), [], False),
    (dict(shuffled=True, new_pack=None), [], False),
])
def test_6D2_unknown_pack_facts_are_asked(kw, asked, cancelled):
    out, _ = fire(dealing(at_new_pack=True, **kw))
    assert [k for k, _ in keys(out)] == asked
    assert bool(kinds(out, "result_cancelled")) is cancelled


def test_6D2_unknown_repeat_is_asked():
    out, _ = fire(dealing(deal_used_before=None, at_repeat=True))
    assert keys(out) == [("deal_used_before", None)] and not kinds(out, "result_cancelled")
    out, _ = fire(dealing(deal_used_before=None))  # nothing points at it
    assert not keys(out)


# -- 7 -------------------------------------------------------------------------------------

def called(seat="N", side="NS", count=14):
    return B.CalledOnDefective(seat=seat, side=side, other="EW" if side == "NS" else "NS", count=count, call="1S")


def test_7B1_a_call_on_a_defective_hand_means_the_cards_were_not_counted():
    out, _ = fire(called())
    assert only(out, "irregularity")["what"] == "did_not_count_cards"
    out, _ = fire(B.Stationary(side="NS"))
    assert not kinds(out, "irregularity")


@pytest.mark.parametrize("side,seat", [("NS", "N"), ("EW", "E")])
def test_7D_responsible_player(side, seat):
    out, _ = fire(B.Stationary(side=side))
    assert only(out, "responsible_player")["seat"] == seat


# -- 9, 10, 11 ---------------------------------------------------------------------------------

def record(**kw):
    base = dict(by="E", side="EW", other="NS", what="x", at="A3", attention_by=None, spectator_of=None, attention=False,
                director_called=True, lho_acted=False, non_offenders_acted=False, corrected_early=False,
                rectified_by=None, waived_by=None, option_by=None, consulted_partner=False, incorrect_against=None,
                incorrect_other=None, request_by=None, request_other=None, grounds=None, players_acted=False)
    base.update(kw)
    return B.IrregularityRecord(**base)


def attention(role, during_play=True, asked_role=None):
    return B.AttentionFact(by="N", role=role, asked=None, asked_role=asked_role, during_play=during_play, at="T3.0")


@pytest.mark.parametrize("role,during,asked,fires", [
    ("dummy", True, None, True), ("dummy", False, None, False), ("declarer", True, None, False),
    ("defender", True, None, False), ("dummy", True, "declarer", False), ("dummy", True, "defender", True)])
def test_9A2_dummy_may_not_draw_attention_during_play(role, during, asked, fires):
    out, _ = fire(attention(role, during, asked))
    assert bool([c for c in kinds(out, "irregularity") if c["what"] == "dummy_drew_attention"]) is fires


def test_9B1a_director_must_be_called():
    out, _ = fire(record(attention=True, director_called=False))
    assert "call_director" in steps(out)
    out, _ = fire(record(attention=True, director_called=True))
    assert "call_director" not in steps(out)


def test_9B2_and_9C():
    out, _ = fire(record(), B.ActionBeforeRuling(seat="S", side="NS", action="called 2H", at="A3"))
    assert [(c["seat"], c["what"]) for c in kinds(out, "irregularity")] == [("S", "acted_before_ruling")]
    out, _ = fire(record(corrected_early=True))
    assert [(c["seat"], c["what"]) for c in kinds(out, "irregularity")] == [("E", "premature_correction")]
    out, _ = fire(record(corrected_early=False))
    assert not kinds(out, "irregularity")


def test_10A_72A3_10B_players_rectify_or_waive():
    out, _ = fire(record(waived_by="S", players_acted=True))
    assert sorted(c["law"] for c in kinds(out, "irregularity")) == ["10A", "72A3"]
    assert keys(out) == [("players_action_stands", None)]
    out, _ = fire(record(rectified_by="N", players_acted=True), answer("players_action_stands", True))
    assert [c["law"] for c in kinds(out, "irregularity")] == ["10A"]
    assert steps(out) == ["players_action_stands"] and not keys(out)
    out, _ = fire(record(rectified_by="N", players_acted=True), answer("players_action_stands", False))
    assert steps(out) == ["players_action_cancelled"]


def test_10C1_every_option_is_explained_and_10C2_chosen_alone():
    out, _ = fire(F.Option(by="S", option="designate_partner_card", seat="N", trick=12, law="62D2"))
    assert only(out, "procedure")["step"] == "explain_options"
    out, _ = fire(record(option_by="N", consulted_partner=True))
    assert [c["what"] for c in kinds(out, "irregularity")] == ["consulted_partner"]
    out, _ = fire(record(option_by="N", consulted_partner=False))
    assert not kinds(out, "irregularity") and steps(out) == ["explain_options"]


def test_10C2_unknown_consultation_is_asked():
    out, _ = fire(record(option_by="N", consulted_partner=None))
    assert keys(out) == [("consulted_partner", None)] and only(out, "question")["seat"] == "N"
    assert not kinds(out, "irregularity") and steps(out) == ["explain_options"]
    out, _ = fire(record(option_by=None, consulted_partner=None))  # no choice, no question
    assert not keys(out)


def test_11B_left_hand_opponent_acted():
    out, _ = fire(record(lho_acted=True, non_offenders_acted=True))
    lost = only(out, "rectification_lost")
    assert (lost["side"], lost["law"]) == ("NS", "11B")
    assert only(out, "procedural_penalty_possible")["side"] == "EW"
    assert not keys(out)  # 11A's question does not arise


@pytest.mark.parametrize("given,lost,step", [(None, False, []), (True, True, []), (False, False, ["rectify_normally"])])
def test_11A_non_offenders_acted_before_the_director(given, lost, step):
    facts = [record(non_offenders_acted=True)]
    if given is not None:
        facts.append(answer("could_have_gained", given))
    out, _ = fire(*facts)
    assert bool(kinds(out, "rectification_lost")) is lost
    assert (keys(out) == [("could_have_gained", "NS")]) is (given is None)
    assert steps(out) == step


def test_11A_no_action_no_question():
    out, _ = fire(record(non_offenders_acted=False))
    assert not keys(out) and not kinds(out, "rectification_lost")


@pytest.mark.parametrize("spectator_of,right,side", [("NS", "rectify", "NS"), ("EW", "correct", "EW")])
def test_11C_spectator(spectator_of, right, side):
    out, _ = fire(record(attention=True, attention_by="spectator", spectator_of=spectator_of))
    assert keys(out) == [("spectator_forfeit", side)]
    out, _ = fire(record(attention=True, attention_by="spectator", spectator_of=spectator_of),
                  answer("spectator_forfeit", True))
    lost = only(out, "rectification_lost")
    assert (lost["side"], lost["right"], lost["law"]) == (side, right, "11C")
    out, _ = fire(record(attention=True, attention_by="spectator", spectator_of=spectator_of),
                  answer("spectator_forfeit", False))
    assert not kinds(out, "rectification_lost") and steps(out) == ["rectify_normally"]


# -- 12 -----------------------------------------------------------------------------------------

def test_12A1_question_then_assigned_or_stands():
    r = record(grounds="no_redress", request_by="NS", request_other="EW")
    out, _ = fire(r)
    assert keys(out) == [("no_indemnity", "NS")]
    out, _ = fire(r, answer("no_indemnity", True))
    assert dues(out) == [("NS", "assigned", "12A1")]
    assert keys(out) == [("assigned", "EW"), ("assigned", "NS")]
    out, _ = fire(r, answer("no_indemnity", False))
    assert only(out, "result_stands")["law"] == "12A1" and not dues(out)


def test_12A3_and_12B():
    out, _ = fire(record(incorrect_against="EW", incorrect_other="NS"))
    assert dues(out) == [("EW", "assigned", "12A3")]
    for grounds in ("severe", "advantageous"):
        out, _ = fire(record(grounds=grounds, request_by="EW", request_other="NS"))
        assert only(out, "result_stands")["law"] == "12B" and not dues(out) and not keys(out)


@pytest.mark.parametrize("degree,percent", [("direct", 40), ("partial", 50), ("none", 60)])
def test_12C1_percentage_by_fault(degree, percent):
    out, _ = fire(B.AdjustmentDue(side="NS", method="artificial", offenders=None, law="13"),
                  answer("fault", degree, side="NS"))
    score = only(out, "artificial_adjusted_score")
    assert (score["side"], score["percent"], score["fault"], score["law"]) == ("NS", percent, degree, "12C1")
    assert not keys(out)


def test_12C1_asks_the_fault_it_is_not_given():
    out, _ = fire(B.AdjustmentDue(side="EW", method="artificial", offenders=None, law="13"),
                  answer("fault", "none", side="NS"))
    assert keys(out) == [("fault", "EW")] and not kinds(out, "artificial_adjusted_score")


def test_12C1_no_result_gives_both_sides_an_artificial_score_by_fault():
    out, _ = fire(B.NoResultFact(reason="the board was not played"), answer("fault", "none", side="NS"))
    assert only(out, "no_result")["law"] == "12C1"
    assert dues(out) == [("EW", "artificial", "12C1"), ("NS", "artificial", "12C1")]
    assert [(c["side"], c["percent"]) for c in kinds(out, "artificial_adjusted_score")] == [("NS", 60)]
    assert keys(out) == [("fault", "EW")]


def test_12C1_the_no_result_field_reads_its_fault_as_found():
    from helpers import ruling
    r = ruling("""
        id: t
        board: 5
        deal: "N:KQ4.863.AQJ5.K72 765.T52.8432.T53 AJ3.A74.KT9.AQJ4 T982.KQJ9.76.986"
        no_result: {fault: {NS: partial, EW: direct}}
        """)
    assert sorted((c.fields["side"], c.fields["percent"]) for c in r.of_kind("artificial_adjusted_score")) == [
        ("EW", 40), ("NS", 50)]
    assert not r.questions


def test_12C2_both_sides_assigned():
    due = B.AdjustmentDue(side="EW", method="assigned", offenders="NS", law="16A2")
    out, _ = fire(due)
    qs = {c["side"]: c["question"] for c in kinds(out, "question")}
    assert "most favourable" in qs["EW"] and "most unfavourable" in qs["NS"]
    out, _ = fire(due, B.Answer(key="assigned", side="EW", value=-50, text="3D by East, 8 tricks"),
                  B.Answer(key="assigned", side="NS", value=-110, text="3D by East, 9 tricks"))
    got = {c["side"]: c["score"] for c in kinds(out, "assigned_adjusted_score")}
    assert got == {"EW": -50, "NS": -110} and not keys(out)


@pytest.mark.parametrize("percent,imps", [(60, 3), (50, 0), (40, -3)])
def test_12_19_equivalents(percent, imps):
    score = B.ArtificialAdjustedScore(side="NS", percent=percent, fault="x", law="12C1")
    out, _ = fire(score, B.ScoringMethod(method="imps", top=2, others=(110,)))
    assert (only(out, "imps")["imps"], only(out, "imps")["law"]) == (imps, "commentary 12.19(iii)")
    out, _ = fire(score, B.ScoringMethod(method="matchpoints", top=10, others=()))
    assert only(out, "matchpoints")["points"] == percent // 10
    out, _ = fire(score, B.ScoringMethod(method="total_points", top=0, others=()))
    assert not kinds(out, "imps") and not kinds(out, "matchpoints")


# -- 13 ------------------------------------------------------------------------------------------

def pockets(stage="before_play", law14=False, thirteen_c=False, record=False, played_before=False):
    return B.PocketState(discovered="x", stage=stage, counts=(), defective=2, long=1, short=1, law14=law14,
                         thirteen_c=thirteen_c, record=record, played_before=played_before)


def test_13_call_on_a_defective_hand():
    out, _ = fire(pockets(stage="before_play"), called("N", "NS"))
    assert dues(out) == [("EW", "artificial", "13"), ("NS", "artificial", "13")]
    faults = {c["side"]: c["degree"] for c in kinds(out, "fault")}
    assert faults == {"NS": "direct", "EW": "none"}
    assert {c["percent"] for c in kinds(out, "artificial_adjusted_score")} == {40, 60}
    assert not steps(out)  # 13A does not apply once a call was made


def test_13_both_sides_called():
    out, _ = fire(pockets(), called("N", "NS"), called("E", "EW", 12))
    assert {c["side"]: c["degree"] for c in kinds(out, "fault")} == {"NS": "direct", "EW": "direct"}


def test_13_does_not_apply_when_law_14_does():
    out, _ = fire(pockets(law14=True), called("W", "EW", 12))
    assert not dues(out) and not kinds(out, "fault")
    assert ("calls_stand") in steps(out)


@pytest.mark.parametrize("rec,before,step,law", [(True, False, "restore_from_record", "13A1"),
                                                  (False, True, "consult_previous_players", "13A2"),
                                                  (False, False, "redeal", "13A3")])
def test_13A_restore_then_play(rec, before, step, law):
    out, _ = fire(pockets(record=rec, played_before=before))
    got = {c["step"]: c["law"] for c in kinds(out, "procedure")}
    assert got == {step: law, "play_normally": "13A"}


def test_13B_card_seen():
    seen = B.CardsSeen(by="E", of="N", cards=("C9",))
    out, _ = fire(pockets(record=True), seen)
    assert keys(out) == [("information_interferes", None)] and "play_normally" not in steps(out)
    out, _ = fire(pockets(record=True), seen, answer("information_interferes", False))
    assert keys(out) == [("all_agree", None)]
    out, _ = fire(pockets(record=True), seen, answer("information_interferes", False), answer("all_agree", True))
    assert {c["step"]: c["law"] for c in kinds(out, "procedure")}["play_normally"] == "13B1"
    out, _ = fire(pockets(record=True), seen, answer("information_interferes", False), answer("all_agree", False))
    assert dues(out) == [("EW", "artificial", "13B2"), ("NS", "artificial", "13B2")]
    out, _ = fire(pockets(record=True), seen, answer("information_interferes", True))
    assert dues(out) == [("EW", "artificial", "13B2"), ("NS", "artificial", "13B2")]
    assert ("all_agree", None) not in keys(out)


def test_13C_after_play():
    out, _ = fire(pockets(stage="after_play", thirteen_c=True), B.SideHands(side="NS", other="EW", defective=True),
                  B.SideHands(side="EW", other="NS", defective=False))
    assert only(out, "result_cancelled")["law"] == "13C"
    assert {c["side"]: c["degree"] for c in kinds(out, "fault")} == {"NS": "direct", "EW": "none"}
    out, _ = fire(pockets(stage="after_play", thirteen_c=False))
    assert not kinds(out, "result_cancelled")


# -- 14 ------------------------------------------------------------------------------------------

def missing(stage="during_play", found="elsewhere", exposed=False, trick=5, card="D4", entries=None):
    return B.MissingCard(seat="W", card=card, suit=card[0] if card else None, found=found, stage=stage,
                         exposed=exposed, trick=trick, entries=entries)


@pytest.mark.parametrize("stage,found,expect", [
    ("before_play", "elsewhere", {"restore_card": "14A1"}),
    ("before_play", "not_found", {"reconstruct_deal": "14A2", "replace_pack": "commentary 14.5"}),
    ("during_play", "elsewhere", {"restore_card": "14B1", "card_deemed_held": "14B3"}),
    ("during_play", "not_found", {"reconstruct_deal": "14B2", "replace_pack": "commentary 14.5",
                                  "card_deemed_held": "14B3"}),
    ("during_play", "among_played", {}),
    ("during_play", None, {}),
])
def test_14_what_happens_to_the_missing_card(stage, found, expect):
    out, _ = fire(missing(stage=stage, found=found))
    assert {c["step"]: c["law"] for c in kinds(out, "procedure")} == expect
    assert bool(kinds(out, "refer")) is (found == "among_played")


def test_14A_and_14B_search():
    for stage, law in (("before_play", "14A"), ("during_play", "14B")):
        out, _ = fire(pockets(stage=stage, law14=True))
        assert {c["step"]: c["law"] for c in kinds(out, "procedure")} == {"search_missing_card": law}


def revoke(trick, suit="D", index=1):
    return P.Revoke(trick=trick, seat="W", card="S6", suit=suit, side="EW", non_offenders="NS", role="defender",
                    index=index, duty="follow_suit", faced=False, law="61A")


@pytest.mark.parametrize("rev,entries,fires", [
    (revoke(3), None, True), (revoke(6), None, False), (revoke(3, suit="C"), None, False),
    # Found in the trick of the failure: before it when found after his card (T5.2), not when found before it.
    (revoke(5, index=1), 2, True), (revoke(5, index=1), 1, False), (revoke(5, index=1), None, False),
])
def test_14B3_failure_to_play_the_card_before_it_was_found(rev, entries, fires):
    out, _ = fire(missing(trick=5, entries=entries), rev)
    refs = [c for c in kinds(out, "refer") if c["to"] == "61"]
    assert bool(refs) is fires


def test_14B3_exposed_card_and_14_6_after_play():
    out, _ = fire(missing(exposed=True))
    assert [c["to"] for c in kinds(out, "refer")] == ["50"]
    out, _ = fire(pockets(stage="after_play", law14=True), missing(stage="after_play", found=None))
    assert [c["to"] for c in kinds(out, "refer")] == ["6D3"]
    assert only(out, "procedural_penalty_possible")["law"] == "commentary 14.6"


# -- 15 ------------------------------------------------------------------------------------------

def wrong(stage="after_play", before=()):
    return B.WrongBoard(board=17, correct_board=21, stage=stage, played_before=tuple(before) or None,
                        any_played_before=bool(before))


def side_board(side, before):
    return B.SideBoard(side=side, played_before=before)


def test_15A_nobody_had_played_it():
    out, _ = fire(wrong(), side_board("NS", False), side_board("EW", False))
    assert only(out, "result_stands")["law"] == "15A1"
    assert only(out, "director_option")["law"] == "15A2"


def test_15B_a_pair_had_played_it():
    out, _ = fire(wrong(before=("N", "S")), side_board("NS", True), side_board("EW", False))
    cancelled = only(out, "result_cancelled")
    assert cancelled["law"] == "15B" and cancelled["reason"] == "North and South had played the board before"
    assert dues(out) == [("EW", "artificial", "15B")]
    assert [c["side"] for c in kinds(out, "procedure")] == ["NS"]
    assert not kinds(out, "result_stands")


def comparison(compared=True, differs=False):
    return B.AuctionComparison(compared=compared, differs=differs, detail="call 3")


@pytest.mark.parametrize("facts,expect_cancel,step,question", [
    ([comparison(False)], None, "redo_auction", False),
    ([comparison(True, True)], "15C2", None, False),
    ([comparison(True, False)], None, None, True),
    ([comparison(True, False), answer("meaning_differs", True)], "commentary 15.2", None, False),
    ([comparison(True, False), answer("meaning_differs", False)], None, "play_continues", False),
    ([comparison(False), B.Objection(seat="N", reluctant=False)], "15C1", None, False),
    ([comparison(True, False), B.Objection(seat="W", reluctant=True)], "commentary 15.3", None, False),
])
def test_15C(facts, expect_cancel, step, question):
    out, _ = fire(wrong(stage="auction"), *facts)
    cancelled = kinds(out, "result_cancelled")
    assert ([c["law"] for c in cancelled] == [expect_cancel]) if expect_cancel else not cancelled
    got = set(steps(out)) - {"cancel_auction"}
    assert got == ({step} if step else set())
    assert ("cancel_auction" in steps(out))
    assert (("meaning_differs", None) in keys(out)) is question
    if expect_cancel:
        assert dues(out) == [("EW", "artificial", "12A2"), ("NS", "artificial", "12A2")]


# -- 16 -------------------------------------------------------------------------------------------

def episode(channel, how="hesitation", by="N", received_by="S", **kw):
    side = "NS" if received_by in "NS" else "EW"
    base = dict(how=how, channel=channel, by=by, received_by=received_by, side=side,
                other="EW" if side == "NS" else "NS", by_side=None, receiver_offending=None,
                withdrawn_by_offenders=None, reserved_by=None, disputed=False, prohibited=False,
                positions_can_change=False)
    base.update(kw)
    return B.InfoEpisode(**base)


def acted(seat="S"):
    return B.ActionTaken(seat=seat, side="NS", other="EW", action="3S")


@pytest.mark.parametrize("channel,how", [("legal", "call"), ("legal", "play"), ("opponent", "hesitation")])
def test_16_authorized_sources(channel, how):
    out, _ = fire(episode(channel, how=how, by="W"))
    assert only(out, "information")["status"] == "authorized" and not keys(out)


def test_16A_the_questions_in_order():
    ep = [episode("partner"), acted()]
    out, _ = fire(*ep)
    assert keys(out) == [("ui_from_partner", None)]
    out, _ = fire(*ep, answer("ui_from_partner", True))
    assert keys(out) == [("logical_alternative", None)]
    out, _ = fire(*ep, answer("ui_from_partner", True), answer("logical_alternative", True))
    assert keys(out) == [("suggested", None)]
    out, _ = fire(*ep, answer("ui_from_partner", True), answer("logical_alternative", True), answer("suggested", True))
    assert keys(out) == [("damaged", "EW")]
    assert only(out, "irregularity")["what"] == "used_unauthorized_information"
    out, _ = fire(*ep, answer("ui_from_partner", True), answer("logical_alternative", True), answer("suggested", True),
                  answer("damaged", True))
    assert dues(out) == [("EW", "assigned", "16A2"), ("EW", "assigned", "73F1")]


@pytest.mark.parametrize("answers,reason_law", [
    ([("ui_from_partner", False)], "16A"),
    ([("ui_from_partner", True), ("logical_alternative", False)], "16A"),
    ([("ui_from_partner", True), ("logical_alternative", True), ("suggested", False)], "16A"),
    ([("ui_from_partner", True), ("logical_alternative", True), ("suggested", True), ("damaged", False)], "16A2"),
])
def test_16A_any_no_lets_the_result_stand(answers, reason_law):
    out, _ = fire(episode("partner"), acted(), *[answer(k, v) for k, v in answers])
    assert only(out, "result_stands")["law"] == reason_law
    assert not dues(out) and not keys(out)


def test_16A_before_the_receiver_acts():
    out, _ = fire(episode("partner"), answer("ui_from_partner", True))
    assert set(steps(out)) == {"avoid_suggested_alternatives", "continue_and_reserve"} and not keys(out)


def test_16_3_c_mannerism_criteria():
    ep = [episode("partner", how="mannerism"), acted()]
    out, _ = fire(*ep)
    assert keys(out) == [("manner_shown", None)]
    yes = [answer(k, True) for k in ("manner_shown", "arises_from_deal", "differs_from_usual")]
    out, _ = fire(*ep, *yes)
    assert keys(out) == [("conveys_information", None)]
    out, _ = fire(*ep, *yes, answer("conveys_information", True))
    info = only(out, "information")
    assert (info["status"], info["law"]) == ("unauthorized", "16A")
    assert keys(out) == [("logical_alternative", None)]
    out, _ = fire(*ep, answer("manner_shown", True), answer("arises_from_deal", False))
    assert only(out, "information")["status"] == "none" and not keys(out)


@pytest.mark.parametrize("kw,wanted", [(dict(reserved_by="E"), {"right_reserved"}),
                                       # a dispute calls the director now; the reservation still stands (16A1
                                       # makes it subject only to the regulations)
                                       (dict(reserved_by="E", disputed=True), {"right_reserved", "call_director_now"}),
                                       (dict(reserved_by="E", prohibited=True), {"call_director_now"}),
                                       (dict(), set())])
def test_16A1_reserving_rights(kw, wanted):
    out, _ = fire(episode("partner", **kw))
    assert set(steps(out)) == wanted


@pytest.mark.parametrize("kw,asked,wanted", [
    (dict(disputed=None, prohibited=None), [("disputed", "NS"), ("reservation_prohibited", None)], set()),
    (dict(disputed=False, prohibited=None), [("reservation_prohibited", None)], set()),
    (dict(disputed=None, prohibited=False), [("disputed", "NS")], {"right_reserved"}),
    (dict(disputed=True, prohibited=None), [("reservation_prohibited", None)], {"call_director_now"}),
    (dict(disputed=None, prohibited=True), [], {"call_director_now"}),
])
def test_16A1_unknown_facts_are_asked(kw, asked, wanted):
    out, _ = fire(episode("partner", reserved_by="E", by_side="NS", **kw))
    assert [k for k in keys(out) if k[0] != "ui_from_partner"] == asked
    assert set(steps(out)) == wanted
    if asked and asked[-1][0] == "reservation_prohibited":
        assert [c["seat"] for c in kinds(out, "question") if c["key"] == "reservation_prohibited"] == ["E"]


def test_16B1_unknown_positions_are_asked():
    ep = episode("accidental", how="card_seen", by=None, positions_can_change=None)
    out, _ = fire(ep)
    assert keys(out) == [("information_interferes", None)]
    out, _ = fire(ep, answer("information_interferes", True))
    assert keys(out) == [("positions_can_change", None), ("remedy", None)]
    assert "exchange_positions" not in [c["option"] for c in kinds(out, "director_option")]
    out, _ = fire(ep, answer("information_interferes", True), answer("remedy", "adjusted"))
    assert ("positions_can_change", None) not in keys(out)
    out, _ = fire(ep, answer("information_interferes", False))
    assert not keys(out)


def test_16B_accidental_information():
    ep = episode("accidental", how="overheard", by=None)
    out, _ = fire(ep)
    assert keys(out) == [("information_interferes", None)]
    out, _ = fire(ep, answer("information_interferes", False))
    assert steps(out) == ["play_normally"] and not kinds(out, "director_option")
    out, _ = fire(ep, answer("information_interferes", True))
    assert sorted(c["option"] for c in kinds(out, "director_option")) == ["artificial_score", "substitute"]
    assert keys(out) == [("remedy", None)]
    out, _ = fire(episode("accidental", how="card_seen", by=None, positions_can_change=True),
                  answer("information_interferes", True), answer("remedy", "exchange"))
    assert "exchange_positions" in [c["option"] for c in kinds(out, "director_option")]
    assert steps(out) == ["exchange_positions"]
    out, _ = fire(ep, answer("information_interferes", True), answer("remedy", "substitute"))
    assert keys(out) == [("all_agree", None)]
    out, _ = fire(ep, answer("information_interferes", True), answer("remedy", "substitute"), answer("all_agree", True))
    assert steps(out) == ["substitute_player"] and not dues(out)
    out, _ = fire(ep, answer("information_interferes", True), answer("remedy", "substitute"), answer("all_agree", False))
    assert dues(out) == [("EW", "artificial", "16B3"), ("NS", "artificial", "16B3")]
    out, _ = fire(ep, answer("information_interferes", True), answer("remedy", "adjusted"))
    assert dues(out) == [("EW", "artificial", "16B3"), ("NS", "artificial", "16B3")]


@pytest.mark.parametrize("receiver_offending,by_offenders,status,law", [
    (False, True, "authorized", "16C1"), (False, False, "authorized", "16C1"),
    (True, True, "authorized", "16C2"), (True, False, "unauthorized", "16C2")])
def test_16C_withdrawn_actions(receiver_offending, by_offenders, status, law):
    out, _ = fire(episode("withdrawn", how="withdrawn_call", receiver_offending=receiver_offending,
                          withdrawn_by_offenders=by_offenders))
    info = only(out, "information")
    assert (info["status"], info["law"]) == (status, law)


# -- 72B3, 73F2, 75 ------------------------------------------------------------------------------------

def test_72B3_second_revoke_in_the_same_suit():
    out, _ = fire(revoke(4, "C"), revoke(5, "C"))
    assert keys(out) == [("concealment", None)]
    out, _ = fire(revoke(4, "C"), revoke(5, "C"), answer("concealment", True))
    assert [c["what"] for c in kinds(out, "irregularity")] == ["concealed_infraction"]
    out, _ = fire(revoke(4, "C"), revoke(5, "D"))
    assert not keys(out)


def test_73F2_deception():
    ep = [episode("opponent", by="W", received_by="N"), acted("N")]
    out, _ = fire(*ep)
    assert keys(out) == [("false_inference", None)]
    out, _ = fire(*ep, answer("false_inference", True))
    assert keys(out) == [("could_know_benefit", None)]
    out, _ = fire(*ep, answer("false_inference", True), answer("could_know_benefit", True))
    assert keys(out) == [("damaged", "NS")]
    out, _ = fire(*ep, answer("false_inference", True), answer("could_know_benefit", True), answer("damaged", True))
    assert dues(out) == [("NS", "assigned", "73F2")]
    out, _ = fire(*ep, answer("false_inference", True), answer("could_know_benefit", False))
    assert only(out, "result_stands")["law"] == "73F2" and not dues(out)
    out, _ = fire(episode("opponent", by="W", received_by="N"))  # no action taken on it: no 73F2 question
    assert not keys(out)


def explanation(agreement):
    return B.ExplanationFact(call="2D", by="S", explained_by="N", side="NS", other="EW", agreement=agreement)


def test_75_mistaken_call_or_explanation():
    out, _ = fire(explanation("explanation"))
    assert only(out, "result_stands")["law"] == "75"
    assert not [c for c in kinds(out, "irregularity") if c["what"] == "mistaken_explanation"]
    assert only(out, "information")["received_by"] == "S"
    for agreement in ("call", "unknown"):
        out, _ = fire(explanation(agreement))
        assert [c["seat"] for c in kinds(out, "irregularity")] == ["N"]
        assert keys(out) == [("misinformation_damaged", "EW")]
    out, _ = fire(explanation("unknown"), answer("misinformation_damaged", True))
    assert dues(out) == [("EW", "assigned", "75")]


@pytest.mark.parametrize("agreement,presumed", [("call", False), ("unknown", True)])
def test_75_only_an_unknown_agreement_is_a_presumption(agreement, presumed):
    from engine.explain.texts import describe
    out, _ = fire(explanation(agreement))
    irregularity = only(out, "irregularity")
    assert bool(irregularity.get("presumed")) is presumed
    text = describe("irregularity", {"seat": "N", "what": "mistaken_explanation", "presumed": irregularity.get("presumed"),
                                     "law": "75"}, None)
    assert ("presumed" in text) is presumed
    assert text.startswith("North gave a mistaken explanation of the partnership agreement")


def test_every_irregularity_a_rule_names_has_a_sentence():
    """No engine name in a sentence: each ``what`` an Irregularity conclusion can carry has its words."""
    import re
    from pathlib import Path

    from engine.explain.sentences.board import WHAT
    rules = Path(__file__).resolve().parent.parent / "engine" / "rules"
    named = set()
    for path in rules.glob("*.py"):
        for call in re.findall(r"Irregularity\(([^)]*)\)", path.read_text()):
            named.update(re.findall(r'what="([a-z_]+)"', call))
    assert {"illegal_deception", "mistaken_explanation", "did_not_count_cards"} <= named
    assert named <= set(WHAT), sorted(named - set(WHAT))


# -- 78 ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("method,kind", [("matchpoints", "matchpoints"), ("imps", "imps"),
                                          ("total_points", "total_points")])
def test_78_states_each_comparison(method, kind):
    out, _ = fire(B.ScoreComparison(side="NS", method=method, score=420, basis="x", points=5, top=8, difference=30))
    c = only(out, kind)
    assert c["side"] == "NS" and c["law"] == {"matchpoints": "78A", "imps": "78B", "total_points": "78C"}[method]
