"""Law 62: correcting a revoke.

62A: a revoke noticed before it is established must be corrected.  62B: the
offender substitutes a legal card; a defender's card from his concealed hand
becomes a major penalty card (62B1, commentary 62.3), declarer's, dummy's or a
defender's exposed card goes back without penalty (62B2).  62C: the players
who played after the revoke may take their cards back (non-offenders freely,
62C1; then the offender's partner, 62C2, a defender's card becoming a penalty
card).  62D: a revoke in trick 12 is corrected even when established, until
the hands are returned (62D1, overriding 63B); declarer's choice of partner's
card (62D2).
"""
from engine.law.compat import MATCH, NOT, TEST, P
from engine.law.facts import EquityReview, Option
from engine.law.play import (
    CardWithdrawn,
    ContractFact,
    FirstAct,
    Holding,
    Notice,
    PenaltyCard,
    PlayAccepted,
    Revoke,
    RevokeCorrected,
    RevokeEstablished,
    RevokeMustBeCorrected,
    Withdrawal,
)
from engine.notation.cards import partner
from engine.rules.base import law_rule

QUESTION_62_4 = (
    "Did seeing the card a non-offender took back give the offending side information it could use? "
    "If so, the director may adjust the score (47F)."
)

DECLARER_OR_DUMMY = P(lambda role: role in ("declarer", "dummy"))


class Law62:
    @law_rule("62A",
              Revoke(trick=MATCH.t, seat=MATCH.s, faced=False),
              Notice(trick=MATCH.t, seat=MATCH.s, moment=MATCH.n),
              FirstAct(trick=MATCH.t, seat=MATCH.s, moment=MATCH.m),
              TEST(lambda m, n: n < m),
              NOT(RevokeEstablished(trick=MATCH.t, seat=MATCH.s)),
              NOT(PlayAccepted(trick=MATCH.t, seat=MATCH.s)),
              concludes=(RevokeMustBeCorrected,), cites=("commentary 62.1", "commentary 62.2"))
    def law_62A_noticed_before_established(self, t, s):
        self.conclude(RevokeMustBeCorrected(trick=t, seat=s))

    @law_rule("62B",
              RevokeMustBeCorrected(trick=MATCH.t, seat=MATCH.s),
              Revoke(trick=MATCH.t, seat=MATCH.s, card=MATCH.c),
              Withdrawal(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, substitute=MATCH.x),
              concludes=(RevokeCorrected,))
    def law_62B_corrected(self, t, s, x):
        self.conclude(RevokeCorrected(trick=t, seat=s, card=x))

    @law_rule("62B1",
              RevokeCorrected(trick=MATCH.t, seat=MATCH.s),
              Revoke(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, role="defender"),
              Withdrawal(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, concealed=True, moment=MATCH.m),
              NOT(CardWithdrawn(trick=MATCH.t, seat=MATCH.s, card=MATCH.c)),
              concludes=(PenaltyCard,), cites=("commentary 62.3",))
    def law_62B1_defender_card_becomes_penalty_card(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))

    @law_rule("commentary 62.6",
              RevokeCorrected(trick=12, seat=MATCH.s),
              Revoke(trick=12, seat=MATCH.s, card=MATCH.c, role="defender"),
              Withdrawal(trick=12, seat=MATCH.s, card=MATCH.c, concealed=True),
              concludes=(CardWithdrawn,), cites=("62D1", "64B6"))
    def commentary_62_6_trick_12_card_back_without_penalty(self, s, c):
        self.conclude(CardWithdrawn(trick=12, seat=s, card=c))

    @law_rule("62B2",
              RevokeCorrected(trick=MATCH.t, seat=MATCH.s),
              Revoke(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, role=DECLARER_OR_DUMMY),
              concludes=(CardWithdrawn,), cites=("commentary 62.3",))
    def law_62B2_declarer_or_dummy_card_replaced(self, t, s, c):
        self.conclude(CardWithdrawn(trick=t, seat=s, card=c))

    @law_rule("62B2",
              RevokeCorrected(trick=MATCH.t, seat=MATCH.s),
              Revoke(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, role="defender"),
              Withdrawal(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, concealed=False),
              concludes=(CardWithdrawn,))
    def law_62B2_exposed_defender_card_replaced(self, t, s, c):
        self.conclude(CardWithdrawn(trick=t, seat=s, card=c))

    @law_rule("62C1",
              RevokeCorrected(trick=MATCH.t, seat=MATCH.s),
              Revoke(trick=MATCH.t, seat=MATCH.s, index=MATCH.i, non_offenders=MATCH.nos),
              Withdrawal(trick=MATCH.t, seat=MATCH.x, side=MATCH.nos, card=MATCH.c, original_index=MATCH.j),
              TEST(lambda i, j: j > i),
              concludes=(CardWithdrawn,))
    def law_62C1_non_offender_takes_back(self, t, x, c):
        self.conclude(CardWithdrawn(trick=t, seat=x, card=c))

    @law_rule("commentary 62.4",
              CardWithdrawn(trick=MATCH.t, seat=MATCH.x, law="62C1"),
              concludes=(EquityReview,), cites=("62C1",))
    def commentary_62_4_information_from_withdrawn_card(self, t, x):
        self.conclude(EquityReview(trick=t, seat=x, question=QUESTION_62_4))

    @law_rule("62C2",
              RevokeCorrected(trick=MATCH.t, seat=MATCH.s),
              Revoke(trick=MATCH.t, seat=MATCH.s, index=MATCH.i, side=MATCH.side),
              CardWithdrawn(trick=MATCH.t, law="62C1"),
              Withdrawal(trick=MATCH.t, seat=MATCH.p, side=MATCH.side, card=MATCH.c, original_index=MATCH.j),
              TEST(lambda s, p, i, j: p == partner(s) and j > i),
              concludes=(CardWithdrawn,), cites=("commentary 62.5(a)",))
    def law_62C2_partner_takes_back(self, t, p, c):
        self.conclude(CardWithdrawn(trick=t, seat=p, card=c))

    @law_rule("62C2",
              CardWithdrawn(trick=MATCH.t, seat=MATCH.p, card=MATCH.c, law="62C2"),
              Withdrawal(trick=MATCH.t, seat=MATCH.p, card=MATCH.c, role="defender", moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("commentary 62.5(b)",))
    def law_62C2_defender_card_becomes_penalty_card(self, p, c, m):
        self.conclude(PenaltyCard(seat=p, card=c, type="major", moment=m))

    @law_rule("62D1",
              Revoke(trick=12, seat=MATCH.s),
              RevokeEstablished(trick=12, seat=MATCH.s),
              Notice(trick=12, seat=MATCH.s, after_hands_returned=False),
              concludes=(RevokeMustBeCorrected,), cites=("commentary 62.6", "commentary 63.3"))
    def law_62D1_trick_12_corrected_though_established(self, s):
        self.conclude(RevokeMustBeCorrected(trick=12, seat=s))

    @law_rule("62D2",
              Revoke(trick=12, seat=MATCH.s, role="defender", index=MATCH.i),
              RevokeMustBeCorrected(trick=12, seat=MATCH.s),
              Holding(trick=12, seat=MATCH.p, suits=2, legal=2, index=MATCH.j),
              TEST(lambda s, p, i, j: p == partner(s) and j > i),
              ContractFact(declarer=MATCH.d),
              concludes=(Option,), cites=("commentary 62.7",))
    def law_62D2_declarer_chooses_partners_card(self, d, p):
        self.conclude(Option(by=d, option="designate_partner_card", seat=p, trick=12))

