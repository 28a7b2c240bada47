"""A PBN or LIN record checked against what the mechanics make of it.

The reader (``engine.input.pbn``) checks the notation; what the deal shows
against what the record says (a ``^R`` mark on a card that was no revoke, a
``Result`` the play record contradicts) needs the table over time, so it is
checked here, before any ruling on a case read from a file.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from engine.input.caseio import CaseError
from engine.mechanics.table import build_table
from engine.notation import cards as C

if TYPE_CHECKING:  # only a type here: a case without a PBN record does not load the PBN reader
    from engine.input.pbn import BoardRecord


def check_case_record(case) -> None:
    """Check the file record a case was read from, if any (``Case.record``)."""
    if case.record is not None:
        check_record(case.record, case)


def check_record(record: BoardRecord, case):
    """What the deal shows against what the record says: markers and Result; the table, or None without play."""
    if case.contract is None:  # a passed-out board, or a ruling before play: no play to check
        return None
    try:
        table = build_table(case)
    except CaseError as exc:
        if exc.where == "result":
            raise record.err("result", exc.problem)
        raise
    if table.problems:
        if table.problems[0].where == "result":  # the tally's check, kept until the reading settles
            raise record.err("result", table.problems[0].problem)
        raise table.problems[0]
    by_key = {(p.trick, p.seat): p for p in table.plays}
    for trick in record.tricks:
        for pc in trick:
            play = by_key.get((pc.trick, pc.seat))
            if play is None:
                continue
            if "R" in pc.marks and not play.failed_to_follow:
                why = ("it led the trick" if play.leads else
                       "it follows suit" if play.followed else
                       f"{C.SEAT_NAMES[pc.seat]} held no {C.SUIT_NAMES[play.led_suit]} then")
                raise CaseError(record.file, f"{record.label}, {pc.where}",
                                f"^R marks {C.card_short(pc.card)} as a revoke, but the deal says otherwise: {why}")
            if "L" in pc.marks:
                state = table.tricks[pc.trick - 1]
                if not play.leads or state.expected_leader == pc.seat:
                    raise CaseError(record.file, f"{record.label}, {pc.where}",
                                    f"^L marks {C.card_short(pc.card)} as a lead out of turn, but "
                                    + ("it was not the lead" if not play.leads else
                                       f"{C.SEAT_NAMES[pc.seat]} was on lead"))
    if record.complete and "result" in record.fields and table.tally.known \
            and not record.fields.get("result_disputed"):  # "^" before Result: the players agreed on another number
        took = table.tally.by_side[C.side_of(case.declarer)]
        if took != record.fields["result"]:
            raise record.err("result", f"{record.fields['result']} tricks, but the 13 tricks in the play record "
                                       f"give declarer {took}")
    return table
