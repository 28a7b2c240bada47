"""Laws 65-66: arranging and inspecting tricks.

65D: a player who has disarranged his played cards before the tricks were
agreed loses a disputed trick.  66: who may see which cards, and until when:
the current trick until his side has led or played to the next one (66A); his
own last card until a lead to the next trick (66B); quitted tricks not
during play without the director (66C); everything after play ends (66D).
"""
from engine.law.compat import MATCH, TEST, P
from engine.law.play import DisputedTrickAwarded, Inspection, InspectionFact, RuledAgainst, TrickComplete, TrickDispute
from engine.notation.cards import other_side, side_of
from engine.rules.base import law_rule

QUITTED = P(lambda what: what in ("quitted_trick", "all_cards"))


class Law65:
    @law_rule("65D", TrickDispute(trick=MATCH.t, disarranged_by=MATCH.s, disarranged_after=False),
              concludes=(RuledAgainst,), cites=("commentary 65.3", "commentary 65.4"))
    def law_65D_disarranged_cards_lose_the_dispute(self, s, t):
        self.conclude(RuledAgainst(seat=s, trick=t))

    @law_rule("65D", RuledAgainst(seat=MATCH.s, trick=MATCH.t, law="65D"), TrickComplete(trick=MATCH.t, seat=MATCH.w),
              TEST(lambda s, w: side_of(s) == side_of(w)),
              concludes=(DisputedTrickAwarded,))
    def law_65D_disputed_trick_counts_for_the_other_side(self, s, t):
        self.conclude(DisputedTrickAwarded(trick=t, seat=s, to=other_side(side_of(s))))


PLAYER = P(lambda role: role in ("declarer", "defender"))


class Law66:
    @law_rule("66A", InspectionFact(by=MATCH.b, what=P(lambda w: w in ("current_trick", "own_card")), role="dummy"),
              concludes=(Inspection,), cites=("66B",))
    def law_66A_dummy_has_no_such_right(self, b):
        self.conclude(Inspection(by=b, what="current_trick", allowed=False))

    @law_rule("66D", TrickDispute(trick=MATCH.t, disarranged_by=MATCH.s, disarranged_after=True),
              concludes=(RuledAgainst,), cites=("commentary 66.6",))
    def law_66D_cards_mixed_after_the_question(self, s, t):
        self.conclude(RuledAgainst(seat=s, trick=t))

    @law_rule("66D", RuledAgainst(seat=MATCH.s, trick=MATCH.t, law="66D"), TrickComplete(trick=MATCH.t, seat=MATCH.w),
              TEST(lambda s, w: side_of(s) == side_of(w)),
              concludes=(DisputedTrickAwarded,))
    def law_66D_disputed_trick_counts_for_the_other_side(self, s, t):
        self.conclude(DisputedTrickAwarded(trick=t, seat=s, to=other_side(side_of(s))))

    @law_rule("66A", InspectionFact(by=MATCH.b, what="current_trick", side_played_next=False, role=PLAYER),
              concludes=(Inspection,))
    def law_66A_current_trick_may_be_seen(self, b):
        self.conclude(Inspection(by=b, what="current_trick", allowed=True))

    @law_rule("66A", InspectionFact(by=MATCH.b, what="current_trick", side_played_next=True, role=PLAYER),
              concludes=(Inspection,))
    def law_66A_too_late_for_the_last_trick(self, b):
        self.conclude(Inspection(by=b, what="current_trick", allowed=False))

    @law_rule("66B", InspectionFact(by=MATCH.b, what="own_card", lead_made_next=False, role=PLAYER),
              concludes=(Inspection,))
    def law_66B_own_last_card_may_be_seen(self, b):
        self.conclude(Inspection(by=b, what="own_card", allowed=True))

    @law_rule("66B", InspectionFact(by=MATCH.b, what="own_card", lead_made_next=True, role=PLAYER),
              concludes=(Inspection,))
    def law_66B_too_late_for_own_card(self, b):
        self.conclude(Inspection(by=b, what="own_card", allowed=False))

    @law_rule("66C", InspectionFact(by=MATCH.b, what=QUITTED & MATCH.w, play_over=False), concludes=(Inspection,),
              cites=("commentary 66.1",))
    def law_66C_no_quitted_tricks_during_play(self, b, w):
        self.conclude(Inspection(by=b, what=w, allowed=False))

    @law_rule("66D", InspectionFact(by=MATCH.b, what=QUITTED & MATCH.w, play_over=True), concludes=(Inspection,),
              cites=("commentary 66.5",))
    def law_66D_after_play_all_may_be_seen(self, b, w):
        self.conclude(Inspection(by=b, what=w, allowed=True))
