"""Actions of 主計将校: one small frozen dataclass whose text reads as players say it.

``verb`` is one of :data:`VERBS`; ``a`` and ``b`` name a card, a space, a nation or a card type.
The text is ``"verb a b"`` (empty parts left out), e.g. ``"play ger_build_army"``,
``"build germany"``, ``"battle ukraine soviet_union"``, ``"use ger_blitzkrieg"``, ``"pass"``.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["VERBS", "QmgAction", "act"]

VERBS = (
    "play",
    "discard",
    "use",
    "pass",
    "reallocate",
    "build",
    "recruit",
    "battle",
    "eliminate",
    "choose",
    "target",
    "remove",
    "end",
    "bottom",
)


@dataclass(frozen=True)
class QmgAction:
    """One decision: ``verb`` with up to two arguments."""

    verb: str
    a: str = ""
    b: str = ""

    _text = None  # (not a field) the text, set on the shared objects of act()

    def __str__(self) -> str:
        text: str | None = self._text  # (an attribute: no __dict__.get call)
        if text is not None:
            return text
        if self.b:
            return f"{self.verb} {self.a} {self.b}"
        return f"{self.verb} {self.a}" if self.a else self.verb

    def __eq__(self, other: object) -> bool:
        # the dataclass's equality without building two tuples (``action in legal`` compares
        # an action with each legal one before it)
        if self is other:
            return True
        if other.__class__ is not QmgAction:
            return NotImplemented
        # the argument first: two different choices of one decision mostly share the verb
        return self.a == other.a and self.verb == other.verb and self.b == other.b


_INTERNED: dict[tuple[str, str, str], QmgAction] = {}


def act(verb: str, a: str = "", b: str = "") -> QmgAction:
    """The action ``verb a b``, one shared object per text (actions are immutable; the engine
    builds its legal actions through this to avoid making new objects on every step)."""
    key = (verb, a, b)
    found = _INTERNED.get(key)
    if found is None:
        found = _INTERNED[key] = QmgAction(verb, a, b)
        object.__setattr__(found, "_text", str(found))  # its text, made once
    return found
