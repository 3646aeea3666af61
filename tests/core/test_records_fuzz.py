"""Fuzzing ``gamelib.loads``: mutated records raise :class:`RecordError` and nothing else.

Issue 13: a record may come from anywhere. Each example takes a real record of one game (the toy
game and every available game, a few steps in), mutates it (a field or an option replaced by any
JSON value, an action replaced by any text, a slice of the text cut or replaced, the bytes
damaged) and, for most mutations, re-signs its digest as a careful forger would, so that the
mutation reaches option checks and replay. ``loads`` must return a state or raise
``RecordError``. The example count is fixed and the run derandomized: no timing involved.
"""

from __future__ import annotations

import hashlib
import json
import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import gamelib
from gamelib.core import RecordError, State
from gamelib.core.registry import GAMES as GAMES_BY_ID
from tests.toy_game import register

register()
# The games gamelib ships (other tests register broken toy games at run time).
SHIPPED = [g for g in gamelib.available_games() if GAMES_BY_ID[g].startswith("gamelib.")]

GAMES = ["toy", *SHIPPED]
FIELDS = ("format", "version", "game", "options", "seed", "actions", "digest")

# Any JSON value, including text with NUL and lone surrogates, huge integers and deep lists.
_leaves = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**300, max_value=10**320)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=30)
    | st.sampled_from(["", "\x00", "\ud800", "/dev/stdin", "/dev/zero", "base", "en", "ja"])
)
json_values = st.recursive(
    _leaves,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@cache
def record(game_id: str, steps: int) -> dict[str, Any]:
    """The record of a seeded random game of ``game_id`` after ``steps`` steps, as data."""
    game = gamelib.load(game_id, players=3) if game_id == "toy" else gamelib.load(game_id)
    state: State[Any] = game.new_state(7)
    rng = random.Random(steps)
    for _ in range(steps):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state = gamelib.play(state, legal[rng.randrange(len(legal))])
    data: dict[str, Any] = json.loads(gamelib.dumps(state))
    return data


def signed(data: dict[str, Any]) -> str:
    """The record text with a digest recomputed for its (mutated) content, when it can be."""
    body = {k: v for k, v in data.items() if k != "digest"}
    try:
        canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        digest = hashlib.sha256(canonical.encode("utf-8")).hexdigest()
    except (TypeError, ValueError, UnicodeEncodeError):
        digest = "0" * 64
    try:
        return json.dumps({**body, "digest": digest})
    except ValueError:  # an integer too long to write: the record is text anyway
        return json.dumps({**body, "digest": digest}, default=str)


@st.composite
def mutated_records(draw: st.DrawFn) -> str | bytes:
    """A record of some game, mutated in one of several ways."""
    data = dict(record(draw(st.sampled_from(GAMES)), draw(st.sampled_from([0, 3, 12]))))
    how = draw(st.sampled_from(["field", "option", "action", "drop", "slice", "bytes"]))
    if how == "field":
        data[draw(st.sampled_from([*FIELDS, "extra"]))] = draw(json_values)
    elif how == "option":
        options = dict(data["options"])
        names = [*options, "game_id", "players", "cards", "\x00", "__class__"]
        options[draw(st.sampled_from(names))] = draw(json_values)
        data["options"] = options
    elif how == "action":
        actions = list(data["actions"])
        text = draw(st.text(max_size=40) | st.sampled_from(["", "\x00", "x" * 1001]))
        if actions and draw(st.booleans()):
            actions[draw(st.integers(0, len(actions) - 1))] = text
        else:
            actions.insert(draw(st.integers(0, len(actions))), text)
        data["actions"] = actions
    elif how == "drop":
        data.pop(draw(st.sampled_from(FIELDS)))
    text = signed(data)
    if how == "slice":
        i = draw(st.integers(0, len(text)))
        j = draw(st.integers(i, min(len(text), i + 40)))
        text = text[:i] + draw(st.text(max_size=20)) + text[j:]
    elif how == "bytes":
        raw = bytearray(text.encode("utf-8", "surrogatepass"))
        i = draw(st.integers(0, len(raw) - 1))
        raw[i] = draw(st.integers(0, 255))
        return bytes(raw)
    return text


@settings(
    max_examples=400,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(mutated_records())
def test_loads_raises_record_error_and_nothing_else(text: str | bytes) -> None:
    try:
        state = gamelib.loads(text)
    except RecordError as err:
        assert str(err)
    else:
        assert isinstance(state, State)
