"""The auction drawn: a four-column grid from the dealer, the marks told below it.

The view itself (``auction_view``, ``players_view``: calls, alerts, notes and
the marks at each call) is read from the case in ``engine.input.auction``;
this module only draws it, for the text ruling, the rich view and the quiz.
"""
from __future__ import annotations

from engine.input.auction import UI_AT_CALL, auction_view, players_view  # noqa: F401  (the views' one home)
from engine.notation import cards as C

MARK_TEXT = {
    "out_of_rotation": "call out of rotation",
    "insufficient": "insufficient bid",
    "explanation": "the explanation in question (Law 75)",
}


def mark_text(mark: str, seat: str) -> str:
    if mark in MARK_TEXT:
        return MARK_TEXT[mark]
    return f"{mark.replace('_', ' ')} by {C.SEAT_NAMES[seat]} (Law 16)"


def grid_rows(view: dict) -> list:
    """Rows of four cells, the dealer's column first; a call sits in its seat's column."""
    columns = [C.next_seat(view["dealer"], k) for k in range(4)]
    rows: list = []
    row = [None] * 4
    last = -1
    for index, call in enumerate(view["calls"]):
        col = columns.index(call["seat"])
        if col <= last:
            rows.append(row)
            row = [None] * 4
        row[col] = (index, call)
        last = col
        if col == 3:
            rows.append(row)
            row = [None] * 4
            last = -1
    if any(cell is not None for cell in row):
        rows.append(row)
    return rows


def auction_lines(view: dict, names: dict | None = None, width: int = 9, hide: tuple = ()) -> list[str]:
    """The auction as text: a four-column grid from the dealer, then what the marks mean (``hide``: marks left out)."""
    columns = [C.next_seat(view["dealer"], k) for k in range(4)]
    head = [C.SEAT_NAMES[s] for s in columns]
    if names:
        width = max(width, *(len(f"{h} ({names[s]})") + 1 for h, s in zip(head, columns) if names.get(s)))
        head = [f"{h} ({names[s]})" if names.get(s) else h for h, s in zip(head, columns)]
    out = [f"Auction (dealer {C.SEAT_NAMES[view['dealer']]})", "  " + "".join(h.ljust(width) for h in head).rstrip()]
    footnotes: list = []
    for row in grid_rows(view):
        cells = []
        for cell in row:
            if cell is None:  # a seat skipped by a call out of rotation, or the row's end
                later = any(x is not None for x in row[len(cells) + 1:])
                cells.append(("-" if later else "").ljust(width))
                continue
            _, call = cell
            text = "Pass" if call["call"] == "P" else call["call"]
            if call["alert"]:
                text += "!"
            refs = []
            if call["note"]:
                footnotes.append(call["note"])
                refs.append(str(len(footnotes)))
            for mark in (m for m in call["marks"] if m not in hide):
                footnotes.append(mark_text(mark, call.get("marked_by") or call["seat"]))
                refs.append(str(len(footnotes)))
            if refs:
                text += "(" + ",".join(refs) + ")"
            cells.append(text.ljust(width))
        out.append("  " + "".join(cells).rstrip())
    if any(c["alert"] for c in view["calls"]):
        out.append("  ! alerted")
    for n, text in enumerate(footnotes, start=1):
        out.append(f"  ({n}) {text}")
    return out


# The laws of the auction that would govern an irregular call (1987 Laws); none is implemented yet.
NOT_IMPLEMENTED = {
    "out_of_rotation": ("Laws 28-32", "a call out of rotation"),
    "insufficient": ("Law 27", "an insufficient bid"),
}


def auction_notes(case) -> list[dict]:
    """One note per irregular call whose law is not implemented: which law would govern it."""
    view = auction_view(case)
    notes = []
    for n, call in enumerate((view or {}).get("calls", []), start=1):
        for mark in call["marks"]:
            if mark in NOT_IMPLEMENTED:
                laws, what = NOT_IMPLEMENTED[mark]
                notes.append({"subject": mark, "call": n, "seat": call["seat"], "laws": laws.split()[-1],
                              "text": f"call {n}, {C.SEAT_NAMES[call['seat']]}'s {call['call']}, is {what}: "
                                      f"{laws} would govern it, and they are not implemented yet, so the "
                                      f"ruling does not rectify it"})
    return notes
