"""Law 6: redeal (6D1) and when no result may stand (6D2).

6D3 (a redeal for any other reason the director sees fit) is his discretion:
see knowledge/law06.yaml.
"""
from engine.law.board import Dealing, Procedure, ResultCancelled
from engine.rules.base import law_rule
from engine.rules.board_common import step


class Law06:
    @law_rule("6D1", Dealing(misdealt=True, before_last_card=True), concludes=(Procedure,))
    def law_6D1_cards_dealt_wrongly(self):
        self.conclude(step("redeal"))

    @law_rule("6D1", Dealing(face_seen=True, before_last_card=True), concludes=(Procedure,))
    def law_6D1_face_of_a_card_seen(self):
        self.conclude(step("redeal"))

    @law_rule("6D2", Dealing(shuffled=False, new_pack=True), concludes=(ResultCancelled,), cites=("12A2",))
    def law_6D2_dealt_unshuffled_from_a_new_pack(self):
        self.conclude(ResultCancelled(reason="the cards were dealt from a new pack without a shuffle",
                                      by_12A2=True))

    @law_rule("6D2", Dealing(deal_used_before=True), concludes=(ResultCancelled,), cites=("12A2",))
    def law_6D2_deal_played_before(self):
        self.conclude(ResultCancelled(reason="the deal had been played before", by_12A2=True))
