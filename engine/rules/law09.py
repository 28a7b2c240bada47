"""Law 9: drawing attention (9A2: not dummy during play), calling the director (9B1a),
no action before his ruling (9B2), premature correction (9C).

9A1 and 9B1b-9B1d are permissions: the engine draws no consequence from them
(knowledge/law09.yaml says where each is followed).
"""
from engine.law.board import (
    ActionBeforeRuling,
    AttentionFact,
    Irregularity,
    IrregularityRecord,
    Procedure,
)
from engine.law.compat import MATCH, P
from engine.rules.base import law_rule
from engine.rules.board_common import step


class Law09:
    @law_rule("9A2", AttentionFact(by=MATCH.s, role="dummy", during_play=True,
                                   asked_role=P(lambda r: r != "declarer")),
              concludes=(Irregularity,))
    def law_9A2_dummy_draws_attention_during_play(self, s):
        self.conclude(Irregularity(seat=s, side=None, other=None, what="dummy_drew_attention"))

    @law_rule("9B1a", IrregularityRecord(attention=True, director_called=False), concludes=(Procedure,))
    def law_9B1a_summon_the_director(self):
        self.conclude(step("call_director"))

    @law_rule("9B2", ActionBeforeRuling(seat=MATCH.s, side=MATCH.x), concludes=(Irregularity,))
    def law_9B2_action_before_the_ruling(self, s, x):
        self.conclude(Irregularity(seat=s, side=x, other=None, what="acted_before_ruling"))

    @law_rule("9C", IrregularityRecord(corrected_early=True, by=MATCH.b, side=MATCH.x), concludes=(Irregularity,))
    def law_9C_offender_corrects_before_the_ruling(self, b, x):
        self.conclude(Irregularity(seat=b, side=x, other=None, what="premature_correction"))
