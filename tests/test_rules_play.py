"""Unit tests per rule for Laws 47-60 and 65-67: hand-built table facts in, conclusions out."""
import pytest
from helpers import fire, kinds, notice, only

from engine.law import play as F

DECLARER = F.ContractFact(contract="3NT", declarer="S", dummy="N")


def loot(fate=None, seat="E", trick=1, role="defender", opening=True, proper="W", proper_role="defender",
         chooser="S", card="HK", withdrawn=None, after_refused=False):
    return F.LeadOutOfTurnFact(trick=trick, seat=seat, card=card, proper=proper, role=role, proper_role=proper_role,
                               chooser=chooser, opening=opening, fate=fate, after_refused_declarer_lead=after_refused,
                               at=f"T{trick}.0", moment=trick * 4000 + 1000, withdrawn=withdrawn)


def exposure(how, card="H7", seat="E", role="defender", late=False, moment=3010, alone=True):
    return F.ExposureFact(seat=seat, card=card, how=how, role=role, honour=card[1] in "AKQJT", trick=2, late=late,
                          alone=alone, at="T2.1", moment=moment)


def laws(out, kind):
    return sorted(c["law"] for c in kinds(out, kind))


# -- 49 / 50C: exposed cards ------------------------------------------------------

@pytest.mark.parametrize("how,card,kind,law", [
    ("dropped", "H7", "minor", "50C"), ("dropped", "HT", "major", "50C"), ("dropped", "HQ", "major", "50C"),
    ("shown", "H7", "major", "49"), ("named", "H2", "major", "49"), ("deliberate", "C3", "major", "49"),
])
def test_49_defenders_exposed_card_is_a_penalty_card_of_the_right_type(how, card, kind, law):
    out, _ = fire(exposure(how, card))
    p = only(out, "penalty_card")
    assert (p["card"], p["type"], p["law"]) == (card, kind, law)
    assert only(out, "obligation")["duty"] == ("minor_penalty_card" if kind == "minor" else "play_penalty_card")
    assert only(out, "equity_review")["law"] == "50A"


def test_48A_declarers_exposed_card_is_no_penalty_card():
    out, _ = fire(exposure("dropped", seat="S", role="declarer"))
    assert not kinds(out, "penalty_card")
    assert only(out, "no_rectification")["law"] == "48A"


def test_50C_two_small_cards_dropped_together_are_both_major_at_once():
    out, _ = fire(exposure("dropped", "H7", alone=False), exposure("dropped", "C3", moment=3020, alone=False))
    assert {(c["card"], c["type"]) for c in kinds(out, "penalty_card")} == {("H7", "major"), ("C3", "major")}


def test_50C_a_second_penalty_card_makes_the_first_major():
    out, _ = fire(exposure("dropped", "H7"), exposure("dropped", "C3", moment=9020, alone=False),
                  F.PenaltyCardsTogether(seat="E", cards=("C3", "H7"), moment=9021))
    h7 = sorted((c["type"], c["law"]) for c in kinds(out, "penalty_card") if c["card"] == "H7")
    assert h7 == [("major", "50C"), ("minor", "50C")]


def test_58B2_simultaneous_small_card_minor_and_67B2_when_found_late():
    out, _ = fire(exposure("simultaneous", "H7"))
    assert (only(out, "penalty_card")["law"], only(out, "penalty_card")["type"]) == ("58B2", "minor")
    out, _ = fire(exposure("simultaneous", "HK", late=True))
    assert (only(out, "penalty_card")["law"], only(out, "penalty_card")["type"]) == ("67B2", "major")


# -- 48B2 -----------------------------------------------------------------------------

def test_48B2_declarer_facing_his_hand_mid_play_is_a_claim():
    out, _ = fire(F.HandFacedFact(by="S", role="declarer", after_opening_lead_out_of_turn=False, at="T5.0",
                                  moment=17010))
    assert only(out, "treated_as_claim")["seat"] == "S"
    out, _ = fire(F.HandFacedFact(by="S", role="declarer", after_opening_lead_out_of_turn=True, at="T1.1",
                                  moment=1010))
    assert not kinds(out, "treated_as_claim")


# -- 50E2 / 51B: partner on lead ----------------------------------------------------------

def lead_point(cards=("HK",), trick=2):
    suits = sorted({c[0] for c in cards})
    return (F.LeadPointFact(trick=trick, leader="W", offender="E", declarer="S", cards=cards, count=len(cards),
                            suits=len(suits), suit=suits[0] if len(suits) == 1 else None, at=f"T{trick}.0",
                            moment=trick * 4000 - 1),
            *[F.LeadPointCard(trick=trick, offender="E", card=c, suit=c[0]) for c in cards])


def chosen(option, suit=None, card=None, trick=2, moment=8005):
    return F.OptionChosenFact(by="S", option=option, suit=suit, card=card, trick=trick, at=f"T{trick}.0",
                              moment=moment)


def test_50E2_three_options_for_one_penalty_card():
    out, _ = fire(*lead_point())
    assert sorted((c["option"], c.get("suit")) for c in kinds(out, "option")) == [
        ("forbid_lead", "H"), ("no_lead_restriction", None), ("require_lead", "H")]


def test_50E2a_require_lifts_the_card_and_binds_the_leader():
    out, _ = fire(*lead_point(), chosen("require_lead", "H"))
    o = only(out, "obligation")
    assert (o["seat"], o["duty"], o["suit"], o["law"]) == ("W", "lead_suit", "H", "50E2a")
    assert only(out, "penalty_card_lifted")["card"] == "HK"


def test_50E2b_no_restriction_leaves_the_card():
    out, _ = fire(*lead_point(), chosen("no_lead_restriction"))
    assert not kinds(out, "penalty_card_lifted")
    assert only(out, "obligation")["law"] == "50E2b"


def test_51B1_two_cards_one_suit_require_picks_up_both():
    out, _ = fire(*lead_point(("HK", "H7")), chosen("require_lead", "H"))
    assert sorted(c["card"] for c in kinds(out, "penalty_card_lifted")) == ["H7", "HK"]
    assert laws(out, "option") == ["50E2b", "51B1a", "51B1b"]


def test_51B2_cards_in_two_suits_options_per_suit():
    out, _ = fire(*lead_point(("HK", "C7")))
    assert sorted((c["option"], c.get("suit"), c["law"]) for c in kinds(out, "option")) == [
        ("forbid_lead", "C", "51B2b"), ("forbid_lead", "H", "51B2b"), ("no_lead_restriction", None, "50E2b"),
        ("require_lead", "C", "51B2a"), ("require_lead", "H", "51B2a")]
    out, _ = fire(*lead_point(("HK", "C7")), chosen("forbid_lead", "C"))
    assert [(c["card"], c["law"]) for c in kinds(out, "penalty_card_lifted")] == [("C7", "51B2b")]


def test_51A_declarer_names_the_penalty_card():
    cp = F.ChoicePointFact(trick=3, seat="E", declarer="S", cards=("H7", "HK"), at="T3.1", moment=10999)
    out, _ = fire(cp)
    assert sorted(c["card"] for c in kinds(out, "option")) == ["H7", "HK"]
    out, _ = fire(cp, chosen("designate_penalty_card", card="H7", trick=3, moment=10500))
    assert (only(out, "obligation")["duty"], only(out, "obligation")["card"]) == ("play_card", "H7")


# -- 52 --------------------------------------------------------------------------------

def penalty_revoke(**kw):
    return F.DutyBreach(trick=4, seat="E", side="EW", role="defender", card="C2", duty="play_penalty_card",
                        suit="H", faced=True, source="penalty card HK (56, T1.1)", index=1, at="T4.1",
                        moment=14000)


def test_52B1b_declarer_must_accept_once_he_played_after():
    out, _ = fire(penalty_revoke(), F.NonOffenderPlay(trick=4, seat="E", moment=15000, at="T4.2"),
                  notice(trick=4, seat="E", moment=60000), F.FirstAct(trick=4, seat="E", act="play", by="W",
                                                                       card=None, at="T5.0", moment=17000))
    assert only(out, "play_accepted")["law"] == "52B1b"
    assert not kinds(out, "option")
    assert not kinds(out, "revoke_must_be_corrected")


def test_52B_options_when_noticed_at_once_and_52B2_chosen():
    base = [penalty_revoke(), notice(trick=4, seat="E", moment=14010, deemed=False, by="S"),
            F.FirstAct(trick=4, seat="E", act="play", by="W", card=None, at="T5.0", moment=17000), DECLARER]
    out, _ = fire(*base)
    assert sorted(c["option"] for c in kinds(out, "option")) == ["accept_play", "require_penalty_card"]
    withdrawal = F.Withdrawal(trick=4, seat="E", side="EW", role="defender", card="C2", substitute="HK",
                              original_index=1, index=4, concealed=True, applied=True, by_director=False,
                              at="T4.4", moment=14020)
    out, _ = fire(*base, withdrawal, chosen("require_penalty_card", trick=4, moment=14015))
    assert ("C2", "52B2") in {(c["card"], c["law"]) for c in kinds(out, "penalty_card")}


def test_52A_gives_way_to_the_62_correction_of_a_failure_to_follow_suit():
    # East discards C2 on a heart lead holding the penalty card HK (and so the suit led), and puts HK on the
    # trick before anyone plays to the next: a revoke he must correct (62A); the correction stands (62B).
    from helpers import revoke_play
    withdrawal = F.Withdrawal(trick=4, seat="E", side="EW", role="defender", card="C2", substitute="HK",
                              original_index=1, index=2, concealed=True, applied=True, by_director=False,
                              at="T4.2", moment=14020)
    facts = [penalty_revoke(), revoke_play(trick=4, seat="E", card="C2", led="H", moment=14000), withdrawal,
             notice(trick=4, seat="E", moment=14010, deemed=False, by="S"),
             F.FirstAct(trick=4, seat="E", act="play", by="W", card=None, at="T5.0", moment=17000), DECLARER]
    out, _ = fire(*facts)
    assert only(out, "revoke_corrected")["card"] == "HK"
    assert ("C2", "62B1") in {(c["card"], c["law"]) for c in kinds(out, "penalty_card")}
    assert not kinds(out, "retraction_not_allowed")
    assert not kinds(out, "option")
    # Void in the suit led, the same substitution is his own taking back of a card, which 52A forbids.
    out, _ = fire(*[f for f in facts if f.kind != "card_played"])
    assert only(out, "retraction_not_allowed")["law"] == "52A"


def test_64B3_established_failure_to_play_a_penalty_card_costs_no_trick():
    out, _ = fire(penalty_revoke(), notice(trick=4, seat="E"), F.TricksFrom(trick=4, side="EW", count=3),
                  F.TricksFrom(trick=4, side="NS", count=7),
                  F.FirstAct(trick=4, seat="E", act="play", by="W", card=None, at="T5.0", moment=17000))
    assert "64B3" in laws(out, "no_revoke_penalty")
    assert not kinds(out, "trick_transfer")


# -- 53-56: leads out of turn --------------------------------------------------------------

def test_54_opening_lead_out_of_turn_options_and_refusal():
    out, _ = fire(loot(), DECLARER)
    assert only(out, "lead_out_of_turn")["law"] == "54"
    assert sorted((c["option"], c["law"]) for c in kinds(out, "option")) == [
        ("accept_lead", "54B"), ("refuse_lead", "54D"), ("spread_hand", "54A")]
    out, _ = fire(loot(fate="refused", withdrawn=1011), DECLARER)
    assert only(out, "penalty_card")["law"] == "56" and only(out, "penalty_card")["type"] == "major"
    assert only(out, "card_withdrawn")["law"] == "54D"


def test_54C_declarer_who_saw_dummy_must_accept():
    out, _ = fire(loot(), DECLARER, F.DummySeenFact(by="S", trick=1, at="T1.1", moment=1010))
    assert only(out, "lead_accepted")["law"] == "54C"
    assert [c["option"] for c in kinds(out, "option")] == ["accept_lead"]


def test_54A_declarer_faces_his_hand():
    out, _ = fire(loot(fate="spread"), DECLARER)
    r = only(out, "roles_switched")
    assert (r["declarer"], r["dummy"]) == ("N", "S")


def test_53A_accepted_by_the_next_player_lists_no_options():
    out, _ = fire(loot(fate="accepted_play", trick=5, opening=False, proper="N", proper_role="dummy"))
    assert only(out, "lead_accepted")["law"] == "53A"
    assert not kinds(out, "option")


def test_53C_proper_lead_displaces_the_wrong_one():
    out, _ = fire(loot(fate="proper_lead", trick=5, opening=False, proper="N", proper_role="dummy"))
    assert only(out, "proper_lead_stands")["seat"] == "N"
    assert only(out, "card_withdrawn")["law"] == "53C"
    assert any(c["law"] == "47F" for c in kinds(out, "equity_review"))
    assert not kinds(out, "penalty_card")


def test_53C_every_card_played_in_error_goes_back_without_penalty():
    out, _ = fire(loot(fate="proper_lead", trick=5, opening=False, proper="N", proper_role="dummy"),
                  F.PlayedToDisplacedLead(trick=5, seat="W", card="H9", role="defender", at="T5.1", moment=21001))
    back = sorted((c["seat"], c["card"], c["law"]) for c in kinds(out, "card_withdrawn"))
    assert back == [("E", "HK", "53C"), ("W", "H9", "53C")]
    assert not kinds(out, "penalty_card")


def test_54C_a_refusal_declarer_may_not_make_has_no_effect():
    refusal = F.OptionChosenFact(by="S", option="refuse_lead", suit=None, card=None, trick=1, at="T1.1", moment=1020)
    seen = F.DummySeenFact(by="S", trick=1, at="T1.1", moment=1010)
    out, _ = fire(loot(fate="refused", withdrawn=1020), seen, refusal)
    void = only(out, "option_without_effect")
    assert (void["by"], void["option"], void["seat"], void["moment"], void["law"]) == ("S", "refuse_lead", "E", 1020,
                                                                                         "54C")
    # Without the sight of dummy the refusal is declarer's right (54D with 56).
    out, _ = fire(loot(fate="refused", withdrawn=1020), refusal)
    assert not kinds(out, "option_without_effect")
    assert only(out, "penalty_card")["law"] == "56"


def test_55B1_and_55B2_declarers_lead_refused_without_penalty():
    out, _ = fire(loot(fate="refused", trick=5, seat="S", role="declarer", opening=False, proper="W",
                       proper_role="defender", chooser="W", withdrawn=17011))
    assert only(out, "card_withdrawn")["law"] == "55B1" and not kinds(out, "penalty_card")
    assert any(c["law"] == "55C" for c in kinds(out, "equity_review"))
    out, _ = fire(loot(fate="refused", trick=5, seat="S", role="declarer", opening=False, proper="N",
                       proper_role="dummy", chooser="W", withdrawn=17011))
    assert only(out, "card_withdrawn")["law"] == "55B2"


def test_55A_declarers_lead_accepted():
    out, _ = fire(loot(fate="accepted_statement", trick=5, seat="N", role="dummy", opening=False, proper="S",
                       proper_role="declarer", chooser="E"))
    assert only(out, "lead_accepted")["law"] == "55A"


def test_53B_wrong_defender_plays_to_declarers_lead():
    out, _ = fire(loot(fate="wrong_defender", trick=5, seat="S", role="declarer", opening=False, proper="N",
                       proper_role="dummy", chooser="W"))
    assert only(out, "lead_accepted")["law"] == "53B"


def test_60B_defender_plays_before_declarers_proper_lead():
    out, _ = fire(loot(trick=5, seat="E", fate="early", opening=False, proper="N", proper_role="dummy",
                       after_refused=True))
    assert only(out, "penalty_card")["law"] == "60B"


# -- 57 / 60A ---------------------------------------------------------------------------------

def premature(both=False, lho=False, lead=False):
    return F.PrematureFact(trick=3, seat="E", card="H9", fate=None, lead=lead, partner="W", declarer="S",
                           since=9000, declarer_played_both=both, lho_played=lho, at="T3.1", moment=9000,
                           withdrawn=None)


def test_57A_premature_play_penalty_card_and_three_options():
    out, _ = fire(premature())
    assert only(out, "premature_play")["seat"] == "E"
    assert only(out, "penalty_card")["law"] == "57A"
    assert sorted((c["option"], c["law"], c["seat"]) for c in kinds(out, "option")) == [
        ("forbid_suit", "57A3", "W"), ("play_highest", "57A1", "W"), ("play_lowest", "57A2", "W")]


@pytest.mark.parametrize("option,duty,law", [("play_highest", "play_highest", "57A1"),
                                               ("play_lowest", "play_lowest", "57A2")])
def test_57A_choice_binds_partner(option, duty, law):
    out, _ = fire(premature(), chosen(option, trick=3, moment=9010))
    ob = [c for c in kinds(out, "obligation") if c["seat"] == "W"]
    assert [(c["duty"], c["law"], c["trick"]) for c in ob] == [(duty, law, 3)]


def test_57C_no_penalty_when_declarer_played_both_hands():  # nor a premature play at all
    out, _ = fire(premature(both=True))
    assert only(out, "no_rectification")["law"] == "57C"
    assert not kinds(out, "premature_play") and not kinds(out, "penalty_card")


def test_60A1_declarer_played_on_forfeits():
    out, _ = fire(premature(lho=True))
    assert only(out, "rectification_forfeited")["law"] == "60A1"
    assert only(out, "no_rectification")["law"] == "60A2"
    assert not kinds(out, "penalty_card")


@pytest.mark.parametrize("duty,law", [("play_highest", "57B"), ("lead_suit", "59"), ("not_lead_suit", "59")])
def test_inability_is_no_revoke(duty, law):
    out, _ = fire(F.InabilityFact(trick=3, seat="W", card="C2", duty=duty, at="T3.2"))
    assert only(out, "cannot_comply")["law"] == law
    assert not kinds(out, "revoke")


# -- 47 -------------------------------------------------------------------------------------

def replacement(after=False):
    return F.Replacement(trick=6, seat="E", role="defender", card="H3", substitute="H9", index=4,
                         after_opponent_change=after, dummy_after_opening_lead=False, at="T6.4", moment=23010)


def test_47G_a_retraction_no_law_allows():
    out, _ = fire(replacement())
    assert only(out, "retraction_not_allowed")["card"] == "H9"
    assert (only(out, "penalty_card")["card"], only(out, "penalty_card")["law"]) == ("H9", "49")


def test_47D_after_an_opponents_change():
    out, _ = fire(replacement(after=True))
    assert only(out, "card_withdrawn")["law"] == "47D"
    assert not kinds(out, "retraction_not_allowed")


# -- 65 / 66 --------------------------------------------------------------------------------

def inspection(what, side_played=False, lead_made=False, over=False):
    return F.InspectionFact(by="W", what=what, role="defender", trick=4, side_played_next=side_played,
                            lead_made_next=lead_made, play_over=over, at="T5.0", moment=16010)


@pytest.mark.parametrize("what,kw,allowed,law", [
    ("current_trick", {}, True, "66A"), ("current_trick", {"side_played": True}, False, "66A"),
    ("own_card", {}, True, "66B"), ("own_card", {"lead_made": True}, False, "66B"),
    ("quitted_trick", {}, False, "66C"), ("all_cards", {"over": True}, True, "66D"),
])
def test_66_inspections(what, kw, allowed, law):
    out, _ = fire(inspection(what, **kw))
    i = only(out, "inspection")
    assert (i["allowed"], i["law"]) == (allowed, law)


def test_65D_disarranged_cards_lose_the_dispute():
    out, _ = fire(F.TrickDispute(by="S", trick=7, disarranged_by="E", disarranged_after=False, at="end"))
    assert (only(out, "ruled_against")["seat"], only(out, "ruled_against")["law"]) == ("E", "65D")
    out, _ = fire(F.TrickDispute(by="S", trick=7, disarranged_by="E", disarranged_after=True, at="end"))
    assert only(out, "ruled_against")["law"] == "66D"


@pytest.mark.parametrize("after,law", [(False, "65D"), (True, "66D")])
def test_65D_66D_a_disputed_trick_the_mixers_won_counts_for_the_other_side(after, law):
    dispute = F.TrickDispute(by="S", trick=7, disarranged_by="E", disarranged_after=after, at="end")
    out, _ = fire(dispute, F.TrickComplete(trick=7, seat="W", card="HA"))
    award = only(out, "disputed_trick_awarded")
    assert (award["trick"], award["seat"], award["to"], award["law"]) == (7, "E", "NS", law)
    # The record already gives the trick to the other side: nothing changes hands.
    out, _ = fire(dispute, F.TrickComplete(trick=7, seat="N", card="HA"))
    assert not kinds(out, "disputed_trick_awarded")


def test_66D_the_awarded_trick_changes_the_count():
    from pathlib import Path

    from helpers import ruling
    case = Path(__file__).resolve().parent.parent / "cases/law66/66d-disputed-trick-counts-for-the-other-side.yaml"
    r = ruling(case.read_text())
    assert (r.tricks_at_table, r.declarer_tricks) == (11, 12)
    assert r.score["NS"] == 690


# -- 67 --------------------------------------------------------------------------------------

def defect(kind="missing", in_time=False, has_suit=False):
    return F.DefectFact(trick=5, seat="E", side="EW", defect=kind, cards=("H3",) if has_suit else (),
                        has_led_suit=has_suit, in_time=in_time, role="defender", at="end", moment=60000)


def test_67A1_missing_card_in_time():
    out, _ = fire(defect(in_time=True))
    assert only(out, "defective_trick")["law"] == "67A1"


def test_67B1a_late_with_a_card_of_the_suit_no_penalty():
    out, _ = fire(defect(has_suit=True), F.TricksFrom(trick=5, side="EW", count=3))
    assert only(out, "defective_trick")["law"] == "67B1a"
    assert not kinds(out, "trick_transfer")


def test_67B1b_late_and_void_one_trick_when_side_won_one():
    out, _ = fire(defect(), F.TricksFrom(trick=5, side="EW", count=2))
    t = only(out, "trick_transfer")
    assert (t["tricks"], t["to"], t["law"]) == (1, "NS", "67B1b")
    out, _ = fire(defect(), F.TricksFrom(trick=5, side="EW", count=0))
    assert not kinds(out, "trick_transfer")
