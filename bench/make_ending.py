"""Write a case file whose play record leads to a given ending (a tool for writing claim cases, not a test).

    python bench/make_ending.py --ending "N:HA HK D9/E:CA H3 H2/S:DA C3 C2/W:CK DK DQ" --leader N \
        --contract 3NT --declarer S [--seed 1] > case.yaml

The cards not in the ending are dealt at random and played in earlier tricks, legally (every player follows
suit whenever his whole hand, ending included, holds the suit led), so that the player to lead at the ending
won the last trick.  The earlier tricks are made up: a case built this way says so in its notes.
"""
from __future__ import annotations

import argparse
import random
import sys

SEATS = "NESW"
RANKS = "23456789TJQKA"


def _beats(a: str, b: str, trump: str | None) -> bool:
    if a[0] == b[0]:
        return RANKS.index(a[1]) > RANKS.index(b[1])
    return trump is not None and a[0] == trump


def build(ending: dict, leader: str, trump: str | None, first_leader: str, rng: random.Random, tries=20000):
    held = {c for cs in ending.values() for c in cs}
    deck = [s + r for s in "SHDC" for r in RANKS if s + r not in held]
    n_end = len(next(iter(ending.values())))
    per = 13 - n_end
    for _ in range(tries):
        rng.shuffle(deck)
        extra = {seat: deck[i * per:(i + 1) * per] for i, seat in enumerate(SEATS)}
        hands = {seat: set(extra[seat]) | set(ending[seat]) for seat in SEATS}
        todo = {seat: set(extra[seat]) for seat in SEATS}
        lead = first_leader
        tricks = []
        ok = True
        for t in range(per):
            seat = lead
            cards = []
            for k in range(4):
                s = SEATS[(SEATS.index(lead) + k) % 4]
                if k == 0:
                    options = sorted(todo[s])
                else:
                    suit = cards[0][1][0]
                    if any(c[0] == suit for c in hands[s]):
                        options = sorted(c for c in todo[s] if c[0] == suit)
                    else:
                        options = sorted(todo[s])
                if not options:
                    ok = False
                    break
                c = rng.choice(options)
                cards.append((s, c))
                todo[s].discard(c)
                hands[s].discard(c)
            if not ok:
                break
            best = cards[0]
            for s, c in cards[1:]:
                if _beats(c, best[1], trump):
                    best = (s, c)
            lead = best[0]
            tricks.append(cards)
        if ok and lead == leader:
            deal = {seat: set(extra[seat]) | set(ending[seat]) for seat in SEATS}
            return deal, tricks
    return None


def pbn(deal: dict) -> str:
    out = []
    for seat in SEATS:
        out.append(".".join("".join(sorted((c[1] for c in deal[seat] if c[0] == s), key=RANKS.index, reverse=True))
                            for s in "SHDC"))
    return "N:" + " ".join(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ending", required=True, help='"N:HA HK D9/E:.../S:.../W:..."')
    ap.add_argument("--leader", required=True)
    ap.add_argument("--contract", required=True)
    ap.add_argument("--declarer", required=True)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    ending = {}
    for part in args.ending.split("/"):
        seat, cards = part.split(":")
        ending[seat.strip()] = cards.split()
    strain = args.contract.rstrip("X").lstrip("1234567")
    trump = None if strain == "NT" else strain
    first = SEATS[(SEATS.index(args.declarer) + 1) % 4]
    got = build(ending, args.leader, trump, first, random.Random(args.seed))
    if got is None:
        sys.exit("no legal play record found for that ending; try another --seed")
    deal, tricks = got
    print(f'deal: "{pbn(deal)}"')
    print(f"contract: {args.contract}")
    print(f"declarer: {args.declarer}")
    print("play:")
    for t in tricks:
        print("  - [" + ", ".join(f"{s}:{c}" for s, c in t) + "]")


if __name__ == "__main__":
    main()
