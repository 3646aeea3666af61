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

The number of games is fixed and every game is seeded, so a run does the same work on any
machine; there is no time budget. Size ``games`` so that a test runs in seconds.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamelib.core.errors import IllegalAction
from gamelib.core.log import LogEntry
from gamelib.core.records import dumps, loads, replay
from gamelib.core.registry import load
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
) -> ConformanceReport:
    """Play ``games`` seeded random games, checking each step; return what was played.

    Every ``heavy_every``-th game also checks action parsing and views at every step, and every
    ``replay_every``-th game checks records, determinism and the fast path. The same arguments
    always play the same games. Raises ``AssertionError`` on the first failure, naming the game's
    seed and step.
    """
    game = load(game_id, **(options or {}))
    report = ConformanceReport(game_id)
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
        for w in outcome.winners:
            report.winners[w] = report.winners.get(w, 0) + 1
        report.games += 1
        report.finished += 1
        report.steps += steps
        report.max_steps_seen = max(report.max_steps_seen, steps)
    report.seconds = time.perf_counter() - start
    return report
