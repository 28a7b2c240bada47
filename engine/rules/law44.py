"""Law 44: the winner of each trick (mechanics, stated as conclusions).

Law 44 is not among the source documents; the trick winner (highest trump,
else highest card of the suit led) is computed by ``engine.mechanics.table`` and stated
here so that the law rules can join on it and the trace shows it.
"""
from engine.law.compat import MATCH
from engine.law.play import TrickComplete, TrickWon
from engine.rules.base import law_rule


class Law44:
    @law_rule("44", TrickComplete(trick=MATCH.t, seat=MATCH.s, card=MATCH.c), concludes=(TrickWon,))
    def law_44_trick_won(self, t, s, c):
        self.conclude(TrickWon(trick=t, seat=s, card=c))
