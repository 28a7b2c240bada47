"""Law 7: counting the cards before looking at them (7B1) and who answers for the table (7D)."""
from engine.law.board import (
    CalledOnDefective,
    Irregularity,
    ResponsiblePlayer,
    Stationary,
)
from engine.law.compat import MATCH
from engine.rules.base import law_rule


class Law07:
    @law_rule("7B1", CalledOnDefective(seat=MATCH.s, side=MATCH.x, other=MATCH.o), concludes=(Irregularity,),
              cites=("commentary 13.2",))
    def law_7B1_did_not_count_the_cards(self, s, x, o):
        self.conclude(Irregularity(seat=s, side=x, other=o, what="did_not_count_cards"))

    @law_rule("7D", Stationary(side="NS"), concludes=(ResponsiblePlayer,))
    def law_7D_north_answers_for_the_table(self):
        self.conclude(ResponsiblePlayer(seat="N", duty="the board and the table's procedure"))

    @law_rule("7D", Stationary(side="EW"), concludes=(ResponsiblePlayer,))
    def law_7D_east_when_east_west_are_stationary(self):
        self.conclude(ResponsiblePlayer(seat="E", duty="the board and the table's procedure"))
