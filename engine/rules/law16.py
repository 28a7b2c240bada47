"""Law 16: unauthorized information.

The procedure is mechanical, the judgment is not.  Where the information came
from decides the branch: legal calls and plays and the opponents' manner are
authorized (16); partner's remark, tempo or manner (16A, with the criteria of
commentary 16.3(c) for a mannerism), accidents (16B) and withdrawn calls and
plays (16C) each have their rules.  Each judgment the law puts to the director
is a ``question`` conclusion: was information made available; did the player
have a logical alternative; could the action have been suggested; was there
damage; could it interfere with normal play; which remedy.  The answers
(``answers`` in the case, or ``python cli.py consult``) drive the rest.

Facts of the record may be unknown too (the case leaves them out): whether the
regulations forbid reserving rights and whether the other side disputes the
information (16A1), whether the contest allows positions to change (16B1).
Each is then a question, settled by the answer of the same key; until it is,
neither branch that depends on it is taken.
"""
from engine.law.board import (
    ActionTaken,
    AdjustmentDue,
    Answer,
    DirectorOption,
    InfoEpisode,
    Information,
    Irregularity,
    Procedure,
    Question,
    ResultStands,
    ask,
)
from engine.law.compat import MATCH, NOT, P
from engine.rules.base import law_rule
from engine.rules.board_common import SOME, artificial, assigned, step

NOT_YES = P(lambda v: v is not True)
CRITERIA = ("manner_shown", "arises_from_deal", "differs_from_usual", "conveys_information")


def _episode(**kw):
    return InfoEpisode(received_by=MATCH.r, side=MATCH.x, other=MATCH.o, how=MATCH.how, **kw)


def _partner(mannerism: bool):
    how = P(lambda h: h == "mannerism") if mannerism else P(lambda h: h != "mannerism")
    return InfoEpisode(channel="partner", how=MATCH.how & how, by=MATCH.b, received_by=MATCH.r, side=MATCH.x,
                       other=MATCH.o)


def _unauthorized():
    return Information(received_by=MATCH.r, status="unauthorized", side=MATCH.x, other=MATCH.o)


def _acted():
    return (_unauthorized(), ActionTaken(seat=MATCH.r, action=MATCH.a))


def _accidental():
    return InfoEpisode(channel="accidental", received_by=MATCH.r)


class Law16:
    # -- 16: where the information came from ---------------------------------------

    @law_rule("16", _episode(channel="legal"), concludes=(Information,), cites=("commentary 16.1",))
    def law_16_legal_calls_and_plays(self, r, x, o, how):
        self.conclude(Information(received_by=r, status="authorized", how=how, side=x, other=o))

    @law_rule("16", _episode(channel="opponent"), concludes=(Information,), cites=("commentary 16.1",))
    def law_16_opponents_manner(self, r, x, o, how):
        self.conclude(Information(received_by=r, status="authorized", how=how, side=x, other=o))

    # -- 16A: from partner -------------------------------------------------------------

    @law_rule("16A", _partner(False), NOT(Answer(key="ui_from_partner")), concludes=(Question,),
              cites=("commentary 16.6", "73B1"))
    def law_16A_question_information_from_partner(self, b, r):
        self.conclude(ask("ui_from_partner", by=b, received_by=r))

    @law_rule("16A", _partner(False), Answer(key="ui_from_partner", value=True), concludes=(Information,),
              cites=("commentary 16.6",))
    def law_16A_partner_made_information_available(self, r, x, o, how):
        self.conclude(Information(received_by=r, status="unauthorized", how=how, side=x, other=o))

    @law_rule("16A", _partner(False), Answer(key="ui_from_partner", value=False), concludes=(ResultStands,))
    def law_16A_no_information_from_partner(self):
        self.conclude(ResultStands(side=None, reason="partner made no extraneous information available"))

    @law_rule("commentary 16.3(c)", _partner(True), NOT(Answer(key="manner_shown")), concludes=(Question,))
    def commentary_16_3_c_criterion_1(self, b):
        self.conclude(ask("manner_shown", by=b))

    @law_rule("commentary 16.3(c)", _partner(True), Answer(key="manner_shown", value=True),
              NOT(Answer(key="arises_from_deal")), concludes=(Question,))
    def commentary_16_3_c_criterion_2(self):
        self.conclude(ask("arises_from_deal"))

    @law_rule("commentary 16.3(c)", _partner(True), Answer(key="arises_from_deal", value=True),
              NOT(Answer(key="differs_from_usual")), concludes=(Question,))
    def commentary_16_3_c_criterion_3(self, b):
        self.conclude(ask("differs_from_usual", by=b))

    @law_rule("commentary 16.3(c)", _partner(True), Answer(key="differs_from_usual", value=True),
              NOT(Answer(key="conveys_information")), concludes=(Question,))
    def commentary_16_3_c_criterion_4(self):
        self.conclude(ask("conveys_information"))

    @law_rule("commentary 16.3(c)", _partner(True), Answer(key=P(lambda k: k in CRITERIA), value=False),
              concludes=(Information,))
    def commentary_16_3_c_not_a_mannerism(self, r, x, o):
        self.conclude(Information(received_by=r, status="none", how="mannerism", side=x, other=o))

    @law_rule("16A", _partner(True), Answer(key="manner_shown", value=True), Answer(key="arises_from_deal", value=True),
              Answer(key="differs_from_usual", value=True), Answer(key="conveys_information", value=True),
              concludes=(Information,), cites=("commentary 16.3(c)",))
    def law_16A_partners_mannerism(self, r, x, o):
        self.conclude(Information(received_by=r, status="unauthorized", how="mannerism", side=x, other=o))

    # -- 16A: the player with unauthorized information ------------------------------------

    @law_rule("16A", _unauthorized(), NOT(ActionTaken(seat=MATCH.r)), concludes=(Procedure,))
    def law_16A_must_not_use_it(self, r):
        self.conclude(step("avoid_suggested_alternatives", seat=r))

    @law_rule("16A", *_acted(), NOT(Answer(key="logical_alternative")), concludes=(Question,))
    def law_16A_question_logical_alternative(self, r, a):
        self.conclude(ask("logical_alternative", seat_=r, action=a))

    @law_rule("16A", *_acted(), Answer(key="logical_alternative", value=False), concludes=(ResultStands,))
    def law_16A_no_logical_alternative(self):
        self.conclude(ResultStands(side=None, reason="the player had no logical alternative to the action chosen"))

    @law_rule("16A", *_acted(), Answer(key="logical_alternative", value=True), NOT(Answer(key="suggested")),
              concludes=(Question,))
    def law_16A_question_suggested(self, a):
        self.conclude(ask("suggested", action=a))

    @law_rule("16A", *_acted(), Answer(key="logical_alternative", value=True), Answer(key="suggested", value=False),
              concludes=(ResultStands,))
    def law_16A_not_suggested(self):
        self.conclude(ResultStands(side=None, reason="the information could not have suggested the action chosen"))

    @law_rule("16A", *_acted(), Answer(key="logical_alternative", value=True), Answer(key="suggested", value=True),
              concludes=(Irregularity,))
    def law_16A_chose_a_suggested_alternative(self, r, x, o):
        self.conclude(Irregularity(seat=r, side=x, other=o, what="used_unauthorized_information"))

    @law_rule("16A1", InfoEpisode(channel="partner", reserved_by=MATCH.s & SOME, prohibited=False),
              concludes=(Procedure,))
    def law_16A1_rights_reserved(self, s):
        self.conclude(step("right_reserved", seat=s))

    @law_rule("16A1", InfoEpisode(channel="partner", reserved_by=SOME, disputed=True), concludes=(Procedure,))
    def law_16A1_opponents_dispute(self):
        self.conclude(step("call_director_now"))

    @law_rule("16A1", InfoEpisode(channel="partner", reserved_by=SOME, prohibited=True), concludes=(Procedure,))
    def law_16A1_reservation_not_allowed(self):
        self.conclude(step("call_director_now"))

    @law_rule("16A1", InfoEpisode(channel="partner", reserved_by=MATCH.s & SOME, prohibited=None),
              concludes=(Question,))
    def law_16A1_may_rights_be_reserved(self, s):
        self.conclude(ask("reservation_prohibited", seat_=s))

    @law_rule("16A1", InfoEpisode(channel="partner", reserved_by=SOME, by_side=MATCH.y, disputed=None,
                                  prohibited=NOT_YES), concludes=(Question,))
    def law_16A1_do_they_dispute_it(self, y):
        self.conclude(ask("disputed", side=y))

    @law_rule("16A2", _unauthorized(), concludes=(Procedure,))
    def law_16A2_play_goes_on(self):
        self.conclude(step("continue_and_reserve"))

    @law_rule("16A2", Irregularity(what="used_unauthorized_information", other=MATCH.o), NOT(Answer(key="damaged")),
              concludes=(Question,))
    def law_16A2_question_damage(self, o):
        self.conclude(ask("damaged", side=o))

    @law_rule("16A2", Irregularity(what="used_unauthorized_information", side=MATCH.x, other=MATCH.o),
              Answer(key="damaged", value=True), concludes=(AdjustmentDue,), cites=("12C2",))
    def law_16A2_damage_adjusted_score(self, x, o):
        self.conclude(assigned(o, x))

    @law_rule("16A2", Irregularity(what="used_unauthorized_information"), Answer(key="damaged", value=False),
              concludes=(ResultStands,))
    def law_16A2_no_damage(self):
        self.conclude(ResultStands(side=None, reason="the infraction did not damage the non-offending side"))

    # -- 16B: information come upon by accident ----------------------------------------

    @law_rule("16B", _accidental(), NOT(Answer(key="information_interferes")), concludes=(Question,),
              cites=("commentary 16.5",))
    def law_16B_question(self, r):
        self.conclude(ask("information_interferes", seat_=r))

    @law_rule("16B", _accidental(), Answer(key="information_interferes", value=False), concludes=(Procedure,),
              cites=("commentary 16.5",))
    def law_16B_play_normally(self):
        self.conclude(step("play_normally"))

    @law_rule("16B", _accidental(), Answer(key="information_interferes", value=True), NOT(Answer(key="remedy")),
              concludes=(Question,))
    def law_16B_question_remedy(self):
        self.conclude(ask("remedy"))

    @law_rule("16B1", InfoEpisode(channel="accidental", positions_can_change=True),
              Answer(key="information_interferes", value=True), concludes=(DirectorOption,))
    def law_16B1_option_change_positions(self):
        self.conclude(DirectorOption(option="exchange_positions", seat=None))

    @law_rule("16B1", InfoEpisode(channel="accidental", received_by=MATCH.r, positions_can_change=None),
              Answer(key="information_interferes", value=True), NOT(Answer(key="remedy")), concludes=(Question,))
    def law_16B1_may_positions_change(self, r):
        self.conclude(ask("positions_can_change", seat_=r))

    @law_rule("16B2", _accidental(), Answer(key="information_interferes", value=True), concludes=(DirectorOption,))
    def law_16B2_option_substitute(self, r):
        self.conclude(DirectorOption(option="substitute", seat=r))

    @law_rule("16B3", _accidental(), Answer(key="information_interferes", value=True), concludes=(DirectorOption,))
    def law_16B3_option_adjusted_score(self):
        self.conclude(DirectorOption(option="artificial_score", seat=None))

    @law_rule("16B1", _accidental(), Answer(key="remedy", value="exchange"), concludes=(Procedure,))
    def law_16B1_change_positions(self, r):
        self.conclude(step("exchange_positions", seat=r))

    @law_rule("16B2", _accidental(), Answer(key="remedy", value="substitute"), NOT(Answer(key="all_agree")),
              concludes=(Question,))
    def law_16B2_question_consent(self):
        self.conclude(ask("all_agree"))

    @law_rule("16B2", _accidental(), Answer(key="remedy", value="substitute"), Answer(key="all_agree", value=True),
              concludes=(Procedure,))
    def law_16B2_substitute(self, r):
        self.conclude(step("substitute_player", seat=r))

    @law_rule("16B3", _accidental(), Answer(key="remedy", value="adjusted"), concludes=(AdjustmentDue,),
              cites=("commentary 16.5", "12C1"))
    def law_16B3_artificial_adjusted_score(self):
        self.conclude(artificial("NS"))
        self.conclude(artificial("EW"))

    @law_rule("16B3", _accidental(), Answer(key="remedy", value="substitute"), Answer(key="all_agree", value=False),
              concludes=(AdjustmentDue,), cites=("16B2", "12C1"))
    def law_16B3_no_consent_to_a_substitute(self):
        self.conclude(artificial("NS"))
        self.conclude(artificial("EW"))

    # -- 16C: withdrawn calls and plays ------------------------------------------------

    @law_rule("16C1", _episode(channel="withdrawn", receiver_offending=False), concludes=(Information,),
              cites=("commentary 16.2",))
    def law_16C1_non_offenders_may_use_it(self, r, x, o, how):
        self.conclude(Information(received_by=r, status="authorized", how=how, side=x, other=o))

    @law_rule("16C2", _episode(channel="withdrawn", receiver_offending=True, withdrawn_by_offenders=True),
              concludes=(Information,), cites=("commentary 16.2", "72A5"))
    def law_16C2_own_withdrawn_action(self, r, x, o, how):
        self.conclude(Information(received_by=r, status="authorized", how=how, side=x, other=o))

    @law_rule("16C2", _episode(channel="withdrawn", receiver_offending=True, withdrawn_by_offenders=False),
              concludes=(Information,), cites=("commentary 16.2",))
    def law_16C2_opponents_withdrawn_action(self, r, x, o, how):
        self.conclude(Information(received_by=r, status="unauthorized", how=how, side=x, other=o))
