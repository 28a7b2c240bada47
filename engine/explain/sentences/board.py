"""The director's other calls (Laws 6-16, 72-75, 78): one sentence per conclusion, a phrase per table fact."""
from __future__ import annotations

from engine.explain.texts import SIDE_NAMES, describes, describes_fact, seat
from engine.notation import cards as C

# ---------------------------------------------------------------------------
# Sentences
# ---------------------------------------------------------------------------

STEPS = {
    "redeal": "The board is shuffled and dealt again.",
    "play_normally": "The board is played normally and its result scored.",
    "restore_from_record": "The director puts the cards back in the pockets as the record of the deal shows.",
    "consult_previous_players": "No record of the deal: the director restores it by asking the players who "
                                "played it earlier.",
    "search_missing_card": "The director has the missing card searched for.",
    "restore_card": "The missing card ({card}) goes back into {seat}'s hand.",
    "card_deemed_held": "The restored card ({card}) counts as having been in {seat}'s hand throughout the play: "
                        "not having played it earlier may be a revoke (61-64), and if it was exposed it may be a "
                        "penalty card (50).",
    "reconstruct_deal": "The card cannot be found: the deal is rebuilt as nearly as possible as it was dealt.",
    "replace_pack": "The pack is replaced, so that the lost card cannot turn up later as a surplus card.",
    "calls_stand": "The calls {seat} made on the hand with the missing card stand.",
    "cancel_auction": "The auction is cancelled and the contestants the board belongs to are seated and told of "
                      "their rights.",
    "redo_auction": "A new auction is held; if any call differs from the first auction, the board is cancelled.",
    "play_continues": "The new auction matches the first: play continues normally.",
    "continue_and_reserve": "The auction and play go on; the director may adjust the score at the end if the "
                            "information caused damage.",
    "avoid_suggested_alternatives": "{seat} must not choose, from among logical alternatives, one the "
                                    "unauthorized information could have suggested.",
    "right_reserved": "{seat} has reserved the right to call the director later.",
    "call_director_now": "The director is to be called at once.",
    "call_director": "Attention has been drawn to an irregularity: the director must be called now.",
    "exchange_positions": "The players change positions so that {seat} holds the hand he has information about.",
    "substitute_player": "A substitute takes {seat}'s place for this board.",
    "explain_options": "The director explains every option {seat} has before he chooses.",
    "players_action_stands": "The director lets the players' own rectification (or waiver) stand.",
    "players_action_cancelled": "The director cancels the players' own rectification (or waiver) and rules.",
    "rectify_normally": "The right to rectification stands: the director applies the law's rectification.",
    "no_correction_needed": "{seat} need not correct partner's explanation, now or later.",
    "first_result_stands": "{side}'s first result on this board stands.",
}

WHAT = {
    "did_not_count_cards": "did not count his cards before looking at them (7B1)",
    "dummy_drew_attention": "drew attention to an irregularity during play, which dummy may not do",
    "acted_before_ruling": "acted before the director had explained the rectification",
    "premature_correction": "corrected the irregularity before the director ruled; a further rectification may apply",
    "applied_rectification": "applied a rectification without the director",
    "waived_rectification": "waived a rectification without the director",
    "consulted_partner": "consulted partner before choosing among the options the law gave him",
    "call_on_defective_hand": "made a call holding a hand with the wrong number of cards",
    "used_unauthorized_information": "chose, from among logical alternatives, one that the unauthorized "
                                     "information could have suggested",
    "mistaken_explanation": "gave a mistaken explanation of the partnership agreement",
    "illegal_deception": "misled an opponent by a deceptive remark, manner or tempo when he could have known it "
                         "might work to his benefit",
    "concealed_infraction": "tried to conceal an infraction of his own side",
}

REFER = {
    "67": "The card was found among the played cards: Law 67 (defective trick) governs.",
    "50": "The restored card was exposed: whether it is a penalty card is for Law 50.",
    "61": "Not playing the restored card to trick {trick} may be a revoke (61): {seat} held it all along.",
    "61?": "If {seat} failed to follow suit with the missing card before it was found, that may be a revoke "
           "(61-64): he counts as having held it all along.",
    "6D3": "Law 14 does not apply after the board has been played and scored: the director treats the deal "
           "as wrongly dealt (6B, 6D3).",
}


@describes("question")
def _q(f, table):
    return f"For the director to judge: {f['question']}"


@describes("procedure")
def _procedure(f, table):
    text = STEPS.get(f["step"], f["step"].replace("_", " ") + ".")
    if f["step"] == "card_deemed_held" and not f.get("card"):
        text = ("The missing card, whichever it is, counts as having been in {seat}'s hand throughout the play: "
                "not having played it earlier may be a revoke (61-64), and if it was exposed it may be a penalty "
                "card (50).")
    return text.format(seat=seat(f.get("seat")), side=SIDE_NAMES.get(f.get("side"), f.get("side")),
                       card=C.card_name(f["card"]) if f.get("card") else "the card")


@describes("no_result")
def _no_result(f, table):
    why = f" ({f['reason']})" if f.get("reason") else ""
    return (f"No result can be obtained on this board{why}: each side gets an artificial adjusted score by its "
            f"share of the fault.")


@describes("result_cancelled")
def _cancelled(f, table):
    return f"The result on this board is cancelled: {f['reason']}."


@describes("result_stands")
def _stands(f, table):
    who = f" for {SIDE_NAMES[f['side']]}" if f.get("side") else ""
    return f"The result stands{who}: {f['reason']}."


@describes("adjustment_due")
def _due(f, table):
    how = {"artificial": "an artificial adjusted score (12C1)", "assigned": "an assigned adjusted score (12C2)"}
    return f"{SIDE_NAMES[f['side']]} is to receive {how[f['method']]}."


@describes("fault")
def _fault(f, table):
    how = {"direct": "directly at fault", "partial": "partly at fault", "none": "in no way at fault"}
    return f"{SIDE_NAMES[f['side']]} is {how[f['degree']]}."


@describes("artificial_adjusted_score")
def _artificial(f, table):
    name = {40: "average minus", 50: "average"}.get(f["percent"], "average plus")
    return f"Artificial adjusted score for {SIDE_NAMES[f['side']]}: {f['percent']}% ({name})."


@describes("assigned_adjusted_score")
def _assigned(f, table):
    return f"Assigned adjusted score for {SIDE_NAMES[f['side']]}: {f['score']:+d} ({f['result']})."


@describes("irregularity")
def _irregularity(f, table):
    who = seat(f["seat"]) if f.get("seat") else "A player"
    presumed = " (presumed, absent clear evidence of a mistaken call)" if f.get("presumed") else ""
    return f"{who} {WHAT.get(f['what'], f['what'].replace('_', ' '))}{presumed}."


@describes("rectification_lost")
def _lost(f, table):
    if f["right"] == "correct":
        return f"{SIDE_NAMES[f['side']]} loses the right to correct its irregularity."
    return f"{SIDE_NAMES[f['side']]} loses the right to have the irregularity rectified."


@describes("procedural_penalty_possible")
def _pp(f, table):
    who = seat(f["seat"]) if f.get("seat") else SIDE_NAMES.get(f.get("side"), "the offender")
    return f"The director may give {who} a procedural penalty (Law 90)."


@describes("information")
def _information(f, table):
    what = {"authorized": "may use", "unauthorized": "may not use", "none": "received no information from"}
    if f["status"] == "none":
        return f"{seat(f['received_by'])} received no information in the sense of Law 16 ({f['how']})."
    return f"{seat(f['received_by'])} {what[f['status']]} the information from the {f['how'].replace('_', ' ')}."


@describes("director_option")
def _option(f, table):
    text = {"play_correct_board_later": "The director may have both pairs play the correct board against each "
                                        "other later.",
            "exchange_positions": "The director may change the players' positions (16B1).",
            "substitute": "With all four players' consent the director may put in a substitute (16B2).",
            "artificial_score": "The director may award artificial adjusted scores at once (16B3)."}
    return text.get(f["option"], f["option"])


@describes("refer")
def _refer(f, table):
    key = "61?" if f["to"] == "61" and f.get("trick") is None else f["to"]
    return REFER.get(key, "Law {to} applies.").format(to=f["to"], trick=f.get("trick"), seat=seat(f.get("seat")))


@describes("responsible_player")
def _responsible(f, table):
    return f"{seat(f['seat'])} is responsible for the proper procedure at this table (7D)."


@describes("matchpoints")
def _mp(f, table):
    score = f" for {f['score']:+d}" if f.get("score") is not None else ""
    return f"{SIDE_NAMES[f['side']]} scores {f['points']} matchpoints of {f['top']}{score}."


@describes("imps")
def _imps(f, table):
    diff = f" (difference {f['difference']:+d})" if f.get("difference") is not None else ""
    return f"{SIDE_NAMES[f['side']]} scores {f['imps']:+d} IMPs{diff}."


@describes("total_points")
def _tp(f, table):
    return f"{SIDE_NAMES[f['side']]} scores {f['points']:+d} total points."


@describes_fact("answer")
def _answer_fact(f):
    side = f" for {f['side']}" if f.get("side") else ""
    return f"the director answered {f['key']}{side}: {f['text']}"


@describes_fact("pockets")
def _pockets_fact(f):
    counts = ", ".join(f"{s} {n}" for s, n in f["counts"])
    return f"the pockets held {counts} cards, found {f['discovered'].replace('_', ' ')}"


@describes_fact("score_comparison")
def _comparison_fact(f):
    return f"{SIDE_NAMES[f['side']]}'s score {f['score']:+d} ({f['basis']}) against the other tables"


@describes_fact("no_result_reported")
def _no_result_fact(f):
    why = f": {f['reason']}" if f.get("reason") else ""
    return f"the case says no result can be obtained on the board{why}"
