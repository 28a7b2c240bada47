"""The local page: ``python cli.py serve`` (loopback only, standard library only).

A director or trainee opens a case file, or a PBN/LIN file and a board
(from the served folders, or uploaded from the browser with an events file
alongside), sees the deal around a compass, steps through the play card by
card, and clicks a conclusion to unfold its trace and the why-not of the
rules that did not conclude it.  The page is one static HTML document with
its script inline; the data comes from a small JSON API:

* ``GET /api/files``: the case, PBN and LIN files under the served folders,
  with the games of each PBN/LIN file;
* ``GET /api/rule?path=...&game=N&events=...``: a ruling, for the page;
* ``POST /api/rule``: the same for an uploaded file (JSON: name, text, game,
  events_name, events_text);
* ``GET /api/whynot?path=...&game=N&kind=K&fields=a=1,b=2``: a why-not.

Nothing is written to the served folders; uploads are ruled from a private
temporary folder that is removed afterwards.
"""
from __future__ import annotations

import ipaddress
import json
import socket
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from engine.explain.render import board_line, result_line
from engine.explain.ruling import Ruling, rule_case
from engine.explain.view import trace_tree, trick_rows
from engine.explain.whynot import (
    WhyNotError,
    alternatives_for,
    parse_wanted,
    to_json,
    why_not,
)
from engine.explain.whynot import render as render_why_not
from engine.input.caseio import CaseError
from engine.input.sources import BOARD_FILES, load_input
from engine.law.knowledge import load
from engine.notation import cards as C

MAX_UPLOAD = 2 * 1024 * 1024


class NotLoopback(ValueError):
    pass


def check_loopback(host: str) -> str:
    """The address to bind, refusing anything but the loopback interface."""
    try:
        infos = socket.getaddrinfo(host, None)
    except socket.gaierror as exc:
        raise NotLoopback(f"{host!r} is not a known host ({exc.strerror})")
    addresses = {info[4][0] for info in infos}
    for a in addresses:
        if not ipaddress.ip_address(a.split("%")[0]).is_loopback:
            raise NotLoopback(f"{host!r} ({a}) is not a loopback address: the page is served on this machine only "
                              f"(use 127.0.0.1, ::1 or localhost)")
    return host


# ---------------------------------------------------------------------------
# Data for the page
# ---------------------------------------------------------------------------


def page_data(ruling: Ruling) -> dict:
    kb = load()
    case, table = ruling.case, ruling.table
    plays = []
    for p in table.plays:
        plays.append({"trick": p.trick, "seat": p.seat, "card": p.card, "at": p.at, "index": p.index,
                      "replaces": p.replaces.card if p.replaces is not None else None, "applied": p.applied,
                      "leads": p.leads})
    conclusions = []
    for c in ruling.conclusions:
        if c.kind == "trick_won":
            continue
        try:
            alt = alternatives_for(ruling, c)
            alt_text = render_why_not(alt, kb) if alt.answers else ""
            alt_json = to_json(alt)
        except WhyNotError:
            alt_text, alt_json = "", None
        conclusions.append({"id": c.id, "kind": c.kind, "law": c.law, "text": c.text, "rule": c.rule,
                            "fields": c.fields, "trace": trace_tree(ruling, c, kb),
                            "why_not": alt_text, "why_not_data": alt_json})
    return {
        "case": {"id": case.id, "title": case.title, "board_line": board_line(ruling), "contract": str(case.contract),
                 "declarer": case.declarer, "source": case.source},
        "hands": {s: C.sort_cards(case.hands[s]) for s in C.SEATS},
        "plays": plays,
        "tricks": trick_rows(ruling),
        "events": [{"at": str(e.at), "kind": e.kind, "fields": {k: v for k, v in e.fields.items()}}
                   for e in case.events],
        "conclusions": conclusions,
        "result": result_line(ruling),
        "notes": [n["text"] + (f" [{n['laws']}]" if n.get("laws") else "") for n in ruling.notes],
        # the least successful normal line of a claim, as in the ruling's JSON (docs/claims.md); None otherwise
        "claim_line": getattr(table, "claim_line", None),
    }


def list_files(roots: list) -> list:
    from engine.input import lin, pbn

    out = []
    for root in roots:
        root = Path(root)
        files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
        for path in files:
            suffix = path.suffix.lower()
            rel = _rel(path, roots)
            if suffix in (".yaml", ".yml"):
                out.append({"path": rel, "kind": "case", "label": rel})
            elif suffix in BOARD_FILES:
                entry = {"path": rel, "kind": BOARD_FILES[suffix], "label": rel, "games": []}
                try:
                    if suffix == ".pbn":
                        entry["games"] = [{"game": g.number, "label": g.label} for g in pbn.load_games(path)]
                    else:
                        entry["games"] = [{"game": b.number, "label": f"deal {b.number}"} for b in lin.load_boards(path)]
                except CaseError as exc:
                    entry["error"] = str(exc)
                out.append(entry)
    return out


def _rel(path: Path, roots: list) -> str:
    for n, root in enumerate(roots):
        root = Path(root).resolve()
        base = root.parent if root.is_file() else root
        try:
            rel = path.resolve().relative_to(base)
            return f"{n}/{rel.as_posix()}"
        except ValueError:
            continue
    raise ValueError(path)


def resolve(rel: str, roots: list) -> Path:
    """A served file from its ``root/relative`` name; nothing outside the served folders."""
    head, _, tail = str(rel).partition("/")
    if not head.isdigit() or int(head) >= len(roots) or not tail:
        raise CaseError(str(rel), "", "not a served file")
    root = Path(roots[int(head)]).resolve()
    base = root.parent if root.is_file() else root
    path = (base / tail).resolve()
    if base not in path.parents and path != root:
        raise CaseError(str(rel), "", "not a served file")
    if root.is_file() and path != root:
        raise CaseError(str(rel), "", "not a served file")
    if not path.is_file():
        raise CaseError(str(rel), "", "no such file")
    return path


def _rule_path(path: Path, game: int | None, events: Path | None) -> Ruling:
    if path.suffix.lower() in BOARD_FILES:
        return rule_case(load_input(path, game=game, events=events))
    return rule_case(load_input(path))


# ---------------------------------------------------------------------------
# HTTP
# ---------------------------------------------------------------------------


class Handler(BaseHTTPRequestHandler):
    server_version = "bridge-td"
    roots: list = []
    quiet = True

    def log_message(self, fmt, *args):  # noqa: D401 - keep the terminal for the ruling, not the access log
        if not self.quiet:
            super().log_message(fmt, *args)

    def _send(self, status: int, body: bytes, ctype: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.end_headers()
        self.wfile.write(body)

    def _json(self, data, status: int = 200) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")

    def _error(self, message: str, status: int = 400) -> None:
        self._json({"error": message}, status)

    def do_GET(self):  # noqa: N802
        url = urlparse(self.path)
        q = {k: v[-1] for k, v in parse_qs(url.query).items()}
        try:
            if url.path in ("/", "/index.html"):
                self._send(200, PAGE.encode("utf-8"), "text/html; charset=utf-8")
            elif url.path == "/api/files":
                self._json({"files": list_files(self.roots)})
            elif url.path == "/api/rule":
                path = resolve(q.get("path", ""), self.roots)
                events = resolve(q["events"], self.roots) if q.get("events") else None
                self._json(page_data(_rule_path(path, _int(q.get("game")), events)))
            elif url.path == "/api/whynot":
                path = resolve(q.get("path", ""), self.roots)
                ruling = _rule_path(path, _int(q.get("game")), None)
                pairs = [p for p in q.get("fields", "").replace(" ", ",").split(",") if p]
                answer = why_not(ruling, q.get("kind", ""), parse_wanted(pairs))
                self._json({"text": render_why_not(answer, load()), "data": to_json(answer)})
            else:
                self._error("not found", 404)
        except (CaseError, WhyNotError) as exc:
            self._error(str(exc))

    def do_POST(self):  # noqa: N802
        url = urlparse(self.path)
        if url.path != "/api/rule":
            self._error("not found", 404)
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_UPLOAD:
            self._error("the file is too large for a case (2 MB at most)", 413)
            return
        try:
            data = json.loads(self.rfile.read(length) or b"{}")
            name = Path(str(data.get("name") or "upload.pbn")).name
            with tempfile.TemporaryDirectory(prefix="bridge-td-") as tmp:
                path = Path(tmp) / name
                path.write_text(str(data.get("text") or ""), encoding="utf-8")
                events = None
                if data.get("events_text"):
                    events = Path(tmp) / ("events-" + Path(str(data.get("events_name") or "events.yaml")).name)
                    events.write_text(str(data["events_text"]), encoding="utf-8")
                if path.suffix.lower() in BOARD_FILES and data.get("game") in (None, ""):
                    games = [g for g in list_files([path])[0].get("games", [])]
                    if len(games) > 1:
                        self._json({"games": games})
                        return
                ruling = _rule_path(path, _int(data.get("game")), events)
                self._json(page_data(ruling))
        except CaseError as exc:
            self._error(str(exc).replace(str(Path(tempfile.gettempdir())), "(upload)"))
        except (ValueError, UnicodeDecodeError) as exc:
            self._error(f"bad request: {exc}")


def _int(value):
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise CaseError(str(value), "game", "not a game number")


def make_server(roots: list, host: str = "127.0.0.1", port: int = 8765, quiet: bool = True) -> ThreadingHTTPServer:
    check_loopback(host)
    handler = type("BoundHandler", (Handler,), {"roots": [Path(r) for r in roots], "quiet": quiet})
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    server_class = type("Server", (ThreadingHTTPServer,), {"address_family": family, "daemon_threads": True})
    return server_class((host, port), handler)


def serve_in_thread(roots: list, host: str = "127.0.0.1", port: int = 0):
    server = make_server(roots, host, port)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


PAGE = (Path(__file__).resolve().parent / "page.html").read_text(encoding="utf-8")
