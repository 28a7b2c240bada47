"""Law 48: declarer's exposed cards are never penalty cards (48A); declarer facing
his hand is, after the opening lead out of turn, 54 (48B1, read by the
mechanics as ``spread_hand``), and otherwise a claim (48B2).
"""
from engine.law.compat import MATCH, P
from engine.law.play import ExposureFact, HandFacedFact, NoRectification, TreatedAsClaim
from engine.rules.base import law_rule

DECLARER_SIDE = P(lambda role: role in ("declarer", "dummy"))


class Law48:
    @law_rule("48A", ExposureFact(seat=MATCH.s, card=MATCH.c, role=DECLARER_SIDE), concludes=(NoRectification,))
    def law_48A_declarers_exposed_card(self, s, c):
        self.conclude(NoRectification(seat=s, card=c, subject="exposed_card"))

    @law_rule("48B2", HandFacedFact(by=MATCH.s, role="declarer", after_opening_lead_out_of_turn=False),
              concludes=(TreatedAsClaim,), cites=("48B1",))
    def law_48B2_hand_faced_is_a_claim(self, s):
        self.conclude(TreatedAsClaim(seat=s))
