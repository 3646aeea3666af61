"""Pair play (ペア戦もできます): option ``teams="pairs"`` with 4 players.

Ruling: partners sit opposite (Players 1+3 and 2+4, the pairs of missions 20 and 21); each
player's points are pooled with the partner's; the team with more points wins (both partners are
winners); ties go to fewer pooled negative points, then to the team of which no member holds an
unused scroll.
"""

from __future__ import annotations

import random

import pytest

import gamelib
from gamelib.core.errors import OptionError
from gamelib.megalomania.scoring import pooled, team_winners
from gamelib.megalomania.state import MegalomaniaState
from gamelib.testing import run_conformance

TEAMS = ((0, 2), (1, 3))


def _finish(state: MegalomaniaState, seed: int) -> MegalomaniaState:
    rng = random.Random(seed)
    st = state.clone()
    while not st.is_terminal():
        legal = st.legal_actions()
        st.apply_in_place(legal[rng.randrange(len(legal))])
    return st


def test_pair_play_needs_four_players() -> None:
    """「ペア戦もできます」: partners sit opposite, so pair play needs four seats."""
    for players in (2, 3):
        with pytest.raises(OptionError, match="players=4"):
            gamelib.load("megalomania", players=players, teams="pairs")
    assert gamelib.load("megalomania", teams="pairs").teams == TEAMS
    assert gamelib.load("megalomania").teams == ((0,), (1,), (2,), (3,))


def test_pooled_scores_and_team_winners() -> None:
    """Pooled points decide; ties go to fewer negative points, then to no unused scroll."""
    assert pooled([5, 1, 2, 7], TEAMS) == [7, 8, 7, 8]
    assert team_winners([5, 1, 2, 7], [0, 0, 0, 0], [False] * 4, TEAMS) == (1, 3)
    assert team_winners([5, 1, 2, 6], [1, 0, 0, 0], [False] * 4, TEAMS) == (1, 3)
    assert team_winners([5, 1, 2, 6], [0, 0, 0, 0], [False, True, False, False], TEAMS) == (0, 2)
    assert team_winners([5, 1, 2, 6], [0, 0, 0, 0], [False] * 4, TEAMS) == (0, 1, 2, 3)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_pair_play_game_pools_scores(seed: int) -> None:
    """A whole short game: partners end with the same (pooled) score and win together."""
    game = gamelib.load("megalomania", teams="pairs", length="short")
    st = _finish(game.new_state(seed), seed)
    out = st.outcome()
    assert out is not None
    own = st.scores
    assert out.scores == tuple(float(x) for x in pooled(own, TEAMS))
    assert out.winners in ((0, 2), (1, 3), (0, 1, 2, 3))
    assert st.view(0).teams == TEAMS and st.view(1).partners == (2, 3, 0, 1)
    last = st.log[-1]
    assert last.key == "game_over" and "P1+P3" in last.en and "P2+P4" in last.en


def test_pair_play_conformance() -> None:
    """The shared conformance checks (every step, views, records, determinism) under pair play:
    a fixed number of games, however long they take."""
    report = run_conformance(
        "megalomania", {"teams": "pairs", "length": "short"}, games=3,
        heavy_every=1, replay_every=1,
    )
    assert report.games == 3 and report.finished == 3
