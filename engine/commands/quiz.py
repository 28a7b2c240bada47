"""Training: the casebook as exercises, the director's questions in the order the trace answers them.

For each case the student sees the deal, the play (without the law's marks)
and the events, then answers: Was there a revoke?  Which trick?  Who?  Is it
established, and by what (63A1-63A4)?  Which clause of Law 64 applies?  How
many tricks are transferred?  How many tricks does declarer end with?  The
questions come from the ruling's conclusions and are asked in the order of
the trace steps that drew them.  A wrong answer shows the right one, the rule
and its clause summary, and the why-not of the student's answer (why the
engine did not conclude what the student said).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.explain.auction import auction_lines, auction_view
from engine.explain.ruling import Ruling
from engine.explain.sentences import seat
from engine.explain.view import diagram_lines, trick_table_lines
from engine.explain.whynot import WhyNotError, why_not
from engine.explain.whynot import render as render_why_not
from engine.law.clause import ClauseIdError, canonical
from engine.law.knowledge import Knowledge, load
from engine.explain.events import event_sentence, position_text
from engine.notation import cards as C

MAX_RETRIES = 5  # a non-answer is asked again, this many times at most

ESTABLISHED_CHOICES = [("63A1", "the offending side played to a later trick"),
                       ("63A2", "the offending side named a card for a later trick"),
                       ("63A3", "the offending side made or agreed to a claim or concession"),
                       ("63A4", "the revoker's partner asked him about it")]
CLAUSE_CHOICES = [("64A1", "the revoker won the revoke trick"), ("64A2", "the revoker did not win it"),
                  ("64B1", "no trick won from the revoke on"), ("64B2", "second revoke, same suit"),
                  ("64B3", "a card faced on the table (dummy)"), ("64B4", "after the non-offenders called on the next deal"),
                  ("64B5", "after the round ended"), ("64B6", "a revoke in trick 12")]


@dataclass
class Question:
    step: int  # the trace step that answers it (for ordering)
    order: int
    prompt: str
    kind: str  # yesno, trick, seat, choice, count
    answers: set  # accepted canonical answers
    shown: str  # the right answer, in words
    conclusion: object = None  # the Item that answers it
    choices: list = field(default_factory=list)
    why_not: object = None  # function(student answer) -> (kind, fields) to ask why not, or None


def normalise(kind: str, text: str, choices: list | None = None):
    text = (text or "").strip()
    if not text:
        return None
    try:
        if kind == "yesno":
            t = text.lower()
            return {"y": "yes", "yes": "yes", "true": "yes", "n": "no", "no": "no", "false": "no"}.get(t)
        if kind in ("trick", "count"):
            m = re.fullmatch(r"\d{1,2}", text)
            return int(text) if m else None
        if kind == "seat":
            return C.parse_seat(text)
        if kind == "choice":
            if text.isdigit() and choices and 1 <= int(text) <= len(choices):
                return choices[int(text) - 1][0]
            return canonical(text)
    except (C.NotationError, ClauseIdError):
        return None
    return None


def questions_for(ruling: Ruling) -> list[Question]:
    step_of = {}
    for s in ruling.steps:
        for ident in s.concluded:
            step_of[ident] = s.step
    qs: list[Question] = []
    revokes = ruling.of_kind("revoke")
    first_step = min((step_of[c.id] for c in revokes), default=0)
    qs.append(Question(first_step - 1 if revokes else 0, 0, "Was there a revoke? (yes/no)", "yesno",
                       {"yes" if revokes else "no"}, "yes" if revokes else "no",
                       revokes[0] if revokes else None,
                       why_not=(lambda a: ("revoke", {}) if a == "yes" else None)))
    for n, r in enumerate(revokes):
        t, s = r.fields["trick"], r.fields["seat"]
        which = "the revoke" if len(revokes) == 1 else f"revoke {n + 1} of {len(revokes)}"
        base = step_of[r.id]
        qs.append(Question(base, 1, f"In which trick was {which}?", "trick", {t}, f"trick {t}", r,
                           why_not=lambda a: ("revoke", {"trick": a})))
        qs.append(Question(base, 2, f"Who revoked in trick {t}? (N, E, S, W)", "seat", {s}, seat(s), r,
                           why_not=lambda a, t=t: ("revoke", {"trick": t, "seat": a})))
        est = [c for c in ruling.of_kind("revoke_established") if (c.fields["trick"], c.fields["seat"]) == (t, s)]
        must = [c for c in ruling.of_kind("revoke_must_be_corrected") if (c.fields["trick"], c.fields["seat"]) == (t, s)]
        if est:
            e = est[0]
            qs.append(Question(step_of[e.id], 3, f"Is {seat(s)}'s revoke in trick {t} established? (yes/no)", "yesno",
                               {"yes"}, "yes", e,
                               why_not=lambda a, t=t, s=s: ("revoke_must_be_corrected", {"trick": t, "seat": s})))
            qs.append(Question(step_of[e.id], 4, "What established it?", "choice", {e.law},
                               f"{e.law} ({dict(ESTABLISHED_CHOICES).get(e.law, '')})", e, ESTABLISHED_CHOICES,
                               why_not=lambda a, t=t, s=s: ("revoke_established", {"trick": t, "seat": s, "law": a})))
        else:
            answered = must[0] if must else r
            qs.append(Question(step_of.get(answered.id, base), 3,
                               f"Is {seat(s)}'s revoke in trick {t} established? (yes/no)", "yesno", {"no"}, "no",
                               answered,
                               why_not=lambda a, t=t, s=s: ("revoke_established", {"trick": t, "seat": s})))
            continue
        transfers = [c for c in ruling.of_kind("trick_transfer") if (c.fields["trick"], c.fields["seat"]) == (t, s)]
        exempt = [c for c in ruling.of_kind("no_revoke_penalty") if (c.fields["trick"], c.fields["seat"]) == (t, s)]
        if transfers or exempt:
            decider = transfers[0] if transfers else exempt[0]
            laws = {c.law for c in (transfers or exempt)}
            shown = " or ".join(sorted(laws))
            qs.append(Question(step_of[decider.id], 5, "Which clause of Law 64 applies to it?", "choice", laws,
                               shown, decider, CLAUSE_CHOICES,
                               why_not=lambda a, t=t, s=s: (("trick_transfer" if a.startswith("64A") else
                                                             "no_revoke_penalty"), {"trick": t, "seat": s, "law": a})))
            n_tricks = transfers[0].fields["tricks"] if transfers else 0
            qs.append(Question(step_of[decider.id], 6, "How many tricks are transferred for it?", "count",
                               {n_tricks}, str(n_tricks), decider,
                               why_not=lambda a, t=t, s=s: (("trick_transfer", {"trick": t, "seat": s, "tricks": a})
                                                            if a else ("no_revoke_penalty", {"trick": t, "seat": s}))))
    if revokes and ruling.declarer_tricks is not None:
        last = max(step_of.values(), default=0) + 1
        qs.append(Question(last, 9, "How many tricks does declarer have after rectification?", "count",
                           {ruling.declarer_tricks}, str(ruling.declarer_tricks)))
    qs.sort(key=lambda q: (q.step, q.order))
    return qs


def exercise_text(ruling: Ruling, number: int, total: int, symbols: bool = True) -> str:
    """What the student sees: the board, the deal, the play without the law's marks, the events."""
    from engine.explain.render import board_line

    case = ruling.case
    # The title often tells the answer ("... wins nothing afterwards: one trick"): it is shown after the answers.
    out = [f"Exercise {number} of {total}", board_line(ruling), ""]
    out += diagram_lines(case.hands, symbols=symbols)
    auction = auction_view(case)
    if auction is not None:  # what happened at a call (a hesitation) shows; what the law makes of a call does not
        out += [""] + auction_lines(auction, hide=("out_of_rotation", "insufficient"))
    out += ["", "Play (the cards as they were played; a>b: a card replaced by another; (a): a card taken back)"]
    out += trick_table_lines(ruling, symbols=symbols, marks=False)
    if case.events:
        out += ["", "What else happened"]
        for e in case.events:
            when = position_text(str(e.at))
            out.append(f"  {when[0].upper() + when[1:]} ({e.at}): {event_sentence(e.kind, e.fields)}.")
    tally = ruling.table.tally
    if tally.how in ("claim", "concession", "result"):
        out.append(f"  declarer's side took {tally.outside_record[C.side_of(case.declarer)]} of the tricks not in "
                   f"the record ({tally.how})")
    return "\n".join(out)


def feedback(ruling: Ruling, q: Question, given, kb: Knowledge) -> str:
    lines = [f"  No: {q.shown}."]
    c = q.conclusion
    if c is not None and c.rule:
        entry = kb.get(c.law)
        lines.append(f"  The rule: {c.rule} [{c.law}" + (f" {entry.title}" if entry else "") + "]")
        lines.append(f"    {c.text}")
        if entry:
            import textwrap

            lines.append(textwrap.fill(f"{entry.id}: {entry.summary}", width=100, initial_indent="    ",
                                       subsequent_indent="    "))
    if q.why_not is not None and given is not None:
        asked = q.why_not(given)
        if asked:
            kind, fields = asked
            try:
                text = render_why_not(why_not(ruling, kind, fields), kb, indent="  ")
                lines.append(text)
            except WhyNotError:
                pass
    elif q.kind == "count" and q.conclusion is None:
        from engine.explain.render import result_line

        lines.append("  " + result_line(ruling))
    return "\n".join(lines)


@dataclass
class Score:
    asked: int = 0
    right: int = 0
    per_case: list = field(default_factory=list)  # (case id, right, asked)


HOW_TO_ANSWER = {"yesno": "yes or no", "trick": "a trick number, 1 to 13", "seat": "a seat: N, E, S or W",
                 "choice": "a clause from the list, or its number", "count": "a number"}


def run(rulings: list, answers, out, kb: Knowledge | None = None, symbols: bool = True, echo: bool = True) -> Score:
    """Ask every question of every ruling; ``answers`` yields lines, ``out(text)`` prints.

    ``echo``: repeat each answer after ``A:`` (off when the student typed it at a prompt, which shows it
    already).  A line that is no answer to the question ("maybe") is asked again, not scored.  When the
    answers run out (the end of a file or of standard input) the quiz stops: the score counts the questions
    answered (the rest of the exercise begun is not asked), and no further exercise is begun.  Ctrl-C
    (KeyboardInterrupt from ``answers``) stops the quiz with the score so far.
    """
    kb = kb or load()
    score = Score()
    total = len(rulings)
    answers = _Lookahead(answers) if echo else answers  # scripted answers: see whether any is left
    right = asked = 0
    n, ruling = 0, None
    begun = False
    try:
        for n, ruling in enumerate(rulings, start=1):
            if echo and n > 1 and not answers.more():
                out("No more answers: the quiz stops here (the remaining exercises were not asked).")
                break
            out(exercise_text(ruling, n, total, symbols))
            right = asked = 0
            begun = True
            exhausted = False
            qs = questions_for(ruling)
            for q in qs:
                prompt = q.prompt
                if q.choices:
                    prompt += "\n" + "\n".join(f"    {i}) {cid}  {words}" for i, (cid, words) in enumerate(q.choices, 1))
                out("")
                out(f"Q: {prompt}")
                given = None
                for _ in range(MAX_RETRIES + 1):
                    if exhausted:
                        break
                    try:
                        line = next(answers)
                    except StopIteration:
                        exhausted = True
                        break
                    if echo:
                        out(f"A: {line.strip()}")
                    given = normalise(q.kind, line, q.choices)
                    if given is not None:
                        break
                    out(f"  That is not an answer to this question: answer with {HOW_TO_ANSWER[q.kind]}.")
                if exhausted:  # the score counts only the questions answered; the rest were not asked
                    left = len(qs) - qs.index(q)
                    out(f"  (no answer: this question and the {left - 1} after it are not scored)"
                        if left > 1 else "  (no answer: the question is not scored)")
                    break
                if given is None:
                    out("  (no answer after several tries: the question is skipped, not scored)")
                    continue
                asked += 1
                if given in q.answers:
                    right += 1
                    out("  Right.")
                else:
                    out(feedback(ruling, q, given, kb))
            _close(out, score, ruling, n, right, asked)
            begun = False
            right = asked = 0
            if exhausted:
                out("No more answers: the quiz stops here.")
                break
    except KeyboardInterrupt:
        out("")
        out("Stopped (Ctrl-C).")
        if ruling is not None and begun and asked:
            _close(out, score, ruling, n, right, asked)
    pct = round(100 * score.right / score.asked) if score.asked else 0
    out(f"Score: {score.right}/{score.asked} ({pct}%)")
    return score


class _Lookahead:
    """An iterator of answer lines that can tell whether another line is left, without taking it."""

    _EMPTY = object()

    def __init__(self, lines):
        self._lines = iter(lines)
        self._next = None

    def more(self) -> bool:
        if self._next is None:
            self._next = next(self._lines, self._EMPTY)
        return self._next is not self._EMPTY

    def __iter__(self):
        return self

    def __next__(self):
        if not self.more():
            raise StopIteration
        value, self._next = self._next, None
        return value


def _close(out, score: Score, ruling: Ruling, n: int, right: int, asked: int) -> None:
    score.asked += asked
    score.right += right
    score.per_case.append((ruling.case.id, right, asked))
    out("")
    if ruling.case.title:
        out(f"The case: {ruling.case.title}")
    out(f"Exercise {n}: {right} of {asked} right.")
    out("-" * 60)


def answer_lines(stream):
    """Non-empty lines that are not comments (#), stripped of their newline."""
    for line in stream:
        text = line.strip()
        if text and not text.startswith("#"):
            yield text
