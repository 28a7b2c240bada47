"""A whole session scored (Law 78, 12C1), rulings put in place, and the session written back (issue 27).

The generated session (tests/data/scores/generated-club-pairs.*, written by hand, not published results) has
four tables on three boards; the figures below are worked out from the law by hand:

* board 1, NS scores 420, 420, 170, -50: 420 beats two and ties one, 2 + 2 + 1 = 5 of a top of 6 (78A);
* board 2 has an artificial 60/40 at table 4: the other three are compared among themselves (140 beats
  two: 4 of 4) and brought to the top of 6 by Neuberg, (M + 1) x 4 / 3 - 1; table 4 gets 60 % and 40 % of
  6, 3.6 and 2.4 (commentary 12.19(iv));
* board 3 is scored from the contracts (Law 77): 3NT+1 430, 4S= 420, 400, -50: 6, 4, 2, 0.
"""
import json
import textwrap
import tracemalloc
from pathlib import Path

import pytest
from helpers import write

from cli import cli
from engine.input.session import load_session
from engine.mechanics.session78 import agreement, score_session

DATA = Path(__file__).resolve().parent / "data" / "scores"
PBN = DATA / "generated-club-pairs.pbn"
XML = DATA / "generated-club-pairs.xml"
SIM = DATA / "sim1999-board1-frequency.pbn"


def points(scores, board):
    return [(line.ns_points, line.ew_points) for line in scores.lines[board]]


@pytest.mark.parametrize("path", [PBN, XML])
def test_matchpoints_by_78a_and_neuberg(path):
    session = load_session(path)
    scores = score_session(session)
    assert scores.method == "matchpoints"  # the file's own method
    assert points(scores, 1) == [(5, 1), (5, 1), (2, 4), (0, 6)]
    neuberg = [round((m + 1) * 4 / 3 - 1, 2) for m in (2, 4, 0)]
    assert points(scores, 2)[:3] == [(neuberg[0], neuberg[0]), (neuberg[1], neuberg[2]), (neuberg[2], neuberg[1])]
    assert points(scores, 2)[3] == (3.6, 2.4)
    assert points(scores, 3) == [(6, 0), (4, 2), (0, 6), (2, 4)]
    # pair 2 sat NS: 5 + 5.67 + 4 of three tops of 6; the percentage of the unrounded total (5 + 17/3 + 4)
    assert scores.totals["2"] == 14.67 and scores.percent["2"] == round(100 * (5 + (4 + 1) * 4 / 3 - 1 + 4) / 18, 2)
    assert [key for _, key in scores.ranking[0][1]] == ["2", "1", "8", "5", "6", "4", "7", "3"]


def test_the_published_figures_agree():
    for path in (PBN, XML):
        session = load_session(path)
        a = agreement(session, score_session(session))
        assert a["board_points"] == [24, 24] and a["totals"] == [8, 8] and a["places"] == [8, 8], path
        assert not a["disagree"]


def test_fewer_factor_and_own_top():
    session = load_session(PBN)
    factor = score_session(session, fewer="factor")
    assert points(factor, 2)[:3] == [(3, 3), (6, 0), (0, 6)]  # 2, 4, 0 of 4 in proportion to 6
    own = score_session(session, fewer="own")
    assert points(own, 2)[:3] == [(2, 2), (4, 0), (0, 4)] and own.lines[2][0].top == 4
    assert own.lines[2][3].ns_points == 2.4  # 60 % of its own top of 4


def test_frequency_table_of_a_real_simultaneous_pairs():
    """The 1999 simultaneous pairs' board 1 (the PBN verifier's test file): 155 results in 26 rows.  Its
    percentages are (M + 1) / (top + 2), the self-comparison counted as a tie: --percent field."""
    session = load_session(SIM)
    assert sum(r.count for r in session.boards[1]) == 155
    a = agreement(session, score_session(session, percent="field"))
    assert a["board_percent"] == [52, 52]
    plain = agreement(session, score_session(session))
    assert plain["board_percent"][0] < 10  # of the top: the file does not publish that
    from engine.mechanics.session78 import fewer_that_agrees

    assert fewer_that_agrees(session, score_session(session))[0] == ("percent", "field", 52, 52)  # named


def test_butler_and_cross_imps(runner, tmp_path):
    path = write(tmp_path, "- {ns: 1, ew: 11, score: 420}\n- {ns: 2, ew: 12, score: 420}\n"
                           "- {ns: 3, ew: 13, score: 170}\n- {ns: 4, ew: 14, score: -50}\n"
                           "- {ns: 5, ew: 15, score: 450}\n", "board.yaml")
    res = runner.invoke(cli, ["score", path, "--method", "butler", "--format", "json", "--board", "1"])
    assert res.exit_code == 0, res.output
    rows = json.loads(res.stdout)["boards"]["1"]
    # datum: -50 and 450 left out, (420 + 420 + 170) / 3 = 336.7, to the nearest 10: 340
    assert [r["ns_points"] for r in rows] == [2, 2, -5, -9, 3]  # 80, 80, -170, -390, 110 (78B)
    assert [r["ew_points"] for r in rows] == [-2, -2, 5, 9, -3]
    res = runner.invoke(cli, ["score", path, "--method", "butler", "--trim", "0", "--format", "json", "--board", "1"])
    rows = json.loads(res.stdout)["boards"]["1"]
    assert rows[0]["ns_points"] == 4  # datum 1410 / 5 = 282, to 280: 420 - 280 = 140, 4 IMPs
    path = write(tmp_path, "- {ns: 1, ew: 11, score: 420}\n- {ns: 2, ew: 12, score: 170}\n"
                           "- {ns: 3, ew: 13, score: -50}\n", "three.yaml")
    res = runner.invoke(cli, ["score", path, "--method", "cross_imps", "--format", "json", "--board", "1"])
    rows = json.loads(res.stdout)["boards"]["1"]
    # 420 against 170 (250: 6) and -50 (470: 10), averaged over two comparisons
    assert rows[0]["ns_points"] == 8
    assert rows[1]["ns_points"] == 0  # -250: -6, +220: +6
    assert rows[2]["ns_points"] == -8  # -470: -10, -220: -6


RULING = "board: 1\nns: 3\new: 7\nresult: 4S S 10\nlaw: 12C2\n"


def test_ruling_rescores_the_board_and_the_ranking(runner, tmp_path):
    ruling = write(tmp_path, RULING, "r1.yaml")
    res = runner.invoke(cli, ["score", str(PBN), "--ruling", ruling, "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    # 420 at three tables: each beats -50 and ties two, 2 + 1 + 1 = 4
    assert [r["ns_points"] for r in data["boards"]["1"]] == [4, 4, 4, 0]
    assert [r["ns_points"] for r in data["before"]["boards"]["1"]] == [5, 5, 2, 0]
    places = {r["pair"]: r["place"] for r in data["ranking"]}
    assert places["2"] == places["8"] == "1="  # 13.67 each
    assert data["changes"]["3"]["total"] == 2 and data["changes"]["7"]["total"] == -2
    assert data["changes"]["4"]["total"] == 0  # pair 4 scored 0 with -50 before and after
    text = runner.invoke(cli, ["score", str(PBN), "--ruling", ruling]).stdout
    assert "Board 1 before the ruling" in text and "Board 1 after the ruling" in text
    assert "was 8" in text and "no change" in text


def test_several_rulings_and_an_adjusted_score_from_a_case(runner, tmp_path):
    case = Path(__file__).resolve().parent.parent / "cases" / "law12" / "12c1-no-result-obtained-fault-by-side.yaml"
    first = write(tmp_path, RULING, "r1.yaml")
    second = write(tmp_path, f"board: 3\nns: 2\new: 8\ncase: {case}\n", "r2.yaml")
    res = runner.invoke(cli, ["score", str(XML), "--ruling", first, "--ruling", second, "--format", "json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    row = data["boards"]["3"][1]
    assert (row["ns_percent"], row["ew_percent"]) == (60, 40)  # the case's ruling: NS not at fault, EW directly
    assert (row["ns_points"], row["ew_points"]) == (3.6, 2.4)
    assert [r["law"] for r in data["rulings"]] == ["12C2", "12C1"]


@pytest.mark.parametrize("text,where", [
    ("board: 1\nns: 3\new: 8\nscore: 420\n", "no table on board 1 had NS 3 against EW 8"),
    ("board: 9\nns: 3\new: 7\nscore: 420\n", "board 9 is not in"),
    ("board: 1\nns: 3\new: 7\nscore: 425\n", "score: '425' is not a bridge score"),
    ("board: 1\nns: 3\new: 7\n", "give one of score, result"),
    ("board: 1\nns: 3\new: 7\nns_percent: 60\n", "gives both sides' percentages"),
    ("board: 1\nns: 3\new: 7\nresult: 4S S 14\n", "not a number of tricks"),
    ("board: 1\nns: 3\new: 7\nscor: 420\n", "scor: unknown field"),
])
def test_a_ruling_that_cannot_be_put_in_place(runner, tmp_path, text, where):
    ruling = write(tmp_path, text, "bad.yaml")
    res = runner.invoke(cli, ["score", str(PBN), "--ruling", ruling])
    assert res.exit_code == 2
    assert "bad.yaml" in res.output and where in res.output and "Traceback" not in res.output


@pytest.mark.parametrize("source", [PBN, XML])
def test_written_back_in_its_format_reads_back_the_same(runner, tmp_path, source):
    first = write(tmp_path, RULING, "r1.yaml")
    second = write(tmp_path, "board: 2\nns: 2\new: 7\nns_percent: A+\new_percent: A-\n", "r2.yaml")
    out = tmp_path / ("out" + source.suffix)
    res = runner.invoke(cli, ["score", str(source), "--ruling", first, "--ruling", second, "--write", str(out),
                              "--format", "json"])
    assert res.exit_code == 0, res.output
    rescored = json.loads(res.stdout)
    again = load_session(out)
    scores = score_session(again)
    a = agreement(again, scores)
    assert not a["disagree"] and a["board_points"] == [24, 24] and a["totals"] == [8, 8]
    assert {r["pair"]: r["total"] for r in rescored["ranking"]} == scores.totals
    assert again.boards[1][2].ns_score == 420 and again.boards[2][1].ns_percent == 60
    old, new = source.read_bytes().splitlines(), out.read_bytes().splitlines()
    assert len(old) == len(new)
    changed = [i for i, (a_, b_) in enumerate(zip(old, new)) if a_ != b_]
    assert changed  # and every line not rescored is as it was:
    for i in range(len(old)):
        if i not in changed:
            assert old[i] == new[i]
    if source.suffix == ".xml":
        assert new[:3] == old[:3]  # the declaration, the DOCTYPE, the comment
        assert out.read_bytes().count(b"NATIONAL_ID_NUMBER") == source.read_bytes().count(b"NATIONAL_ID_NUMBER")
        assert out.read_bytes().count(b"<LEAD>") == source.read_bytes().count(b"<LEAD>")
    else:
        assert b"\r\n" in out.read_bytes()  # the line ends as written


BOMB = """<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>&c;</NS_PAIR_NUMBER>
</TRAVELLER_LINE></BOARD></EVENT></USEBIO>
"""
EXTERNAL = """<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY x SYSTEM "file:///etc/passwd">]>
<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>&x;</NS_PAIR_NUMBER>
</TRAVELLER_LINE></BOARD></EVENT></USEBIO>
"""


@pytest.mark.parametrize("text,problem", [
    (BOMB, "refused"), (EXTERNAL, "refused"),
    ("<USEBIO><EVENT><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>", "malformed XML"),
    ("<USEBIO><EVENT></EVENT></USEBIO>", "no BOARD with a TRAVELLER_LINE"),
    ("<USEBIO><EVENT><BOARD><BOARD_NUMBER>2</BOARD_NUMBER><TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER>"
     "<EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><SCORE>425</SCORE></TRAVELLER_LINE></BOARD></EVENT></USEBIO>",
     "board 2, TRAVELLER_LINE 1: '425' is not a bridge score"),
])
def test_hostile_or_broken_xml(runner, tmp_path, text, problem):
    path = write(tmp_path, text, "bad.xml")
    res = runner.invoke(cli, ["score", path])
    assert res.exit_code == 2, res.output
    assert "bad.xml" in res.output and problem in res.output and "Traceback" not in res.output
    assert "root:" not in res.output


def test_broken_score_table_names_board_and_line(runner, tmp_path):
    text = PBN.read_text().replace(' 3  3  7 2S    S  9  "170"      -     2     4  33.3  66.7',
                                   ' 3  3  7 2S    S  9  "170"      -     2     4  33.3')
    res = runner.invoke(cli, ["score", write(tmp_path, text, "bad.pbn")])
    assert res.exit_code == 2
    assert "bad.pbn: board 1, ScoreTable line 19: 11 values for the 12 columns" in res.output
    text = PBN.read_text().replace('"170"', '"175"')
    res = runner.invoke(cli, ["score", write(tmp_path, text, "bad2.pbn")])
    assert res.exit_code == 2 and "board 1, ScoreTable line 19: '175' is not a bridge score" in res.output


def test_a_pbn_file_without_score_tables(runner):
    res = runner.invoke(cli, ["score", str(Path(__file__).resolve().parent.parent / "examples" / "club-revokes.pbn")])
    assert res.exit_code == 2
    assert "no ScoreTable" in res.output and "rule FILE --board N" in res.output


def _usebio(tables: int, boards: int) -> str:
    out = ['<?xml version="1.0" encoding="utf-8"?>', "<USEBIO Version=\"1.2\"><EVENT EVENT_TYPE=\"PAIRS\">",
           "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>"]
    for b in range(1, boards + 1):
        out.append(f"<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER>")
        for t in range(1, tables + 1):
            score = [420, 450, 170, -50, -100, 620][(b * 7 + t * 3) % 6]
            ew = tables + 1 + (t + b) % tables
            out.append(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{t}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
                       f"<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY>"
                       f"<LEAD>HK</LEAD><TRICKS>10</TRICKS><SCORE>{score}</SCORE>"
                       f"<NS_MATCH_POINTS>0</NS_MATCH_POINTS><EW_MATCH_POINTS>0</EW_MATCH_POINTS></TRAVELLER_LINE>")
        out.append("</BOARD>")
    out.append("</EVENT></USEBIO>")
    return "\n".join(out)


def test_a_season_is_read_in_bounded_memory(tmp_path):
    """20,000 results: the USEBIO file is streamed (each board dropped from the tree once read), so what
    reading holds is the file's bytes (kept to write it back) and a small fixed cost a result, never the
    file's element tree."""
    path = tmp_path / "season.xml"
    path.write_text(_usebio(50, 400))
    size = path.stat().st_size
    tracemalloc.start()
    session = load_session(path)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    n = sum(len(rows) for rows in session.boards.values())
    assert n == 20_000
    assert peak < size + 1_000 * n, (peak, size)
    assert session.boards[400][49].ns_score in (420, 450, 170, -50, -100, 620)


def test_a_teams_match_in_imps_bam_and_victory_points():
    """Board 1: 620 against -100 at the other table, 720 points: 12 IMPs to A (78B); board 2: 400 against
    430, 30 points: 1 IMP to B.  A wins by 11 IMPs over 2 boards; the WBF scale's blitz is 15 x sqrt(2) =
    21.2 IMPs, so A has 10 + 10 (1 - t^(33/21.2)) / (1 - t^3) VPs."""
    import math

    session = load_session(DATA / "generated-teams-match.pbn")
    scores = score_session(session)
    assert scores.method == "imps" and scores.totals == {"A": 11, "B": -11}
    tau = (math.sqrt(5) - 1) / 2
    expected = round(10 + 10 * (1 - tau ** (3 * 11 / (15 * math.sqrt(2)))) / (1 - tau ** 3), 2)
    assert scores.vps["A"] == expected and scores.vps["B"] == round(20 - expected, 2)
    assert agreement(session, scores)["board_points"] == [8, 8]
    bam = score_session(session, "bam")
    assert bam.totals == {"A": 2, "B": 2}  # one board each


SECTIONS = """<?xml version="1.0" encoding="utf-8"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
<SESSION SESSION_ID="1">
%s
</SESSION></EVENT></USEBIO>
"""
SECTION = """<SECTION SECTION_ID="%s"><PARTICIPANTS>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>0</PLACE><TOTAL_SCORE>0</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>NS</DIRECTION><PLACE>0</PLACE><TOTAL_SCORE>0</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>1</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>0</PLACE><TOTAL_SCORE>0</TOTAL_SCORE></PAIR>
<PAIR><PAIR_NUMBER>2</PAIR_NUMBER><DIRECTION>EW</DIRECTION><PLACE>0</PLACE><TOTAL_SCORE>0</TOTAL_SCORE></PAIR>
</PARTICIPANTS><BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>1</EW_PAIR_NUMBER><SCORE>%s</SCORE></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER>%s</TRAVELLER_LINE>
</BOARD></SECTION>"""


def test_sections_and_a_table_that_did_not_play(runner, tmp_path):
    """Two sections of a Mitchell (pair numbers start again in each), board 1 across the field: 420, 170, -50
    and a table that did not play (NP).  Three results: 4, 2 and 0 of a top of 4 (78A)."""
    text = SECTIONS % (SECTION % ("A", "420", "<SCORE>170</SCORE>") + SECTION % ("B", "-50", "<CONTRACT>NP</CONTRACT>"))
    path = write(tmp_path, text, "two.xml")
    session = load_session(path)
    scores = score_session(session)
    assert scores.totals == {"A1 NS": 4, "A1 EW": 0, "A2 NS": 2, "A2 EW": 2, "B1 NS": 0, "B1 EW": 4}
    assert dict(scores.ranking)["NS"][0] == ("1", "A1 NS") and dict(scores.ranking)["EW"][0] == ("1", "B1 EW")
    assert any("not played" in n for n in session.notes)
    ruling = write(tmp_path, "board: 1\nns: A2\new: A2\nscore: 420\n", "r.yaml")
    out = tmp_path / "out.xml"
    res = runner.invoke(cli, ["score", path, "--ruling", ruling, "--write", str(out)])
    assert res.exit_code == 0, res.output
    again = score_session(load_session(out))
    assert again.totals["A1 NS"] == again.totals["A2 NS"] == 3  # 420 twice: 2 + 1 each
    text_out = out.read_text()
    assert text_out.count("<PLACE>1=</PLACE>") == 2  # A1 NS and A2 NS share first place
    assert "<CONTRACT>NP</CONTRACT>" in text_out


MARKED = """<?xml version="1.0" encoding="utf-8"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
<TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>4</EW_PAIR_NUMBER><SCORE>420</SCORE>
<NS_MATCH_POINTS>3.5</NS_MATCH_POINTS><EW_MATCH_POINTS>0.5</EW_MATCH_POINTS></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>2</NS_PAIR_NUMBER><EW_PAIR_NUMBER>5</EW_PAIR_NUMBER><SCORE>170</SCORE>
<NS_MATCH_POINTS>0.5</NS_MATCH_POINTS><EW_MATCH_POINTS>3.5</EW_MATCH_POINTS></TRAVELLER_LINE>
<TRAVELLER_LINE><NS_PAIR_NUMBER>3</NS_PAIR_NUMBER><EW_PAIR_NUMBER>6</EW_PAIR_NUMBER><CONTRACT/><SCORE>0</SCORE>
<ARTIFICIAL_SCORE>Adjusted</ARTIFICIAL_SCORE><NS_MATCH_POINTS>2.4</NS_MATCH_POINTS><EW_MATCH_POINTS>1.6</EW_MATCH_POINTS>
</TRAVELLER_LINE></BOARD></EVENT></USEBIO>
"""


def test_an_adjusted_line_marked_and_scored_zero(tmp_path):
    """An adjusted line written with a marker and SCORE 0 (one program's USEBIO): its percentages are those
    its published matchpoints give, 2.4 and 1.6 of a top of 4: 60 and 40 (12C1), not a score of 0.  The two
    real results are compared with each other and brought to the top of 4 by Neuberg: (2 + 1) x 3 / 2 - 1 = 3.5."""
    session = load_session(write(tmp_path, MARKED, "marked.xml"))
    row = session.boards[1][2]
    assert row.artificial and (row.ns_percent, row.ew_percent) == (60, 40)
    scores = score_session(session)
    assert points(scores, 1) == [(3.5, 0.5), (0.5, 3.5), (2.4, 1.6)]
    assert agreement(session, scores)["board_points"] == [6, 6]
    assert any("worked out from the figures" in n for n in session.notes)


# ---------------------------------------------------------------------------
# A real USEBIO file: ScoreBridge's export of a club session (tests/data/scores/SOURCES.md)
# ---------------------------------------------------------------------------

SCOREBRIDGE = DATA / "scorebridge-2025-07-30-forest-of-dean.xml"


def test_a_real_usebio_file_agrees_with_what_it_publishes_when_missing_results_count_as_ties():
    """The file publishes every line's matchpoints (2 a score beaten, top 6 at four tables) and each pair's
    percentage and place; boards played three or two times are published as if each missing result tied with
    every result (M + 1 for each missing one: 490, 200, -150 get 5, 3, 1), which --fewer ties reproduces."""
    session = load_session(SCOREBRIDGE)
    lines = sum(len(rows) for rows in session.boards.values())
    scores = score_session(session, fewer="ties")
    a = agreement(session, scores)
    assert a["board_points"] == [2 * lines, 2 * lines]
    assert a["percent"] == [len(session.pairs), len(session.pairs)] == [8, 8]
    assert a["places"] == [8, 8]  # "3=" as published for the two pairs on 50.69 %
    assert not a["disagree"]


def test_by_neuberg_only_the_boards_played_fewer_times_differ_and_the_ties_method_is_named():
    from engine.mechanics.session78 import fewer_that_agrees

    session = load_session(SCOREBRIDGE)
    scores = score_session(session)  # Neuberg, the default
    full = max(len(rows) for rows in session.boards.values())
    a = agreement(session, scores)
    assert a["board_points"][0] < a["board_points"][1]
    for d in a["disagree"]:
        if d.startswith("board "):
            board = int(d.split(",")[0].split()[1])
            assert len(session.boards[board]) < full, d
    assert fewer_that_agrees(session, scores)[0][:2] == ("fewer", "ties")


def test_a_real_usebio_file_written_back_with_a_ruling(runner, tmp_path):
    """Without a ruling the file is written back byte for byte; with one, only the ruled board's matchpoints,
    the ruled line's score and the pairs' percentages and places change, and the written file reads back to
    the rescored figures (3.6 and 2.4 for the 60/40, kept with their decimals)."""
    same = tmp_path / "same.xml"
    result = runner.invoke(cli, ["score", str(SCOREBRIDGE), "--fewer", "ties", "--write", str(same)])
    assert result.exit_code == 0, result.output
    assert same.read_bytes() == SCOREBRIDGE.read_bytes()
    ruling = write(tmp_path, "board: 9\nns: 1\new: 4\nns_percent: 60\new_percent: 40\n", "r.yaml")
    out = tmp_path / "out.xml"
    result = runner.invoke(cli, ["score", str(SCOREBRIDGE), "--fewer", "ties", "--ruling", str(ruling),
                                 "--write", str(out)])
    assert result.exit_code == 0, result.output
    old, new = SCOREBRIDGE.read_text().splitlines(), out.read_text().splitlines()
    assert len(old) == len(new)
    changed = {a.strip().split(">")[0] for a, b in zip(old, new) if a != b}
    assert changed <= {"<NS_MATCH_POINTS", "<EW_MATCH_POINTS", "<SCORE", "<PERCENTAGE", "<PLACE"}, changed
    back = load_session(out)
    rescored = score_session(back, fewer="ties")
    assert not agreement(back, rescored)["disagree"]
    ruled = [r for r in back.boards[9] if r.ns == "1"][0]
    assert (ruled.ns_percent, ruled.ew_percent) == (60, 40)
    assert (ruled.published["mp_ns"], ruled.published["mp_ew"]) == (3.6, 2.4)


# ---------------------------------------------------------------------------
# Ruter's PBN layout (a generated file: Ruter's published files found carry no licence)
# ---------------------------------------------------------------------------

RUTER_COLUMNS = ("Table\\1R;Round\\1R;PairId_NS\\2R;PairId_EW\\2R;Contract\\3L;Declarer\\1R;Result\\2R;Score_NS\\5R;"
                 "Score_EW\\6R;MP_NS\\4R;MP_EW\\4R;Percentage_NS\\3R;Percentage_EW\\3R")
RUTER = """% PBN 2.0
% <META  name=Generator                  content="generated for the tests in Ruter's layout">
% <META  name=ScoringType                content="MatchPoints;MP1">
[Event "Howell with a bye"]
[Board "1"]
[Vulnerable "None"]
[Scoring "MatchPoints;MP1"]
[TotalScoreTable "Rank\\1R;PairId\\1R;Direction\\5R;TotalScoreMP\\4R;TotalPercentage\\6R;Names\\5L"]
1 6 "E-W"  4.0 100.00 "F - G"
2 1 "N-S"  1.5  68.75 "A - B"
2 2 "E-W"  1.5  68.75 "C - D"
4 3 "N-S"  0.5  56.25 "E - H"
5 4 "E-W" -1.6  30.00 "I - J"
5 5 "N-S" -1.6  30.00 "K - L"
7 7 "N-S" -3.0  12.50 "M - N"
[ScoreTable "COLUMNS"]
2 1  3  4 4S  N 11 "450"      -  2.0 -2.0 100   0
1 1  1  2 4S  N 10 "420"      -  0.0  0.0  50  50
3 1  5  6 3N  S  9 "400"      - -2.0  2.0   0 100
4 1  7  - -   -  - "Bye"  "Bye" -1.5    -  13   -

[Event "Howell with a bye"]
[Board "2"]
[Vulnerable "NS"]
[Scoring "MatchPoints;MP1"]
[ScoreTable "COLUMNS"]
2 2  2  3 2H  N  9 "140"      -  1.5 -1.5  88  13
1 2  7  1 2H  N  8 "110"      - -1.5  1.5  13  88
3 2  4  5 -   -  -  "A+"   "A+"  0.4  0.4  60  60
4 2  -  6 -   -  - "Bye"  "Bye"    -  2.0   - 100
""".replace("COLUMNS", RUTER_COLUMNS)


def test_ruter_layout_howell_bye_both_sides_average_plus_and_centred_matchpoints(tmp_path):
    """Worked out by hand.  Board 1: 450, 420, 400 among three: 4, 2, 0 of a top of 4 (78A); Ruter's MP1
    publishes the scores beaten less the scores lost, +2, 0, -2.  Board 2: "A+" "A+" is 60 % for both sides
    (2.4 of 4, published 0.4 above the average of 2); the two real results are compared with each other and
    brought to the top of 4 by Neuberg: (2 + 1) x 3 / 2 - 1 = 3.5 and (0 + 1) x 3 / 2 - 1 = 0.5, published
    +1.5 and -1.5.  A "Bye" row is a pair sitting out, no result.  Pairs 1 and 2 sit both ways (a Howell):
    the Direction column is where they started, and all seven are ranked together by percentage."""
    path = write(tmp_path, RUTER, "howell")  # Ruter's files carry no suffix: read as PBN from their text
    session = load_session(path)
    assert not session.mitchell and set(session.pairs) == {str(n) for n in range(1, 8)}
    assert sum(len(rows) for rows in session.boards.values()) == 6  # the two byes are no results
    aplus = session.boards[2][2]
    assert (aplus.ns_percent, aplus.ew_percent) == (60, 60)
    scores = score_session(session)
    assert [(line.ns_points, line.ew_points) for line in scores.lines[2]] == [(3.5, 0.5), (0.5, 3.5), (2.4, 2.4)]
    a = agreement(session, scores)
    assert a["board_points"] == [12, 12] and a["board_percent"] == [12, 12]
    assert a["percent"] == [7, 7] and a["places"] == [7, 7]
    # Ruter credits a pair that sits out with its own percentage on the boards it missed: pair 6 (100 %)
    # +2 on board 2, pair 7 (12.5 %) 0.5 - 2 = -1.5 on board 1; our totals give no credit for a bye
    assert a["totals"] == [5, 7]
    off = {d.split(":")[0] for d in a["disagree"]}
    assert off == {"pair 6", "pair 7"}
    for key, missed in (("6", 1), ("7", 1)):
        centred = scores.totals[key] - scores.tops[key] / 2
        credit = missed * (scores.percent[key] / 100 * 4 - 2)  # the pair's percentage of a top of 4, centred
        assert round(centred + credit, 1) == session.pairs[key].published["total"]


def test_ruter_totals_with_the_sitting_out_pairs_credited():
    """--sitout average: each pair that sat out a board is credited with its own percentage of that board's
    top (pair 6: 100 % of 4 on board 2; pair 7: 12.5 % of 4 on board 1), as Ruter's totals are."""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "howell"
        path.write_text(RUTER)
        session = load_session(path)
        scores = score_session(session, sitout="average")
        a = agreement(session, scores)
    assert a["totals"] == [7, 7] and a["percent"] == [7, 7] and a["places"] == [7, 7]
    assert scores.totals["6"] == 8 and scores.tops["6"] == 8  # 4 of 4 played, 4 credited
    assert scores.totals["7"] == 1 and scores.percent["7"] == 12.5  # 0.5 of 4 played, 0.5 credited


PLUS_SESSION = """[Event "plus"]
[Board "1"]
[Vulnerable "None"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 2 4S N 10 420 -
3 4 2S N 8 110 -
5 6 2S N 7 - 50

[Event "plus"]
[Board "2"]
[Vulnerable "NS"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 4 2H N 9 140 -
3 6 2H N 8 110 -
5 2 2H N 7 - 100

[Event "plus"]
[Board "3"]
[Vulnerable "EW"]
[ScoreTable "PairId_NS;PairId_EW;Contract;Declarer;Result;Score_NS;Score_EW"]
1 4 4S N 11 650 -
3 2 4S N 10 620 -
5 6 A4060 - - - -
"""


def test_average_plus_as_the_pairs_own_percentage(tmp_path):
    """Board 3: the real 650 and 620 are compared with each other and brought to the top of 4 by Neuberg
    (3.5 and 0.5); NS 5 gets 40 % and EW 6 60 % (12C1).  With --plus session: pair 5 scored 0 of 8 on its
    other boards (0 %), so its average minus is 0 % (the lesser); pair 6 scored 4 + 2 of 8 (75 %), so its
    average plus is 75 %, 3 of 4 (the greater)."""
    path = write(tmp_path, PLUS_SESSION, "plus.pbn")
    fixed = score_session(load_session(path))
    assert (fixed.lines[3][2].ns_points, fixed.lines[3][2].ew_points) == (1.6, 2.4)
    own = score_session(load_session(path), plus="session")
    line = own.lines[3][2]
    assert (line.ns_points, line.ew_points, line.ns_pct, line.ew_pct) == (0, 3, 0, 75)
    assert own.lines[3][:2] == fixed.lines[3][:2]  # the real results are not affected
    assert own.totals["6"] == 4 + 2 + 3 and own.percent["6"] == 75
    assert own.totals["5"] == 0 and fixed.percent["5"] == round(100 * 1.6 / 12, 2)


def test_cross_imps_averaged_or_summed(tmp_path):
    """Board 1: 420, 110, -50.  420 against 110: 310, 7 IMPs; against -50: 470, 10 IMPs; 110 against -50:
    160, 4 IMPs (78B).  Summed: 17, -7 + 4 = -3, -14; averaged over the two comparisons: 8.5, -1.5, -7."""
    path = write(tmp_path, PLUS_SESSION, "plus.pbn")
    summed = score_session(load_session(path), "cross_imps", cross="sum")
    averaged = score_session(load_session(path), "cross_imps")
    assert [line.ns_points for line in summed.lines[1]] == [17, -3, -14]
    assert [line.ns_points for line in averaged.lines[1]] == [8.5, -1.5, -7]
    assert [line.ew_points for line in summed.lines[1]] == [-17, 3, 14]


USEBIO_TEAMS = """<?xml version="1.0" encoding="utf-8"?>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="SWISS_TEAMS">
<PARTICIPANTS><TEAM TEAM_ID="1" TEAM_NAME="A"><TOTAL_SCORE>12</TOTAL_SCORE></TEAM></PARTICIPANTS>
<MATCH><ROUND_NUMBER>1</ROUND_NUMBER><TEAM>1</TEAM><OPPOSING_TEAM>2</OPPOSING_TEAM>
<BOARD><BOARD_NUMBER>1</BOARD_NUMBER><IMPS>6</IMPS><TRAVELLER_LINE><DIRECTION>NS</DIRECTION><SCORE>420</SCORE>
</TRAVELLER_LINE></BOARD></MATCH></EVENT></USEBIO>
"""


def test_a_usebio_teams_event_is_refused_by_name(runner, tmp_path):
    """Teams in USEBIO (MATCH, TEAM, as one program writes them) are not read: no definition of the elements
    and no published file were at hand; the refusal says so and names the element, exit 2."""
    path = write(tmp_path, USEBIO_TEAMS, "teams.xml")
    result = runner.invoke(cli, ["score", path])
    assert result.exit_code == 2
    assert "TEAM element" in result.output and "teams event" in result.output and "PBN" in result.output


def test_a_latin1_pbn_is_written_back_in_latin1(runner, tmp_path):
    """Ruter writes ISO 8859-1: written back with no ruling the file is the same bytes; with a ruling (an
    artificial 60/40 at the first table of board 1) the row is rewritten in place, '-' bare where there is no
    score, every other byte kept, and the file reads back to the rescored figures in Ruter's centred scale."""
    path = tmp_path / "howell"
    path.write_bytes(RUTER.replace('"E - H"', '"Kåre Bogø"').encode("latin-1"))
    same = tmp_path / "same"
    result = runner.invoke(cli, ["score", str(path), "--write", str(same)])
    assert result.exit_code == 0, result.output
    assert same.read_bytes() == path.read_bytes()
    ruling = write(tmp_path, "board: 1\nns: 3\new: 4\nns_percent: 60\new_percent: 40\n", "r.yaml")
    out = tmp_path / "out"
    result = runner.invoke(cli, ["score", str(path), "--ruling", ruling, "--write", str(out)])
    assert result.exit_code == 0, result.output
    assert "Kåre Bogø".encode("latin-1") in out.read_bytes()
    old, new = path.read_bytes().split(b"\n"), out.read_bytes().split(b"\n")
    changed = [(a, b) for a, b in zip(old, new) if a != b]
    ruled = [b for a, b in changed if a.startswith(b"2 1  3  4")]
    assert ruled and b'"-"' not in ruled[0] and b"A6040" in ruled[0]
    back = load_session(out)
    line = back.boards[1][0]
    assert (line.ns_percent, line.ew_percent) == (60, 40)
    # 60 % of the board's full top of 4 (12C1): 2.4, written in Ruter's scale 2.4 - 4 / 2 = 0.4; the other two
    # results (420 beats 400) are brought to the top of 4 by Neuberg: 3.5 and 0.5, written +1.5 and -1.5
    assert line.published["mp_ns"] == 0.4 and line.published["pct_ns"] == 60
    assert [r.published["mp_ns"] for r in back.boards[1][1:3]] == [1.5, -1.5]
    differs = agreement(back, score_session(back))["disagree"]
    assert all(d.startswith(("pair 6:", "pair 7:")) for d in differs)  # only the byes' credit, as before
