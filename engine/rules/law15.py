"""Law 15: a board played by the wrong contestants (15A-15B) or found out in the auction (15C)."""
from engine.law.board import (
    AdjustmentDue,
    Answer,
    AuctionComparison,
    DirectorOption,
    Objection,
    Procedure,
    Question,
    ResultCancelled,
    ResultStands,
    SideBoard,
    WrongBoard,
    ask,
)
from engine.law.compat import MATCH, NOT, P
from engine.notation.cards import seat_name as seat
from engine.rules.base import law_rule
from engine.rules.board_common import artificial, step

PLAYED = P(lambda s: s in ("play", "after_play"))


def _auction():
    return (WrongBoard(stage="auction"), NOT(Objection()))


class Law15:
    @law_rule("15A1", WrongBoard(stage=PLAYED, any_played_before=False), concludes=(ResultStands,))
    def law_15A1_result_stands(self):
        self.conclude(ResultStands(side=None, reason="none of the four players had played the board before"))

    @law_rule("15A2", WrongBoard(stage=PLAYED), concludes=(DirectorOption,))
    def law_15A2_play_the_correct_board_later(self):
        self.conclude(DirectorOption(option="play_correct_board_later", seat=None))

    @law_rule("15B", WrongBoard(stage=PLAYED, any_played_before=True, played_before=MATCH.p),
              concludes=(ResultCancelled,))
    def law_15B_second_result_cancelled(self, p):
        who = " and ".join(seat(s) for s in p)
        self.conclude(ResultCancelled(reason=f"{who} had played the board before", by_12A2=False))

    @law_rule("15B", WrongBoard(stage=PLAYED, any_played_before=True), SideBoard(side=MATCH.x, played_before=False),
              concludes=(AdjustmentDue,), cites=("12C1",))
    def law_15B_side_deprived_of_a_result(self, x):
        self.conclude(artificial(x))

    @law_rule("15B", WrongBoard(stage=PLAYED), SideBoard(side=MATCH.x, played_before=True), concludes=(Procedure,))
    def law_15B_first_result_stands(self, x):
        self.conclude(step("first_result_stands", side=x))

    @law_rule("15C", WrongBoard(stage="auction"), concludes=(Procedure,))
    def law_15C_cancel_the_auction(self):
        self.conclude(step("cancel_auction"))

    @law_rule("15C1", WrongBoard(stage="auction"), Objection(seat=MATCH.s, reluctant=False),
              concludes=(ResultCancelled,), cites=("12A2",))
    def law_15C1_a_player_asks_for_cancellation(self, s):
        self.conclude(ResultCancelled(reason=f"{seat(s)} asked for the board to be cancelled", by_12A2=True))

    @law_rule("commentary 15.3", WrongBoard(stage="auction"), Objection(seat=MATCH.s, reluctant=True),
              concludes=(ResultCancelled,), cites=("15C1", "12A2"))
    def commentary_15_3_reluctance_counts_as_a_choice(self, s):
        self.conclude(ResultCancelled(reason=f"{seat(s)} was reluctant to play the board", by_12A2=True))

    @law_rule("15C2", *_auction(), AuctionComparison(compared=False), concludes=(Procedure,))
    def law_15C2_new_auction(self):
        self.conclude(step("redo_auction"))

    @law_rule("15C2", *_auction(), AuctionComparison(compared=True, differs=True, detail=MATCH.d),
              concludes=(ResultCancelled,), cites=("commentary 15.2", "12A2"))
    def law_15C2_a_call_differs(self, d):
        self.conclude(ResultCancelled(reason=f"the new auction differs from the first ({d})", by_12A2=True))

    @law_rule("commentary 15.2", *_auction(), AuctionComparison(compared=True, differs=False),
              NOT(Answer(key="meaning_differs")), concludes=(Question,), cites=("15C2",))
    def commentary_15_2_question(self):
        self.conclude(ask("meaning_differs"))

    @law_rule("commentary 15.2", *_auction(), AuctionComparison(compared=True, differs=False),
              Answer(key="meaning_differs", value=True), concludes=(ResultCancelled,), cites=("15C2", "12A2"))
    def commentary_15_2_meaning_differs(self):
        self.conclude(ResultCancelled(reason="a call of the new auction had a substantially different meaning",
                                      by_12A2=True))

    @law_rule("15C2", *_auction(), AuctionComparison(compared=True, differs=False),
              Answer(key="meaning_differs", value=False), concludes=(Procedure,), cites=("commentary 15.2",))
    def law_15C2_same_auction_play_continues(self):
        self.conclude(step("play_continues"))
