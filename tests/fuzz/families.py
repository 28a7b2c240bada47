"""Fuzz families for issue 11 (hardening): inputs a table, a scorer or a careless file could produce.

Each family turns a ``random.Random`` into one input file (YAML case, PBN or
LIN) in a folder; ``run_one`` rules it through the command line in-process and
returns what happened.  The invariant for every input: exit 0 (ruled), 1
(validate only) or 2 (bad input, one ``error:`` line naming the file), never an
internal error, and the same answer twice.  ``tests/test_fuzz.py`` runs a few
dozen of each inside the suite; ``tests/fuzz/run.py`` runs thousands.
"""
from __future__ import annotations

import json
import random
import time
from pathlib import Path

import yaml
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent.parent
CASES = sorted((ROOT / "cases").rglob("*.yaml"))
PBN_TEXT = (ROOT / "examples" / "club-revokes.pbn").read_text(encoding="utf-8")
LIN_FILES = sorted((ROOT / "tests" / "data" / "endplay").glob("*.lin"))

ODD_VALUES = [
    None, True, False, 0, -1, 5, 14, 53, 10 ** 30, 1.5, "", " ", "x", "²", "T99.9", "end", "A1", "unknown",
    "yes", "no", [], [5], [None], ["SA", "SA"], {}, {"a": 1}, {"seen": 5}, "S" * 3000, ["W:HK"] * 20,
    "x\0y", "../../etc/passwd.pbn", "/dev/zero.pbn",
]


def _paths(node, prefix=()):
    """Every (path, value) in a loaded YAML tree."""
    yield prefix, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _set(tree, path, value):
    node = tree
    for k in path[:-1]:
        node = node[k]
    node[path[-1]] = value


def _delete(tree, path):
    node = tree
    for k in path[:-1]:
        node = node[k]
    del node[path[-1]]


def mutate(data, rng: random.Random, rounds: int = 1):
    """Change one to three places of a case: a value replaced by an odd one, a key or item dropped,
    an item duplicated, or a number nudged."""
    for _ in range(rounds):
        places = [(p, v) for p, v in _paths(data) if p]
        if not places:
            return data
        path, value = rng.choice(places)
        op = rng.random()
        if op < 0.45:
            _set(data, path, rng.choice(ODD_VALUES))
        elif op < 0.65:
            _delete(data, path)
        elif op < 0.8 and isinstance(value, list) and value:
            value.insert(rng.randrange(len(value) + 1), rng.choice(value))
        elif isinstance(value, int) and not isinstance(value, bool):
            _set(data, path, value + rng.choice([-13, -1, 1, 13]))
        elif isinstance(value, str) and value:
            i = rng.randrange(len(value))
            _set(data, path, value[:i] + rng.choice(["", "X", "1", "0", ".", " ", "²"]) + value[i + 1:])
        else:
            _set(data, path, rng.choice(ODD_VALUES))
    return data


def slow_claim(data) -> bool:
    """A claim early in the hand asks the solver for a long search: the claims issue bounds that."""
    events = data.get("events") if isinstance(data, dict) else None
    if not isinstance(events, list):
        return False
    for e in events:
        if isinstance(e, dict) and e.get("kind") in ("claim", "concession"):
            at = str(e.get("at", ""))
            if at.lower() == "end":
                continue
            try:
                trick = int(at[1:].split(".")[0])
            except ValueError:
                continue
            if trick < 8:
                return True
    return False


def mutated_case(rng: random.Random, folder: Path):
    """A bundled case with one to three mutations (None when the mutation asks for a long claim search)."""
    source = rng.choice(CASES)
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data = mutate(data, rng, rounds=rng.randint(1, 3))
    if slow_claim(data):
        return None
    path = folder / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return ["rule", str(path), "--format", "json"]


def generated_case(rng: random.Random, folder: Path):
    """A random legal deal and play with revokes and irregular leads injected, sometimes mutated once."""
    from generate import random_case

    data = random_case(rng, rng.randrange(10 ** 6), revoke_rate=rng.choice([0.05, 0.2, 0.5]),
                       irregular_rate=rng.choice([0.0, 0.1, 0.3]))
    if rng.random() < 0.3:
        data = mutate(data, rng)
    if slow_claim(data):
        return None
    path = folder / "case.yaml"
    path.write_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return ["rule", str(path), "--format", "json"]


def _garble(text: str, rng: random.Random, edits: int) -> str:
    for _ in range(edits):
        if not text:
            break
        i = rng.randrange(len(text))
        op = rng.random()
        if op < 0.3:
            text = text[:i] + text[i + rng.randint(1, 20):]
        elif op < 0.6:
            text = text[:i] + rng.choice(['"', "[", "]", "{", "}", "|", "\n", "²", "#", "%", ";", "10", "x"]) + text[i:]
        elif op < 0.8:
            j = rng.randrange(len(text))
            text = text[:i] + text[j:j + rng.randint(1, 40)] + text[i:]
        else:
            text = text[:i] + rng.choice("SHDCAKQJT98765432NESW:.-") + text[i + 1:]
    return text


def garbled_pbn(rng: random.Random, folder: Path):
    path = folder / "games.pbn"
    path.write_text(_garble(PBN_TEXT, rng, rng.randint(1, 6)), encoding="utf-8")
    return ["rule", str(path), "--game", str(rng.randint(1, 3)), "--format", "json"]


def garbled_lin(rng: random.Random, folder: Path):
    source = rng.choice(LIN_FILES).read_text(encoding="utf-8", errors="replace")
    path = folder / "deal.lin"
    path.write_text(_garble(source, rng, rng.randint(1, 6)), encoding="utf-8")
    return ["rule", str(path), "--game", "1", "--format", "json"]


def garbled_yaml(rng: random.Random, folder: Path):
    """Text-level damage to a bundled case: broken YAML, anchors and aliases, tabs, odd scalars."""
    text = rng.choice(CASES).read_text(encoding="utf-8")
    text = _garble(text, rng, rng.randint(1, 4))
    if rng.random() < 0.2:
        text = text.replace("title: ", "title: &a ", 1) + "notes: [*a, *a, *a]\n"
    path = folder / "case.yaml"
    path.write_text(text, encoding="utf-8")
    return ["rule", str(path), "--format", "json"]


FAMILIES = {"mutated_case": mutated_case, "generated_case": generated_case, "garbled_pbn": garbled_pbn,
            "garbled_lin": garbled_lin, "garbled_yaml": garbled_yaml}


def run_one(args: list) -> dict:
    """Rule once through the command line, in-process: exit code, output, error, seconds."""
    from cli import cli

    runner = CliRunner(mix_stderr=False) if "mix_stderr" in CliRunner.__init__.__code__.co_varnames else CliRunner()
    start = time.perf_counter()
    res = runner.invoke(cli, args)
    seconds = time.perf_counter() - start
    crash = res.exception is not None and not isinstance(res.exception, SystemExit)
    return {"code": res.exit_code, "stdout": res.stdout, "stderr": res.stderr, "crash": crash,
            "exception": repr(res.exception) if crash else None, "seconds": seconds}


def problems(first: dict, second: dict | None = None) -> list:
    """What breaks the invariant (empty when the input was handled)."""
    out = []
    if first["crash"]:
        out.append(f"internal error: {first['exception']}")
    elif first["code"] not in (0, 2):
        out.append(f"exit {first['code']}: {first['stderr'][-300:]}")
    elif first["code"] == 2:
        lines = first["stderr"].strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("error: "):
            out.append(f"bad-input message is not one 'error:' line: {first['stderr'][-300:]!r}")
    else:
        try:
            json.loads(first["stdout"])
        except ValueError:
            out.append("exit 0 without a JSON ruling")
    if second is not None and (first["code"], first["stdout"]) != (second["code"], second["stdout"]):
        out.append("not deterministic: the same input ruled twice gave different answers")
    return out
