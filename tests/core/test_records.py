"""Records: round trips, undo and replay, and refusals that name the problem (never unpickled)."""

from __future__ import annotations

import builtins
import hashlib
import io
import json
import pathlib
import pickle
from typing import Any

import pytest

import gamelib
from gamelib.core import RecordError, fingerprint, game_class, option_specs, replay, undo
from gamelib.core.records import FORMAT, MAX_RECORD_ACTIONS, MAX_RECORD_CHARS, VERSION
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
    for game_id in gamelib.available_games():  # importing a module runs exec: import them first
        gamelib.load(game_id).new_state(0)
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


# -- records from untrusted sources: RecordError and nothing else ----------------------------


def _resigned(**changes: Any) -> str:
    return resign(edit(gamelib.dumps(played(3)), **changes))


def _unsigned(**changes: Any) -> str:
    return json.dumps(edit(gamelib.dumps(played(3)), **changes))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: "[" * 100_000, "nests too deeply"),
        (lambda: "{" * 50_000 + "}" * 50_000, "not valid JSON"),
        (lambda: '"\\ud800"', "must be a JSON object"),
        (lambda: _unsigned(actions=["\ud800"]), "not valid Unicode"),
        (lambda: '{"seed": ' + "7" * 5000 + "}", "not readable JSON"),
        (lambda: _resigned(seed=7**2000), "non-negative integer below 2**64"),
        (lambda: _resigned(options={"game_id": "toy"}), "unknown option 'game_id' for toy"),
        (lambda: _resigned(options={"players": 3.0}), "takes a whole number, not 3.0"),
        (lambda: _resigned(options={"players": True}), "does not take True or False"),
        (lambda: _resigned(actions=["play\x001"]), "NUL character"),
        (lambda: _resigned(options={"lang\x00": "en"}), "NUL character"),
        (lambda: _resigned(game=["toy"]), "unknown game"),
        (lambda: _resigned(actions=["x" * 5000]), "too long"),
        (lambda: " " * (MAX_RECORD_CHARS + 1), "too large"),
        (lambda: b" " * (4 * MAX_RECORD_CHARS + 1), "too large"),
        (lambda: _resigned(actions=["play 1"] * (MAX_RECORD_ACTIONS + 1)), "actions (at most"),
    ],
)
def test_untrusted_records_raise_record_error_only(make: Any, message: str) -> None:
    """Issue 13: each of these escaped as another exception (or hung) before."""
    with pytest.raises(RecordError) as info:
        gamelib.loads(make())
    assert message in str(info.value)


def test_an_engine_error_during_replay_becomes_a_record_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tests.toy_game import ToyState

    def broken(self: Any, action: Any) -> None:
        raise KeyError("engine bug")

    text = gamelib.dumps(played(2))
    monkeypatch.setattr(ToyState, "_apply", broken)
    with pytest.raises(RecordError, match="KeyError"):
        gamelib.loads(text)
def _text_options(game_id: str) -> list[str]:
    specs = option_specs(game_class(game_id).options_type)
    return [name for name, spec in specs.items() if isinstance(spec["default"], str)]


@pytest.mark.parametrize("game_id", gamelib.available_games())
def test_a_record_naming_a_path_is_refused_without_opening_it(
    game_id: str, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: a record names no file that ``loads`` would open (``cards="/dev/stdin"``)."""
    target = tmp_path / "cards.toml"
    target.write_text("# a file a record must not make gamelib read\n", encoding="utf-8")
    good = json.loads(gamelib.dumps(gamelib.load(game_id).new_state(1)))
    opened: list[str] = []
    real_open = io.open

    def spy(file: Any, *args: Any, **kwargs: Any) -> Any:
        opened.append(str(file))
        return real_open(file, *args, **kwargs)

    for path in (str(target), "/dev/stdin"):
        for name in _text_options(game_id):
            data = {**good, "options": {**good["options"], name: path}}
            text = resign(data)
            with monkeypatch.context() as m:
                m.setattr(builtins, "open", spy)
                m.setattr(io, "open", spy)
                m.setattr(pathlib.Path, "open", lambda self, *a, **k: spy(self, *a, **k))
                with pytest.raises(RecordError):
                    gamelib.loads(text)
            assert not [p for p in opened if p.endswith(("cards.toml", "stdin"))], (
                f"{game_id}: loading a record with {name}={path!r} opened {opened}"
            )
