"""Law 13: pockets with the wrong number of cards (when more than one hand is wrong, or one
hand is too long: a single short hand is Law 14, commentary 14.1).

13 (the opening words): a call made on a defective hand means an artificial
adjusted score (commentary 13.4); the caller's side is the offender, the other
side is not at fault unless it too called on a defective hand.  Otherwise 13A
restores the deal (by the record, by asking earlier players, or by a redeal)
and, if nobody saw another's cards, the board is played normally; 13B when a
player saw another's cards; 13C when the defect comes to light after play.

Whether a record of the deal exists and whether the board was played before
may be unknown (the case leaves them out): then the director is asked, and no
branch of 13A is taken for him.  A redeal (13A3) restores nothing, so 13B,
about cards seen after the deal is restored, does not arise beside it.
"""
from engine.law.board import (
    AdjustmentDue,
    Answer,
    CalledOnDefective,
    CardsSeen,
    Fault,
    Irregularity,
    PocketState,
    ProceduralPenaltyPossible,
    Procedure,
    Question,
    ResultCancelled,
    SideHands,
    ask,
)
from engine.law.compat import MATCH, NOT
from engine.rules.base import law_rule
from engine.rules.board_common import artificial, step


def _law13(**kw):
    return PocketState(law14=False, **kw)


def _restored():
    """13A and 13B: found before play, nobody has called on a defective hand."""
    return (_law13(stage="before_play"), NOT(CalledOnDefective()))


def _deal_restored():
    """13B: the deal is put back as it was (13A1 or 13A2), not dealt again (13A3)."""
    return _restored() + (NOT(_law13(record=False, played_before=False)),)


class Law13:
    @law_rule("13", _law13(thirteen_c=False), CalledOnDefective(seat=MATCH.s, side=MATCH.x, other=MATCH.o),
              concludes=(Irregularity, AdjustmentDue, ProceduralPenaltyPossible),
              cites=("commentary 13.4", "12C1"))
    def law_13_call_made_on_a_defective_hand(self, s, x, o):
        self.conclude(Irregularity(seat=s, side=x, other=o, what="call_on_defective_hand"))
        self.conclude(artificial("NS"))
        self.conclude(artificial("EW"))
        self.conclude(ProceduralPenaltyPossible(seat=s, side=x))

    @law_rule("13", _law13(thirteen_c=False), CalledOnDefective(side=MATCH.x), NOT(Answer(key="fault", side=MATCH.x)),
              concludes=(Fault,), cites=("12C1", "7B1"))
    def law_13_caller_is_the_offender(self, x):
        self.conclude(Fault(side=x, degree="direct"))

    @law_rule("13", _law13(thirteen_c=False), CalledOnDefective(other=MATCH.o), NOT(CalledOnDefective(side=MATCH.o)),
              NOT(Answer(key="fault", side=MATCH.o)), concludes=(Fault,), cites=("12C1",))
    def law_13_opponents_not_at_fault(self, o):
        self.conclude(Fault(side=o, degree="none"))

    # -- 13A: nobody called on the defective hand: restore and play -------------------

    @law_rule("13A1", _law13(stage="before_play", record=True), NOT(CalledOnDefective()), concludes=(Procedure,),
              cites=("commentary 13.3",))
    def law_13A1_restore_from_the_record(self):
        self.conclude(step("restore_from_record"))

    @law_rule("13A1", _law13(stage="before_play", record=None), NOT(CalledOnDefective()), concludes=(Question,),
              cites=("13A2", "13A3"))
    def law_13A1_is_there_a_record(self):
        self.conclude(ask("record_available"))

    @law_rule("13A2", _law13(stage="before_play", record=False, played_before=True), NOT(CalledOnDefective()),
              concludes=(Procedure,))
    def law_13A2_ask_the_earlier_players(self):
        self.conclude(step("consult_previous_players"))

    @law_rule("13A2", _law13(stage="before_play", record=False, played_before=None), NOT(CalledOnDefective()),
              concludes=(Question,), cites=("13A3",))
    def law_13A2_was_the_board_played_before(self):
        self.conclude(ask("played_before"))

    @law_rule("13A3", _law13(stage="before_play", record=False, played_before=False), NOT(CalledOnDefective()),
              concludes=(Procedure,), cites=("6D1",))
    def law_13A3_redeal(self):
        self.conclude(step("redeal"))

    @law_rule("13A", *_restored(), NOT(CardsSeen()), concludes=(Procedure,), cites=("commentary 13.3",))
    def law_13A_play_normally(self):
        self.conclude(step("play_normally"))

    # -- 13B: a player saw another's cards ----------------------------------------------

    @law_rule("13B", *_deal_restored(), CardsSeen(by=MATCH.b), NOT(Answer(key="information_interferes")),
              concludes=(Question,), cites=("commentary 13.3",))
    def law_13B_question(self, b):
        self.conclude(ask("information_interferes", seat_=b))

    @law_rule("13B1", *_deal_restored(), CardsSeen(), Answer(key="information_interferes", value=False),
              NOT(Answer(key="all_agree")), concludes=(Question,), cites=("commentary 13.2",))
    def law_13B1_question_consent(self):
        self.conclude(ask("all_agree"))

    @law_rule("13B1", *_deal_restored(), CardsSeen(), Answer(key="information_interferes", value=False),
              Answer(key="all_agree", value=True), concludes=(Procedure,), cites=("commentary 13.2",))
    def law_13B1_play_with_everyones_consent(self):
        self.conclude(step("play_normally"))

    @law_rule("13B2", *_deal_restored(), CardsSeen(), Answer(key="information_interferes", value=True),
              concludes=(AdjustmentDue, ProceduralPenaltyPossible), cites=("12C1",))
    def law_13B2_information_would_interfere(self):
        self.conclude(artificial("NS"))
        self.conclude(artificial("EW"))
        self.conclude(ProceduralPenaltyPossible(seat=None, side=None))

    @law_rule("13B2", *_deal_restored(), CardsSeen(), Answer(key="information_interferes", value=False),
              Answer(key="all_agree", value=False), concludes=(AdjustmentDue, ProceduralPenaltyPossible),
              cites=("commentary 13.2", "12C1"))
    def law_13B2_a_player_objects(self):
        self.conclude(artificial("NS"))
        self.conclude(artificial("EW"))
        self.conclude(ProceduralPenaltyPossible(seat=None, side=None))

    # -- 13C: found after play ------------------------------------------------------------

    @law_rule("13C", _law13(thirteen_c=True), concludes=(ResultCancelled, AdjustmentDue, ProceduralPenaltyPossible),
              cites=("commentary 13.5", "12C1"))
    def law_13C_result_cancelled(self):
        self.conclude(ResultCancelled(reason="one hand held more than 13 cards and another fewer throughout the play",
                                      by_12A2=False))
        self.conclude(artificial("NS"))
        self.conclude(artificial("EW"))
        self.conclude(ProceduralPenaltyPossible(seat=None, side=None))

    @law_rule("commentary 13.5", _law13(thirteen_c=True), SideHands(side=MATCH.x, defective=False),
              NOT(Answer(key="fault", side=MATCH.x)), concludes=(Fault,), cites=("12C1",))
    def commentary_13_5_innocent_side(self, x):
        self.conclude(Fault(side=x, degree="none"))

    @law_rule("13C", _law13(thirteen_c=True), SideHands(side=MATCH.x, defective=True),
              NOT(Answer(key="fault", side=MATCH.x)), concludes=(Fault,), cites=("7B1", "commentary 14.6"))
    def law_13C_side_that_held_a_wrong_hand(self, x):
        self.conclude(Fault(side=x, degree="direct"))
