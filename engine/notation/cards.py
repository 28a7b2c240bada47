"""Notation: seats, sides, suits, cards, contracts, deals (PBN conventions).

Pure functions, no law.  Each parser raises ``NotationError`` with a message
that names what was wrong; the case loader adds the file and field.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

SEATS = ("N", "E", "S", "W")
SUITS = ("S", "H", "D", "C")
RANKS = "23456789TJQKA"
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "notrump"}
SUIT_SINGULAR = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
SIDE_NAMES = {"NS": "North-South", "EW": "East-West"}


def seat_name(s) -> str:
    """North, East, ... (anything else as written)."""
    return SEAT_NAMES.get(s, str(s))


# The steps of a claimer's stated line of play (docs/claims.md): read from case files, followed by the solver.
STEP_KINDS = ("play", "cash", "draw_trumps", "ruff", "finesse", "lead", "discard", "ruffing_finesse", "squeeze")
RANK_NAMES = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}
STRAINS = ("C", "D", "H", "S", "NT")


class NotationError(ValueError):
    """A value that does not follow the notation."""


def next_seat(seat: str, step: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + step) % 4]


def partner(seat: str) -> str:
    return next_seat(seat, 2)


def side_of(seat: str) -> str:
    return "NS" if seat in ("N", "S") else "EW"


def other_side(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def parse_seat(value) -> str:
    text = str(value).strip().upper()
    if text in SEATS:
        return text
    names = {v.upper(): k for k, v in SEAT_NAMES.items()}
    if text in names:
        return names[text]
    raise NotationError(f"{value!r} is not a seat (N, E, S or W)")


def parse_side(value) -> str:
    text = str(value).strip().upper()
    if text in ("NS", "SN"):
        return "NS"
    if text in ("EW", "WE"):
        return "EW"
    raise NotationError(f"{value!r} is not a side (NS or EW)")


def parse_card(value) -> str:
    """'SA', 'HT', 'h10', 'C2' -> canonical 'SA', 'HT', 'HT', 'C2'."""
    text = str(value).strip().upper()
    if len(text) == 3 and text[1:] == "10":
        text = text[0] + "T"
    if len(text) != 2 or text[0] not in SUITS or text[1] not in RANKS:
        raise NotationError(f"{value!r} is not a card (suit letter and rank, e.g. SA, HT, C10)")
    return text


def parse_suit(value) -> str:
    text = str(value).strip().upper()
    if text in SUITS:
        return text
    raise NotationError(f"{value!r} is not a suit (S, H, D or C)")


def suit_of(card: str) -> str:
    return card[0]


def rank_index(card: str) -> int:
    return RANKS.index(card[1])


def card_name(card: str) -> str:
    """'SK' -> 'the king of spades'; 'H7' -> 'the seven of hearts'."""
    numbers = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six",
               "7": "seven", "8": "eight", "9": "nine"}
    rank = RANK_NAMES.get(card[1]) or numbers[card[1]]
    return f"the {rank} of {SUIT_NAMES[card[0]]}"


def card_short(card: str) -> str:
    """'ST' -> 'S10' for readers; 'SK' -> 'SK'."""
    return card[0] + ("10" if card[1] == "T" else card[1])


def sort_cards(cards) -> list[str]:
    return sorted(cards, key=lambda c: (SUITS.index(c[0]), -rank_index(c)))


@dataclass(frozen=True)
class Contract:
    level: int
    strain: str  # C D H S NT
    doubled: int  # 0, 1 (X), 2 (XX)

    @property
    def trump(self) -> str | None:
        return None if self.strain == "NT" else self.strain

    def __str__(self) -> str:
        return f"{self.level}{self.strain}" + "X" * self.doubled


_CONTRACT = re.compile(r"^([1-7])(C|D|H|S|NT|N)(X{0,2})$")


def parse_contract(value) -> Contract:
    text = str(value).strip().upper().replace(" ", "")
    m = _CONTRACT.match(text)
    if not m:
        if re.match(r"^\d", text) and not re.match(r"^[1-7]", text):
            raise NotationError(f"{value!r}: a contract's level is 1 to 7")
        raise NotationError(f"{value!r} is not a contract (e.g. 4S, 3NT, 6HX, 2CXX)")
    strain = "NT" if m.group(2) in ("NT", "N") else m.group(2)
    return Contract(int(m.group(1)), strain, len(m.group(3)))


def parse_deal(value) -> dict[str, list[str]]:
    """PBN Deal value -> {seat: [cards]}.  Checks shape, not completeness."""
    text = str(value).strip()
    m = re.match(r"^([NESWnesw])\s*:\s*(.*)$", text)
    if not m:
        raise NotationError("a deal starts with the first seat and a colon, e.g. 'N:AKQ2.KQ2.AQ2.KQ2 ...'")
    first = m.group(1).upper()
    hands_text = m.group(2).split()
    if len(hands_text) != 4:
        raise NotationError(f"a deal has four hands separated by spaces; found {len(hands_text)}")
    hands: dict[str, list[str]] = {}
    for i, hand_text in enumerate(hands_text):
        seat = next_seat(first, i)
        if hand_text == "-":
            raise NotationError(f"{SEAT_NAMES[seat]}'s hand is missing ('-'): a case needs all four hands")
        suits = hand_text.split(".")
        if len(suits) != 4:
            raise NotationError(f"{SEAT_NAMES[seat]}'s hand {hand_text!r} must have four suits separated by dots")
        cards: list[str] = []
        for suit, holding in zip(SUITS, suits):
            holding = holding.upper().replace("10", "T")
            for rank in holding:
                if rank not in RANKS:
                    raise NotationError(f"{SEAT_NAMES[seat]}'s hand: {rank!r} is not a rank in {SUIT_NAMES[suit]}")
                cards.append(suit + rank)
        hands[seat] = cards
    return hands


def trick_winner(cards: list[tuple[str, str]], trump: str | None) -> tuple[str, str]:
    """Given [(seat, card)] in playing order, the (seat, card) that wins (Law 44).

    The highest trump wins if any trump was played; otherwise the highest
    card of the suit led.
    """
    best = cards[0]
    for seat, card in cards[1:]:
        b = best[1]
        if suit_of(card) == suit_of(b):
            if rank_index(card) > rank_index(b):
                best = (seat, card)
        elif trump is not None and suit_of(card) == trump and suit_of(b) != trump:
            best = (seat, card)
    return best
