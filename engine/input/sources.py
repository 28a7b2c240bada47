"""Where a case comes from: a case file (YAML), a PBN file or a BBO LIN file.

``load_input`` is what the command line and the page call: a YAML case file
as before; a ``.pbn`` or ``.lin`` file with a board chosen (``board``,
``room``, ``game``) and events given alongside (an events file: a YAML list
of events, or a mapping with ``events`` and other case fields such as
``id``, ``title``, ``expect``).  A case file may also point at a PBN or LIN
file itself (``pbn: file.pbn`` and ``board: 7``, as the contract allows;
``lin:`` likewise), the path read relative to the case file and resolved
inside its folder (or a folder the user names: ``roots``, the command line's
``--allow-dir``); nothing else is read.
"""
from __future__ import annotations

import os
from pathlib import Path

from engine.input.caseio import Case, CaseError, load_case, register_linked_file_reader

BOARD_FILES = {".pbn": "pbn", ".lin": "lin"}


def is_board_file(path) -> bool:
    return Path(str(path)).suffix.lower() in BOARD_FILES


def load_record(path, board=None, room=None, game=None):
    kind = BOARD_FILES.get(Path(str(path)).suffix.lower())
    if kind == "pbn":
        from engine.input.pbn import load_board
    elif kind == "lin":
        from engine.input.lin import load_board
    else:
        raise CaseError(str(path), "", "not a PBN (.pbn) or LIN (.lin) file")
    return load_board(path, board, room, game)


def load_input(path, board: int | None = None, room: str | None = None, game: int | None = None,
               events: str | None = None, roots: tuple = ()) -> Case:
    if is_board_file(path):
        from engine.input.pbn import build_case, read_events_file  # only for a PBN or LIN file

        record = load_record(path, board, room, game)
        overlay = read_events_file(events) if events else None
        if overlay:
            # An events file may be a case file pointing at this board: its pointer must agree.
            if overlay.get("board") is not None and overlay.get("board") != record.fields.get("board"):
                raise CaseError(str(events), "board", f"board {overlay['board']}, but {Path(str(path)).name} "
                                                      f"gives {record.label}")
            overlay = {k: v for k, v in overlay.items() if k not in ("pbn", "lin", "board", "room", "game")}
        case_id = (overlay or {}).get("id")
        return build_case(record, overlay, str(events) if events else None, case_id=case_id)
    if any(x is not None for x in (board, room, game, events)):
        raise CaseError(str(path), "", "--board, --room, --game and --events go with a PBN or LIN file; "
                                       "a case file names its board and events itself")
    return load_case(path, roots)


def linked_path(path: str, key: str, target: str, roots: tuple = ()) -> Path:
    """Where a case file's ``pbn:``/``lin:`` pointer leads: inside the case file's folder, or a named root.

    Links are followed before the check, so a link in the folder cannot lead out
    of it, nor to a file of another kind under a ``.pbn`` or ``.lin`` name.
    """
    expected = {"pbn": ".pbn", "lin": ".lin"}[key]
    if "\0" in target:
        raise CaseError(path, key, "the path contains a NUL character")
    if Path(target).suffix.lower() != expected:
        raise CaseError(path, key, f"{target!r} is not a {expected} file")
    folder = Path(os.path.realpath(Path(path).parent))
    allowed = [folder] + [Path(os.path.realpath(r)) for r in roots]
    linked = Path(path).parent / target
    real = Path(os.path.realpath(linked))
    if not any(real == a or a in real.parents for a in allowed):
        named = " or a folder given with --allow-dir" if not roots else ", or in " + ", ".join(map(str, roots))
        raise CaseError(path, key, f"{target!r} is outside the case file's folder: a pointer names a file in that "
                                   f"folder or below it{named}")
    if real.suffix.lower() != expected and os.path.lexists(linked):
        raise CaseError(path, key, f"{target!r} is a link to a file that is not a {expected} file")
    return linked


def case_from_linked_file(data: dict, path: str, roots: tuple = ()) -> Case:
    """A case file with ``pbn:`` (or ``lin:``) and ``board:``: the deal and play from that file."""
    from engine.input.pbn import build_case

    key = "pbn" if "pbn" in data else "lin"
    if "pbn" in data and "lin" in data:
        raise CaseError(path, "lin", "a case points at one file: pbn or lin, not both")
    target = data[key]
    if not isinstance(target, str) or not target.strip():
        raise CaseError(path, key, "the path of the file (relative to this case file)")
    linked = linked_path(path, key, target, roots)
    board = data.get("board")
    if board is not None and (isinstance(board, bool) or not isinstance(board, int) or board < 1):
        raise CaseError(path, "board", f"{board!r} is not a board number (a positive whole number)")
    game = data.get("game")
    if game is not None and (isinstance(game, bool) or not isinstance(game, int) or game < 1):
        raise CaseError(path, "game", f"{game!r} is not a game number (1 for the first game in the file)")
    room = data.get("room")
    try:
        record = load_record(linked, board, room, game)
    except CaseError as exc:
        if exc.file == str(linked) and exc.where in ("board", "game", ""):
            raise CaseError(path, f"{key} ({target}), {exc.where}" if exc.where else f"{key} ({target})", exc.problem)
        raise
    overlay = {k: v for k, v in data.items() if k not in ("pbn", "lin", "board", "room", "game")}
    return build_case(record, overlay, path, case_id=data.get("id"))


register_linked_file_reader(case_from_linked_file)
