"""Balance of the reconstructed 列強の興亡 cards: win share of each starting territory.

Plays games with the heuristic bot in every seat (gamelib.rekkyo.bots) and reports, per player
count, each starting territory's share of the wins (a shared win counts 1/k) against its fair
share 1/n, with a 95 % interval.

    python tools/rekkyo_balance.py --games 200 --players 2 3 4 5 6 7 [--cards FILE] [--bot random]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import gamelib
from gamelib.bots import make_bot


@dataclass
class BalanceRow:
    """Win share of one starting territory at one player count."""

    players: int
    territory: str
    games: int
    wins: float
    fair: float
    mean_score: float

    @property
    def share(self) -> float:
        """Fraction of the games it won."""
        return self.wins / self.games if self.games else 0.0

    @property
    def stderr(self) -> float:
        """Standard error of the share."""
        p = self.share
        return math.sqrt(max(p * (1 - p), 1e-9) / max(self.games, 1))

    @property
    def ratio(self) -> float:
        """Share over fair share (1.0 is fair)."""
        return self.share / self.fair


@dataclass
class BalanceReport:
    """Rows per player count, and how long it took."""

    rows: list[BalanceRow] = field(default_factory=list)
    seconds: float = 0.0

    def worst_ratio(self) -> float:
        """The largest share / fair-share ratio over all rows."""
        return max((r.ratio for r in self.rows), default=0.0)

    def markdown(self) -> str:
        """The rows as a Markdown table."""
        lines = ["| players | start | games | win share | ±95% | fair | ratio | mean 国力 |",
                 "|---:|---|---:|---:|---:|---:|---:|---:|"]
        for r in self.rows:
            lines.append(f"| {r.players} | {r.territory} | {r.games} | {r.share:.3f} | "
                         f"{1.96 * r.stderr:.3f} | {r.fair:.3f} | {r.ratio:.2f} | "
                         f"{r.mean_score:.1f} |")
        return "\n".join(lines)


def play_one(args: tuple[int, int, str, dict[str, Any]]) -> tuple[list[str], list[float],
                                                                   list[int]]:
    """Play one game; return each seat's starting territory, the scores and the winners."""
    players, seed, bot, options = args
    game = gamelib.load("rekkyo", players=players, **options)
    bots = [make_bot(bot, game, seed * 31 + i) for i in range(players)]
    state = game.new_state(seed)
    steps = 0
    while not state.is_terminal():
        p = state.current_player
        action = bots[p].choose(state.view(p), state.legal_actions())
        state = gamelib.play(state, action)
        steps += 1
        if steps > 20_000:
            raise RuntimeError(f"seed {seed}: no end after 20000 steps")
    out = state.outcome()
    return [h[0] for h in state.home], list(out.scores), list(out.winners)


def balance(players: Sequence[int] = (2, 3, 4, 5, 6, 7), games: int = 200, *,
            bot: str = "heuristic", seed: int = 0, workers: int = 2,
            options: dict[str, Any] | None = None) -> BalanceReport:
    """Play ``games`` games per player count and return the win shares per starting territory."""
    start = time.perf_counter()
    report = BalanceReport()
    opts = dict(options or {})
    for n in players:
        jobs = [(n, seed * 100_000 + g, bot, opts) for g in range(games)]
        if workers > 1:
            with ProcessPoolExecutor(workers) as pool:
                results = list(pool.map(play_one, jobs, chunksize=8))
        else:
            results = [play_one(j) for j in jobs]
        wins: dict[str, float] = defaultdict(float)
        seen: dict[str, int] = defaultdict(int)
        score: dict[str, float] = defaultdict(float)
        for homes, scores, winners in results:
            for seat, t in enumerate(homes):
                seen[t] += 1
                score[t] += scores[seat]
                if seat in winners:
                    wins[t] += 1 / len(winners)
        for t in sorted(seen, key=lambda t: -wins[t] / seen[t]):
            report.rows.append(BalanceRow(n, t, seen[t], wins[t], 1 / n, score[t] / seen[t]))
    report.seconds = time.perf_counter() - start
    return report


def card_tables(cards: Any = None) -> dict[str, str]:
    """Markdown tables of the card file (for docs/rules/rekkyo.md)."""
    from gamelib.rekkyo.cards import default_cards

    c = cards or default_cards()
    t_lines = ["| id | 名前 | name | 国力 | start rank | land links | sea links |",
               "|---|---|---|---:|---:|---|---|"]
    for t in c.territories:
        t_lines.append(f"| {t.id} | {t.name.ja} | {t.name.en} | {t.power} | "
                       f"{t.start_rank or '—'} | {', '.join(t.land) or '—'} | "
                       f"{', '.join(t.sea) or '—'} |")
    w_lines = ["| id | 名前 | name | strength | kind | F | open | die | producer | count |",
               "|---|---|---|---:|---|---|---|---|---|---:|"]
    for w in c.weapons:
        die = "/".join(map(str, w.die)) if w.die else ""
        w_lines.append(f"| {w.id} | {w.name.ja} | {w.name.en} | {w.strength} | {w.kind} | "
                       f"{'F' if w.fighter else ''} | {'OPEN' if w.open else ''} | {die} | "
                       f"{w.producer} | {w.count} |")
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for w in c.weapons:
        per[w.producer][0] += w.count
        per[w.producer][1] += w.count * w.strength
    w_lines.append("")
    w_lines.append("Per producer (cards / total printed strength): " + ", ".join(
        f"{p} {n}/{s}" for p, (n, s) in per.items()))
    e_lines = ["| id | 名前 | name | kind | use | strength | other | count |",
               "|---|---|---|---|---|---:|---|---:|"]
    for e in c.events:
        other = []
        if e.halves_score:
            other.append("user's 国力 halved")
        if e.interceptable:
            other.append("interceptable")
        if e.draw:
            other.append(f"draw {e.draw}")
        if e.max_power:
            other.append(f"neutral of power ≤ {e.max_power}")
        if e.success:
            other.append("success on " + "/".join(map(str, e.success)))
        e_lines.append(f"| {e.id} | {e.name.ja} | {e.name.en} | {e.kind} | {e.use} | "
                       f"{e.strength} | {'; '.join(other)} | {e.count} |")
    return {"TERRITORY_TABLE": "\n".join(t_lines), "WEAPON_TABLE": "\n".join(w_lines),
            "EVENT_TABLE": "\n".join(e_lines)}


def main(argv: Sequence[str] | None = None) -> int:
    """Command line entry point."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5, 6, 7])
    ap.add_argument("--bot", default="heuristic")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--cards", default="", help="card file (TOML), read here and passed inline")
    ns = ap.parse_args(argv)
    opts: dict[str, Any] = {}
    if ns.cards:
        import tomllib

        with open(ns.cards, "rb") as f:
            opts["cards"] = tomllib.load(f)
    report = balance(ns.players, ns.games, bot=ns.bot, seed=ns.seed, workers=ns.workers,
                     options=opts)
    print(report.markdown())
    print(f"\nworst ratio {report.worst_ratio():.2f}; {report.seconds:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
