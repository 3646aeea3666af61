"""Batch simulation: many seeded bot-versus-bot games of any registered game, on every core.

Seats cycle through the bot list and the assignment rotates by one seat per game, so with enough
games every bot plays every seat. Game ``g`` is seeded from ``(seed, g)`` alone and results are
summed in game order, so the same seed gives the same :class:`Summary` whatever the number of
processes. Workers load the game through the registry by id. They are started with the ``fork``
method when that is safe (a POSIX process running one thread, such as ``python -m gamelib
simulate``: the workers start at once, with gamelib already imported), else with ``spawn`` (in
notebooks, whose kernels run threads, and on every OS); the results are the same either way.

Wins are counted fractionally: a game won by ``k`` tied players gives ``1/k`` of a win to each,
so the wins of all seats add up to the number of games; such games are also counted in
:attr:`Summary.ties`.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from gamelib.bots import (
    RandomBot,
    check_bot_name,
    make_bot,
    needs_view,
    samples_worlds,
    world_sampler,
)
from gamelib.core import Game, GameLibError, OptionError, State, load
from gamelib.core.messages import CORE
from gamelib.core.registry import GAMES

__all__ = ["GameResult", "Summary", "game_seed", "play_one", "seat_bots", "simulate"]

Progress = Callable[[int, int], None]

MAX_STEPS = 200_000
"""A game still running after this many steps is reported as an error (a rules bug)."""


@dataclass(frozen=True)
class GameResult:
    """One finished game: its index, winners, scores, length and which bot sat where."""

    index: int
    seed: int
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    steps: int


@dataclass
class Summary:
    """What a batch of games gave, per seat and per bot (see the module docstring for ties)."""

    game: str
    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    options: dict[str, Any]
    wins_by_seat: list[float]
    wins_by_bot: dict[str, float]
    seat_games_by_bot: dict[str, int]
    ties: int
    mean_score_by_seat: list[float]
    mean_score_by_bot: dict[str, float]
    mean_steps: float
    min_steps: int
    max_steps: int
    processes: int = field(default=1, compare=False)

    def win_rate_by_bot(self) -> dict[str, float]:
        """Wins per seat played, for each bot (1/players is what chance gives)."""
        return {b: self.wins_by_bot[b] / n if n else 0.0 for b, n in self.seat_games_by_bot.items()}

    def to_dict(self) -> dict[str, Any]:
        """The summary as plain JSON-able data (``processes`` left out: it does not change it)."""
        data = asdict(self)
        data.pop("processes")
        data["bots"] = list(self.bots)
        data["win_rate_by_bot"] = self.win_rate_by_bot()
        return data

    def to_json(self) -> str:
        """The summary as one JSON object."""
        return json.dumps(self.to_dict(), ensure_ascii=False, sort_keys=True)

    def text(self) -> str:
        """A readable report."""
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items())
        lines = [
            f"{self.game}: {self.games} games, {self.players} players, seed {self.seed}"
            + (f" ({opts})" if opts else ""),
            f"length: mean {self.mean_steps:.1f} steps (min {self.min_steps}, "
            f"max {self.max_steps}); ties: {self.ties}",
            "",
            f"{'seat':<8}{'wins':>10}{'win %':>9}{'mean score':>13}",
        ]
        for seat in range(self.players):
            wins = self.wins_by_seat[seat]
            pct = 100 * wins / self.games if self.games else 0.0
            lines.append(
                f"{seat:<8}{wins:>10.2f}{pct:>8.1f}%{self.mean_score_by_seat[seat]:>13.2f}"
            )
        lines += ["", f"{'bot':<14}{'seat-games':>11}{'wins':>10}{'win %':>9}{'mean score':>13}"]
        rates = self.win_rate_by_bot()
        for bot, n in self.seat_games_by_bot.items():
            lines.append(
                f"{bot:<14}{n:>11}{self.wins_by_bot[bot]:>10.2f}{100 * rates[bot]:>8.1f}%"
                f"{self.mean_score_by_bot[bot]:>13.2f}"
            )
        lines.append("(a tie among k winners counts 1/k of a win for each)")
        return "\n".join(lines)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch seeded with ``seed``."""
    return (seed * 1_000_003 + index) % (1 << 62)


def seat_bots(bots: Sequence[str], players: int, index: int) -> tuple[str, ...]:
    """Which bot sits at each seat in game ``index``: the bot list cycled, rotated per game."""
    return tuple(bots[(seat + index) % len(bots)] for seat in range(players))


def play_one(game: Game[Any], index: int, seed: int, bots: Sequence[str]) -> GameResult:
    """Play game ``index`` of a batch to the end and return its result.

    The fast path: the new state belongs to this function alone, so it is played in place
    (:meth:`State.apply_in_place`) instead of copied at every step; a bot's choice is checked
    against the legal actions it was given. Views are built only for bots that read them
    (:func:`gamelib.bots.needs_view`), and when none does the game is played ``quiet`` (no log,
    from the set-up on: ``new_state(seed, quiet=True)``). The random bot's choice is inlined.
    The game is the one :func:`gamelib.play` would give (the conformance suite checks it).
    """
    gseed = game_seed(seed, index)
    names = seat_bots(bots, game.players, index)
    players = [make_bot(name, game, seed=gseed * 31 + s) for s, name in enumerate(names)]
    viewers = [needs_view(bot) for bot in players]
    searchers = [samples_worlds(bot) for bot in players]
    choosers: list[Any] = [bot.choose for bot in players]  # a search bot's takes ``worlds``
    # The random bot's choice inlined (its own ``rng.randrange``, the same draws); an action
    # picked from the legal list needs no membership check.
    pickers = [bot.rng.randrange if type(bot) is RandomBot else None for bot in players]
    state: State[Any] = game.new_state(gseed, quiet=not any(viewers))
    steps = 0
    apply = state.apply_in_place
    while True:
        seat = state.current_player
        if seat is None:
            break
        if steps >= MAX_STEPS:
            raise GameLibError.of(CORE.term(
                "sim_no_end", game=game.id, index=index, seed=gseed, limit=MAX_STEPS))
        legal = state.legal_actions()
        pick = pickers[seat]
        if pick is not None and legal:
            apply(legal[pick(len(legal))])
            steps += 1
            continue
        view = state.view(seat) if viewers[seat] else None
        if searchers[seat]:
            action = choosers[seat](view, legal, worlds=world_sampler(state, seat))
        else:
            action = choosers[seat](view, legal)
        if action not in legal:
            raise GameLibError.of(CORE.term("sim_bad_bot_move", game=game.id, index=index,
                                             seed=gseed, bot=repr(names[seat]), action=action))
        apply(action)
        steps += 1
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(index, gseed, names, outcome.winners, outcome.scores, steps)


def _run_chunk(
    task: tuple[str, str | None, dict[str, Any], int, tuple[str, ...], list[int]],
) -> list[GameResult]:
    game_id, target, options, seed, bots, indices = task
    if target is not None and game_id not in GAMES:
        GAMES[game_id] = target  # a game registered at run time in the parent (e.g. in tests)
    game = load(game_id, **options)
    return [play_one(game, i, seed, bots) for i in indices]


def _check(game: Game[Any], bots: Sequence[str], games: int, seed: int) -> None:
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise OptionError.of(CORE.term("sim_positive", name="games", value=repr(games)))
    if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise OptionError.of(CORE.term("sim_seed", value=repr(seed)))
    if not bots:
        raise OptionError.of(CORE.term("sim_no_bot"))
    for name in bots:
        check_bot_name(name, game)


def simulate(
    game_id: str,
    *,
    players: int | None = None,
    games: int = 100,
    seed: int = 0,
    bots: Sequence[str] = ("random",),
    options: Mapping[str, Any] | None = None,
    processes: int | None = None,
    progress: Progress | None = None,
    scheduler: str | None = None,
) -> Summary:
    """Play ``games`` seeded games of ``game_id`` between ``bots`` and summarize them.

    ``players`` (when given) is passed as the game's ``players`` option. ``processes`` defaults to
    every core (one process for small batches); ``progress(done, total)`` is called as games end.
    ``scheduler`` runs the games on a Dask cluster instead (``"local"`` or an address; see
    :mod:`gamelib.sim.executors`); the summary is the same wherever the games ran.
    Raises :class:`gamelib.OptionError` for an unknown game, option or bot.
    """
    from gamelib.sim.batch import run_batch

    batch = run_batch(
        game_id,
        players=players,
        games=games,
        seed=seed,
        bots=bots,
        options=options,
        processes=processes,
        scheduler=scheduler,
        progress=progress,
    )
    summary = summarize(load(game_id, **batch.options), batch.results, seed=seed, bots=batch.bots)
    summary.processes = min(processes or os.cpu_count() or 1, games)
    return summary


def summarize(
    game: Game[Any], results: Sequence[GameResult], *, seed: int, bots: Sequence[str]
) -> Summary:
    """Add up game results (in the given order) into a :class:`Summary`."""
    n = game.players
    wins_seat = [0.0] * n
    score_seat = [0.0] * n
    wins_bot = {b: 0.0 for b in dict.fromkeys(bots)}
    score_bot = {b: 0.0 for b in wins_bot}
    seat_games = {b: 0 for b in wins_bot}
    ties = 0
    for r in results:
        share = 1.0 / len(r.winners) if r.winners else 0.0
        if len(r.winners) > 1:
            ties += 1
        for w in r.winners:
            wins_seat[w] += share
            wins_bot[r.bots[w]] += share
        for s, score in enumerate(r.scores):
            score_seat[s] += score
            score_bot[r.bots[s]] += score
            seat_games[r.bots[s]] += 1
    count = len(results)
    steps = [r.steps for r in results]
    return Summary(
        game=game.id,
        players=n,
        games=count,
        seed=seed,
        bots=tuple(bots),
        options=game.options.to_dict(),
        wins_by_seat=wins_seat,
        wins_by_bot=wins_bot,
        seat_games_by_bot=seat_games,
        ties=ties,
        mean_score_by_seat=[s / count for s in score_seat],
        mean_score_by_bot={
            b: score_bot[b] / seat_games[b] if seat_games[b] else 0.0 for b in wins_bot
        },
        mean_steps=sum(steps) / count,
        min_steps=min(steps),
        max_steps=max(steps),
    )
