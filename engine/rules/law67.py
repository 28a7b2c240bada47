"""Law 67: the defective trick.

A player who did not play to a trick, or put two cards on it.  Noticed before
each side has played to the next trick: he supplies a legal card (67A1), or
58B applies to the surplus (67A2).  Later: a missing card is placed among his
played cards -- one of the suit led if he has it (67B1a), otherwise any card,
and he is deemed to have revoked: one trick to the non-offenders if his side
won that trick or a later one (67B1b, Law 64's one-trick penalty); surplus
cards go back to his hand and a defender's that were seen are penalty cards
(67B2).
"""
from engine.law.compat import MATCH, P
from engine.law.play import (
    DefectFact,
    DefectiveTrick,
    ExposureFact,
    PenaltyCard,
    TricksFrom,
    TrickTransfer,
)
from engine.notation.cards import other_side
from engine.rules.base import law_rule

AT_LEAST_ONE = P(lambda n: n >= 1)


class Law67:
    @law_rule("67A1", DefectFact(trick=MATCH.t, seat=MATCH.s, defect="missing", in_time=True),
              concludes=(DefectiveTrick,), cites=("commentary 67.5",))
    def law_67A1_missing_card_supplied(self, t, s):
        self.conclude(DefectiveTrick(trick=t, seat=s))

    @law_rule("67A2", DefectFact(trick=MATCH.t, seat=MATCH.s, defect="surplus", in_time=True),
              concludes=(DefectiveTrick,), cites=("58B", "commentary 67.1"))
    def law_67A2_too_many_cards_in_time(self, t, s):
        self.conclude(DefectiveTrick(trick=t, seat=s))

    @law_rule("67B1a", DefectFact(trick=MATCH.t, seat=MATCH.s, defect="missing", in_time=False, has_led_suit=True),
              concludes=(DefectiveTrick,), cites=("commentary 67.7(i)",))
    def law_67B1a_card_of_the_suit_placed(self, t, s):
        self.conclude(DefectiveTrick(trick=t, seat=s))

    @law_rule("67B1b", DefectFact(trick=MATCH.t, seat=MATCH.s, defect="missing", in_time=False, has_led_suit=False),
              concludes=(DefectiveTrick,), cites=("commentary 67.7(ii)",))
    def law_67B1b_deemed_revoke(self, t, s):
        self.conclude(DefectiveTrick(trick=t, seat=s))

    @law_rule("67B1b",
              DefectiveTrick(trick=MATCH.t, seat=MATCH.s, law="67B1b"),
              DefectFact(trick=MATCH.t, seat=MATCH.s, side=MATCH.side),
              TricksFrom(trick=MATCH.t, side=MATCH.side, count=AT_LEAST_ONE),
              concludes=(TrickTransfer,), cites=("64A2",))
    def law_67B1b_one_trick_transferred(self, t, s, side):
        self.conclude(TrickTransfer(trick=t, seat=s, tricks=1, to=other_side(side)))

    @law_rule("67B2", DefectFact(trick=MATCH.t, seat=MATCH.s, defect="surplus", in_time=False),
              concludes=(DefectiveTrick,), cites=("commentary 67.8",))
    def law_67B2_surplus_returned(self, t, s):
        self.conclude(DefectiveTrick(trick=t, seat=s))

    @law_rule("67B2", ExposureFact(seat=MATCH.s, card=MATCH.c, how="simultaneous", role="defender", late=True,
                                   honour=False, moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("50C", "commentary 67.8"))
    def law_67B2_returned_small_card_is_minor(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="minor", moment=m))

    @law_rule("67B2", ExposureFact(seat=MATCH.s, card=MATCH.c, how="simultaneous", role="defender", late=True,
                                   honour=True, moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("50C", "commentary 67.8"))
    def law_67B2_returned_honour_is_major(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))
