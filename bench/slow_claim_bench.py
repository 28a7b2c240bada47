"""Benchmark (not a test) for issue 29: a slow claim and the server's other rulings.

    python bench/slow_claim_bench.py [--root TREE] [--alone] [--serve]

* ``--alone``: the slow claim (tests/data/slow/six-spades-five-step-line.yaml) ruled alone by
  ``cli.py rule`` in a subprocess: seconds and peak memory (the child's maximum resident set);
* ``--serve``: a server on the folder of the slow claim and a trivial revoke case; the trivial ruling
  alone, then the slow claim asked and, 2 seconds later, the trivial ruling again: how long it waited,
  and what the slow claim's request got (200 with its ruling, or 202 pending) and when.

``--root`` runs the engine of another tree (an export of an older commit, say) for a before/after
comparison, with this tree's case files.  Both parts by default.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
SLOW = HERE / "tests" / "data" / "slow" / "six-spades-five-step-line.yaml"
TRIVIAL = HERE / "cases" / "law64" / "64a1-ruff-offenders-win-later-two-tricks.yaml"


def alone(root: Path) -> None:
    start = time.perf_counter()
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    proc = subprocess.run([sys.executable, str(root / "cli.py"), "rule", str(SLOW)], capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=str(root)), cwd=str(root))
    took = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    last = [x for x in proc.stdout.splitlines() if "awaits" in x or "declarer" in x.lower()][-1:]
    print(f"alone: {took:.1f} s, peak {max(peak, before) / 1024:.0f} MB, exit {proc.returncode}; {' '.join(last)}")


def _get(port: int, target: str, timeout: float = 600):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", target)
        reply = conn.getresponse()
        return reply.status, reply.read()
    finally:
        conn.close()


def serve(root: Path) -> None:
    sys.path.insert(0, str(root))
    from engine.commands import web

    folder = Path(tempfile.mkdtemp(prefix="slow-claim-bench-"))
    try:
        shutil.copy(SLOW, folder / "slow.yaml")
        shutil.copy(TRIVIAL, folder / "trivial.yaml")
        server, thread = web.serve_in_thread([folder])
        port = server.server_address[1]
        t = time.perf_counter()
        status, _ = _get(port, "/api/rule?path=0/trivial.yaml")
        print(f"serve: trivial ruling alone {time.perf_counter() - t:.2f} s ({status})")
        slow = {}

        def ask_slow():
            t0 = time.perf_counter()
            status, body = _get(port, "/api/rule?path=0/slow.yaml")
            slow["answer"] = (status, time.perf_counter() - t0, body)

        asker = threading.Thread(target=ask_slow)
        asker.start()
        time.sleep(2)
        t = time.perf_counter()
        status, _ = _get(port, "/api/rule?path=0/trivial.yaml")
        print(f"serve: trivial ruling asked 2 s after the slow claim: answered in {time.perf_counter() - t:.2f} s "
              f"({status})")
        asker.join()
        status, took, body = slow["answer"]
        pending = json.loads(body) if status == 202 else None
        print(f"serve: the slow claim's request: {status} after {took:.1f} s"
              + (f" (pending, job {pending['job']})" if pending else ""))
        if pending:
            t = time.perf_counter()
            while status == 202:
                status, body = _get(port, pending["ask"])
            print(f"serve: the slow claim's ruling from its worker {time.perf_counter() - t + took:.1f} s after it "
                  f"was asked ({status})")
        server.shutdown()
        server.server_close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", type=Path, default=HERE)
    ap.add_argument("--alone", action="store_true")
    ap.add_argument("--serve", action="store_true")
    args = ap.parse_args()
    both = not (args.alone or args.serve)
    if args.alone or both:
        alone(args.root.resolve())
    if args.serve or both:
        serve(args.root.resolve())


if __name__ == "__main__":
    main()
