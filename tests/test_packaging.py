"""Packaging consistency: pyproject.toml, environment.yml, Binder files, README, notebooks."""

from __future__ import annotations

import json
import subprocess
import tomllib
from pathlib import Path
from typing import Any

import pytest
import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_SIZE_LIMIT = 1_000_000  # bytes
CHECK_OUTPUT_MARK = "# NBVAL_CHECK_OUTPUT"


def _normalize(specs: list[str]) -> dict[str, tuple[str, frozenset[str], str]]:
    out: dict[str, tuple[str, frozenset[str], str]] = {}
    for spec in specs:
        req = Requirement(spec)
        name = canonicalize_name(req.name)
        assert name not in out, f"{name} listed twice"
        specifier = ",".join(sorted(str(s) for s in req.specifier))
        out[name] = (specifier, frozenset(req.extras), str(req.marker or ""))
    return out


def _pyproject() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _environment_pip(path: Path) -> list[str]:
    env = yaml.safe_load(path.read_text(encoding="utf-8"))
    pip_lists = [d["pip"] for d in env["dependencies"] if isinstance(d, dict) and "pip" in d]
    assert len(pip_lists) == 1, f"{path.name} must have exactly one pip: section"
    return [str(x) for x in pip_lists[0]]


def test_environment_yml_basics() -> None:
    env = yaml.safe_load((ROOT / "environment.yml").read_text(encoding="utf-8"))
    assert env["name"] == "gamelib"
    assert env["channels"] == ["conda-forge"]
    conda_deps = [d for d in env["dependencies"] if isinstance(d, str)]
    assert "python=3.11" in conda_deps
    assert "pip" in conda_deps


#: Test tools environment.yml also lists, so Binder and conda users can check the notebooks
#: (nbval) and run the record fuzz test (hypothesis).
NOTEBOOK_TOOLS = ("nbval", "hypothesis")


def test_runtime_dependencies_match_environment_yml() -> None:
    project = _pyproject()["project"]
    runtime = project["dependencies"]
    tools = [
        spec
        for spec in project["optional-dependencies"]["test"]
        if canonicalize_name(Requirement(spec).name) in NOTEBOOK_TOOLS
    ]
    assert len(tools) == len(NOTEBOOK_TOOLS), f"the test extra must list {NOTEBOOK_TOOLS}"
    pip = _environment_pip(ROOT / "environment.yml")
    assert _normalize(pip) == _normalize([*runtime, *tools])


def test_binder_environment_is_identical() -> None:
    root = (ROOT / "environment.yml").read_bytes()
    binder = (ROOT / "binder" / "environment.yml").read_bytes()
    assert binder == root, "binder/environment.yml must be a byte-identical copy of environment.yml"


def test_postbuild_sets_e_and_installs_package() -> None:
    path = ROOT / "binder" / "postBuild"
    lines = [ln.strip() for ln in path.read_text(encoding="utf-8").splitlines()]
    code = [ln for ln in lines if ln and not ln.startswith("#")]
    first = next(ln for ln in lines if ln and not ln.startswith("#!"))
    assert first == "set -e", "postBuild must start with `set -e`"
    assert "python -m pip install --no-deps -e ." in code
    assert "python -m gamelib.ui.bundle_cache" in code  # pages get the LZMA bundle at once
    # gamelib's bytecode is in the image, after the install (kernels do not compile gamelib)
    assert code.index("python -m compileall -q gamelib") > code.index(
        "python -m pip install --no-deps -e .")


def test_readme_mentions_make_targets() -> None:
    readme = ROOT / "README.md"
    if not readme.exists():
        pytest.skip("README.md does not exist yet")
    text = readme.read_text(encoding="utf-8")
    assert "make run" in text
    assert "make test" in text


def _notebooks() -> list[Path]:
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", "--", "*.ipynb"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        paths = [ROOT / p for p in listed.split("\0") if p]
    except (OSError, subprocess.CalledProcessError):
        paths = list(ROOT.rglob("*.ipynb"))
    skip = {".venv", ".ipynb_checkpoints", "build", "dist"}
    return sorted(p for p in paths if p.exists() and not skip & set(p.relative_to(ROOT).parts))


NOTEBOOKS = _notebooks()
NB_IDS = [str(p.relative_to(ROOT)) for p in NOTEBOOKS]


@pytest.mark.skipif(not NOTEBOOKS, reason="no notebooks committed yet")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=NB_IDS)
def test_notebook_has_no_outputs(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    dirty = []
    for i, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code" or not cell.get("outputs"):
            continue
        source = cell.get("source", "")
        source = "".join(source) if isinstance(source, list) else source
        if CHECK_OUTPUT_MARK not in source and not all(
            _is_static_figure(o) for o in cell["outputs"]
        ):
            dirty.append(i)
    assert not dirty, f"{path.name}: cells {dirty} have outputs; clear them before committing"


def _is_static_figure(output: dict[str, Any]) -> bool:
    """A lesson's static figure committed by tools/lesson_figures.py (a PNG with its plotly JSON
    in the metadata, or the note under it): the notebook shows it without a kernel."""
    meta = output.get("metadata") or {}
    return output.get("output_type") == "display_data" and bool(
        {"gamelib/static-figure", "gamelib/static-figure-note"} & set(meta)
    )


@pytest.mark.skipif(not NOTEBOOKS, reason="no notebooks committed yet")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=NB_IDS)
def test_notebook_size(path: Path) -> None:
    size = path.stat().st_size
    assert size <= NOTEBOOK_SIZE_LIMIT, f"{path.name} is {size} bytes (limit 1 MB)"


@pytest.mark.skipif(not NOTEBOOKS, reason="no notebooks committed yet")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=NB_IDS)
def test_notebook_has_no_saved_widget_state(path: Path) -> None:
    """Saved widget state embeds plotly.js (about 5 MB per FigureWidget) in the file."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert "widgets" not in nb.get("metadata", {}), (
        f"{path.name} carries saved widget state; remove metadata.widgets before committing"
    )
