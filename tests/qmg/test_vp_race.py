"""The stored VP race (``gamelib/qmg/data/vp_race.json``, the notebook's 200 seeded games).

The notebook reads it instead of playing 200 games (~9 s) while Voila waits. These tests keep
it honest: the full race played again equals the file; the file answers only the call it records
and only while the engine plays game 0 of the race as recorded; the command writes what
``vp_race`` then reads.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gamelib
from gamelib.qmg import odds
from gamelib.qmg.odds import RACE_CALL, RACE_FILE, race_fingerprint, stored_race, vp_race


def _stored() -> dict:
    return json.loads(RACE_FILE.read_text(encoding="utf-8"))


def test_the_stored_race_is_what_the_engine_plays_now() -> None:
    """All 200 games played again (about 9 s): if this fails, the engine or the heuristic bot
    changed games — run ``python -m gamelib.qmg.odds --write-race`` only if that was meant
    (a documented rules fix), and check the notebook's printed numbers."""
    data = _stored()
    bots = RACE_CALL["bots"]
    game = gamelib.load("qmg", players=len(bots))
    assert data["call"] == {**RACE_CALL, "game": "qmg", "options": game.options.to_dict()}
    assert data["fingerprint"] == race_fingerprint(game, bots, RACE_CALL["seed"])
    played = vp_race(RACE_CALL["games"], seed=RACE_CALL["seed"], bots=bots, stored=False)
    assert [[a, b] for a, b in played] == data["curves"]


def test_the_notebooks_call_reads_the_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A marked copy of the file is what ``vp_race(200, seed=2026)`` returns (no games played
    beyond the fingerprint's one); the lists are fresh, so changing them changes no later call."""
    data = _stored()
    data["curves"][-1] = [[1], [2]]
    marked = tmp_path / "vp_race.json"
    marked.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(odds, "RACE_FILE", marked)
    race = vp_race(200, seed=2026)
    assert race[-1] == ([1], [2]) and len(race) == 200
    race[0][0].append(999)
    assert vp_race(200, seed=2026)[0] == tuple(data["curves"][0])


@pytest.mark.parametrize(
    "call",
    [
        {"games": 199, "seed": 2026},
        {"games": 200, "seed": 2025},
        {"games": 200, "seed": 2026, "bots": ("heuristic", "random")},
        {"games": 200, "seed": 2026, "options": {"reallocate": False}},
        {"games": 200, "seed": 2026, "options": {"lang": "ja"}},
    ],
    ids=["games", "seed", "bots", "rule-option", "language"],
)
def test_any_other_call_is_not_answered_from_the_file(call: dict) -> None:
    bots = call.get("bots", ("heuristic", "heuristic"))
    game = gamelib.load("qmg", players=2, **call.get("options", {}))
    assert stored_race(call["games"], seed=call["seed"], bots=bots, game=game) is None


def test_a_changed_engine_is_not_answered_from_the_file(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A fingerprint that game 0 no longer matches (as after a change to the engine or the
    bots) makes the file silent, so ``vp_race`` plays the games."""
    data = _stored()
    data["fingerprint"] = "0" * 64
    stale = tmp_path / "vp_race.json"
    stale.write_text(json.dumps(data), encoding="utf-8")
    monkeypatch.setattr(odds, "RACE_FILE", stale)
    game = gamelib.load("qmg", players=2)
    assert stored_race(200, seed=2026, bots=("heuristic", "heuristic"), game=game) is None
    monkeypatch.setattr(odds, "RACE_FILE", tmp_path / "missing.json")
    assert stored_race(200, seed=2026, bots=("heuristic", "heuristic"), game=game) is None


def test_the_command_writes_what_vp_race_reads(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``python -m gamelib.qmg.odds --write-race --out FILE`` (here for a 3-game race, so the
    test stays short) writes a file ``vp_race`` answers from, and says so in both languages."""
    monkeypatch.setitem(RACE_CALL, "games", 3)
    out = tmp_path / "race.json"
    assert odds.main(["--write-race", "--out", str(out)]) == 0
    said = capsys.readouterr().out
    assert "wrote 3 games (seed 2026)" in said and "3ゲーム（シード2026）" in said
    written = json.loads(out.read_text(encoding="utf-8"))
    assert written["call"]["games"] == 3 and len(written["curves"]) == 3
    assert written["curves"] == _stored()["curves"][:3]  # game i depends on (seed, i) only
    written["curves"][2] = [[5], [6]]
    out.write_text(json.dumps(written), encoding="utf-8")
    monkeypatch.setattr(odds, "RACE_FILE", out)
    assert vp_race(3, seed=2026)[2] == ([5], [6])
    assert odds.main([]) == 2  # without --write-race: the help, nothing written
