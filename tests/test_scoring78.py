"""Law 78 scoring and the equivalents of adjusted scores: every boundary of the IMP scale."""
import re
from pathlib import Path

import pytest

from engine.input.caseio import CaseError
from engine.input.results import load_results, parse_percent, parse_result
from engine.mechanics.scoring78 import (
    IMP_ROWS,
    artificial_imps,
    imps,
    matchpoints,
    percent_points,
    score_board,
)
from engine.notation.cards import NotationError

SEEDS = Path(__file__).resolve().parent.parent.parent / "shared" / "seeds"

# The Law 78B table as printed in the source, transcribed by hand: (lowest, highest, IMPs).
PRINTED = [
    (20, 40, 1), (50, 80, 2), (90, 120, 3), (130, 160, 4), (170, 210, 5), (220, 260, 6), (270, 310, 7),
    (320, 360, 8), (370, 420, 9), (430, 490, 10), (500, 590, 11), (600, 740, 12), (750, 890, 13),
    (900, 1090, 14), (1100, 1290, 15), (1300, 1490, 16), (1500, 1740, 17), (1750, 1990, 18),
    (2000, 2240, 19), (2250, 2490, 20), (2500, 2990, 21), (3000, 3490, 22), (3500, 3990, 23), (4000, None, 24),
]


def test_the_scale_is_the_printed_table():
    assert list(IMP_ROWS) == PRINTED


@pytest.mark.skipif(not SEEDS.exists(), reason="the source documents are not beside this checkout")
def test_the_scale_matches_the_source_text():
    text = (SEEDS / "002_457e439b534234aa.txt").read_text()
    table = text[text.index("B.Обсчёт по IMP"):text.index("C.Обсчёт по Total")]
    rows = re.findall(r"(\d+) · (\d+) (\d+)", table)
    found = sorted((int(lo), int(hi), int(n)) for lo, hi, n in rows)
    assert found == sorted(r for r in PRINTED if r[1] is not None)
    assert re.search(r"4000 и более 24", table)


@pytest.mark.parametrize("low,high,value", PRINTED)
def test_every_row_at_both_ends(low, high, value):
    assert imps(low) == value
    assert imps(low - 10) == value - 1  # the last difference of the row below
    if high is not None:
        assert imps(high) == value
        assert imps(high + 10) == value + 1
    assert imps(-low) == -value


def test_below_the_first_row_and_far_above_the_last():
    assert imps(0) == imps(10) == imps(-10) == 0
    assert imps(7600) == 24 and imps(-12000) == -24


def test_a_difference_between_printed_rows_counts_in_the_lower_row():
    assert imps(45) == 1 and imps(85) == 2 and imps(3995) == 23 and imps(19) == 0


def test_matchpoints_two_per_score_beaten_one_per_tie():
    assert matchpoints(420, [450, 420, 170, -50]) == (5, 8)
    assert matchpoints(690, [450, 420]) == (4, 4)
    assert matchpoints(-100, [-100, -100]) == (2, 4)
    assert matchpoints(-200, [100]) == (0, 2)


def test_artificial_equivalents():
    assert percent_points(60, 10) == 6 and percent_points(40, 14) == 5.6 and percent_points(50, 8) == 4
    assert (artificial_imps(60), artificial_imps(50), artificial_imps(40)) == (3, 0, -3)
    with pytest.raises(ValueError):
        artificial_imps(70)


def test_percent_and_result_notation():
    assert parse_percent("A+") == 60 and parse_percent("a-") == 40 and parse_percent("50%") == 50
    assert parse_percent(65) == 65
    for bad in ("45", 30, True, "B"):
        with pytest.raises(NotationError):
            parse_percent(bad)
    assert parse_result("4S S 10", "NS", "None") == (420, "4S by South, 10 tricks")
    assert parse_result("4S by S 10", "EW", "All") == (-620, "4S by South, 10 tricks")
    assert parse_result({"contract": "3NT", "declarer": "W", "tricks": 8}, "EW", "EW")[0] == -100
    assert parse_result(-50, "EW", None) == (-50, "EW -50")
    for bad in ("4S S", "4S S 14", 15, "8S S 10", "4S Q 10"):
        with pytest.raises(NotationError):
            parse_result(bad, "NS", "None")
    with pytest.raises(NotationError, match="vulnerability"):
        parse_result("4S S 10", "NS", None)


# -- one board's results ------------------------------------------------------------


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text)
    return p


def test_matchpoint_a_board_from_yaml(tmp_path):
    p = _write(tmp_path, "b.yaml", "- {ns: 1, ew: 11, score: 420}\n- {ns: 2, ew: 12, score: 450}\n"
                                   "- {ns: 3, ew: 13, score: 420}\n- {ns: 4, ew: 14, score: -50}\n")
    scores = score_board(load_results(p), "matchpoints")
    got = {(s.direction, s.pair): s.points for s in scores.pairs}
    assert got == {("NS", "1"): 3, ("NS", "2"): 6, ("NS", "3"): 3, ("NS", "4"): 0,
                   ("EW", "11"): 3, ("EW", "12"): 0, ("EW", "13"): 3, ("EW", "14"): 6}


def test_artificial_scores_are_percentages_and_others_are_factored(tmp_path):
    p = _write(tmp_path, "b.csv", "ns,ew,score,ns_percent,ew_percent\n1,11,420,,\n2,12,450,,\n3,13,,A+,A-\n")
    scores = score_board(load_results(p), "matchpoints")
    got = {(s.direction, s.pair): (s.points, s.top) for s in scores.pairs}
    assert got[("NS", "3")] == (2.4, 4) and got[("EW", "13")] == (1.6, 4)
    assert got[("NS", "2")] == (4.0, 4) and got[("NS", "1")] == (0.0, 4)  # 2 of 2, factored to a top of 4
    assert scores.notes


def test_unbalanced_assigned_scores_are_compared_in_their_own_direction(tmp_path):
    p = _write(tmp_path, "b.yaml", "- {ns: 1, ew: 11, score: -110, ew_score: -50}\n- {ns: 2, ew: 12, score: 140}\n"
                                   "- {ns: 3, ew: 13, score: -50}\n")
    got = {(s.direction, s.pair): s.points for s in score_board(load_results(p), "matchpoints").pairs}
    # NS scores -110, +140, -50; EW scores -50 (assigned), -140, +50.
    assert (got[("NS", "1")], got[("NS", "2")], got[("NS", "3")]) == (0, 4, 2)
    assert (got[("EW", "11")], got[("EW", "12")], got[("EW", "13")]) == (2, 0, 4)


def test_imps_between_two_tables(tmp_path):
    p = _write(tmp_path, "m.yaml", "results:\n  - {ns: A, ew: B, score: 620}\n  - {ns: B, ew: A, score: -100}\n")
    got = {(s.direction, s.pair): s.points for s in score_board(load_results(p), "imps").pairs}
    assert got == {("NS", "A"): 12, ("NS", "B"): -12, ("EW", "B"): -12, ("EW", "A"): 12}


def test_imps_with_an_artificial_score(tmp_path):
    p = _write(tmp_path, "m.yaml", "- {ns: A, ew: B, ns_percent: 60, ew_percent: 40}\n- {ns: B, ew: A, score: 420}\n")
    got = {(s.direction, s.pair): s.points for s in score_board(load_results(p), "imps").pairs}
    assert got[("NS", "A")] == 3 and got[("EW", "B")] == -3
    assert got[("NS", "B")] is None  # nothing to compare with


def test_total_points(tmp_path):
    p = _write(tmp_path, "t.yaml", "- {ns: 1, ew: 2, score: 170}\n")
    got = {(s.direction, s.pair): s.points for s in score_board(load_results(p), "total_points").pairs}
    assert got == {("NS", "1"): 170, ("EW", "2"): -170}


@pytest.mark.parametrize("name,text,fragment", [
    ("a.yaml", "{}", "a results file is a list"),
    ("a.yaml", "- {ns: 1, ew: 2}", "results[1].score: missing"),
    ("a.yaml", "- {ns: 1, ew: 2, score: 425}", "results[1].score: 425 is not a bridge score"),
    ("a.yaml", "- {ns: 1, ew: 2, score: 420, ns_percent: 60}", "results[1].ns_percent: NS has both"),
    ("a.yaml", "- {ns: 1, ew: 2, score: 420, venue: x}", "results[1].venue: unknown field"),
    ("a.yaml", "- {ew: 2, score: 420}", "results[1].ns: missing"),
    ("a.yaml", "- {ns: 1, ew: 2, score: 420}\n- {ns: 1, ew: 3, score: 400}", "NS pair '1' has two results"),
    ("a.yaml", "- {ns: 1, ew: 2, ns_percent: 45, ew_percent: 50}", "results[1].ns_percent: 45%"),
    ("a.csv", "ns,ew,points\n1,2,420\n", "column 'points'"),
    ("a.csv", "ns,ew,score\n1,2,abc\n", "line 2.score"),
    ("a.csv", "", "no results"),
    ("a.yaml", "- [1, 2", "malformed YAML"),
])
def test_bad_results_files(tmp_path, name, text, fragment):
    p = _write(tmp_path, name, text)
    with pytest.raises(CaseError) as exc:
        load_results(p)
    assert str(p) in str(exc.value) and fragment in str(exc.value)


def test_imps_need_exactly_two_tables(tmp_path):
    p = _write(tmp_path, "b.yaml", "- {ns: 1, ew: 2, score: 420}\n- {ns: 3, ew: 4, score: 450}\n"
                                   "- {ns: 5, ew: 6, score: 400}\n")
    with pytest.raises(ValueError, match="two tables"):
        score_board(load_results(p), "imps")
