"""Law 69: acceptance of a claim or concession, and its withdrawal.

69A: the claim or concession is accepted when the opponents agree and do not
object before their side calls on the next deal or the round ends; the deal
is scored as though the tricks had been won or lost in play.  69B: within the
correction period the accepting side may withdraw its acceptance, but only
for a trick it had in fact won or could not have lost by any normal play
(footnote: careless or inferior play is normal, irrational play is not); that
trick is then given back.  69B overrides 69A: the 69A rules carry
``NOT(AcceptanceWithdrawn)``.
"""
from engine.law.claims import (
    AcceptanceWithdrawn,
    AgreedResult,
    ClaimAccepted,
    ClaimEvent,
    ClaimTiming,
    ConcessionCancelled,
    NormalLine,
    NormalPlay,
    TricksAwarded,
    WithdrawalRefused,
)
from engine.law.compat import MATCH, NOT, TEST, P
from engine.law.facts import EquityReview
from engine.rules.base import law_rule

QUESTION_69B = (
    "The accepting side asks to withdraw its acceptance, and the engine's search stopped before it could settle "
    "whether a trick it agreed to lose could have been lost by some normal play. The director judges (69B)."
)


class Law69:
    @law_rule("69A",
              ClaimEvent(event=MATCH.ev, side=MATCH.s, kept=MATCH.k, accepted=True),
              ClaimTiming(disputed=False),
              NOT(AcceptanceWithdrawn()),
              concludes=(ClaimAccepted,))
    def law_69A_accepted(self, ev, s, k):
        self.conclude(ClaimAccepted(event=ev, side=s, tricks=k))

    @law_rule("69A",
              ClaimAccepted(event="claim", side=MATCH.s, tricks=MATCH.k),
              ClaimEvent(side=MATCH.s, stated_total=MATCH.t),
              NOT(AcceptanceWithdrawn()),
              NOT(ConcessionCancelled()),
              concludes=(TricksAwarded,))
    def law_69A_scored_as_claimed(self, s, k, t):
        self.conclude(TricksAwarded(side=s, tricks=k, total=t))

    # -- 69B: withdrawing the acceptance -------------------------------------------

    @law_rule("69B",
              ClaimEvent(event="claim", conceded=MATCH.c),
              ClaimTiming(withdrawal=True, withdrawal_in_period=True, withdrawal_side=MATCH.y),
              NormalPlay(side=MATCH.y, line="none", lower=MATCH.l, total=MATCH.t, rest=MATCH.rest),
              TEST(lambda l, c: l > c),
              concludes=(AcceptanceWithdrawn,), cites=("69",))
    def law_69B_trick_that_no_normal_play_could_lose(self, y, l, t, rest):
        self.conclude(AcceptanceWithdrawn(side=y, tricks=l, total=t, reason="normal_floor", claimer_tricks=rest))

    @law_rule("69B",
              ClaimEvent(event="claim", conceded=MATCH.c, kept=MATCH.k, split_total=MATCH.t),
              ClaimTiming(withdrawal=True, withdrawal_in_period=True, withdrawal_side=MATCH.y),
              AgreedResult(giver=MATCH.y, given=P(lambda n: n > 0)),
              NormalPlay(side=MATCH.y, line="none", lower=MATCH.l),
              TEST(lambda l, c: l <= c),
              concludes=(AcceptanceWithdrawn,))
    def law_69B_trick_already_won(self, y, c, k, t):
        self.conclude(AcceptanceWithdrawn(side=y, tricks=c, total=t, reason="won_in_play", claimer_tricks=k))

    @law_rule("69B",
              ClaimTiming(withdrawal=True, withdrawal_side=MATCH.y),
              NormalPlay(side=MATCH.y, line="none", exact=True, tricks=MATCH.n),
              concludes=(NormalLine,), cites=("69",))
    def law_69B_normal_floor_of_the_accepting_side(self, y, n):
        self.conclude(NormalLine(side=y, tricks=n, line="none"))

    @law_rule("69B",
              ClaimTiming(withdrawal=True, withdrawal_in_period=False, withdrawal_side=MATCH.y),
              concludes=(WithdrawalRefused,))
    def law_69B_too_late(self, y):
        self.conclude(WithdrawalRefused(side=y, reason="late"))

    @law_rule("69B",
              ClaimEvent(event="claim", conceded=MATCH.c),
              ClaimTiming(withdrawal=True, withdrawal_in_period=True, withdrawal_side=MATCH.y),
              NormalPlay(side=MATCH.y, line="none", upper=MATCH.u),
              TEST(lambda u, c: u <= c),
              NOT(AgreedResult(giver=MATCH.y)),
              concludes=(WithdrawalRefused,), cites=("69",))
    def law_69B_every_trick_could_be_lost(self, y):
        self.conclude(WithdrawalRefused(side=y, reason="no_trick"))

    @law_rule("69B",
              ClaimEvent(event="claim", conceded=MATCH.c),
              ClaimTiming(withdrawal=True, withdrawal_in_period=True, withdrawal_side=MATCH.y),
              NormalPlay(side=MATCH.y, line="none", lower=MATCH.l, upper=MATCH.u),
              TEST(lambda l, u, c: l <= c < u),
              concludes=(EquityReview,))
    def law_69B_undetermined(self, y):
        self.conclude(EquityReview(trick=None, seat=None, question=QUESTION_69B))

    @law_rule("69B",
              AcceptanceWithdrawn(claimer_tricks=MATCH.n, total=MATCH.t),
              ClaimEvent(side=MATCH.s),
              concludes=(TricksAwarded,))
    def law_69B_trick_given_back(self, s, n, t):
        self.conclude(TricksAwarded(side=s, tricks=n, total=t))
