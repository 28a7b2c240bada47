"""Law 58: simultaneous leads or plays.

Two cards from one hand at once: when more than one was seen, the player
says which he played and a defender's other visible card is a penalty card
(58B2; minor if it is a single card below the ten, 50C); the opponent who
played next may then change his card (58B3).  Found only after each side
played to the next trick, it is a defective trick (58B4, 67B2).
"""
from engine.law.compat import MATCH, TEST
from engine.law.play import CardWithdrawn, ExposureFact, PenaltyCard, Replacement
from engine.notation.cards import next_seat
from engine.rules.base import law_rule


class Law58:
    @law_rule("58B2", ExposureFact(seat=MATCH.s, card=MATCH.c, how="simultaneous", role="defender", honour=False,
                                   late=False, alone=True, moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("50C",))
    def law_58B2_small_card_seen_is_minor(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="minor", moment=m))

    @law_rule("58B2", ExposureFact(seat=MATCH.s, card=MATCH.c, how="simultaneous", role="defender", honour=True,
                                   late=False, moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("50C",))
    def law_58B2_honour_seen_is_major(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))

    @law_rule("58B3",
              ExposureFact(seat=MATCH.y, trick=MATCH.t, how="simultaneous", moment=MATCH.e),
              Replacement(trick=MATCH.t, seat=MATCH.x, card=MATCH.c, moment=MATCH.m),
              TEST(lambda x, y, e, m: x == next_seat(y) and e < m),
              concludes=(CardWithdrawn,), cites=("47F",))
    def law_58B3_next_player_may_change_his_card(self, t, x, c):
        self.conclude(CardWithdrawn(trick=t, seat=x, card=c))
