"""Claims and concessions (Laws 68-71): the case-file vocabulary and the reading of statements.

The claim, concession, objection and related events a case may record, the
structured line of a statement, and the reader of free-text statements
(docs/claims.md).  Registered with the case reader at import.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine.input.caseio import _boolean, _trick_count, register_event, register_field
from engine.notation import cards as C

# ---------------------------------------------------------------------------
# Case-file vocabulary
# ---------------------------------------------------------------------------

CLAIM_FORMS = ("statement", "curtail", "shown_cards")
CONCESSION_FORMS = ("statement", "abandoned_hand")


@dataclass(frozen=True)
class LineStep:
    kind: str  # play, cash, draw_trumps, ruff, finesse, lead
    card: str | None = None
    suit: str | None = None
    rounds: int = 0

    def text(self) -> str:
        if self.kind == "draw_trumps":
            return "draw trumps"
        what = C.card_short(self.card) if self.card else self.suit
        extra = f" x{self.rounds}" if self.rounds else ""
        return f"{self.kind.replace('_', ' ')} {what}{extra}"


def parse_line(value) -> tuple:
    """A structured statement: a list of steps, each ``{play: SA}``, ``{cash: S}``, ``draw_trumps``..."""
    if not isinstance(value, list) or not value:
        raise C.NotationError(f"{value!r} is not a line (a list of steps such as {{cash: S}}, {{finesse: DQ}}, "
                              f"draw_trumps)")
    steps = []
    for i, item in enumerate(value, start=1):
        if isinstance(item, str) and item.strip().lower() in ("draw_trumps", "draw trumps"):
            steps.append(LineStep("draw_trumps"))
            continue
        if not isinstance(item, dict):
            raise C.NotationError(f"step {i}: {item!r} is not a step (play, cash, draw_trumps, ruff, finesse, lead)")
        keys = [k for k in item if k != "rounds"]
        if len(keys) != 1 or str(keys[0]) not in C.STEP_KINDS:
            raise C.NotationError(f"step {i}: {item!r} needs exactly one of {', '.join(C.STEP_KINDS)} "
                                  f"(and optionally rounds)")
        kind = str(keys[0])
        arg = item[kind]
        rounds = item.get("rounds", 0)
        if "rounds" in item:
            if kind not in ("cash", "ruff", "lead"):
                raise C.NotationError(f"step {i}: rounds goes with cash, ruff or lead, not {kind}")
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 13:
                raise C.NotationError(f"step {i}: rounds {rounds!r} is not a number of rounds (1 to 13)")
        try:
            if kind in ("play", "finesse"):
                steps.append(LineStep(kind, card=C.parse_card(arg)))
            elif kind in ("cash", "ruff", "lead"):
                steps.append(LineStep(kind, suit=C.parse_suit(arg), rounds=rounds))
            else:
                if arg not in (True, None):
                    raise C.NotationError(f"{arg!r}: write draw_trumps: true (or just draw_trumps)")
                steps.append(LineStep("draw_trumps"))
        except C.NotationError as exc:
            raise C.NotationError(f"step {i}: {exc}")
    return tuple(steps)


def _form(value):
    text = str(value)
    if text not in CLAIM_FORMS + CONCESSION_FORMS:
        raise C.NotationError(f"{value!r} is not a way of claiming or conceding "
                              f"(claim: {', '.join(CLAIM_FORMS)}; concession: {', '.join(CONCESSION_FORMS)})")
    return text


register_field("line", parse_line)
register_field("form", _form)
register_field("aware_of_trumps", _boolean)
register_field("immediate", _boolean)
register_field("agreed_result", _trick_count)
register_event("claim", {"by", "tricks"}, {"accepted", "statement", "line", "form", "aware_of_trumps", "agreed_result"})
register_event("concession", {"by", "tricks"}, {"accepted", "form", "agreed_result", "statement"})
register_event("objection", {"by"}, {"immediate"})
register_event("acceptance_withdrawn", {"by"})
register_event("correction_period_ended", set())
register_event("line_offered", {"by", "line"}, {"statement"})
register_event("current_trick_remark", {"by"}, {"statement", "cards"})
register_event("cards_shown", {"by"}, {"cards", "statement"})

TRUMP_WORD = re.compile(r"trump|козыр", re.I)

# -- reading a free-text statement -------------------------------------------------------------
#
# When a claim has no structured ``line``, its free-text statement is read for
# a plain order of play, clause by clause ("draw trumps, then cash the hearts
# and give up a club"). Every clause must be understood, or the text is not
# used at all (every choice stays open). See docs/claims.md.

_SUIT_WORDS = {"spade": "S", "spades": "S", "heart": "H", "hearts": "H", "diamond": "D", "diamonds": "D",
               "club": "C", "clubs": "C"}
_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8",
               "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2"}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13}
_SEQUENCE = re.compile(r"\s*[;,]?\s*\b(?:and then|then|after that|followed by|afterwards)\b\s*", re.I)
_LIST = re.compile(r"\s*(?:[,;]|\band\b|\bplus\b)\s*", re.I)
_DRAW = re.compile(r"\b(draw(s|ing)?|pull(s|ing)?|clear(s|ing)?)\b.*\btrumps?\b|\btrumps?\s+first\b", re.I)
_CASH = re.compile(r"\b(cash(es|ing)?|run(s|ning)?|winners?|tricks?|top|good|high|established)\b", re.I)
_LOSE = re.compile(r"\b(lose|loses|losing|lost|concede|concedes|conceding|give up|gives up|giving up|yield)\b",
                   re.I)
_SKIP = re.compile(r"^(i|i'll|i will|we|we'll|my|the|rest|are|is|mine|and)?$", re.I)


def _card_in(clause: str):
    """A card named in a clause: 'the queen of diamonds', 'diamond queen', 'DQ'."""
    m = re.search(r"\b(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)\s+of\s+"
                  r"(spades?|hearts?|diamonds?|clubs?)\b", clause, re.I)
    if m:
        return _SUIT_WORDS[m.group(2).lower()] + _RANK_WORDS[m.group(1).lower()]
    m = re.search(r"\b(spades?|hearts?|diamonds?|clubs?)\s+(ace|king|queen|jack|ten|nine|eight|seven|six|five|"
                  r"four|three|two|deuce)\b", clause, re.I)
    if m:
        return _SUIT_WORDS[m.group(1).lower()] + _RANK_WORDS[m.group(2).lower()]
    m = re.search(r"\b([SHDC])(10|[2-9TJQKA])\b", clause)
    if m:
        return C.parse_card(m.group(0))
    return None


def _suit_in(clause: str, trump: str | None):
    found = []
    for word in re.findall(r"[a-z]+", clause.lower()):
        if word in _SUIT_WORDS:
            found.append(_SUIT_WORDS[word])
        elif word in ("trump", "trumps") and trump:
            found.append(trump)
    return found[0] if len(set(found)) == 1 else None


def _rounds_in(clause: str) -> int:
    m = re.search(r"\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|\d{1,2})\b",
                  clause.lower())
    if not m:
        return 0
    word = m.group(1)
    n = _NUMBERS.get(word) or (int(word) if word.isdigit() else 0)
    return n if 1 <= n <= 13 else 0


def _read_clause(clause: str, trump: str | None):
    """One step from one clause, or None when the clause is not understood."""
    if trump and _DRAW.search(clause):
        return LineStep("draw_trumps")
    card = _card_in(clause)
    if re.search(r"\bfinesse", clause, re.I):
        return LineStep("finesse", card=card) if card else None
    if re.search(r"\bruff", clause, re.I):
        after = re.split(r"\bruff\w*", clause, maxsplit=1, flags=re.I)[1]
        suit = _suit_in(after, None)
        return LineStep("ruff", suit=suit) if suit and trump and suit != trump else None
    if _LOSE.search(clause):
        if card:
            return LineStep("play", card=card)
        suit = _suit_in(clause, trump)
        return LineStep("lead", suit=suit) if suit else None
    if card:
        return LineStep("play", card=card)
    suit = _suit_in(clause, trump)
    if suit and (_CASH.search(clause) or _rounds_in(clause)):
        return LineStep("cash", suit=suit, rounds=_rounds_in(clause))
    return None


def read_statement(text: str | None, trump: str | None) -> tuple:
    """The order of play a free-text statement gives, or () when it gives none the engine can follow.

    Only an explicit sequence counts ("X, then Y", "X after that Y"): a list
    joined by "and" or commas names tricks, not an order, and leaves the order
    open. Each part must name one step the engine understands, or the whole
    text is left unread -- except that a statement opening with drawing
    trumps (or saying "trumps first") is read as drawing trumps first.
    """
    if not text:
        return ()
    text = text.strip().rstrip(".!")
    parts = _SEQUENCE.split(text)
    steps = []
    for part in parts:
        items = [x.strip() for x in _LIST.split(part) if x.strip() and not _SKIP.match(x.strip())]
        step = _read_clause(items[0], trump) if len(items) == 1 else None
        if step is None:
            steps = None
            break
        steps.append(step)
    if steps:
        return tuple(steps)
    if trump and (re.search(r"\btrumps?\s+first\b", text, re.I) or _DRAW.search(_LIST.split(parts[0])[0])):
        return (LineStep("draw_trumps"),)
    return ()
