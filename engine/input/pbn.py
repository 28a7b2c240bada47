"""PBN input and output (Portable Bridge Notation 2.1), our own reader.

Reading: tag pairs (``[Tag "value"]``, ``#`` inheriting the previous game's
value), ``{...}`` and ``;`` comments, ``%`` directive lines, games separated
by blank lines, and the sections that follow a tag (Auction, Play and
supplemental tables).  The Play section lists one trick per row, in fixed
columns: the seats in order starting from the Play tag's seat (the opening
leader), whoever led the trick.  ``-`` is a seat that did not play to that
trick; ``*`` (and ``+``) end the recorded play; a card may carry ``^R`` (a
revoke) or ``^L`` (a lead out of turn), ``$n`` annotation glyphs and ``=n=``
note references.  endplay's parser rejects the irregularity markers, which
are the point here, so the reader is ours; ``engine.notation.cards`` supplies the
notation.

Every record is checked against its deal: the deal itself (52 cards, 13 a
hand), each card held when played, the auction against Contract and
Declarer, Result against a complete play record, and each ``^R``/``^L``
marker against what the deal shows.  A problem is a ``CaseError`` naming the
file, the game and tag or Play row, and what is wrong.

A board becomes case data (``board_case_data``) in the case-file format, so
everything downstream (events, expect blocks, the engine) is unchanged.
``write_pbn`` writes a ruled case back out with the ruling in notes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from engine.input.caseio import CaseError, case_from_data, load_yaml
from engine.notation import cards as C

IRREGULARITIES = {"R": "revoke", "L": "lead out of turn", "I": "insufficient bid", "S": "irregularity"}


@dataclass
class Token:
    text: str
    line: int
    notes: list = field(default_factory=list)  # note numbers (=n=)
    nags: list = field(default_factory=list)  # $n
    marks: list = field(default_factory=list)  # irregularity letters (^R, ^L)
    comment: str = ""


@dataclass
class Section:
    tag: str
    value: str
    line: int
    tokens: list = field(default_factory=list)
    raw_lines: list = field(default_factory=list)


@dataclass
class Game:
    """One game of a PBN file, as written (tags resolved for ``#``)."""

    file: str
    number: int  # 1-based, in file order
    line: int
    tags: dict = field(default_factory=dict)
    tag_lines: dict = field(default_factory=dict)
    sections: dict = field(default_factory=dict)  # tag -> Section
    notes: dict = field(default_factory=dict)  # "1" -> text
    comments: list = field(default_factory=list)

    @property
    def board(self) -> int | None:
        value = self.tags.get("Board", "").strip()
        return int(value) if value.isdigit() else None

    @property
    def label(self) -> str:
        bits = [f"game {self.number}"]
        if self.board is not None:
            bits.insert(0, f"board {self.board}")
        if self.tags.get("Room"):
            bits.append(f"{self.tags['Room'].lower()} room")
        return ", ".join(bits)


class PbnError(CaseError):
    pass


# ---------------------------------------------------------------------------
# Tokenising
# ---------------------------------------------------------------------------

_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')


def read_text(path: str | Path) -> str:
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CaseError(str(path), "", "no such file")
    except IsADirectoryError:
        raise CaseError(str(path), "", "is a directory, not a file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # PBN 1.0 files are ISO 8859-1


def parse_games(text: str, file: str = "<pbn>") -> list[Game]:
    games: list[Game] = []
    previous: dict = {}
    current: Game | None = None
    section: Section | None = None
    comment: list | None = None
    comment_line = 0

    def finish():
        nonlocal current, section, previous
        if current is not None and current.tags:
            games.append(current)
            previous = dict(current.tags)
        current, section = None, None

    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip("\n")
        if comment is not None:
            end = line.find("}")
            if end < 0:
                comment.append(line)
                continue
            comment.append(line[:end])
            _attach_comment(current, section, " ".join(comment).strip())
            comment = None
            line = line[end + 1:]
        if comment is None and line.startswith("%"):
            continue
        if not line.strip():
            if comment is None and not raw.strip():
                finish()
            continue
        pos = 0
        while pos < len(line):
            ch = line[pos]
            if ch.isspace():
                pos += 1
                continue
            if ch == ";":
                break
            if ch == "{":
                end = line.find("}", pos + 1)
                if end < 0:
                    comment, comment_line = [line[pos + 1:]], n
                    break
                _attach_comment(current, section, line[pos + 1:end].strip())
                pos = end + 1
                continue
            if ch == "[":
                m = _TAG.match(line, pos)
                if not m:
                    raise PbnError(file, f"line {n}", f"malformed tag pair {line[pos:].strip()!r} (expected [Name \"value\"])")
                if current is None:
                    current = Game(file, len(games) + 1, n)
                name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
                if value == "#":
                    if name not in previous:
                        raise PbnError(file, f"line {n}", f"[{name} \"#\"] inherits a value, but no earlier game has {name}")
                    value = previous[name]
                if name == "Note":
                    number, _, note = value.partition(":")
                    current.notes[number.strip()] = note.strip()
                else:
                    current.tags[name] = value
                    current.tag_lines[name] = n
                section = Section(name, value, n)
                current.sections[name] = section
                pos = m.end()
                continue
            # a token of the section opened by the last tag
            m = re.compile(r"[^\s{;\[]+").match(line, pos)
            word = m.group(0)
            if current is None or section is None:
                raise PbnError(file, f"line {n}", f"{word!r} outside any game (a game starts with a tag pair)")
            _add_token(section, word, n)
            if not section.raw_lines or section.raw_lines[-1][0] != n:
                section.raw_lines.append((n, line.strip()))
            pos = m.end()
    if comment is not None:
        raise PbnError(file, f"line {comment_line}", "a comment opened with { is never closed")
    finish()
    return games


def _attach_comment(game: Game | None, section: Section | None, text: str) -> None:
    if game is None:
        return
    if section is not None and section.tokens:
        section.tokens[-1].comment = (section.tokens[-1].comment + " " + text).strip()
    else:
        game.comments.append(text)


_SUFFIX = re.compile(r"(=\d+=|\$\d+|\^[A-Za-z]|[!?]{1,2})")


def _add_token(section: Section, word: str, line: int) -> None:
    """Split ``SK=1=^R$4`` into the card and its annotations; bare annotations attach to the last token."""
    parts = [p for p in _SUFFIX.split(word) if p]
    head = None
    for part in parts:
        if _SUFFIX.fullmatch(part):
            target = head or (section.tokens[-1] if section.tokens else None)
            if target is None:
                continue
            if part.startswith("="):
                target.notes.append(part.strip("="))
            elif part.startswith("$"):
                target.nags.append(part)
            elif part.startswith("^"):
                target.marks.append(part[1].upper())
        else:
            head = Token(part, line)
            section.tokens.append(head)


# ---------------------------------------------------------------------------
# A board, as the engine needs it
# ---------------------------------------------------------------------------


@dataclass
class PlayedCard:
    trick: int
    seat: str
    card: str
    where: str  # for messages: file location
    marks: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    comment: str = ""


@dataclass
class BoardRecord:
    """What a PBN game or a LIN board says about one deal, in our notation."""

    file: str
    label: str  # "board 7, game 12, open room"
    fields: dict  # case-file fields: board, deal, contract, declarer, dealer, vulnerable, result, title, ...
    tricks: list  # list of lists of PlayedCard, in playing order
    complete: bool  # the record reaches the end of play (13 full tricks)
    where: dict  # case field -> location in the file, for messages
    auction: list = field(default_factory=list)
    notes: dict = field(default_factory=dict)
    source_kind: str = "PBN"

    def err(self, field_name: str, problem: str) -> CaseError:
        return CaseError(self.file, f"{self.label}, {self.where.get(field_name, field_name)}", problem)


def board_record(game: Game) -> BoardRecord:
    label = game.label
    where = {"deal": "Deal", "contract": "Contract", "declarer": "Declarer", "dealer": "Dealer",
             "vulnerable": "Vulnerable", "result": "Result", "board": "Board", "play": "Play"}

    def err(tag: str, problem: str) -> CaseError:
        line = game.tag_lines.get(tag)
        return PbnError(game.file, f"{label}, {tag}" + (f" (line {line})" if line else ""), problem)

    tags = game.tags
    for tag in ("Deal", "Contract", "Declarer"):
        if not tags.get(tag, "").strip():
            raise err(tag, "missing: a ruling needs the deal, the contract and the declarer")
    contract_text = tags["Contract"].strip()
    if contract_text.lower() == "pass":
        raise err("Contract", "the board was passed out: there is no play to rule on")
    try:
        contract = C.parse_contract(contract_text)
        declarer = C.parse_seat(tags["Declarer"].strip().lstrip("^"))
        hands = C.parse_deal(tags["Deal"])
    except C.NotationError as exc:
        tag = "Contract" if "contract" in str(exc) or "level" in str(exc) else (
            "Declarer" if "seat" in str(exc) else "Deal")
        raise err(tag, str(exc))
    fields: dict = {"deal": tags["Deal"].strip(), "contract": str(contract), "declarer": declarer}
    if game.board is not None:
        fields["board"] = game.board
    elif tags.get("Board", "").strip():
        raise err("Board", f"{tags['Board']!r} is not a board number")
    if tags.get("Dealer", "").strip():
        try:
            fields["dealer"] = C.parse_seat(tags["Dealer"])
        except C.NotationError as exc:
            raise err("Dealer", str(exc))
    if tags.get("Vulnerable", "").strip():
        fields["vulnerable"] = tags["Vulnerable"].strip()
    title_bits = [tags.get("Event", "").strip(), f"board {game.board}" if game.board else "",
                  f"{tags['Room']} room" if tags.get("Room") else ""]
    fields["title"] = ", ".join(b for b in title_bits if b and b != "?")
    auction = _auction(game, hands, err)
    if auction and not any(t.marks for t in game.sections["Auction"].tokens):
        _check_auction(auction, game.sections["Auction"].value, contract, declarer, err)
    tricks, complete = _play(game, hands, contract, declarer, err)
    result = tags.get("Result", "").strip()
    if result:
        if not result.isdigit() or not 0 <= int(result) <= 13:
            raise err("Result", f"{result!r} is not a number of tricks (0 to 13)")
        fields["result"] = int(result)
    record = BoardRecord(game.file, label, fields, tricks, complete, where, auction, dict(game.notes))
    record.where["result"] = f"Result (line {game.tag_lines.get('Result')})"
    return record


def _auction(game: Game, hands, err) -> list:
    section = game.sections.get("Auction")
    if section is None:
        return []
    calls = []
    for tok in section.tokens:
        t = tok.text.upper()
        if t in ("*", "+"):
            break
        if t == "AP":
            calls.extend(["PASS"] * 3)
            continue
        if t == "-":
            calls.append("-")
            continue
        if t in ("PASS", "P", "X", "XX") or re.fullmatch(r"[1-7](C|D|H|S|NT|N)", t):
            calls.append("PASS" if t == "P" else t.replace("N", "NT") if t.endswith("N") else t)
            continue
        raise err("Auction", f"line {tok.line}: {tok.text!r} is not a call (Pass, X, XX, 1C ... 7NT, AP)")
    return calls


def final_contract(calls: list, first: str):
    """(Contract, declarer) from calls starting with ``first``; None if passed out or unfinished."""
    last_bid = None
    doubled = 0
    first_named: dict = {}
    seat = first
    for call in calls:
        if call == "-":
            seat = C.next_seat(seat)
            continue
        if call not in ("PASS", "X", "XX"):
            strain = call[1:]
            last_bid = (int(call[0]), strain, seat)
            doubled = 0
            first_named.setdefault((C.side_of(seat), strain), seat)
        elif call == "X":
            doubled = 1
        elif call == "XX":
            doubled = 2
        seat = C.next_seat(seat)
    real = [c for c in calls if c != "-"]
    if last_bid is None or len(real) < 4 or real[-3:] != ["PASS"] * 3:
        return None
    level, strain, by = last_bid
    declarer = first_named[(C.side_of(by), strain)]
    return C.Contract(level, strain, doubled), declarer


def _check_auction(calls: list, first_text: str, contract, declarer: str, err) -> None:
    try:
        first = C.parse_seat(first_text)
    except C.NotationError as exc:
        raise err("Auction", str(exc))
    result = final_contract(calls, first)
    if result is None:
        return  # unfinished or irregular: nothing to compare
    got, by = result
    if (got, by) != (contract, declarer):
        raise err("Auction", f"the auction ends in {got} by {C.SEAT_NAMES[by]}, but Contract and Declarer say "
                             f"{contract} by {C.SEAT_NAMES[declarer]}")


def _play(game: Game, hands, contract, declarer: str, err) -> tuple[list, bool]:
    section = game.sections.get("Play")
    if section is None or not section.tokens:
        return [], False
    try:
        first = C.parse_seat(section.value)
    except C.NotationError as exc:
        raise err("Play", str(exc))
    columns = [C.next_seat(first, i) for i in range(4)]
    rows: list = []
    row: list = []
    ended = False
    for tok in section.tokens:
        t = tok.text
        if t in ("*", "+"):
            ended = True
            break
        if t == "-":
            row.append(None)
        else:
            try:
                card = C.parse_card(t)
            except C.NotationError as exc:
                raise err("Play", f"line {tok.line}: {exc}")
            row.append((card, tok))
        if len(row) == 4:
            rows.append(row)
            row = []
    if row:
        raise err("Play", f"line {row[-1][1].line if row[-1] else section.line}: a trick row needs four entries "
                          f"(a card or -); this one has {len(row)}")
    if len(rows) > 13:
        raise err("Play", f"{len(rows)} tricks; a deal has 13")
    trump = contract.trump
    tricks: list = []
    leader = first
    for t, r in enumerate(rows, start=1):
        cells = {seat: cell for seat, cell in zip(columns, r) if cell is not None}
        if not cells:
            if t == len(rows):
                break
            raise err("Play", f"trick {t} has no card at all, but later tricks do")
        marked = [s for s, (card, tok) in cells.items() if "L" in tok.marks]
        lead = marked[0] if marked else leader
        if lead not in cells:  # the expected leader did not play: the first seat clockwise that did
            lead = next(C.next_seat(leader, k) for k in range(4) if C.next_seat(leader, k) in cells)
        order = [C.next_seat(lead, k) for k in range(4) if C.next_seat(lead, k) in cells]
        trick = []
        for seat in order:
            card, tok = cells[seat]
            where = f"Play (line {tok.line}), trick {t}, {C.SEAT_NAMES[seat]}'s column"
            trick.append(PlayedCard(t, seat, card, where, list(tok.marks), list(tok.notes), tok.comment))
        tricks.append(trick)
        if len(trick) == 4:
            winner, _ = C.trick_winner([(p.seat, p.card) for p in trick], trump)
            leader = winner
    complete = len(tricks) == 13 and all(len(t) == 4 for t in tricks)
    return tricks, complete


# ---------------------------------------------------------------------------
# Board -> case
# ---------------------------------------------------------------------------


def board_case_data(record: BoardRecord, case_id: str) -> dict:
    data = {"id": case_id, **{k: v for k, v in record.fields.items() if k != "result"}}
    data["source"] = f"{Path(record.file).name} ({record.source_kind}, {record.label})"
    data["play"] = [[f"{p.seat}:{p.card}" for p in trick] for trick in record.tricks]
    if "result" in record.fields and not record.complete:
        data["result"] = record.fields["result"]
    return data


def case_id_for(path: str, record: BoardRecord) -> str:
    stem = re.sub(r"[^a-z0-9]+", "-", Path(path).stem.lower()).strip("-") or "deal"
    label = re.sub(r"[^a-z0-9]+", "-", record.label.lower()).strip("-")
    return f"{stem}-{label}"


def _rewhere(case, record: BoardRecord):
    """Name the file location of every played card in messages about it."""
    from dataclasses import replace

    locations = {(p.trick, i): p.where for trick in record.tricks for i, p in enumerate(trick)}
    prefix = f"{Path(record.file).name}, {record.label}, "
    case.play = [[replace(e, where=prefix + locations.get((e.trick, e.index), e.where)) for e in trick]
                 for trick in case.play]
    return case


def build_case(record: BoardRecord, overlay: dict | None = None, overlay_path: str | None = None,
               case_id: str | None = None):
    """The checked Case for one board, with events and other case fields from ``overlay``."""
    base = board_case_data(record, case_id or case_id_for(record.file, record))
    try:
        plain = case_from_data(dict(base), record.file)
    except CaseError as exc:
        field_name = exc.where.split(".")[0].split("[")[0]
        raise record.err(field_name, exc.problem)
    _rewhere(plain, record)
    plain.record = (record, plain)  # checked against the deal before ruling (engine.mechanics.records)
    if not overlay:
        return plain
    clash = sorted(set(overlay) & {"deal", "contract", "declarer", "play", "dealer", "vulnerable", "board"})
    if clash:
        raise CaseError(overlay_path or record.file, clash[0],
                        f"given by {Path(record.file).name} ({record.label}); a case that points at a file "
                        f"adds events and notes, not the deal")
    data = {**base, **{k: v for k, v in overlay.items() if k not in ("pbn", "lin", "room", "game")}}
    if "result" in overlay and record.complete:
        raise CaseError(overlay_path or record.file, "result", "the play record is complete: the result comes from it")
    case = case_from_data(data, overlay_path or record.file)
    _rewhere(case, record)
    case.raw = dict(overlay)
    case.record = (record, plain)
    return case


# ---------------------------------------------------------------------------
# Choosing a board
# ---------------------------------------------------------------------------


def select(games: list, file: str, board: int | None, room: str | None = None, game: int | None = None):
    if game is not None:
        if not 1 <= game <= len(games):
            raise CaseError(file, "game", f"there is no game {game} (the file has {len(games)})")
        chosen = [games[game - 1]]
        if board is not None and chosen[0].board != board:
            raise CaseError(file, "game", f"game {game} is board {chosen[0].board}, not board {board}")
        return chosen[0]
    if board is None:
        if len(games) == 1:
            return games[0]
        boards = sorted({g.board for g in games if g.board is not None})
        raise CaseError(file, "board", f"the file has {len(games)} games; choose one with --board "
                                       f"(boards: {_ranges(boards)})")
    hits = [g for g in games if g.board == board]
    if room is not None:
        hits = [g for g in hits if g.tags.get("Room", "").lower() == str(room).lower()]
    if not hits:
        boards = sorted({g.board for g in games if g.board is not None})
        what = f"board {board}" + (f" in the {room} room" if room else "")
        raise CaseError(file, "board", f"no {what} in the file (boards: {_ranges(boards)})")
    if len(hits) > 1:
        which = "; ".join(f"game {g.number}" + (f" ({g.tags['Room']} room)" if g.tags.get("Room") else "")
                          for g in hits)
        raise CaseError(file, "board", f"board {board} was played {len(hits)} times ({which}); choose one with "
                                       f"--room or --game")
    return hits[0]


def _ranges(numbers: list) -> str:
    out, start = [], None
    for i, n in enumerate(numbers):
        if start is None:
            start = n
        if i + 1 == len(numbers) or numbers[i + 1] != n + 1:
            out.append(str(start) if start == n else f"{start}-{n}")
            start = None
    return ", ".join(out) or "none"


def load_games(path: str | Path) -> list:
    return parse_games(read_text(path), str(path))


def load_board(path, board=None, room=None, game=None) -> BoardRecord:
    games = load_games(path)
    if not games:
        raise CaseError(str(path), "", "no games in the file (a PBN game starts with tag pairs such as [Deal \"...\"])")
    return board_record(select(games, str(path), board, room, game))


def read_events_file(path: str | Path) -> dict:
    """An events file: a YAML list of events, or a mapping of case fields (id, title, events, expect, notes)."""
    data = load_yaml(path)
    if data is None:
        return {}
    if isinstance(data, list):
        return {"events": data}
    if isinstance(data, dict):
        return data
    raise CaseError(str(path), "", "an events file is a YAML list of events or a mapping with events")


# ---------------------------------------------------------------------------
# Writing a ruled case back out
# ---------------------------------------------------------------------------


def _quote(value) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"')


def write_pbn(ruling, event: str | None = None) -> str:
    """A PBN 2.1 game for a ruled case: the record, with the ruling in notes and commentary."""
    case, table = ruling.case, ruling.table
    tags = [
        ("Event", event or case.title or case.id), ("Site", ""), ("Date", "????.??.??"),
        ("Board", case.board if case.board is not None else ""),
        ("West", ""), ("North", ""), ("East", ""), ("South", ""),
        ("Dealer", case.dealer or ""), ("Vulnerable", case.vulnerable if case.vulnerable_known else "?"),
        ("Deal", deal_text(case.hands)), ("Scoring", ""), ("Declarer", case.declarer or ""),
        ("Contract", str(case.contract) if case.contract else ""),  # none yet: a ruling before play
        ("Result", ruling.tricks_at_table if ruling.tricks_at_table is not None else ""),
    ]
    out = ["% PBN 2.1", "% EXPORT", f"% written by bridge-td from case {case.id}", ""]
    out += [f'[{name} "{_quote(value)}"]' for name, value in tags]
    notes: list = []
    # ^R marks a failure to follow suit; a revoke of another duty (a penalty card, a
    # lead restriction) cannot be checked against the deal and is told in the notes.
    revokes = {(c.fields["trick"], c.fields["seat"], c.fields.get("card")) for c in ruling.conclusions
               if c.kind == "revoke" and c.fields.get("duty", "follow_suit") == "follow_suit"}
    out_of_turn = {(t.number, t.effective[0][0]) for t in table.tricks  # the mechanics, whatever law rules on it
                   if t.effective and t.expected_leader and t.effective[0][0] != t.expected_leader}
    ruling_lines = [c for c in ruling.conclusions if c.kind not in ("trick_won",)]
    if table.tricks:
        first = table.tricks[0].effective[0][0] if table.tricks[0].effective else table.opening_leader
        columns = [C.next_seat(first, i) for i in range(4)]
        out.append(f'[Play "{first}"]')
        for t in table.tricks:
            cells = dict(t.effective)
            row = []
            for seat in columns:
                play = cells.get(seat)
                if play is None:
                    row.append("-")
                    continue
                text = play.card
                if (t.number, seat) in out_of_turn:
                    text += "^L"
                if (t.number, seat, play.card) in revokes:  # the revoke card stayed in the trick
                    text += "^R"
                    notes.append(" ".join(f"{c.text} [{c.law}]" for c in ruling_lines
                                          if c.fields.get("trick") == t.number and c.fields.get("seat") == seat
                                          and c.kind != "equity_review"))
                    text += f"={len(notes)}="
                replaced = [p for p in t.plays if p.seat == seat and p.replaced_by is not None
                            and p.replaced_by.applied]
                if replaced:
                    what = " (a revoke)" if (t.number, seat, replaced[0].card) in revokes else ""
                    notes.append(f"{C.SEAT_NAMES[seat]} first played {C.card_short(replaced[0].card)}{what} to this "
                                 f"trick and replaced it with {C.card_short(play.card)}")
                    text += f"={len(notes)}="
                row.append(text)
            out.append(" ".join(row))
        if len(table.tricks) < 13 or not table.tricks[-1].complete:
            out.append("*")
    for n, text in enumerate(notes, start=1):
        out.append(f'[Note "{n}:{_quote(text)}"]')
    summary = [f"Ruling ({case.edition} Laws, bridge-td):"]
    for c in ruling_lines:
        if c.kind == "equity_review":
            summary.append(f"For the director: {c.fields['question']} [{c.law}]")
        elif not any(c.text in n for n in notes):
            summary.append(f"{c.text} [{c.law}]")
    if ruling.declarer_tricks is not None:
        summary.append(f"Declarer's tricks: {ruling.tricks_at_table} at the table, {ruling.declarer_tricks} after "
                       f"rectification.")
    if case.events:
        summary.append("Events: " + "; ".join(f"{e.at} {e.kind} " + " ".join(f"{k}={v}" for k, v in e.fields.items())
                                              for e in case.events))
    out.append("{" + "\n".join(s.replace("}", ")").replace("{", "(") for s in summary) + "}")
    out.append("")
    return "\n".join(out)


def deal_text(hands: dict) -> str:
    parts = []
    for seat in C.SEATS:
        cards = C.sort_cards(hands[seat])
        parts.append(".".join("".join(c[1] for c in cards if c[0] == suit) for suit in C.SUITS))
    return "N:" + " ".join(parts)
