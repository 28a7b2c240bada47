"""Law 52: a defender who fails to play a penalty card.

That failure is a revoke (61A); Law 52 gives declarer the choice while it
can still be made: accept the card played (52B1a) -- as he must once he has
himself played after it (52B1b) -- and the penalty card stays (52B1c); or
require the penalty card, the card played becoming a major penalty card too
(52B2).  Established, it carries no trick penalty (64B3: the card was faced).
A card that was also a failure to follow suit is a revoke Laws 62-63 govern:
the offender must correct it himself while he may (62A), which 52A does not
forbid, and declarer's 52B choices about that card do not arise.
"""
from engine.law.compat import MATCH, NOT, TEST
from engine.law.facts import Option
from engine.law.play import (
    ContractFact,
    NonOffenderPlay,
    Notice,
    OptionChosenFact,
    PenaltyCard,
    PlayAccepted,
    RetractionNotAllowed,
    Revoke,
    RevokeEstablished,
    Withdrawal,
)
from engine.rules.base import law_rule


class Law52:
    @law_rule("52B1b",
              Revoke(trick=MATCH.t, seat=MATCH.s, faced=True),
              NonOffenderPlay(trick=MATCH.t, seat=MATCH.s, moment=MATCH.p),
              Notice(trick=MATCH.t, seat=MATCH.s, moment=MATCH.n),
              TEST(lambda p, n: p < n),
              concludes=(PlayAccepted,))
    def law_52B1b_declarer_played_after_it(self, t, s):
        self.conclude(PlayAccepted(trick=t, seat=s))

    @law_rule("52B1a",
              Revoke(trick=MATCH.t, seat=MATCH.s, faced=True),
              OptionChosenFact(option="accept_play", trick=MATCH.t),
              concludes=(PlayAccepted,), cites=("52B1c",))
    def law_52B1a_declarer_accepts(self, t, s):
        self.conclude(PlayAccepted(trick=t, seat=s))

    @law_rule("52B1a",
              Revoke(trick=MATCH.t, seat=MATCH.s, faced=True),
              NOT(PlayAccepted(trick=MATCH.t, seat=MATCH.s, law="52B1b")),
              NOT(RevokeEstablished(trick=MATCH.t, seat=MATCH.s)),
              NOT(Revoke(trick=MATCH.t, seat=MATCH.s, duty="follow_suit")),
              ContractFact(declarer=MATCH.d),
              concludes=(Option,))
    def law_52B1a_option_to_accept(self, t, s, d):
        self.conclude(Option(by=d, option="accept_play", seat=s, trick=t))

    @law_rule("52B2",
              Revoke(trick=MATCH.t, seat=MATCH.s, faced=True),
              NOT(PlayAccepted(trick=MATCH.t, seat=MATCH.s, law="52B1b")),
              NOT(RevokeEstablished(trick=MATCH.t, seat=MATCH.s)),
              NOT(Revoke(trick=MATCH.t, seat=MATCH.s, duty="follow_suit")),
              ContractFact(declarer=MATCH.d),
              concludes=(Option,))
    def law_52B2_option_to_require_the_penalty_card(self, t, s, d):
        self.conclude(Option(by=d, option="require_penalty_card", seat=s, trick=t))

    @law_rule("52A",
              Revoke(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, faced=True),
              Withdrawal(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, substitute=MATCH.x, index=MATCH.i),
              NOT(OptionChosenFact(option="require_penalty_card", trick=MATCH.t)),
              NOT(Revoke(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, duty="follow_suit")),
              concludes=(RetractionNotAllowed,), cites=("62A",))
    def law_52A_offender_may_not_take_it_back(self, t, s, x, i):
        self.conclude(RetractionNotAllowed(trick=t, seat=s, card=x, index=i))

    @law_rule("52B2",
              Revoke(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, faced=True),
              OptionChosenFact(option="require_penalty_card", trick=MATCH.t),
              Withdrawal(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, moment=MATCH.m),
              NOT(PlayAccepted(trick=MATCH.t, seat=MATCH.s, law="52B1b")),
              concludes=(PenaltyCard,))
    def law_52B2_card_played_becomes_major(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))
