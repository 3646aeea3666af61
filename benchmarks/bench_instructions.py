"""Instructions per random-playout step of every gamelib game, checked and fast path, counted by
valgrind's callgrind, as ratios to OpenSpiel's pure-Python ``python_liars_poker`` (issue 12).

Wall-clock ratios (:mod:`benchmarks.bench_throughput`) swing by ±20–30% between runs on a shared
machine; instruction counts do not depend on what else runs. Each subject is one subprocess under
``valgrind --tool=callgrind`` (never two at a time) that plays **the same playouts** as the
throughput benchmark (its ``gamelib_playout`` / ``openspiel_playout``: the same seeds and random
actions, games 0, 1, 2, … in order): warm-up games until :data:`WARM_STEPS` steps, then measured
games until :data:`STEPS` steps (whole games, so the counts are fixed by the seeds, not by time).
Start-up and warm-up are excluded exactly: the child calls ``os.getppid()`` before and after the
measured games and callgrind dumps its counters on entering ``getppid`` (``--dump-before``), so
the second dump holds the measured games alone. They also run uninstrumented (4× faster): valgrind
starts with ``--instr-atstart=no`` and the child turns instrumentation on with
``callgrind_control -i on`` after its warm-up (if that fails, the subject runs again instrumented
from the start; the two ways differ by under 1%). ``PYTHONHASHSEED=0`` keeps each repeatable.
The ratio is the reference's instructions per step divided by the game's (higher is better, as
with steps/s); targets as in issue 12: checked ≥ 0.5×, fast ≥ 1.0×. Without valgrind the
benchmark gives one "skipped" row; without open_spiel, rows without a reference.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from benchmarks import Row, row, shipped_games
from benchmarks.bench_throughput import PATHS, REFERENCE, TARGETS

__all__ = ["count", "main", "parse_totals", "play", "play_games", "run"]

NAME = "instructions"
ROOT = Path(__file__).resolve().parents[1]
WARM_STEPS = 400
"""Steps of warm-up games (whole games, at least one) before the measured ones."""
STEPS = 4000
"""Steps of measured games (whole games, at least one); about 10–25 s per subject here."""
QUICK = (100, 1000)
"""``(WARM_STEPS, STEPS)`` of a quick run."""
MARKER = "getppid"
"""The C function whose entry makes callgrind dump its counters (``os.getppid()`` calls it)."""
UNIT = "instr/step"
TIMEOUT = 600.0
"""Seconds a subject may take under valgrind before its row says it failed."""


def play(subject: str, path: str, warm_steps: int, steps: int, switch: bool = False
         ) -> dict[str, int]:
    """Play ``subject``'s playouts (a game id, or :data:`REFERENCE`) in this process: warm-up
    games until ``warm_steps`` steps, (``switch``: ``callgrind_control -i on`` for this process),
    ``os.getppid()``, games until ``steps`` more steps, ``os.getppid()``. Returns the games and
    steps of both parts, and ``switched`` (1 when instrumentation was turned on, else 0)."""
    from benchmarks.bench_throughput import gamelib_playout, openspiel_playout

    if subject == REFERENCE:
        play_one = openspiel_playout(REFERENCE)
        if play_one is None:
            raise RuntimeError("open_spiel is not installed")
    else:
        play_one = gamelib_playout(subject, path)
    warm_games, warm = play_games(play_one, 0, warm_steps)
    switched = 0
    if switch:
        done = subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())],
                              capture_output=True, check=False)
        switched = int(done.returncode == 0)
    os.getppid()  # callgrind dumps start-up and warm-up here
    games, measured = play_games(play_one, warm_games, steps)
    os.getppid()  # and the measured games here
    return {"warm_games": warm_games, "warm_steps": warm,
            "games": games, "steps": measured, "switched": switched}


def play_games(play_one: Callable[[int], int], first: int, steps: int) -> tuple[int, int]:
    """Play whole games ``first``, ``first + 1``, … until ``steps`` steps (at least one game):
    the games and the steps played."""
    game = first
    played = 0
    while game == first or played < steps:
        played += play_one(game)
        game += 1
    return game - first, played


def parse_totals(text: str) -> int:
    """The instruction count of a callgrind output file: its ``totals:`` line (else its
    ``summary:`` line), first event (``Ir``, the only one without cache simulation)."""
    found: dict[str, int] = {}
    for line in text.splitlines():
        key, sep, rest = line.partition(":")
        if sep and key in ("totals", "summary") and key not in found:
            fields = rest.split()
            if fields and fields[0].isdigit():
                found[key] = int(fields[0])
    for key in ("totals", "summary"):
        if key in found:
            return found[key]
    raise ValueError("no 'totals:' or 'summary:' line in the callgrind output")


def count(subject: str, path: str, warm_steps: int, steps: int) -> dict[str, Any]:
    """Run :func:`play` under callgrind, instrumented from the warm-up's end if
    ``callgrind_control`` can switch it on, else from the start; the games and steps it played
    and the instructions of the measured games (``instructions``). Raises ``RuntimeError`` on
    any failure."""
    if shutil.which("callgrind_control") is not None:
        result = _count(subject, path, warm_steps, steps, switch=True)
        if result["switched"]:
            return result
    return _count(subject, path, warm_steps, steps, switch=False)


def _count(subject: str, path: str, warm_steps: int, steps: int, switch: bool) -> dict[str, Any]:
    args = ["benchmarks.bench_instructions", "--child", subject, path, str(warm_steps),
            str(steps), *(["--switch"] if switch else [])]
    result, parts = callgrind_parts(args, instrument_at_start=not switch)
    result["instructions"] = parts[1]
    return result


def callgrind_parts(args: list[str], *, instrument_at_start: bool = True,
                    timeout: float = TIMEOUT) -> tuple[dict[str, Any], list[int]]:
    """Run ``python -m ARGS`` under callgrind, from the checkout, dumping its counters at each
    of its two :data:`MARKER` calls: the JSON its last printed line holds, and the
    instructions before the first call and between the two. Raises ``RuntimeError`` on any
    failure."""
    with tempfile.TemporaryDirectory(prefix="gamelib-callgrind-") as tmp:
        out = Path(tmp) / "callgrind.out"
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}",
            f"--dump-before={MARKER}", f"--instr-atstart={'yes' if instrument_at_start else 'no'}",
            sys.executable, "-m", *args,
        ]
        env = dict(os.environ, PYTHONHASHSEED="0")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
        try:
            done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                                  timeout=timeout, check=False)
        except subprocess.TimeoutExpired as err:
            raise RuntimeError(f"over {timeout:.0f} s under valgrind") from err
        if done.returncode != 0:
            tail = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise RuntimeError(f"exit status {done.returncode}: {tail}")
        result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
        dumps = sorted(p.name for p in Path(tmp).glob("callgrind.out.*"))
        if dumps != ["callgrind.out.1", "callgrind.out.2"]:  # a third call would blur the parts
            raise RuntimeError(f"expected 2 dumps at {MARKER}(), found {len(dumps)}")
        parts = [parse_totals((Path(tmp) / name).read_text()) for name in dumps]
    return result, parts


def _note(counted: dict[str, Any]) -> str:
    first = counted["warm_games"]
    last = first + counted["games"] - 1
    return f"games {first}–{last} ({counted['steps']} steps; {counted['warm_games']} warm-up)"


def run(quick: bool = False) -> list[Row]:
    """Instructions per step of the reference and of every shipped game on both paths; ratio =
    the reference's instructions per step / the game's."""
    if shutil.which("valgrind") is None:
        return [row(NAME, "all games", float("nan"), UNIT,
                    notes="skipped: valgrind not found (apt-get install valgrind)")]
    warm, steps = QUICK if quick else (WARM_STEPS, STEPS)
    rows: list[Row] = []
    ref: float | None = None
    label: str | None = None
    if importlib.util.find_spec("pyspiel") is None:
        missing = "open_spiel not installed (pip install -e '.[bench]'): no reference"
    else:
        missing = ""
        print(f"  {REFERENCE} under callgrind ...", file=sys.stderr, flush=True)
        try:
            counted = count(REFERENCE, "", warm, steps)
        except (RuntimeError, ValueError) as err:
            missing = f"reference failed: {err}"
            rows.append(row(NAME, f"open_spiel {REFERENCE}", float("nan"), UNIT, notes=missing))
        else:
            ref = counted["instructions"] / counted["steps"]
            label = f"open_spiel {REFERENCE}: {ref:,.0f} {UNIT}"
            rows.append(row(NAME, f"open_spiel {REFERENCE}", ref, UNIT,
                            notes=f"the reference; {_note(counted)}"))
    for game_id in shipped_games():
        for path in PATHS:
            subject = f"{game_id} ({path})"
            print(f"  {subject} under callgrind ...", file=sys.stderr, flush=True)
            try:
                counted = count(game_id, path, warm, steps)
            except (RuntimeError, ValueError) as err:
                rows.append(row(NAME, subject, float("nan"), UNIT, notes=f"failed: {err}"))
                continue
            value = counted["instructions"] / counted["steps"]
            note = f"{_note(counted)}; target ≥ {TARGETS[path]}×"
            if ref is None:
                note = f"{note}; {missing}"
            result = row(NAME, subject, value, UNIT, label, ref, note)
            result["ratio"] = ref / value if ref else None  # fewer instructions is better
            rows.append(result)
    return rows


def main(argv: list[str] | None = None) -> int:
    """``python -m benchmarks.bench_instructions --child SUBJECT PATH WARM STEPS [--switch]``
    plays one subject (what :func:`count` runs under valgrind) and prints its counts as JSON."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_instructions")
    parser.add_argument("--child", nargs=4, metavar=("SUBJECT", "PATH", "WARM", "STEPS"),
                        required=True)
    parser.add_argument("--switch", action="store_true",
                        help="turn callgrind's instrumentation on after the warm-up")
    args = parser.parse_args(argv)
    subject, path, warm, steps = args.child
    print(json.dumps(play(subject, path, int(warm), int(steps), args.switch)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
