"""Benchmark (not a test): the page's first load and one intake entry.

    python bench/page_bench.py

* from `make_server` to the file list answered (target: the list well under 1 s after start);
* the file list asked again (cached game lists);
* one intake entry on board 3 of examples/club-revokes.pbn after 40 cards (rule and answer).
"""
from __future__ import annotations

import json
import sys
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.commands.web import make_server  # noqa: E402


def main() -> None:
    t0 = time.perf_counter()
    server = make_server([ROOT / "cases", ROOT / "examples"], port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}"
    urllib.request.urlopen(url + "/").read()
    t1 = time.perf_counter()
    files = json.loads(urllib.request.urlopen(url + "/api/files").read())["files"]
    t2 = time.perf_counter()
    print(f"page and file list after start: {(t2 - t0) * 1000:.0f} ms (page {(t1 - t0) * 1000:.0f} ms), "
          f"{len(files)} files")
    t = time.perf_counter()
    urllib.request.urlopen(url + "/api/files").read()
    print(f"file list again: {(time.perf_counter() - t) * 1000:.0f} ms")
    from engine.commands.intake import draft_from_games
    from engine.input import pbn

    draft = draft_from_games(pbn.load_games(ROOT / "examples" / "club-revokes.pbn"), "club-revokes.pbn", 1)["draft"]
    cards = [e for trick in draft["play"] for e in trick][:40]
    draft["play"] = [cards[i:i + 4] for i in range(0, 40, 4)]
    body = json.dumps({"draft": draft}).encode()
    times = []
    for _ in range(5):
        req = urllib.request.Request(url + "/api/intake", data=body, headers={"Content-Type": "application/json"})
        t = time.perf_counter()
        urllib.request.urlopen(req).read()
        times.append(time.perf_counter() - t)
    print(f"one intake entry (40 cards played): median {sorted(times)[2] * 1000:.0f} ms")
    server.shutdown()


if __name__ == "__main__":
    main()
