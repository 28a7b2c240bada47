"""Law 72: the mechanizable parts of the general principles of propriety.

72A3: a player may not waive a rectification himself (he may ask the director
not to apply it).  72B3: concealing one's own side's infraction is a breach,
and the law's own example is a second revoke; whether that second revoke was
an attempt to hide the first is the director's question.  The rest of Law 72
is conduct guidance (knowledge/law72.yaml).
"""
from engine.law.board import (
    Answer,
    Irregularity,
    IrregularityRecord,
    ProceduralPenaltyPossible,
    Question,
    ask,
)
from engine.law.compat import MATCH, NOT, TEST
from engine.law.play import Revoke
from engine.rules.base import law_rule
from engine.rules.board_common import SOME


def _second_revoke():
    return (Revoke(trick=MATCH.t, seat=MATCH.s, suit=MATCH.x, side=MATCH.side),
            Revoke(trick=MATCH.e, seat=MATCH.s, suit=MATCH.x), TEST(lambda e, t: e < t))


class Law72:
    @law_rule("72A3", IrregularityRecord(waived_by=MATCH.w & SOME), concludes=(Irregularity,), cites=("10A",))
    def law_72A3_player_may_not_waive(self, w):
        self.conclude(Irregularity(seat=w, side=None, other=None, what="waived_rectification"))

    @law_rule("72B3", *_second_revoke(), NOT(Answer(key="concealment")), concludes=(Question,), cites=("64B2",))
    def law_72B3_question(self, s, t):
        self.conclude(ask("concealment", seat_=s, trick=t))

    @law_rule("72B3", *_second_revoke(), Answer(key="concealment", value=True),
              concludes=(Irregularity, ProceduralPenaltyPossible), cites=("72B1",))
    def law_72B3_concealment(self, s, side):
        self.conclude(Irregularity(seat=s, side=side, other=None, what="concealed_infraction"))
        self.conclude(ProceduralPenaltyPossible(seat=s, side=side))
