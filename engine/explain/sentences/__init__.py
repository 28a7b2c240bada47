"""Every chapter's sentences, registered with ``engine.explain.texts``.

Import ``describe`` and ``describe_fact`` from here: this loads every chapter's sentences.
"""
from engine.explain.sentences import board, claims, play  # noqa: F401  (registers the sentences)
from engine.explain.texts import describe, describe_fact, seat, side_name

__all__ = ["describe", "describe_fact", "seat", "side_name"]
