"""Seeing a ruling: hand diagram, trick table with marks, trace tree; rich on request, plain otherwise."""
from pathlib import Path

from click.testing import CliRunner

from cli import cli
from engine.explain.ruling import rule_case
from engine.explain.view import diagram_lines, trace_tree, trick_rows, trick_table_lines
from engine.input.sources import load_input

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "examples" / "club-revokes.pbn"
CORRECTED = ROOT / "cases" / "law62" / "62a-declarer-draws-attention-defender-corrects.yaml"


def club3():
    return rule_case(load_input(CLUB, board=3))


def test_diagram_puts_the_hands_around_the_compass():
    lines = diagram_lines(club3().case.hands, symbols=False)
    north = next(i for i, line in enumerate(lines) if line.strip() == "North")
    south = next(i for i, line in enumerate(lines) if line.strip() == "South")
    west = next(i for i, line in enumerate(lines) if line.startswith("West"))
    assert north < west < south
    assert "East" in lines[west] and lines[west].index("East") > 30
    assert "S A K 3 2" in lines[north + 1]  # North's spades under North
    assert lines[west + 4].startswith("C 10 8 7 6")  # West's clubs
    assert any("W   E" in line for line in lines)


def test_trick_rows_mark_the_revoke_and_the_transfer():
    rows = trick_rows(club3())
    row = rows[1]
    assert row["cards"]["E"] == {"card": "S4", "replaced": [], "revoke": True, "revoke_card": "S4", "at": "T2.1"}
    kinds = [m["kind"] for m in row["marks"]]
    assert kinds == ["revoke", "established", "transfer"]
    transfer = row["marks"][2]
    assert (transfer["tricks"], transfer["to"], transfer["law"]) == (1, "NS", "64A2")
    assert all(not r["marks"] for r in rows if r["trick"] != 2)
    assert rows[0]["leader"] == "W" and rows[1]["winner"] == "N"


def test_trick_table_shows_a_correction():
    from engine.input.caseio import load_case

    lines = trick_table_lines(rule_case(load_case(CORRECTED)))
    row2 = next(line for line in lines if line.strip().startswith("2 "))
    assert "C2!>D4 " in row2  # East's club two (the revoke) replaced by the diamond four
    assert "must be corrected (62A)" in row2


def test_trace_tree_data():
    r = club3()
    transfer = next(c for c in r.conclusions if c.kind == "trick_transfer")
    tree = trace_tree(r, transfer)
    assert tree["rule"] == "law_64A2_one_trick" and tree["law"] == "64A2"
    assert "summary" in tree and tree["checked_absent"] == ["legal_card_win", "no_revoke_penalty", "trick_won"]
    kinds = {c["kind"] for c in tree["children"]}
    assert {"revoke", "revoke_established", "tricks_from"} <= kinds


def test_rich_views_on_request_plain_by_default():
    runner = CliRunner()
    res = runner.invoke(cli, ["rule", str(CLUB), "--board", "3", "--view", "rich"])
    assert res.exit_code == 0, res.output
    out = res.output
    assert "♠4 revoke" in out and "1 trick to NS (64A2)" in out and "established (63A1)" in out
    assert "♠ A K 3 2" in out and "W   E" in out and "┃" in out
    plain = runner.invoke(cli, ["rule", str(CLUB), "--board", "3"])
    assert plain.exit_code == 0 and "┃" not in plain.output and "Ruling" in plain.output
    res = runner.invoke(cli, ["explain", str(CLUB), "--board", "3", "trick_transfer", "--view", "rich"])
    assert res.exit_code == 0, res.output
    assert "rule law_64A2_one_trick" in res.output and "└── " in res.output and "├── " in res.output
