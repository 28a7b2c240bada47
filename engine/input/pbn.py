"""PBN input and output (Portable Bridge Notation 2.1), our own reader.

Reading (the import format of PBN 2.1): tag pairs (``[Tag "value"]``, with
or without white space between the tokens, several on a line or one spread
over lines), ``#`` for the previous game's value and ``##`` for a value every
later game keeps (4.8; ``#`` with no earlier value is empty, and is not
allowed for Dealer, Vulnerable, Deal, Declarer, Contract, Auction and Play),
``{...}`` and ``;`` comments, ``%`` directive lines, games separated by blank
lines, and the sections that follow a tag (Auction, Play, the Note tags, the
supplemental tables: read past, not used).

The Auction section gives the calls from its tag's seat: ``-`` is a seat
before the dealer, ``AP`` three passes, ``^S`` a player whose turn was skipped
by a call out of rotation, ``^I`` before a bid marks it insufficient (3.9);
``=n=`` refers to a Note, ``$n`` is a glyph (``$13``: the call was corrected
by hand).  The Play section lists one trick a row in fixed columns, the seats
from the Play tag's seat whoever led: ``-`` a card not played or not known,
``^R`` before a card a revoke, ``^L`` a lead out of turn (a mark written
right after a card, ``S4^R``, marks that card: the project's own older
files), ``+`` the next card to be played (3.6: the play is to go on), ``*``
the end of the section (a card after it is noted, not read); rows of ``-``
only after the last card record nothing (the play stopped at a claim).

A problem belongs to its game: a malformed tag, a card not held, an auction
that contradicts the contract reject that game only, naming its label, the
tag or Play row and the line; ``check`` reads the rest of the file.  A game
is a played board, a passed-out board (it rules and scores zero) or a hand
record (the deal only: the base of a case whose events file or case file
gives the contract, the auction and the play).

The games are read one at a time (``iter_games``; ``parse_games`` is all of
them at once): a session is read in the memory of its text and one game.
Each game is bounded (``MAX_TAG_VALUE`` characters in a tag value,
``MAX_TAGS`` tag pairs, ``MAX_ENTRIES`` entries of an Auction or Play
section, ``MAX_COMMENTS`` comments; docs/workbench.md, "Input limits"): a
game past a bound is a game with a problem, named like any other.

A board becomes case data (``board_case_data``) in the case-file format, the
auction included (alerts and notes as the case format's optional call forms),
so everything downstream is unchanged.  ``write_pbn`` writes a ruled case
back out: what was read (marks, auction, notes, comments, players,
Termination) and the ruling, with the adjusted result, in notes and
commentary; every text as a PBN string (``pbn_string``) that this reader
reads back.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from engine.notation import cards as C
from engine.input.caseio import (MAX_RECORD_BYTES, VULNERABLE, CaseError, _check_deal, case_from_data, load_yaml,
                                 read_bytes)

IRREGULARITIES = {"R": "revoke", "L": "lead out of turn", "I": "insufficient bid", "S": "call out of rotation"}
NO_HASH = {"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play"}  # PBN 4.8
UNKNOWN = ("", "?")
MAX_TAG_LINES = 8  # a tag pair may run over lines; this many at most
MAX_PROBLEMS = 20  # problems kept for one game (the rest are counted)


@dataclass
class Token:
    text: str
    line: int
    notes: list = field(default_factory=list)  # note numbers (=n=)
    nags: list = field(default_factory=list)  # $n, and suffixes (! ?) as written
    marks: list = field(default_factory=list)  # irregularity letters (^R, ^L, ^I)
    comment: str = ""


@dataclass
class Section:
    tag: str
    value: str
    line: int
    tokens: list = field(default_factory=list)
    notes: dict = field(default_factory=dict)  # the Note tags given in this section
    pending: list = field(default_factory=list)  # marks waiting for the next card or call
    overflow: bool = False  # more entries than a section may hold (the game has a problem)
    rows: list = field(default_factory=list)  # a score table (PBN 5.3): (line number, the row as written, its column)


@dataclass
class Game:
    """One game of a PBN file, as written (tags resolved for ``#`` and ``##``)."""

    file: str
    number: int  # 1-based, in file order
    line: int
    tags: dict = field(default_factory=dict)
    tag_lines: dict = field(default_factory=dict)
    sections: dict = field(default_factory=dict)  # tag -> Section
    notes: dict = field(default_factory=dict)  # "1" -> text (every Note tag of the game; a number given again: the last)
    note_list: list = field(default_factory=list)  # (section tag or None, number, text): the Note tags in order
    comments: list = field(default_factory=list)
    problems: list = field(default_factory=list)  # (where, problem): the game cannot be read
    more_problems: int = 0  # problems past the first MAX_PROBLEMS
    pairs: int = 0  # tag pairs read (the bound MAX_TAGS)
    comment_count: int = 0
    comment_chars: int = 0
    comment_overflow: bool = False

    def problem(self, where: str, text: str) -> None:
        """A problem of this game (the first MAX_PROBLEMS are kept, the rest counted)."""
        if len(self.problems) < MAX_PROBLEMS:
            self.problems.append((where, text))
        else:
            self.more_problems += 1

    @property
    def board(self) -> int | None:
        value = self.tags.get("Board", "").strip()
        return int(value) if re.fullmatch(r"[0-9]{1,6}", value) and int(value) > 0 else None

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

_TAG_HEAD = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"')
_TAG_TAIL = re.compile(r'"\s*\]')
_PLAIN = re.compile(r'[^"\\]*')  # one character class repeated: linear, whatever the length (no backtracking stack)
_ESCAPE = re.compile(r'\\(["\\])')
_WORD = re.compile(r"[^\s{;\[]+")
_LINE_END = re.compile(r"\r\n|\r|\n")

# Every input is bounded (docs/workbench.md, "Input limits"): a file is at most MAX_RECORD_BYTES; within a
# game these bound what one game may hold, so that reading takes memory in proportion to the file.
MAX_TAG_VALUE = 20_000  # characters in one tag value (the same bound as one value of a case file)
MAX_TAGS = 500  # tag pairs in one game, Note tags included (published games have about 30)
MAX_ENTRY = 200  # characters in one of those entries (a card or call with its notes, glyphs and marks)
MAX_ENTRIES = 1_000  # entries of one Auction or Play section (a play has 52 cards; an auction at most 319 calls)
MAX_COMMENTS = 1_000  # {...} comments kept in one game
MAX_COMMENT_TEXT = 200_000  # characters of those comments in one game
TOKEN_SECTIONS = ("Auction", "Play")  # the sections whose entries are read; the supplemental tables are read past
# The score tables (PBN 5.3) are kept row by row as written, for ``engine/input/session.py``: a row holds
# strings with spaces and semicolons, so it is taken whole, never split into words here.
TABLE_SECTIONS = ("ScoreTable", "TotalScoreTable")
MAX_TABLE_ROWS = 5_000  # rows of one score table (a board is played at most a few hundred times)


def read_text(path: str | Path, what: str = "a PBN or LIN file") -> str:
    data = read_bytes(path, what, MAX_RECORD_BYTES)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")  # PBN 1.0 files are ISO 8859-1


# Before the first tag pair nothing shows the file is a PBN record: its text is not repeated in the message.
NOT_PBN = "not a PBN record: text before the first tag pair (a PBN game starts with tags such as [Event \"...\"])"


def _scan_tag(line: str, pos: int):
    """A tag pair at ``pos``: (name, raw value, end, length of the value), or None when there is none.

    The value is a PBN string (``\\"`` a quote, ``\\\\`` a backslash); a value longer than MAX_TAG_VALUE
    is scanned to its end but not copied (its raw value is None).
    """
    head = _TAG_HEAD.match(line, pos)
    if not head:
        return None
    i = head.end()
    while True:
        j = _PLAIN.match(line, i).end()
        if j >= len(line):
            return None
        if line[j] == "\\":
            if j + 1 >= len(line):
                return None
            i = j + 2
            continue
        tail = _TAG_TAIL.match(line, j)
        if not tail:
            return None
        length = j - head.end()
        return head.group(1), (line[head.end():j] if length <= MAX_TAG_VALUE else None), tail.end(), length


def unescape(raw: str) -> str:
    """A PBN string's text: ``\\"`` is a quote and ``\\\\`` a backslash (any other backslash is kept as written)."""
    return _ESCAPE.sub(r"\1", raw) if "\\" in raw else raw


class _Lines:
    """The lines of a text one at a time (``\\r\\n``, ``\\r`` or ``\\n`` ends one), with a look ahead.

    ``number`` is the number of the line last taken, ``pos`` the offset just past it (for progress).
    """

    def __init__(self, text: str):
        self.text = text
        self.pos = self.number = 0
        self._ends = _LINE_END.finditer(text)
        self._start = 0  # where the next line not yet split off starts
        self._ahead: list = []  # (line, offset after it), split off but not taken

    def _split(self):
        if self._start >= len(self.text):
            return None
        m = next(self._ends, None)
        if m is None:
            line, self._start = self.text[self._start:], len(self.text)
            return line, len(self.text)
        line, self._start = self.text[self._start:m.start()], m.end()
        return line, m.end()

    def peek(self, k: int):
        """The line k after the next one to take (0: the next), or None past the end."""
        while len(self._ahead) <= k:
            raw = self._split()
            if raw is None:
                return None
            self._ahead.append(raw)
        return self._ahead[k][0]

    def take(self):
        raw = self._ahead.pop(0) if self._ahead else self._split()
        if raw is None:
            return None
        self.number += 1
        line, self.pos = raw
        return line


def parse_games(text: str, file: str = "<pbn>") -> list[Game]:
    """Every game of a PBN text (``iter_games``, all at once)."""
    return list(iter_games(text, file))


def iter_games(text: str, file: str = "<pbn>", where: dict | None = None):
    """The games of a PBN text, one at a time: a session is read without holding every game.

    ``where``, when given, gets ``"size"``, the length of ``text``, and ``"pos"``, the offset read so far
    (for a progress bar).
    """
    previous: dict = {}
    kept: dict = {}  # "##" values: every later game has them
    current: Game | None = None
    section: Section | None = None
    owner: Section | None = None  # the section Note tags belong to
    comment: list | None = None
    comment_line = comment_size = 0
    count = 0  # games yielded
    shown = False  # the file has shown itself a PBN record (a tag pair read): only then is its text quoted
    lines = _Lines(text)
    if where is not None:
        where["size"] = len(text)

    def start(n: int) -> Game:
        nonlocal current
        if current is None:
            current = Game(file, count + 1, n)
        return current

    def finish() -> Game | None:
        nonlocal current, section, owner, previous, count
        done = None
        if current is not None and (current.tags or current.problems):
            for name, value in kept.items():
                current.tags.setdefault(name, value)
            done = current
            count += 1
            previous = dict(current.tags)
        current, section, owner = None, None, None
        return done

    while True:
        raw = lines.take()
        if raw is None:
            break
        n = lines.number
        if where is not None:
            where["pos"] = lines.pos
        line = raw
        if comment is not None:
            end = line.find("}")
            piece = line if end < 0 else line[:end]
            comment_size += len(piece) + 1
            if comment_size <= MAX_COMMENT_TEXT:
                comment.append(piece)
            if end < 0:
                continue
            _attach_comment(current, section, " ".join(comment).strip(), comment_line,
                            cut=comment_size > MAX_COMMENT_TEXT)
            comment = None
            line = line[end + 1:]
        elif line.startswith("%"):
            continue
        if not line.strip():
            if not raw.strip():
                game = finish()
                if game is not None:
                    yield game
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
                    comment, comment_line = [line[pos + 1:pos + 2 + MAX_COMMENT_TEXT]], n
                    comment_size = len(line) - pos - 1
                    break
                _attach_comment(current, section, line[pos + 1:end].strip(), n)
                pos = end + 1
                continue
            if ch == "[":
                m = _scan_tag(line, pos)
                joined = 0
                while not m and "]" not in line[pos:] and joined < MAX_TAG_LINES and lines.peek(joined) is not None \
                        and lines.peek(joined).strip():
                    line = line + " " + lines.peek(joined)  # import format: a tag pair may span lines
                    joined += 1
                    m = _scan_tag(line, pos)
                game = start(n)
                if not m:
                    snippet = line[pos:pos + 200].strip()
                    game.problem(f"line {n}", NOT_PBN if not shown else
                                 f"malformed tag pair {snippet[:60]!r} (expected [Name \"value\"])")
                    for _ in range(joined):
                        lines.take()
                    break
                for _ in range(joined):
                    lines.take()
                name, raw_value, end, length = m
                shown = True
                pos = end
                if raw_value is None:
                    game.problem(f"{name} (line {n})", f"the value is {length:,} characters long (at most "
                                                       f"{MAX_TAG_VALUE:,} in one tag value)")
                    section = owner = Section(name, "", n)  # its section is read past
                    continue
                game.pairs += 1
                if game.pairs > MAX_TAGS:
                    if game.pairs == MAX_TAGS + 1:
                        game.problem(f"line {n}", f"more than {MAX_TAGS:,} tag pairs in one game")
                    section = owner = Section(name, "", n)
                    continue
                value = unescape(raw_value)
                if value.startswith("##"):
                    if name in NO_HASH:
                        game.problem(f"line {n}", f"[{name} \"##\"]: '##' is not allowed for {name} (PBN 4.8)")
                    value = value[2:]
                    kept[name] = value
                elif value == "#":
                    if name in NO_HASH:
                        game.problem(f"line {n}", f"[{name} \"#\"]: '#' is not allowed for {name}; "
                                                  f"the game must give it (PBN 4.8)")
                    value = previous.get(name, "")
                elif name in kept:
                    kept[name] = value  # a kept value redefined: later games keep the new one
                if name == "Note":
                    number, _, note = value.partition(":")
                    number, note = number.strip(), note.strip()
                    game.notes[number] = note
                    game.note_list.append((owner.tag if owner is not None else None, number, note))
                    if owner is not None:
                        owner.notes[number] = note
                    section = Section(name, value, n)
                else:
                    if name not in game.tags:  # import format: a tag given again is ignored
                        game.tags[name] = value
                        game.tag_lines[name] = n
                    section = Section(name, value, n)
                    if name not in game.sections:
                        game.sections[name] = section
                    owner = section
                continue
            if section is not None and section.tag in TABLE_SECTIONS and section is game_section(current, section):
                row = line[pos:]
                if len(section.rows) >= MAX_TABLE_ROWS:
                    if not section.overflow:
                        section.overflow = True
                        current.problem(f"{section.tag} (line {n})", f"more than {MAX_TABLE_ROWS:,} rows in the "
                                                                     f"{section.tag} section")
                elif len(row) > MAX_TAG_VALUE:
                    current.problem(f"{section.tag} (line {n})", f"a row of {len(row):,} characters")
                else:
                    section.rows.append((n, row, pos))
                break
            m = _WORD.match(line, pos)
            word = m.group(0)
            if section is None:
                start(n).problem(f"line {n}", NOT_PBN if not shown else
                                 f"{word[:60]!r} is outside any tag pair (a game is made of "
                                 f"tag pairs such as [Deal \"...\"] and their sections)")
                break
            if section.tag in TOKEN_SECTIONS and not section.overflow and section is game_section(current, section):
                if len(word) > MAX_ENTRY:
                    section.overflow = True
                    current.problem(f"{section.tag} (line {n})", f"an entry of {len(word):,} characters (a card or "
                                                                 f"a call is a few, at most {MAX_ENTRY} with its marks)")
                elif len(section.tokens) >= MAX_ENTRIES:
                    section.overflow = True
                    current.problem(f"{section.tag} (line {n})", f"more than {MAX_ENTRIES:,} entries in the "
                                                                 f"{section.tag} section")
                else:
                    _add_token(section, word, n)
            pos = m.end()
    if comment is not None:
        start(comment_line).problem(f"line {comment_line}", "a comment opened with { is never closed")
    if where is not None:
        where["pos"] = len(text)
    game = finish()
    if game is not None:
        yield game


def game_section(game: Game | None, section: Section) -> Section | None:
    """The section of ``game`` its tag names (a tag given again opens a section that is read past)."""
    return game.sections.get(section.tag) if game is not None else None


def _attach_comment(game: Game | None, section: Section | None, text: str, line: int, cut: bool = False) -> None:
    """A comment belongs to the entry before it in its section, or else to the game (a comment before the
    first tag pair of the file belongs to no game and is not kept)."""
    if game is None or not text:
        return
    if game.comment_overflow:
        return
    game.comment_chars += len(text)
    game.comment_count += 1
    if cut or game.comment_count > MAX_COMMENTS or game.comment_chars > MAX_COMMENT_TEXT:
        game.comment_overflow = True
        game.problem(f"line {line}", f"more than {MAX_COMMENTS:,} comments or {MAX_COMMENT_TEXT:,} characters of "
                                     f"comments in one game")
        return
    if section is not None and section.tokens:
        section.tokens[-1].comment = (section.tokens[-1].comment + " " + text).strip()
    else:
        game.comments.append(text)


_SUFFIX = re.compile(r"(=\d+=|\$\d+|\^[A-Za-z]|[!?]{1,2})")
_ANNOTATED = re.compile(r"[=$^!?]")  # a word without these is one entry, with no annotation


def _add_token(section: Section, word: str, line: int) -> None:
    """Split ``^RS4=1=$4`` into a token and its annotations.

    A note or glyph belongs to the token before it; an irregularity mark to the
    card or call after it (PBN 3.9), or, written right after a card, to that card.
    In the Auction, ``^S`` is itself an entry: the turn of the player skipped.
    """
    if not _ANNOTATED.search(word):  # a card or call alone, as most are
        section.tokens.append(Token(word, line, marks=list(section.pending)) if section.pending else Token(word, line))
        section.pending.clear()
        return
    parts = [p for p in _SUFFIX.split(word) if p]
    head = None
    for index, part in enumerate(parts):
        if _SUFFIX.fullmatch(part):
            if part.startswith("^"):
                letter = part[1].upper()
                if letter == "S" and section.tag == "Auction":
                    head = Token("^S", line)
                    section.tokens.append(head)
                    continue
                following = any(not _SUFFIX.fullmatch(p) for p in parts[index + 1:])
                if head is not None and not following:
                    head.marks.append(letter)  # "S4^R": the card just written
                else:
                    section.pending.append(letter)
                continue
            target = head or (section.tokens[-1] if section.tokens else None)
            if target is None:
                continue
            if part.startswith("="):
                target.notes.append(part.strip("="))
            else:
                target.nags.append(part)
        else:
            head = Token(part, line, marks=list(section.pending))
            section.pending.clear()
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
    nags: list = field(default_factory=list)
    note_texts: list = field(default_factory=list)  # the texts of its notes (=n=), as the Note tags give them


@dataclass
class BoardRecord:
    """What a PBN game or a LIN board says about one deal, in our notation."""

    file: str
    label: str  # "board 7, game 12, open room"
    fields: dict  # case-file fields: board, deal, contract, declarer, dealer, vulnerable, result, title, ...
    tricks: list  # list of lists of PlayedCard, in playing order
    complete: bool  # the record reaches the end of play (13 full tricks)
    where: dict  # case field -> location in the file, for messages
    auction: list = field(default_factory=list)  # {"seat", "call", "note", "alert", "nags", "marks"} from the dealer
    notes: dict = field(default_factory=dict)
    source_kind: str = "PBN"
    kind: str = "played"  # "played", "passed out", "hand record", "deal and play" (LIN without auction)
    players: dict = field(default_factory=dict)  # seat -> name
    reader_notes: list = field(default_factory=list)  # what the reader noticed (never silent)
    events: list = field(default_factory=list)  # case events the record itself shows (a LIN claim)
    tags: dict = field(default_factory=dict)  # the PBN tags as read (for writing back)
    comments: list = field(default_factory=list)  # the game's own {...} comments (not after a card or call)
    loose_notes: list = field(default_factory=list)  # the texts of Note tags no call or card refers to
    auction_first: str | None = None

    def err(self, field_name: str, problem: str) -> CaseError:
        return CaseError(self.file, f"{self.label}, {self.where.get(field_name, field_name)}", problem)


def _result(text: str, declarer: str | None, err) -> tuple:
    """(declarer's tricks or None, disputed) from a Result value (PBN 3.4.15)."""
    t = text.strip()
    disputed = t.startswith("^")
    t = t.lstrip("^").strip()
    if t in UNKNOWN:
        return None, disputed
    if re.fullmatch(r"[0-9]{1,2}", t):
        n = int(t)
    else:
        m = re.fullmatch(r"(NS|EW)\s+([0-9]{1,2})(?:\s+(NS|EW)\s+([0-9]{1,2}))?", t, re.I)
        if not m or declarer is None:
            raise err("Result", f"{text!r} is not a number of tricks (0 to 13, or NS n / EW n)")
        sides = {m.group(1).upper(): int(m.group(2))}
        if m.group(3):
            sides[m.group(3).upper()] = int(m.group(4))
            if len(sides) != 2 or sum(sides.values()) != 13:
                raise err("Result", f"{text!r}: the two sides' tricks must add up to 13")
        side = C.side_of(declarer)
        n = sides[side] if side in sides else 13 - next(iter(sides.values()))
    if not 0 <= n <= 13:
        raise err("Result", f"{text!r} is not a number of tricks (0 to 13)")
    return n, disputed


def board_record(game: Game) -> BoardRecord:
    label = game.label
    where = {"deal": "Deal", "contract": "Contract", "declarer": "Declarer", "dealer": "Dealer",
             "vulnerable": "Vulnerable", "result": "Result", "board": "Board", "play": "Play", "auction": "Auction"}

    def err(tag: str, problem: str) -> CaseError:
        line = game.tag_lines.get(tag)
        return PbnError(game.file, f"{label}, {tag}" + (f" (line {line})" if line else ""), problem)

    if game.problems:
        at, problem = game.problems[0]
        others = len(game.problems) - 1 + game.more_problems
        more = f" (and {others:,} more problem(s) in this game)" if others else ""
        raise PbnError(game.file, f"{label}, {at}", problem + more)
    tags = game.tags
    notes: list = []
    deal = tags.get("Deal", "").strip()
    if deal in UNKNOWN:
        raise err("Deal", "missing: a record needs the deal")
    try:
        hands = C.parse_deal(deal)
    except C.NotationError as exc:
        raise err("Deal", str(exc))
    _check_deal(hands, lambda _field, problem: err("Deal", problem))
    fields: dict = {"deal": deal}
    board_text = tags.get("Board", "").strip()
    if game.board is not None:
        fields["board"] = game.board
    elif board_text not in UNKNOWN:
        raise err("Board", f"{board_text!r} is not a board number (a positive whole number)")
    dealer = None
    if tags.get("Dealer", "").strip() not in UNKNOWN:
        try:
            dealer = fields["dealer"] = C.parse_seat(tags["Dealer"])
        except C.NotationError as exc:
            raise err("Dealer", str(exc))
    vul = tags.get("Vulnerable", "").strip()
    if vul not in UNKNOWN:
        if vul.upper() not in VULNERABLE:
            raise err("Vulnerable", f"{vul!r} is not None, NS, EW or All (or Love, -, Both)")
        fields["vulnerable"] = VULNERABLE[vul.upper()]
    players = {s: tags[name].strip() for s, name in zip(C.SEATS, ("North", "East", "South", "West"))
               if tags.get(name, "").strip() not in UNKNOWN}
    title_bits = [tags.get("Event", "").strip(), f"board {game.board}" if game.board else "",
                  f"{tags['Room']} room" if tags.get("Room") else ""]
    fields["title"] = ", ".join(b for b in title_bits if b and b != "?")
    auction, first = _auction(game, dealer, err, notes)
    finished = final_contract([(c["seat"], c["call"]) for c in auction]) if auction else None
    passed = bool(auction) and len(auction) >= 4 and all(c["call"] == "Pass" for c in auction)
    contract_text = tags.get("Contract", "").strip()
    declarer_text = tags.get("Declarer", "").strip()
    record_kind = "played"
    contract = declarer = None
    if contract_text.lower() == "pass" or (contract_text in UNKNOWN and passed):
        record_kind = "passed out"
        if auction and not passed:
            raise err("Auction", "Contract says the board was passed out, but a player bid")
        if not auction:  # [Contract "Pass"] alone (Declarer and Result empty): the four players passed
            if dealer is None and game.board is None:
                raise err("Contract", "'Pass' (a passed-out board: four passes from the dealer) needs the dealer: "
                                      "give Dealer or Board")
            notes.append("Contract 'Pass' and no Auction section: a passed-out board, read as four passes")
    elif contract_text in UNKNOWN:
        if finished is not None:
            contract, declarer = finished
            notes.append(f"Contract and Declarer are not given: the auction ends in {contract} by "
                         f"{C.SEAT_NAMES[declarer]}")
        else:
            record_kind = "hand record"
    else:
        try:
            contract = C.parse_contract(contract_text)
        except C.NotationError as exc:
            raise err("Contract", str(exc))
        if declarer_text in UNKNOWN:
            if finished is None:
                raise err("Declarer", "missing: a contract needs its declarer")
            declarer = finished[1]
        else:
            try:
                declarer = C.parse_seat(declarer_text.lstrip("^"))
            except C.NotationError as exc:
                raise err("Declarer", str(exc))
            if declarer_text.startswith("^"):
                notes.append(f"Declarer {declarer_text!r}: declarer and dummy were swapped; "
                             f"{C.SEAT_NAMES[declarer]} played the hand (PBN 3.4.13)")
    irregular = any(c["marks"] for c in auction)
    if contract is not None and finished is not None and not irregular:
        got, by = finished
        if got != contract or (by != declarer and not declarer_text.startswith("^")):
            raise err("Auction", f"the auction ends in {got} by {C.SEAT_NAMES[by]}, but Contract and Declarer say "
                                 f"{contract} by {C.SEAT_NAMES[declarer]}")
    if record_kind == "played":
        fields["contract"], fields["declarer"] = str(contract), declarer
    tricks, complete, plus = ([], False, False)
    if record_kind == "played":
        tricks, complete, plus = _play(game, hands, contract, declarer, err, notes)
    elif game.sections.get("Play") and game.sections["Play"].tokens:
        raise err("Play", "a play record needs the contract and declarer (Contract, Declarer or a finished auction)")
    result_text = tags.get("Result", "")
    if record_kind == "played":
        result, disputed = _result(result_text, declarer, err)
        if disputed:
            notes.append(f"Result {result_text.strip()!r}: the players agreed on a number of tricks that differs from "
                         f"the tricks won (PBN 3.4.15)")
        if plus and result is not None:
            notes.append("the play is to go on ('+'): Result counts the tricks played so far, not the final result")
        elif result is not None:
            fields["result"] = result
            if disputed:
                fields["result_disputed"] = True
    elif result_text.strip().lstrip("^") not in UNKNOWN and record_kind == "passed out":
        raise err("Result", f"{result_text!r}: a passed-out board has no result")
    record = BoardRecord(game.file, label, fields, tricks, complete, where, auction, dict(game.notes),
                         kind=record_kind, players=players, reader_notes=notes, tags=dict(tags),
                         comments=list(game.comments), auction_first=first, loose_notes=_loose_notes(game))
    if tags.get("Termination", "").strip():
        notes.append(f"Termination: {tags['Termination'].strip()}")
    record.where["result"] = f"Result (line {game.tag_lines.get('Result')})"
    return record


def _loose_notes(game: Game) -> list:
    """The texts of the Note tags that no call or card refers to (a note on the board as a whole)."""
    refs = {tag: {x for tok in game.sections[tag].tokens for x in tok.notes} for tag in TOKEN_SECTIONS
            if tag in game.sections}
    fallback = {x for tag, numbers in refs.items() for x in numbers if x not in game.sections[tag].notes}
    last_in_section = {(owner, number): i for i, (owner, number, _) in enumerate(game.note_list)}
    last = {number: i for i, (_, number, _) in enumerate(game.note_list)}
    loose = []
    for i, (owner, number, text) in enumerate(game.note_list):
        if owner in refs and number in refs[owner] and last_in_section[(owner, number)] == i:
            continue  # the note of a call or card of its own section
        if number in fallback and last[number] == i:
            continue  # the note a call or card of another section finds among the game's notes
        if text:
            loose.append(text)
    return loose


_BID = re.compile(r"^([1-7])(C|D|H|S|NT|N)$")


def _call(text: str) -> str | None:
    t = text.upper()
    if t in ("PASS", "P"):
        return "Pass"
    if t in ("X", "XX"):
        return t
    m = _BID.match(t)
    return m.group(1) + ("NT" if m.group(2) in ("N", "NT") else m.group(2)) if m else None


def _auction(game: Game, dealer, err, notes: list) -> tuple[list, str | None]:
    """The calls from the dealer: [{"seat", "call", "note", "nags", "marks", "alert"}], and the tag's seat."""
    section = game.sections.get("Auction")
    if section is None:
        return [], None
    try:
        seat = first = C.parse_seat(section.value)
    except C.NotationError as exc:
        raise err("Auction", str(exc))
    if dealer is None:
        raise err("Auction", "an auction needs the Dealer tag before it (PBN 3.1)")
    calls: list = []
    skipped = False
    after: list = []
    ended = None
    started = False
    for tok in section.tokens:
        t = tok.text.upper()
        if ended is not None:
            after.append(tok)
            continue
        if t in ("*", "+"):
            ended = t
            continue
        if t == "-":
            if started:
                raise err("Auction", f"line {tok.line}: '-' after the first call (it stands for a seat before the "
                                     f"dealer)")
            seat = C.next_seat(seat)
            continue
        if t == "^S":
            skipped, started = True, True
            seat = C.next_seat(seat)
            continue
        words = ["Pass"] * 3 if t == "AP" else [_call(tok.text)]
        if words[0] is None:
            raise err("Auction", f"line {tok.line}: {tok.text!r} is not a call (Pass, X, XX, 1C ... 7NT, AP)")
        if not started and not skipped and seat != dealer:
            raise err("Auction", f"line {tok.line}: the first call is {C.SEAT_NAMES[seat]}'s, but "
                                 f"{C.SEAT_NAMES[dealer]} is the dealer")
        for k, call in enumerate(words):
            marks = (["out_of_rotation"] if skipped and k == 0 else []) + \
                    (["insufficient"] if "I" in tok.marks and k == 0 else [])
            note_texts = [section.notes.get(x) or game.notes.get(x) for x in tok.notes] if k == 0 else []
            calls.append({"seat": seat, "call": call, "note": "; ".join(x for x in note_texts if x) or None,
                          "note_refs": list(tok.notes) if k == 0 else [], "nags": list(tok.nags) if k == 0 else [],
                          "marks": marks, "alert": False, "comment": tok.comment if k == 0 else ""})
            seat = C.next_seat(seat)
            skipped = False
        started = True
    _check_calls(calls, err)
    if after:
        notes.append(f"{len(after)} entr{'y' if len(after) == 1 else 'ies'} after the '{ended}' that ends the "
                     f"auction (line {after[0].line}) not read: the standard ends the section there")
    return calls, first


def _check_calls(calls: list, err) -> None:
    """A double needs an opponent's bid to double, a redouble an opponent's double (PBN 3.9: no irregular (re)double)."""
    last_bid_seat, state = None, None  # state: None, "X", "XX" on the last bid
    for c in calls:
        call, seat = c["call"], c["seat"]
        if call[0].isdigit():
            last_bid_seat, state = seat, None
        elif call == "X":
            if last_bid_seat is None or C.side_of(last_bid_seat) == C.side_of(seat) or state is not None:
                raise err("Auction", f"{C.SEAT_NAMES[seat]}'s double: there is no opponents' bid to double")
            state, doubler = "X", seat
        elif call == "XX":
            if state != "X" or C.side_of(doubler) == C.side_of(seat):
                raise err("Auction", f"{C.SEAT_NAMES[seat]}'s redouble: there is no opponents' double to redouble")
            state = "XX"


def final_contract(calls: list):
    """(Contract, declarer) from (seat, call) pairs in order; None if passed out or unfinished."""
    last_bid = None
    doubled = 0
    first_named: dict = {}
    for seat, call in calls:
        if call[0].isdigit():
            strain = call[1:]
            last_bid = (int(call[0]), strain, seat)
            doubled = 0
            first_named.setdefault((C.side_of(seat), strain), seat)
        elif call == "X":
            doubled = 1
        elif call == "XX":
            doubled = 2
    if last_bid is None or len(calls) < 4 or [c for _, c in calls[-3:]] != ["Pass"] * 3:
        return None
    level, strain, by = last_bid
    return C.Contract(level, strain, doubled), first_named[(C.side_of(by), strain)]


def _play(game: Game, hands, contract, declarer: str, err, notes: list) -> tuple[list, bool, bool]:
    section = game.sections.get("Play")
    if section is None or not section.tokens:
        return [], False, False
    try:
        first = C.parse_seat(section.value)
    except C.NotationError as exc:
        raise err("Play", str(exc))
    columns = [C.next_seat(first, i) for i in range(4)]
    rows: list = []
    row: list = []
    stop = None
    after: list = []
    for tok in section.tokens:
        t = tok.text
        if stop == "*" or (stop == "+" and not row):
            after.append(tok)
            continue
        if t == "*":
            stop = "*"
            continue
        if t == "+":
            if stop == "+":
                raise err("Play", f"line {tok.line}: a second '+' (it stands for the one next card to be played)")
            stop = "+"
            row.append(None)
        elif set(t) == {"-"}:
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
    if row and stop == "+":  # '+' stands for the next card; the rest of its row is not played yet
        rows.append(row + [None] * (4 - len(row)))
        row = []
    if row:
        last = next((c for c in reversed(row) if c is not None), None)
        raise err("Play", f"line {last[1].line if last else section.line}: a trick row needs four entries "
                          f"(a card or -); this one has {len(row)}")
    cards_after = [tok for tok in after if tok.text not in ("-", "*", "+") and set(tok.text) != {"-"}]
    if cards_after:
        notes.append(f"{len(cards_after)} card(s) after the '{stop}' that ends the play (line {cards_after[0].line}) "
                     f"not read: the standard ends the Play section there")
    while rows and all(cell is None for cell in rows[-1]):
        rows.pop()  # rows of '-' after the last card: nothing was recorded after a claim
    if len(rows) > 13:
        raise err("Play", f"{len(rows)} tricks; a deal has 13")
    trump = contract.trump
    tricks: list = []
    leader = first
    for t, r in enumerate(rows, start=1):
        cells = {seat: cell for seat, cell in zip(columns, r) if cell is not None}
        if not cells:
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
            texts = [section.notes.get(x) or game.notes.get(x) for x in tok.notes]
            trick.append(PlayedCard(t, seat, card, where, [m for m in tok.marks if m in "RL"], list(tok.notes),
                                    tok.comment, list(tok.nags), [x for x in texts if x]))
        tricks.append(trick)
        if len(trick) == 4:
            winner, _ = C.trick_winner([(p.seat, p.card) for p in trick], trump)
            leader = winner
    complete = len(tricks) == 13 and all(len(t) == 4 for t in tricks)
    if any("$14" in p.nags for t in tricks for p in t):
        notes.append("a card marked $14 was corrected by hand in the record")
    return tricks, complete, stop == "+"


# ---------------------------------------------------------------------------
# Board -> case
# ---------------------------------------------------------------------------

RECORD_ONLY = ("result", "result_disputed")


def auction_items(record: BoardRecord) -> list:
    """The record's calls in the case format: 'P', '2C!', 'E:1D', or {call, alert, note, seat}."""
    items = []
    for c in record.auction:
        text = "P" if c["call"] == "Pass" else c["call"]
        out_of_rotation = "out_of_rotation" in c["marks"]
        if c.get("note"):
            item: object = {"call": text, **({"alert": True} if c.get("alert") else {}), "note": c["note"],
                            **({"seat": c["seat"]} if out_of_rotation else {})}
        else:
            item = text + ("!" if c.get("alert") else "")
            if out_of_rotation:
                item = f"{c['seat']}:{item}"
        items.append(item)
    return items


def board_case_data(record: BoardRecord, case_id: str) -> dict:
    data = {"id": case_id, **{k: v for k, v in record.fields.items() if k not in RECORD_ONLY}}
    data["source"] = f"{Path(record.file).name} ({record.source_kind}, {record.label})"
    if record.kind in ("played", "deal and play") or record.tricks:
        data["play"] = [[f"{p.seat}:{p.card}" for p in trick] for trick in record.tricks]
    if record.auction and ("dealer" in record.fields or "board" in record.fields):
        data["auction"] = auction_items(record)
    elif record.kind == "passed out":
        data["auction"] = ["P"] * 4  # Contract "Pass" alone: the board was passed out
    if record.players:
        data["players"] = dict(record.players)
    if record.events:
        data["events"] = [dict(e) for e in record.events]
    elif "result" in record.fields and not record.complete and not record.fields.get("result_disputed"):
        data["result"] = record.fields["result"]  # a Result after "^" is not what the cards gave: not a result
    return data


def case_id_for(path: str, record: BoardRecord) -> str:
    stem = re.sub(r"[^a-z0-9]+", "-", Path(path).stem.lower()).strip("-") or "deal"
    label = re.sub(r"[^a-z0-9]+", "-", record.label.lower()).strip("-")
    return f"{stem}-{label}"


def _rewhere(case, record: BoardRecord):
    """Name the file location of every played card in messages about it (the record's file too, when the
    messages name another: the case or events file that points at it)."""
    from dataclasses import replace

    locations = {(p.trick, i): p.where for trick in record.tricks for i, p in enumerate(trick)}
    named = "" if str(case.path) == str(record.file) else f"{Path(record.file).name}, "
    prefix = f"{named}{record.label}, "
    case.play = [[replace(e, where=prefix + locations.get((e.trick, e.index), e.where)) for e in trick]
                 for trick in case.play]
    return case


FROM_RECORD = {"deal", "board"}


def _fixed_fields(record: BoardRecord) -> set:
    """Case fields the record gives, which a case or events file may not give again."""
    fixed = set(FROM_RECORD) | {k for k in ("dealer", "vulnerable") if k in record.fields}
    if record.kind in ("played", "passed out", "deal and play"):
        fixed |= {"play"}
    if record.kind in ("played", "passed out"):
        fixed |= {"contract", "declarer"}
    if record.auction:
        fixed.add("auction")
    return fixed


def build_case(record: BoardRecord, overlay: dict | None = None, overlay_path: str | None = None,
               case_id: str | None = None):
    """The checked Case for one board, with events and other case fields from ``overlay``."""
    base = board_case_data(record, case_id or case_id_for(record.file, record))
    if record.kind in ("hand record", "deal and play") and not (overlay and overlay.get("contract")):
        what = "the deal only" if record.kind == "hand record" else "a deal and play with no auction"
        raise record.err("contract", f"missing: this record is {what}; give contract and declarer (and the "
                                     f"auction and play) in an events file (--events) or a case file")
    if not overlay:
        try:
            plain = case_from_data(dict(base), record.file)
        except CaseError as exc:
            field_name = exc.where.split(".")[0].split("[")[0]
            raise record.err(field_name, exc.problem)
        _rewhere(plain, record)
        plain.record = record  # checked against the deal before ruling (engine.mechanics.records)
        return plain
    clash = sorted(set(overlay) & _fixed_fields(record))
    if clash:
        raise CaseError(overlay_path or record.file, clash[0],
                        f"given by {Path(record.file).name} ({record.label}); a case that points at a file "
                        f"adds events and notes, not the deal")
    if "result" in overlay and record.complete:
        raise CaseError(overlay_path or record.file, "result", "the play record is complete: the result comes from it")
    data = {**base, **{k: v for k, v in overlay.items() if k not in ("pbn", "lin", "room", "game")}}
    if record.events and overlay.get("events") is not None:
        own = [e for e in overlay["events"] if isinstance(e, dict) and e.get("kind") in ("claim", "concession")]
        data["events"] = list(overlay["events"]) if own else [dict(e) for e in record.events] + list(overlay["events"])
    if "result" in overlay and record.events:
        data["events"] = [e for e in data.get("events", []) if e not in record.events]
    case = case_from_data(data, overlay_path or record.file)
    _rewhere(case, record)
    case.raw = dict(overlay)
    case.record = record
    return case


# ---------------------------------------------------------------------------
# Choosing a board
# ---------------------------------------------------------------------------


def select(games, file: str, board: int | None, room: str | None = None, game: int | None = None):
    """The one game of ``games`` (a list, or the file's games one at a time) that ``board``, ``room`` and
    ``game`` name; only the games that match are kept while looking."""
    count, boards, unread, hits, first = 0, set(), None, [], None
    for g in games:
        count += 1
        first = first or g
        if g.board is not None:
            boards.add(g.board)
        if unread is None and g.problems:
            unread = g
        if game is not None:
            if count == game:
                if board is not None and g.board != board:
                    raise CaseError(file, "game", f"game {game} is board {g.board}, not board {board}")
                return g
        elif board is not None and g.board == board and \
                (room is None or g.tags.get("Room", "").lower() == str(room).lower()):
            hits.append(g)
    if count == 0:
        raise CaseError(file, "", "no games in the file (a PBN game starts with tag pairs such as [Deal \"...\"])")
    if game is not None:
        raise CaseError(file, "game", f"there is no game {game} (the file has {count})")
    if board is None:
        if count == 1:
            return first
        raise CaseError(file, "board", f"the file has {count} games; choose one with --board "
                                       f"(boards: {_ranges(sorted(boards))})")
    if not hits:
        what = f"board {board}" + (f" in the {room} room" if room else "")
        why = (f"; {unread.label} cannot be read: {unread.problems[0][0]}: {unread.problems[0][1]}"
               if unread is not None else "")
        raise CaseError(file, "board", f"no {what} in the file (boards: {_ranges(sorted(boards))}){why}")
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


def iter_file_games(path: str | Path, where: dict | None = None):
    """The games of a PBN file one at a time (``iter_games``); the file is read (and its size checked) first."""
    return iter_games(read_text(path), str(path), where)


def load_board(path, board=None, room=None, game=None) -> BoardRecord:
    """The record of one game of a PBN file, read one game at a time (only the games that match are kept)."""
    return board_record(select(iter_file_games(path), str(path), board, room, game))


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


def plain_text(value) -> str:
    """``value`` as PBN can hold it in a tag value or a comment: one line of printing characters.

    PBN 2.1 takes its strings from PGN: a tag value is a string of printing characters, so a line break, a tab
    or any other control character is written as a space; a lone surrogate (not a character) as U+FFFD.
    """
    text = str(value)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else
                   ("\ufffd" if unicodedata.category(ch) == "Cs" else
                    ch if unicodedata.category(ch) not in ("Cc", "Zl", "Zp") else " ") for ch in text)


def pbn_string(value) -> str:
    """``value`` as the inside of a PBN tag value (between the quotes): ``\\"`` for a quote, ``\\\\`` for a
    backslash (the only escapes of a PBN string), one line (``plain_text``); a value the reader would take for
    ``#`` or ``##`` (the previous game's value, a value kept: PBN 4.8) starts with a space, which readers strip."""
    text = plain_text(value).replace("\\", "\\\\").replace('"', '\\"')
    return " " + text if text == "#" or text.startswith("##") else text


def comment_text(value) -> str:
    """``value`` as the inside of a ``{...}`` comment: one line, braces (which would end it) as parentheses."""
    return plain_text(value).replace("}", ")").replace("{", "(")


_quote = pbn_string


KEEP_TAGS = ("Site", "Date", "Scoring", "Room", "Termination", "Stage", "Round", "Table", "HomeTeam", "VisitTeam")


def _auction_lines(view: dict, record: BoardRecord | None, notes: list) -> list:
    """The Auction section from ``auction_view``: rows of four from the dealer, ^S and ^I as read."""
    nags = {i: c.get("nags", []) for i, c in enumerate(record.auction)} if record else {}
    comments = {i: c.get("comment") for i, c in enumerate(record.auction) if c.get("comment")} if record else {}
    tokens = []
    expected = view["dealer"]
    for i, call in enumerate(view["calls"]):
        while call["seat"] != expected:
            tokens.append("^S")
            expected = C.next_seat(expected)
        text = ("^I " if "insufficient" in call["marks"] else "") + ("Pass" if call["call"] == "P" else call["call"])
        note = call["note"] or ("alerted" if call["alert"] else None)  # PBN has no alert mark: a note says it
        if note:
            notes.append(note if not call["alert"] or not call["note"] else f"alerted: {note}")
            text += f" ={len(notes)}="
        for nag in nags.get(i, []):
            text += " " + nag
        if i in comments:
            text += " {" + comment_text(comments[i]) + "}"
        tokens.append(text)
        expected = C.next_seat(call["seat"])
    rows, row, seats = [], [], 0
    for tok in tokens:
        row.append(tok)
        seats += 1
        if seats == 4:
            rows.append(" ".join(row))
            row, seats = [], 0
    if row:
        rows.append(" ".join(row))
    return rows


def write_pbn(ruling, event: str | None = None) -> str:
    """A PBN 2.1 game for a ruled case: what was read (marks, auction, notes) and the ruling."""
    from engine.input.auction import auction_view, passed_out, players_view

    case, table = ruling.case, ruling.table
    record = case.record
    read = record.tags if record is not None and record.source_kind == "PBN" else {}
    players = players_view(case) or {}
    declarer = case.declarer or ""
    if declarer and str(read.get("Declarer", "")).strip().startswith("^"):
        declarer = "^" + declarer
    view = auction_view(case)
    passed = passed_out(case)
    result = ruling.tricks_at_table if ruling.tricks_at_table is not None else ""
    if record is not None and record.fields.get("result_disputed"):
        result = f"^{record.fields['result']}"  # agreed, not what the cards give (PBN 3.4.15): kept as agreed
    tags = [
        ("Event", event or read.get("Event") or case.title or case.id), ("Site", read.get("Site", "")),
        ("Date", read.get("Date", "????.??.??")), ("Board", case.board if case.board is not None else ""),
        ("West", players.get("W", "")), ("North", players.get("N", "")), ("East", players.get("E", "")),
        ("South", players.get("S", "")),
        ("Dealer", case.dealer or ""), ("Vulnerable", case.vulnerable if case.vulnerable_known else "?"),
        ("Deal", deal_text(case.hands)), ("Scoring", read.get("Scoring", "")), ("Declarer", declarer),
        ("Contract", str(case.contract) if case.contract else ("Pass" if passed else "")),
        ("Result", result),
    ]
    out = ["% PBN 2.1", "% EXPORT", f"% written by bridge-td from case {case.id}", ""]
    out += [f'[{name} "{_quote(value)}"]' for name, value in tags]
    out += ["{" + comment_text(c) + "}" for c in (record.comments if record else [])]
    if view:
        auction_notes: list = []
        out.append(f'[Auction "{view["dealer"]}"]')
        out += _auction_lines(view, record, auction_notes)
        out += [f'[Note "{n}:{_quote(text)}"]' for n, text in enumerate(auction_notes, start=1)]
    notes: list = []
    # ^R marks a failure to follow suit; a revoke of another duty (a penalty card, a
    # lead restriction) cannot be checked against the deal and is told in the notes.
    revokes = {(c.fields["trick"], c.fields["seat"], c.fields.get("card")) for c in ruling.conclusions
               if c.kind == "revoke" and c.fields.get("duty", "follow_suit") == "follow_suit"}
    out_of_turn = {(t.number, t.effective[0][0]) for t in table.tricks  # the mechanics, whatever law rules on it
                   if t.effective and t.expected_leader and t.effective[0][0] != t.expected_leader}
    read_cards = {(p.trick, p.seat): p for t in (record.tricks if record else []) for p in t}
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
                    text = "^L " + text
                if (t.number, seat, play.card) in revokes:  # the revoke card stayed in the trick
                    text = "^R " + text
                    notes.append(" ".join(f"{c.text} [{c.law}]" for c in ruling_lines
                                          if c.fields.get("trick") == t.number and c.fields.get("seat") == seat
                                          and c.kind != "equity_review"))
                    text += f" ={len(notes)}="
                replaced = [p for p in t.plays if p.seat == seat and p.replaced_by is not None
                            and p.replaced_by.applied]
                if replaced:
                    what = " (a revoke)" if (t.number, seat, replaced[0].card) in revokes else ""
                    notes.append(f"{C.SEAT_NAMES[seat]} first played {C.card_short(replaced[0].card)}{what} to this "
                                 f"trick and replaced it with {C.card_short(play.card)}")
                    text += f" ={len(notes)}="
                source = read_cards.get((t.number, seat))
                if source is not None and source.card == play.card:
                    for said in source.note_texts:  # the record's own notes on the card
                        notes.append(said)
                        text += f" ={len(notes)}="
                    text += "".join(" " + nag for nag in source.nags)
                    if source.comment:
                        text += " {" + comment_text(source.comment) + "}"
                row.append(text)
            out.append(" ".join(row))
        if len(table.tricks) < 13 or not table.tricks[-1].complete:
            out.append("*")
    loose = list(record.loose_notes) if record is not None else []
    if table.tricks:
        notes += loose  # numbered after the Play section's notes, referred to by no card: as read
    elif view:
        first = len(auction_notes) + 1
        out += [f'[Note "{n}:{_quote(text)}"]' for n, text in enumerate(loose, start=first)]
    else:
        out += [f'[Note "{n}:{_quote(text)}"]' for n, text in enumerate(loose, start=1)]
    for n, text in enumerate(notes, start=1):
        out.append(f'[Note "{n}:{_quote(text)}"]')
    if ruling.score:
        side = "NS" if "NS" in ruling.score else "EW"
        out.append(f'[Score "{side} {ruling.score[side]}"]')
    for name in KEEP_TAGS[2:]:
        if name not in ("Scoring",) and read.get(name, "").strip():
            out.append(f'[{name} "{_quote(read[name])}"]')
    summary = [f"Ruling ({case.edition} Laws, bridge-td):"]
    for c in ruling_lines:
        if c.kind == "equity_review":
            summary.append(f"For the director: {c.fields['question']} [{c.law}]")
        elif not any(c.text in n for n in notes):
            summary.append(f"{c.text} [{c.law}]")
    if ruling.declarer_tricks is not None:
        summary.append(f"Declarer's tricks: {ruling.tricks_at_table} at the table, {ruling.declarer_tricks} after "
                       f"rectification (the adjusted result).")
    if ruling.score:
        summary.append("Score: " + ", ".join(f"{k} {v:+d}" for k, v in ruling.score.items()) + ".")
    for n in (record.reader_notes if record else []):
        summary.append(f"Read from the file: {n}.")
    if str(case.raw.get("notes") or "").strip():
        summary.append(f"Notes of the case: {str(case.raw['notes']).strip()}")
    if case.events:
        summary.append("Events: " + "; ".join(f"{e.at} {e.kind} " + " ".join(f"{k}={v}" for k, v in e.fields.items())
                                              for e in case.events))
    out.append("{" + "\n".join(comment_text(s) for s in summary) + "}")
    out.append("")
    return "\n".join(out)


def deal_text(hands: dict) -> str:
    parts = []
    for seat in C.SEATS:
        cards = C.sort_cards(hands[seat])
        parts.append(".".join("".join(c[1] for c in cards if c[0] == suit) for suit in C.SUITS))
    return "N:" + " ".join(parts)
