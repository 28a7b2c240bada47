"""Shared helpers for the rules of Laws 6-16, 72-75 and 78 (the director's other calls)."""
from engine.law.board import AdjustmentDue, Procedure
from engine.law.compat import P

SOME = P(lambda v: v is not None)
BEFORE_OR_DURING_PLAY = P(lambda s: s in ("play", "after_play"))


def step(name: str, seat=None, side=None, card=None) -> Procedure:
    return Procedure(step=name, seat=seat, side=side, card=card)


def artificial(side: str) -> AdjustmentDue:
    return AdjustmentDue(side=side, method="artificial", offenders=None)


def assigned(side: str, offenders: str) -> AdjustmentDue:
    return AdjustmentDue(side=side, method="assigned", offenders=offenders)
