"""Pure rules helpers of 列強の興亡: which cards may be played, card values, who takes cards back.

Nothing here touches a state or randomness: dice faces are passed in. The state module calls
these; the odds and bot modules may call them too.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping

from gamelib.rekkyo.cards import ActionCard, CardSet, EventCard, WeaponCard

__all__ = [
    "can_add_to_attack",
    "can_add_to_defence",
    "can_commit",
    "can_open_invasion",
    "card_value",
    "is_recoverable",
    "neutral_counts",
    "territory_power",
]


def can_add_to_attack(card: ActionCard, route: str) -> bool:
    """Whether ``card`` may join an invasion over ``route``.

    Weapons of any kind, except that a land invasion may not use navy cards; events only if they
    are used with weapons.
    """
    if isinstance(card, EventCard):
        return card.use == "with_weapons"
    return not (route == "land" and card.kind == "navy")


can_add_to_defence = can_add_to_attack
"""The defender's limits are the attacker's (「選択出来るカードの制限等については…同じ」)."""


def can_commit(cards: Iterable[ActionCard], route: str) -> bool:
    """Whether an attack made of ``cards`` may be committed.

    At least one weapon (events go *with* weapons); over the sea at least one navy or air card.
    """
    weapons = [c for c in cards if isinstance(c, WeaponCard)]
    if not weapons:
        return False
    if route == "sea":
        return any(w.kind in ("navy", "air") for w in weapons)
    return True


def can_open_invasion(hand: Iterable[ActionCard], route: str) -> bool:
    """Whether a hand holds a committable attack over ``route``."""
    return can_commit([c for c in hand if can_add_to_attack(c, route)], route)


def neutral_counts(card: ActionCard) -> bool:
    """Whether a card drawn for a neutral's defence stays (open cards and events are removed)."""
    return isinstance(card, WeaponCard) and not card.open


def card_value(card: ActionCard, *, face: int | None = None, route: str = "land",
               neutral: bool = False, cancelled: bool = False) -> int:
    """The strength ``card`` adds to its side.

    ``face`` is the die face rolled for a die card; ``neutral`` applies the neutral rules (after a
    land invasion a neutral's navy counts 0); ``cancelled``: an intercepted strategic bombing.
    """
    if cancelled:
        return 0
    if isinstance(card, WeaponCard) and neutral and route == "land" and card.kind == "navy":
        return 0
    if isinstance(card, EventCard) and card.use != "with_weapons":
        return 0
    if card.die is not None:
        if face is None:
            raise ValueError(f"{card.id} rolls a die: give the face")
        return card.die[face - 1]
    return card.strength


def is_recoverable(card: ActionCard, held_before: Collection[str]) -> bool:
    """Whether the winner may take ``card`` back: a weapon produced in a territory they held
    before this combat (シベリア never produces; ソビエト製 needs ソビエト itself)."""
    return isinstance(card, WeaponCard) and card.producer in held_before


def territory_power(cards: CardSet, tid: str, holder: int | None,
                    soviet_start: Mapping[int, bool], siberia_rule: str) -> int:
    """The 国力 of territory ``tid`` held by ``holder``.

    With ``siberia_rule == "siberia6"`` Siberia counts 6 while held by the player who started
    with the Soviet Union; otherwise the printed power (the pair then counts 4 + 2 = 6).
    """
    t = cards.territory(tid)
    if (siberia_rule == "siberia6" and tid == "siberia" and holder is not None
            and soviet_start.get(holder, False)):
        return 6
    return t.power
