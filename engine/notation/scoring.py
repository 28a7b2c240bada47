"""Duplicate scores (the standard table: Law 77 is not among the sources).

The 1987 scale for doubled undertricks is used: not vulnerable 100, 300, 500,
then 300 more for each further trick; vulnerable 200, 500, then 300 more for
each; redoubled twice those.
"""
from __future__ import annotations

from engine.notation.cards import Contract, other_side, side_of


def contract_score(contract: Contract, vulnerable: bool, tricks: int) -> int:
    """The declaring side's score (negative when the contract is defeated)."""
    need = contract.level + 6
    mult = (1, 2, 4)[contract.doubled]
    if tricks >= need:
        per = 20 if contract.strain in ("C", "D") else 30
        first = 40 if contract.strain == "NT" else per
        trick_score = (first + per * (contract.level - 1)) * mult
        score = trick_score
        score += (500 if vulnerable else 300) if trick_score >= 100 else 50
        if contract.level == 6:
            score += 750 if vulnerable else 500
        elif contract.level == 7:
            score += 1500 if vulnerable else 1000
        over = tricks - need
        if contract.doubled == 0:
            score += over * per
        else:
            score += over * (200 if vulnerable else 100) * (contract.doubled)
            score += 50 * contract.doubled
        return score
    down = need - tricks
    if contract.doubled == 0:
        return -down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return -doubled * (2 if contract.doubled == 2 else 1)


def side_vulnerable(vulnerable: str, side: str) -> bool:
    return vulnerable == "All" or vulnerable == side


def duplicate_score(contract: Contract, declarer: str, vulnerable: str, tricks: int) -> dict[str, int]:
    side = side_of(declarer)
    score = contract_score(contract, side_vulnerable(vulnerable, side), tricks)
    return {side: score, other_side(side): -score} if side == "NS" else {"NS": -score, "EW": score}
