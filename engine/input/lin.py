"""BBO LIN input: ``tag|value|`` pairs, one board or many.

The tags read: ``md`` (dealer digit 1-4 = South, West, North, East, then the
hands from South clockwise, the fourth one optional), ``sv`` (vulnerability:
o/0 none, n NS, e EW, b both), ``mb`` (calls; ``!`` alerts), ``an``
(annotation of the last call), ``pc`` (a card played), ``mc`` (a claim:
declarer's total tricks: an accepted claim by declarer at its point in
the record), ``pn`` (players, South first; a vugraph gives the open room's
four, then the closed room's), ``ah`` (a board heading such as "Board 7"),
``qx`` (room and board, ``o7``/``c7``).  Other
tags (``st``, ``rh``, ``pg``, ``nt``, ``sk``, ``pw`` ...) are skipped.

LIN records who played a card only by turn; a card identifies its holder, so
the seat of each ``pc`` is the seat the deal gave the card to, four cards a
trick.  The contract and declarer come from the auction.  The board becomes
the same ``BoardRecord`` as a PBN game and goes through the same checks.

The pairs and deals are read one at a time (``iter_pairs``, ``iter_boards``);
a value is at most MAX_TAG_VALUE characters and a deal at most MAX_PAIRS
pairs (a deal past a bound is a deal with a problem).
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.input.caseio import CaseError
from engine.input.pbn import MAX_TAG_VALUE, BoardRecord, PlayedCard, deal_text, final_contract, read_text
from engine.notation import cards as C

LIN_SEATS = {"1": "S", "2": "W", "3": "N", "4": "E"}
VULNERABILITY = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}


MAX_PAIRS = 5_000  # tag|value| pairs in one deal (a vugraph deal with its commentary has a few hundred)


class LinBoard:
    def __init__(self, number: int, start: int):
        self.number = number  # 1-based, in file order
        self.start = start  # the number of its first pair, for messages
        self.pairs: list = []  # (tag, value, index)
        self.problem: tuple | None = None  # (where, problem): a bound passed; the deal is not read
        self.dealt = False  # an md| pair is among its pairs

    def first(self, tag):
        return next((v for t, v, _ in self.pairs if t == tag), None)

    def add(self, tag: str, value, n: int) -> None:
        self.dealt = self.dealt or tag == "md"
        if self.problem is not None:
            return
        if value is None:
            self.problem = (f"{tag} (pair {n})", f"the value is longer than {MAX_TAG_VALUE:,} characters (the most "
                                                 f"one value may hold)")
        elif len(self.pairs) >= MAX_PAIRS:
            self.problem = (f"pair {n}", f"more than {MAX_PAIRS:,} tag|value| pairs in one deal")
        else:
            self.pairs.append((tag, value, n))


def parse_pairs(text: str, file: str) -> list:
    """Every tag|value| pair of a LIN text (``iter_pairs``, all at once)."""
    return list(iter_pairs(text, file))


def iter_pairs(text: str, file: str, where: dict | None = None):
    """The (tag, value, pair number) of a LIN text, one at a time; line breaks are not part of the record.

    A value longer than MAX_TAG_VALUE is not copied: its value is None.  ``where``, when given, gets
    ``"size"``, the length of ``text``, and ``"pos"``, the offset read so far.
    """
    if where is not None:
        where["size"] = len(text)
    first = text.find("|")
    if first < 0 or text.find("|", first + 1) < 0:
        raise CaseError(file, "", "not a LIN record (expected tag|value| pairs such as md|...|)")
    pos, number, seen = 0, 0, False
    while True:
        bar = text.find("|", pos)
        end = text.find("|", bar + 1) if bar >= 0 else -1
        if end < 0:
            break
        number += 1
        raw_tag = text[pos:bar].replace("\r", "").replace("\n", "")
        tag = raw_tag.strip().lower()
        pos = end + 1
        if where is not None:
            where["pos"] = pos
        if not tag:
            continue
        if not re.fullmatch(r"[a-z]{1,3}", tag):
            if not seen:  # nothing yet shows the file is a LIN record: its text is not repeated in the message
                raise CaseError(file, f"pair {number}", "not a LIN record (it does not start with tag|value| pairs "
                                                        "such as md|...|)")
            raise CaseError(file, f"pair {number}", f"{raw_tag[:60]!r} is not a LIN tag (two letters such as md, pc)")
        seen = True
        value = text[bar + 1:end] if end - bar - 1 <= MAX_TAG_VALUE else None
        if value is not None and ("\n" in value or "\r" in value):
            value = value.replace("\r", "").replace("\n", "")
        yield tag, value, number
    if where is not None:
        where["pos"] = len(text)


def split_boards(pairs) -> list:
    """One LinBoard per deal (``iter_boards``, all at once)."""
    return list(iter_boards(pairs))


def iter_boards(pairs):
    """One LinBoard per deal, one at a time: a new one at ``qx`` or at a second ``md``; a deal without ``md``
    is not a deal and is left out."""
    current = None
    names = None
    count = 0
    for tag, value, n in pairs:
        if tag == "pn" and value is not None:
            names = value
        if current is None or (tag in ("qx", "md") and current.dealt):
            if current is not None:
                yield current
            count += 1
            current = LinBoard(count, n)
            if names and tag != "pn":
                current.add("pn", names, n)
        current.add(tag, value, n)
    if current is not None and current.dealt:
        yield current


def _hand(text: str, seat: str, file: str, where: str) -> list:
    cards, suit = [], None
    text = text.upper().replace("10", "T")
    for ch in text:
        if ch in C.SUITS:
            suit = ch
        elif ch in C.RANKS and suit:
            cards.append(suit + ch)
        else:
            raise CaseError(file, where, f"{C.SEAT_NAMES[seat]}'s hand {text!r}: {ch!r} is not a suit or rank")
    return cards


def _players(board: LinBoard, room: str | None) -> dict:
    """pn|: the players from South clockwise; a vugraph record gives the open room's four, then the closed room's."""
    names = [n.strip() for n in (board.first("pn") or "").split(",")]
    if len(names) >= 8 and room == "Closed":
        names = names[4:8]
    return {seat: name for seat, name in zip(("S", "W", "N", "E"), names[:4]) if name}


def board_record(board: LinBoard, file: str) -> BoardRecord:
    heading = board.first("ah") or ""
    qx = board.first("qx") or ""
    m = re.search(r"([0-9]+)", heading) or re.search(r"([0-9]+)", qx)
    number = int(m.group(1)) if m and int(m.group(1)) > 0 else None
    room = {"o": "Open", "c": "Closed"}.get(qx[:1].lower()) if qx else None
    label = ", ".join(x for x in [f"board {number}" if number else "", f"deal {board.number}",
                                  f"{room.lower()} room" if room else ""] if x)

    def err(tag, problem):
        return CaseError(file, f"{label}, {tag}", problem)

    if board.problem is not None:
        raise err(*board.problem)
    md = board.first("md")
    if not md or md[0] not in LIN_SEATS:
        raise err("md", f"{md!r}: a deal starts with the dealer's digit (1 South, 2 West, 3 North, 4 East)")
    dealer = LIN_SEATS[md[0]]
    texts = md[1:].split(",")
    order = ["S", "W", "N", "E"]
    hands: dict = {}
    seen: dict = {}
    for seat, text in zip(order, texts):
        if text.strip():
            hands[seat] = _hand(text.strip(), seat, file, f"{label}, md")
            for card in hands[seat]:
                if card in seen:
                    who = (f"both {C.SEAT_NAMES[seen[card]]}'s and {C.SEAT_NAMES[seat]}'s hands"
                           if seen[card] != seat else f"{C.SEAT_NAMES[seat]}'s hand twice")
                    raise err("md", f"{C.card_short(card)} is in {who}: a card is dealt once")
                seen[card] = seat
    missing = [s for s in order if s not in hands]
    if len(missing) == 1:
        hands[missing[0]] = [s + r for s in C.SUITS for r in C.RANKS if s + r not in seen]
    elif missing:
        raise err("md", f"hands missing for {', '.join(C.SEAT_NAMES[s] for s in missing)}: a ruling needs the whole deal")
    for seat in order:
        if len(hands[seat]) != 13:
            raise err("md", f"{C.SEAT_NAMES[seat]} has {len(hands[seat])} cards; every hand needs 13")
    notes: list = []
    calls: list = []
    seat = dealer
    for tag, value, n in board.pairs:
        if tag == "an" and calls:
            calls[-1]["note"] = (calls[-1]["note"] + "; " if calls[-1]["note"] else "") + value.strip()
            continue
        if tag != "mb":
            continue
        raw = value.strip()
        alert = raw.endswith("!")
        v = raw.upper().rstrip("!")
        v = {"P": "PASS", "D": "X", "R": "XX"}.get(v, v)
        if v.endswith("N"):
            v += "T"
        if v not in ("PASS", "X", "XX") and not re.fullmatch(r"[1-7](C|D|H|S|NT)", v):
            raise err(f"mb (pair {n})", f"{value!r} is not a call")
        calls.append({"seat": seat, "call": "Pass" if v == "PASS" else v, "alert": alert, "note": None,
                      "nags": [], "marks": []})
        seat = C.next_seat(seat)
    kind = "played"
    contract = declarer = None
    if not calls:
        kind = "deal and play"
        notes.append("no auction in the record (no mb|): the contract and declarer are not known")
    elif len(calls) >= 4 and all(c["call"] == "Pass" for c in calls):
        kind = "passed out"
    else:
        result = final_contract([(c["seat"], c["call"]) for c in calls])
        if result is None:
            raise err("mb", "the auction is unfinished: the contract and declarer cannot be known")
        contract, declarer = result
    owner = {c: s for s, cs in hands.items() for c in cs}
    tricks: list = []
    count = 0
    claim = None
    for tag, value, n in board.pairs:
        if tag == "mc" and claim is None:
            claim = (value, n, count)
            continue
        if tag != "pc":
            continue
        if claim is not None:
            notes.append(f"pc|{value}| (pair {n}) comes after the claim mc|{claim[0]}|: not read")
            continue
        try:
            card = C.parse_card(value)
        except C.NotationError as exc:
            raise err(f"pc (pair {n})", str(exc))
        t = count // 4 + 1
        if t > 13:
            raise err(f"pc (pair {n})", "more than 52 cards played")
        if card not in owner:
            raise err(f"pc (pair {n})", f"{C.card_short(card)} is in nobody's hand")
        if count % 4 == 0:
            tricks.append([])
        tricks[-1].append(PlayedCard(t, owner[card], card, f"pc|{value}| (pair {n}), trick {t}"))
        count += 1
    if kind == "passed out" and tricks:
        raise err("pc", "the board was passed out, but cards were played")
    fields = {"deal": deal_text(hands), "dealer": dealer}
    if kind == "played":
        fields.update(contract=str(contract), declarer=declarer)
    if number:
        fields["board"] = number
    sv = (board.first("sv") or "").strip().lower()
    if sv:
        if sv not in VULNERABILITY:
            raise err("sv", f"{sv!r} is not a vulnerability (o, n, e or b)")
        fields["vulnerable"] = VULNERABILITY[sv]
    events: list = []
    complete = len(tricks) == 13 and all(len(t) == 4 for t in tricks)
    if claim is not None:
        value, n, played = claim
        if not re.fullmatch(r"[0-9]{1,2}", value.strip()) or not 0 <= int(value) <= 13:
            raise err(f"mc (pair {n})", f"{value!r} is not a number of tricks (0 to 13)")
        total = int(value)
        if kind != "played":
            notes.append(f"mc|{value}| (pair {n}): a claim, but the record has no contract: not read")
        elif complete:
            fields["result"] = total
        else:
            side = C.side_of(declarer)
            won = sum(1 for t in tricks if len(t) == 4 and
                      C.side_of(C.trick_winner([(p.seat, p.card) for p in t], contract.trump)[0]) == side)
            done = sum(1 for t in tricks if len(t) == 4)
            if not won <= total <= won + 13 - done:
                raise err(f"mc (pair {n})", f"mc|{value}|: declarer's side has {won} trick(s) and {13 - done} "
                                            f"remain, so it cannot end with {total}")
            at = f"T{played // 4 + 1}.{played % 4}"
            events.append({"at": at, "kind": "claim", "by": declarer, "tricks": total - won})
            notes.append(f"mc|{value}| at {at}: a claim of {total} tricks in all for declarer's side (LIN does not "
                         f"say who claimed: read as declarer's claim, accepted)")
    fields["title"] = f"{Path(file).stem}, {label}"
    where = {"deal": "md", "contract": "mb", "declarer": "mb", "dealer": "md", "vulnerable": "sv",
             "result": "mc", "board": "ah", "play": "pc", "auction": "mb"}
    return BoardRecord(file, label, fields, tricks, complete, where, calls, {}, source_kind="LIN", kind=kind,
                       players=_players(board, room), reader_notes=notes, events=events)


def load_boards(path) -> list:
    text = read_text(path, "a LIN file")
    return split_boards(parse_pairs(text, str(path)))


def iter_file_boards(path, where: dict | None = None):
    """The deals of a LIN file one at a time (the file is read, and its size checked, first)."""
    return iter_boards(iter_pairs(read_text(path, "a LIN file"), str(path), where))


def load_board(path, board=None, room=None, game=None) -> BoardRecord:
    """The record of one deal of a LIN file, read one deal at a time (only the deals that match are kept)."""
    return select(iter_file_boards(path), str(path), board, room, game)


def parse_string(text: str, name: str = "<lin>") -> list:
    return [board_record(b, name) for b in split_boards(parse_pairs(text, name))]


def _number_and_room(b: LinBoard):
    """The board number and room, as board_record reads them, without reading the rest of the deal."""
    m = re.search(r"([0-9]+)", b.first("ah") or "") or re.search(r"([0-9]+)", b.first("qx") or "")
    qx = (b.first("qx") or "")[:1].lower()
    return (int(m.group(1)) if m else None), {"o": "open", "c": "closed"}.get(qx)


def select(boards, file: str, board=None, room=None, game=None) -> BoardRecord:
    """The record of the one deal of ``boards`` (a list, or a file's deals one at a time) that ``board``,
    ``room`` and ``game`` name."""
    count, hits, first = 0, [], None
    for b in boards:
        count += 1
        first = first or b
        if game is not None:
            if count == game:
                return board_record(b, file)
            continue
        if board is not None:
            number, where = _number_and_room(b)
            if number == board and (room is None or where == str(room).lower()):
                hits.append(b)
    if count == 0:
        raise CaseError(file, "", "no deal (md|...|) in the LIN record")
    if game is not None:
        raise CaseError(file, "game", f"there is no deal {game} (the file has {count})")
    if board is None:
        if count == 1:
            return board_record(first, file)
        raise CaseError(file, "board", f"the file has {count} deals; choose one with --board or --game")
    if len(hits) != 1:
        problem = "no" if not hits else f"{len(hits)} deals with"
        raise CaseError(file, "board", f"{problem} board {board} in the file" + ("; choose with --room or --game" if hits else ""))
    return board_record(hits[0], file)
