"""The search contract of 毒ガス塹壕戦 (issue 11): every action, bounds, numbers, sampled worlds.

* :func:`all_actions`: every action a state with these options can offer, in an order built from
  the rule tables only (phases, then soldiers, verbs, directions N E S W, cells a1..g7), so the
  ids are the same in every process.
* :func:`max_length` and :func:`score_bounds`: bounds derived from the rules (see their
  docstrings); the free transfers of R6.11 are capped per turn (:data:`GIVES_PER_TURN`, a
  ruling in docs/rules/trench.md) so that every game is finite.
* :func:`observation_size` / :func:`observe`: a seat's view as a fixed-length list of numbers.
* :func:`sample_world`: a state consistent with one seat's view, the rest dealt anew.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from gamelib.core import Rng
from gamelib.trench.actions import CIV, TrenchAction, act
from gamelib.trench.board import DIRS, Cell
from gamelib.trench.data import CARDS, EDGES, SEAT_EDGES, WIND_CARDS
from gamelib.trench.view import TrenchView

if TYPE_CHECKING:
    from gamelib.trench.game import TrenchOptions
    from gamelib.trench.state import TrenchState

__all__ = [
    "GIVES_PER_TURN",
    "SEARCH_SETTINGS",
    "all_actions",
    "max_length",
    "observation_size",
    "observe",
    "sample_world",
    "score_bounds",
]

#: Free transfers (R6.11) one player may make in one turn. The rule text allows "any number";
#: back and forth that would be an endless game, so the engine stops offering them after this
#: many in a turn (a ruling, docs/rules/trench.md). No recorded game comes near it.
GIVES_PER_TURN = 100

_DIRS = tuple(DIRS)  # N E S W
#: The 49 cells in height-map order (a1, b1, .., g7).
_CELLS: tuple[Cell, ...] = tuple((x, y) for y in range(1, 8) for x in range(1, 8))
#: Items on a soldier's card, in the order the engine lists them (soldier.items_of).
_ITEMS = ("gun", "gas", "bomb", "mask", "food", "drug", "cube")
_CARD_LIST = tuple(CARDS)
#: The longest single-stroke path of a gas token (R8.3): it never enters a cell twice, so one
#: episode asks for at most one bounce per cell.
_BOUNCES_PER_EPISODE = 49


def _per(o: TrenchOptions) -> int:
    return 2 if o.beginner else 3


# ----------------------------------------------------------------------------- action ids
def all_actions(o: TrenchOptions) -> list[TrenchAction]:
    """Every action of a game with options ``o``, in a fixed order (see the module docstring).

    Some listed actions may never be legal in a given game (a landing cell of an edge another
    seat count uses, an item a soldier cannot hold): the list covers what the rules allow.
    """
    per = _per(o)
    nums = range(1, per + 1)
    edges = SEAT_EDGES[o.players]
    out: list[TrenchAction] = []
    kinds = ("gun", "bomb") if o.beginner else ("gun", "gas", "bomb")
    out += [act("arm", arg=",".join(p)) for p in itertools.permutations(kinds)]
    for side in edges:  # R4.5: the five middle cells of each seat's first row
        out += [act("land", k, cell=c) for k in nums for c in EDGES[side].first_row()[1:6]]
    for side in edges:  # R4.7
        out += [act("base", cell=c) for c in sorted(EDGES[side].first_row())]
    out.append(act("pass"))
    placed = ("cube", "food", "civilian", "village") if o.civilians else ("cube", "food")
    out += [act("place", arg=w, cell=c) for w in placed for c in _CELLS]
    out += [act("plot", arg=c) for c in _CARD_LIST]
    out += [act("plot", arg=f"{a}+{b}") for a, b in itertools.product(_CARD_LIST, _CARD_LIST)]
    for extra in (False,) if o.beginner else (False, True):  # R7.6.4: drug actions
        for k in nums:
            out += _soldier_actions(k, extra, o.beginner)
    if o.civilians:  # R13.2, R13.3
        for c in (1, 2):
            out += _civilian_actions(CIV + c, per, o.guerrillas)
    out.append(act("camp"))
    out += [act("camp", arg=c) for c in _CARD_LIST if c != "camp"]
    out += [act("flip"), act("end"), act("interrupt"), act("wait")]
    out += [act("bounce", arg=d) for d in _DIRS]
    out += [act("relief", k, it) for k in nums for it in _ITEMS]
    out.append(act("relief", arg="none"))
    out += [act("penalty", k, it) for k in nums for it in _ITEMS]
    out += [act("hand", k, it) for k in nums for it in (*_ITEMS, "corpse")]
    out += [
        act("give", a, it, n=b) for a in nums for it in (*_ITEMS, "corpse") for b in nums if b != a
    ]
    if o.open_teams:  # A84: to the partner's soldier, named by its cell
        out += [
            act("give", a, it, cell=c) for a in nums for it in (*_ITEMS, "corpse") for c in _CELLS
        ]
    if o.civilians:  # R12.6
        out += [act("civpen", arg="vp"), act("civpen", arg="skip")]
    return list(dict.fromkeys(out))  # (interned values: identity keys, first place kept)


def _soldier_actions(k: int, extra: bool, beginner: bool) -> list[TrenchAction]:
    out = [act(v, k, d, extra=extra) for v in ("move", "dig_fwd", "dash") for d in _DIRS]
    out += [act("turn", k, d, n=n, extra=extra) for d in _DIRS for n in (-1, 1)]
    out += [act("build", k, cell=c, extra=extra) for c in _CELLS]
    out.append(act("collect", k, extra=extra))
    out += _fire_actions(k, "", extra, beginner)
    out.append(act("dig", k, extra=extra))
    out += [act("remote", k, cell=c, extra=extra) for c in _CELLS]
    if not beginner:
        out += [act("equip", k, "mask", extra=extra), act("equip", k, "drug", extra=extra)]
    return out


def _fire_actions(k: int, sfx: str, extra: bool, beginner: bool) -> list[TrenchAction]:
    out = [act("fire", k, "gun" + sfx, extra=extra)]
    if not beginner:
        out += [act("fire", k, "gas" + sfx, n=d, extra=extra) for d in (0, 1)]
    out += [act("fire", k, "bomb" + sfx, n=d, extra=extra) for d in (0, 1, 2)]
    return out


def _civilian_actions(k: int, per: int, guerrillas: bool) -> list[TrenchAction]:
    out = [act(v, k, d) for v in ("move", "dash", "turn") for d in _DIRS]
    if guerrillas:  # R13.3 / A87: dig in place, fire a weapon of the player's soldier m
        out.append(act("dig", k))
        for m in range(1, per + 1):
            out += _fire_actions(k, f" from S{m}", False, False)
    return out


# ----------------------------------------------------------------------------- bounds
def length_terms(o: TrenchOptions) -> dict[str, int]:
    """The terms of :func:`max_length`, by name (for the docstring's derivation and tests)."""
    n, per = o.players, _per(o)
    s = n * per  # soldiers
    hand = sum(CARDS.values()) - (0 if not o.beginner else CARDS["equip"] + CARDS["interrupt"])
    food = s + o.setup_food  # every food there will ever be (R4.3, R4.8): camps eat them
    corpses = s  # each soldier dies once (R10.1)
    camps = food + corpses  # A27: each camp pays a food or eats a held corpse
    loots = corpses  # R10.4: each corpse is looted at most once
    penalties = 3 if o.civilians else 0  # R12.6: two civilians and one village
    # Turns: each one with a flipped card discards a card from hand, or camps (the camp card
    # comes back, a food or corpse goes). Hands refill only by camping (≤ hand − 1 cards) and
    # looting (the discards, ≤ hand, and the interrupt card back). Other turns: sitting out a
    # civilian penalty, a player with nothing left in play (once each), an interrupt plotted
    # alone (one per interrupt card: one each, one back per loot).
    discard_turns = hand * n + (hand - 1) * camps + (hand + 1) * loots
    turns = discard_turns + camps + penalties + n + (n + loots)
    # Rounds: every round but the last has a plot (one turn at least) or is sat out whole by
    # every seat (each such round uses up a civilian penalty).
    rounds = turns + penalties + 1
    setup = n + s + n + 2 * n  # arm (R4.4), land (R4.5), base (R4.7), two cube passes (R4.8)
    # Per turn: the card's use, reuse or flip, the second card's use, four drug actions (two
    # Equip drugs at most), end; the capped free transfers; boundary interrupts asked.
    per_turn = 8 + GIVES_PER_TURN + (n - 1)
    items = s + s + (s + 1) + food + 2 + corpses  # on one card at most: tiles masks drugs ...
    owner = corpses + s + s * items + penalties  # relief, sinking penalty, heir hand-ons, civpen
    decisions = setup + n * rounds + per_turn * turns + owner
    tokens = 0 if o.beginner else 2 * n  # one gas tile each, two rounds (R4.4, R7.4.3)
    # Gas episodes: each gas fired, and every token at each round start (R5.2) and each
    # terrain change (R8.8; at most two per decision).
    episodes = tokens + tokens * (rounds + 2 * decisions)
    bounces = _BOUNCES_PER_EPISODE * episodes
    return {
        "turns": turns, "rounds": rounds, "decisions": decisions, "bounces": bounces,
        "total": decisions + bounces,
    }


def max_length(o: TrenchOptions) -> int:
    """A bound on the steps of any game with options ``o`` (finite for every rule set).

    Derivation (each term in :func:`length_terms`): with ``s`` soldiers and a hand of ``h``
    cards, a turn that flips a card discards it or camps; camping costs a food or a held corpse
    (at most ``s + setup_food`` foods and ``s`` corpses ever) and gives back at most ``h − 1``
    cards; looting (at most ``s``) gives back at most ``h + 1``. So turns ≤ discards + camps +
    the few turns without a flipped card, rounds ≤ turns + rounds sat out (civilian penalties)
    + 1. Decisions ≤ set-up + plots (``n`` a round) + per turn (8 card and drug actions + end,
    the capped free transfers :data:`GIVES_PER_TURN`, interrupt questions) + owner decisions
    (relief, sinking penalty, heir hand-ons, civilian penalty). Gas bounces (R8.3) come on top:
    at most 49 per gas episode (the path never enters a cell twice), an episode per gas fired
    and per token at each round start and terrain change. The bound is very loose (the longest
    of thousands of random games is a few hundred steps) but true.
    """
    return length_terms(o)["total"]


def score_bounds(o: TrenchOptions) -> tuple[float, float]:
    """Scores are the VP that count for a seat's win (``team_vp``): never negative (the civilian
    penalty takes a VP only from one who has one, R12.6); at most every VP the game can make:
    a kill per soldier, a base per seat, an exit per soldier (2 VP with 3+ players), the gun
    bonus per seat, and each soldier's corpse held (R12.1, A75, A78), pooled in team games."""
    n, s = o.players, o.players * _per(o)
    return (0.0, float(s + n + 2 * s + n + s))


# ----------------------------------------------------------------------------- observation
_PHASES = ("arm", "land", "base", "setup", "plot", "turn")
_STAGES = ("", "act1", "after1", "act2", "after2")
_DECISIONS = ("relief", "penalty", "heir", "intr", "civpen")
_WINDS = (*WIND_CARDS, None)
_KINDS = ("gun", "gas", "bomb")
_SOLDIER_SIZE = 23
_CIV_SIZE = 7


def observation_size(o: TrenchOptions) -> int:
    """The length of :func:`observe`'s list for options ``o``."""
    n, s, c = o.players, o.players * _per(o), len(_CARD_LIST)
    return (
        len(_PHASES) + len(_STAGES) + 4 + 2 * n + 49 * 6 + s * _SOLDIER_SIZE + 2 * _CIV_SIZE + 2
        + len(_WINDS) + 5 + 2 * len(WIND_CARDS) + c + 2 * c + n * (8 + 2 * c) + 4
        + len(_DECISIONS) + n
    )


def observe(o: TrenchOptions, view: TrenchView) -> list[float]:
    """A seat's view as numbers; layout (seats absolute, cells in a1..g7 order, N E S W):

    phase one-hot (arm land base setup plot turn); turn stage one-hot ("" act1 after1 act2
    after2); round, day, deaths, steps; current player one-hot (n); viewer one-hot (n);
    per cell (49 each): height, base owner + 1, food, drugs, corpses, gas tokens; per soldier
    (in sid order, 23 each): alive, exited, on a ship, x, y, facing N E S W, masked, food,
    masks, drugs, cubes, corpses held, per weapon kind gun gas bomb (count, ammo), unknown
    tiles (count, ammo); two civilians (7 each: alive, x, y, facing); village x, y; wind card
    one-hot (7 cards, none); effective wind N E S W calm; two previews one-hot (7 each); own
    hand counts (8 cards); own plot, two slots one-hot (8 each); per seat (n blocks): hand size,
    plot size (−1 none), VP, team VP, interrupt used, team + 1 (0 unknown), civilian skips,
    place in the turn order + 1 (0 none), discards (8 counts), cards shown (8 counts); the
    bounce sides open N E S W; the owner decision waited for (relief penalty heir intr civpen)
    and its seat one-hot (n).
    """
    n = o.players
    out: list[float] = []
    out += _one_hot(view.phase, _PHASES)
    out += _one_hot(view.stage, _STAGES)
    out += [float(view.round), float(view.day), float(view.deaths), float(view.step)]
    out += _one_hot(view.current_player, range(n))
    out += _one_hot(view.viewer, range(n))
    out += [float(h) for h in view.heights]
    bases = dict(view.bases)
    out += [float(bases.get(c, -1) + 1) for c in _CELLS]
    items = dict(view.items)
    for kind in ("food", "drug", "corpse"):
        out += [float(items.get(c, ()).count(kind)) for c in _CELLS]
    gas = [cell for _, cell in view.gas]
    out += [float(gas.count(c)) for c in _CELLS]
    for sv in view.soldiers:
        x, y = sv.cell if sv.cell is not None else (0, 0)
        out += [float(sv.alive), float(sv.exited), float(sv.ship), float(x), float(y)]
        out += _one_hot(sv.facing, _DIRS)
        out += [float(v) for v in (sv.masked, sv.food, sv.masks, sv.drugs, sv.cubes, sv.corpses)]
        for kind in (*_KINDS, "?"):
            ammo = [a for k, a in sv.weapons if k == kind]
            out += [float(len(ammo)), float(sum(ammo))]
    civs = {num: (cell, facing) for num, cell, facing in view.civilians}
    for num in (1, 2):
        cell, facing = civs.get(num, ((0, 0), ""))
        out += [float(num in civs), float(cell[0]), float(cell[1]), *_one_hot(facing, _DIRS)]
    out += [float(v) for v in (view.village or (0, 0))]
    out += _one_hot(view.wind_card, _WINDS)
    out += _one_hot(view.wind, (*_DIRS, None))
    for i in range(2):
        out += _one_hot(view.previews[i] if i < len(view.previews) else "", WIND_CARDS)
    hand = dict(view.hand or ())
    out += [float(hand.get(c, 0)) for c in _CARD_LIST]
    plot = view.plot or ()
    for i in range(2):
        out += _one_hot(plot[i] if i < len(plot) else "", _CARD_LIST)
    for p in range(n):
        team = view.teams[p] if view.teams else None
        out += [
            float(view.hand_sizes[p]), float(view.plot_sizes[p]), float(view.vp[p]),
            float(view.team_vp[p]), float(view.interrupt_used[p]),
            float(0 if team is None else team + 1), float(view.skips[p] if view.skips else 0),
            float(view.order.index(p) + 1 if p in view.order else 0),
        ]
        out += [float(view.discards[p].count(c)) for c in _CARD_LIST]
        out += [float(view.shown[p].count(c)) for c in _CARD_LIST]
    out += [float(d in (view.bounce or ())) for d in _DIRS]
    kind, who = view.decision if view.decision is not None else ("", None)
    out += _one_hot(kind, _DECISIONS)
    out += _one_hot(who, range(n))
    return out


def _one_hot(value: Any, values: Any) -> list[float]:
    return [float(value == v) for v in values]


# ----------------------------------------------------------------------------- worlds
def sample_world(state: TrenchState, player: int, rng: Rng | int) -> TrenchState:
    """A world consistent with what ``player`` sees (see :meth:`TrenchState.sample_world`)."""
    world, deal = state._world_base(player, rng)
    for q in range(world.n):
        if q != player:
            _redeal_hand(world, q, deal)
    _redeal_tiles(world, player, deal)
    if world.pile:  # R2.4: the order of the wind pile (its cards: all but the ones seen)
        world._own_wind()
        world.pile.sort(key=WIND_CARDS.index)
        deal.shuffle(world.pile)
    if world.opts.hidden_teams:
        _redeal_teams(world, player, deal)
    world._legal = None
    return world


def _hidden_plot(world: TrenchState, q: int) -> tuple[list[str], Callable[[list[str]], None]]:
    """The cards of ``q``'s plot the others have not seen yet, and how to put others there."""
    plot = world.plots[q]
    if plot is None:
        return [], lambda cards: None
    if world.phase == "plot":
        return plot, lambda cards: world._own_plots().__setitem__(q, cards)
    if world.phase != "turn" or q not in world.order:
        return [], lambda cards: None
    at = world.order.index(q)
    if at > world.turn_i or (at == world.turn_i and not world.t_stage):  # not begun
        return plot, lambda cards: world._own_plots().__setitem__(q, cards)
    if at == world.turn_i and world.t_cards and plot[len(plot) - len(world.t_cards):] == (
        world.t_cards
    ):  # in his turn: the cards not flipped yet

        def put(cards: list[str]) -> None:
            world.t_cards = cards
            world._own_plots()[q] = plot[: len(plot) - len(cards)] + cards

        return world.t_cards, put
    return [], lambda cards: None


def _redeal_hand(world: TrenchState, q: int, deal: Rng) -> None:
    """Deal ``q``'s unseen cards (hand and unflipped plot, R9.6) anew, sizes kept.

    Their multiset is public (every card leaving or reaching them is seen), so only which
    cards lie in the plot is drawn. The interrupt card goes into a plot only where the rules
    let it be plotted (R7.8; A22 b: never alone) and, once the turns have begun, stays where it
    is: with ``phase4`` it has been paid, with ``boundary`` the questions showed it.
    """
    plot, put = _hidden_plot(world, q)
    if not plot:
        return
    hand = world.hands[q]
    pool = [c for c in _CARD_LIST for _ in range(hand.get(c, 0) + plot.count(c))]
    k = len(plot)
    fixed: dict[int, str] = {}
    if world.phase == "plot":
        can = (not world.intr_used[q] and any(s.drugs for s in world.in_play(q))
               and (world.opts.interrupt_timing == "phase4" or k == 2))
    else:
        can = False
        fixed = {i: c for i, c in enumerate(plot) if c == "interrupt"}
    free = pool[:]
    for c in fixed.values():
        free.remove(c)
    if not can:
        free = [c for c in free if c != "interrupt"]
    deal.shuffle(free)
    drawn = iter(free[: k - len(fixed)])
    cards = [fixed[i] if i in fixed else next(drawn) for i in range(k)]
    for c in cards:
        pool.remove(c)
    world._own_hands()[q] = {c: pool.count(c) for c in hand}
    put(cards)


def _redeal_tiles(world: TrenchState, player: int, deal: Rng) -> None:
    """Swap the kinds of weapon tiles ``player`` has not seen (R9.1–R9.3, A1) between tiles of
    one owner's set with the same rounds left (the view shows the rounds), never on
    ``player``'s own soldiers."""
    known = world.known[player] | world.public_tiles
    groups: dict[tuple[int, int], list[tuple[Any, int]]] = {}
    for s in world.soldiers:
        if s.owner == player:
            continue
        for i, t in enumerate(s.tiles):
            tid = int(t[0])
            if tid not in known:
                groups.setdefault((tid // world.per, int(t[2])), []).append((s, i))
    for key in sorted(groups):
        places = groups[key]
        if len(places) < 2:
            continue
        places.sort(key=lambda si: int(si[0].tiles[si[1]][0]))
        kinds = sorted(str(s.tiles[i][1]) for s, i in places)
        deal.shuffle(kinds)
        for (s, i), kind in zip(places, kinds, strict=True):
            t = s.tiles[i]
            if t[1] != kind:
                mine = world._own(s)  # (soldiers are copied on write, their tile lists replaced)
                tiles = mine.tiles.copy()
                tiles[i] = (t[0], kind, t[2])
                mine.tiles = tiles


def _redeal_teams(world: TrenchState, player: int, deal: Rng) -> None:
    """R13.4: secret teams ``player`` has not learnt, drawn among the deals of two red and two
    black that agree with everything ``player`` sees (teams seen, VP shown, own actions)."""
    seen = world.team_seen[player]
    truth = world.team
    shown = (world._team_vps(), [world.total_vp(p) for p in range(world.n)])
    mine = world.current_player == player
    legal = [str(a) for a in world.legal_actions()] if mine else []
    fits = []
    for cand in sorted(set(itertools.permutations((0, 0, 1, 1)))):
        if any(cand[q] != truth[q] for q in seen):
            continue
        world.team = list(cand)
        world._legal = None
        if (world._team_vps(), [world.total_vp(p) for p in range(world.n)]) != shown:
            continue
        if mine and [str(a) for a in world.legal_actions()] != legal:
            continue
        fits.append(cand)
    world.team = list(fits[deal.randint(0, len(fits) - 1)] if len(fits) > 1 else truth)
    world._legal = None


SEARCH_SETTINGS: Mapping[str, Any] = MappingProxyType({
    "iterations": 100, "prior": "heuristic", "prior_weight": 3,
})
"""The search bot's settings for ``ismcts:tuned`` (:meth:`Game.search_settings`): the strongest
measured, 74.0% of 200 games against the heuristic bot (95% CI 67.5–79.6%), 0.2 s a move
(``python -m benchmarks.bench_ismcts``; docs/performance.md, *ismcts*)."""
