"""Case fields the director's judgment reads in any chapter: the class of player (footnote to Law 69).

``player_class`` (optional, top level): ``novice``, ``club`` (the default) or ``expert``, the class of the
players whose play Laws 69-71 judge "normal" (careless or inferior for the class of player involved, not
irrational).  docs/claims.md says which items of the normal-play model each class changes.  Registered here,
with the always-loaded input modules, because the case reader checks top-level keys before it loads the claims
chapter.
"""
from __future__ import annotations

from engine.input.caseio import register_case_field

PLAYER_CLASSES = ("novice", "club", "expert")
DEFAULT_PLAYER_CLASS = "club"


def parse_player_class(value, err, case):
    text = str(value).strip().lower() if isinstance(value, str) else None
    if text not in PLAYER_CLASSES:
        raise err("player_class", f"{value!r} is not a class of player (one of {', '.join(PLAYER_CLASSES)}; "
                                  f"the default is {DEFAULT_PLAYER_CLASS})")
    return text


register_case_field("player_class", parse_player_class)
