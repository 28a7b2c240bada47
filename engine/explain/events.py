"""Events of a case as plain sentences (the page, the quiz): "South claimed 4 of the remaining tricks".

``event_sentence(kind, fields)`` reads the fields as the case file gives
them (seats, cards and sides as letters); ``position_text`` says when.
"""
from __future__ import annotations

from engine.notation import cards as C

SIDES = {"NS": "North-South", "EW": "East-West"}
SUBJECTS = {"revoke": "a revoke", "lead_out_of_turn": "a lead out of turn", "premature_play": "a premature play",
            "exposed_card": "an exposed card", "penalty_card": "a penalty card",
            "defective_trick": "a defective trick"}
EXPOSED = {"dropped": "dropped it face up", "simultaneous": "played it with another card",
           "shown": "let partner see it", "named": "named it", "premature_lead": "led it before partner had played",
           "deliberate": "exposed it deliberately"}
OPTIONS = {"accept_lead": "accepted the lead out of turn", "refuse_lead": "refused the lead out of turn",
           "spread_hand": "spread his hand (becoming dummy)", "proper_lead": "led properly instead",
           "require_lead": "required the lead of {suit}", "forbid_lead": "forbade the lead of {suit}",
           "no_lead_restriction": "imposed no lead restriction",
           "designate_penalty_card": "named {card} as the penalty card to play",
           "play_highest": "required the highest card of the suit led",
           "play_lowest": "required the lowest card of the suit led", "forbid_suit": "forbade {suit}",
           "accept_play": "accepted the card played", "require_penalty_card": "required the penalty card",
           "designate_partner_card": "named partner's card {card}"}
INSPECT = {"current_trick": "to see the cards of the current trick", "own_card": "to see his own last card",
           "quitted_trick": "to see a quitted trick", "all_cards": "to see all the played cards"}


def _seat(value) -> str:
    return C.SEAT_NAMES.get(str(value), str(value))


def _card(value) -> str:
    try:
        return C.card_name(C.parse_card(value))
    except Exception:  # noqa: BLE001 - shown as written
        return str(value)


def _suit(value) -> str:
    return C.SUIT_NAMES.get(str(value), str(value))


def event_sentence(kind: str, f: dict) -> str:
    by = _seat(f.get("by")) if f.get("by") else "A player"
    if kind == "attention_drawn":
        what = SUBJECTS.get(str(f.get("subject") or "revoke"), str(f.get("subject")).replace("_", " "))
        text = f"{by} drew attention to {what}"
        if f.get("seat"):
            text += f" by {_seat(f['seat'])}"
        if f.get("trick"):
            text += f" in trick {f['trick']}"
        if f.get("asked"):
            text += f" (asking {_seat(f['asked'])})"
        return text
    if kind == "card_designated":
        return f"{by} designated the {_card(f.get('card'))}" + (f" for {_seat(f['seat'])}" if f.get("seat") else "")
    if kind == "claim":
        n = f.get("tricks")
        text = f"{by} claimed {n} of the remaining tricks"
        accepted = f.get("accepted", True)
        text += "; the opponents " + ("accepted" if accepted not in (False, "no", "false") else "did not accept")
        if f.get("statement"):
            text += f'. Statement: "{f["statement"]}"'
        return text
    if kind == "concession":
        return f"{by} conceded {f.get('tricks')} trick{'s' if f.get('tricks') != 1 else ''}"
    if kind == "next_board_call":
        who = SIDES.get(str(f.get("side")), "") if f.get("side") else _seat(f.get("by"))
        return f"{who or 'A player'} called on the next board"
    if kind == "round_ended":
        return "The round ended"
    if kind == "hands_returned":
        return "All four hands were returned to the board"
    if kind == "card_exposed":
        return f"{_seat(f.get('seat'))}'s {_card(f.get('card')).removeprefix('the ')} was exposed: he {EXPOSED.get(str(f.get('how')), f.get('how'))}"
    if kind == "option_chosen":
        text = OPTIONS.get(str(f.get("option")), str(f.get("option")).replace("_", " "))
        text = text.format(suit=_suit(f.get("suit")), card=_card(f.get("card")))
        return f"{by} {text}"
    if kind == "hand_faced":
        return f"{by} faced his hand"
    if kind == "dummy_seen":
        return f"{by} could have seen dummy's cards"
    if kind == "inspection_requested":
        return f"{by} asked {INSPECT.get(str(f.get('what')), str(f.get('what')))}"
    if kind == "cards_disarranged":
        return f"{by} disarranged his played cards"
    if kind == "trick_disputed":
        return f"{by} disputed who won trick {f.get('trick')}"
    if kind == "director_called":
        return f"{by} called the director"
    if kind == "objection":
        return f"{by} objected" + (f": {f['statement']}" if f.get("statement") else "")
    rest = ", ".join(f"{k} {v}" for k, v in f.items())
    return kind.replace("_", " ").capitalize() + (f" ({rest})" if rest else "")


def position_text(at: str) -> str:
    at = str(at)
    if at == "end":
        return "after play"
    if at.startswith("T") and "." in at:
        t, k = at[1:].split(".", 1)
        if k == "0":
            return f"before trick {t}"
        return f"trick {t}, after {k} card{'s' if k != '1' else ''}"
    if at.startswith("A"):
        return f"after call {at[1:]}"
    return at


__all__ = ["event_sentence", "position_text"]
