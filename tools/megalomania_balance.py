"""Megalomania mission balance: how often each mission's task is met, by simulation.

For every mission, many first rounds are played (``first_mission=n``) by a bot at every seat
(``random`` or the game's ``heuristic``); for each player-round we record the mission's points.
A mission is "trivially won" if nearly every player scores, "impossible" if nobody ever does.

    python tools/megalomania_balance.py --rounds 200 --players 4 --bot heuristic
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import gamelib
from gamelib.bots import make_bot
from gamelib.megalomania.missions import MISSIONS, mission

__all__ = ["MissionStats", "format_table", "seat_win_shares", "simulate_mission"]


@dataclass(frozen=True)
class MissionStats:
    """Results of ``rounds`` simulated rounds of one mission."""

    number: int
    players: int
    bot: str
    rounds: int
    hit_rate: float  # share of player-rounds with non-zero points
    mean_points: float
    min_points: int
    max_points: int


def simulate_mission(
    number: int, *, players: int = 4, bot: str = "random", rounds: int = 100, seed: int = 0
) -> MissionStats:
    """Play ``rounds`` first rounds of mission ``number`` and collect each player's points."""
    game = gamelib.load("megalomania", players=players, length="short", first_mission=number)
    points: list[int] = []
    for r in range(rounds):
        state: Any = game.new_state(seed * 100_003 + r)
        bots = [make_bot(bot, game, seed=r * 7 + s) for s in range(players)]
        rng = random.Random(r)
        while state.round == 1:
            legal = state.legal_actions()
            seat = state.current_player
            if bot == "random":
                action = legal[rng.randrange(len(legal))]
            else:
                action = bots[seat].choose(state.view(seat), legal)
            nxt = state.clone()
            nxt._apply(action)
            nxt.history = (*state.history, str(action))
            state = nxt
        if state.round_missions[0] != number:
            raise ValueError(f"mission {number} is redrawn with {players} players")
        points.extend(state.round_scores[0])
    hits = sum(1 for p in points if p != 0)
    return MissionStats(
        number,
        players,
        bot,
        rounds,
        hits / len(points),
        statistics.fmean(points),
        min(points),
        max(points),
    )


def seat_win_shares(
    *, players: int = 4, games: int = 100, bot: str = "heuristic", length: str = "short",
    seed: int = 0,
) -> list[float]:
    """Share of wins per seat over ``games`` whole games (ties shared), bots at every seat."""
    game = gamelib.load("megalomania", players=players, length=length)
    wins = [0.0] * players
    for g in range(games):
        state: Any = game.new_state(seed * 100_003 + g)
        bots = [make_bot(bot, game, seed=g * 7 + s) for s in range(players)]
        while not state.is_terminal():
            seat = state.current_player
            action = bots[seat].choose(state.view(seat), state.legal_actions())
            nxt = state.clone()
            nxt._apply(action)
            nxt.history = (*state.history, str(action))
            state = nxt
        winners = state.outcome().winners
        for w in winners:
            wins[w] += 1 / len(winners)
    return [w / games for w in wins]


def format_table(rows: Sequence[MissionStats]) -> str:
    """A Markdown table of the results."""
    lines = [
        "| # | task | score | players | bot | rounds | scored | mean | range |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for s in rows:
        m = mission(s.number)
        lines.append(
            f"| {s.number} | {m.task.en} | {m.score_text()} | {s.players} | {s.bot} | {s.rounds} "
            f"| {s.hit_rate:.0%} | {s.mean_points:+.2f} | {s.min_points}..{s.max_points} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: print the table for the chosen players and bots."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--rounds", type=int, default=100)
    ap.add_argument("--players", type=int, nargs="+", default=[4])
    ap.add_argument("--bot", nargs="+", default=["random", "heuristic"])
    ap.add_argument("--missions", type=int, nargs="*", default=[m.number for m in MISSIONS])
    ap.add_argument("--seats", type=int, default=0, help="also play this many whole games per "
                    "player count and print each seat's share of wins")
    args = ap.parse_args(argv)
    if args.seats:
        for players in args.players:
            for bot in args.bot:
                shares = seat_win_shares(players=players, games=args.seats, bot=bot)
                print(f"{players} players, {bot}: win share by seat "
                      + ", ".join(f"P{i + 1} {x:.0%}" for i, x in enumerate(shares)))
    rows = []
    for players in args.players:
        for number in args.missions:
            if (mission(number).pairs and players != 4) or (number == 8 and players == 2):
                continue
            for bot in args.bot:
                rows.append(simulate_mission(number, players=players, bot=bot, rounds=args.rounds))
    print(format_table(rows))


if __name__ == "__main__":
    main()
