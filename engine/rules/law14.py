"""Law 14: a missing card (three hands right, one short; commentary 14.1).

Whether the opening lead had been faced decides between 14A and 14B
(commentary 14.2).  A card restored during play counts as held all along
(14B3): if the hand failed to follow suit with it, that is a revoke, which the
revoke rules (61-64) find because the case's ``deal`` has the card in that
hand; if it was exposed, Law 50 decides about a penalty card.  Whether a card found
elsewhere had been exposed may be unknown: the director is asked.  When the
case does not say which card is missing, the card still counts as held, and
the possible revoke is stated for the director to look for.
"""
from engine.law.board import (
    CalledOnDefective,
    MissingCard,
    PocketState,
    ProceduralPenaltyPossible,
    Procedure,
    Question,
    Refer,
    ask,
)
from engine.law.compat import MATCH, TEST, P
from engine.law.play import Revoke
from engine.rules.base import law_rule
from engine.rules.board_common import step

RESTORED = P(lambda f: f in ("elsewhere", "not_found"))


class Law14:
    @law_rule("14A", PocketState(law14=True, stage="before_play"), concludes=(Procedure,),
              cites=("commentary 14.1", "commentary 14.2"))
    def law_14A_search_before_play(self):
        self.conclude(step("search_missing_card"))

    @law_rule("14A1", MissingCard(stage="before_play", found="elsewhere", seat=MATCH.s, card=MATCH.c),
              concludes=(Procedure,))
    def law_14A1_card_found(self, s, c):
        self.conclude(step("restore_card", seat=s, card=c))

    @law_rule("14A2", MissingCard(stage="before_play", found="not_found"), concludes=(Procedure,))
    def law_14A2_card_not_found(self):
        self.conclude(step("reconstruct_deal"))

    @law_rule("14B", PocketState(law14=True, stage="during_play"), concludes=(Procedure,),
              cites=("commentary 14.1", "commentary 14.2"))
    def law_14B_search_during_play(self):
        self.conclude(step("search_missing_card"))

    @law_rule("14B1", MissingCard(stage="during_play", found="among_played", seat=MATCH.s, card=MATCH.c),
              concludes=(Refer,))
    def law_14B1_found_among_the_played_cards(self, s, c):
        self.conclude(Refer(to="67", seat=s, card=c, trick=None))

    @law_rule("14B1", MissingCard(stage="during_play", found="elsewhere", seat=MATCH.s, card=MATCH.c),
              concludes=(Procedure,))
    def law_14B1_found_elsewhere(self, s, c):
        self.conclude(step("restore_card", seat=s, card=c))

    @law_rule("14B2", MissingCard(stage="during_play", found="not_found"), concludes=(Procedure,))
    def law_14B2_card_not_found(self):
        self.conclude(step("reconstruct_deal"))

    @law_rule("14B3", MissingCard(stage="during_play", found=RESTORED, seat=MATCH.s, card=MATCH.c),
              concludes=(Procedure,), cites=("commentary 14.3",))
    def law_14B3_held_throughout(self, s, c):
        self.conclude(step("card_deemed_held", seat=s, card=c))

    @law_rule("14B3", MissingCard(stage="during_play", found="elsewhere", seat=MATCH.s, exposed=None),
              concludes=(Question,), cites=("commentary 14.3",))
    def law_14B3_was_the_card_exposed(self, s):
        self.conclude(ask("card_exposed", seat_=s))

    @law_rule("14B3", MissingCard(stage="during_play", found=RESTORED, seat=MATCH.s, card=None),
              concludes=(Refer,), cites=("commentary 14.3", "61A"))
    def law_14B3_unnamed_card_may_make_a_revoke(self, s):
        self.conclude(Refer(to="61", seat=s, card=None, trick=None))

    @law_rule("14B3", MissingCard(stage="during_play", found=RESTORED, seat=MATCH.s, card=MATCH.c, exposed=True),
              concludes=(Refer,), cites=("commentary 14.3",))
    def law_14B3_exposed_card_may_be_a_penalty_card(self, s, c):
        self.conclude(Refer(to="50", seat=s, card=c, trick=None))

    @law_rule("14B3", MissingCard(stage="during_play", found=RESTORED, seat=MATCH.s, suit=MATCH.x, trick=MATCH.d,
                                  entries=MATCH.k, card=MATCH.c),
              Revoke(seat=MATCH.s, suit=MATCH.x, trick=MATCH.t, index=MATCH.i, duty="follow_suit"),
              TEST(lambda t, i, d, k: d is None or t < d or (t == d and k is not None and i < k)),
              concludes=(Refer,), cites=("commentary 14.3", "61A"))
    def law_14B3_failure_to_play_it_may_be_a_revoke(self, s, t, c):
        self.conclude(Refer(to="61", seat=s, card=c, trick=t))

    @law_rule("commentary 14.3", PocketState(law14=True), CalledOnDefective(seat=MATCH.s), concludes=(Procedure,),
              cites=("14A", "14B"))
    def commentary_14_3_calls_on_the_short_hand_stand(self, s):
        self.conclude(step("calls_stand", seat=s))

    @law_rule("commentary 14.5", MissingCard(found="not_found"), concludes=(Procedure,), cites=("14A2", "14B2"))
    def commentary_14_5_replace_the_pack(self):
        self.conclude(step("replace_pack"))

    @law_rule("commentary 14.6", PocketState(law14=True, stage="after_play"), MissingCard(seat=MATCH.s),
              concludes=(Refer, ProceduralPenaltyPossible), cites=("6D3", "7B1"))
    def commentary_14_6_found_after_play(self, s):
        self.conclude(Refer(to="6D3", seat=s, card=None, trick=None))
        self.conclude(ProceduralPenaltyPossible(seat=s, side=None))
