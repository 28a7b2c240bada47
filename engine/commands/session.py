"""A session of PBN and LIN files, read one game at a time: the one reader of ``check`` and ``audit``.

``entries`` reads each file's games in order (``pbn.iter_file_games``,
``lin.iter_file_boards``: a game is read, checked and let go before the next,
so a session of any length takes the memory of its text and one game) and
gives one ``Entry`` a game: the record, the case made from it and the table
the mechanics built (the record checked against its deal: cards held, marks,
Result), or the error that rejected it.  A file that cannot be read at all
(missing, too large, not a record, no game in it) is one entry with the
error and no label.  Whatever reads a session through it reports the same
problems with the same words.
"""
from __future__ import annotations

import os
from dataclasses import dataclass

from engine.input import lin, pbn
from engine.input.caseio import CaseError

NO_GAMES = {
    "pbn": "no games in the file (a PBN game starts with tag pairs such as [Deal \"...\"])",
    "lin": "no deal in the file (a LIN deal starts with md|...|)",
}


@dataclass
class Entry:
    file: str
    label: str | None  # the game ("board 3, game 3"); None for the file as a whole
    record: object = None  # pbn.BoardRecord
    case: object = None  # the checked Case (None for a hand record, or a deal and play with no auction)
    table: object = None  # the mechanics' Table (None without a contract)
    error: CaseError | None = None
    unlisted: int = 0  # for the file's last line when its problems were too many to list: how many more


def _kind(path: str) -> str:
    return "lin" if str(path).lower().endswith(".lin") else "pbn"


def checked(record) -> Entry:
    """One record checked as ``check`` checks it: the case built from it, and its play against the deal."""
    from engine.mechanics.records import check_record

    entry = Entry(record.file, record.label, record)
    if record.kind in ("hand record", "deal and play"):
        return entry
    entry.case = pbn.build_case(record)
    if record.kind != "passed out":
        entry.table = check_record(record, entry.case)
    return entry


MAX_ERRORS_PER_FILE = 100  # the problems listed for one file; the rest are counted in one line


def entries(paths, progress=None):
    """Every game of ``paths``, in order, as ``Entry``s.

    ``progress``, when given, is called after each game with (games so far, share of the files' bytes read).
    """
    sizes = {}
    for path in paths:
        try:
            sizes[path] = max(os.path.getsize(path), 1)
        except OSError:
            sizes[path] = 1
    total = sum(sizes.values()) or 1
    before = 0
    count = 0
    for path in paths:
        kind = _kind(path)
        where = {"pos": 0}
        read = bad = 0
        try:
            games = lin.iter_file_boards(path, where) if kind == "lin" else pbn.iter_file_games(path, where)
            for item in games:
                read += 1
                count += 1
                label = item.label if kind == "pbn" else f"deal {item.number}"
                try:
                    record = pbn.board_record(item) if kind == "pbn" else lin.board_record(item, path)
                    yield checked(record)
                except CaseError as exc:
                    bad += 1
                    if bad <= MAX_ERRORS_PER_FILE:  # a flood of errors is bounded: the rest are counted
                        yield Entry(path, label, error=exc)
                if progress is not None:
                    share = min(where["pos"] / where["size"], 1.0) if where.get("size") else 1.0
                    progress(count, (before + share * sizes[path]) / total)
            if bad > MAX_ERRORS_PER_FILE:
                more = bad - MAX_ERRORS_PER_FILE
                yield Entry(path, None, error=CaseError(
                    path, "", f"{more} more {'deal' if kind == 'lin' else 'game'}{'s' if more != 1 else ''} with "
                              f"problems, not listed (the first {MAX_ERRORS_PER_FILE} are)"), unlisted=more)
            if not read:
                yield Entry(path, None, error=CaseError(path, "", NO_GAMES[kind]))
        except CaseError as exc:  # the file as a whole (or, in LIN, from a pair that cannot be read on)
            yield Entry(path, None, error=exc)
        before += sizes[path]
        if progress is not None:
            progress(count, before / total)


def describe(entry: Entry) -> str:
    """What ``check`` says of a game read without problem (it may rule it: a CaseError then is its problem)."""
    record, case, table = entry.record, entry.case, entry.table
    if record.kind == "hand record":
        return "hand record (the deal only)"
    if record.kind == "deal and play":
        return f"deal and {len(record.tricks)} trick(s), no auction (the contract is not known)"
    if record.kind == "passed out":
        return "passed out (scores zero)"
    what = f"{case.contract} by {case.declarer}, {len(record.tricks)} trick(s) recorded"
    claim = next((e for e in case.events if e.kind in ("claim", "concession")), None)
    if claim is not None:
        what += f", {claim.kind} at {claim.at}"
    irregular = any(p.marks for t in record.tricks for p in t) or any(p.failed_to_follow for p in table.plays) or \
        any(t.effective and t.expected_leader and t.effective[0][0] != t.expected_leader for t in table.tricks)
    if not irregular:
        return what + "; no irregularity of play"
    from engine.explain.ruling import rule_case

    return what + "; " + check_summary(rule_case(case))


def check_summary(ruling) -> str:
    """What the laws make of a record, in words: each irregularity, then declarer's tricks after the ruling."""
    from engine.explain import render

    happened = [c for c in ruling.conclusions if c.kind in render.IRREGULARITIES]
    if not happened:
        return "no irregularity that the implemented laws cover"
    said = []
    for c in happened:
        text = c.text.split(":", 1)[0].rstrip(".")
        if text not in said:
            said.append(f"{text} [{c.law}]")
    out = "; ".join(said)
    if ruling.declarer_tricks is not None and ruling.declarer_tricks != ruling.tricks_at_table:
        out += f"; declarer's tricks {ruling.tricks_at_table} at the table, {ruling.declarer_tricks} after the ruling"
    elif ruling.declarer_tricks is not None:
        out += "; the tricks at the table stand"
    questions = [c for c in ruling.conclusions if c.kind in render.JUDGMENT_KINDS]
    if questions:
        out += f"; {len(questions)} point(s) for the director to judge"
    return out


__all__ = ["Entry", "entries", "checked", "describe", "NO_GAMES"]
