"""Unit tests per rule: hand-built table facts in, conclusions out.

Each test states the clause's condition and checks both edges: the rule
fires when the condition holds and not when one part of it fails.
"""
from helpers import fire, first_act, kinds, notice, only, revoke_play, tricks_from

from engine.law import play as F

# A defender (East) fails to follow diamonds in trick 2; East-West's first
# act afterwards is a play to trick 3 (moment 9000); attention at the end.


def established_revoke(trick=2, seat="E", won_by=None, ew_from=2, ns_from=10, extra=()):
    facts = [revoke_play(trick=trick, seat=seat), first_act(trick=trick, seat=seat),
             notice(trick=trick, seat=seat), tricks_from(trick, "EW", ew_from), tricks_from(trick, "NS", ns_from)]
    if won_by:
        facts.append(F.TrickComplete(trick=trick, seat=won_by, card="S9"))
    return facts + list(extra)


# -- 44 ----------------------------------------------------------------------

def test_44_states_each_trick_winner():
    out, _ = fire(F.TrickComplete(trick=1, seat="N", card="HA"), F.TrickComplete(trick=2, seat="W", card="S3"))
    assert sorted((c["trick"], c["seat"]) for c in kinds(out, "trick_won")) == [(1, "N"), (2, "W")]


# -- 61A -----------------------------------------------------------------------

def test_61A_failure_to_follow_while_holding_the_suit_is_a_revoke():
    out, _ = fire(revoke_play())
    r = only(out, "revoke")
    assert (r["trick"], r["seat"], r["card"], r["suit"], r["law"]) == (2, "E", "S2", "D", "61A")


def test_61A_no_revoke_when_void_in_the_suit_led():
    play = revoke_play()
    void = F.CardPlayed(**{**{k: v for k, v in play.items() if not str(k).startswith("__")}, "held_led_suit": False})
    out, _ = fire(void)
    assert not kinds(out, "revoke")


def test_61A_dummy_can_revoke():
    out, _ = fire(revoke_play(seat="N", side="NS", role="dummy"))
    assert only(out, "revoke")["seat"] == "N"


def test_61A_a_substitute_the_law_refused_is_not_a_play():
    play = revoke_play()
    refused = F.CardPlayed(**{**{k: v for k, v in play.items() if not str(k).startswith("__")}, "applied": False})
    out, _ = fire(refused)
    assert not kinds(out, "revoke")


# -- 61B and commentary 61.5 ---------------------------------------------------

def attention(by, asked, by_role, asked_role, trick=2, seat="E", moment=5010):
    return F.AttentionDrawn(event=1, by=by, by_role=by_role, asked=asked, asked_role=asked_role, subject="revoke",
                            trick=trick, seat=seat, at="T2.4", moment=moment)


def test_61B_defender_asking_partner_is_illegal_and_raises_the_information_question():
    out, _ = fire(attention("W", "E", "defender", "defender"))
    q = only(out, "illegal_inquiry")
    assert (q["by"], q["asked"], q["law"]) == ("W", "E", "61B")
    assert only(out, "equity_review")["law"] == "commentary 61.5(iii)"


def test_61B_declarer_may_ask_a_defender():
    out, _ = fire(attention("S", "E", "declarer", "defender"))
    assert not kinds(out, "illegal_inquiry")


def test_61B_defender_may_ask_declarer():
    out, _ = fire(attention("W", "S", "defender", "declarer", seat="S"))
    assert not kinds(out, "illegal_inquiry")


def test_61_5_iv_dummy_asking_a_defender_is_improper_but_not_61B():
    out, _ = fire(attention("N", "E", "dummy", "defender"))
    assert only(out, "illegal_inquiry")["law"] == "commentary 61.5(iv)"


def test_61B_dummy_may_ask_declarer():
    out, _ = fire(attention("N", "S", "dummy", "declarer", seat="S"))
    assert not kinds(out, "illegal_inquiry")


# -- 63A -----------------------------------------------------------------------

def test_63A1_play_to_the_next_trick_before_attention_establishes():
    out, _ = fire(revoke_play(), first_act(act="play", moment=9000), notice(moment=60000))
    assert only(out, "revoke_established")["law"] == "63A1"


def test_63A1_attention_before_the_offenders_play_does_not_establish():
    out, _ = fire(revoke_play(), first_act(act="play", moment=9000), notice(moment=8010, deemed=False, by="S"))
    assert not kinds(out, "revoke_established")
    assert only(out, "revoke_must_be_corrected")["law"] == "62A"


def test_63A2_designation_establishes():
    out, _ = fire(revoke_play(), first_act(act="designation", moment=8500), notice())
    assert only(out, "revoke_established")["law"] == "63A2"


def test_63A3_claim_and_agreement_establish():
    for act in ("claim", "concession", "claim_agreed", "concession_agreed"):
        out, _ = fire(revoke_play(), first_act(act=act, moment=8500), notice())
        assert only(out, "revoke_established")["law"] == "63A3", act


def test_63A_nothing_done_by_the_offenders_leaves_it_unestablished():
    out, _ = fire(revoke_play(), first_act(act="none", moment=10 ** 9), notice())
    assert not kinds(out, "revoke_established")
    assert only(out, "revoke_must_be_corrected")["law"] == "62A"


def test_63A4_partners_question_establishes_at_once():
    out, _ = fire(revoke_play(), first_act(act="play", moment=9000),
                  notice(moment=5010, deemed=False, by="W", asked="E"), attention("W", "E", "defender", "defender"))
    assert only(out, "revoke_established")["law"] == "63A4"
    assert not kinds(out, "revoke_must_be_corrected")


def test_63A4_dummys_question_does_not_establish():
    out, _ = fire(revoke_play(), first_act(act="play", moment=9000),
                  notice(moment=5010, deemed=False, by="N", asked="E"), attention("N", "E", "dummy", "defender"))
    assert not kinds(out, "revoke_established")
    assert only(out, "revoke_must_be_corrected")["law"] == "62A"


# -- 63B -----------------------------------------------------------------------

def withdrawal(trick=2, seat="E", card="S2", substitute="D5", role="defender", side="EW", concealed=True,
               original_index=1, index=4, moment=6001):
    return F.Withdrawal(trick=trick, seat=seat, side=side, role=role, card=card, substitute=substitute,
                        original_index=original_index, index=index, concealed=concealed, applied=True,
                        by_director=False, at="T2.4", moment=moment)


def test_63B_established_trick_stands_and_correction_refused():
    out, _ = fire(*established_revoke(), withdrawal())
    assert only(out, "trick_stands")["trick"] == 2
    assert only(out, "correction_not_allowed")["card"] == "D5"
    assert not kinds(out, "penalty_card")  # only after a 63A4 question (61.5(ii))


def test_61_5_ii_card_shown_after_the_question_is_a_major_penalty_card():
    out, _ = fire(revoke_play(), first_act(act="play", moment=9000),
                  notice(moment=5010, deemed=False, by="W", asked="E"), attention("W", "E", "defender", "defender"),
                  withdrawal(), tricks_from(2, "EW", 1), tricks_from(2, "NS", 12))
    p = only(out, "penalty_card")
    assert (p["seat"], p["card"], p["type"], p["law"]) == ("E", "D5", "major", "commentary 61.5(ii)")


# -- 62 ------------------------------------------------------------------------

def corrected(role="defender", seat="E", side="EW", concealed=True, extra=()):
    return [revoke_play(seat=seat, side=side, role=role), first_act(seat=seat, act="play", moment=9000),
            notice(seat=seat, moment=5010, deemed=False, by="S"),
            withdrawal(seat=seat, side=side, role=role, concealed=concealed), *extra]


def test_62B1_defenders_withdrawn_card_is_a_major_penalty_card():
    out, _ = fire(*corrected())
    assert only(out, "revoke_corrected")["card"] == "D5"
    p = only(out, "penalty_card")
    assert (p["seat"], p["card"], p["type"], p["law"]) == ("E", "S2", "major", "62B1")


def test_62B2_declarers_card_goes_back_without_penalty():
    out, _ = fire(*corrected(role="declarer", seat="S", side="NS", concealed=False))
    assert only(out, "card_withdrawn")["law"] == "62B2"
    assert not kinds(out, "penalty_card")


def test_62B2_dummys_card_goes_back_without_penalty():
    out, _ = fire(*corrected(role="dummy", seat="N", side="NS", concealed=False))
    assert only(out, "card_withdrawn")["law"] == "62B2"
    assert not kinds(out, "penalty_card")


def test_62B2_defenders_exposed_card_goes_back_without_penalty():
    out, _ = fire(*corrected(concealed=False))
    assert only(out, "card_withdrawn")["law"] == "62B2"
    assert not kinds(out, "penalty_card")


def test_62A_without_a_recorded_correction_says_it_must_be_corrected():
    out, _ = fire(revoke_play(), first_act(moment=9000), notice(moment=5010, deemed=False, by="S"))
    assert only(out, "revoke_must_be_corrected")["law"] == "62A"
    assert not kinds(out, "revoke_corrected")


def test_62C1_and_62C2_withdrawals_after_the_revoke():
    south = withdrawal(seat="S", side="NS", role="declarer", card="D9", substitute="DK", original_index=2,
                       index=5, concealed=False, moment=6002)
    west = withdrawal(seat="W", side="EW", role="defender", card="D3", substitute="D4", original_index=3,
                      index=6, moment=6003)
    out, _ = fire(*corrected(extra=(south, west)))
    withdrawn = {(c["seat"], c["law"]) for c in kinds(out, "card_withdrawn")}
    assert ("S", "62C1") in withdrawn and ("W", "62C2") in withdrawn
    assert {(c["seat"], c["card"], c["law"]) for c in kinds(out, "penalty_card")} == {
        ("E", "S2", "62B1"), ("W", "D3", "62C2")}
    assert any(c["law"] == "commentary 62.4" for c in kinds(out, "equity_review"))


def test_62C2_partner_may_not_take_back_unless_a_non_offender_did():
    west = withdrawal(seat="W", side="EW", role="defender", card="D3", substitute="D4", original_index=3,
                      index=5, moment=6003)
    out, _ = fire(*corrected(extra=(west,)))
    assert not [c for c in kinds(out, "card_withdrawn") if c["seat"] == "W"]


def test_62C1_a_card_played_before_the_revoke_is_not_covered():
    north = withdrawal(seat="N", side="NS", role="dummy", card="D9", substitute="DK", original_index=0,
                       index=5, concealed=False, moment=6002)
    out, _ = fire(*corrected(extra=(north,)))
    assert not [c for c in kinds(out, "card_withdrawn") if c["seat"] == "N"]


def test_62D1_trick_12_revoke_corrected_though_established_before_hands_returned():
    out, _ = fire(*established_revoke(trick=12, ew_from=1, ns_from=1))
    assert only(out, "revoke_must_be_corrected")["law"] == "62D1"
    assert not kinds(out, "trick_stands")  # 62D1 overrides 63B
    assert only(out, "no_revoke_penalty")["law"] == "64B6"


def test_62D1_not_after_hands_returned():
    facts = [revoke_play(trick=12), first_act(trick=12), notice(trick=12, after_hands_returned=True),
             tricks_from(12, "EW", 1), tricks_from(12, "NS", 1)]
    out, _ = fire(*facts)
    assert not kinds(out, "revoke_must_be_corrected")
    assert only(out, "trick_stands")["trick"] == 12
    assert only(out, "no_revoke_penalty")["law"] == "64B6"
    assert kinds(out, "equity_review")


def test_62D2_declarer_chooses_partners_card_when_both_are_legal():
    facts = established_revoke(trick=12, ew_from=1, ns_from=1) + [
        F.ContractFact(contract="4S", declarer="S", dummy="N"),
        F.Holding(trick=12, seat="W", cards=("HA", "C2"), suits=2, legal=2, index=3)]
    out, _ = fire(*facts)
    o = only(out, "option")
    assert (o["by"], o["seat"], o["option"], o["law"]) == ("S", "W", "designate_partner_card", "62D2")


def test_62D2_not_when_partner_must_follow():
    facts = established_revoke(trick=12, ew_from=1, ns_from=1) + [
        F.ContractFact(contract="4S", declarer="S", dummy="N"),
        F.Holding(trick=12, seat="W", cards=("D4", "C2"), suits=2, legal=1, index=3)]
    out, _ = fire(*facts)
    assert not kinds(out, "option")


def test_62D2_not_when_partner_had_played_before_the_revoke():
    facts = established_revoke(trick=12, ew_from=1, ns_from=1) + [
        F.ContractFact(contract="4S", declarer="S", dummy="N"),
        F.Holding(trick=12, seat="W", cards=("HA", "C2"), suits=2, legal=2, index=0)]
    out, _ = fire(*facts)
    assert not kinds(out, "option")


# -- 64A -----------------------------------------------------------------------

def transfer(out):
    t = only(out, "trick_transfer")
    return t["tricks"], t["to"], t["law"]


def test_64A1_offender_won_revoke_trick_and_side_won_later():
    out, _ = fire(*established_revoke(won_by="E", ew_from=3))
    assert transfer(out) == (2, "NS", "64A1")


def test_64A1_offender_won_only_the_revoke_trick():
    out, _ = fire(*established_revoke(won_by="E", ew_from=1))
    assert transfer(out) == (1, "NS", "64A1")


def test_64A2_partner_won_the_revoke_trick():
    out, _ = fire(*established_revoke(won_by="W", ew_from=1))
    assert transfer(out) == (1, "NS", "64A2")


def test_64A2_one_trick_when_side_won_a_later_trick():
    out, _ = fire(*established_revoke(won_by="S", ew_from=3))
    assert transfer(out) == (1, "NS", "64A2")


def test_64A2_second_trick_for_a_later_win_with_a_legal_card():
    extra = [F.LegalAlternative(trick=2, seat="E", card="DK", played_later=True),
             F.TrickComplete(trick=7, seat="E", card="DK")]
    out, _ = fire(*established_revoke(won_by="S", ew_from=3, extra=extra))
    w = only(out, "legal_card_win")
    assert (w["won_trick"], w["card"]) == (7, "DK")
    assert transfer(out) == (2, "NS", "64A2")


def test_64A2_later_win_with_a_card_of_another_suit_gives_one_trick():
    extra = [F.LegalAlternative(trick=2, seat="E", card="DK", played_later=True),
             F.TrickComplete(trick=7, seat="E", card="HA")]
    out, _ = fire(*established_revoke(won_by="S", ew_from=3, extra=extra))
    assert not kinds(out, "legal_card_win")
    assert transfer(out) == (1, "NS", "64A2")


def test_64A2_legal_card_win_by_partner_does_not_count():
    extra = [F.LegalAlternative(trick=2, seat="E", card="DK", played_later=True),
             F.TrickComplete(trick=7, seat="W", card="DK")]
    out, _ = fire(*established_revoke(won_by="S", ew_from=3, extra=extra))
    assert transfer(out) == (1, "NS", "64A2")


def test_64_6_bound_one_trick_when_the_legal_card_trick_is_the_only_one():
    extra = [F.LegalAlternative(trick=2, seat="E", card="DK", played_later=True),
             F.TrickComplete(trick=7, seat="E", card="DK")]
    out, _ = fire(*established_revoke(won_by="S", ew_from=1, extra=extra))
    assert transfer(out) == (1, "NS", "64A2")


def test_64_6_tricks_outside_the_record_raise_a_question():
    extra = [F.LegalAlternative(trick=2, seat="E", card="DK", played_later=False),
             F.OutsideRecord(side="EW", count=2, how="claim")]
    out, _ = fire(*established_revoke(won_by="S", ew_from=3, extra=extra))
    assert transfer(out) == (1, "NS", "64A2")
    assert any(c["law"] == "commentary 64.6" for c in kinds(out, "equity_review"))


# -- 64B -----------------------------------------------------------------------

def no_penalty(out):
    assert not kinds(out, "trick_transfer")
    return {c["law"] for c in kinds(out, "no_revoke_penalty")}


def test_64B1_offenders_won_nothing_from_the_revoke_on():
    out, _ = fire(*established_revoke(won_by="S", ew_from=0))
    assert no_penalty(out) == {"64B1"}


def test_64B2_second_revoke_same_suit_same_player():
    facts = established_revoke(trick=5, won_by="S", ew_from=3)
    facts += [revoke_play(trick=2, card="S3"), first_act(trick=2), notice(trick=2), tricks_from(2, "EW", 3),
              tricks_from(2, "NS", 8)]
    out, _ = fire(*facts)
    assert {c["trick"] for c in kinds(out, "trick_transfer")} == {2}
    assert {(c["trick"], c["law"]) for c in kinds(out, "no_revoke_penalty")} == {(5, "64B2")}


def test_64B2_not_for_a_different_suit():
    facts = established_revoke(trick=5, won_by="S", ew_from=3)
    facts += [revoke_play(trick=2, card="S3", led="H"), first_act(trick=2), notice(trick=2),
              tricks_from(2, "EW", 3), tricks_from(2, "NS", 8)]
    out, _ = fire(*facts)
    assert {c["trick"] for c in kinds(out, "trick_transfer")} == {2, 5}


def test_64B3_dummys_revoke():
    facts = [revoke_play(seat="N", side="NS", role="dummy"), first_act(seat="N"), notice(seat="N"),
             tricks_from(2, "NS", 9), tricks_from(2, "EW", 3)]
    out, _ = fire(*facts)
    assert no_penalty(out) == {"64B3"}
    assert kinds(out, "equity_review")


def test_64B4_follows_the_law_text_non_offending_side():
    out, _ = fire(*established_revoke(won_by="E", ew_from=3)[:2],
                  notice(after_call_by_non_offenders=True, after_hands_returned=True),
                  tricks_from(2, "EW", 3), tricks_from(2, "NS", 10), F.TrickComplete(trick=2, seat="E", card="S9"))
    assert no_penalty(out) == {"64B4"}


def test_64B4_call_by_the_offending_side_does_not_exempt():
    out, _ = fire(*established_revoke(won_by="E", ew_from=3)[:2],
                  notice(after_call_by_offenders=True, after_hands_returned=True),
                  tricks_from(2, "EW", 3), tricks_from(2, "NS", 10), F.TrickComplete(trick=2, seat="E", card="S9"))
    assert transfer(out) == (2, "NS", "64A1")


def test_64B5_after_the_round_ended():
    out, _ = fire(*established_revoke(won_by="E", ew_from=3)[:2], notice(after_round_end=True),
                  tricks_from(2, "EW", 3), tricks_from(2, "NS", 10))
    assert no_penalty(out) == {"64B5"}


def test_64B6_trick_12():
    out, _ = fire(*established_revoke(trick=12, won_by="E", ew_from=2))
    assert "64B6" in no_penalty(out)


# -- 64C -----------------------------------------------------------------------

def test_64C_every_established_revoke_gets_an_equity_question():
    out, _ = fire(*established_revoke(won_by="E", ew_from=3, ns_from=9))
    assert only(out, "equity_review")["law"] == "64C"
    out, _ = fire(*established_revoke(won_by="S", ew_from=0))
    assert only(out, "equity_review")["law"] == "64C"


def test_64C_says_so_when_the_record_rules_out_damage():
    """Trick 2 on: East-West won 2 tricks, both transferred (64A1): North-South have all 12 tricks from the
    revoke on, so the revoke cannot have cost them one; no equity question for that revoke."""
    out, _ = fire(*established_revoke(won_by="E", ew_from=2, ns_from=10))
    assert only(out, "trick_transfer")["tricks"] == 2
    settled = only(out, "no_damage_possible")
    assert (settled["trick"], settled["seat"], settled["side"], settled["law"]) == (2, "E", "NS", "64C")
    assert not kinds(out, "equity_review")
    out, _ = fire(*established_revoke(won_by="S", ew_from=0, ns_from=12))  # 64B1, NS took every trick
    assert only(out, "no_damage_possible")["law"] == "64C" and not kinds(out, "equity_review")


def test_64C_not_for_a_corrected_revoke():
    out, _ = fire(*corrected())
    assert not [c for c in kinds(out, "equity_review") if c["law"] == "64C"]


def test_61B_is_about_revoke_questions_only():
    other = F.AttentionDrawn(event=1, by="N", by_role="dummy", asked="E", asked_role="defender",
                             subject="defective_trick", trick=2, seat="E", at="T2.4", moment=5010)
    out, _ = fire(other)
    assert not kinds(out, "illegal_inquiry")
