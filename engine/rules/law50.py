"""Law 50: disposition of a penalty card.

50A: a defender's card exposed before its time is a penalty card, unless the
director judges the offender could have known the exposure might gain (then
an adjusted score instead: the engine states the question).  50C: two or more
penalty cards at once are all major.  50D: a minor penalty card bars the
other cards below the ten of its suit.  50E1: a major penalty card must be
played at the first legal opportunity (following suit and restrictions come
first; the mechanics measure each play).  50E2: with the offender's partner
on lead, declarer may require or forbid the suit (the card is then picked
up) or impose nothing (the card stays).
"""
from engine.law.compat import MATCH, TEST
from engine.law.facts import EquityReview, Option
from engine.law.play import (
    ExposureFact,
    LeadPointFact,
    Obligation,
    OptionChosenFact,
    PenaltyCard,
    PenaltyCardLifted,
    PenaltyCardsTogether,
)
from engine.rules.base import law_rule

QUESTION_50A = (
    "Could the defender have known, when he exposed the card, that the exposure might help his side "
    "at the non-offenders' expense? If so, the director awards an adjusted score instead of the "
    "penalty-card rectification (50A)."
)


class Law50:
    @law_rule("50A", ExposureFact(seat=MATCH.s, trick=MATCH.t, role="defender"), concludes=(EquityReview,))
    def law_50A_could_the_offender_gain(self, s, t):
        self.conclude(EquityReview(trick=t, seat=s, question=QUESTION_50A))

    @law_rule("50C",
              PenaltyCardsTogether(seat=MATCH.s, cards=MATCH.cards, moment=MATCH.m),
              PenaltyCard(seat=MATCH.s, card=MATCH.c, type="minor"),
              TEST(lambda c, cards: c in cards),
              concludes=(PenaltyCard,))
    def law_50C_two_or_more_are_all_major(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))

    @law_rule("50D", PenaltyCard(seat=MATCH.s, card=MATCH.c, type="minor", moment=MATCH.m),
              concludes=(Obligation,), cites=("50B",))
    def law_50D_minor_penalty_card(self, s, c, m):
        self.conclude(Obligation(seat=s, duty="minor_penalty_card", card=c, moment=m))

    @law_rule("50E1", PenaltyCard(seat=MATCH.s, card=MATCH.c, type="major", moment=MATCH.m),
              concludes=(Obligation,), cites=("50B",))
    def law_50E1_major_penalty_card(self, s, c, m):
        self.conclude(Obligation(seat=s, duty="play_penalty_card", card=c, moment=m))

    @law_rule("50E2a",
              LeadPointFact(trick=MATCH.t, leader=MATCH.l, declarer=MATCH.d, count=1, suit=MATCH.x),
              concludes=(Option,), cites=("50E2",))
    def law_50E2a_options_to_require_or_forbid(self, t, l, d, x):
        self.conclude(Option(by=d, option="require_lead", seat=l, trick=t, suit=x))
        self.conclude(Option(by=d, option="forbid_lead", seat=l, trick=t, suit=x))

    @law_rule("50E2b", LeadPointFact(trick=MATCH.t, leader=MATCH.l, declarer=MATCH.d), concludes=(Option,),
              cites=("50E2",))
    def law_50E2b_option_to_impose_nothing(self, t, l, d):
        self.conclude(Option(by=d, option="no_lead_restriction", seat=l, trick=t))

    @law_rule("50E2a",
              OptionChosenFact(option="require_lead", suit=MATCH.x, trick=MATCH.t, moment=MATCH.m),
              LeadPointFact(trick=MATCH.t, leader=MATCH.l, offender=MATCH.o, count=1, suit=MATCH.x, cards=MATCH.cards),
              concludes=(Obligation, PenaltyCardLifted))
    def law_50E2a_lead_required(self, t, l, o, x, m, cards):
        self.conclude(Obligation(seat=l, duty="lead_suit", suit=x, trick=t, moment=m))
        self.conclude(PenaltyCardLifted(seat=o, card=cards[0], moment=m))

    @law_rule("50E2a",
              OptionChosenFact(option="forbid_lead", suit=MATCH.x, trick=MATCH.t, moment=MATCH.m),
              LeadPointFact(trick=MATCH.t, leader=MATCH.l, offender=MATCH.o, count=1, suit=MATCH.x, cards=MATCH.cards),
              concludes=(Obligation, PenaltyCardLifted))
    def law_50E2a_lead_forbidden(self, t, l, o, x, m, cards):
        self.conclude(Obligation(seat=l, duty="not_lead_suit", suit=x, trick=t, moment=m))
        self.conclude(PenaltyCardLifted(seat=o, card=cards[0], moment=m))

    @law_rule("50E2b",
              OptionChosenFact(option="no_lead_restriction", trick=MATCH.t, moment=MATCH.m),
              LeadPointFact(trick=MATCH.t, offender=MATCH.o, cards=MATCH.cards),
              concludes=(Obligation,))
    def law_50E2b_no_restriction_card_stays(self, o, cards, m):
        for card in cards:
            self.conclude(Obligation(seat=o, duty="play_penalty_card", card=card, moment=m))
