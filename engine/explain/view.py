"""Seeing a ruling: the hand diagram, the trick table with its marks, the trace as a tree.

The data (``diagram_lines``, ``trick_rows``, ``trace_tree``) is plain Python,
shared by the terminal views (drawn with ``rich``), the quiz and the local
page.  ``render.py`` keeps the plain text and JSON renderers; this module
only adds views.
"""
from __future__ import annotations

from engine.explain.auction import auction_view, grid_rows, mark_text, players_view
from engine.explain.ruling import Item, Ruling
from engine.explain.sentences import describe_fact, seat
from engine.law.knowledge import Knowledge, load
from engine.notation import cards as C
from engine.notation.cards import SIDE_NAMES

SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
LETTERS = {"S": "S", "H": "H", "D": "D", "C": "C"}
RED = {"H", "D"}


def holding(cards, suit: str) -> str:
    ranks = [c[1] for c in C.sort_cards(cards) if c[0] == suit]
    return " ".join("10" if r == "T" else r for r in ranks) or "-"


def card_text(card: str, symbols: bool = True) -> str:
    return (SYMBOLS if symbols else LETTERS)[card[0]] + ("10" if card[1] == "T" else card[1])


def diagram_lines(hands: dict, symbols: bool = True, names: dict | None = None, width: int = 18) -> list[str]:
    """Four hands around a compass, as lines of text."""
    marks = SYMBOLS if symbols else LETTERS
    names = names or {}

    def block(seat_: str) -> list[str]:
        title = C.SEAT_NAMES[seat_] + (f" ({names[seat_]})" if names.get(seat_) else "")
        return [title] + [f"{marks[s]} {holding(hands[seat_], s)}" for s in C.SUITS]

    north, south, west, east = block("N"), block("S"), block("W"), block("E")
    compass = ["", "      N", "    W   E", "      S", ""]
    pad = " " * width
    lines = [pad + line for line in north]
    for w, c, e in zip(west, compass, east):
        lines.append(w.ljust(width) + c.ljust(width) + e)
    lines += [pad + line for line in south]
    return lines


# Why a card went back from the trick (Play.fate), in words
WITHDRAWN = {"refused": "lead refused", "played_to_refused_lead": "played to the refused lead",
             "proper_lead": "taken back: the proper lead was made (53C)", "picked_up": "picked up (57A)",
             "early": "taken back"}


def trick_rows(ruling: Ruling) -> list[dict]:
    """One row per trick: cards by seat (with replaced cards), leader, winner and the law's marks."""
    marks: dict = {}
    revokes = {}
    for c in ruling.conclusions:
        t, s = c.fields.get("trick"), c.fields.get("seat")
        if c.kind == "revoke":
            revokes[(t, s)] = c
            marks.setdefault(t, []).append({"kind": "revoke", "seat": s, "law": c.law, "id": c.id,
                                            "text": f"revoke by {seat(s)}"})
        elif c.kind == "revoke_established":
            marks.setdefault(t, []).append({"kind": "established", "seat": s, "law": c.law, "id": c.id,
                                            "text": f"established ({c.law})"})
        elif c.kind == "revoke_must_be_corrected":
            marks.setdefault(t, []).append({"kind": "corrected", "seat": s, "law": c.law, "id": c.id,
                                            "text": f"must be corrected ({c.law})"})
        elif c.kind == "trick_transfer":
            moved = ruling.transfers_applied.get((t, s), c.fields["tricks"])
            n = c.fields["tricks"]
            text = f"{n} trick{'s' if n != 1 else ''} to {c.fields['to']} ({c.law})"
            if moved != n:
                text += f", {moved} applied"
            marks.setdefault(t, []).append({"kind": "transfer", "seat": s, "law": c.law, "id": c.id, "text": text,
                                            "tricks": n, "to": c.fields["to"]})
        elif c.kind == "no_revoke_penalty":
            marks.setdefault(t, []).append({"kind": "no_penalty", "seat": s, "law": c.law, "id": c.id,
                                            "text": f"no penalty ({c.law})"})
    rows = []
    for t in ruling.table.tricks:
        cells = {}
        for p in t.plays:
            if p.withdrawn_at is not None and p.replaces is None:
                # taken back (a refused lead, a card played to it, a proper lead instead, a premature card
                # picked up): shown apart, struck through; the seat's later card in the trick is its card
                cell = cells.setdefault(p.seat, {"card": None, "replaced": [], "revoke": False, "at": p.at})
                cell.setdefault("withdrawn", []).append({"card": p.card, "why": WITHDRAWN.get(p.fate, "taken back")})
                continue
            if p.seat in cells and cells[p.seat]["card"] is None:
                cells[p.seat].update(card=p.card, at=p.at)
            cell = cells.setdefault(p.seat, {"card": p.card, "replaced": [], "revoke": False, "at": p.at})
            if p.replaces is not None:
                if p.applied:
                    cell["replaced"].append(cell["card"])
                    cell["card"] = p.card
                else:
                    cell["refused"] = p.card
            if (t.number, p.seat) in revokes and revokes[(t.number, p.seat)].fields.get("card") == p.card:
                cell["revoke_card"] = p.card
            cell["revoke"] = cell.get("revoke_card") == cell["card"]
        led = next((p for p in t.plays if p.withdrawn_at is None or p.replaces is not None), None)
        rows.append({"trick": t.number, "leader": (t.effective[0][0] if t.effective else led.seat if led else None),
                     "cards": cells,
                     "winner": t.winner, "winning_card": t.winning_card,
                     "order": [p.seat for p in t.plays], "marks": marks.get(t.number, [])})
    return rows


def trick_table_lines(ruling: Ruling, symbols: bool = False, marks: bool = True) -> list[str]:
    """The trick table as plain text: a column per seat, ``!`` on a revoke card, the law's marks.

    ``marks=False`` leaves out what the law made of the play (for exercises).
    """
    out = [f"{'':>3}  {'lead':<5} " + " ".join(f"{C.SEAT_NAMES[s]:<8}" for s in C.SEATS) + f" {'won by':<7}"
           + (" marks" if marks else "")]
    for row in trick_rows(ruling):
        cells = []
        for s in C.SEATS:
            cell = row["cards"].get(s)
            if cell is None:
                cells.append(f"{'-':<8}")
                continue
            back = "".join(f"({card_text(w['card'], symbols)})" for w in cell.get("withdrawn", []))
            if cell["card"] is None:
                cells.append(f"{back or '-':<8}")
                continue
            text = back + card_text(cell["card"], symbols)
            if cell["replaced"]:
                text = "/".join(card_text(x, symbols) + ("!" if marks and x == cell.get("revoke_card") else "")
                                for x in cell["replaced"]) + ">" + text
            if cell["revoke"] and marks:
                text += "!"
            cells.append(f"{text:<8}")
        won = C.SEAT_NAMES[row["winner"]] if row["winner"] else ""
        lead = C.SEAT_NAMES[row["leader"]][0] if row["leader"] else ""
        line = f"{row['trick']:>3}  {lead:<5} " + " ".join(cells) + f" {won:<7}"
        if marks:
            line += " " + "; ".join(m["text"] for m in row["marks"])
        out.append(line.rstrip())
    return out


# ---------------------------------------------------------------------------
# The trace as a tree (data)
# ---------------------------------------------------------------------------


def trace_tree(ruling: Ruling, item: Item, kb: Knowledge | None = None, seen: set | None = None) -> dict:
    """How ``item`` was reached: its rule, clause and summary, and the facts and conclusions beneath."""
    kb = kb or load()
    seen = set() if seen is None else seen
    if not item.is_conclusion:
        return {"id": item.id, "kind": item.kind, "text": describe_fact(item.kind, item.fields), "fact": True,
                "children": []}
    node = {"id": item.id, "kind": item.kind, "law": item.law, "text": item.text, "rule": item.rule,
            "fact": False, "children": []}
    if item.id in seen:
        node["repeat"] = True
        return node
    seen.add(item.id)
    entry = kb.get(item.law)
    if entry:
        node["clause_title"] = entry.title
        node["summary"] = entry.summary
    from engine.rules import rule_named

    fn = getattr(rule_named(item.rule), "_wrapped", None)
    if fn is not None:
        node["cites"] = list(fn.cites)
        node["checked_absent"] = sorted(t.kind for t in fn.negated)
    for ident in item.because:
        child = ruling.by_id(ident)
        if child is not None:
            node["children"].append(trace_tree(ruling, child, kb, seen))
    return node


# ---------------------------------------------------------------------------
# rich
# ---------------------------------------------------------------------------


def _rich():
    import rich.console  # noqa: F401  (a dependency: see setup.cfg)
    return rich


def console(file=None, width: int | None = None, color: bool | None = None):
    from rich.console import Console

    kwargs = {"file": file, "width": width, "highlight": False}
    if color is not None:
        kwargs["force_terminal"] = color
        kwargs["no_color"] = not color
    return Console(**kwargs)


def _hand_text(hands: dict, seat_: str):
    from rich.text import Text

    t = Text()
    t.append(C.SEAT_NAMES[seat_] + "\n", style="bold")
    for s in C.SUITS:
        t.append(SYMBOLS[s], style="red" if s in RED else "")
        t.append(" " + holding(hands[seat_], s) + ("\n" if s != "C" else ""))
    return t


def rich_diagram(case):
    from rich.table import Table
    from rich.text import Text

    grid = Table.grid(padding=(0, 3))
    for _ in range(3):
        grid.add_column(min_width=14)
    compass = Text("\n    N\n  W   E\n    S", style="dim")
    grid.add_row("", _hand_text(case.hands, "N"), "")
    grid.add_row(_hand_text(case.hands, "W"), compass, _hand_text(case.hands, "E"))
    grid.add_row("", _hand_text(case.hands, "S"), "")
    return grid


def rich_tricks(ruling: Ruling):
    from rich.table import Table
    from rich.text import Text

    table = Table(title="Play", show_lines=False, header_style="bold")
    table.add_column("#", justify="right")
    table.add_column("lead")
    for s in C.SEATS:
        table.add_column(C.SEAT_NAMES[s])
    table.add_column("won by")
    table.add_column("the law")
    for row in trick_rows(ruling):
        cells = []
        for s in C.SEATS:
            cell = row["cards"].get(s)
            if cell is None:
                cells.append(Text("-", style="dim"))
                continue
            t = Text()
            for x in [w["card"] for w in cell.get("withdrawn", [])] + cell["replaced"]:
                t.append(card_text(x), style="strike dim")
                t.append(" ")
            if cell["card"] is None:
                cells.append(t)
                continue
            style = "bold reverse red" if cell["revoke"] else ("red" if cell["card"][0] in RED else "")
            t.append(card_text(cell["card"]), style=style)
            if cell["revoke"]:
                t.append(" revoke", style="bold red")
            cells.append(t)
        marks = Text()
        for m in row["marks"]:
            style = {"transfer": "bold yellow", "no_penalty": "green", "revoke": "red"}.get(m["kind"], "")
            if marks:
                marks.append("; ")
            marks.append(m["text"], style=style)
        table.add_row(str(row["trick"]), C.SEAT_NAMES[row["leader"]][0] if row["leader"] else "", *cells,
                      C.SEAT_NAMES[row["winner"]] if row["winner"] else "", marks)
    return table


def rich_auction(case):
    """The auction as a table: four columns from the dealer (players' names in the heading), the marks below."""
    from rich.table import Table
    from rich.text import Text

    view = auction_view(case)
    if view is None:
        return None
    names = players_view(case) or {}
    columns = [C.next_seat(view["dealer"], k) for k in range(4)]
    table = Table(title="Auction", header_style="bold", show_lines=False)
    for s in columns:
        table.add_column(C.SEAT_NAMES[s] + (f"\n{names[s]}" if names.get(s) else ""))
    footnotes: list = []
    for row in grid_rows(view):
        cells = []
        for k, cell in enumerate(row):
            if cell is None:
                later = any(x is not None for x in row[k + 1:])
                cells.append(Text("-" if later else "", style="dim"))
                continue
            _, call = cell
            marked = bool(call["marks"])
            t = Text("Pass" if call["call"] == "P" else call["call"], style="bold yellow" if marked else "")
            if call["alert"]:
                t.append("!", style="bold")
            refs = []
            if call["note"]:
                footnotes.append(call["note"])
                refs.append(str(len(footnotes)))
            for mark in call["marks"]:
                footnotes.append(mark_text(mark, call.get("marked_by") or call["seat"]))
                refs.append(str(len(footnotes)))
            if refs:
                t.append("(" + ",".join(refs) + ")", style="cyan")
            cells.append(t)
        table.add_row(*cells)
    if footnotes:
        table.caption = "  ".join(f"({n}) {text}" for n, text in enumerate(footnotes, start=1))
    return table


def rich_ruling(ruling: Ruling):
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    from engine.explain.render import board_line, result_line

    case = ruling.case
    head = Text(f"Case {case.id}" + (f": {case.title}" if case.title else ""), style="bold")
    parts = [head, Text(board_line(ruling), style="dim"), rich_diagram(case)]
    auction = rich_auction(case)
    if auction is not None:
        parts.append(auction)
    parts.append(rich_tricks(ruling))
    body = Text()
    main = [c for c in ruling.conclusions if c.kind not in ("trick_won", "equity_review")]
    if not main:
        body.append("No irregularity that the implemented laws cover: the result stands.\n")
    for c in main:
        body.append("• ")
        body.append(c.text)
        body.append(f" [{c.law}]\n", style="cyan")
    questions = [c for c in ruling.conclusions if c.kind == "equity_review"]
    for c in questions:
        body.append("? ", style="yellow")
        body.append(c.fields["question"])
        body.append(f" [{c.law}]\n", style="cyan")
    body.append(result_line(ruling), style="bold")
    parts.append(Panel(body, title="Ruling", title_align="left"))
    for n in ruling.notes:
        parts.append(Text(f"note: {n['text']}" + (f" [{n['laws']}]" if n.get("laws") else ""), style="dim"))
    return Group(*parts)


def rich_trace(ruling: Ruling, item: Item, kb: Knowledge | None = None):
    from rich.text import Text
    from rich.tree import Tree

    data = trace_tree(ruling, item, kb)

    def label(node) -> Text:
        t = Text()
        if node["fact"]:
            t.append(f"{node['id']} {node['kind']}: ", style="dim")
            t.append(node["text"])
            return t
        t.append(f"{node['id']} {node['kind']} ", style="bold")
        t.append(f"[{node['law']}] ", style="cyan")
        t.append(node["text"])
        if node.get("repeat"):
            t.append("  (explained above)", style="dim")
            return t
        t.append(f"\nrule {node['rule']}", style="magenta")
        if node.get("summary"):
            t.append(f"\n{node['law']} {node.get('clause_title', '')}: {node['summary']}", style="dim")
        if node.get("checked_absent"):
            t.append(f"\nchecked that there is no: {', '.join(node['checked_absent'])}", style="dim")
        return t

    def grow(tree, node):
        for child in node["children"]:
            grow(tree.add(label(child)), child)

    root = Tree(label(data))
    grow(root, data)
    return root


__all__ = ["diagram_lines", "trick_rows", "trick_table_lines", "trace_tree", "rich_ruling", "rich_trace",
           "rich_diagram", "rich_tricks", "console", "card_text", "SIDE_NAMES"]
