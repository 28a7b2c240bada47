"""Law 6: redeal (6D1) and when no result may stand (6D2).

6D3 (a redeal for any other reason the director sees fit) is his discretion:
see knowledge/law06.yaml.

Each fact of the deal may be unknown (the case leaves it out or writes
``unknown``; the director's answer settles it).  When the case points at a
clause (gives one of its conditions as holding, or writes one of its facts as
unknown), each unknown fact the clause's outcome still depends on is a
question: 6D1 needs a wrong deal or a face seen, established before the last
card; 6D2 an unshuffled new pack, or a deal played before.  Unknown is never
read as no, and a redeal is never ordered on an unknown fact.
"""
from engine.law.board import Dealing, Procedure, Question, ResultCancelled, ask
from engine.law.compat import MATCH, TEST, P
from engine.rules.base import law_rule
from engine.rules.board_common import step

NOT_YES = P(lambda v: v is not True)
NOT_NO = P(lambda v: v is not False)


class Law06:
    @law_rule("6D1", Dealing(misdealt=True, before_last_card=True), concludes=(Procedure,))
    def law_6D1_cards_dealt_wrongly(self):
        self.conclude(step("redeal"))

    @law_rule("6D1", Dealing(face_seen=True, before_last_card=True), concludes=(Procedure,))
    def law_6D1_face_of_a_card_seen(self):
        self.conclude(step("redeal"))

    @law_rule("6D1", Dealing(at_6d1=True, misdealt=None, face_seen=NOT_YES, before_last_card=NOT_NO),
              concludes=(Question,))
    def law_6D1_were_the_cards_dealt_wrongly(self):
        self.conclude(ask("misdealt"))

    @law_rule("6D1", Dealing(at_6d1=True, face_seen=None, misdealt=NOT_YES, before_last_card=NOT_NO),
              concludes=(Question,))
    def law_6D1_was_a_card_face_seen(self):
        self.conclude(ask("face_seen"))

    @law_rule("6D1", Dealing(at_6d1=True, before_last_card=None, misdealt=MATCH.m, face_seen=MATCH.f),
              TEST(lambda m, f: m is not False or f is not False), concludes=(Question,), cites=("6D3",))
    def law_6D1_found_before_the_last_card(self):
        self.conclude(ask("before_last_card"))

    @law_rule("6D2", Dealing(shuffled=False, new_pack=True), concludes=(ResultCancelled,), cites=("12A2",))
    def law_6D2_dealt_unshuffled_from_a_new_pack(self):
        self.conclude(ResultCancelled(reason="the cards were dealt from a new pack without a shuffle",
                                      by_12A2=True))

    @law_rule("6D2", Dealing(at_new_pack=True, new_pack=None, shuffled=NOT_YES), concludes=(Question,))
    def law_6D2_was_the_pack_new(self):
        self.conclude(ask("new_pack"))

    @law_rule("6D2", Dealing(at_new_pack=True, shuffled=None, new_pack=NOT_NO), concludes=(Question,))
    def law_6D2_were_the_cards_shuffled(self):
        self.conclude(ask("shuffled"))

    @law_rule("6D2", Dealing(deal_used_before=True), concludes=(ResultCancelled,), cites=("12A2",))
    def law_6D2_deal_played_before(self):
        self.conclude(ResultCancelled(reason="the deal had been played before", by_12A2=True))

    @law_rule("6D2", Dealing(at_repeat=True, deal_used_before=None), concludes=(Question,))
    def law_6D2_was_the_deal_played_before(self):
        self.conclude(ask("deal_used_before"))
