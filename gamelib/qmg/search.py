"""主計将校 for search and learning code: stable action ids, bounds, a numeric view, sampled worlds.

The :class:`~gamelib.qmg.game.QmgGame` methods of the search contract (issue 11) delegate here:

* :func:`all_actions` — every action a state can offer, in an order fixed by the data tables
  (verbs in :data:`~gamelib.qmg.actions.VERBS` order, cards in ``data/cards.json`` order, spaces
  in map order, nations in turn order): 1,814 actions, the same for every option set.
* :func:`max_length` — a bound on a game's actions derived from the rules and the card data.
* :func:`score_bounds` — the lowest and highest team VP, derived the same way.
* :func:`observation_size` / :func:`observe` — a fixed-length vector of a seat's view.
* :func:`sample_world` — a state consistent with what one seat sees (others' hands and
  face-down Responses, the discard piles below their top card and every deck order dealt anew).
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from gamelib.core import Rng
from gamelib.qmg.actions import QmgAction, act
from gamelib.qmg.board import NATIONS, Board, default_board
from gamelib.qmg.cards import BASIC_TYPES, default_cards
from gamelib.qmg.effects import EFFECTS, OPTIONS, TRIGGER, count_spaces
from gamelib.qmg.view import QmgView

if TYPE_CHECKING:
    from gamelib.qmg.state import QmgState

__all__ = [
    "DECISION_OPS",
    "SEARCH_SETTINGS",
    "all_actions",
    "max_length",
    "observation_size",
    "observe",
    "sample_world",
    "score_bounds",
]

CARD_IDS: tuple[str, ...] = tuple(default_cards().cards)
"""Every card id in data-file order (the order of card actions and of card slots in
:func:`observe`)."""
CARD_INDEX = {cid: i for i, cid in enumerate(CARD_IDS)}
RESPONSE_IDS = tuple(c for c in CARD_IDS if default_cards().card(c).type == "response")
STATUS_IDS = tuple(c for c in CARD_IDS if default_cards().card(c).type == "status")
DECISION_OPS: tuple[str, ...] = tuple(OPTIONS)
"""The decision tasks, in the order of :data:`gamelib.qmg.effects.OPTIONS`."""

ROUNDS = 20
"""「20ラウンド」: the game ends after round 20 at the latest (:data:`gamelib.qmg.state.ROUNDS`)."""
SETUP_DISCARDS = 3 * len(NATIONS)
"""The set-up: each nation discards 3 of its 10 cards, one decision each."""


# -- action ids ---------------------------------------------------------------------------------
@functools.cache
def all_actions() -> tuple[QmgAction, ...]:
    """Every action of 主計将校, in a fixed order built from the data tables.

    A superset of what any state offers (an action the rules never allow, such as ``build`` on a
    space no nation can reach, keeps its id unused): ``pass``, ``end discards``, ``discard top2``
    (Malta Submarines); per card: ``play``, ``discard``, ``use`` (cards with a trigger),
    ``bottom``, ``choose`` (Superior Planning); per basic type: ``reallocate``, ``choose``
    (Guns and Butter); per space: ``build``, ``recruit``, ``battle``, ``remove``; per space and
    nation: ``recruit``, ``battle``, ``eliminate``; per nation: ``target``. Options change which
    actions occur, never the list.
    """
    spaces = default_board().order
    out = [act("pass"), act("end", "discards"), act("discard", "top2")]
    for cid in CARD_IDS:
        out += [act("play", cid), act("discard", cid)]
        if TRIGGER[cid] is not None:
            out.append(act("use", cid))
        out += [act("bottom", cid), act("choose", cid)]
    for kind in BASIC_TYPES:
        out += [act("reallocate", kind), act("choose", kind)]
    for verb in ("build", "recruit", "battle", "remove"):
        out += [act(verb, s) for s in spaces]
    for verb in ("recruit", "battle", "eliminate"):
        out += [act(verb, s, nation) for s in spaces for nation in NATIONS]
    out += [act("target", nation) for nation in NATIONS]
    return tuple(out)


# -- bounds -------------------------------------------------------------------------------------
def _steps(cid: str) -> Sequence[Mapping[str, Any]]:
    steps: Sequence[Mapping[str, Any]] = EFFECTS[cid].get("steps", [])
    return steps


def _max_count(board: Board, spec: Mapping[str, Any]) -> int:
    """The most pieces a count spec can match: one per nation it names in each of its spaces."""
    who = spec["who"]
    nations = 1 if who == "self" else 3 if who in ("axis", "allies") else len(who)
    return nations * len(count_spaces(board, spec))


def _card_vp(board: Board, cid: str) -> int:
    """The most VP one resolution of ``cid`` gives (its ``vp`` and Economic Warfare steps)."""
    total = 0
    for step in _steps(cid):
        if step["op"] == "vp":
            if "count" in step:
                points = step["per"] * _max_count(board, step["count"])
                total += min(points, step["cap"]) if "cap" in step else points
            else:
                total += int(step["amount"])
        elif step["op"] == "ew":
            c = _max_count(board, step["count"]) if "count" in step else 1
            total += step.get("vp", 0) + step.get("vp_per", 0) * c
    return total


EW_BONUS = 3 + 2
"""The most an Economic Warfare discard grows: Wolf Packs (+3) and Flying Fortresses (+2)."""
ATLANTIC_WALL = 3
"""Atlantic Wall: 3 cards from the top of the attacker's deck, once per turn."""
MALTA = 2 + 2
"""Malta Submarines: Germany and Italy each discard 2 from the top (or remove a navy)."""


def _card_loss(board: Board, cid: str) -> int:
    """The most cards one resolution of ``cid`` makes a deck discard (each missing card costs
    1 VP): its Economic Warfare and Malta steps and its cost, hand costs taken as deck costs."""
    total = 0
    for step in _steps(cid):
        if step["op"] == "ew":
            c = _max_count(board, step["count"]) if "count" in step else 1
            discard = step.get("discard", 0) + step.get("discard_per", 0) * c
            targets = len(step["targets"]) if step.get("target_cond") is None else 1
            total += targets * (discard + step.get("bonus", 0) + EW_BONUS)
        elif step["op"] == "malta":
            total += MALTA + EW_BONUS
    cost = EFFECTS[cid].get("cost", {})
    return total + cost.get("top", 0) + cost.get("hand", 0)


@functools.cache
def score_bounds() -> tuple[float, float]:
    """The lowest and highest score (a seat's team VP) of any game.

    Per round a team gains at most 36 VP in its Victory steps (12 supply spaces, each worth at
    most 3 to a team: 1 to each of 3 allied armies sharing it, or 2 to one alone), and every card
    resolves at most once in each of the round's 6 turns (a Response leaves the table when used,
    a Status scores in its owner's Victory step or is used once per turn, a card from hand is
    played once), so at most ``6 × Σ copies × (the card's most VP)`` more. VP is lost only by
    discarding from an empty deck, 1 per missing card: per turn at most every card's discards
    (Economic Warfare with every modifier, Malta, costs) plus Atlantic Wall. Over 20 rounds:
    ``[-20 × 6 × loss, 20 × (36 + 6 × gain)]``. Loose, but true for every option set.
    """
    board = default_board()
    cards = default_cards()
    gain = sum(card.count * _card_vp(board, cid) for cid, card in cards.cards.items())
    loss = sum(card.count * _card_loss(board, cid) for cid, card in cards.cards.items())
    return (-float(ROUNDS * 6 * (loss + ATLANTIC_WALL)), float(ROUNDS * (36 + 6 * gain)))


REACTING = (
    ("built_army", "enemy_built_army"),
    ("built_navy", "enemy_built_navy"),
    ("battled_land", "protect", "removed"),
    ("battled_sea", "protect", "removed"),
    ("targeted_ew", "enemy_ew"),
)
"""The triggers one step can raise together (a removal raises ``protect`` and ``removed``)."""


@functools.cache
def max_length() -> int:
    """A bound on the number of actions of any game: ``18 + 120 × per_turn``.

    The set-up takes 18 decisions (6 nations × 3 discards); the game then lasts at most 20 rounds
    × 6 turns. Within one turn (its own decisions and every seat's reactions), with data counts:

    * ``plays = 3``: the Play step's card, a card Flexible Resources replays, the card an ally
      plays through Lend Lease (one Lend Lease per turn: it is played from hand or replayed);
    * ``uses ≤ once + 1 + responses + plays``: each once-per-turn Status (every Status with a
      trigger other than the Victory step and the Play step is once per turn; checked below),
      one Play-step Status (it replaces the play), each face-down Response (used once, it
      leaves the table) and each Response a play puts face down;
    * ``steps ≤ (plays + uses) × (most steps of a card + 1)`` (+1: Guns and Butter's chosen
      basic step), plus a rebuild card's pieces (a removal and a build each) and Superior
      Planning's 3 choices;
    * a step or a Supply-step removal offers each card whose trigger it raises at most once,
      and the triggers one step can raise are one group of :data:`REACTING` (a build, a battle
      with the removal it causes, an elimination, Economic Warfare), so
      ``reactions ≤ (steps + uses + pieces) × the largest group's cards`` (a use may remove a
      piece itself: Rasputitsa, Loyal to the Crown), plus Rationing and Enigma (one per play or
      use);
    * the Start of turn (``uses + 1``), the Play step (2: Reallocate Resources then a card), hand
      costs (the most a use costs × uses, + 4 for Reallocate), the Discard step (each card of
      the nation, each piece, Rosie the Riveter and its 2 cards, and the end) and one Lend
      Lease ally play.

    The result is far above real games (about 300 actions), but it is a bound for every option
    set; nothing in the engine enforces it. Raises ``ValueError`` if the card data breaks an
    assumption above (a reusable reacting Status, a card with more steps than counted).
    """
    cards = default_cards().cards
    board = default_board()
    once_triggers = {"victory", "play_step"}
    for cid, card in cards.items():
        eff = EFFECTS[cid]
        repeatable = card.type == "status" and not eff.get("once_per_turn")
        if repeatable and eff.get("trigger") not in (None, *once_triggers):
            raise ValueError(f"max_length: Status {cid} may be used more than once per turn")
    statuses_once = sum(1 for cid in cards if EFFECTS[cid].get("once_per_turn"))
    responses = sum(c.count for c in cards.values() if c.type == "response")
    per_trigger = Counter(TRIGGER[cid] for cid, c in cards.items() for _ in range(c.count))
    reactive = max(sum(per_trigger[t] for t in group) for group in REACTING)
    deepest = max(len(_steps(cid)) for cid in cards)
    hand_cost = max(EFFECTS[cid].get("cost", {}).get("hand", 0) for cid in cards)
    pieces = max(n.armies + n.navies for n in board.nations)
    deck = max(len(d) for d in default_cards().decks)
    plays = 3
    uses = statuses_once + 1 + responses + plays
    steps = (plays + uses) * (deepest + 1) + 2 * pieces + 3
    reactions = (steps + uses + pieces) * reactive + plays + uses
    per_turn = (
        (uses + 1) + 2 + steps + reactions + hand_cost * uses + 4 + (deck + pieces + 4) + 1
    )
    return SETUP_DISCARDS + ROUNDS * len(NATIONS) * per_turn


# -- observation --------------------------------------------------------------------------------
SPACES = default_board().order
SPACE_INDEX = {s: i for i, s in enumerate(SPACES)}
_N = len(NATIONS)
_LAYOUT = (
    ("round", 1),
    ("nation", _N),
    ("deciding", _N),
    ("decision", len(DECISION_OPS)),
    ("mine", _N),
    ("to_move", 1),
    ("vp", 2),
    ("pieces", len(SPACES) * _N),
    ("supplied", len(SPACES) * _N),
    ("hand", len(CARD_IDS)),
    ("responses", len(RESPONSE_IDS)),
    ("table", len(STATUS_IDS)),
    ("discard_tops", len(CARD_IDS)),
    ("sizes", 4 * _N),
)
OFFSETS: dict[str, int] = {}
_at = 0
for _name, _size in _LAYOUT:
    OFFSETS[_name] = _at
    _at += _size
SIZE = _at
"""The observation's length (1,047)."""
STATUS_INDEX = {c: i for i, c in enumerate(STATUS_IDS)}
RESPONSE_INDEX = {c: i for i, c in enumerate(RESPONSE_IDS)}
DECISION_INDEX = {op: i for i, op in enumerate(DECISION_OPS)}


def observation_size() -> int:
    """The length of :func:`observe`'s vector."""
    return SIZE


def observe(view: QmgView) -> list[float]:
    """A seat's view as :data:`SIZE` numbers, in this order (offsets in :data:`OFFSETS`):

    ``round`` (1: the round / 20), ``nation`` (6: one-hot, whose turn), ``deciding`` (6: one-hot,
    the nation deciding now; zeros when the game is over), ``decision`` (11: one-hot over
    :data:`DECISION_OPS`), ``mine`` (6: the viewer's nations), ``to_move`` (1: whether the viewer
    decides now), ``vp`` (2: Axis, Allies VP), ``pieces`` (53 × 6: a piece of nation ``n`` in
    space ``s`` at ``s × 6 + n``, spaces in map order), ``supplied`` (53 × 6: the same for
    supplied pieces), ``hand`` (143: copies of each card in the viewer's nations' hands, cards in
    data-file order), ``responses`` (27: the viewer's face-down Responses), ``table`` (41: Status
    cards in play, any nation), ``discard_tops`` (143: the cards on top of a discard pile), and
    ``sizes`` (24: per nation its hand, deck, discard pile and face-down Response counts).
    Only what the view holds: other seats' hands and Responses count, nothing more.
    """
    if not isinstance(view, QmgView) or view.viewer is None:
        raise ValueError("observe needs the view of a seat (QmgView with a viewer)")
    out = [0.0] * SIZE
    o = OFFSETS
    out[o["round"]] = view.round / ROUNDS
    if view.outcome is None:
        out[o["nation"] + view.nation] = 1.0
    if view.deciding_nation is not None:
        out[o["deciding"] + view.deciding_nation] = 1.0
    if view.decision in DECISION_INDEX:
        out[o["decision"] + DECISION_INDEX[view.decision]] = 1.0
    mine = view.seat_nations[view.viewer]
    for n in mine:
        out[o["mine"] + n] = 1.0
    out[o["to_move"]] = float(view.current_player == view.viewer)
    out[o["vp"]], out[o["vp"] + 1] = float(view.vp[0]), float(view.vp[1])
    for space, here in view.pieces:
        for n in here:
            out[o["pieces"] + SPACE_INDEX[space] * _N + n] = 1.0
    for n, spaces in enumerate(view.supplied):
        for space in spaces:
            out[o["supplied"] + SPACE_INDEX[space] * _N + n] = 1.0
    for n in mine:
        for cid in view.hands[n] or ():
            out[o["hand"] + CARD_INDEX[cid]] += 1.0
        for cid in view.responses[n] or ():
            out[o["responses"] + RESPONSE_INDEX[cid]] = 1.0
    for cards in view.table:
        for cid in cards:
            out[o["table"] + STATUS_INDEX[cid]] = 1.0
    for cid in view.discard_tops:
        if cid is not None:
            out[o["discard_tops"] + CARD_INDEX[cid]] = 1.0
    sizes = o["sizes"]
    for n in range(_N):
        out[sizes + 4 * n] = float(view.hand_sizes[n])
        out[sizes + 4 * n + 1] = float(view.deck_sizes[n])
        out[sizes + 4 * n + 2] = float(view.discard_sizes[n])
        out[sizes + 4 * n + 3] = float(view.response_counts[n])
    return out


# -- sampled worlds -----------------------------------------------------------------------------
IS_RESPONSE = {cid: default_cards().card(cid).type == "response" for cid in CARD_IDS}


def sample_world(state: QmgState, player: int, rng: Rng | int) -> QmgState:
    """A state consistent with what seat ``player`` sees (see :meth:`QmgState.sample_world`)."""
    world, source = state._world_base(player, rng)
    deal = source.stream()  # a seeded random.Random: its shuffle is the fastest
    mine = state.game.seats[player]
    looked = _looked_at(state)
    pinned = _pinned_responses(state)
    own = 0  # the card lists dealt anew below: the world's own (the rest stay shared)
    world._own_zones()  # (set below: the outer lists must not be the true state's)
    for n in range(_N):
        deck = state.decks[n]
        if n in mine:
            own |= _DECK_BIT << n
            # its own cards are known, the order of its deck is not (but for a pending look)
            keep = looked.get(n, 0)
            hidden = deck[: len(deck) - keep]
            hidden.sort()
            deal.shuffle(hidden)
            world.decks[n] = hidden + deck[len(deck) - keep :]
            continue
        pile = state.discards[n]
        below = len(pile) - 1 if pile else 0  # the top card of a pile is public
        faces = state.responses[n]
        kept = [c for c in faces if c in pinned[n]] if n in pinned else []
        free = len(faces) - len(kept)
        pool = [*state.hands[n], *deck, *pile[:below], *(_without(faces, kept) if kept else faces)]
        pool.sort()
        deal.shuffle(pool)
        # face-down cards are Responses: the first ``free`` Responses of the shuffled pool
        chosen: list[str] = []
        rest = pool
        if free:
            rest = []
            for cid in pool:
                (chosen if len(chosen) < free and IS_RESPONSE[cid] else rest).append(cid)
        hand = len(state.hands[n])
        world.hands[n] = rest[:hand]
        world.decks[n] = rest[hand : hand + len(deck)]
        world.discards[n] = rest[hand + len(deck) :] + pile[below:]
        world.responses[n] = [*kept, *chosen]
        own |= _DEALT_BITS << n
    world._own |= own
    return world


_DECK_BIT = 1 << 6
_DEALT_BITS = 1 | _DECK_BIT | 1 << 12 | 1 << 24
"""The ownership bits (:data:`gamelib.qmg.state.OWN_BIT`) of nation 0's deck, and of its hand,
deck, discard pile and face-down Responses; shifted by ``n`` for nation ``n``."""


def _without(cards: Iterable[str], kept: Sequence[str]) -> list[str]:
    left = Counter(kept)
    out = []
    for cid in cards:
        if left[cid]:
            left[cid] -= 1
        else:
            out.append(cid)
    return out


def _looked_at(state: QmgState) -> dict[int, int]:
    """Per nation, how many top cards of its deck a pending Superior Planning has looked at."""
    out: dict[int, int] = {}
    for task in state.stack:
        if task.op == "reorder":
            out[task.nation] = max(out.get(task.nation, 0), task.n + task.who)
    return out


def _pinned_responses(state: QmgState) -> dict[int, tuple[str, ...]]:
    """Face-down Responses a pending use-or-pass decision names: they stay where they are (the
    decision is the engine's and shows in the view when it comes up)."""
    out: dict[int, tuple[str, ...]] = {}
    for task in state.stack:
        if task.op == "react" and task.card in state.responses[task.nation]:
            out[task.nation] = (*out.get(task.nation, ()), task.card)
    return out


SEARCH_SETTINGS: Mapping[str, Any] = MappingProxyType({
    "iterations": 300, "evaluation": "projection", "exploration": 0.1, "playout_cap": 20,
    "prior": "heuristic", "prior_weight": 3,
})
"""The search bot's settings for ``ismcts:tuned`` (:meth:`Game.search_settings`): the strongest
measured, 68.0% of 200 2-player games against the heuristic bot (95% CI 61.2–74.1%), 0.11 s a move
(``python -m benchmarks.bench_ismcts``; docs/performance.md, *ismcts*)."""
