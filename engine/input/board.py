"""Case-file fields for the director's other calls (Laws 6-16, 72-75, 78): parsing and checks.

Every field here is optional and registered with ``caseio.register_case_field``;
docs/board-laws.md documents each one.  A parser returns plain data (tuples
and dicts of checked values) or raises the loader's error naming the field.

The director's answers to the questions the law leaves to him live in the
``answers`` block; ``QUESTIONS`` is the catalogue of those questions (the key
a case or ``python cli.py consult`` answers, its kind of answer, its clause).
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.input.caseio import register_case_field
from engine.input.results import METHODS, parse_result
from engine.notation import cards as C

# ---------------------------------------------------------------------------
# Small parsers
# ---------------------------------------------------------------------------

_CALL = re.compile(r"^([1-7])(C|D|H|S|NT|N)$")
PASS_WORDS = {"P": "Pass", "PASS": "Pass", "-": "Pass"}
DOUBLE_WORDS = {"X": "X", "DBL": "X", "D": "X", "XX": "XX", "RDBL": "XX", "R": "XX"}


def parse_call(value) -> str:
    """A call: Pass (P), X, XX, or a bid such as 1NT, 4S."""
    text = str(value).strip().upper().replace(" ", "")
    if text in PASS_WORDS:
        return PASS_WORDS[text]
    if text in DOUBLE_WORDS:
        return DOUBLE_WORDS[text]
    m = _CALL.match(text)
    if not m:
        raise C.NotationError(f"{value!r} is not a call (Pass or P, X, XX, or a bid such as 1C, 3NT)")
    return m.group(1) + ("NT" if m.group(2) in ("NT", "N") else m.group(2))


def call_parts(call: str) -> tuple:
    """(level, denomination) of a bid; (None, call) for Pass, X and XX."""
    if call[0].isdigit():
        return int(call[0]), call[1:]
    return None, call


def _yes_no(value):
    """True for yes, False for no, None for anything else."""
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    return True if text in ("yes", "y", "true") else False if text in ("no", "n", "false") else None


def _bool(value, where, err):
    answer = _yes_no(value)
    if answer is None:
        raise err(where, f"{value!r} is not yes or no")
    return answer


UNKNOWN_WORDS = ("unknown", "?", "not known")


def _tri(value, where, err):
    """yes, no or unknown (None): for a fact the case may not know (absent means unknown)."""
    if value is None or (isinstance(value, str) and value.strip().lower() in UNKNOWN_WORDS):
        return None
    answer = _yes_no(value)
    if answer is None:
        raise err(where, f"{value!r} is not yes, no or unknown")
    return answer


def _seat(value, where, err):
    try:
        return C.parse_seat(value)
    except C.NotationError as exc:
        raise err(where, str(exc))


def _side(value, where, err):
    try:
        return C.parse_side(value)
    except C.NotationError as exc:
        raise err(where, str(exc))


def _seats(value, where, err) -> tuple:
    if not isinstance(value, list):
        raise err(where, f"{value!r} is not a list of seats")
    out = tuple(_seat(v, f"{where}[{i + 1}]", err) for i, v in enumerate(value))
    if len(set(out)) != len(out):
        raise err(where, "a seat is listed twice")
    return out


def _choice(value, where, err, choices):
    text = str(value).strip().lower()
    if text not in choices:
        raise err(where, f"{value!r} is not one of: {', '.join(choices)}")
    return text


def _mapping(value, where, err, allowed, required=()):
    if not isinstance(value, dict):
        raise err(where, f"a mapping with {', '.join(sorted(allowed))}")
    for key in value:
        if str(key) not in allowed:
            raise err(f"{where}.{key}", f"unknown field (allowed: {', '.join(sorted(allowed))})")
    for key in required:
        if value.get(key) is None:
            raise err(where, f"missing {key}")
    return value


# ---------------------------------------------------------------------------
# Positions across the auction and the play: A<n> (after n calls), T<t>.<k>, end
# ---------------------------------------------------------------------------

_AUCTION_POSITION = re.compile(r"^[Aa](\d{1,3})$")


@dataclass(frozen=True)
class When:
    """A moment of the board: after ``n`` calls (phase 0), at a play position (phase 1), or the end (phase 2)."""

    phase: int
    n: int
    text: str

    def key(self, offsets) -> tuple:
        """An ordering key; an event at a position comes before the call or card made there.

        ``offsets[t - 1]`` is the number of entries before trick t (one more item: the total).
        """
        if self.phase == 0:
            return (0, self.n, 0)
        if self.phase == 2:
            return (2, 0, 0)
        t, k = self.n
        return (1, offsets[t - 1] + k, 0)


def parse_when(value, where, err, case) -> When:
    text = str(value).strip()
    m = _AUCTION_POSITION.match(text)
    if m:
        n = int(m.group(1))
        calls = len(case.extra.get("auction") or ())
        if n > calls and "auction" in case.extra:
            raise err(where, f"{text}: the auction has only {calls} calls")
        return When(0, n, f"A{n}")
    from engine.input.caseio import parse_position
    try:
        pos = parse_position(text)
    except C.NotationError as exc:
        raise err(where, f"{exc}; or A<n>, after n calls of the auction")
    if pos.end:
        return When(2, 0, "end")
    tricks = len(case.play)
    if pos.trick > tricks + 1 or (pos.trick == tricks + 1 and pos.k != 0) or \
            (pos.trick <= tricks and pos.k > len(case.play[pos.trick - 1])):
        raise err(where, f"{text} is not in the play record ({tricks} tricks)")
    return When(1, (pos.trick, pos.k), str(pos))


# ---------------------------------------------------------------------------
# The fields
# ---------------------------------------------------------------------------


class Auction(tuple):
    """The calls ``(seat, call)`` from the dealer; ``annotations[i]`` holds call i's alert and note."""

    annotations: tuple = ()


CALL_KEYS = {"call", "alert", "note", "seat"}


def parse_auction(value, err, case, where="auction") -> tuple:
    """Calls from the dealer: 'P', '1S', '2C!' (alerted), 'SEAT:CALL' for a call out of rotation (rotation
    continues from it), or a mapping {call, alert, note, seat} (seat only for a call out of rotation)."""
    if not isinstance(value, list):
        raise err(where, "a list of calls from the dealer, e.g. [1S, P, 2H, P]")
    if case.dealer is None:
        raise err(where, "the auction starts with the dealer: give board or dealer")
    out, notes = [], []
    seat = C.next_seat(case.dealer, -1)
    for i, item in enumerate(value):
        at = f"{where}[{i + 1}]"
        alert, note = False, None
        if isinstance(item, dict) and "call" in item:
            unknown = sorted(set(map(str, item)) - CALL_KEYS)
            if unknown:
                raise err(f"{at}.{unknown[0]}", f"unknown field (allowed: {', '.join(sorted(CALL_KEYS))})")
            text = str(item["call"])
            alert = _bool(item["alert"], f"{at}.alert", err) if item.get("alert") is not None else False
            note = str(item["note"]).strip() or None if item.get("note") is not None else None
            if item.get("seat") is not None:
                text = f"{item['seat']}:{text}"
        elif isinstance(item, dict) and len(item) == 1:
            (s, call), = item.items()
            text = f"{s}:{call}"
        else:
            text = str(item)
        text = text.strip()
        if text.endswith("!"):
            alert, text = True, text[:-1].strip()
        if ":" in text:
            s, call = text.split(":", 1)
            seat = _seat(s, at, err)
        else:
            seat, call = C.next_seat(seat), text
        try:
            out.append((seat, parse_call(call)))
        except C.NotationError as exc:
            raise err(at, str(exc))
        notes.append({"alert": alert, "note": note})
    auction = Auction(out)
    auction.annotations = tuple(notes)
    return auction


def parse_players(value, err, case) -> dict:
    """The players' names: {N: name, E: name, S: name, W: name} (any of the four)."""
    if not isinstance(value, dict):
        raise err("players", "a mapping of seats to names, e.g. {N: Smith, E: Jones, S: Brown, W: Green}")
    out = {}
    for key, name in value.items():
        seat = _seat(key, f"players.{key}", err)
        if name is None or not str(name).strip():
            raise err(f"players.{key}", "a name")
        out[seat] = str(name).strip()
    return out


STAGES = ("before_auction", "auction", "before_lead", "play", "after_play")
FOUND = ("among_played", "elsewhere", "not_found")
POCKET_KEYS = {"discovered", "at", "counts", "record", "played_before", "seen", "card_found", "card_exposed", "missing"}


def parse_pockets(value, err, case) -> dict:
    _mapping(value, "pockets", err, POCKET_KEYS, required=("discovered",))
    out = {"discovered": _choice(value["discovered"], "pockets.discovered", err, STAGES)}
    if case.hands_found is not None:
        counts = {s: len(case.hands_found[s]) for s in C.SEATS}
    else:
        counts = None
    if value.get("counts") is not None:
        raw = _mapping(value["counts"], "pockets.counts", err, set(C.SEATS) | {"n", "e", "s", "w"})
        given = {}
        for k, v in raw.items():
            s = _seat(k, f"pockets.counts.{k}", err)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 52:
                raise err(f"pockets.counts.{k}", f"{v!r} is not a number of cards")
            given[s] = v
        if set(given) != set(C.SEATS):
            raise err("pockets.counts", "give the count for all four pockets (N, E, S, W)")
        if counts is not None and counts != given:
            raise err("pockets.counts", f"{given} disagrees with deal_found ({counts})")
        counts = given
    if counts is None:
        raise err("pockets", "give the pockets as found: deal_found (cards) or pockets.counts")
    if sum(counts.values()) > 52:
        raise err("pockets.counts", f"{sum(counts.values())} cards; a pack has 52 (use the counts actually found)")
    if all(n == 13 for n in counts.values()):
        raise err("pockets", "every pocket holds 13 cards: nothing for Laws 13-14 (leave pockets out)")
    out["counts"] = counts
    if value.get("at") is not None:
        if out["discovered"] != "play":
            raise err("pockets.at", "only a discovery during play has a position")
        out["at"] = parse_when(value["at"], "pockets.at", err, case)
    for key in ("record", "played_before", "card_exposed"):  # unknown unless the case says (answers may settle it)
        out[key] = _tri(value.get(key), f"pockets.{key}", err)
    seen = []
    if value.get("seen") is not None and not isinstance(value["seen"], list):
        raise err("pockets.seen", f"{value['seen']!r} is not a list of {{by, of, cards}} (who saw whose cards)")
    for i, item in enumerate(value.get("seen") or []):
        at = f"pockets.seen[{i + 1}]"
        _mapping(item, at, err, {"by", "of", "cards"}, required=("by", "of"))
        by, of = _seat(item["by"], f"{at}.by", err), _seat(item["of"], f"{at}.of", err)
        if by == of:
            raise err(at, "a player seeing his own cards is not Law 13B")
        cards = ()
        if item.get("cards") is not None:
            if not isinstance(item["cards"], list):
                raise err(f"{at}.cards", "a list of cards")
            try:
                cards = tuple(C.parse_card(c) for c in item["cards"])
            except C.NotationError as exc:
                raise err(f"{at}.cards", str(exc))
        seen.append((by, of, cards))
    out["seen"] = tuple(seen)
    short = [s for s in C.SEATS if counts[s] < 13]
    long = [s for s in C.SEATS if counts[s] > 13]
    out["law14"] = len(short) == 1 and not long
    if value.get("card_found") is not None:
        if not out["law14"]:
            raise err("pockets.card_found", "a missing card (Law 14) needs exactly one short hand and three of 13")
        out["card_found"] = _choice(value["card_found"], "pockets.card_found", err, FOUND)
        if out["card_found"] == "among_played" and out["discovered"] != "play":
            raise err("pockets.card_found", "among_played: cards are played only during play")
    else:
        out["card_found"] = None
    missing = None
    if value.get("missing") is not None:
        try:
            missing = C.parse_card(value["missing"])
        except C.NotationError as exc:
            raise err("pockets.missing", str(exc))
    if out["law14"] and case.hands_found is not None and case.raw.get("deal") is not None:
        seat = short[0]
        gone = sorted(set(case.hands[seat]) - set(case.hands_found[seat]))
        if len(gone) != 1:
            raise err("deal_found", f"{C.SEAT_NAMES[seat]}'s pocket should miss one card of the deal; it misses {len(gone)}")
        if missing is not None and missing != gone[0]:
            raise err("pockets.missing", f"the deal and deal_found say the missing card is {C.card_short(gone[0])}")
        missing = gone[0]
    out["missing"] = missing
    return out


DEALING_KEYS = ("misdealt", "face_seen", "before_last_card", "shuffled", "new_pack", "deal_used_before")
# Which clause each field belongs to: a clause is "in question" when the case gives one of its conditions as
# holding (the value in POINTS) or writes one of its fields as unknown; only then does an unknown condition of
# that clause become a question for the director (an unknown field of a clause nothing points at stays silent).
DEALING_CLAUSE = {"misdealt": "6D1", "face_seen": "6D1", "before_last_card": "6D1",
                  "shuffled": "6D2 pack", "new_pack": "6D2 pack", "deal_used_before": "6D2 repeat"}
POINTS = {"misdealt": True, "face_seen": True, "before_last_card": True, "shuffled": False, "new_pack": True,
          "deal_used_before": True}


def parse_dealing(value, err, case) -> dict:
    """Each field yes, no or unknown (absent: unknown).  ``in_question`` names the clauses (6D1, the new
    pack of 6D2, the repeated deal of 6D2) the case points at; unknown conditions of those are asked."""
    _mapping(value, "dealing", err, set(DEALING_KEYS))
    out = {k: _tri(value.get(k), f"dealing.{k}", err) for k in DEALING_KEYS}
    explicit_unknown = {k for k in DEALING_KEYS if k in value and out[k] is None}
    out["in_question"] = tuple(sorted({DEALING_CLAUSE[k] for k in DEALING_KEYS
                                       if out[k] is POINTS[k] or k in explicit_unknown}))
    if not out["in_question"]:
        raise err("dealing", "no dealing irregularity given (misdealt, face_seen, before_last_card, shuffled: false, "
                             "new_pack, deal_used_before; or a field written as unknown for the director to decide)")
    return out


WRONG_BOARD_KEYS = {"discovered", "correct_board", "played_before", "objections", "reluctant", "second_auction"}


def parse_wrong_board(value, err, case) -> dict:
    _mapping(value, "wrong_board", err, WRONG_BOARD_KEYS, required=("discovered",))
    out = {"discovered": _choice(value["discovered"], "wrong_board.discovered", err, ("auction", "play", "after_play"))}
    cb = value.get("correct_board")
    if cb is not None and (isinstance(cb, bool) or not isinstance(cb, int) or cb < 1):
        raise err("wrong_board.correct_board", f"{cb!r} is not a board number")
    if cb is not None and case.board is not None and cb == case.board:
        raise err("wrong_board.correct_board", f"board {cb} is the board played; the correct board is another")
    out["correct_board"] = cb
    for key in ("played_before", "objections", "reluctant"):
        out[key] = _seats(value[key], f"wrong_board.{key}", err) if value.get(key) is not None else ()
    if out["discovered"] != "auction":
        for key in ("objections", "reluctant", "second_auction"):
            if value.get(key) is not None:
                raise err(f"wrong_board.{key}", "only when the wrong board is discovered during the auction (15C)")
    out["second_auction"] = None
    if value.get("second_auction") is not None:
        if "auction" not in case.extra:
            raise err("wrong_board.second_auction", "give the first auction too (auction)")
        out["second_auction"] = parse_auction(value["second_auction"], err, case, "wrong_board.second_auction")
    if out["discovered"] == "auction" and "auction" not in case.extra:
        raise err("wrong_board", "discovered during the auction: give the auction so far (auction)")
    return out


LEGAL_HOWS = ("call", "play")
PARTNER_HOWS = ("remark", "question", "answer", "hesitation", "speed", "emphasis", "tone", "gesture", "movement",
                "mannerism", "convention_card", "alert", "explanation")
ACCIDENTAL_HOWS = ("wrong_hand", "overheard", "other_table", "card_seen")
WITHDRAWN_HOWS = ("withdrawn_call", "withdrawn_play")
HOWS = LEGAL_HOWS + PARTNER_HOWS + ACCIDENTAL_HOWS + WITHDRAWN_HOWS
UI_KEYS = {"how", "by", "received_by", "action", "offending_side", "reserved_by", "disputed",
           "reservation_prohibited", "positions_can_change", "call"}
# ui.how values for a pause, which comes before the pausing player's own call
UI_BEFORE_OWN_CALL = ("hesitation", "speed")


def parse_ui(value, err, case) -> dict:
    _mapping(value, "ui", err, UI_KEYS, required=("how", "received_by"))
    how = _choice(value["how"], "ui.how", err, HOWS)
    out = {"how": how, "received_by": _seat(value["received_by"], "ui.received_by", err)}
    r = out["received_by"]
    by = _seat(value["by"], "ui.by", err) if value.get("by") is not None else None
    if how in ACCIDENTAL_HOWS:
        if by is not None:
            raise err("ui.by", f"{how} is information come upon by accident (16B): nobody gave it")
        channel = "accidental"
    else:
        if by is None:
            raise err("ui", f"{how} needs by (the seat whose call, play, remark or manner it was)")
        if by == r and how not in WITHDRAWN_HOWS:
            raise err("ui.by", "the player who received the information cannot be the one who gave it")
        if how in LEGAL_HOWS:
            channel = "legal"
        elif how in WITHDRAWN_HOWS:
            channel = "withdrawn"
        else:
            channel = "partner" if C.side_of(by) == C.side_of(r) else "opponent"
    out.update(by=by, channel=channel, action=str(value["action"]) if value.get("action") is not None else None)
    if channel == "withdrawn":
        if value.get("offending_side") is None:
            raise err("ui", "a withdrawn call or play needs offending_side (the side whose infraction led to it, 16C)")
        out["offending_side"] = _side(value["offending_side"], "ui.offending_side", err)
    elif value.get("offending_side") is not None:
        raise err("ui.offending_side", "only for a withdrawn call or play (16C)")
    else:
        out["offending_side"] = None
    out["reserved_by"] = None
    if value.get("reserved_by") is not None:
        res = _seat(value["reserved_by"], "ui.reserved_by", err)
        if channel != "partner":
            raise err("ui.reserved_by", "a player reserves his rights when an opponent gave his partner information (16A1)")
        if C.side_of(res) == C.side_of(by):
            raise err("ui.reserved_by", "only an opponent of the side that gave the information reserves rights (16A1)")
        out["reserved_by"] = res
    for key in ("disputed", "reservation_prohibited"):  # unknown unless the case says (answers may settle it)
        out[key] = _tri(value.get(key), f"ui.{key}", err)
        if out[key] and out["reserved_by"] is None:
            raise err(f"ui.{key}", "only with reserved_by (16A1)")
    out["positions_can_change"] = _tri(value.get("positions_can_change"), "ui.positions_can_change", err)
    if value.get("positions_can_change") is not None and channel != "accidental":
        raise err("ui.positions_can_change", "only for information come upon by accident (16B1)")
    out["call"] = _ui_call(value.get("call"), how, by, err, case)
    return out


def _ui_call(value, how: str, by, err, case) -> int | None:
    """ui.call: the number of the call, counted from the dealer's first, that the information came with
    (for a pause, the call the player made after it); the views mark the episode there."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise err("ui.call", f"{value!r} is not a call number (1 is the dealer's first call)")
    calls = case.extra.get("auction")
    if not calls:
        raise err("ui.call", "give the auction too (auction): the call is counted in it")
    if not 1 <= value <= len(calls):
        raise err("ui.call", f"{value}: the auction has {len(calls)} call(s)")
    seat_of_call = calls[value - 1][0]
    if how in UI_BEFORE_OWN_CALL and by is not None and seat_of_call != by:
        raise err("ui.call", f"call {value} is {C.SEAT_NAMES[seat_of_call]}'s: a {how} comes before the "
                             f"{C.SEAT_NAMES[by]}'s own call (ui.by)")
    return value


EXPLANATION_KEYS = {"call", "by", "explained_by", "agreement", "action"}


def parse_explanation(value, err, case) -> dict:
    _mapping(value, "explanation", err, EXPLANATION_KEYS, required=("call", "by", "explained_by"))
    out = {"by": _seat(value["by"], "explanation.by", err),
           "explained_by": _seat(value["explained_by"], "explanation.explained_by", err)}
    try:
        out["call"] = parse_call(value["call"])
    except C.NotationError as exc:
        raise err("explanation.call", str(exc))
    if out["explained_by"] != C.partner(out["by"]):
        raise err("explanation.explained_by", "the explanation Law 75 is about is given by the caller's partner")
    out["agreement"] = (_choice(value["agreement"], "explanation.agreement", err, ("explanation", "call", "unknown"))
                        if value.get("agreement") is not None else "unknown")
    out["action"] = str(value["action"]) if value.get("action") is not None else None
    if "ui" in case.extra:
        raise err("explanation", "one information episode per case: this case already has ui")
    return out


IRREGULARITY_KEYS = {"by", "what", "at", "attention", "director_called", "ruled", "corrected", "rectified_by",
                     "waived_by", "option", "incorrect_rectification", "request"}
GROUNDS = ("severe", "advantageous", "no_redress")


def parse_irregularity(value, err, case) -> dict:
    _mapping(value, "irregularity", err, IRREGULARITY_KEYS, required=("by", "at"))
    out = {"by": _seat(value["by"], "irregularity.by", err), "what": str(value.get("what") or "an irregularity"),
           "at": parse_when(value["at"], "irregularity.at", err, case)}
    out["attention"] = None
    if value.get("attention") is not None:
        att = _mapping(value["attention"], "irregularity.attention", err, {"by", "at", "spectator_of"},
                       required=("by", "at"))
        spectator = str(att["by"]).strip().lower() == "spectator"
        a = {"by": None if spectator else _seat(att["by"], "irregularity.attention.by", err),
             "spectator": spectator,
             "at": parse_when(att["at"], "irregularity.attention.at", err, case)}
        if spectator:
            if att.get("spectator_of") is None:
                raise err("irregularity.attention", "a spectator needs spectator_of (the side responsible for him, 11C)")
            a["spectator_of"] = _side(att["spectator_of"], "irregularity.attention.spectator_of", err)
        elif att.get("spectator_of") is not None:
            raise err("irregularity.attention.spectator_of", "only when by is spectator")
        out["attention"] = a
    for key in ("director_called", "ruled", "corrected"):
        out[key] = parse_when(value[key], f"irregularity.{key}", err, case) if value.get(key) is not None else None
    for key in ("rectified_by", "waived_by"):
        out[key] = _seat(value[key], f"irregularity.{key}", err) if value.get(key) is not None else None
    out["option"] = None
    if value.get("option") is not None:
        opt = _mapping(value["option"], "irregularity.option", err, {"by", "consulted_partner"}, required=("by",))
        out["option"] = {"by": _seat(opt["by"], "irregularity.option.by", err),
                         "consulted_partner": _tri(opt.get("consulted_partner"),
                                                   "irregularity.option.consulted_partner", err)}
    out["incorrect_rectification"] = (_side(value["incorrect_rectification"], "irregularity.incorrect_rectification", err)
                                      if value.get("incorrect_rectification") is not None else None)
    out["request"] = None
    if value.get("request") is not None:
        req = _mapping(value["request"], "irregularity.request", err, {"by", "grounds"}, required=("by", "grounds"))
        out["request"] = {"by": _side(req["by"], "irregularity.request.by", err),
                          "grounds": _choice(req["grounds"], "irregularity.request.grounds", err, GROUNDS)}
    return out


def parse_scoring(value, err, case) -> dict:
    _mapping(value, "scoring", err, {"method", "others"}, required=("method",))
    method = _choice(value["method"], "scoring.method", err, METHODS)
    others = value.get("others") or []
    if not isinstance(others, list):
        raise err("scoring.others", "a list of NS scores at the other tables")
    clean = []
    for i, o in enumerate(others):
        if isinstance(o, bool) or not isinstance(o, int) or o % 10:
            raise err(f"scoring.others[{i + 1}]", f"{o!r} is not a bridge score (a multiple of 10, NS's score)")
        clean.append(o)
    if method in ("matchpoints", "imps") and not clean:
        raise err("scoring.others", f"{method} compare this table with others: give their NS scores")
    if method == "imps" and len(clean) != 1:
        raise err("scoring.others", f"IMPs compare the two tables of a match: give one score, not {len(clean)}")
    needs_result = not case.play and case.result is None and not any(
        k in case.raw for k in ("pockets", "deal_found", "dealing", "wrong_board", "ui", "explanation", "irregularity",
                                "no_result"))
    if needs_result:
        raise err("scoring", "needs this table's result: give result (with contract and declarer) or play")
    return {"method": method, "others": tuple(clean)}


NO_RESULT_KEYS = {"reason", "fault"}


def parse_no_result(value, err, case) -> dict:
    """Law 12C1: no result can be obtained on the board; optionally why, and each side's fault."""
    if value is True:
        value = {}
    if value is False or value is None:
        raise err("no_result", "true, or a mapping with reason and fault (leave the field out when a result stands)")
    _mapping(value, "no_result", err, NO_RESULT_KEYS)
    reason = value.get("reason")
    if reason is not None and (not isinstance(reason, str) or not reason.strip()):
        raise err("no_result.reason", f"{reason!r} is not a description (text)")
    fault = {}
    if value.get("fault") is not None:
        if not isinstance(value["fault"], dict):
            raise err("no_result.fault", "a mapping by side, e.g. {NS: none, EW: direct}")
        for s, v in value["fault"].items():
            side = _side(s, f"no_result.fault.{s}", err)
            fault[side] = _choice(v, f"no_result.fault.{s}", err, FAULTS)
    return {"reason": reason.strip() if reason else None, "fault": fault}


def parse_stationary(value, err, case) -> str:
    return _side(value, "stationary", err)


# ---------------------------------------------------------------------------
# Questions for the director and the answers block
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class QuestionSpec:
    key: str
    kind: str  # yesno, fault, result, choice
    law: str
    choices: tuple = ()
    per_side: bool = False


YESNO = ("yes", "no")
FAULTS = ("direct", "partial", "none")
REMEDIES = ("exchange", "substitute", "adjusted")

QUESTIONS = {q.key: q for q in (
    QuestionSpec("ui_from_partner", "yesno", "16A", YESNO),
    QuestionSpec("manner_shown", "yesno", "commentary 16.3(c)", YESNO),
    QuestionSpec("arises_from_deal", "yesno", "commentary 16.3(c)", YESNO),
    QuestionSpec("differs_from_usual", "yesno", "commentary 16.3(c)", YESNO),
    QuestionSpec("conveys_information", "yesno", "commentary 16.3(c)", YESNO),
    QuestionSpec("logical_alternative", "yesno", "16A", YESNO),
    QuestionSpec("suggested", "yesno", "16A", YESNO),
    QuestionSpec("damaged", "yesno", "16A2", YESNO),
    QuestionSpec("false_inference", "yesno", "73F2", YESNO),
    QuestionSpec("could_know_benefit", "yesno", "73F2", YESNO),
    QuestionSpec("misinformation_damaged", "yesno", "75", YESNO),
    QuestionSpec("information_interferes", "yesno", "16B", YESNO),
    QuestionSpec("all_agree", "yesno", "13B1", YESNO),
    QuestionSpec("record_available", "yesno", "13A1", YESNO),
    QuestionSpec("played_before", "yesno", "13A2", YESNO),
    QuestionSpec("card_exposed", "yesno", "14B3", YESNO),
    QuestionSpec("misdealt", "yesno", "6D1", YESNO),
    QuestionSpec("face_seen", "yesno", "6D1", YESNO),
    QuestionSpec("before_last_card", "yesno", "6D1", YESNO),
    QuestionSpec("new_pack", "yesno", "6D2", YESNO),
    QuestionSpec("shuffled", "yesno", "6D2", YESNO),
    QuestionSpec("deal_used_before", "yesno", "6D2", YESNO),
    QuestionSpec("reservation_prohibited", "yesno", "16A1", YESNO),
    QuestionSpec("disputed", "yesno", "16A1", YESNO),
    QuestionSpec("positions_can_change", "yesno", "16B1", YESNO),
    QuestionSpec("consulted_partner", "yesno", "10C2", YESNO),
    QuestionSpec("remedy", "choice", "16B", REMEDIES),
    QuestionSpec("meaning_differs", "yesno", "commentary 15.2", YESNO),
    QuestionSpec("could_have_gained", "yesno", "11A", YESNO),
    QuestionSpec("spectator_forfeit", "yesno", "11C", YESNO),
    QuestionSpec("players_action_stands", "yesno", "10B", YESNO),
    QuestionSpec("no_indemnity", "yesno", "12A1", YESNO),
    QuestionSpec("concealment", "yesno", "72B3", YESNO),
    QuestionSpec("fault", "fault", "12C1", FAULTS, per_side=True),
    QuestionSpec("assigned", "result", "12C2", (), per_side=True),
)}


def answer_value(spec: QuestionSpec, value, where: str, err, case, side: str | None = None):
    """The checked answer: True/False, a fault degree, a choice, or (score, text) for a result."""
    if spec.kind == "yesno":
        return _bool(value, where, err)
    if spec.kind in ("fault", "choice"):
        return _choice(value, where, err, spec.choices)
    try:
        return parse_result(value, side, case.vulnerable if case.vulnerable_known else None)
    except C.NotationError as exc:
        raise err(where, str(exc))


def parse_answers(value, err, case) -> dict:
    """{key: value} or, for per-side questions, {key: {NS: value, EW: value}}."""
    if not isinstance(value, dict):
        raise err("answers", "a mapping of question keys to the director's answers")
    out: dict = {}
    for key, raw in value.items():
        where = f"answers.{key}"
        spec = QUESTIONS.get(str(key))
        if spec is None:
            raise err(where, f"unknown question (known: {', '.join(sorted(QUESTIONS))})")
        if spec.per_side:
            if not isinstance(raw, dict):
                raise err(where, "a mapping by side, e.g. {NS: ..., EW: ...}")
            sides = {}
            for s, v in raw.items():
                side = _side(s, f"{where}.{s}", err)
                sides[side] = answer_value(spec, v, f"{where}.{s}", err, case, side)
            out[spec.key] = sides
        else:
            out[spec.key] = answer_value(spec, raw, where, err, case)
    for side, degree in ((case.extra.get("no_result") or {}).get("fault") or {}).items():
        given = (out.get("fault") or {}).get(side)
        if given is not None and given != degree:
            raise err(f"answers.fault.{side}", f"{given}, but no_result.fault gives {degree} for {side}")
    ui = case.extra.get("ui")
    if out.get("remedy") == "exchange" and not (ui and ui["positions_can_change"] is not False
                                                and (ui["positions_can_change"] or out.get("positions_can_change"))):
        raise err("answers.remedy", "exchange (16B1) needs ui.positions_can_change: true "
                                    "(or, when the case leaves it unknown, answers.positions_can_change: yes)")
    return out


# Registration order matters: later parsers read earlier fields (auction before positions).
register_case_field("auction", parse_auction, allows_no_play=True)  # a passed-out board has no play
register_case_field("players", parse_players, allows_no_play=False)
register_case_field("stationary", parse_stationary)
register_case_field("pockets", parse_pockets, allows_no_play=True)
register_case_field("dealing", parse_dealing, allows_no_play=True)
register_case_field("wrong_board", parse_wrong_board, allows_no_play=True)
register_case_field("ui", parse_ui, allows_no_play=True)
register_case_field("explanation", parse_explanation, allows_no_play=True)
register_case_field("irregularity", parse_irregularity, allows_no_play=True)
register_case_field("no_result", parse_no_result, allows_no_play=True)
register_case_field("scoring", parse_scoring, allows_no_play=True)
register_case_field("answers", parse_answers)
