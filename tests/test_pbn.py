"""PBN and LIN input: real published records, the project's own, and every kind of bad record."""
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import cli
from engine.commands.validate import collect
from engine.explain.ruling import rule_case
from engine.input import lin, pbn
from engine.input.caseio import CaseError, load_case
from engine.input.sources import load_input

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
REAL_PBN = DATA / "endplay" / "eytc1998-boards1-5.pbn"
REAL_LIN = DATA / "endplay" / "bbo-example1.lin"
CLUB = ROOT / "examples" / "club-revokes.pbn"


def kinds(ruling):
    return {c.kind for c in ruling.conclusions}


# -- a real published PBN file ------------------------------------------------------


def test_real_pbn_reads_every_game_with_inherited_tags():
    games = pbn.load_games(REAL_PBN)
    assert len(games) == 10
    assert [g.board for g in games] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
    # "#" takes the previous game's value
    assert games[1].tags["Event"] == "16th European Youth Team Championships"
    assert games[1].tags["Date"] == "1998.07.16" and games[1].tags["Room"] == "Closed"


def test_real_pbn_partial_trick_and_stated_result():
    """Board 3, closed room: 3D by North; the record stops in trick 8 ('- CJ CQ -') and Result is 8."""
    record = pbn.load_board(REAL_PBN, board=3, room="closed")
    assert record.fields["contract"] == "3D" and record.fields["declarer"] == "N"
    assert len(record.tricks) == 8 and not record.complete
    last = record.tricks[-1]
    assert sorted((p.seat, p.card) for p in last) == [("S", "CJ"), ("W", "CQ")]
    # Trick 7 was won by the diamond jack (South); South leads trick 8.
    assert last[0].seat == "S"
    ruling = rule_case(pbn.build_case(record))
    assert ruling.declarer_tricks == 8 and "revoke" not in kinds(ruling)
    assert ruling.case.vulnerable == "EW" and ruling.case.dealer == "S"


def test_real_pbn_every_game_is_consistent():
    for game in pbn.load_games(REAL_PBN):
        record = pbn.board_record(game)
        ruling = rule_case(pbn.build_case(record))
        assert ruling.declarer_tricks == record.fields["result"], game.label
        assert "revoke" not in kinds(ruling)


def test_choosing_a_board():
    with pytest.raises(CaseError, match=r"board 1 was played 2 times .*--room or --game"):
        pbn.load_board(REAL_PBN, board=1)
    with pytest.raises(CaseError, match=r"no board 9 in the file \(boards: 1-5\)"):
        pbn.load_board(REAL_PBN, board=9)
    with pytest.raises(CaseError, match="choose one with --board"):
        pbn.load_board(REAL_PBN)
    assert pbn.load_board(REAL_PBN, game=4).fields["board"] == 2
    assert pbn.load_board(REAL_PBN, board=1, room="Open").fields["contract"] == "5H"


def test_real_lin_record():
    record = lin.load_board(REAL_LIN)
    # md|3...: North deals; West's hand is left out and is what remains.
    assert record.fields["dealer"] == "N" and record.fields["vulnerable"] == "None"
    # p p 1H 2S X p 3H p 3N p p p, North first: 3NT by North.
    assert (record.fields["contract"], record.fields["declarer"]) == ("3NT", "N")
    assert record.complete and [p.card for p in record.tricks[0]] == ["S2", "S3", "SQ", "SA"]
    assert record.tricks[0][0].seat == "E"  # East leads against North
    ruling = rule_case(pbn.build_case(record))
    assert ruling.tricks_at_table == 11 and ruling.declarer_tricks == 11


def test_lin_string_with_rooms_and_claim():
    deal = "md|1SAKQHAKQDAKQCAKQJ,S2345H2345D234C23,S6789H6789D5678C4,|"
    text = ("pn|a,b,c,d|qx|o7|" + deal + "sv|b|mb|7N|mb|p|mb|p|mb|p|pc|D2|pc|D5|pc|DJ|pc|DA|mc|13|"
            "qx|c7|" + deal + "sv|b|mb|p|mb|p|mb|p|mb|p|")
    boards = lin.split_boards(lin.parse_pairs(text, "x.lin"))
    assert len(boards) == 2
    record = lin.board_record(boards[0], "x.lin")
    assert record.fields["board"] == 7 and "open room" in record.label
    assert (record.fields["contract"], record.fields["declarer"]) == ("7NT", "S")
    assert [p.seat for p in record.tricks[0]] == ["W", "N", "E", "S"]
    # mc|13| after the first trick (won by South's ace): a claim of the 12 tricks that remain (issue 10)
    assert record.events == [{"at": "T2.0", "kind": "claim", "by": "S", "tricks": 12}]
    assert rule_case(pbn.build_case(record)).declarer_tricks == 13
    passed = lin.board_record(boards[1], "x.lin")  # four passes: a passed-out board, which rules and scores zero
    assert passed.kind == "passed out" and rule_case(pbn.build_case(passed)).score == {"NS": 0, "EW": 0}


def test_lin_without_player_names():
    """No pn|: the same reading; md with all four hands given."""
    text = ("md|2S2345H2345D234C23,S6789H6789D5678C4,SAKQHAKQDAKQCAKQJ,STJHTJDT9JCT98765|sv|e|"
            "mb|p|mb|7N|mb|p|mb|p|mb|p|pc|ST|pc|S2|pc|S6|pc|SA|")
    (record,) = lin.parse_string(text, "y.lin")
    assert (record.fields["dealer"], record.fields["vulnerable"]) == ("W", "EW")
    assert (record.fields["contract"], record.fields["declarer"]) == ("7NT", "N")
    assert [(p.seat, p.card) for p in record.tricks[0]] == [("E", "ST"), ("S", "S2"), ("W", "S6"), ("N", "SA")]
    ruling = rule_case(pbn.build_case(record))
    assert ruling.table.tricks[0].winner == "N" and not ruling.notes[:-1]


# -- the project's own PBN file with revokes ----------------------------------------------


def test_club_board_3_is_ruled_from_pbn():
    ruling = rule_case(load_input(CLUB, board=3))
    transfer = next(c for c in ruling.conclusions if c.kind == "trick_transfer")
    assert (transfer.fields["trick"], transfer.fields["seat"], transfer.fields["tricks"], transfer.law) == (2, "E", 1, "64A2")
    assert ruling.declarer_tricks == 11


def test_events_file_alongside():
    plain = rule_case(load_input(CLUB, board=16))
    assert "trick_transfer" in kinds(plain)
    with_events = rule_case(load_input(CLUB, board=16, events=ROOT / "examples" / "club-board16.yaml"))
    assert "trick_transfer" not in kinds(with_events)
    assert any(c.kind == "no_revoke_penalty" and c.law == "64B4" for c in with_events.conclusions)


def test_case_files_pointing_at_pbn_validate():
    from engine.commands.validate import validate_file

    results = [validate_file(f) for f in collect([ROOT / "examples"])]
    assert results and all(r.passed for r in results), [(r.path, r.error, r.differences) for r in results]


def test_linked_case_errors(tmp_path):
    (tmp_path / "c.pbn").write_text(CLUB.read_text())
    bad = tmp_path / "case.yaml"
    bad.write_text("id: x\npbn: nope.pbn\nboard: 3\n")
    with pytest.raises(CaseError, match="no such file"):
        load_case(bad)
    bad.write_text("id: x\npbn: c.pbn\nboard: 4\n")
    with pytest.raises(CaseError, match=r"case.yaml: pbn \(c.pbn\), board: no board 4"):
        load_case(bad)
    bad.write_text("id: x\npbn: c.pbn\nboard: 3\ncontract: 4S\n")
    with pytest.raises(CaseError, match="contract: given by c.pbn"):
        load_case(bad)
    bad.write_text("id: x\nroom: open\ndeal: x\n")
    with pytest.raises(CaseError, match="room: names a deal of a PBN or LIN file"):
        load_case(bad)


# -- bad records: file, game, field, problem ---------------------------------------------

BOARD3 = CLUB.read_text().split("\n\n")[1]  # the first game


def one_game(tmp_path, text, name="g.pbn"):
    p = tmp_path / name
    p.write_text(text)
    return p


BAD = [
    ("revoke marker on a legal card", ("CT C3 CQ C9 $1", "CT^R C3 CQ C9 $1"),
     r"trick 11, West's column: \^R marks C10 as a revoke, but the deal says otherwise: it follows suit"),
    ("card not held", ("D4 DA S4^R=1= D8", "D4 DA SA D8"), "East played SA, which was dealt to North"),
    ("auction against contract", ("1NT Pass 3NT Pass", "1NT Pass 4NT Pass"),
     "Auction .*the auction ends in 4NT by South, but Contract and Declarer say 3NT by South"),
    ("result against the play", ('[Result "10"]', '[Result "9"]'),
     "Result .*9 tricks, but the 13 tricks in the play record give declarer 10"),
    ("fourteen cards", ("AK32.A32.AK32.32 QJ4", "AK32.A32.AK32.325 QJ4"), r"Deal \(line \d+\): North has 14 cards"),
    ("short row", ("H6 H3 HK H9", "H6 H3 HK"), "a trick row needs four entries"),
    ("bad card", ("H6 H3 HK H9", "H6 H3 HK X9"), "'X9' is not a card"),
    ("passed out", ('[Contract "3NT"]', '[Contract "Pass"]'), "passed out"),
    ("malformed tag", ('[Board "3"]', '[Board 3]'), r"game 1 cannot be read: line \d+: malformed tag pair"),
    ("inherit a deal", ('[Dealer "S"]', '[Dealer "#"]'), "'#' is not allowed for Dealer"),
    ("lead marker on the right leader", ("H7 HA H4 H8", "H7^L HA H4 H8"),
     r"\^L marks H7 as a lead out of turn, but West was on lead"),
]


@pytest.mark.parametrize("label,change,message", BAD, ids=[b[0] for b in BAD])
def test_bad_record_is_a_clear_error(tmp_path, label, change, message):
    old, new = change
    assert old in BOARD3
    path = one_game(tmp_path, BOARD3.replace(old, new, 1))
    with pytest.raises(CaseError, match=message) as info:  # found when read, or at the latest before ruling
        rule_case(load_input(path, board=3))
    assert str(path) in str(info.value)
    res = CliRunner().invoke(cli, ["rule", str(path), "--board", "3"])
    assert res.exit_code == 2 and "Traceback" not in res.output


def test_lead_out_of_turn_marker_is_read(tmp_path):
    """Trick 5 led by East out of turn (North won trick 4): the ^L card starts the trick."""
    text = BOARD3.replace("S7 S3 D5 ST", "S7 S3 D5^L ST").replace('[Result "10"]\n', "")
    ruling = rule_case(load_input(one_game(tmp_path, text), board=3))
    trick5 = ruling.table.tricks[4]
    assert trick5.plays[0].seat == "E" and trick5.expected_leader == "N"
    assert "^L D5" in pbn.write_pbn(ruling)  # and written back with its mark, before the card (PBN 3.9)


def test_comments_notes_and_glyphs(tmp_path):
    text = BOARD3.replace("[Auction", "; a line comment\n{a comment\nover two lines}\n[Auction")
    games = pbn.parse_games(text, "g.pbn")
    (game,) = games
    assert "a comment over two lines" in game.comments
    play = game.sections["Play"].tokens
    s4 = next(t for t in play if t.text == "S4")
    assert s4.marks == ["R"] and s4.notes == ["1"]
    assert "diamond five" in next(t for t in play if t.text == "D8").comment  # a comment follows its token
    assert next(t for t in play if t.text == "C9").nags == ["$1"]
    assert game.notes == {"1": "Director called at the end of play"}


# -- writing back out --------------------------------------------------------------------------


@pytest.mark.parametrize("path", collect([ROOT / "cases"]), ids=lambda p: p.stem)
def test_pbn_round_trip(tmp_path, path):
    """A case written as PBN reads back as the same deal, contract and effective play."""
    ruling = rule_case(load_case(path))
    text = pbn.write_pbn(ruling)
    if ruling.case.contract is None:  # a ruling before play (Laws 6-16): the deal only, nothing to play back
        assert '[Contract ""]' in text and f'[Deal "{pbn.deal_text(ruling.case.hands)}"]' in text
        return
    out = one_game(tmp_path, text, "out.pbn")
    record = pbn.load_board(out)
    case = pbn.build_case(record)
    assert case.hands == ruling.case.hands and case.contract == ruling.case.contract
    assert case.declarer == ruling.case.declarer
    # PBN lists a trick by seat from its leader, so a card played out of rotation comes
    # back in rotation order: compare each trick's leader and cards.
    effective = [[(s, p.card) for s, p in t.effective] for t in ruling.table.tricks]
    effective = [t for t in effective if t]
    read = [[(e.seat, e.card) for e in t] for t in case.play]
    assert [(t[0], sorted(t)) for t in read] == [(t[0], sorted(t)) for t in effective]
    for c in ruling.conclusions:
        if c.kind in ("revoke_established", "trick_transfer", "no_revoke_penalty"):
            assert c.text in text


def test_export_command(tmp_path):
    out = tmp_path / "b3.pbn"
    res = CliRunner().invoke(cli, ["export", str(CLUB), "--board", "3", "-o", str(out)])
    assert res.exit_code == 0, res.output
    text = out.read_text()
    assert "^R S4 =1=" in text and "[Note \"1:East revoked in trick 2" in text and "[64A2]" in text


def test_check_command():
    res = CliRunner().invoke(cli, ["check", str(REAL_PBN), str(REAL_LIN), str(CLUB)])
    assert res.exit_code == 0, res.output
    assert "14 ok, 0 with problems, 14 games" in res.output
    # What the laws make of a record, in words and clauses, not conclusion kinds.
    assert "East revoked in trick 2 [61A]; declarer's tricks 10 at the table, 11 after the ruling" in res.output
    assert "revoke_established" not in res.output and "trick_transfer" not in res.output
