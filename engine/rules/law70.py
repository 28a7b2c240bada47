"""Law 70: the disputed claim.

70A: the director rules as equitably as he can, every doubtful point against
the claimer: the claimer's side gets the tricks it takes on the least
successful normal line that follows his statement (every choice the statement
leaves open resolved against him, the opponents playing any legal card; the
footnote to Law 69 defines normal).  The numbers behind the ruling are stated
as conclusions: the normal line (70A), the double-dummy value (70A, for
information) and the legal floor (71A1, ``law71``).  70B: repeat the
statement, face the cards, hear the objections.  70C: an opponent's trump the
claimer did not mention, probably did not know about, and that could win a
trick on a normal line, wins it.  70D: a successful line not in the original
statement is not accepted if a normal line it allows would do worse.  70E: an
unstated line that needs a card to be with one opponent is not accepted,
unless an opponent had shown out of the suit (or would on any normal line).
"""
from engine.law.claims import (
    AnalysisUnavailable,
    CardLocationKnown,
    ClaimDisputed,
    ClaimEvent,
    ConcessionCancelled,
    DirectorStep,
    DoubleDummy,
    DoubleDummyFact,
    LineDeparture,
    LineDepartureQuestion,
    AwardPending,
    AwardProposed,
    ProposedLine,
    NewLineRejected,
    NormalLine,
    NormalPlay,
    OutstandingTrump,
    ShownOut,
    SuitChoice,
    TricksAwarded,
    TrumpCondition,
    TrumpOut,
    UnstatedLine,
)
from engine.law.compat import MATCH, NOT, TEST, P
from engine.law.facts import EquityReview
from engine.rules.base import law_rule

QUESTION_70A_UNDETERMINED = (
    "The engine's search stopped before it could settle how many tricks the claimer's side takes on the least "
    "successful normal line of his statement; the director rules on the claim himself (70A), any doubtful point "
    "against the claimer. Until he does, the board has no result."
)
QUESTION_70A_UNAVAILABLE = (
    "The position when play stopped cannot be read from the record (see the notes), so the claim cannot be "
    "checked line by line; the director rules on it himself (70A), any doubtful point against the claimer."
)


QUESTION_70C2 = (
    "Was it at all likely that the claimer was unaware that an opponent still held a trump? The record "
    "does not say he knew, so 70C is applied; if the director finds that he knew, 70C does not apply and the "
    "award follows the claimer's line, trumps drawn first."
)

class Law70:
    # -- 70B: the procedure -------------------------------------------------------

    @law_rule("70B1", ClaimDisputed(by=MATCH.b), concludes=(DirectorStep,))
    def law_70B1_repeat_the_statement(self, b):
        self.conclude(DirectorStep(step="repeat_statement"))

    @law_rule("70B2", ClaimDisputed(by=MATCH.b), DirectorStep(step="repeat_statement"), concludes=(DirectorStep,))
    def law_70B2_face_the_cards(self, b):
        self.conclude(DirectorStep(step="face_cards"))

    @law_rule("70B3", ClaimDisputed(by=MATCH.b), DirectorStep(step="face_cards"), concludes=(DirectorStep,))
    def law_70B3_hear_the_objections(self, b):
        self.conclude(DirectorStep(step="hear_objections"))

    # -- 70A: the numbers and the award -------------------------------------------------

    @law_rule("70A",
              ClaimDisputed(side=MATCH.s),
              ClaimEvent(side=MATCH.s, line=MATCH.lk),
              NormalPlay(side=MATCH.s, line="statement", exact=True, tricks=MATCH.n),
              concludes=(NormalLine,), cites=("69",))
    def law_70A_least_successful_normal_line(self, s, n, lk):
        self.conclude(NormalLine(side=s, tricks=n, line=lk))

    @law_rule("70A",
              ClaimDisputed(side=MATCH.s),
              DoubleDummyFact(side=MATCH.s, available=True, tricks=MATCH.n),
              concludes=(DoubleDummy,))
    def law_70A_double_dummy_value(self, s, n):
        self.conclude(DoubleDummy(side=s, tricks=n))

    @law_rule("70A",
              ClaimDisputed(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k),
              NormalPlay(side=MATCH.s, line="statement", exact=True, tricks=MATCH.n, total=MATCH.t),
              TEST(lambda n, k: n < k),
              concludes=(TricksAwarded,), cites=("69",))
    def law_70A_claim_fails_on_a_normal_line(self, s, n, t):
        self.conclude(TricksAwarded(side=s, tricks=n, total=t))

    @law_rule("70A",
              ClaimDisputed(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, stated_total=MATCH.t),
              NormalPlay(side=MATCH.s, line="statement", lower=MATCH.l),
              TEST(lambda l, k: l >= k),
              NOT(ConcessionCancelled(side=MATCH.s)),
              concludes=(TricksAwarded,), cites=("69",))
    def law_70A_claim_upheld(self, s, k, t):
        self.conclude(TricksAwarded(side=s, tricks=k, total=t))

    @law_rule("70A",
              ClaimDisputed(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, remaining=MATCH.r),
              NormalPlay(side=MATCH.s, line="statement", exact=False, lower=MATCH.l, upper=MATCH.u),
              TEST(lambda l, k: l < k),
              NOT(ProposedLine(side=MATCH.s, confirmed=True)),
              concludes=(EquityReview, AwardPending))
    def law_70A_undetermined(self, s, k, r, l, u):
        self.conclude(EquityReview(trick=None, seat=None, question=QUESTION_70A_UNDETERMINED))
        self.conclude(AwardPending(side=s, lower=l, upper=min(u, k), remaining=r))

    @law_rule("70A",
              ClaimDisputed(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, remaining=MATCH.r),
              NormalPlay(side=MATCH.s, line="statement", exact=False, lower=MATCH.l, upper=MATCH.u),
              TEST(lambda l, k: l < k),
              ProposedLine(side=MATCH.s, tricks=MATCH.p, confirmed=False),
              concludes=(AwardProposed,), cites=("69",))
    def law_70A_proposed_line(self, s, k, r, l, u, p):
        self.conclude(AwardProposed(side=s, tricks=p, lower=l, upper=min(u, k), remaining=r))

    @law_rule("70A",
              ClaimDisputed(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k),
              NormalPlay(side=MATCH.s, line="statement", exact=False, lower=MATCH.l),
              TEST(lambda l, k: l < k),
              ProposedLine(side=MATCH.s, tricks=MATCH.p, total=MATCH.t, confirmed=True),
              concludes=(TricksAwarded,), cites=("69",))
    def law_70A_director_confirms_the_proposed_line(self, s, p, t):
        self.conclude(TricksAwarded(side=s, tricks=p, total=t))

    @law_rule("70A",
              ClaimDisputed(side=MATCH.s),
              ClaimEvent(side=MATCH.s, kept=MATCH.k, remaining=MATCH.r),
              AnalysisUnavailable(reason=MATCH.why),
              concludes=(EquityReview, AwardPending))
    def law_70A_position_unreadable(self, s, k, r, why):
        self.conclude(EquityReview(trick=None, seat=None, question=QUESTION_70A_UNAVAILABLE))
        self.conclude(AwardPending(side=s, lower=0, upper=k, remaining=r))

    @law_rule("70A",
              ClaimDisputed(side=MATCH.s),
              LineDeparture(seat=MATCH.o, card=MATCH.c, trick=MATCH.t, role=MATCH.ro, costs=MATCH.n, why=MATCH.w,
                            answer="", question=MATCH.q),
              concludes=(LineDepartureQuestion,), cites=("69",))
    def law_70A_departure_from_the_best_normal_line(self, s, o, c, t, ro, n, w, q):
        self.conclude(LineDepartureQuestion(seat=o, card=c, trick=t, role=ro, costs=n, why=w, question=q))

    # -- 70C: an outstanding trump ----------------------------------------------------------

    @law_rule("70C1",
              ClaimDisputed(side=MATCH.s),
              TrumpOut(card=MATCH.c, seat=MATCH.o, mentioned=False),
              concludes=(TrumpCondition,))
    def law_70C1_trump_not_mentioned(self, c, o):
        self.conclude(TrumpCondition(card=c, seat=o, condition=1))

    @law_rule("70C2",
              ClaimDisputed(side=MATCH.s),
              TrumpOut(card=MATCH.c, seat=MATCH.o, aware=False),
              concludes=(TrumpCondition, EquityReview), cites=("70A",))
    def law_70C2_claimer_likely_unaware(self, c, o):
        self.conclude(TrumpCondition(card=c, seat=o, condition=2))
        self.conclude(EquityReview(trick=None, seat=o, question=QUESTION_70C2))

    @law_rule("70C3",
              ClaimDisputed(side=MATCH.s),
              TrumpOut(card=MATCH.c, seat=MATCH.o, can_win=P(lambda n: n >= 1)),
              concludes=(TrumpCondition,), cites=("69",))
    def law_70C3_trick_could_be_lost_to_it(self, c, o):
        self.conclude(TrumpCondition(card=c, seat=o, condition=3))

    @law_rule("70C",
              TrumpCondition(card=MATCH.c, condition=1),
              TrumpCondition(card=MATCH.c, condition=2),
              TrumpCondition(card=MATCH.c, condition=3),
              TrumpOut(card=MATCH.c, seat=MATCH.o, can_win=MATCH.w),
              concludes=(OutstandingTrump,))
    def law_70C_trick_to_the_opponents(self, c, o, w):
        self.conclude(OutstandingTrump(card=c, seat=o, tricks=w))

    # -- 70D: a new line -----------------------------------------------------------------------

    @law_rule("70D",
              ClaimDisputed(side=MATCH.s),
              NormalPlay(side=MATCH.s, line="offered", lower=MATCH.a),
              NormalPlay(side=MATCH.s, line="statement", exact=True, tricks=MATCH.n),
              TEST(lambda a, n: a > n),
              concludes=(NewLineRejected,), cites=("69",))
    def law_70D_new_line_not_accepted(self, s, a, n):
        self.conclude(NewLineRejected(side=s, offered=a, stated=n))

    # -- 70E: an unstated finesse or drop ----------------------------------------------------------

    @law_rule("70E",
              ClaimDisputed(side=MATCH.s),
              SuitChoice(suit=MATCH.u, gain=MATCH.g, tenace=True),
              concludes=(UnstatedLine,))
    def law_70E_unstated_line_not_accepted(self, u, g):
        self.conclude(UnstatedLine(suit=u, tricks=g))

    @law_rule("70E",
              ClaimDisputed(side=MATCH.s),
              ShownOut(suit=MATCH.u, seat=MATCH.o, mattered=True),
              concludes=(CardLocationKnown,), cites=("69",))
    def law_70E_opponent_had_shown_out(self, u, o):
        self.conclude(CardLocationKnown(suit=u, seat=o))
