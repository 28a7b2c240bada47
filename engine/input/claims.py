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
    kind: str  # play, cash, draw_trumps, ruff, finesse, lead, discard, ruffing_finesse
    card: str | None = None
    suit: str | None = None
    rounds: int = 0
    on: str | None = None  # discard: the suit led it is made on
    by: str | None = None  # discard of a suit: the seat that throws it

    def text(self) -> str:
        if self.kind == "draw_trumps":
            return "draw trumps"
        if self.kind == "crossruff":
            return "cross-ruff"
        if self.kind == "squeeze":
            return "squeeze (the rest played right)"
        what = C.card_short(self.card) if self.card else self.suit
        extra = f" x{self.rounds}" if self.rounds else ""
        if self.on:
            extra += f" on {self.on}"
        return f"{self.kind.replace('_', ' ')} {what}{extra}"


STEP_HELP = "play, cash, draw_trumps, ruff, finesse, lead, discard, ruffing_finesse, squeeze"


def parse_line(value) -> tuple:
    """A structured statement: a list of steps, each ``{play: SA}``, ``{cash: S}``, ``draw_trumps``,
    ``{discard: C3, on: D}``, ``{ruffing_finesse: DQ}``... (docs/claims.md)."""
    if not isinstance(value, list) or not value:
        raise C.NotationError(f"{value!r} is not a line (a list of steps such as {{cash: S}}, {{finesse: DQ}}, "
                              f"draw_trumps)")
    if len(value) > 52:
        raise C.NotationError(f"{len(value)} steps: a line has at most 52")
    steps = []
    for i, item in enumerate(value, start=1):
        if isinstance(item, str) and item.strip().lower() in ("draw_trumps", "draw trumps"):
            steps.append(LineStep("draw_trumps"))
            continue
        if isinstance(item, str) and item.strip().lower() == "squeeze":
            steps.append(LineStep("squeeze"))
            continue
        if not isinstance(item, dict):
            raise C.NotationError(f"step {i}: {item!r} is not a step ({STEP_HELP})")
        # YAML 1.1 reads a bare key `on` as true: {discard: C3, on: D} arrives as {discard: C3, True: D}
        item = {("on" if k is True else k): v for k, v in item.items()}
        extras = ("rounds", "on", "by")
        keys = [k for k in item if k not in extras]
        if len(keys) != 1 or str(keys[0]) not in C.STEP_KINDS:
            raise C.NotationError(f"step {i}: {item!r} needs exactly one of {', '.join(C.STEP_KINDS)} "
                                  f"(and optionally rounds, or on and by for a discard)")
        kind = str(keys[0])
        arg = item[kind]
        rounds = item.get("rounds", 0)
        if "rounds" in item:
            if kind not in ("cash", "ruff", "lead"):
                raise C.NotationError(f"step {i}: rounds goes with cash, ruff or lead, not {kind}")
            if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 13:
                raise C.NotationError(f"step {i}: rounds {rounds!r} is not a number of rounds (1 to 13)")
        for extra in ("on", "by"):
            if extra in item and kind != "discard":
                raise C.NotationError(f"step {i}: {extra} goes with discard, not {kind}")
        try:
            if kind in ("play", "finesse", "ruffing_finesse"):
                steps.append(LineStep(kind, card=C.parse_card(arg)))
            elif kind in ("cash", "ruff", "lead"):
                steps.append(LineStep(kind, suit=C.parse_suit(arg), rounds=rounds))
            elif kind == "discard":
                on = C.parse_suit(item["on"]) if "on" in item else None
                by = C.parse_seat(item["by"]) if "by" in item else None
                text = str(arg).strip()
                if len(text) == 1:
                    steps.append(LineStep("discard", suit=C.parse_suit(text), on=on, by=by))
                else:
                    if by is not None:
                        raise C.NotationError("by goes with the discard of a suit (the card says whose it is)")
                    steps.append(LineStep("discard", card=C.parse_card(text), on=on))
            else:
                if arg not in (True, None):
                    raise C.NotationError(f"{arg!r}: write {kind}: true (or just {kind})")
                steps.append(LineStep(kind))
        except C.NotationError as exc:
            raise C.NotationError(f"step {i}: {exc}")
    return tuple(steps)


def parse_findings(value) -> tuple:
    """The director's findings on a claim's normal line: ``[{seat: N, card: SA, as: discard}]`` (``as``
    optional: lead, follow, discard or ruff; without it any play of the card but a lead)."""
    if not isinstance(value, list):
        raise C.NotationError(f"{value!r} is not a list of plays such as {{seat: N, card: SA}}")
    if len(value) > 52:
        raise C.NotationError(f"{len(value)} findings: at most 52")
    out = []
    for i, item in enumerate(value, start=1):
        if not isinstance(item, dict) or not {"seat", "card"} <= set(item) or set(item) - {"seat", "card", "as"}:
            raise C.NotationError(f"play {i}: {item!r} is not a play {{seat: N, card: SA}} (optionally as: "
                                  f"lead, follow, discard or ruff)")
        try:
            seat = C.parse_seat(item["seat"])
            card = C.parse_card(item["card"])
        except C.NotationError as exc:
            raise C.NotationError(f"play {i}: {exc}")
        role = item.get("as")
        if role is not None and role not in ("lead", "follow", "discard", "ruff"):
            raise C.NotationError(f"play {i}: as {role!r} is not lead, follow, discard or ruff")
        out.append(Finding(seat, card, role))
    return tuple(out)


@dataclass(frozen=True)
class Finding:
    """A play of the claimer's side the director judged (not normal, or normal) for this player."""

    seat: str
    card: str
    role: str | None = None

    def text(self) -> str:
        what = {"lead": "lead", "follow": "play", "discard": "discard", "ruff": "ruff with", None: "play"}[self.role]
        return f"{C.seat_name(self.seat)} would not {what} the {C.card_name(self.card)}"


def _form(value):
    text = str(value)
    if text not in CLAIM_FORMS + CONCESSION_FORMS:
        raise C.NotationError(f"{value!r} is not a way of claiming or conceding "
                              f"(claim: {', '.join(CLAIM_FORMS)}; concession: {', '.join(CONCESSION_FORMS)})")
    return text


register_field("line", parse_line)
def parse_played(value) -> tuple:
    """Cards played after a claim (68D): ``[S:HA, W:C3, ...]`` in the order played."""
    if not isinstance(value, list) or not value:
        raise C.NotationError(f"{value!r} is not a list of cards played, such as [S:HA, W:C3]")
    if len(value) > 52:
        raise C.NotationError(f"{len(value)} cards: at most 52")
    out = []
    for i, item in enumerate(value, start=1):
        text = str(item)
        if ":" not in text:
            raise C.NotationError(f"card {i}: {item!r} is not seat:card (S:HA)")
        seat, card = text.split(":", 1)
        try:
            out.append((C.parse_seat(seat.strip()), C.parse_card(card.strip())))
        except C.NotationError as exc:
            raise C.NotationError(f"card {i}: {exc}")
    return tuple(out)


register_field("not_normal", parse_findings)
register_field("cards_played", parse_played)
register_field("normal", parse_findings)
register_field("form", _form)
register_field("aware_of_trumps", _boolean)
register_field("award_confirmed", _boolean)
register_field("immediate", _boolean)
register_field("agreed_result", _trick_count)
register_event("claim", {"by", "tricks"}, {"accepted", "statement", "line", "form", "aware_of_trumps", "agreed_result",
                                           "not_normal", "normal", "award_confirmed"})
register_event("concession", {"by", "tricks"}, {"accepted", "form", "agreed_result", "statement", "not_normal",
                                                "normal"})
register_event("objection", {"by"}, {"immediate"})
register_event("acceptance_withdrawn", {"by"})
register_event("correction_period_ended", set())
register_event("director_called", set(), {"by"})
register_event("line_offered", {"by", "line"}, {"statement"})
register_event("current_trick_remark", {"by"}, {"statement", "cards"})
register_event("cards_shown", {"by"}, {"cards", "statement"})
register_event("play_after_claim", {"cards_played"}, {"statement"})

TRUMP_WORD = re.compile(r"trump|козыр", re.I)
MAX_STATEMENT = 2000  # characters: a claim statement longer than this is refused as bad input

# -- reading a free-text statement -------------------------------------------------------------
#
# When a claim has no structured ``line``, its free-text statement is read for
# a plain order of play, clause by clause ("draw trumps, then cash the hearts
# and give up a club"). Every clause must be understood, or the text is not
# used at all (every choice stays open). See docs/claims.md.  Every pattern
# here is linear in the length of the text (no nested or unbounded wildcards
# between two alternatives), and the text is at most MAX_STATEMENT characters.

_SUIT_WORDS = {"spade": "S", "spades": "S", "heart": "H", "hearts": "H", "diamond": "D", "diamonds": "D",
               "club": "C", "clubs": "C"}
_RANK_WORDS = {"ace": "A", "king": "K", "queen": "Q", "jack": "J", "ten": "T", "nine": "9", "eight": "8",
               "seven": "7", "six": "6", "five": "5", "four": "4", "three": "3", "two": "2", "deuce": "2"}
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
            "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13}
_SEQUENCE = re.compile(r"\b(?:and then|then|after that|followed by|afterwards)\b", re.I)
_LIST = re.compile(r"[,;]|\band\b|\bplus\b", re.I)
_DRAW_WORD = re.compile(r"\b(?:draw|draws|drawing|pull|pulls|pulling|clear|clears|clearing)\b", re.I)
_TRUMPS = re.compile(r"\btrumps?\b", re.I)
_TRUMPS_FIRST = re.compile(r"\btrumps?\s{1,3}first\b", re.I)
_CASH = re.compile(r"\b(cash(es|ing)?|run(s|ning)?|winners?|tricks?|top|good|high|established)\b", re.I)
_LOSE = re.compile(r"\b(lose|loses|losing|lost|concede|concedes|conceding|give up|gives up|giving up|yield|"
                   r"give you|give them|giving you)\b", re.I)
_CROSSRUFF = re.compile(r"\bcross[- ]?ruff", re.I)
_SKIP = re.compile(r"^(i|i'll|i will|we|we'll|my|the|rest|are|is|mine|and)?$", re.I)
# words that only say how many tricks are claimed, not how they are won (68C)
_NO_LINE_WORDS = {"all", "the", "rest", "are", "is", "mine", "ours", "my", "our", "i", "i'll", "we", "we'll",
                  "have", "claim", "claims", "claiming", "take", "win", "get", "remaining", "tricks", "trick",
                  "of", "them", "it", "they", "others", "other", "every", "one", "too", "also", "that",
                  "will", "am", "just", "simply", "obviously", "clearly", "yes", "ok", "okay", "now", "here",
                  "thirteen", "twelve", "eleven", "ten", "nine", "eight", "seven", "six", "five", "four", "three",
                  "two", "a", "lot", "these", "those", "good", "high"}
# a reference to a trump an opponent still holds (70C1): "I'll give you a trump", "one trump out", "West's trump"
_OUTSTANDING = re.compile(r"\b(?:give|gives|giving|lose|loses|losing|concede|concedes|conceding)\s{1,3}"
                          r"(?:you|them|up)?\s{0,3}(?:a|one|the|your|their)?\s{0,3}trumps?\b"
                          r"|\b(?:outstanding|remaining|missing|last|your|their|his|her|west's|east's|north's|"
                          r"south's)\s{1,3}trumps?\b|\btrumps?\s{1,3}(?:is\s{1,3}|are\s{1,3})?(?:still\s{1,3})?"
                          r"(?:out|outstanding)\b|\bone\s{1,3}trump\b", re.I)


def names_a_line(text: str | None) -> bool:
    """Whether a statement says anything about how the tricks are won (68C), beyond how many.

    "All mine.", "the rest are mine", "I claim the remaining tricks" name no
    line; "all the rest, trumps are drawn" or "from the top" do.
    """
    if not text:
        return False
    words = re.findall(r"[a-z']+|\d+", text.lower())
    return any(w not in _NO_LINE_WORDS and not w.isdigit() for w in words)


def says_draw_trumps(text: str | None) -> bool:
    """'draw trumps', 'pulling the trumps', 'trumps first' (linear: the draw word, then a later 'trump')."""
    if not text:
        return False
    m = _DRAW_WORD.search(text)
    return bool((m and _TRUMPS.search(text, m.end())) or _TRUMPS_FIRST.search(text))


def names_trump_card(text: str | None, card: str) -> bool:
    """Whether the text names this card of the trump suit: 'the ace of trumps', 'the spade ace', 'SA'."""
    if not text:
        return False
    rank = next((w for w, r in _RANK_WORDS.items() if r == card[1]), None)
    if rank and re.search(rf"\b{rank}\s{{1,3}}of\s{{1,3}}trumps?\b", text, re.I):
        return True
    return _card_in(text) == card


def mentions_outstanding_trump(text: str | None) -> bool:
    """Whether the text speaks of a trump the opponents still hold, or says trumps will be drawn (70C1)."""
    return bool(text) and (says_draw_trumps(text) or bool(_OUTSTANDING.search(text)))


def _card_in(clause: str, held=None):
    """A card named in a clause: 'the queen of diamonds', 'diamond queen', 'DQ'; 'the queen' when the side
    holds exactly one queen (``held``: the side's cards)."""
    m = re.search(r"\b(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)\s{1,3}of\s{1,3}"
                  r"(spades?|hearts?|diamonds?|clubs?)\b", clause, re.I)
    if m:
        return _SUIT_WORDS[m.group(2).lower()] + _RANK_WORDS[m.group(1).lower()]
    m = re.search(r"\b(spades?|hearts?|diamonds?|clubs?)\s{1,3}(ace|king|queen|jack|ten|nine|eight|seven|six|five|"
                  r"four|three|two|deuce)\b", clause, re.I)
    if m:
        return _SUIT_WORDS[m.group(1).lower()] + _RANK_WORDS[m.group(2).lower()]
    m = re.search(r"\b(spades?|hearts?|diamonds?|clubs?)\s{1,3}to\s{1,3}(?:the\s{1,3}|my\s{1,3}|dummy's\s{1,3})?"
                  r"(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)\b", clause, re.I)
    if m:  # "a club to the ace"
        return _SUIT_WORDS[m.group(1).lower()] + _RANK_WORDS[m.group(2).lower()]
    m = re.search(r"\b([SHDC])(10|[2-9TJQKA])\b", clause)
    if m:
        return C.parse_card(m.group(0))
    if held:
        m = re.search(r"\b(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)\b", clause, re.I)
        if m:
            rank = _RANK_WORDS[m.group(1).lower()]
            cards = [c for c in held if c[1] == rank]
            if len(cards) == 1:
                return cards[0]
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


@dataclass(frozen=True)
class StatementContext:
    """What the reader of a statement may look at: the claimer, his side's hands and the opponents' holdings
    when play stopped (to read "my losing club", "dummy's diamonds", "the ruffing finesse in hearts", "if the
    spades are 4-1")."""

    by: str
    hands: dict  # the claimer's side: seat -> cards
    opponents: dict  # seat -> cards
    dealt: dict | None = None  # the opponents' cards as dealt (a condition on a suit's split refers to them)

    def partner(self) -> str:
        return C.partner(self.by)

    def holders(self, suit: str) -> list:
        return [seat for seat, cards in self.hands.items() if any(c[0] == suit for c in cards)]

    def split(self, suit: str) -> tuple:
        """The opponents' holdings of the suit as dealt (else as they stand), longer first."""
        held = self.dealt or self.opponents
        n = sorted((sum(1 for c in cards if c[0] == suit) for cards in held.values()), reverse=True)
        return tuple(n)


_DISCARD = re.compile(r"\b(?:discard|discards|discarding|pitch|pitches|pitching|throw|throws|throwing|shed|sheds|"
                      r"shedding|dump|dumps|dumping)\b", re.I)
_ON = re.compile(r"\bon\b", re.I)
_MINE = re.compile(r"\b(?:my|mine|from (?:my )?hand|in (?:my )?hand)\b", re.I)
_DUMMYS = re.compile(r"\b(?:dummy'?s?|from the table|on the table|from the board|partner'?s?)\b", re.I)
_RUFFING_FINESSE = re.compile(r"\bruffing\s{1,3}finesse", re.I)
_SQUEEZE = re.compile(r"\bsqueez", re.I)
_SPLIT = re.compile(r"\b([0-7])\s{0,2}-\s{0,2}([0-7])\b")
_CONDITION = re.compile(r"^\s{0,3}(?:if|unless|when|should)\b", re.I)
_SEE_TRUMPS = re.compile(r"\bsee\s{1,3}how\s{1,3}(?:the\s{1,3})?trumps?\b", re.I)
_TRUMP_SPLIT = re.compile(r"\btrumps?\b.{0,30}?(?:\d\s{0,2}-\s{0,2}\d|\bbreak|\bsplit|\bbehave|\bdivide|\blie\b)",
                          re.I)


def _whose(text: str, suit: str | None, ctx: StatementContext | None):
    """The hand a phrase means: the claimer's ("my losing club"), his partner's ("dummy's diamonds"), or the one
    hand of the side that holds the suit."""
    if ctx is None:
        return None
    if _DUMMYS.search(text):
        return ctx.partner()
    if _MINE.search(text):
        return ctx.by
    if suit:
        holders = ctx.holders(suit)
        if len(holders) == 1:
            return holders[0]
    return None


def _read_discard(clause: str, trump: str | None, held, ctx):
    """'discard my losing club on dummy's diamonds', 'pitch a diamond on the master club': a standing discard
    (made when the suit after "on" is led) and the cash of that suit; () when not understood."""
    m = _DISCARD.search(clause)
    on = _ON.search(clause, m.end())
    if not on:
        return None
    what, where = clause[m.end():on.start()], clause[on.end():]
    on_suit = _suit_in(where, trump)
    if on_suit is None:
        card = _card_in(where)
        on_suit = card[0] if card else None
    if on_suit is None:
        return None
    card = _card_in(what, held)
    if card:
        discard = LineStep("discard", card=card, on=on_suit)
    else:
        suit = _suit_in(what, None)
        if suit is None:
            return None
        who = _whose(what, suit, ctx)
        plural = re.search(r"\b(?:spades|hearts|diamonds|clubs|losers|cards)\b", what, re.I)
        mine = sorted((c for c in ctx.hands.get(who, ()) if c[0] == suit), key=C.rank_index) \
            if ctx is not None and who else []
        if not plural and mine:
            discard = LineStep("discard", card=mine[0], on=on_suit)  # "my losing club": the one (the lowest)
        else:
            discard = LineStep("discard", suit=suit, on=on_suit, by=who)
    return (LineStep("cash", suit=on_suit, rounds=_top_count(on_suit, ctx)), discard)


def _top_count(suit: str, ctx) -> int:
    """'the high diamonds': how many of the suit the side holds above every opposing card (0: all of them)."""
    if ctx is None:
        return 0
    theirs = [C.rank_index(c) for cards in ctx.opponents.values() for c in cards if c[0] == suit]
    top = max(theirs, default=-1)
    ours = [C.rank_index(c) for cards in ctx.hands.values() for c in cards if c[0] == suit]
    n = sum(1 for r in ours if r > top)
    return n if 0 < n < len(ours) else 0


def _read_ruffing_finesse(clause: str, trump: str | None, ctx):
    """'the ruffing finesse in hearts': the honour led from the hand whose partner, void in the suit, holds a
    trump to ruff it with."""
    if not trump or ctx is None:
        return None
    suit = _suit_in(clause, None)
    if suit is None or suit == trump:
        return None
    options = []
    for seat, cards in ctx.hands.items():
        other = ctx.hands.get(C.partner(seat), ())
        mine = [c for c in cards if c[0] == suit]
        if mine and not any(c[0] == suit for c in other) and any(c[0] == trump for c in other):
            options.append(max(mine, key=C.rank_index))
    return LineStep("ruffing_finesse", card=options[0]) if len(options) == 1 else None


def _condition_holds(condition: str, ctx, last_suit=None):
    """Whether a condition on a suit's split ('if the spades are 4-1', 'if clubs turn out to be 3-2', 'if it is
    4-1' after a sentence about clubs) holds with the opponents' cards as they lie (the claimer sees the split
    as the suit is played): True, False, or None when the condition is not one the reader understands."""
    m = _SPLIT.search(condition)
    suit = _suit_in(condition, None) or (last_suit if re.search(r"\b(?:it|they)\b", condition, re.I) else None)
    if not m or suit is None or ctx is None:
        return None
    want = tuple(sorted((int(m.group(1)), int(m.group(2))), reverse=True))
    got = ctx.split(suit)
    # an even split means that split; an uneven one ("if it is 4-1") means that break or a worse one
    holds = got == want if want[0] - want[1] <= 1 else (got[0] >= want[0] and sum(got) == sum(want))
    return holds if re.match(r"^\s{0,3}(?:if|when|should)\b", condition, re.I) else not holds


def _read_clause(clause: str, trump: str | None, held=None, previous=None, ctx=None):
    """One step (or a tuple of steps) from one clause, or None when the clause is not understood."""
    if trump and _TRUMP_SPLIT.search(clause) and (_CONDITION.search(clause) or re.search(r"\bunless\b", clause, re.I)):
        return LineStep("draw_trumps")  # "all mine unless trumps are 4-0": trumps are drawn first
    if trump and (says_draw_trumps(clause) or _SEE_TRUMPS.search(clause)):
        return LineStep("draw_trumps")
    if trump and _CROSSRUFF.search(clause):
        return LineStep("crossruff")
    if _SQUEEZE.search(clause):
        return LineStep("squeeze")
    if _RUFFING_FINESSE.search(clause):
        return _read_ruffing_finesse(clause, trump, ctx)
    if _DISCARD.search(clause):
        return _read_discard(clause, trump, held, ctx)
    card = _card_in(clause)
    if re.search(r"\bfinesse", clause, re.I):
        card = card or _card_in(clause, held)  # "finesse the queen": the one queen the side holds
        return LineStep("finesse", card=card) if card else None
    if re.search(r"\bruff", clause, re.I):
        after = re.split(r"\bruff\w*", clause, maxsplit=1, flags=re.I)[1]
        suit = _suit_in(after, None)
        if suit is None and previous is not None and re.search(r"\bround\b", after, re.I):
            suit = previous.card[0] if previous.card else previous.suit  # "ruff the fourth round" of that suit
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
    if suit and previous is not None and previous.kind in ("cash", "ruff", "lead"):
        # "cash the hearts, then the spades": the verb carries over
        return LineStep(previous.kind, suit=suit)
    if suit and previous is not None and previous.kind == "draw_trumps":
        return LineStep("cash", suit=suit)  # "draw trumps, then the diamonds"
    return None


def _card_items(part: str, held) -> tuple | None:
    """A list that names a card in every item ('the club queen, a club to the ace and the king of clubs') is
    the order the cards are played in; a list of counts ('two spades, three hearts') is not."""
    items = [x.strip() for x in _LIST.split(part) if x.strip() and not _SKIP.match(x.strip())]
    if len(items) < 2:
        return None
    cards = []
    suit = None
    for item in items:
        card = _card_in(item)
        if card is None:
            # "... and king of clubs", "... and the king" after a card of the suit
            m = re.search(r"\b(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three|two|deuce)\b", item, re.I)
            if m and suit and not _suit_in(item, None):
                card = suit + _RANK_WORDS[m.group(1).lower()]
        if card is None:
            return None
        suit = card[0]
        cards.append(card)
    return tuple(LineStep("play", card=c) for c in cards)


_VERB = re.compile(r"\b(?:ruff\w*|pitch\w*|discard\w*|throw\w*|play\w*|cash\w*|lead\w*|draw\w*|finesse\w*|"
                   r"give|giving|lose|losing|concede\w*|take|taking|run|running|cross|overtake\w*)\b", re.I)
_SENTENCE = re.compile(r"(?<=[.!?;])\s{1,5}")


def read_statement(text: str | None, trump: str | None, held=None, ctx: StatementContext | None = None) -> tuple:
    """The order of play a free-text statement gives, or () when it gives none the engine can follow.

    Only an explicit sequence counts: sentences in turn, and within one "X, then Y", "X after that Y". A list
    joined by "and" or commas names tricks, not an order, and leaves the order open -- unless every item of it
    names a card ("the club queen, a club to the ace and the king"), which is the order of play. Each part must
    name what the engine understands, or the whole text is left unread -- except that a statement opening with
    drawing trumps (or saying "trumps first") is read as drawing trumps first, and "cross-ruff" or "squeeze"
    anywhere as the cross-ruff or the squeeze.  A condition on a suit's split ("if the spades are 4-1 I'll ...") is read against
    the cards as they lie: its steps are taken only when it holds.  ``held``: the claimer's side's cards, to read
    "the queen" as the one queen it holds; ``ctx``: the hands, to read whose cards a phrase means.
    """
    if not text:
        return ()
    text = text[:MAX_STATEMENT].strip().rstrip(".!")
    parts = []
    for sentence in _SENTENCE.split(text):
        parts.extend(p.strip(" ,;.") for p in _SEQUENCE.split(sentence.strip().rstrip(".!;")))
    steps = []
    last_suit = None
    for part in parts:
        if not part or _SKIP.match(part) or re.fullmatch(r"[. ]*|\W*", part):
            continue
        if _CONDITION.search(part) and not _TRUMP_SPLIT.search(part):
            # "if the spades are 4-1 I'll take the ruffing finesse": the condition, then what follows it
            m = re.search(r",|\b(?:I'll|I will|I shall|I'd|then|we'll|we will|there)\b", part, re.I)
            condition, rest = (part[:m.start()], part[m.start() if m.group(0).lower() == "there" else m.end():]) \
                if m else (part, "")
            holds = _condition_holds(condition, ctx, last_suit)
            last_suit = _suit_in(condition, None) or last_suit
            if holds is None:
                steps = None
                break
            if not holds or not rest.strip() or re.search(r"\bno\s{1,3}problem\b|\bfine\b", rest, re.I):
                continue
            part = rest
        step = None
        items = [x.strip() for x in _LIST.split(part) if x.strip() and not _SKIP.match(x.strip())]
        previous = steps[-1] if steps else (LineStep("cash", suit=last_suit) if last_suit else None)
        if len(items) > 1 and re.search(r"\band\b", part, re.I) and not _card_items(part, held):
            # "ruff the fourth round and pitch a diamond on the master club": two acts, each read on its own
            acts = re.split(r"\s{1,3}and\s{1,3}", part, flags=re.I)
            if not all(_VERB.search(act) for act in acts):
                acts = []  # "the queen of spades and three top hearts" lists tricks, not acts
            got = []
            for act in acts:
                one = _read_clause(act, trump, held, got[-1] if got else previous, ctx) if len(acts) > 1 else None
                if one is None:
                    got = None
                    break
                got.extend(one if isinstance(one, tuple) else (one,))
            if got:
                step = tuple(got)
        if step is None and (_DISCARD.search(part) or _RUFFING_FINESSE.search(part) or len(items) == 1):
            step = _read_clause(part if len(items) != 1 else items[0], trump, held, previous, ctx)
        if step is None and len(items) > 1:
            step = _card_items(part, held)
        if step is None:
            steps = None
            break
        steps.extend(step if isinstance(step, tuple) else (step,))
        last = steps[-1]
        last_suit = (last.card[0] if last.card else last.suit) or last_suit
    if steps:
        return tuple(steps)
    if trump and _CROSSRUFF.search(text):
        return (LineStep("crossruff"),)
    if _SQUEEZE.search(text):
        return (LineStep("squeeze"),)  # "... on a double squeeze, provided that ...": the claim rests on it
    # the first part that says what is played (a remark such as "I think I can handle this" says nothing)
    first = next((p for p in parts if _VERB.search(p) or _TRUMPS.search(p)), "")
    first = _LIST.split(first)[0] if first else ""
    if trump and (_TRUMPS_FIRST.search(text) or says_draw_trumps(first) or _SEE_TRUMPS.search(first)):
        return (LineStep("draw_trumps"),)
    return ()
