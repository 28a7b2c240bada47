"""Law 78: scoring the board against the other tables (matchpoints, IMPs, total points).

The comparisons are computed once the law has ruled (``board_facts.result_facts``,
``engine/mechanics/scoring78.py``); these rules state them.  Artificial adjusted scores
are converted by commentary 12.19 (law12.py).
"""
from engine.law.board import Imps, Matchpoints, ScoreComparison, TotalPoints
from engine.law.compat import MATCH
from engine.rules.base import law_rule


class Law78:
    @law_rule("78A", ScoreComparison(method="matchpoints", side=MATCH.s, points=MATCH.p, top=MATCH.t, score=MATCH.sc),
              concludes=(Matchpoints,))
    def law_78A_matchpoints(self, s, p, t, sc):
        self.conclude(Matchpoints(side=s, points=p, top=t, score=sc))

    @law_rule("78B", ScoreComparison(method="imps", side=MATCH.s, points=MATCH.p, difference=MATCH.d),
              concludes=(Imps,))
    def law_78B_imps(self, s, p, d):
        self.conclude(Imps(side=s, imps=p, difference=d))

    @law_rule("78C", ScoreComparison(method="total_points", side=MATCH.s, points=MATCH.p), concludes=(TotalPoints,))
    def law_78C_total_points(self, s, p):
        self.conclude(TotalPoints(side=s, points=p))
