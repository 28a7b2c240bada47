"""Law 63: when a revoke becomes established (63A1-63A4), and what that means (63B).

Each 63A rule asks the same question of the record: was the first thing the
offending side did after the revoke (``FirstAct``) of the kind the clause
names, and did it come before attention was first drawn (``Notice``)?
Commentary 63.2: any play to a later trick counts, legal or not, in turn or
not.  63A4 (the 1988 addition, commentary 61.5(i) and 63.5): a defender's
question to his partner establishes the revoke at once.
"""
from engine.law.compat import MATCH, NOT, TEST, P
from engine.law.play import (
    CorrectionNotAllowed,
    FirstAct,
    IllegalInquiry,
    Notice,
    PenaltyCard,
    Revoke,
    RevokeEstablished,
    RevokeMustBeCorrected,
    TrickStands,
    Withdrawal,
)
from engine.rules.base import law_rule

CLAIM_ACTS = {"claim", "concession", "claim_agreed", "concession_agreed"}


class Law63:
    @law_rule("63A1",
              Revoke(trick=MATCH.t, seat=MATCH.s),
              FirstAct(trick=MATCH.t, seat=MATCH.s, act="play", moment=MATCH.m),
              Notice(trick=MATCH.t, seat=MATCH.s, moment=MATCH.n),
              TEST(lambda m, n: m < n),
              concludes=(RevokeEstablished,), cites=("commentary 63.2",))
    def law_63A1_played_to_next_trick(self, t, s):
        self.conclude(RevokeEstablished(trick=t, seat=s))

    @law_rule("63A2",
              Revoke(trick=MATCH.t, seat=MATCH.s),
              FirstAct(trick=MATCH.t, seat=MATCH.s, act="designation", moment=MATCH.m),
              Notice(trick=MATCH.t, seat=MATCH.s, moment=MATCH.n),
              TEST(lambda m, n: m < n),
              concludes=(RevokeEstablished,))
    def law_63A2_card_named_for_next_trick(self, t, s):
        self.conclude(RevokeEstablished(trick=t, seat=s))

    @law_rule("63A3",
              Revoke(trick=MATCH.t, seat=MATCH.s),
              FirstAct(trick=MATCH.t, seat=MATCH.s, act=P(lambda a: a in CLAIM_ACTS), moment=MATCH.m),
              Notice(trick=MATCH.t, seat=MATCH.s, moment=MATCH.n),
              TEST(lambda m, n: m < n),
              concludes=(RevokeEstablished,))
    def law_63A3_claim_or_concession(self, t, s):
        self.conclude(RevokeEstablished(trick=t, seat=s))

    @law_rule("63A4",
              Revoke(trick=MATCH.t, seat=MATCH.s),
              Notice(trick=MATCH.t, seat=MATCH.s, moment=MATCH.n, deemed=False),
              IllegalInquiry(trick=MATCH.t, seat=MATCH.s, moment=MATCH.n, law="61B"),
              FirstAct(trick=MATCH.t, seat=MATCH.s, moment=MATCH.m),
              TEST(lambda m, n: n < m),
              concludes=(RevokeEstablished,), cites=("commentary 61.5(i)", "commentary 63.5"))
    def law_63A4_partner_asked(self, t, s):
        self.conclude(RevokeEstablished(trick=t, seat=s))

    @law_rule("63B",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              NOT(RevokeMustBeCorrected(trick=MATCH.t, seat=MATCH.s)),
              concludes=(TrickStands,))
    def law_63B_trick_stands(self, t, s):
        self.conclude(TrickStands(trick=t))

    @law_rule("63B",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              NOT(RevokeMustBeCorrected(trick=MATCH.t, seat=MATCH.s)),
              Revoke(trick=MATCH.t, seat=MATCH.s, card=MATCH.c),
              Withdrawal(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, substitute=MATCH.x, index=MATCH.i,
                         moment=MATCH.m),
              concludes=(CorrectionNotAllowed,))
    def law_63B_no_correction_once_established(self, t, s, x, i, m):
        self.conclude(CorrectionNotAllowed(trick=t, seat=s, card=x, index=i, moment=m))

    @law_rule("commentary 61.5(ii)",
              CorrectionNotAllowed(trick=MATCH.t, seat=MATCH.s, card=MATCH.x, moment=MATCH.m),
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s, law="63A4"),
              Revoke(trick=MATCH.t, seat=MATCH.s, role="defender"),
              concludes=(PenaltyCard,), cites=("63A4", "63B"))
    def commentary_61_5_ii_card_shown_after_question(self, s, x, m):
        self.conclude(PenaltyCard(seat=s, card=x, type="major", moment=m))
