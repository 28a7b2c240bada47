"""Every chapter of the law: importing this module registers all their facts and producers.

The order in which the producers run is fixed by ``engine.law.facts.CHAPTER_ORDER``.
"""
from engine.law import board, claims, play  # noqa: F401

__all__ = ["board", "claims", "play"]
