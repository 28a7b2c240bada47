"""Input: case files, PBN and LIN records, and where a case comes from (``sources``).

Importing the package registers the board chapter's case fields with the case
reader (``caseio``) and the reader of ``pbn:``/``lin:`` pointers.  The claims
chapter's events are registered when a case has one (``chapters.load_for``,
called by the case reader), so a case read through any module here is still
read in full.
"""
from engine.input import board, judgment, sources  # noqa: F401  (registrations)
