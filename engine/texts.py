"""One plain English sentence per conclusion, from its fields and the table.

Kept apart from the rules (whose bodies only declare conclusions) and from
the renderers (which lay sentences out as text or JSON).
"""
from __future__ import annotations

from .cards import SEAT_NAMES, SUIT_NAMES, card_name, side_of
from .table import Table

SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}

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


def seat(s) -> str:
    return SEAT_NAMES.get(s, str(s))


# kind -> function(fields, table) -> sentence, for conclusion kinds that chapters add.
DESCRIBERS: dict = {}
FACT_DESCRIBERS: dict = {}


def describes(kind: str):
    """Register the sentence for a conclusion kind defined outside this module."""
    def register(fn):
        DESCRIBERS[kind] = fn
        return fn
    return register


def describes_fact(kind: str):
    """Register the phrase for a table fact kind defined outside this module."""
    def register(fn):
        FACT_DESCRIBERS[kind] = fn
        return fn
    return register


def describe(kind: str, f: dict, table: Table) -> str:
    if kind in DESCRIBERS:
        return DESCRIBERS[kind](f, table)
    law = f.get("law", "")
    if kind == "trick_won":
        return f"{seat(f['seat'])} won trick {f['trick']} with {card_name(f['card'])}."
    if kind == "revoke":
        return (f"{seat(f['seat'])} revoked in trick {f['trick']}: {card_name(f['card'])} was played "
                f"while {seat(f['seat'])} held {SUIT_NAMES[f['suit']]}, the suit led.")
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
    if kind == "card_withdrawn":
        how = {"62B2": "without penalty, as the card came from declarer's hand, dummy or an exposed card",
               "62C1": "without penalty, as a non-offender may after a corrected revoke",
               "62C2": "after a non-offender took a card back"}.get(law, "")
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
        if f.get("option") == "designate_partner_card":
            return (f"{seat(f['by'])} may require {seat(f['seat'])} to play either of his two cards to trick "
                    f"{f['trick']}, both being legal.")
        return f"{seat(f['by'])} has the option {f['option']}."
    if kind == "equity_review":
        return f"For the director to judge: {f['question']}"
    return f"{kind}: " + ", ".join(f"{k}={v}" for k, v in f.items() if k != "law")


def describe_fact(kind: str, f: dict) -> str:
    """A short phrase for a table fact, for explanations."""
    if kind in FACT_DESCRIBERS:
        return FACT_DESCRIBERS[kind](f)
    if kind == "card_played":
        extra = " (later taken back)" if f.get("withdrawn") else ""
        return f"{seat(f['seat'])} played {card_name(f['card'])} to trick {f['trick']} at {f['at']}{extra}"
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
        return f"the first act of the offending side after trick {f['trick']}'s failure to follow: {by} {what}{card} at {f['at']}"
    if kind == "attention":
        if f.get("deemed"):
            return f"attention to the failure to follow in trick {f['trick']} counts as drawn when play ended"
        return f"attention was first drawn to it at {f['at']} by {seat(f['by'])}"
    if kind == "attention_drawn":
        asked = f" asking {seat(f['asked'])}" if f.get("asked") else ""
        return f"{seat(f['by'])} drew attention to a possible revoke at {f['at']}{asked}"
    if kind == "withdrawal":
        return (f"{seat(f['seat'])} replaced {card_name(f['card'])} by {card_name(f['substitute'])} "
                f"in trick {f['trick']}")
    if kind == "holding":
        return f"{seat(f['seat'])} held {' '.join(f['cards'])} before playing to trick {f['trick']}"
    if kind == "tricks_outside_record":
        return f"{SIDE_NAMES[f['side']]} took {f['count']} trick(s) outside the play record ({f['how']})"
    if kind == "contract":
        return f"the contract is {f['contract']} by {seat(f['declarer'])}"
    if kind == "event":
        bits = [f["event"].replace("_", " ")]
        if f.get("by"):
            bits.append(f"by {seat(f['by'])}")
        if f.get("side"):
            bits.append(f"by {SIDE_NAMES[f['side']]}")
        if f.get("tricks") is not None:
            bits.append(f"({f['tricks']} tricks)")
        return " ".join(bits) + f" at {f['at']}"
    return f"{kind} " + ", ".join(f"{k}={v}" for k, v in f.items())


def side_name(side: str) -> str:
    return SIDE_NAMES[side]


__all__ = ["describe", "describe_fact", "side_name", "seat", "side_of"]
