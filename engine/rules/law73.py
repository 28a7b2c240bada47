"""Law 73F: violations of propriety that damage an innocent opponent.

73F1 (a player chose an action partner's remark, tempo or manner could have
suggested) leads to an assigned adjusted score under Law 16; 73F2 (an innocent
player drew a false inference from an opponent's deceptive remark, manner or
tempo) to one under Law 12.  The judgments are the director's questions.
"""
from engine.law.board import (
    ActionTaken,
    AdjustmentDue,
    Answer,
    InfoEpisode,
    Information,
    Irregularity,
    Question,
    ResultStands,
    ask,
)
from engine.law.compat import MATCH, NOT, P
from engine.rules.base import law_rule
from engine.rules.board_common import assigned

DECEPTION_KEYS = ("false_inference", "could_know_benefit", "damaged")


def _deceived():
    return (InfoEpisode(channel="opponent", by=MATCH.b, received_by=MATCH.r, side=MATCH.x, other=MATCH.o),
            ActionTaken(seat=MATCH.r))


class Law73:
    @law_rule("73F1", Irregularity(what="used_unauthorized_information", seat=MATCH.r, side=MATCH.x, other=MATCH.o),
              Information(received_by=MATCH.r, status="unauthorized", law="16A"), Answer(key="damaged", value=True),
              concludes=(AdjustmentDue,), cites=("16A", "12C2"))
    def law_73F1_acted_on_partners_manner(self, x, o):
        self.conclude(assigned(o, x))

    @law_rule("73F2", *_deceived(), NOT(Answer(key="false_inference")), concludes=(Question,))
    def law_73F2_question_false_inference(self, b, r):
        self.conclude(ask("false_inference", seat_=r, by=b))

    @law_rule("73F2", *_deceived(), Answer(key="false_inference", value=True), NOT(Answer(key="could_know_benefit")),
              concludes=(Question,))
    def law_73F2_question_could_know(self, b):
        self.conclude(ask("could_know_benefit", by=b))

    @law_rule("73F2", *_deceived(), Answer(key="false_inference", value=True),
              Answer(key="could_know_benefit", value=True), NOT(Answer(key="damaged")), concludes=(Question,))
    def law_73F2_question_damage(self, x):
        self.conclude(ask("damaged", side=x))

    @law_rule("73F2", *_deceived(), Answer(key="false_inference", value=True),
              Answer(key="could_know_benefit", value=True), Answer(key="damaged", value=True),
              concludes=(AdjustmentDue, Irregularity), cites=("12C2",))
    def law_73F2_deceived_and_damaged(self, b, x, o):
        self.conclude(Irregularity(seat=b, side=o, other=x, what="illegal_deception"))
        self.conclude(assigned(x, o))

    @law_rule("73F2", *_deceived(), Answer(key=P(lambda k: k in DECEPTION_KEYS), value=False),
              concludes=(ResultStands,))
    def law_73F2_no_redress(self):
        self.conclude(ResultStands(side=None, reason="no redress for deception: an inference drawn from the "
                                                     "opponents' manner is drawn at the player's own risk"))
