"""Law 10: only the director rectifies (10A), he may let the players' own rectification or
waiver stand or cancel it (10B), he explains every option (10C1), and the player chooses
without consulting partner (10C2).  Whether he consulted partner may be unknown
(the case leaves it out): the director is asked (``consulted_partner``)."""
from engine.law.board import (
    Answer,
    Irregularity,
    IrregularityRecord,
    Procedure,
    Question,
    ask,
)
from engine.law.compat import MATCH, NOT
from engine.law.facts import Option
from engine.rules.base import law_rule
from engine.rules.board_common import SOME, step


class Law10:
    @law_rule("10A", IrregularityRecord(rectified_by=MATCH.r & SOME), concludes=(Irregularity,))
    def law_10A_player_rectified(self, r):
        self.conclude(Irregularity(seat=r, side=None, other=None, what="applied_rectification"))

    @law_rule("10A", IrregularityRecord(waived_by=MATCH.w & SOME), concludes=(Irregularity,))
    def law_10A_player_waived(self, w):
        self.conclude(Irregularity(seat=w, side=None, other=None, what="waived_rectification"))

    @law_rule("10B", IrregularityRecord(players_acted=True), NOT(Answer(key="players_action_stands")),
              concludes=(Question,))
    def law_10B_question(self):
        self.conclude(ask("players_action_stands", action="rectified or waived"))

    @law_rule("10B", IrregularityRecord(players_acted=True), Answer(key="players_action_stands", value=True),
              concludes=(Procedure,))
    def law_10B_allowed_to_stand(self):
        self.conclude(step("players_action_stands"))

    @law_rule("10B", IrregularityRecord(players_acted=True), Answer(key="players_action_stands", value=False),
              concludes=(Procedure,))
    def law_10B_cancelled(self):
        self.conclude(step("players_action_cancelled"))

    @law_rule("10C1", Option(by=MATCH.b), concludes=(Procedure,))
    def law_10C1_explain_the_options(self, b):
        self.conclude(step("explain_options", seat=b))

    @law_rule("10C1", IrregularityRecord(option_by=MATCH.b & SOME), concludes=(Procedure,))
    def law_10C1_explain_the_options_recorded(self, b):
        self.conclude(step("explain_options", seat=b))

    @law_rule("10C2", IrregularityRecord(option_by=MATCH.b & SOME, consulted_partner=True),
              concludes=(Irregularity,))
    def law_10C2_chose_after_consulting_partner(self, b):
        self.conclude(Irregularity(seat=b, side=None, other=None, what="consulted_partner"))

    @law_rule("10C2", IrregularityRecord(option_by=MATCH.b & SOME, consulted_partner=None), concludes=(Question,))
    def law_10C2_did_he_consult_partner(self, b):
        self.conclude(ask("consulted_partner", seat_=b))
