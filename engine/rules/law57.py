"""Law 57: a defender's premature lead or play.

A defender who plays before his partner (or leads to the next trick before
partner has played to this one) has made a penalty card of it (57A), and
declarer may require partner to play the highest (57A1) or lowest (57A2) of
the suit led, or forbid him another named suit (57A3).  57B: partner unable
to comply plays any legal card.  57C: no rectification when declarer had
already played from both hands, or dummy had played out of turn.  A
non-offender's play after it, before rectification, forfeits all this (60A1).
"""
from engine.law.compat import MATCH, NOT, P
from engine.law.facts import Option
from engine.law.play import (
    CannotComply,
    InabilityFact,
    NoRectification,
    Obligation,
    OptionChosenFact,
    PenaltyCard,
    PrematureFact,
    PrematurePlay,
    RectificationForfeited,
)
from engine.rules.base import law_rule

PLAY_DUTIES = P(lambda duty: duty in ("play_highest", "play_lowest", "not_play_suit"))


class Law57:
    @law_rule("57A",
              PrematureFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, partner=MATCH.p, declarer=MATCH.d),
              NOT(NoRectification(seat=MATCH.s, card=MATCH.c, subject="premature_play")),
              concludes=(PrematurePlay,))
    def law_57A_premature_play(self, t, s, c, p, d):
        self.conclude(PrematurePlay(trick=t, seat=s, card=c, partner=p, declarer=d))

    @law_rule("57A",
              PrematurePlay(trick=MATCH.t, seat=MATCH.s, card=MATCH.c),
              PrematureFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, since=MATCH.m),
              NOT(NoRectification(seat=MATCH.s, card=MATCH.c, subject="premature_play")),
              NOT(RectificationForfeited(trick=MATCH.t, seat=MATCH.s)),
              concludes=(PenaltyCard,), cites=("50C",))
    def law_57A_premature_card_is_a_penalty_card(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))

    @law_rule("57A1", PrematurePlay(trick=MATCH.t, seat=MATCH.s, partner=MATCH.p, declarer=MATCH.d),
              NOT(RectificationForfeited(trick=MATCH.t, seat=MATCH.s)), concludes=(Option,))
    def law_57A1_option_highest(self, t, p, d):
        self.conclude(Option(by=d, option="play_highest", seat=p, trick=t))

    @law_rule("57A2", PrematurePlay(trick=MATCH.t, seat=MATCH.s, partner=MATCH.p, declarer=MATCH.d),
              NOT(RectificationForfeited(trick=MATCH.t, seat=MATCH.s)), concludes=(Option,))
    def law_57A2_option_lowest(self, t, p, d):
        self.conclude(Option(by=d, option="play_lowest", seat=p, trick=t))

    @law_rule("57A3", PrematurePlay(trick=MATCH.t, seat=MATCH.s, partner=MATCH.p, declarer=MATCH.d),
              NOT(RectificationForfeited(trick=MATCH.t, seat=MATCH.s)), concludes=(Option,))
    def law_57A3_option_forbid_a_suit(self, t, p, d):
        self.conclude(Option(by=d, option="forbid_suit", seat=p, trick=t))

    @law_rule("57A1",
              OptionChosenFact(option="play_highest", trick=MATCH.t, moment=MATCH.m),
              PrematurePlay(trick=MATCH.t, partner=MATCH.p),
              concludes=(Obligation,))
    def law_57A1_highest_required(self, t, p, m):
        self.conclude(Obligation(seat=p, duty="play_highest", trick=t, moment=m))

    @law_rule("57A2",
              OptionChosenFact(option="play_lowest", trick=MATCH.t, moment=MATCH.m),
              PrematurePlay(trick=MATCH.t, partner=MATCH.p),
              concludes=(Obligation,))
    def law_57A2_lowest_required(self, t, p, m):
        self.conclude(Obligation(seat=p, duty="play_lowest", trick=t, moment=m))

    @law_rule("57A3",
              OptionChosenFact(option="forbid_suit", suit=MATCH.x, trick=MATCH.t, moment=MATCH.m),
              PrematurePlay(trick=MATCH.t, partner=MATCH.p),
              concludes=(Obligation,))
    def law_57A3_suit_forbidden(self, t, p, x, m):
        self.conclude(Obligation(seat=p, duty="not_play_suit", suit=x, trick=t, moment=m))

    @law_rule("57B", InabilityFact(trick=MATCH.t, seat=MATCH.s, duty=PLAY_DUTIES), concludes=(CannotComply,),
              cites=("59",))
    def law_57B_partner_cannot_comply(self, t, s):
        self.conclude(CannotComply(trick=t, seat=s))

    @law_rule("57C", PrematureFact(seat=MATCH.s, card=MATCH.c, declarer_played_both=True),
              concludes=(NoRectification,))
    def law_57C_declarer_had_played_from_both_hands(self, s, c):
        self.conclude(NoRectification(seat=s, card=c, subject="premature_play"))
