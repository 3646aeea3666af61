"""Imports go one way: ui -> figures -> rules -> core. Checked on the source with ``ast``.

- ``gamelib/core`` imports nothing from gamelib outside core, and no plotting or widget library;
- a game's ``figures`` module imports no widget library and neither ``gamelib.ui`` nor its ``ui``;
- a game's other (rules) modules import no plotting or widget library, no ``gamelib.ui``, and
  neither their game's ``figures`` nor ``ui``;
- ``gamelib/bots`` and ``gamelib/sim`` import no plotting or widget library and no game package
  (they reach games through the registry); ``gamelib/ui`` imports no game package;
- ``gamelib/lab`` (the strategy lab) imports no game package; only its ``ui`` has widgets;
- ``gamelib/__init__.py`` and ``gamelib/testing.py`` stay light: core only.

Also: no test asserts on a measured duration (benchmarks measure speed, tests do not).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAMELIB = ROOT / "gamelib"
GENERIC = {"core", "ui", "sim", "bots", "lab"}
PLOTTING = ("plotly",)
WIDGETS = ("ipywidgets", "anywidget")


def game_packages() -> set[str]:
    """Sub-packages of gamelib that are games (everything but the generic layers)."""
    return {
        p.name
        for p in GAMELIB.iterdir()
        if p.is_dir() and (p / "__init__.py").exists() and p.name not in GENERIC
    }


def module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports_of(source: str, module: str, is_package: bool = False) -> set[str]:
    """Every module ``source`` imports (anywhere, lazily too), relative imports resolved."""
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base_parts = package.split(".")
                base_parts = base_parts[: len(base_parts) - (node.level - 1)]
                base = ".".join(base_parts)
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


def is_under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def violations(module: str, imports: set[str], games: set[str]) -> list[str]:
    """The import rules ``module`` breaks (empty when it follows them)."""
    parts = module.split(".")
    problems: list[str] = []

    def forbid(prefixes: tuple[str, ...] | list[str], why: str) -> None:
        for name in sorted(imports):
            if any(is_under(name, p) for p in prefixes):
                problems.append(f"{module} imports {name}: {why}")

    other_games = [f"gamelib.{g}" for g in sorted(games)]
    if parts[:2] == ["gamelib", "core"]:
        outside = [f"gamelib.{p}" for p in sorted(games | GENERIC - {"core"})]
        forbid([*outside, "gamelib.testing"], "core imports nothing from gamelib outside core")
        forbid(PLOTTING + WIDGETS, "core has no plotting or widgets")
    elif parts[:2] in (["gamelib", "bots"], ["gamelib", "sim"]):
        forbid(PLOTTING + WIDGETS, "bots and sim have no plotting or widgets")
        forbid(other_games, "bots and sim reach games through the registry")
    elif parts[:2] == ["gamelib", "ui"]:
        forbid(other_games, "the generic UI reaches games through the registry")
    elif parts[:2] == ["gamelib", "lab"]:
        forbid(other_games, "the lab reaches games through the registry")
        if parts[2:3] != ["ui"]:
            forbid(WIDGETS, "the lab's figures and texts have no widgets")
            forbid(["gamelib.ui", "gamelib.lab.ui"], "the lab's figures do not depend on the UI")
    elif len(parts) >= 2 and parts[1] in games:
        game = f"gamelib.{parts[1]}"
        inner = parts[2:]
        if inner and inner[0].startswith("figures"):
            forbid(WIDGETS, "figures are plotly only, no widgets")
            forbid(["gamelib.ui", f"{game}.ui"], "figures do not depend on the UI")
        elif inner and inner[0].startswith("ui"):
            pass
        else:
            forbid(PLOTTING + WIDGETS, "rules modules have no plotting or widgets")
            forbid(["gamelib.ui", f"{game}.ui", f"{game}.figures"], "rules do not import up")
            forbid([g for g in other_games if g != game], "a game does not import another game")
    elif module in ("gamelib", "gamelib.testing"):
        forbid(PLOTTING + WIDGETS, "`import gamelib` stays light")
        forbid(other_games, "`import gamelib` loads games lazily through the registry")
    return problems


def all_modules() -> list[tuple[Path, str]]:
    return [(p, module_name(p)) for p in sorted(GAMELIB.rglob("*.py"))]


def test_there_is_something_to_check() -> None:
    names = {m for _, m in all_modules()}
    assert "gamelib.core.state" in names and "gamelib.ui.controller" in names


@pytest.mark.parametrize(("path", "module"), all_modules(), ids=lambda v: str(v))
def test_imports_go_one_way(path: Path, module: str) -> None:
    source = path.read_text(encoding="utf-8")
    found = imports_of(source, module, is_package=path.name == "__init__.py")
    assert violations(module, found, game_packages()) == []


@pytest.mark.parametrize(
    ("module", "source", "expected"),
    [
        ("gamelib.core.state", "import plotly.graph_objects as go", "core has no plotting"),
        ("gamelib.core.state", "from gamelib.bots import RandomBot", "outside core"),
        ("gamelib.core.state", "from ..ui import GameController", "outside core"),
        ("gamelib.powers.state", "def f():\n    import ipywidgets", "rules modules have no"),
        ("gamelib.powers.state", "from .figures import board", "rules do not import up"),
        ("gamelib.powers.view", "from gamelib.rekkyo import data", "another game"),
        ("gamelib.powers.figures", "from gamelib.ui import GameController", "figures do not"),
        ("gamelib.powers.figures", "import ipywidgets as w", "figures are plotly only"),
        ("gamelib.sim.simulate", "from gamelib.powers.game import PowersGame", "registry"),
        ("gamelib.bots.base", "import plotly", "no plotting"),
        ("gamelib.ui.controller", "import gamelib.rekkyo.figures", "registry"),
        ("gamelib.lab.figures", "import ipywidgets", "no widgets"),
        ("gamelib.lab.ui", "from gamelib.powers import figures", "registry"),
    ],
)
def test_the_checker_catches_violations(module: str, source: str, expected: str) -> None:
    is_package = module.endswith("__init__")
    problems = violations(module, imports_of(source, module, is_package), {"powers", "rekkyo"})
    assert any(expected in p for p in problems), problems


def test_the_checker_allows_the_right_direction() -> None:
    games = {"powers"}
    ok = [
        ("gamelib.powers.ui", "from gamelib.ui import GameController\nfrom .figures import f"),
        ("gamelib.powers.figures", "import plotly.graph_objects as go\nfrom .view import V"),
        ("gamelib.powers.state", "from gamelib.core import State\nfrom .data import CARDS"),
        ("gamelib.ui.controller", "import ipywidgets\nimport plotly\nfrom gamelib.core import X"),
    ]
    for module, source in ok:
        assert violations(module, imports_of(source, module), games) == [], module


TIMERS = {"perf_counter", "perf_counter_ns", "monotonic", "time", "process_time"}


def _uses_timer(node: ast.AST, timed_names: set[str]) -> bool:
    for sub in ast.walk(node):
        if (
            isinstance(sub, ast.Attribute)
            and sub.attr in TIMERS
            and isinstance(sub.value, ast.Name)
            and sub.value.id == "time"
        ):
            return True
        if isinstance(sub, ast.Name) and (sub.id in timed_names or sub.id in TIMERS - {"time"}):
            return True
    return False


def timed_assertions(source: str) -> list[int]:
    """Line numbers of asserts that depend on a clock reading (directly or via a variable)."""
    tree = ast.parse(source)
    timed: set[str] = set()
    for node in ast.walk(tree):
        is_assign = isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign))
        if is_assign and node.value is not None and _uses_timer(node.value, timed):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            timed.update(t.id for t in targets if isinstance(t, ast.Name))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Assert) and _uses_timer(node.test, timed)
    ]


def test_no_timed_tests() -> None:
    offenders = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        lines = timed_assertions(path.read_text(encoding="utf-8"))
        offenders.extend(f"{path.relative_to(ROOT)}:{n}" for n in lines)
    assert offenders == [], "tests must not assert on durations (use benchmarks/)"


def test_timed_assertion_finder() -> None:
    bad = "import time\nt = time.perf_counter()\nx = time.perf_counter() - t\nassert x < 1\n"
    assert timed_assertions(bad) == [4]
    assert timed_assertions("assert time.time() > 0\n") == [1]
    assert timed_assertions("x = 3\nassert x == 3\n") == []
