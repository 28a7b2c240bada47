"""Law 51: two or more penalty cards.

51A: the offender to play with two or more he could legally play: declarer
names which.  51B: the offender's partner on lead: penalty cards in one suit
(51B1: require the suit, and they are all picked up; forbid it, and they may
all be picked up) or in several (51B2: require any of their suits; forbid
any or all of them, whose cards may then be picked up).
"""
from engine.law.compat import MATCH, P
from engine.law.facts import Option
from engine.law.play import (
    ChoicePointFact,
    LeadPointCard,
    LeadPointFact,
    Obligation,
    OptionChosenFact,
    PenaltyCardLifted,
)
from engine.rules.base import law_rule

TWO_OR_MORE = P(lambda n: n >= 2)


class Law51:
    @law_rule("51A", ChoicePointFact(trick=MATCH.t, seat=MATCH.s, declarer=MATCH.d, cards=MATCH.cards),
              concludes=(Option,), cites=("50E1",))
    def law_51A_declarer_names_the_card(self, t, s, d, cards):
        for card in cards:
            self.conclude(Option(by=d, option="designate_penalty_card", seat=s, trick=t, card=card))

    @law_rule("51A",
              OptionChosenFact(option="designate_penalty_card", card=MATCH.c, trick=MATCH.t, moment=MATCH.m),
              ChoicePointFact(trick=MATCH.t, seat=MATCH.s),
              concludes=(Obligation,), cites=("50E1",))
    def law_51A_card_named(self, t, s, c, m):
        self.conclude(Obligation(seat=s, duty="play_card", card=c, trick=t, moment=m))

    @law_rule("51B1a", LeadPointFact(trick=MATCH.t, leader=MATCH.l, declarer=MATCH.d, count=TWO_OR_MORE, suits=1,
                                     suit=MATCH.x),
              concludes=(Option,))
    def law_51B1a_may_require_the_suit(self, t, l, d, x):
        self.conclude(Option(by=d, option="require_lead", seat=l, trick=t, suit=x))

    @law_rule("51B1b", LeadPointFact(trick=MATCH.t, leader=MATCH.l, declarer=MATCH.d, count=TWO_OR_MORE, suits=1,
                                     suit=MATCH.x),
              concludes=(Option,))
    def law_51B1b_may_forbid_the_suit(self, t, l, d, x):
        self.conclude(Option(by=d, option="forbid_lead", seat=l, trick=t, suit=x))

    @law_rule("51B2a", LeadPointFact(trick=MATCH.t, leader=MATCH.l, declarer=MATCH.d, suits=TWO_OR_MORE),
              LeadPointCard(trick=MATCH.t, suit=MATCH.x),
              concludes=(Option,))
    def law_51B2a_may_require_any_of_the_suits(self, t, l, d, x):
        self.conclude(Option(by=d, option="require_lead", seat=l, trick=t, suit=x))

    @law_rule("51B2b", LeadPointFact(trick=MATCH.t, leader=MATCH.l, declarer=MATCH.d, suits=TWO_OR_MORE),
              LeadPointCard(trick=MATCH.t, suit=MATCH.x),
              concludes=(Option,))
    def law_51B2b_may_forbid_the_suits(self, t, l, d, x):
        self.conclude(Option(by=d, option="forbid_lead", seat=l, trick=t, suit=x))

    @law_rule("51B1a",
              OptionChosenFact(option="require_lead", suit=MATCH.x, trick=MATCH.t, moment=MATCH.m),
              LeadPointFact(trick=MATCH.t, leader=MATCH.l, count=TWO_OR_MORE),
              concludes=(Obligation,), cites=("51B2a",))
    def law_51B1a_suit_required(self, t, l, x, m):
        self.conclude(Obligation(seat=l, duty="lead_suit", suit=x, trick=t, moment=m))

    @law_rule("51B1a",
              OptionChosenFact(option="require_lead", suit=MATCH.x, trick=MATCH.t, moment=MATCH.m),
              LeadPointFact(trick=MATCH.t, count=TWO_OR_MORE),
              LeadPointCard(trick=MATCH.t, offender=MATCH.o, suit=MATCH.x, card=MATCH.c),
              concludes=(PenaltyCardLifted,), cites=("51B2a",))
    def law_51B1a_cards_of_the_suit_picked_up(self, o, c, m):
        self.conclude(PenaltyCardLifted(seat=o, card=c, moment=m))

    @law_rule("51B1b",
              OptionChosenFact(option="forbid_lead", suit=MATCH.x, trick=MATCH.t, moment=MATCH.m),
              LeadPointFact(trick=MATCH.t, leader=MATCH.l, count=TWO_OR_MORE, suits=1),
              concludes=(Obligation,))
    def law_51B1b_suit_forbidden(self, t, l, x, m):
        self.conclude(Obligation(seat=l, duty="not_lead_suit", suit=x, trick=t, moment=m))

    @law_rule("51B1b",
              OptionChosenFact(option="forbid_lead", suit=MATCH.x, trick=MATCH.t, moment=MATCH.m),
              LeadPointFact(trick=MATCH.t, count=TWO_OR_MORE, suits=1),
              LeadPointCard(trick=MATCH.t, offender=MATCH.o, suit=MATCH.x, card=MATCH.c),
              concludes=(PenaltyCardLifted,))
    def law_51B1b_cards_of_the_suit_picked_up(self, o, c, m):
        self.conclude(PenaltyCardLifted(seat=o, card=c, moment=m))

    @law_rule("51B2b",
              OptionChosenFact(option="forbid_lead", suit=MATCH.x, trick=MATCH.t, moment=MATCH.m),
              LeadPointFact(trick=MATCH.t, leader=MATCH.l, suits=TWO_OR_MORE),
              concludes=(Obligation,))
    def law_51B2b_suit_forbidden(self, t, l, x, m):
        self.conclude(Obligation(seat=l, duty="not_lead_suit", suit=x, trick=t, moment=m))

    @law_rule("51B2b",
              OptionChosenFact(option="forbid_lead", suit=MATCH.x, trick=MATCH.t, moment=MATCH.m),
              LeadPointFact(trick=MATCH.t, suits=TWO_OR_MORE),
              LeadPointCard(trick=MATCH.t, offender=MATCH.o, suit=MATCH.x, card=MATCH.c),
              concludes=(PenaltyCardLifted,))
    def law_51B2b_cards_of_the_suit_picked_up(self, o, c, m):
        self.conclude(PenaltyCardLifted(seat=o, card=c, moment=m))
