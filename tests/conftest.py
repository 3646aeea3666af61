"""Shared fixtures for the whole test suite (markers are declared in pyproject.toml)."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def repo_root() -> Path:
    """The repository root (the folder holding pyproject.toml)."""
    return ROOT


@pytest.fixture(scope="session")
def artifacts_dir() -> Path:
    """tests/artifacts/ (gitignored): screenshots and server logs for humans to look at."""
    path = ROOT / "tests" / "artifacts"
    path.mkdir(parents=True, exist_ok=True)
    return path
