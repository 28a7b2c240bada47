"""`audit`: claims and concessions of a session checked against the cards (Laws 69B, 71A1, 70A)."""
import json
import re
from pathlib import Path

from click.testing import CliRunner

from cli import cli

LIN = Path(__file__).parent / "data" / "endplay" / "bbo-example1.lin"


def _claimed(tmp_path, total: int, tricks: int = 9) -> Path:
    """The published board cut short after ``tricks`` tricks, with a claim of ``total`` (LIN ``mc``)."""
    text = LIN.read_text()
    cards = [m.start() for m in re.finditer(r"pc\|", text)]
    cut = text[:cards[4 * tricks]] + f"mc|{total}|"
    path = tmp_path / f"claim{total}.lin"
    path.write_text(cut)
    return path


def test_audit_lists_the_claim_with_floor_ceiling_and_double_dummy(tmp_path):
    runner = CliRunner()
    path = _claimed(tmp_path, 13)
    result = runner.invoke(cli, ["audit", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output[result.output.index("{"):])
    (board,) = report["boards"]
    assert board["claimed_total"] == 13 and board["tricks_left"] == 4
    assert board["floor"] <= board["ceiling"] <= board["tricks_won"] + 4
    if board["ceiling"] < 13:  # an overclaim no legal play makes good
        assert [f["law"] for f in board["flags"]] == ["69B"]


def test_audit_flags_a_concession_of_tricks_that_could_not_be_lost(tmp_path):
    runner = CliRunner()
    # After 7 tricks declarer has 7 and no legal play of the last six loses them all: claiming
    # 7 in all concedes a trick that could not be lost (LIN's mc is declarer's total).
    path = _claimed(tmp_path, 7, tricks=7)
    result = runner.invoke(cli, ["audit", str(path), "--format", "json"])
    report = json.loads(result.output[result.output.index("{"):])
    (board,) = report["boards"]
    assert board["tricks_won"] == 7 and board["floor"] > 7
    assert board["flags"][0]["law"] == "71A1"
    text = runner.invoke(cli, ["audit", str(path)]).output
    assert "[71A1]" in text and "claimed total 7" in text


def test_audit_reads_the_claims_of_a_real_session():
    """Every board of the USBF vugraph LIN file ends in an mc| claim: each is audited at its own point."""
    path = Path(__file__).parent / "data" / "corpus" / "lin" / "usbf-2010-sf-segment4.lin"
    result = CliRunner().invoke(cli, ["audit", str(path), "--format", "json"])
    report = json.loads(result.output[result.output.index("{"):])
    assert report["checked"] == 30 and len(report["boards"]) == 30 and report["errors"] == []
    for board in report["boards"]:
        low = board["floor"][0] if isinstance(board["floor"], list) else board["floor"]
        high = board["ceiling"][1] if isinstance(board["ceiling"], list) else board["ceiling"]
        assert board["tricks_won"] <= low <= high <= board["tricks_won"] + board["tricks_left"]


def test_audit_skips_boards_played_to_the_end():
    result = CliRunner().invoke(cli, ["audit", str(LIN), "--format", "json"])
    report = json.loads(result.output[result.output.index("{"):])
    assert report["boards"] == [] and report["checked"] == 1
