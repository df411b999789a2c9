"""The package has the shape of its pipeline, and keeps it.

Stages are folders of ``compat/``, ordered as the data flows; a module may import its
own stage, the stages before it and the shared modules, never a later stage. Across
stages it imports what the stage's ``__init__`` exports, not a private module. No module
imports itself back in a circle (``TYPE_CHECKING`` imports count). No private name (``_x``)
crosses a module: what two modules share is public inside the stage. ``MAX_LINES`` guards
against a runaway file; a module is split by what it holds, never to meet a line count.
Only the CLI (``compat.cli``) imports click, prints or exits, and nothing imports the CLI.
The README's map of the folders matches the tree.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "compat"

SHARED = {"compat._errors", "compat._model", "compat._text", "compat._atomic", "compat._toml", "compat._file_kind"}
STAGES = ["cases", "scoring", "composite", "grading", "diff", "labels", "report", "rollout"]
CLI = "compat.cli"
TOP = {"compat", "compat.__main__", "compat.flag"}
MAX_LINES = 600  # a guard against runaway files, not a reason to split one
# The gate family: imported where used, never from the stage's __init__ (it imports Hypothesis).
LAZY = {"compat.rollout.gate"}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def in_cli(module: str) -> bool:
    return module == CLI or module.startswith(CLI + ".")


def rank(module: str) -> int:
    """0 shared, 1.. the stages in pipeline order, then the public API, then the CLI."""
    if module in SHARED:
        return 0
    if module in TOP:
        return len(STAGES) + 1
    if in_cli(module):
        return len(STAGES) + 2
    stage = module.split(".")[1]
    assert stage in STAGES, f"{module} is in no stage: add its folder to STAGES in pipeline order"
    return STAGES.index(stage) + 1


def imports_of(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every compat import, including those inside functions."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                found.append((node.lineno, submodule if submodule in MODULES else node.module))
        elif isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
    return [(line, name) for line, name in found if name == "compat" or name.startswith("compat.")]


@pytest.mark.parametrize("importer", sorted(MODULES))
def test_imports_only_go_down_the_pipeline(importer: str) -> None:
    for line, imported in imports_of(MODULES[importer]):
        where = f"{MODULES[importer].relative_to(ROOT)}:{line} imports {imported}"
        if importer not in TOP:
            assert imported != "compat", f"{where}: only the top imports the package itself"
        if in_cli(imported):
            assert in_cli(importer) or importer == "compat.__main__", f"{where}: nothing imports the CLI"
            continue
        assert rank(imported) <= rank(importer), f"{where}: a later stage"
        same_stage = imported.split(".")[:2] == importer.split(".")[:2]
        is_private = imported.count(".") >= 2
        stage = ".".join(imported.split(".")[:2])
        assert not is_private or same_stage or imported in SHARED | LAZY, (
            f"{where}: import it from {stage}, which exports what other stages use"
        )


def private_names_used(path: Path) -> list[tuple[int, str]]:
    """(line, what) for each private name this module takes from another compat module:
    ``from compat.x import _name`` (a name, not a module) or ``module._name`` on a module it imported."""
    found = []
    aliases: dict[str, str] = {}  # local name -> compat module it stands for
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 and node.module.startswith("compat"):
            for alias in node.names:
                submodule = f"{node.module}.{alias.name}"
                if submodule in MODULES:
                    aliases[alias.asname or alias.name] = submodule
                elif alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append((node.lineno, f"{node.module}.{alias.name}"))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("compat.") and alias.asname:  # `import compat.x as y`
                    aliases[alias.asname] = alias.name
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in aliases
            and node.attr.startswith("_")
            and not node.attr.startswith("__")
        ):
            found.append((node.lineno, f"{aliases[node.value.id]}.{node.attr}"))
    return found


@pytest.mark.parametrize("importer", sorted(MODULES))
def test_no_private_name_crosses_a_module(importer: str) -> None:
    for line, name in private_names_used(MODULES[importer]):
        raise AssertionError(
            f"{MODULES[importer].relative_to(ROOT)}:{line} uses {name}: a name two modules share is public "
            "inside the stage (drop the underscore, or move it to a module both import)"
        )


def test_the_private_name_check_finds_one(tmp_path: Path) -> None:
    """The check above can fail: a made-up module that takes a private name from another."""
    some_module = "compat._text"
    module = tmp_path / "m.py"
    module.write_text(f"from {some_module} import _hidden\nimport {some_module} as other\nother._also\n")
    assert [name for _line, name in private_names_used(module)] == [
        f"{some_module}._hidden",
        f"{some_module}._also",
    ]


@pytest.mark.parametrize("stage", [s for s in STAGES if (PACKAGE / s).is_dir()])
def test_every_stage_says_what_it_takes_and_gives(stage: str) -> None:
    docstring = ast.get_docstring(ast.parse((PACKAGE / stage / "__init__.py").read_text(encoding="utf-8")))
    assert docstring and re.search(r"\bin\b.*\bout\b", docstring.splitlines()[0]), (
        f"compat/{stage}/__init__.py: its docstring's first line says what the stage takes in and gives out"
    )


@pytest.mark.parametrize("module", sorted(name for name in MODULES if not in_cli(name)))
def test_only_the_cli_prints_exits_or_uses_click(module: str) -> None:
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            assert not any(name.split(".")[0] == "click" for name in names), f"{module}:{node.lineno} imports click"
        if isinstance(node, ast.Call):
            function = node.func
            assert not (isinstance(function, ast.Name) and function.id in {"print", "exit"}), (
                f"{module}:{node.lineno} prints or exits: return a value and let the CLI do it"
            )
            assert not (isinstance(function, ast.Attribute) and function.attr == "exit"), (
                f"{module}:{node.lineno} calls exit: raise a domain error and let the CLI map it"
            )


def test_the_readme_map_matches_the_tree() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## How the code is laid out", 1)[1].split("\n## ", 1)[0]
    mapped = set(re.findall(r"^  (\w+)/ ", section, flags=re.MULTILINE))
    folders = {path.name for path in PACKAGE.iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    assert mapped == folders, "README's 'How the code is laid out' must name every folder of compat/, and only those"
    tests = {path.name for path in (ROOT / "tests").iterdir() if path.is_dir() and (path / "__init__.py").exists()}
    assert folders <= tests, "tests/ mirrors compat/: one folder per stage"


def test_the_readme_map_names_every_family() -> None:
    """Each family folder of a stage (``diff/dask/``) is in the map, under its stage, and only those."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## How the code is laid out", 1)[1].split("\n## ", 1)[0]
    mapped, stage = set(), ""
    for line in section.splitlines():
        if found := re.match(r"^  (\w+)/ ", line):
            stage = found.group(1)
        elif found := re.match(r"^    (\w+)/ ", line):
            mapped.add(f"{stage}/{found.group(1)}")
    families = {
        f"{path.parent.name}/{path.name}"
        for path in PACKAGE.glob("*/*")
        if path.is_dir() and (path / "__init__.py").exists()
    }
    assert mapped == families, f"README's map of the families: missing {families - mapped}, stale {mapped - families}"


@pytest.mark.parametrize(
    "family", sorted(path for path in PACKAGE.glob("*/*/__init__.py")), ids=lambda path: path.parent.name
)
def test_every_family_says_what_it_does(family: Path) -> None:
    docstring = ast.get_docstring(ast.parse(family.read_text(encoding="utf-8")))
    assert docstring, f"{family.relative_to(ROOT)}: a family's __init__ starts with what the family does"


def test_the_grading_sdk_loads_only_when_a_run_grades() -> None:
    """The openai SDK (and httpx) cost ~20 MB per process: not in diff, nor in its workers."""
    import subprocess
    import sys

    probe = "import sys, compat, compat.cli, compat.grading; print('openai' in sys.modules, 'httpx' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "False"]


def test_dask_loads_only_when_the_dask_engine_runs() -> None:
    """Dask is an optional extra: importing faithcompat (CLI included) must not need it, nor load it."""
    import subprocess
    import sys

    probe = "import sys, compat, compat.cli, compat.diff; print('dask' in sys.modules, 'distributed' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False", "False"]


def test_hypothesis_loads_only_when_the_gate_runs() -> None:
    """The gate's family (``LAZY``) imports Hypothesis: importing faithcompat, the CLI or a stage must not."""
    import subprocess
    import sys

    probe = "import sys, compat, compat.cli, compat.report, compat.rollout; print('hypothesis' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert result.stdout.split() == ["False"]


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_is_longer_than_a_reader_can_hold(module: str) -> None:
    lines = MODULES[module].read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"{MODULES[module].relative_to(ROOT)} has {lines} lines: split it by what it holds"


def import_graph() -> dict[str, set[str]]:
    """Each module's compat imports, those under ``if TYPE_CHECKING:`` and inside functions too.

    A package counts as importing its ``__init__``'s imports; importing ``a.b.c`` runs
    ``a.b``'s ``__init__`` first, which is how a circle through a package closes.
    """
    graph: dict[str, set[str]] = {}
    for name, path in MODULES.items():
        edges = set()
        for _line, imported in imports_of(path):
            edges.add(imported)
            parent = imported.rsplit(".", 1)[0]
            if parent in MODULES and parent != name and not name.startswith(parent + "."):
                edges.add(parent)  # the package's __init__ runs first (a module's own package is already running)
        graph[name] = {edge for edge in edges if edge in MODULES and edge != name}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A circle of imports, as the modules along it, or ``None`` (a depth-first search)."""
    state: dict[str, int] = {}  # 1 on the current path, 2 done
    path: list[str] = []

    def visit(module: str) -> list[str] | None:
        state[module] = 1
        path.append(module)
        for imported in sorted(graph[module]):
            if state.get(imported) == 1:
                return [*path[path.index(imported) :], imported]
            if imported not in state:
                found = visit(imported)
                if found:
                    return found
        path.pop()
        state[module] = 2
        return None

    for module in sorted(graph):
        if module not in state:
            found = visit(module)
            if found:
                return found
    return None


def test_no_module_imports_itself_back_in_a_circle() -> None:
    cycle = find_cycle(import_graph())
    assert cycle is None, "an import circle: " + " -> ".join(cycle or [])


def test_the_circle_finder_finds_circles() -> None:
    """The check above can fail: a made-up graph with a circle through a TYPE_CHECKING edge."""
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a", "b"}}) is None
