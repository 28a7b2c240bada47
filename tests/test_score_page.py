"""The page's session scoring: POST /api/score (engine/commands/score_page.py), through the real server."""
from __future__ import annotations

import http.client
import json
from pathlib import Path

import pytest

from engine.commands.web import serve_in_thread

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "scores"


@pytest.fixture(scope="module")
def port(tmp_path_factory):
    srv, thread = serve_in_thread([tmp_path_factory.mktemp("served")])
    yield srv.server_address[1]
    srv.shutdown()
    srv.server_close()
    thread.join(10)


def post(port, body) -> tuple:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("POST", "/api/score", body=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
        reply = conn.getresponse()
        return reply.status, json.loads(reply.read())
    finally:
        conn.close()


def test_a_session_and_a_ruling_on_the_page(port):
    body = {"name": "club.pbn", "text": (DATA / "generated-club-pairs.pbn").read_text(),
            "rulings": [{"name": "r.yaml", "text": "board: 1\nns: 3\new: 7\nresult: 4S S 10\n"}]}
    status, data = post(port, body)
    assert status == 200, data
    # 420 at three tables after the ruling: 4 each of a top of 6 (78A)
    assert [r["ns_points"] for r in data["boards"]["1"]] == [4, 4, 4, 0]
    assert sorted(data["boards"]) == ["1", "2", "3"]  # every board's traveller
    assert "Ranking after the ruling" in data["text"] and "Board 1 before the ruling" in data["text"]
    assert "bridge-td-score-" not in json.dumps(data)  # the private folder is not shown


@pytest.mark.parametrize("body,problem", [
    ({"name": "club.pbn", "text": (DATA / "generated-club-pairs.pbn").read_text(),
      "rulings": [{"name": "r.yaml", "text": "board: 1\nns: 3\new: 7\ncase: /etc/passwd\n"}]}, "not a file"),
    ({"name": "club.pbn", "text": (DATA / "generated-club-pairs.pbn").read_text(),
      "rulings": [{"name": "r.yaml", "text": "board: 1\nns: 3\new: 9\nscore: 420\n"}]}, "no table on board 1"),
    ({"name": "x.exe", "text": "MZ"}, "a session is"),
    ({"name": "s.xml", "text": "<USEBIO><EVENT></EVENT></USEBIO>"}, "no BOARD"),
    ({"name": "s.pbn", "text": ""}, "empty"),
])
def test_bad_uploads_are_refused_with_the_problem(port, body, problem):
    status, data = post(port, body)
    assert 400 <= status < 500 and problem in data["error"], data
    assert "bridge-td-score-" not in data["error"]


def test_the_real_usebio_file_on_the_page_with_its_programs_convention(port):
    """The ScoreBridge file uploaded with fewer=ties agrees with every figure it publishes; an unknown
    convention is refused naming the option."""
    text = (DATA / "scorebridge-2025-07-30-forest-of-dean.xml").read_text()
    status, data = post(port, {"name": "session.xml", "text": text, "fewer": "ties"})
    assert status == 200, data
    assert data["agreement"]["board_points"] == {"agree": 188, "of": 188}
    assert data["agreement"]["places"] == {"agree": 8, "of": 8}
    status, data = post(port, {"name": "session.xml", "text": text, "plus": "always"})
    assert status != 200 and "plus" in json.dumps(data)
