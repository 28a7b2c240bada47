"""Law 12: when the director adjusts (12A1-12A3, 12B) and how (12C1 artificial, 12C2 assigned),
with the equivalents of commentary 12.19 in IMPs and matchpoints.

Artificial adjusted scores follow the degree of fault (the director's finding,
or the one the law itself implies in 13 and 13C); assigned adjusted scores
follow the results the director judges likely (non-offenders) and at all
probable (offenders).  Both are answers to questions the engine states.
"""
from engine.input.results import IMPS_BY_PERCENT, PERCENT_BY_FAULT
from engine.law.board import (
    AdjustmentDue,
    Answer,
    ArtificialAdjustedScore,
    AssignedAdjustedScore,
    Fault,
    Imps,
    IrregularityRecord,
    Matchpoints,
    NoResult,
    NoResultFact,
    Question,
    ResultCancelled,
    ResultStands,
    ScoringMethod,
    ask,
)
from engine.law.compat import MATCH, NOT, P
from engine.mechanics.scoring78 import percent_points
from engine.rules.base import law_rule
from engine.rules.board_common import SOME, artificial, assigned


class Law12:
    # -- 12A: when ------------------------------------------------------------

    @law_rule("12A1", IrregularityRecord(grounds="no_redress", request_by=MATCH.s), NOT(Answer(key="no_indemnity")),
              concludes=(Question,))
    def law_12A1_question(self, s):
        self.conclude(ask("no_indemnity", side=s))

    @law_rule("12A1", IrregularityRecord(grounds="no_redress", request_by=MATCH.s, request_other=MATCH.o),
              Answer(key="no_indemnity", value=True), concludes=(AdjustmentDue,))
    def law_12A1_laws_give_no_redress(self, s, o):
        self.conclude(assigned(s, o))

    @law_rule("12A1", IrregularityRecord(grounds="no_redress"), Answer(key="no_indemnity", value=False),
              concludes=(ResultStands,))
    def law_12A1_laws_give_redress(self):
        self.conclude(ResultStands(side=None, reason="the laws' own rectification is the redress; no adjusted score"))

    @law_rule("12A2", ResultCancelled(by_12A2=True), concludes=(AdjustmentDue,))
    def law_12A2_no_normal_play_possible(self):
        self.conclude(artificial("NS"))
        self.conclude(artificial("EW"))

    @law_rule("12A3", IrregularityRecord(incorrect_against=MATCH.s & SOME, incorrect_other=MATCH.o),
              concludes=(AdjustmentDue,))
    def law_12A3_incorrect_rectification(self, s, o):
        self.conclude(assigned(s, o))

    @law_rule("12B", IrregularityRecord(grounds=P(lambda g: g in ("severe", "advantageous"))),
              concludes=(ResultStands,))
    def law_12B_no_adjustment_for_severity(self):
        self.conclude(ResultStands(side=None, reason="an adjusted score may not be given because a rectification "
                                                     "seems too severe or too favourable to one side"))

    # -- 12C1: artificial adjusted scores -----------------------------------------

    @law_rule("12C1", NoResultFact(reason=MATCH.r), concludes=(NoResult, AdjustmentDue))
    def law_12C1_no_result_can_be_obtained(self, r):
        self.conclude(NoResult(reason=r))
        self.conclude(artificial("NS"))
        self.conclude(artificial("EW"))

    @law_rule("12C1", AdjustmentDue(side=MATCH.s, method="artificial"), Answer(key="fault", side=MATCH.s, value=MATCH.d),
              concludes=(Fault,))
    def law_12C1_fault_as_found(self, s, d):
        self.conclude(Fault(side=s, degree=d))

    @law_rule("12C1", AdjustmentDue(side=MATCH.s, method="artificial"), NOT(Fault(side=MATCH.s)),
              concludes=(Question,))
    def law_12C1_question(self, s):
        self.conclude(ask("fault", side=s))

    @law_rule("12C1", AdjustmentDue(side=MATCH.s, method="artificial"), Fault(side=MATCH.s, degree=MATCH.d),
              concludes=(ArtificialAdjustedScore,))
    def law_12C1_percentage_by_fault(self, s, d):
        self.conclude(ArtificialAdjustedScore(side=s, percent=PERCENT_BY_FAULT[d], fault=d))

    # -- 12C2: assigned adjusted scores -------------------------------------------

    @law_rule("12C2", AdjustmentDue(side=MATCH.s, method="assigned"), NOT(Answer(key="assigned", side=MATCH.s)),
              concludes=(Question,))
    def law_12C2_question_non_offenders(self, s):
        self.conclude(ask("assigned", side=s, favourable=True))

    @law_rule("12C2", AdjustmentDue(method="assigned", offenders=MATCH.o & SOME), NOT(Answer(key="assigned", side=MATCH.o)),
              concludes=(Question,))
    def law_12C2_question_offenders(self, o):
        self.conclude(ask("assigned", side=o, favourable=False))

    @law_rule("12C2", AdjustmentDue(side=MATCH.s, method="assigned"),
              Answer(key="assigned", side=MATCH.s, value=MATCH.v, text=MATCH.t), concludes=(AssignedAdjustedScore,))
    def law_12C2_most_favourable_likely_result(self, s, v, t):
        self.conclude(AssignedAdjustedScore(side=s, score=v, result=t))

    @law_rule("12C2", AdjustmentDue(method="assigned", offenders=MATCH.o & SOME),
              Answer(key="assigned", side=MATCH.o, value=MATCH.v, text=MATCH.t), concludes=(AssignedAdjustedScore,))
    def law_12C2_most_unfavourable_probable_result(self, o, v, t):
        self.conclude(AssignedAdjustedScore(side=o, score=v, result=t))

    # -- commentary 12.19: equivalents ---------------------------------------------

    @law_rule("commentary 12.19(iii)",
              ArtificialAdjustedScore(side=MATCH.s, percent=MATCH.p & P(lambda p: p in IMPS_BY_PERCENT)),
              ScoringMethod(method="imps"), concludes=(Imps,), cites=("12C1",))
    def commentary_12_19_iii_imps(self, s, p):
        self.conclude(Imps(side=s, imps=IMPS_BY_PERCENT[p], difference=None))

    @law_rule("commentary 12.19(iv)", ArtificialAdjustedScore(side=MATCH.s, percent=MATCH.p),
              ScoringMethod(method="matchpoints", top=MATCH.t), concludes=(Matchpoints,), cites=("12C1",))
    def commentary_12_19_iv_matchpoints(self, s, p, t):
        self.conclude(Matchpoints(side=s, points=percent_points(p, t), top=t, score=None))
