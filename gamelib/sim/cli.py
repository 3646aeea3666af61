"""The command line: ``python -m gamelib games`` and ``python -m gamelib simulate GAME ...``.

Errors in what the user typed (unknown game, bot or option, bad number) print one clear message
to stderr and exit with status 2, like argparse's own usage errors.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Sequence
from typing import Any, TextIO

from gamelib.core import GameLibError, OptionError, available_games, load, option_specs
from gamelib.core.messages import CORE
from gamelib.sim.batch import run_batch

__all__ = ["build_parser", "main", "parse_option"]

USAGE_ERROR = 2


def parse_option(text: str) -> tuple[str, Any]:
    """Parse ``key=value``; the value becomes a bool, int or float when it reads as one."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise OptionError.of(CORE.term("sim_option_text", text=repr(text)))
    raw = raw.strip()
    value: Any = raw
    if raw.lower() in ("true", "false"):
        value = raw.lower() == "true"
    else:
        for kind in (int, float):
            try:
                value = kind(raw)
            except ValueError:
                continue
            break
    return key, value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``python -m gamelib``."""
    parser = argparse.ArgumentParser(
        prog="python -m gamelib",
        description="gamelib: rules engines for Japanese tabletop games.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.add_parser("games", help="list the available games and their options")
    sim = sub.add_parser(
        "simulate",
        help="play many bot-versus-bot games and summarize wins, scores and lengths",
        description="Play many seeded bot-versus-bot games. Seats cycle through the bots and "
        "rotate each game; a tie among k winners counts 1/k of a win for each.",
    )
    sim.add_argument("game", help="game id (see `python -m gamelib games`)")
    sim.add_argument("--players", type=int, default=None, help="number of players")
    sim.add_argument("--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument("--seed", type=int, default=0, help="seed of the batch (default 0)")
    sim.add_argument(
        "--bots", default="random", help="comma-separated bot names, cycled over the seats"
    )
    sim.add_argument(
        "--processes", type=int, default=None, help="worker processes (default: cores)"
    )
    sim.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option, e.g. --option rules=magazine (repeatable)",
    )
    sim.add_argument(
        "--scheduler",
        default=None,
        metavar="ADDRESS",
        help="run on a Dask cluster: 'local' starts one on this machine, or a scheduler "
        "address such as tcp://HOST:8786 (needs: pip install 'gamelib[dask]')",
    )
    sim.add_argument("--csv", default=None, metavar="FILE", help="also write every game to FILE")
    sim.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


class _ProgressBar:
    """A one-line progress bar on a terminal's stderr (nothing when stderr is not a terminal)."""

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.enabled = stream.isatty()
        self.start = time.monotonic()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = width * done // total if total else width
        rate = done / max(time.monotonic() - self.start, 1e-9)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games ({rate:,.0f}/s)"
        )
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def _games(out: TextIO) -> int:
    for gid in available_games():
        try:
            game = load(gid)
        except Exception as err:  # a game being written may not load yet: say so, go on
            out.write(f"{gid}: does not load ({type(err).__name__}: {err})\n")
            continue
        out.write(f"{gid}: {game.title.en} / {game.title.ja}\n")
        for name, spec in option_specs(type(game.options)).items():
            choices = spec["choices"]
            shown = f" (choices: {', '.join(map(str, choices))})" if choices else ""
            out.write(f"    {name}={spec['default']!r}{shown}  {spec['doc']}\n")
    return 0


def _simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    options = dict(parse_option(o) for o in args.option)
    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    batch = run_batch(
        args.game,
        players=args.players,
        games=args.games,
        seed=args.seed,
        bots=bots,
        options=options,
        processes=args.processes,
        scheduler=args.scheduler,
        progress=_ProgressBar(err),
    )
    if args.csv:
        batch.to_csv(args.csv)
    summary = batch.summary()
    summary.processes = min(args.processes or os.cpu_count() or 1, args.games)
    out.write(summary.to_json() + "\n" if args.json else summary.text() + "\n")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    out, err = sys.stdout, sys.stderr
    try:
        if args.command == "games":
            return _games(out)
        if args.command == "simulate":
            return _simulate(args, out, err)
    except GameLibError as problem:
        err.write(f"error: {problem}\n")
        return USAGE_ERROR
    parser.print_help(out)
    return 0
