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
    path = _claimed(tmp_path, 0)
    result = runner.invoke(cli, ["audit", str(path), "--format", "json"])
    report = json.loads(result.output[result.output.index("{"):])
    (board,) = report["boards"]
    assert board["floor"] > 0  # declarer had won tricks already: conceding them all is below the floor
    assert board["flags"][0]["law"] == "71A1"
    text = runner.invoke(cli, ["audit", str(path)]).output
    assert "[71A1]" in text and "claimed total 0" in text


def test_audit_skips_boards_played_to_the_end():
    result = CliRunner().invoke(cli, ["audit", str(LIN), "--format", "json"])
    report = json.loads(result.output[result.output.index("{"):])
    assert report["boards"] == [] and report["checked"] == 1
