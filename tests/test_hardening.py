"""Hardening (issue 11): no crash, no hang, nothing read that was not given, "unknown" kept apart from "no".

Every test drives the command line (``cli.cli`` through click's runner, or
``cli.py`` in a subprocess when the defect is a hang or needs a real
process), so it does not depend on where the engine's modules live.  Each
defect of the issue has its own regression test; the expected behaviour is
worked out from the law text (the clause is named in each test).
"""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from cli import cli
from rawhttp import raw

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"
EXAMPLES = ROOT / "examples"
PY = sys.executable



def load(rel: str) -> dict:
    return yaml.safe_load((CASES / rel).read_text(encoding="utf-8"))


def write_case(folder: Path, data, name: str = "case.yaml") -> Path:
    path = folder / name
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def rule(runner, path, *args):
    return runner.invoke(cli, ["rule", str(path), *args])


def rule_json(runner, path, *args) -> dict:
    res = rule(runner, path, "--format", "json", *args)
    assert res.exit_code == 0, (res.stdout, res.stderr)
    return json.loads(res.stdout)


def bad_input(res, *words):
    """Exit 2 with one 'error:' line naming the file, the field and the problem (no traceback)."""
    assert res.exit_code == 2, (res.exit_code, res.stdout, res.stderr, res.exception)
    assert res.stderr.startswith("error: "), res.stderr
    assert "Traceback" not in res.stderr
    for w in words:
        assert w in res.stderr, (w, res.stderr)


def run_cli(*args, timeout=30, cwd=None):
    """cli.py in a subprocess, bounded in time (a hang fails the test instead of the suite)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([PY, str(ROOT / "cli.py"), *map(str, args)], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=cwd)


def of(data: dict, kind: str, **fields) -> list:
    return [c for c in data["conclusions"] if c["kind"] == kind and all(c.get(k) == v for k, v in fields.items())]


# ---------------------------------------------------------------------------
# Crashes: each becomes exit 2 with a message naming the file, the field and the problem
# ---------------------------------------------------------------------------


def test_pockets_seen_not_a_list(runner, tmp_path):
    data = load("law13/13b-card-seen-question-for-the-director.yaml")
    data["pockets"]["seen"] = 5
    bad_input(rule(runner, write_case(tmp_path, data)), "case.yaml", "pockets.seen")


def test_pockets_seen_entry_not_a_mapping(runner, tmp_path):
    data = load("law13/13b-card-seen-question-for-the-director.yaml")
    data["pockets"]["seen"] = [5]
    bad_input(rule(runner, write_case(tmp_path, data)), "case.yaml", "pockets.seen[1]")


def test_yaml_integer_of_4301_digits(runner, tmp_path):
    text = "id: big\nboard: " + "9" * 4301 + "\n"
    bad_input(rule(runner, write_case(tmp_path, text)), "case.yaml", "digits")


def test_pbn_pointer_with_embedded_nul(runner, tmp_path):
    text = 'id: nul\npbn: "x\\0.pbn"\nboard: 3\n'
    bad_input(rule(runner, write_case(tmp_path, text)), "case.yaml", "pbn")


def test_pbn_pointer_into_a_symlink_loop(runner, tmp_path):
    (tmp_path / "a.pbn").symlink_to(tmp_path / "b.pbn")
    (tmp_path / "b.pbn").symlink_to(tmp_path / "a.pbn")
    bad_input(rule(runner, write_case(tmp_path, "id: loop\npbn: a.pbn\nboard: 3\n")), "case.yaml", "pbn")


def test_pbn_pointer_permission_denied(runner, tmp_path, monkeypatch):
    """Running as root defeats chmod; refuse the file at every way of opening it instead."""
    target = tmp_path / "locked.pbn"
    target.write_text((EXAMPLES / "club-revokes.pbn").read_text(encoding="utf-8"), encoding="utf-8")
    import builtins
    import io
    import pathlib

    def deny(real):
        def opener(file, *a, **k):
            if str(file).endswith("locked.pbn"):
                raise PermissionError(13, "Permission denied", str(file))
            return real(file, *a, **k)
        return opener

    monkeypatch.setattr(os, "open", deny(os.open))
    monkeypatch.setattr(builtins, "open", deny(builtins.open))
    monkeypatch.setattr(io, "open", deny(io.open))
    for name in ("read_bytes", "read_text"):
        real = getattr(pathlib.Path, name)
        monkeypatch.setattr(pathlib.Path, name, lambda self, *a, _real=real, **k: (
            deny(lambda f, *x, **y: _real(pathlib.Path(f), *x, **y))(self, *a, **k)))
    bad_input(rule(runner, write_case(tmp_path, "id: locked\npbn: locked.pbn\nboard: 3\n")),
              "locked.pbn", "permission denied")


def test_pbn_pointer_to_a_fifo_does_not_block(tmp_path):
    os.mkfifo(tmp_path / "pipe.pbn")
    write_case(tmp_path, "id: fifo\npbn: pipe.pbn\nboard: 3\n")
    res = run_cli("rule", tmp_path / "case.yaml", timeout=20)
    assert res.returncode == 2, res.stderr
    assert "not a regular file" in res.stderr and "Traceback" not in res.stderr


def test_pbn_file_given_directly_as_a_fifo(tmp_path):
    os.mkfifo(tmp_path / "pipe.pbn")
    res = run_cli("rule", tmp_path / "pipe.pbn", "--board", "3", timeout=20)
    assert res.returncode == 2 and "not a regular file" in res.stderr, res.stderr


# ---------------------------------------------------------------------------
# Hangs: the alias bomb and unbounded fields
# ---------------------------------------------------------------------------

BOMB = (
    "id: bomb\n"
    "title: &t9 [&t8 [&t7 [&t6 [&t5 [&t4 [&t3 [&t2 [&t1 [lol,lol,lol,lol,lol,lol,lol,lol,lol],"
    " *t1,*t1,*t1,*t1,*t1,*t1,*t1,*t1], *t2,*t2,*t2,*t2,*t2,*t2,*t2,*t2], *t3,*t3,*t3,*t3,*t3,*t3,*t3,*t3],"
    " *t4,*t4,*t4,*t4,*t4,*t4,*t4,*t4],*t5,*t5,*t5,*t5,*t5,*t5,*t5,*t5],*t6,*t6,*t6,*t6,*t6,*t6,*t6,*t6],"
    "*t7,*t7,*t7,*t7,*t7,*t7,*t7,*t7],*t8,*t8,*t8,*t8,*t8,*t8,*t8,*t8]\n"
)


def _with_body(head: str) -> str:
    body = (CASES / "law64/64a1-ruff-offenders-win-later-two-tricks.yaml").read_text(encoding="utf-8")
    return head + "".join(line + "\n" for line in body.splitlines() if not line.startswith(("id:", "title:")))


def test_yaml_alias_bomb_is_refused_quickly(tmp_path):
    write_case(tmp_path, _with_body(BOMB))
    start = time.monotonic()
    res = run_cli("rule", tmp_path / "case.yaml", "--format", "json", timeout=30)
    assert res.returncode == 2, res.stderr[-500:]
    assert "alias" in res.stderr and "case.yaml" in res.stderr
    assert time.monotonic() - start < 20


def test_aliases_of_a_sane_size_are_read(runner, tmp_path):
    """An anchor used a few times (a shared hand, a repeated event) is ordinary YAML and still works."""
    data = load("law64/64a1-ruff-offenders-win-later-two-tricks.yaml")
    text = yaml.safe_dump(data, sort_keys=False).replace("title: ", "title: &t ", 1) + "notes: *t\n"
    res = rule(runner, write_case(tmp_path, text))
    assert res.exit_code == 0, res.stderr


def test_title_of_a_megabyte_is_refused(runner, tmp_path):
    data = load("law64/64a1-ruff-offenders-win-later-two-tricks.yaml")
    data["title"] = "x" * 1_000_000
    bad_input(rule(runner, write_case(tmp_path, data)), "case.yaml", "title", "too long")


def test_title_must_be_text(runner, tmp_path):
    data = load("law64/64a1-ruff-offenders-win-later-two-tricks.yaml")
    data["title"] = [["a", "b"], ["c"]]
    bad_input(rule(runner, write_case(tmp_path, data)), "case.yaml", "title")


def test_case_file_too_large(runner, tmp_path):
    data = load("law64/64a1-ruff-offenders-win-later-two-tricks.yaml")
    text = yaml.safe_dump(data, sort_keys=False) + "".join(f"# {'x' * 98}\n" for _ in range(60_000))
    bad_input(rule(runner, write_case(tmp_path, text)), "case.yaml", "too large")


# ---------------------------------------------------------------------------
# Reading only what was given: pointers stay inside the case file's folder
# ---------------------------------------------------------------------------


def _linked_case(folder: Path, pointer: str, key: str = "pbn") -> Path:
    return write_case(folder, f"id: linked\n{key}: {json.dumps(pointer)}\nboard: 3\n")


def test_pointer_in_the_same_folder_still_works(runner, tmp_path):
    (tmp_path / "club.pbn").write_text((EXAMPLES / "club-revokes.pbn").read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "club.pbn").write_text((EXAMPLES / "club-revokes.pbn").read_text(encoding="utf-8"),
                                                 encoding="utf-8")
    for pointer in ("club.pbn", "games/club.pbn", "./games/../club.pbn"):
        res = rule(runner, _linked_case(tmp_path, pointer))
        assert res.exit_code == 0, (pointer, res.stderr)


def test_absolute_pointer_is_refused(runner, tmp_path):
    res = rule(runner, _linked_case(tmp_path, str(EXAMPLES / "club-revokes.pbn")))
    bad_input(res, "case.yaml", "pbn", "outside")


def test_parent_folder_pointer_is_refused(runner, tmp_path):
    inner = tmp_path / "inner"
    inner.mkdir()
    (tmp_path / "club.pbn").write_text((EXAMPLES / "club-revokes.pbn").read_text(encoding="utf-8"), encoding="utf-8")
    bad_input(rule(runner, _linked_case(inner, "../club.pbn")), "case.yaml", "pbn", "outside")


def test_lin_pointer_outside_is_refused(runner, tmp_path):
    lin = next((ROOT / "tests" / "data" / "endplay").glob("*.lin"))
    bad_input(rule(runner, _linked_case(tmp_path, str(lin), key="lin")), "case.yaml", "lin", "outside")


def test_folder_named_on_the_command_line_is_allowed(runner, tmp_path):
    res = rule(runner, _linked_case(tmp_path, str(EXAMPLES / "club-revokes.pbn")), "--allow-dir", str(EXAMPLES))
    assert res.exit_code == 0, res.stderr
    inner = tmp_path / "inner"
    inner.mkdir()
    res = rule(runner, _linked_case(inner, "../../" + tmp_path.name + "/x.pbn"), "--allow-dir", str(EXAMPLES))
    bad_input(res, "outside")


def test_symlink_named_pbn_to_another_file_is_refused_without_echo(runner, tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("the secret first line\nmore\n", encoding="utf-8")
    (tmp_path / "x.pbn").symlink_to(secret)
    res = rule(runner, _linked_case(tmp_path, "x.pbn"))
    bad_input(res, "case.yaml", "pbn")
    assert "secret" not in res.stderr.replace(str(tmp_path), "")


def test_symlink_out_of_the_folder_is_refused(runner, tmp_path):
    (tmp_path / "x.pbn").symlink_to(EXAMPLES / "club-revokes.pbn")
    bad_input(rule(runner, _linked_case(tmp_path, "x.pbn")), "case.yaml", "pbn", "outside")


def test_non_pbn_content_is_not_echoed(runner, tmp_path):
    (tmp_path / "x.pbn").write_text("secret-token on the first line\n[Event \"\"]\n", encoding="utf-8")
    res = rule(runner, _linked_case(tmp_path, "x.pbn"))
    assert res.exit_code == 2 and "x.pbn" in res.stderr, res.stderr
    assert "secret" not in res.stderr
    res = rule(runner, tmp_path / "x.pbn", "--board", "1")
    assert res.exit_code == 2 and "secret" not in res.stderr, res.stderr


def test_non_lin_content_is_not_echoed(runner, tmp_path):
    (tmp_path / "x.lin").write_text("password: hunter2|md|xyz|\n", encoding="utf-8")
    res = rule(runner, _linked_case(tmp_path, "x.lin", key="lin"))
    assert res.exit_code == 2, res.stderr
    assert "hunter2" not in res.stderr and "password" not in res.stderr


# ---------------------------------------------------------------------------
# serve: each bad request a 4xx and one log line; no traceback
# ---------------------------------------------------------------------------


@pytest.fixture
def served(tmp_path):
    served = tmp_path / "served"
    served.mkdir()
    (served / "club.pbn").write_text((EXAMPLES / "club-revokes.pbn").read_text(encoding="utf-8"), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([PY, str(ROOT / "cli.py"), "serve", str(served), "--port", "0"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    line = proc.stdout.readline()
    try:
        port = int(line.rsplit(":", 1)[1].split("/")[0])
    except (IndexError, ValueError):
        proc.kill()
        pytest.fail(f"serve did not start: {line!r} {proc.stderr.read()}")
    yield port, proc
    proc.terminate()
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()


def _post(port, body: bytes, length=None) -> bytes:
    n = str(len(body)) if length is None else length
    return raw(port, f"POST /api/rule HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: {n}\r\n\r\n".encode() + body,
               close=False)


def _status(reply: bytes) -> int:
    assert reply.startswith(b"HTTP/"), reply[:200]
    return int(reply.split(b" ", 2)[1])


def _stderr_after(proc, wait=1.0) -> str:
    time.sleep(wait)
    proc.terminate()
    try:
        return proc.communicate(timeout=10)[1]
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.communicate()[1]


def test_serve_bad_requests_get_4xx_and_one_log_line_each(served):
    port, proc = served
    replies = {
        "length -1": _post(port, b"{}", "-1"),
        "length abc": _post(port, b"{}", "abc"),
        "json list": _post(port, b"[1, 2]"),
        "json string": _post(port, b'"text"'),
        "name .": _post(port, json.dumps({"name": ".", "text": "id: x\n"}).encode()),
        "name ..": _post(port, json.dumps({"name": "..", "text": "id: x\n"}).encode()),
        "not json": _post(port, b"{not json"),
    }
    for what, reply in replies.items():
        assert 400 <= _status(reply) < 500, (what, reply[:300])
        assert b'"error"' in reply, (what, reply[:300])
    log = _stderr_after(proc)
    assert "Traceback" not in log, log
    lines = [x for x in log.splitlines() if x.strip()]
    assert len(lines) == len(replies), lines


def test_serve_length_past_the_limit_is_refused_without_reading(served):
    port, proc = served
    reply = _post(port, b"{}", str(50 * 1024 * 1024))
    assert _status(reply) == 413
    assert "Traceback" not in _stderr_after(proc)


def test_serve_upload_pointing_outside_is_refused(served):
    port, proc = served
    for pointer in (str(EXAMPLES / "club-revokes.pbn"), "../served/club.pbn", "../../" + "x.pbn"):
        case = f"id: up\npbn: {json.dumps(pointer)}\nboard: 3\n"
        reply = _post(port, json.dumps({"name": "c.yaml", "text": case}).encode())
        assert _status(reply) == 400, (pointer, reply[:300])
        assert b"outside" in reply, reply[-300:]
    assert "Traceback" not in _stderr_after(proc)


def test_serve_upload_alias_bomb_is_refused_quickly(served):
    port, proc = served
    start = time.monotonic()
    reply = _post(port, json.dumps({"name": "c.yaml", "text": _with_body(BOMB)}).encode())
    assert _status(reply) == 400 and b"alias" in reply, reply[:300]
    assert time.monotonic() - start < 20
    assert "Traceback" not in _stderr_after(proc)


def test_serve_client_disconnect_is_one_line(served):
    port, proc = served
    for _ in range(3):
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET /api/files HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")
        s.close()
    time.sleep(1)
    ok = raw(port, b"GET /api/files HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", close=False)
    assert _status(ok) == 200
    log = _stderr_after(proc)
    assert "Traceback" not in log, log
    assert len([x for x in log.splitlines() if x.strip()]) <= 3, log


# ---------------------------------------------------------------------------
# Possible records that were refused
# ---------------------------------------------------------------------------


def _t12_case(tail: list, events: list) -> dict:
    data = load("law62/62d1-trick12-revoke-corrected-before-hands-returned.yaml")
    data["id"] = "t12-then-claim"
    data["play"] = data["play"][:11] + tail
    data["events"] = events
    data.pop("expect")
    return data


def test_trick12_revoke_corrected_under_62D1_then_claim_at_T13_1(runner, tmp_path):
    """West's trick-12 revoke is established by his lead to trick 13, attention is drawn and South claims.

    62D1: the revoke is corrected although established (the hands are not back in
    the board); 64B6: no penalty.  The record is possible, so it is ruled."""
    data = _t12_case([["S:DK", "W:S9", "N:H2", "E:H3"], ["W:D4"]],
                     [{"at": "T13.1", "kind": "attention_drawn", "subject": "revoke", "by": "S", "trick": 12},
                      {"at": "T13.1", "kind": "claim", "by": "S", "tricks": 1}])
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "revoke_must_be_corrected", trick=12, seat="W", law="62D1")
    assert of(out, "no_revoke_penalty", trick=12, seat="W", law="64B6")
    assert not of(out, "trick_transfer")
    assert out["declarer_tricks"] in range(0, 14)


def test_refused_correction_with_a_result(runner, tmp_path):
    """West's ruff in trick 4 is established by his partner's question (63A4); his diamond is no correction
    (63B) and the trick stands, West winning it.  result: 9 agrees with that reading (declarer has 1 of
    the 4 recorded tricks) though not with the correction applied; the table can produce it."""
    data = {
        "id": "refused-correction-with-result", "board": 13,
        "deal": "N:974.74.QJT952.T4 AKQ.985.64.KQJ62 52.AKQJT.AK7.A87 JT863.632.83.953",
        "contract": "4H", "declarer": "N",
        "play": [["E:SA", "S:S2", "W:S3", "N:S4"], ["E:SK", "S:S5", "W:S6", "N:S7"],
                 ["E:C2", "S:CA", "W:C3", "N:C4"], ["S:DA", "W:H2", "N:D2", "E:D4", "W:D3"]],
        "events": [{"at": "T4.4", "kind": "attention_drawn", "subject": "revoke", "by": "E", "seat": "W",
                    "trick": 4}],
        "result": 1,
    }
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "correction_not_allowed", trick=4, seat="W", law="63B")
    assert of(out, "trick_stands", trick=4)


# ---------------------------------------------------------------------------
# "Unknown" is not "no" (Laws 13 and 14)
# ---------------------------------------------------------------------------


def _questions(out) -> dict:
    return {c["key"]: c for c in out["conclusions"] if c["kind"] == "question"}


def test_unknown_record_and_earlier_play_ask_instead_of_redealing(runner, tmp_path):
    """13A1-13A3: restore by the record if there is one, else by earlier players, else redeal.  When the
    case does not say whether a record exists, the engine may not pick the redeal."""
    data = load("law13/13a3-first-table-no-record-redeal.yaml")
    data.pop("expect")
    for key in ("record", "played_before"):  # the case does not say
        data["pockets"].pop(key, None)
    out = rule_json(runner, write_case(tmp_path, data))
    assert not of(out, "procedure", step="redeal")
    assert "record_available" in _questions(out), _questions(out).keys()
    data["pockets"]["record"] = "unknown"
    out = rule_json(runner, write_case(tmp_path, data))
    assert not of(out, "procedure", step="redeal") and "record_available" in _questions(out)
    data["pockets"].update(record=False)
    out = rule_json(runner, write_case(tmp_path, data))
    assert "played_before" in _questions(out) and not of(out, "procedure", step="redeal")
    data["pockets"].update(played_before=False)
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "procedure", step="redeal", law="13A3")


def test_answers_settle_the_unknown_pocket_facts(runner, tmp_path):
    data = load("law13/13a3-first-table-no-record-redeal.yaml")
    data.pop("expect")
    for key in ("record", "played_before"):  # the case does not say
        data["pockets"].pop(key, None)
    data["answers"] = {"record_available": "no", "played_before": "yes"}
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "procedure", step="consult_previous_players", law="13A2")
    assert not of(out, "procedure", step="redeal") and not _questions(out)


def test_no_13A3_redeal_beside_a_13B1_play(runner, tmp_path):
    """13B is about a player who saw cards after the deal was restored; a redeal (13A3) restores nothing,
    so the same ruling cannot both redeal and let the (old) board be played under 13B1."""
    data = load("law13/13b1-card-seen-insignificant-all-agree.yaml")
    data.pop("expect")
    data["pockets"].update(record=False, played_before=False)
    out = rule_json(runner, write_case(tmp_path, data))
    redeal = of(out, "procedure", step="redeal")
    played_13b1 = of(out, "procedure", step="play_normally", law="13B1")
    assert redeal and not played_13b1


def test_13B2_a_player_objects_may_be_penalised(runner, tmp_path):
    """13B2 ends: the director awards an artificial adjusted score *and may penalise an offender* -- in the
    'a player objects' branch as in the 'information would interfere' one."""
    data = load("law13/13b2-card-seen-player-objects.yaml")
    data.pop("expect")
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "adjustment_due", law="13B2")
    assert of(out, "procedural_penalty_possible", law="13B2")


def test_14B3_unknown_exposure_asks_about_law_50(runner, tmp_path):
    """14B3: the restored card may become a penalty card (Law 50) -- if it was exposed.  Unknown exposure
    asks the director; a yes refers to Law 50; a no says nothing of Law 50."""
    data = load("law14/14b1-restored-card-no-revoke.yaml")
    data.pop("expect")
    out = rule_json(runner, write_case(tmp_path, data))
    assert "card_exposed" in _questions(out)
    assert of(out, "procedure", step="card_deemed_held", law="14B3")
    data["answers"] = {"card_exposed": "yes"}
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "refer", to="50", law="14B3") and "card_exposed" not in _questions(out)
    data.pop("answers")
    data["pockets"]["card_exposed"] = False
    out = rule_json(runner, write_case(tmp_path, data))
    assert not of(out, "refer", to="50") and "card_exposed" not in _questions(out)


# ---------------------------------------------------------------------------
# "Unknown" is not "no" (Laws 6, 10 and 16): the dealing, 10C2 and 16A1/16B1 facts
# ---------------------------------------------------------------------------


def test_6D1_unknown_time_of_a_misdeal_asks_instead_of_guessing(runner, tmp_path):
    """6D1: a redeal only if the wrong deal was established before the last card.  Not said is not no
    (no silence) and not yes (no redeal): the director is asked, and his answer rules."""
    data = load("law06/6d1-misdeal-found-before-last-card.yaml")
    data.pop("expect")
    data["dealing"].pop("before_last_card")  # was an input error before issue 11
    out = rule_json(runner, write_case(tmp_path, data))
    assert "before_last_card" in _questions(out) and not of(out, "procedure", step="redeal")
    data["answers"] = {"before_last_card": "yes"}
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "procedure", step="redeal", law="6D1") and not _questions(out)
    data["answers"] = {"before_last_card": "no"}
    out = rule_json(runner, write_case(tmp_path, data))
    assert not of(out, "procedure", step="redeal") and not _questions(out)


def test_6D1_unknown_ground_for_a_redeal_is_asked(runner, tmp_path):
    data = load("law06/6d1-misdeal-found-before-last-card.yaml")
    data.pop("expect")
    data["dealing"] = {"before_last_card": True}  # stopped during the deal: why is not said
    out = rule_json(runner, write_case(tmp_path, data))
    assert {"misdealt", "face_seen"} <= set(_questions(out)) and not of(out, "procedure", step="redeal")
    data["dealing"]["face_seen"] = "?"
    data["answers"] = {"misdealt": "no", "face_seen": "yes"}
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "procedure", step="redeal", law="6D1") and not _questions(out)


def test_6D2_unknown_shuffle_of_a_new_pack_is_asked(runner, tmp_path):
    """6D2: no result stands for a new pack dealt without a shuffle.  Before issue 11 an absent shuffled
    meant shuffled, and the result stood silently."""
    data = load("law06/6d2-dealt-unshuffled-from-new-pack.yaml")
    data.pop("expect")
    data["dealing"].pop("shuffled")
    out = rule_json(runner, write_case(tmp_path, data))
    assert "shuffled" in _questions(out) and not of(out, "result_cancelled")
    data["answers"]["shuffled"] = "no"
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "result_cancelled", law="6D2") and "shuffled" not in _questions(out)
    data["dealing"] = {"shuffled": False}  # an old pack or a new one?
    data["answers"].pop("shuffled")
    out = rule_json(runner, write_case(tmp_path, data))
    assert "new_pack" in _questions(out) and not of(out, "result_cancelled")


def test_6D2_deal_played_before_written_unknown_is_asked(runner, tmp_path):
    data = load("law06/6d2-deal-played-in-an-earlier-session.yaml")
    data.pop("expect")
    data["dealing"]["deal_used_before"] = "unknown"
    out = rule_json(runner, write_case(tmp_path, data))
    assert "deal_used_before" in _questions(out) and not of(out, "result_cancelled")
    data["answers"] = {"deal_used_before": "yes"}
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "result_cancelled", law="6D2")


EXPLICIT_6D = ("6d1-card-face-seen-during-deal", "6d1-card-seen-after-the-deal-no-redeal",
               "6d1-misdeal-found-before-last-card", "6d2-deal-played-in-an-earlier-session",
               "6d2-dealt-unshuffled-from-new-pack", "6d2-unshuffled-old-pack-result-stands")


@pytest.mark.parametrize("name", EXPLICIT_6D)
def test_explicit_dealing_facts_rule_as_before(runner, tmp_path, name):
    """The 6D cases written before issue 11 give every fact their clause needs: no question of Law 6."""
    data = load(f"law06/{name}.yaml")
    data.pop("expect")
    out = rule_json(runner, write_case(tmp_path, data))
    assert not [k for k, q in _questions(out).items() if q["law"] in ("6D1", "6D2")]


def test_10C2_unknown_consultation_is_asked(runner, tmp_path):
    """10C2: a player chooses without consulting partner.  Not said: asked, not taken as 'he did not'."""
    data = load("law10/10c2-declarer-consults-dummy-about-his-option.yaml")
    data.pop("expect")
    data["irregularity"]["option"].pop("consulted_partner")
    out = rule_json(runner, write_case(tmp_path, data))
    assert "consulted_partner" in _questions(out) and not of(out, "irregularity", what="consulted_partner")
    data["answers"] = {"consulted_partner": "yes"}
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "irregularity", what="consulted_partner", law="10C2") and not _questions(out)


def test_16A1_unknown_regulations_and_dispute_are_asked(runner, tmp_path):
    """16A1: a player may reserve the right to call the director later unless the regulations forbid it;
    the other side should call him at once if they dispute the information.  Not said: both asked."""
    data = load("law16/16a1-east-reserves-the-right.yaml")
    data.pop("expect")
    for key in ("reservation_prohibited", "disputed"):
        data["ui"].pop(key)
    out = rule_json(runner, write_case(tmp_path, data))
    assert {"reservation_prohibited", "disputed"} <= set(_questions(out))
    assert not of(out, "procedure", step="right_reserved") and not of(out, "procedure", step="call_director_now")
    data["answers"] = {"reservation_prohibited": "yes"}
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "procedure", step="call_director_now", law="16A1") and "disputed" not in _questions(out)
    data["answers"] = {"reservation_prohibited": "no", "disputed": "no"}
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "procedure", step="right_reserved", seat="E", law="16A1")


def test_16B1_unknown_change_of_positions_is_asked(runner, tmp_path):
    """16B1: the director may change positions if the contest and scoring allow it.  Not said: asked,
    and an exchange chosen needs that answer."""
    data = load("law16/16b1-players-change-places.yaml")
    data.pop("expect")
    data["ui"].pop("positions_can_change")
    data["answers"].pop("remedy")
    out = rule_json(runner, write_case(tmp_path, data))
    assert "positions_can_change" in _questions(out) and not of(out, "director_option", option="exchange_positions")
    data["answers"]["remedy"] = "exchange"
    bad_input(rule(runner, write_case(tmp_path, data)), "answers.remedy", "positions_can_change")
    data["answers"]["positions_can_change"] = "yes"
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "procedure", step="exchange_positions", law="16B1") and not _questions(out)


def test_14B2_card_counts_as_held_when_its_identity_is_unknown(runner, tmp_path):
    """14B2 and 14B3: the card rebuilt into the short hand counts as held all along, and failing to play it
    may be a revoke (61-64) -- even when the case gives only the counts, not which card was missing."""
    data = load("law14/14b2-missing-card-not-found-during-play.yaml")
    data.pop("expect")
    data.pop("deal_found")
    data["pockets"]["counts"] = {"N": 13, "E": 13, "S": 13, "W": 12}
    out = rule_json(runner, write_case(tmp_path, data))
    held = of(out, "procedure", step="card_deemed_held", law="14B3")
    assert held and held[0].get("card") is None
    assert of(out, "refer", to="61", law="14B3")


# ---------------------------------------------------------------------------
# The revoke chapter (Laws 62-64)
# ---------------------------------------------------------------------------


def test_attention_at_end_without_trick_refers_to_every_unnoticed_revoke(runner, tmp_path):
    """case-format.md: attention drawn at end without a trick notices every failure not yet noticed.
    North-South called on the next deal first, so 64B4 exempts BOTH revokes (West's in trick 4 and
    East's in trick 5); no trick passes."""
    data = load("law64/64a2-two-defenders-revoke-same-suit.yaml")
    data.pop("expect")
    data["events"] = [{"at": "end", "kind": "next_board_call", "side": "NS"},
                      {"at": "end", "kind": "attention_drawn", "subject": "revoke", "by": "N"}]
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "no_revoke_penalty", trick=4, seat="W", law="64B4")
    assert of(out, "no_revoke_penalty", trick=5, seat="E", law="64B4")
    assert not of(out, "trick_transfer")
    assert out["declarer_tricks"] == 9


def test_attention_during_play_without_trick_still_means_the_latest(runner, tmp_path):
    data = load("law64/64a2-two-defenders-revoke-same-suit.yaml")
    data.pop("expect")
    data["events"] = [{"at": "T5.4", "kind": "attention_drawn", "subject": "revoke", "by": "N"}]
    out = rule_json(runner, write_case(tmp_path, data))
    assert of(out, "revoke_must_be_corrected", trick=5, seat="E")
    assert of(out, "trick_transfer", trick=4, seat="W")


def test_trick12_revoke_withdrawn_card_is_no_penalty_card(runner):
    """62D1 and commentary 62.6: a trick-12 revoke is corrected without penalty; the card West takes back
    is not a major penalty card (nor, with it, a 50E duty)."""
    out = rule_json(runner, CASES / "law62/62d1-trick12-revoke-corrected-before-hands-returned.yaml")
    assert of(out, "revoke_must_be_corrected", trick=12, seat="W", law="62D1")
    assert not of(out, "penalty_card", seat="W")
    assert not [c for c in out["conclusions"] if c["law"].startswith("50E")]


def test_64C_says_when_no_damage_is_possible(runner):
    """64B1 case: West revoked in trick 5 and East-West won no trick from it on; North-South took every
    trick from trick 5: the revoke cannot have cost them a trick, and 64C says so instead of asking."""
    out = rule_json(runner, CASES / "law64/64b1-offenders-win-nothing-after.yaml")
    assert not of(out, "equity_review", trick=5, seat="W")
    settled = of(out, "no_damage_possible", trick=5, seat="W", law="64C")
    assert settled and "every trick" in settled[0]["text"]


def test_64C_still_asks_when_damage_is_possible(runner):
    out = rule_json(runner, CASES / "law64/64b4-non-offenders-called-next-board.yaml")
    assert of(out, "equity_review", law="64C") and not of(out, "no_damage_possible")


# ---------------------------------------------------------------------------
# Issue 29, item 2 (and issue 28, item 7): bad input named, never dropped
# ---------------------------------------------------------------------------


def _published_case() -> dict:
    return load("published/bbo-forum-3nt-defender-claims-last-two.yaml")


@pytest.mark.parametrize("director, field, words", [
    ({}, "published.director", ("declarer_tricks and summary missing",)),
    ({"declarer_tricks": 9}, "published.director.summary", ("summary missing",)),
    ({"declarer_tricks": 9, "summary": 9}, "published.director.summary", ("9 is not text",)),
    ({"declarer_tricks": 9, "summary": ["ruled", "nine"]}, "published.director.summary", ("is not text",)),
    ({"declarer_tricks": 9, "summary": "  "}, "published.director.summary", ("is not text",)),
])
def test_a_published_ruling_without_a_summary_in_words_is_refused(runner, tmp_path, director, field, words):
    data = _published_case()
    data["published"]["director"] = director
    bad_input(rule(runner, write_case(tmp_path, data)), "case.yaml", field, *words)


def test_a_published_ruling_in_form_is_still_read(runner, tmp_path):
    data = _published_case()
    data["published"]["director"] = {"declarer_tricks": None, "summary": "Not given in the thread."}
    assert rule(runner, write_case(tmp_path, data)).exit_code == 0


def test_play_after_a_claim_in_a_case_with_no_claim_is_refused(runner, tmp_path):
    """68D speaks of play after a claim or concession: with none in the case the event is an error, not
    dropped without a word."""
    data = load("law68/68d-play-after-the-claim-counts-for-nothing.yaml")
    data["events"] = [e for e in data["events"] if e["kind"] == "play_after_claim"]
    data.pop("expect")
    bad_input(rule(runner, write_case(tmp_path, data)), "case.yaml", "events[1].kind",
              "no claim or concession")


def test_a_discard_step_by_an_opponent_of_the_claimer_is_refused(runner, tmp_path):
    """A stated line is the claimer's side's play (70A): a standing discard by a defender is no part of it."""
    data = load("law68/68d-play-after-the-claim-counts-for-nothing.yaml")
    data["events"] = data["events"][:2]
    data["events"][0]["line"] = [{"cash": "H"}, {"discard": "C", "by": "W"}]
    data.pop("expect")
    bad_input(rule(runner, write_case(tmp_path, data)), "case.yaml", "events[1].line", "step 2",
              "West is an opponent of the claimer")
    data["events"][0]["line"] = [{"cash": "H"}, {"discard": "C", "by": "N"}]  # dummy's discard is the claimer's
    assert rule(runner, write_case(tmp_path, data)).exit_code == 0


def test_an_over_long_statement_on_a_voided_concession_is_refused(runner, tmp_path):
    """The 2,000-character limit holds on every claim event, a concession partner voided at once (68B) too."""
    data = load("law68/68b-partner-objects-at-once-to-a-concession.yaml")
    data.pop("expect")
    data["events"][0]["statement"] = "x" * 2001
    bad_input(rule(runner, write_case(tmp_path, data)), "case.yaml", "events[1].statement", "2001 characters",
              "at most 2000")
    data["events"][0]["statement"] = "x" * 2000
    assert rule(runner, write_case(tmp_path, data)).exit_code == 0


def test_a_finding_with_and_without_as_for_one_card_is_read(runner, tmp_path):
    """Issue 28, item 7: ``not_normal`` naming one card once with ``as:`` and once without is the union of the
    two findings (docs/claims.md: without ``as``, any play of the card but a lead; with ``as: lead``, the
    lead), not an internal error."""
    data = load("law68/68d-play-after-the-claim-counts-for-nothing.yaml")
    data["events"] = data["events"][:2]
    data.pop("expect")
    both = [{"seat": "N", "card": "SA", "as": "lead"}, {"seat": "N", "card": "SA"}]
    data["events"][0]["not_normal"] = both
    out = rule_json(runner, write_case(tmp_path, data))
    data["events"][0]["not_normal"] = list(reversed(both))  # the order of the findings does not matter
    assert rule_json(runner, write_case(tmp_path, data, "other.yaml")) == out
    assert out["declarer_tricks"] == 11  # dummy's ace is not thrown on a normal line either way (N2b)
