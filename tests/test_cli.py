"""The command line: each command, the JSON contract, bad input, exit codes."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import SMOKE_DEAL, smoke_play, write

from cli import cli

ROOT = Path(__file__).resolve().parent.parent

GOOD = (
    "id: cli-east-ruffs\n"
    "title: East discards a spade on a diamond while holding one, then plays to the next trick\n"
    "board: 3\n"
    f'deal: "{SMOKE_DEAL}"\n'
    "contract: 3NT\n"
    "declarer: S\n"
    f"play:{smoke_play()}"
    "expect:\n"
    "  conclusions:\n"
    "    - {kind: revoke, trick: 2, seat: E}\n"
    "    - {kind: revoke_established, trick: 2, seat: E, law: 63A1}\n"
    "    - {kind: trick_transfer, trick: 2, seat: E, tricks: 1, to: NS, law: 64A2}\n"
    "  declarer_tricks: 11\n"
)


def test_rule_text(runner, tmp_path):
    res = runner.invoke(cli, ["rule", write(tmp_path, GOOD)])
    assert res.exit_code == 0, res.output
    assert "East revoked in trick 2" in res.stdout
    assert "[63A1]" in res.stdout and "[64A2]" in res.stdout
    assert "after the ruling 11" in res.stdout and "EW" not in res.stdout.split("Score:")[1].split()[0]


def test_rule_json_follows_the_contract(runner, tmp_path):
    res = runner.invoke(cli, ["rule", write(tmp_path, GOOD), "--format", "json"])
    assert res.exit_code == 0
    data = json.loads(res.stdout)
    for key in ("case", "edition", "conclusions", "facts", "declarer_tricks", "score", "trace"):
        assert key in data
    assert data["case"] == "cli-east-ruffs" and data["edition"] == "1987"
    assert data["declarer_tricks"] == 11 and data["score"]["NS"] == 460
    ids = {c["id"] for c in data["conclusions"]} | {f["id"] for f in data["facts"]}
    for c in data["conclusions"]:
        assert {"id", "kind", "law", "because", "text"} <= set(c)
        assert c["text"].endswith(".") or c["text"].endswith("?") or c["text"].endswith(")")
        assert set(c["because"]) <= ids, c
    transfer = next(c for c in data["conclusions"] if c["kind"] == "trick_transfer")
    assert (transfer["tricks"], transfer["to"], transfer["law"]) == (1, "NS", "64A2")
    assert [s["step"] for s in data["trace"]] == list(range(1, len(data["trace"]) + 1))
    assert all({"rule", "law", "matched"} <= set(s) for s in data["trace"])


def test_explain_shows_the_chain_back_to_the_table(runner, tmp_path):
    res = runner.invoke(cli, ["explain", write(tmp_path, GOOD), "trick_transfer"])
    assert res.exit_code == 0, res.output
    out = res.stdout
    assert "rule law_64A2_one_trick" in out
    assert "rule law_63A1_played_to_next_trick" in out
    assert "card_played: East played the four of spades to trick 2" in out
    assert "checked that there is no: legal_card_win, no_revoke_penalty" in out


def test_explain_unknown_conclusion_exits_1(runner, tmp_path):
    res = runner.invoke(cli, ["explain", write(tmp_path, GOOD), "penalty_card"])
    assert res.exit_code == 1 and "no conclusion matches" in res.stderr


def test_validate_pass_and_fail(runner, tmp_path):
    write(tmp_path, GOOD, "good.yaml")
    res = runner.invoke(cli, ["validate", str(tmp_path)])
    assert res.exit_code == 0, res.output
    assert res.stdout.strip() == "1 passed, 0 failed, 1 cases"  # a pass is only counted: one line in all
    res = runner.invoke(cli, ["validate", str(tmp_path), "-v", "--clauses"])
    lines = res.stdout.splitlines()
    assert lines[0].startswith("pass  ") and lines[0].endswith("good.yaml")
    assert lines[1] == "1 passed, 0 failed, 1 cases"
    assert lines[2].startswith("Clauses exercised by passing cases") and "64A2" in lines[2]
    assert runner.invoke(cli, ["validate", str(tmp_path), "--quiet"]).stdout == res.stdout.splitlines()[1] + "\n"
    write(tmp_path, GOOD.replace("id: cli-east-ruffs", "id: wrong").replace("tricks: 1, to: NS", "tricks: 2, to: NS"),
          "bad.yaml")
    res = runner.invoke(cli, ["validate", str(tmp_path)])
    assert res.exit_code == 1
    assert "missing {kind: trick_transfer" in res.stdout and "differs in tricks=1" in res.stdout


def test_validate_duplicate_ids_fail(runner, tmp_path):
    write(tmp_path, GOOD, "a.yaml")
    write(tmp_path, GOOD, "b.yaml")
    res = runner.invoke(cli, ["validate", str(tmp_path)])
    assert res.exit_code == 1 and "is also the id of" in res.stdout


def test_laws_lists_rules_and_reasons(runner):
    res = runner.invoke(cli, ["laws", "--law", "64"])
    assert res.exit_code == 0, res.output
    assert "64A1" in res.stdout and "law_64A1_revoke_trick_and_one_more" in res.stdout
    res = runner.invoke(cli, ["laws", "--law", "63"])
    assert "not mechanizable" in res.stdout
    res = runner.invoke(cli, ["laws", "--law", "99"])
    assert res.exit_code == 2


def _cases_of(runner, casebook, clause):
    res = runner.invoke(cli, ["laws", "--law", clause[:2], "--cases", str(casebook), "--format", "json"])
    assert res.exit_code == 0, res.output
    return next(e["cases"] for e in json.loads(res.stdout) if e["id"] == clause)


def test_laws_cache_follows_the_cases_content(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("BRIDGE_TD_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv("BRIDGE_TD_NO_CACHE", raising=False)  # (a caller's environment may turn the cache off)
    book = tmp_path / "book"
    book.mkdir()
    case = write(book, GOOD, "good.yaml")
    assert _cases_of(runner, book, "64A2") == ["cli-east-ruffs"]  # ruled, then remembered
    assert (tmp_path / "cache" / "exercised.json").exists()
    assert _cases_of(runner, book, "64A2") == ["cli-east-ruffs"]  # from the cache
    # ruling the casebook first is said on stderr (a fresh machine was silent for minutes: issue 28); from the
    # cache nothing is said
    monkeypatch.setenv("BRIDGE_TD_CACHE", str(tmp_path / "cache2"))
    res = runner.invoke(cli, ["laws", "--law", "64", "--cases", str(book)])
    assert "laws: ruling 1 case to find the clauses each exercises" in res.stderr
    assert "laws: 1 case ruled" in res.stderr and "laws:" not in res.stdout
    res = runner.invoke(cli, ["laws", "--law", "64", "--cases", str(book)])
    assert res.stderr == ""
    monkeypatch.setenv("BRIDGE_TD_CACHE", str(tmp_path / "cache"))
    # The same file now expects the wrong transfer: it fails, so it no longer counts for 64A2.
    Path(case).write_text(GOOD.replace("tricks: 1, to: NS", "tricks: 2, to: NS"))
    assert _cases_of(runner, book, "64A2") == []
    monkeypatch.setenv("BRIDGE_TD_NO_CACHE", "1")  # without the cache: the same answers
    assert _cases_of(runner, book, "64A2") == []
    Path(case).write_text(GOOD)
    assert _cases_of(runner, book, "64A2") == ["cli-east-ruffs"]


# -- bad input: exit 2, the file, the field, the problem, no traceback --------------

BAD = [
    ("malformed YAML", GOOD.replace("contract: 3NT", "contract: [3NT"), "malformed YAML"),
    ("unknown key", GOOD.replace("board: 3", "board: 3\nvenue: club"), "venue: unknown key"),
    ("card dealt twice", GOOD.replace("N:AK32.A32", "N:AK32.A33"), "deal: H3 is dealt"),
    ("card not held", GOOD.replace("[N:DA, E:S4", "[N:DA, E:SA"), "play[2][2]: East played SA, which was dealt to North"),
    ("card played twice", GOOD.replace("[N:S3, E:D5", "[N:S3, E:S4"), "play[5][2]: S4 was played twice"),
    ("unknown event", GOOD.replace("expect:", "events:\n  - {at: T3.0, kind: lead_penalty, by: S}\nexpect:"),
     "events[1].kind: unknown event kind 'lead_penalty'"),
    ("unknown seat", GOOD.replace("declarer: S", "declarer: X"), "declarer: 'X' is not a seat"),
    ("position T14.2", GOOD.replace("expect:", "events:\n  - {at: T14.2, kind: round_ended}\nexpect:"),
     "events[1].at: 'T14.2'"),
    ("contract 8NT", GOOD.replace("contract: 3NT", "contract: 8NT"), "contract: '8NT': a contract's level is 1 to 7"),
    ("seat in play", GOOD.replace("[W:H7, N:HA", "[Q:H7, N:HA"), "play[1][1]: 'Q' is not a seat"),
    ("bad card", GOOD.replace("[W:H7, N:HA", "[W:H1, N:HA"), "play[1][1]: 'H1' is not a card"),
    ("event field", GOOD.replace("expect:", "events:\n  - {at: end, kind: round_ended, by: N}\nexpect:"),
     "events[1].by: unknown field for round_ended"),
    ("claim too many", GOOD.replace("expect:", "events:\n  - {at: end, kind: claim, by: S, tricks: 3}\nexpect:"),
     "events[1].tricks: 3 tricks, but only 0 remain"),
    # the play-irregularities chapter's events
    ("unknown option", GOOD.replace("expect:", "events:\n  - {at: T1.1, kind: option_chosen, by: S, option: waive}\n"
                                    "expect:"), "events[1].option: unknown option 'waive'"),
    ("option without its suit", GOOD.replace("expect:", "events:\n  - {at: T2.0, kind: option_chosen, by: S, "
                                             "option: require_lead}\nexpect:"), "option require_lead needs suit"),
    ("exposure how", GOOD.replace("expect:", "events:\n  - {at: T2.0, kind: card_exposed, seat: E, card: S4, "
                                  "how: sneezed}\nexpect:"), "events[1].how: unknown exposure 'sneezed'"),
    ("exposure card", GOOD.replace("expect:", "events:\n  - {at: T2.0, kind: card_exposed, seat: E, card: S1, "
                                   "how: dropped}\nexpect:"), "events[1].card: 'S1' is not a card"),
    ("exposure without card", GOOD.replace("expect:", "events:\n  - {at: T2.0, kind: card_exposed, seat: E, "
                                           "how: dropped}\nexpect:"), "card_exposed needs card"),
    ("inspection what", GOOD.replace("expect:", "events:\n  - {at: T2.0, kind: inspection_requested, by: E, "
                                     "what: dummy}\nexpect:"), "events[1].what: unknown inspection 'dummy'"),
    ("option suit", GOOD.replace("expect:", "events:\n  - {at: T2.0, kind: option_chosen, by: S, "
                                 "option: forbid_lead, suit: X}\nexpect:"), "events[1].suit: 'X' is not a suit"),
    ("two cards named twice", GOOD.replace("[W:H7, N:HA", "[W:H7+H7, N:HA"), "play[1][1]: 'H7+H7' names the same card"),
    ("surplus card not held", GOOD.replace("[W:H7, N:HA", "[W:H7+SA, N:HA"),
     "play[1][1]: West played SA, which was dealt to North"),
    ("dispute trick", GOOD.replace("expect:", "events:\n  - {at: end, kind: trick_disputed, by: E, trick: 14}\n"
                                   "expect:"), "events[1].trick: 14 is not a trick number"),
]


@pytest.mark.parametrize("label,text,fragment", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_a_clear_error(runner, tmp_path, label, text, fragment):
    path = write(tmp_path, text)
    for command in (["rule", path], ["validate", path]):
        res = runner.invoke(cli, command)
        out = res.stderr if command[0] == "rule" else res.stdout
        assert "Traceback" not in (res.stdout + res.stderr)
        assert path in out, out
        assert fragment in out, out
        assert res.exit_code == (2 if command[0] == "rule" else 1)


def test_fourteen_card_hand(runner, tmp_path):
    text = GOOD.replace("N:AK32.A32.AK32.32 QJ4.KQJ4.5.KQJ54", "N:AK32.A32.AK32.325 QJ4.KQJ4.5.KQJ4")
    res = runner.invoke(cli, ["rule", write(tmp_path, text)])
    assert res.exit_code == 2 and "deal: North has 14 cards; every hand needs 13" in res.stderr


def test_deal_without_four_hands(runner, tmp_path):
    text = GOOD.replace(" 765.765.764.T876", "")
    res = runner.invoke(cli, ["rule", write(tmp_path, text)])
    assert res.exit_code == 2 and "deal: a deal has four hands" in res.stderr


def test_missing_file(runner, tmp_path):
    res = runner.invoke(cli, ["rule", str(tmp_path / "nope.yaml")])
    assert res.exit_code == 2 and "no such file" in res.stderr


def test_cli_subprocess_keeps_stderr_clean_and_exit_codes(tmp_path):
    """A real process: no experta logging on stderr, rulings on stdout."""
    path = write(tmp_path, GOOD)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    res = subprocess.run([sys.executable, str(ROOT / "cli.py"), "rule", path], capture_output=True, text=True,
                         env=env)
    assert res.returncode == 0 and res.stderr == "" and "Ruling" in res.stdout
    bad = write(tmp_path, GOOD.replace("contract: 3NT", "contract: 8NT"), "bad.yaml")
    res = subprocess.run([sys.executable, str(ROOT / "cli.py"), "rule", bad], capture_output=True, text=True, env=env)
    assert res.returncode == 2 and res.stdout == "" and res.stderr.startswith("error: ") and "Traceback" not in res.stderr


def test_laws_on_a_fresh_machine_rules_none_of_the_bundled_casebook(runner, tmp_path, monkeypatch):
    """Issue 28 item 2: the first `laws` on a fresh machine (no cache) read the clauses of the bundled casebook
    from the table shipped with the engine (engine/commands/exercised.json) instead of ruling 356 cases; a case
    whose content differs from the one the table was written from is ruled."""
    import engine.commands.validate as V

    monkeypatch.setenv("BRIDGE_TD_CACHE", str(tmp_path / "empty-cache"))
    monkeypatch.delenv("BRIDGE_TD_NO_CACHE", raising=False)
    ruled = []
    real = V.validate_files
    monkeypatch.setattr(V, "validate_files", lambda files, *a, **k: ruled.extend(files) or real(files, *a, **k))
    res = runner.invoke(cli, ["laws", "--law", "64", "--format", "json"])
    assert res.exit_code == 0, res.output
    assert ruled == [] and "ruling" not in (res.stderr or "")
    cases = next(e["cases"] for e in json.loads(res.stdout) if e["id"] == "64A2")
    assert cases and cases == sorted({e["id"] for e in V.shipped_table().values() if "64A2" in e["clauses"]})
    # a case of the casebook changed since the table was written: not read from the table
    case = V.CASEBOOK / "law64" / "64a1-ruff-offenders-win-later-two-tricks.yaml"
    assert V.shipped_entry(case)["id"] == "64a1-ruff-offenders-win-later-two-tricks"
    monkeypatch.setattr(V, "content_key", lambda path: "0" * 64)
    assert V.shipped_entry(case) is None
    copy = tmp_path / "book" / case.name  # and one outside the bundled casebook never is
    copy.parent.mkdir()
    copy.write_bytes(case.read_bytes())
    monkeypatch.undo()
    assert V.shipped_entry(copy) is None
