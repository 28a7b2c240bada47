"""Every chapter's sentences, registered with ``engine.explain.texts``.

Import ``describe`` and ``describe_fact`` from here: this loads the play and
board chapters' sentences; the claims chapter's load with that chapter, when a
case has one of its events (``engine.input.chapters``), before it can conclude
anything.
"""
from engine.explain.sentences import board, play  # noqa: F401  (registers the sentences)
from engine.explain.texts import describe, describe_fact, seat, side_name

__all__ = ["describe", "describe_fact", "seat", "side_name"]
