"""Law 59: a player who cannot lead or play as a rectification requires (no card
of the suit, only cards of a forbidden suit, or bound to follow suit) plays
any other legal card; it is not a revoke.
"""
from engine.law.compat import MATCH, P
from engine.law.play import CannotComply, InabilityFact
from engine.rules.base import law_rule

LEAD_DUTIES = P(lambda duty: duty in ("lead_suit", "not_lead_suit", "play_card"))


class Law59:
    @law_rule("59", InabilityFact(trick=MATCH.t, seat=MATCH.s, duty=LEAD_DUTIES), concludes=(CannotComply,),
              cites=("61A",))
    def law_59_cannot_comply(self, t, s):
        self.conclude(CannotComply(trick=t, seat=s))
