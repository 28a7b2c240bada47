"""Law 71: when a concession is cancelled.

A concession stands (71) unless the director cancels it: within the
correction period, for a trick the side had in fact won or could not lose by
any legal play of the remaining cards (71A1), or when declarer conceded the
defeat of a contract already made or a defender the making of one already
defeated (71A2); before the conceding side calls on the next deal or the
round ends, for a trick it could not lose by any normal play (71B).  A claim
concedes the tricks it does not claim (68B), so these rules apply to it too.
Each cancelling clause is its own rule and an exception to 71: the 71 rules
carry ``NOT(ConcessionCancelled)``.  When several apply, the award follows
the one that gives back most (71B's normal floor is never below 71A1's
legal floor, and both give back at least what the agreed result took).
"""
from engine.law.claims import (
    AgreedResult,
    ClaimEvent,
    ClaimTiming,
    ConcessionCancelled,
    ConcessionMade,
    ConcessionNotReopened,
    ConcessionStands,
    LegalFloor,
    NormalLine,
    NormalPlay,
    PlayBounds,
    TricksAwarded,
)
from engine.law.compat import MATCH, NOT, TEST, P
from engine.rules.base import law_rule

CONTRACT_REASONS = P(lambda r: r in ("contract_made", "contract_defeated"))


def _no_floor_raise():
    """Neither 71A1's legal floor nor 71B's normal floor gives back more than the side kept."""
    return (PlayBounds(side=MATCH.s, lower=MATCH.l),
            NormalPlay(side=MATCH.s, line=MATCH.fl, lower=MATCH.nl),
            ClaimTiming(before_next_deal=MATCH.bn),
            TEST(lambda l, nl, bn, k: l <= k and not (bn and nl > k)))


class Law71:
    # -- the numbers ------------------------------------------------------------------

    @law_rule("71A1",
              ClaimEvent(side=MATCH.s, remaining=MATCH.r),
              PlayBounds(side=MATCH.s, exact=True, floor=MATCH.f, ceiling=MATCH.c),
              concludes=(LegalFloor,))
    def law_71A1_legal_floor(self, s, r, f, c):
        self.conclude(LegalFloor(side=s, tricks=f, ceiling=c, remaining=r))

    @law_rule("71B",
              ClaimEvent(event="concession", side=MATCH.s),
              NormalPlay(side=MATCH.s, line="none", exact=True, tricks=MATCH.n),
              concludes=(NormalLine,), cites=("69",))
    def law_71B_normal_floor(self, s, n):
        self.conclude(NormalLine(side=s, tricks=n, line="none"))

    # -- cancelling the concession ----------------------------------------------------------

    @law_rule("71A1",
              ConcessionMade(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k),
              PlayBounds(side=MATCH.s, lower=MATCH.l, total=MATCH.t),
              TEST(lambda l, k: l > k),
              ClaimTiming(raised=True, in_correction_period=True),
              concludes=(ConcessionCancelled,))
    def law_71A1_trick_no_legal_play_could_lose(self, s, l, t):
        self.conclude(ConcessionCancelled(side=s, tricks=l, total=t, reason="legal_floor"))

    @law_rule("71A1",
              ConcessionMade(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, split_total=MATCH.t),
              AgreedResult(giver=MATCH.s, given=P(lambda n: n > 0)),
              ClaimTiming(raised=True, in_correction_period=True),
              concludes=(ConcessionCancelled,))
    def law_71A1_trick_already_won(self, s, k, t):
        self.conclude(ConcessionCancelled(side=s, tricks=k, total=t, reason="won_in_play"))

    @law_rule("71A2",
              ConcessionMade(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, split_total=MATCH.t),
              AgreedResult(giver=MATCH.s, made_already=True),
              ClaimTiming(raised=True, in_correction_period=True),
              concludes=(ConcessionCancelled,))
    def law_71A2_contract_already_made(self, s, k, t):
        self.conclude(ConcessionCancelled(side=s, tricks=k, total=t, reason="contract_made"))

    @law_rule("71A2",
              ConcessionMade(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, split_total=MATCH.t),
              AgreedResult(giver=MATCH.s, defeated_already=True),
              ClaimTiming(raised=True, in_correction_period=True),
              concludes=(ConcessionCancelled,))
    def law_71A2_contract_already_defeated(self, s, k, t):
        self.conclude(ConcessionCancelled(side=s, tricks=k, total=t, reason="contract_defeated"))

    @law_rule("71B",
              ConcessionMade(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, floor_line=MATCH.fl),
              NormalPlay(side=MATCH.s, line=MATCH.fl, lower=MATCH.l, total=MATCH.t),
              TEST(lambda l, k: l > k),
              ClaimTiming(raised=True, before_next_deal=True),
              concludes=(ConcessionCancelled,), cites=("69",))
    def law_71B_trick_no_normal_play_could_lose(self, s, l, t):
        self.conclude(ConcessionCancelled(side=s, tricks=l, total=t, reason="normal_floor"))

    # -- the concession stands (71), and the clause that would have cancelled it had it been raised in that
    # clause's window is named (the question the director would have decided) ----------------------------

    @law_rule("71",
              ConcessionMade(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, floor_line=MATCH.fl),
              NormalPlay(side=MATCH.s, line=MATCH.fl, lower=MATCH.l),
              TEST(lambda l, k: l > k),
              ClaimTiming(before_next_deal=MATCH.bn, raised=MATCH.r),
              TEST(lambda r, bn: not (r and bn)),
              NOT(ConcessionCancelled(side=MATCH.s)),
              concludes=(ConcessionNotReopened,), cites=("71B", "69"))
    def law_71_would_71B_have_cancelled_it(self, s, l, r):
        self.conclude(ConcessionNotReopened(side=s, tricks=l, clause="71B", reason="normal_floor",
                                            when="late" if r else "not_raised"))

    @law_rule("71",
              ConcessionMade(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k),
              PlayBounds(side=MATCH.s, lower=MATCH.l),
              TEST(lambda l, k: l > k),
              ClaimTiming(in_correction_period=MATCH.ip, raised=MATCH.r),
              TEST(lambda r, ip: not (r and ip)),
              NOT(ConcessionCancelled(side=MATCH.s)),
              concludes=(ConcessionNotReopened,), cites=("71A1",))
    def law_71_would_71A1_have_cancelled_it(self, s, l, r):
        self.conclude(ConcessionNotReopened(side=s, tricks=l, clause="71A1", reason="legal_floor",
                                            when="late" if r else "not_raised"))

    # -- the award after a cancellation ----------------------------------------------------------

    @law_rule("71B",
              ConcessionCancelled(side=MATCH.s, reason="normal_floor", tricks=MATCH.n, total=MATCH.t),
              concludes=(TricksAwarded,))
    def law_71B_award(self, s, n, t):
        self.conclude(TricksAwarded(side=s, tricks=n, total=t))

    @law_rule("71A1",
              ConcessionCancelled(side=MATCH.s, reason="legal_floor", tricks=MATCH.n, total=MATCH.t),
              ClaimTiming(before_next_deal=False),
              concludes=(TricksAwarded,))
    def law_71A1_award_legal_floor(self, s, n, t):
        self.conclude(TricksAwarded(side=s, tricks=n, total=t))

    @law_rule("71A2",
              ConcessionCancelled(side=MATCH.s, reason=CONTRACT_REASONS, tricks=MATCH.n, total=MATCH.t),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, floor_line=MATCH.fl),
              *_no_floor_raise(),
              concludes=(TricksAwarded,))
    def law_71A2_award(self, s, n, t):
        self.conclude(TricksAwarded(side=s, tricks=n, total=t))

    @law_rule("71A1",
              ConcessionCancelled(side=MATCH.s, reason="won_in_play", tricks=MATCH.n, total=MATCH.t),
              AgreedResult(made_already=False, defeated_already=False),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, floor_line=MATCH.fl),
              *_no_floor_raise(),
              concludes=(TricksAwarded,))
    def law_71A1_award_won_in_play(self, s, n, t):
        self.conclude(TricksAwarded(side=s, tricks=n, total=t))

    # -- otherwise the concession stands ---------------------------------------------------------------

    @law_rule("71",
              ConcessionMade(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, conceded=MATCH.c),
              NOT(ConcessionCancelled(side=MATCH.s)),
              concludes=(ConcessionStands,))
    def law_71_concession_stands(self, s, k, c):
        self.conclude(ConcessionStands(side=s, tricks=k, conceded=c))

    @law_rule("71",
              ConcessionStands(side=MATCH.s, tricks=MATCH.k),
              ClaimEvent(event="concession", side=MATCH.s, stated_total=MATCH.t),
              NOT(ConcessionCancelled(side=MATCH.s)),
              concludes=(TricksAwarded,))
    def law_71_scored_as_conceded(self, s, k, t):
        self.conclude(TricksAwarded(side=s, tricks=k, total=t))
