"""Facts and conclusions for the director's other calls (Laws 6-16, 72-75, 78).

The table facts are computed once per case from the fields ``board_case``
reads (``board_facts`` is the registered producer); the rules in
``engine/rules/law06.py`` ... ``law78.py`` join on them.  The director's
answers come in as ``answer`` facts: a question rule carries ``NOT(Answer(key=...))``
and each answered branch is its own rule, so an unanswered question is a
``question`` conclusion and an answered one is a fact in the trace.

``result_facts`` runs after the law rules have settled (``facts.result_fact_producer``):
it compares the score the law leaves standing with the other tables' scores
(Law 78) for the rules of ``law78.py``.
"""
from __future__ import annotations

from engine.input import board as board_case  # noqa: F401  (registers the case fields)
from engine.input.board import DEALING_KEYS, QUESTIONS, call_parts
from engine.input.caseio import CaseError
from engine.law.compat import Field
from engine.law.facts import Conclusion, TableFact, fact_producer, result_fact_producer
from engine.mechanics.scoring78 import imps, matchpoints
from engine.notation import cards as C
from engine.notation.cards import SIDE_NAMES
from engine.notation.cards import seat_name as seat


def _f(kind_type=object):
    return Field(kind_type, mandatory=True)


# ---------------------------------------------------------------------------
# Table facts
# ---------------------------------------------------------------------------


class Answer(TableFact):
    """The director's answer to a question the law leaves to him (the case's answers block)."""

    kind = "answer"
    shown = ("key", "side", "value", "text")
    key = _f(str)
    side = _f()
    value = _f()
    text = _f()


class PocketState(TableFact):
    """Laws 13-14: the board's pockets as found."""

    kind = "pockets"
    shown = ("discovered", "counts", "record", "played_before")
    discovered = _f(str)
    stage = _f(str)  # before_play, during_play, after_play
    counts = _f()
    defective = _f(int)
    long = _f(int)
    short = _f(int)
    law14 = _f(bool)
    thirteen_c = _f(bool)  # found after play, one hand too long and another too short
    record = _f()  # True, False or None (unknown: the director is asked)
    played_before = _f()  # likewise


class SideHands(TableFact):
    kind = "side_hands"
    shown = ("side", "defective")
    side = _f(str)
    other = _f(str)
    defective = _f(bool)


class CalledOnDefective(TableFact):
    """A player whose pocket held the wrong number of cards has made a call (13, 14.3)."""

    kind = "call_on_defective_hand"
    shown = ("seat", "count", "call")
    seat = _f(str)
    side = _f(str)
    other = _f(str)
    count = _f(int)
    call = _f()


class CardsSeen(TableFact):
    kind = "cards_seen"
    shown = ("by", "of", "cards")
    by = _f(str)
    of = _f(str)
    cards = _f()


class MissingCard(TableFact):
    kind = "missing_card"
    shown = ("seat", "card", "found", "stage")
    seat = _f(str)
    card = _f()
    suit = _f()
    found = _f()
    stage = _f(str)
    exposed = _f()  # True, False or None (unknown: the director is asked)
    trick = _f()  # the trick in progress when the defect was found (during play)
    entries = _f()  # cards of that trick in the record before it was found (None: before the trick, or unknown)


class Dealing(TableFact):
    """Law 6D: each fact True, False or None (unknown: the director is asked when its clause is in question)."""

    kind = "dealing"
    shown = ("misdealt", "face_seen", "before_last_card", "shuffled", "new_pack", "deal_used_before")
    misdealt = _f()
    face_seen = _f()
    before_last_card = _f()
    shuffled = _f()
    new_pack = _f()
    deal_used_before = _f()
    at_6d1 = _f(bool)  # the case points at 6D1 (wrong deal or a face seen, before the last card)
    at_new_pack = _f(bool)  # ... at 6D2's unshuffled new pack
    at_repeat = _f(bool)  # ... at 6D2's deal played before


class WrongBoard(TableFact):
    kind = "wrong_board"
    shown = ("board", "correct_board", "stage", "played_before")
    board = _f()
    correct_board = _f()
    stage = _f(str)
    played_before = _f()  # the seats that had played the board before (15B)
    any_played_before = _f(bool)


class SideBoard(TableFact):
    kind = "side_board"
    shown = ("side", "played_before")
    side = _f(str)
    played_before = _f(bool)


class Objection(TableFact):
    kind = "objection"
    shown = ("seat", "reluctant")
    seat = _f(str)
    reluctant = _f(bool)


class AuctionComparison(TableFact):
    kind = "auction_comparison"
    shown = ("compared", "differs", "detail")
    compared = _f(bool)
    differs = _f(bool)
    detail = _f(str)


class InfoEpisode(TableFact):
    """Law 16: information a player received, where it came from, and what followed."""

    kind = "information_episode"
    shown = ("how", "channel", "by", "received_by")
    how = _f(str)
    channel = _f(str)  # legal, partner, opponent, accidental, withdrawn
    by = _f()
    received_by = _f(str)
    side = _f(str)
    other = _f(str)
    by_side = _f()
    receiver_offending = _f()
    withdrawn_by_offenders = _f()
    reserved_by = _f()
    disputed = _f()  # True, False or None (unknown: the director is asked, 16A1)
    prohibited = _f()  # likewise
    positions_can_change = _f()  # likewise (16B1)


class ActionTaken(TableFact):
    kind = "action_taken"
    shown = ("seat", "action")
    seat = _f(str)
    side = _f(str)
    other = _f(str)
    action = _f(str)


class ExplanationFact(TableFact):
    kind = "explanation"
    shown = ("call", "by", "explained_by", "agreement")
    call = _f(str)
    by = _f(str)
    explained_by = _f(str)
    side = _f(str)
    other = _f(str)
    agreement = _f(str)


class IrregularityRecord(TableFact):
    """Laws 9-12: an irregularity and what happened between it and the director's ruling."""

    kind = "irregularity_record"
    shown = ("by", "what", "at")
    by = _f(str)
    side = _f(str)
    other = _f(str)
    what = _f(str)
    at = _f(str)
    attention_by = _f()
    spectator_of = _f()
    attention = _f(bool)
    director_called = _f(bool)
    lho_acted = _f(bool)
    non_offenders_acted = _f(bool)  # before the director was summoned
    corrected_early = _f(bool)
    rectified_by = _f()
    waived_by = _f()
    option_by = _f()
    consulted_partner = _f()  # True, False or None (unknown: the director is asked, 10C2)
    incorrect_against = _f()
    incorrect_other = _f()
    request_by = _f()
    request_other = _f()
    grounds = _f()
    players_acted = _f(bool)  # a player rectified or waived without the director (10A, 10B)


class ActionBeforeRuling(TableFact):
    kind = "action_before_ruling"
    shown = ("seat", "action", "at")
    seat = _f(str)
    side = _f(str)
    action = _f(str)
    at = _f(str)


class AttentionFact(TableFact):
    kind = "attention_by"
    shown = ("by", "role", "at", "during_play")
    by = _f(str)
    role = _f(str)
    asked = _f()
    asked_role = _f()
    during_play = _f(bool)
    at = _f(str)


class Stationary(TableFact):
    kind = "stationary"
    shown = ("side",)
    side = _f(str)


class ScoringMethod(TableFact):
    kind = "scoring_method"
    shown = ("method", "top", "others")
    method = _f(str)
    top = _f(int)
    others = _f()


class ScoreComparison(TableFact):
    """Law 78: a side's score on the board set against the other tables' (after the law has ruled)."""

    kind = "score_comparison"
    shown = ("side", "method", "score", "basis", "points", "top", "difference")
    side = _f(str)
    method = _f(str)
    score = _f(int)
    basis = _f(str)
    points = _f()
    top = _f()
    difference = _f()


# ---------------------------------------------------------------------------
# Conclusions
# ---------------------------------------------------------------------------


class Question(Conclusion):
    """A judgment (or a finding of fact) the law leaves to the director, keyed for the answers block."""

    kind = "question"
    shown = ("key", "side", "seat", "question", "choices")
    key = _f(str)
    side = _f()
    seat = _f()
    question = _f(str)
    choices = _f()


class Procedure(Conclusion):
    kind = "procedure"
    shown = ("step", "seat", "side", "card")
    step = _f(str)
    seat = _f()
    side = _f()
    card = _f()


class NoResultFact(TableFact):
    """Law 12C1: the case says no result can be obtained on the board (the ``no_result`` field)."""

    kind = "no_result_reported"
    shown = ("reason",)
    reason = _f()  # the case's description, or None


class NoResult(Conclusion):
    kind = "no_result"
    shown = ("reason",)
    reason = _f()


class ResultCancelled(Conclusion):
    kind = "result_cancelled"
    shown = ("reason",)
    reason = _f(str)
    by_12A2 = _f(bool)  # no law but 12A2 says what replaces it


class ResultStands(Conclusion):
    kind = "result_stands"
    shown = ("side", "reason")
    side = _f()
    reason = _f(str)


class AdjustmentDue(Conclusion):
    kind = "adjustment_due"
    shown = ("side", "method", "offenders")
    side = _f(str)
    method = _f(str)  # artificial (12C1) or assigned (12C2)
    offenders = _f()


class Fault(Conclusion):
    kind = "fault"
    shown = ("side", "degree")
    side = _f(str)
    degree = _f(str)


class ArtificialAdjustedScore(Conclusion):
    kind = "artificial_adjusted_score"
    shown = ("side", "percent", "fault")
    side = _f(str)
    percent = _f(int)
    fault = _f(str)


class AssignedAdjustedScore(Conclusion):
    kind = "assigned_adjusted_score"
    shown = ("side", "score", "result")
    side = _f(str)
    score = _f(int)
    result = _f(str)


class Irregularity(Conclusion):
    kind = "irregularity"
    shown = ("seat", "what", "side", "presumed")
    seat = _f()
    side = _f()
    other = _f()
    what = _f(str)
    presumed = Field(bool, mandatory=False)  # the director presumes it, for want of clear evidence (75)


class RectificationLost(Conclusion):
    kind = "rectification_lost"
    shown = ("side", "right")
    side = _f(str)
    right = _f(str)  # rectify (the non-offenders' right) or correct (the offenders', 11C)
    offenders = _f(str)


class ProceduralPenaltyPossible(Conclusion):
    kind = "procedural_penalty_possible"
    shown = ("seat", "side")
    seat = _f()
    side = _f()


class Information(Conclusion):
    kind = "information"
    shown = ("received_by", "status", "how")
    received_by = _f(str)
    status = _f(str)  # authorized, unauthorized, none
    how = _f(str)
    side = _f(str)
    other = _f(str)


class DirectorOption(Conclusion):
    kind = "director_option"
    shown = ("option", "seat")
    option = _f(str)
    seat = _f()


class Refer(Conclusion):
    kind = "refer"
    shown = ("to", "seat", "card", "trick")
    to = _f(str)
    seat = _f()
    card = _f()
    trick = _f()


class ResponsiblePlayer(Conclusion):
    kind = "responsible_player"
    shown = ("seat", "duty")
    seat = _f(str)
    duty = _f(str)


class Matchpoints(Conclusion):
    kind = "matchpoints"
    shown = ("side", "points", "top", "score")
    side = _f(str)
    points = _f()
    top = _f(int)
    score = _f()


class Imps(Conclusion):
    kind = "imps"
    shown = ("side", "imps", "difference")
    side = _f(str)
    imps = _f(int)
    difference = _f()


class TotalPoints(Conclusion):
    kind = "total_points"
    shown = ("side", "points")
    side = _f(str)
    points = _f(int)


# ---------------------------------------------------------------------------
# Questions: the text each one puts to the director
# ---------------------------------------------------------------------------

QUESTION_TEXT = {
    "ui_from_partner": "Did {by}, by a remark, question, reply, hesitation, unusual speed, emphasis, tone, gesture, "
                       "movement or mannerism, make extraneous information available to {received_by} that could "
                       "suggest a call or play?",
    "manner_shown": "Criterion 1: was there a manifestation of manner by {by}?",
    "arises_from_deal": "Criterion 2: did it arise from the circumstances of, or actions on, this deal?",
    "differs_from_usual": "Criterion 3: did it differ from {by}'s characteristic or regular manner?",
    "conveys_information": "Criterion 4: was it so atypical that it could convey specific information about "
                           "this deal?",
    "logical_alternative": "Did {seat} have a logical alternative to the action chosen ({action})?",
    "suggested": "Could the action chosen ({action}) have been suggested over its logical alternatives by the "
                 "unauthorized information?",
    "damaged": "Did the infraction damage the non-offending side ({side})?",
    "false_inference": "Did {seat} draw a false inference from {by}'s remark, manner or tempo?",
    "could_know_benefit": "Could {by}, at the time, have known that the deception could work to his side's benefit?",
    "misinformation_damaged": "Did the mistaken explanation damage {side}?",
    "information_interferes": "Could the information {seat} received interfere with normal bidding or play?",
    "record_available": "Is a record of the deal available? If so the cards are put back as it shows (13A1); if "
                        "not, the players who played the board earlier are asked (13A2), or it is dealt again (13A3).",
    "played_before": "Has the board been played at an earlier table? If so the deal is restored by asking those "
                     "players (13A2); if not, it was dealt wrongly and is dealt again (13A3).",
    "card_exposed": "Was the restored card seen face up (dropped, shown, exposed) before it went back into "
                    "{seat}'s hand? If so it may be a penalty card under Law 50 (14B3).",
    "misdealt": "Were the cards dealt wrongly (not one at a time, face down, clockwise, thirteen to each hand)? If "
                "that was established before the last card was dealt, the board is shuffled and dealt again (6D1).",
    "face_seen": "Did a player see the face of a card while the cards were being dealt? If that was established "
                 "before the last card was dealt, the board is shuffled and dealt again (6D1).",
    "before_last_card": "Was the defect in the deal established before the last card had been dealt? Only then "
                        "does 6D1 call for a new shuffle and deal; found later, a wrong number of cards is for "
                        "Laws 13-14, a card seen is for 16B, and a redeal is the director's own call (6D3).",
    "new_pack": "Were the cards dealt from a new pack? Dealt from a new pack without a shuffle, the board can have "
                "no result that stands (6D2).",
    "shuffled": "Were the cards shuffled before they were dealt? Dealt from a new pack without a shuffle, the board "
                "can have no result that stands (6D2).",
    "deal_used_before": "Had this same deal been played before (on another board or in an earlier session)? If so, "
                        "no result on it may stand (6D2).",
    "reservation_prohibited": "Do the regulations of this event forbid reserving the right to call the director "
                              "later? If they do, {seat} must call the director now instead (16A1).",
    "disputed": "Do {side} dispute that unauthorized information may have been conveyed? If they do, they should "
                "call the director at once rather than leave it for later (16A1).",
    "positions_can_change": "Do the form of contest and its scoring allow the players to change seats, so that "
                            "{seat} would hold the hand he has information about (16B1)?",
    "consulted_partner": "Did {seat} consult partner before making his choice? A player given a choice after an "
                         "irregularity must make it without partner's help (10C2).",
    "all_agree": "Do all four players agree to play the board normally?",
    "remedy": "Which remedy does the director choose: {choices}?",
    "meaning_differs": "Every call of the new auction matches the first in denomination and level, and passes, "
                       "doubles and redoubles come in the same places. Did any call have a substantially "
                       "different meaning?",
    "could_have_gained": "Could the non-offending side ({side}) have gained through a later action an opponent "
                         "took in ignorance of the rectification?",
    "spectator_forfeit": "A spectator {side} is responsible for drew attention first: does the {right} lapse?",
    "players_action_stands": "The players {action} without the director: does the director let that stand?",
    "no_indemnity": "Do the laws give {side} no redress for this kind of infraction?",
    "concealment": "Was {seat}'s second revoke in the same suit, in trick {trick}, an attempt to conceal the first?",
    "fault": "How far is {side} at fault for the irregularity that prevented a result: directly (40%), partly "
             "(50%) or in no way (at least 60%)?",
    "assigned": "{which}? Give a result (e.g. '4S S 10') or {side}'s score.",
}

ASSIGNED_FOR = {
    True: "For {side} (non-offending): the most favourable result that was likely had the irregularity not occurred",
    False: "For {side} (offending): the most unfavourable result that was at all probable",
}


def ask(key: str, side=None, seat_=None, favourable: bool = True, **fmt) -> Question:
    """The question ``key`` as a conclusion; the rule states its clause."""
    spec = QUESTIONS[key]
    names = {k: seat(v) for k, v in fmt.items() if k in ("by", "received_by")}
    names.update({k: v for k, v in fmt.items() if k not in ("by", "received_by")})
    if side is not None:
        names["side"] = SIDE_NAMES[side]
    if seat_ is not None:
        names["seat"] = seat(seat_)
    names["choices"] = ", ".join(spec.choices)
    if key == "assigned":
        names["which"] = ASSIGNED_FOR[favourable].format(side=names["side"])
    text = QUESTION_TEXT[key].format_map(_Default(names))
    return Question(key=key, side=side, seat=seat_, question=text, choices=tuple(spec.choices) or None)


class _Default(dict):
    def __missing__(self, key):
        return "?"


# ---------------------------------------------------------------------------
# Case -> facts
# ---------------------------------------------------------------------------

STAGE_OF = {"before_auction": "before_play", "auction": "before_play", "before_lead": "before_play",
            "play": "during_play", "after_play": "after_play"}
BOARD_FIELDS = ("pockets", "dealing", "wrong_board")


def _offsets(case) -> list:
    out, total = [], 0
    for trick in case.play:
        out.append(total)
        total += len(trick)
    return out + [total]


@fact_producer
def board_facts(table) -> list:
    """What the rules of Laws 6-16, 72-75 and 78 join on (nothing for a case without those fields)."""
    case = table.case
    extra = case.extra
    if case.hands_found is not None and "pockets" not in extra:
        raise CaseError(case.path, "pockets", "missing: deal_found needs pockets.discovered (when the defect was found)")
    facts: list = []
    facts += _answer_facts(case)
    if "pockets" in extra:
        facts += _pocket_facts(table)
    if "dealing" in extra:
        d = extra["dealing"]
        facts.append(Dealing(**{k: _known(d[k], case, k) for k in DEALING_KEYS},
                             at_6d1="6D1" in d["in_question"], at_new_pack="6D2 pack" in d["in_question"],
                             at_repeat="6D2 repeat" in d["in_question"]))
    if "wrong_board" in extra:
        facts += _wrong_board_facts(case)
    if any(k in extra for k in BOARD_FIELDS):
        facts.append(Stationary(side=extra.get("stationary", "NS")))
    if "ui" in extra:
        facts += _ui_facts(extra["ui"], case)
    if "explanation" in extra:
        e = extra["explanation"]
        side = C.side_of(e["by"])
        facts.append(ExplanationFact(call=e["call"], by=e["by"], explained_by=e["explained_by"], side=side,
                                     other=C.other_side(side), agreement=e["agreement"]))
        if e["action"]:
            facts.append(ActionTaken(seat=e["by"], side=side, other=C.other_side(side), action=e["action"]))
    if "irregularity" in extra:
        facts += _irregularity_facts(table)
    facts += _attention_facts(table)
    if "no_result" in extra:
        facts.append(NoResultFact(reason=extra["no_result"]["reason"]))
    if "scoring" in extra:
        s = extra["scoring"]
        facts.append(ScoringMethod(method=s["method"], top=2 * len(s["others"]), others=s["others"]))
    return facts


def _answer_facts(case) -> list:
    out = []
    answers = dict(case.extra.get("answers") or {})
    found = (case.extra.get("no_result") or {}).get("fault")
    if found:  # the case's finding of fault (12C1), as if the director had answered it
        answers["fault"] = {**found, **answers.get("fault", {})}
    for key, value in answers.items():
        if QUESTIONS[key].per_side:
            for side, v in sorted(value.items()):
                out.append(_answer(key, side, v))
        else:
            out.append(_answer(key, None, value))
    return out


def _answer(key, side, value) -> Answer:
    if isinstance(value, tuple):  # a result: (score, how written)
        return Answer(key=key, side=side, value=value[0], text=value[1])
    text = ("yes" if value else "no") if isinstance(value, bool) else str(value)
    return Answer(key=key, side=side, value=value, text=text)


def _calls_by(case) -> dict:
    calls: dict = {}
    for s, call in case.extra.get("auction") or ():
        calls.setdefault(s, []).append(call)
    return calls


def _pocket_facts(table) -> list:
    case = table.case
    p = case.extra["pockets"]
    counts = p["counts"]
    defective = [s for s in C.SEATS if counts[s] != 13]
    stage = STAGE_OF[p["discovered"]]
    facts: list = [PocketState(discovered=p["discovered"], stage=stage, counts=tuple(sorted(counts.items())),
                               defective=len(defective), long=sum(counts[s] > 13 for s in C.SEATS),
                               short=sum(counts[s] < 13 for s in C.SEATS), law14=p["law14"],
                               thirteen_c=(p["discovered"] == "after_play" and any(counts[s] > 13 for s in C.SEATS)
                                           and any(counts[s] < 13 for s in C.SEATS)),
                               record=_known(p["record"], case, "record_available"),
                               played_before=_known(p["played_before"], case, "played_before"))]
    for side in ("NS", "EW"):
        facts.append(SideHands(side=side, other=C.other_side(side),
                               defective=any(C.side_of(s) == side for s in defective)))
    # Who has called holding a defective hand: in a finished auction everyone has called.
    if p["discovered"] == "auction" and "auction" not in case.extra:
        raise CaseError(case.path, "pockets", "discovered during the auction: give the auction so far (auction)")
    calls = _calls_by(case)
    for s in defective:
        if p["discovered"] == "before_auction":
            continue
        made = calls.get(s)
        if p["discovered"] == "auction" and not made:
            continue
        facts.append(CalledOnDefective(seat=s, side=C.side_of(s), other=C.other_side(C.side_of(s)),
                                       count=counts[s], call=made[0] if made else None))
    for by, of, cards in p["seen"]:
        facts.append(CardsSeen(by=by, of=of, cards=cards))
    if p["law14"]:
        seat_ = defective[0]
        trick = entries = None
        if stage == "during_play":
            if p.get("at") is not None:
                trick, entries = p["at"].n if p["at"].phase == 1 else (None, None)
            else:
                trick = len(case.play) + 1 if case.play else None
        facts.append(MissingCard(seat=seat_, card=p["missing"], suit=C.suit_of(p["missing"]) if p["missing"] else None,
                                 found=p["card_found"], stage=stage,
                                 exposed=_known(p["card_exposed"], case, "card_exposed"), trick=trick,
                                 entries=entries or None))
    return facts


def _known(value, case, key):
    """A yes/no fact: as the case gives it, else the director's answer to ``key``, else None (unknown)."""
    if value is not None:
        return value
    return (case.extra.get("answers") or {}).get(key)


def _wrong_board_facts(case) -> list:
    w = case.extra["wrong_board"]
    sides_before = {C.side_of(s) for s in w["played_before"]}
    facts: list = [WrongBoard(board=case.board, correct_board=w["correct_board"], stage=w["discovered"],
                              played_before=tuple(w["played_before"]) or None,
                              any_played_before=bool(w["played_before"]))]
    for side in ("NS", "EW"):
        facts.append(SideBoard(side=side, played_before=side in sides_before))
    for s in w["objections"]:
        facts.append(Objection(seat=s, reluctant=False))
    for s in w["reluctant"]:
        if s not in w["objections"]:
            facts.append(Objection(seat=s, reluctant=True))
    if w["discovered"] == "auction":
        facts.append(_compare_auctions(case.extra["auction"], w["second_auction"]))
    return facts


def _compare_auctions(first, second) -> AuctionComparison:
    """Commentary 15.2: a call differs if its denomination or level differs, or a pass, double or
    redouble comes where the first auction had something else.  Meaning is the director's question."""
    if second is None:
        return AuctionComparison(compared=False, differs=False, detail="the new auction has not been held")
    for i, ((s1, c1), pair2) in enumerate(zip(first, second)):
        s2, c2 = pair2
        if s1 != s2 or call_parts(c1) != call_parts(c2):
            return AuctionComparison(compared=True, differs=True,
                                     detail=f"call {i + 1}: {seat(s2)} {c2} where the first auction had {seat(s1)} {c1}")
    if len(first) != len(second):
        shorter = min(len(first), len(second))
        return AuctionComparison(compared=True, differs=True,
                                 detail=f"the auctions part after {shorter} calls ({len(first)} and {len(second)} calls)")
    return AuctionComparison(compared=True, differs=False, detail="every call matches in denomination and level")


def _ui_facts(u, case) -> list:
    r = u["received_by"]
    side = C.side_of(r)
    receiver_offending = withdrawn_by_offenders = None
    if u["channel"] == "withdrawn":
        receiver_offending = side == u["offending_side"]
        withdrawn_by_offenders = C.side_of(u["by"]) == u["offending_side"]
    facts: list = [InfoEpisode(how=u["how"], channel=u["channel"], by=u["by"], received_by=r, side=side,
                               other=C.other_side(side), by_side=C.side_of(u["by"]) if u["by"] else None,
                               receiver_offending=receiver_offending, withdrawn_by_offenders=withdrawn_by_offenders,
                               reserved_by=u["reserved_by"], disputed=_known(u["disputed"], case, "disputed"),
                               prohibited=_known(u["reservation_prohibited"], case, "reservation_prohibited"),
                               positions_can_change=_known(u["positions_can_change"], case, "positions_can_change"))]
    if u["action"]:
        facts.append(ActionTaken(seat=r, side=side, other=C.other_side(side), action=u["action"]))
    return facts


def _irregularity_facts(table) -> list:
    case = table.case
    ir = case.extra["irregularity"]
    offsets = _offsets(case)
    by = ir["by"]
    side = C.side_of(by)
    lho = C.next_seat(by)
    start = ir["at"].key(offsets)
    ruled = ir["ruled"].key(offsets) if ir["ruled"] else (3, 0, 0)
    called = ir["director_called"].key(offsets) if ir["director_called"] else ruled
    actions = []  # (key, seat, what, position)
    for i, (s, call) in enumerate(case.extra.get("auction") or ()):
        actions.append(((0, i, 1), s, f"called {call}", f"A{i}"))
    for p in table.plays:
        g = offsets[p.trick - 1] + p.index
        actions.append(((1, g, 1), p.seat, f"played {C.card_short(p.card)}", p.at))
    after = [a for a in actions if start < a[0] < ruled]
    lho_acted = any(a[1] == lho for a in after)
    non_offenders_acted = any(C.side_of(a[1]) != side and a[0] < called for a in after)
    att = ir["attention"]
    opt = ir["option"] or {}
    req = ir["request"] or {}
    corrected_early = bool(ir["corrected"]) and ir["corrected"].key(offsets) < ruled
    facts: list = [IrregularityRecord(
        by=by, side=side, other=C.other_side(side), what=ir["what"], at=ir["at"].text,
        attention_by=(att["by"] if att and not att["spectator"] else ("spectator" if att else None)),
        spectator_of=att.get("spectator_of") if att else None, attention=bool(att),
        director_called=ir["director_called"] is not None, lho_acted=lho_acted,
        non_offenders_acted=non_offenders_acted, corrected_early=corrected_early,
        rectified_by=ir["rectified_by"], waived_by=ir["waived_by"], option_by=opt.get("by"),
        consulted_partner=_known(opt.get("consulted_partner"), case, "consulted_partner") if opt else None,
        incorrect_against=ir["incorrect_rectification"],
        incorrect_other=C.other_side(ir["incorrect_rectification"]) if ir["incorrect_rectification"] else None,
        request_by=req.get("by"), request_other=C.other_side(req["by"]) if req else None,
        grounds=req.get("grounds"), players_acted=bool(ir["rectified_by"] or ir["waived_by"]))]
    if att:
        from_key = att["at"].key(offsets)
        seen: set = set()
        for key, s, what, pos in sorted(actions):
            if from_key < key < ruled and s not in seen:
                seen.add(s)
                facts.append(ActionBeforeRuling(seat=s, side=C.side_of(s), action=what, at=pos))
    return facts


def _attention_facts(table) -> list:
    """Who drew attention, in which role, and whether play was still in progress (9A)."""
    out = []
    case = table.case
    ended = table.deemed_moment if case.play else 0
    for e in table.events:
        if e.kind == "attention_drawn":
            by = e.get("by")
            out.append(AttentionFact(by=by, role=table.role(by), asked=e.asked,
                                     asked_role=table.role(e.asked) if e.asked else None,
                                     during_play=e.moment < ended, at=e.at))
    ir = case.extra.get("irregularity")
    if ir and ir["attention"] and ir["attention"]["by"]:
        by = ir["attention"]["by"]
        when = ir["attention"]["at"]
        in_play = when.phase == 1 and case.contract is not None
        role = table.role(by) if case.contract is not None and when.phase == 1 else "player"
        out.append(AttentionFact(by=by, role=role, asked=None, asked_role=None, during_play=in_play, at=when.text))
    return out


# ---------------------------------------------------------------------------
# After the law has ruled: the scores to compare across tables (Law 78)
# ---------------------------------------------------------------------------


@result_fact_producer
def result_facts(ruling) -> list:
    s = ruling.case.extra.get("scoring")
    if not s:
        return []
    artificial = {c.fields["side"] for c in ruling.of_kind("artificial_adjusted_score")}
    assigned = {c.fields["side"]: c.fields["score"] for c in ruling.of_kind("assigned_adjusted_score")}
    cancelled = bool(ruling.of_kind("result_cancelled"))
    facts = []
    for side in ("NS", "EW"):
        if side in artificial:
            continue  # converted by commentary 12.19
        if side in assigned:
            score, basis = assigned[side], "assigned adjusted score (12C2)"
        elif ruling.score is not None and not cancelled and not ruling.of_kind("adjustment_due"):
            score, basis = ruling.score[side], "the result at the table"
        else:
            continue
        others = [o if side == "NS" else -o for o in s["others"]]
        if s["method"] == "matchpoints":
            points, top = matchpoints(score, others)
            facts.append(ScoreComparison(side=side, method="matchpoints", score=score, basis=basis, points=points,
                                         top=top, difference=None))
        elif s["method"] == "imps":
            diff = score - others[0]
            facts.append(ScoreComparison(side=side, method="imps", score=score, basis=basis, points=imps(diff),
                                         top=None, difference=diff))
        else:
            facts.append(ScoreComparison(side=side, method="total_points", score=score, basis=basis, points=score,
                                         top=None, difference=None))
    return facts
