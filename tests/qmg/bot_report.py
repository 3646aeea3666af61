"""The bot report of docs/rules/qmg.md: heuristic against random on each side, and heuristic (or
random) bots on every seat for the Axis/Allies balance, over seeded games.

``python -m tests.qmg.bot_report [SCALE]`` (from the worktree root, ``PYTHONPATH=.``; run it
with ``nice``) prints one Markdown table row per line-up, playing ``SCALE`` (default 1) times
each line-up's count of games. Game ``i`` of a line-up uses seed
``SEED + i``; the bots are seeded ``seed`` (Axis seats) and ``seed + 1`` (Allied seats), as in
``tests/qmg/test_bots.py::play_game``.
"""

from __future__ import annotations

import sys

import gamelib
from gamelib.bots import make_bot

SEED = 10_000
LINEUPS = (
    (2, "heuristic", "random", 500),
    (2, "random", "heuristic", 500),
    (2, "heuristic", "heuristic", 1000),
    (6, "heuristic", "heuristic", 500),
    (2, "random", "random", 500),
)
"""(players, Axis bot, Allied bot, games): every Axis seat plays the first bot, every Allied
seat the second; 1,000 games of heuristic against random (500 on each side)."""


def play(players: int, seed: int, axis: str, allies: str) -> tuple[int, int]:
    """One seeded game played on the fast path; returns the VP of the Axis and the Allies."""
    game = gamelib.load("qmg", players=players)
    teams = [game.seats[s][0] % 2 for s in range(players)]
    bots = [make_bot(allies if team else axis, game, seed + team) for team in teams]
    st = game.new_state(seed=seed).clone()
    st.quiet = True
    while not st.is_terminal():
        seat = st.current_player
        st.apply_in_place(bots[seat].choose(st.view(seat), st.legal_actions()))
    return st.vp[0], st.vp[1]


def row(players: int, axis: str, allies: str, games: int) -> str:
    """A Markdown row: line-up, Axis wins (ties go to the Axis), mean VP of each team."""
    results = [play(players, SEED + i, axis, allies) for i in range(games)]
    wins = sum(1 for a, b in results if a >= b)
    mean_axis = sum(a for a, _ in results) / games
    mean_allies = sum(b for _, b in results) / games
    return (
        f"| {players} | {axis} | {allies} | {wins} / {games} ({100 * wins / games:.1f} %) "
        f"| {mean_axis:.1f} – {mean_allies:.1f} |"
    )


if __name__ == "__main__":
    scale = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    print("| players | Axis | Allies | Axis wins | mean VP Axis – Allies |")
    print("|---|---|---|---|---|")
    for players, axis, allies, games in LINEUPS:
        print(row(players, axis, allies, max(1, round(games * scale))), flush=True)
