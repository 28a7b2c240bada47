"""Bad input for every case field of Laws 6-16, 72-75 and 78: exit 2, the file, the field, the problem."""
import textwrap

import pytest

from cli import cli

DEAL = "N:KT765.9842.KT2.9 A94.AT5.Q83.7432 Q83.73.AJ74.JT86 J2.KQJ6.965.AKQ5"
FOUND = "N:KT765.9842.KT2.92 A94.AT5.Q83.743 Q83.73.AJ74.JT86 J2.KQJ6.965.AKQ5"


def case(body: str, head: str = f'board: 1\ndeal: "{DEAL}"\n') -> str:
    return "id: bad-input\n" + head + textwrap.dedent(body)


POCKETS = case(f'deal_found: "{FOUND}"\npockets:\n  discovered: before_auction\n')
UI = case("contract: 3S\ndeclarer: N\nresult: 9\nui:\n  how: hesitation\n  by: N\n  received_by: S\n  action: 3S\n")
IRREG = case("auction: [P, 1H, 1C]\nirregularity:\n  by: E\n  at: A3\n")

BAD = [
    # the play record may be left out only for a ruling that needs none
    ("no play, nothing else", case("contract: 4S\ndeclarer: S\n"), "play: missing (a case may leave out play only when"),
    ("contract without declarer", case("contract: 4S\ndealing: {misdealt: true, before_last_card: true}\n"),
     "declarer: missing (a case without play gives contract and declarer together"),
    ("result without contract", case("result: 9\ndealing: {misdealt: true, before_last_card: true}\n"),
     "result: a result needs the contract"),
    ("events without contract", case("events:\n  - {at: end, kind: round_ended}\n"
                                     "dealing: {misdealt: true, before_last_card: true}\n"), "events: events happen during play"),
    ("unknown top key", case("venue: club\ndealing: {misdealt: true, before_last_card: true}\n"), "venue: unknown key"),
    # the class of player Laws 69-71 judge (docs/claims.md)
    ("unknown class of player", case("contract: 4S\ndeclarer: S\nplay: []\nplayer_class: champion\n"),
     "player_class: 'champion' is not a class of player (one of novice, club, expert"),
    # a casebook's record of the published rulings (cases/published/README.md)
    ("published as a list", case("contract: 4S\ndeclarer: S\nplay: []\npublished: [10, 9]\n"),
     "published: a mapping of laws_in_force, director, committee, differences_1987, not list"),
    ("published tricks in words", case("contract: 4S\ndeclarer: S\nplay: []\n"
                                       "published: {director: {declarer_tricks: ten}}\n"),
     "published.director.declarer_tricks: 'ten' is not a number of tricks (0 to 13)"),
    # deal_found and pockets
    ("deal_found card twice", case('deal_found: "N:KT765.9842.KT2.99 A94.AT5.Q83.743 Q83.73.AJ74.JT86 J2.KQJ6.965.AKQ5"\n'
                                   "pockets: {discovered: auction}\n"), "deal_found: C9 is in North's pocket and North's"),
    ("deal_found bad notation", case('deal_found: "N:XX"\npockets: {discovered: auction}\n'), "deal_found:"),
    ("deal_found without pockets", case(f'deal_found: "{FOUND}"\n'), "pockets: missing: deal_found needs pockets.discovered"),
    ("pockets without discovered", case(f'deal_found: "{FOUND}"\npockets: {{record: true}}\n'), "pockets: missing discovered"),
    ("pockets bad stage", POCKETS.replace("before_auction", "lunch"), "pockets.discovered: 'lunch' is not one of"),
    ("pockets unknown field", POCKETS + "  colour: red\n", "pockets.colour: unknown field"),
    ("pockets no counts", case("pockets: {discovered: before_auction}\n"), "pockets: give the pockets as found"),
    ("pockets counts incomplete", case("pockets:\n  discovered: before_auction\n  counts: {N: 14, E: 12}\n"),
     "pockets.counts: give the count for all four pockets"),
    ("pockets counts disagree", POCKETS + "  counts: {N: 13, E: 13, S: 14, W: 12}\n", "pockets.counts: "),
    ("pockets counts not numbers", case("pockets:\n  discovered: auction\n  counts: {N: x, E: 12, S: 13, W: 13}\n"),
     "pockets.counts.N: 'x' is not a number of cards"),
    ("pockets all thirteen", case("pockets:\n  discovered: auction\n  counts: {N: 13, E: 13, S: 13, W: 13}\n"),
     "pockets: every pocket holds 13 cards"),
    ("pockets record not bool", POCKETS + "  record: maybe\n", "pockets.record: 'maybe' is not yes, no or unknown"),
    ("pockets at outside play", POCKETS + "  at: T3.0\n", "pockets.at: only a discovery during play"),
    ("pockets seen own hand", POCKETS + "  seen: [{by: E, of: E}]\n", "pockets.seen[1]: a player seeing his own cards"),
    ("pockets seen bad card", POCKETS + "  seen: [{by: E, of: N, cards: [Z9]}]\n", "pockets.seen[1].cards:"),
    ("card_found with two wrong hands", POCKETS + "  card_found: elsewhere\n",
     "pockets.card_found: a missing card (Law 14) needs exactly one short hand"),
    ("card_found bad value", case("pockets:\n  discovered: auction\n  counts: {N: 13, E: 12, S: 13, W: 13}\n"
                                  "  card_found: lost\n"), "pockets.card_found: 'lost' is not one of"),
    ("among_played before play", case("pockets:\n  discovered: auction\n  counts: {N: 13, E: 12, S: 13, W: 13}\n"
                                      "  card_found: among_played\n"), "among_played: cards are played only during play"),
    ("missing card disagrees", case('deal_found: "N:KT765.9842.KT2.9 A94.AT5.Q83.743 Q83.73.AJ74.JT86 J2.KQJ6.965.AKQ5"\n'
                                    "pockets: {discovered: auction, missing: SA}\n"), "pockets.missing: the deal and deal_found"),
    ("auction discovery without auction", POCKETS.replace("before_auction", "auction"),
     "pockets: discovered during the auction: give the auction so far"),
    # auction
    ("auction bad call", case("auction: [1S, 8H]\ndealing: {misdealt: true, before_last_card: true}\n"),
     "auction[2]: '8H' is not a call"),
    ("auction not a list", case("auction: 1S\ndealing: {misdealt: true, before_last_card: true}\n"), "auction: a list of calls"),
    ("auction call with an unknown field", case("auction: [{call: 1S, alarm: yes}]\n"),
     "auction[1].alarm: unknown field (allowed: alert, call, note, seat)"),
    ("players not a mapping", case("auction: [1S, P, P, P]\nplayers: [Smith, Jones]\n"),
     "players: a mapping of seats to names"),
    ("players with a bad seat", case("auction: [1S, P, P, P]\nplayers: {Q: Smith}\n"), "players.Q:"),
    ("auction without dealer", case("auction: [1S]\ndealing: {misdealt: true, before_last_card: true}\n",
                                    head=f'deal: "{DEAL}"\n'), "auction: the auction starts with the dealer"),
    ("auction bad seat", case("auction: [\"Q:1S\"]\ndealing: {misdealt: true, before_last_card: true}\n"),
     "auction[1]: 'Q' is not a seat"),
    # dealing
    ("dealing nothing wrong", case("dealing: {shuffled: true}\n"), "dealing: no dealing irregularity given"),
    ("dealing bad flag", case("dealing: {misdealt: perhaps}\n"), "dealing.misdealt: 'perhaps' is not yes, no or unknown"),
    ("dealing nothing in question", case("dealing: {misdealt: no, before_last_card: no}\n"),
     "dealing: no dealing irregularity given"),
    ("dealing unknown key", case("dealing: {misdealt: true, before_last_card: true, cut: no}\n"), "dealing.cut: unknown field"),
    ("dealing not a mapping", case("dealing: yes\n"), "dealing: a mapping with"),
    # wrong board
    ("wrong_board bad stage", case("wrong_board: {discovered: never}\n"), "wrong_board.discovered: 'never' is not one of"),
    ("wrong_board same board", case("wrong_board: {discovered: after_play, correct_board: 1}\n"),
     "wrong_board.correct_board: board 1 is the board played"),
    ("wrong_board bad seat", case("wrong_board: {discovered: after_play, played_before: [N, X]}\n"),
     "wrong_board.played_before[2]: 'X' is not a seat"),
    ("wrong_board objection after play", case("wrong_board: {discovered: after_play, objections: [N]}\n"),
     "wrong_board.objections: only when the wrong board is discovered during the auction"),
    ("wrong_board auction without auction", case("wrong_board: {discovered: auction}\n"),
     "wrong_board: discovered during the auction: give the auction so far"),
    ("second auction bad call", case("auction: [P]\nwrong_board: {discovered: auction, second_auction: [PP]}\n"),
     "wrong_board.second_auction[1]: 'PP' is not a call"),
    # unauthorized information
    ("ui bad how", UI.replace("hesitation", "telepathy"), "ui.how: 'telepathy' is not one of"),
    ("ui missing received_by", UI.replace("  received_by: S\n", ""), "ui: missing received_by"),
    ("ui partner channel without by", UI.replace("  by: N\n", ""), "ui: hesitation needs by"),
    ("ui accidental with by", UI.replace("hesitation", "overheard"), "ui.by: overheard is information come upon by accident"),
    ("ui gives itself", UI.replace("received_by: S", "received_by: N"), "ui.by: the player who received the information"),
    ("ui withdrawn without offending side", UI.replace("hesitation", "withdrawn_call"),
     "ui: a withdrawn call or play needs offending_side"),
    ("ui offending side not withdrawn", UI + "  offending_side: NS\n", "ui.offending_side: only for a withdrawn call"),
    ("ui reserved by partner", UI + "  reserved_by: S\n", "ui.reserved_by: only an opponent"),
    ("ui reserved for accidental", UI.replace("hesitation", "overheard").replace("  by: N\n", "") + "  reserved_by: E\n",
     "ui.reserved_by: a player reserves his rights"),
    ("ui disputed without reservation", UI + "  disputed: yes\n", "ui.disputed: only with reserved_by"),
    ("ui positions for partner channel", UI + "  positions_can_change: yes\n", "ui.positions_can_change: only for information"),
    ("ui disputed bad flag", UI + "  reserved_by: E\n  disputed: loudly\n", "ui.disputed: 'loudly' is not yes, no or unknown"),
    # explanation
    ("explanation by the caller himself", case("explanation: {call: 2D, by: S, explained_by: E}\n"),
     "explanation.explained_by: the explanation Law 75 is about"),
    ("explanation bad call", case("explanation: {call: 2Z, by: S, explained_by: N}\n"), "explanation.call: '2Z' is not a call"),
    ("explanation bad agreement", case("explanation: {call: 2D, by: S, explained_by: N, agreement: both}\n"),
     "explanation.agreement: 'both' is not one of"),
    ("explanation with ui", UI + "explanation: {call: 2D, by: S, explained_by: N}\n",
     "explanation: one information episode per case"),
    # irregularity (Laws 9-12)
    ("irregularity without at", IRREG.replace("  at: A3\n", ""), "irregularity: missing at"),
    ("irregularity past the auction", IRREG.replace("at: A3", "at: A7"), "irregularity.at: A7: the auction has only 3 calls"),
    ("irregularity bad position", IRREG.replace("at: A3", "at: soon"), "irregularity.at: 'soon' is not a position"),
    ("irregularity after the record", IRREG.replace("at: A3", "at: T5.1"), "irregularity.at: T5.1 is not in the play record"),
    ("irregularity spectator without side", IRREG + "  attention: {by: spectator, at: A3}\n",
     "irregularity.attention: a spectator needs spectator_of"),
    ("irregularity attention without at", IRREG + "  attention: {by: S}\n", "irregularity.attention: missing at"),
    ("irregularity spectator_of for a player", IRREG + "  attention: {by: S, at: A3, spectator_of: NS}\n",
     "irregularity.attention.spectator_of: only when by is spectator"),
    ("irregularity option bad flag", IRREG + "  option: {by: N, consulted_partner: often}\n",
     "irregularity.option.consulted_partner: 'often' is not yes, no or unknown"),
    ("irregularity bad grounds", IRREG + "  request: {by: NS, grounds: unfair}\n",
     "irregularity.request.grounds: 'unfair' is not one of"),
    ("irregularity bad side", IRREG + "  incorrect_rectification: N\n", "irregularity.incorrect_rectification: 'N' is not a side"),
    ("irregularity unknown field", IRREG + "  penalty: 2\n", "irregularity.penalty: unknown field"),
    # no_result (12C1)
    ("no_result false", case("no_result: false\n"), "no_result: true, or a mapping"),
    ("no_result unknown field", case("no_result: {by: N}\n"), "no_result.by: unknown field"),
    ("no_result bad reason", case("no_result: {reason: 3}\n"), "no_result.reason: 3 is not a description"),
    ("no_result bad fault", case("no_result: {fault: {NS: most}}\n"), "no_result.fault.NS: 'most' is not one of"),
    ("no_result fault not by side", case("no_result: {fault: direct}\n"), "no_result.fault: a mapping by side"),
    ("no_result and answers differ", case("no_result: {fault: {EW: direct}}\nanswers: {fault: {EW: none}}\n"),
     "answers.fault.EW: none, but no_result.fault gives direct"),
    # scoring
    ("scoring bad method", UI + "scoring: {method: butler, others: [110]}\n", "scoring.method: 'butler' is not one of"),
    ("scoring odd score", UI + "scoring: {method: matchpoints, others: [115]}\n", "scoring.others[1]: 115 is not a bridge score"),
    ("scoring imps two others", UI + "scoring: {method: imps, others: [110, 140]}\n", "scoring.others: IMPs compare the two tables"),
    ("scoring nothing to compare", UI + "scoring: {method: matchpoints}\n", "scoring.others: matchpoints compare"),
    ("scoring without a result", case("contract: 4S\ndeclarer: S\nscoring: {method: total_points}\n"),
     "scoring: needs this table's result"),
    ("stationary bad side", POCKETS + "stationary: N\n", "stationary: 'N' is not a side"),
    # answers
    ("answers unknown question", UI + "answers: {guilty: yes}\n", "answers.guilty: unknown question"),
    ("answers bad yes/no", UI + "answers: {suggested: perhaps}\n", "answers.suggested: 'perhaps' is not yes or no"),
    ("answers fault not by side", UI + "answers: {fault: direct}\n", "answers.fault: a mapping by side"),
    ("answers bad fault", UI + "answers: {fault: {NS: total}}\n", "answers.fault.NS: 'total' is not one of"),
    ("answers bad side", UI + "answers: {fault: {N: none}}\n", "answers.fault.N: 'N' is not a side"),
    ("answers bad result", UI + "answers: {assigned: {NS: '4S S 15'}}\n", "answers.assigned.NS: '15' is not a number of tricks"),
    ("answers result needs vulnerability", UI.replace("board: 1\n", "dealer: N\n") + "answers: {assigned: {NS: '4S S 10'}}\n",
     "answers.assigned.NS: a contract result needs the vulnerability"),
    ("answers remedy not available", UI.replace("hesitation", "overheard").replace("  by: N\n", "")
     + "answers: {remedy: exchange}\n", "answers.remedy: exchange (16B1) needs ui.positions_can_change"),
    ("answers bad remedy", UI + "answers: {remedy: pray}\n", "answers.remedy: 'pray' is not one of"),
]


@pytest.mark.parametrize("label,text,fragment", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_a_clear_error(runner, tmp_path, label, text, fragment):
    path = tmp_path / "case.yaml"
    path.write_text(text)
    for command in (["rule", str(path)], ["validate", str(path)], ["consult", str(path)]):
        res = runner.invoke(cli, command)
        out = res.stdout if command[0] == "validate" else res.stderr
        assert "Traceback" not in res.stdout + res.stderr
        assert str(path) in out, out
        assert fragment in out, out
        assert res.exit_code == (1 if command[0] == "validate" else 2)


def test_every_parsed_field_is_exercised_by_a_bad_input_case():
    from engine.input.caseio import EXTRA_FIELDS
    texts = "\n".join(b[1] for b in BAD)
    for name in list(EXTRA_FIELDS) + ["deal_found"]:
        assert f"{name}:" in texts, f"no bad-input case uses {name}"


def test_ordinary_cases_keep_their_errors(runner, tmp_path):
    """A case with play and no chapter field: the foundation's messages, unchanged."""
    path = tmp_path / "case.yaml"
    path.write_text(case("contract: 4S\ndeclarer: S\nplay: []\n").replace(DEAL, DEAL.replace("AKQ5", "AKQ")))
    res = runner.invoke(cli, ["rule", str(path)])
    assert res.exit_code == 2 and "deal: West has 12 cards; every hand needs 13" in res.stderr


@pytest.mark.parametrize("written", ["", "  misdealt: unknown\n", "  misdealt: '?'\n", "  misdealt: not known\n"])
def test_yes_no_fields_read_unknown_when_absent_or_written_so(runner, tmp_path, written):
    """Issue 11: a yes/no field of the board chapter is yes, no or unknown; absent is unknown, never no."""
    import json
    path = tmp_path / "case.yaml"
    path.write_text(case("dealing:\n  before_last_card: true\n" + written))
    res = runner.invoke(cli, ["rule", str(path), "--format", "json"])
    assert res.exit_code == 0, res.stderr
    asked = sorted(c["key"] for c in json.loads(res.stdout)["conclusions"] if c["kind"] == "question")
    assert asked == ["face_seen", "misdealt"]


def test_answers_accept_the_new_question_keys(runner, tmp_path):
    path = tmp_path / "case.yaml"
    keys = ("misdealt", "face_seen", "before_last_card", "new_pack", "shuffled", "deal_used_before")
    path.write_text(case("dealing: {misdealt: unknown}\nanswers:\n" + "".join(f"  {k}: no\n" for k in keys)))
    res = runner.invoke(cli, ["rule", str(path)])
    assert res.exit_code == 0, res.stderr
    path.write_text(UI + "  reserved_by: E\nanswers: {disputed: no, reservation_prohibited: maybe}\n")
    res = runner.invoke(cli, ["rule", str(path)])
    assert res.exit_code == 2 and "answers.reservation_prohibited: 'maybe' is not yes or no" in res.stderr
