"""Law 75 (the example in the sources): mistaken explanation or mistaken call.

If the partnership agreement is what partner explained, the call was a
mistake: no infraction, the opponents had the explanation they were entitled
to, and the result stands.  Without clear evidence of that, the director
presumes a mistaken explanation (misinformation: the damage question).  In
both, the caller now knows his call was misunderstood: that is unauthorized
information to him (16A).
"""
from engine.law.board import (
    AdjustmentDue,
    Answer,
    ExplanationFact,
    Information,
    Irregularity,
    Procedure,
    Question,
    ResultStands,
    ask,
)
from engine.law.compat import MATCH, NOT
from engine.rules.base import law_rule
from engine.rules.board_common import assigned, step


class Law75:
    @law_rule("75", ExplanationFact(agreement="explanation", by=MATCH.s), concludes=(ResultStands, Procedure))
    def law_75_mistaken_call(self, s):
        self.conclude(ResultStands(side=None, reason="the call, not the explanation, was mistaken: the opponents were "
                                                     "told the agreement correctly and are not entitled to an "
                                                     "accurate description of the hand"))
        self.conclude(step("no_correction_needed", seat=s))

    @law_rule("75", ExplanationFact(agreement="call", explained_by=MATCH.e, side=MATCH.x, other=MATCH.o),
              concludes=(Irregularity,))
    def law_75_mistaken_explanation(self, e, x, o):
        self.conclude(Irregularity(seat=e, side=x, other=o, what="mistaken_explanation"))

    @law_rule("75", ExplanationFact(agreement="unknown", explained_by=MATCH.e, side=MATCH.x, other=MATCH.o),
              concludes=(Irregularity,))
    def law_75_presumed_mistaken_explanation(self, e, x, o):
        self.conclude(Irregularity(seat=e, side=x, other=o, what="mistaken_explanation", presumed=True))

    @law_rule("75", Irregularity(what="mistaken_explanation", other=MATCH.o), NOT(Answer(key="misinformation_damaged")),
              concludes=(Question,))
    def law_75_question_damage(self, o):
        self.conclude(ask("misinformation_damaged", side=o))

    @law_rule("75", Irregularity(what="mistaken_explanation", side=MATCH.x, other=MATCH.o),
              Answer(key="misinformation_damaged", value=True), concludes=(AdjustmentDue,), cites=("12C2",))
    def law_75_misinformation_damaged(self, x, o):
        self.conclude(assigned(o, x))

    @law_rule("75", Irregularity(what="mistaken_explanation"), Answer(key="misinformation_damaged", value=False),
              concludes=(ResultStands,))
    def law_75_misinformation_no_damage(self):
        self.conclude(ResultStands(side=None, reason="the mistaken explanation did not damage the opponents"))

    @law_rule("75", ExplanationFact(by=MATCH.s, side=MATCH.x, other=MATCH.o), concludes=(Information,),
              cites=("16A",))
    def law_75_caller_knows_he_was_misunderstood(self, s, x, o):
        self.conclude(Information(received_by=s, status="unauthorized", how="explanation", side=x, other=o))
