"""Every chapter heading of every notebook reads in both languages (issue 8: "one switch at the
top sets every label ..."; markdown cannot follow the switch, so its headings carry both)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("*.ipynb"))
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
LATIN = re.compile(r"[A-Za-z]{2,}")


def _headings(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return [line for line in text.splitlines() if line.startswith("#")]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_headings_in_english_and_japanese(path: Path) -> None:
    headings = _headings(path)
    assert headings
    for heading in headings:
        assert JAPANESE.search(heading) and LATIN.search(heading), f"{path.name}: {heading}"
