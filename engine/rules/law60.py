"""Law 60: play after an illegal play.

60A1: a non-offender who plays after his right-hand opponent's premature play,
before the rectification is settled, forfeits it; 60A2: the play then stands
as if in turn; 60A3: duties already imposed remain (the mechanics keep them).
60B: a defender's card played after declarer was told to take back his lead
out of turn, before his lead from the right hand, is a penalty card.
"""
from engine.law.compat import MATCH
from engine.law.play import (
    LeadOutOfTurnFact,
    NoRectification,
    PenaltyCard,
    PrematureFact,
    RectificationForfeited,
)
from engine.rules.base import law_rule


class Law60:
    @law_rule("60A1", PrematureFact(trick=MATCH.t, seat=MATCH.s, lho_played=True), concludes=(RectificationForfeited,))
    def law_60A1_non_offender_played_after_it(self, t, s):
        self.conclude(RectificationForfeited(trick=t, seat=s))

    @law_rule("60A2",
              RectificationForfeited(trick=MATCH.t, seat=MATCH.s),
              PrematureFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c),
              concludes=(NoRectification,), cites=("60A3",))
    def law_60A2_play_stands_as_in_turn(self, s, c):
        self.conclude(NoRectification(seat=s, card=c, subject="played_in_turn"))

    @law_rule("60B", LeadOutOfTurnFact(seat=MATCH.s, card=MATCH.c, role="defender", after_refused_declarer_lead=True,
                                       moment=MATCH.m),
              concludes=(PenaltyCard,))
    def law_60B_defender_played_before_declarers_proper_lead(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))
