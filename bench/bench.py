"""Benchmarks (not tests): the figures issue 12 sets targets for, as ratios any machine can check.

    python bench/bench.py [--runs 7] [--n 300] [--pytest]

Every figure is a median over ``--runs`` runs, and each is set against a
reference measured in the same run, on the same files, so that a loaded or a
slow machine gives the same ratios (the targets are on wall time; each row
also shows the ratios in CPU time, which the machine's other load disturbs
less):

* ``bare``: ``python -c pass`` (the interpreter starting and stopping);
* ``oracle``: a plain-Python process that reads the same case files with
  PyYAML's C loader and walks every card of the play (what any tool must do
  to look at the files at all); ``oracle-py`` is the same with the pure-Python
  loader.

Rows (target in brackets):

1. ``cli.py rule CASE --format json``, whole process, vs ``bare`` [<= 10x],
   with the project's bytecode compiled (``python -m compileall``, as at
   install time) and without any (``PYTHONDONTWRITEBYTECODE``, a fresh copy);
2. ``cli.py laws --law 64``, whole process, vs one cold ``rule`` [<= 3x]
   (first call on a casebook: the cache is built; then warm);
3. ruling one generated 13-trick case in process (network built once) [~5 ms];
4. ``cli.py validate`` of ``--n`` generated 13-trick cases, whole process, vs ``oracle``
   [<= 5x] (by default one worker per core; ``-j 1``, one process, is shown too);
5. with ``--pytest``: ``python -m pytest`` on a copy without bytecode [< 120 s];
6. with ``--instructions``: the work of row 3 counted in instructions under
   ``valgrind --tool=callgrind`` (reading and ruling the first ``--ir-cases``
   generated cases, less the same process with none), against the C-loader
   oracle counted the same way.  Counts are the same on every run of the same
   Python on the same files, whatever else the machine does: the figure to
   compare two versions by when a change is smaller than the machine's noise.

The project is copied to a temporary folder first, so that the bytecode
conditions are exact and the working tree is not touched.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from generate import random_case  # noqa: E402

CASE = "cases/law64/64a1-ruff-offenders-win-later-two-tricks.yaml"
TARGETS = {"rule": 10.0, "laws": 3.0, "in_process_ms": 5.0, "validate": 5.0, "pytest_s": 120.0}

ORACLE = r"""
import sys, yaml
from pathlib import Path
loader = yaml.CSafeLoader if sys.argv[1] == "c" else yaml.SafeLoader
count = {}
files = sorted(Path(sys.argv[2]).glob("*.yaml"))
for f in files[:int(sys.argv[3])] if len(sys.argv) > 3 else files:  # (a limit: --instructions)
    with open(f, encoding="utf-8") as fh:
        d = yaml.load(fh, Loader=loader)
    for trick in d.get("play") or []:
        for item in trick:
            seat, _, card = str(item).partition(":")
            count[seat] = count.get(seat, 0) + 1
print(sum(count.values()))
"""


def _copy_project(dest: Path) -> Path:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".venv", ".git", ".hypothesis", ".pytest_cache",
                                    "*.egg-info")
    dest.mkdir(parents=True)
    for name in ("cli.py", "engine", "knowledge", "cases", "examples", "tests", "setup.cfg", "pyproject.toml",
                 "README.md", "docs"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        elif src.exists():
            shutil.copy2(src, dest / name)
    return dest


def _env(project: Path, bytecode: bool, **extra) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(project)
    env.pop("PYTHONPYCACHEPREFIX", None)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env.update(extra)
    return env


CPU: dict = {}  # name -> median CPU time (user + system, the process and its children) of the last _medians


def _time(cmd, cwd, env) -> tuple[float, float]:
    """Wall time and CPU time (user + system of the command and any process it started) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    res = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if res.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(map(str, cmd))} exited {res.returncode}:\n{res.stderr[-2000:]}")
    return elapsed, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _medians(commands: dict, runs: int) -> dict:
    """Run the commands interleaved (one of each per round), so load hits them alike; median wall time per
    name (the median CPU time goes to ``CPU``)."""
    times = {name: [] for name in commands}
    cpu = {name: [] for name in commands}
    for _ in range(runs):
        for name, (cmd, cwd, env) in commands.items():
            wall, used = _time(cmd, cwd, env)
            times[name].append(wall)
            cpu[name].append(used)
    CPU.update({name: statistics.median(ts) for name, ts in cpu.items()})
    return {name: statistics.median(ts) for name, ts in times.items()}


def _cpu_line(pairs, ref: str) -> None:
    """The same figures in CPU time, which other processes on the machine disturb less than wall time."""
    shown = ", ".join(f"{label} {CPU[name] / CPU[ref]:.1f}x" for label, name in pairs)
    print(f"  {'(CPU time, user + system, against ' + ref + ')':<58} {shown}")


def _row(label: str, value: float, ref: float, ref_name: str, target: float, unit: str = "s") -> None:
    ratio = value / ref
    mark = "ok" if ratio <= target else "OVER"
    shown = f"{value * 1000:.0f} ms" if unit == "s" else f"{value:.2f} {unit}"
    print(f"  {label:<58} {shown:>9}  = {ratio:5.1f}x {ref_name:<10} (target <= {target:g}x: {mark})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7, help="runs per figure (the median is shown)")
    ap.add_argument("--n", type=int, default=300, help="generated cases to validate")
    ap.add_argument("--pytest", action="store_true", help="also time the test suite (minutes)")
    ap.add_argument("--rows", default="1234", help="which rows to measure (digits), e.g. --rows 14")
    ap.add_argument("--instructions", action="store_true",
                    help="also count row 3's work in instructions (valgrind's callgrind; minutes)")
    ap.add_argument("--ir-cases", type=int, default=60, help="cases read and ruled for --instructions")
    args = ap.parse_args()
    py = sys.executable

    rng = random.Random(2026)
    generated = []  # full 13-trick records with revokes at random (claims are the solver's, see claims_bench.py)
    i = 0
    while len(generated) < args.n:
        d = random_case(rng, i, revoke_rate=0.08)
        i += 1
        if len(d["play"]) == 13:
            generated.append(d)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        plain = _copy_project(tmp / "plain")          # never compiled
        compiled = _copy_project(tmp / "compiled")    # compiled as at install time
        subprocess.run([py, "-m", "compileall", "-q", "cli.py", "engine"], cwd=compiled, check=True,
                       env={**os.environ, "PYTHONDONTWRITEBYTECODE": ""})
        gen = tmp / "generated"
        gen.mkdir()
        for d in generated:
            (gen / f"{d['id']}.yaml").write_text(json.dumps(d))
        cache = tmp / "cache"

        print(f"bench: {args.runs} runs per figure (medians), python {sys.version.split()[0]}, {os.cpu_count()} cores")
        bare = None
        if "1" in args.rows:  # cold start
            m = _medians({
                "bare": ([py, "-c", "pass"], tmp, _env(compiled, True)),
                "rule_bc": ([py, "cli.py", "rule", CASE, "--format", "json"], compiled, _env(compiled, True)),
                "rule_nobc": ([py, "cli.py", "rule", CASE, "--format", "json"], plain, _env(plain, False)),
                "help": ([py, "cli.py", "--help"], compiled, _env(compiled, True)),
            }, args.runs)
            bare = m["bare"]
            print(f"1. cold start (bare interpreter: {bare * 1000:.0f} ms)")
            _row("cli.py rule CASE --format json, bytecode compiled", m["rule_bc"], bare, "bare", TARGETS["rule"])
            _row("cli.py rule CASE --format json, no bytecode", m["rule_nobc"], bare, "bare", TARGETS["rule"])
            _row("cli.py --help, bytecode compiled", m["help"], bare, "bare", TARGETS["rule"])
            _cpu_line((("rule", "rule_bc"), ("no bytecode", "rule_nobc"), ("--help", "help")), "bare")

        if "2" in args.rows:  # laws
            env_cache = _env(compiled, True, XDG_CACHE_HOME=str(cache))
            m2 = _medians({
                "rule": ([py, "cli.py", "rule", CASE, "--format", "json"], compiled, _env(compiled, True)),
                "first": ([py, "cli.py", "laws", "--law", "64"], compiled,
                          _env(compiled, True, XDG_CACHE_HOME=str(tmp / "never-cached"), BRIDGE_TD_NO_CACHE="1")),
                "laws": ([py, "cli.py", "laws", "--law", "64"], compiled, env_cache),
            }, max(3, args.runs // 2))
            print("2. laws")
            _row("cli.py laws --law 64 (casebook cached)", m2["laws"], m2["rule"], "rule", TARGETS["laws"])
            _row("cli.py laws --law 64, without the cache", m2["first"], m2["rule"], "rule", TARGETS["laws"])
            _cpu_line((("cached", "laws"), ("without the cache (all workers)", "first")), "rule")

        if "3" in args.rows:  # in process
            out = subprocess.run([py, "-c", _IN_PROCESS, str(gen)], cwd=compiled, env=_env(compiled, True),
                                 capture_output=True, text=True, check=True)
            per_case, oracle_case, count = json.loads(out.stdout.strip().splitlines()[-1])
            print(f"3. in process, {count} generated 13-trick cases (median)")
            print(f"  {'rule one case (rule network already built)':<58} {per_case * 1000:6.2f} ms  "
                  f"= {per_case / oracle_case:5.1f}x reading it with the C loader "
                  f"(target ~{TARGETS['in_process_ms']:g} ms here: "
                  f"{'ok' if per_case * 1000 <= TARGETS['in_process_ms'] * 1.1 else 'OVER'})")

        if "4" in args.rows:  # validate
            m4 = _medians({
                "oracle": ([py, "-c", ORACLE, "c", str(gen)], tmp, _env(compiled, True)),
                "oracle_py": ([py, "-c", ORACLE, "py", str(gen)], tmp, _env(compiled, True)),
                "validate": ([py, "cli.py", "validate", str(gen)], compiled, _env(compiled, True)),
                "validate_1": ([py, "cli.py", "validate", "-j", "1", str(gen)], compiled, _env(compiled, True)),
            }, max(3, args.runs // 2))
            print(f"4. validate {args.n} generated cases (oracle, C loader: {m4['oracle'] * 1000:.0f} ms; "
                  f"pure-Python loader: {m4['oracle_py'] * 1000:.0f} ms)")
            _row(f"cli.py validate {args.n} generated cases", m4["validate"], m4["oracle"], "oracle",
                 TARGETS["validate"])
            print(f"  {'':<58} {'':>9}  = {m4['validate'] / m4['oracle_py']:5.1f}x oracle-py")
            _row(f"cli.py validate -j 1 (one process) {args.n} generated cases", m4["validate_1"], m4["oracle"],
                 "oracle", TARGETS["validate"])
            _cpu_line((("validate (all workers)", "validate"), ("-j 1", "validate_1")), "oracle")

        if args.instructions:
            _instructions(py, compiled, gen, tmp, min(args.ir_cases, len(generated)))

        if args.pytest:
            t, _ = _time([py, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider"], plain, _env(plain, False))
            print("5. test suite, no bytecode")
            print(f"  {'python -m pytest':<58} {t:7.1f} s   (target < {TARGETS['pytest_s']:g} s on this machine)")


def _instructions(py: str, compiled: Path, gen: Path, tmp: Path, n: int) -> None:
    """Row 6: instructions per case (reading and ruling; the oracle: reading with the C loader)."""
    if not shutil.which("valgrind"):
        print("6. instructions: valgrind is not installed here (skipped)")
        return

    def count(cwd: Path, *argv) -> int:
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", py, "-c", *argv],
                             cwd=cwd, env=_env(compiled, True), capture_output=True, text=True)
        if out.returncode:
            raise SystemExit(f"bench: under valgrind: {out.stderr[-800:]}")
        line = next(x for x in out.stderr.splitlines() if "Collected" in x)
        return int(line.split()[-1].replace(",", ""))

    ruling = (count(compiled, _IR_RULE, str(gen), str(n)) - count(compiled, _IR_RULE, str(gen), "0")) / n
    oracle = (count(tmp, ORACLE, "c", str(gen), str(n)) - count(tmp, ORACLE, "c", str(gen), "0")) / n
    print(f"6. instructions (callgrind), {n} generated cases; the same on every run")
    print(f"  {'read and rule one case (rule network already built)':<58} {ruling / 1e6:6.2f} M  "
          f"= {ruling / oracle:5.1f}x reading it with the C loader ({oracle / 1e6:.2f} M)")


_IR_RULE = r"""
import sys
from pathlib import Path
from engine.input.caseio import load_case
from engine.explain.ruling import rule_case
from engine.rules import full_engine
full_engine()
for f in sorted(Path(sys.argv[1]).glob("*.yaml"))[:int(sys.argv[2])]:
    rule_case(load_case(f))
"""

_IN_PROCESS = r"""
import json, statistics, sys, time, yaml
from pathlib import Path
from engine.input.caseio import load_case
from engine.explain.ruling import rule_case
files = sorted(Path(sys.argv[1]).glob("*.yaml"))
cases = [c for c in (load_case(f) for f in files) if len(c.play) == 13]
rule_case(cases[0])
times, oracle = [], []
for c in cases:
    t = time.perf_counter(); rule_case(c); times.append(time.perf_counter() - t)
for f in files[:len(cases)]:
    t = time.perf_counter()
    with open(f, encoding="utf-8") as fh:
        yaml.load(fh, Loader=yaml.CSafeLoader)
    oracle.append(time.perf_counter() - t)
print(json.dumps([statistics.median(times), statistics.median(oracle), len(cases)]))
"""


if __name__ == "__main__":
    main()
