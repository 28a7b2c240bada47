"""Claims and concessions (Laws 68-71): one sentence per conclusion and a phrase per table fact."""
from __future__ import annotations

from engine.explain.texts import SIDE_NAMES, describes, describes_fact, seat
from engine.notation import cards as C

# ---------------------------------------------------------------------------
# Sentences
# ---------------------------------------------------------------------------

HOW_CLAIM = {"statement": "", "curtail": " by suggesting that play be cut short",
             "shown_cards": " by showing his cards"}
REASONS = {  # why a trick given up is given back
    "legal_floor": "a trick that no legal play of the remaining cards could lose",
    "normal_floor": "a trick that no normal play of the remaining cards could lose",
    "won_in_play": "a trick the side had already won in play",
    "contract_made": "the defeat of a contract declarer had already made",
    "contract_defeated": "the making of a contract the defenders had already defeated",
}
STEPS = {"repeat_statement": "the director has the claimer repeat the statement he made when claiming",
         "face_cards": "the director has every player face his remaining cards",
         "hear_objections": "the director hears the objections to the claim"}



def when(at) -> str:
    """A position in words: "before trick 10", "in trick 7, after 3 cards", "after play"."""
    from engine.explain.events import position_text

    text = position_text(str(at))
    return text if text.startswith(("before", "after")) else f"in {text}"

def _n(k: int) -> str:
    return f"{k} trick{'s' if k != 1 else ''}"


@describes("claim_made")
def _claim_made(f, table):
    return f"{seat(f['by'])} claimed {_n(f['tricks'])} of those remaining{HOW_CLAIM.get(f['form'], '')}."


@describes("concession_made")
def _concession_made(f, table):
    if f["form"] == "claim":
        return f"By claiming, {seat(f['by'])} conceded the other {_n(f['tricks'])}."
    if f["form"] == "abandoned_hand":
        return f"{seat(f['by'])} abandoned his hand, conceding all {_n(f['tricks'])} remaining."
    return f"{seat(f['by'])} conceded {_n(f['tricks'])}."


@describes("not_a_claim")
def _not_a_claim(f, table):
    if f.get("law") == "68A":
        return (f"{seat(f['by'])} showed cards {when(f['at'])} without meaning to claim: it is not a claim and play "
                f"continues (the laws on exposed cards govern the cards shown).")
    return (f"What {seat(f['by'])} said or showed {when(f['at'])} concerned only the trick in progress: it is neither "
            f"a claim nor a concession, play continues, and cards a defender showed are not penalty cards.")


@describes("concession_void")
def _concession_void(f, table):
    return (f"{seat(f['objector'])} objected at once to his partner {seat(f['by'])}'s concession: no concession "
            f"took place and play continues.")


@describes("statement_missing")
def _statement_missing(f, table):
    return (f"{seat(f['by'])} gave no statement of how he would play: every choice is resolved against him.")


@describes("play_ceases")
def _play_ceases(f, table):
    return f"Play ended with {seat(f['by'])}'s claim or concession {when(f['at'])}."


@describes("claim_disputed")
def _claim_disputed(f, table):
    if f.get("objector"):
        who = f"{seat(f['objector'])} disputed {seat(f['by'])}'s claim"
    else:
        who = f"{seat(f['by'])}'s claim was disputed"
    return f"{who}: the director is called and rules under Laws 70 and 71."


@describes("claim_accepted")
def _claim_accepted(f, table):
    what = "claim" if f["event"] == "claim" else "concession"
    return (f"The {what} was accepted: the deal is scored as though {SIDE_NAMES[f['side']]} had won "
            f"{_n(f['tricks'])} of those remaining in play.")


@describes("acceptance_withdrawn")
def _acceptance_withdrawn(f, table):
    why = REASONS.get(f["reason"], "")
    return (f"{SIDE_NAMES[f['side']]} withdraw their acceptance within the correction period: they had agreed to "
            f"{why.replace('a trick', 'lose a trick', 1)}; they are given {_n(f['tricks'])} of those remaining.")


@describes("withdrawal_refused")
def _withdrawal_refused(f, table):
    if f["reason"] == "late":
        return f"{SIDE_NAMES[f['side']]}'s acceptance can no longer be withdrawn: the correction period had ended."
    return (f"{SIDE_NAMES[f['side']]}'s acceptance stands: every trick they agreed to lose could be lost by some "
            f"normal play, and none had been won in play.")


@describes("concession_not_reopened")
def _concession_not_reopened(f, table):
    side = SIDE_NAMES[f["side"]]
    window = ("before the conceding side called on the next deal or the round ended" if f["clause"] == "71B"
              else "within the correction period")
    would = (f"the director would have cancelled it under {f['clause']} ({REASONS.get(f['reason'], '')}), and "
             f"{side} would have kept {_n(f['tricks'])} of those remaining")
    if f["when"] == "not_raised":
        return f"Nobody brought the concession to the director, so it stands. Had it been raised {window}, {would}."
    late = ("after the conceding side had called on the next deal or the round had ended" if f["clause"] == "71B"
            else "after the correction period had ended")
    return f"The concession was raised only {late}, too late for {f['clause']}. Raised {window}, {would}."


@describes("director_step")
def _director_step(f, table):
    return STEPS.get(f["step"], f["step"]).capitalize() + "."


@describes("legal_floor")
def _legal_floor(f, table):
    return (f"Over every legal play of the {_n(f['remaining'])} that remained, {SIDE_NAMES[f['side']]} take at "
            f"least {f['tricks']} and at most {f['ceiling']}.")


@describes("normal_line")
def _normal_line(f, table):
    side = SIDE_NAMES[f["side"]]
    if f.get("law") == "70A":
        how = {"stated": "follows his stated line", "from_text": "follows the order his statement gives",
               "none": "has stated no line to follow"}.get(f["line"], "")
        return (f"On the least successful normal line {side} take {f['tricks']}: the claimer {how}, every choice "
                f"left open is made against him (careless or inferior play, not irrational play), and the "
                f"opponents play any legal card.")
    return (f"On the least successful normal play of the remaining cards {side} take {f['tricks']} (their own "
            f"play careless or inferior but not irrational, the other side playing any legal card).")


@describes("double_dummy")
def _double_dummy(f, table):
    return f"With best play all round (double dummy) {SIDE_NAMES[f['side']]} would take {f['tricks']}."


@describes("trump_condition")
def _trump_condition(f, table):
    card = C.card_name(f["card"])
    return {1: f"The claimer said nothing about {card}, still held by {seat(f['seat'])}.",
            2: f"Nothing in the record shows the claimer knew {seat(f['seat'])} still held a trump: 70C2 is taken "
               f"as met, subject to the director's judgment.",
            3: f"A trick could be lost to {card} in some normal play of the remaining cards."}[f["condition"]]


@describes("outstanding_trump")
def _outstanding_trump(f, table):
    return (f"The opponents are awarded the trick(s) {C.card_name(f['card'])} could win: "
            f"{_n(f['tricks'])} at most on a normal line.")


@describes("new_line_rejected")
def _new_line_rejected(f, table):
    return (f"The line offered later would take {f['offered']}, but it is not in the original statement and a "
            f"normal line that statement allows takes only {f['stated']}: it is not accepted.")


@describes("unstated_line")
def _unstated_line(f, table):
    return (f"Success in {C.SUIT_NAMES[f['suit']]} depends on which opponent holds a card, and the claimer did "
            f"not say how he would play the suit: the {_n(f['tricks'])} that would need the right guess are not "
            f"credited.")


@describes("card_location_known")
def _card_location_known(f, table):
    return (f"{seat(f['seat'])} had already shown out of {C.SUIT_NAMES[f['suit']]}: the claimer is credited with "
            f"playing that suit as the known lie of the cards requires.")


@describes("concession_cancelled")
def _concession_cancelled(f, table):
    why = REASONS.get(f["reason"], "")
    verb = "agreed to" if f["reason"].startswith("contract") else "gave up"
    keep = (f"{SIDE_NAMES[f['side']]} keep {_n(f['tricks'])} of those remaining" if f["reason"].endswith("floor")
            else "the tricks won in play count as won")
    return f"The concession is cancelled: it {verb} {why}; {keep}."


@describes("concession_stands")
def _concession_stands(f, table):
    c = f.get("conceded")
    if c is None:
        return f"The concession stands: {SIDE_NAMES[f['side']]} keep {_n(f['tricks'])} of those remaining."
    return (f"The concession stands: the {_n(c)} {SIDE_NAMES[f['side']]} conceded "
            f"{'is' if c == 1 else 'are'} not given back.")


@describes("tricks_awarded")
def _tricks_awarded(f, table):
    return (f"{SIDE_NAMES[f['side']]} are awarded {_n(f['tricks'])} of those remaining: declarer's total is "
            f"{f['total']}.")


@describes("play_after_claim_ignored")
def _play_after_claim(f, table):
    n = f["count"]
    return (f"Play went on after the claim ({n} card{'s' if n != 1 else ''}: {f['cards']}); it should have stopped, "
            f"and those cards count for nothing: the claim is ruled on the position when it was made.")


@describes_fact("played_after_claim")
def _fact_played_after(f):
    return f"cards played after the claim: {f['cards']}"


@describes("award_pending")
def _award_pending(f, table):
    lo, hi = f["lower"], f["upper"]
    share = f"{lo}" if lo == hi else f"between {lo} and {hi}"
    return (f"No award yet: the board awaits the director's ruling on the claim. What is proven is that "
            f"{SIDE_NAMES[f['side']]} take {share} of the {f['remaining']} tricks that remained.")


@describes("award_proposed")
def _award_proposed(f, table):
    side = SIDE_NAMES[f["side"]]
    share = f"{f['lower']}" if f["lower"] == f["upper"] else f"between {f['lower']} and {f['upper']}"
    return (f"Proposed award, for the director to confirm: {side} take {_n(f['tricks'])} of the "
            f"{f['remaining']} tricks that remained, on the normal line drawn below (the least successful one "
            f"the search found). The least successful normal line is proven to give them {share}; the award "
            f"counts only once the director confirms it (his confirmation is recorded on the claim).")


@describes("line_departure")
def _line_departure(f, table):
    return f["question"]


@describes_fact("claim_line_departure")
def _fact_departure(f):
    return (f"at trick {f['trick']} {seat(f['seat'])}'s {f['role']} of {C.card_name(f['card'])} costs "
            f"{_n(f['costs'])} against the best normal line")


@describes_fact("claim_event")
def _fact_claim_event(f):
    return (f"{seat(f['by'])} {'claimed' if f['event'] == 'claim' else 'conceded'} {_n(f['tricks'])} of the "
            f"{f['remaining']} remaining {when(f['at'])}")


@describes_fact("claim_timing")
def _fact_claim_timing(f):
    bits = ["disputed" if f["disputed"] else "accepted"]
    if f.get("withdrawal_by"):
        bits.append(f"withdrawal asked by {seat(f['withdrawal_by'])}")
    if not f.get("raised", True):
        bits.append("never brought to the director")
        return "the claim or concession was " + ", ".join(bits)
    bits.append("within the correction period" if f["in_correction_period"] else "after the correction period")
    bits.append("before the side called on the next deal" if f["before_next_deal"] else
                "after the side called on the next deal or the round ended")
    return "the claim or concession was " + ", ".join(bits)


@describes_fact("play_bounds")
def _fact_play_bounds(f):
    return f"over all legal plays {SIDE_NAMES[f['side']]} take {f['floor']} to {f['ceiling']} of {f['remaining']}"


@describes_fact("normal_play")
def _fact_normal_play(f):
    value = f["tricks"] if f.get("exact") else f"{f['lower']}-{f['upper']} (undetermined)"
    return f"over normal play ({f['line']} line) {SIDE_NAMES[f['side']]} take at least {value}"


@describes_fact("double_dummy_value")
def _fact_dd(f):
    if not f.get("available"):
        return f"double-dummy value not computed: {f['reason']}"
    return f"double dummy {SIDE_NAMES[f['side']]} take {f['tricks']}"


@describes_fact("trump_outstanding")
def _fact_trump(f):
    return (f"{seat(f['seat'])} holds {C.card_name(f['card'])}; mentioned: {f['mentioned']}; claimer aware: "
            f"{f['aware']}; it can win {f['can_win']} trick(s) on a normal line")



# ---------------------------------------------------------------------------
# The least successful normal line, card by card (table.claim_line, set by engine.law.claims)
# ---------------------------------------------------------------------------

LINE_WHY = {
    "only": "the only card it may play (or one of equivalent cards)",
    "stated": "the play the statement's line calls for",
    "lead": "the statement leaves the order of play open, and his count rates this lead as highly as any "
            "other (footnote to Law 69)",
    "discard_winner": "a careless discard: the card thrown can only win, but every card kept might still take a "
                      "trick by its rank, so it is not the discard of a winner kept beside a dead card",
    "no_sure_card": "no card it holds is certain to win the trick, so playing low does not decline a sure trick",
    "choice": "one of several normal cards; the choice is made against the claimer (70A)",
    "sure": "a card certain to win the trick",
}


def claim_line_law(r) -> str:
    """The clause the line is shown for: 70A for a disputed claim; for an accepted one, the clause that
    checks it against the line (69B when the acceptance is withdrawn, else 71, the tricks conceded)."""
    kinds = {c.kind for c in r.conclusions}
    if "claim_accepted" not in kinds:
        return "70A"
    return "69B" if any(c.law == "69B" for c in r.conclusions) else "71"


LINE_PURPOSE = {"70A": "", "69B": ", against which the withdrawal of the acceptance is judged (69B)",
                "71": ", against which the tricks conceded are checked (71)"}


def claim_line_lines(table, law: str = "70A") -> list:
    """The line as text lines: one per trick, then where it first falls short and why that play is normal."""
    cl = getattr(table, "claim_line", None)
    if not cl:
        return []
    out = []
    for t in cl["line"]:
        cards = ", ".join(f"{c['seat']} {C.card_short(c['card'])}" for c in t["cards"])
        won = f"won by {C.seat_name(t['winner'])}" if t.get("winner") else "unfinished"
        out.append((f"Trick {t['number']}: {cards}; {won}{' (lost)' if t.get('lost') else ''}.", law))
    fs = cl.get("falls_short")
    if fs:
        why = LINE_WHY.get(fs.get("why") or "", "a normal play")
        text = (f"It first falls short at trick {fs['trick']}, where {C.seat_name(fs['seat'])} plays "
                f"{C.card_name(fs['card'])}: {why}" + (f"; {fs['missed']}." if fs.get("missed") else "."))
        out.append((text, law))
    return out


def claim_line_section(r):
    law = claim_line_law(r)
    lines = claim_line_lines(r.table, law)
    if not lines:
        return None
    side = r.table.claim_line["side"]
    if r.table.claim_line.get("proposal"):
        return (f"The normal line proposed ({SIDE_NAMES.get(side, side)} take {r.table.claim_line['tricks']}; "
                f"not proven the least successful)", lines)
    return (f"The least successful normal line ({SIDE_NAMES.get(side, side)} take {r.table.claim_line['tricks']})"
            f"{LINE_PURPOSE[law]}", lines)
