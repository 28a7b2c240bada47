"""The mechanics: notation, clause ids, trick winners, hands over time, the timeline, the tally."""
import pytest
from helpers import SMOKE_DEAL, case, smoke_play

from engine.explain.ruling import rule_case
from engine.input.caseio import CaseError, board_dealer, board_vulnerability
from engine.law.clause import ClauseIdError, canonical, parse
from engine.mechanics.table import build_table
from engine.notation import cards as C
from engine.notation.scoring import contract_score, duplicate_score

DEAL = SMOKE_DEAL

# South plays 3NT; East discards a spade on the second trick while holding D5.
PLAY = smoke_play()


def first_tricks(n):
    return "\n" + "\n".join(PLAY.splitlines()[1:n + 1]) + "\n"


def base(play=PLAY, events="", extra=""):
    return case(f"""
        id: t
        board: 1
        deal: "{DEAL}"
        contract: 3NT
        declarer: S
        {extra}
        play:{play}
        events: [{events}]
        """.replace("\n        play:", "\nplay:").replace("        ", ""))


# -- clause ids -------------------------------------------------------------

@pytest.mark.parametrize("text,canon", [
    ("64A1", "64A1"), ("64 a 1", "64A1"), ("Law 64A1", "64A1"), ("62d2", "62D2"), ("44", "44"),
    ("commentary 64.6", "commentary 64.6"), ("Commentary 61.5 (ii)", "commentary 61.5(ii)"),
    ("c64.9(i)", "commentary 64.9(i)"), ("comm. 62.5(a)", "commentary 62.5(a)"),
])
def test_clause_ids_have_one_canonical_form(text, canon):
    assert canonical(text) == canon


@pytest.mark.parametrize("text", ["64AA", "", "commentary 64", "99Z", "64 1", "law"])
def test_clause_id_errors(text):
    with pytest.raises(ClauseIdError):
        parse(text)


def test_clause_nesting():
    assert parse("64A1").within(parse("64A")) and parse("64A1").within(parse("64"))
    assert not parse("64B1").within(parse("64A"))
    assert parse("commentary 61.5(ii)").parent() == parse("commentary 61.5")


# -- notation -------------------------------------------------------------------

def test_cards_and_contracts():
    assert C.parse_card("c10") == "CT" and C.parse_card("HT") == "HT"
    assert str(C.parse_contract("6hx")) == "6HX" and C.parse_contract("3N").strain == "NT"
    with pytest.raises(C.NotationError):
        C.parse_contract("8NT")
    with pytest.raises(C.NotationError):
        C.parse_card("SX")


def test_trick_winner_highest_trump_else_highest_of_suit_led():
    assert C.trick_winner([("W", "HK"), ("N", "HA"), ("E", "H2"), ("S", "H3")], "S") == ("N", "HA")
    assert C.trick_winner([("W", "HK"), ("N", "HA"), ("E", "S2"), ("S", "H3")], "S") == ("E", "S2")
    assert C.trick_winner([("W", "HK"), ("N", "HA"), ("E", "S2"), ("S", "S3")], "S") == ("S", "S3")
    assert C.trick_winner([("W", "H2"), ("N", "SA"), ("E", "D2"), ("S", "H3")], None) == ("S", "H3")


# -- Law 2 and scoring ------------------------------------------------------------

def test_board_cycle():
    assert [board_dealer(b) for b in (1, 2, 3, 4, 5, 17)] == ["N", "E", "S", "W", "N", "N"]
    assert [board_vulnerability(b) for b in (1, 2, 3, 4, 5, 8, 9, 13, 16, 17, 20)] == [
        "None", "NS", "EW", "All", "NS", "None", "EW", "All", "EW", "None", "All"]


@pytest.mark.parametrize("contract,vul,tricks,score", [
    ("4S", False, 10, 420), ("4S", True, 11, 650), ("3NT", False, 9, 400), ("3NT", True, 8, -100),
    ("2C", False, 9, 110), ("1NT", False, 7, 90), ("6H", True, 12, 1430), ("7NT", False, 13, 1520),
    ("4SX", False, 7, -500), ("4SX", False, 6, -800), ("4SX", True, 8, -500), ("4SX", True, 7, -800),
    ("2CX", False, 8, 180), ("1NTXX", False, 8, 760), ("4HX", True, 11, 990), ("3DXX", True, 5, -2200),
])
def test_duplicate_scores(contract, vul, tricks, score):
    assert contract_score(C.parse_contract(contract), vul, tricks) == score


def test_score_by_side():
    assert duplicate_score(C.parse_contract("4S"), "E", "None", 10) == {"NS": -420, "EW": 420}
    assert duplicate_score(C.parse_contract("4S"), "N", "NS", 9) == {"NS": -100, "EW": 100}


# -- table -------------------------------------------------------------------------

def test_winners_and_tally():
    t = build_table(base())
    assert [tr.winner for tr in t.tricks][:3] == ["N", "N", "N"]
    assert t.tally.by_side == {"NS": 10, "EW": 3}
    assert t.opening_leader == "W" and t.dummy == "N"


def test_failure_to_follow_is_found_with_the_legal_cards_and_the_first_act():
    t = build_table(base())
    [c] = t.candidates
    assert (c.play.trick, c.play.seat, c.play.card, c.legal) == (2, "E", "S4", ["D5"])
    assert (c.first_act.act, c.first_act.by, c.first_act.detail) == ("play", "E", "SJ")
    assert c.notice.deemed


def test_attention_resolved_to_the_latest_failure_and_positions_ordered():
    t = build_table(base(events="{at: T3.1, kind: attention_drawn, by: S}"))
    [c] = t.candidates
    assert not c.notice.deemed and c.notice.by == "S" and c.notice.asked == "E"
    assert c.notice.moment < c.first_act.moment  # attention after N's lead, before E's card


def test_replacement_returns_the_card_to_the_hand():
    play = PLAY.replace("[N:DA, E:S4, S:D8, W:D4]", "[N:DA, E:S4, S:D8, W:D4, E:D5]").replace(
        "[N:S3, E:D5, S:ST, W:S7]", "[N:S3, E:S4, S:ST, W:S7]")
    t = build_table(base(play=play, events="{at: T2.4, kind: attention_drawn, by: S, seat: E}"))
    trick2 = t.tricks[1]
    assert [p.card for _, p in trick2.effective] == ["DA", "D5", "D8", "D4"]
    assert t.tricks[4].plays[1].card == "S4"


def test_claim_splits_the_remaining_tricks():
    play = first_tricks(9)
    t = build_table(base(play=play, events="{at: T10.0, kind: claim, by: S, tricks: 3}"))
    assert t.tally.by_side == {"NS": 12, "EW": 1} and t.tally.outside_record == {"NS": 3, "EW": 1}


def test_result_fills_an_incomplete_record():
    play = first_tricks(5)
    t = build_table(base(play=play, extra="result: 9"))
    assert t.tally.known and t.tally.by_side["NS"] == 9


def test_incomplete_record_without_result_is_not_counted():
    play = first_tricks(5)
    assert not build_table(base(play=play)).tally.known


def test_lead_out_of_turn_is_read_not_rejected():
    play = PLAY.replace("[N:SA, E:SJ, S:S8, W:S5]", "[E:SJ, S:S8, W:S5, N:SA]")
    t = build_table(base(play=play))
    lead = t.tricks[2].plays[0]
    assert (lead.out_of_turn, lead.proper, lead.fate) == ("lead", "N", "accepted_play")
    assert t.tricks[2].leader == "E"


def test_proper_lead_takes_back_every_card_played_in_error_to_the_wrong_lead():
    # 53C: North, on lead, leads after East's lead out of turn and West's card to it: both go back.
    play = PLAY.replace("[N:SA, E:SJ, S:S8, W:S5]", "[E:SJ, W:S5, N:SA, E:SJ, S:S8, W:S5]")
    t = build_table(base(play=play))
    lead, error = t.tricks[2].plays[:2]
    assert (lead.fate, error.fate) == ("proper_lead", "played_in_error")
    assert lead.withdrawn_at == error.withdrawn_at == t.tricks[2].plays[2].moment
    assert [s for s, _ in t.tricks[2].effective] == ["N", "E", "S", "W"]
    # Declarer's hand, the next player after East, plays instead: that accepts the lead (53A).
    play = PLAY.replace("[N:SA, E:SJ, S:S8, W:S5]", "[E:SJ, W:S5, S:S8, N:SA]")
    lead = build_table(base(play=play)).tricks[2].plays[0]
    assert lead.fate == "accepted_play"


def test_a_card_played_to_a_refused_lead_is_no_failure_to_follow():
    # East leads out of turn, West throws a diamond on it holding hearts, declarer refuses the lead (60C).
    play = PLAY.replace("[W:H7, N:HA, E:H4, S:H8]", "[E:H4, W:D4, W:H7, N:HA, E:H4, S:H8]")
    t = build_table(base(play=play, events="{at: T1.2, kind: option_chosen, by: S, option: refuse_lead}"))
    thrown = t.tricks[0].plays[1]
    assert (thrown.card, thrown.fate, thrown.failed_to_follow) == ("D4", "played_to_refused_lead", False)
    assert [(c.play.trick, c.play.seat) for c in t.candidates] == [(2, "E")]


@pytest.mark.parametrize("events", ["", "{at: T2.2, kind: attention_drawn, subject: exposed_card, by: S}"])
def test_a_revoke_corrected_in_its_own_trick_came_to_light_at_the_correction(events):
    # East discards S4 on the diamond ace, then puts D5 on the trick before anyone plays to trick 3 (62A):
    # the failure came to light then, whatever the attention event was about, and before any first act.
    play = (PLAY.replace("[N:DA, E:S4, S:D8, W:D4]", "[N:DA, E:S4, E:D5, S:D8, W:D4]")
            .replace("[N:S3, E:D5, S:ST, W:S7]", "[N:S3, E:S4, S:ST, W:S7]"))
    t = build_table(base(play=play, events=events))
    (cand,) = t.candidates
    fix = t.tricks[1].plays[2]
    assert (cand.notice.moment, cand.notice.at, cand.notice.by) == (fix.moment, "T2.2", "E")
    assert not cand.notice.deemed and cand.notice.moment < cand.first_act.moment


def test_the_first_act_after_a_trick_12_revoke_is_read_on_the_play_as_it_happened():
    # 62D1 replays tricks 12-13 with declarer's diamond king: in the replay he leads to trick 13 himself, but
    # what established the revoke was his naming dummy's card in trick 13 as played (63A2).
    from pathlib import Path

    from engine.input.sources import load_case
    from engine.mechanics.table import Adjustments
    path = Path(__file__).resolve().parent.parent / "cases/law63/63a2-trick12-revoke-dummy-card-named-for-trick-13.yaml"
    c = load_case(str(path))
    as_played = build_table(c).candidates[0].first_act
    replayed = build_table(c, Adjustments(replay=frozenset({(12, "S", "DK")})))
    act = replayed.candidates[0].first_act
    assert (as_played.act, as_played.at, as_played.detail) == ("designation", "T13.1", "CQ")
    assert (act.act, act.by, act.at, act.detail) == ("designation", "S", "T13.1", "CQ")
    assert replayed.tricks[12].plays[0].seat == "S"  # the replay: declarer leads to trick 13
    assert act.moment == next(e.moment for e in replayed.events if e.kind == "card_designated")


@pytest.mark.parametrize("play_edit,events,fragment", [
    (("[N:DA, E:S4", "[N:DA, E:SA"), "", "play[2][2]: East played SA, which was dealt to North"),
    (("[N:S3, E:D5", "[N:S3, E:S4"), "", "play[5][2]: S4 was played twice"),
    (("", ""), "{at: T14.2, kind: claim, by: S, tricks: 1}", "events[1].at"),
    (("", ""), "{at: T3.7, kind: attention_drawn, by: S}", "trick 3 has only 4 cards"),
    (("", ""), "{at: T2.2, kind: claim, by: S, tricks: 1}", "play continues after the claim"),
])
def test_impossible_records_are_errors_naming_the_field(play_edit, events, fragment):
    play = PLAY.replace(*play_edit) if play_edit[0] else PLAY
    with pytest.raises(CaseError) as err:
        rule_case(base(play=play, events=events))
    assert fragment in str(err.value) and str(err.value).startswith("test.yaml")
