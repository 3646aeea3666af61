"""gamelib.interop.openspiel: OpenSpiel's own checks on every game (issue 11).

Each test names the OpenSpiel check it runs. Fixed seeds and counts; no time budgets.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.interop.conftest import GAMES, need

pyspiel = need("pyspiel")

from open_spiel.python.algorithms import generate_playthrough, ismcts, mcts  # noqa: E402

from gamelib.core import OptionError, load, option_specs, replay  # noqa: E402
from gamelib.interop import openspiel as gos  # noqa: E402
from gamelib.interop import view_text  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def _game(game_id: str, **params: object) -> object:
    gos.register(game_id)
    return pyspiel.load_game(gos.short_name(game_id), params)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_sim_test_with_serialization(game_id: str) -> None:
    """pyspiel.random_sim_test (clone, serialize/deserialize, observations, returns in bounds,
    length within max_game_length) on games whose chance node picks among 8 seeds."""
    pyspiel.random_sim_test(_game(game_id, seeds=8), num_sims=3, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_sim_test_most_players_and_scores(game_id: str) -> None:
    """The same with the most seats the game takes and returns="score" (general sum)."""
    choices = option_specs(load(game_id).options_type)["players"]["choices"]
    game = _game(game_id, players=max(choices), returns="score", seed=5)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


PLAYTHROUGH = """
import sys
from tests.toy_game import register
register()
from gamelib.interop import openspiel as gos
from open_spiel.python.algorithms import generate_playthrough
import pyspiel
gos.register(sys.argv[1])
sys.stdout.write(generate_playthrough.playthrough(sys.argv[2], None, seed=7))
game, state = pyspiel.deserialize_game_and_state(sys.stdin.read())
sys.stdout.write(SEPARATOR + str(game) + chr(10) + str(state))
"""
SEPARATOR = "\n===== deserialized =====\n"


@pytest.mark.parametrize("game_id", GAMES)
def test_playthrough_regenerates_in_a_fresh_process(game_id: str) -> None:
    """generate_playthrough gives the same text here and in a new Python process (ids, strings,
    tensors do not depend on the process), and a state serialized here deserializes there.
    Fewest seats: shortest games."""
    fewest = min(option_specs(load(game_id).options_type)["players"]["choices"])
    name = f"{gos.short_name(game_id)}(players={fewest},seeds=4)"
    gos.register(game_id)
    here = generate_playthrough.playthrough(name, None, seed=7)
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    state.apply_action(3)
    for i in range(12):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[(5 * i) % len(legal)])
    fresh = subprocess.run(
        [sys.executable, "-c", f"SEPARATOR = {SEPARATOR!r}\n{PLAYTHROUGH}", game_id, name],
        input=pyspiel.serialize_game_and_state(game, state),
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        env={"PYTHONPATH": str(ROOT), "PYTHONHASHSEED": "12345", "PATH": ""},
    ).stdout
    assert "# Apply action" in here
    assert fresh == f"{here}{SEPARATOR}{game}\n{state}"


@pytest.mark.parametrize("game_id", GAMES)
def test_history_is_a_record(game_id: str) -> None:
    """An OpenSpiel history is the seed then the action ids: gamelib replays it."""
    game = _game(game_id, seeds=16)
    state = game.new_initial_state()
    picks = [3, 1, 4, 1, 5, 9, 2, 6]
    state.apply_action(picks[0])
    for i in range(40):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[picks[i % len(picks)] % len(legal)])
    seed, *ids = state.history()
    texts = [state.action_to_string(0, a) for a in ids]
    replayed = replay(load(game_id), seed, texts)
    assert view_text(replayed.view(None)) == str(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_resampled_worlds_keep_the_information_state(game_id: str) -> None:
    """Like OpenSpiel's ResampleInfostateTest: every seat's world keeps its information state,
    observation and the seat to act; worlds are drawn from the sampler."""
    game = _game(game_id, seed=11)
    state = game.new_initial_state()
    state.apply_action(11)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    for step in range(30):
        if state.is_terminal():
            break
        for p in range(game.num_players()):
            world = state.resample_from_infostate(p, sampler)
            assert world.information_state_string(p) == state.information_state_string(p)
            assert world.observation_string(p) == state.observation_string(p)
            assert world.current_player() == state.current_player()
            assert world.history() == state.history()
        legal = state.legal_actions()
        state.apply_action(legal[(7 * step) % len(legal)])


@pytest.mark.parametrize("game_id", GAMES)
def test_playing_out_worlds_changes_nothing_else(game_id: str) -> None:
    """What ISMCTS does with a resampled world: play it on through OpenSpiel (every legal
    action has an id); the true state, and each other world, stay as they were."""
    game = _game(game_id, seed=2)
    state = game.new_initial_state()
    state.apply_action(2)
    picks = random.Random(0)
    for step in range(30):
        if state.is_terminal():
            break
        before = str(state)
        for seat in range(game.num_players()):
            world = state.resample_from_infostate(seat, 100 * step + seat)
            for _ in range(20):
                if world.is_terminal():
                    break
                world.apply_action(picks.choice(world.legal_actions()))
        assert str(state) == before
        state.apply_action(picks.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_ismcts_plays(game_id: str) -> None:
    """open_spiel.python.algorithms.ismcts.ISMCTSBot plays a few moves (small budget)."""
    import numpy as np

    game = _game(game_id, seed=2)
    random_state = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(1, random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 8, random_state=random_state)
    bot.set_resampler(gos.resampler(4))
    state = game.new_initial_state()
    state.apply_action(2)
    for _ in range(4):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def test_ismcts_default_resampling_runs() -> None:
    """Without set_resampler, ISMCTS calls resample_from_infostate with its own sampler."""
    import numpy as np

    game = _game("toy")
    random_state = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, random_state), 2.0, 10, random_state=random_state
    )
    state = game.new_initial_state()
    state.apply_action(0)
    assert bot.step(state) in state.legal_actions()


def test_options_are_parameters() -> None:
    """The game's options are OpenSpiel parameters, validated by the game."""
    game = _game("toy", players=3)
    assert game.num_players() == 3
    assert game.get_type().parameter_specification["players"] == 2
    assert str(game) == "gamelib_toy(lang=en,players=3,returns=win,seed=-1,seeds=65536)"
    with pytest.raises(OptionError, match="players"):
        _game("toy", players=9)
    japanese = _game("toy", lang="ja", seeds=4)
    pyspiel.random_sim_test(japanese, num_sims=2, serialize=True, verbose=False)
    state = japanese.new_initial_state()
    state.apply_action(1)
    assert "配られた" in state.information_state_string(0)


def test_information_state_hides_the_other_hand() -> None:
    """Information states are texts of views: seat 0 never sees seat 1's cards."""
    game = _game("toy", seed=3)
    state = game.new_initial_state()
    state.apply_action(3)
    hands = state.engine.hands
    text = state.information_state_string(0)
    assert f"hands: ({tuple(hands[0])}, None)" in text
    assert str(tuple(hands[1])) not in text
    assert str(tuple(hands[1])) in str(state)  # the teacher's view (ToString) has everything


def test_chance_node_picks_the_seed() -> None:
    """The first node is chance: uniform over the seeds, or the one seed given."""
    state = _game("toy", seeds=4).new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(s, 0.25) for s in range(4)]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 2) == "seed 2"
    assert _game("toy", seed=99).new_initial_state().chance_outcomes() == [(99, 1.0)]



def test_bad_parameters_are_refused_in_both_languages() -> None:
    """A bad seed, seeds or returns parameter is refused, naming it (English and Japanese)."""
    cases = (({"seed": -2}, "seed"), ({"seeds": 0}, "seeds"), ({"returns": "x"}, "returns"))
    for params, word in cases:
        with pytest.raises(OptionError, match=word) as caught:
            _game("toy", **params)
        assert word in caught.value.ja and caught.value.ja != caught.value.en

