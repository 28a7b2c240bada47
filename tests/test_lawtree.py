"""laws --tree: the exception structure of each law, from the knowledge base."""
import json

from click.testing import CliRunner

from cli import cli
from engine.explain import lawtree
from engine.law.knowledge import load

KB = load()


def find(nodes, cid):
    for n in nodes:
        if n["id"] == cid:
            return n
        hit = find(n["clauses"], cid)
        if hit:
            return hit
    return None


def test_64b_hangs_under_both_64a_clauses():
    tree = lawtree.to_json(KB, 64)
    for general in ("64A1", "64A2"):
        node = find(tree["clauses"], general)
        (exc,) = node["unless"]
        assert exc["id"] == "64B" and exc["via"] == ["no_revoke_penalty"]
        assert [c["id"] for c in exc["clauses"]] == [f"64B{i}" for i in range(1, 7)]
    # 64C has no exception: equity is reviewed in every case.
    assert find(tree["clauses"], "64C")["unless"] == []


def test_62d1_is_an_exception_to_63b_across_laws():
    tree63 = lawtree.to_json(KB, 63)
    (exc,) = find(tree63["clauses"], "63B")["unless"]
    assert exc["id"] == "62D1" and exc["via"] == ["revoke_must_be_corrected"]
    tree62 = lawtree.to_json(KB, 62)
    assert find(tree62["clauses"], "62D1")["exception_to"] == ["63B"]


def test_cli_tree_text_and_json():
    runner = CliRunner()
    res = runner.invoke(cli, ["laws", "--tree", "64"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0] == "Law 64: Procedure after a revoke is established"
    i = next(n for n, line in enumerate(lines) if "64A1 Offending player won the revoke trick" in line)
    j = next(n for n, line in enumerate(lines) if "unless 64B No penalty" in line)
    assert i < j and "through no_revoke_penalty" in lines[j]
    assert any("unless 64B: 64B1, 64B2, 64B3, 64B4, 64B5, 64B6, as above" in line for line in lines)
    res = runner.invoke(cli, ["laws", "--tree", "63", "--format", "json"])
    assert json.loads(res.output)[0]["law"] == 63
    res = runner.invoke(cli, ["laws", "--tree", "99"])
    assert res.exit_code == 2
    res = runner.invoke(cli, ["laws", "--tree"])
    assert res.exit_code == 0 and "Law 61:" in res.output and "Law 64:" in res.output
