"""Law 47: retraction of a played card.

47G: a played card is taken back only where a law allows it; the 47 rules
look at the replacements the record shows that no other rule explains (the
revoke laws explain corrections; 62C, 58B3 and 53C other withdrawals).  47D:
after an opponent changed his card, a player may change his.  47F: the
information from a card taken back is for the director to weigh.
"""
from engine.law.compat import MATCH, NOT, P
from engine.law.facts import EquityReview
from engine.law.play import CardWithdrawn, Replacement, RetractionNotAllowed
from engine.rules.base import law_rule

QUESTION_47F = (
    "Did the card taken back give the offending side substantial information? If so, the director "
    "may award an adjusted score (47F)."
)
WITHDRAWALS_47F = P(lambda law: law in ("47D", "53C", "58B3", "55B1", "55B2"))


class Law47:
    @law_rule("47D",
              Replacement(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, after_opponent_change=True),
              concludes=(CardWithdrawn,))
    def law_47D_after_opponents_change(self, t, s, c):
        self.conclude(CardWithdrawn(trick=t, seat=s, card=c))

    @law_rule("47G",
              Replacement(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, substitute=MATCH.x, index=MATCH.i,
                          dummy_after_opening_lead=False, moment=MATCH.m),
              NOT(CardWithdrawn(trick=MATCH.t, seat=MATCH.s, card=MATCH.c)),
              concludes=(RetractionNotAllowed,), cites=("52A",))
    def law_47G_no_retraction_without_a_law(self, t, s, x, i):
        self.conclude(RetractionNotAllowed(trick=t, seat=s, card=x, index=i))

    @law_rule("47F",
              CardWithdrawn(trick=MATCH.t, seat=MATCH.s, law=WITHDRAWALS_47F),
              concludes=(EquityReview,))
    def law_47F_information_from_withdrawn_card(self, t, s):
        self.conclude(EquityReview(trick=t, seat=s, question=QUESTION_47F))
