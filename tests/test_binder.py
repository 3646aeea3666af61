"""Binder build plan check.

Runs the very tool mybinder.org runs, ``repo2docker`` (PyPI ``jupyter-repo2docker``),
as ``repo2docker --no-build --debug .`` from the repository root.  With ``--no-build``
repo2docker only detects the buildpack and renders the Dockerfile; ``--debug`` prints
that Dockerfile to stdout.  Verified: in this mode it never talks to a Docker engine
(none runs on our machines).  To prove it, the test points ``DOCKER_HOST`` at a socket
that does not exist: if repo2docker tried to reach Docker, it would fail.

We then assert that the printed build plan installs ``binder/environment.yml`` (the
conda buildpack, Python 3.11) and runs ``binder/postBuild``.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _repo2docker() -> list[str]:
    exe = Path(sys.executable).with_name("jupyter-repo2docker")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("jupyter-repo2docker") or shutil.which("repo2docker")
    if found is None:
        pytest.fail("jupyter-repo2docker is not installed (it is in the [test] extra)")
    return [found]


@pytest.fixture(scope="module")
def build_plan(tmp_path_factory: pytest.TempPathFactory) -> str:
    env = dict(os.environ)
    env["DOCKER_HOST"] = "unix://" + str(tmp_path_factory.mktemp("nodocker") / "docker.sock")
    proc = subprocess.run(
        [*_repo2docker(), "--no-build", "--debug", "."],
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert proc.returncode == 0, f"repo2docker failed:\n{proc.stdout}\n{proc.stderr}"
    assert "FROM " in proc.stdout, f"no Dockerfile printed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout + "\n" + proc.stderr


def test_plan_uses_conda_python_311(build_plan: str) -> None:
    assert "Building conda environment for python=3.11" in build_plan


def test_plan_installs_binder_environment(build_plan: str) -> None:
    assert "src/binder/environment.yml ${REPO_DIR}/binder/environment.yml" in build_plan
    assert 'env update -p ${NB_PYTHON_PREFIX} --file "binder/environment.yml"' in build_plan


def test_plan_runs_postbuild(build_plan: str) -> None:
    assert "RUN ./binder/postBuild" in build_plan
    # postBuild runs after the repository content is copied in (it installs -e .).
    assert build_plan.index("COPY --chown=0:0 src/ ${REPO_DIR}/") < build_plan.index(
        "RUN ./binder/postBuild"
    )
