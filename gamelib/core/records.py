"""Records: a game saved as versioned JSON of its options, seed and actions, and replayed back.

Nothing is unpickled or evaluated: a record is data, checked field by field, with a digest of its
content so that an edited record is refused before it is replayed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from gamelib.core.errors import GameLibError, IllegalAction, RecordError
from gamelib.core.registry import load
from gamelib.core.state import Game, State, play

__all__ = ["FORMAT", "VERSION", "dumps", "loads", "replay", "undo"]

FORMAT = "gamelib-record"
VERSION = 1
_FIELDS = ("format", "version", "game", "options", "seed", "actions", "digest")


def _digest(body: dict[str, Any]) -> str:
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def dumps(state: State[Any]) -> str:
    """Return the record of ``state`` as JSON text."""
    body = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.id,
        "options": state.game.options.to_dict(),
        "seed": state.seed,
        "actions": list(state.history),
    }
    return json.dumps({**body, "digest": _digest(body)}, ensure_ascii=False, indent=1)


def replay(game: Game[Any], seed: int, actions: Sequence[str]) -> State[Any]:
    """Return the state reached from ``seed`` by the actions written as text."""
    state: State[Any] = game.new_state(seed)
    for i, text in enumerate(actions):
        try:
            state = play(state, text)
        except IllegalAction as err:
            raise RecordError(f"step {i + 1} ({text!r}) does not replay: {err}") from err
    return state


def undo(state: State[Any], steps: int = 1) -> State[Any]:
    """Return the state ``steps`` actions before ``state``, replayed from its record."""
    if not isinstance(steps, int) or isinstance(steps, bool) or steps < 0:
        raise ValueError(f"steps must be a non-negative integer, not {steps!r}")
    if steps > len(state.history):
        raise ValueError(f"cannot undo {steps} steps: only {len(state.history)} were played")
    return replay(state.game, state.seed, state.history[: len(state.history) - steps])


def loads(text: str | bytes) -> State[Any]:
    """Return the state a record describes, or raise :class:`RecordError` naming the problem."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as err:
            raise RecordError(f"record is not UTF-8 text: {err}") from err
    if not isinstance(text, str):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RecordError(f"record is not valid JSON (truncated?): {err}") from err
    if not isinstance(data, dict):
        raise RecordError("record must be a JSON object")
    if data.get("format") != FORMAT:
        raise RecordError(f"not a gamelib record: format is {data.get('format')!r}")
    if data.get("version") != VERSION:
        raise RecordError(
            f"record version {data.get('version')!r} is not supported "
            f"(this gamelib reads version {VERSION})"
        )
    missing = [f for f in _FIELDS if f not in data]
    if missing:
        raise RecordError(f"record has no {missing[0]!r} field")
    extra = sorted(set(data) - set(_FIELDS))
    if extra:
        raise RecordError(f"record has an unknown field {extra[0]!r}")
    body = {k: data[k] for k in _FIELDS if k != "digest"}
    if data["digest"] != _digest(body):
        raise RecordError("record digest does not match its content: it was edited or corrupted")
    seed, actions, options = data["seed"], data["actions"], data["options"]
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise RecordError(f"record seed must be a non-negative integer, not {seed!r}")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record actions must be a list of action texts")
    if not isinstance(options, dict):
        raise RecordError("record options must be a JSON object")
    try:
        game = load(data["game"], **options)
    except GameLibError as err:
        raise RecordError(f"record options are not valid: {err}") from err
    return replay(game, seed, actions)
