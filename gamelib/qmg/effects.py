"""Card effects and turn steps of 主計将校 as small named functions over a state.

The engine (:mod:`gamelib.qmg.state`) keeps a stack of :class:`~gamelib.qmg.state.Task`; this
module says, for each task, which actions are legal (:func:`options`), what an action does
(:func:`resolve`) and what an automatic task does (:func:`run`). Card effects are the ``effect``
data of data/cards.json: a list of steps (``build``, ``recruit``, ``battle``, ``eliminate``,
``vp``, ``ew``, ``choose_basic``, ``malta``, ``discard_random_response``), and for Status and
Response cards a ``trigger`` saying when the owner may use them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from gamelib.core import Term
from gamelib.qmg.actions import QmgAction, act
from gamelib.qmg.board import ALLIES, AXIS, NATIONS, Board, default_board
from gamelib.qmg.cards import BASIC_TYPES, default_cards
from gamelib.qmg.tasks import Task
from gamelib.qmg.view import QmgView

if TYPE_CHECKING:
    from gamelib.qmg.state import QmgState

TEAM = default_board().teams
"""Each nation's team (0 Axis, 1 Allies), by nation index."""

HOMES = tuple(nation.home for nation in default_board().nations)
ORDERED_LAND = tuple(s for s in default_board().order if s in default_board().land)
"""The land spaces in map order (:func:`kind_spaces` for armies, in the order of the map)."""
ORDERED_SEA = tuple(s for s in default_board().order if s in default_board().sea)
"""The sea spaces in map order."""
"""Each nation's home space, by nation index."""
OWN = 10
"""Memo key of nation ``n``'s own spaces: ``OWN + n`` (its supplied spaces: ``n``)."""
REACH = 20
"""Memo key of nation ``n``'s reach (spaces next to its supplied pieces): ``REACH + n``."""
STRAITS = 30
"""Memo key of the strait land spaces an Axis army holds."""
HELD = 40
"""Memo key of nation ``n``'s Victory step points for supply spaces: ``HELD + n``."""
USSR = NATIONS.index("soviet_union")

__all__ = [
    "home_taken",
    "make_view",
    "needs_decision",
    "options",
    "resolve",
    "run",
    "supply_points",
    "supply_step",
    "victory_step",
    "why",
]

BASIC_STEPS: dict[str, Mapping[str, Any]] = {
    "build_army": {"op": "build", "kind": "army"},
    "build_navy": {"op": "build", "kind": "navy"},
    "land_battle": {"op": "battle", "kind": "land"},
    "sea_battle": {"op": "battle", "kind": "sea"},
}
DECISION_STEPS = frozenset(
    {"build", "recruit", "battle", "eliminate", "choose_basic", "lend_lease", "replay_discard"}
)
PASS = act("pass")
END_DISCARDS = act("end", "discards")

RULES = {
    "build": Term(
        "a piece is built in its home space (armies) or next to a supplied piece of its "
        "nation, never beside a second own piece or an enemy piece, within the nation's "
        "piece count (設立)",
        "自国の本拠地か補給状態の自国軍の隣接スペースにのみ設立でき、同じスペースに自国軍2つや敵軍と"
        "同居はできません（設立）",
    ),
    "battle": Term(
        "a battle targets a space next to a supplied piece of the attacker (攻撃)",
        "補給状態にある自国軍の隣接スペースだけを攻撃できます（攻撃）",
    ),
    "recruit": Term(
        "a recruit goes only to a space the card names, without an own or enemy piece there (招集)",
        "招集はカードが示すスペースにのみ、自国軍も敵軍もいなければできます（招集）",
    ),
    "play": Term(
        "that card is not in the hand, or it cannot be played now (プレイステップ)",
        "そのカードは手札にないか、今はプレイできません（プレイステップ）",
    ),
    "other": Term(
        "it is not one of the choices of the pending decision", "保留中の選択肢にありません"
    ),
}


# -- counting pieces -------------------------------------------------------------------------
TEAM_NATIONS = {
    name: tuple(x for x in range(len(NATIONS)) if TEAM[x] == team)
    for name, team in (("axis", AXIS), ("allies", ALLIES))
}
"""The nations of each team, by the name a count spec's ``who`` gives it."""
TEAM_SETS = tuple(frozenset(TEAM_NATIONS[name]) for name in ("axis", "allies"))
"""The nations of each team, by team (0 Axis, 1 Allies)."""


def nations_of(st: QmgState, who: Any, n: int) -> list[int]:
    """The nations a count spec's ``who`` names, for acting nation ``n``."""
    if who == "self":
        return [n]
    if who in ("axis", "allies"):
        return list(TEAM_NATIONS[who])  # (known: no walk over the nations)
    return [NATIONS.index(w) for w in who]


def count(st: QmgState, n: int, spec: Mapping[str, Any]) -> int:
    """How many pieces match ``spec`` (who, kind, in, not_in, within)."""
    known = SPEC_SPACES.get(id(spec))
    spaces = (
        known[1]
        if known is not None and known[0] is spec
        else frozenset(count_spaces(st.board, spec))
    )
    # a nation has at most one piece in a space: its pieces there are its own spaces there
    # (cached), not a walk over the spaces
    who = spec["who"]
    if who == "self":  # (the most frequent: no nations_of call, no set)
        own = st._memo.get(OWN + n)
        return len(spaces.intersection(st.own_spaces(n) if own is None else own))
    total = 0
    for x in set(nations_of(st, who, n)):
        total += len(spaces.intersection(st.own_spaces(x)))
    return total


def count_spaces(board: Board, spec: Mapping[str, Any]) -> tuple[str, ...]:
    """The spaces a count spec looks at (kind, in, not_in, within), in map order."""
    kind = spec["kind"]
    spaces: Iterable[str] = (
        board.land_order if kind == "army" else board.sea_order if kind == "navy" else board.order
    )
    if "in" in spec:
        spaces = [s for s in spaces if s in spec["in"]]
    if "not_in" in spec:
        spaces = [s for s in spaces if s not in spec["not_in"]]
    if "within" in spec:
        w = spec["within"]
        near = board.distance_within(w["of"], w["dist"])
        if w.get("min", 0):
            near = near - board.distance_within(w["of"], w["min"] - 1)
        spaces = [s for s in spaces if s in near]
    return tuple(spaces)


def _specs(data: Any) -> Iterable[Mapping[str, Any]]:
    """The count specs (mappings with ``who`` and ``kind``) inside card effect data."""
    if isinstance(data, Mapping):
        if "who" in data and "kind" in data:
            yield data
        for value in data.values():
            yield from _specs(value)
    elif isinstance(data, list):
        for value in data:
            yield from _specs(value)


# -- targets ------------------------------------------------------------------------------------
def kind_spaces(st: QmgState, kind: str) -> frozenset[str]:
    """Land spaces for armies and land battles, sea spaces for navies and sea battles."""
    return st.board.land if kind in ("army", "land") else st.board.sea


def step_spaces(st: QmgState, task: Task) -> frozenset[str] | None:
    """The spaces a step is limited to (``None``: any)."""
    spaces = task.step.get("spaces")
    if spaces is None:
        return None
    if spaces == "$here":
        return frozenset({task.here})
    if spaces == "$adjacent":
        return st.neighbours(task.here, task.nation)
    if spaces == "$snapshot":
        return st.snapshot
    if spaces == "$here_adjacent":
        return st.neighbours(task.here, task.nation) | {task.here}
    return frozenset(spaces)


def pieces_left(st: QmgState, n: int, kind: str) -> bool:
    """Whether ``n`` has a piece of ``kind`` off the board."""
    nat = st.board.nations[n]
    return st.count_pieces(n, kind) < (nat.armies if kind == "army" else nat.navies)


def reach(st: QmgState, n: int) -> frozenset[str]:
    """Spaces next to a supplied piece of ``n`` (cached with the supply)."""
    memo = st._memo  # (the slot itself: no memo() call)
    key = REACH + n
    found: frozenset[str] | None = memo.get(key)
    if found is None:
        found = memo[key] = frozenset(_reach(st, n))
    return found


def _reach(st: QmgState, n: int) -> set[str]:
    board = st.board
    links = board.strait_links
    adjacent = board.adjacent
    team = TEAM[n]
    straits: frozenset[str] | None = None
    out: set[str] = set()
    for s in st.supplied(n):
        if s in links:
            if straits is None:
                straits = st.axis_straits()
            out |= board.neighbours(s, team, straits)
        else:
            out |= adjacent[s]
    return out


def build_targets(st: QmgState, n: int, kind: str, limit: frozenset[str] | None) -> list[str]:
    """Where ``n`` may build a piece of ``kind`` (seed 「設立」, FAQ: the new piece is supplied)."""
    if not pieces_left(st, n, kind):
        return []
    home = st.board.nations[n].home
    near = reach(st, n)
    army = kind == "army"
    if army and home not in near:
        near = near | {home}
    pieces = st.pieces
    team = TEAM_SETS[TEAM[n]]
    out = []
    for s in st.board.land_order if army else st.board.sea_order:
        if s not in near or (limit is not None and s not in limit):
            continue
        here = pieces[s]
        if here and (n in here or not team.issuperset(here)):  # (no generator)
            continue
        if army or st.navy_backed(s, n):
            out.append(s)
    return out


def recruit_targets(st: QmgState, n: int, kind: str, limit: frozenset[str] | None) -> list[str]:
    """Where ``n`` may recruit (「招集」: no supply test; stacking and piece limits apply)."""
    if not pieces_left(st, n, kind):
        return []
    pieces = st.pieces
    team = TEAM[n]
    spaces: Iterable[str] = ORDERED_LAND if kind in ("army", "land") else ORDERED_SEA  # kind_spaces
    if limit is not None:  # (the named spaces found in C, in map order)
        spaces = filter(limit.__contains__, spaces)
    return [
        s
        for s in spaces
        if not pieces[s] or not any(x == n or TEAM[x] != team for x in pieces[s])
    ]


def recruit_instead(st: QmgState, n: int) -> list[QmgAction]:
    """Australia Forms the Directorate of Manpower / Lord Linlithgow: a UK army build may be
    replaced by recruiting the army in Australia / India."""
    out = []
    for cid in st.table[n]:
        eff = effect(st, cid)
        if eff.get("passive") == "build_as_recruit":
            out.extend(
                act("recruit", s) for s in recruit_targets(st, n, "army", frozenset({eff["space"]}))
            )
    return out


def battle_targets(
    st: QmgState, n: int, kind: str, limit: frozenset[str] | None
) -> list[QmgAction]:
    """Battles ``n`` may fight: next to its supplied pieces; one action per enemy piece there."""
    near = reach(st, n)
    team = st.team(n)
    out = []
    for s in st.board.land_order if kind == "land" else st.board.sea_order:
        if s not in near or (limit is not None and s not in limit):
            continue
        enemies = [x for x in st.pieces[s] if TEAM[x] != team]
        if enemies:
            out.extend(act("battle", s, NATIONS[x]) for x in enemies)
        else:
            out.append(act("battle", s))
    return out


def eliminate_targets(
    st: QmgState, n: int, kind: str, limit: frozenset[str] | None
) -> list[QmgAction]:
    """Enemy pieces of ``kind`` in the named spaces (「除去」: no supply test)."""
    team = st.team(n)
    spaces = kind_spaces(st, kind)  # (once, not per space)
    return [
        act("eliminate", s, NATIONS[x])
        for s in st.board.order
        if s in spaces and (limit is None or s in limit)
        for x in st.pieces[s]
        if st.team(x) != team
    ]


def ew_targets(st: QmgState, n: int, step: Mapping[str, Any]) -> list[int]:
    """The nations an Economic Warfare step may target (B-26 / Firestorm: only qualifying homes)."""
    targets = [NATIONS.index(t) for t in step["targets"]]
    cond = step.get("target_cond")
    if cond is None:
        return targets
    us = NATIONS.index("united_states")
    out = []
    for t in targets:
        home = st.board.nations[t].home
        if cond == "within3":
            ok = (
                count(st, us, {"who": "self", "kind": "army", "within": {"of": home, "dist": 3}})
                > 0
            )
        else:
            ok = any(us in st.pieces[s] for s in st.board.adjacent[home])
        if ok:
            out.append(t)
    return out


def step_options(st: QmgState, task: Task) -> list[QmgAction]:
    """The choices of one card step (plus ``pass`` when the step is optional)."""
    step = task.step
    op = step["op"]
    n = task.nation
    limit = step_spaces(st, task)
    opts: list[QmgAction]
    if op == "build":
        opts = list(map(BUILD.__getitem__, build_targets(st, n, step["kind"], limit)))
        if step["kind"] == "army":
            opts.extend(recruit_instead(st, n))
    elif op == "recruit":
        choices = step.get("nations")
        if choices:
            opts = [
                act("recruit", s, c)
                for c in choices
                for s in recruit_targets(st, NATIONS.index(c), step["kind"], limit)
            ]
        else:
            opts = [act("recruit", s) for s in recruit_targets(st, n, step["kind"], limit)]
    elif op == "battle":
        opts = battle_targets(st, n, step["kind"], limit)
    elif op == "eliminate":
        opts = eliminate_targets(st, n, step["kind"], limit)
    elif op == "choose_basic":
        opts = [
            act("choose", t)
            for t in BASIC_TYPES
            if step_options(st, sub_task(task, BASIC_STEPS[t]))
        ]
    elif op == "ew":
        opts = [act("target", NATIONS[t]) for t in ew_targets(st, n, step)]
    elif op == "replay_discard":
        opts = [
            act("play", c)
            for c in distinct(st.discards[n])
            if c != task.card and playable(st, n, c)
        ]
    elif op == "lend_lease":
        opts = [act("target", t) for t in step["targets"]]
    else:
        opts = []
    if opts and step.get("optional"):
        opts.append(PASS)
    return opts


def sub_task(task: Task, step: Mapping[str, Any]) -> Task:
    """A task for ``step`` in the context of ``task``."""
    return Task("step", task.nation, card=task.card, here=task.here, step=step)


# -- triggers -------------------------------------------------------------------------------
EFFECTS: dict[str, Mapping[str, Any]] = {
    cid: card.effect or {} for cid, card in default_cards().cards.items()
}
"""Each card's effect data ({} for basic cards)."""
SPEC_SPACES = {
    id(spec): (spec, frozenset(count_spaces(default_board(), spec)))
    for spec in _specs(list(EFFECTS.values()))
}
"""The set of spaces of each count spec of the card data, by ``id`` (the data lives as long as
the module; :func:`count` checks identity, so another mapping with a reused id is never
mistaken)."""
TRIGGER = {cid: eff.get("trigger") for cid, eff in EFFECTS.items()}
"""Each card's trigger (``None`` for cards without one)."""
PLAYABLE = tuple({kind: ("playable", n, kind) for kind in BASIC_TYPES} for n in range(len(NATIONS)))
"""The memo key saying whether nation ``n`` can play a basic card of a type, made once."""
HOLDS = frozenset(
    (card.nation, TRIGGER[cid]) for cid, card in default_cards().cards.items() if TRIGGER[cid]
)
"""The (nation, trigger) pairs of the card data: a nation's Status and Response cards are its own
cards, so the engine stacks a decision using them only for a trigger one of its cards has."""
PLAY_USERS = frozenset(n for n, trigger in HOLDS if trigger == "play_step")
"""The nations with a card used in their Play step (the others: no :func:`usable` call)."""
DISCARD_USERS = frozenset(n for n, trigger in HOLDS if trigger == "discard_step")
"""The nations with a card used in their Discard step (the others: no :func:`usable` call)."""
CARD_TYPE = {cid: card.type for cid, card in default_cards().cards.items()}
"""Each card's type."""
BASIC_KIND = {cid: card.type if card.basic else "" for cid, card in default_cards().cards.items()}
"""Each basic card's type ("" for special cards)."""
DISCARD = {cid: act("discard", cid) for cid in EFFECTS}
"""The ``discard <card>`` action of each card (the most frequent actions, made once)."""
REMOVE = {space: act("remove", space) for space in default_board().order}
"""The ``remove <space>`` action (an own piece taken off) of each space."""
BUILD = {space: act("build", space) for space in default_board().order}
"""The ``build <space>`` action of each space (the shared objects ``act`` makes)."""
PLAY = {cid: act("play", cid) for cid in EFFECTS}
"""The ``play <card>`` action of each card."""
USE = {cid: act("use", cid) for cid in EFFECTS}
"""The ``use <card>`` action of each card."""
REALLOCATE = {t: act("reallocate", t) for t in BASIC_TYPES}
"""The ``reallocate <type>`` action of each basic card type."""
COST_HAND = tuple(
    tuple(Task("cost_hand", n, n=k) for k in range(5)) for n in range(len(NATIONS))
)
"""The task "discard ``k`` cards from hand" of each nation, made once (``k`` ≤ 4: Reallocate
Resources' cost is the largest)."""
FETCH = tuple({t: Task("fetch", n, card=t) for t in BASIC_TYPES} for n in range(len(NATIONS)))
"""Reallocate Resources' task "take a card of type ``t`` from the deck" of each nation, made
once."""
KIND_CARDS = tuple(
    (frozenset(cid for cid in EFFECTS if CARD_TYPE[cid] == t), REALLOCATE[t]) for t in BASIC_TYPES
)
"""Each basic card type's cards with its ``reallocate`` action, in :data:`BASIC_TYPES` order (a
deck holds the type unless the set is disjoint from it: a test that stops at the first card of
the type, where mapping every card to its type reads the whole deck)."""


def effect(st: QmgState, cid: str) -> Mapping[str, Any]:
    """A card's effect data ({} when not implemented)."""
    return EFFECTS[cid]


TRIGGER_CARDS = {
    trigger: frozenset(cid for cid, t in TRIGGER.items() if t == trigger)
    for trigger in set(TRIGGER.values()) - {None}
}
"""The cards used on each trigger."""
NO_CARDS: frozenset[str] = frozenset()
FIRST_STEPS: dict[tuple[int, str, str], Task] = {}
"""The task of a card's first step that :func:`usable` tests, by user, card and space, made so
far (a card's steps are its data: a few hundred tasks at most)."""
REMOVALS: dict[tuple[int, str, int, bool], Task] = {}
"""The removal tasks of :func:`start_removal`, by victim, space, remover and battle, made so far
(a few thousand at most)."""
AFTER_BATTLE = tuple(
    {s: Task("after_battle", n, here=s) for s in default_board().order} for n in range(len(NATIONS))
)
"""The task after a battle of each nation in each space, made once."""


def usable(st: QmgState, n: int, trigger: str, here: str = "") -> list[str]:
    """Status (unused this turn if once per turn) and face-down Response cards of ``n`` whose
    trigger is ``trigger`` and whose first step is possible now."""
    out: list[str] = []
    cards = TRIGGER_CARDS.get(trigger, NO_CARDS)
    table = st.table[n]
    faced = st.responses[n]
    if cards.isdisjoint(table) and cards.isdisjoint(faced):  # (none: no loop over the cards)
        return out
    for cid in (*table, *faced):
        if TRIGGER[cid] != trigger:
            continue
        eff = EFFECTS[cid]
        if cid in st.used and eff.get("once_per_turn"):
            continue
        if "where" in eff and here not in eff["where"]:
            continue
        if eff.get("needs_navy_adjacent") and not any(
            s in st.board.sea and here in st.board.adjacent[s] for s in st.supplied(n)
        ):
            continue
        if eff.get("needs_discard") and eff["needs_discard"] not in st.discards[n]:
            continue
        steps = eff.get("steps", [])
        first = steps[0] if steps else None
        decide = first is not None and first["op"] in DECISION_STEPS
        if decide:
            key = (n, cid, here)
            task = FIRST_STEPS.get(key)
            if task is None:  # (made once: a frozen dataclass made with keywords is dear)
                task = FIRST_STEPS[key] = Task("step", n, card=cid, here=here, step=first)
            if not step_options(st, task):
                continue
        out.append(cid)
    return out


def push_reacts(st: QmgState, n: int, trigger: str, here: str = "", who: int = -1) -> None:
    """Offer ``n`` each card it may use on ``trigger`` (each a use-or-pass decision)."""
    for cid in usable(st, n, trigger, here):
        st.stack.append(Task("react", n, card=cid, here=here, who=who))


def step_tasks(
    n: int, cid: str, steps: Iterable[Mapping[str, Any]], here: str = ""
) -> list[Task]:
    """The tasks of a card's steps used or played by ``n``, as stacked (the first step last)."""
    tasks = []
    for step in reversed(list(steps)):
        op = step["op"]
        actor = NATIONS.index(step["nation"]) if "nation" in step else n
        decide = op in DECISION_STEPS or (op == "ew" and len(step["targets"]) > 1)
        tasks.append(Task("step" if decide else "auto", actor, card=cid, here=here, step=step))
    return tasks


OWNER = {cid: card.nation for cid, card in default_cards().cards.items()}
"""The nation whose cards each card is among."""
CARD_STEP_TASKS = {
    cid: tuple(step_tasks(OWNER[cid], cid, eff.get("steps", []))) for cid, eff in EFFECTS.items()
}
"""The tasks of each card's own steps played or used by its nation outside a trigger's space
(:func:`step_tasks`), made once: a frozen dataclass made with keywords is dear."""
BASIC_TASK = {
    cid: Task("step", card.nation, card=cid, step=BASIC_STEPS[card.type])
    for cid, card in default_cards().cards.items()
    if card.basic
}
"""The step task of each basic card played by its nation, made once."""


def push_steps(
    st: QmgState, n: int, cid: str, steps: Iterable[Mapping[str, Any]], here: str = ""
) -> None:
    """Put a card's steps on the stack (the first step on top)."""
    if not here and n == OWNER[cid] and steps is EFFECTS[cid].get("steps"):
        st.stack.extend(CARD_STEP_TASKS[cid])  # (the card's own steps: tasks made once)
    else:
        st.stack.extend(step_tasks(n, cid, steps, here))


def use_card(
    st: QmgState, n: int, cid: str, here: str = "", who: int = -1, played: Any = None
) -> None:
    """Use a Status (once per turn where it says so) or a face-down Response of ``n``
    (``played``: the card a Rationing-like reaction acts on)."""
    eff = effect(st, cid)
    if cid in st.responses[n]:
        st.face_down(n).remove(cid)
        st.pile(n).append(cid)
    st.used = st.used | {cid}
    if not st.quiet:
        st.add_log("use", nation=st.nation_name(n), card=st.card_name(cid), kind="action")
    again = eff.get("needs_discard")
    if again:  # Guards: that Build Army card is played again, face up on top of the pile
        st.pile(n).remove(again)
        st.pile(n).append(again)
    trigger = eff.get("trigger")
    uk = NATIONS.index("united_kingdom")
    if NATIONS[n] == "germany" and cid in st.table[n] and "uk_enigma" in st.responses[uk]:
        st.stack.append(Task("react", uk, card="uk_enigma", step=cid))  # after the effect
    if trigger == "protect":
        st.protected = st.protected | {(here, who)}
        st.add_log(
            "protected",
            nation=st.nation_name(who),
            piece=st.kind_term(here),
            space=st.board.names[here],
            card=st.card_name(cid),
        )
    elif trigger in ("enemy_built_army", "enemy_built_navy"):
        start_removal(st, here, who, n)
    elif trigger == "removed":
        recruit = {"op": "recruit", "kind": "army", "spaces": [here], "nation": eff["recruit"]}
        push_steps(st, n, cid, [recruit], here)
    elif trigger == "german_status_used":
        if played in st.table[NATIONS.index("germany")]:
            st.status(NATIONS.index("germany")).remove(played)
            st.forget_supply(cards_only=True)
            st.pile(NATIONS.index("germany")).append(played)
    elif trigger == "played_card":
        if played in st.discards[n]:
            st.pile(n).remove(played)
            st.deck(n).append(played)
            st.own_rng().shuffle(st.deck(n))
    elif trigger == "enemy_ew":
        st.stack[:] = [
            t for t in st.stack if not (t.card == st.cancelled and t.op in ("step", "auto"))
        ]
        st.add_log("ew_cancelled", card=st.card_name(st.cancelled))
    else:
        push_steps(st, n, cid, eff.get("steps", []), here)
    cost = eff.get("cost", {})
    if cost.get("top"):
        st.discard_top(n, cost["top"])
    if cost.get("hand"):
        st.stack.append(Task("cost_hand", n, n=cost["hand"]))


def log_piece(st: QmgState, key: str, n: int, space: str, kind: str = "event") -> None:
    """Log ``key`` about ``n``'s piece in ``space``."""
    if st.quiet:
        return
    names = st.board.names
    st.add_log(
        key, nation=st.nation_name(n), piece=st.kind_term(space), space=names[space], kind=kind
    )


# -- pieces ---------------------------------------------------------------------------------
def start_removal(st: QmgState, space: str, victim: int, by: int, battle: bool = False) -> None:
    """A piece is about to be removed: queue the removal, then offer protecting cards first."""
    if (space, victim) in st.protected or victim not in st.pieces[space]:
        return
    key = (victim, space, by, battle)
    task = REMOVALS.get(key)
    if task is None:  # (made once: a frozen dataclass made with keywords is dear)
        task = REMOVALS[key] = Task("do_remove", victim, here=space, who=by, n=int(battle))
    st.stack.append(task)
    team = st.team(victim)
    supplied = space in st.supplied(victim)
    kind = "army" if space in st.board.land else "navy"
    for owner in range(len(NATIONS)):
        if st.team(owner) != team:
            continue
        for cid in (*st.table[owner], *st.responses[owner]):
            eff = effect(st, cid)
            if eff.get("trigger") != "protect" or NATIONS[victim] not in eff["protects"]:
                continue
            if eff["kind"] not in ("any", kind) or ("where" in eff and space not in eff["where"]):
                continue
            if eff.get("supplied") and not supplied:
                continue
            if eff.get("battle_only") and not battle:
                continue
            if eff.get("once_per_turn") and cid in st.used:
                continue
            st.stack.append(Task("react", owner, card=cid, here=space, who=victim))


def do_remove(st: QmgState, task: Task) -> None:
    """Remove the piece unless a card protected it; then offer the 'removed' reactions."""
    space, victim, by = task.here, task.nation, task.who
    if (space, victim) in st.protected or victim not in st.pieces[space]:
        return
    was_supplied = space in st.supplied(victim)
    st.take(space, victim)
    log_piece(st, "removed", victim, space)
    if was_supplied and by not in (victim, -1) and space in st.board.land:
        for owner in range(len(NATIONS)):
            for cid in usable(st, owner, "removed", space):
                if NATIONS[victim] in effect(st, cid)["removed"]:
                    st.stack.append(Task("react", owner, card=cid, here=space, who=victim))


def do_build(st: QmgState, n: int, space: str) -> None:
    """Build a piece and offer the reactions to it (own first in the log, enemies' first on the
    stack: an enemy's 'immediately after' comes before the builder's follow-up)."""
    st.place(space, n)
    army = space in st.board.land
    log_piece(st, "build", n, space, kind="action")
    push_reacts(st, n, "built_army" if army else "built_navy", space)
    team = TEAM[n]  # (the table: no team() calls)
    for enemy in range(len(NATIONS)):
        if TEAM[enemy] == team:
            continue
        if army and team == AXIS:
            push_reacts(st, enemy, "enemy_built_army", space, who=n)
        elif not army and team == ALLIES:
            for cid in usable(st, enemy, "enemy_built_navy", space):
                near = st.board.adjacent[space] | {space}
                if any(enemy in st.pieces[s] for s in near):
                    st.stack.append(Task("react", enemy, card=cid, here=space, who=n))


def do_battle(st: QmgState, n: int, space: str, victim: int) -> None:
    """Fight a battle in ``space``: reactions of the attacker, Atlantic Wall, then the removal."""
    st.add_log("battle", nation=st.nation_name(n), space=st.board.names[space], kind="action")
    st.stack.append(AFTER_BATTLE[n][space])  # (made once)
    if (
        space == "western_europe"
        and st.team(n) == ALLIES
        and st.in_play("ger_atlantic_wall")
        and "ger_atlantic_wall" not in st.used
        and any(st.team(x) == AXIS for x in st.pieces[space])
    ):
        st.used = st.used | {"ger_atlantic_wall"}
        st.add_log("use", nation=st.nation_name(0), card=st.card_name("ger_atlantic_wall"))
        st.discard_top(n, 3)
    if victim >= 0:
        start_removal(st, space, victim, n, battle=True)


# -- economic warfare -----------------------------------------------------------------------
def do_ew(st: QmgState, n: int, cid: str, step: Mapping[str, Any], target: int) -> None:
    """Resolve an Economic Warfare step against ``target`` with the modifiers in play."""
    c = count(st, n, step["count"]) if "count" in step else 1
    if "cond" in step and count(st, n, step["cond"]) == 0:
        return
    points = step.get("vp", 0) + step.get("vp_per", 0) * c
    lose = step.get("discard", 0) + step.get("discard_per", 0) * c
    if "bonus_if_none" in step and count(st, n, step["bonus_if_none"]) == 0:
        lose += step["bonus"]
    lose = ew_modified(st, n, cid, target, lose)
    st.gain(st.team(n), points, st.card_name(cid))
    st.discard_top(target, lose)


def ew_modified(st: QmgState, n: int, cid: str, target: int, lose: int) -> int:
    """Wolf Packs / Flying Fortresses add, Jet Fighters / Skilled Pilots take away (not below 0);
    a modifier only changes a discard the card imposes."""
    if lose <= 0:
        return 0
    if NATIONS[n] == "germany" and "_sub_" in cid and st.in_play("ger_wolf_packs"):
        lose += 3 if 0 in st.pieces["scandinavia"] else 2
    if NATIONS[n] == "united_states" and st.in_play("usa_flying_fortresses"):
        lose += 2
    if st.team(n) == ALLIES and NATIONS[target] == "germany" and st.in_play("ger_jet_fighters"):
        lose -= 3
    italy = NATIONS.index("italy")
    if st.team(n) == ALLIES and target == italy and "ita_skilled_pilots" in st.responses[italy]:
        use_card(st, italy, "ita_skilled_pilots")
        lose -= 5
    return max(lose, 0)


# -- options, decisions, automatic tasks ------------------------------------------------------
def distinct(cards: Iterable[str]) -> list[str]:
    """Card ids in first-seen order without repeats."""
    return list(dict.fromkeys(cards))


def playable(st: QmgState, n: int, cid: str) -> bool:
    """Basic cards need a legal target; other cards may always be played (what cannot be done
    is skipped: 「できない効果だけ無視されます」). Cached per nation and basic type."""
    kind = BASIC_KIND[cid]
    if not kind:
        return True
    memo = st._memo
    key = PLAYABLE[n][kind]
    found: bool | None = memo.get(key)
    if found is None:
        found = memo[key] = _basic_possible(st, n, kind)
    return found


def _basic_possible(st: QmgState, n: int, kind: str) -> bool:
    """Whether the basic step of ``kind`` has a target: ``bool(step_options(...))`` of that step
    without building the list (the first target found ends the search)."""
    board = st.board
    if kind == "land_battle":
        return not reach(st, n).isdisjoint(board.land)
    if kind == "sea_battle":
        return not reach(st, n).isdisjoint(board.sea)
    army = kind == "build_army"
    # pieces_left() inlined (no count_pieces call): a nation has one piece a space
    nat = board.nations[n]
    own = st._memo.get(OWN + n)  # (own_spaces() called only when not cached)
    if own is None:
        own = st.own_spaces(n)
    if army:
        if len(board.land.intersection(own)) >= nat.armies:
            return False
    elif len(board.sea.intersection(own)) >= nat.navies:
        return False
    near = reach(st, n)
    pieces = st.pieces
    team = TEAM_SETS[TEAM[n]]  # (a superset test in C: no generator per space)
    if army:
        home = board.nations[n].home
        for s in (near | {home}) & board.land:
            here = pieces[s]
            if not here or (n not in here and team.issuperset(here)):
                return True
        return bool(recruit_instead(st, n))
    for s in near & board.sea:
        here = pieces[s]
        if (not here or (n not in here and team.issuperset(here))) and st.navy_backed(s, n):
            return True
    return False


def _start_options(st: QmgState, task: Task) -> list[QmgAction]:
    n = task.nation
    if not st.table[n] and not st.responses[n]:
        return []
    uses = [USE[c] for c in usable(st, n, "start_turn")]
    return [*uses, PASS] if uses else []


def _play_options(st: QmgState, task: Task) -> list[QmgAction]:
    n = task.nation
    hand = st.hands[n]
    if not hand:
        return []
    cards = dict.fromkeys(hand)  # the hand's distinct cards, in order
    opts: list[QmgAction] = []
    if len(hand) >= 4 and not st.reallocated and st.game.options.reallocate:
        # basic_in_deck() inlined (no call): the basic types in the deck, in BASIC_TYPES order
        deck = st.decks[n]
        for cards_of_kind, reallocate in KIND_CARDS:
            if not cards_of_kind.isdisjoint(deck):
                opts.append(reallocate)
    memo = st._memo
    for c in cards:
        kind = BASIC_KIND[c]
        if kind:
            key = PLAYABLE[n][kind]
            ok = memo.get(key)
            if ok is None:
                ok = memo[key] = _basic_possible(st, n, kind)
            if not ok:
                continue
        opts.append(PLAY[c])
    if n in PLAY_USERS and (st.table[n] or st.responses[n]):
        opts.extend(USE[c] for c in usable(st, n, "play_step"))
    opts.extend(map(DISCARD.__getitem__, cards))
    return opts


def _rebuild_options(st: QmgState, task: Task) -> list[QmgAction]:
    n = task.nation
    opts = [REMOVE[s] for s in task.step if n in st.pieces[s]]
    return [*opts, PASS] if opts else []


def _reorder_options(st: QmgState, task: Task) -> list[QmgAction]:
    return [act("choose", c) for c in distinct(reorder_segment(st, task))]


def _bottom_options(st: QmgState, task: Task) -> list[QmgAction]:
    cards = [act("bottom", c) for c in distinct(st.hands[task.nation])]
    return [*cards, PASS] if cards and task.n < 2 else cards


def _discard_step_options(st: QmgState, task: Task) -> list[QmgAction]:
    n = task.nation
    if n in DISCARD_USERS and (st.table[n] or st.responses[n]):
        opts = [USE[c] for c in usable(st, n, "discard_step")]
        opts.extend(map(DISCARD.__getitem__, dict.fromkeys(st.hands[n])))
    else:
        opts = list(map(DISCARD.__getitem__, dict.fromkeys(st.hands[n])))
    own = st._memo.get(OWN + n)  # (own_spaces() called only when not cached)
    opts.extend(map(REMOVE.__getitem__, st.own_spaces(n) if own is None else own))
    if opts:
        opts.append(END_DISCARDS)
    return opts


def _cost_hand_options(st: QmgState, task: Task) -> list[QmgAction]:
    return list(map(DISCARD.__getitem__, dict.fromkeys(st.hands[task.nation])))


def _ally_play_options(st: QmgState, task: Task) -> list[QmgAction]:
    n = task.nation
    plays = [PLAY[c] for c in distinct(st.hands[n]) if playable(st, n, c)]
    return [*plays, PASS] if plays else []


def _react_options(st: QmgState, task: Task) -> list[QmgAction]:
    return [USE[task.card], PASS]


def _malta_options(st: QmgState, task: Task) -> list[QmgAction]:
    opts = [act("discard", "top2")]
    if task.nation in st.pieces["mediterranean"]:
        opts.append(act("remove", "mediterranean"))
    return opts


OPTIONS: dict[str, Callable[[QmgState, Task], list[QmgAction]]] = {
    "start": _start_options,
    "play": _play_options,
    "rebuild": _rebuild_options,
    "reorder": _reorder_options,
    "bottom": _bottom_options,
    "discard_step": _discard_step_options,
    "cost_hand": _cost_hand_options,
    "ally_play": _ally_play_options,
    "step": step_options,
    "react": _react_options,
    "malta": _malta_options,
}
"""The options of each decision task, by its ``op``."""


def options(st: QmgState, task: Task) -> list[QmgAction]:
    """The legal actions of a decision task."""
    found = OPTIONS.get(task.op)
    return found(st, task) if found is not None else []


def reorder_segment(st: QmgState, task: Task) -> list[str]:
    """Superior Planning: the looked-at cards not yet put back (the next one goes on top)."""
    end = len(st.decks[task.nation]) - task.who
    return st.decks[task.nation][end - task.n : end]


def needs_decision(st: QmgState, task: Task) -> list[QmgAction]:
    """The options of a decision task (empty: it is skipped; a hand cost with an empty hand is
    paid from the deck: 「手札のカードがなければデックのカードを捨て札にします」)."""
    if task.op == "cost_hand" and not st.hands[task.nation]:
        st.discard_top(task.nation, task.n)
        return []
    return options(st, task)


def resolve(st: QmgState, task: Task, action: QmgAction) -> None:
    """Carry out ``action`` chosen for the decision ``task`` (already popped)."""
    n = task.nation
    op = task.op
    if action is PASS or action is END_DISCARDS or action.verb == "pass":
        return
    if action.verb == "discard" and op in ("discard_step", "cost_hand"):  # the most frequent
        if op == "discard_step":
            st.stack.append(task)
        elif task.n > 1:
            st.stack.append(Task("cost_hand", n, n=task.n - 1))
        st.discard_from_hand(n, action.a)
        return
    if op == "start":
        st.stack.append(task)
        use_card(st, n, action.a)
    elif op == "play":
        if action.verb == "reallocate":
            st.reallocated = True
            st.stack.append(task)
            st.stack.append(FETCH[n][action.a])  # (tasks made once)
            st.stack.append(COST_HAND[n][4])
        elif action.verb == "play":
            play_card(st, n, action.a)
        elif action.verb == "use":
            use_card(st, n, action.a)
        else:
            st.discard_from_hand(n, action.a)
    elif op == "rebuild":
        space = action.a
        st.take(space, n)
        log_piece(st, "removed", n, space)
        rest = tuple(s for s in task.step if s != space)
        if rest:
            st.stack.append(Task("rebuild", n, step=rest))
        kind = "army" if space in st.board.land else "navy"
        st.stack.append(Task("step", n, step=BASIC_STEPS["build_" + kind]))
    elif op == "reorder":
        deck = st.deck(n)
        end = len(deck) - task.who
        segment = deck[end - task.n : end]
        segment.remove(action.a)
        deck[end - task.n : end] = [*segment, action.a]
        if task.n > 2:
            st.stack.append(Task("reorder", n, n=task.n - 1, who=task.who + 1))
    elif op == "bottom":
        st.hand(n).remove(action.a)
        st.deck(n).insert(0, action.a)
        st.add_log("bottom", nation=st.nation_name(n))
        if task.n > 1:
            st.stack.append(Task("bottom", n, n=task.n - 1))
    elif op == "discard_step":
        st.stack.append(task)
        if action.verb == "use":
            use_card(st, n, action.a)
            st.stack.append(Task("bottom", n, n=2))
        else:
            st.take(action.a, n)
            log_piece(st, "removed", n, action.a)
    elif op == "ally_play":
        play_card(st, n, action.a)
    elif op == "react":
        use_card(st, n, task.card, task.here, task.who, task.step)
    elif op == "malta":
        if action.verb == "remove":
            start_removal(st, "mediterranean", n, n)
        else:
            st.discard_top(n, ew_modified(st, NATIONS.index("united_kingdom"), task.card, n, 2))
    else:
        resolve_step(st, task, action)


def resolve_step(st: QmgState, task: Task, action: QmgAction) -> None:
    """Carry out the chosen option of a card step."""
    n = task.nation
    verb = action.verb
    if verb == "build":
        do_build(st, n, action.a)
    elif verb == "recruit":
        who = NATIONS.index(action.b) if action.b else n
        st.place(action.a, who)
        log_piece(st, "recruit", who, action.a)
    elif verb == "battle":
        do_battle(st, n, action.a, NATIONS.index(action.b) if action.b else -1)
    elif verb == "eliminate":
        start_removal(st, action.a, NATIONS.index(action.b), n)
    elif verb == "choose":
        st.stack.append(sub_task(task, BASIC_STEPS[action.a]))
    elif verb == "play":  # Flexible Resources: a card from the discard pile
        st.pile(n).remove(action.a)
        st.hand(n).append(action.a)
        play_card(st, n, action.a)
    elif verb == "target" and task.step["op"] == "lend_lease":
        ally = NATIONS.index(action.a)
        st.stack.append(Task("draw_one", ally))
        st.stack.append(Task("ally_play", ally))
    elif verb == "target":
        do_ew(st, n, task.card, task.step, NATIONS.index(action.a))


def play_card(st: QmgState, n: int, cid: str) -> None:
    """Play a card from hand (a played card is discarded before its text resolves)."""
    st.hand(n).remove(cid)
    card = st.cards.card(cid)
    if card.type == "response":
        st.face_down(n).append(cid)
        st.log_private(n, "play_hidden", "play", card=card.name, type=st.type_term(cid))
        return
    if not st.quiet:
        name = st.nation_name(n)
        st.add_log("play", nation=name, card=card.name, type=st.type_term(cid), kind="action")
    if card.type == "status":
        st.status(n).append(cid)
        st.forget_supply(cards_only=True)
        return
    own_play = st.nation == n  # not Lend Lease's play in another nation's turn
    conscripts = st.in_play("ussr_women_conscripts") and NATIONS[n] == "soviet_union"
    if own_play and conscripts and card.type == "build_army":
        st.deck(n).append(cid)  # Women Conscripts: on top of the deck, not to the discard pile
    else:
        st.pile(n).append(cid)
    if own_play and NATIONS[n] == "united_kingdom" and "uk_rationing" in st.responses[n]:
        st.stack.append(Task("react", n, card="uk_rationing", step=cid))
    if card.basic:
        task = BASIC_TASK[cid]  # (made once)
        st.stack.append(task if task.nation == n else Task("step", n, card=cid, step=task.step))
        return
    push_steps(st, n, cid, effect(st, cid).get("steps", []))
    uk = NATIONS.index("united_kingdom")
    if card.type == "economic_warfare" and st.team(n) == AXIS:
        st.cancelled = cid
        push_reacts(st, uk, "enemy_ew")


def run(st: QmgState, task: Task) -> None:
    """Run an automatic task."""
    op = task.op
    n = task.nation
    if op == "supply":
        supply_step(st, n)
    elif op == "victory":
        victory_step(st, n)
    elif op == "draw":
        st.draw_up(n)
    elif op == "draw_one":
        if st.decks[n]:
            st.hand(n).append(st.deck(n).pop())
            st.add_log("draw", nation=st.nation_name(n), n=1)
    elif op == "fetch":
        deck = st.decks[n]
        for i in range(len(deck) - 1, -1, -1):
            if CARD_TYPE[deck[i]] == task.card:  # (a look-up: no card() call)
                st.hand(n).append(st.deck(n).pop(i))
                if not st.quiet:
                    name = st.nation_name(n)
                    st.add_log("reallocate", nation=name, type=Term(*_type(task.card)))
                break
    elif op == "do_remove":
        do_remove(st, task)
    elif op == "after_battle":
        land = task.here in st.board.land
        push_reacts(st, n, "battled_land" if land else "battled_sea", task.here)
    elif op == "auto":
        run_step(st, task)


def supply_step(st: QmgState, n: int) -> None:
    """「補給ステップ」: each piece of ``n`` out of supply is removed (protections first)."""
    memo = st._memo  # (the slot: supplied() and own_spaces() called only when not cached)
    supplied = memo.get(n)
    if supplied is None:
        supplied = st.supplied(n)
    own = memo.get(OWN + n)
    if own is None:
        own = st.own_spaces(n)
    if len(supplied) == len(own):  # supplied spaces are own spaces: all supplied
        return
    for s in reversed(own):
        if s not in supplied:
            log_piece(st, "no_supply", n, s, kind="narration")
            start_removal(st, s, n, -1)


def _type(t: str) -> tuple[str, str]:
    from gamelib.qmg.cards import TYPE_TERMS

    return TYPE_TERMS[t].en, TYPE_TERMS[t].ja


def run_step(st: QmgState, task: Task) -> None:
    """An automatic card step: points, one-target Economic Warfare, Malta, random discards."""
    step = task.step
    op = step["op"]
    n = task.nation
    if op == "vp":
        st.gain(st.team(n), vp_amount(st, n, step), st.card_name(task.card))
    elif op == "ew":
        for t in ew_targets(st, n, step):
            do_ew(st, n, task.card, step, t)
    elif op == "malta":
        st.stack.append(Task("malta", NATIONS.index("italy"), card=task.card))
        st.stack.append(Task("malta", NATIONS.index("germany"), card=task.card))
    elif op == "rebuild":
        kinds = step["kinds"]
        own = tuple(
            s
            for s in st.board.order
            if n in st.pieces[s] and ("army" if s in st.board.land else "navy") in kinds
        )
        st.stack.append(Task("rebuild", n, step=own))
    elif op == "reorder":
        k = min(step["look"], len(st.decks[n]))
        if k > 1:
            st.stack.append(Task("reorder", n, n=k, who=0))
    elif op == "truk":
        st.truk = True
        st.forget_supply(cards_only=True)
    elif op == "discard_random_response":
        target = NATIONS.index(step["target"])
        pile = st.face_down(target)
        if pile:
            cid = st.own_rng().choice(sorted(pile))
            pile.remove(cid)
            st.pile(target).insert(0, cid)
            st.add_log("random_response", nation=st.nation_name(target))


def vp_amount(st: QmgState, n: int, step: Mapping[str, Any]) -> int:
    """Points of a ``vp`` step."""
    if "if_none" in step:
        return step["amount"] if count(st, n, step["if_none"]) == 0 else 0
    if "count" not in step:
        return int(step["amount"])
    points = step["per"] * count(st, n, step["count"])
    return min(points, step["cap"]) if "cap" in step else points


SUPPLY_SPACES = Term("supply spaces", "補給スペース")
"""Why the Victory step's points are gained."""


def home_taken(st: QmgState, n: int) -> bool:
    """Whether an enemy army holds nation ``n``'s home space (its Victory step scores nothing)."""
    team = TEAM[n]
    for x in st.pieces[HOMES[n]]:  # noqa: SIM110 (a plain loop: no generator)
        if TEAM[x] != team:
            return True
    return False


def supply_points(st: QmgState, n: int) -> int:
    """The points for supply spaces nation ``n``'s Victory step gives now: 2 per supply space
    held alone, 1 where an ally stands too (before the home-space check)."""
    memo = st._memo
    total: int | None = memo.get(HELD + n)
    if total is None:
        pieces = st.pieces
        total = 0
        own = st.own_spaces(n)
        if own:  # (no piece, as for many nations late in a game: no supply spaces to read)
            for s in st.supply_spaces(n).intersection(own):
                total += 1 if len(pieces[s]) > 1 else 2  # an ally there too: 1
        memo[HELD + n] = total
    return total


def victory_step(st: QmgState, n: int) -> None:
    """「勝利点ステップ」: 2 VP per supply space held alone, 1 where shared with an ally; skipped
    while an enemy army holds the home space; then the Status cards that score here."""
    team = TEAM[n]
    for x in st.pieces[HOMES[n]]:  # home_taken() inlined (every turn)
        if TEAM[x] != team:
            st.add_log(
                "vp_skipped", space=st.board.names[HOMES[n]], nation=st.nation_name(n),
                kind="narration",
            )
            return
    total: int | None = st._memo.get(HELD + n)  # supply_points() when cached (no call)
    if total is None:
        total = supply_points(st, n)
    if total:
        if st.quiet:  # gain() without its call
            st.vp[team] += total
        else:
            st.gain(team, total, SUPPLY_SPACES)
    for cid in st.table[n]:  # (no copy: scoring changes no card list)
        if TRIGGER[cid] != "victory":
            continue
        eff = EFFECTS[cid]
        scored = []
        for i, step in enumerate(eff["steps"]):
            if i and st.game.options.iron_ore == "then" and not scored[0]:
                break
            points = vp_amount(st, n, step)
            scored.append(points)
            if st.quiet:  # gain() without its call (nor the card's name)
                st.vp[team] += points
            else:
                st.gain(team, points, st.card_name(cid))


def why(st: QmgState, task: Task, action: QmgAction) -> Term:
    """The rule an action breaks at this decision."""
    verb = getattr(action, "verb", "")
    if verb in ("build", "battle", "recruit"):
        return RULES[verb]
    if verb == "play":
        return RULES["play"]
    return RULES["other"]


# -- view -------------------------------------------------------------------------------------
def make_view(st: QmgState, player: int | None) -> QmgView:
    """The view of seat ``player`` (``None``: the teacher sees everything)."""
    seats = st.game.seats
    mine = set(range(len(NATIONS))) if player is None else set(seats[player])
    supplied = [st.supplied(n) for n in range(len(NATIONS))]
    top = st.stack[-1] if st.stack and st.over is None else None
    return QmgView(
        **st.base_view_fields(player),
        round=st.round,
        nation=st.nation,
        vp=(st.vp[0], st.vp[1]),
        pieces=tuple((s, st.pieces[s]) for s in st.board.order if st.pieces[s]),
        supplied=tuple(
            tuple(s for s in st.board.order if s in supplied[n]) for n in range(len(NATIONS))
        ),
        out_of_supply=tuple(
            tuple(s for s in st.board.order if n in st.pieces[s] and s not in supplied[n])
            for n in range(len(NATIONS))
        ),
        hands=tuple(tuple(h) if n in mine else None for n, h in enumerate(st.hands)),
        hand_sizes=tuple(len(h) for h in st.hands),
        deck_sizes=tuple(len(d) for d in st.decks),
        discard_sizes=tuple(len(d) for d in st.discards),
        discard_tops=tuple(d[-1] if d else None for d in st.discards),
        table=tuple(tuple(t) for t in st.table),
        responses=tuple(tuple(r) if n in mine else None for n, r in enumerate(st.responses)),
        response_counts=tuple(len(r) for r in st.responses),
        decision=top.op if top else "",
        deciding_nation=top.nation if top else None,
        seat_nations=seats,
    )
