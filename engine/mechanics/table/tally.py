"""The tally: tricks won in play, by claim or concession, by the result given, or unknown."""
from __future__ import annotations

from engine.notation import cards as C
from engine.mechanics.table.model import TrickState, TimedEvent, Tally


class Tallying:
    """Part of the table builder (``engine.mechanics.table``); the methods share its state."""

    def _tally(self, tricks: list[TrickState], events: list[TimedEvent]) -> Tally:
        by_side = {"NS": 0, "EW": 0}
        if self.declarer is None:  # no contract: nothing to count
            return Tally(False, by_side, {"NS": 0, "EW": 0}, "unknown")
        for t in tricks:
            if t.winner:
                by_side[C.side_of(t.winner)] += 1
        counted = sum(by_side.values())
        remaining = 13 - counted
        outside = {"NS": 0, "EW": 0}
        declarer_side = C.side_of(self.case.declarer)
        ending = [e for e in events if e.kind in ("claim", "concession") and e.event.index not in self.voided]
        if ending:
            e = ending[0]
            n = e.get("tricks")
            if n > remaining:
                raise self.err(f"{e.event.where}.tricks", f"{n} tricks, but only {remaining} remain after the play record")
            by = e.get("by")
            side = C.side_of(by)
            if e.kind == "claim":
                outside[side], outside[C.other_side(side)] = n, remaining - n
            else:
                outside[C.other_side(side)], outside[side] = n, remaining - n
            how = e.kind
            stated = {s: by_side[s] + outside[s] for s in by_side}
            if self.case.result is not None:
                total = stated[declarer_side]
                if total != self.case.result:  # perhaps only under this reading of the corrections
                    self.problems.append(self.err("result", f"{self.case.result} tricks, but the play and the "
                                                            f"{e.kind} give declarer {total}"))
            final = stated
            if self.adj.award is not None:  # the director's award (Laws 69-71), from the rules
                final = {declarer_side: self.adj.award, C.other_side(declarer_side): 13 - self.adj.award}
            outside = {s: max(0, final[s] - by_side[s]) for s in by_side}
            return Tally(True, final, outside, how, stated)
        elif remaining == 0:
            how = "play"
            if self.case.result is not None and self.case.result != by_side[declarer_side]:
                self.problems.append(self.err("result", f"{self.case.result} tricks, but the play record gives "
                                                        f"declarer {by_side[declarer_side]}"))
        elif self.case.result is not None:
            extra = self.case.result - by_side[declarer_side]
            if not 0 <= extra <= remaining:  # perhaps only under this reading of the corrections (63B)
                self.problems.append(self.err("result", f"{self.case.result} tricks is impossible: declarer took "
                                                        f"{by_side[declarer_side]} of the {counted} recorded tricks"))
                return Tally(False, by_side, outside, "unknown")
            outside[declarer_side], outside[C.other_side(declarer_side)] = extra, remaining - extra
            how = "result"
        else:
            return Tally(False, by_side, outside, "unknown")
        return Tally(True, {s: by_side[s] + outside[s] for s in by_side}, outside, how)
