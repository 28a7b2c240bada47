"""Renderers: a ruling as readable text, as JSON (the contract's shape), and
an explanation tree (how a conclusion was reached, back to the table).

Everything here reads the ``Ruling`` data; nothing re-runs the engine.
"""
from __future__ import annotations

import json
import textwrap

from engine.explain.auction import auction_lines, auction_view, players_view
from engine.explain.ruling import JUDGMENT_KINDS, Item, Ruling
from engine.explain.sentences import describe_fact, seat
from engine.law.knowledge import Knowledge, load
from engine.notation import cards as C
from engine.notation.cards import SIDE_NAMES


def _claim_line_section(r):
    """The least successful normal line of a claim (docs/claims.md), from the claims chapter's sentences.

    Only that chapter sets ``table.claim_line``, and it is loaded only for a case with a claim event
    (``engine.input.chapters``): a ruling without the line does not load it.
    """
    if not getattr(r.table, "claim_line", None):
        return None
    from engine.explain.sentences.claims import claim_line_section

    return claim_line_section(r)


# Chapters may add sections to the text ruling, after Result: functions
# Ruling -> (title, [(sentence, clause)]) or None.
TEXT_SECTIONS: list = [_claim_line_section]

IRREGULARITIES = ("lead_out_of_turn", "premature_play", "revoke", "illegal_inquiry", "defective_trick")
MAIN_ORDER = IRREGULARITIES + (
    "lead_accepted", "proper_lead_stands", "roles_switched", "revoke_established", "revoke_must_be_corrected",
    "revoke_corrected", "correction_not_allowed", "retraction_not_allowed", "card_withdrawn", "penalty_card",
    "obligation", "penalty_card_lifted", "cannot_comply", "play_accepted", "rectification_forfeited",
    "no_rectification", "treated_as_claim", "trick_stands", "legal_card_win", "no_revoke_penalty", "trick_transfer",
    "no_damage_possible", "inspection", "ruled_against", "option",
    # Laws 68-71 (docs/claims.md)
    "not_a_claim", "concession_void", "claim_made", "concession_made", "statement_missing", "play_ceases",
    "claim_disputed", "director_step", "claim_accepted", "legal_floor", "normal_line", "double_dummy",
    "trump_condition", "outstanding_trump", "new_line_rejected", "unstated_line", "card_location_known",
    "acceptance_withdrawn", "withdrawal_refused", "concession_cancelled", "concession_stands", "concession_not_reopened",
    "tricks_awarded",
    "equity_review")


# ---------------------------------------------------------------------------
# JSON
# ---------------------------------------------------------------------------


def conclusion_json(item: Item) -> dict:
    out = {"id": item.id, "kind": item.kind}
    out.update(item.fields)
    out["law"] = item.law
    out["because"] = list(item.because)
    out["text"] = item.text
    return out


def ruling_json(r: Ruling) -> dict:
    referenced = set()
    for c in r.conclusions:
        referenced.update(b for b in c.because if b.startswith("f"))
    facts = [dict(id=i, kind=r.facts[i].kind, **r.facts[i].fields)
             for i in sorted(referenced, key=lambda x: int(x[1:]))]
    table = r.table
    out = {
        "case": r.case.id,
        "edition": r.case.edition,
        "title": r.case.title,
        "contract": str(r.case.contract) if r.case.contract else None,
        "declarer": r.case.declarer,
        "conclusions": [conclusion_json(c) for c in r.conclusions],
        "facts": facts,
        "tricks_at_table": r.tricks_at_table,
        "declarer_tricks": r.declarer_tricks,
        "score": r.score,
        # optional: a claim awaiting the director's ruling (declarer_tricks and score are then null)
        **_pending_json(r),
        "questions": r.questions,
        "notes": [_note_json(n) for n in r.notes],
        "trace": [
            {"step": s.step, "rule": s.rule, "law": s.law, "cites": list(s.cites),
             "matched": list(s.premises), "concluded": list(s.concluded),
             **({"repeated": list(s.repeated)} if s.repeated else {})}
            for s in r.steps
        ],
        "passes": r.passes if table.adjustments else 1,
        # optional: the least successful normal line of a claim, trick by trick (docs/claims.md)
        **({"claim_line": table.claim_line} if getattr(table, "claim_line", None) else {}),
    }
    auction = auction_view(r.case)  # optional keys: only when the case has them (the page reads them)
    if auction is not None:
        out["auction"] = auction
    players = players_view(r.case)
    if players:
        out["players"] = players
    return out


def _note_json(n: dict) -> dict:
    return {k: v for k, v in n.items() if v not in (None, "")}


def dumps(data) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False)


# ---------------------------------------------------------------------------
# Text
# ---------------------------------------------------------------------------


def _wrap(text: str, indent: str, width: int = 88) -> str:
    return textwrap.fill(text, width=width, initial_indent=indent, subsequent_indent=indent + "  ")


def board_line(r: Ruling) -> str:
    case = r.case
    bits = []
    if case.board is not None:
        bits.append(f"Board {case.board}")
    if case.dealer:
        bits.append(f"dealer {seat(case.dealer)}")
    if case.vulnerable_known:
        bits.append({"None": "nobody vulnerable", "All": "both sides vulnerable",
                     "NS": "North-South vulnerable", "EW": "East-West vulnerable"}[case.vulnerable])
    switch = getattr(r.table, "switch", None)
    if case.contract and switch and switch[1] != case.declarer:
        # 54A: declarer faced his hand after the opening lead out of turn; his partner plays it (Law 54A)
        bits.append(f"{case.contract} by {seat(switch[1])} ({seat(case.declarer)} faced his hand and is dummy, "
                    f"54A)")
    elif case.contract:
        bits.append(f"{case.contract} by {seat(case.declarer)}")
    elif r.notes and any(n.get("subject") == "passed_out" for n in r.notes):
        bits.append("passed out")
    else:
        bits.append("no contract (before play)")
    bits.append(f"Laws of {case.edition}")
    return " · ".join(bits)


def ruling_text(r: Ruling) -> str:
    out = []
    title = f"Case {r.case.id}" + (f": {r.case.title}" if r.case.title else "")
    out.append(title)
    out.append(board_line(r))
    players = players_view(r.case)
    if players:
        out.append("Players: " + ", ".join(f"{C.SEAT_NAMES[s]} {players[s]}" for s in C.SEATS if s in players))
    auction = auction_view(r.case)
    if auction is not None:
        out.append("")
        out += auction_lines(auction)
    if r.case.contract is not None:
        out.append("")
        out.append("Tricks")
        out.append("  " + trick_line(r))
    main = [c for c in r.conclusions if c.kind != "trick_won"]
    main.sort(key=lambda c: (MAIN_ORDER.index(c.kind) if c.kind in MAIN_ORDER else len(MAIN_ORDER), int(c.id[1:])))
    judgments = [c for c in main if c.kind in JUDGMENT_KINDS]
    happened = [c for c in main if c.kind in IRREGULARITIES]
    options = sorted((c for c in main if c.kind == "option"), key=_option_order)
    rulings = [c for c in main if c.kind not in IRREGULARITIES and c.kind not in JUDGMENT_KINDS + ("option",)]
    _section(out, "What happened", [(c.text, c.law) for c in happened],
             "No irregularity that the implemented laws cover.")
    _section(out, "Options the law gives (the director explains each)", [(c.text, c.law) for c in options])
    _section(out, "Ruling", [(c.text, c.law) for c in rulings], "Nothing to rectify: the result stands.")
    _section(out, "For the director to judge (the engine does not decide these)",
             [(c.fields["question"], c.law) for c in judgments])
    out.append("")
    out.append("Result")
    out.append("  " + result_line(r))
    for section in TEXT_SECTIONS:
        made = section(r)
        if made:
            _section(out, *made)
    if r.notes:
        out.append("")
        out.append("Notes")
        for n in r.notes:
            laws = f" [{n['laws']}]" if n.get("laws") else ""
            out.append(_wrap(f"- {n['text']}{laws}", "  "))
    out.append("")
    out.append(f"{len(r.steps)} rule firings; `explain` shows the reasoning behind each conclusion.")
    return "\n".join(out)


OPTION_STAGES = ("54", "55", "53", "56", "57", "52", "51", "50", "62")


def _option_order(c: Item):
    """Options in the order the choices arise: the lead first, then its consequences."""
    law = c.law
    stage = next((i for i, p in enumerate(OPTION_STAGES) if law.startswith(p)), len(OPTION_STAGES))
    return (c.fields.get("trick") or 0, stage, int(c.id[1:]))


def _section(out: list, title: str, lines: list, empty: str | None = None) -> None:
    """A titled list of sentences with their clauses; left out when empty and no ``empty`` text."""
    if not lines and empty is None:
        return
    out.append("")
    out.append(title)
    if not lines:
        out.append(f"  {empty}")
    merged: dict = {}  # the same sentence from two clauses (16A2 and 73F1, say) is one line naming both
    for text, law in lines:
        merged.setdefault(text, [])
        if law not in merged[text]:
            merged[text].append(law)
    for text, laws in merged.items():
        out.append(_wrap(f"- {text} [{', '.join(laws)}]", "  "))


def trick_line(r: Ruling) -> str:
    won = {"NS": [], "EW": []}
    for t in r.table.tricks:
        if t.winner:
            won[C.side_of(t.winner)].append(str(t.number))
    parts = []
    for side in ("NS", "EW"):
        parts.append(f"{SIDE_NAMES[side]} won {len(won[side])} in play" + (f" ({', '.join(won[side])})" if won[side] else ""))
    tally = r.table.tally
    if tally.how in ("claim", "concession", "result"):
        how = {"claim": "by the claim", "concession": "by the concession", "result": "by the stated result"}[tally.how]
        parts.append(f"and {tally.outside_record['NS']}-{tally.outside_record['EW']} (NS-EW) {how}")
    return "; ".join(parts)


def _pending_json(r: Ruling) -> dict:
    """``result_pending``: the proven bounds of a claim's award that is not settled (docs/claims.md)."""
    if r.declarer_tricks is not None:
        return {}
    pend = next((c for c in r.conclusions if c.kind == "award_pending"), None)
    if pend is None or any(c.kind == "tricks_awarded" for c in r.conclusions):
        return {}
    f = pend.fields
    return {"result_pending": {"side": f["side"], "lower": f["lower"], "upper": f["upper"],
                               "remaining": f["remaining"], "law": pend.law}}


def _table_tricks(r: Ruling) -> str:
    """Declarer's tricks as the table had them, saying how many were won in play and how many by a claim."""
    n = r.tricks_at_table
    tally = r.table.tally
    if tally.how not in ("claim", "concession", "result"):
        return f"{n} won in play"
    side = r.table.declarer_side
    played = sum(1 for t in r.table.tricks if t.winner and C.side_of(t.winner) == side)
    by = {"claim": "by the claim", "concession": "by the concession", "result": "by the recorded result"}[tally.how]
    return f"{n} at the table ({played} won in play, {n - played} {by})"


def result_line(r: Ruling) -> str:
    if r.case.contract is None:
        if r.score == {"NS": 0, "EW": 0} and any(n.get("subject") == "passed_out" for n in r.notes):
            return "Passed out: no contract was played; North-South 0, East-West 0."
        return "No contract has been played: the ruling comes before play."
    pending = next((n for n in r.notes if n.get("subject") == "result_pending"), None)
    if r.declarer_tricks is None and pending is not None:
        return f"No result yet: {pending['text']}."
    if r.declarer_tricks is None:
        return "Declarer's tricks cannot be counted from this record."
    text = f"Declarer's tricks: {_table_tricks(r)}"
    if r.declarer_tricks != r.tricks_at_table:
        text += f"; after the ruling {r.declarer_tricks}"
    need = r.case.contract.level + 6
    diff = r.declarer_tricks - need
    outcome = "made exactly" if diff == 0 else (f"made with {diff} overtrick{'s' if diff > 1 else ''}" if diff > 0
                                                 else f"down {-diff}")
    text += f": {r.case.contract} {outcome}."
    if r.score:
        side = C.side_of(r.case.declarer)
        text += f" Score: {side} {r.score[side]:+d}."
    return text


# ---------------------------------------------------------------------------
# Explanation tree (HOW)
# ---------------------------------------------------------------------------


def find_conclusions(r: Ruling, selector: str | None) -> list:
    """By id (c12), by kind (trick_transfer), or kind with fields (trick_transfer:trick=2)."""
    if not selector:
        return [c for c in r.conclusions if c.kind != "trick_won"]
    if selector in [c.id for c in r.conclusions]:
        return [c for c in r.conclusions if c.id == selector]
    kind, _, rest = selector.partition(":")
    wanted = {}
    for part in filter(None, rest.split(",")):
        k, _, v = part.partition("=")
        wanted[k.strip()] = v.strip()
    return [c for c in r.conclusions if c.kind == kind
            and all(str(c.fields.get(k, c.law if k == "law" else None)) == v for k, v in wanted.items())]


def explain(r: Ruling, item: Item, kb: Knowledge | None = None, width: int = 88) -> str:
    kb = kb or load()
    lines: list = []
    seen: set = set()
    _explain(r, item, kb, lines, "", "", seen, width)
    return "\n".join(lines)


def _rule_meta(rule_name: str):
    from engine.rules import rule_named

    return getattr(rule_named(rule_name), "_wrapped", None)


def _explain(r: Ruling, item: Item, kb: Knowledge, lines: list, first: str, rest: str, seen: set, width: int) -> None:
    if not item.is_conclusion:
        lines.append(f"{first}{item.id} {item.kind}: {describe_fact(item.kind, item.fields)}")
        return
    lines.append(f"{first}{item.id} {item.kind} [{item.law}]: {item.text}")
    if item.id in seen:
        lines.append(f"{rest}    (explained above)")
        return
    seen.add(item.id)
    entry = kb.get(item.law)
    fn = _rule_meta(item.rule)
    lines.append(f"{rest}    rule {item.rule}")
    if entry:
        lines.append(textwrap.fill(f"{entry.id} {entry.title}: {entry.summary}", width=width,
                                   initial_indent=rest + "    ", subsequent_indent=rest + "    "))
    if fn is not None and fn.cites:
        lines.append(f"{rest}    also applies: {', '.join(fn.cites)}")
    if fn is not None and fn.negated:
        kinds = sorted(t.kind for t in fn.negated)
        lines.append(f"{rest}    checked that there is no: {', '.join(kinds)}")
    for n, ident in enumerate(item.because):
        last = n == len(item.because) - 1
        child = r.by_id(ident)
        if child is None:
            continue
        _explain(r, child, kb, lines, rest + ("└── " if last else "├── "), rest + ("    " if last else "│   "),
                 seen, width)
