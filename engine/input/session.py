"""A whole session's results as the scoring programs publish them, for ``cli.py score`` (Laws 12C, 78).

Read:

* PBN with score tables (PBN 2.1, 5.3: ``[ScoreTable "..."]`` after each
  board, ``[TotalScoreTable "..."]`` once): Magic Contest, Ruter, JFR and
  other programs.  The PBN reader (``engine/input/pbn.py``) reads the games
  one at a time and keeps each table's rows as written; this module splits
  the header (``Name\\widthAlign`` columns separated by ``;``) and the rows
  (values separated by spaces, ``"..."`` a string, ``-`` nothing).
* USEBIO 1.2 XML (the EBU's interchange format: EBUScore, PairsScorer,
  Pianola, RealBridge): ``EVENT`` > (``SESSION`` > ``SECTION`` >) ``BOARD`` >
  ``TRAVELLER_LINE`` and ``PARTICIPANTS`` > ``PAIR``.  It is read with
  defusedxml (no entity expansion, no external entity or DTD fetched) and
  streamed (``iterparse``, each traveller line dropped once read), after a
  check of its size.

Every result keeps what the file published beside it (matchpoints,
percentages, IMPs, totals, ranks) so that the scoring can be checked against
it, and where it was written (a PBN line and the value's column, a USEBIO
element) so that a rescored session is written back in its own format with
every other field as it was (``write_session``).

A result is a score (North-South's; East-West's the negative unless the file
gives both, as an assigned adjusted score may), a contract result scored by
Law 77, or an artificial adjusted score (12C1) written as the programs write
it: ``A+`` / ``A`` / ``A-`` (60, 50, 40 %), ``A60`` / ``A50`` / ``A40`` (the
NS side's percentage, EW's its complement when that is 40, 50 or 60),
``A6040`` / ``A5050`` / ``A4060`` / ``A6060`` (both sides'), ``60/40`` or
``60%-40%``.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from engine.input.caseio import (BOARD_VULNERABILITY, MAX_RECORD_BYTES, VULNERABLE, CaseError, read_bytes)
from engine.notation import cards as C
from engine.notation.scoring import duplicate_score

MAX_SESSION_RESULTS = 200_000  # results in one file (a season of a big club is about 20,000)
MAX_RULINGS = 100  # ruling files given at once

# ---------------------------------------------------------------------------
# The model
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class Result:
    """One table's result on one board, with what the file published for it."""

    board: int
    ns: str
    ew: str
    ns_score: int | None = None
    ew_score: int | None = None
    ns_percent: int | None = None  # artificial adjusted score (12C1)
    ew_percent: int | None = None
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    count: int = 1  # a frequency table (PBN Multiplicity): this many tables had the result
    where: str = ""
    published: dict = None  # mp_ns, mp_ew, pct_ns, pct_ew, imp_ns, imp_ew (None: nothing published)
    ref: object = None  # where to write it back (format's own)
    ruled: str = ""  # the ruling that put this result in place
    named: bool = True  # the pairs are named (a frequency table's rows are not)
    section: str = ""  # a USEBIO SECTION_ID

    @property
    def artificial(self) -> bool:
        return self.ns_percent is not None or self.ew_percent is not None

    def text(self) -> str:
        if self.artificial:
            return f"adjusted {self.ns_percent}%/{self.ew_percent}%" if self.ns_percent is not None and \
                self.ew_percent is not None else f"adjusted {self.ns_percent or self.ew_percent}%"
        bits = []
        if self.contract:
            bits.append(f"{self.contract} {self.declarer}".strip() + (f" {self.tricks}" if self.tricks is not None
                                                                       else ""))
        score = f"NS {self.ns_score:+d}" if self.ns_score is not None else ""
        if self.ew_score is not None and self.ns_score is not None and self.ew_score != -self.ns_score:
            score += f", EW {self.ew_score:+d}"
        return " ".join(bits + [score]).strip()


@dataclass
class Pair:
    id: str
    names: str = ""
    direction: str = ""  # NS or EW when the pair sits one way all session (a Mitchell)
    published: dict = field(default_factory=dict)  # rank, total, percent
    ref: object = None
    section: str = ""


@dataclass
class Session:
    path: str
    fmt: str  # pbn, usebio, results (one board's YAML/CSV)
    method: str | None = None  # the file's own scoring method, when it says
    title: str = ""
    boards: dict = field(default_factory=dict)  # board number -> [Result]
    pairs: dict = field(default_factory=dict)  # pair id -> Pair
    vulnerable: dict = field(default_factory=dict)  # board -> None / NS / EW / All
    mitchell: bool = False  # pairs keep one direction: NS and EW are ranked apart
    notes: list = field(default_factory=list)
    source: object = None  # the format's own handle for writing back
    byes: list = field(default_factory=list)  # (board, pair id, NS or EW): a pair that sat out the board

    def results(self):
        for board in sorted(self.boards):
            yield from self.boards[board]

    def vulnerability(self, board: int) -> str:
        return self.vulnerable.get(board) or BOARD_VULNERABILITY[(board - 1) % 16]


class SessionError(CaseError):
    pass


# ---------------------------------------------------------------------------
# Values as the programs write them
# ---------------------------------------------------------------------------

_ART = {"A+": (60, 40), "A": (50, 50), "A=": (50, 50), "A-": (40, 60), "AVE+": (60, 40), "AVE": (50, 50),
        "AVE-": (40, 60), "AV+": (60, 40), "AV": (50, 50), "AV-": (40, 60), "AVG+": (60, 40), "AVG": (50, 50),
        "AVG-": (40, 60), "A+A+": (60, 60), "A-A-": (40, 40)}


def _percent(n: int, text: str) -> int:
    if n not in (40, 50) and not 60 <= n <= 100:
        raise ValueError(f"{text!r}: {n}% is not an artificial adjusted score (12C1 gives 40, 50 or at least 60)")
    return n


def parse_artificial(text: str) -> tuple[int, int] | None:
    """(NS %, EW %) of an artificial adjusted score as written, or None when ``text`` is not one."""
    t = text.strip().upper().replace(" ", "")
    if t in _ART:
        return _ART[t]
    m = re.fullmatch(r"A?(\d{2,3})%?[/\-:](\d{2,3})%?", t)
    if m:
        return _percent(int(m.group(1)), text), _percent(int(m.group(2)), text)
    m = re.fullmatch(r"A(\d{2})(\d{2})", t)
    if m:
        return _percent(int(m.group(1)), text), _percent(int(m.group(2)), text)
    m = re.fullmatch(r"A(\d{2})%?", t)
    if m:
        ns = _percent(int(m.group(1)), text)
        return ns, 100 - ns if ns in (40, 50, 60) else 40
    return None


def _published(text: str):
    """A figure the file publishes (only compared with ours): a number, a place such as '3=' or '3-4' (its
    first number), or None when it is none of these (it is then not compared, never an error)."""
    t = text.strip().rstrip("=%").replace(",", ".")
    m = re.fullmatch(r"([+-]?\d+(?:\.\d+)?)(?:\s*-\s*\d+)?", t)
    if not m:
        return None
    return _number(m.group(1))


def _number(text: str):
    t = text.strip().replace(",", ".")
    if t in ("", "-"):
        return None
    try:
        value = float(t)
    except ValueError:
        raise ValueError(f"{text!r} is not a number")
    return int(value) if value == int(value) and "." not in t else value


def _score(text: str) -> int | None:
    t = text.strip()
    if t in ("", "-"):
        return None
    if not re.fullmatch(r"[+-]?\d{1,5}", t):
        raise ValueError(f"{text!r} is not a bridge score")
    value = int(t)
    if value % 10:
        raise ValueError(f"{text!r} is not a bridge score (a multiple of 10)")
    return value


def contract_text(text: str) -> str:
    """A contract as the programs write it (``4S``, ``3NTX``, ``2N``, ``Pass``), in our notation ('' when none)."""
    t = text.strip().upper().replace(" ", "").replace("*", "X")
    if t in ("", "-"):
        return ""
    if t in ("PASS", "P", "AP", "PASSED", "PO"):
        return "Pass"
    m = re.fullmatch(r"([1-7])(NT|N|S|H|D|C)(XX|X)?", t)
    if not m:
        raise ValueError(f"{text!r} is not a contract")
    return m.group(1) + ("NT" if m.group(2) in ("N", "NT") else m.group(2)) + (m.group(3) or "")


def scored(contract: str, declarer: str, tricks, vulnerable: str) -> int:
    """North-South's score for a contract result (Law 77; ``Pass``: 0)."""
    if contract == "Pass":
        return 0
    seat = C.parse_seat(declarer)
    if tricks is None or not 0 <= tricks <= 13:
        raise ValueError(f"{tricks!r} is not a number of tricks (0 to 13)")
    return duplicate_score(C.parse_contract(contract), seat, vulnerable, tricks)["NS"]


def _tricks(text: str, contract: str):
    """Tricks from a Result value: a number of tricks, or '=', '+1', '-2' against the contract."""
    t = text.strip()
    if t in ("", "-"):
        return None
    if re.fullmatch(r"\d{1,2}", t):
        return int(t)
    m = re.fullmatch(r"([=+-])(\d?)", t)
    if m and contract and contract != "Pass":
        level = int(contract[0]) + 6
        if m.group(1) == "=":
            return level
        return level + int(m.group(2) or 0) * (1 if m.group(1) == "+" else -1)
    raise ValueError(f"{text!r} is not a number of tricks")


# ---------------------------------------------------------------------------
# PBN score tables
# ---------------------------------------------------------------------------

_COLUMN = re.compile(r"^([+-]?)([A-Za-z_0-9]+)(?:\\(\d+)([LR]?))?$")
_VALUE = re.compile(r'"(?:[^"\\]|\\.)*"|[^\s"]+')


@dataclass
class Column:
    name: str
    width: int | None
    align: str  # L or R


def table_columns(header: str, file: str, where: str) -> list[Column]:
    out = []
    for part in header.split(";"):
        part = part.strip()
        if not part:
            continue
        m = _COLUMN.match(part)
        if not m:
            raise SessionError(file, where, f"{part!r} is not a table column (Name, or Name\\width with L or R)")
        out.append(Column(m.group(2), int(m.group(3)) if m.group(3) else None, m.group(4) or "R"))
    if not out:
        raise SessionError(file, where, "the table names no columns")
    return out


def table_row(text: str):
    """The values of a row: (value, start, end, quoted), a string's quotes taken off."""
    out = []
    for m in _VALUE.finditer(text):
        raw = m.group(0)
        quoted = raw.startswith('"')
        value = raw[1:-1].replace('\\"', '"').replace("\\\\", "\\") if quoted else raw
        out.append((value, m.start(), m.end(), quoted))
    return out


def _col(values: dict, *names):
    for name in names:
        if name in values and values[name] not in ("", "-"):
            return values[name]
    return None


def _read_pbn(path: Path, text: str, progress=None) -> Session:
    from engine.input.pbn import iter_games, read_text  # noqa: F401

    file = str(path)
    session = Session(file, "pbn", source={"text": text})
    where: dict = {}
    seen_table = False
    for game in iter_games(text, file, where):
        if progress:
            progress(where.get("pos", 0), where.get("size", 1))
        if game.problems:
            w, problem = game.problems[0]
            raise SessionError(file, f"{game.label}, {w}", problem)
        if not session.title and game.tags.get("Event"):
            session.title = game.tags["Event"]
        scoring = game.tags.get("Scoring", "")
        if scoring and session.method is None:
            session.method = _pbn_method(scoring)
        total = game.sections.get("TotalScoreTable")
        if total is not None and not session.pairs:
            _pbn_totals(session, game, total)
        table = game.sections.get("ScoreTable")
        if table is None:
            continue
        seen_table = True
        board = game.board
        if board is None:
            raise SessionError(file, f"{game.label}", "a ScoreTable needs the game's Board tag")
        vul = game.tags.get("Vulnerable", "").strip().upper()
        if vul:
            if vul not in VULNERABLE:
                raise SessionError(file, f"board {board}, Vulnerable", f"{game.tags['Vulnerable']!r} is not a "
                                                                       f"vulnerability")
            session.vulnerable[board] = VULNERABLE[vul]
        if board in session.boards:
            raise SessionError(file, f"{game.label}, ScoreTable (line {table.line})",
                               f"board {board} already has a score table (one table a board in a session)")
        columns = table_columns(table.value, file, f"board {board}, ScoreTable (line {table.line})")
        names = [c.name for c in columns]
        session.source.setdefault("columns", {})[board] = columns
        rows = session.boards.setdefault(board, [])
        for line, row, offset in table.rows:
            w = f"board {board}, ScoreTable line {line}"
            values = table_row(row)
            if len(values) != len(columns):
                raise SessionError(file, w, f"{len(values)} values for the {len(columns)} columns "
                                            f"{';'.join(names)}")
            vmap = {c.name: v[0] for c, v in zip(columns, values)}
            if any((_col(vmap, k) or "").strip().upper() in SAT_OUT for k in ("Score_NS", "Score_EW", "Contract")):
                ns_id, ew_id = _col(vmap, "PairId_NS"), _col(vmap, "PairId_EW")
                pid = ns_id or ew_id or "?"
                if pid != "?":
                    session.byes.append((board, str(pid), "NS" if ns_id else "EW"))
                session.notes.append(f"{w}: pair {pid} sat out (a bye): no result, not scored on the board")
                continue
            if any((_col(vmap, k) or "").strip().upper() == "PEN" for k in ("Score_NS", "Score_EW")):
                session.notes.append(f"{w}: a procedural penalty row (Ruter's 'Pen'), not a result: not scored, "
                                     f"and the points it gives are not in our totals")
                continue
            if (_col(vmap, "Contract") or "").upper() in NOT_PLAYED or \
                    all(vmap.get(k) in (None, "", "-") for k in ("Contract", "Score_NS", "Score_EW")):
                session.notes.append(f"{w}: not played at that table (the board is scored with one result fewer)")
                continue
            try:
                result = _pbn_result(board, vmap, session, len(rows) + 1)
            except ValueError as exc:
                raise SessionError(file, w, str(exc))
            result.where = w
            result.ref = (line, offset)  # the row is split again to be written back: nothing more is kept

            rows.append(result)
            _check_total(session, file, w)
    if not seen_table:
        raise SessionError(file, "", "no ScoreTable in this PBN file: score reads a session's score tables "
                                     "(PBN 5.3); to rule on one board of a PBN file, use rule FILE --board N")
    _settle(session)
    return session




def _check_total(session: Session, file: str, where: str) -> None:
    n = sum(len(v) for v in session.boards.values())
    if n > MAX_SESSION_RESULTS:
        raise SessionError(file, where, f"more than {MAX_SESSION_RESULTS:,} results in one file")


def _pbn_method(scoring: str) -> str | None:
    s = scoring.upper()
    if "BUTLER" in s:
        return "butler"
    if "CROSS" in s or "XIMP" in s:
        return "cross_imps"
    if "IMP" in s:
        return "imps"
    if "MP" in s or "MATCHPOINT" in s:
        return "matchpoints"
    if "TOTAL" in s or "AGGREGATE" in s:
        return "total_points"
    return None


def _pbn_result(board: int, v: dict, session: Session, row: int) -> Result:
    ns = _col(v, "PairId_NS", "PairNumber_NS", "Pair_NS") or f"row {row} NS"
    ew = _col(v, "PairId_EW", "PairNumber_EW", "Pair_EW") or f"row {row} EW"
    count = 1
    if _col(v, "Multiplicity"):
        count = int(_number(v["Multiplicity"]))
        if count < 1:
            raise ValueError(f"Multiplicity {v['Multiplicity']!r} is not a count of tables")
    r = Result(board, str(ns), str(ew), count=count,
               named=_col(v, "PairId_NS", "PairNumber_NS", "Pair_NS", "PairId_EW", "PairNumber_EW") is not None)
    contract = _col(v, "Contract") or ""
    score_ns, score_ew = _col(v, "Score_NS"), _col(v, "Score_EW")
    def art_of(text):
        return parse_artificial(text) if text and not re.fullmatch(r"[+-]?\d+", text.strip()) else None

    side_ns, side_ew = art_of(score_ns or ""), art_of(score_ew or "")
    for text in (contract, score_ns or "", score_ew or ""):
        art = art_of(text)
        if art and (text is not contract or not re.fullmatch(r"[1-7].*", text.strip())):
            if text is not contract and side_ns and side_ew:
                # each side's column gives that side's score (Ruter: "A+" "A+", both sides 60 %)
                art = (side_ns[0], side_ew[0])
            elif text is not contract and side_ew and not side_ns:
                art = (side_ew[1], side_ew[0])  # EW's column: EW's percentage first as written
            r.ns_percent, r.ew_percent = art
            r.contract = text.strip() if text is contract or not (side_ns and side_ew) else \
                f"{score_ns.strip()}/{score_ew.strip()}"
            break
    else:
        r.contract = contract_text(contract) if contract else ""
        r.declarer = (_col(v, "Declarer") or "").strip().upper()[:1]
        r.tricks = _tricks(_col(v, "Result") or "", r.contract) if r.contract else None
        if score_ns is not None or score_ew is not None:
            a, b = _score(score_ns or ""), _score(score_ew or "")
            if a is not None and b is not None:
                r.ns_score, r.ew_score = a - b, b - a  # both written: NS's is the one side's minus the other's
            elif a is not None:
                r.ns_score, r.ew_score = a, -a
            else:
                r.ns_score, r.ew_score = -b, b
        elif r.contract:
            r.ns_score = scored(r.contract, r.declarer, r.tricks, session.vulnerability(board))
            r.ew_score = -r.ns_score
        else:
            raise ValueError("no score, contract or adjusted score")
    pub = {}
    for key, names in (("mp_ns", ("MP_NS", "MatchPoints_NS")), ("mp_ew", ("MP_EW", "MatchPoints_EW")),
                       ("pct_ns", ("Percentage_NS",)), ("pct_ew", ("Percentage_EW",)),
                       ("imp_ns", ("IMP_NS", "IMPs_NS")), ("imp_ew", ("IMP_EW", "IMPs_EW"))):
        value = _col(v, *names)
        if value is not None:
            pub[key] = _published(value)
    r.published = {k: v for k, v in pub.items() if v is not None} or None
    return r


def _pbn_totals(session: Session, game, section) -> None:
    file = session.path
    columns = table_columns(section.value, file, f"{game.label}, TotalScoreTable (line {section.line})")
    for line, row, offset in section.rows:
        values = table_row(row)
        w = f"TotalScoreTable line {line}"
        if len(values) != len(columns):
            raise SessionError(file, w, f"{len(values)} values for the {len(columns)} columns")
        v = {c.name: x[0] for c, x in zip(columns, values)}
        pid = _col(v, "PairId", "PairNumber", "TeamId")
        if pid is None:
            raise SessionError(file, w, "no PairId")
        direction = (_col(v, "Direction") or "").upper().replace("-", "")
        pub = {}
        try:
            for key, names in (("rank", ("Rank",)), ("total", ("TotalScoreMP", "MP", "TotalMP", "TotalScoreIMP",
                                                                "TotalIMP", "IMP", "TotalScore")),
                               ("percent", ("TotalPercentage", "Percentage")), ("boards", ("NrBoards",))):
                value = _col(v, *names)
                if value is not None:
                    pub[key] = _published(value)
        except ValueError as exc:
            raise SessionError(file, w, str(exc))
        pub = {k: v for k, v in pub.items() if v is not None}
        key = pid if direction not in ("NS", "EW") else f"{pid} {direction}"
        session.pairs[key] = Pair(pid, (_col(v, "Names") or "").replace(";", " & ").strip(),
                                  direction if direction in ("NS", "EW") else "", pub,
                                  {"line": line, "offset": offset,
                                   "spans": {c.name: x[1:] for c, x in zip(columns, values)}, "columns": columns})


# ---------------------------------------------------------------------------
# USEBIO XML
# ---------------------------------------------------------------------------

USEBIO_METHODS = {"MATCH_POINTS": "matchpoints", "MP_PAIRS": "matchpoints", "BUTLER_IMPS": "butler",
                  "BUTLER": "butler", "BUTLER_PAIRS": "butler", "CROSS_IMPS": "cross_imps", "CROSS_IMP": "cross_imps",
                  "IMPS": "imps", "AGGREGATE": "total_points", "TOTAL_POINTS": "total_points", "PAB": "bam",
                  "BAM": "bam"}
NOT_PLAYED = ("NP", "NOT PLAYED", "NOTPLAYED", "N/P")
USEBIO_TEAMS = ("a USEBIO teams event (MATCH, TEAM) is not read: no USEBIO 1.2 definition of its elements, and no "
                "published teams file, was at hand to check the reading against; a teams match is read from a PBN "
                "file with score tables (PairId_NS and PairId_EW naming the teams)")
SAT_OUT = ("BYE", "SITOUT", "SIT OUT")  # Ruter writes a sitting-out pair's row with "Bye" for both scores


def _xml_text(el, name):
    child = el.find(name)
    return (child.text or "").strip() if child is not None and child.text else None


def _read_usebio(path: Path, data: bytes, progress=None) -> Session:
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import iterparse
    from xml.etree.ElementTree import ParseError

    file = str(path)
    session = Session(file, "usebio", source={"data": data})
    board_no = None
    line_no = index = 0  # the line on its board; the line in the file
    section = ""
    sections = set()
    stack, elements = [], []
    try:
        buffer = io.BytesIO(data)
        for event, el in iterparse(buffer, events=("start", "end")):
            if event == "start":
                stack.append(el.tag)
                elements.append(el)
                if el.tag == "BOARD":
                    board_no, line_no = None, 0
                elif el.tag == "SECTION":
                    section = (el.get("SECTION_ID") or "").strip()
                    sections.add(section)
                elif el.tag == "MATCH" or (el.tag == "TEAM" and "PARTICIPANTS" in stack):
                    raise SessionError(file, f"{el.tag} element", USEBIO_TEAMS)
                continue
            stack.pop()
            elements.pop()
            tag = el.tag
            if tag == "BOARD" and elements:
                elements[-1].remove(el)  # streamed: a board read is dropped from the tree
                continue
            if tag == "BOARD_SCORING_METHOD" and session.method is None:
                session.method = USEBIO_METHODS.get((el.text or "").strip().upper())
            elif tag == "EVENT_DESCRIPTION" and not session.title:
                session.title = (el.text or "").strip()
            elif tag == "BOARD_NUMBER" and stack and stack[-1] == "BOARD":
                try:
                    board_no = int((el.text or "").strip())
                except ValueError:
                    raise SessionError(file, "BOARD_NUMBER", f"{el.text!r} is not a board number")
            elif tag == "TRAVELLER_LINE":
                line_no += 1
                index += 1
                w = f"board {board_no}, TRAVELLER_LINE {line_no}" + (f" (section {section})" if section else "")
                if board_no is None:
                    raise SessionError(file, f"TRAVELLER_LINE {line_no}", "a traveller line before its BOARD_NUMBER")
                try:
                    r = _usebio_result(board_no, el, session)
                except ValueError as exc:
                    raise SessionError(file, w, str(exc))
                r.where = w
                r.ref = index
                r.section = section
                if r.contract in NOT_PLAYED:
                    session.notes.append(f"{w}: not played at that table (the board is scored with one result "
                                         f"fewer)")
                    el.clear()
                    continue
                session.boards.setdefault(board_no, []).append(r)
                _check_total(session, file, w)
                el.clear()  # streamed: the line is read, its element is dropped
                if progress and line_no % 50 == 0:
                    progress(buffer.tell(), len(data))  # the bytes the parser has taken
            elif tag == "PAIR" and "PARTICIPANTS" in stack:
                pid = _xml_text(el, "PAIR_NUMBER")
                if pid is None:
                    raise SessionError(file, "PARTICIPANTS", "a PAIR without its PAIR_NUMBER")
                direction = (_xml_text(el, "DIRECTION") or "").upper().replace("-", "").replace("/", "")
                direction = {"N": "NS", "E": "EW"}.get(direction, direction)
                names = " & ".join(p.findtext("PLAYER_NAME", "").strip() for p in el.findall("PLAYER"))
                pub = {}
                try:
                    for key, name in (("rank", "PLACE"), ("total", "TOTAL_SCORE"), ("percent", "PERCENTAGE")):
                        value = _xml_text(el, name)
                        if value is not None:
                            pub[key] = _published(value)
                except ValueError as exc:
                    raise SessionError(file, f"PAIR {pid}", str(exc))
                pub = {k: v for k, v in pub.items() if v is not None}
                key = pid if direction not in ("NS", "EW") else f"{pid} {direction}"
                session.pairs[key + "\0" + section] = Pair(pid, names, direction if direction in ("NS", "EW") else "",
                                                           pub, key, section)
                el.clear()
    except DefusedXmlException as exc:
        raise SessionError(file, "", f"refused: the XML has {type(exc).__name__} (entities and external "
                                     f"references are not read)")
    except ParseError as exc:
        raise SessionError(file, f"line {exc.position[0]}", f"malformed XML ({exc})")
    if not session.boards:
        raise SessionError(file, "", "no BOARD with a TRAVELLER_LINE: not a USEBIO results file")
    several = len(sections - {""}) > 1  # pair numbers start again in each section: the section is named
    pairs = {}
    for key, pair in session.pairs.items():
        key = key.split("\0")[0]
        if several:
            pair.id = pair.section + pair.id
            key = pair.section + key
        pair.ref = key
        pairs[key] = pair
    session.pairs = pairs
    _infer_artificial(session)
    if several:
        for r in session.results():
            r.ns, r.ew = r.section + r.ns, r.section + r.ew
        session.notes.append(f"{len(sections)} sections: a pair is named by its section and number (A1); the "
                             f"boards are scored across the field")
    _settle(session)
    return session


def _usebio_result(board: int, el, session: Session) -> Result:
    ns, ew = _xml_text(el, "NS_PAIR_NUMBER"), _xml_text(el, "EW_PAIR_NUMBER")
    if ns is None or ew is None:
        raise ValueError("NS_PAIR_NUMBER and EW_PAIR_NUMBER are needed")
    r = Result(board, ns, ew)
    score = _xml_text(el, "SCORE") or ""
    contract = _xml_text(el, "CONTRACT") or ""
    marker = _xml_text(el, "ARTIFICIAL_SCORE") or ""
    if marker:  # an adjusted line written with a marker (and SCORE 0): its percentages given or published
        art = parse_artificial(marker)
        if art is None and score and not re.fullmatch(r"[+-]?\d+", score):
            art = parse_artificial(score)
        pcts = (_xml_text(el, "NS_PERCENTAGE"), _xml_text(el, "EW_PERCENTAGE"))
        if art is None and all(pcts):
            art = (int(round(float(pcts[0]))), int(round(float(pcts[1]))))
        r.contract = marker
        if art is None:
            r.ns_percent = r.ew_percent = 0  # worked out from the published figures once the board is read
            r.declarer = "?"
        else:
            r.ns_percent, r.ew_percent = art
        _usebio_published(el, r)
        return r
    if contract.upper() in NOT_PLAYED or score.upper() in NOT_PLAYED or (not contract and not score):
        r.contract = "NP"
        return r
    art = None
    for text in (score, contract):
        if text and not re.fullmatch(r"[+-]?\d+", text) and not re.fullmatch(r"[1-7].*", text):
            art = parse_artificial(text)
            if art:
                break
    if art:
        r.ns_percent, r.ew_percent = art
        r.contract = contract or score
    else:
        r.contract = contract_text(contract) if contract else ""
        r.declarer = (_xml_text(el, "PLAYED_BY") or "").upper()[:1]
        tricks = _xml_text(el, "TRICKS")
        r.tricks = int(tricks) if tricks and tricks.isdigit() else None
        if score:
            r.ns_score = _score(score)
            r.ew_score = -r.ns_score
        elif r.contract:
            r.ns_score = scored(r.contract, r.declarer, r.tricks, session.vulnerability(board))
            r.ew_score = -r.ns_score
        else:
            raise ValueError("no SCORE, CONTRACT or adjusted score")
    _usebio_published(el, r)
    return r


def _usebio_published(el, r: Result) -> None:
    pub = {}
    for key, name in (("mp_ns", "NS_MATCH_POINTS"), ("mp_ew", "EW_MATCH_POINTS"), ("imp_ns", "NS_IMPS"),
                      ("imp_ew", "EW_IMPS"), ("pct_ns", "NS_PERCENTAGE"), ("pct_ew", "EW_PERCENTAGE")):
        value = _xml_text(el, name)
        if value is not None:
            pub[key] = _published(value)
    r.published = {k: v for k, v in pub.items() if v is not None} or None


def _snap(pct: float, unit: float) -> int:
    """A percentage worked out from published figures: 40, 50 or 60 when within the figures' rounding."""
    nearest = min((40, 50, 60), key=lambda standard: abs(pct - standard))
    return nearest if abs(pct - nearest) <= unit + 1e-9 else int(round(pct))


def _infer_artificial(session: Session) -> None:
    """An adjusted line that gives no percentages (a marker, SCORE 0): its percentages from the matchpoints
    or IMPs the file publishes for it (12C1: a percentage of the top; commentary 12.19(iii): +3, 0, -3)."""
    for board, rows in session.boards.items():
        top = 2 * (sum(r.count for r in rows) - 1)
        for r in rows:
            if not (r.ns_percent == 0 and r.ew_percent == 0 and r.declarer == "?"):
                continue
            pub = r.published or {}
            if "mp_ns" in pub and "mp_ew" in pub and top:
                scale = 2 if pub["mp_ns"] + pub["mp_ew"] <= top / 2 + 1e-9 else 1  # a file that gives 1 a score beaten
                unit = 50 * scale / top  # half a matchpoint: the figures may be rounded to whole ones
                r.ns_percent = _snap(100 * pub["mp_ns"] * scale / top, unit)
                r.ew_percent = _snap(100 * pub["mp_ew"] * scale / top, unit)
            elif "imp_ns" in pub and "imp_ew" in pub:
                by_imps = {3: 60, 0: 50, -3: 40}
                r.ns_percent, r.ew_percent = by_imps.get(round(pub["imp_ns"]), 50), by_imps.get(round(pub["imp_ew"]), 50)
            else:
                raise SessionError(session.path, r.where, "an adjusted score whose percentages the file does not "
                                                          "give (no NS_PERCENTAGE, no published matchpoints or IMPs)")
            r.declarer = ""
            session.notes.append(f"{r.where}: the adjusted score's percentages, {r.ns_percent}/{r.ew_percent}, "
                                 f"are worked out from the figures the file publishes for it")


# ---------------------------------------------------------------------------
# One board's YAML or CSV (the score command's first input), as a session of one board
# ---------------------------------------------------------------------------


def _read_board_file(path: Path) -> Session:
    from engine.input.results import load_results

    session = Session(str(path), "results")
    rows = session.boards.setdefault(1, [])
    for t in load_results(path):
        rows.append(Result(1, t.ns, t.ew, t.ns_score, t.ew_score, t.ns_percent, t.ew_percent,
                           where=f"table {t.row}"))
    _settle(session)
    return session


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


def session_format(path: str | Path, head: bytes) -> str:
    suffix = Path(path).suffix.lower()
    if suffix == ".xml" or head.lstrip().startswith(b"<"):
        return "usebio"
    if suffix == ".pbn":
        return "pbn"
    start = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if suffix not in (".yaml", ".yml", ".csv") and (start.startswith(b"[") or start.startswith(b"%") and not start.startswith(b"%YAML")):
        return "pbn"  # a PBN export saved without its suffix (Ruter's own file names have none)
    return "results"


def load_session(path: str | Path, progress=None) -> Session:
    """A session from a USEBIO XML file, a PBN file with score tables, or one board's YAML/CSV."""
    path = Path(path)
    data = read_bytes(path, "a results file", MAX_RECORD_BYTES)
    fmt = session_format(path, data[:200])
    if fmt == "usebio":
        return _read_usebio(path, data, progress)
    if fmt == "pbn":
        try:
            text = data.decode("utf-8-sig")
            encoding = "utf-8-sig" if data.startswith(b"\xef\xbb\xbf") else "utf-8"
        except UnicodeDecodeError:
            text = data.decode("latin-1")  # PBN before 2.1 is ISO 8859-1 (Ruter still writes it)
            encoding = "latin-1"
        session = _read_pbn(path, text, progress)
        session.source["encoding"] = encoding  # written back in the file's own encoding
        return session
    return _read_board_file(path)


def _settle(session: Session) -> None:
    """Pairs from the travellers; a Mitchell (pairs sit one way) when a pair number meets itself."""
    named = [r for r in session.results() if r.named]
    both_ways = {r.ns for r in named} & {r.ew for r in named}
    mitchell = any(r.ns == r.ew for r in named) or \
        (any(p.direction for p in session.pairs.values()) and not both_ways)
    if not mitchell and any(p.direction for p in session.pairs.values()):
        # the file names a direction for each pair (Ruter's Direction: where the pair started), but the pairs
        # sit both ways on the travellers (a Howell): a pair is its number alone
        session.pairs = {p.id: Pair(p.id, p.names, "", p.published, p.ref, p.section)
                         for k, p in session.pairs.items()}
        session.notes.append("the pairs sit both ways on the travellers (a Howell): the direction the file gives "
                             "each pair is where it started, and the pairs are ranked together")
    session.mitchell = mitchell
    for r in session.results():
        if not r.named:
            continue
        for pid, direction in ((r.ns, "NS"), (r.ew, "EW")):
            key = pair_key(session, pid, direction)
            if key not in session.pairs:
                session.pairs[key] = Pair(pid, direction=direction if mitchell else "")


def pair_key(session: Session, pid: str, direction: str) -> str:
    return f"{pid} {direction}" if session.mitchell else pid


# ---------------------------------------------------------------------------
# Rulings
# ---------------------------------------------------------------------------


@dataclass
class Ruling:
    path: str
    board: int
    ns: str
    ew: str
    ns_score: int | None = None
    ew_score: int | None = None
    ns_percent: int | None = None
    ew_percent: int | None = None
    contract: str = ""
    declarer: str = ""
    tricks: int | None = None
    law: str = ""
    text: str = ""


RULING_FIELDS = ("board", "ns", "ew", "score", "ew_score", "result", "ns_percent", "ew_percent", "case", "ruling",
                 "law", "note")


def load_ruling(path: str | Path, rule=None) -> Ruling:
    """A ruling to put in place: board, ns, ew, and the result or adjusted score (or the case or ruling JSON
    whose adjusted score it is).  ``rule``, given by the command, rules a case file and returns its ruling's
    JSON (the engine's later stages are not imported here)."""
    from engine.input.caseio import read_text

    path = Path(path)
    name = str(path)
    text = read_text(path, "a ruling file")
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise CaseError(name, "", f"malformed YAML or JSON: {getattr(exc, 'problem', None) or exc}")
    if not isinstance(data, dict):
        raise CaseError(name, "", "a ruling file is a mapping: board, ns, ew and the result or adjusted score")
    for key in data:
        if str(key) not in RULING_FIELDS:
            raise CaseError(name, str(key), f"unknown field (allowed: {', '.join(RULING_FIELDS)})")
    for key in ("board", "ns", "ew"):
        if data.get(key) in (None, ""):
            raise CaseError(name, key, "missing (the board, and the pairs at the table whose result is ruled)")
    board = data["board"]
    if isinstance(board, bool) or not str(board).strip().isdigit() or int(board) < 1:
        raise CaseError(name, "board", f"{board!r} is not a board number")
    ruling = Ruling(name, int(board), str(data["ns"]), str(data["ew"]), law=str(data.get("law") or ""),
                    text=str(data.get("note") or ""))
    given = [k for k in ("score", "result", "ns_percent", "case", "ruling") if data.get(k) is not None]
    if data.get("ew_percent") is not None and "ns_percent" not in given:
        given.append("ew_percent")
    if len(given) != 1:
        raise CaseError(name, "", "give one of score, result, ns_percent/ew_percent, case or ruling "
                                  f"(given: {', '.join(given) or 'none'})")
    what = given[0]
    if what == "score":
        for key, attr in (("score", "ns_score"), ("ew_score", "ew_score")):
            if data.get(key) is not None:
                try:
                    setattr(ruling, attr, _score(str(data[key])))
                except ValueError as exc:
                    raise CaseError(name, key, str(exc))
        if ruling.ew_score is None:
            ruling.ew_score = -ruling.ns_score
        ruling.law = ruling.law or "12C2"
    elif what == "result":
        ruling.law = ruling.law or "12C2"
        ruling.text = ruling.text or str(data["result"])
        parts = str(data["result"]).replace(" by ", " ").split()
        try:
            if len(parts) == 1 and contract_text(parts[0]) == "Pass":
                ruling.contract = "Pass"
            elif len(parts) == 3:
                ruling.contract = contract_text(parts[0])
                ruling.declarer = C.parse_seat(parts[1])
                ruling.tricks = int(parts[2]) if parts[2].isdigit() else None
                if ruling.tricks is None or not 0 <= ruling.tricks <= 13:
                    raise ValueError(f"{parts[2]!r} is not a number of tricks (0 to 13)")
            else:
                raise ValueError("write e.g. '4S S 10' (contract, declarer, tricks) or Pass")
        except (ValueError, C.NotationError) as exc:
            raise CaseError(name, "result", str(exc))
    elif what in ("ns_percent", "ew_percent"):
        from engine.input.results import parse_percent

        for key in ("ns_percent", "ew_percent"):
            if data.get(key) is not None:
                try:
                    setattr(ruling, key, parse_percent(data[key]))
                except C.NotationError as exc:
                    raise CaseError(name, key, str(exc))
        if ruling.ns_percent is None or ruling.ew_percent is None:
            raise CaseError(name, "ns_percent" if ruling.ns_percent is None else "ew_percent",
                            "an artificial adjusted score gives both sides' percentages (12C1: they need not balance)")
        ruling.law = ruling.law or "12C1"
    else:
        _from_ruling(ruling, path, what, data[what], rule)
    return ruling


def _from_ruling(ruling: Ruling, path: Path, what: str, target, rule=None) -> None:
    """The adjusted score of a case, ruled by the engine, or of a ruling's JSON (``rule CASE --format json``)."""
    import json

    name = str(path)
    other = (path.parent / str(target))
    if what == "case":
        if rule is None:
            raise CaseError(name, "case", "a case is ruled by the score command (give its ruling's JSON instead)")
        data = rule(other)
    else:
        from engine.input.caseio import read_text

        try:
            data = json.loads(read_text(other, "a ruling's JSON"))
        except json.JSONDecodeError as exc:
            raise CaseError(str(other), f"line {exc.lineno}", f"malformed JSON ({exc.msg})")
        if not isinstance(data, dict) or "conclusions" not in data:
            raise CaseError(str(other), "", "not a ruling's JSON (python cli.py rule CASE --format json writes one)")
    laws = []
    for c in data.get("conclusions") or []:
        if not isinstance(c, dict):
            continue
        if c.get("kind") == "artificial_adjusted_score" and c.get("side") in ("NS", "EW"):
            setattr(ruling, "ns_percent" if c["side"] == "NS" else "ew_percent", int(c["percent"]))
            laws.append(str(c.get("law") or "12C1"))
        elif c.get("kind") == "assigned_adjusted_score" and c.get("side") in ("NS", "EW"):
            value = int(c["score"])
            setattr(ruling, "ns_score" if c["side"] == "NS" else "ew_score", value)
            laws.append(str(c.get("law") or "12C2"))
    if ruling.ns_percent is not None or ruling.ew_percent is not None:
        if ruling.ns_percent is None or ruling.ew_percent is None:
            raise CaseError(name, what, f"{other}: the ruling gives an artificial score to one side only")
    elif ruling.ns_score is not None or ruling.ew_score is not None:
        if ruling.ns_score is None:
            ruling.ns_score = -ruling.ew_score
        if ruling.ew_score is None:
            ruling.ew_score = -ruling.ns_score
    elif isinstance(data.get("score"), dict) and data["score"].get("NS") is not None:
        ruling.ns_score = int(data["score"]["NS"])
        ruling.ew_score = -ruling.ns_score
        laws.append("the table result")
    else:
        raise CaseError(name, what, f"{other}: the ruling gives no score or adjusted score to put in place")
    ruling.law = ruling.law or ", ".join(dict.fromkeys(laws))
    ruling.text = ruling.text or f"the ruling of {other.name}"


def apply_ruling(session: Session, ruling: Ruling) -> Result:
    """Put the ruling's result in place of the table's on its board; returns the result it replaced."""
    rows = session.boards.get(ruling.board)
    if not rows:
        raise CaseError(ruling.path, "board", f"board {ruling.board} is not in {session.path} (boards "
                                              f"{_ranges(sorted(session.boards))})")
    matches = [i for i, r in enumerate(rows) if r.ns == ruling.ns and r.ew == ruling.ew]
    if not matches:
        tables = ", ".join(f"{r.ns}-{r.ew}" for r in rows[:30]) + (" ..." if len(rows) > 30 else "")
        raise CaseError(ruling.path, "ns, ew", f"no table on board {ruling.board} had NS {ruling.ns} against "
                                               f"EW {ruling.ew} (the tables: {tables})")
    if len(matches) > 1:
        raise CaseError(ruling.path, "ns, ew", f"{len(matches)} tables on board {ruling.board} had NS {ruling.ns} "
                                               f"against EW {ruling.ew}")
    old = rows[matches[0]]
    new = Result(old.board, old.ns, old.ew, where=old.where, published=old.published, ref=old.ref,
                 ruled=f"{Path(ruling.path).name} [{ruling.law}]" if ruling.law else Path(ruling.path).name)
    if ruling.ns_percent is not None:
        new.ns_percent, new.ew_percent = ruling.ns_percent, ruling.ew_percent
        new.contract = "A" + f"{ruling.ns_percent}{ruling.ew_percent}"
    elif ruling.contract:
        new.contract, new.declarer, new.tricks = ruling.contract, ruling.declarer, ruling.tricks
        try:
            new.ns_score = scored(ruling.contract, ruling.declarer, ruling.tricks, session.vulnerability(old.board))
        except (ValueError, C.NotationError) as exc:
            raise CaseError(ruling.path, "result", str(exc))
        new.ew_score = -new.ns_score
    else:
        new.ns_score, new.ew_score = ruling.ns_score, ruling.ew_score
        new.contract, new.declarer, new.tricks = old.contract, old.declarer, old.tricks
    rows[matches[0]] = new
    return old


def _ranges(numbers) -> str:
    from engine.input.pbn import _ranges as ranges

    return ranges(list(numbers))


# ---------------------------------------------------------------------------
# Writing back
# ---------------------------------------------------------------------------


def _fmt_like(value, original: str) -> str:
    """A number written as the file wrote the value it replaces (its decimals), never losing ours: a value with
    more decimals than the original (3.6 where the file wrote 5) is written with its own, at most two."""
    if value is None:
        return "-"
    decimals = len(original.split(".")[1]) if "." in original else 0
    if isinstance(value, int) and decimals == 0:
        return str(value)
    if round(value, decimals) != round(value, 2):
        decimals = len(f"{value:.2f}".rstrip("0").split(".")[1])
    return f"{value:.{decimals}f}"


def _replace_spans(line: str, offset: int, spans: dict, columns, new: dict) -> str:
    """The row with the values of ``new`` (column -> text) written in place, aligned as the column says."""
    edits = []
    for col in columns:
        if col.name not in new or col.name not in spans:
            continue
        start, end, quoted = spans[col.name]
        value = new[col.name]
        if quoted and value != "-":  # "-" (none) is written bare, as the programs write it
            value = '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        width = end - start
        if len(value) < width:
            value = value.rjust(width) if col.align == "R" else value.ljust(width)
        start += offset
        end += offset
        while len(value) > end - start and start > 0 and line[start - 1] == " " and col.align == "R" \
                and (start < 2 or line[start - 2] == " "):
            start -= 1  # a longer value takes the spaces before it, keeping one between the values
        edits.append((start, end, value))
    for start, end, value in sorted(edits, reverse=True):
        line = line[:start] + value + line[end:]
    return line


def write_session(session: Session, scores, before, out_path: str | Path, convert=None) -> None:
    """The rescored session in its own format: the changed values written in place, every other field as read.

    ``convert(value, top)`` turns our matchpoints into the file's own scale (``session78.file_scale``: its unit,
    centred or not); without it they are written as ours."""
    convert = convert or (lambda value, top: value)
    if session.fmt == "pbn":
        _write_pbn(session, scores, before, out_path, convert)
    elif session.fmt == "usebio":
        _write_usebio(session, scores, before, out_path, convert)
    else:
        _write_board_file(session, out_path)


def _changed(session: Session, scores, before):
    """(board lines whose values changed, pairs whose totals or places changed)."""
    lines = []
    for board, rows in session.boards.items():
        for i, r in enumerate(rows):
            now, was = scores.line(board, i), before.line(board, i)
            if r.ruled or (now.ns_points, now.ew_points) != (was.ns_points, was.ew_points):
                lines.append((r, now))
    pairs = []
    for key, total in scores.totals.items():
        if before.totals.get(key) != total or before.place(key) != scores.place(key):
            pairs.append(key)
    return lines, pairs


def _write_pbn(session: Session, scores, before, out_path, conv) -> None:
    text = session.source["text"]
    lines = re.split(r"(\r\n|\r|\n)", text)  # even items the lines, odd the line ends as written
    changed, pairs = _changed(session, scores, before)
    for r, line in changed:
        row_line, offset = r.ref
        columns = session.source["columns"][r.board]
        ref = {"line": row_line, "offset": offset, "columns": columns,
               "spans": {c.name: v[1:] for c, v in zip(columns, table_row(lines[2 * (row_line - 1)][offset:]))}}
        spans = ref["spans"]
        orig = {name: lines[2 * (ref["line"] - 1)][ref["offset"] + s[0]:ref["offset"] + s[1]].strip('"')
                for name, s in spans.items()}
        new = {}
        for name, value in (("MP_NS", conv(line.ns_points, line.top)), ("MP_EW", conv(line.ew_points, line.top)),
                            ("IMP_NS", line.ns_points), ("IMP_EW", line.ew_points),
                            ("Percentage_NS", line.ns_pct), ("Percentage_EW", line.ew_pct)):
            if name in spans and ((name.startswith("MP") and scores.kind == "mp") or
                                  (name.startswith("IMP") and scores.kind == "imp") or name.startswith("Perc")):
                new[name] = _fmt_like(value, orig[name])
        if r.ruled:
            if r.artificial:
                art = f"A{r.ns_percent}{r.ew_percent}"
                for name in ("Contract", "Score_NS"):
                    if name in spans:
                        new[name] = art if name == "Contract" or "Contract" not in spans else "-"
                for name in ("Declarer", "Result", "Score_EW"):
                    if name in spans:
                        new[name] = "-"
            else:
                if "Contract" in spans:
                    new["Contract"] = r.contract or "-"
                if "Declarer" in spans:
                    new["Declarer"] = r.declarer or "-"
                if "Result" in spans:
                    new["Result"] = str(r.tricks) if r.tricks is not None else "-"
                a = r.ns_score
                if "Score_NS" in spans and "Score_EW" in spans:
                    new["Score_NS"] = str(a) if a > 0 else "-"
                    new["Score_EW"] = str(-a) if a < 0 else "-"
                    if a == 0:
                        new["Score_NS"] = "0"
                elif "Score_NS" in spans:
                    new["Score_NS"] = str(a)
        n = 2 * (ref["line"] - 1)
        lines[n] = _replace_spans(lines[n], ref["offset"], spans, ref["columns"], new)
    for key in pairs:
        pair = session.pairs.get(key)
        if pair is None or pair.ref is None:
            continue
        ref = pair.ref
        n = 2 * (ref["line"] - 1)
        spans = ref["spans"]
        orig = {name: lines[n][ref["offset"] + s[0]:ref["offset"] + s[1]].strip('"') for name, s in spans.items()}
        new = {}
        for name in ("TotalScoreMP", "MP", "TotalMP", "TotalScoreIMP", "TotalIMP", "IMP", "TotalScore"):
            if name in spans:
                total = conv(scores.totals[key], scores.tops.get(key)) if scores.kind == "mp" else scores.totals[key]
                new[name] = _fmt_like(total, orig[name])
        for name in ("TotalPercentage", "Percentage"):
            if name in spans and scores.percent.get(key) is not None:
                new[name] = _fmt_like(scores.percent[key], orig[name])
        if "Rank" in spans:
            new["Rank"] = scores.place(key).rstrip("=") if not orig["Rank"].endswith("=") else scores.place(key)
        lines[n] = _replace_spans(lines[n], ref["offset"], spans, ref["columns"], new)
    data = "".join(lines)
    Path(out_path).write_text(data, encoding=session.source.get("encoding", "utf-8"), newline="")


def _write_usebio(session: Session, scores, before, out_path, conv) -> None:
    from xml.etree.ElementTree import TreeBuilder, tostring

    from defusedxml.ElementTree import DefusedXMLParser

    raw = session.source["data"]
    parser = DefusedXMLParser(target=TreeBuilder(insert_comments=True, insert_pis=True))
    parser.feed(raw)
    root = parser.close()
    changed, pairs = _changed(session, scores, before)
    by_ref = {r.ref: (r, line) for r, line in changed}
    for i, tl in enumerate(root.iter("TRAVELLER_LINE"), start=1):
        hit = by_ref.get(i)
        if hit is None:
            continue
        r, line = hit
        mp = scores.kind == "mp"
        _set(tl, "NS_MATCH_POINTS" if mp else "NS_IMPS", conv(line.ns_points, line.top) if mp else line.ns_points,
             True)
        _set(tl, "EW_MATCH_POINTS" if mp else "EW_IMPS", conv(line.ew_points, line.top) if mp else line.ew_points,
             True)
        if r.ruled:
            if r.artificial:
                _set(tl, "SCORE", f"A{r.ns_percent}{r.ew_percent}", False, create=True)
            else:
                _set(tl, "SCORE", str(r.ns_score), False, create=True)
                if r.contract:
                    _set(tl, "CONTRACT", r.contract, False)
                    _set(tl, "PLAYED_BY", r.declarer, False)
                    if r.tricks is not None:
                        _set(tl, "TRICKS", str(r.tricks), False)
    wanted = set(pairs)
    several = len({p.section for p in session.pairs.values()} - {""}) > 1
    for section_id, pair_el in _pairs_in_sections(root):
        pid = pair_el.findtext("PAIR_NUMBER", "").strip()
        direction = (pair_el.findtext("DIRECTION", "") or "").strip().upper()
        direction = {"N": "NS", "E": "EW"}.get(direction, direction.replace("-", "").replace("/", ""))
        key = f"{pid} {direction}" if direction in ("NS", "EW") and session.mitchell else pid
        if several:
            key = section_id + key
        if key not in wanted:
            continue
        _set(pair_el, "TOTAL_SCORE", conv(scores.totals[key], scores.tops.get(key)) if scores.kind == "mp"
             else scores.totals[key], True)
        if scores.percent.get(key) is not None:
            _set(pair_el, "PERCENTAGE", scores.percent[key], True)
        _set(pair_el, "PLACE", scores.place(key), False)
    head_end = raw.find(b"<" + root.tag.encode())
    head = raw[:head_end] if head_end > 0 else b""
    enc = "utf-8"
    m = re.search(rb'encoding=["\']([A-Za-z0-9_.-]+)["\']', head)
    if m:
        enc = m.group(1).decode()
    body = tostring(root, encoding="unicode")
    tail_start = raw.rfind(b">") + 1
    Path(out_path).write_bytes(head + body.encode(enc, "xmlcharrefreplace") + raw[tail_start:])


def _pairs_in_sections(root, section: str = ""):
    """(SECTION_ID, PAIR element) for every PAIR, in document order."""
    for child in root:
        if child.tag == "SECTION":
            yield from _pairs_in_sections(child, (child.get("SECTION_ID") or "").strip())
        elif child.tag == "PAIR":
            yield section, child
        else:
            yield from _pairs_in_sections(child, section)


def _set(parent, name: str, value, number: bool, create: bool = False) -> None:
    child = parent.find(name)
    if child is None:
        if not create:
            return
        from xml.etree.ElementTree import SubElement

        child = SubElement(parent, name)
    if number:
        original = (child.text or "").strip()
        child.text = _fmt_like(value, original) if original else str(value)
    else:
        child.text = str(value)


def _write_board_file(session: Session, out_path) -> None:
    rows = []
    for r in session.results():
        row = {"ns": r.ns, "ew": r.ew}
        if r.artificial:
            row["ns_percent"], row["ew_percent"] = r.ns_percent, r.ew_percent
        else:
            row["score"] = r.ns_score
            if r.ew_score != -r.ns_score:
                row["ew_score"] = r.ew_score
        rows.append(row)
    if str(out_path).lower().endswith(".csv"):
        buf = io.StringIO()
        writer = csv.DictWriter(buf, fieldnames=["ns", "ew", "score", "ew_score", "ns_percent", "ew_percent"],
                                lineterminator="\n")
        writer.writeheader()
        for row in rows:
            writer.writerow(row)
        Path(out_path).write_text(buf.getvalue(), encoding="utf-8")
    else:
        Path(out_path).write_text(yaml.safe_dump(rows, sort_keys=False), encoding="utf-8")


def copy_session(session: Session) -> Session:
    """The session with its own lists of results (to keep it as read while rulings are put in place)."""
    from dataclasses import replace

    return replace(session, boards={b: list(rows) for b, rows in session.boards.items()})
