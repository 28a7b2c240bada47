"""Shared test helpers: run the law engine on hand-built facts; build cases from YAML text."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import yaml

from engine.explain.ruling import engine, rule_case
from engine.input.caseio import case_from_data
from engine.law import play as F


def fire(*facts):
    """Run the law engine on the given table facts only; return (conclusions, rule names fired)."""
    eng = engine()
    eng.reset()
    eng.declare(*facts)
    eng.run()
    concluded = [c for f in eng.firings for c in f.conclusions]
    return concluded, [f.rule for f in eng.firings]


def kinds(conclusions, kind):
    return [c for c in conclusions if c.kind == kind]


def only(conclusions, kind):
    found = kinds(conclusions, kind)
    assert len(found) == 1, f"expected one {kind}, got {found}"
    return found[0]


def revoke_play(trick=2, seat="E", card="S2", led="D", side="EW", role="defender", index=1, moment=None):
    return F.CardPlayed(trick=trick, index=index, seat=seat, side=side, role=role, card=card, led_suit=led,
                        leads=False, followed=False, held_led_suit=True, withdrawn=False, applied=True,
                        at=f"T{trick}.{index}", moment=moment or (trick * 4 + index) * 1000)


def first_act(trick=2, seat="E", act="play", moment=9000, by="E"):
    return F.FirstAct(trick=trick, seat=seat, act=act, by=by, card=None, at="T3.0", moment=moment)


def notice(trick=2, seat="E", moment=60000, deemed=True, by=None, asked=None, **flags):
    base = dict(after_call_by_offenders=False, after_call_by_non_offenders=False, after_round_end=False,
                after_hands_returned=False)
    base.update(flags)
    return F.Notice(trick=trick, seat=seat, by=by, asked=asked, at="end" if deemed else "T3.0",
                    moment=moment, deemed=deemed, **base)


def tricks_from(trick, side, count):
    return F.TricksFrom(trick=trick, side=side, count=count)


def case(text: str, path: str = "test.yaml"):
    return case_from_data(yaml.safe_load(textwrap.dedent(text)), path)


def ruling(text: str):
    return rule_case(case(text))


# A 3NT by South used across the tests: East discards a spade on the diamond
# lead of trick 2 while holding the diamond five (a revoke, established when
# he plays to trick 3); North-South take 10 tricks at the table.
SMOKE_DEAL = "N:AK32.A32.AK32.32 QJ4.KQJ4.5.KQJ54 T98.T98.QJT98.A9 765.765.764.T876"
SMOKE_TRICKS = [
    "[W:H7, N:HA, E:H4, S:H8]", "[N:DA, E:S4, S:D8, W:D4]", "[N:SA, E:SJ, S:S8, W:S5]",
    "[N:SK, E:SQ, S:S9, W:S6]", "[N:S3, E:D5, S:ST, W:S7]", "[S:DQ, W:D6, N:D2, E:C4]",
    "[S:DJ, W:D7, N:DK, E:C5]", "[N:D3, E:HJ, S:DT, W:C6]", "[S:D9, W:C7, N:S2, E:HQ]",
    "[S:CA, W:C8, N:C2, E:CJ]", "[S:C9, W:CT, N:C3, E:CQ]", "[E:CK, S:HT, W:H5, N:H2]",
    "[E:HK, S:H9, W:H6, N:H3]",
]


def smoke_play(indent: str = "  ", tricks: int = 13) -> str:
    """The smoke deal's play record as YAML lines, each prefixed with ``indent``."""
    return "\n" + "".join(f"{indent}- {t}\n" for t in SMOKE_TRICKS[:tricks])


def write(tmp_path, text, name="case.yaml"):
    """Write a test input file; return its path as a string."""
    p = tmp_path / name
    p.write_text(text)
    return str(p)


def firings(eng, facts) -> list:
    """Run ``eng`` afresh on ``facts``: each firing's rule and the conclusions it declared."""
    eng.reset()
    eng.declare(*facts)
    eng.run()
    return [(f.rule, [dict(c) for c in f.conclusions]) for f in eng.firings]


_REPORT_MODULES = ("import atexit, sys\n"
                   "atexit.register(lambda: sys.stderr.write('\\nMODULES ' + ' '.join(sorted(m for m in sys.modules "
                   "if m.startswith('engine'))) + '\\n'))\n"
                   "sys.argv = ['cli.py'] + sys.argv[1:]\n"
                   "import runpy; runpy.run_path('cli.py', run_name='__main__')\n")


def fresh_cli(*argv) -> tuple:
    """Run ``cli.py ARGV`` in a new process: (exit status, stdout, stderr, the engine modules it had loaded at exit).

    What a cold process imports can only be seen in one: in a test process most modules are loaded already."""
    root = Path(__file__).resolve().parent.parent
    res = subprocess.run([sys.executable, "-c", _REPORT_MODULES, *argv], cwd=root, capture_output=True, text=True)
    line = [x for x in res.stderr.splitlines() if x.startswith("MODULES")][-1]
    return res.returncode, res.stdout, res.stderr, set(line.split()[1:])
