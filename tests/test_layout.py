"""The layout follows the pipeline (docs/architecture.md): each stage imports only earlier stages, no circles."""
import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGES = ("notation", "input", "mechanics", "law", "rules", "explain", "commands")


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _imports(path: Path) -> set:
    """Every engine module ``path`` imports, at module level or inside a function."""
    mod = _module(path)
    package = mod if path.name == "__init__.py" else mod.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("engine."))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if not target.startswith("engine"):
                continue
            for a in node.names:  # ``from engine.law import play`` imports the module engine.law.play
                sub = f"{target}.{a.name}"
                found.add(sub if (ROOT / (sub.replace(".", "/") + ".py")).exists()
                          or (ROOT / sub.replace(".", "/")).is_dir() else target)
    return found - {mod}


@functools.lru_cache(maxsize=1)
def _graph() -> dict:
    return {_module(p): _imports(p) for p in (ROOT / "engine").rglob("*.py")}


def _stage(mod: str):
    parts = mod.split(".")
    return STAGES.index(parts[1]) if len(parts) > 1 and parts[1] in STAGES else None


def test_every_module_is_in_a_stage():
    loose = [m for m in _graph() if m != "engine" and _stage(m) is None]
    assert loose == []


def test_a_stage_imports_only_the_stages_before_it():
    wrong = sorted(f"{m} -> {t}" for m, targets in _graph().items() for t in targets
                   if _stage(m) is not None and _stage(t) is not None and _stage(t) > _stage(m))
    assert wrong == []


def test_no_import_circle():
    graph = _graph()
    state: dict = {}
    circles = []

    def visit(node, path):
        state[node] = "open"
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == "open":
                circles.append(path[path.index(nxt):] + [nxt] if nxt in path else [node, nxt])
            elif nxt not in state:
                visit(nxt, path + [nxt])
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert circles == []


def test_the_test_sees_imports():  # the checks above would pass vacuously on a parser that found nothing
    graph = _graph()
    assert "engine.input.caseio" in graph["engine.input.pbn"]
    assert "engine.law.play" in graph["engine.law.chapters"]
    assert "engine.law.compat" in graph["engine.rules.base"]
