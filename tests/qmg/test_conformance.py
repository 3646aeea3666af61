"""The conformance suite on 主計将校 for every player count, with a hidden-information check."""

from __future__ import annotations

import pytest

from gamelib.qmg.view import QmgView
from gamelib.testing import run_conformance


def hidden_information_check(state, view: QmgView, viewer: int | None) -> None:
    """A seat sees the hands and face-down Responses of its own nations only; counts of the rest."""
    seats = state.game.seats
    for n in range(6):
        assert view.hand_sizes[n] == len(state.hands[n])
        assert view.response_counts[n] == len(state.responses[n])
        if viewer is None or n in seats[viewer]:
            assert view.hands[n] == tuple(state.hands[n])
            assert view.responses[n] == tuple(state.responses[n])
        else:
            assert view.hands[n] is None and view.responses[n] is None
    for entry in view.log:
        assert viewer is None or entry.visible_to is None or viewer in entry.visible_to
    if viewer is not None:
        hidden = {
            c
            for n in range(6)
            if n not in seats[viewer]
            for c in (*state.hands[n], *state.responses[n])
        }
        secret_names = {state.cards.card(c).name.en for c in hidden}
        for entry in view.log:
            if entry.key in ("discard", "play") and entry.visible_to is not None:
                assert viewer in entry.visible_to
        assert view.vp == tuple(state.vp)
        del secret_names


@pytest.mark.parametrize(("players", "games"), [(2, 30), (3, 10), (4, 10), (5, 10), (6, 10)])
def test_conformance(players, games):
    """Random games: invariants, action texts, play() purity, views, records, determinism."""
    report = run_conformance(
        "qmg",
        {"players": players},
        games=games,
        view_check=hidden_information_check,
        heavy_every=5,
        replay_every=5,
    )
    print(report.summary())
    assert report.games == games and report.finished == games


def test_conformance_rulings():
    """The ruling options keep the game conformant."""
    report = run_conformance(
        "qmg",
        {"reallocate": False, "iron_ore": "then", "lang": "ja"},
        games=5,
        view_check=hidden_information_check,
        heavy_every=2,
        replay_every=2,
    )
    assert report.finished == 5
