"""Random cases for property tests and benchmarks: random deals, random legal
play, with revokes injected at random (and sometimes corrected, claimed,
asked about).  Written independently of the engine's mechanics: it plays
cards from plain sets.
"""
from __future__ import annotations

import random

SEATS = "NESW"
SUITS = "SHDC"
RANKS = "23456789TJQKA"


def _next(seat: str, k: int = 1) -> str:
    return SEATS[(SEATS.index(seat) + k) % 4]


def _winner(cards, trump):
    best = cards[0]
    for seat, card in cards[1:]:
        if card[0] == best[1][0]:
            if RANKS.index(card[1]) > RANKS.index(best[1][1]):
                best = (seat, card)
        elif trump and card[0] == trump and best[1][0] != trump:
            best = (seat, card)
    return best[0]


def pbn_deal(hands) -> str:
    parts = []
    for seat in SEATS:
        suits = []
        for s in SUITS:
            ranks = sorted((c[1] for c in hands[seat] if c[0] == s), key=RANKS.index, reverse=True)
            suits.append("".join(ranks))
        parts.append(".".join(suits))
    return "N:" + " ".join(parts)


def random_case(rng: random.Random, n: int = 0, revoke_rate: float = 0.08, with_events: bool = True,
                irregular_rate: float = 0.0) -> dict:
    deck = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    hands = {seat: set(deck[i * 13:(i + 1) * 13]) for i, seat in enumerate(SEATS)}
    dealt = {seat: set(cards) for seat, cards in hands.items()}
    strain = rng.choice(["S", "H", "D", "C", "NT"])
    trump = None if strain == "NT" else strain
    level = rng.randint(1, 7)
    declarer = rng.choice(SEATS)
    leader = _next(declarer)
    play, events = [], []
    claim_at = rng.randint(4, 13) if with_events and rng.random() < 0.2 else None
    for t in range(1, 14):
        if claim_at == t:
            remaining = 14 - t
            events.append({"at": f"T{t}.0", "kind": "claim", "by": rng.choice(SEATS),
                           "tricks": rng.randint(0, remaining)})
            break
        trick, cards = [], []
        if irregular_rate and rng.random() < irregular_rate:
            _irregular_start(rng, t, leader, hands, trick, events, declarer)
        for k in range(4):
            seat = _next(leader, k)
            hand = hands[seat]
            if cards:
                led = cards[0][1][0]
                follow = [c for c in hand if c[0] == led]
                others = [c for c in hand if c[0] != led]
                if follow and others and rng.random() < revoke_rate:
                    card = rng.choice(sorted(others))
                    trick.append(f"{seat}:{card}")
                    if with_events and rng.random() < 0.3:
                        # noticed at once and corrected: the substitute follows suit
                        events.append({"at": f"T{t}.{len(trick)}", "kind": "attention_drawn",
                                       "subject": "revoke", "by": rng.choice(SEATS), "seat": seat})
                        hand.discard(card)
                        sub = rng.choice(sorted(follow))
                        trick.append(f"{seat}:{sub}")
                        hand.add(card)
                        hand.discard(sub)
                        cards.append((seat, sub))
                        continue
                    hand.discard(card)
                    cards.append((seat, card))
                    continue
                card = rng.choice(sorted(follow or others))
            else:
                card = rng.choice(sorted(hand))
            hand.discard(card)
            trick.append(f"{seat}:{card}")
            cards.append((seat, card))
        play.append(trick)
        leader = _winner(cards, trump)
    if with_events and rng.random() < 0.15:
        events.append({"at": "end", "kind": "next_board_call", "side": rng.choice(["NS", "EW"])})
        if rng.random() < 0.5:
            events.append({"at": "end", "kind": "attention_drawn", "subject": "revoke", "by": rng.choice(SEATS)})
    case = {
        "id": f"generated-{n}",
        "title": "generated",
        "board": rng.randint(1, 32),
        "deal": pbn_deal(dealt),
        "contract": f"{level}{strain}" + rng.choice(["", "", "", "X", "XX"]),
        "declarer": declarer,
        "play": play,
        "events": events,
    }
    return case


def _irregular_start(rng, t, leader, hands, trick, events, declarer):
    """Before the proper lead: a lead out of turn (accepted or refused) or an exposed card."""
    kind = rng.choice(["refused_lead", "exposure", "refused_lead", "exposure_small"])
    if kind == "refused_lead":
        offender = rng.choice([s for s in SEATS if s != leader])
        if not hands[offender]:
            return
        card = rng.choice(sorted(hands[offender]))
        trick.append(f"{offender}:{card}")
        events.append({"at": f"T{t}.{len(trick)}", "kind": "option_chosen", "by": _next(offender),
                       "option": "refuse_lead"})
    else:
        defenders = [_next(declarer), _next(declarer, 3)]
        seat = rng.choice(defenders)
        if not hands[seat]:
            return
        card = rng.choice(sorted(hands[seat]))
        events.append({"at": f"T{t}.0", "kind": "card_exposed", "seat": seat, "card": card,
                       "how": "dropped" if kind == "exposure_small" else rng.choice(["shown", "named", "dropped"])})


def random_position(rng: random.Random, n: int, trick_cards: int | None = None):
    """A random position for the play solver: n cards a hand, then up to three cards of a trick played legally."""
    from engine.mechanics.solver import Position

    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i in range(4):
        for c in deck[i * n:(i + 1) * n]:
            hands[i] |= 1 << c
    leader = rng.randrange(4)
    k = rng.randint(0, 3) if trick_cards is None else trick_cards
    trick: list = []
    for i in range(min(k, 3)):
        seat = (leader + i) % 4
        cards = [c for c in range(52) if hands[seat] >> c & 1]
        if trick:
            cards = [c for c in cards if c // 13 == trick[0] // 13] or cards
        c = rng.choice(cards)
        hands[seat] ^= 1 << c
        trick.append(c)
    return Position(tuple(hands), rng.choice([-1, 0, 1, 2, 3]), leader, tuple(trick))


# ---------------------------------------------------------------------------
# Whole sessions (PBN and LIN files of many boards), for the readers' streaming tests and bench/session_bench.py
# ---------------------------------------------------------------------------

VULNERABILITY = ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
                 "EW", "All", "None", "NS", "All", "None", "NS", "EW"]  # boards 1-16 (Law 2), then again


def random_board(rng: random.Random, number: int, claim_rate: float = 0.05) -> dict:
    """One legally played board: deal, auction (the contract bid by declarer, passes around it), play.

    With probability ``claim_rate`` play stops after 8 to 12 tricks and ``result`` is an agreed total
    (declarer's tricks so far plus some of the rest): a claim or concession.
    """
    deck = [s + r for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    hands = {seat: set(deck[i * 13:(i + 1) * 13]) for i, seat in enumerate(SEATS)}
    dealt = {seat: set(cards) for seat, cards in hands.items()}
    dealer = SEATS[(number - 1) % 4]
    declarer = rng.choice(SEATS)
    strain = rng.choice(["S", "H", "D", "C", "NT"])
    level = rng.randint(1, 7)
    doubled = rng.choice(["", "", "", "X", "XX"])
    calls, seat = [], dealer
    while seat != declarer:
        calls.append("Pass")
        seat = _next(seat)
    calls.append(f"{level}{strain}")
    if doubled:
        calls.append("X")
        if doubled == "XX":
            calls.append("XX")
    calls += ["Pass"] * 3
    trump = None if strain == "NT" else strain
    leader = _next(declarer)
    stop = rng.randint(8, 12) if rng.random() < claim_rate else 13
    play, won = [], 0
    for _ in range(stop):
        cards = []
        for k in range(4):
            seat = _next(leader, k)
            hand = hands[seat]
            follow = [c for c in hand if cards and c[0] == cards[0][1][0]]
            card = rng.choice(sorted(follow or hand))
            hand.discard(card)
            cards.append((seat, card))
        play.append(cards)
        leader = _winner(cards, trump)
        won += leader in (declarer, _next(declarer, 2))
    result = won if stop == 13 else won + rng.randint(0, 13 - stop)
    return {"board": number, "dealer": dealer, "vulnerable": VULNERABILITY[(number - 1) % 16],
            "deal": pbn_deal(dealt), "hands": dealt, "declarer": declarer,
            "contract": f"{level}{strain}{doubled}", "auction": calls, "play": play, "result": result,
            "players": {s: f"Player {s}{number}" for s in SEATS}}


def session_pbn(boards: list, event: str = "Generated session") -> str:
    """The boards as one PBN file (the import format: tags, Auction and Play sections, a blank line between)."""
    out = ["% PBN 2.1", "% generated by tests/generate.py", ""]
    for b in boards:
        out += [f'[Event "{event}"]', '[Site "Somewhere"]', '[Date "2024.01.01"]', f'[Board "{b["board"]}"]']
        out += [f'[{name} "{b["players"][s]}"]' for s, name in (("W", "West"), ("N", "North"), ("E", "East"),
                                                                 ("S", "South"))]
        out += [f'[Dealer "{b["dealer"]}"]', f'[Vulnerable "{b["vulnerable"]}"]', f'[Deal "{b["deal"]}"]',
                '[Scoring "MP"]', f'[Declarer "{b["declarer"]}"]', f'[Contract "{b["contract"]}"]',
                f'[Result "{b["result"]}"]', f'[Auction "{b["dealer"]}"]']
        calls = b["auction"]
        out += [" ".join(calls[i:i + 4]) for i in range(0, len(calls), 4)]
        first = _next(b["declarer"])
        out.append(f'[Play "{first}"]')
        for trick in b["play"]:
            cells = dict(trick)
            out.append(" ".join(cells[_next(first, k)] for k in range(4)))
        out += ["*", ""]
    return "\n".join(out)


def session_lin(boards: list) -> str:
    """The boards as one BBO LIN file: pn, md, sv, ah, mb, pc and, for a board cut short, mc (the agreed total)."""
    lin_seat = {"S": "1", "W": "2", "N": "3", "E": "4"}
    vul = {"None": "o", "NS": "n", "EW": "e", "All": "b"}
    out = []
    for b in boards:
        hands = ",".join("".join(s + "".join(sorted((c[1] for c in b["hands"][seat] if c[0] == s),
                                                      key=RANKS.index, reverse=True)) for s in SUITS)
                         for seat in "SWN")
        names = ",".join(b["players"][s] for s in "SWNE")
        calls = "".join(f"mb|{'p' if c == 'Pass' else ('d' if c == 'X' else ('r' if c == 'XX' else c))}|"
                        for c in b["auction"])
        cards = "".join(f"pc|{card}|" for trick in b["play"] for _, card in trick)
        claim = f"mc|{b['result']}|" if len(b["play"]) < 13 else ""
        out.append(f"qx|o{b['board']}|pn|{names}|md|{lin_seat[b['dealer']]}{hands}|sv|{vul[b['vulnerable']]}|"
                   f"ah|Board {b['board']}|{calls}{cards}{claim}\n")
    return "".join(out)
