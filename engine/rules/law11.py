"""Law 11: forfeiture of the right to rectification.

11B (the offender's left-hand opponent called or played after the
irregularity, before the rectification) is mechanical; 11A (the non-offending
side acted before the director was called) and 11C (a spectator drew
attention first) say the right *may* be lost, so the director is asked.
"""
from engine.law.board import (
    Answer,
    IrregularityRecord,
    ProceduralPenaltyPossible,
    Procedure,
    Question,
    RectificationLost,
    ask,
)
from engine.law.compat import MATCH, NOT
from engine.rules.base import law_rule
from engine.rules.board_common import step


def _acted():
    return IrregularityRecord(non_offenders_acted=True, lho_acted=False, side=MATCH.x, other=MATCH.nos)


def _spectator_of_non_offenders():
    return IrregularityRecord(attention_by="spectator", spectator_of=MATCH.nos, other=MATCH.nos, side=MATCH.x)


def _spectator_of_offenders():
    return IrregularityRecord(attention_by="spectator", spectator_of=MATCH.x, side=MATCH.x)


class Law11:
    @law_rule("11A", _acted(), NOT(Answer(key="could_have_gained")), concludes=(Question,), cites=("9B1c",))
    def law_11A_question(self, nos):
        self.conclude(ask("could_have_gained", side=nos))

    @law_rule("11A", _acted(), Answer(key="could_have_gained", value=True), concludes=(RectificationLost,))
    def law_11A_right_lost(self, x, nos):
        self.conclude(RectificationLost(side=nos, right="rectify", offenders=x))

    @law_rule("11A", _acted(), Answer(key="could_have_gained", value=False), concludes=(Procedure,))
    def law_11A_right_kept(self, nos):
        self.conclude(step("rectify_normally", side=nos))

    @law_rule("11B", IrregularityRecord(lho_acted=True, side=MATCH.x, other=MATCH.nos),
              concludes=(RectificationLost,))
    def law_11B_left_hand_opponent_acted(self, x, nos):
        self.conclude(RectificationLost(side=nos, right="rectify", offenders=x))

    @law_rule("11C", _spectator_of_non_offenders(), NOT(Answer(key="spectator_forfeit")), concludes=(Question,))
    def law_11C_question_non_offenders_spectator(self, nos):
        self.conclude(ask("spectator_forfeit", side=nos, right="right to rectification"))

    @law_rule("11C", _spectator_of_non_offenders(), Answer(key="spectator_forfeit", value=True),
              concludes=(RectificationLost,))
    def law_11C_non_offenders_spectator(self, x, nos):
        self.conclude(RectificationLost(side=nos, right="rectify", offenders=x))

    @law_rule("11C", _spectator_of_offenders(), NOT(Answer(key="spectator_forfeit")), concludes=(Question,))
    def law_11C_question_offenders_spectator(self, x):
        self.conclude(ask("spectator_forfeit", side=x, right="offenders' right to correct the irregularity"))

    @law_rule("11C", _spectator_of_offenders(), Answer(key="spectator_forfeit", value=True),
              concludes=(RectificationLost,))
    def law_11C_offenders_spectator(self, x):
        self.conclude(RectificationLost(side=x, right="correct", offenders=x))

    @law_rule("11C", IrregularityRecord(attention_by="spectator"), Answer(key="spectator_forfeit", value=False),
              concludes=(Procedure,))
    def law_11C_right_kept(self):
        self.conclude(step("rectify_normally"))

    @law_rule("11D", RectificationLost(offenders=MATCH.x), concludes=(ProceduralPenaltyPossible,))
    def law_11D_procedural_penalty_still_possible(self, x):
        self.conclude(ProceduralPenaltyPossible(seat=None, side=x))
