"""gamelib.interop.pettingzoo: PettingZoo's own API and seed tests on every game (issue 11)."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from tests.interop.conftest import GAMES, need

need("pettingzoo")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test, seed_test  # noqa: E402

from gamelib.core import IllegalAction, OptionError, fingerprint, load  # noqa: E402
from gamelib.interop.pettingzoo import env, raw_env  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game_id", GAMES)
def test_api_test(game_id: str) -> None:
    """pettingzoo.test.api_test passes (its warnings about Dict observations are expected:
    PettingZoo's own classic games with action masks give them too)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(game_id), num_cycles=300)


@pytest.mark.parametrize("game_id", GAMES)
def test_seed_test(game_id: str) -> None:
    """pettingzoo.test.seed_test: two environments reset with the same seed play the same."""
    seed_test(lambda: env(game_id), num_cycles=100)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_full_game_ends_with_rewards_from_the_outcome(game_id: str) -> None:
    """Play to the end from the masks: every agent is terminated; rewards are the win shares."""
    e = env(game_id)
    e.reset(seed=21)
    rng = np.random.default_rng(0)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=100_000):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    outcome = e.unwrapped.game_state.outcome()
    assert outcome is not None and not e.agents
    share = 1.0 / len(outcome.winners)
    assert totals == {a: share if i in outcome.winners else 0.0 for i, a in enumerate(totals)}


def test_reset_seed_is_the_engine_seed() -> None:
    """reset(seed=s) is the game gamelib.load(...).new_state(s) starts."""
    e = env("toy", players=3)
    e.reset(seed=8)
    quiet = load("toy", players=3).new_state(8, quiet=True)
    assert fingerprint(e.unwrapped.game_state) == fingerprint(quiet)
    e = env("toy", players=3, log=True)
    e.reset(seed=8)
    assert fingerprint(e.unwrapped.game_state) == fingerprint(load("toy", players=3).new_state(8))


def test_illegal_id_is_refused_and_changes_nothing() -> None:
    """An id that is not legal raises IllegalAction; the game is unchanged."""
    e = env("toy")
    e.reset(seed=1)
    before = fingerprint(e.unwrapped.game_state)
    mask = e.last()[0]["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(illegal)
    assert fingerprint(e.unwrapped.game_state) == before


def test_observation_hides_the_other_hand() -> None:
    """An agent's observation is the game's observe() of its own view only."""
    e = env("toy")
    e.reset(seed=3)
    state = e.unwrapped.game_state
    for seat, agent in enumerate(e.possible_agents):
        obs = e.observe(agent)["observation"]
        held = {c for c in range(1, 10) if obs[c - 1] == 1.0}
        assert held == set(state.hands[seat])


def test_render_ansi_is_the_view_of_the_seat_to_act() -> None:
    """render() is the text of the view of the seat to act (not the teacher's)."""
    e = env("toy", render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert "viewer: 0" in text and "None)" in text



def test_bad_arguments_are_refused_in_both_languages() -> None:
    """A bad reward or render mode, or stepping before reset, is an OptionError in both
    languages (the game's options pick the one shown)."""
    with pytest.raises(OptionError, match="reward") as caught:
        env("toy", reward="points")
    assert "reward" in caught.value.ja and caught.value.ja != caught.value.en
    with pytest.raises(OptionError, match="render_mode は"):
        env("toy", render_mode="rgb", lang="ja")
    with pytest.raises(OptionError, match="reset"):
        raw_env("toy").observe("player_0")
