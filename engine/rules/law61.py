"""Law 61: failure to follow suit (61A) and inquiries about a revoke (61B).

Commentary 61.3 (who may ask whom) is the pattern of the 61B rules; 61.5 (i)
to (iv) say how the director rules on an illegal question.
"""
from engine.law.compat import MATCH, TEST
from engine.law.facts import EquityReview
from engine.law.play import (
    AttentionDrawn,
    CardPlayed,
    DutyBreach,
    IllegalInquiry,
    Revoke,
)
from engine.notation.cards import other_side
from engine.rules.base import law_rule

QUESTION_61_5_III = (
    "Did the illegal question draw the partner's attention to something that mattered in the play, "
    "and could the side that received that information have gained from it? If so, the director "
    "awards an adjusted score (unauthorized information, Law 16)."
)


class Law61:
    @law_rule("61A",
              CardPlayed(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, leads=False, followed=False,
                         held_led_suit=True, led_suit=MATCH.suit, side=MATCH.side, role=MATCH.role,
                         index=MATCH.i, applied=True),
              concludes=(Revoke,))
    def law_61A_failure_to_follow(self, t, s, c, suit, side, role, i):
        self.conclude(Revoke(trick=t, seat=s, card=c, suit=suit, side=side, non_offenders=other_side(side),
                             role=role, index=i, duty="follow_suit", faced=False))

    @law_rule("61A",
              DutyBreach(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, duty=MATCH.duty, suit=MATCH.suit,
                         faced=MATCH.faced, side=MATCH.side, role=MATCH.role, index=MATCH.i),
              concludes=(Revoke,), cites=("50E1", "50D"))
    def law_61A_required_card_not_played(self, t, s, c, duty, suit, faced, side, role, i):
        self.conclude(Revoke(trick=t, seat=s, card=c, suit=suit, side=side, non_offenders=other_side(side),
                             role=role, index=i, duty=duty, faced=faced))

    @law_rule("61B",
              AttentionDrawn(by=MATCH.by, by_role="defender", asked=MATCH.asked, asked_role="defender",
                             subject="revoke", trick=MATCH.t, seat=MATCH.s, moment=MATCH.m),
              TEST(lambda by, asked: by != asked),
              concludes=(IllegalInquiry,), cites=("commentary 61.3", "commentary 61.5(i)"))
    def law_61B_defender_asks_partner(self, by, asked, t, s, m):
        self.conclude(IllegalInquiry(by=by, asked=asked, trick=t, seat=s, moment=m))

    @law_rule("commentary 61.5(iv)",
              AttentionDrawn(by=MATCH.by, by_role="dummy", asked=MATCH.asked, asked_role="defender",
                             subject="revoke", trick=MATCH.t, seat=MATCH.s, moment=MATCH.m),
              concludes=(IllegalInquiry,), cites=("61B",))
    def commentary_61_5_iv_dummy_asks_defender(self, by, asked, t, s, m):
        self.conclude(IllegalInquiry(by=by, asked=asked, trick=t, seat=s, moment=m))

    @law_rule("commentary 61.5(iii)",
              IllegalInquiry(by=MATCH.by, trick=MATCH.t, seat=MATCH.s),
              concludes=(EquityReview,), cites=("61B",))
    def commentary_61_5_iii_information_from_question(self, by, t, s):
        self.conclude(EquityReview(trick=t, seat=s, question=QUESTION_61_5_III))
