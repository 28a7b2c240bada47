"""The play chapter (Laws 44, 47-67): its table facts, its conclusions and its producers.

``play_and_revoke_facts`` and ``play_irregularity_facts`` turn the table into
the facts the rules of ``engine/rules/law44.py`` ... ``law67.py`` join on:
what the law rules look at, computed once per case.
"""
from __future__ import annotations

from engine.law.facts import Conclusion, TableFact, _f, fact_producer
from engine.mechanics.table import Table
from engine.notation import cards as C


class ContractFact(TableFact):
    kind = "contract"
    shown = ("contract", "declarer", "dummy")
    contract = _f(str)
    declarer = _f(str)
    dummy = _f(str)


class CardPlayed(TableFact):
    """A card in the record.  ``followed``/``held_led_suit`` describe the hand, not the law.

    Asserted for the plays a law rule can look at (see ``_law_looks_at``).
    """

    kind = "card_played"
    shown = ("trick", "seat", "card", "at", "withdrawn")
    trick = _f(int)
    index = _f(int)
    seat = _f(str)
    side = _f(str)
    role = _f(str)
    card = _f(str)
    led_suit = _f(object)
    leads = _f(bool)
    followed = _f(bool)
    held_led_suit = _f(bool)
    withdrawn = _f(bool)  # replaced later in the same trick
    applied = _f(bool)  # False for a substitute the law did not allow
    at = _f(str)
    moment = _f(int)


class Withdrawal(TableFact):
    """The record shows ``seat`` replacing ``card`` by ``substitute`` in ``trick``."""

    kind = "withdrawal"
    shown = ("trick", "seat", "card", "substitute", "at")
    trick = _f(int)
    seat = _f(str)
    side = _f(str)
    role = _f(str)
    card = _f(str)
    substitute = _f(str)
    original_index = _f(int)
    index = _f(int)
    concealed = _f(bool)  # the card came from a concealed hand
    applied = _f(bool)
    by_director = _f(bool)
    at = _f(str)
    moment = _f(int)


class TrickComplete(TableFact):
    kind = "trick_complete"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)


class TricksFrom(TableFact):
    kind = "tricks_from"
    shown = ("trick", "side", "count")
    trick = _f(int)
    side = _f(str)
    count = _f(int)


class OutsideRecord(TableFact):
    kind = "tricks_outside_record"
    shown = ("side", "count", "how")
    side = _f(str)
    count = _f(int)
    how = _f(str)


class LegalAlternative(TableFact):
    kind = "legal_alternative"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    played_later = _f(bool)


class FirstAct(TableFact):
    kind = "first_act"
    shown = ("trick", "seat", "act", "by", "at", "card")
    trick = _f(int)
    seat = _f(str)
    act = _f(str)
    by = _f(object)
    card = _f(object)
    at = _f(str)
    moment = _f(int)


class Notice(TableFact):
    kind = "attention"
    shown = ("trick", "seat", "by", "asked", "at", "deemed")
    trick = _f(int)
    seat = _f(str)
    by = _f(object)
    asked = _f(object)
    at = _f(str)
    moment = _f(int)
    deemed = _f(bool)
    after_call_by_offenders = _f(bool)
    after_call_by_non_offenders = _f(bool)
    after_round_end = _f(bool)
    after_hands_returned = _f(bool)


class AttentionDrawn(TableFact):
    kind = "attention_drawn"
    shown = ("by", "asked", "subject", "trick", "seat", "at")
    event = _f(int)
    by = _f(str)
    by_role = _f(str)
    asked = _f(object)
    asked_role = _f(object)
    subject = _f(str)
    trick = _f(object)
    seat = _f(object)
    at = _f(str)
    moment = _f(int)


class Holding(TableFact):
    """A seat's cards just before it played to ``trick`` (asserted for trick 12)."""

    kind = "holding"
    shown = ("trick", "seat", "cards", "legal")
    trick = _f(int)
    seat = _f(str)
    cards = _f(object)
    suits = _f(int)
    legal = _f(int)
    index = _f(int)


class EventFact(TableFact):
    kind = "event"
    shown = ("event", "by", "side", "tricks", "accepted", "at")
    event = _f(str)
    by = _f(object)
    side = _f(object)
    tricks = _f(object)
    accepted = _f(object)
    at = _f(str)
    moment = _f(int)


class TrickWon(Conclusion):
    kind = "trick_won"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)


class Revoke(Conclusion):
    kind = "revoke"
    shown = ("trick", "seat", "card", "suit", "duty")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    suit = _f(str)
    side = _f(str)
    non_offenders = _f(str)
    role = _f(str)
    index = _f(int)
    duty = _f(str)  # follow_suit, or the duty not honoured (61A's second half)
    faced = _f(bool)  # the card required lay face up on the table (64B3)


class IllegalInquiry(Conclusion):
    kind = "illegal_inquiry"
    shown = ("by", "asked", "trick", "seat")
    by = _f(str)
    asked = _f(str)
    trick = _f(object)
    seat = _f(object)
    moment = _f(int)


class RevokeEstablished(Conclusion):
    kind = "revoke_established"
    shown = ("trick", "seat")
    trick = _f(int)
    seat = _f(str)


class RevokeMustBeCorrected(Conclusion):
    kind = "revoke_must_be_corrected"
    shown = ("trick", "seat")
    trick = _f(int)
    seat = _f(str)


class RevokeCorrected(Conclusion):
    kind = "revoke_corrected"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)


class CardWithdrawn(Conclusion):
    kind = "card_withdrawn"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)


class PenaltyCard(Conclusion):
    kind = "penalty_card"
    shown = ("seat", "card", "type")
    seat = _f(str)
    card = _f(str)
    type = _f(str)
    moment = _f(int)  # from when it lies on the table


class CorrectionNotAllowed(Conclusion):
    kind = "correction_not_allowed"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    index = _f(int)
    moment = _f(int)


class TrickStands(Conclusion):
    kind = "trick_stands"
    shown = ("trick",)
    trick = _f(int)


class NoRevokePenalty(Conclusion):
    kind = "no_revoke_penalty"
    shown = ("trick", "seat")
    trick = _f(int)
    seat = _f(str)


class LegalCardWin(Conclusion):
    kind = "legal_card_win"
    shown = ("trick", "seat", "won_trick", "card")
    trick = _f(int)
    seat = _f(str)
    won_trick = _f(int)
    card = _f(str)


class TrickTransfer(Conclusion):
    kind = "trick_transfer"
    shown = ("trick", "seat", "tricks", "to")
    trick = _f(int)
    seat = _f(str)
    tricks = _f(int)
    to = _f(str)


class NoDamagePossible(Conclusion):
    """64C: the record shows the non-offending side lost nothing from the revoke trick on."""

    kind = "no_damage_possible"
    shown = ("trick", "seat", "side")
    trick = _f(int)
    seat = _f(str)
    side = _f(str)
    tricks = _f(int)  # of the tricks from the revoke trick on, all of them


@fact_producer
def play_and_revoke_facts(table: Table) -> list[TableFact]:
    """The contract, the plays, trick winners, and what the revoke chapter (61-64) joins on."""
    if table.contract is None:  # a ruling before play: no contract, no record
        return []
    facts: list[TableFact] = [ContractFact(contract=str(table.contract), declarer=table.declarer, dummy=table.dummy)]
    for p in table.plays:
        if _law_looks_at(p):
            facts.append(CardPlayed(
                trick=p.trick, index=p.index, seat=p.seat, side=C.side_of(p.seat), role=p.role, card=p.card,
                led_suit=p.led_suit, leads=p.leads, followed=p.followed, held_led_suit=p.held_led_suit,
                withdrawn=bool(p.replaced_by and p.replaced_by.applied), applied=p.applied, at=p.at,
                moment=p.moment,
            ))
        if p.replaces is not None:
            earlier = p.replaces
            facts.append(Withdrawal(
                trick=p.trick, seat=p.seat, side=C.side_of(p.seat), role=p.role, card=earlier.card,
                substitute=p.card, original_index=earlier.index, index=p.index,
                concealed=(p.role == "defender" and not _was_exposed(table, earlier)),
                applied=p.applied, by_director=p.synthetic, at=p.at, moment=p.moment,
            ))
    for t in table.tricks:
        if t.winner and t.complete:
            facts.append(TrickComplete(trick=t.number, seat=t.winner, card=t.winning_card))
    revoke_tricks = sorted({c.play.trick for c in table.candidates} | {d.trick for d in table.defects})
    for trick in revoke_tricks:
        for side in ("NS", "EW"):
            facts.append(TricksFrom(trick=trick, side=side, count=table.tricks_from(trick, side)))
    for side in ("NS", "EW"):
        n = table.tally.outside_record.get(side, 0)
        if n:
            facts.append(OutsideRecord(side=side, count=n, how=table.tally.how))
    for c in table.candidates:
        p = c.play
        if c.duty != "follow_suit":
            facts.append(DutyBreach(trick=p.trick, seat=p.seat, side=c.side, role=p.role, card=p.card, duty=c.duty,
                                    suit=c.suit, faced=c.faced, source=c.source, index=p.index, at=p.at,
                                    moment=p.moment))
        if c.non_offender_play < 10 ** 9:
            nxt = next(q for q in table.plays if q.moment == c.non_offender_play)
            facts.append(NonOffenderPlay(trick=p.trick, seat=p.seat, moment=nxt.moment, at=nxt.at))
        for card in c.legal:
            later = any(q.card == card and q.trick > p.trick and q.applied for q in table.plays)
            facts.append(LegalAlternative(trick=p.trick, seat=p.seat, card=card, played_later=later))
        a = c.first_act
        facts.append(FirstAct(trick=p.trick, seat=p.seat, act=a.act, by=a.by, card=a.detail or None,
                              at=a.at, moment=a.moment))
        n = c.notice
        facts.append(Notice(
            trick=p.trick, seat=p.seat, by=n.by, asked=n.asked, at=n.at, moment=n.moment, deemed=n.deemed,
            after_call_by_offenders=n.after_call_by_offenders,
            after_call_by_non_offenders=n.after_call_by_non_offenders,
            after_round_end=n.after_round_end, after_hands_returned=n.after_hands_returned,
        ))
    for e in table.events:
        if e.kind == "attention_drawn":
            facts.append(AttentionDrawn(
                event=e.event.index + 1, by=e.get("by"), by_role=table.role(e.get("by")),
                asked=e.asked, asked_role=table.role(e.asked) if e.asked else None,
                subject=e.get("subject"), trick=e.trick, seat=e.seat, at=e.at, moment=e.moment,
            ))
        elif e.kind != "card_designated":
            facts.append(EventFact(
                event=e.kind, by=e.get("by"), side=e.get("side"), tricks=e.get("tricks"),
                accepted=e.get("accepted", True) if e.kind in ("claim", "concession") else None,
                at=e.at, moment=e.moment,
            ))
    if len(table.tricks) >= 12 and any(c.play.trick == 12 for c in table.candidates):
        for p in table.tricks[11].plays:
            if p.replaces is None:
                hand = C.sort_cards(p.hand_before)
                legal = [c for c in hand if C.suit_of(c) == p.led_suit] if p.held_led_suit else hand
                facts.append(Holding(trick=12, seat=p.seat, cards=tuple(hand),
                                     suits=len({C.suit_of(c) for c in hand}), legal=len(legal), index=p.index))
    return facts


def _law_looks_at(play) -> bool:
    """The plays asserted as ``card_played``: those some law rule can match.

    Only a failure to follow suit while holding the suit led (61A), or a card
    withdrawn or substituted (62, 63B), concerns a rule of the implemented
    chapters; leaving the other plays out keeps working memory small (every
    play is still in the table, in the tally and in the trick facts).
    """
    return play.failed_to_follow or play.replaces is not None or play.replaced_by is not None


def _was_exposed(table: Table, play) -> bool:
    """A defender's card is exposed if it had been withdrawn face up earlier in the record."""
    return any(q.card == play.card and q.replaced_by is not None and q.replaced_by.applied and q.moment < play.moment
               for q in table.plays if q is not play)


# ---------------------------------------------------------------------------
# Laws 47-60, 65-67: irregular leads and plays, penalty cards, tricks
# ---------------------------------------------------------------------------


class PlayedToRefusedLead(TableFact):
    """A card played to a lead out of turn that was then refused (it goes back, 60C)."""

    kind = "played_to_refused_lead"
    shown = ("trick", "seat", "card", "at")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    role = _f(str)
    offender_side = _f(bool)
    at = _f(str)
    moment = _f(int)


class PlayedToDisplacedLead(TableFact):
    """A card played to a lead out of turn before the proper leader led in his own right (it goes back, 53C)."""

    kind = "played_to_displaced_lead"
    shown = ("trick", "seat", "card", "at")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    role = _f(str)
    at = _f(str)
    moment = _f(int)


class LeadOutOfTurnFact(TableFact):
    kind = "lead_from_wrong_hand"
    shown = ("trick", "seat", "card", "proper", "fate", "at")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    proper = _f(str)
    role = _f(str)
    proper_role = _f(str)
    chooser = _f(str)  # the opponent who may accept or refuse it
    opening = _f(bool)
    fate = _f(object)
    after_refused_declarer_lead = _f(bool)  # 60B
    at = _f(str)
    moment = _f(int)
    withdrawn = _f(object)  # moment it went back to the hand, if it did


class PrematureFact(TableFact):
    kind = "played_before_partner"
    shown = ("trick", "seat", "card", "fate", "at")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    fate = _f(object)
    lead = _f(bool)  # led to the next trick before partner played (an exposure)
    partner = _f(str)
    declarer = _f(str)  # who chooses the rectification
    since = _f(int)  # from when the card lies face up as a penalty card
    declarer_played_both = _f(bool)
    lho_played = _f(bool)  # the offender's left-hand opponent played after it, before any rectification (60A1)
    at = _f(str)
    moment = _f(int)
    withdrawn = _f(object)


class ExposureFact(TableFact):
    kind = "card_exposed"
    shown = ("seat", "card", "how", "at")
    seat = _f(str)
    card = _f(str)
    how = _f(str)
    role = _f(str)
    honour = _f(bool)
    trick = _f(int)
    late = _f(bool)  # a surplus card found only after each side had played to the next trick (67B2)
    alone = _f(bool)  # no other penalty card of his on the table, none exposed with it (50C)
    at = _f(str)
    moment = _f(int)


class OptionChosenFact(TableFact):
    kind = "option_chosen"
    shown = ("by", "option", "suit", "card", "at")
    by = _f(str)
    option = _f(str)
    suit = _f(object)
    card = _f(object)
    trick = _f(int)
    at = _f(str)
    moment = _f(int)


class HandFacedFact(TableFact):
    kind = "hand_faced"
    shown = ("by", "at")
    by = _f(str)
    role = _f(str)
    after_opening_lead_out_of_turn = _f(bool)
    at = _f(str)
    moment = _f(int)


class DummySeenFact(TableFact):
    kind = "dummy_seen"
    shown = ("by", "at")
    by = _f(str)
    trick = _f(int)
    at = _f(str)
    moment = _f(int)


class DutyBreach(TableFact):
    """A play that did not honour a duty the law imposed (a penalty card, a restriction)."""

    kind = "duty_not_honoured"
    shown = ("trick", "seat", "card", "duty", "source", "at")
    trick = _f(int)
    seat = _f(str)
    side = _f(str)
    role = _f(str)
    card = _f(str)
    duty = _f(str)
    suit = _f(str)
    faced = _f(bool)
    source = _f(str)  # the law and moment that imposed the duty
    index = _f(int)
    at = _f(str)
    moment = _f(int)


class InabilityFact(TableFact):
    kind = "could_not_comply"
    shown = ("trick", "seat", "card", "duty", "at")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    duty = _f(str)
    at = _f(str)


class NonOffenderPlay(TableFact):
    """The first card the non-offending side played after a failure to play as required."""

    kind = "next_play_by_non_offenders"
    shown = ("trick", "seat", "at")
    trick = _f(int)
    seat = _f(str)
    moment = _f(int)
    at = _f(str)


class LeadPointFact(TableFact):
    kind = "partner_on_lead_with_penalty_card"
    shown = ("trick", "leader", "offender", "cards", "at")
    trick = _f(int)
    leader = _f(str)
    offender = _f(str)
    declarer = _f(str)
    cards = _f(object)
    count = _f(int)
    suits = _f(int)
    suit = _f(object)  # the suit of the penalty cards when they are all of one suit
    at = _f(str)
    moment = _f(int)


class LeadPointCard(TableFact):
    """One of the penalty cards on the table at a lead point (51B picks them up by suit)."""

    kind = "penalty_card_at_lead"
    shown = ("trick", "offender", "card")
    trick = _f(int)
    offender = _f(str)
    card = _f(str)
    suit = _f(str)


class ChoicePointFact(TableFact):
    kind = "penalty_cards_playable"
    shown = ("trick", "seat", "cards", "at")
    trick = _f(int)
    seat = _f(str)
    declarer = _f(str)
    cards = _f(object)
    at = _f(str)
    moment = _f(int)


class PenaltyCardsTogether(TableFact):
    """A defender has two or more penalty cards on the table at once (50C)."""

    kind = "penalty_cards_together"
    shown = ("seat", "cards")
    seat = _f(str)
    cards = _f(object)
    moment = _f(int)


class DefectFact(TableFact):
    kind = "trick_defect"
    shown = ("trick", "seat", "defect", "cards", "in_time")
    trick = _f(int)
    seat = _f(str)
    side = _f(str)
    defect = _f(str)  # missing, surplus
    cards = _f(object)
    has_led_suit = _f(bool)
    in_time = _f(bool)
    role = _f(str)
    at = _f(str)
    moment = _f(int)


class InspectionFact(TableFact):
    kind = "inspection_requested"
    shown = ("by", "what", "at")
    by = _f(str)
    what = _f(str)
    role = _f(str)
    trick = _f(int)
    side_played_next = _f(bool)  # his side has led or played to the next trick
    lead_made_next = _f(bool)  # anyone has led to the next trick
    play_over = _f(bool)
    at = _f(str)
    moment = _f(int)


class TrickDispute(TableFact):
    kind = "trick_disputed"
    shown = ("by", "trick", "disarranged_by", "at")
    by = _f(str)
    trick = _f(int)
    disarranged_by = _f(str)  # a player who mixed up his played cards
    disarranged_after = _f(bool)  # ... after the dispute arose (66D) rather than before it (65D)
    at = _f(str)


class Replacement(TableFact):
    """A replacement in the record the revoke laws do not explain (read by 47)."""

    kind = "card_replaced"
    shown = ("trick", "seat", "card", "substitute", "at")
    trick = _f(int)
    seat = _f(str)
    role = _f(str)
    card = _f(str)
    substitute = _f(str)
    index = _f(int)
    after_opponent_change = _f(bool)
    dummy_after_opening_lead = _f(bool)  # dummy's card played second to an accepted opening lead (54B2)
    at = _f(str)
    moment = _f(int)


class LeadOutOfTurn(Conclusion):
    kind = "lead_out_of_turn"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)


class LeadAccepted(Conclusion):
    kind = "lead_accepted"
    shown = ("trick", "seat")
    trick = _f(int)
    seat = _f(str)


class OptionWithoutEffect(Conclusion):
    """A choice a player announced that the law does not leave him (declarer refusing a lead he must accept, 54C)."""

    kind = "option_without_effect"
    shown = ("trick", "by", "option", "seat")
    trick = _f(int)
    by = _f(str)
    option = _f(str)
    seat = _f(str)  # the offender whose irregularity the choice concerned
    moment = _f(int)  # the announcement's moment: the mechanics read the play as if it had not been made


class ProperLeadStands(Conclusion):
    kind = "proper_lead_stands"
    shown = ("trick", "seat")
    trick = _f(int)
    seat = _f(str)


class RolesSwitched(Conclusion):
    kind = "roles_switched"
    shown = ("declarer", "dummy")
    declarer = _f(str)
    dummy = _f(str)


class PrematurePlay(Conclusion):
    kind = "premature_play"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    partner = _f(str)
    declarer = _f(str)


class PenaltyCardLifted(Conclusion):
    kind = "penalty_card_lifted"
    shown = ("seat", "card")
    seat = _f(str)
    card = _f(str)
    moment = _f(int)


class Obligation(Conclusion):
    kind = "obligation"
    shown = ("seat", "duty", "card", "suit", "trick")
    seat = _f(str)
    duty = _f(str)
    card = _f(object, mandatory=False)
    suit = _f(object, mandatory=False)
    trick = _f(object, mandatory=False)
    moment = _f(int)


class CannotComply(Conclusion):
    kind = "cannot_comply"
    shown = ("trick", "seat")
    trick = _f(int)
    seat = _f(str)


class PlayAccepted(Conclusion):
    kind = "play_accepted"
    shown = ("trick", "seat")
    trick = _f(int)
    seat = _f(str)


class RectificationForfeited(Conclusion):
    kind = "rectification_forfeited"
    shown = ("trick", "seat")
    trick = _f(int)
    seat = _f(str)


class NoRectification(Conclusion):
    kind = "no_rectification"
    shown = ("seat", "card", "subject")
    seat = _f(str)
    card = _f(object)
    subject = _f(str)


class TreatedAsClaim(Conclusion):
    kind = "treated_as_claim"
    shown = ("seat",)
    seat = _f(str)


class RetractionNotAllowed(Conclusion):
    kind = "retraction_not_allowed"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    index = _f(int)


class DefectiveTrick(Conclusion):
    kind = "defective_trick"
    shown = ("trick", "seat")
    trick = _f(int)
    seat = _f(str)


class Inspection(Conclusion):
    kind = "inspection"
    shown = ("by", "what", "allowed")
    by = _f(str)
    what = _f(str)
    allowed = _f(bool)


class RuledAgainst(Conclusion):
    kind = "ruled_against"
    shown = ("seat", "trick")
    seat = _f(str)
    trick = _f(int)


class DisputedTrickAwarded(Conclusion):
    """A disputed trick the record gave to the side ruled against: it counts for the other side."""

    kind = "disputed_trick_awarded"
    shown = ("trick", "seat", "to")
    trick = _f(int)
    seat = _f(str)  # the player who disarranged his cards
    to = _f(str)  # the side the trick now counts for


@fact_producer
def play_irregularity_facts(table: Table) -> list[TableFact]:
    """What the rules of Laws 47-60 and 65-67 join on."""
    facts: list[TableFact] = []
    for st in table.tricks:
        for p in st.plays:
            if p.out_of_turn == "lead":
                proper_role = table.role(p.proper, p.moment) if p.proper else "defender"
                chooser = table.declarer if p.role == "defender" else C.next_seat(p.seat)
                facts.append(LeadOutOfTurnFact(
                    trick=p.trick, seat=p.seat, card=p.card, proper=p.proper, role=p.role, proper_role=proper_role,
                    chooser=_declarer_at(table, p.moment) if p.role == "defender" else chooser,
                    opening=p.trick == 1 and p.role == "defender",
                    after_refused_declarer_lead=any(
                        q.out_of_turn == "lead" and q.fate == "refused" and q.role != "defender"
                        and q.moment < p.moment for q in st.plays),
                    fate=p.fate, at=p.at, moment=p.moment, withdrawn=p.withdrawn_at))
            if p.fate == "played_in_error":
                facts.append(PlayedToDisplacedLead(trick=p.trick, seat=p.seat, card=p.card, role=p.role, at=p.at,
                                                   moment=p.withdrawn_at))
            if p.fate == "played_to_refused_lead":
                loot = next(q for q in st.plays if q.out_of_turn == "lead" and q.fate == "refused")
                facts.append(PlayedToRefusedLead(trick=p.trick, seat=p.seat, card=p.card, role=p.role,
                                                 offender_side=C.side_of(p.seat) == C.side_of(loot.seat),
                                                 at=p.at, moment=p.withdrawn_at))
            if p.premature:
                both = _declarer_played_both(st, p)
                facts.append(PrematureFact(trick=p.trick, seat=p.seat, card=p.card, fate=p.fate, lead=False,
                                           partner=C.partner(p.seat), declarer=_declarer_at(table, p.moment),
                                           since=p.withdrawn_at or p.moment,
                                           declarer_played_both=both, lho_played=_lho_played(table, st, p),
                                           at=p.at, moment=p.moment, withdrawn=p.withdrawn_at))
    for x in table.exposures:
        if x.how == "premature_lead":
            st = table.tricks[x.trick - 1] if x.trick <= len(table.tricks) else None
            both = bool(st) and _declarer_played_both(st, None, x.moment)
            facts.append(PrematureFact(trick=x.trick, seat=x.seat, card=x.card, fate=None, lead=True,
                                       partner=C.partner(x.seat), declarer=_declarer_at(table, x.moment),
                                       since=x.moment, declarer_played_both=both,
                                       lho_played=_premature_lead_taken_up(table, x), at=x.at,
                                       moment=x.moment, withdrawn=x.moment))
        late = any(d.kind == "surplus" and not d.in_time and d.seat == x.seat and x.card in d.cards
                   for d in table.defects)
        facts.append(ExposureFact(seat=x.seat, card=x.card, how=x.how, role=table.role(x.seat, x.moment),
                                  honour=x.card[1] in "AKQJT", trick=x.trick, late=late, alone=x.alone, at=x.at,
                                  moment=x.moment))
    loot_trick1 = [p for p in (table.tricks[0].plays if table.tricks else []) if p.out_of_turn == "lead"]
    for e in table.events:
        trick = table.trick_at(e.moment)
        if e.kind == "option_chosen":
            facts.append(OptionChosenFact(by=e.get("by"), option=e.get("option"), suit=e.get("suit"),
                                          card=e.get("card"), trick=_trick_for_option(table, e), at=e.at,
                                          moment=e.moment))
        elif e.kind == "hand_faced":
            facts.append(HandFacedFact(by=e.get("by"), role=table.role(e.get("by"), e.moment - 1),
                                       after_opening_lead_out_of_turn=bool(loot_trick1) and trick == 1,
                                       at=e.at, moment=e.moment))
        elif e.kind == "dummy_seen":
            facts.append(DummySeenFact(by=e.get("by"), trick=trick, at=e.at, moment=e.moment))
        elif e.kind == "inspection_requested":
            by = e.get("by")
            side = C.side_of(by)
            before = [p for p in table.plays if p.moment < e.moment]
            done = [t.number for t in table.tricks if t.complete and t.plays and t.plays[-1].moment < e.moment]
            last = done[-1] if done else trick
            facts.append(InspectionFact(
                by=by, what=e.get("what"), role=table.role(by, e.moment), trick=last,
                side_played_next=any(C.side_of(p.seat) == side and p.trick > last for p in before),
                lead_made_next=any(p.trick > last for p in before),
                play_over=not any(p.moment > e.moment for p in table.plays) and e.position >= len(table.plays),
                at=e.at, moment=e.moment))
        elif e.kind == "trick_disputed":
            for x in [x for x in table.events if x.kind == "cards_disarranged"]:
                facts.append(TrickDispute(by=e.get("by"), trick=e.get("trick"), disarranged_by=x.get("by"),
                                          disarranged_after=x.moment > e.moment, at=e.at))
    for u in table.unable:
        facts.append(InabilityFact(trick=u.play.trick, seat=u.play.seat, card=u.play.card, duty=u.duty,
                                   at=u.play.at))
    for lp in table.lead_points:
        suits = sorted({C.suit_of(c) for c in lp.cards}, key=C.SUITS.index)
        facts.append(LeadPointFact(trick=lp.trick, leader=lp.leader, offender=lp.offender,
                                   declarer=_declarer_at(table, lp.moment), cards=lp.cards, count=len(lp.cards),
                                   suits=len(suits), suit=suits[0] if len(suits) == 1 else None,
                                   at=lp.at, moment=lp.moment))
        facts.extend(LeadPointCard(trick=lp.trick, offender=lp.offender, card=c, suit=C.suit_of(c)) for c in lp.cards)
    for cp in table.choice_points:
        facts.append(ChoicePointFact(trick=cp.trick, seat=cp.seat, declarer=_declarer_at(table, cp.moment),
                                     cards=cp.cards, at=cp.at, moment=cp.moment))
    for (seat, cards, moment) in table.together:
        facts.append(PenaltyCardsTogether(seat=seat, cards=cards, moment=moment))
    for d in table.defects:
        facts.append(DefectFact(trick=d.trick, seat=d.seat, side=C.side_of(d.seat), defect=d.kind, cards=d.cards,
                                has_led_suit=bool(d.cards) if d.kind == "missing" else False, in_time=d.in_time,
                                role=table.role(d.seat, d.moment), at=d.at, moment=d.moment))
    explained = {(c.play.trick, c.play.seat) for c in table.candidates}
    for p in table.plays:
        if p.replaces is not None and (p.trick, p.seat) not in explained and not p.synthetic:
            opening = table.tricks[0].plays[0] if table.tricks and table.tricks[0].plays else None
            dummy_second = (p.trick == 1 and p.role == "dummy" and opening is not None
                            and opening.out_of_turn == "lead" and opening.fate in ("accepted_statement",
                                                                                  "accepted_play"))
            facts.append(Replacement(
                trick=p.trick, seat=p.seat, role=p.role, card=p.replaces.card, substitute=p.card, index=p.index,
                after_opponent_change=_opponent_changed_before(table, p), dummy_after_opening_lead=dummy_second,
                at=p.at, moment=p.moment))
    return facts


def _declarer_played_both(st, play, moment=None) -> bool:
    """57C: before the defender's card, declarer had played to the trick from both hands,
    or dummy had played a card out of turn."""
    when = play.moment if play is not None else moment
    before = [q for q in st.plays if q.moment < when and q.applied]
    roles = {q.role for q in before}
    return {"declarer", "dummy"} <= roles or any(q.role == "dummy" and q.out_of_turn for q in before)


def _lho_played(table: Table, st, play) -> bool:
    """60A1: the offender's left-hand opponent played after the premature card, before any rectification."""
    lho = C.next_seat(play.seat)
    for q in st.plays:
        if q.seat == lho and q.moment > play.moment and q.applied:
            if play.withdrawn_at is not None and play.withdrawn_at < q.moment:
                return False
            return not any(e.kind in ("option_chosen", "attention_drawn") and play.moment < e.moment < q.moment
                           for e in table.events)
    return False


def _declarer_at(table: Table, moment: int) -> str:
    if table.switch and moment > table.switch[0]:
        return C.partner(table.case.declarer)
    return table.case.declarer


def _trick_for_option(table: Table, e) -> int:
    """The trick an option concerns: the one in progress, or the next one when the last is complete."""
    before = [p for p in table.plays if p.moment < e.moment]
    if not before:
        return 1
    t = before[-1].trick
    seats = {p.seat for p in before if p.trick == t and p.withdrawn_at is None}
    return t + 1 if len(seats) == 4 and e.position == before[-1].entry.index + 1 + _offset(table, t) else t


def _offset(table: Table, trick: int) -> int:
    return sum(len(t.plays) for t in table.tricks[:trick - 1])


def _premature_lead_taken_up(table: Table, x) -> bool:
    """60A1 for a premature lead: the card was led to the next trick and the offender's LHO played to it."""
    for st in table.tricks:
        lead = st.effective[0][1] if st.effective else None
        if lead is not None and lead.seat == x.seat and lead.card == x.card and lead.moment > x.moment:
            return lead.fate == "accepted_play"
    return False


def _opponent_changed_before(table: Table, play) -> bool:
    for q in table.plays:
        if q.trick == play.trick and q.replaces is not None and q.moment < play.moment \
                and C.side_of(q.seat) != C.side_of(play.seat):
            return True
    return False
