"""Records: a game saved as versioned JSON of its options, seed and actions, and replayed back.

Nothing is unpickled or evaluated: a record is data, checked field by field, with a digest of its
content so that an edited record is refused before it is replayed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import Any

from gamelib.core.errors import GameLibError, IllegalAction, OptionError, RecordError
from gamelib.core.messages import CORE
from gamelib.core.options import build_options
from gamelib.core.registry import game_class
from gamelib.core.state import Game, State, play

__all__ = [
    "FORMAT",
    "MAX_RECORD_ACTIONS",
    "MAX_RECORD_CHARS",
    "VERSION",
    "dumps",
    "loads",
    "replay",
    "undo",
]

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
            raise _fail("record_step", step=i + 1, text=repr(text), why=err) from err
    return state


def undo(state: State[Any], steps: int = 1) -> State[Any]:
    """Return the state ``steps`` actions before ``state``, replayed from its record."""
    if not isinstance(steps, int) or isinstance(steps, bool) or steps < 0:
        raise OptionError.of(CORE.term("undo_steps", steps=repr(steps)))
    if steps > len(state.history):
        raise OptionError.of(CORE.term("undo_too_many", steps=steps, played=len(state.history)))
    return replay(state.game, state.seed, state.history[: len(state.history) - steps])


#: Longest record read, in characters: a record of even a very long game is a few hundred kB.
MAX_RECORD_CHARS = 2_000_000
#: Most actions a record may replay.
MAX_RECORD_ACTIONS = 100_000


def loads(text: str | bytes) -> State[Any]:
    """Return the state a record describes, or raise :class:`RecordError` naming the problem.

    A record may come from anywhere: whatever the input, the only error raised is
    :class:`RecordError`, no file is read and nothing is evaluated. Too large input, deep
    nesting, numbers too long to read, NUL characters and lone surrogates are refused before the
    game is loaded; options are validated by the game; every action is replayed with :func:`play`.
    """
    try:
        data = _parse(text)
        game = _game(data)
        return replay(game, data["seed"], data["actions"])
    except RecordError:
        raise
    except GameLibError as err:
        raise _fail("record_not_loaded", why=err) from err
    except (RecursionError, MemoryError) as err:
        raise _fail("record_too_deep", why=repr(err)) from err
    except Exception as err:  # untrusted input: no other error may escape, but say what it was
        raise _fail("record_not_loaded", why=f"{type(err).__name__}: {err}") from err


def _parse(text: object) -> dict[str, Any]:
    """Decode, size-check and parse a record and check its fields and digest."""
    if isinstance(text, (bytes, bytearray)):
        if len(text) > 4 * MAX_RECORD_CHARS:
            raise _fail("record_bytes", n=f"{len(text):,}")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as err:
            raise _fail("record_not_utf8", why=err) from err
    if not isinstance(text, str):
        raise _fail("record_not_text", kind=type(text).__name__)
    if len(text) > MAX_RECORD_CHARS:
        raise _fail("record_chars", n=f"{len(text):,}", limit=f"{MAX_RECORD_CHARS:,}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise _fail("record_bad_json", why=err) from err
    except RecursionError as err:
        raise _fail("record_nests") from err
    except ValueError as err:  # e.g. an integer of more than 4,300 digits
        raise _fail("record_unreadable", why=err) from err
    if not isinstance(data, dict):
        raise _fail("record_not_object")
    if data.get("format") != FORMAT:
        raise _fail("record_format", value=_shown(data.get("format")))
    if data.get("version") != VERSION:
        raise _fail("record_version", value=_shown(data.get("version")), version=VERSION)
    missing = [f for f in _FIELDS if f not in data]
    if missing:
        raise _fail("record_missing", field=repr(missing[0]))
    extra = sorted(set(data) - set(_FIELDS))
    if extra:
        raise _fail("record_extra", field=_shown(extra[0]))
    _check_text(data)
    body = {k: data[k] for k in _FIELDS if k != "digest"}
    if data["digest"] != _digest(body):
        raise _fail("record_digest")
    seed, actions, options = data["seed"], data["actions"], data["options"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise _fail("record_seed", value=_shown(seed))
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _fail("record_actions")
    if len(actions) > MAX_RECORD_ACTIONS:
        raise _fail("record_too_many", n=f"{len(actions):,}", limit=f"{MAX_RECORD_ACTIONS:,}")
    if not isinstance(options, dict):
        raise _fail("record_options_object")
    return data


def _check_text(data: Any) -> None:
    """Refuse NUL characters and lone surrogates anywhere in the record (keys included)."""
    stack = [data]
    while stack:
        obj = stack.pop()
        if isinstance(obj, str):
            if "\0" in obj:
                raise _fail("record_nul", value=_shown(obj))
            try:
                obj.encode("utf-8")
            except UnicodeEncodeError as err:
                raise _fail("record_unicode", why=err.reason) from err
        elif isinstance(obj, dict):
            stack.extend(obj)
            stack.extend(obj.values())
        elif isinstance(obj, list):
            stack.extend(obj)


def _game(data: dict[str, Any]) -> Game[Any]:
    """The game a checked record names, with its options validated by the game."""
    try:
        cls = game_class(data["game"])
        options = build_options(cls.options_type, data["options"], game=cls.id)
        return cls(options)
    except GameLibError as err:
        raise _fail("record_options", why=err) from err


def _fail(key: str, **params: Any) -> RecordError:
    """A :class:`RecordError` in English and Japanese (a cause that is a gamelib error is shown in
    each language)."""
    return RecordError.of(CORE.term(key, **params))


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
