"""Clause identifiers: one canonical form, one parser.

Law clauses are written ``<law><letter><digit><sub-letter>``, e.g. ``64``,
``64A``, ``64A1``, ``62D2``, ``50E2a``, ``67B1b`` (the sub-letter lower-case,
as the contract writes ``67B1b``; ``67B1(b)`` and ``52B1A`` are read too).  Commentary points are written ``commentary <law>.<point>``
with an optional roman or letter sub-point: ``commentary 64.6``,
``commentary 61.5(ii)``, ``commentary 62.5(a)``.

``parse`` accepts the spellings people type (``Law 64 A 1``, ``64a1``,
``Commentary 61.5 (ii)``, ``c64.6``) and returns a :class:`ClauseId`; ``str()``
of it is the canonical form used as a key in the knowledge base, in rule
metadata, in conclusions and in case folders.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

_LAW = re.compile(r"^(?:law\s*)?(\d{1,2})\s*([a-h])?\s*(?:(\d)\s*(?:\(\s*([a-d])\s*\)|([a-d]))?)?$", re.I)
_COMMENTARY = re.compile(
    r"^(?:commentary|comm\.?|c)\s*(\d{1,2})\.(\d{1,2})\s*(?:\(\s*([ivx]+|[a-z])\s*\))?$", re.I
)


class ClauseIdError(ValueError):
    """A string that is not a clause id."""


@dataclass(frozen=True, order=True)
class ClauseId:
    law: int
    letter: str = ""
    number: str = ""
    sub: str = ""
    commentary_point: int = 0  # 0 for law text

    @property
    def is_commentary(self) -> bool:
        return self.commentary_point > 0

    def __str__(self) -> str:
        if self.is_commentary:
            tail = f"({self.sub})" if self.sub else ""
            return f"commentary {self.law}.{self.commentary_point}{tail}"
        return f"{self.law}{self.letter}{self.number}{self.sub}"

    @property
    def slug(self) -> str:
        """A name usable in Python identifiers: ``64A1``, ``50E2a``, ``c61_5_ii``."""
        if self.is_commentary:
            return f"c{self.law}_{self.commentary_point}" + (f"_{self.sub}" if self.sub else "")
        return str(self)

    def parent(self) -> "ClauseId | None":
        """The enclosing clause: 64A1 -> 64A -> 64; commentary 61.5(ii) -> 61.5."""
        if self.sub:
            return ClauseId(self.law, self.letter, self.number, "", self.commentary_point)
        if self.is_commentary:
            return None
        if self.number:
            return ClauseId(self.law, self.letter)
        if self.letter:
            return ClauseId(self.law)
        return None

    def within(self, other: "ClauseId") -> bool:
        """True if this clause is ``other`` or lies inside it."""
        node: ClauseId | None = self
        while node is not None:
            if node == other:
                return True
            node = node.parent()
        return False


@lru_cache(maxsize=None)
def parse(text: str) -> ClauseId:
    """Parse a clause id in any accepted spelling; raise ClauseIdError otherwise."""
    if isinstance(text, ClauseId):
        return text
    raw = str(text).strip()
    m = _COMMENTARY.match(raw)
    if m:
        law, point, sub = int(m.group(1)), int(m.group(2)), (m.group(3) or "").lower()
        if not 1 <= law <= 93 or point < 1:
            raise ClauseIdError(f"not a commentary point: {text!r}")
        return ClauseId(law=law, sub=sub, commentary_point=point)
    m = _LAW.match(raw)
    if m:
        law = int(m.group(1))
        if not 1 <= law <= 93:
            raise ClauseIdError(f"no such law number: {text!r}")
        if m.group(3) and not m.group(2):
            raise ClauseIdError(f"a clause number needs its letter: {text!r}")
        return ClauseId(
            law=law,
            letter=(m.group(2) or "").upper(),
            number=m.group(3) or "",
            sub=(m.group(4) or m.group(5) or "").lower(),
        )
    raise ClauseIdError(f"not a clause id: {text!r} (expected e.g. 64A1 or 'commentary 64.6')")


def canonical(text: str) -> str:
    """The canonical spelling of a clause id."""
    return str(parse(text))
