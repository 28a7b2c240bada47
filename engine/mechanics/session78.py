"""Scoring a whole session (Law 78, the artificial scores of 12C1) the way the scoring programs do.

Plain Python, no law rules: what each method computes, and the law or the
convention it follows, is in docs/scoring.md.

* ``matchpoints`` (78A): on each board every result is compared with the
  other results in the same direction: 2 for each it beats, 1 for each it
  ties; the top is 2 for each other result.  A pair's total is the sum of its
  matchpoints, its percentage that total against the sum of its tops.
  Boards played fewer times than the most-played board, and boards with
  artificial adjusted scores (whose tables are not compared), are brought to
  the full top by ``fewer``: ``neuberg`` (the usual formula, the EBU's and the
  WBF's: (M + 1) x N / n - 1 for a result scored M among n, N the most
  results of any board), ``factor`` (in proportion, M x (N - 1) / (n - 1)),
  ``ties`` (each missing result counted as a tie with every result: M + (N - n),
  what ScoreBridge publishes) or ``own`` (the real results on their own top:
  the board counts with its own smaller top).
* ``cross_imps``: every result against every other in its direction, the
  difference turned into IMPs by the 78B scale, averaged over the comparisons.
* ``butler``: every result against a datum: the mean of the board's
  North-South scores, the highest and the lowest ``trim`` left out (when at
  least three results remain), rounded to the nearest 10.
* ``imps`` (78B) and ``bam`` (point-a-board) for boards played at two tables
  (a teams match): each pair against the pair that sat its way at the other
  table; BAM gives 2 for the better score, 1 each for the same, 0 for the worse.
* ``total_points`` (78C): the sum of the pair's scores.

Artificial adjusted scores (12C1, commentary 12.19): a percentage of the
board's top in matchpoints, +3 / 0 / -3 IMPs for 60 / 50 / 40 % in IMPs
(beyond 60 %, 0.3 IMPs for each 1 % above 50, rounded), and 1 / 0.5 / 0
board points for more, exactly and less than 50 % at point-a-board.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.mechanics.scoring78 import imps

SESSION_METHODS = ("matchpoints", "cross_imps", "butler", "imps", "bam", "total_points")
FEWER = ("neuberg", "factor", "ties", "own")
LAWS = {"matchpoints": "78A", "cross_imps": "78B (cross-IMPs)", "butler": "78B (Butler datum)", "imps": "78B",
        "bam": "point-a-board", "total_points": "78C"}
FEWER_TEXT = {"neuberg": "the Neuberg formula", "factor": "a factor, in proportion",
              "ties": "counting each missing result a tie", "own": "their own smaller top"}
KIND = {"matchpoints": "mp", "cross_imps": "imp", "butler": "imp", "imps": "imp", "bam": "mp",
        "total_points": "points"}


@dataclass
class Line:
    ns_points: object = None
    ew_points: object = None
    top: object = None  # matchpoints and point-a-board: the full top the points are out of
    ns_pct: object = None
    ew_pct: object = None
    how: str = ""
    datum: int | None = None
    exact: tuple | None = None  # (NS, EW) before rounding to two decimals (Neuberg, a factor): for the totals


@dataclass
class SessionScore:
    method: str
    kind: str
    fewer: str = "neuberg"
    percent_mode: str = "top"  # a board's percentage: of the top, or "field" ((M + 1) / (top + 2))
    trim: int = 1
    plus: str = "fixed"  # average plus / minus: 60 / 40 %, or "session": the pair's own percentage beyond them
    sitout: str = "none"  # a board a pair sat out: nothing, or "average": its own percentage of the board's top
    cross: str = "average"  # cross-IMPs: averaged over the comparisons (the EBU's), or summed (Ruter's)
    lines: dict = field(default_factory=dict)  # board -> [Line], in the order of the session's rows
    totals: dict = field(default_factory=dict)  # pair key -> total
    tops: dict = field(default_factory=dict)  # pair key -> sum of tops (matchpoints)
    percent: dict = field(default_factory=dict)  # pair key -> percentage (matchpoints) or None
    played: dict = field(default_factory=dict)  # pair key -> boards played
    ranking: list = field(default_factory=list)  # groups: (name, [(place, key)])
    places: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)
    vps: dict = field(default_factory=dict)  # a teams match (imps, two sides): each side's victory points

    def line(self, board: int, i: int) -> Line:
        return self.lines[board][i]

    def place(self, key: str) -> str:
        return self.places.get(key, "")


def _round(x, digits=2):
    """``x`` to ``digits`` decimals, a half rounded up (away from zero), as the scoring programs print their
    figures (53.125 % is 53.13, where Python's round() would give the even 53.12)."""
    from decimal import ROUND_HALF_UP, Decimal

    value = float(Decimal(repr(float(x))).quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP))
    return int(value) if value == int(value) else value


def artificial_imps(percent: int) -> int:
    if percent == 60:
        return 3
    if percent == 50:
        return 0
    if percent == 40:
        return -3
    return round((percent - 50) * 0.3)


PERCENTS = ("top", "field")
PLUS = ("fixed", "session")
SITOUT = ("none", "average")
CROSS = ("average", "sum")
TRY_CONVENTIONS = 5000  # results: above this the agreement does not try the other conventions


def score_session(session, method: str | None = None, fewer: str = "neuberg", trim: int = 1,
                  progress=None, percent: str = "top", plus: str = "fixed", sitout: str = "none",
                  cross: str = "average") -> SessionScore:
    if method is None and session.method == "imps" and any(len(rows) > 2 for rows in session.boards.values()):
        method = "butler"  # the file says IMPs, but a board has more than two tables: a pairs event in IMPs
        note = ("the file scores in IMPs and its boards have more than two tables: Butler IMPs (a datum from the "
                "field); --method cross_imps compares every pair of results")
    else:
        note = None
    method = method or session.method or "matchpoints"
    if method not in SESSION_METHODS:
        raise ValueError(f"{method!r} is not a scoring method ({', '.join(SESSION_METHODS)})")
    if fewer not in FEWER:
        raise ValueError(f"{fewer!r}: boards played fewer times are scored by {', '.join(FEWER)}")
    if cross not in CROSS:
        raise ValueError(f"{cross!r}: cross-IMPs are {' or '.join(CROSS)}")
    if sitout not in SITOUT:
        raise ValueError(f"{sitout!r}: a pair that sits out is credited with {' or '.join(SITOUT)}")
    if plus not in PLUS:
        raise ValueError(f"{plus!r}: an average plus or minus is {' or '.join(PLUS)}")
    out = SessionScore(method, KIND[method], fewer, percent, trim, plus, sitout, cross)
    if note:
        out.notes.append(note)
    sizes = {b: sum(r.count for r in rows) for b, rows in session.boards.items()}
    most = max(sizes.values()) if sizes else 0
    done = 0
    for board, rows in session.boards.items():
        if method == "matchpoints":
            lines = _matchpoints(rows, most, fewer, out, percent)
        elif method in ("cross_imps", "butler"):
            lines = _field_imps(rows, method, trim, cross)
        elif method in ("imps", "bam"):
            lines = _match(board, rows, method)
        else:
            lines = _total_points(rows)
        out.lines[board] = lines
        done += len(rows)
        if progress:
            progress(done)
    if method == "matchpoints" and plus == "session":
        _session_plus(session, out)
    _totals(session, out)
    if method == "imps" and len(out.totals) == 2 and not session.mitchell:
        a, b = sorted(out.totals, key=_natural)
        # the totals are net (each board's IMPs won by one side are lost by the other): the margin is half
        win = victory_points((out.totals[a] - out.totals[b]) / 2, len(session.boards))
        out.vps = {a: win, b: _round(20 - win)}
        out.notes.append(f"victory points by the WBF continuous 20-point scale for a match of {len(session.boards)} "
                         f"boards (a convention; the 1987 Laws give no VP scale)")
    if method == "matchpoints" and any(n < most for n in sizes.values()):
        if fewer == "own":
            out.notes.append(f"boards played fewer than {most} times, or with artificial adjusted scores, are scored "
                             f"on their own smaller top (--fewer own)")
        else:
            out.notes.append(f"boards played fewer than {most} times, or with artificial adjusted scores, are "
                             f"brought to the full top by {FEWER_TEXT[fewer]} (--fewer {fewer})")
    return out


def _scores(rows, side):
    attr = "ns_score" if side == "NS" else "ew_score"
    return [(getattr(r, attr), r.count) for r in rows if not r.artificial and getattr(r, attr) is not None]


def _matchpoints(rows, most: int, fewer: str, out, percent: str = "top") -> list:
    lines = [Line() for _ in rows]
    n_real = sum(r.count for r in rows if not r.artificial)
    n_all = sum(r.count for r in rows)
    full = most if fewer != "own" else n_real
    top = 2 * (full - 1) if full > 1 else 0
    for side in ("NS", "EW"):
        attr = "ns_score" if side == "NS" else "ew_score"
        field_scores = _scores(rows, side)
        for r, line in zip(rows, lines):
            if r.artificial:
                pct = r.ns_percent if side == "NS" else r.ew_percent
                exact = pct * top / 100
                points, how = _round(exact), "12C1, commentary 12.19(iv)"
            else:
                s = getattr(r, attr)
                exact = None
                raw = sum(c * (2 if s > o else 1 if s == o else 0) for o, c in field_scores) - 1  # not itself
                own = 2 * (n_real - 1)
                if n_real == full:
                    points, how = raw, "78A"
                elif fewer == "neuberg":
                    exact = (raw + 1) * full / n_real - 1
                    points = _round(exact)
                    how = f"78A, Neuberg ({raw} of {own} among {n_real})"
                elif fewer == "factor":
                    exact = raw * top / own if own else top / 2
                    points = _round(exact)
                    how = f"78A ({raw} of {own}, factored to the top of {top})"
                elif fewer == "ties":  # each of the N - n missing results a tie: 1 matchpoint each
                    points = _round(raw + (full - n_real))
                    how = f"78A ({raw} of {own}, each of the {full - n_real} missing results a tie)"
                else:
                    points, how = raw, "78A (on its own top)"
            exact = points if exact is None else exact
            if percent == "field":  # the self-comparison counted as a tie: (M + 1) / (top + 2), as sims publish
                pct = _round(100 * (exact + 1) / (top + 2))
            else:
                pct = _round(100 * exact / top) if top else 50  # of the unrounded points (Neuberg's thirds)
            if side == "NS":
                line.ns_points, line.ns_pct, line.how = points, pct, how
                line.exact = (exact, None)
            else:
                line.ew_points, line.ew_pct = points, pct
                line.exact = (line.exact[0], exact)
            line.top = top
    return lines


def _session_plus(session, out: SessionScore) -> None:
    """Average plus as the greater of 60 % and the pair's percentage on its other boards, average minus as the
    lesser of 40 % and that percentage (the convention Ruter publishes).  The 1987 Law 12C1 gives the side in
    no way at fault at least 60 %, so the greater of 60 % and its own is within it; it gives the side directly at
    fault 40 %, so less than 40 % for average minus is the program's convention, not the 1987 law.  The other
    boards: those where the pair has a real result."""
    from engine.input.session import pair_key

    got, tops = {}, {}
    for board, rows in session.boards.items():
        for r, line in zip(rows, out.lines[board]):
            if r.artificial or r.count != 1 or not r.named:
                continue
            exact = line.exact or (line.ns_points, line.ew_points)
            for pid, side, points in ((r.ns, "NS", exact[0]), (r.ew, "EW", exact[1])):
                key = pair_key(session, pid, side)
                got[key] = got.get(key, 0) + points
                tops[key] = tops.get(key, 0) + line.top
    for board, rows in session.boards.items():
        for r, line in zip(rows, out.lines[board]):
            if not r.artificial or not line.top:
                continue
            exact = list(line.exact or (line.ns_points, line.ew_points))
            for i, (pid, side, pct) in enumerate(((r.ns, "NS", r.ns_percent), (r.ew, "EW", r.ew_percent))):
                key = pair_key(session, pid, side)
                own = 100 * got[key] / tops[key] if tops.get(key) else None
                if own is None or pct == 50:
                    continue
                new = max(pct, own) if pct >= 60 else min(pct, own) if pct <= 40 else pct
                if new == pct:
                    continue
                exact[i] = new * line.top / 100
                points, shown = _round(exact[i]), _round(new)
                if i == 0:
                    line.ns_points, line.ns_pct = points, shown
                else:
                    line.ew_points, line.ew_pct = points, shown
                line.how = f"12C1 ({pct} %, the pair's {shown} % on its other boards: --plus session)"
            line.exact = tuple(exact)


def _datum(scores: list, trim: int) -> int:
    values = sorted(v for v, c in scores for _ in range(c))
    if trim and len(values) - 2 * trim >= 3:
        values = values[trim:len(values) - trim]
    mean = sum(values) / len(values)
    return int(10 * round(mean / 10 + 1e-9)) if mean >= 0 else -int(10 * round(-mean / 10 + 1e-9))


def _field_imps(rows, method: str, trim: int, cross: str = "average") -> list:
    lines = [Line() for _ in rows]
    ns_scores = _scores(rows, "NS")
    datum = _datum(ns_scores, trim) if ns_scores else None
    for side in ("NS", "EW"):
        attr = "ns_score" if side == "NS" else "ew_score"
        field_scores = _scores(rows, side)
        n = sum(c for _, c in field_scores)
        for r, line in zip(rows, lines):
            if r.artificial:
                pct = r.ns_percent if side == "NS" else r.ew_percent
                points, how = artificial_imps(pct), "12C1, commentary 12.19(iii)"
                if method == "cross_imps" and cross == "sum":
                    n_other = sum(c for _, c in field_scores)
                    points, how = points * n_other, f"12C1, commentary 12.19(iii), against each of {n_other} results"
            else:
                s = getattr(r, attr)
                if method == "butler":
                    ref = datum if side == "NS" else -datum
                    points, how = imps(s - ref), f"78B against the datum {datum:+d}"
                    line.datum = datum
                else:
                    total = sum(c * imps(s - o) for o, c in field_scores)  # itself: 0
                    if cross == "sum":
                        points, how = total, f"78B, cross-IMPs summed over {n - 1} comparisons"
                    else:
                        points = _round(total / (n - 1)) if n > 1 else 0
                        how = f"78B, cross-IMPs averaged over {n - 1} comparisons"
            if side == "NS":
                line.ns_points, line.how = points, how
            else:
                line.ew_points = points
    return lines


def _match(board, rows, method: str) -> list:
    if len(rows) != 2 or any(r.count != 1 for r in rows):
        raise ValueError(f"board {board}: {method} compares the two tables of a match; the board has "
                         f"{sum(r.count for r in rows)} results")
    lines = [Line(), Line()]
    for side in ("NS", "EW"):
        attr = "ns_score" if side == "NS" else "ew_score"
        pct_attr = "ns_percent" if side == "NS" else "ew_percent"
        for i, (r, line) in enumerate(zip(rows, lines)):
            other = rows[1 - i]
            mine, theirs = getattr(r, attr), getattr(other, attr)
            if r.artificial or other.artificial:
                pct = getattr(r, pct_attr) if r.artificial else None
                if pct is None:
                    points, how = None, "the other table has an artificial adjusted score: no comparison"
                elif method == "imps":
                    points, how = artificial_imps(pct), "12C1, commentary 12.19(iii)"
                else:
                    points, how = (2 if pct > 50 else 1 if pct == 50 else 0), "12C1 (point-a-board)"
            elif method == "imps":
                points, how = imps(mine - theirs), "78B"
            else:
                points, how = (2 if mine > theirs else 1 if mine == theirs else 0), "point-a-board"
            if method == "bam":
                line.top = 2
            if side == "NS":
                line.ns_points, line.how = points, how
            else:
                line.ew_points = points
    return lines


def _total_points(rows) -> list:
    lines = []
    for r in rows:
        if r.artificial:
            lines.append(Line(0, 0, how="an artificial adjusted score has no total-points value (counted 0)"))
        else:
            lines.append(Line(r.ns_score, r.ew_score, how="78C"))
    return lines


def _totals(session, out: SessionScore) -> None:
    from engine.input.session import pair_key

    totals, tops, played = {}, {}, {}
    for board, rows in session.boards.items():
        seen = set()
        for r, line in zip(rows, out.lines[board]):
            ns_points, ew_points = line.exact or (line.ns_points, line.ew_points)  # summed before rounding
            for pid, side, points in ((r.ns, "NS", ns_points), (r.ew, "EW", ew_points)):
                if r.count != 1 or not r.named:
                    continue  # a frequency table names no pairs
                key = pair_key(session, pid, side)
                if out.method in ("imps", "bam") and key in seen:
                    continue  # a team (NS at one table, EW at the other) scores the board once
                seen.add(key)
                totals[key] = totals.get(key, 0) + (points or 0)
                played[key] = played.get(key, 0) + 1
                if line.top is not None:
                    tops[key] = tops.get(key, 0) + line.top
    if out.sitout == "average" and out.kind == "mp":
        # Ruter's convention: a pair that sat out a board is credited with its own percentage of the board's
        # top (its percentage is unchanged, its total comparable with the pairs that played every board)
        for board, pid, side in getattr(session, "byes", ()):
            key = pair_key(session, pid, side)
            top = next((line.top for line in out.lines.get(board, ()) if line.top is not None), None)
            if key in totals and tops.get(key) and top:
                share = totals[key] / tops[key]
                totals[key] += share * top
                tops[key] += top
                played[key] += 1
    out.totals = {k: _round(v) for k, v in totals.items()}
    out.tops = tops
    out.played = played
    for key, total in totals.items():  # the percentage of the unrounded total
        out.percent[key] = _round(100 * total / tops[key]) if out.kind == "mp" and tops.get(key) else None
    groups = [("NS", [k for k in out.totals if k.endswith(" NS")]), ("EW", [k for k in out.totals if k.endswith(" EW")])] \
        if session.mitchell else [("", list(out.totals))]
    varied = len(set(tops.values())) > 1
    for name, keys in groups:
        if not keys:
            continue

        def value(k):
            if out.kind == "mp" and varied:
                return out.percent[k] or 0
            return out.totals[k]

        ordered = sorted(keys, key=lambda k: (-value(k), _natural(k)))
        ranked = []
        for i, k in enumerate(ordered):
            same = [j for j in ordered if value(j) == value(k)]
            first = ordered.index(same[0]) + 1 if len(same) > 1 else i + 1
            place = f"{first}=" if len(same) > 1 else str(first)
            ranked.append((place, k))
            out.places[k] = place
        out.ranking.append((name, ranked))


def victory_points(margin, boards: int) -> float:
    """The side's victory points for an IMP margin over ``boards`` boards: the WBF continuous 20-point scale
    (2013): 10 + 10 (1 - t^(3m/b)) / (1 - t^3), t = (sqrt 5 - 1) / 2, b = 15 sqrt(boards), at most 20,
    to two decimals; the loser has 20 less the winner's."""
    import math

    if boards <= 0:
        raise ValueError("victory points need the number of boards of the match")
    tau = (math.sqrt(5) - 1) / 2
    scale = 15 * math.sqrt(boards)
    m = abs(margin)
    win = min(20.0, 10 + 10 * (1 - tau ** (3 * m / scale)) / (1 - tau ** 3))
    win = round(win, 2)
    return _round(win if margin >= 0 else 20 - win)


def _natural(key: str):
    import re

    return [int(t) if t.isdigit() else t for t in re.split(r"(\d+)", key)]


# ---------------------------------------------------------------------------
# Agreement with what the file publishes
# ---------------------------------------------------------------------------


def _agrees(mine, published) -> bool:
    if mine is None or published is None:
        return False
    text = repr(published)
    decimals = len(text.split(".")[1]) if isinstance(published, float) and "." in text else 0
    return abs(float(mine) - float(published)) <= 0.5 * 10 ** -decimals + 1e-9


def agreement(session, scores: SessionScore) -> dict:
    """For each published figure: how many of ours agree with it, to the file's rounding, and which do not.

    The file's matchpoint scale is found from its own figures (``_session_scale``): 2 for a score beaten (ours), 1 (the
    ACBL's), or centred on the average (Ruter's "MP1": each score beaten +1, each lost -1)."""
    out = {"board_points": [0, 0], "board_percent": [0, 0], "totals": [0, 0], "percent": [0, 0], "places": [0, 0],
           "disagree": []}
    scale, centred = _session_scale(session, scores) if scores.kind == "mp" else (1, False)
    for board, rows in session.boards.items():
        for r, line in zip(rows, scores.lines[board]):
            pub = r.published or {}
            where = r.where if r.where.startswith("board ") else f"board {board}, {r.where}"
            for side in ("ns", "ew"):
                key = ("mp_" if scores.kind == "mp" else "imp_") + side
                mine = line.ns_points if side == "ns" else line.ew_points
                if key in pub:
                    shown = None if mine is None else _round(
                        scale * (mine - (line.top / 2 if centred and line.top else 0)))
                    ok = _agrees(shown, pub[key])
                    out["board_points"][1] += 1
                    out["board_points"][0] += 1 if ok else 0
                    if not ok:
                        out["disagree"].append(f"{where}: {side.upper()} {shown} against the published {pub[key]}")
                pkey = "pct_" + side
                mine_pct = line.ns_pct if side == "ns" else line.ew_pct
                if pkey in pub and mine_pct is not None:
                    ok = _agrees(mine_pct, pub[pkey])
                    out["board_percent"][1] += 1
                    out["board_percent"][0] += 1 if ok else 0
                    if not ok:
                        out["disagree"].append(f"{where}: {side.upper()} {mine_pct}% against "
                                               f"the published {pub[pkey]}%")
    for key, pair in session.pairs.items():
        if key not in scores.totals:
            continue
        pub = pair.published
        for name, mine in (("total", scores.totals[key]), ("percent", scores.percent.get(key)),
                           ("rank", scores.place(key))):
            if name not in pub:
                continue
            bucket = {"total": "totals", "percent": "percent", "rank": "places"}[name]
            if name == "rank":
                ok = str(mine).rstrip("=") == str(pub[name]).rstrip("=")
            elif name == "total" and scores.kind == "mp":
                mine = _round(scale * (mine - (scores.tops.get(key, 0) / 2 if centred else 0)))
                ok = _agrees(mine, pub[name])
            else:
                ok = _agrees(mine, pub[name])
            out[bucket][1] += 1
            out[bucket][0] += 1 if ok else 0
            if not ok:
                out["disagree"].append(f"pair {key}: {name} {mine} against the published {pub[name]}")
    return out


def _session_scale(session, scores) -> tuple:
    """(unit, centred): the file's matchpoint unit against ours (1, or 1/2 when it gives 1 for a score beaten,
    the ACBL's), and whether its figures are centred on the average (a negative matchpoint: Ruter's "MP1",
    the score beaten less the scores lost, NS's and EW's summing to 0)."""
    centred = False
    for board, rows in session.boards.items():
        for r in rows:
            pub = r.published or {}
            if not r.artificial and ((pub.get("mp_ns") or 0) < 0 or (pub.get("mp_ew") or 0) < 0):
                centred = True
                break
        if centred:
            break
    if centred:
        return 1, True
    for board, rows in session.boards.items():
        for r, line in zip(rows, scores.lines[board]):
            pub = r.published or {}
            if not r.artificial and "mp_ns" in pub and "mp_ew" in pub and line.top:
                theirs = (pub["mp_ns"] or 0) + (pub["mp_ew"] or 0)
                if theirs and abs(theirs - line.top / 2) < abs(theirs - line.top):
                    return 0.5, False
                return 1, False
    return 1, False


def file_scale(session, scores):
    """A function turning our matchpoints (value, top) into the file's own scale (its unit, centred or not), for
    writing a rescored session back."""
    unit, centred = _session_scale(session, scores) if scores.kind == "mp" else (1, False)
    if unit == 1 and not centred:
        return lambda value, top: value

    def convert(value, top):
        if value is None:
            return None
        return _round(unit * (value - (top / 2 if centred and top else 0)))
    return convert


def fewer_that_agrees(session, scores: SessionScore) -> list:
    """The other conventions under which more of the file's published board figures agree with ours than under
    the ones used: [(option, value, agreeing, of)], best first.  Only for matchpoints, and only when some
    published board figure differs.  Tried: ``--fewer`` (when a board was played fewer times or has an
    artificial score), ``--percent`` and ``--plus``."""
    if scores.method != "matchpoints" or sum(len(rows) for rows in session.boards.values()) > TRY_CONVENTIONS:
        return []  # a big file (a season) is not scored again under every convention
    mine = agreement(session, scores)
    if mine["board_points"][0] == mine["board_points"][1] and mine["board_percent"][0] == mine["board_percent"][1]:
        return []
    sizes = [sum(r.count for r in rows) for rows in session.boards.values()]
    artificial = any(r.artificial for r in session.results())
    options = {"fewer": scores.fewer, "percent": scores.percent_mode, "plus": scores.plus}
    tries = []
    if sizes and (min(sizes) < max(sizes) or artificial):
        tries += [("fewer", f) for f in FEWER if f != scores.fewer]
    tries += [("percent", p) for p in PERCENTS if p != scores.percent_mode]
    if artificial:
        tries += [("plus", p) for p in PLUS if p != scores.plus]

    def count(a):
        return a["board_points"][0] + a["board_percent"][0]

    better = []
    for option, value in tries:
        kw = dict(options, **{option: value})
        alt = agreement(session, score_session(session, scores.method, kw["fewer"], scores.trim,
                                               percent=kw["percent"], plus=kw["plus"], sitout=scores.sitout,
                                               cross=scores.cross))
        if count(alt) > count(mine):
            n = alt["board_points"][1] + alt["board_percent"][1]
            better.append((option, value, count(alt), n))
    return sorted(better, key=lambda t: -t[2])
