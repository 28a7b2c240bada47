"""Law 68: what is a claim or a concession, the statement a claim needs, play ceases.

68 (with its footnote): a remark or an action about the trick in progress only
is neither claim nor concession; play goes on.  68A: a statement that the
side will win tricks, a suggestion to cut play short, or showing one's cards,
is a claim (unless the player demonstrably did not mean to claim).  68B: a
statement that tricks will be lost is a concession; a claim of some tricks
concedes the rest; abandoning the hand concedes them all; a defender's
concession to which partner objects at once does not take place.  68C: a
claim needs a statement of the line.  68D: play ceases; a dispute brings the
director (Laws 70 and 71).
"""
from engine.law.claims import (
    PlayAfterClaimIgnored,
    PlayedAfterClaim,
    CardsShown,
    ClaimDisputed,
    ClaimEvent,
    ClaimMade,
    ClaimTiming,
    ConcessionMade,
    ConcessionVoid,
    NotAClaim,
    PlayCeases,
    StatementMissing,
    TrickRemark,
    VoidedConcession,
)
from engine.law.compat import MATCH, TEST
from engine.law.facts import EquityReview
from engine.rules.base import law_rule

QUESTION_68 = (
    "A remark or card shown about the trick in progress only is neither claim nor concession and play went on. "
    "Did it give the player's partner information he could use (Law 16), or amount to a premature play (57A)? "
    "If so the director may adjust the score."
)
QUESTION_68B = (
    "A defender tried to concede and his partner objected at once, so there was no concession. Did the attempt "
    "give partner information he could use (Law 16), or amount to a premature play (57A)? The director judges."
)


class Law68:
    @law_rule("68", TrickRemark(by=MATCH.b, at=MATCH.a), concludes=(NotAClaim, EquityReview), cites=("16", "57A"))
    def law_68_current_trick_only(self, b, a):
        self.conclude(NotAClaim(by=b, at=a))
        self.conclude(EquityReview(trick=None, seat=b, question=QUESTION_68))

    @law_rule("68A",
              ClaimEvent(event="claim", by=MATCH.b, side=MATCH.s, tricks=MATCH.n, form=MATCH.h),
              concludes=(ClaimMade,))
    def law_68A_claim(self, b, s, n, h):
        self.conclude(ClaimMade(by=b, side=s, tricks=n, form=h))

    @law_rule("68A", CardsShown(by=MATCH.b, at=MATCH.a), concludes=(NotAClaim,))
    def law_68A_cards_shown_without_meaning_to_claim(self, b, a):
        self.conclude(NotAClaim(by=b, at=a))

    @law_rule("68B",
              ClaimEvent(event="concession", by=MATCH.b, side=MATCH.s, tricks=MATCH.n, form=MATCH.h),
              concludes=(ConcessionMade,))
    def law_68B_concession(self, b, s, n, h):
        self.conclude(ConcessionMade(by=b, side=s, tricks=n, form=h))

    @law_rule("68B",
              ClaimEvent(event="claim", by=MATCH.b, side=MATCH.s, conceded=MATCH.n),
              TEST(lambda n: n > 0),
              concludes=(ConcessionMade,))
    def law_68B_claim_concedes_the_rest(self, b, s, n):
        self.conclude(ConcessionMade(by=b, side=s, tricks=n, form="claim"))

    @law_rule("68B", VoidedConcession(by=MATCH.b, objector=MATCH.o), concludes=(ConcessionVoid, EquityReview),
              cites=("16", "57A"))
    def law_68B_partner_objects_at_once(self, b, o):
        self.conclude(ConcessionVoid(by=b, objector=o))
        self.conclude(EquityReview(trick=None, seat=b, question=QUESTION_68B))

    @law_rule("68C", ClaimEvent(event="claim", by=MATCH.b, statement=False), concludes=(StatementMissing,))
    def law_68C_no_statement(self, b):
        self.conclude(StatementMissing(by=b))

    @law_rule("68D", ClaimEvent(by=MATCH.b, at=MATCH.a), concludes=(PlayCeases,))
    def law_68D_play_ceases(self, b, a):
        self.conclude(PlayCeases(by=b, at=a))

    @law_rule("68D", ClaimEvent(by=MATCH.b), PlayedAfterClaim(cards=MATCH.c, count=MATCH.n),
              concludes=(PlayAfterClaimIgnored,))
    def law_68D_play_after_the_claim_counts_for_nothing(self, b, c, n):
        self.conclude(PlayAfterClaimIgnored(cards=c, count=n))

    @law_rule("68D",
              ClaimEvent(event="claim", by=MATCH.b, side=MATCH.s),
              ClaimTiming(disputed=True, objector=MATCH.o),
              concludes=(ClaimDisputed,))
    def law_68D_disputed_claim_brings_the_director(self, b, s, o):
        self.conclude(ClaimDisputed(by=b, side=s, objector=o))
