"""The local page: ``python cli.py serve`` (loopback only, standard library only).

A director or trainee opens a case file, or a PBN/LIN file and a board
(from the served folders, or uploaded from the browser with an events file
alongside), sees the deal around a compass, steps through the play card by
card, and clicks a conclusion to unfold its trace and the why-not of the
rules that did not conclude it.  The page is one static HTML document with
its script inline; the data comes from a small JSON API:

* ``GET /api/files``: the case, PBN and LIN files under the served folders,
  with the games of each PBN/LIN file;
* ``GET /api/rule?path=...&game=N&events=...``: a ruling, for the page;
* ``POST /api/rule``: the same for an uploaded file (JSON: name, text, game,
  events_name, events_text);
* ``GET /api/whynot?path=...&game=N&kind=K&fields=a=1,b=2``: a why-not;
* ``GET /api/draft?path=...&game=N``: a served case as a draft, to edit on the page;
* ``GET /api/job?id=ID``, ``POST /api/job/cancel?id=ID[&waiter=W]``: a slow ruling (a 202 "pending" answer
  names its job) asked for again, or stopped (with ``waiter``, the name the request gave in its
  ``X-Bridge-Waiter`` header: stopped once no other request waits for it; the page's Cancel does this);
* ``POST /api/score``: an uploaded session scored, rulings put in place (``engine/commands/score_page.py``).

Nothing is written to the served folders; uploads are ruled from a private
temporary folder that is removed afterwards.

The server's threads share one rule engine (and the solver's memos), so the
requests that rule (every API route but the file list) take turns: each
computes its whole answer under one lock (``RULINGS``), after its request has
been read and before the answer is written, so that a slow client never holds
it.  Every request is bounded: the whole request in ``REQUEST_TIMEOUT``
seconds, the body in ``MAX_UPLOAD`` bytes and ``MAX_DEPTH`` levels of JSON,
``MAX_CONNECTIONS`` connections at once, a Host header naming this machine
(docs/workbench.md, "The page's API").
"""
from __future__ import annotations

import io
import ipaddress
import json
import os
import re
import socket
import sys
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from engine.explain.render import board_line, result_line
from engine.explain.ruling import Ruling, rule_case
from engine.explain.view import trace_tree, trick_rows
from engine.explain.whynot import (
    WhyNotError,
    alternatives_for,
    parse_wanted,
    to_json,
    why_not,
)
from engine.explain.whynot import render as render_why_not
from engine.input.caseio import CaseError
from engine.mechanics.work import SlowRuling, end_quick_attempt, quick_attempt
from engine.input.sources import BOARD_FILES, load_input
from engine.law.knowledge import load
from engine.notation import cards as C
from engine.explain import render as _render
from engine.explain.auction import auction_notes, auction_view, players_view
from engine.explain.events import event_sentence, position_text
import engine.commands.board  # noqa: F401,E402  (the chapter's order of conclusions, as the CLI shows them)

MAX_UPLOAD = 2 * 1024 * 1024
REQUEST_TIMEOUT = 30  # seconds a client may take to send its whole request (line, headers and body), however it trickles
HEAD_TIMEOUT = 5  # seconds a client may take to send the request line and headers (a connection's first byte included)
WRITE_TIMEOUT = 30  # seconds a client may take to receive the answer
MAX_NAME = 200  # characters in an uploaded file's name
MAX_DEPTH = 32  # levels of nesting in a JSON body (a draft needs about 6)
MAX_PARAM = 1000  # characters in a served file's name (path=, events=)
MAX_CONNECTIONS = 64  # connections served at once; one more takes the place of the oldest still sending its head
RULE_WAIT = 120  # seconds a request waits for its turn at the rule engine before a 503
QUICK_NODES = 5_000  # search nodes a ruling may search in the server's turn; more, and a worker process rules it
SLOW_WORKERS = 2  # worker processes ruling slow claims at once (more wait their turn)
SLOW_WAIT = 2.0  # seconds a request waits for its slow ruling before the answer is "pending"
MAX_JOBS = 32  # slow rulings remembered (the oldest finished one is forgotten first)
LOG_BURST, LOG_RATE = 20, 5  # lines on the terminal: a burst of 20, then 5 a second (the rest counted, not shown)
MAX_FILES = 20000  # files listed per served folder
LOOPBACK_NAMES = ("localhost",)  # besides loopback addresses (127.0.0.0/8, ::1) and the name given to --host

# One rule engine per process (engine.rules), the solver's and the claims' memos, the knowledge cache: what a
# ruling touches is shared by the server's threads, so rulings are made one at a time (a ruling takes ~10 ms).
RULINGS = threading.Lock()


class BadRequest(ValueError):
    """A request the page never sends: answered with a 4xx and one log line."""

    def __init__(self, message: str, status: int = 400):
        super().__init__(message)
        self.status = status


def content_length(value) -> int:
    """The body's length from its Content-Length header: a whole number of bytes, at most MAX_UPLOAD."""
    text = str(value if value is not None else "0").strip()
    if not text.isascii() or not text.isdigit():
        raise BadRequest(f"Content-Length {text[:40]!r} is not a number of bytes")
    length = int(text[:12]) if len(text) <= 12 else MAX_UPLOAD + 1
    if length > MAX_UPLOAD:
        raise BadRequest("the file is too large for a case (2 MB at most)", 413)
    return length


def upload_name(value, default: str) -> str:
    """A plain file name for an upload (no folders, not '.' or '..')."""
    if value in (None, ""):
        return default
    if not isinstance(value, str):
        raise BadRequest("a file name is text")
    name = Path(value.replace("\\", "/")).name
    if name in ("", ".", "..") or "\0" in name or len(name) > MAX_NAME:
        raise BadRequest(f"{value[:60]!r} is not a file name")
    return name


def json_object(raw: bytes, what: str = "a JSON object") -> dict:
    """A request body that must be one JSON object (an empty body is ``{}``)."""
    try:
        data = json.loads(raw.decode("utf-8") if raw else "{}")
    except RecursionError:
        raise BadRequest(f"the body is nested too deeply (at most {MAX_DEPTH} levels)")
    except (UnicodeDecodeError, ValueError) as exc:
        raise BadRequest(f"the body is not JSON ({str(exc)[:200]})")
    if not isinstance(data, dict):
        raise BadRequest(f"the body is {what}")
    if json_depth(data) > MAX_DEPTH:
        raise BadRequest(f"the body is nested too deeply (at most {MAX_DEPTH} levels)")
    return data


def json_depth(data) -> int:
    """How deeply a parsed JSON value nests (a scalar is 0, ``[]`` and ``{}`` are 1), without recursion."""
    deepest, stack = 0, [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:  # deeper is refused anyway: no need to look further
                stack.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict) else value))
    return deepest


def upload_body(raw: bytes) -> dict:
    """The JSON object an upload sends: name, text, game, events_name, events_text."""
    data = json_object(raw, "a JSON object with name and text")
    for key in ("text", "events_text"):
        if data.get(key) is not None and not isinstance(data[key], str):
            raise BadRequest(f"{key} is the file's text")
    return data


class NotLoopback(ValueError):
    pass


def check_loopback(host: str) -> str:
    """The address to bind, refusing anything but the loopback interface."""
    try:
        infos = socket.getaddrinfo(host, None)
    except socket.gaierror as exc:
        raise NotLoopback(f"{host!r} is not a known host ({exc.strerror})")
    addresses = {info[4][0] for info in infos}
    for a in addresses:
        if not ipaddress.ip_address(a.split("%")[0]).is_loopback:
            raise NotLoopback(f"{host!r} ({a}) is not a loopback address: the page is served on this machine only "
                              f"(use 127.0.0.1, ::1 or localhost)")
    return host


def host_allowed(value, names=LOOPBACK_NAMES) -> bool:
    """Whether a Host header (or an Origin's host) names this machine: a loopback address or one of ``names``.

    A name is never looked up: a page that rebinds its own name to 127.0.0.1 still sends its own name.
    """
    text = str(value or "").strip().lower()
    if text.startswith("["):
        name, sep, rest = text[1:].partition("]")
        if not sep or (rest and not re.fullmatch(r":\d{1,5}", rest)):
            return False
    else:
        name, sep, port = text.partition(":")
        if sep and not re.fullmatch(r"\d{1,5}", port):
            return False
    name = name.rstrip(".") if name != "." else name
    if not name:
        return False
    if name in names:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


# ---------------------------------------------------------------------------
# Data for the page
# ---------------------------------------------------------------------------


def page_data(ruling: Ruling) -> dict:
    kb = load()
    case, table = ruling.case, ruling.table
    plays = []
    for p in table.plays:
        plays.append({"trick": p.trick, "seat": p.seat, "card": p.card, "at": p.at, "index": p.index,
                      "replaces": p.replaces.card if p.replaces is not None else None, "applied": p.applied,
                      "leads": p.leads,
                      # a card taken back (a refused lead, ...): back in the hand once this many cards are played
                      "back_after": (sum(1 for q in table.plays if q.moment < p.withdrawn_at)
                                     if p.withdrawn_at is not None and p.replaces is None else None)})
    conclusions = []
    for section, c in ordered_conclusions(ruling):
        try:
            alt = alternatives_for(ruling, c)
            alt_text = _plain_why_not(render_why_not(alt, kb)) if alt.answers else ""
            alt_json = _titled(to_json(alt), kb)
        except WhyNotError:
            alt_text, alt_json = "", None
        conclusions.append({"id": c.id, "kind": c.kind, "law": c.law, "text": c.text, "rule": c.rule,
                            "section": section, "fields": c.fields, "trace": trace_tree(ruling, c, kb),
                            "why_not": alt_text, "why_not_data": alt_json, "ask": _ask(c), "choose": _choose(c, ruling)})
    return {
        "case": {"id": case.id, "title": case.title, "board_line": board_line(ruling), "contract": str(case.contract),
                 "declarer": case.declarer, "source": case.source},
        "hands": {s: C.sort_cards(case.hands[s]) for s in C.SEATS},
        "plays": plays,
        "tricks": trick_rows(ruling),
        "events": [{"at": str(e.at), "kind": e.kind, "fields": {k: v for k, v in e.fields.items()},
                    "when": position_text(str(e.at)), "text": event_sentence(e.kind, e.fields)}
                   for e in case.events],
        "conclusions": conclusions,
        "result": result_line(ruling),
        "notes": [n["text"] + (f" [{n['laws']}]" if n.get("laws") else "") for n in ruling.notes + auction_notes(case)],
        "auction": auction_view(case),
        "players": players_view(case),
        # the least successful normal line of a claim, as in the ruling's JSON (docs/claims.md); None otherwise
        "claim_line": getattr(table, "claim_line", None),
        # the same, drawn for the page (words for each play, the departures marked), and the director's
        # judgments on the claim with the answers that can be recorded
        "claim_view": claim_view(ruling),
        "judgments": claim_judgments(ruling),
        # each clause the ruling cites, with its title and summary (the page links the clause labels to them)
        "clauses": _clauses(kb, [c["law"] for c in conclusions]),
        # whether "Edit this case" can record the director's answers and the players' choices on this case
        "editable": _editable(case),
    }


def _editable(case) -> dict:
    """{"can": bool, "why": the reason in words when it cannot} (``intake.uneditable_fields``)."""
    from engine.commands.intake import uneditable_fields

    fields = uneditable_fields(case)
    if not fields:
        return {"can": True, "why": ""}
    return {"can": False, "why": (f"the page cannot record an answer on this case: it has {', '.join(fields)}, which "
                                  f"the page does not edit; record the answer in the case file and rule it with "
                                  f"`python cli.py rule`")}


def _clauses(kb, laws) -> list:
    """The clauses cited, in order of first citation: {id, title, summary} from the knowledge base."""
    out, seen = [], set()
    for law in laws:
        if not law or law in seen:
            continue
        seen.add(law)
        entry = kb.get(law)
        if entry is not None:
            out.append({"id": law, "title": entry.title, "summary": entry.summary})
    return out


# ---------------------------------------------------------------------------
# A claim on the page: the least successful normal line, and the director's judgments
# ---------------------------------------------------------------------------


def claim_view(ruling: Ruling) -> dict | None:
    """The least successful normal line (``table.claim_line``, docs/claims.md) for the page: each play with
    why it is normal in words, the point where the line loses a trick, the departures from the best normal
    line with their cost.  Tolerates the keys the claims analysis may not give (best, class, departures)."""
    cl = getattr(ruling.table, "claim_line", None)
    if not cl:
        return None
    from engine.explain.sentences.claims import LINE_WHY, claim_line_law

    departures = list(cl.get("departures") or [])
    where = {(d.get("trick"), d.get("seat"), d.get("card")): n for n, d in enumerate(departures)}
    fs = cl.get("falls_short") or {}
    tricks = []
    for t in cl.get("line") or []:
        cards = []
        for c in t.get("cards") or []:
            key = (t.get("number"), c.get("seat"), c.get("card"))
            costs = c.get("costs")
            cost = (int(costs) if isinstance(costs, (int, float)) and not isinstance(costs, bool)
                    else (1 if costs else 0))
            short = key == (fs.get("trick"), fs.get("seat"), fs.get("card"))
            dep = where.get(key)
            card = {"seat": c.get("seat"), "card": c.get("card"), "why": c.get("why"),
                    "why_text": LINE_WHY.get(c.get("why") or "", "") if c.get("why") else "",
                    "costs": cost, "falls_short": short, "departure": dep, "note": ""}
            if short or dep is not None:  # the card that loses a trick: why, in words, beside the line
                card["note"] = _loss_note(t.get("number"), card, fs if short else departures[dep], short)
            cards.append(card)
        tricks.append({"number": t.get("number"), "leader": t.get("leader"), "winner": t.get("winner"),
                       "lost": bool(t.get("lost")), "cards": cards})
    side = cl.get("side")
    out = {"side": side, "side_name": C.SIDE_NAMES.get(side, side), "tricks": cl.get("tricks"),
           "best": cl.get("best"), "class": cl.get("class"), "law": claim_line_law(ruling), "line": tricks,
           "falls_short": None, "departures": []}
    if fs:
        out["falls_short"] = {**fs, "text": (f"The line first loses a trick at trick {fs.get('trick')}, where "
                                             f"{C.seat_name(fs.get('seat'))} plays {C.card_name(fs.get('card'))}"
                                             + (f": {LINE_WHY[fs['why']]}" if fs.get("why") in LINE_WHY else "")
                                             + ".")}
    for n, d in enumerate(departures):
        cost = d.get("costs")
        out["departures"].append({**d, "index": n, "text": (
            f"Trick {d.get('trick')}: {C.seat_name(d.get('seat'))} plays {C.card_name(d.get('card'))}"
            + (f", which costs {cost} trick{'s' if cost != 1 else ''}" if isinstance(cost, int) and cost else "")
            + (f" ({LINE_WHY[d['why']]})" if d.get("why") in LINE_WHY else "") + ".")})
    return out


ROLE_WORDS = {"lead": "leads", "follow": "follows with", "discard": "discards", "ruff": "ruffs with", None: "plays"}


def _loss_note(trick, card: dict, about: dict, short: bool) -> str:
    """A sentence for the card of the line that loses a trick (or departs from the best normal line): what it
    costs, what the claimer's count did not see there (``missed``), and why it is still a normal play."""
    verb = ROLE_WORDS.get(about.get("as"), "plays")
    cost = card.get("costs") or about.get("costs") or 0
    against = f"{cost} trick{'s' if cost != 1 else ''} against the best normal line"
    play = f"Trick {trick}: {C.seat_name(card['seat'])} {verb} {C.card_name(card['card'])}"
    head = (f"{play}: here the line first loses a trick" + (f" ({against})" if cost else "") + "." if short
            else f"{play}, which " + (f"costs {against}" if cost else "departs from the best normal line") + ".")
    missed = about.get("missed")
    reason = f" Why: {missed}." if isinstance(missed, str) and missed else ""
    normal = f" Counted as a normal play: {card['why_text']}." if card.get("why_text") else ""
    return f"{head}{reason}{normal}"
QUESTION_AWARE = ("Was the claimer aware that an opponent still held a trump? If he knew, 70C does not apply "
                  "and the claim is judged by his line (70A); if he may well not have known, the trump wins "
                  "the tricks it can on a normal line (70C).")
QUESTION_DEPARTURE = ("Would this player, of the class assumed, make this play while holding another legal "
                      "card? A careless or inferior play is normal (footnote to Law 69); an irrational one is "
                      "not, and the line is then ruled without it.")


def _claim_event_index(case) -> int | None:
    """The index in the case's events of the claim the judgments are about (the last claim or concession)."""
    found = None
    for i, e in enumerate(case.events):
        if e.kind in ("claim", "concession"):
            found = i
    return found


def _claim_accepts(field: str) -> bool:
    """Whether the case loader reads ``field`` on a claim event (the claims chapter's optional fields)."""
    from engine.input.caseio import EVENT_FIELDS

    return field in EVENT_FIELDS.get("claim", (set(), set()))[1]


def claim_judgments(ruling: Ruling) -> list:
    """The director's judgments on the claim, each with the answers the page can record on the claim event.

    Each item: ``{id, law, question, detail, conclusion, choices: [{label, value}], answer, record}``
    (``conclusion``: the id of the director's question in the ruling that the item answers); ``record`` says how
    an answer is written (``{"event": index, "field": "aware_of_trumps"}``, or for a departure
    ``{"event": index, "play": {seat, card}}``: the play goes into the event's ``normal`` or ``not_normal``
    list).  An item the case file cannot yet record has no choices (``record`` is None).
    """
    case = ruling.case
    index = _claim_event_index(case)
    if index is None or case.events[index].kind != "claim":
        return []
    event = case.events[index].fields
    out = []
    cl = getattr(ruling.table, "claim_line", None) or {}
    seen_departures = set()
    can_play_answers = _claim_accepts("not_normal") and _claim_accepts("normal")
    for n, d in enumerate(cl.get("departures") or []):
        play = {"seat": d.get("seat"), "card": d.get("card"), **({"as": d["as"]} if d.get("as") else {})}
        seen_departures.add((d.get("trick"), d.get("seat")))
        answer = d.get("answer") or _play_answer(event, play)
        cost = d.get("costs")
        # the ruling's own question on this play (line_departure): the page asks it once, with the buttons
        asked = next((c for c in ruling.conclusions if c.kind == "line_departure"
                      and (c.fields.get("trick"), c.fields.get("seat"), c.fields.get("card"))
                      == (d.get("trick"), d.get("seat"), d.get("card"))), None)
        out.append({"id": f"departure-{n}", "law": "70A", "question": _departure_words(d),
                    "conclusion": asked.id if asked else None,
                    "detail": (f"Trick {d.get('trick')}: {C.seat_name(play['seat'])} plays "
                               f"{C.card_name(play['card'])}" + (f" (it costs {cost} trick{'s' if cost != 1 else ''})"
                                                                  if isinstance(cost, int) and cost else "")),
                    "choices": ([{"label": "Normal: careless or inferior, the line stands", "value": "normal"},
                                 {"label": "Not normal for this player: rule without it", "value": "not_normal"}]
                                if can_play_answers else []),
                    "answer": answer, "record": {"event": index, "play": play} if can_play_answers else None})
    # a play the director found not normal is out of the line, so no departure asks about it any more: it is listed
    # with its answer, so that the director sees what the ruling follows and can change it
    for item in event.get("not_normal") or [] if can_play_answers else []:
        seat, card, role = ((item.get("seat"), item.get("card"), item.get("as")) if isinstance(item, dict) else
                            (getattr(item, "seat", None), getattr(item, "card", None), getattr(item, "role", None)))
        if not seat or not card or any((d.get("seat"), d.get("card")) == (seat, card)
                                       for d in cl.get("departures") or []):
            continue
        play = {"seat": seat, "card": card, **({"as": role} if role else {})}
        out.append({"id": f"finding-{seat}{card}", "law": "70A", "question": QUESTION_DEPARTURE, "conclusion": None,
                    "detail": (f"{C.seat_name(seat)} {ROLE_WORDS.get(role, 'plays')} {C.card_name(card)}: found not "
                               f"normal for this player, so the line is ruled without this play."),
                    "choices": [{"label": "Normal: careless or inferior, the line stands", "value": "normal"},
                                {"label": "Not normal for this player: rule without it", "value": "not_normal"}],
                    "answer": "not_normal", "record": {"event": index, "play": play}})
    reviews = [c for c in ruling.conclusions if c.kind == "equity_review" and c.law[:2] in ("68", "69", "70", "71")]
    # the line the search proposes when it could not settle the least successful one (70A): the director confirms
    # it (``award_confirmed`` on the claim: then it is the award) or rules on the claim himself
    proposed = next((c for c in ruling.conclusions if c.kind == "award_proposed"), None)
    if (proposed is not None or "award_confirmed" in event) and _claim_accepts("award_confirmed"):
        value = event.get("award_confirmed")
        undetermined = next((c for c in reviews if c.law == "70A" and c.fields.get("trick") is None), None)
        tricks = proposed.fields.get("tricks") if proposed is not None else None
        side = C.SIDE_NAMES.get(proposed.fields.get("side")) if proposed is not None else None
        out.append({"id": "award_confirmed", "law": "70A",
                    "question": ("The search could not settle the least successful normal line of the statement "
                                 "within its work budget; it proposes the normal line drawn with the claim"
                                 + (f" ({side} take {tricks} of the {proposed.fields.get('remaining')} tricks left)"
                                    if proposed is not None else "")
                                 + ". Does the director confirm that line as the award, or rule on the claim "
                                   "himself (70A, any doubtful point against the claimer)?"),
                    "detail": "", "conclusion": (undetermined or proposed).id if (undetermined or proposed) else None,
                    "choices": [{"label": "Confirm the line proposed: it is the award", "value": True},
                                {"label": "Not confirmed: the director rules on the claim himself", "value": False}],
                    "answer": None if value is None else bool(value),
                    "record": {"event": index, "field": "award_confirmed"}})
        if undetermined is not None:
            reviews = [c for c in reviews if c is not undetermined]  # (asked once: by the item above)
    if any(c.law == "70C2" for c in reviews) or "aware_of_trumps" in event:
        value = event.get("aware_of_trumps")
        review = next((c for c in reviews if c.law == "70C2"), None)
        out.append({"id": "aware_of_trumps", "law": "70C2", "question": QUESTION_AWARE, "detail": "",
                    "conclusion": review.id if review else None,
                    "choices": [{"label": "He knew of the trump", "value": True},
                                {"label": "He may well not have known", "value": False}],
                    "answer": None if value is None else bool(value),
                    "record": {"event": index, "field": "aware_of_trumps"}})
    for c in reviews:
        if c.law == "70C2" or (c.fields.get("trick"), c.fields.get("seat")) in seen_departures:
            continue
        fs = cl.get("falls_short") or {}
        at_line = c.fields.get("trick") is not None and fs.get("trick") == c.fields.get("trick")
        play = ({"seat": fs.get("seat"), "card": fs.get("card"), **({"as": fs["as"]} if fs.get("as") else {})}
                if at_line else None)
        recordable = bool(play) and can_play_answers
        out.append({"id": f"review-{c.id}", "law": c.law, "question": c.fields.get("question") or c.text,
                    "conclusion": c.id,
                    "detail": "" if recordable else "The director rules on this himself; the case file has no "
                                                    "field for the answer yet.",
                    "choices": ([{"label": "Normal (careless): the line stands", "value": "normal"},
                                 {"label": "Irrational for this player: rule without it", "value": "not_normal"}]
                                if recordable else []),
                    "answer": _play_answer(event, play) if play else None,
                    "record": {"event": index, "play": play} if recordable else None})
    return out


def _departure_words(d: dict) -> str:
    """The question on a play of the least successful line, in the director's words (no case-file syntax)."""
    verb = ROLE_WORDS.get(d.get("as"), "plays")
    cost = d.get("costs")
    costs = f", which costs {cost} trick{'s' if cost != 1 else ''} against the best normal line" \
        if isinstance(cost, int) and cost else ""
    return (f"At trick {d.get('trick')} {C.seat_name(d.get('seat'))} {verb} {C.card_name(d.get('card'))}{costs}. "
            + QUESTION_DEPARTURE)


def _play_answer(event: dict, play: dict | None) -> str | None:
    """The director's recorded answer on a play: ``normal`` or ``not_normal`` when the claim lists it."""
    if not play:
        return None
    for key in ("not_normal", "normal"):
        for item in event.get(key) or []:
            seat, card = (item.get("seat"), item.get("card")) if isinstance(item, dict) else \
                (getattr(item, "seat", None), getattr(item, "card", None))
            if seat == play["seat"] and card == play["card"]:
                return key
    return None


SECTIONS = ("happened", "options", "ruling", "judge")
SECTION_TITLES = {"happened": "What happened", "options": "Options the law gives (the director explains each)",
                  "ruling": "Ruling", "judge": "For the director to judge (the engine does not decide these)"}


def ordered_conclusions(ruling: Ruling) -> list:
    """(section, conclusion) in the order and sections of the CLI's text ruling (``render.ruling_text``)."""
    main = [c for c in ruling.conclusions if c.kind != "trick_won"]
    order = _render.MAIN_ORDER
    main.sort(key=lambda c: (order.index(c.kind) if c.kind in order else len(order), int(c.id[1:])))
    judgments = [c for c in main if c.kind in _render.JUDGMENT_KINDS]
    happened = [c for c in main if c.kind in _render.IRREGULARITIES]
    options = sorted((c for c in main if c.kind == "option"), key=_render._option_order)
    rulings = [c for c in main if c.kind not in _render.IRREGULARITIES
               and c.kind not in _render.JUDGMENT_KINDS + ("option",)]
    return ([("happened", c) for c in happened] + [("options", c) for c in options]
            + [("ruling", c) for c in rulings] + [("judge", c) for c in judgments])


def _choose(c, ruling=None) -> dict | None:
    """For an option whose choice names something the rule leaves open (57A3: declarer specifies the suit he
    forbids; 62D2: he names the card the revoker's partner plays to trick 12): what the page asks with the
    button, ``{field, choices}``; None when the option says it all."""
    if c.kind != "option":
        return None
    from engine.input.caseio import OPTIONS_WITH

    field = OPTIONS_WITH.get(c.fields.get("option"))
    if not field or c.fields.get(field):
        return None
    if field == "suit":
        return {"field": "suit", "choices": list(C.SUITS)}
    seat, trick = c.fields.get("seat"), c.fields.get("trick")
    if field == "card" and ruling is not None and seat and trick:  # the cards he held when the trick began
        gone = {p.card for p in ruling.table.plays if p.seat == seat and p.applied and p.trick < trick}
        return {"field": "card", "choices": [x for x in C.sort_cards(ruling.case.hands[seat]) if x not in gone]}
    return {"field": field, "choices": []}


def _ask(c) -> dict | None:
    """For a director's question: how the page asks it (the answers key, the choices, per side or not)."""
    if c.kind != "question":
        return None
    from engine.input.board import QUESTIONS

    spec = QUESTIONS.get(c.fields.get("key"))
    if spec is None:
        return None
    return {"key": spec.key, "kind": spec.kind, "choices": list(spec.choices), "per_side": spec.per_side,
            "side": c.fields.get("side")}


def _plain_why_not(text: str) -> str:
    """The why-not text without the command-line pointer ("`explain CASE c16` shows how")."""
    return re.sub(r" \(`explain CASE c\d+` shows how\)", "", text)


def _titled(data: dict, kb) -> dict:
    """The why-not data with each clause's title, for plain sentences on the page."""
    for r in data.get("rules", []):
        entry = kb.get(r["law"])
        r["title"] = entry.title if entry else ""
        for f in r.get("failures", []):
            if f.get("deeper"):
                _titled(f["deeper"], kb)
    return data


def list_files(roots: list) -> list:
    """The case, PBN and LIN files under the served folders, as the page names them (``N/relative``).

    A link that leads outside the served folders, or that cannot be followed, is left out (one line on the
    terminal, once); a file that cannot be read is listed with its error.
    """
    out = []
    for root in roots:
        root = Path(root)
        for path in _walk(root):
            suffix = path.suffix.lower()
            if suffix not in (".yaml", ".yml") and suffix not in BOARD_FILES:
                continue
            try:
                rel = _rel(path, roots)
            except (OSError, ValueError, RuntimeError):  # a link out of the served folders, or a loop
                _skipped(path, roots, "it leads outside the served folders")
                continue
            if suffix in (".yaml", ".yml"):
                out.append({"path": rel, "kind": "case", "label": rel})
            else:
                entry = {"path": rel, "kind": BOARD_FILES[suffix], "label": rel, "games": []}
                try:
                    entry["games"] = _games_of(path)
                except CaseError as exc:
                    entry["error"] = hide_paths(str(exc), roots)
                except OSError as exc:
                    entry["error"] = f"{rel}: cannot be read ({exc.strerror or type(exc).__name__})"
                out.append(entry)
    return out


def _walk(root: Path) -> list:
    """The files of a served folder (or the served file), sorted; links to folders are not followed."""
    try:
        if root.is_file():
            return [root]
        files = []
        for path in root.rglob("*"):
            try:
                if path.is_file():
                    files.append(path)
            except OSError:
                continue
            if len(files) >= MAX_FILES:
                _skipped(root, [root], f"more than {MAX_FILES} files: the rest are not listed")
                break
        return sorted(files)
    except OSError:
        return []


_SKIPPED: set = set()  # files already reported as left out of the list


def _skipped(path: Path, roots: list, why: str) -> None:
    with _GAMES_LOCK:
        if str(path) in _SKIPPED or len(_SKIPPED) > 1000:
            return
        _SKIPPED.add(str(path))
    sys.stderr.write(f"not listed: {hide_paths(str(path), roots)}: {why}\n")
    sys.stderr.flush()


_LISTS: dict = {}  # served roots -> the last file list
_LISTING: set = set()  # roots whose list is being read again in the background


def served_files(roots: list) -> list:
    """The file list for the page, at once: the last one read, while a fresh one is read behind it.

    A walk of the served folders takes a few hundred milliseconds on a busy machine; the page asks
    for the list first, so it gets the one read at start (or at the previous request), and a file
    added since appears at the next request.
    """
    key = tuple(str(r) for r in roots)
    with _GAMES_LOCK:
        hit = _LISTS.get(key)
        refresh = hit is not None and key not in _LISTING
        if refresh:
            _LISTING.add(key)
    if hit is None:
        return _read_list(key, roots)
    if refresh:
        timer = threading.Timer(1.0, _read_list, args=(key, roots))  # after this answer has gone out
        timer.daemon = True
        timer.start()
    return hit


def _read_list(key: tuple, roots: list) -> list:
    try:
        files = list_files(roots)
        with _GAMES_LOCK:
            _LISTS[key] = files
        return files
    finally:
        with _GAMES_LOCK:
            _LISTING.discard(key)


_GAMES: dict = {}  # (path, mtime_ns, size) -> the games of a PBN/LIN file (the file list is asked for often)
_GAMES_LOCK = threading.Lock()


def _games_of(path: Path) -> list:
    from engine.input import lin, pbn

    st = path.stat()
    key = (str(path.resolve()), st.st_mtime_ns, st.st_size)
    with _GAMES_LOCK:
        if key in _GAMES:
            return _GAMES[key]
    if path.suffix.lower() == ".pbn":
        games = [{"game": g.number, "label": g.label} for g in pbn.load_games(path)]
    else:
        games = [{"game": b.number, "label": f"deal {b.number}"} for b in lin.load_boards(path)]
    with _GAMES_LOCK:
        if len(_GAMES) > 500:
            _GAMES.clear()
        _GAMES[key] = games
    return games


def _rel(path: Path, roots: list) -> str:
    for n, root in enumerate(roots):
        root = Path(root).resolve()
        base = root.parent if root.is_file() else root
        try:
            rel = path.resolve().relative_to(base)
            return f"{n}/{rel.as_posix()}"
        except ValueError:
            continue
    raise ValueError(path)


def resolve(rel: str, roots: list) -> Path:
    """A served file from its ``root/relative`` name; nothing outside the served folders."""
    rel = str(rel)
    if len(rel) > MAX_PARAM or any(ord(ch) < 32 or ch == "\x7f" for ch in rel):
        shown = rel[:60].encode("unicode_escape").decode("ascii")
        raise CaseError(shown + ("..." if len(rel) > 60 else ""), "", "not a served file name")
    head, _, tail = rel.partition("/")
    if not head.isdigit() or len(head) > 4 or int(head) >= len(roots) or not tail:
        raise CaseError(rel, "", "not a served file")
    try:
        root = Path(roots[int(head)]).resolve()
        base = root.parent if root.is_file() else root
        path = (base / tail).resolve()
        if base not in path.parents and path != root:
            raise CaseError(rel, "", "not a served file")
        if root.is_file() and path != root:
            raise CaseError(rel, "", "not a served file")
        if not path.is_file():
            raise CaseError(rel, "", "no such file")
    except (OSError, RuntimeError) as exc:  # a name too long, a link loop, a folder that cannot be entered
        raise CaseError(rel, "", f"not a served file ({getattr(exc, 'strerror', None) or type(exc).__name__})")
    return path


def hide_paths(message: str, roots: list) -> str:
    """A message for the page names a served file as the page does (``N/relative``), never by its absolute path."""
    forms = []
    for n, root in enumerate(roots):
        for form in (Path(root).resolve(), Path(root).absolute()):
            base = form.parent if form.is_file() else form
            forms.append((str(base), str(n)))
    for base, n in sorted(set(forms), key=lambda f: -len(f[0])):
        if base != os.sep:
            message = message.replace(base + os.sep, n + "/")
    return message


def _rule_path(path: Path, game: int | None, events: Path | None) -> Ruling:
    if path.suffix.lower() in BOARD_FILES:
        return rule_case(load_input(path, game=game, events=events))
    return rule_case(load_input(path))


# ---------------------------------------------------------------------------
# HTTP
# ---------------------------------------------------------------------------


class _LogLimit:
    """The server's lines on the terminal, at most ``burst`` at once and ``rate`` a second after that for each
    kind of line (its status, or "connection", "internal"): a client opening connections in a loop must not
    fill the disk, nor hide an internal error behind its refusals.  The lines not shown are counted, and the
    next line of that kind shown says how many."""

    def __init__(self, burst: int = LOG_BURST, rate: float = LOG_RATE, clock=time.monotonic, out=None):
        self.burst, self.rate, self.clock, self.out = burst, rate, clock, out
        self.kinds: dict = {}  # kind -> [tokens, when, lines not shown]
        self.lock = threading.Lock()

    def write(self, line: str, kind: str = "") -> None:
        with self.lock:
            now = self.clock()
            bucket = self.kinds.get(kind)
            if bucket is None:
                if len(self.kinds) > 100:  # (kinds are few: statuses and a handful of words)
                    self.kinds.clear()
                bucket = self.kinds[kind] = [float(self.burst), now, 0]
            bucket[0] = min(self.burst, bucket[0] + (now - bucket[1]) * self.rate)
            bucket[1] = now
            if bucket[0] < 1:
                bucket[2] += 1
                return
            bucket[0] -= 1
            dropped, bucket[2] = bucket[2], 0
        if dropped:
            line = f"({dropped} more lines not shown) {line}"
        line = line.encode("utf-8", "backslashreplace").decode("utf-8")  # (a lone surrogate a client sent, shown)
        out = self.out or sys.stderr
        try:
            out.write(line.rstrip("\n") + "\n")
            out.flush()
        except (OSError, ValueError):  # (a terminal gone away)
            pass


LOG = _LogLimit()


class RequestDeadline(Exception):
    """The client did not send its whole request in time (not a TimeoutError: the handler, not the base, logs it)."""


class _DeadlineReader(io.RawIOBase):
    """The connection's bytes, every read bounded by what is left of the request's deadline.

    A socket timeout bounds one read; a client sending a byte every few seconds would never meet it. Here the
    time is counted from the start of the request, however the bytes trickle in.
    """

    def __init__(self, handler):
        super().__init__()
        self.handler = handler

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        handler = self.handler
        left = handler.deadline - time.monotonic()
        if left <= 0:
            raise RequestDeadline()
        handler.connection.settimeout(left)
        try:
            n = handler.connection.recv_into(buffer)
        except TimeoutError:
            raise RequestDeadline()
        handler.received += n
        return n


class _Lines(io.BufferedReader):
    """The request's reader, remembering the last line read (a header block cut short ends without a blank line)."""

    last = b""

    def readline(self, size=-1):
        self.last = super().readline(size)
        return self.last


NO_RULES = ("/", "/index.html", "/api/files")  # answers that touch no rule engine (not taken in turn)
JOB_ROUTES = ("/api/job", "/api/job/cancel")  # a slow ruling's answer (or its cancellation): no rule engine either


class Handler(BaseHTTPRequestHandler):
    server_version = "bridge-td"
    roots: list = []
    quiet = True
    timeout = REQUEST_TIMEOUT
    request_timeout = REQUEST_TIMEOUT  # the whole request: line, headers and body
    head_timeout = HEAD_TIMEOUT  # the request line and headers
    started = 0.0
    in_head = False
    evicted = False  # the server closed the connection to make room for a new client
    host_names: tuple = LOOPBACK_NAMES
    deadline = 0.0
    received = 0
    body = b""

    def setup(self):
        super().setup()
        self.rfile.close()  # the socket's own reader: replaced by one that keeps the request's deadline
        self.rfile = _Lines(_DeadlineReader(self))

    def log_message(self, fmt, *args):  # noqa: D401 - keep the terminal for the ruling, not the access log
        if not self.quiet:
            super().log_message(fmt, *args)

    def log_error(self, fmt, *args):  # a malformed request line or headers, a write that timed out: one line
        self.log_line(fmt % args if args else fmt)

    def log_line(self, text: str) -> None:
        """One line on the server's terminal for a refused request or a broken connection (``LOG``: bounded)."""
        if self.evicted:
            return
        where = f"{self.command or '-'} {urlparse(self.path or '').path}" if getattr(self, "path", None) else "-"
        line = " ".join(str(text).split())[:300]
        getattr(self.server, "log", LOG).write(f"{self.address_string()} {where}: {line}", line.split(" ", 1)[0])

    def handle_one_request(self):
        # the request line and headers within ``head_timeout`` seconds, the whole request within ``request_timeout``
        self.started = time.monotonic()
        self.in_head = True
        self.deadline = self.started + min(self.head_timeout, self.request_timeout)
        self.received = 0
        self.request_version, self.requestline = "HTTP/1.0", ""  # (parse_request sets them; a 408 needs them before)
        waiting = getattr(self.server, "waiting", None)
        if waiting is not None:
            waiting.add(self)
        try:
            super().handle_one_request()
        except RequestDeadline:
            self.close_connection = True
            if self.received:  # (a connection opened in advance and never used is closed without a word)
                self._late()
        except (ConnectionError, TimeoutError, OSError) as exc:  # the client went away or stalled
            self.close_connection = True
            if not self.evicted:
                self.log_line(f"connection dropped ({type(exc).__name__})")
        finally:
            if waiting is not None:
                waiting.discard(self)
        if self.evicted:
            self.close_connection = True

    def _late(self) -> None:
        """A 408 for a request not sent within the deadline (best effort: the client may not be reading)."""
        took = min(self.head_timeout, self.request_timeout) if self.in_head else self.request_timeout
        what = "the request's line and headers were" if self.in_head else "the request was"
        self.log_line(f"408 connection dropped: {what} not sent within {took} seconds")
        body = json.dumps({"error": f"{what} not sent within {took} seconds"}).encode()
        try:
            self.connection.settimeout(1)
            self.connection.sendall(b"HTTP/1.0 408 Request Timeout\r\nContent-Type: application/json; charset=utf-8"
                                    b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\nConnection: close"
                                    b"\r\n\r\n" + body)
        except OSError:
            pass

    def parse_request(self) -> bool:
        if self.evicted:  # (its place went to a new client: closed without a word)
            self.close_connection = True
            return False
        if not self.raw_requestline.strip():  # (the standard library closes such a connection without a word)
            self.command, self.path = None, ""
            self.send_error(400, "an empty request line")
            return False
        if not super().parse_request():
            return False
        if self.request_version != "HTTP/0.9" and self.rfile.last == b"":  # the client left within its headers
            self.close_connection = True
            self.log_line("connection dropped (within the request's headers)")
            return False
        if self.request_version == "HTTP/0.9":  # no headers, so no Host: refused
            self.send_error(400, "an HTTP/0.9 request (no version, no headers) is not served")
            return False
        self._head_done()
        return True

    def _head_done(self) -> None:
        """The head is in: the body has what is left of the whole request's time, and the connection keeps its
        place (it is no longer one a new client may take)."""
        self.in_head = False
        self.deadline = self.started + self.request_timeout
        waiting = getattr(self.server, "waiting", None)
        if waiting is not None:
            waiting.discard(self)

    def send_error(self, code, message=None, explain=None):
        """The standard library's own refusals (a malformed request line or header, an unknown method) in JSON."""
        text = message or self.responses.get(code, ("error",))[0]
        self.close_connection = True
        if self.request_version == "HTTP/0.9":  # (what the standard library assumes of a line it cannot read)
            self.request_version = "HTTP/1.0"  # a status line and headers, so that the client sees the refusal
        self.log_line(f"{int(code)} {text}")
        body = json.dumps({"error": str(text)}, ensure_ascii=False).encode("utf-8")
        self.send_response(code, message)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD" and int(code) >= 200 and int(code) not in (204, 304):
            self.wfile.write(body)

    def _send(self, status: int, body: bytes, ctype: str) -> None:
        self.connection.settimeout(WRITE_TIMEOUT)
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, data, status: int = 200) -> None:
        text = json.dumps(data, ensure_ascii=False, default=_plain)
        try:
            body = text.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate ("\ud800" in a JSON value) has no UTF-8: sent as JSON's escape
            body = json.dumps(data, ensure_ascii=True, default=_plain).encode("ascii")
        self._send(status, body, "application/json; charset=utf-8")

    def _error(self, message: str, status: int = 400) -> None:
        message = hide_paths(str(message), self.roots)
        if len(message) > 2000:
            message = message[:2000] + "..."
        self.log_line(f"{status} {message}")
        self._json({"error": message}, status)

    def _allowed(self) -> bool:
        """Whether the Host header (and the Origin, when one is sent) names this machine.

        A page elsewhere that rebinds its name to 127.0.0.1 sends its own name as Host: it cannot read a ruling.
        """
        host, origin = self.headers.get("Host"), self.headers.get("Origin")
        if not self.path.startswith("/"):  # a target naming a host (``GET http://elsewhere/``) would override Host
            self._error("the request's target is a path on this server (such as /api/files)")
            return False
        if not host_allowed(host, self.host_names):
            what = f"the Host header {host[:80]!r}" if host else "a request without a Host header"
            self._error(f"{what} does not name this machine: open the page at {self._address()}", 403)
            return False
        if origin is not None and not (urlparse(origin).scheme == "http"
                                       and host_allowed(urlparse(origin).netloc, self.host_names)):
            self._error(f"a request from the page at {origin[:80]!r} is refused: open the page at {self._address()}",
                        403)
            return False
        return True

    def _address(self) -> str:
        host, port = self.server.server_address[:2]
        return f"http://{'[' + host + ']' if ':' in host else host}:{port}/"

    def do_GET(self):  # noqa: N802
        self._answer(self._get)

    def do_POST(self):  # noqa: N802
        self._answer(self._post)

    def _answer(self, method) -> None:
        """One request answered, whatever it holds.

        The Host is checked, the body read (bounded: ``content_length``, the request's deadline); then the
        answer is computed in the rule engine's turn (``RULINGS``) into a buffer, and written once the turn is
        over, so that a slow client never holds the engine. An exception nothing answered is a 500 with a JSON
        error (and one line on the terminal), never an empty reply.
        """
        if not self._allowed():
            return
        if self.command == "POST":
            try:
                length = content_length(self.headers.get("Content-Length"))
            except BadRequest as exc:
                self.close_connection = True  # the body is not read
                self._error(str(exc), exc.status)
                return
            self.body = self.rfile.read(length)
            if len(self.body) < length:  # the client closed its side early (it may still read the answer)
                self.close_connection = True
                self._error(f"the body ended after {len(self.body)} of the {length} bytes its Content-Length gives")
                return
        socket_file, self.wfile = self.wfile, io.BytesIO()
        try:
            if urlparse(self.path).path in JOB_ROUTES:
                self._job_route()
            else:
                self._compute(method, urlparse(self.path).path not in NO_RULES)
            answer = self.wfile.getvalue()
        finally:
            self.wfile = socket_file
        self.connection.settimeout(WRITE_TIMEOUT)
        self.wfile.write(answer)

    def _compute(self, method, in_turn: bool) -> None:
        """The answer, in the rule engine's turn: a ruling whose searches need more than ``quick_nodes`` nodes
        gives up the turn at once (``SlowRuling``) and is ruled in a worker process with the whole budget
        (``_slow``): the same ruling, while the other requests go on."""
        try:
            if in_turn and self.jobs is not None and self.jobs.by_key:
                job = self.jobs.find(self._job_key(), self._waiter())  # asked again while (or after) a worker rules it
                if job is not None:
                    self._job_answer(job)
                    return
            if in_turn and not RULINGS.acquire(timeout=RULE_WAIT):
                self._error(f"busy: other rulings took more than {RULE_WAIT} seconds; try again", 503)
                return
            slow = False
            try:
                token = quick_attempt(self.quick_nodes if in_turn else None)
                try:
                    method()
                except SlowRuling:
                    slow = True
                finally:
                    end_quick_attempt(token)
            finally:
                if in_turn:
                    RULINGS.release()
            if slow:
                self._headers_buffer = []
                self.wfile = io.BytesIO()
                self._slow()
        except Exception as exc:  # noqa: BLE001 - every request gets an answer
            self._headers_buffer = []
            self.wfile = io.BytesIO()
            self.log_line(f"internal error: {type(exc).__name__}: {hide_paths(str(exc), self.roots)[:200]}")
            self._json({"error": f"internal error ({type(exc).__name__}); the server's terminal has a line about it"},
                       500)

    # -- slow rulings: a worker process each, asked again or cancelled by the job's id --------------------------

    quick_nodes: int | None = QUICK_NODES
    slow_wait: float = SLOW_WAIT
    jobs = None  # SlowRulings (make_server gives each server its own)

    def _spec(self) -> dict:
        """What a worker needs to answer this request as this server would."""
        return {"command": self.command, "path": self.path, "body": self.body, "roots": [str(r) for r in self.roots],
                "host_names": self.host_names}

    def _job_key(self) -> str:
        """The request and the bytes of the served files it names: the same key, the same ruling."""
        import hashlib

        from engine.commands.validate import _case_key

        h = hashlib.sha256(repr((self.command, self.path, [str(r) for r in self.roots])).encode() + b"\0" + self.body)
        q = {k: v[-1] for k, v in parse_qs(urlparse(self.path).query).items()}
        for name in ("path", "events"):
            if q.get(name):
                try:
                    h.update(b"\0" + str(_case_key(resolve(q[name], self.roots))).encode())
                except (CaseError, OSError, ValueError):
                    pass
        return h.hexdigest()

    def _waiter(self) -> str:
        """Who waits for a slow ruling: the page names each of its requests (``X-Bridge-Waiter``), so that a
        Cancel stops the worker only when no other request waits for the same ruling; "" for the others."""
        return str(self.headers.get("X-Bridge-Waiter") or "")[:64] if getattr(self, "headers", None) else ""

    def _slow(self) -> None:
        job = self.jobs.submit(self._job_key(), self._spec(), self._waiter())
        job.done.wait(self.slow_wait)
        self._job_answer(job)

    def _job_answer(self, job) -> None:
        state = job.state
        if state == "done":
            self.wfile.write(job.answer)
        elif state == "failed":
            self.log_line(f"internal error in a worker: {job.error[:200]}")
            self._json({"error": "internal error in the worker that ruled it; the server's terminal has a line "
                                 "about it", "job": job.ident}, 500)
        elif state == "cancelled":
            self._json({"error": "this ruling was cancelled; ask for it again to rule it anew", "job": job.ident,
                        "state": state}, 409)
        else:
            ago = round(time.monotonic() - job.created, 1)
            self._json({"pending": True, "job": job.ident, "state": state, "seconds": ago,
                        "ask": f"/api/job?id={job.ident}", "cancel": f"/api/job/cancel?id={job.ident}",
                        "message": "a claim that takes the solver a long search: it is being ruled apart, and the "
                                   "other rulings go on; ask again for the answer (or cancel it)"}, 202)

    def _job_route(self) -> None:
        """GET /api/job?id=ID: the slow ruling's answer, or "pending" again; POST /api/job/cancel?id=ID: stop it."""
        url = urlparse(self.path)
        ident = {k: v[-1] for k, v in parse_qs(url.query).items()}.get("id", "")
        if (url.path == "/api/job") != (self.command == "GET"):
            self._error(f"{url.path} is asked with {'GET' if url.path == '/api/job' else 'POST'}", 405)
            return
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        job = (self.jobs.cancel(ident, query.get("waiter")) if url.path == "/api/job/cancel"
               else self.jobs.get(ident))
        if job is None:
            self._error(f"no slow ruling {ident[:40]!r} (it may have been forgotten: ask for the ruling again)", 404)
        elif url.path == "/api/job/cancel":
            self._json({"job": job.ident, "state": job.state, "waiting": len(job.waiters)})
        else:
            job.done.wait(min(self.slow_wait, 10))
            self._job_answer(job)

    def _get(self):
        url = urlparse(self.path)
        q = {k: v[-1] for k, v in parse_qs(url.query).items()}
        try:
            if url.path in ("/", "/index.html"):
                self._send(200, PAGE.encode("utf-8"), "text/html; charset=utf-8")
            elif url.path == "/api/files":
                self._json({"files": served_files(self.roots)})
            elif url.path == "/api/rule":
                path = resolve(q.get("path", ""), self.roots)
                events = resolve(q["events"], self.roots) if q.get("events") else None
                self._json(page_data(_rule_path(path, _int(q.get("game")), events)))
            elif url.path == "/api/deal":
                self._json(deal_served(q, self.roots))
            elif url.path == "/api/draft":
                self._json(draft_served(q, self.roots))
            elif url.path == "/api/whynot":
                path = resolve(q.get("path", ""), self.roots)
                ruling = _rule_path(path, _int(q.get("game")), None)
                pairs = [p for p in q.get("fields", "").replace(" ", ",").split(",") if p]
                answer = why_not(ruling, q.get("kind", ""), parse_wanted(pairs))
                self._json({"text": _plain_why_not(render_why_not(answer, load())), "data": _titled(to_json(answer), load())})
            else:
                self._error("not found", 404)
        except (CaseError, WhyNotError) as exc:
            self._error(str(exc))

    def _post(self):
        url = urlparse(self.path)
        if url.path in INTAKE_ROUTES:
            self._intake(INTAKE_ROUTES[url.path])
            return
        if url.path != "/api/rule":
            self._error("not found", 404)
            return
        try:
            data = upload_body(self.body)
            name = upload_name(data.get("name"), "upload.pbn")
            events_name = upload_name(data.get("events_name"), "events.yaml")
        except BadRequest as exc:
            self._error(str(exc), exc.status)
            return
        try:
            with tempfile.TemporaryDirectory(prefix="bridge-td-") as tmp:
                path = Path(tmp) / name
                path.write_text(data.get("text") or "", encoding="utf-8")
                events = None
                if data.get("events_text"):
                    events = Path(tmp) / ("events-" + events_name)
                    events.write_text(data["events_text"], encoding="utf-8")
                if path.suffix.lower() in BOARD_FILES and data.get("game") in (None, ""):
                    games = [g for g in list_files([path])[0].get("games", [])]
                    if len(games) > 1:
                        self._json({"games": games})
                        return
                ruling = _rule_path(path, _int(data.get("game")), events)
                self._json(page_data(ruling))
        except CaseError as exc:
            self._error(_hide_temp(str(exc)))
        except (ValueError, UnicodeDecodeError) as exc:
            self._error(f"bad request: {exc}")

    def _intake(self, endpoint) -> None:
        """An intake endpoint: a JSON object in, a JSON object out; 4xx on anything malformed."""
        try:
            body = json_object(self.body)
        except BadRequest as exc:
            self._error(f"bad request: {exc}", exc.status)
            return
        try:
            self._json(endpoint(body))
        except CaseError as exc:
            self._error(str(exc))
        except RecursionError:
            self._error("bad request: nested too deeply")
        except (ValueError, TypeError, KeyError, AttributeError) as exc:  # a malformed draft the loader did not name
            self._error(f"bad request: {exc.__class__.__name__}: {str(exc)[:200]}")


# ---------------------------------------------------------------------------
# The intake endpoints (engine/commands/intake.py does the work)
# ---------------------------------------------------------------------------


def deal_served(q: dict, roots: list) -> dict:
    """GET /api/deal?path=...&game=N: a draft from a served hand record (deal-only or full)."""
    from engine.commands.intake import draft_from_games
    from engine.input import pbn

    path = resolve(q.get("path", ""), roots)
    if path.suffix.lower() != ".pbn":
        raise CaseError(q.get("path", ""), "", "a hand record to start from is a PBN file")
    return draft_from_games(pbn.load_games(path), path.name, _int(q.get("game")))


def draft_served(q: dict, roots: list) -> dict:
    """GET /api/draft?path=...&game=N: a served case (or PBN/LIN board) as a draft, to edit on the page."""
    from engine.commands.intake import draft_from_case

    path = resolve(q.get("path", ""), roots)
    if path.suffix.lower() in BOARD_FILES:
        case = load_input(path, game=_int(q.get("game")))
    else:
        case = load_input(path)
    return draft_from_case(case)


def deal_uploaded(body: dict) -> dict:
    """POST /api/deal {name, text, game}: the same for an uploaded PBN file (never written to disk)."""
    from engine.commands.intake import draft_from_games
    from engine.input import pbn

    name = Path(str(body.get("name") or "upload.pbn")).name[:120]
    text = body.get("text")
    if not isinstance(text, str) or not text.strip():
        raise CaseError(name, "", "empty: choose a PBN hand record")
    games = pbn.parse_games(text, name)
    if not games:
        raise CaseError(name, "", "no games in the file (a PBN game starts with tag pairs such as [Deal \"...\"])")
    if body.get("game") in (None, "") and len(games) > 1:
        return {"games": [{"game": g.number, "label": g.label} for g in games]}
    return draft_from_games(games, name, _int(body.get("game")) or 1)


def intake_rule(body: dict) -> dict:
    """POST /api/intake {draft, why_not?: {kind, fields}}: the draft read as a case and ruled, with the next
    entry's choices (and a why-not answer when asked)."""
    from engine.commands.intake import load_draft, rule_draft

    wanted = body.get("why_not")
    if wanted is not None:
        if not isinstance(wanted, dict) or not isinstance(wanted.get("kind"), str) or len(wanted["kind"]) > 60:
            raise CaseError("the request", "why_not", "a conclusion kind (and fields such as tricks=2)")
        fields = str(wanted.get("fields") or "")[:300]
        _, case = load_draft(body.get("draft"))
        if case.contract is None and not case.extra:
            raise CaseError("the request", "why_not", "nothing is ruled yet")
        ruling = rule_case(case)
        pairs = [p for p in fields.replace(" ", ",").split(",") if p]
        try:
            answer = why_not(ruling, wanted["kind"], parse_wanted(pairs))
        except WhyNotError as exc:
            raise CaseError("the request", "why_not", str(exc))
        kb = load()
        return {"text": _plain_why_not(render_why_not(answer, kb)), "data": _titled(to_json(answer), kb)}
    return rule_draft(body.get("draft"), page_data)


def intake_save(body: dict) -> dict:
    """POST /api/intake/save {draft, format: yaml|pbn, expect}: the case file's text (the page downloads it)."""
    from engine.commands.intake import _case_id, case_pbn, case_yaml

    fmt = body.get("format", "yaml")
    if fmt not in ("yaml", "pbn"):
        raise CaseError("the request", "format", f"{fmt!r}: yaml or pbn")
    draft = body.get("draft")
    name = _case_id(draft.get("id") if isinstance(draft, dict) else None) + "." + fmt
    text = case_yaml(draft, bool(body.get("expect"))) if fmt == "yaml" else case_pbn(draft)
    return {"name": name, "text": text}


def score_uploaded(body: dict) -> dict:
    """POST /api/score: an uploaded session scored, its rulings put in place (engine/commands/score_page.py)."""
    from engine.commands.score_page import score_uploaded as score

    return score(body)


INTAKE_ROUTES = {"/api/intake": intake_rule, "/api/intake/save": intake_save, "/api/deal": deal_uploaded}
INTAKE_ROUTES["/api/score"] = score_uploaded


def _int(value):
    if value in (None, ""):
        return None
    try:
        if isinstance(value, bool) or (isinstance(value, str) and len(value.strip()) > 9):
            raise ValueError(value)
        number = int(value)
        if abs(number) >= 10 ** 9:
            raise ValueError(value)
        return number
    except (TypeError, ValueError, OverflowError):
        shown = str(value)[:40] + ("..." if len(str(value)) > 40 else "")
        raise CaseError(shown, "game", "not a game number")


def _plain(value):
    """JSON for the engine's small value objects in a ruling's data (a claim statement's steps): their fields."""
    import dataclasses

    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value, key=str)
    raise TypeError(f"{type(value).__name__} is not JSON")


def _hide_temp(message: str) -> str:
    """An upload's message names the file as uploaded, never the private folder it was ruled from."""
    tmp = re.escape(str(Path(tempfile.gettempdir())))
    message = re.sub(tmp + r"/bridge-td-[^/\s]*/(events-)?", "", message)
    return message.replace(str(Path(tempfile.gettempdir())), "(upload)")


def _handle_error(server, request, client_address) -> None:
    """An exception a handler did not answer: one line on the terminal, not a traceback."""
    exc = sys.exc_info()[1]
    what = "connection dropped" if isinstance(exc, (ConnectionError, TimeoutError)) else "internal error"
    getattr(server, "log", LOG).write(f"{client_address[0]} -: {what}: {type(exc).__name__}: "
                                      f"{' '.join(str(exc).split())[:200]}", what.split(" ", 1)[0])


# ---------------------------------------------------------------------------
# Slow rulings: each in a worker process of its own
# ---------------------------------------------------------------------------


class _Job:
    """One slow ruling: queued, running, then done (``answer``: the HTTP answer's bytes), failed or cancelled."""

    def __init__(self, ident: str, key: str, spec: dict):
        self.ident, self.key, self.spec = ident, key, spec
        self.state = "queued"
        self.answer = b""
        self.error = ""
        self.process = None
        self.created = time.monotonic()
        self.done = threading.Event()
        self.waiters: set = set()  # the requests given this job ("" for those that did not name themselves)


class SlowRulings:
    """The slow rulings of one server: at most ``workers`` worker processes at once, the rest queued, the last
    ``MAX_JOBS`` remembered (a request asked again finds its job by the request's key; the page asks by id).

    A worker is a fresh process (``spawn``: the server's threads and locks are not copied) that answers the
    request exactly as the server would, with the ruling's whole work budget, so the answer does not depend
    on where it was computed.  Cancelling a job ends its process."""

    def __init__(self, workers: int = SLOW_WORKERS):
        self.workers = max(1, int(workers))
        self.lock = threading.Lock()
        self.jobs: dict = {}  # id -> job, oldest first
        self.by_key: dict = {}
        self.queue: list = []
        self.running = 0

    def get(self, ident: str):
        with self.lock:
            return self.jobs.get(ident)

    def find(self, key: str, waiter: str = ""):
        """The job of this request's key, unless it failed or was cancelled (then it is ruled anew)."""
        with self.lock:
            job = self.by_key.get(key)
            if job is None or job.state in ("cancelled", "failed"):
                return None
            job.waiters.add(waiter)
            return job

    def submit(self, key: str, spec: dict, waiter: str = "") -> _Job:
        import secrets

        with self.lock:
            job = self.by_key.get(key)
            if job is not None and job.state not in ("cancelled", "failed"):
                job.waiters.add(waiter)
                return job
            job = _Job(secrets.token_hex(8), key, spec)
            job.waiters.add(waiter)
            self.jobs[job.ident] = job
            self.by_key[key] = job
            self.queue.append(job)
            self._forget()
            self._start_next()
        return job

    def cancel(self, ident: str, waiter: str | None = None):
        """Stop a job: at once, or, for ``waiter`` (a request the page named), once no other request waits for
        it (the same ruling asked by another entry of the page, or by another page, goes on)."""
        with self.lock:
            job = self.jobs.get(ident)
            if job is None or job.state not in ("queued", "running"):
                return job
            if waiter is not None:
                job.waiters.discard(waiter)
                if job.waiters:
                    return job
            job.state = "cancelled"
            process = job.process
        if process is not None:
            process.terminate()  # (the worker this server started for the job, and only it)
        job.done.set()
        return job

    def close(self) -> None:
        for ident in list(self.jobs):
            self.cancel(ident)

    def _forget(self) -> None:
        finished = [j for j in self.jobs.values() if j.state not in ("queued", "running")]
        while len(self.jobs) > MAX_JOBS and finished:
            old = finished.pop(0)
            del self.jobs[old.ident]
            if self.by_key.get(old.key) is old:
                del self.by_key[old.key]

    def _start_next(self) -> None:  # (with the lock held)
        while self.running < self.workers and self.queue:
            job = self.queue.pop(0)
            if job.state != "queued":
                continue
            job.state = "running"
            self.running += 1
            threading.Thread(target=self._run, args=(job,), daemon=True).start()

    def _run(self, job: _Job) -> None:
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        state, value = "failed", "the worker process ended without an answer"
        reader = None
        try:
            reader, writer = ctx.Pipe(duplex=False)
            process = ctx.Process(target=_rule_in_worker, args=(writer, job.spec), daemon=True,
                                  name=f"bridge-td slow ruling {job.ident}")
            process.start()
            writer.close()
            with self.lock:
                job.process = process
                cancelled = job.state == "cancelled"
            if cancelled:
                process.terminate()
            try:
                state, value = reader.recv()
            except (EOFError, OSError):
                pass
            process.join(5)
            if process.is_alive():  # (cancelled, and deaf to the request to end: ended for good)
                process.kill()
                process.join(5)
        except Exception as exc:  # noqa: BLE001 - a worker that could not start: the job fails, the server goes on
            value = f"{type(exc).__name__}: {exc}"
        finally:
            if reader is not None:
                reader.close()
            with self.lock:
                if job.state != "cancelled":
                    job.state = state
                    if state == "done":
                        job.answer = value
                    else:
                        job.error = str(value)
                job.process = None
                job.spec = None
                self.running -= 1
                self._start_next()
            job.done.set()


class _NoSocket:
    """A worker's stand-in for the client's connection (the answer goes to a buffer)."""

    def settimeout(self, _):
        pass


def _answer_in_worker(spec: dict) -> bytes:
    """The request's answer, computed as the server's handler would, in this (worker) process: its bytes."""
    handler = Handler.__new__(Handler)
    handler.roots = [Path(r) for r in spec["roots"]]
    handler.host_names = tuple(spec["host_names"])
    handler.command, handler.path, handler.body = spec["command"], spec["path"], spec["body"]
    handler.request_version, handler.requestline, handler.close_connection = "HTTP/1.1", "", False
    handler.client_address = ("worker", 0)
    handler.server = None  # (its lines: the module's LOG, on the terminal the worker shares with the server)
    handler.connection = _NoSocket()
    handler.wfile = io.BytesIO()
    handler._headers_buffer = []
    method = handler._get if spec["command"] == "GET" else handler._post
    handler._compute(method, in_turn=False)
    return handler.wfile.getvalue()


def _rule_in_worker(writer, spec: dict) -> None:
    """A worker process: one answer sent back through ``writer`` ("done", bytes) or ("failed", what).

    It ends with the server: when the server's process is gone (killed, say), so is the worker."""
    parent = os.getppid()

    def orphaned():
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(1)

    threading.Thread(target=orphaned, daemon=True).start()
    try:
        answer = ("done", _answer_in_worker(spec))
    except BaseException as exc:  # noqa: BLE001 - reported by the server as an internal error
        answer = ("failed", f"{type(exc).__name__}: {exc}")
    try:
        writer.send(answer)
    finally:
        writer.close()


class _Waiting:
    """The handlers whose connection has not yet sent a whole request head (the ones a new client may displace)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.handlers: set = set()

    def add(self, handler) -> None:
        with self.lock:
            self.handlers.add(handler)

    def discard(self, handler) -> None:
        with self.lock:
            self.handlers.discard(handler)

    def evict_oldest(self) -> bool:
        """Close the connection that has waited longest for its head (its thread ends and frees its place)."""
        with self.lock:
            if not self.handlers:
                return False
            oldest = min(self.handlers, key=lambda h: h.started)
            self.handlers.discard(oldest)
            oldest.evicted = True
        try:
            oldest.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        return True


class Server(ThreadingHTTPServer):
    """One thread per connection, at most ``max_connections`` at once: one more is answered 503 and closed."""

    daemon_threads = True
    request_queue_size = 128  # connections the system holds until they are accepted (50 at once are not refused)
    max_connections = MAX_CONNECTIONS

    def server_activate(self):
        self._slots = threading.BoundedSemaphore(self.max_connections)
        self.waiting = _Waiting()  # the connections still sending a request's head
        self.log = _LogLimit()  # this server's lines on the terminal
        super().server_activate()

    def process_request(self, request, client_address):
        if not self._slots.acquire(blocking=False):
            # every place is taken: the oldest connection still sending its head gives its place up (a client
            # holding connections open without a request cannot lock others out); none: 503
            if not (self.waiting.evict_oldest() and self._slots.acquire(timeout=2)):
                self._refuse(request, client_address)
                return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self._slots.release()
            raise

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self._slots.release()

    def _refuse(self, request, client_address) -> None:
        """A 503 in JSON for a connection over the limit, sent at once (the accepting thread never waits on it)."""
        self.log.write(f"{client_address[0]} -: 503 more than {self.max_connections} connections at once", "503")
        body = json.dumps({"error": f"busy: more than {self.max_connections} connections at once; try again"}).encode()
        try:
            request.setblocking(False)
            request.send(b"HTTP/1.0 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\n"
                         b"Retry-After: 1\r\nConnection: close\r\nContent-Length: " + str(len(body)).encode()
                         + b"\r\n\r\n" + body)
            request.shutdown(socket.SHUT_WR)
            request.recv(65536)  # what the client has sent already, so that closing does not reset the answer
        except OSError:
            pass
        self.shutdown_request(request)

    handle_error = _handle_error

    def server_close(self):
        super().server_close()
        jobs = getattr(self.RequestHandlerClass, "jobs", None)
        if jobs is not None:
            jobs.close()  # (the workers of this server's slow rulings end with it)


def make_server(roots: list, host: str = "127.0.0.1", port: int = 8765, quiet: bool = True, *,
                max_connections: int = MAX_CONNECTIONS, request_timeout: float = REQUEST_TIMEOUT,
                head_timeout: float = HEAD_TIMEOUT, quick_nodes: int | None = QUICK_NODES,
                slow_workers: int = SLOW_WORKERS, slow_wait: float = SLOW_WAIT) -> ThreadingHTTPServer:
    check_loopback(host)
    names = tuple(sorted({*LOOPBACK_NAMES, host.strip().lower().rstrip(".").strip("[]")}))
    handler = type("BoundHandler", (Handler,), {"roots": [Path(r) for r in roots], "quiet": quiet,
                                                "host_names": names, "timeout": request_timeout,
                                                "request_timeout": request_timeout, "head_timeout": head_timeout,
                                                "quick_nodes": quick_nodes, "slow_wait": slow_wait,
                                                "jobs": SlowRulings(slow_workers)})
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    server_class = type("BoundServer", (Server,), {"address_family": family, "max_connections": max_connections})
    server = server_class((host, port), handler)
    # Read the served PBN/LIN files' game lists now, so that the page's first request finds them ready.
    threading.Thread(target=_warm, args=(handler.roots,), daemon=True).start()
    return server


def _warm(roots: list) -> None:
    try:
        served_files(roots)
    except Exception:  # noqa: BLE001 - only a cache; the request itself reports problems
        pass


def serve_in_thread(roots: list, host: str = "127.0.0.1", port: int = 0, **limits):
    server = make_server(roots, host, port, **limits)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


PAGE = (Path(__file__).resolve().parent / "page.html").read_text(encoding="utf-8")
