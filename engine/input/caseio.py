"""Reading case files: YAML -> a checked ``Case``.

Every problem is a :class:`CaseError` naming the file, the field (as a path
such as ``play[3][2]`` or ``events[1].at``) and what is wrong.  This module
checks the *notation* and the *shape*; whether the cards were held when they
were played is checked by ``engine.mechanics.table`` (it needs the play mechanics), and
raises the same error type.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from engine.input.chapters import CLAIM_EVENT_KINDS, load_for
from engine.notation import cards as C

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when PyYAML has it: same results, faster


class CaseError(ValueError):
    """Bad input: names the file, the field and the problem."""

    def __init__(self, file: str, where: str, problem: str):
        self.file = file
        self.where = where
        self.problem = problem
        super().__init__(f"{file}: {where}: {problem}" if where else f"{file}: {problem}")


@dataclass(frozen=True)
class Position:
    """A moment in the play record: after ``k`` entries of trick ``t``; or the end."""

    trick: int
    k: int
    end: bool = False

    def __str__(self) -> str:
        return "end" if self.end else f"T{self.trick}.{self.k}"


_POSITION = re.compile(r"^[Tt](\d{1,2})\.(\d{1,2})$")


def parse_position(value) -> Position:
    text = str(value).strip()
    if text.lower() == "end":
        return Position(0, 0, end=True)
    m = _POSITION.match(text)
    if not m:
        raise C.NotationError(f"{value!r} is not a position (T<trick>.<cards>, e.g. T5.2, or 'end')")
    t, k = int(m.group(1)), int(m.group(2))
    if not 1 <= t <= 14:
        raise C.NotationError(f"{value!r}: there is no trick {t} (tricks are 1 to 13)")
    if t == 14 and k != 0:
        raise C.NotationError(f"{value!r}: there is no trick 14")
    return Position(t, k)


@dataclass(frozen=True)
class Entry:
    """One card in the record, as written: trick t (1-based), i-th entry (0-based).

    ``extra`` holds further cards the seat put on the trick at the same time
    (written ``E:H7+H3``: both left the hand; 58B, 67B2).
    """

    trick: int
    index: int
    seat: str
    card: str
    where: str  # field path, for messages
    extra: tuple = ()


@dataclass(frozen=True)
class Event:
    index: int
    at: Position
    kind: str
    fields: dict
    where: str


@dataclass
class Case:
    path: str
    id: str
    title: str
    edition: str
    source: str
    board: int | None
    dealer: str | None
    vulnerable: str | None  # None, NS, EW, All; None when unknown
    vulnerable_known: bool
    hands: dict[str, list[str]]
    contract: C.Contract | None  # None only in a ruling before or without play (see EXTRA_FIELDS)
    declarer: str | None
    play: list[list[Entry]]
    events: list[Event]
    result: int | None
    expect: dict | None
    raw: dict = field(repr=False, default_factory=dict)
    hands_found: dict | None = None  # deal_found: the pockets as found (counts may be wrong, Laws 13-14)
    extra: dict = field(default_factory=dict)  # registered chapter fields, parsed (register_case_field)
    # A case read from a PBN/LIN file: the record (engine.input.pbn.BoardRecord), checked against the
    # deal before ruling (engine.mechanics.records); it does not refer back to the case, so a session
    # read one game at a time frees each game as soon as it is done (no reference cycle to collect).
    record: Any = field(default=None, repr=False, compare=False)


TOP_KEYS = {
    "id", "title", "edition", "source", "board", "deal", "contract", "declarer",
    "play", "events", "expect", "pbn", "vulnerable", "dealer", "result", "notes",
    "lin", "room", "game",  # with pbn/lin: which deal of the file (docs/workbench.md)
}

# kind -> (required fields, optional fields).  A chapter that needs a new
# event kind registers it with ``register_event`` (and documents it in
# docs/vocabulary.md); field values are checked by name (``FIELD_PARSERS``).
EVENT_FIELDS: dict[str, tuple[set, set]] = {
    "attention_drawn": ({"by"}, {"subject", "trick", "seat", "asked"}),
    "card_designated": ({"by", "card"}, {"seat", "for_trick"}),
    "claim": ({"by", "tricks"}, {"accepted", "statement"}),
    "concession": ({"by", "tricks"}, {"accepted"}),
    "next_board_call": (set(), {"side", "by"}),
    "round_ended": (set(), set()),
    "hands_returned": (set(), set()),
    # Laws 47-60, 65-67 (docs/play-irregularities.md)
    "card_exposed": ({"seat", "card", "how"}, {"by"}),
    "option_chosen": ({"by", "option"}, {"suit", "card", "seat"}),
    "hand_faced": ({"by"}, set()),
    "dummy_seen": ({"by"}, set()),
    "inspection_requested": ({"by", "what"}, set()),
    "cards_disarranged": ({"by"}, set()),
    "trick_disputed": ({"by", "trick"}, set()),
}
SUBJECTS = {"revoke", "lead_out_of_turn", "premature_play", "exposed_card", "penalty_card", "defective_trick"}
EXPOSURES = {"dropped", "simultaneous", "shown", "named", "premature_lead", "deliberate"}
OPTIONS = {"accept_lead", "refuse_lead", "spread_hand", "proper_lead", "require_lead", "forbid_lead",
           "no_lead_restriction", "designate_penalty_card", "play_highest", "play_lowest", "forbid_suit",
           "accept_play", "require_penalty_card", "designate_partner_card"}
OPTIONS_WITH = {"require_lead": "suit", "forbid_lead": "suit", "forbid_suit": "suit",
                "designate_penalty_card": "card", "designate_partner_card": "card"}
INSPECTIONS = {"current_trick", "own_card", "quitted_trick", "all_cards"}


def register_event(kind: str, required: set, optional: set = frozenset()) -> None:
    """Declare an event kind a chapter reads (required and optional fields)."""
    EVENT_FIELDS[kind] = (set(required), set(optional))


# Optional top-level fields a chapter reads: name -> (parser, allows_no_play).
# ``parser(value, err, case)`` returns the checked value (kept in
# ``Case.extra``) or raises ``err(field, problem)``; ``case`` is the case read
# so far (deal, contract, board, and the chapter fields registered before).  A case may omit ``play`` (and then
# ``contract`` and ``declarer``) only when it gives a field registered with
# ``allows_no_play``: a ruling before play, or one that needs no play record.
EXTRA_FIELDS: dict[str, tuple] = {}


def register_case_field(name: str, parser, allows_no_play: bool = False) -> None:
    """Declare an optional top-level case field a chapter reads."""
    EXTRA_FIELDS[name] = (parser, allows_no_play)


PUBLISHED_KEYS = ("laws_in_force", "director", "committee", "differences_1987")
PUBLISHED_RULING_KEYS = ("declarer_tricks", "summary")


def _parse_published(value, err, case):
    """``published`` (optional, top level): a casebook's record of the published rulings of the case
    (cases/published/README.md).  Metadata: the ruling never reads it, but its form is checked, so that a
    casebook comparing the engine with it (tests/test_published.py) reads what its editor meant."""
    if not isinstance(value, dict):
        raise err("published", f"a mapping of {', '.join(PUBLISHED_KEYS)}, not {type(value).__name__}")
    unknown = sorted(set(map(str, value)) - set(PUBLISHED_KEYS))
    if unknown:
        raise err(f"published.{unknown[0]}", f"not a key of published (one of {', '.join(PUBLISHED_KEYS)})")
    for who in ("director", "committee"):
        ruling = value.get(who)
        if ruling is None:
            continue
        if not isinstance(ruling, dict):
            raise err(f"published.{who}", "a mapping {declarer_tricks, summary}, or null when there was none")
        unknown = sorted(set(map(str, ruling)) - set(PUBLISHED_RULING_KEYS))
        if unknown:
            raise err(f"published.{who}.{unknown[0]}",
                      f"not a key of a published ruling (one of {', '.join(PUBLISHED_RULING_KEYS)})")
        tricks = ruling.get("declarer_tricks")
        if tricks is not None and (isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= 13):
            raise err(f"published.{who}.declarer_tricks",
                      f"{tricks!r} is not a number of tricks (0 to 13), or null when the source does not give it")
        summary = ruling.get("summary")
        if "summary" in ruling and (not isinstance(summary, str) or not summary.strip()):
            shown = f"{summary!r}"[:60]
            raise err(f"published.{who}.summary", f"{shown} is not text: a summary of the published ruling, "
                                                   f"in words")
        missing = [key for key in PUBLISHED_RULING_KEYS if key not in ruling]
        if missing:
            raise err(f"published.{who}.{missing[0]}" if len(missing) == 1 else f"published.{who}",
                      f"{' and '.join(missing)} missing: a published ruling gives declarer's tricks (null when the "
                      f"source does not give them) and a summary of what was ruled, in words")
    for key in ("laws_in_force", "differences_1987"):
        if key in value and value[key] is not None and not isinstance(value[key], str):
            raise err(f"published.{key}", f"{str(repr(value[key]))[:60]} is not text")
    return value


register_case_field("published", _parse_published)


# Reads a case file that points at a PBN or LIN file (``pbn:``/``lin:``): set by
# ``engine.input.sources``, which ``engine.input`` always imports.
LINKED_FILE_READER: list = [None]


def register_linked_file_reader(fn) -> None:
    LINKED_FILE_READER[0] = fn


def register_subject(subject: str) -> None:
    """Declare a subject ``attention_drawn`` may name (``revoke``, ...)."""
    SUBJECTS.add(subject)
EXPECT_KEYS = {"conclusions", "absent", "declarer_tricks", "score"}
VULNERABLE = {"NONE": "None", "LOVE": "None", "-": "None", "NS": "NS", "EW": "EW",
              "ALL": "All", "BOTH": "All"}

# Law 2: vulnerability of boards 1-16; the cycle repeats (the scan lacks the
# table, the standard cycle applies -- see knowledge/law02.yaml).
BOARD_VULNERABILITY = ("None", "NS", "EW", "All", "NS", "EW", "All", "None",
                       "EW", "All", "None", "NS", "All", "None", "NS", "EW")


def board_dealer(board: int) -> str:
    return C.SEATS[(board - 1) % 4]


def board_vulnerability(board: int) -> str:
    return BOARD_VULNERABILITY[(board - 1) % 16]


# Every input is bounded (conventions: size and time).  A case or events file
# is small; a PBN or LIN file of a whole tournament may be larger.
MAX_CASE_BYTES = 2 * 1024 * 1024
MAX_RECORD_BYTES = 32 * 1024 * 1024
MAX_TEXT = 20_000  # characters in one YAML value (the casebook's longest note has under 1,000)
MAX_NODES = 100_000  # values in a YAML document once its aliases are expanded
MAX_EXPANDED_TEXT = 4 * 1024 * 1024  # characters of text once aliases are expanded
MAX_INT_DIGITS = 4000  # Python refuses to convert integers of more than 4,300 digits


def read_bytes(path: str | Path, what: str = "a case file", limit: int = MAX_CASE_BYTES) -> bytes:
    """An input file's bytes, or a CaseError naming the file and the problem.

    Only a regular file is read (a FIFO or a device could block or never end),
    and at most ``limit`` bytes of it.
    """
    import errno
    import os
    import stat

    path = Path(path)
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(path, flags)
    except ValueError:  # an embedded NUL
        raise CaseError(name.replace("\0", "\\0"), "", "the file name contains a NUL character")
    except FileNotFoundError:
        raise CaseError(name, "", "no such file")
    except IsADirectoryError:
        raise CaseError(name, "", f"is a directory, not {what}")
    except PermissionError:
        raise CaseError(name, "", "cannot be read: permission denied")
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise CaseError(name, "", "cannot be read: a loop of symbolic links")
        raise CaseError(name, "", f"cannot be read: {exc.strerror or exc}")
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise CaseError(name, "", f"is a directory, not {what}")
        if not stat.S_ISREG(info.st_mode):
            raise CaseError(name, "", f"not a regular file (a pipe, device or socket is never read), not {what}")
        if info.st_size > limit:
            raise CaseError(name, "", f"too large for {what}: {info.st_size:,} bytes (at most {limit:,})")
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise CaseError(name, "", f"too large for {what}: more than {limit:,} bytes")
        return b"".join(chunks)
    except OSError as exc:
        raise CaseError(name, "", f"cannot be read: {exc.strerror or exc}")
    finally:
        os.close(fd)


def read_text(path: str | Path, what: str = "a case file") -> str:
    """A UTF-8 input file's text, or a CaseError naming the file and the problem."""
    data = read_bytes(path, what)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CaseError(str(path), "", f"not UTF-8 text ({exc.reason} at byte {exc.start})")


def load_yaml(path: str | Path) -> Any:
    path = Path(path)
    text = read_text(path)
    loader = _LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        check_yaml_nodes(node, str(path))
        return loader.construct_document(node)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        raise CaseError(str(path), where, f"malformed YAML: {problem}")
    finally:
        loader.dispose()


def _node_where(node, keys: tuple) -> str:
    """A field path such as ``events[2].statement`` (or the line when no key names it)."""
    out = ""
    for k in keys:
        out += f"[{k + 1}]" if isinstance(k, int) else (f".{k}" if out else str(k))
    return out or f"line {node.start_mark.line + 1}"


def _yaml_children(node, keys: tuple) -> list:
    if isinstance(node, yaml.SequenceNode):
        return [(child, keys + (i,)) for i, child in enumerate(node.value)]
    out = []
    for k, v in node.value:
        out.append((k, keys))
        out.append((v, keys + (k.value if isinstance(k, yaml.ScalarNode) else "?",)))
    return out


def check_yaml_nodes(root, file: str) -> None:
    """Refuse a YAML document whose aliases expand past a sane size, overlong text and huge integers.

    The size of a node counts every value under it as often as aliases repeat
    it; it is computed once per distinct node (a depth-first walk), so an alias
    bomb is measured without being expanded.
    """
    sizes: dict[int, tuple[int, int]] = {}
    active: set[int] = set()
    aliased = False
    stack: list = [(root, (), None)]
    while stack:
        node, keys, pending = stack[-1]
        if pending is None:
            if id(node) in sizes:
                stack.pop()
                continue
            if isinstance(node, yaml.ScalarNode):
                value = node.value
                if len(value) > MAX_TEXT:
                    raise CaseError(file, _node_where(node, keys),
                                    f"too long: {len(value):,} characters (at most {MAX_TEXT:,} in one value)")
                digits = sum(ch.isdigit() for ch in value) if node.tag == "tag:yaml.org,2002:int" else 0
                if digits > MAX_INT_DIGITS:
                    raise CaseError(file, _node_where(node, keys),
                                    f"an integer of {digits:,} digits is not a number a case can mean")
                sizes[id(node)] = (1, len(value))
                stack.pop()
                continue
            active.add(id(node))
            pending = iter(_yaml_children(node, keys))
            stack[-1] = (node, keys, pending)
        for child, ks in pending:
            if id(child) in active:
                raise CaseError(file, _node_where(child, ks), "a YAML alias refers to a value that contains it")
            if id(child) in sizes:
                aliased = True
                continue
            stack.append((child, ks, None))
            break
        else:
            count, chars = 1, 0
            for child, _ in _yaml_children(node, keys):
                count, chars = count + sizes[id(child)][0], chars + sizes[id(child)][1]
            if count > MAX_NODES or chars > MAX_EXPANDED_TEXT:
                what = "its aliases (*name) expand it to" if aliased else "it holds"
                raise CaseError(file, _node_where(node, keys),
                                f"too large once read: {what} more than {MAX_NODES:,} values or "
                                f"{MAX_EXPANDED_TEXT:,} characters")
            sizes[id(node)] = (count, chars)
            active.discard(id(node))
            stack.pop()


def load_case(path: str | Path, roots: tuple = ()) -> Case:
    data = load_yaml(path)
    return case_from_data(data, str(path), roots)


def case_from_data(data: Any, path: str, roots: tuple = ()) -> Case:
    """The checked Case; ``roots`` are folders besides the case file's own that pbn:/lin: may point into."""
    def err(where: str, problem: str) -> CaseError:
        return CaseError(path, where, problem)

    if not isinstance(data, dict):
        raise err("", "a case file is a YAML mapping (id, deal, contract, declarer, play, ...)")
    unknown = sorted(set(map(str, data)) - TOP_KEYS - set(EXTRA_FIELDS) - {"deal_found"})
    if unknown:
        allowed = sorted(TOP_KEYS | set(EXTRA_FIELDS) | {"deal_found"})
        raise err(unknown[0], f"unknown key (allowed: {', '.join(allowed)})")
    if "pbn" in data or "lin" in data:  # deal, contract, declarer and play from that file (engine.input.sources)
        return LINKED_FILE_READER[0](data, path, roots)
    for key in ("room", "game"):
        if key in data:
            raise err(key, "names a deal of a PBN or LIN file: it goes with pbn or lin")
    given = {k for k, v in data.items() if v is not None}
    without_play = sorted(k for k, (_, ok) in EXTRA_FIELDS.items() if ok and k in given) + \
        (["deal_found"] if "deal_found" in given else [])
    required = ["id", "deal", "contract", "declarer", "play"]
    if "play" not in given and without_play:
        # A ruling before (or without) play: no play record, maybe no contract yet.
        required = ["id"] if "deal_found" in given else ["id", "deal"]
        if ("contract" in given) != ("declarer" in given):
            key = "declarer" if "contract" in given else "contract"
            raise err(key, "missing (a case without play gives contract and declarer together, or neither)")
    for key in required:
        if key not in given:
            if key == "play" and EXTRA_FIELDS:
                names = ", ".join(sorted([k for k, (_, ok) in EXTRA_FIELDS.items() if ok] + ["deal_found"]))
                raise err(key, f"missing (a case may leave out play only when it gives one of: {names})")
            raise err(key, "missing")

    case_id = str(data["id"]).strip()
    if not re.match(r"^[a-z0-9]+(-[a-z0-9]+)*$", case_id):
        raise err("id", f"{case_id!r} is not kebab-case (lower-case letters, digits and hyphens)")

    edition = str(data.get("edition", "1987"))
    if edition != "1987":
        raise err("edition", f"{edition!r}: only the 1987 Laws are implemented")

    board = data.get("board")
    if board is not None:
        if isinstance(board, bool) or not isinstance(board, int) or board < 1:
            raise err("board", f"{board!r} is not a board number (a positive whole number)")

    hands_found = _parse_deal_found(data["deal_found"], err) if data.get("deal_found") is not None else None
    if data.get("deal") is not None:
        try:
            hands = C.parse_deal(data["deal"])
        except C.NotationError as exc:
            raise err("deal", str(exc))
        _check_deal(hands, err)
    else:  # only a ruling before play on the pockets as found (Law 13): no correct deal is known
        hands = {seat: list(cards) for seat, cards in hands_found.items()}

    contract = declarer = None
    if data.get("contract") is not None:
        try:
            contract = C.parse_contract(data["contract"])
        except C.NotationError as exc:
            raise err("contract", str(exc))
        try:
            declarer = C.parse_seat(data["declarer"])
        except C.NotationError as exc:
            raise err("declarer", str(exc))

    dealer = None
    if data.get("dealer") is not None:
        try:
            dealer = C.parse_seat(data["dealer"])
        except C.NotationError as exc:
            raise err("dealer", str(exc))
    elif board is not None:
        dealer = board_dealer(board)

    vulnerable, known = None, False
    if data.get("vulnerable") is not None:
        text = str(data["vulnerable"]).strip().upper()
        if text not in VULNERABLE:
            raise err("vulnerable", f"{data['vulnerable']!r} is not None, NS, EW or All")
        vulnerable, known = VULNERABLE[text], True
    elif board is not None:
        vulnerable, known = board_vulnerability(board), True

    play = _parse_play(data["play"], err) if data.get("play") is not None else []
    events = _parse_events(data.get("events") or [], err)

    result = data.get("result")
    if result is not None and (isinstance(result, bool) or not isinstance(result, int) or not 0 <= result <= 13):
        raise err("result", f"{result!r} is not a number of tricks (0 to 13)")
    if result is not None and contract is None:
        raise err("result", "a result needs the contract and declarer it was played in")
    if events and contract is None:
        raise err("events", "events happen during play: give contract, declarer and play")

    expect = data.get("expect")
    if expect is not None:
        _check_expect(expect, err)

    for key in ("title", "source", "notes"):
        if isinstance(data.get(key), (list, dict)):
            raise err(key, "text, not a list or mapping")

    case = Case(
        path=path, id=case_id, title=str(data.get("title", "")), edition=edition,
        source=str(data.get("source", "")), board=board, dealer=dealer,
        vulnerable=vulnerable, vulnerable_known=known, hands=hands, contract=contract,
        declarer=declarer, play=play, events=events, result=result, expect=expect, raw=data,
        hands_found=hands_found,
    )
    for name, (parser, _) in EXTRA_FIELDS.items():  # in registration order; a parser may read earlier ones
        if data.get(name) is not None:
            case.extra[name] = parser(data[name], err, case)
    return case


def _check_deal(hands: dict[str, list[str]], err) -> None:
    seen: dict[str, str] = {}
    for seat in C.SEATS:
        cards = hands[seat]
        if len(cards) != 13:
            raise err("deal", f"{C.SEAT_NAMES[seat]} has {len(cards)} cards; every hand needs 13")
        for card in cards:
            if card in seen:
                owner = seen[card]
                who = f"both {C.SEAT_NAMES[owner]} and {C.SEAT_NAMES[seat]}" if owner != seat else C.SEAT_NAMES[seat] + " (twice)"
                raise err("deal", f"{C.card_short(card)} is dealt to {who}")
            seen[card] = seat
    # 4 x 13 distinct cards of a 52-card deck: complete by counting.


def _parse_deal_found(value, err) -> dict[str, list[str]]:
    """The deal as found in the board's pockets: any counts, but each card at most once (Laws 13-14)."""
    try:
        hands = C.parse_deal(value)
    except C.NotationError as exc:
        raise err("deal_found", str(exc))
    seen: dict[str, str] = {}
    for seat in C.SEATS:
        for card in hands[seat]:
            if card in seen:
                raise err("deal_found", f"{C.card_short(card)} is in {C.SEAT_NAMES[seen[card]]}'s pocket and "
                                        f"{C.SEAT_NAMES[seat]}'s; a pack holds each card once")
            seen[card] = seat
    return hands


def _parse_entry(item, where: str, err) -> tuple[str, list[str]]:
    if isinstance(item, dict) and len(item) == 1:
        (seat, card), = item.items()
    elif isinstance(item, str) and ":" in item:
        seat, card = item.split(":", 1)
    else:
        raise err(where, f"{item!r} is not a played card (SEAT:CARD, e.g. W:HK)")
    try:
        cards = [C.parse_card(c) for c in str(card).split("+")]
        if len(set(cards)) != len(cards):
            raise C.NotationError(f"{card!r} names the same card twice")
        return C.parse_seat(seat), cards
    except C.NotationError as exc:
        raise err(where, str(exc))


def _parse_play(play, err) -> list[list[Entry]]:
    if not isinstance(play, list):
        raise err("play", "a list of tricks, each a list of SEAT:CARD")
    if len(play) > 13:
        raise err("play", f"the record has {len(play)} tricks; a deal has 13")
    tricks: list[list[Entry]] = []
    for t, trick in enumerate(play, start=1):
        where_t = f"play[{t}]"
        if not isinstance(trick, list) or not trick:
            raise err(where_t, "a trick is a non-empty list of SEAT:CARD")
        entries = []
        for i, item in enumerate(trick):
            where = f"{where_t}[{i + 1}]"
            seat, cards = _parse_entry(item, where, err)
            entries.append(Entry(t, i, seat, cards[0], where, tuple(cards[1:])))
        tricks.append(entries)
    return tricks


def _parse_events(events, err) -> list[Event]:
    if not isinstance(events, list):
        raise err("events", "a list of events, each a mapping with at and kind")
    out: list[Event] = []
    # The claims chapter registers its events when a case has one (engine.input.chapters).
    load_for({str(ev["kind"]) for ev in events if isinstance(ev, dict) and "kind" in ev})
    for n, ev in enumerate(events):
        where = f"events[{n + 1}]"
        if not isinstance(ev, dict):
            raise err(where, "an event is a mapping with at, kind and its fields")
        if "kind" not in ev:
            raise err(where, "missing kind")
        kind = str(ev["kind"])
        if kind not in EVENT_FIELDS:
            known = sorted(set(EVENT_FIELDS).union(CLAIM_EVENT_KINDS))  # the claims chapter's, loaded or not
            raise err(f"{where}.kind", f"unknown event kind {kind!r} (known: {', '.join(known)})")
        if "at" not in ev:
            raise err(where, "missing at (a position such as T3.1, or end)")
        try:
            at = parse_position(ev["at"])
        except C.NotationError as exc:
            raise err(f"{where}.at", str(exc))
        required, optional = EVENT_FIELDS[kind]
        fields = {k: v for k, v in ev.items() if k not in ("at", "kind")}
        for key in sorted(set(map(str, fields)) - required - optional):
            raise err(f"{where}.{key}", f"unknown field for {kind} (allowed: {', '.join(sorted(required | optional)) or 'none'})")
        for key in sorted(required - set(fields)):
            raise err(where, f"{kind} needs {key}")
        out.append(Event(n, at, kind, _check_event_fields(kind, fields, where, err), where))
    return out


def _trick_number(value):
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 13:
        raise C.NotationError(f"{value!r} is not a trick number (1 to 13)")
    return value


def _trick_count(value):
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
        raise C.NotationError(f"{value!r} is not a number of tricks (0 to 13)")
    return value


def _boolean(value):
    if not isinstance(value, bool):
        raise C.NotationError(f"{value!r} is not true or false")
    return value


def _subject(value):
    if str(value) not in SUBJECTS:
        raise C.NotationError(f"unknown subject {value!r} (known: {', '.join(sorted(SUBJECTS))})")
    return str(value)


def _one_of(values: set, what: str):
    def parse(value):
        if str(value) not in values:
            raise C.NotationError(f"unknown {what} {value!r} (known: {', '.join(sorted(values))})")
        return str(value)
    return parse


def _cards(value):
    if not isinstance(value, list):
        raise C.NotationError(f"{value!r} is not a list of cards")
    return [C.parse_card(v) for v in value]


# Event field name -> parser (raises NotationError).  Fields not listed are
# kept as written (free text such as a claim statement).
FIELD_PARSERS = {
    "by": C.parse_seat, "seat": C.parse_seat, "asked": C.parse_seat,
    "side": C.parse_side, "card": C.parse_card, "cards": _cards, "suit": C.parse_suit,
    "trick": _trick_number, "for_trick": _trick_number, "tricks": _trick_count,
    "accepted": _boolean, "subject": _subject,
    "how": _one_of(EXPOSURES, "exposure"), "option": _one_of(OPTIONS, "option"),
    "what": _one_of(INSPECTIONS, "inspection"),
}


def register_field(name: str, parser) -> None:
    """Declare how an event field a chapter reads is checked (parser raises NotationError)."""
    FIELD_PARSERS[name] = parser


def _check_event_fields(kind: str, fields: dict, where: str, err) -> dict:
    clean: dict = {}
    for key, value in fields.items():
        parser = FIELD_PARSERS.get(key)
        try:
            clean[key] = parser(value) if parser else value
        except C.NotationError as exc:
            raise err(f"{where}.{key}", str(exc))
    if kind == "next_board_call":
        if "side" not in clean and "by" not in clean:
            raise err(where, "next_board_call needs side (or by, a seat)")
        if "side" not in clean:
            clean["side"] = C.side_of(clean["by"])
    if kind == "attention_drawn":
        clean.setdefault("subject", "revoke")
    if kind == "option_chosen" and clean["option"] in OPTIONS_WITH and OPTIONS_WITH[clean["option"]] not in clean:
        raise err(where, f"option {clean['option']} needs {OPTIONS_WITH[clean['option']]}")
    if kind == "card_exposed":
        clean.setdefault("by", clean["seat"])
    return clean


def _check_expect(expect, err) -> None:
    if not isinstance(expect, dict):
        raise err("expect", "a mapping with conclusions, absent, declarer_tricks")
    for key in expect:
        if key not in EXPECT_KEYS:
            raise err(f"expect.{key}", f"unknown key (allowed: {', '.join(sorted(EXPECT_KEYS))})")
    for key in ("conclusions", "absent"):
        items = expect.get(key) or []
        if not isinstance(items, list):
            raise err(f"expect.{key}", "a list of mappings, each with kind")
        for i, item in enumerate(items):
            if not isinstance(item, dict) or "kind" not in item:
                raise err(f"expect.{key}[{i + 1}]", "a mapping with at least kind")
    dt = expect.get("declarer_tricks")
    if dt is not None and (isinstance(dt, bool) or not isinstance(dt, int) or not 0 <= dt <= 13):
        raise err("expect.declarer_tricks", f"{dt!r} is not a number of tricks (0 to 13)")
    score = expect.get("score")
    if score is not None:
        if not isinstance(score, dict):
            raise err("expect.score", "a mapping such as {NS: 620}")
        for side, value in score.items():
            try:
                C.parse_side(side)
            except C.NotationError as exc:
                raise err(f"expect.score.{side}", str(exc))
            if isinstance(value, bool) or not isinstance(value, int):
                raise err(f"expect.score.{side}", f"{value!r} is not a score")
