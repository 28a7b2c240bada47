"""The play chapter (Laws 44, 47-67): one sentence per conclusion, a phrase per table fact.

The kinds are many and share their wording, so the chapter describes them in one
function each (registered with ``texts.describes_chapter``) rather than one per kind.
"""
from __future__ import annotations

from engine.explain.texts import describes_chapter, describes_chapter_fact
from engine.mechanics.table import Table
from engine.notation.cards import SIDE_NAMES, SUIT_NAMES, SUIT_SINGULAR, card_name, suit_of
from engine.notation.cards import seat_name as seat

ESTABLISHED_BY = {
    "63A1": "the offending side played to a later trick",
    "63A2": "the offending side named a card for a later trick",
    "63A3": "the offending side made or agreed to a claim or concession",
    "63A4": "the offender's partner asked him about it",
}
NO_PENALTY_BECAUSE = {
    "64B1": "the offending side won neither the revoke trick nor any later trick",
    "64B2": "it is a second revoke by the same player in the same suit",
    "64B3": "it was a failure to play a card faced on the table (dummy's)",
    "64B4": "attention was first drawn after the non-offending side had called on the next deal",
    "64B5": "attention was first drawn after the round had ended",
    "64B6": "it happened in trick 12",
}





def _when(at) -> str:
    """A position in words, for a fact: "before trick 3", "in trick 2, after 1 card", "after play"."""
    from engine.explain.events import position_text

    text = position_text(str(at))
    return text if text.startswith(("before", "after")) else f"in {text}"

def _suit(f) -> str:
    return SUIT_NAMES.get(f.get("suit"), "the suit")


OPTION_TEXT = {
    "designate_partner_card": lambda f: f"{seat(f['seat'])} plays whichever of his two cards declarer names to "
                                        f"trick {f['trick']}, both being legal (62D2).",
    "accept_lead": lambda f: f"accept {seat(f['seat'])}'s lead out of turn; it stands and play goes on from it.",
    "proper_lead": lambda f: f"{seat(f['seat'])}, whose turn it was, may lead properly instead; the card led out "
                             f"of turn then goes back without penalty (53C).",
    "refuse_lead": lambda f: f"refuse {seat(f['seat'])}'s lead out of turn; the lead is made from the right hand.",
    "spread_hand": lambda f: "face his own hand and become dummy; his partner becomes declarer (54A).",
    "require_lead": lambda f: f"require {seat(f['seat'])} to lead {_suit(f)}; the penalty card(s) of that suit "
                              f"are then picked up.",
    "forbid_lead": lambda f: f"forbid {seat(f['seat'])} to lead {_suit(f)} for as long as he keeps the lead; the "
                             f"penalty card(s) of that suit are then picked up.",
    "no_lead_restriction": lambda f: f"impose nothing: {seat(f['seat'])} leads any card and the penalty card stays "
                                     f"on the table.",
    "designate_penalty_card": lambda f: f"name which penalty card {seat(f['seat'])} plays to trick {f['trick']} "
                                        f"(here {card_name(f['card'])}).",
    "play_highest": lambda f: f"require {seat(f['seat'])} to play the highest card he holds of the suit led.",
    "play_lowest": lambda f: f"require {seat(f['seat'])} to play the lowest card he holds of the suit led.",
    "forbid_suit": lambda f: f"forbid {seat(f['seat'])} to play a card of another suit that declarer names.",
    "accept_play": lambda f: f"accept the card {seat(f['seat'])} played instead of his penalty card; the penalty "
                             f"card stays.",
    "require_penalty_card": lambda f: f"require {seat(f['seat'])} to play the penalty card instead; the card he "
                                      f"played becomes a major penalty card too.",
}

DUTY_TEXT = {
    "play_penalty_card": "must play {card} at the first legal opportunity (after following suit and any "
                         "restriction)",
    "minor_penalty_card": "may not play another card below the ten in {suit} before {card} (an honour may be "
                          "played instead)",
    "lead_suit": "must lead {suit} at his next lead",
    "not_lead_suit": "may not lead {suit} while he keeps the lead",
    "play_highest": "must play his highest card of the suit led to trick {trick}",
    "play_lowest": "must play his lowest card of the suit led to trick {trick}",
    "not_play_suit": "may not play a {suit_one} to trick {trick}",
    "play_card": "must play {card} to trick {trick}",
}


def _describe_play_irregularity(kind: str, f: dict, law: str) -> str:
    if kind == "lead_out_of_turn":
        what = {"54": "the opening lead out of turn", "55": "a lead out of turn by declarer's side"}.get(
            law, "a lead out of turn")
        return f"{seat(f['seat'])} made {what} in trick {f['trick']} with {card_name(f['card'])}."
    if kind == "lead_accepted":
        how = {"53A": "accepted (by statement or by the next player's card)",
               "53B": "stands, the wrong defender having played to it",
               "54B": "accepted by declarer; dummy goes down and declarer plays second",
               "54C": "must be accepted: declarer could have seen dummy's cards",
               "55A": "accepted by the defenders"}.get(law, "accepted")
        return f"{seat(f['seat'])}'s lead out of turn in trick {f['trick']} {how}."
    if kind == "option_without_effect":
        if f["option"] == "refuse_lead":
            return (f"{seat(f['by'])}'s refusal of {seat(f['seat'])}'s lead out of turn in trick {f['trick']} has no "
                    f"effect: declarer could have seen dummy's cards, so the lead stands and play goes on from it.")
        return f"{seat(f['by'])}'s choice ({f['option']}) in trick {f['trick']} has no effect."
    if kind == "proper_lead_stands":
        return (f"{seat(f['seat'])}, whose turn it was, led properly to trick {f['trick']}: that lead stands and the "
                f"cards played in error go back without penalty.")
    if kind == "roles_switched":
        return (f"Declarer faced his hand: {seat(f['dummy'])} is now dummy and {seat(f['declarer'])} plays the "
                f"hand as declarer.")
    if kind == "premature_play":
        return f"{seat(f['seat'])} played {card_name(f['card'])} to trick {f['trick']} before his partner had played."
    if kind == "penalty_card_lifted":
        return f"{card_name(f['card']).capitalize()} is no longer a penalty card: {seat(f['seat'])} picks it up."
    if kind == "obligation":
        # A duty about one card (50D's minor penalty card) concerns that card's suit.
        suit = f.get("suit") or (suit_of(f["card"]) if f.get("card") else None)
        text = DUTY_TEXT.get(f["duty"], f["duty"]).format(
            card=card_name(f["card"]) if f.get("card") else "", suit=SUIT_NAMES.get(suit, ""),
            suit_one=SUIT_SINGULAR.get(suit, "card of the named suit"), trick=f.get("trick"))
        return f"{seat(f['seat'])} {text}."
    if kind == "cannot_comply":
        return (f"{seat(f['seat'])} could not comply with the requirement in trick {f['trick']} and may play any "
                f"legal card: no revoke.")
    if kind == "play_accepted":
        why = "declarer had played after it" if law == "52B1b" else "declarer accepted it"
        return (f"The card {seat(f['seat'])} played in trick {f['trick']} instead of his penalty card stands "
                f"({why}); the penalty card stays on the table.")
    if kind == "rectification_forfeited":
        return (f"A non-offender played after {seat(f['seat'])}'s irregular card in trick {f['trick']}: the right "
                f"to rectification is lost.")
    if kind == "no_rectification":
        why = {"exposed_card": "declarer's exposed cards are never penalty cards",
               "premature_play": "declarer had already played from both hands (or dummy out of turn)",
               "played_in_turn": "it stands as if played in turn"}.get(f["subject"], f["subject"])
        card = f" ({card_name(f['card'])})" if f.get("card") else ""
        return f"No rectification for {seat(f['seat'])}'s card{card}: {why}."
    if kind == "treated_as_claim":
        return f"{seat(f['seat'])} faced his hand during the play: this is a claim (68)."
    if kind == "retraction_not_allowed":
        return (f"{seat(f['seat'])} may not take back his card in trick {f['trick']}: no law allows it, and "
                f"{card_name(f['card'])} does not replace it.")
    if kind == "defective_trick":
        how = {"67A1": "he must supply a legal card to it now",
               "67A2": "the surplus is dealt with under 58B",
               "67B1a": "he places a card of the suit led among his played cards; no penalty",
               "67B1b": "he had no card of the suit led: he is deemed to have revoked",
               "67B2": "the surplus goes back to his hand"}.get(law, "")
        return f"Trick {f['trick']} is defective for {seat(f['seat'])}: {how}."
    if kind == "inspection":
        what = {"current_trick": "the cards of the trick just played", "own_card": "his own last card",
                "quitted_trick": "a quitted trick", "all_cards": "all the cards"}.get(f["what"], f["what"])
        verdict = "may" if f["allowed"] else "may not"
        return f"{seat(f['by'])} {verdict} see {what} now."
    if kind == "disputed_trick_awarded":
        return (f"Trick {f['trick']} counts for {SIDE_NAMES[f['to']]}: the record gave it to {seat(f['seat'])}'s "
                f"side, but the dispute is ruled against him.")
    if kind == "ruled_against":
        return (f"{seat(f['seat'])} disarranged his played cards: the disputed trick {f['trick']} is ruled "
                f"against him.")
    return ""


@describes_chapter
def describe_play(kind: str, f: dict, table: Table) -> str | None:
    """The sentence for a conclusion of the play chapter (None for another chapter's kind)."""
    law = f.get("law", "")
    if kind == "trick_won":
        return f"{seat(f['seat'])} won trick {f['trick']} with {card_name(f['card'])}."
    if kind == "revoke":
        who, card = seat(f["seat"]), card_name(f["card"])
        duty = f.get("duty", "follow_suit")
        why = {
            "follow_suit": f"{card} was played while {who} held {SUIT_NAMES[f['suit']]}, the suit led",
            "play_penalty_card": f"{card} was played while a penalty card could legally have been played",
            "minor_penalty_card": f"{card} was played before the minor penalty card of that suit",
            "lead_suit": f"{card} was led although {SUIT_NAMES[f['suit']]} had been required and {who} held one",
            "not_lead_suit": f"{card} was led although {SUIT_NAMES[f['suit']]} were forbidden and {who} held "
                             f"another suit",
            "play_highest": f"{card} was played, not the highest card of the suit led as required",
            "play_lowest": f"{card} was played, not the lowest card of the suit led as required",
            "not_play_suit": f"{card} was played although that suit was forbidden and {who} held another",
            "play_card": f"{card} was played, not the penalty card declarer had named",
        }.get(duty, f"{card} was played against a duty ({duty})")
        return f"{who} revoked in trick {f['trick']}: {why}."
    if kind == "illegal_inquiry":
        what = "the 61B limits on who may ask" if law == "61B" else "dummy's limits (42B1, not 61B)"
        return f"{seat(f['by'])} asked {seat(f['asked'])} about a possible revoke, breaking {what}."
    if kind == "revoke_established":
        because = ESTABLISHED_BY.get(law, "")
        return f"{seat(f['seat'])}'s revoke in trick {f['trick']} is established: {because}."
    if kind == "revoke_must_be_corrected":
        if law == "62D1":
            return (f"{seat(f['seat'])}'s revoke in trick 12 must be corrected although established: the hands "
                    f"were not yet back in the board; tricks 12 and 13 are played again with the correction.")
        return (f"{seat(f['seat'])}'s revoke in trick {f['trick']} was noticed before it was established: "
                f"it must be corrected with a legal card.")
    if kind == "revoke_corrected":
        return f"{seat(f['seat'])} corrected the revoke in trick {f['trick']}, playing {card_name(f['card'])} instead."
    if kind == "no_damage_possible":
        return (f"{SIDE_NAMES[f['side']]} have every trick from trick {f['trick']} on, counting any transfer for "
                f"{seat(f['seat'])}'s revoke: it cannot have cost them a trick, so 64C has nothing to restore.")
    if kind == "card_withdrawn":
        how = {"62B2": "without penalty, as the card came from declarer's hand, dummy or an exposed card",
               "commentary 62.6": "without penalty: a revoke in trick 12 carries none",
               "62C1": "without penalty, as a non-offender may after a corrected revoke",
               "62C2": "after a non-offender took a card back",
               "47D": "without penalty, after an opponent changed his card",
               "53C": "without penalty, the proper lead having been made",
               "54D": "the lead being refused",
               "55B1": "without penalty: a defender was on lead",
               "55B2": "without penalty; he must lead from the right hand",
               "58B3": "without penalty, after the opponent before him picked up a card"}.get(law, "")
        return f"{seat(f['seat'])} takes {card_name(f['card'])} back into hand from trick {f['trick']}, {how}."
    if kind == "penalty_card":
        return f"{card_name(f['card']).capitalize()} becomes a {f['type']} penalty card of {seat(f['seat'])}."
    if kind == "correction_not_allowed":
        return (f"The revoke in trick {f['trick']} was already established: {seat(f['seat'])} may not replace "
                f"the revoke card with {card_name(f['card'])}.")
    if kind == "trick_stands":
        return f"Trick {f['trick']} stands as played."
    if kind == "no_revoke_penalty":
        because = NO_PENALTY_BECAUSE.get(law, "")
        return f"No tricks are transferred for {seat(f['seat'])}'s revoke in trick {f['trick']}: {because}."
    if kind == "legal_card_win":
        return (f"{seat(f['seat'])} later won trick {f['won_trick']} with {card_name(f['card'])}, a card that "
                f"could legally have been played to the revoke trick {f['trick']}.")
    if kind == "trick_transfer":
        n = f["tricks"]
        return (f"After play ends, {n} trick{'s' if n != 1 else ''} pass{'' if n != 1 else 'es'} to "
                f"{SIDE_NAMES[f['to']]} for {seat(f['seat'])}'s revoke in trick {f['trick']}.")
    if kind == "option":
        text = OPTION_TEXT[f["option"]](f) if f["option"] in OPTION_TEXT else f["option"]
        return f"{seat(f['by'])} may choose: {text}"
    if kind == "equity_review":
        return f"For the director to judge: {f['question']}"
    text = _describe_play_irregularity(kind, f, law)
    if text:
        return text
    return None


@describes_chapter_fact
def describe_play_fact(kind: str, f: dict) -> str | None:
    """A short phrase for a table fact of the play chapter, for explanations."""
    if kind == "card_played":
        extra = " (later taken back)" if f.get("withdrawn") else ""
        return f"{seat(f['seat'])} played {card_name(f['card'])} to trick {f['trick']} {_when(f['at'])}{extra}"
    if kind == "trick_complete":
        return f"trick {f['trick']} was won by {seat(f['seat'])} with {card_name(f['card'])}"
    if kind == "tricks_from":
        return f"{SIDE_NAMES[f['side']]} won {f['count']} trick(s) from trick {f['trick']} on"
    if kind == "legal_alternative":
        return f"{seat(f['seat'])} held {card_name(f['card'])}, which could legally have been played to trick {f['trick']}"
    if kind == "first_act":
        if f["act"] == "none":
            return f"after the failure to follow in trick {f['trick']} the offending side did nothing that establishes a revoke"
        what = {"play": "played", "designation": "named", "claim": "claimed", "concession": "conceded",
                "claim_agreed": "agreed to the opponents' claim", "concession_agreed": "agreed to the opponents' concession"}[f["act"]]
        card = f" {card_name(f['card'])}" if f.get("card") and f["act"] in ("play", "designation") else ""
        by = seat(f["by"]) if f["act"] not in ("claim_agreed", "concession_agreed") else "the offending side"
        return f"the first act of the offending side after trick {f['trick']}'s failure to follow: {by} {what}{card} {_when(f['at'])}"
    if kind == "attention":
        if f.get("deemed"):
            return f"attention to the failure to follow in trick {f['trick']} counts as drawn when play ended"
        return f"attention was first drawn to it {_when(f['at'])} by {seat(f['by'])}"
    if kind == "attention_drawn":
        asked = f" asking {seat(f['asked'])}" if f.get("asked") else ""
        return f"{seat(f['by'])} drew attention to a possible revoke {_when(f['at'])}{asked}"
    if kind == "withdrawal":
        return (f"{seat(f['seat'])} replaced {card_name(f['card'])} by {card_name(f['substitute'])} "
                f"in trick {f['trick']}")
    if kind == "holding":
        return f"{seat(f['seat'])} held {' '.join(f['cards'])} before playing to trick {f['trick']}"
    if kind == "tricks_outside_record":
        return f"{SIDE_NAMES[f['side']]} took {f['count']} trick(s) outside the play record ({f['how']})"
    if kind == "contract":
        return f"the contract is {f['contract']} by {seat(f['declarer'])}"
    if kind == "lead_from_wrong_hand":
        fate = {"accepted_statement": "accepted by statement", "accepted_play": "accepted by the next card played",
                "refused": "refused", "spread": "met by declarer facing his hand", "proper_lead": "displaced by the "
                "proper lead", "wrong_defender": "played to by the wrong defender", "early": "played before "
                "declarer's lead from the right hand"}.get(f.get("fate"), "not yet dealt with")
        return (f"{seat(f['seat'])} led {card_name(f['card'])} to trick {f['trick']} {_when(f['at'])} when "
                f"{seat(f['proper'])} was on lead; {fate}")
    if kind == "played_to_displaced_lead":
        return (f"{seat(f['seat'])} played {card_name(f['card'])} to the lead out of turn in trick {f['trick']} "
                f"{_when(f['at'])}, before the proper lead was made")
    if kind == "played_before_partner":
        what = "led to the next trick" if f.get("lead") else "played"
        return f"{seat(f['seat'])} {what} {card_name(f['card'])} {_when(f['at'])} before his partner had played"
    if kind == "card_exposed":
        return f"{seat(f['seat'])}'s {card_name(f['card'])[4:]} was exposed ({f['how']}) {_when(f['at'])}"
    if kind == "option_chosen":
        extra = f" {f['suit']}" if f.get("suit") else (f" {f['card']}" if f.get("card") else "")
        return f"{seat(f['by'])} chose {f['option']}{extra} {_when(f['at'])}"
    if kind == "duty_not_honoured":
        return (f"{seat(f['seat'])} played {card_name(f['card'])} {_when(f['at'])} against the duty {f['duty']} "
                f"(imposed by {f['source']})")
    if kind == "could_not_comply":
        return f"{seat(f['seat'])} could not comply with {f['duty']} {_when(f['at'])} and played {card_name(f['card'])}"
    if kind == "next_play_by_non_offenders":
        return f"the non-offending side played next {_when(f['at'])}"
    if kind == "partner_on_lead_with_penalty_card":
        return (f"{seat(f['leader'])} was on lead to trick {f['trick']} while his partner {seat(f['offender'])} had "
                f"penalty card(s) {' '.join(f['cards'])}")
    if kind == "penalty_cards_playable":
        return f"{seat(f['seat'])} could legally play penalty cards {' '.join(f['cards'])} {_when(f['at'])}"
    if kind == "penalty_cards_together":
        return f"{seat(f['seat'])} had penalty cards {' '.join(f['cards'])} on the table at once"
    if kind == "trick_defect":
        what = "did not play to" if f["defect"] == "missing" else "put more than one card on"
        when = "noticed in time" if f["in_time"] else "found only after each side had played to the next trick"
        return f"{seat(f['seat'])} {what} trick {f['trick']} ({when})"
    if kind == "inspection_requested":
        return f"{seat(f['by'])} asked to see {f['what'].replace('_', ' ')} {_when(f['at'])}"
    if kind == "trick_disputed":
        mixed = ", having disarranged his played cards" if f.get("disarranged") else ""
        return f"{seat(f['by'])} disputed trick {f['trick']}{mixed}"
    if kind == "card_replaced":
        return f"{seat(f['seat'])} replaced {card_name(f['card'])} by {card_name(f['substitute'])} in trick {f['trick']}"
    if kind == "hand_faced":
        return f"{seat(f['by'])} faced his hand {_when(f['at'])}"
    if kind == "dummy_seen":
        return f"{seat(f['by'])} could have seen dummy's cards ({_when(f['at'])})"
    if kind == "event":
        bits = [f["event"].replace("_", " ")]
        if f.get("by"):
            bits.append(f"by {seat(f['by'])}")
        if f.get("side"):
            bits.append(f"by {SIDE_NAMES[f['side']]}")
        if f.get("tricks") is not None:
            bits.append(f"({f['tricks']} tricks)")
        return " ".join(bits) + f" {_when(f['at'])}"
    return None
