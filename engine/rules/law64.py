"""Law 64: the rectification after an established revoke.

64A1 when the offender himself won the revoke trick (the player, not the
side: commentary 64.1; a trick won by dummy is not declarer's, 64.10(i));
64A2 otherwise, with the second trick of its last sentence for a later trick
the offender won with a card he could legally have played to the revoke
trick (commentary 64.6, 64.9), bounded by the tricks the offending side won
from the revoke trick on.  Each 64B clause is its own rule and an exception
to 64A: the 64A rules carry ``NOT(NoRevokePenalty(...))``.  64C: the director
always reviews equity after an established revoke; the engine states the
question, except when the record shows the non-offending side with every
trick from the revoke trick on (counting the transfer): then it says that the
revoke cannot have cost them anything.
"""
from engine.law.compat import MATCH, NOT, TEST, P
from engine.law.facts import EquityReview
from engine.law.play import (
    LegalAlternative,
    LegalCardWin,
    NoDamagePossible,
    NoRevokePenalty,
    Notice,
    OutsideRecord,
    Revoke,
    RevokeEstablished,
    TricksFrom,
    TrickTransfer,
    TrickWon,
)
from engine.rules.base import law_rule

AT_LEAST_ONE = P(lambda n: n >= 1)
AT_LEAST_TWO = P(lambda n: n >= 2)

QUESTION_64C_PENALTY = (
    "Does the transfer of tricks make up for the damage the revoke did to the non-offending side? "
    "If the non-offenders would have done better without the revoke, the director awards an "
    "adjusted score instead (64C)."
)
QUESTION_64C_NO_PENALTY = (
    "No tricks are transferred for this revoke. Would the non-offending side have done better had "
    "it not occurred? If so, the director restores equity with an adjusted score (64C)."
)
QUESTION_64_6_OUTSIDE = (
    "The offending side took tricks that are not in the play record (claimed, conceded or "
    "unrecorded). Did the revoker win one of them with a card he could legally have played to the "
    "revoke trick? If so, 64A2 transfers a second trick (commentary 64.6)."
)


def _revoke(t=MATCH.t, s=MATCH.s):
    return Revoke(trick=t, seat=s, side=MATCH.side, non_offenders=MATCH.nos)


class Law64:
    # -- 64A1: the offender won the revoke trick ----------------------------

    @law_rule("64A1",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              _revoke(),
              TrickWon(trick=MATCH.t, seat=MATCH.s),
              TricksFrom(trick=MATCH.t, side=MATCH.side, count=AT_LEAST_TWO),
              NOT(NoRevokePenalty(trick=MATCH.t, seat=MATCH.s)),
              concludes=(TrickTransfer,), cites=("commentary 64.1", "commentary 64.4"))
    def law_64A1_revoke_trick_and_one_more(self, t, s, nos):
        self.conclude(TrickTransfer(trick=t, seat=s, tricks=2, to=nos))

    @law_rule("64A1",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              _revoke(),
              TrickWon(trick=MATCH.t, seat=MATCH.s),
              TricksFrom(trick=MATCH.t, side=MATCH.side, count=1),
              NOT(NoRevokePenalty(trick=MATCH.t, seat=MATCH.s)),
              concludes=(TrickTransfer,), cites=("commentary 64.9(ii)",))
    def law_64A1_revoke_trick_only(self, t, s, nos):
        self.conclude(TrickTransfer(trick=t, seat=s, tricks=1, to=nos))

    # -- 64A2: the offender did not win the revoke trick ---------------------

    @law_rule("commentary 64.6",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              NOT(TrickWon(trick=MATCH.t, seat=MATCH.s)),
              LegalAlternative(trick=MATCH.t, seat=MATCH.s, card=MATCH.c),
              TrickWon(trick=MATCH.w, seat=MATCH.s, card=MATCH.c),
              concludes=(LegalCardWin,), cites=("64A2", "commentary 64.9(i)"))
    def commentary_64_6_later_win_with_legal_card(self, t, s, w, c):
        self.conclude(LegalCardWin(trick=t, seat=s, won_trick=w, card=c))

    @law_rule("64A2",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              _revoke(),
              NOT(TrickWon(trick=MATCH.t, seat=MATCH.s)),
              TricksFrom(trick=MATCH.t, side=MATCH.side, count=AT_LEAST_ONE),
              NOT(LegalCardWin(trick=MATCH.t, seat=MATCH.s)),
              NOT(NoRevokePenalty(trick=MATCH.t, seat=MATCH.s)),
              concludes=(TrickTransfer,), cites=("commentary 64.5",))
    def law_64A2_one_trick(self, t, s, nos):
        self.conclude(TrickTransfer(trick=t, seat=s, tricks=1, to=nos))

    @law_rule("64A2",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              _revoke(),
              NOT(TrickWon(trick=MATCH.t, seat=MATCH.s)),
              LegalCardWin(trick=MATCH.t, seat=MATCH.s),
              TricksFrom(trick=MATCH.t, side=MATCH.side, count=AT_LEAST_TWO),
              NOT(NoRevokePenalty(trick=MATCH.t, seat=MATCH.s)),
              concludes=(TrickTransfer,), cites=("commentary 64.6", "commentary 64.9(iii)"))
    def law_64A2_second_trick_for_legal_card_win(self, t, s, nos):
        self.conclude(TrickTransfer(trick=t, seat=s, tricks=2, to=nos))

    @law_rule("64A2",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              _revoke(),
              NOT(TrickWon(trick=MATCH.t, seat=MATCH.s)),
              LegalCardWin(trick=MATCH.t, seat=MATCH.s),
              TricksFrom(trick=MATCH.t, side=MATCH.side, count=1),
              NOT(NoRevokePenalty(trick=MATCH.t, seat=MATCH.s)),
              concludes=(TrickTransfer,), cites=("commentary 64.6", "commentary 64.9(ii)"))
    def law_64A2_one_trick_bounded_by_tricks_won(self, t, s, nos):
        self.conclude(TrickTransfer(trick=t, seat=s, tricks=1, to=nos))

    @law_rule("commentary 64.6",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              _revoke(),
              NOT(TrickWon(trick=MATCH.t, seat=MATCH.s)),
              NOT(LegalCardWin(trick=MATCH.t, seat=MATCH.s)),
              LegalAlternative(trick=MATCH.t, seat=MATCH.s, played_later=False),
              OutsideRecord(side=MATCH.side, count=AT_LEAST_ONE),
              TricksFrom(trick=MATCH.t, side=MATCH.side, count=AT_LEAST_TWO),
              NOT(NoRevokePenalty(trick=MATCH.t, seat=MATCH.s)),
              concludes=(EquityReview,), cites=("64A2",))
    def commentary_64_6_tricks_outside_the_record(self, t, s):
        self.conclude(EquityReview(trick=t, seat=s, question=QUESTION_64_6_OUTSIDE))

    # -- 64B: no penalty -------------------------------------------------------

    @law_rule("64B1",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              _revoke(),
              TricksFrom(trick=MATCH.t, side=MATCH.side, count=0),
              concludes=(NoRevokePenalty,))
    def law_64B1_offenders_won_no_trick_from_revoke_on(self, t, s):
        self.conclude(NoRevokePenalty(trick=t, seat=s))

    @law_rule("64B2",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              Revoke(trick=MATCH.t, seat=MATCH.s, suit=MATCH.suit),
              Revoke(trick=MATCH.earlier, seat=MATCH.s, suit=MATCH.suit),
              TEST(lambda t, earlier: earlier < t),
              concludes=(NoRevokePenalty,))
    def law_64B2_second_revoke_same_suit(self, t, s):
        self.conclude(NoRevokePenalty(trick=t, seat=s))

    @law_rule("64B3",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              Revoke(trick=MATCH.t, seat=MATCH.s, role="dummy"),
              concludes=(NoRevokePenalty,), cites=("commentary 64.10(ii)",))
    def law_64B3_card_faced_on_table(self, t, s):
        self.conclude(NoRevokePenalty(trick=t, seat=s))

    @law_rule("64B3",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              Revoke(trick=MATCH.t, seat=MATCH.s, faced=True),
              concludes=(NoRevokePenalty,), cites=("commentary 64.2",))
    def law_64B3_penalty_card_not_played(self, t, s):
        self.conclude(NoRevokePenalty(trick=t, seat=s))

    @law_rule("64B4",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              Notice(trick=MATCH.t, seat=MATCH.s, after_call_by_non_offenders=True),
              concludes=(NoRevokePenalty,), cites=("commentary 64.2",))
    def law_64B4_non_offenders_called_on_next_deal(self, t, s):
        self.conclude(NoRevokePenalty(trick=t, seat=s))

    @law_rule("64B5",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              Notice(trick=MATCH.t, seat=MATCH.s, after_round_end=True),
              concludes=(NoRevokePenalty,))
    def law_64B5_round_ended(self, t, s):
        self.conclude(NoRevokePenalty(trick=t, seat=s))

    @law_rule("64B6",
              RevokeEstablished(trick=12, seat=MATCH.s),
              concludes=(NoRevokePenalty,), cites=("commentary 62.6", "commentary 63.3"))
    def law_64B6_trick_12(self, s):
        self.conclude(NoRevokePenalty(trick=12, seat=s))

    # -- 64C: equity ------------------------------------------------------------

    @law_rule("64C",
              _revoke(), RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              TrickTransfer(trick=MATCH.t, seat=MATCH.s, tricks=MATCH.k),
              TricksFrom(trick=MATCH.t, side=MATCH.nos, count=MATCH.n),
              TEST(lambda t, k, n: n + k == 14 - t),
              concludes=(NoDamagePossible,), cites=("commentary 64.8",))
    def law_64C_nothing_to_restore_after_transfer(self, t, s, nos):
        self.conclude(NoDamagePossible(trick=t, seat=s, side=nos, tricks=14 - t))

    @law_rule("64C",
              _revoke(), RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              NoRevokePenalty(trick=MATCH.t, seat=MATCH.s),
              TricksFrom(trick=MATCH.t, side=MATCH.nos, count=MATCH.n),
              TEST(lambda t, n: n == 14 - t),
              concludes=(NoDamagePossible,), cites=("commentary 64.8",))
    def law_64C_nothing_to_restore_without_penalty(self, t, s, nos):
        self.conclude(NoDamagePossible(trick=t, seat=s, side=nos, tricks=14 - t))

    @law_rule("64C",
              TrickTransfer(trick=MATCH.t, seat=MATCH.s),
              NOT(NoDamagePossible(trick=MATCH.t, seat=MATCH.s)),
              concludes=(EquityReview,), cites=("commentary 64.8",))
    def law_64C_after_transfer(self, t, s):
        self.conclude(EquityReview(trick=t, seat=s, question=QUESTION_64C_PENALTY))

    @law_rule("64C",
              RevokeEstablished(trick=MATCH.t, seat=MATCH.s),
              NoRevokePenalty(trick=MATCH.t, seat=MATCH.s),
              NOT(NoDamagePossible(trick=MATCH.t, seat=MATCH.s)),
              concludes=(EquityReview,), cites=("commentary 64.8", "commentary 64.10(ii)"))
    def law_64C_without_penalty(self, t, s):
        self.conclude(EquityReview(trick=t, seat=s, question=QUESTION_64C_NO_PENALTY))
