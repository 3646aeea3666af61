"""Batch simulation and the ``python -m gamelib`` command line, on the toy game."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

import gamelib
from gamelib.core import OptionError
from gamelib.sim import simulate
from gamelib.sim.cli import _ProgressBar, main, parse_option
from gamelib.sim.simulate import game_seed, seat_bots
from tests.toy_game import register

register()


def test_same_seed_same_summary_whatever_the_process_count() -> None:
    one = simulate("toy", players=3, games=40, seed=5, processes=1)
    two = simulate("toy", players=3, games=40, seed=5, processes=2)
    assert one == two
    assert one.to_json() == two.to_json()
    assert two.processes == 2
    other = simulate("toy", players=3, games=40, seed=6, processes=1)
    assert other != one


@pytest.mark.parametrize("method", ["fork", "spawn"])
def test_forked_and_spawned_workers_give_the_same_summary(
    method: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    import multiprocessing

    from gamelib.sim import executors

    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} start method here")
    monkeypatch.setattr(executors, "start_method", lambda: method)
    one = simulate("toy", players=3, games=30, seed=8, processes=1)
    assert simulate("toy", players=3, games=30, seed=8, processes=2) == one


def test_fork_only_when_a_single_thread_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    import multiprocessing

    from gamelib.sim import executors as sim

    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["fork", "spawn"])
    monkeypatch.setattr(sim.threading, "active_count", lambda: 1)
    assert sim.start_method() == "fork"
    monkeypatch.setattr(sim.threading, "active_count", lambda: 3)  # e.g. a notebook kernel
    assert sim.start_method() == "spawn"
    monkeypatch.setattr(multiprocessing, "get_all_start_methods", lambda: ["spawn"])
    monkeypatch.setattr(sim.threading, "active_count", lambda: 1)
    assert sim.start_method() == "spawn"


def test_summary_adds_up() -> None:
    s = simulate("toy", players=3, games=60, seed=1, processes=1)
    assert s.games == 60 and s.players == 3
    assert sum(s.wins_by_seat) == pytest.approx(60)
    assert sum(s.wins_by_bot.values()) == pytest.approx(60)
    assert s.seat_games_by_bot == {"random": 180}
    assert s.ties > 0, "three players winning one round each is a three-way tie"
    assert s.mean_steps == s.min_steps == s.max_steps == 9
    # every round is won by someone: scores per game add up to 3 rounds
    assert sum(s.mean_score_by_seat) == pytest.approx(3)


def test_seats_rotate_so_each_bot_plays_each_seat() -> None:
    bots = ("a", "b")
    seen = {(seat, seat_bots(bots, 3, g)[seat]) for g in range(4) for seat in range(3)}
    assert seen == {(seat, b) for seat in range(3) for b in bots}
    assert seat_bots(bots, 3, 0) == ("a", "b", "a")
    assert seat_bots(bots, 3, 1) == ("b", "a", "b")
    assert game_seed(7, 3) != game_seed(7, 4) and game_seed(7, 3) == game_seed(7, 3)


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    simulate("toy", games=10, seed=0, processes=1, progress=lambda d, t: calls.append((d, t)))
    assert calls[0] == (0, 10) and calls[-1] == (10, 10)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"game_id": "chess"}, "unknown game 'chess'"),
        ({"game_id": "toy", "bots": ("random", "oracle")}, "unknown bot 'oracle'"),
        ({"game_id": "toy", "players": 9}, "option 'players' for toy accepts 2, 3, not 9"),
        ({"game_id": "toy", "options": {"speed": 1}}, "unknown option 'speed'"),
        ({"game_id": "toy", "games": 0}, "games must be a positive integer"),
    ],
)
def test_bad_input_is_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        simulate(**kwargs)  # type: ignore[arg-type]


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "toy", "--games", "12", "--seed", "2", "--json", "--processes", "1"]
    assert main([*argv, "--players", "3", "--bots", "random,random"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 12 and data["players"] == 3 and data["seed"] == 2
    assert data["game"] == "toy" and data["bots"] == ["random", "random"]
    assert sum(data["wins_by_seat"]) == pytest.approx(12)


def test_cli_text_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "toy", "--games", "5", "--option", "lang=ja", "--processes", "1"]) == 0
    out = capsys.readouterr()
    assert "toy: 5 games" in out.out and "lang=ja" in out.out
    assert out.err == "", "no progress bar when stderr is not a terminal"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["simulate", "chess"], "unknown game 'chess'"),
        (["simulate", "toy", "--bots", "oracle"], "unknown bot 'oracle'"),
        (["simulate", "toy", "--option", "players=7"], "accepts 2, 3, not 7"),
        (["simulate", "toy", "--option", "nonsense"], "key=value"),
        (["simulate", "toy", "--games", "-1"], "positive integer"),
        (["simulate", "toy", "--option", "players=2.0"], "takes a whole number, not 2.0"),
        (["simulate", "toy", "--option", "players=true"], "does not take True or False"),
        *(
            (["simulate", g, "--option", "players=2.0", "--games", "1"], "not 2.0")
            for g in gamelib.available_games()
        ),
    ],
)
def test_cli_errors_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and message in err
    assert err.count("\n") == 1 and "Traceback" not in err, "one line, no traceback"


def test_cli_help_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "simulate" in capsys.readouterr().out
    assert main(["games"]) == 0
    out = capsys.readouterr().out
    assert "toy: High card / ハイカード" in out and "players=2" in out


def test_parse_option() -> None:
    assert parse_option("players=3") == ("players", 3)
    assert parse_option("blitz=true") == ("blitz", True)
    assert parse_option("p=0.5") == ("p", 0.5)
    assert parse_option("rules = magazine") == ("rules", "magazine")


def test_python_dash_m_gamelib() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "gamelib"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0 and "usage: python -m gamelib" in run.stdout
    bad = subprocess.run(
        [sys.executable, "-m", "gamelib", "simulate", "no-such-game"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "unknown game 'no-such-game'" in bad.stderr


def test_progress_bar_only_on_a_terminal() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    term = Terminal()
    bar = _ProgressBar(term)
    bar(0, 10)
    bar(5, 10)
    bar(10, 10)
    text = term.getvalue()
    assert "\r[" in text and "5/10 games" in text
    assert "#" * 30 in text and text.endswith("\n")
    pipe = io.StringIO()
    _ProgressBar(pipe)(5, 10)
    assert pipe.getvalue() == ""
