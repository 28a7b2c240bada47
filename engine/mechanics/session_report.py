"""The session's scoring as text and JSON: the ranking, the travellers, a ruling's board and ranking before and after,
and the agreement with what the file publishes."""
from __future__ import annotations

from engine.mechanics.session78 import LAWS, agreement, fewer_that_agrees

METHOD_NAMES = {"matchpoints": "Matchpoints", "cross_imps": "Cross-IMPs", "butler": "Butler IMPs", "imps": "IMPs",
                "bam": "Point-a-board", "total_points": "Total points"}


def _num(value, kind: str) -> str:
    if value is None:
        return "-"
    if kind == "imp" and isinstance(value, (int, float)):
        return f"{value:+}"
    if kind == "points":
        return f"{value:+d}" if isinstance(value, int) else str(value)
    return str(value)


def method_line(scores) -> str:
    extra = ""
    if scores.method == "matchpoints":
        extra = f"; boards played fewer times: {scores.fewer}"
    return f"{METHOD_NAMES[scores.method]} (Law {LAWS[scores.method]}{extra})"


def traveller_lines(session, scores, board: int, title: str = "") -> list:
    rows = session.boards[board]
    out = [f"Board {board}{title}" + (f" (top {scores.lines[board][0].top})" if scores.kind == "mp" and rows
                                      and scores.lines[board][0].top is not None else "")]
    for r, line in zip(rows, scores.lines[board]):
        pct = f" {line.ns_pct}%/{line.ew_pct}%" if line.ns_pct is not None else ""
        mark = f"   <- {r.ruled}" if r.ruled else ""
        count = f" x{r.count}" if r.count != 1 else ""
        out.append(f"  NS {r.ns:<6} EW {r.ew:<6} {r.text():<24}{count} NS {_num(line.ns_points, scores.kind):>7} "
                   f"EW {_num(line.ew_points, scores.kind):>7}{pct}  [{line.how}]{mark}")
    return out


def ranking_lines(session, scores, before=None) -> list:
    out = []
    for name, ranked in scores.ranking:
        if name:
            out.append(f"Ranking, {name} pairs")
        else:
            out.append("Ranking")
        for place, key in ranked:
            pair = session.pairs.get(key)
            names = f"  {pair.names}" if pair and pair.names else ""
            total = scores.totals[key]
            pct = f" {scores.percent[key]:>6}%" if scores.percent.get(key) is not None else ""
            change = ""
            if before is not None:
                was_total, was_place = before.totals.get(key), before.place(key)
                diff = total - was_total if was_total is not None else None
                was_pct = before.percent.get(key)
                bits = []
                if diff:
                    bits.append(f"{diff:+.2f}".rstrip("0").rstrip("."))
                if scores.percent.get(key) is not None and was_pct is not None and was_pct != scores.percent[key]:
                    bits.append(f"{scores.percent[key] - was_pct:+.2f}%")
                if was_place != place:
                    bits.append(f"was {was_place}")
                change = "   " + (", ".join(bits) if bits else "no change")
            vp = f" {scores.vps[key]} VP" if key in scores.vps else ""
            out.append(f"  {place:>4} {key:<8} {_num(total, scores.kind):>8}{pct}{vp}{names}{change}")
    return out


def agreement_lines(session, scores) -> list:
    a = agreement(session, scores)
    parts = []
    for key, label in (("board_points", "board scores"), ("board_percent", "board percentages"),
                       ("totals", "totals"), ("percent", "percentages"), ("places", "places")):
        ok, n = a[key]
        if n:
            parts.append(f"{label} {ok}/{n}")
    if not parts:
        return []
    out = ["Agreement with the scores the file publishes: " + ", ".join(parts)]
    for d in a["disagree"][:20]:
        out.append(f"  differs: {d}")
    if len(a["disagree"]) > 20:
        out.append(f"  ... and {len(a['disagree']) - 20} more")
    for option, value, ok, n in fewer_that_agrees(session, scores)[:1]:
        out.append(f"  the file's board figures agree better with --{option} {value} ({ok}/{n}): the convention "
                   f"of the program that wrote it")
    return out


def session_text(session, scores, before=None, rulings=(), boards=(), all_boards=False, original=None) -> str:
    """``original``: the session as read, before the rulings were put in place (``before`` is its scoring)."""
    original = original or session
    out = [f"{session.title or session.path} ({session.fmt}, {sum(len(b) for b in session.boards.values())} "
           f"results on {len(session.boards)} boards)", method_line(scores), ""]
    if before is not None:
        for ruling, old in rulings:
            out += [f"Ruling {ruling.path}: board {ruling.board}, NS {ruling.ns} against EW {ruling.ew}: "
                    f"{old.text()} replaced [{ruling.law or 'the ruling'}]"]
        out.append("")
        for board in sorted({r.board for r, _ in rulings}):
            out += traveller_lines(original, before, board, " before the ruling")
            out += traveller_lines(session, scores, board, " after the ruling")
            out.append("")
        out += ["Ranking before the ruling"] + ranking_lines(session, before)[1 if not session.mitchell else 0:]
        out.append("")
        out += ["Ranking after the ruling (the change for every pair)"] + \
            ranking_lines(session, scores, before)[1 if not session.mitchell else 0:]
    else:
        out += ranking_lines(session, scores)
    shown = sorted(session.boards) if all_boards else sorted(set(boards))
    for board in shown:
        out.append("")
        out += traveller_lines(session, scores, board)
    agree = agreement_lines(original, before if before is not None else scores)
    if agree:
        out += [""] + agree + (["  (the published scores are compared before the ruling)"] if before is not None
                               else [])
    for note in scores.notes:
        out.append(f"Note: {note}")
    return "\n".join(out)


def _board_json(session, scores, board):
    return [{"ns": r.ns, "ew": r.ew, "result": r.text(), "ns_score": r.ns_score, "ew_score": r.ew_score,
             "ns_percent": r.ns_percent, "ew_percent": r.ew_percent, "count": r.count,
             "ns_points": line.ns_points, "ew_points": line.ew_points, "top": line.top,
             "ns_pct": line.ns_pct, "ew_pct": line.ew_pct, "law": line.how,
             **({"ruling": r.ruled} if r.ruled else {}), **({"published": r.published} if r.published else {})}
            for r, line in zip(session.boards[board], scores.lines[board])]


def _ranking_json(session, scores):
    out = []
    for name, ranked in scores.ranking:
        for place, key in ranked:
            pair = session.pairs.get(key)
            out.append({"place": place, "pair": key, "group": name or None, "names": pair.names if pair else "",
                        "total": scores.totals[key], "percent": scores.percent.get(key),
                        **({"vp": scores.vps[key]} if key in scores.vps else {}),
                        "boards": scores.played.get(key)})
    return out


def session_json(session, scores, before=None, rulings=(), boards=(), all_boards=False, original=None) -> dict:
    original = original or session
    data = {"file": session.path, "format": session.fmt, "title": session.title, "method": scores.method,
            "law": LAWS[scores.method], "fewer": scores.fewer if scores.method == "matchpoints" else None,
            "ranking": _ranking_json(session, scores), "notes": scores.notes}
    shown = sorted(session.boards) if all_boards else sorted(set(boards))
    ruled = sorted({r.board for r, _ in rulings})
    data["boards"] = {str(b): _board_json(session, scores, b) for b in sorted(set(shown) | set(ruled))}
    if before is not None:
        data["before"] = {"ranking": _ranking_json(session, before),
                          "boards": {str(b): _board_json(original, before, b) for b in ruled}}
        data["rulings"] = [{"file": r.path, "board": r.board, "ns": r.ns, "ew": r.ew, "law": r.law,
                            "replaced": old.text()} for r, old in rulings]
        data["changes"] = {k: {"total": _delta(scores.totals[k], before.totals.get(k)),
                               "percent": _delta(scores.percent.get(k), before.percent.get(k)),
                               "place_before": before.place(k), "place_after": scores.place(k)}
                           for k in scores.totals}
    a = agreement(original, before if before is not None else scores)
    data["agreement"] = {k: {"agree": v[0], "of": v[1]} for k, v in a.items() if k != "disagree" and v[1]}
    data["agreement_differs"] = a["disagree"]
    data["agreement_better"] = [{"option": o, "value": v, "agree": ok, "of": n}
                                for o, v, ok, n in fewer_that_agrees(original, before if before is not None else scores)]
    return data


def _delta(a, b):
    if a is None or b is None:
        return None
    d = round(a - b, 2)
    return int(d) if d == int(d) else d
