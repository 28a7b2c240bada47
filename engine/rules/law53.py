"""Laws 53-56: leads out of turn.

The mechanics say which lead was out of turn and what became of it (its
``fate``): accepted by a statement or by the next player's card (53A),
played to by the wrong defender after declarer's lead (53B), displaced by the
proper lead of the player whose turn it was (53C), refused, or -- the opening
lead -- met by declarer facing his hand (54A).  These rules say which clause
governs each, list the options open when the director is called, and rule
on the card taken back.
"""
from engine.law.compat import MATCH, NOT, TEST, P
from engine.law.facts import EquityReview, Option
from engine.law.play import (
    CardWithdrawn,
    DummySeenFact,
    LeadAccepted,
    LeadOutOfTurn,
    LeadOutOfTurnFact,
    NoRectification,
    OptionChosenFact,
    OptionWithoutEffect,
    PenaltyCard,
    PlayedToDisplacedLead,
    PlayedToRefusedLead,
    ProperLeadStands,
    Replacement,
    RetractionNotAllowed,
    RolesSwitched,
)
from engine.notation.cards import partner, side_of
from engine.rules.base import law_rule

DECLARER_SIDE = P(lambda role: role in ("declarer", "dummy"))
ACCEPTED = P(lambda fate: fate in ("accepted_statement", "accepted_play"))
DIRECTOR_CALLED = P(lambda fate: fate in (None, "accepted_statement", "refused", "spread", "proper_lead"))
QUESTION_55C = (
    "Did declarer choose a line of play that could have been suggested by his own lead out of turn "
    "and its withdrawal? If so, the director may award an adjusted score (55C)."
)


class Law53:
    # -- which lead out of turn ---------------------------------------------------

    @law_rule("53", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, role="defender", opening=False),
              concludes=(LeadOutOfTurn,))
    def law_53_defender_leads_out_of_turn(self, t, s, c):
        self.conclude(LeadOutOfTurn(trick=t, seat=s, card=c))

    @law_rule("54", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, opening=True),
              concludes=(LeadOutOfTurn,))
    def law_54_opening_lead_out_of_turn(self, t, s, c):
        self.conclude(LeadOutOfTurn(trick=t, seat=s, card=c))

    @law_rule("55", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, role=DECLARER_SIDE),
              concludes=(LeadOutOfTurn,))
    def law_55_declarer_leads_out_of_turn(self, t, s, c):
        self.conclude(LeadOutOfTurn(trick=t, seat=s, card=c))

    # -- 53: accepted, wrong defender, proper lead --------------------------------

    @law_rule("53A", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, role="defender", opening=False, fate=ACCEPTED),
              concludes=(LeadAccepted,))
    def law_53A_lead_accepted(self, t, s):
        self.conclude(LeadAccepted(trick=t, seat=s))

    @law_rule("53A", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, role="defender", opening=False,
                                       fate=DIRECTOR_CALLED, chooser=MATCH.d),
              concludes=(Option,))
    def law_53A_option_to_accept(self, t, s, d):
        self.conclude(Option(by=d, option="accept_lead", seat=s, trick=t))

    @law_rule("53B", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, fate="wrong_defender"),
              concludes=(LeadAccepted,), cites=("57A",))
    def law_53B_wrong_defender_plays(self, t, s):
        self.conclude(LeadAccepted(trick=t, seat=s))

    @law_rule("53C", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, proper=MATCH.p, fate=DIRECTOR_CALLED,
                                       opening=False),
              TEST(lambda s, p: side_of(s) != side_of(p)),
              concludes=(Option,))
    def law_53C_option_to_lead_properly(self, t, s, p):
        self.conclude(Option(by=p, option="proper_lead", seat=p, trick=t))

    @law_rule("53C", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, proper=MATCH.p, fate="proper_lead"),
              concludes=(ProperLeadStands, CardWithdrawn))
    def law_53C_proper_lead_after_wrong_one(self, t, s, c, p):
        self.conclude(ProperLeadStands(trick=t, seat=p))
        self.conclude(CardWithdrawn(trick=t, seat=s, card=c))

    @law_rule("53C", PlayedToDisplacedLead(trick=MATCH.t, seat=MATCH.s, card=MATCH.c),
              concludes=(CardWithdrawn,))
    def law_53C_card_played_to_the_displaced_lead(self, t, s, c):
        self.conclude(CardWithdrawn(trick=t, seat=s, card=c))

    # -- 54: the opening lead ----------------------------------------------------

    @law_rule("54C",
              LeadOutOfTurnFact(trick=1, seat=MATCH.s, opening=True, moment=MATCH.m),
              DummySeenFact(trick=1),
              concludes=(LeadAccepted,))
    def law_54C_declarer_saw_dummy(self, s):
        self.conclude(LeadAccepted(trick=1, seat=s))

    @law_rule("54C",
              LeadOutOfTurnFact(trick=1, seat=MATCH.s, opening=True, chooser=MATCH.d),
              LeadAccepted(trick=1, seat=MATCH.s, law="54C"),
              OptionChosenFact(by=MATCH.d, option="refuse_lead", trick=1, moment=MATCH.m),
              concludes=(OptionWithoutEffect,), cites=("54D",))
    def law_54C_refusal_has_no_effect(self, s, d, m):
        self.conclude(OptionWithoutEffect(trick=1, by=d, option="refuse_lead", seat=s, moment=m))

    @law_rule("54A", LeadOutOfTurnFact(trick=1, seat=MATCH.s, opening=True, fate="spread", chooser=MATCH.d),
              NOT(LeadAccepted(trick=1, seat=MATCH.s, law="54C")),
              concludes=(RolesSwitched,), cites=("48B1",))
    def law_54A_declarer_faces_his_hand(self, d):
        self.conclude(RolesSwitched(declarer=partner(d), dummy=d))

    @law_rule("54A", LeadOutOfTurnFact(trick=1, seat=MATCH.s, opening=True, fate=DIRECTOR_CALLED, chooser=MATCH.d),
              NOT(LeadAccepted(trick=1, seat=MATCH.s, law="54C")),
              concludes=(Option,))
    def law_54A_option_to_face_the_hand(self, s, d):
        self.conclude(Option(by=d, option="spread_hand", seat=s, trick=1))

    @law_rule("54B", LeadOutOfTurnFact(trick=1, seat=MATCH.s, opening=True, fate=ACCEPTED),
              concludes=(LeadAccepted,), cites=("54B1", "54B2"))
    def law_54B_declarer_accepts(self, s):
        self.conclude(LeadAccepted(trick=1, seat=s))

    @law_rule("54B", LeadOutOfTurnFact(trick=1, seat=MATCH.s, opening=True, fate=DIRECTOR_CALLED, chooser=MATCH.d),
              concludes=(Option,))
    def law_54B_option_to_accept(self, s, d):
        self.conclude(Option(by=d, option="accept_lead", seat=s, trick=1))

    @law_rule("54B2", Replacement(trick=1, seat=MATCH.s, substitute=MATCH.x, index=MATCH.i,
                                  dummy_after_opening_lead=True),
              concludes=(RetractionNotAllowed,), cites=("47G",))
    def law_54B2_dummys_second_card_stands(self, s, x, i):
        self.conclude(RetractionNotAllowed(trick=1, seat=s, card=x, index=i))

    @law_rule("54D", LeadOutOfTurnFact(trick=1, seat=MATCH.s, opening=True, fate=DIRECTOR_CALLED, chooser=MATCH.d),
              NOT(LeadAccepted(trick=1, seat=MATCH.s, law="54C")),
              concludes=(Option,), cites=("56",))
    def law_54D_option_to_refuse(self, s, d):
        self.conclude(Option(by=d, option="refuse_lead", seat=s, trick=1))

    @law_rule("54D", LeadOutOfTurnFact(trick=1, seat=MATCH.s, card=MATCH.c, opening=True, fate="refused"),
              NOT(LeadAccepted(trick=1, seat=MATCH.s, law="54C")),
              concludes=(CardWithdrawn,), cites=("56",))
    def law_54D_lead_refused(self, s, c):
        self.conclude(CardWithdrawn(trick=1, seat=s, card=c))

    # -- 55: declarer's lead out of turn ---------------------------------------------

    @law_rule("55A", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, role=DECLARER_SIDE, fate=ACCEPTED),
              concludes=(LeadAccepted,), cites=("53A",))
    def law_55A_defenders_accept(self, t, s):
        self.conclude(LeadAccepted(trick=t, seat=s))

    @law_rule("55A", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, role=DECLARER_SIDE, fate=DIRECTOR_CALLED,
                                       chooser=MATCH.d),
              concludes=(Option,))
    def law_55A_option_to_accept(self, t, s, d):
        self.conclude(Option(by=d, option="accept_lead", seat=s, trick=t))

    @law_rule("55B1", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, role=DECLARER_SIDE, proper_role="defender",
                                        fate=DIRECTOR_CALLED, chooser=MATCH.d),
              concludes=(Option,))
    def law_55B1_option_to_refuse(self, t, s, d):
        self.conclude(Option(by=d, option="refuse_lead", seat=s, trick=t))

    @law_rule("55B2", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, role=DECLARER_SIDE, proper_role=DECLARER_SIDE,
                                        fate=DIRECTOR_CALLED, chooser=MATCH.d),
              concludes=(Option,))
    def law_55B2_option_to_refuse(self, t, s, d):
        self.conclude(Option(by=d, option="refuse_lead", seat=s, trick=t))

    @law_rule("55B1", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, role=DECLARER_SIDE,
                                        proper_role="defender", fate="refused"),
              concludes=(CardWithdrawn, NoRectification))
    def law_55B1_defender_was_on_lead(self, t, s, c):
        self.conclude(CardWithdrawn(trick=t, seat=s, card=c))
        self.conclude(NoRectification(seat=s, card=c, subject="lead_out_of_turn"))

    @law_rule("55B2", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, role=DECLARER_SIDE,
                                        proper_role=DECLARER_SIDE, fate="refused"),
              concludes=(CardWithdrawn,))
    def law_55B2_lead_was_in_the_other_hand(self, t, s, c):
        self.conclude(CardWithdrawn(trick=t, seat=s, card=c))

    @law_rule("55C", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, role=DECLARER_SIDE, fate="refused"),
              concludes=(EquityReview,))
    def law_55C_information_from_the_wrong_lead(self, t, s):
        self.conclude(EquityReview(trick=t, seat=s, question=QUESTION_55C))

    # -- 56: a defender's lead refused ----------------------------------------------

    @law_rule("56", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, card=MATCH.c, role="defender", fate="refused",
                                      withdrawn=MATCH.m),
              concludes=(PenaltyCard,), cites=("50E", "47A"))
    def law_56_refused_lead_becomes_major_penalty_card(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))

    @law_rule("60C", PlayedToRefusedLead(seat=MATCH.s, card=MATCH.c, role="defender", offender_side=True,
                                         moment=MATCH.m),
              concludes=(PenaltyCard,), cites=("50C",))
    def law_60C_partners_card_to_the_refused_lead(self, s, c, m):
        self.conclude(PenaltyCard(seat=s, card=c, type="major", moment=m))

    @law_rule("56", LeadOutOfTurnFact(trick=MATCH.t, seat=MATCH.s, role="defender", opening=False,
                                      fate=DIRECTOR_CALLED, chooser=MATCH.d),
              concludes=(Option,))
    def law_56_option_to_refuse(self, t, s, d):
        self.conclude(Option(by=d, option="refuse_lead", seat=s, trick=t))
