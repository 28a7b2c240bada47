"""BBO LIN input: ``tag|value|`` pairs, one board or many.

The tags read: ``md`` (dealer digit 1-4 = South, West, North, East, then the
hands from South clockwise, the fourth one optional), ``sv`` (vulnerability:
o/0 none, n NS, e EW, b both), ``mb`` (calls; ``!`` alerts), ``an``
(annotation of the last call), ``pc`` (a card played), ``mc`` (a claim:
declarer's total tricks), ``pn`` (players, South first), ``ah`` (a board
heading such as "Board 7"), ``qx`` (room and board, ``o7``/``c7``).  Other
tags (``st``, ``rh``, ``pg``, ``nt``, ``sk``, ``pw`` ...) are skipped.

LIN records who played a card only by turn; a card identifies its holder, so
the seat of each ``pc`` is the seat the deal gave the card to, four cards a
trick.  The contract and declarer come from the auction.  The board becomes
the same ``BoardRecord`` as a PBN game and goes through the same checks.
"""
from __future__ import annotations

import re
from pathlib import Path

from engine.input.caseio import CaseError
from engine.input.pbn import BoardRecord, PlayedCard, final_contract, read_text
from engine.notation import cards as C

LIN_SEATS = {"1": "S", "2": "W", "3": "N", "4": "E"}
VULNERABILITY = {"o": "None", "0": "None", "-": "None", "n": "NS", "e": "EW", "b": "All"}


class LinBoard:
    def __init__(self, number: int, start: int):
        self.number = number  # 1-based, in file order
        self.start = start  # character offset, for messages
        self.pairs: list = []  # (tag, value, index)

    def first(self, tag):
        return next((v for t, v, _ in self.pairs if t == tag), None)


def parse_pairs(text: str, file: str) -> list:
    text = text.replace("\r", "").replace("\n", "")
    parts = text.split("|")
    if len(parts) < 3:
        raise CaseError(file, "", "not a LIN record (expected tag|value| pairs such as md|...|)")
    pairs = []
    for i in range(0, len(parts) - 1, 2):
        tag = parts[i].strip().lower()
        if not tag:
            continue
        if not re.fullmatch(r"[a-z]{1,3}", tag):
            raise CaseError(file, f"pair {i // 2 + 1}", f"{parts[i]!r} is not a LIN tag (two letters such as md, pc)")
        pairs.append((tag, parts[i + 1], i // 2 + 1))
    return pairs


def split_boards(pairs: list) -> list:
    """One LinBoard per deal: a new one at ``qx`` or at a second ``md``."""
    boards: list = []
    current = None
    names = None
    for tag, value, n in pairs:
        if tag == "pn":
            names = value
        dealt = current is not None and current.first("md") is not None
        if current is None or (tag == "qx" and dealt) or (tag == "md" and dealt):
            current = LinBoard(len(boards) + 1, n)
            boards.append(current)
            if names and tag != "pn":
                current.pairs.append(("pn", names, n))
        current.pairs.append((tag, value, n))
    return [b for b in boards if b.first("md") is not None]


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


def board_record(board: LinBoard, file: str) -> BoardRecord:
    heading = board.first("ah") or ""
    qx = board.first("qx") or ""
    m = re.search(r"(\d+)", heading) or re.search(r"(\d+)", qx)
    number = int(m.group(1)) if m else None
    room = {"o": "Open", "c": "Closed"}.get(qx[:1].lower()) if qx else None
    label = ", ".join(x for x in [f"board {number}" if number else "", f"deal {board.number}",
                                  f"{room.lower()} room" if room else ""] if x)

    def err(tag, problem):
        return CaseError(file, f"{label}, {tag}", problem)

    md = board.first("md")
    if not md or md[0] not in LIN_SEATS:
        raise err("md", f"{md!r}: a deal starts with the dealer's digit (1 South, 2 West, 3 North, 4 East)")
    dealer = LIN_SEATS[md[0]]
    texts = md[1:].split(",")
    order = ["S", "W", "N", "E"]
    hands: dict = {}
    for seat, text in zip(order, texts):
        if text.strip():
            hands[seat] = _hand(text.strip(), seat, file, f"{label}, md")
    missing = [s for s in order if s not in hands]
    if len(missing) == 1:
        held = {c for cs in hands.values() for c in cs}
        hands[missing[0]] = [s + r for s in C.SUITS for r in C.RANKS if s + r not in held]
    elif missing:
        raise err("md", f"hands missing for {', '.join(C.SEAT_NAMES[s] for s in missing)}: a ruling needs the whole deal")
    from engine.input.pbn import deal_text

    for seat in order:
        if len(hands[seat]) != 13:
            raise err("md", f"{C.SEAT_NAMES[seat]} has {len(hands[seat])} cards; every hand needs 13")
    calls = []
    for tag, value, n in board.pairs:
        if tag != "mb":
            continue
        v = value.strip().upper().rstrip("!")
        v = {"P": "PASS", "D": "X", "R": "XX"}.get(v, v)
        if v.endswith("N"):
            v += "T"
        if v not in ("PASS", "X", "XX") and not re.fullmatch(r"[1-7](C|D|H|S|NT)", v):
            raise err(f"mb (pair {n})", f"{value!r} is not a call")
        calls.append(v)
    result = final_contract(calls, dealer)
    if result is None:
        if calls and all(c == "PASS" for c in calls):
            raise err("mb", "the board was passed out: there is no play to rule on")
        raise err("mb", "the auction is unfinished: the contract and declarer cannot be known")
    contract, declarer = result
    owner = {c: s for s, cs in hands.items() for c in cs}
    tricks: list = []
    count = 0
    for tag, value, n in board.pairs:
        if tag != "pc":
            continue
        try:
            card = C.parse_card(value)
        except C.NotationError as exc:
            raise err(f"pc (pair {n})", str(exc))
        t = count // 4 + 1
        if t > 13:
            raise err(f"pc (pair {n})", "more than 52 cards played")
        if count % 4 == 0:
            tricks.append([])
        tricks[-1].append(PlayedCard(t, owner[card], card, f"pc|{value}| (pair {n}), trick {t}"))
        count += 1
    fields = {"deal": deal_text(hands), "contract": str(contract), "declarer": declarer, "dealer": dealer}
    if number:
        fields["board"] = number
    sv = (board.first("sv") or "").strip().lower()
    if sv:
        if sv not in VULNERABILITY:
            raise err("sv", f"{sv!r} is not a vulnerability (o, n, e or b)")
        fields["vulnerable"] = VULNERABILITY[sv]
    mc = board.first("mc")
    if mc is not None:
        if not mc.strip().isdigit() or not 0 <= int(mc) <= 13:
            raise err("mc", f"{mc!r} is not a number of tricks (0 to 13)")
        fields["result"] = int(mc)
    fields["title"] = f"{Path(file).stem}, {label}"
    complete = len(tricks) == 13 and all(len(t) == 4 for t in tricks)
    where = {"deal": "md", "contract": "mb", "declarer": "mb", "dealer": "md", "vulnerable": "sv",
             "result": "mc", "board": "ah", "play": "pc"}
    return BoardRecord(file, label, fields, tricks, complete, where, calls, {}, source_kind="LIN")


def load_boards(path) -> list:
    text = read_text(path) if Path(str(path)).exists() else None
    if text is None:
        raise CaseError(str(path), "", "no such file")
    return split_boards(parse_pairs(text, str(path)))


def load_board(path, board=None, room=None, game=None) -> BoardRecord:
    boards = load_boards(path)
    return select(boards, str(path), board, room, game)


def parse_string(text: str, name: str = "<lin>") -> list:
    return [board_record(b, name) for b in split_boards(parse_pairs(text, name))]


def select(boards: list, file: str, board=None, room=None, game=None) -> BoardRecord:
    if not boards:
        raise CaseError(file, "", "no deal (md|...|) in the LIN record")
    records = [board_record(b, file) for b in boards]
    if game is not None:
        if not 1 <= game <= len(records):
            raise CaseError(file, "game", f"there is no deal {game} (the file has {len(records)})")
        return records[game - 1]
    if board is None:
        if len(records) == 1:
            return records[0]
        raise CaseError(file, "board", f"the file has {len(records)} deals; choose one with --board or --game")
    hits = [r for r in records if r.fields.get("board") == board]
    if room is not None:
        hits = [r for r in hits if f"{str(room).lower()} room" in r.label]
    if len(hits) != 1:
        problem = "no" if not hits else f"{len(hits)} deals with"
        raise CaseError(file, "board", f"{problem} board {board} in the file" + ("; choose with --room or --game" if hits else ""))
    return hits[0]
