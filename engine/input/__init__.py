"""Input: case files, PBN and LIN records, and where a case comes from (``sources``).

Importing the package registers every chapter's case fields and events with the
case reader (``caseio``) and the reader of ``pbn:``/``lin:`` pointers, so a case
read through any module here is read in full.
"""
from engine.input import board, claims, sources  # noqa: F401  (registrations)
