"""Commands for the director's other calls: ``score`` (Law 78) and ``consult`` (the questions
the law leaves to the director, Law 16 above all), plus the text sections their rulings add.

``cli.py`` adds these commands to its group; they follow its conventions:
rulings on stdout, prompts and diagnostics on stderr, exit 2 on bad input.
"""
from __future__ import annotations

import sys
from pathlib import Path

import click
import yaml

from engine.explain import render
from engine.explain.render import dumps, ruling_json, ruling_text
from engine.explain.ruling import rule_case
from engine.explain.sentences.board import STEPS  # noqa: F401  (registers the chapter's facts and sentences)
from engine.input.board import QUESTIONS, parse_answers
from engine.input.caseio import CaseError, case_from_data, load_case
from engine.input.results import METHODS, load_results, parse_result
from engine.mechanics.scoring78 import board_json, board_text, score_board
from engine.mechanics.session78 import CROSS, FEWER, PERCENTS, PLUS, SESSION_METHODS, SITOUT, file_scale, score_session
from engine.mechanics.session_report import session_json, session_text
from engine.notation.cards import SIDE_NAMES

EXIT_BAD_INPUT = 2
RESULT_SUFFIXES = (".yaml", ".yml", ".json", ".csv")  # one board's results
SESSION_SUFFIXES = (".xml", ".pbn")  # a session: USEBIO XML, PBN with score tables
MAX_QUESTIONS = 60  # more than any chain of questions the laws can ask


def _fail(message: str) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(EXIT_BAD_INPUT)


# ---------------------------------------------------------------------------
# score
# ---------------------------------------------------------------------------


SCORE_METHODS = tuple(dict.fromkeys(METHODS + SESSION_METHODS))
BIG_SESSION = 2_000  # results: from this many on, reading and scoring show a progress bar on stderr


@click.command()
@click.argument("results_file", metavar="FILE", type=click.Path(dir_okay=False))
@click.option("--method", type=click.Choice(SCORE_METHODS), default=None,
              help="Matchpoints (78A), IMPs between the two tables of a match (78B), cross-IMPs or Butler IMPs "
                   "across the field (78B), point-a-board (bam), or total points (78C). Default: the file's own "
                   "method, else matchpoints.")
@click.option("--fewer", type=click.Choice(FEWER), default="neuberg", show_default=True,
              help="Matchpoints on boards played fewer times or with artificial scores: the Neuberg formula, "
                   "factored in proportion, each missing result counted as a tie (ScoreBridge's), or the real "
                   "results on their own top.")
@click.option("--percent", "percent", type=click.Choice(PERCENTS), default="top", show_default=True,
              help="A board's matchpoint percentage: of the top, or (M + 1) / (top + 2), the self-comparison "
                   "counted as a tie (the convention of simultaneous pairs' frequency tables).")
@click.option("--plus", type=click.Choice(PLUS), default="fixed", show_default=True,
              help="Matchpoints: average plus and minus as 60 and 40 % (12C1), or 'session': the greater of 60 % "
                   "and the pair's percentage on its other boards (the lesser of 40 % and it), as Ruter does.")
@click.option("--sitout", type=click.Choice(SITOUT), default="none", show_default=True,
              help="Matchpoints: a board a pair sat out (a 'Bye' row) counts for nothing, or 'average': the "
                   "pair's own percentage of the board's top, as Ruter credits it (its percentage unchanged).")
@click.option("--cross", type=click.Choice(CROSS), default="average", show_default=True,
              help="Cross-IMPs: averaged over the comparisons, or summed (as Ruter publishes them).")
@click.option("--trim", type=click.IntRange(0, 10), default=1, show_default=True,
              help="Butler: the highest and the lowest this many scores are left out of the datum.")
@click.option("--ruling", "rulings", metavar="CASE.yaml", multiple=True,
              help="A ruling to put in place (board, ns, ew and the result or adjusted score; or the case or "
                   "ruling JSON that gives it). May be given several times.")
@click.option("--board", "boards", type=click.IntRange(1), multiple=True,
              help="Show this board's traveller (may be given several times).")
@click.option("--travellers", is_flag=True, help="Show every board's traveller.")
@click.option("--write", "write_path", metavar="OUT", type=click.Path(dir_okay=False),
              help="Write the rescored session to OUT, in the format it came in.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output as readable text or as JSON.")
def score(results_file: str, method: str | None, fewer: str, percent: str, plus: str, sitout: str, cross: str,
          trim: int, rulings: tuple, boards: tuple, travellers: bool, write_path: str | None, fmt: str) -> None:
    """Score one board's results, or a whole session, and apply a director's ruling to it.

    FILE is one board's results (YAML: a list of mappings ns, ew, score, the North-South pair, the
    East-West pair and North-South's score; or CSV with the header ns,ew,score; an adjusted score may
    give ew_score, or ns_percent and ew_percent, instead), a USEBIO XML results file, or a PBN file
    with score tables ([ScoreTable] after each board, [TotalScoreTable]).
    """
    suffix = Path(results_file).suffix.lower()
    if suffix not in RESULT_SUFFIXES + SESSION_SUFFIXES and _looks_like_pbn(results_file):
        suffix = ".pbn"  # a PBN export saved without its suffix (Ruter names its files so)
    if suffix not in RESULT_SUFFIXES + SESSION_SUFFIXES:
        what = {".lin": "a LIN file"}.get(suffix, f"a {suffix or 'plain'} file")
        _fail(f"{results_file}: {what} is not a results file. score takes one board's results: a YAML list "
              f"of tables (- {{ns: 1, ew: 2, score: 420}}) or a CSV file with the header ns,ew,score, or a "
              f"session: USEBIO XML or PBN with score tables; to rule on a board of a PBN or LIN file, use "
              f"rule FILE --board N")
    one_board = suffix in RESULT_SUFFIXES and not (rulings or write_path or boards or travellers or percent != "top")
    if one_board and (method is None or method in METHODS):
        try:
            results = load_results(results_file)
            scores = score_board(results, method or "matchpoints")
        except CaseError as exc:
            _fail(str(exc))
        except ValueError as exc:
            _fail(f"{results_file}: {exc}")
        click.echo(dumps(board_json(scores)) if fmt == "json" else board_text(scores))
        return
    try:
        report = rescore(results_file, method, fewer, trim, rulings, write_path, percent=percent, plus=plus, sitout=sitout,
                         cross=cross)
    except CaseError as exc:
        _fail(str(exc))
    except ValueError as exc:
        _fail(f"{results_file}: {exc}")
    session, scores, before, applied, original = report
    args = dict(before=before, rulings=applied, boards=boards, all_boards=travellers, original=original)
    if fmt == "json":
        data = session_json(session, scores, **args)
        if write_path:
            data["written"] = write_path
        click.echo(dumps(data))
    else:
        click.echo(session_text(session, scores, **args))
        if write_path:
            click.echo(f"\nWritten: {write_path} ({session.fmt})")


def _looks_like_pbn(path: str) -> bool:
    try:
        with open(path, "rb") as f:
            head = f.read(200).lstrip(b"\xef\xbb\xbf \t\r\n")
    except OSError:
        return False
    return head.startswith(b"[") or head.startswith(b"%") and not head.startswith(b"%YAML")  # PBN's comments


def rescore(path: str, method, fewer: str = "neuberg", trim: int = 1, rulings=(), write_path=None, progress=True,
            percent: str = "top", plus: str = "fixed", sitout: str = "none", cross: str = "average"):
    """Read a session, score it, put the rulings in place and score it again; write it back when asked.

    Returns (session, scores, scores before the rulings or None, [(ruling, replaced result)], session as read).
    """
    from engine.input.session import (MAX_RULINGS, apply_ruling, copy_session, load_ruling, load_session,
                                      write_session)

    if len(rulings) > MAX_RULINGS:
        raise CaseError(path, "--ruling", f"{len(rulings)} rulings (at most {MAX_RULINGS} at once)")
    bar = _Progress() if progress else None
    session = load_session(path, bar.read if bar else None)
    n = sum(len(rows) for rows in session.boards.values())
    loaded = [load_ruling(r, _case_ruling) for r in rulings]
    scoring = bar.scored(n) if bar and n >= BIG_SESSION else None
    scores = score_session(session, method, fewer, trim, scoring, percent, plus, sitout, cross)
    before, applied, original = None, [], session
    if loaded:
        original = copy_session(session)
        before = scores
        for ruling in loaded:
            applied.append((ruling, apply_ruling(session, ruling)))
        scores = score_session(session, method, fewer, trim, scoring, percent, plus, sitout, cross)
    if bar:
        bar.done()
    if write_path:
        write_session(session, scores, before or scores, write_path, file_scale(original, before or scores))
    return session, scores, before, applied, original


def _case_ruling(path) -> dict:
    """A case file ruled by the engine, as its ruling's JSON (for a ruling file's ``case``)."""
    return ruling_json(rule_case(load_case(path)))


class _Progress:
    """A one-line bar on stderr for long work (a big file read, a big session scored); nothing for a small one."""

    def __init__(self):
        self.shown = False

    def _bar(self, label: str, share: float, extra: str = "") -> None:
        width = 30
        filled = int(width * min(max(share, 0.0), 1.0))
        sys.stderr.write(f"\rscore {label} [{'#' * filled}{'.' * (width - filled)}] {share:4.0%}{extra}")
        sys.stderr.flush()
        self.shown = True

    def read(self, pos, size) -> None:
        if size and size > 512 * 1024:
            self._bar("reading", pos / size)

    def scored(self, total: int):
        def step(done: int) -> None:
            if done == total or done % 500 < 50:
                self._bar("scoring", done / total, f", {done:,} results")
        return step

    def done(self) -> None:
        if self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()


# ---------------------------------------------------------------------------
# consult
# ---------------------------------------------------------------------------


def _read_answers(source: str, case) -> dict:
    """Answers from a YAML or JSON file ('-': stdin), checked as the case's answers block would be."""
    if source == "-":
        text, name = sys.stdin.read(), "<stdin>"
    else:
        try:
            with open(source, encoding="utf-8") as fh:
                text = fh.read()
        except OSError as exc:
            raise CaseError(source, "", exc.strerror or "cannot be read")
        name = source
    try:
        data = yaml.safe_load(text) if text.strip() else {}
    except yaml.YAMLError as exc:
        raise CaseError(name, "", f"malformed YAML or JSON: {getattr(exc, 'problem', None) or exc}")
    if isinstance(data, dict) and "answers" in data and len(data) == 1:
        data = data["answers"]

    def err(where, problem):
        return CaseError(name, where, problem)

    parse_answers(data, err, case)  # raises, naming the answers file and key
    return data


def _merge(raw: dict, more: dict) -> dict:
    out = {k: (dict(v) if isinstance(v, dict) else v) for k, v in raw.items()}
    for key, value in more.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key].update(value)
        else:
            out[key] = value
    return out


def _with_answers(case, answers: dict):
    data = dict(case.raw)
    if answers:
        data["answers"] = answers
    return case_from_data(data, case.path)


def _board_intro(ruling) -> str:
    """The board, the deal and the auction (with what was marked at its calls), for the questions."""
    from engine.explain.auction import auction_lines, auction_view, players_view
    from engine.explain.view import diagram_lines

    case = ruling.case
    out = [f"Case {case.id}" + (f": {case.title}" if case.title else ""), render.board_line(ruling), ""]
    out += diagram_lines(case.hands, names=players_view(case))
    view = auction_view(case)
    if view:
        out += [""] + auction_lines(view, players_view(case))
    ui = case.extra.get("ui")
    if ui:
        out += ["", f"Information: {ui['how']} by {_seat_name(ui.get('by'))}, received by {_seat_name(ui['received_by'])}"
                + (f"; then {_seat_name(ui['received_by'])} chose {ui['action']}" if ui.get("action") else "")]
    out.append("")
    return "\n".join(out)


def _seat_name(s) -> str:
    from engine.notation import cards as C

    return C.SEAT_NAMES.get(s, "nobody") if s else "nobody"


def _prompt(question, case) -> object:
    spec = QUESTIONS[question.fields["key"]]
    law = question.law
    text = f"[{law}] {question.fields['question']}"
    if spec.kind == "result":
        side = question.fields["side"]

        def check(value):
            try:
                parse_result(value.strip(), side, case.vulnerable if case.vulnerable_known else None)
            except Exception as exc:  # noqa: BLE001  (any problem: ask again)
                raise click.BadParameter(str(exc))
            return value.strip()

        return _asked(click.prompt(text, err=True, value_proc=check))
    return _asked(click.prompt(text, err=True, type=click.Choice(list(spec.choices)), show_choices=True))


def _asked(value):
    """An answer read from a file or a pipe is not echoed by the terminal: repeat it after its prompt, so
    that each question and its answer stand on a line of their own and the ruling starts on a new line."""
    if not sys.stdin.isatty():
        click.echo(str(value), err=True)
    return value


@click.command()
@click.argument("case_file", metavar="CASE", type=click.Path(dir_okay=False))
@click.option("--answers", "answers_file", metavar="FILE",
              help="Answers as YAML or JSON (keys as in a case's answers block); '-' reads them from stdin. "
                   "Questions still open are asked interactively.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="Output the final ruling as readable text or as JSON.")
def consult(case_file: str, answers_file: str | None, fmt: str) -> None:
    """Ask the director every question the law leaves to him on CASE, then rule from the answers.

    Each question names its clause (for unauthorized information: was it made
    available by partner, was there a logical alternative, could the action
    have been suggested, was there damage). Answers in the case file, then in
    --answers, are used first; the rest are asked one at a time (prompts on
    stderr), and the full ruling is printed at the end.
    """
    try:
        case = load_case(case_file)
        answers = dict(case.raw.get("answers") or {})
        if answers_file:
            answers = _merge(answers, _read_answers(answers_file, case))
        asked = []
        for _ in range(MAX_QUESTIONS):
            current = _with_answers(case, answers)
            ruling = rule_case(current)
            open_questions = ruling.of_kind("question")
            if not open_questions:
                break
            if not asked:
                click.echo(_board_intro(ruling), err=True)  # what the director sees before the first question
            q = open_questions[0]
            try:
                value = _prompt(q, current)
            except (click.Abort, EOFError):
                _fail(f"{case_file}: no answer to question {q.fields['key']} [{q.law}] (the answers and stdin "
                      f"ran out)")
            key, side = q.fields["key"], q.fields.get("side")
            if QUESTIONS[key].per_side:
                answers = _merge(answers, {key: {side: value}})
            else:
                answers = _merge(answers, {key: value})
            asked.append((key, side, value))
        else:  # pragma: no cover - the question chains are finite
            _fail(f"{case_file}: more than {MAX_QUESTIONS} questions; giving up")
    except CaseError as exc:
        _fail(str(exc))
    if fmt == "json":
        data = ruling_json(ruling)
        data["answers"] = answers
        click.echo(dumps(data))
    else:
        click.echo(ruling_text(ruling))


# ---------------------------------------------------------------------------
# Text sections of a ruling
# ---------------------------------------------------------------------------


def _answers_section(r):
    lines = []
    for item in r.facts.values():
        if item.kind == "answer":
            f = item.fields
            spec = QUESTIONS[f["key"]]
            side = f" ({SIDE_NAMES[f['side']]})" if f.get("side") else ""
            lines.append((f"{f['key']}{side}: {f['text']}", spec.law))
    return ("Director's answers", lines) if lines else None


def _adjusted_section(r):
    lines = []
    kinds = ("no_result", "result_cancelled", "artificial_adjusted_score", "assigned_adjusted_score", "matchpoints", "imps",
             "total_points")
    for c in r.conclusions:
        if c.kind in kinds:
            lines.append((c.text, c.law))
    if not lines:
        return None
    replaced = r.of_kind("no_result") or r.of_kind("result_cancelled") or r.of_kind("artificial_adjusted_score") or \
        r.of_kind("assigned_adjusted_score")
    if replaced and r.score is not None:
        return ("Score after the ruling (the table result above does not stand)", lines)
    return ("Score after the ruling", lines)


render.TEXT_SECTIONS.extend([_answers_section, _adjusted_section])
render.IRREGULARITIES = render.IRREGULARITIES + ("irregularity",)  # shown under "What happened"
# Read the chapter's conclusions in the order a director would announce them.
render.MAIN_ORDER = render.MAIN_ORDER + (
    "irregularity", "information", "no_result", "result_cancelled", "result_stands", "rectification_lost", "procedure", "refer",
    "director_option", "adjustment_due", "fault", "artificial_adjusted_score", "assigned_adjusted_score",
    "matchpoints", "imps", "total_points", "procedural_penalty_possible", "responsible_player")

__all__ = ["score", "consult", "rescore"]
