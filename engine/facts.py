"""Fact types.  Table facts describe the table; conclusions are what the law says.

Each class names its ``kind`` (the snake_case name used in rulings and case
files) and its ``shown`` fields (what a ruling prints; the other fields are
there for the rules to join on).  ``table_facts`` turns a ``Table`` into the
facts asserted for one case: what the law rules join on, computed once.
"""
from __future__ import annotations

from . import cards as C
from .compat import Fact, Field
from .table import Table

# ---------------------------------------------------------------------------
# Table facts
# ---------------------------------------------------------------------------


class TableFact(Fact):
    kind = ""
    shown: tuple = ()


def _f(kind_type=object, mandatory=True):
    return Field(kind_type, mandatory=mandatory)


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


# ---------------------------------------------------------------------------
# Conclusions
# ---------------------------------------------------------------------------


class Conclusion(Fact):
    kind = ""
    shown: tuple = ()
    law = Field(str, mandatory=True)


class TrickWon(Conclusion):
    kind = "trick_won"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)


class Revoke(Conclusion):
    kind = "revoke"
    shown = ("trick", "seat", "card", "suit")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    suit = _f(str)
    side = _f(str)
    non_offenders = _f(str)
    role = _f(str)
    index = _f(int)


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


class CorrectionNotAllowed(Conclusion):
    kind = "correction_not_allowed"
    shown = ("trick", "seat", "card")
    trick = _f(int)
    seat = _f(str)
    card = _f(str)
    index = _f(int)


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


class Option(Conclusion):
    kind = "option"
    shown = ("by", "option", "seat", "trick")
    by = _f(str)
    option = _f(str)
    seat = _f(str)
    trick = _f(int)


class EquityReview(Conclusion):
    kind = "equity_review"
    shown = ("trick", "seat", "question")
    trick = _f(object)
    seat = _f(object)
    question = _f(str)


def _all_subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _all_subclasses(sub)


def conclusion_types() -> dict:
    """kind -> class, for every conclusion type defined so far (chapters may add their own)."""
    return {cls.kind: cls for cls in _all_subclasses(Conclusion) if cls.kind}


def table_fact_types() -> dict:
    return {cls.kind: cls for cls in _all_subclasses(TableFact) if cls.kind}


def shown_fields(fact: Fact) -> dict:
    """The fields a ruling shows for a fact or conclusion, in a stable order."""
    out = {}
    for name in type(fact).shown:
        if name in fact and fact[name] is not None:
            value = fact[name]
            out[name] = list(value) if isinstance(value, tuple) else value
    return out


# ---------------------------------------------------------------------------
# Table -> facts
# ---------------------------------------------------------------------------


# Functions Table -> [TableFact]; each chapter registers the facts its rules
# join on.  They run in registration order, so the assertion order is fixed.
FACT_PRODUCERS: list = []


def fact_producer(fn):
    """Register a function that turns the table into facts for some chapter's rules."""
    FACT_PRODUCERS.append(fn)
    return fn


# Functions Ruling -> [TableFact] for facts that depend on the result after
# rectification (the score the law leaves standing, adjusted scores): they run
# once the law rules have settled, and the rules that join on their facts
# (scoring across tables, Law 78) then fire in the same working memory.
RESULT_FACT_PRODUCERS: list = []


def result_fact_producer(fn):
    """Register a function that turns a settled ruling into facts for later rules."""
    RESULT_FACT_PRODUCERS.append(fn)
    return fn


def table_facts(table: Table) -> list[TableFact]:
    """The facts asserted for one case, in a fixed order."""
    facts: list[TableFact] = []
    for producer in FACT_PRODUCERS:
        facts.extend(producer(table))
    return facts


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
    revoke_tricks = sorted({c.play.trick for c in table.candidates})
    for trick in revoke_tricks:
        for side in ("NS", "EW"):
            facts.append(TricksFrom(trick=trick, side=side, count=table.tricks_from(trick, side)))
    for side in ("NS", "EW"):
        n = table.tally.outside_record.get(side, 0)
        if n:
            facts.append(OutsideRecord(side=side, count=n, how=table.tally.how))
    for c in table.candidates:
        p = c.play
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
