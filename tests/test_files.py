"""Files we read and write (issue 21, and the ``audit`` wording of issue 22).

Each defect of the issue has its regression test here: reading stays in proportion to the file
(a long tag value, a long session), every input has a documented bound with an error naming the
file, the field and the problem, ``export`` and the page's PBN save write what our own reader reads
back (hostile strings included), nothing of the record is dropped on export, ``audit`` and ``check``
read through one reader with one set of errors, and a passed-out board given as ``[Contract "Pass"]``
alone is read.
"""
from __future__ import annotations

import gc
import json
import random
import re
import tracemalloc
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cli import cli
from engine.commands import audit as A
from engine.commands.intake import case_pbn
from engine.commands.session import entries
from engine.explain.ruling import rule_case
from engine.input import lin, pbn
from engine.input.caseio import CaseError, case_from_data
from engine.input.sources import load_input
from generate import random_board, session_lin, session_pbn

ROOT = Path(__file__).resolve().parent.parent
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"
# North AKQJ.T98.765.432, East T98.765.432.AKQJ, South 765.432.AKQJ.T98, West 432.AKQJ.T98.765


def game(*tags: str, body: str = "") -> str:
    return "\n".join(['[Event "e"]', '[Board "1"]', '[Dealer "N"]', '[Vulnerable "None"]', f'[Deal "{DEAL}"]',
                      *tags]) + "\n" + body


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def traced_peak(fn) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# -- reading in proportion to the file -----------------------------------------------------------------------


def test_a_long_tag_value_is_refused_in_memory_of_the_order_of_the_file():
    """A 2 MB tag value cost about 160 bytes a character (the value's regular expression kept a mark per
    character); now the scan takes no memory beyond the text, and the value is refused by name."""
    text = game(body="").replace('[Event "e"]', '[Event "' + "x" * 2_000_000 + '"]')
    games = []
    peak = traced_peak(lambda: games.extend(pbn.iter_games(text, "long.pbn")))
    assert peak < 2 * len(text), peak
    (g,) = games
    with pytest.raises(CaseError) as exc:
        pbn.board_record(g)
    assert str(exc.value) == ("long.pbn: board 1, game 1, Event (line 1): the value is 2,000,000 characters long "
                              "(at most 20,000 in one tag value)")


def test_the_tag_value_bound_is_exact():
    at = pbn.parse_games(game(f'[Site "{"s" * pbn.MAX_TAG_VALUE}"]'), "x.pbn")[0]
    assert len(pbn.board_record(at).tags["Site"]) == pbn.MAX_TAG_VALUE
    past = pbn.parse_games(game(f'[Site "{"s" * (pbn.MAX_TAG_VALUE + 1)}"]'), "x.pbn")[0]
    with pytest.raises(CaseError, match=r"Site \(line 6\): the value is 20,001 characters long"):
        pbn.board_record(past)


@pytest.mark.parametrize("body, where, problem", [
    ('[Auction "N"]\n' + "Pass " * 1001, "Auction (line 7)", "more than 1,000 entries in the Auction section"),
    ('[Play "E"]\n' + "- " * 1001, "Play (line 7)", "more than 1,000 entries in the Play section"),
    ('[Play "E"]\nS' + "2" * 300, "Play (line 7)", "an entry of 301 characters"),
    ("".join(f'[T{i} "v"]\n' for i in range(501)), "line 501", "more than 500 tag pairs in one game"),
    ("".join("{c}\n" for _ in range(1001)), "line 1006", "more than 1,000 comments"),
    ("{" + "c" * 200_001 + "}\n", "line 6", "characters of comments in one game"),
])
def test_what_one_game_may_hold_is_bounded(tmp_path, body, where, problem):
    """Each bound of a game is an error naming the file, the game, where, and what was too much (exit 2)."""
    path = write(tmp_path, "big.pbn", game(body=body))
    res = CliRunner().invoke(cli, ["rule", str(path)])
    assert res.exit_code == 2 and res.stderr.startswith(f"error: {path}: board 1, game 1, {where}: "), res.stderr
    assert problem in res.stderr and "Traceback" not in res.stderr


def test_entries_of_a_game_of_junk_are_not_kept_one_by_one():
    """A game of junk lines keeps its first problems and counts the rest (memory stays with the text)."""
    text = "x\n" * 50_000
    (g,) = pbn.parse_games(text, "junk.pbn")
    assert len(g.problems) == pbn.MAX_PROBLEMS and g.more_problems == 50_000 - pbn.MAX_PROBLEMS
    with pytest.raises(CaseError, match=r"junk.pbn: game 1, line 1: not a PBN record.*\(and 49,999 more problem"):
        pbn.board_record(g)


def test_lin_bounds_name_the_deal_and_the_pair(tmp_path):
    long = write(tmp_path, "long.lin", "md|1SAKQJHT98D765C432,S765H432DAKQJCT98,S432HAKQJDT98C765,|nt|"
                 + "x" * 20_001 + "|")
    res = CliRunner().invoke(cli, ["check", str(long)])
    assert f"ERROR {long}: deal 1, nt (pair 2): the value is longer than 20,000 characters" in res.output
    many = write(tmp_path, "many.lin", "md|1SAKQJHT98D765C432,S765H432DAKQJCT98,S432HAKQJDT98C765,|"
                 + "pg||" * 5_000)
    res = CliRunner().invoke(cli, ["check", str(many)])
    assert f"ERROR {many}: deal 1, pair 5001: more than 5,000 tag|value| pairs in one deal" in res.output


def _session_files(tmp_path, n: int) -> tuple:
    rng = random.Random(n)
    boards = [random_board(rng, i % 32 + 1, 0.05) for i in range(n)]
    return (write(tmp_path, f"s{n}.pbn", session_pbn(boards)), write(tmp_path, f"s{n}.lin", session_lin(boards)))


@pytest.mark.parametrize("which", [0, 1], ids=["pbn", "lin"])
def test_a_session_is_read_one_game_at_a_time(tmp_path, which):
    """Reading a session keeps one game at a time: the peak is the text and one game, however many games.

    Before, every game was parsed (check) or made a record (audit) before the first was checked: 40 kB a
    board, 410 MB for 10,000 boards of a 5 MB file.
    """
    small, large = _session_files(tmp_path, 100)[which], _session_files(tmp_path, 400)[which]
    list(entries([small]))  # the modules and their caches, once
    counted = []
    peak_small = traced_peak(lambda: counted.append(sum(e.error is None for e in entries([small]))))
    peak_large = traced_peak(lambda: counted.append(sum(e.error is None for e in entries([large]))))
    assert counted == [100, 400]
    size_small, size_large = small.stat().st_size, large.stat().st_size
    # 300 more boards cost the text of 300 boards (read once, decoded once), not 300 boards' records
    assert peak_large - peak_small < 3 * (size_large - size_small), (peak_small, peak_large, size_large)


def test_the_game_iterator_is_lazy():
    text = session_pbn([random_board(random.Random(1), i + 1) for i in range(50)])
    where: dict = {}
    first = next(pbn.iter_games(text, "s.pbn", where))
    assert first.board == 1 and where["size"] == len(text) and where["pos"] < len(text) / 10
    pairs = lin.iter_pairs(session_lin([random_board(random.Random(1), 1)] * 50), "s.lin", where)
    first = next(lin.iter_boards(pairs))
    assert first.number == 1 and where["pos"] < where["size"] / 10


# -- export and the page's PBN save: what we write, our reader reads ----------------------------------------

HOSTILE = ['"', "]", "[", "\\", "\n", "\r\n", "\r", "{", "}", "#", "##", ";", "%", "\t", "\x00", "\u2028", "=1=",
           "$1", "^R", '"]', '\\"', "\x85", "*", "?", " ", "\ud800", "\u200d"]
hostile_text = st.lists(st.one_of(st.sampled_from(HOSTILE), st.text(max_size=4)), min_size=1, max_size=8).map("".join)


def one_line(text: str) -> str:
    """What PBN can hold of ``text`` (PBN 2.1: a string of printing characters): controls as spaces, stripped
    as the reader strips a value."""
    out = []
    for ch in text:
        cat = unicodedata.category(ch)
        out.append(" " if cat in ("Cc", "Zl", "Zp") else "\ufffd" if cat == "Cs" else ch)
    return "".join(out).strip()


def _hostile_case(title: str, names: dict, note: str, case_notes: str):
    data = {"id": "hostile", "title": title, "board": 1, "deal": DEAL, "contract": "1NT", "declarer": "S",
            "auction": ["P", "P", {"call": "1NT", "alert": True, "note": note}, "P", "P", "P"],
            "players": names, "play": [["W:D8", "N:D5", "E:D2", "S:DA"]], "notes": case_notes}
    return case_from_data(data, "hostile.yaml")


def _read_back(text: str):
    (g,) = pbn.parse_games(text, "out.pbn")
    assert not g.problems, g.problems
    return g, pbn.board_record(g)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(title=hostile_text, north=hostile_text, west=hostile_text, note=hostile_text, case_notes=hostile_text)
def test_export_of_hostile_strings_reads_back(title, north, west, note, case_notes):
    """Quotes, brackets, backslashes, braces, #, line breaks and control characters in a title, a player's
    name, a call's note: export writes PBN strings our reader reads back to the same text (a line break or
    other control character becomes a space: a tag value is one line of printing characters)."""
    names = {seat: name for seat, name in (("N", north), ("W", west)) if name.strip()}
    note = note if note.strip() else "n"
    title = title or "t"  # an empty title is no title: export names the game by the case's id
    case = _hostile_case(title, names, note, case_notes)
    text = pbn.write_pbn(rule_case(case))
    g, record = _read_back(text)
    assert g.tags["Event"].strip() == one_line(title)
    for seat, tag in (("N", "North"), ("W", "West")):
        assert g.tags[tag].strip() == (one_line(names[seat].strip()) if seat in names else "")
    (alerted,) = [c for c in record.auction if c["call"] == "1NT"]
    assert alerted["note"] == one_line(f"alerted: {note.strip()}")
    again = rule_case(pbn.build_case(record))  # the game is a valid record of the same deal, auction and play
    assert [(p.seat, p.card) for p in again.table.plays] == [("W", "D8"), ("N", "D5"), ("E", "D2"), ("S", "DA")]
    assert str(again.case.contract) == "1NT" and again.case.declarer == "S"


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(north=hostile_text, note=hostile_text)
def test_the_pages_pbn_save_of_hostile_strings_reads_back(north, note):
    """The page's Save as PBN (engine.commands.intake.case_pbn) writes through the same writer."""
    north = north if north.strip() else "n"
    note = note if note.strip() else "n"
    draft = {"id": "draft", "board": 1, "deal": DEAL, "contract": "1NT", "declarer": "S", "dealer": "N",
             "auction": [{"seat": "N", "call": "Pass"}, {"seat": "E", "call": "Pass"},
                         {"seat": "S", "call": "1NT", "alert": True, "note": note}, {"seat": "W", "call": "Pass"},
                         {"seat": "N", "call": "Pass"}, {"seat": "E", "call": "Pass"}],
             "players": {"N": north}, "play": [["W:D8", "N:D5", "E:D2", "S:DA"]]}
    g, record = _read_back(case_pbn(draft))
    assert g.tags["North"].strip() == one_line(north.strip())
    assert [c["note"] for c in record.auction if c["call"] == "1NT"] == [one_line(f"alerted: {note.strip()}")]


def test_export_then_check_accepts_the_file(tmp_path):
    case = _hostile_case('Cup "final" ]\nround 2', {"N": 'N "Nick" ]\nx', "W": "O'Brien \\ #"}, 'a ] b\n"c"',
                         "line one\nline } two")
    out = write(tmp_path, "out.pbn", pbn.write_pbn(rule_case(case)))
    res = CliRunner().invoke(cli, ["check", str(out)])
    assert res.exit_code == 0 and "1 ok, 0 with problems" in res.output, res.output
    text = out.read_text()
    assert '[Event "Cup \\"final\\" ] round 2"]' in text and '[North "N \\"Nick\\" ] x"]' in text
    assert "Notes of the case: line one line ) two" in text  # the case's notes, in the commentary


def test_a_value_the_reader_would_take_for_hash_is_written_apart():
    """'#' alone means the previous game's value and '##' a kept one (PBN 4.8): a title that is '#' is
    written ' #', which our reader (and any that strips a value) reads as '#'."""
    assert pbn.pbn_string("#") == " #" and pbn.pbn_string("##x") == " ##x" and pbn.pbn_string("a#") == "a#"
    case = _hostile_case("#", {"N": "##"}, "n", "")
    g, _ = _read_back(pbn.write_pbn(rule_case(case)))
    assert g.tags["Event"].strip() == "#" and g.tags["North"].strip() == "##"


# -- export keeps what the record says -----------------------------------------------------------------------

RECORD = game('[North "N"]', '[Declarer "S"]', '[Contract "1NT"]', '[Result "^7"]',
              '{A word on the board}', '[Auction "N"]', body="""Pass Pass 1NT =1= {strong} Pass
Pass Pass
[Note "1:15-17"]
[Play "W"]
D8 {West thought long} D5 D2 DA =2=
HA H8 H5 H2
*
[Note "2:Director called at the end of play"]
[Note "3:Score agreed at the table"]
""")


def test_export_keeps_a_disputed_result_notes_and_comments(tmp_path):
    path = write(tmp_path, "rec.pbn", RECORD)
    res = CliRunner().invoke(cli, ["export", str(path)])
    assert res.exit_code == 0, res.stderr
    text = res.output
    assert '[Result "^7"]' in text  # the agreed result, with its ^ (PBN 3.4.15)
    g, record = _read_back(text)
    original = pbn.board_record(pbn.parse_games(RECORD, "rec.pbn")[0])
    assert record.fields["result"] == original.fields["result"] == 7 and record.fields.get("result_disputed")
    first_trick = {p.card: p for p in record.tricks[0]}
    assert first_trick["D8"].comment == "West thought long"
    assert first_trick["DA"].note_texts == ["Director called at the end of play"]
    assert record.loose_notes == ["Score agreed at the table"] == original.loose_notes
    assert [c["comment"] for c in record.auction if c["call"] == "1NT"] == ["strong"]
    assert "A word on the board" in record.comments
    assert [c["note"] for c in record.auction] == [c["note"] for c in original.auction]


# -- one reader for check and audit --------------------------------------------------------------------------

BAD_FILES = {
    "bars.lin": "||||||||||",
    "empty.pbn": "",
    "junk.lin": "hello",
    "long.pbn": game(f'[Site "{"x" * 30_000}"]'),
    "card.pbn": game('[Declarer "S"]', '[Contract "1NT"]', '[Result "1"]', '[Play "W"]', body="D3 D5 D2 DA\n*\n"),
}


def test_audit_and_check_report_the_same_errors(tmp_path):
    """`audit` read `||||||||||` as an empty session and said nothing; it read a game whose card was not
    held as a claim; now both commands read through engine.commands.session and say the same."""
    paths = [str(write(tmp_path, name, text)) for name, text in BAD_FILES.items()]
    runner = CliRunner()
    checked = runner.invoke(cli, ["check", "-q", *paths])
    audited = runner.invoke(cli, ["audit", *paths])
    check_errors = [line for line in checked.output.splitlines() if line.startswith("ERROR")]
    audit_errors = [line for line in audited.stdout.splitlines() if line.startswith("ERROR")]
    assert len(check_errors) == len(BAD_FILES) and check_errors == audit_errors
    assert f"ERROR {paths[0]}: no deal in the file (a LIN deal starts with md|...|)" in audit_errors
    assert any("which was dealt to East" in e for e in audit_errors)
    assert checked.exit_code == 1 and audited.exit_code == 2


def test_audit_of_one_bad_game_keeps_the_rest_of_the_file(tmp_path):
    good = session_pbn([random_board(random.Random(3), 1, claim_rate=1.0)])
    path = write(tmp_path, "mixed.pbn", BAD_FILES["card.pbn"] + "\n" + good)
    report = A.audit_files([str(path)])
    assert report["checked"] == 2 and len(report["errors"]) == 1 and len(report["boards"]) == 1


# -- audit's words (issue 22) --------------------------------------------------------------------------------


def _claim_file(tmp_path, name: str, seed: int) -> Path:
    return write(tmp_path, name, session_pbn([random_board(random.Random(seed), 1, claim_rate=1.0)]))


def test_audit_names_the_file_on_every_line(tmp_path):
    one, two = _claim_file(tmp_path, "one.pbn", 1), _claim_file(tmp_path, "two.pbn", 2)
    res = CliRunner().invoke(cli, ["audit", str(one), str(two)])
    lines = [line for line in res.stdout.splitlines() if "claimed total" in line]
    assert [line.split(": ")[0] for line in lines] == [str(one), str(two)]


def test_audit_says_in_words_what_a_range_and_a_missing_value_mean(tmp_path, monkeypatch):
    from engine.mechanics.dd import DDValue

    monkeypatch.setattr(A, "dd_value", lambda pos, side: DDValue(None, "the double-dummy solver is not installed"))
    path = _claim_file(tmp_path, "c.pbn", 4)
    (record,) = [e.record for e in entries([str(path)])]
    line = A.audit_record(record, nodes=3)  # too small a budget: the bounds stay ranges
    assert isinstance(line["floor"], list) and line["double_dummy"] is None
    text = A.audit_text({"boards": [line], "errors": [], "checked": 1})
    low, high = line["floor"]
    assert f"legal floor between {low} and {high} (not settled: the search stopped at its limit of" in text
    # the missing double-dummy value is said once, after the boards, not on every line (issue 28)
    text = A.audit_text({"boards": [line, dict(line)], "errors": [], "checked": 2})
    assert text.count("the double-dummy solver is not installed") == 1
    assert "No double-dummy value on 2 boards: the double-dummy solver is not installed." in text
    assert "double dummy" not in text.split("\n")[0]
    assert " - " not in text and f"{low}-{high}" not in text
    assert line["double_dummy_reason"] == "the double-dummy solver is not installed"


def test_audit_progress_bar_only_on_a_terminal(monkeypatch, capsys):
    """A stderr that is a file or a pipe gets no carriage-return progress bar (issue 28); a terminal does."""
    import io

    class Tty(io.StringIO):
        def isatty(self):
            return True

    pipe, tty = io.StringIO(), Tty()
    monkeypatch.setattr("sys.stderr", pipe)
    A.stderr_progress(10, 0.5)
    A.stderr_progress(10, 1.0, True)
    assert pipe.getvalue() == ""
    monkeypatch.setattr("sys.stderr", tty)
    A.stderr_progress(10, 0.5)
    assert "\raudit [" in tty.getvalue() and "50%" in tty.getvalue()


# -- a passed-out board given as Contract "Pass" alone ------------------------------------------------------

PASSED = game('[Declarer ""]', '[Contract "Pass"]', '[Result ""]')


def test_contract_pass_alone_is_a_passed_out_board(tmp_path):
    """15 games of public Polish files give [Contract "Pass"], [Result ""] and no Declarer or Auction: the
    board was passed out (four passes), not a contract that is missing."""
    path = write(tmp_path, "passed.pbn", PASSED)
    res = CliRunner().invoke(cli, ["check", str(path)])
    assert res.exit_code == 0 and "passed out (scores zero)" in res.output, res.output
    case = load_input(str(path))
    ruling = rule_case(case)
    assert case.contract is None and ruling.score == {"NS": 0, "EW": 0}
    out = CliRunner().invoke(cli, ["export", str(path)]).output
    assert '[Contract "Pass"]' in out and "Pass Pass Pass Pass" in out


def test_contract_pass_without_a_dealer_says_what_is_missing(tmp_path):
    text = PASSED.replace('[Board "1"]\n', "").replace('[Dealer "N"]\n', "")
    res = CliRunner().invoke(cli, ["rule", str(write(tmp_path, "p.pbn", text))])
    assert res.exit_code == 2 and "Contract (line 5): 'Pass' (a passed-out board: four passes from the dealer) needs " \
                                  "the dealer: give Dealer or Board" in res.stderr


def test_error_names_the_file_once(tmp_path):
    path = write(tmp_path, "card.pbn", BAD_FILES["card.pbn"])
    res = CliRunner().invoke(cli, ["rule", str(path)])
    assert res.exit_code == 2
    assert res.stderr.count("card.pbn") == 1 and re.search(r"Play \(line \d+\), trick 1", res.stderr), res.stderr


def test_json_audit_of_a_session_lists_only_claims(tmp_path):
    pbn_file, lin_file = _session_files(tmp_path, 40)
    res = CliRunner().invoke(cli, ["audit", "--format", "json", str(pbn_file), str(lin_file)])
    report = json.loads(res.stdout)
    assert report["checked"] == 80 and report["errors"] == []
    assert {b["file"] for b in report["boards"]} <= {str(pbn_file), str(lin_file)}


@pytest.mark.parametrize("which", [0, 1], ids=["pbn", "lin"])
def test_one_board_of_a_session_is_chosen_without_holding_the_others(tmp_path, which):
    """`rule FILE --board N` kept every game of the file while choosing one; now only those that match."""
    path = _session_files(tmp_path, 600)[which]
    reader = pbn if which == 0 else lin
    reader.load_board(path, board=7, game=7)  # the modules, once
    chosen = []
    peak = traced_peak(lambda: chosen.append(reader.load_board(path, game=599)))
    assert chosen[0].fields["board"] == 599 % 32 and chosen[0].label.startswith(f"board {599 % 32}, ")
    assert peak < 3 * path.stat().st_size + 1_500_000, (peak, path.stat().st_size)
    with pytest.raises(CaseError, match=r"board 7 was played 19 times|19 deals with board 7"):
        reader.load_board(path, board=7)


def test_export_to_a_file_that_cannot_be_written_is_bad_input(tmp_path):
    res = CliRunner().invoke(cli, ["export", str(ROOT / "examples" / "club-revokes.pbn"), "--board", "3",
                                   "-o", str(tmp_path / "no" / "such" / "x.pbn")])
    assert res.exit_code == 2 and res.stderr.startswith(f"error: {tmp_path / 'no' / 'such' / 'x.pbn'}: cannot be "
                                                        f"written: "), res.stderr


def test_an_error_flood_is_bounded_per_file(tmp_path):
    """A file of 500 unreadable deals lists the first problems and counts the rest in one line (issue 28: 31 MB
    of ``md|`` printed 5 million error lines); the totals still count every deal."""
    from engine.commands.session import MAX_ERRORS_PER_FILE

    path = tmp_path / "flood.lin"
    path.write_text("md|" * 1000)  # 500 deals, each "md|md|": no dealer digit
    for command, total in (("check", "0 ok, 500 with problems, 500 games"),
                           ("audit", "0 claimed or conceded of 500 boards; 0 flagged; 500 with problems")):
        res = CliRunner().invoke(cli, [command, str(path)])
        errors = [line for line in res.stdout.splitlines() if line.startswith("ERROR")]
        assert len(errors) == MAX_ERRORS_PER_FILE + 1, command
        assert errors[-1].endswith(f"{500 - MAX_ERRORS_PER_FILE} more deals with problems, not listed "
                                   f"(the first {MAX_ERRORS_PER_FILE} are)"), errors[-1]
        assert total in res.stdout, res.stdout[-300:]
