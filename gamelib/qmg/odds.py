"""Odds of 主計将校 for the lesson: drawing a card type from a deck, and the VP race of bot games.

* :func:`draw_chances` — exact (hypergeometric, :func:`gamelib.core.probability.hypergeometric_pmf`)
  chance of drawing at least one card of each type within k turns from a deck's composition;
  :func:`deck_counts` gives the composition of a nation's deck as the teacher knows it (the state),
  :func:`unseen_counts` the cards a seat cannot see of its own nation (deck and discard pile
  together, since the view shows only the discard pile's size and top card).
* :func:`vp_race` — the VP of both teams at the end of each round of seeded bot games. The
  notebook's race (:data:`RACE_CALL`: 200 heuristic games, seed 2026, about 9 s to play) is
  stored in ``data/vp_race.json``, written by ``python -m gamelib.qmg.odds --write-race``;
  :func:`stored_race` answers that one call from the file when the engine still plays game 0
  of the race as recorded (:func:`race_fingerprint`), and ``tests/qmg/test_vp_race.py`` plays
  all 200 games again and compares, so the file cannot go stale unnoticed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gamelib.bots import ask, make_bot
from gamelib.core import Game, load
from gamelib.core.probability import hypergeometric_pmf
from gamelib.qmg.cards import CARD_TYPES, default_cards
from gamelib.qmg.view import QmgView
from gamelib.sim.simulate import game_seed

__all__ = [
    "RACE_CALL",
    "RACE_FILE",
    "deck_counts",
    "draw_chances",
    "race_fingerprint",
    "stored_race",
    "unseen_counts",
    "vp_race",
    "write_race",
]

Curve = tuple[list[int], list[int]]
"""One game of a race: (Axis VP, Allies VP) at the end of each round."""

RACE_FILE = Path(__file__).with_name("data") / "vp_race.json"
"""The stored race: the call it answers, the engine's fingerprint, the curves."""

RACE_CALL: dict[str, Any] = {"games": 200, "seed": 2026, "bots": ["heuristic", "heuristic"]}
"""The race of ``notebooks/qmg.ipynb`` (chapter 9), the one call :data:`RACE_FILE` answers."""


def draw_chances(
    counts: Mapping[str, int], *, turns: int = 10, per_turn: int = 1
) -> dict[str, list[float]]:
    """For each card type in ``counts``: P(at least one drawn within k turns), k = 1..``turns``.

    ``counts`` maps a type to how many cards of it the deck holds (the deck size is their sum);
    ``per_turn`` cards are drawn each turn (one after playing one card, the usual case), without
    replacement, so the answer is 1 − P(none) = 1 − h(0) of the hypergeometric distribution.
    """
    if turns < 1 or per_turn < 1:
        raise ValueError("turns and per_turn must be at least 1")
    if any(v < 0 for v in counts.values()):
        raise ValueError("card counts cannot be negative")
    size = sum(counts.values())
    out: dict[str, list[float]] = {}
    for kind, k in counts.items():
        if kind not in CARD_TYPES:
            raise ValueError(f"unknown card type {kind!r}: one of {', '.join(CARD_TYPES)}")
        out[kind] = [
            1.0 - hypergeometric_pmf(size, k, min(t * per_turn, size), 0) if size else 0.0
            for t in range(1, turns + 1)
        ]
    return out


def _types(ids: Sequence[str]) -> dict[str, int]:
    cards = default_cards()
    counted = Counter(cards.card(c).type for c in ids)
    return {t: counted[t] for t in CARD_TYPES if counted[t]}


def deck_counts(state: Any, nation: int) -> dict[str, int]:
    """Card types left in ``nation``'s deck (the teacher's knowledge: read from the state)."""
    decks = getattr(state, "decks", None)
    if decks is None:
        raise TypeError("deck_counts needs a 主計将校 state")
    return _types(decks[nation])


def unseen_counts(view: QmgView, nation: int) -> dict[str, int]:
    """Card types of ``nation`` the view cannot place: its whole deck minus its hand, its Status
    cards, its face-down Responses and the top card of its discard pile (the rest of the pile
    is face down, so it counts as unseen along with the deck)."""
    hand = view.hands[nation]
    responses = view.responses[nation]
    if hand is None or responses is None:
        raise ValueError("this view cannot see that nation's hand: use the owner's or teacher's")
    left = Counter(default_cards().decks[nation])
    top = view.discard_tops[nation]
    left.subtract([*hand, *view.table[nation], *responses, *([top] if top else [])])
    return _types(list((+left).elements()))


def vp_race(
    games: int = 200,
    *,
    seed: int = 0,
    bots: Sequence[str] = ("heuristic", "heuristic"),
    game: Game[Any] | None = None,
    stored: bool = True,
) -> list[Curve]:
    """Play ``games`` seeded games and return, per game, (Axis VP, Allies VP) after each round.

    A round's VP are read when the next round's first decision is reached (or the game ends);
    ``bots`` are the bot names of the seats, in order (default: two heuristic seats). Game ``i``
    uses the seed :func:`gamelib.sim.simulate.game_seed` (``seed``, ``i``), so the race is the
    same every time. The notebook's call (:data:`RACE_CALL`) is read from :data:`RACE_FILE`
    when :func:`stored_race` finds it valid, unless ``stored=False``: the games are then played.
    """
    g = game if game is not None else load("qmg", players=len(bots))
    if len(bots) != g.players:
        raise ValueError(f"give one bot per seat: {g.players} seats, {len(bots)} bots")
    if stored:
        found = stored_race(games, seed=seed, bots=bots, game=g)
        if found is not None:
            return found
    return [_race_game(g, bots, game_seed(seed, i))[0] for i in range(games)]


def _race_game(g: Game[Any], bots: Sequence[str], gseed: int) -> tuple[Curve, list[str]]:
    """One game of a race, played in place: its VP curve and its actions as text."""
    players = [make_bot(name, g, seed=gseed * 31 + s) for s, name in enumerate(bots)]
    state: Any = g.new_state(gseed)
    state.quiet = True
    axis: list[int] = []
    allies: list[int] = []
    rnd = state.round
    while (seat := state.current_player) is not None:
        action = ask(players[seat], state, seat, state.legal_actions())
        state.apply_in_place(action)
        if state.round != rnd:
            rnd = state.round
            axis.append(state.vp[0])
            allies.append(state.vp[1])
    axis.append(state.vp[0])
    allies.append(state.vp[1])
    return (axis, allies), [str(a) for a in state.history]


def race_fingerprint(g: Game[Any], bots: Sequence[str], seed: int) -> str:
    """What the engine and bots do now, in one hash: game 0 of a race (seed ``seed``) played
    again, its action texts and VP curve (SHA-256, hex). About one game's time (~50 ms)."""
    (axis, allies), history = _race_game(g, bots, game_seed(seed, 0))
    text = json.dumps({"history": history, "axis": axis, "allies": allies})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _race_call(games: int, seed: int, bots: Sequence[str], g: Game[Any]) -> dict[str, Any]:
    return {
        "games": games,
        "seed": seed,
        "bots": list(bots),
        "game": g.id,
        "options": g.options.to_dict(),
    }


def stored_race(
    games: int, *, seed: int, bots: Sequence[str], game: Game[Any]
) -> list[Curve] | None:
    """The race stored in :data:`RACE_FILE` if it answers this call, else ``None``.

    It answers only the call it records (games, seed, bots, the game's id and options), and
    only while :func:`race_fingerprint` still matches: an engine or bot change that alters game
    0 makes :func:`vp_race` play the games again (the full check is ``tests/qmg/test_vp_race.py``).
    """
    try:
        data = json.loads(RACE_FILE.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    if data.get("call") != _race_call(games, seed, bots, game):
        return None
    if data.get("fingerprint") != race_fingerprint(game, bots, seed):
        return None
    return [(list(axis), list(allies)) for axis, allies in data["curves"]]


def write_race(path: Path | None = None) -> dict[str, Any]:
    """Play the notebook's race (:data:`RACE_CALL`) and write it to ``path`` (default
    :data:`RACE_FILE`), one game per line; return what was written."""
    games, seed, bots = RACE_CALL["games"], RACE_CALL["seed"], RACE_CALL["bots"]
    g = load("qmg", players=len(bots))
    data: dict[str, Any] = {
        "about": "VP race of gamelib.qmg.odds.vp_race for the call below (notebooks/qmg.ipynb, "
        "chapter 9): per game, the Axis and Allies VP at the end of each round. Written by "
        "`python -m gamelib.qmg.odds --write-race`; tests/qmg/test_vp_race.py replays it.",
        "call": _race_call(games, seed, bots, g),
        "fingerprint": race_fingerprint(g, bots, seed),
        "curves": vp_race(games, seed=seed, bots=bots, game=g, stored=False),
    }
    head = json.dumps({k: v for k, v in data.items() if k != "curves"}, indent=1)
    lines = ",\n".join("  " + json.dumps([a, b], separators=(",", ":")) for a, b in data["curves"])
    text = head[:-2] + ',\n "curves": [\n' + lines + "\n ]\n}\n"
    (path or RACE_FILE).write_text(text, encoding="utf-8")
    return data


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m gamelib.qmg.odds --write-race [--out PATH]``: write the stored race."""
    parser = argparse.ArgumentParser(
        prog="python -m gamelib.qmg.odds",
        description="Write the notebook's VP race (200 seeded heuristic games) to its data file. "
        "ノートブックの勝利点レース（シード付き200ゲーム）をデータファイルに書き出します。",
    )
    parser.add_argument(
        "--write-race",
        action="store_true",
        help="play and write the race / レースを対戦して書き出す",
    )
    parser.add_argument(
        "--out", type=Path, default=None, help=f"file (default {RACE_FILE}) / 出力先ファイル"
    )
    args = parser.parse_args(argv)
    if not args.write_race:
        parser.print_help()
        return 2
    out = args.out or RACE_FILE
    data = write_race(out)
    n, seed = data["call"]["games"], data["call"]["seed"]
    print(f"wrote {n} games (seed {seed}) to {out}")
    print(f"{n}ゲーム（シード{seed}）を {out} に書き出しました")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
