"""Position builders for the Megalomania lessons (`gamelib.megalomania.positions`) and the
controller's grouped choices (a card, then its power/cube options)."""

from __future__ import annotations

import pytest

import gamelib
from gamelib.core.errors import IllegalAction
from gamelib.megalomania.actions import PlayCard
from gamelib.megalomania.positions import position
from gamelib.megalomania.ui import action_group


def test_plays_go_through_the_rules() -> None:
    s = position(hands=["Y9 B12 K4", "Y4 R12 B6", "B15 R6 K1", "Y15 B2 K6"], dominant="red",
                 plays=["play yellow 9 (Knight)"])
    assert [str(a) for a in s.legal_actions()] == ["play yellow 4 (Explorer)"]  # follow yellow
    with pytest.raises(IllegalAction):
        position(hands=["Y9 B12", "Y4 R12", "B15 R6", "Y15 B2"], dominant="red",
                 plays=["play yellow 9 (Knight)", "play red 12 (Oracle)"])


def test_resources_per_seat_and_taken_tricks() -> None:
    s = position(hands=["B4 B12", "Y4 Y12", "Y6 R12", "Y15 R15"], crystals=1, cubes=[0, 1, 0, 2],
                 taken=3)
    view = s.view(None)
    assert view.crystals == (1, 1, 1, 1) and view.cubes == (0, 1, 0, 2)
    taken = [c for trick in view.captured[3] for c in trick]
    assert len(taken) == 32 - 8 and all(len(t) == 4 for t in view.captured[3])
    assert "play blue 4 (Explorer) with power" in [str(a) for a in s.legal_actions()]


def test_card_plays_are_grouped_by_card() -> None:
    game = gamelib.load("megalomania")
    s = position(hands=["R12 B6 K4", "Y9 B12 K15", "Y6 R6 K1", "Y1 B2 K6"], dominant="black",
                 crystals=1, cubes=1)
    groups: dict[str, list[str]] = {}
    for a in s.legal_actions():
        found = action_group(game, a, "en")
        assert found is not None and isinstance(a, PlayCard)
        groups.setdefault(found[0], []).append(found[1])
    assert groups["red 12 (Oracle)"][:2] == ["as it is", "+cube"]
    assert "power → blue, -cube" in groups["red 12 (Oracle)"]
    ja = action_group(game, s.legal_actions()[0], "ja")
    assert ja is not None and "(" in ja[0] and ja[1] in ("そのまま出す", "+キューブ")
    assert action_group(game, gamelib.load("megalomania").new_state(1).legal_actions()[0],
                        "en") is None
