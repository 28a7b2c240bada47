"""The chapters of the law: importing this module registers the play and board chapters' facts and producers.

The claims chapter (``engine.law.claims``) is loaded only when a case has one
of its events (``engine.input.chapters``); its producer makes facts only from
those events.  The order in which the producers run is fixed by
``engine.law.facts.CHAPTER_ORDER``, whichever chapter was loaded first.
"""
from engine.law import board, play  # noqa: F401

__all__ = ["board", "play"]
