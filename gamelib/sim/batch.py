"""A batch of seeded bot games kept game by game, for analysis (the strategy lab) and export.

:func:`run_batch` plays the same games as :func:`gamelib.sim.simulate` for the same arguments
(game ``g`` is seeded from ``(seed, g)`` alone, seats rotate per game) and keeps every
:class:`GameResult`, so win rates can carry confidence intervals, scores and lengths can be
drawn as distributions, and the games exported as CSV. The games run here, in local worker
processes, or on a Dask cluster (``scheduler``); the results are the same wherever they ran.
"""

from __future__ import annotations

import csv
import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gamelib.core import OptionError, load
from gamelib.core.messages import CORE
from gamelib.core.registry import GAMES
from gamelib.sim.executors import run_chunks
from gamelib.sim.simulate import GameResult, Progress, Summary, _check, _run_chunk, summarize

__all__ = ["Batch", "run_batch"]

CSV_FIELDS = ("game", "index", "seed", "seat", "bot", "won", "win_share", "score", "steps")


@dataclass(frozen=True)
class Batch:
    """Every game of one batch, in game order, with what produced them."""

    game: str
    players: int
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int
    results: tuple[GameResult, ...]
    label: str = field(default="", compare=False)

    @property
    def games(self) -> int:
        """How many games the batch holds."""
        return len(self.results)

    def summary(self) -> Summary:
        """The batch added up as :func:`gamelib.sim.simulate` reports it."""
        return summarize(
            load(self.game, **self.options), self.results, seed=self.seed, bots=self.bots
        )

    def rows(self) -> list[dict[str, Any]]:
        """One row per game and seat (the CSV export's rows)."""
        out: list[dict[str, Any]] = []
        for r in self.results:
            share = 1.0 / len(r.winners) if r.winners else 0.0
            for seat in range(len(r.bots)):
                won = seat in r.winners
                out.append(
                    {
                        "game": self.game,
                        "index": r.index,
                        "seed": r.seed,
                        "seat": seat,
                        "bot": r.bots[seat],
                        "won": int(won),
                        "win_share": share if won else 0.0,
                        "score": r.scores[seat],
                        "steps": r.steps,
                    }
                )
        return out

    def to_csv(self, path: str | os.PathLike[str] | None = None) -> str:
        """The games as CSV text (one row per game and seat); also written to ``path`` if given.

        The first lines are ``#`` comments naming the game, options, bots and seed, so a file
        says how to reproduce it.
        """
        buf = io.StringIO()
        buf.write(f"# gamelib batch: game={self.game} players={self.players} seed={self.seed}\n")
        buf.write(f"# bots={','.join(self.bots)} options={dict(self.options)!r}\n")
        writer = csv.DictWriter(buf, fieldnames=CSV_FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(self.rows())
        text = buf.getvalue()
        if path is not None:
            Path(path).write_text(text, encoding="utf-8")
        return text


def run_batch(
    game_id: str,
    *,
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    options: Mapping[str, Any] | None = None,
    processes: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    label: str = "",
) -> Batch:
    """Play ``games`` seeded games and keep each one (see the module docstring).

    Arguments are those of :func:`gamelib.sim.simulate`; ``scheduler`` is ``None`` (this machine),
    ``"local"`` (a throw-away Dask ``LocalCluster`` with ``processes`` workers) or a Dask
    scheduler address. Raises :class:`gamelib.OptionError` for an unknown game, option or bot.
    """
    opts = dict(options or {})
    if players is not None:
        opts["players"] = players
    game = load(game_id, **opts)
    bots = tuple(bots)
    _check(game, bots, games, seed)
    opts = game.options.to_dict()
    if processes is None:
        processes = os.cpu_count() or 1
    if not isinstance(processes, int) or isinstance(processes, bool) or processes < 1:
        raise OptionError.of(CORE.term("sim_positive", name="processes", value=repr(processes)))
    processes = min(processes, games)
    chunk = max(1, min(64, games // (processes * 4) or 1))
    indices = list(range(games))
    target = GAMES.get(game_id)
    tasks = [
        (game_id, target, opts, seed, bots, indices[i : i + chunk]) for i in range(0, games, chunk)
    ]
    results: list[GameResult] = []
    if progress:
        progress(0, games)
    for part in run_chunks(_run_chunk, tasks, processes=processes, scheduler=scheduler):
        results.extend(part)
        if progress:
            progress(len(results), games)
    results.sort(key=lambda r: r.index)
    return Batch(game.id, game.players, opts, bots, seed, tuple(results), label)
