"""The conformance suite every game's tests call: random playouts checked after every step.

Checked after each step: legal actions exist unless the game is over; whose turn and the outcome
agree with it; every action's text is unique and parses back to it; :func:`play` leaves its input
unchanged, both for the legal action played and for refused ones; an action that is not legal now
is refused; views hold only plain values, agree with the state and pass the game's own view check;
the game's invariants hold.
Checked on sampled games: the record round-trips and replays to the same state and log, replay
is identical with the global ``random`` and NumPy generators disturbed, and the fast path
(:meth:`State.clone` once, then :meth:`State.apply_in_place` per step) replays the same game as
:func:`play`, also with ``quiet`` set (then only the log differs: it keeps only the set-up entries).

Checked for search and interop: every game is at most :meth:`Game.max_length` steps and ends with
scores within :meth:`Game.score_bounds`; on the heavy games, every legal action's id maps back to
it, the numeric observation has its size, and every ``world_every``-th step a world sampled for
each seat (:meth:`State.sample_world`) gives that seat the same view and, on its turn, the same
legal actions, depends only on that view (a world sampled from a sampled world with the same
generator is the same world), leaves the state unchanged (also once played on), keeps the game's
invariants and plays out to an end offering only actions that have ids.

The number of games is fixed and every game is seeded, so a run does the same work on any
machine; there is no time budget. Size ``games`` so that a test runs in seconds.
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamelib.core.errors import IllegalAction
from gamelib.core.log import LogEntry
from gamelib.core.records import dumps, loads, replay
from gamelib.core.registry import load
from gamelib.core.rng import Rng
from gamelib.core.state import State, View, digest, fingerprint, play

__all__ = ["ConformanceReport", "run_conformance"]

ViewCheck = Callable[[State[Any], View, int | None], None]


@dataclass
class ConformanceReport:
    """What a conformance run did."""

    game_id: str
    games: int = 0
    steps: int = 0
    finished: int = 0
    seconds: float = 0.0
    max_steps_seen: int = 0
    winners: dict[int, int] = field(default_factory=dict)

    def summary(self) -> str:
        """One line for test output."""
        rate = self.steps / self.seconds if self.seconds else 0.0
        return (
            f"{self.game_id}: {self.games} games, {self.steps} steps in {self.seconds:.1f}s "
            f"({rate:,.0f} steps/s), longest {self.max_steps_seen} steps, wins {self.winners}"
        )


_LEAVES = (str, bytes, int, float, bool, type(None), LogEntry)


def _assert_plain_view(view: View) -> None:
    """Walk the view's values: no :class:`State` may hide in it (log entries hold only text)."""
    seen: list[Any] = [view]
    while seen:
        obj = seen.pop()
        if isinstance(obj, _LEAVES):
            continue
        if isinstance(obj, State):
            raise AssertionError("a view must not hold a State")
        if isinstance(obj, (list, tuple, set, frozenset)):
            seen.extend(v for v in obj if not isinstance(v, _LEAVES))
        elif isinstance(obj, dict):
            seen.extend(obj.keys())
            seen.extend(obj.values())
        elif hasattr(obj, "__dataclass_fields__"):
            seen.extend(getattr(obj, name) for name in obj.__dataclass_fields__)


def _check_step(
    state: State[Any],
    seen_actions: list[Any],
    view_check: ViewCheck | None,
    heavy: bool,
) -> Any:
    """Check one state; return its digest (``None`` once the game is over)."""
    game = state.game
    state.check_invariants()
    terminal = state.is_terminal()
    legal = [] if terminal else state.legal_actions()
    if terminal:
        assert state.current_player is None, "current_player must be None once the game is over"
        assert state.outcome() is not None
        return None
    assert legal, f"no legal action in a running game at step {len(state.history)}"
    assert state.current_player is not None and 0 <= state.current_player < game.players
    assert state.outcome() is None
    texts = [str(a) for a in legal]
    assert len(set(texts)) == len(texts), f"two legal actions print alike: {texts}"
    if heavy:
        for a, t in zip(legal, texts, strict=True):
            assert game.parse_action(state, t) == a, f"{t!r} does not parse back"
        for viewer in [None, *range(game.players)]:
            v = state.view(viewer)
            assert v.viewer == viewer and v.current_player == state.current_player
            _assert_plain_view(v)
            if view_check is not None:
                view_check(state, v, viewer)
            if viewer is not None:
                _check_observation(state, v)
        _check_action_ids(state, legal)
    before = digest(state)
    for other in seen_actions:
        if other not in legal:
            try:
                play(state, other)
            except IllegalAction as err:
                assert str(err), "an IllegalAction must say why"
            else:
                raise AssertionError(f"{other} was accepted but is not legal")
            break
    try:
        play(state, "\u00abnot an action\u00bb")
    except IllegalAction:
        pass
    else:
        raise AssertionError("nonsense text was accepted as an action")
    return before


def _check_action_ids(state: State[Any], legal: list[Any]) -> None:
    game = state.game
    count = game.action_count()
    ids = [game.action_id(a) for a in legal]
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    for a, i in zip(legal, ids, strict=True):
        assert 0 <= i < count, f"id {i} of {a} is outside 0..{count - 1}"
        assert game.action_from_id(state, i) == a, f"id {i} does not map back to {a}"


def _check_observation(state: State[Any], view: View) -> None:
    game = state.game
    numbers = game.observe(view)
    size = game.observation_size()
    assert len(numbers) == size, f"observation has {len(numbers)} numbers, not {size}"
    finite = all(isinstance(x, (int, float)) and math.isfinite(x) for x in numbers)
    assert finite, "an observation holds only finite numbers"


def _check_worlds(state: State[Any], seed: int) -> int:
    """Sample a world for every seat and check it (see the module's docstring).

    Return how many of the worlds differ from the state in what the teacher sees (the log
    aside): a game with hidden cards that never resamples any shows its seats the truth.
    """
    game = state.game
    before = digest(state)
    truth = fingerprint(dataclasses.replace(state.view(None), log=()))
    resampled = 0
    for player in range(game.players):
        world = state.sample_world(player, Rng(seed + player))
        assert digest(state) == before, "sample_world changed the state"
        resampled += fingerprint(dataclasses.replace(world.view(None), log=())) != truth
        assert fingerprint(world.view(player)) == fingerprint(state.view(player)), (
            f"a world sampled for seat {player} shows that seat a different view"
        )
        if state.current_player == player:
            same = list(map(str, world.legal_actions())) == list(map(str, state.legal_actions()))
            assert same, f"a world sampled for seat {player} offers it other actions"
        again = world.sample_world(player, Rng(seed + 7 + player))
        direct = state.sample_world(player, Rng(seed + 7 + player))
        assert fingerprint(again) == fingerprint(direct), (
            f"a world sampled for seat {player} depends on what that seat cannot see"
        )
        world.check_invariants()
        chooser = random.Random(seed)
        limit = game.max_length()
        while not world.is_terminal():
            assert len(world.history) <= limit, "a sampled world plays past max_length"
            legal = world.legal_actions()
            assert legal, "a sampled world reached a running state with no legal action"
            action = legal[chooser.randrange(len(legal))]
            try:
                game.action_id(action)
            except IllegalAction as err:
                raise AssertionError(f"a sampled world offers {action}, which has no id") from err
            world.apply_in_place(action)
            world.check_invariants()
        assert digest(state) == before, "playing a sampled world on changed the true state"
    return resampled


def _check_replay(state: State[Any]) -> None:
    text = dumps(state)
    again = loads(text)
    assert fingerprint(again) == fingerprint(state), "record does not round-trip"
    assert again.log == state.log
    random.seed(12345)
    _ = [random.random() for _ in range(7)]
    try:
        import numpy as np

        np.random.seed(54321)
        np.random.random(11)
    except ImportError:  # pragma: no cover - numpy is a dependency
        pass
    disturbed = replay(state.game, state.seed, state.history)
    assert fingerprint(disturbed) == fingerprint(state), "replay depends on global generators"


def _check_fast_path(state: State[Any], actions: list[Any]) -> None:
    """Replay ``actions`` (the values ``play`` was given) on the fast path, loud and quiet."""
    for quiet in (False, True):
        fast = state.game.new_state(state.seed).clone()
        set_up = len(fast.log)
        if quiet:
            fast.quiet = True
        for action in actions:
            fast.apply_in_place(action)
        if quiet:
            assert len(fast.log) == set_up, "a quiet state must record no log entries"
            # Give it the log it did not record (games may keep the log in their own form).
            del fast.quiet
            fast.log = list(state.log)
        same = fingerprint(fast) == fingerprint(state)
        assert same, (
            f"the fast path (clone + apply_in_place{', quiet' if quiet else ''}) "
            "does not give the game play gives"
        )


def run_conformance(
    game_id: str,
    options: dict[str, Any] | None = None,
    *,
    games: int = 100,
    seed: int = 0,
    max_steps: int = 20_000,
    view_check: ViewCheck | None = None,
    heavy_every: int = 10,
    replay_every: int = 25,
    world_every: int = 7,
) -> ConformanceReport:
    """Play ``games`` seeded random games, checking each step; return what was played.

    Every ``heavy_every``-th game also checks action parsing and views at every step, and every
    ``replay_every``-th game checks records, determinism and the fast path; heavy games check
    sampled worlds every ``world_every``-th step. The same arguments
    always play the same games. Raises ``AssertionError`` on the first failure, naming the game's
    seed and step.
    """
    game = load(game_id, **(options or {}))
    limit = game.max_length()
    low, high = game.score_bounds()
    report = ConformanceReport(game_id)
    worlds = resampled = 0
    chooser = random.Random(seed)
    start = time.perf_counter()
    seen_actions: list[Any] = []
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        state = game.new_state(game_seed)
        heavy = g % heavy_every == 0
        steps = 0
        played: list[Any] = []
        while True:
            try:
                before = _check_step(state, seen_actions, view_check, heavy)
                assert steps <= limit, f"the game is longer than max_length() = {limit}"
                if heavy and steps % world_every == 0 and not state.is_terminal():
                    worlds += game.players
                    resampled += _check_worlds(state, game_seed * 31 + steps)
            except AssertionError as err:
                raise AssertionError(
                    f"{game_id} seed={game_seed} step={steps} history={state.history[-5:]}: {err}"
                ) from err
            if state.is_terminal():
                break
            assert steps < max_steps, f"{game_id} seed={game_seed}: no end after {max_steps} steps"
            legal = state.legal_actions()
            action = legal[chooser.randrange(len(legal))]
            if len(seen_actions) < 64:
                seen_actions.append(action)
            else:
                seen_actions[chooser.randrange(64)] = action
            nxt = play(state, action)
            played.append(action)
            if digest(state) != before:
                raise AssertionError(
                    f"{game_id} seed={game_seed} step={steps}: the state changed while illegal "
                    f"actions were refused or while {action} was played from it"
                )
            state = nxt
            steps += 1
        if g % replay_every == 0:
            try:
                _check_replay(state)
                _check_fast_path(state, played)
            except AssertionError as err:
                raise AssertionError(f"{game_id} seed={game_seed}: {err}") from err
        outcome = state.outcome()
        assert outcome is not None
        for score in outcome.scores:
            assert low <= score <= high, (
                f"{game_id} seed={game_seed}: score {score} outside score_bounds() {low, high}"
            )
        for w in outcome.winners:
            report.winners[w] = report.winners.get(w, 0) + 1
        report.games += 1
        report.finished += 1
        report.steps += steps
        report.max_steps_seen = max(report.max_steps_seen, steps)
    if worlds and not resampled:
        raise AssertionError(
            f"{game_id}: none of {worlds} sampled worlds differs from the true state: "
            "sample_world must resample what a seat cannot see"
        )
    report.seconds = time.perf_counter() - start
    return report
