"""The landing notebook: one card per game, with a thumbnail and a link that works."""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

import gamelib
from gamelib.core.registry import GAMES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _cells() -> list[dict]:  # type: ignore[type-arg]
    return list(json.loads((NOTEBOOKS / "index.ipynb").read_text(encoding="utf-8"))["cells"])


def test_every_game_has_a_card_with_a_thumbnail_and_a_working_link() -> None:
    cards = next(c for c in _cells() if "## The games" in "".join(c["source"]))
    text = "".join(cards["source"])
    packaged = [g for g in gamelib.available_games() if GAMES[g].startswith("gamelib.")]
    assert len(packaged) >= 5
    for game_id in packaged:
        row = next(line for line in text.splitlines() if f"({game_id}.ipynb)" in line)
        assert f"attachment:{game_id}.png" in row and row.count("|") >= 6
        png = base64.b64decode(cards["attachments"][f"{game_id}.png"]["image/png"])
        assert png.startswith(b"\x89PNG")
        assert (NOTEBOOKS / f"{game_id}.ipynb").exists(), game_id
    links = re.findall(r"\]\(([^)]+\.ipynb)\)", text)
    assert all("/" not in link for link in links), "relative links work in JupyterLab and Voila"


def test_no_raw_python_output_in_voila() -> None:
    """Voila shows code cells' outputs only: the landing page's code prints and shows nothing."""
    for cell in _cells():
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        last = [line for line in source.splitlines() if line.strip()][-1]
        assert "print(" not in source and "display(" not in source
        assert last.startswith(("assert", "import", "from", "#", "LISTED")), last
