"""Command line: rule, explain, validate, laws, check, export, quiz, serve, score, consult.

Rulings and reports go to stdout; diagnostics to stderr.

Exit status:
  0  done (validate: every case passed)
  1  validate: at least one case failed or could not be read;
     explain: no conclusion matches the one asked for
  2  bad input (the message names the file, the field and the problem) or bad usage
  3  an internal error (a bug: set BRIDGE_TD_DEBUG=1 to see the traceback)
"""
from __future__ import annotations

import os
import sys
from collections import defaultdict
from pathlib import Path

import click

# The engine is imported by the commands that use it, not here: ``--help`` loads none of it, and each
# command loads what it uses.  (The commands are thin: each loads its module, calls it, prints.)

EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTERNAL = 1, 2, 3
ROOT = Path(__file__).resolve().parent  # the project (as engine.law.knowledge.ROOT)
DEFAULT_CASES = ROOT / "cases"


def dumps(data) -> str:
    from engine.explain.render import dumps as _dumps

    return _dumps(data)

format_option = click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                             show_default=True, help="Output as readable text or as JSON.")
case_argument = click.argument("case_file", metavar="CASE", type=click.Path(dir_okay=False))
view_option = click.option("--view", type=click.Choice(["auto", "plain", "rich"]), default="auto", show_default=True,
                           help="rich: hand diagram, trick table and trace tree (the default on a terminal); "
                                "plain: text (the default otherwise).")


def _rich_wanted(view: str) -> bool:
    return view == "rich" or (view == "auto" and sys.stdout.isatty())


def _print_rich(renderable) -> None:
    from engine.explain.view import console

    out = sys.stdout
    console(file=out, color=True if out.isatty() else None).print(renderable)


def fail(message: str, code: int = EXIT_BAD_INPUT) -> None:
    click.echo(f"error: {message}", err=True)
    sys.exit(code)


def load_or_fail(path: str, board: int | None = None, room: str | None = None, game: int | None = None,
                 events: str | None = None, allow_dir: tuple = ()):
    from engine.input.caseio import CaseError
    from engine.input.sources import load_input

    try:
        return load_input(path, board, room, game, events, roots=tuple(allow_dir or ()))
    except CaseError as exc:
        fail(str(exc))


def input_options(fn):
    """--board, --room, --game, --events: choosing a deal of a PBN or LIN file and adding events;
    --allow-dir: a further folder a case file's pbn:/lin: pointer may name a file in."""
    fn = click.option("--allow-dir", "allow_dir", multiple=True, type=click.Path(file_okay=False, exists=True),
                      help="A folder (besides the case file's own) where the case's pbn: or lin: file may be; "
                           "repeat for more.")(fn)
    fn = click.option("--events", type=click.Path(dir_okay=False), default=None,
                      help="With a PBN/LIN file: a YAML list of events (or a case file with events) for that board.")(fn)
    fn = click.option("--game", type=int, default=None, help="With a PBN/LIN file: the N-th game of the file.")(fn)
    fn = click.option("--room", default=None, help="With a PBN/LIN file: the room (Open, Closed) when a board was played twice.")(fn)
    fn = click.option("--board", type=int, default=None, help="With a PBN/LIN file: the board to rule on.")(fn)
    return fn


class LazyGroup(click.Group):
    """A group some of whose commands live in other modules, loaded only when one of them is run.

    ``lazy`` maps a command's name to (module, attribute, one-line help); the help line is what
    ``--help`` lists, so listing the commands loads none of them.
    """

    lazy = {
        "score": ("engine.commands.board", "score", "Score one board's results across the tables (Law 78)."),
        "consult": ("engine.commands.board", "consult",
                    "Ask the director the questions the law leaves to him, then rule."),
    }

    def list_commands(self, ctx):
        return sorted(set(super().list_commands(ctx)) | set(self.lazy))

    def get_command(self, ctx, name):
        if name in self.lazy and name not in self.commands:
            import importlib

            module, attr, _ = self.lazy[name]
            self.add_command(getattr(importlib.import_module(module), attr), name)
        return super().get_command(ctx, name)

    def format_commands(self, ctx, formatter):
        rows = []
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        for name in names:
            if name in self.lazy and name not in self.commands:
                rows.append((name, self.lazy[name][2]))
                continue
            cmd = super().get_command(ctx, name)
            if cmd is not None and not cmd.hidden:
                rows.append((name, cmd.get_short_help_str(limit)))
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
def cli() -> None:
    """Rulings on bridge irregularities from the 1987 Laws, with their reasons."""


@cli.command(short_help="Rule on a case: what happened, the rectification, the result.")
@case_argument
@input_options
@format_option
@view_option
def rule(case_file: str, board, room, game, events, allow_dir, fmt: str, view: str) -> None:
    """Rule on CASE: what happened, the rectification with its clauses, the result.

    CASE is a case file (YAML), or a PBN or LIN file with --board (and
    --events for what the record cannot show: attention drawn, claims, calls
    on the next board).
    """
    ruling = _rule_or_fail(load_or_fail(case_file, board, room, game, events, allow_dir))
    if fmt == "text" and _rich_wanted(view):
        from engine.explain.view import rich_ruling

        _print_rich(rich_ruling(ruling))
        return
    from engine.explain.render import ruling_json, ruling_text

    click.echo(dumps(ruling_json(ruling)) if fmt == "json" else ruling_text(ruling))


def _rule_or_fail(case):
    from engine.explain.ruling import rule_case
    from engine.input.caseio import CaseError

    try:
        return rule_case(case)
    except CaseError as exc:
        fail(str(exc))


@cli.command(short_help="How a conclusion was reached, or why one was not (--why-not).")
@case_argument
@click.argument("selector", nargs=-1, metavar="[CONCLUSION | FIELD=VALUE ...]")
@input_options
@click.option("--why-not", "why_not_kind", metavar="KIND",
              help="Explain why the ruling has no KIND conclusion (with the FIELD=VALUE given): for each rule "
                   "that could conclude it, the first condition that failed and the facts it looked at.")
@format_option
@view_option
def explain(case_file: str, selector: tuple, board, room, game, events, allow_dir, why_not_kind: str | None,
            fmt: str, view: str) -> None:
    """Show how each conclusion was reached, back to the table; or, with --why-not, why one was not.

    CONCLUSION picks one: an id (c12), a kind (trick_transfer) or a kind with
    fields (trick_transfer:trick=2,seat=E). Without it, every conclusion but
    the trick winners is explained. With --why-not KIND, the arguments are
    FIELD=VALUE pairs narrowing the conclusion asked about (tricks=2, seat=E,
    law=64A1).
    """
    from engine.explain.render import explain as explain_tree
    from engine.explain.render import find_conclusions, ruling_json

    ruling = _rule_or_fail(load_or_fail(case_file, board, room, game, events, allow_dir))
    if why_not_kind:
        _why_not(ruling, why_not_kind, selector, fmt)
        return
    if len(selector) > 1:
        fail("explain takes one CONCLUSION (use --why-not KIND FIELD=VALUE ... to ask why one is missing)")
    conclusion = selector[0] if selector else None
    chosen = find_conclusions(ruling, conclusion)
    if not chosen:
        fail(_no_such_conclusion(ruling, conclusion), EXIT_FAILED)
    if fmt == "json":
        data = ruling_json(ruling)
        wanted = {c.id for c in chosen}
        click.echo(dumps({"case": data["case"], "explain": sorted(wanted, key=lambda x: int(x[1:])),
                          "conclusions": data["conclusions"], "facts": data["facts"], "trace": data["trace"]}))
        return
    kb = _knowledge()
    if _rich_wanted(view):
        from rich.console import Group

        from engine.explain.view import rich_trace

        _print_rich(Group(*(rich_trace(ruling, c, kb) for c in chosen)))
        return
    click.echo("\n\n".join(explain_tree(ruling, c, kb) for c in chosen))


def _no_such_conclusion(ruling, selector: str) -> str:
    """What to say when CONCLUSION names nothing in the ruling: the ids it has for an id, its kinds otherwise."""
    import difflib
    import re

    shown = [c for c in ruling.conclusions if c.kind != "trick_won"]
    if re.fullmatch(r"[cC]\d+", selector or ""):
        ids = ", ".join(f"{c.id} {c.kind}" for c in sorted(shown, key=lambda c: int(c.id[1:])))
        return (f"this ruling has no conclusion {selector} (its conclusions: {ids or 'none'}; "
                f"`explain CASE` lists them with their reasons)")
    kinds = sorted({c.kind for c in shown})
    kind = (selector or "").partition(":")[0]
    near = difflib.get_close_matches(kind, kinds, n=1)
    hint = f"did you mean {near[0]}? " if near and near[0] != kind else ""
    return (f"no conclusion matches {selector!r} ({hint}this ruling has: {', '.join(kinds) or 'none'}; "
            f"--why-not KIND asks why one is missing)")


def _why_not(ruling, kind: str, pairs: tuple, fmt: str) -> None:
    from engine.explain.whynot import (
        WhyNotError,
        parse_wanted,
        render,
        to_json,
        why_not,
    )

    try:
        answer = why_not(ruling, kind, parse_wanted(pairs))
    except WhyNotError as exc:
        fail(f"--why-not: {exc}")
    if fmt == "json":
        click.echo(dumps({"case": ruling.case.id, "why_not": to_json(answer)}))
    else:
        click.echo(render(answer, _knowledge()))


@cli.command(short_help="Rule every case and check it against its expect block.")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@format_option
@click.option("-v", "--verbose", is_flag=True, help="List every case, passed or not.")
@click.option("--clauses", "show_clauses", is_flag=True, help="Also list the clauses the passing cases exercise.")
@click.option("-q", "--quiet", is_flag=True, hidden=True, help="Accepted for old scripts: failures and the summary "
              "are all that is printed anyway.")
@click.option("-j", "--jobs", type=click.IntRange(min=1), default=None,
              help="Processes ruling at once (default: one per core for 20 cases or more; 1: this process only).")
def validate(paths: tuple, fmt: str, verbose: bool, show_clauses: bool, quiet: bool, jobs: int | None) -> None:
    """Rule every case under PATHS (default: the bundled casebook) and check its expect block.

    Prints the failures and a one-line summary (-v: every case; --clauses:
    the clauses exercised).  Exit status 1 when a case fails.
    """
    from engine.commands.validate import collect, validate_files

    files = collect(paths or [DEFAULT_CASES])
    if not files:
        fail("no case files found", EXIT_BAD_INPUT)
    results = validate_files(files, jobs)
    ids = defaultdict(list)
    for r in results:
        if r.case_id:
            ids[r.case_id].append(r.path)
    for case_id, where in ids.items():
        if len(where) > 1:
            for r in results:
                if r.case_id == case_id and r.path != where[0]:
                    r.error = f"{r.path}: id: {case_id!r} is also the id of {where[0]}"
    passed = [r for r in results if r.passed]
    exercised = sorted(set().union(*(r.clauses() for r in passed)) if passed else set(), key=_clause_key)
    if fmt == "json":
        click.echo(dumps({
            "cases": [{"path": r.path, "id": r.case_id, "passed": r.passed, "error": r.error or None,
                       "differences": r.differences, "expect": r.has_expect} for r in results],
            "passed": len(passed), "failed": len(results) - len(passed), "clauses_exercised": exercised,
        }))
    else:
        for r in results:
            if r.error:
                click.echo(f"ERROR {r.path}\n      {r.error}")
            elif r.differences:
                click.echo(f"FAIL  {r.path} ({r.case_id})")
                for d in r.differences:
                    click.echo(f"      {d}")
            elif verbose and not quiet:
                note = "" if r.has_expect else " (no expect block: ruled only)"
                click.echo(f"pass  {r.path}{note}")
        unchecked = sum(1 for r in passed if not r.has_expect)
        note = f" ({unchecked} without an expect block: ruled only)" if unchecked else ""
        click.echo(f"{len(passed)} passed, {len(results) - len(passed)} failed, {len(results)} cases{note}")
        if show_clauses:
            click.echo(f"Clauses exercised by passing cases ({len(exercised)}): " + (", ".join(exercised) or "none"))
    if len(passed) != len(results):
        sys.exit(EXIT_FAILED)


def _ranges(numbers) -> str:
    """1, 2, 3, 5 -> '1-3, 5'."""
    out, run = [], []
    for n in sorted(numbers):
        if run and n != run[-1] + 1:
            out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
            run = []
        run.append(n)
    if run:
        out.append(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]))
    return ", ".join(out)


def _clause_key(clause: str):
    from engine.law.clause import ClauseIdError, parse

    try:
        c = parse(clause)
        return (c.law, c.commentary_point, c.letter, c.number, c.sub)
    except ClauseIdError:
        return (999, 0, clause, "", "")


def _knowledge():
    from engine.law.knowledge import KnowledgeError, load

    try:
        return load()
    except KnowledgeError as exc:
        fail(f"knowledge base: {exc}", EXIT_INTERNAL)


def _laws_progress(done: int, total: int) -> None:
    """What ``laws`` is doing when it must rule the casebook first (a fresh machine, or the engine changed): on
    stderr, a counter on a terminal, else one line at the start and one at the end."""
    tty = sys.stderr.isatty()
    if done == 0:
        sys.stderr.write(f"laws: ruling {total} case{'s' if total != 1 else ''} to find the clauses each exercises (once: the answer is "
                         f"cached until the engine or a case changes)" + (" ..." if tty else "\n"))
    elif tty:
        sys.stderr.write(f"\rlaws: ruling the casebook: {done}/{total} cases" + ("\n" if done == total else ""))
    elif done == total:
        sys.stderr.write(f"laws: {total} case{'s' if total != 1 else ''} ruled\n")
    sys.stderr.flush()


@cli.command(short_help="List the clauses of the Laws, with their rules and cases.")
@click.option("--law", "law", type=int, help="Only this law, e.g. 64.")
@click.option("--cases", "cases_dir", type=click.Path(exists=True, file_okay=False), default=None,
              help="Casebook used to find the cases exercising each clause (default: the bundled one).")
@click.option("--tree", "tree", type=int, is_flag=False, flag_value=0, default=None, metavar="[LAW]",
              help="Show each law's exception structure as a tree (which clause overrides which); "
                   "--tree 64 for one law, --tree alone (or with --law) for all.")
@format_option
def laws(law: int | None, cases_dir: str | None, tree: int | None, fmt: str) -> None:
    """List the clauses of the Laws the engine knows (knowledge/*.yaml), with the rules and cases behind each."""
    kb = _knowledge()
    for wanted in (law, tree or None):
        if wanted is not None and wanted not in kb.titles:
            fail(f"there is no Law {wanted} among the laws the engine knows (Laws {_ranges(kb.laws())})",
                 EXIT_BAD_INPUT)
    if tree is not None:
        from engine.explain import lawtree

        chosen = [tree] if tree else ([law] if law is not None else kb.laws())
        if fmt == "json":
            click.echo(dumps([lawtree.to_json(kb, n) for n in chosen]))
        else:
            click.echo("\n\n".join(lawtree.render(kb, n) for n in chosen))
        return
    from engine.rules import LawEngine

    rules_for = defaultdict(list)
    for r in LawEngine.law_rules():
        fn = r._wrapped
        rules_for[fn.clause].append(r.__name__)
        for c in fn.cites:
            rules_for[c].append(r.__name__ + " (cites)")
    from engine.commands.validate import collect, exercised

    cases_for = defaultdict(list)
    files = collect([cases_dir or DEFAULT_CASES]) if (cases_dir or DEFAULT_CASES.exists()) else []
    for case_id, clauses in exercised(files, progress=_laws_progress):
        for clause in clauses:
            cases_for[clause].append(case_id)
    entries = [e for e in kb.entries.values() if law is None or e.law == law]
    if fmt == "json":
        click.echo(dumps([{"id": e.id, "title": e.title, "status": e.status, "summary": e.summary,
                           "rules": rules_for.get(e.id, []), "cases": sorted(set(cases_for.get(e.id, []))),
                           "reason": e.reason or None, "applies_to": list(e.applies_to),
                           "overrides": list(e.overrides), "see": list(e.see),
                           "implemented_in": e.implemented_in or None} for e in entries]))
        return
    current = None
    for e in entries:
        if e.law != current:
            if current is not None:  # a blank line between laws, none before the first
                click.echo("")
            current = e.law
            click.echo(f"Law {e.law}: {kb.titles[e.law]}")
        click.echo(f"  {e.id}  {e.title}  [{e.status}]")
        if e.status == "not_mechanizable":
            click.echo(f"      not mechanizable: {e.reason}")
        if e.applies_to:
            click.echo(f"      applies to: {', '.join(e.applies_to)}")
        if e.overrides:
            click.echo(f"      exception to: {', '.join(e.overrides)}")
        if e.implemented_in:
            click.echo(f"      implemented in: {e.implemented_in}")
        if rules_for.get(e.id):
            click.echo(f"      rules: {', '.join(rules_for[e.id])}")
        cs = sorted(set(cases_for.get(e.id, [])))
        if cs:
            shown = ", ".join(cs[:6]) + (f" and {len(cs) - 6} more" if len(cs) > 6 else "")
            click.echo(f"      cases: {shown}")
        elif e.status == "rule":
            click.echo("      cases: none yet")


@cli.command(short_help="Write a case out as a PBN game, with the ruling.")
@case_argument
@input_options
@click.option("-o", "--output", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write to this file instead of standard output.")
def export(case_file: str, board, room, game, events, allow_dir, output: str | None) -> None:
    """Write CASE back out as a PBN game, with the ruling in notes and commentary."""
    from engine.input.pbn import write_pbn

    text = write_pbn(_rule_or_fail(load_or_fail(case_file, board, room, game, events, allow_dir)))
    if output:
        try:
            Path(output).write_text(text, encoding="utf-8")
        except OSError as exc:
            fail(f"{output}: cannot be written: {exc.strerror or exc}")
    else:
        click.echo(text, nl=False)


@cli.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@format_option
def audit(files: tuple, fmt: str) -> None:
    """Every claim or concession in PBN and LIN session FILES, checked against the cards (Laws 69-71).

    For each claimed or conceded board: the claimed total, the legal floor and
    ceiling, the double-dummy value, and flags with their clause (69B: no legal
    play makes the claim good; 71A1: a trick conceded that could not be lost;
    70A: worth a look).  A progress bar goes to stderr for long sessions.
    """
    from engine.commands.audit import audit_files, audit_text, stderr_progress

    report = audit_files(files, progress=stderr_progress)
    click.echo(dumps(report) if fmt == "json" else audit_text(report))
    if report["errors"]:
        sys.exit(EXIT_BAD_INPUT)


@cli.command(short_help="Check every board of PBN and LIN files against its deal.")
@click.argument("files", nargs=-1, required=True, type=click.Path(exists=True, dir_okay=False))
@click.option("-q", "--quiet", is_flag=True, help="Print only the problems and the summary.")
def check(files: tuple, quiet: bool) -> None:
    """Read every game of PBN and LIN FILES and check each record against its deal.

    Each game is read on its own: a problem rejects that game (named by file,
    game and field), and the rest of the file is still read.  A played record
    is checked against the deal by the mechanics (cards held, marks, result);
    the laws rule it when the record shows an irregularity of play.  Exit
    status 1 when any game has a problem.
    """
    from engine.commands.session import describe, entries
    from engine.input.caseio import CaseError

    bad = total = 0
    for entry in entries(files):  # one game at a time: a session of any length in the memory of one game
        if entry.unlisted:  # the games with problems past the first ones of the file: counted, not listed
            total += entry.unlisted
            bad += entry.unlisted
            click.echo(f"ERROR {entry.error}")
            continue
        total += 1
        if entry.error is None:
            try:
                line = describe(entry)
            except CaseError as exc:
                entry.error = exc
        if entry.error is not None:
            bad += 1
            click.echo(f"ERROR {entry.error}")
            continue
        if not quiet:
            click.echo(f"ok    {entry.file}: {entry.label}: {line}")
            for note in entry.record.reader_notes:
                click.echo(f"      note: {note}")
    click.echo(f"\n{total - bad} ok, {bad} with problems, {total} games")
    if bad:
        sys.exit(EXIT_FAILED)


@cli.command(short_help="Exercises for trainees from the casebook or PBN/LIN files, scored.")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@input_options
@click.option("--answers", "answers_file", type=click.File("r"), default=None,
              help="Read the answers from this file, one a line ('-' for standard input); "
                   "without it, from standard input.")
@click.option("--limit", type=int, default=None, help="Ask about at most this many cases.")
@click.option("--shuffle", is_flag=True, help="Take the cases in a random order (see --seed).")
@click.option("--seed", type=int, default=None, help="Seed for --shuffle, to repeat an order.")
@click.option("--plain-cards", is_flag=True, help="Suit letters (S H D C) instead of symbols.")
def quiz(paths: tuple, board, room, game, events, allow_dir, answers_file, limit, shuffle, seed, plain_cards) -> None:
    """Turn the casebook (or PATHS: case files, folders, PBN or LIN files) into exercises.

    Shows each deal and its play, asks the director's questions in the order
    the trace answers them, checks every answer against the engine's ruling,
    explains a wrong one (the rule, its clause, why not the answer given) and
    ends with the score.
    """
    import random

    from engine.commands import quiz as Q
    from engine.commands.validate import collect
    from engine.input.sources import is_board_file

    cases = []
    for path in paths or [str(DEFAULT_CASES)]:
        if is_board_file(path):
            if board is not None or game is not None:
                cases.append(load_or_fail(path, board, room, game, events, allow_dir))
            else:
                cases.extend(_all_boards(path))
        else:
            files = collect([path])
            if not files:
                fail(f"{path}: no case files found")
            cases.extend(load_or_fail(str(f), allow_dir=allow_dir) for f in files)
    if shuffle:
        random.Random(seed).shuffle(cases)
    if limit is not None:
        cases = cases[:max(limit, 0)]
    rulings = [_rule_or_fail(c) for c in cases]
    stream = answers_file if answers_file is not None else sys.stdin
    if stream is sys.stdin and sys.stdin.isatty():
        def interactive():
            while True:
                try:
                    yield click.prompt("your answer", default="", show_default=False)
                except click.Abort:  # Ctrl-C or Ctrl-D at the prompt: stop with the score so far
                    raise KeyboardInterrupt
        answers = interactive()
        echo = False  # the prompt shows what was typed
    else:
        answers = Q.answer_lines(stream)
        echo = True
    Q.run(rulings, answers, click.echo, _knowledge(), symbols=not plain_cards, echo=echo)


def _all_boards(path: str) -> list:
    from engine.input import lin, pbn
    from engine.input.caseio import CaseError

    try:
        if path.lower().endswith(".lin"):
            records = [lin.board_record(b, path) for b in lin.load_boards(path)]
        else:
            records = [pbn.board_record(g) for g in pbn.load_games(path)]
        return [pbn.build_case(r) for r in records]
    except CaseError as exc:
        fail(str(exc))


@cli.command(short_help="The page for the director, in a browser on this machine.")
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@click.option("--host", default="127.0.0.1", show_default=True, help="A loopback address (127.0.0.1, ::1, localhost).")
@click.option("--port", type=int, default=8765, show_default=True, help="The port (0: any free one).")
def serve(paths: tuple, host: str, port: int) -> None:
    """Serve the local page: open a case or PBN/LIN file, see the deal, step through the play,
    unfold each conclusion's trace and why-not.

    PATHS are the folders or files offered on the page (default: the casebook and
    examples/). The page is served on this machine only (a loopback address).
    """
    from engine.commands.web import NotLoopback, make_server

    roots = list(paths) or [str(p) for p in (DEFAULT_CASES, DEFAULT_CASES.parent / "examples") if p.exists()]
    try:
        server = make_server(roots, host, port)
    except NotLoopback as exc:
        fail(str(exc))
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"Serving {', '.join(roots)} on http://{shown}:{server.server_address[1]}/ (Ctrl-C to stop)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()




def main() -> None:
    try:
        cli(standalone_mode=True)
    except SystemExit:
        raise
    except Exception as exc:  # a bug, not bad input
        if os.environ.get("BRIDGE_TD_DEBUG"):
            raise
        click.echo(f"internal error: {type(exc).__name__}: {exc} (set BRIDGE_TD_DEBUG=1 for the traceback)", err=True)
        sys.exit(EXIT_INTERNAL)


if __name__ == "__main__":
    main()
