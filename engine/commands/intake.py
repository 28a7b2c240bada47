"""The director's intake on the page: a case built entry by entry, ruled after each one.

The page keeps a *draft*: the case as a director enters it at the table (the
deal, the board number, the auction call by call with what was marked at each
call, the cards played in order, events at the current moment, the director's
answers).  ``rule_draft`` turns it into a case-file mapping (the casebook
format, docs/board-laws.md and the contract), reads it with the same loader
as a case file (so every problem is a ``CaseError`` naming the field), rules
it, and adds what the page needs to offer the next entry: whose turn it is,
the cards he holds and which of them are legal, the position for an event.
``case_yaml`` writes the case file (with an ``expect`` block from the ruling
on request, so that ``validate`` on the saved file passes); ``case_pbn`` a
PBN game.

Nothing here touches the served folders; every input is bounded.
"""
from __future__ import annotations

import re

import yaml

from engine.notation import cards as C
from engine.input.caseio import CaseError, case_from_data
from engine.explain.auction import auction_notes, auction_view
from engine.explain.ruling import rule_case

WHERE = "the case on the page"
MAX_CALLS = 120  # far more than any auction (at most 319 legal calls in theory; the page is for real ones)
MAX_ENTRIES = 80  # 52 cards and the corrections and refused leads a record can hold
MAX_EVENTS = 60
MAX_TEXT = 2000
DRAFT_KEYS = {"id", "title", "source", "board", "dealer", "vulnerable", "deal", "players", "auction", "contract",
              "declarer", "play", "result", "events", "answers", "ui", "notes", "player_class", "published"}
NO_PLAY_FIELDS = ("ui", "pockets", "dealing", "wrong_board", "explanation", "irregularity", "scoring", "deal_found")
UI_HOWS_AT_A_CALL = {"hesitation": "hesitation", "remark": "remark", "gesture": "gesture", "question": "question"}


STRAIN_ORDER = ("C", "D", "H", "S", "NT")


def bid_rank(call: str) -> int | None:
    """Bids ordered 1C < 1D < ... < 7NT; None for Pass, X and XX."""
    if not call or not call[0].isdigit() or call[1:] not in STRAIN_ORDER:
        return None
    return (int(call[0]) - 1) * 5 + STRAIN_ORDER.index(call[1:])


def _err(where: str, problem: str) -> CaseError:
    return CaseError(WHERE, where, problem)


def _text(value, where: str, limit: int = MAX_TEXT) -> str:
    if isinstance(value, (dict, list)):
        raise _err(where, "text expected")
    text = str(value)
    if len(text) > limit:
        raise _err(where, f"too long ({len(text)} characters; at most {limit})")
    return text


# ---------------------------------------------------------------------------
# The draft as a case file
# ---------------------------------------------------------------------------


def draft_calls(draft: dict) -> list:
    """The auction of the draft as [{seat, call, alert, note, marks}], checked for shape."""
    calls = draft.get("auction") or []
    if not isinstance(calls, list):
        raise _err("auction", "a list of calls")
    if len(calls) > MAX_CALLS:
        raise _err("auction", f"{len(calls)} calls; at most {MAX_CALLS}")
    out = []
    for i, c in enumerate(calls):
        where = f"auction[{i + 1}]"
        if not isinstance(c, dict) or "call" not in c or "seat" not in c:
            raise _err(where, "a call with its seat ({seat: N, call: 1S})")
        try:
            seat = C.parse_seat(c["seat"])
        except C.NotationError as exc:
            raise _err(f"{where}.seat", str(exc))
        marks = c.get("marks") or []
        if not isinstance(marks, list) or len(marks) > 8:
            raise _err(f"{where}.marks", "a short list of marks")
        out.append({"seat": seat, "call": _text(c["call"], f"{where}.call", 8), "alert": bool(c.get("alert")),
                    "note": _text(c["note"], f"{where}.note", 300) if c.get("note") else None,
                    "marks": [_text(m, f"{where}.marks", 20) for m in marks]})
    return out


def case_data(draft) -> dict:
    """The case-file mapping for a draft (not yet checked by the loader)."""
    if not isinstance(draft, dict):
        raise _err("", "the case is a mapping (deal, board, auction, play, events)")
    unknown = sorted(set(map(str, draft)) - DRAFT_KEYS)
    if unknown:
        raise _err(unknown[0], f"unknown field (allowed: {', '.join(sorted(DRAFT_KEYS))})")
    data: dict = {"id": _case_id(draft.get("id")), "title": _text(draft.get("title") or "", "title", 300)}
    if draft.get("source"):
        data["source"] = _text(draft["source"], "source", 300)
    for key in ("board", "dealer", "vulnerable", "deal"):
        if draft.get(key) not in (None, ""):
            data[key] = draft[key] if key == "board" else _text(draft[key], key, 200)
    players = draft.get("players")
    if isinstance(players, dict) and any(str(v or "").strip() for v in players.values()):
        data["players"] = {str(k): _text(v, f"players.{k}", 80).strip() for k, v in players.items()
                           if str(v or "").strip()}
    calls = draft_calls(draft)
    ui, ui_call = (draft.get("ui"), None) if draft.get("ui") else _ui_from_marks(calls)
    if calls:
        dealer = data.get("dealer") or (_dealer_of(data.get("board")))
        data["auction"] = _auction_items(calls, dealer, ui_call)
    if draft.get("contract"):
        data["contract"] = _text(draft["contract"], "contract", 8)
        data["declarer"] = _text(draft.get("declarer") or "", "declarer", 2)
    play = draft.get("play")
    if play:
        if not isinstance(play, list) or len(play) > 20 or sum(len(t) if isinstance(t, list) else 1 for t in play) > MAX_ENTRIES:
            raise _err("play", f"a list of tricks, at most {MAX_ENTRIES} cards in all")
        data["play"] = play
    elif data.get("contract"):
        data["play"] = []
    events = draft.get("events") or []
    if not isinstance(events, list) or len(events) > MAX_EVENTS:
        raise _err("events", f"a list of at most {MAX_EVENTS} events")
    if events:
        data["events"] = events
    if ui:
        data["ui"] = ui
    if draft.get("answers"):
        data["answers"] = draft["answers"]
    if draft.get("notes"):
        data["notes"] = _text(draft["notes"], "notes")
    if draft.get("player_class"):  # the class of player the footnote to Law 69 judges (the loader checks it)
        data["player_class"] = _text(draft["player_class"], "player_class", 12)
    if draft.get("published") is not None:  # a published ruling of the case: kept as it is (the loader checks it)
        data["published"] = draft["published"]
    if draft.get("result") is not None and data.get("contract"):
        data["result"] = draft["result"]
    return data


def _case_id(value) -> str:
    text = re.sub(r"[^a-z0-9]+", "-", str(value or "table-case").lower()).strip("-")
    return text[:80] or "table-case"


def _dealer_of(board) -> str | None:
    if isinstance(board, int) and not isinstance(board, bool) and board >= 1:
        return C.SEATS[(board - 1) % 4]
    return None


def _auction_items(calls: list, dealer: str | None, ui_call: int | None = None) -> list:
    """Calls in the case-file form: 'P', '1S', 'W:1S' out of rotation, a mapping when something is marked.

    A mark (a hesitation, a remark) at the call of the case's ``ui`` episode is that episode (``ui.call``
    places it); a mark at another call is kept as that call's note.
    """
    out = []
    expected = dealer
    for i, c in enumerate(calls):
        in_turn = expected is None or c["seat"] == expected
        marks = [m for m in c["marks"] if m not in ("out_of_rotation", "insufficient")]
        if i == ui_call:
            marks = [m for m in marks if m not in UI_HOWS_AT_A_CALL]  # the ui episode marks this call
        note = "; ".join(([c["note"]] if c["note"] else []) + marks)  # a hesitation is also the ui episode
        if c["alert"] or note:
            item = {"call": c["call"]}
            if not in_turn:
                item["seat"] = c["seat"]
            if c["alert"]:
                item["alert"] = True
            if note:
                item["note"] = note
            out.append(item)
        else:
            out.append(c["call"] if in_turn else f"{c['seat']}:{c['call']}")
        expected = C.next_seat(c["seat"])
    return out


def _ui_from_marks(calls: list) -> tuple:
    """A hesitation (remark, gesture, question) marked at a call: the information episode of Law 16.

    The receiver is the caller's partner and the action his next call, as the director would first
    record it; a case holds one episode (the first marked).
    """
    for i, c in enumerate(calls):
        how = next((UI_HOWS_AT_A_CALL[m] for m in c["marks"] if m in UI_HOWS_AT_A_CALL), None)
        if how is None:
            continue
        partner = C.partner(c["seat"])
        ui = {"how": how, "by": c["seat"], "received_by": partner, "call": i + 1}
        later = next((d for d in calls[i + 1:] if d["seat"] == partner), None)
        if later is not None:
            ui["action"] = later["call"]
        return ui, i
    return None, None


# ---------------------------------------------------------------------------
# Ruling a draft
# ---------------------------------------------------------------------------


def auction_state(dealer: str | None, calls: list) -> dict:
    """Whose call it is, whether the auction is over, and its contract (a regular ending only)."""
    if dealer is None:
        return {"next": None, "finished": False, "contract": None, "declarer": None, "lowest": None}
    nxt = dealer
    best, last_bid, doubled = None, None, 0
    first_named: dict = {}
    passes = 0
    for c in calls:
        call = c["call"].upper()
        rank = bid_rank(c["call"]) if c["call"][:1].isdigit() else None
        if rank is not None:
            if best is None or rank > best:
                best, last_bid, doubled = rank, (c["call"], c["seat"]), 0
                first_named.setdefault((C.side_of(c["seat"]), c["call"][1:]), c["seat"])
            passes = 0
        elif call in ("X", "XX"):
            doubled, passes = (1 if call == "X" else 2), 0
        else:
            passes += 1
        nxt = C.next_seat(c["seat"])
    finished = (last_bid is None and passes >= 4) or (last_bid is not None and passes >= 3)
    contract = declarer = None
    if finished and last_bid is not None:
        bid, by = last_bid
        contract = bid + ("X" * doubled)
        declarer = first_named[(C.side_of(by), bid[1:])]
    lowest = None if best is None else best + 1
    return {"next": None if finished else nxt, "finished": finished, "passed_out": finished and last_bid is None,
            "contract": contract, "declarer": declarer, "lowest": lowest}


def load_draft(draft):
    data = case_data(draft)
    return data, case_from_data(data, WHERE)


def play_state(ruling) -> dict:
    """Whose card it is, what each seat holds now, the legal cards, and the position for an event."""
    case, table = ruling.case, ruling.table
    played_out = set()
    for p in table.plays:
        if not p.applied or p.withdrawn_at is not None:
            continue
        if p.replaced_by is not None and p.replaced_by.applied:
            continue
        played_out.add((p.seat, p.card))
    held = {s: [c for c in C.sort_cards(case.hands[s]) if (s, c) not in played_out] for s in C.SEATS}
    ended = any(e.kind in ("claim", "concession") for e in case.events) or sum(1 for t in table.tricks if t.complete) == 13
    tricks = table.tricks
    entries = len(case.play[-1]) if case.play else 0
    if not tricks or tricks[-1].complete:
        number = len(case.play) + 1
        turn = (tricks[-1].winner if tricks else table.opening_leader)
        led = None
        position = f"T{number}.0" if number <= 13 else "end"
        new_trick = True
    else:
        t = tricks[-1]
        number = t.number
        if t.effective:
            turn = C.next_seat(t.effective[-1][0])
            led = C.suit_of(t.effective[0][1].card)
        else:
            turn, led = t.expected_leader, None
        position = f"T{number}.{entries}"
        new_trick = False
    if ended:
        position, turn = "end", None
    legal, why = [], ""
    if turn:
        legal = [c for c in held[turn] if led and c[0] == led] or list(held[turn])
        legal, why = _restricted(table, turn, held[turn], legal, led, number)
    penalty = {s: _penalty_cards(table, s) for s in C.SEATS}
    # after 54A (declarer faced his hand on the opening lead out of turn) his partner declares and he is dummy
    switch = getattr(table, "switch", None)
    declarer = switch[1] if switch and switch[1] else table.declarer
    dummy = C.partner(declarer) if declarer else table.dummy
    return {"turn": turn, "trick": number, "new_trick": new_trick, "to_lead": led is None, "position": position,
            "legal": legal, "restriction": why, "penalty": {s: cs for s, cs in penalty.items() if cs},
            "held": held, "ended": ended, "dummy": dummy, "declarer": declarer}


DUTY_WORDS = {"lead_suit": "must lead {suit}", "not_lead_suit": "may not lead {suit}",
              "play_highest": "must play his highest {suit}", "play_lowest": "must play his lowest {suit}",
              "not_play_suit": "may not play {suit}"}


def _penalty_cards(table, seat: str) -> list:
    """The seat's penalty cards still on the table (50): given by the law, not yet played or picked up."""
    adj = table.adjustments
    out = []
    for (s, card, kind, since, law) in sorted(adj.penalty, key=lambda x: x[3]):
        if s != seat or card in out:
            continue
        if any(ls == seat and lc == card for (ls, lc, lm) in adj.lifted):
            continue
        if any(p.seat == seat and p.card == card and p.applied and p.moment > since for p in table.plays):
            continue
        out.append(card)
    return C.sort_cards(out)


def _restricted(table, seat: str, hand: list, legal: list, led, trick: int) -> tuple:
    """The legal cards for the next card of ``seat`` under the restrictions and penalty cards in force (50E1:
    a lead or play restriction first, then a major penalty card), with the reason in words."""
    adj = table.adjustments
    why = []
    plays = [p for p in table.plays if p.applied]
    for (s, duty, arg, t, since, law) in sorted(adj.duties):
        if s != seat:
            continue
        suit = C.SUIT_NAMES.get(arg, arg) if isinstance(arg, str) and len(arg) == 1 else (
            C.SUIT_NAMES.get(led, "") if led else "")
        if duty == "lead_suit" and led is None and not any(p.seat == seat and p.leads and p.moment > since for p in plays):
            narrowed = [c for c in legal if c[0] == arg]
        elif duty == "not_lead_suit" and led is None and _keeps_lead(table, seat, since):
            narrowed = [c for c in legal if c[0] != arg]
        elif duty in ("play_highest", "play_lowest") and led and t == trick:
            follow = [c for c in hand if c[0] == led]
            narrowed = [(max if duty == "play_highest" else min)(follow, key=C.rank_index)] if follow else legal
        elif duty == "not_play_suit" and led and t == trick and not any(c[0] == led for c in hand):
            narrowed = [c for c in legal if c[0] != arg]
        else:
            continue
        if narrowed and narrowed != legal:
            legal = narrowed
            why.append(f"{C.seat_name(seat)} {DUTY_WORDS[duty].format(suit=suit)} ({law})")
    majors = [c for c in _penalty_cards(table, seat)
              if any(s == seat and card == c and kind == "major" for (s, card, kind, since, law) in adj.penalty)]
    designated = [arg for (s, duty, arg, t, since, law) in adj.duties if s == seat and duty == "play_card" and arg in majors]
    playable = [c for c in (designated or majors) if c in legal]
    if playable:
        legal = playable
        why.append(f"{C.seat_name(seat)} must play his penalty card" + (" (50D)" if len(playable) == 1 else
                                                                         "s: one of them (50D, 51)"))
    return legal, "; ".join(why)


def _keeps_lead(table, seat: str, since: int) -> bool:
    """Whether ``seat`` has kept the lead since ``since`` (a forbidding of 50E2a lasts as long as that)."""
    for t in table.tricks:
        lead = t.effective[0][1] if t.effective else None
        if lead is None or lead.moment <= since:
            continue
        if lead.seat != seat:
            return False
    return True


def rule_draft(draft, view) -> dict:
    """The page's answer for a draft: the case as read, the ruling (``view(ruling)``, when it can be ruled),
    the next entry."""
    data = case_data(draft)
    calls = draft_calls(draft)
    if "contract" not in data and not any(k in data for k in NO_PLAY_FIELDS):
        # Nothing to rule on yet (the auction goes on): check the deal and the calls as the loader would.
        if "events" in data or "play" in data:
            raise _err("events" if "events" in data else "play", "the play comes after the auction: "
                                                                 "give the contract and declarer first")
        case = case_from_data({**data, "contract": "1NT", "declarer": "N", "play": []}, WHERE)
        state = {"auction": auction_state(case.dealer, calls), "data": data, "ruling": None}
        state["auction_view"] = auction_view(case)
        state["notes"] = [n["text"] + f" [{n['laws']}]" for n in auction_notes(case)]
        return state
    case = case_from_data(data, WHERE)
    state = {"auction": auction_state(case.dealer, calls), "data": data}
    ruling = rule_case(case)
    state["ruling"] = view(ruling)
    if case.contract is not None:
        state["play"] = play_state(ruling)
    mark_standing(state)
    return state


PROVISIONAL = ("While play goes on the ruling is provisional: it is what the law says on the record so far, as "
               "if attention were drawn now. What happened stays; the rectification (a revoke corrected or "
               "established, the tricks transferred, 64A) is settled when play ends.")
FINAL = "Play has ended: this is the ruling on the whole record."
PROVISIONAL_AUCTION = ("While the auction goes on the ruling is provisional: it is what the law says on the calls "
                       "so far; the director's judgments of damage come when the result is known.")
FINAL_AUCTION = "The auction has ended with four passes: this is the ruling on the board."
PLAYING_RESULT = "Play goes on: declarer's tricks are counted when play ends."


# Conclusions that say what has already happened or is in force now (a lead accepted, a revoke established, a
# penalty card and what it obliges): drawing attention later would not change them, so they are never tagged
# "if attention were drawn now".
SETTLED_KINDS = ("lead_accepted", "proper_lead_stands", "roles_switched", "revoke_established", "revoke_corrected",
                 "card_withdrawn", "penalty_card", "obligation", "penalty_card_lifted", "cannot_comply",
                 "play_accepted", "trick_stands", "not_a_claim", "concession_void", "procedure")


def mark_standing(state: dict) -> None:
    """Whether the ruling on the page is final (play has ended) or provisional (play goes on): the state's
    ``standing`` (``final``, ``provisional``) with its sentence, and ``provisional`` on each conclusion of the
    ruling and of the director's judgments while play goes on (what happened, and the options a player
    must choose now, are not provisional)."""
    ruling, play = state.get("ruling"), state.get("play")
    if ruling is None:
        return
    auction = state.get("auction") or {}
    if play is not None:
        final, text = play["ended"], (FINAL if play["ended"] else PROVISIONAL)
    else:  # no contract yet: a ruling during the auction (a hesitation), or on a board passed out
        final = bool(auction.get("passed_out"))
        text = FINAL_AUCTION if final else PROVISIONAL_AUCTION
    state["standing"] = "final" if final else "provisional"
    ruling["standing"] = {"final": final, "text": text}
    for c in ruling["conclusions"]:
        c["provisional"] = not final and c["section"] in ("ruling", "judge") and c["kind"] not in SETTLED_KINDS
    if not final:
        ruling["result"] = PLAYING_RESULT
        ruling["notes"] = [n for n in ruling["notes"] if "cannot be counted" not in n]


# ---------------------------------------------------------------------------
# Saving
# ---------------------------------------------------------------------------


def expect_block(ruling) -> dict:
    """What the ruling concluded, as an ``expect`` block: each conclusion's kind, clause and short fields."""
    conclusions = []
    for c in ruling.conclusions:
        if c.kind == "trick_won":
            continue
        item = {"kind": c.kind}
        for k, v in c.fields.items():
            if isinstance(v, bool) or isinstance(v, int) or (isinstance(v, str) and len(v) <= 40):
                item[k] = v
        item["law"] = c.law
        if item not in conclusions:
            conclusions.append(item)
    out: dict = {"conclusions": conclusions}
    if ruling.declarer_tricks is not None:
        out["declarer_tricks"] = ruling.declarer_tricks
    if ruling.score:
        out["score"] = dict(ruling.score)
    return out


class _Dumper(yaml.SafeDumper):
    pass


def _flow_list(dumper, value):
    flow = all(not isinstance(v, (dict, list)) for v in value) and len(value) <= 8
    return dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=flow)


def _flow_dict(dumper, value):
    flow = all(not isinstance(v, (dict, list)) for v in value.values()) and len(value) <= 8
    return dumper.represent_mapping("tag:yaml.org,2002:map", value.items(), flow_style=flow)


_Dumper.add_representer(list, _flow_list)
_Dumper.add_representer(dict, _flow_dict)

KEY_ORDER = ("id", "title", "edition", "source", "board", "dealer", "vulnerable", "players", "deal", "auction",
             "contract", "declarer", "play", "result", "events", "ui", "answers", "notes", "expect")


def case_yaml(draft, with_expect: bool = False) -> str:
    data, case = load_draft(draft)
    ordered = {k: data[k] for k in KEY_ORDER if k in data}
    ordered.update({k: v for k, v in data.items() if k not in ordered})
    if with_expect:
        ordered["expect"] = expect_block(rule_case(case))
    text = yaml.dump(ordered, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)
    head = "# Entered on the page (python cli.py serve); `python cli.py validate` checks the expect block.\n"
    return head + text


def case_pbn(draft) -> str:
    """The draft as a PBN game: ``export``'s writer (engine.input.pbn.write_pbn), so that the names, the
    auction with its alerts and notes, and every text are written as PBN strings our reader reads back."""
    from engine.input.pbn import write_pbn

    _, case = load_draft(draft)
    if case.contract is None:
        raise _err("contract", "a PBN game needs the contract and declarer (finish the auction first)")
    return write_pbn(rule_case(case))


# ---------------------------------------------------------------------------
# Starting from a hand record
# ---------------------------------------------------------------------------


def draft_from_games(games: list, file: str, game: int | None) -> dict:
    """A draft from one game of a PBN file: the deal, board, dealer, vulnerability and names always;
    the auction, contract and play too when the file records them (a full record)."""
    from engine.input import pbn

    if not games:
        raise CaseError(file, "", "no games in the file")
    g = pbn.select(games, file, None, None, game)
    tags = g.tags
    if not tags.get("Deal", "").strip():
        raise CaseError(file, f"{g.label}, Deal", "missing: a board to rule on needs the deal")
    try:
        C.parse_deal(tags["Deal"])
    except C.NotationError as exc:
        raise CaseError(file, f"{g.label}, Deal", str(exc))
    draft: dict = {"id": _case_id(f"{file.rsplit('/', 1)[-1].rsplit('.', 1)[0]}-{g.label}"),
                   "title": ", ".join(b for b in (tags.get("Event", "").strip(), f"board {g.board}" if g.board else "")
                                      if b and b not in ("?", "#")),
                   "deal": tags["Deal"].strip()}
    if g.board is not None:
        draft["board"] = g.board
    for tag, key in (("Dealer", "dealer"), ("Vulnerable", "vulnerable")):
        value = tags.get(tag, "").strip()
        if value and value not in ("?", "#"):
            draft[key] = value
    names = {s: tags.get(C.SEAT_NAMES[s], "").strip() for s in C.SEATS}
    names = {s: n for s, n in names.items() if n and n not in ("?", "#")}
    if names:
        draft["players"] = names
    full = False
    try:
        record = pbn.board_record(g)
    except CaseError:
        record = None
    if record is not None:
        calls = [{"seat": c["seat"], "call": "Pass" if str(c["call"]).upper() in ("PASS", "P") else c["call"],
                  **({"alert": True} if c.get("alert") else {}), **({"note": c["note"]} if c.get("note") else {})}
                 for c in (record.auction or []) if isinstance(c, dict) and c.get("seat") and c.get("call")]
        if record.fields.get("contract") and record.fields.get("declarer"):
            full = True
            draft["contract"] = record.fields["contract"]
            draft["declarer"] = record.fields["declarer"]
            draft["play"] = [[f"{p.seat}:{p.card}" for p in trick] for trick in record.tricks]
        if calls:
            full = True
            draft["auction"] = calls
    return {"draft": draft, "full": full, "label": g.label}


# ---------------------------------------------------------------------------
# Editing a case that was opened (a casebook file): the case as a draft
# ---------------------------------------------------------------------------

AS_READ = ("edition", "expect")  # kept out of the draft: the page writes its own expect block on saving


def uneditable_fields(case) -> list:
    """The fields of a case the page cannot edit (a case with one is ruled, not edited, on the page)."""
    return sorted(k for k in dict(case.raw or {}) if k not in DRAFT_KEYS and k not in AS_READ
                  and k not in ("pbn", "lin", "room", "game"))


def draft_from_case(case) -> dict:
    """A draft from a case as read (a case file, or a board of a PBN/LIN file with its events): the page
    then edits it entry by entry (the director's answers, a claim's judgments) and rules it again.

    A field the page cannot edit (``pockets``, ``wrong_board`` ...) is refused, naming it."""
    raw = dict(case.raw or {})
    other = uneditable_fields(case)
    if other:
        raise CaseError(case.path or WHERE, other[0], "the page cannot edit a case with this field; "
                                                      "rule it with `python cli.py rule` instead")
    draft: dict = {"id": case.id, "title": case.title or ""}
    for key in ("source", "notes"):
        if raw.get(key):
            draft[key] = str(raw[key])
    if case.board is not None:
        draft["board"] = case.board
    if case.dealer:
        draft["dealer"] = case.dealer
    if case.vulnerable_known:
        draft["vulnerable"] = case.vulnerable
    draft["deal"] = "N:" + " ".join(".".join("".join(c[1] for c in C.sort_cards(case.hands[s]) if c[0] == suit)
                                             for suit in "SHDC") for s in C.SEATS)
    players = case.extra.get("players")
    if players:
        draft["players"] = dict(players)
    view = auction_view(case)
    if view:
        computed = ("out_of_rotation", "insufficient", "explanation") + tuple(UI_HOWS_AT_A_CALL)
        draft["auction"] = [{"seat": c["seat"], "call": "Pass" if c["call"] == "P" else c["call"],
                             **({"alert": True} if c["alert"] else {}), **({"note": c["note"]} if c["note"] else {}),
                             "marks": [m for m in c["marks"] if m not in computed]} for c in view["calls"]]
    if case.contract is not None:
        draft["contract"] = str(case.contract)
        draft["declarer"] = case.declarer
        # the record as the file gives it (corrections, surplus cards written as the case format has them)
        draft["play"] = raw["play"] if isinstance(raw.get("play"), list) else \
            [[f"{p.seat}:{p.card}" for p in trick] for trick in case.play]
    if raw.get("result") is not None:
        draft["result"] = raw["result"]
    draft["events"] = [dict(e) for e in raw["events"]] if isinstance(raw.get("events"), list) else \
        [{"at": str(e.at), "kind": e.kind, **e.fields} for e in case.events]
    if raw.get("ui"):
        draft["ui"] = raw["ui"]
    if raw.get("answers"):
        draft["answers"] = raw["answers"]
    if raw.get("player_class"):
        draft["player_class"] = str(raw["player_class"])
    if raw.get("published") is not None:  # (metadata the ruling never reads: kept, so that Save keeps it)
        draft["published"] = raw["published"]
    return {"draft": draft, "full": True, "label": case.title or case.id}


__all__ = ["draft_from_case", "rule_draft", "case_yaml", "case_pbn", "draft_from_games", "auction_state", "play_state", "expect_block"]
