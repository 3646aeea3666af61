"""Records: round trips, undo and replay, and refusals that name the problem (never unpickled)."""

from __future__ import annotations

import builtins
import hashlib
import json
import pickle
from typing import Any

import pytest

import gamelib
from gamelib.core import RecordError, fingerprint, replay, undo
from gamelib.core.records import FORMAT, VERSION
from tests.toy_game import register

register()


def played(steps: int, seed: int = 4, players: int = 2) -> gamelib.State[Any]:
    state = gamelib.load("toy", players=players).new_state(seed)
    for _ in range(steps):
        state = gamelib.play(state, state.legal_actions()[-1])
    return state


def resign(data: dict[str, Any]) -> str:
    """Re-compute the digest after an edit, as a careful forger would."""
    body = {k: v for k, v in data.items() if k != "digest"}
    canonical = json.dumps(body, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return json.dumps({**body, "digest": hashlib.sha256(canonical.encode()).hexdigest()})


@pytest.fixture(autouse=True)
def no_eval_or_pickle(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*_a: object, **_k: object) -> None:
        raise AssertionError("records must never be evaluated or unpickled")

    monkeypatch.setattr(builtins, "eval", boom)
    monkeypatch.setattr(builtins, "exec", boom)
    monkeypatch.setattr(pickle, "loads", boom)
    monkeypatch.setattr(pickle, "load", boom)


def test_round_trip_restores_state_and_log() -> None:
    state = played(4, players=3)
    text = gamelib.dumps(state)
    again = gamelib.loads(text)
    assert fingerprint(again) == fingerprint(state)
    assert again.log == state.log and again.history == state.history
    assert gamelib.loads(text.encode("utf-8")).history == state.history
    data = json.loads(text)
    assert data["format"] == FORMAT and data["version"] == VERSION and data["game"] == "toy"


def test_undo_and_replay() -> None:
    states = [played(k) for k in range(6)]
    end = states[-1]
    for k in range(6):
        assert fingerprint(undo(end, k)) == fingerprint(states[5 - k])
    assert fingerprint(replay(end.game, end.seed, end.history[:2])) == fingerprint(states[2])
    with pytest.raises(ValueError, match="cannot undo 7 steps: only 5 were played"):
        undo(end, 7)
    with pytest.raises(ValueError, match="non-negative integer"):
        undo(end, -1)


def edit(text: str, **changes: Any) -> dict[str, Any]:
    data = json.loads(text)
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda t: t[: len(t) // 2], "not valid JSON (truncated?)"),
        (lambda t: "", "not valid JSON"),
        (lambda t: "[1, 2]", "must be a JSON object"),
        (lambda t: b"\xff\xfe", "not UTF-8"),
        (lambda t: json.dumps(edit(t, format="chess-pgn")), "not a gamelib record"),
        (lambda t: json.dumps(edit(t, version=99)), "record version 99 is not supported"),
        (lambda t: resign(edit(t, version=VERSION, extra=1)), "unknown field 'extra'"),
        (lambda t: t.replace('"play', '"PLAY', 1), "digest does not match"),
        (lambda t: json.dumps(edit(t, seed=5)), "digest does not match"),
        (lambda t: resign(edit(t, game="chess")), "unknown game 'chess'"),
        (lambda t: resign(edit(t, options={"players": 9})), "option 'players' for toy"),
        (lambda t: resign(edit(t, options={"pickle": "cos\nsystem\n"})), "unknown option"),
        (lambda t: resign(edit(t, seed=-1)), "seed must be a non-negative integer"),
        (lambda t: resign(edit(t, seed="__import__('os')")), "seed must be a non-negative"),
        (lambda t: resign(edit(t, actions="play 1")), "list of action texts"),
        (lambda t: resign(edit(t, actions=["play 42"])), "step 1 ('play 42') does not replay"),
    ],
)
def test_bad_records_are_refused_with_a_reason(make: Any, message: str) -> None:
    text = gamelib.dumps(played(3))
    with pytest.raises(RecordError) as info:
        gamelib.loads(make(text))
    assert message in str(info.value)


def test_illegal_step_names_the_step() -> None:
    state = played(3)
    data = json.loads(gamelib.dumps(state))
    data["actions"][1] = "play 42"
    with pytest.raises(RecordError, match=r"step 2 \('play 42'\) does not replay"):
        gamelib.loads(resign(data))


def test_missing_field() -> None:
    data = json.loads(gamelib.dumps(played(1)))
    del data["actions"]
    with pytest.raises(RecordError, match="no 'actions' field"):
        gamelib.loads(json.dumps(data))
