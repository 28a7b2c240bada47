"""``audit``: every claimed or conceded board of a PBN or LIN session, checked against the cards (Laws 69-71).

A LIN board marks a claim with ``mc|N|`` (declarer's total as agreed); a PBN
game whose play record stops short of 13 tricks and gives a ``Result`` ended
in a claim or concession.  For each such board the audit reads the position
where play stopped and reports the claimed total, the legal floor and
ceiling of declarer's tricks (every legal play of the remaining cards), and
the double-dummy value (DDS when installed, else the solver's compiled search); it flags, with the clause:

* ``69B`` -- the agreed total is above the ceiling: no legal play makes the
  claim good, so the defenders conceded a trick they could not lose (they may
  withdraw their acceptance within the correction period);
* ``71A1`` -- the agreed total is below the floor: declarer conceded a trick
  no legal play could lose;
* ``70A`` -- worth a look: the agreed total differs from the double-dummy
  value (the claim needed the defenders' help, or gave a trick away).

Nothing here rules: an audit points the director at boards to look at.  The
searches have a fixed node budget per board, so the report is the same on any
machine; a number not settled is shown as a range, in words ("between 5 and 7,
not settled"), and a missing double-dummy value with
its reason.  The files are read by ``check``'s reader (engine.commands.session),
one game at a time, so that a game ``check`` rejects is an error here too,
in the same words; each line names its file.
"""
from __future__ import annotations

import sys

from engine.input.caseio import CaseError
from engine.mechanics import solver as S
from engine.mechanics.dd import dd_value
from engine.notation import cards as C

AUDIT_NODES = 40_000  # search nodes per bound per board


def _position(record):
    """(position, declarer's tricks so far, tricks left) where the record stops."""
    hands = {s: set(cs) for s, cs in C.parse_deal(record.fields["deal"]).items()}
    contract = C.parse_contract(record.fields["contract"])
    trump = contract.trump
    declarer = record.fields["declarer"]
    leader = C.next_seat(declarer)
    won = 0
    trick = []
    for t in record.tricks:
        cards = [(p.seat, p.card) for p in t]
        for seat, card in cards:
            hands[seat].discard(card)
        if len(cards) == 4:
            best = cards[0]
            for seat, card in cards[1:]:
                if (card[0] == best[1][0] and C.rank_index(card) > C.rank_index(best[1])) or \
                        (trump and card[0] == trump and best[1][0] != trump):
                    best = (seat, card)
            leader = best[0]
            won += C.side_of(leader) == C.side_of(declarer)
        else:
            leader = cards[0][0] if cards else leader
            trick = [card for _, card in cards]
    pos = S.Position.from_cards(hands, trump, leader, trick)
    return pos, won, pos.tricks_left


def audit_record(record, nodes: int = AUDIT_NODES) -> dict | None:
    """The audit line of one board, or None when it did not end in a claim or concession."""
    total = record.fields.get("result")
    claim = next((e for e in record.events if e.get("kind") in ("claim", "concession")), None)
    if record.complete or (total is None and claim is None) or "declarer" not in record.fields:
        return None
    declarer = record.fields["declarer"]
    side = S.side_id(C.side_of(declarer))
    out = {"file": record.file, "board": record.fields.get("board"), "label": record.label,
           "contract": record.fields["contract"], "declarer": declarer, "claimed_total": total}
    try:
        pos, won, left = _position(record)
    except (S.PositionError, C.NotationError, KeyError) as exc:
        out.update(error=f"the position where play stopped cannot be read: {exc}", flags=[])
        return out
    if total is None:  # the record's own claim event (a LIN mc|N|): the tricks of the remaining ones
        keeps = claim["tricks"] if claim["kind"] == "claim" else left - claim["tricks"]
        by_declarer_side = C.side_of(claim["by"]) == C.side_of(declarer)
        total = won + (keeps if by_declarer_side else left - keeps)
        out["claimed_total"] = total
    f = S.floor(pos, side, nodes)
    c = S.ceiling(pos, side, nodes)
    dd = dd_value(pos, side)
    out.update(tricks_won=won, tricks_left=left,
               floor=won + f.value if f.exact else [won + f.lower, won + f.upper],
               ceiling=won + c.value if c.exact else [won + c.lower, won + c.upper],
               double_dummy=won + dd.value if dd.available else None)
    if not dd.available:
        out["double_dummy_reason"] = dd.reason
    flags = []
    if total > won + c.upper:
        flags.append({"law": "69B", "text": f"no legal play gives declarer {total}: the defenders conceded "
                                             f"{total - won - c.upper} trick(s) they could not lose"})
    if total < won + f.lower:
        flags.append({"law": "71A1", "text": f"declarer conceded {won + f.lower - total} trick(s) no legal play "
                                             f"could lose"})
    if not flags and dd.available and total != won + dd.value:
        more = total > won + dd.value
        flags.append({"law": "70A", "text": "worth a look: the claim needed the defenders' help (double dummy "
                                            f"{won + dd.value})" if more else
                                            f"worth a look: declarer gave away a trick double dummy makes "
                                            f"({won + dd.value})"})
    out["flags"] = flags
    return out


def audit_files(paths, progress=None) -> dict:
    """Every claimed board of ``paths``: {"boards": [...], "errors": [...], "checked": n}.

    The files are read by ``check``'s reader (engine.commands.session), one game at a time: a game
    ``check`` rejects is an error here, with the same words, and only the claimed boards are kept.
    ``checked`` counts the games read, with or without a problem.
    """
    from engine.commands.session import entries

    boards, errors, checked, unlisted = [], [], 0, 0
    for entry in entries(paths, progress):
        if entry.label is not None:
            checked += 1
        checked += entry.unlisted
        unlisted += max(entry.unlisted - 1, 0)
        if entry.error is not None:
            errors.append(str(entry.error))
            continue
        try:
            line = audit_record(entry.record)
        except CaseError as exc:
            errors.append(str(exc))
            continue
        if line is not None:
            boards.append(line)
    if progress:
        progress(checked, 1.0, True)
    return {"boards": boards, "errors": errors, "checked": checked, "unlisted": unlisted}


def _value(v, what: str) -> str:
    """A floor or ceiling in words: a number, or the range a search within its work budget left open."""
    if isinstance(v, list):
        return f"{what} between {v[0]} and {v[1]} (not settled: the search stopped at its limit of {AUDIT_NODES:,} positions)"
    return f"{what} {v}"


def audit_text(report: dict) -> str:
    out = []
    reasons: dict = {}
    for b in report["boards"]:
        head = f"{b['file']}: {b['label']}: {b['contract']} by {b['declarer']}, claimed total {b['claimed_total']}"
        if "error" in b:
            out.append(f"{head}; {b['error']}")
            continue
        if b["double_dummy"] is None:  # said once, after the boards (the reason is the same on every line)
            reasons.setdefault(b.get("double_dummy_reason") or "no reason given", 0)
            reasons[b.get("double_dummy_reason") or "no reason given"] += 1
        dd = f", double dummy {b['double_dummy']}" if b["double_dummy"] is not None else ""
        out.append(f"{head}; {_value(b['floor'], 'legal floor')}, {_value(b['ceiling'], 'ceiling')}{dd}")
        for fl in b["flags"]:
            out.append(f"  [{fl['law']}] {fl['text']}")
    for e in report["errors"]:
        out.append(f"ERROR {e}")
    flagged = sum(1 for b in report["boards"] if b.get("flags"))
    problems = len(report["errors"]) + report.get("unlisted", 0)
    unread = f"; {problems} with problems (ERROR above)" if report["errors"] else ""
    out.append(f"\n{len(report['boards'])} claimed or conceded of {report['checked']} boards; {flagged} flagged"
               f"{unread}")
    for reason, n in reasons.items():
        out.append(f"No double-dummy value on {n} board{'s' if n != 1 else ''}: {reason}.")
    return "\n".join(out).lstrip("\n")


def stderr_progress(boards: int, share: float, done: bool = False) -> None:
    """A one-line progress bar on stderr (the share of the files read), from the fifth board on, when stderr
    is a terminal."""
    if boards < 5 or not sys.stderr.isatty():  # a log file or a pipe gets no carriage-return bar
        return
    width = 30
    filled = int(width * min(max(share, 0.0), 1.0))
    sys.stderr.write(f"\raudit [{'#' * filled}{'.' * (width - filled)}] {share:4.0%}, {boards} boards")
    if done:
        sys.stderr.write("\n")
    sys.stderr.flush()
