"""Benchmark (not a test): scoring a whole session (issue 27).

    python bench/scoring_bench.py [--runs 5]

Rows (target in brackets), each the median of ``--runs`` runs, in process (the interpreter's start is not
counted), on generated USEBIO and PBN sessions written to a temporary folder:

1. a session of 30 boards at 50 tables (1,500 results): read, matchpoint, rank [< 1 s], in USEBIO and PBN;
2. the same with a ruling put in place, rescored and written back in its format;
3. a season of 20,000 results (400 boards at 50 tables) in USEBIO: read and scored, with the peak memory
   the reading takes (tracemalloc) against the file's size.

The files are generated (not published results): scores drawn from a fixed list by the board and table
numbers, so that every run scores the same files.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.commands.board import rescore  # noqa: E402
from engine.input.session import load_session  # noqa: E402
from engine.mechanics.session78 import score_session  # noqa: E402

SCORES = (420, 450, 170, -50, -100, 620, 140, 110, -200, 480, 400, -120)


def _score(board: int, table: int) -> int:
    return SCORES[(board * 7 + table * 3 + board * table) % len(SCORES)]


def usebio(tables: int, boards: int) -> str:
    out = ['<?xml version="1.0" encoding="utf-8"?>', '<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">',
           "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD><PARTICIPANTS>"]
    for p in range(1, 2 * tables + 1):
        out.append(f"<PAIR><PAIR_NUMBER>{p}</PAIR_NUMBER><PLAYER><PLAYER_NAME>Player {p}a</PLAYER_NAME></PLAYER>"
                   f"<PLAYER><PLAYER_NAME>Player {p}b</PLAYER_NAME></PLAYER><PLACE>1</PLACE>"
                   f"<TOTAL_SCORE>0.00</TOTAL_SCORE><PERCENTAGE>0.00</PERCENTAGE></PAIR>")
    out.append("</PARTICIPANTS>")
    for b in range(1, boards + 1):
        out.append(f"<BOARD><BOARD_NUMBER>{b}</BOARD_NUMBER>")
        for t in range(1, tables + 1):
            ew = tables + 1 + (t + b) % tables
            out.append(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{t}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
                       f"<CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><LEAD>HK</LEAD><TRICKS>10</TRICKS>"
                       f"<SCORE>{_score(b, t)}</SCORE><NS_MATCH_POINTS>0.00</NS_MATCH_POINTS>"
                       f"<EW_MATCH_POINTS>0.00</EW_MATCH_POINTS></TRAVELLER_LINE>")
        out.append("</BOARD>")
    out.append("</EVENT></USEBIO>")
    return "\n".join(out)


def pbn(tables: int, boards: int) -> str:
    out = ['% Generated for the benchmark', '[Event "Generated"]']
    header = ('[ScoreTable "Table\\2R;PairId_NS\\3R;PairId_EW\\3R;Score_NS\\6R;Score_EW\\6R;MP_NS\\6R;MP_EW\\6R;'
              'Percentage_NS\\5R;Percentage_EW\\5R"]')
    for b in range(1, boards + 1):
        out += [f'[Board "{b}"]', '[Scoring "MP"]', header]
        for t in range(1, tables + 1):
            s = _score(b, t)
            ns, ew = (f'"{s}"', "-") if s >= 0 else ("-", f'"{-s}"')
            out.append(f"{t:>2} {t:>3} {tables + 1 + (t + b) % tables:>3} {ns:>6} {ew:>6}   0.00   0.00   0.0   0.0")
        if b == 1:
            out.append('[TotalScoreTable "Rank\\3R;PairId\\3R;TotalScoreMP\\8R;TotalPercentage\\6R"]')
            for p in range(1, 2 * tables + 1):
                out.append(f"{p:>3} {p:>3} {0:>8.2f} {0:>6.2f}")
        out.append("")
    return "\n".join(out)


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        (tmp / "s.xml").write_text(usebio(50, 30))
        (tmp / "s.pbn").write_text(pbn(50, 30))
        (tmp / "ruling.yaml").write_text("board: 7\nns: 3\new: 60\nscore: 620\n")
        (tmp / "season.xml").write_text(usebio(50, 400))
        print("scoring benchmark (median of %d runs)" % args.runs)
        for name in ("s.xml", "s.pbn"):
            path = tmp / name
            t = median_time(lambda: score_session(load_session(path)), args.runs)
            print(f"  30 boards x 50 tables, {name[2:]}: read + matchpoints + ranking  {t * 1000:7.1f} ms  [< 1000 ms]")
        for name in ("s.xml", "s.pbn"):
            path = tmp / name
            out = tmp / ("out" + path.suffix)
            ruling = tmp / "ruling.yaml"
            ew = _ew(path)
            ruling.write_text(f"board: 7\nns: 3\new: {ew}\nscore: 620\n")
            t = median_time(lambda: rescore(str(path), None, rulings=[str(ruling)], write_path=str(out),
                                            progress=False), args.runs)
            print(f"  30 boards x 50 tables, {name[2:]}: + a ruling, rescored, written back  {t * 1000:7.1f} ms  "
                  f"[< 1000 ms]")
        season = tmp / "season.xml"
        t = median_time(lambda: score_session(load_session(season)), max(1, args.runs // 2))
        tracemalloc.start()
        session = load_session(season)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        n = sum(len(rows) for rows in session.boards.values())
        size = season.stat().st_size
        print(f"  season, {n:,} results, usebio: read + scored  {t:6.2f} s; reading's peak memory "
              f"{peak / 2**20:.1f} MiB for a file of {size / 2**20:.1f} MiB ({(peak - size) / n:.0f} bytes a result "
              f"beyond the file's bytes)")


def _ew(path: Path) -> str:
    session = load_session(path)
    return next(r.ew for r in session.boards[7] if r.ns == "3")


if __name__ == "__main__":
    main()
