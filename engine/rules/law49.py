"""Law 49 with 50C: a defender's exposed card becomes a penalty card (49); the
conclusion cites 50C, which says whether it is minor (a single card below the
ten, exposed by accident) or major (an honour, or a card exposed
deliberately).  Simultaneous exposures are 58B2 (see law58); a lead to the
next trick before partner played is 57A.  A card a defender shows in place of
one he may not take back (47G) is an exposed card: 49.
"""
from engine.law.compat import MATCH, P
from engine.law.play import ExposureFact, PenaltyCard, Replacement, RetractionNotAllowed
from engine.rules.base import law_rule

DELIBERATE = P(lambda how: how in ("shown", "named", "deliberate"))


class Law49:
    @law_rule("50C", ExposureFact(seat=MATCH.s, card=MATCH.c, role="defender", how="dropped", honour=False,
                                  alone=True, moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("49",))
    def law_50C_small_card_dropped_is_minor(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="minor", moment=m))

    @law_rule("50C", ExposureFact(seat=MATCH.s, card=MATCH.c, role="defender", how="dropped", honour=False,
                                  alone=False, moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("49",))
    def law_50C_small_card_dropped_with_another_is_major(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))

    @law_rule("50C", ExposureFact(seat=MATCH.s, card=MATCH.c, role="defender", how="dropped", honour=True,
                                  moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("49",))
    def law_50C_honour_dropped_is_major(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))

    @law_rule("49", ExposureFact(seat=MATCH.s, card=MATCH.c, role="defender", how=DELIBERATE, moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("50C",))
    def law_49_card_exposed_deliberately_is_major(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))

    @law_rule("49",
              RetractionNotAllowed(trick=MATCH.t, seat=MATCH.s, card=MATCH.x),
              Replacement(trick=MATCH.t, seat=MATCH.s, substitute=MATCH.x, role="defender", moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("47G", "50C"))
    def law_49_card_shown_in_a_refused_retraction(self, s, x, m):
        self.conclude(PenaltyCard(seat=s, card=x, type="major", moment=m))
