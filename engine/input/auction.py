"""The auction and the players as every view shows them (text, rich, the quiz, the page, the PBN export).

``auction_view(case)`` is the one place that reads the case's ``auction``
(calls from the dealer, with their alerts and notes) and marks each call with
what happened at it: a call out of rotation, an insufficient bid, and the
Law 16 episode of the case (``ui``: a hesitation, a remark, ... by a seat,
marked at that seat's call) or the Law 75 explanation (``explanation``: the
call explained).  The marks describe the record; they decide nothing.

The shape (the contract with the page, ``ruling_json``'s ``auction`` key)::

    {"dealer": "N", "calls": [{"seat": "N", "call": "1S", "alert": False,
                               "note": None, "marks": []}, ...]}

A call carries ``marked_by`` (a seat) when the Law 16 mark at it is another
player's (a remark or mannerism made at his opponent's or partner's call).

``players_view(case)`` gives ``{"N": name, ...}`` from the case's ``players``.
"""
from __future__ import annotations

from engine.notation import cards as C

STRAINS = ("C", "D", "H", "S", "NT")
# ui.how values that happen at a call of the player who gave the information (Law 16A)
UI_AT_CALL = ("remark", "question", "answer", "hesitation", "speed", "emphasis", "tone", "gesture", "movement",
              "mannerism", "alert", "explanation")


def _call_text(call: str) -> str:
    return "P" if call == "Pass" else call


def auction_view(case) -> dict | None:
    """The calls from the dealer with alert, note and marks; None when the case has no auction."""
    calls = case.extra.get("auction")
    if not calls:
        return None
    annotations = list(getattr(calls, "annotations", ()) or ())
    dealer = case.dealer or calls[0][0]
    out: list = []
    expected = dealer
    last_bid = None
    for i, (seat, call) in enumerate(calls):
        note = annotations[i] if i < len(annotations) else {}
        marks = list(note.get("marks", ()))
        if seat != expected and "out_of_rotation" not in marks:
            marks.append("out_of_rotation")
        if call[0].isdigit():
            rank = (int(call[0]), STRAINS.index(call[1:]))
            if last_bid is not None and rank <= last_bid:
                marks.append("insufficient")
            else:
                last_bid = rank
        out.append({"seat": seat, "call": _call_text(call), "alert": bool(note.get("alert")),
                    "note": note.get("note") or None, "marks": marks})
        expected = C.next_seat(seat)
    ui = case.extra.get("ui")
    if ui and ui.get("how") in UI_AT_CALL and ui.get("by"):
        index = ui_call_index(ui, out)
        if index is not None and 0 <= index < len(out):
            out[index]["marks"].append(ui["how"])
            if out[index]["seat"] != ui["by"]:  # a remark or mannerism at another player's call
                out[index]["marked_by"] = ui["by"]
    explained = case.extra.get("explanation")
    if explained:
        hit = next((i for i in range(len(out) - 1, -1, -1)
                    if out[i]["seat"] == explained["by"] and out[i]["call"] == _call_text(explained["call"])), None)
        if hit is not None and "explanation" not in out[hit]["marks"]:
            out[hit]["marks"].append("explanation")
    return {"dealer": dealer, "calls": out}


def ui_call_index(ui: dict, calls: list) -> int | None:
    """The call (0-based) the information episode is marked at: ``ui.call`` when the case gives it; else the
    giver's last call before the receiver's action (the receiver's last call that is ``ui.action``); else
    the giver's last call in the record."""
    if ui.get("call"):
        return ui["call"] - 1
    seats = [c["seat"] for c in calls]
    names = [c["call"] for c in calls]
    end = len(calls)
    action = str(ui.get("action") or "").upper().replace("PASS", "P")
    if action:
        acted = [i for i in range(len(calls)) if seats[i] == ui.get("received_by")
                 and names[i].upper().replace("PASS", "P") == action]
        if acted:
            end = acted[-1]
    return next((i for i in range(end - 1, -1, -1) if seats[i] == ui["by"]),
                next((i for i in range(len(calls) - 1, -1, -1) if seats[i] == ui["by"]), None))


def players_view(case) -> dict | None:
    players = case.extra.get("players")
    if not players:
        return None
    return {s: players[s] for s in C.SEATS if players.get(s)}


def passed_out(case) -> bool:
    """The four players passed (an auction of passes only, no contract): the board is not played."""
    calls = case.extra.get("auction") or ()
    return case.contract is None and len(calls) >= 4 and all(call == "Pass" for _, call in calls)
