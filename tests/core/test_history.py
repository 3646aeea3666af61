"""The action history: a tuple to every reader, an O(1) append to the fast path (issue 12)."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import pytest

import gamelib
from gamelib.core import History, fingerprint, play


def test_history_is_the_tuple_of_its_texts() -> None:
    h = History(["a", "b"]).plus("c")
    assert h == ("a", "b", "c") and h != ("a", "b")
    assert ("a", "b", "c") == h  # noqa: SIM300  (a tuple on the left asks the history)
    assert hash(h) == hash(("a", "b", "c")) and repr(h) == repr(("a", "b", "c"))
    assert len(h) == 3 and h[0] == "a" and h[-1] == "c" and h[:2] == ("a", "b")
    assert list(h) == ["a", "b", "c"] and tuple(reversed(h)) == ("c", "b", "a")
    assert h + ("d",) == ("a", "b", "c", "d")  # noqa: RUF005  (what a caller may write)
    assert ("z",) + h == ("z", "a", "b", "c")  # noqa: RUF005
    assert "b" in h and h.index("c") == 2 and not History() and History() == ()
    assert pickle.loads(pickle.dumps(h)) == h and copy.deepcopy(h) is h


def test_branches_from_one_history_keep_their_own_texts() -> None:
    base = History(["a"])
    left = base.plus("L")
    right = base.plus("R")  # the shared list already holds "L": this branch copies
    assert base == ("a",) and left == ("a", "L") and right == ("a", "R")
    assert left.plus("x") == ("a", "L", "x") and right.plus("y") == ("a", "R", "y")
    assert left == ("a", "L") and len(base) == 1
    assert fingerprint(left) == fingerprint(("a", "L"))


def test_play_and_the_fast_path_share_no_history_between_branches() -> None:
    game = gamelib.load("powers")
    state = game.new_state(7)
    first, second = state.legal_actions()[:2]
    a = play(state, first)
    b = play(state, second)
    assert state.history == () and a.history == (str(first),) and b.history == (str(second),)
    c = a.clone()
    c.apply_in_place(c.legal_actions()[0])
    assert len(a.history) == 1 and len(c.history) == 2 and c.history[0] == str(first)


def test_a_plain_tuple_set_by_a_game_still_grows() -> None:
    state = gamelib.load("powers").new_state(3)
    state.history = ("earlier",)
    action = state.legal_actions()[0]
    state.apply_in_place(action)
    assert state.history == ("earlier", str(action)) and isinstance(state.history, History)


GAMES = ["powers", "rekkyo", "megalomania", "qmg", "trench"]


def _first_moves(state: Any, n: int) -> list[str]:
    played = []
    for _ in range(n):
        action = state.legal_actions()[0]
        state.apply_in_place(action)
        played.append(str(action))
    return played


@pytest.mark.parametrize("game_id", GAMES)
def test_the_fast_path_never_grows_a_history_someone_else_holds(game_id: str) -> None:
    state = gamelib.load(game_id).new_state(5, quiet=True)
    played = _first_moves(state, 3)
    held = state.history  # a caller keeps it
    twin = state.clone()  # and a clone shares it
    played += _first_moves(state, 2)
    assert held == tuple(played[:3]) and twin.history == tuple(played[:3])
    assert state.history == tuple(played)
    del held
    # the twin alone holds the old history now, but the shared list goes on with the
    # original's moves: the twin's next move branches off
    twin_played = _first_moves(twin, 1)
    assert twin.history == (*played[:3], *twin_played)
    assert state.history == tuple(played)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_fast_path_appends_to_the_states_own_list(game_id: str) -> None:
    """Every game's apply_in_place grows one list in place: no object per step."""
    state = gamelib.load(game_id).new_state(5, quiet=True)
    _first_moves(state, 1)
    own = state._history
    played = _first_moves(state, 4)
    assert type(own) is list and state._history is own and own[-4:] == played


@pytest.mark.parametrize("game_id", GAMES)
def test_a_clone_hands_its_list_to_the_twin_and_keeps_a_view(game_id: str) -> None:
    state = gamelib.load(game_id).new_state(5, quiet=True)
    played = _first_moves(state, 2)
    own = state._history
    twin = state.clone()
    assert twin._history is own and isinstance(state._history, History)
    twin_played = _first_moves(twin, 2)
    assert twin._history is own and state.history == tuple(played)
    # the original, played on, makes a list of its own from its view
    mine = _first_moves(state, 1)
    assert type(state._history) is list and state._history is not own
    assert state.history == (*played, *mine) and twin.history == (*played, *twin_played)


def test_a_history_read_and_extended_by_a_caller_leaves_the_state_alone() -> None:
    state = gamelib.load("powers").new_state(5, quiet=True)
    played = _first_moves(state, 2)
    read = state.history
    assert read.plus("mine") == (*played, "mine") and state.history == tuple(played)
    played += _first_moves(state, 1)
    assert state.history == tuple(played) and read == tuple(played[:2])


@pytest.mark.parametrize("game_id", GAMES)
def test_branching_clones_steps_and_reads_keep_every_history(game_id: str) -> None:
    """Seeded mixes of clones (as search does), in-place steps, checked plays and histories held
    by callers: every state and every history read keeps exactly its own texts."""
    import random

    rng = random.Random(game_id)
    game = gamelib.load(game_id)
    states: list[tuple[Any, list[str]]] = [(game.new_state(11, quiet=True), [])]
    held: list[tuple[History, tuple[str, ...]]] = []
    for _ in range(300):
        i = rng.randrange(len(states))
        state, expected = states[i]
        move = rng.random()
        if state.is_terminal() or move < 0.25:
            states.append((state.clone(), list(expected)))
        elif move < 0.6:
            action = rng.choice(state.legal_actions())
            state.apply_in_place(action)
            expected.append(str(action))
        elif move < 0.8:
            action = rng.choice(state.legal_actions())
            states.append((play(state, action), [*expected, str(action)]))
        else:
            held.append((state.history, tuple(expected)))
        if len(states) > 12:  # (forget the oldest: the others must not notice)
            states.pop(rng.randrange(len(states) - 1))
        for s, texts in states:
            assert s.history == tuple(texts)
        for h, texts in held:
            assert h == texts
