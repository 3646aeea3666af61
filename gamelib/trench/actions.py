"""Actions of 毒ガス塹壕戦: one small frozen value, its English text and its Japanese label.

Soldiers are named from their owner's point of view, ``S1`` .. ``S3``; cells as ``a1`` .. ``g7``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from gamelib.trench.board import Cell, cell_name

__all__ = ["CATEGORY", "CIV", "TrenchAction", "act", "label", "parse_soldier_text"]

#: A civilian's number in an action's ``soldier`` field is ``CIV + k`` (``C1``, ``C2``, R13.2).
CIV = 10

#: The card category each soldier verb belongs to (R6.3; dig forward is a Move, R7.1.4).
CATEGORY: dict[str, str] = {
    "move": "move", "dash": "move", "dig_fwd": "move", "turn": "turn", "build": "build",
    "collect": "build", "fire": "fire", "dig": "dig", "remote": "dig", "equip": "equip",
    "camp": "camp",
}
_DIR_JA = {"N": "北", "E": "東", "S": "南", "W": "西"}
_WORD_JA = {
    "gun": "機銃", "gas": "毒ガス", "bomb": "爆弾", "mask": "ガスマスク", "drug": "薬物",
    "cube": "立方体", "food": "食糧", "move": "移動", "turn": "旋回", "build": "建築",
    "fire": "発射", "dig": "潜る", "equip": "装備使用", "camp": "野営", "interrupt": "割込み",
    "corpse": "死体", "civilian": "民間人", "village": "民間人集落",
}


@dataclass(frozen=True, eq=False, init=False)
class TrenchAction:
    """One decision: ``verb`` with the acting soldier's number and its parameters.

    ``extra`` marks a drug action (R7.6.4). ``arg`` is a direction, weapon, item, card name or a
    ``+``-joined card list; ``n`` a distance.

    Interned: equal fields give the very same object (made once per session, frozen), so
    equality and hashing are identity (``action in legal`` compares no fields) and the text is
    built once, when the action is made (kept in the instance as ``_text``: a plain attribute,
    which the interpreter reads fast; no class-level hook or descriptor); so is ``_sight``, what
    the pieces may newly see after it (R9.3, see :func:`_sight`).
    """

    verb: str
    soldier: int = 0
    arg: str = ""
    cell: Cell | None = None
    n: int = -1
    extra: bool = False

    def __new__(
        cls, verb: str, soldier: int = 0, arg: str = "", cell: Cell | None = None, n: int = -1,
        extra: bool = False,
    ) -> TrenchAction:
        key = (verb, soldier, arg, cell, n, extra)
        a = _INTERNED.get(key)
        if a is None:
            a = object.__new__(cls)
            # a dict of its own, not one sharing the class's keys: the interpreter's fast
            # attribute read (by position in the dict) works on such a dict only
            d = dict(zip(_FIELDS, key, strict=True))
            _set(a, "__dict__", d)  # (frozen: no __setattr__)
            if verb in _BODIES:  # (a verb without a text fails when shown, as before)
                d["_text"] = _text(a)
            d["_sight"] = _sight(verb, arg, n)
            _INTERNED[key] = a
        return a

    def __str__(self) -> str:
        text: str | None = self.__dict__.get("_text")
        return _text(self) if text is None else text

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Pickle (and copy) the fields only, unpickling to the shared value."""
        return (act, (self.verb, self.soldier, self.arg, self.cell, self.n, self.extra))



_FIELDS = ("verb", "soldier", "arg", "cell", "n", "extra")
_set = object.__setattr__
#: Every action made so far, by its fields (a few thousand at most: the values are small).
_INTERNED: dict[tuple[Any, ...], TrenchAction] = {}


#: The engine's way to make an action, the shared :class:`TrenchAction` with these fields
#: (positional arguments looked up without running ``__new__``).
@cache
def act(
    verb: str, soldier: int = 0, arg: str = "", cell: Cell | None = None, n: int = -1,
    extra: bool = False,
) -> TrenchAction:
    """The shared :class:`TrenchAction` with these fields."""
    return TrenchAction(verb, soldier, arg, cell, n, extra)


#: Decisions after which nobody can newly see anything (R9.3): they move no piece, change no
#: height and put no tile on a new soldier (what follows by itself only removes pieces: deaths,
#: sinking ships; pieces do not block sight); and the set-up's (the only decisions of its
#: phases), which leave every soldier on a ship, where only an adjacent piece could see him
#: (R9.2), and no two seats' ships touch.
NO_NEW_SIGHT = frozenset((
    "plot", "flip", "end", "wait", "interrupt", "camp", "penalty", "bounce", "civpen", "equip",
    "arm", "land", "base", "place", "pass",
))
#: Decisions handing one item over (R6.11, A73, A43): only a weapon tile can teach a watcher
#: something new (R9.3); a gas shot changes no height and only kills (the other shots may
#: lower a cube and open a view).
HANDOVERS = frozenset(("give", "relief", "hand"))
TILE_KINDS = frozenset(("gun", "gas", "bomb"))


def _sight(verb: str, arg: str, n: int) -> int:
    """What the pieces may newly see after the decision: 0 nothing, 2 only what the turning
    soldier sees (a turn without carrying), 1 anything (the state's ``_update_sight``)."""
    if verb in NO_NEW_SIGHT or (verb in HANDOVERS and arg not in TILE_KINDS) or (
        verb == "fire" and arg[:3] == "gas"
    ):
        return 0
    return 2 if verb == "turn" and n != 1 else 1


def _text(a: TrenchAction) -> str:
    s = f"C{a.soldier - CIV}" if a.soldier > CIV else f"S{a.soldier}"
    at = cell_name(a.cell) if a.cell else ""
    body = _BODIES[a.verb](a, s, at)  # (only the verb's own text is built)
    return ("drug: " + body) if a.extra else body


#: An action's English text by verb, from the action, its piece's name and its cell's name.
_BODIES: dict[str, Callable[[TrenchAction, str, str], str]] = {
    "arm": lambda a, s, at: f"arm {a.arg}",
    "land": lambda a, s, at: f"{s} lands at {at}",
    "base": lambda a, s, at: f"base at {at}",
    "place": lambda a, s, at: f"place {a.arg} at {at}",
    "pass": lambda a, s, at: "pass",
    "plot": lambda a, s, at: f"plot {a.arg}",
    "move": lambda a, s, at: f"{s} move {a.arg}",
    "dash": lambda a, s, at: f"{s} dash {a.arg}",
    "dig_fwd": lambda a, s, at: f"{s} dig forward {a.arg}",
    "turn": lambda a, s, at: f"{s} turn {a.arg}" + (" carrying" if a.n == 1 else ""),
    "build": lambda a, s, at: f"{s} build at {at}",
    "collect": lambda a, s, at: f"{s} collect",
    "fire": lambda a, s, at: f"{s} fire {a.arg}" + (f" at {a.n}" if a.n >= 0 else ""),
    "dig": lambda a, s, at: f"{s} dig",
    "remote": lambda a, s, at: f"{s} dig out {at}",
    "equip": lambda a, s, at: f"{s} equip {a.arg}",
    "camp": lambda a, s, at: "camp" + (f" taking {a.arg}" if a.arg else ""),
    "flip": lambda a, s, at: "flip second card",
    "end": lambda a, s, at: "end turn",
    "bounce": lambda a, s, at: f"gas bounces {a.arg}",
    "relief": lambda a, s, at: "no relief" if a.arg == "none" else f"relief: {a.arg} to {s}",
    "penalty": lambda a, s, at: f"sinking penalty: {s} loses {a.arg}",
    "hand": lambda a, s, at: f"hand on {a.arg} to {s}",
    "give": lambda a, s, at: f"{s} gives {a.arg} to "
    + (f"the ally at {at}" if a.cell else f"S{a.n}"),
    "interrupt": lambda a, s, at: "interrupt now",
    "wait": lambda a, s, at: "no interrupt",
    "civpen": lambda a, s, at: "civilian penalty: lose 1 VP" if a.arg == "vp"
    else "civilian penalty: skip next turn",
}


def label(a: TrenchAction, lang: str) -> str:
    """How a player names ``a`` in ``lang`` (Japanese labels parse back too)."""
    if lang != "ja":
        return str(a)
    s = f"民間人{a.soldier - CIV}" if a.soldier > CIV else f"兵{a.soldier}"
    at = cell_name(a.cell) if a.cell else ""
    d = _DIR_JA.get(a.arg, a.arg)
    w = "・".join(_WORD_JA.get(x, x) for x in a.arg.replace("+", ",").split(",")) if a.arg else ""
    if " from S" in a.arg:  # a guerrilla fires soldier m's weapon (R13.3): 兵m の機銃
        kind, _, m = a.arg.partition(" from S")
        w = f"兵{m}の{_WORD_JA.get(kind, kind)}"
    body = {
        "arm": f"武器配分 {w}",
        "land": f"{s}を{at}に上陸",
        "base": f"基地を{at}に",
        "place": f"{w}を{at}に置く",
        "pass": "パス",
        "plot": f"プロット {w}",
        "move": f"{s} {d}へ移動",
        "dash": f"{s} {d}へダッシュ",
        "dig_fwd": f"{s} {d}へ掘り進む",
        "turn": f"{s} {d}へ旋回" + ("（運搬）" if a.n == 1 else ""),
        "build": f"{s} {at}に建築",
        "collect": f"{s} 立方体回収",
        "fire": f"{s} {w}発射" + (f" 距離{a.n}" if a.n >= 0 else ""),
        "dig": f"{s} 穴に潜る",
        "remote": f"{s} {at}を掘る（2行動）",
        "equip": f"{s} {w}使用",
        "camp": "野営" + (f"（{w}回収）" if a.arg else ""),
        "flip": "第二行動の札をめくる",
        "end": "手番終了",
        "bounce": f"毒ガスを{d}へ反射",
        "relief": "遺品救済なし" if a.arg == "none" else f"遺品救済：{w}を{s}へ",
        "penalty": f"沈没ペナルティ：{s}の{w}を失う",
        "hand": f"{w}を{s}へ託す",
        "give": f"{s}が{w}を" + (f"{at}の味方へ渡す" if a.cell else f"兵{a.n}へ渡す"),
        "interrupt": "今割込む",
        "wait": "割込まない",
        "civpen": "民間人ペナルティ：減点1点" if a.arg == "vp" else "民間人ペナルティ：1回休み",
    }[a.verb]
    return ("薬物: " + body) if a.extra else body


_VERBS = (
    ("dig forward ", "dig_fwd"), ("move ", "move"), ("dash ", "dash"), ("turn ", "turn"),
    ("build at ", "build"), ("fire ", "fire"), ("dig out ", "remote"), ("equip ", "equip"),
)


def parse_soldier_text(text: str) -> TrenchAction | None:
    """Read a soldier action's text (``"S1 dig"``, ``"drug: S2 fire gas at 1"``) even when it is
    not legal now, so that a refusal can name the rule; ``None`` when it is no such text."""
    from gamelib.trench.board import parse_cell

    t = " ".join(text.strip().split())
    extra = t.lower().startswith("drug: ")
    if extra:
        t = t[6:]
    if len(t) < 4 or t[0] not in "SsCc" or not t[1].isdigit() or t[2] != " ":
        return None
    k, rest = int(t[1]) + (CIV if t[0] in "Cc" else 0), t[3:].lower()
    if rest in ("dig", "collect"):
        return TrenchAction(rest, k, extra=extra)
    try:
        for prefix, verb in _VERBS:
            if rest.startswith(prefix):
                arg = rest[len(prefix):]
                if verb in ("build", "remote"):
                    return TrenchAction(verb, k, cell=parse_cell(arg), extra=extra)
                if verb == "fire":
                    kind, _, dist = arg.partition(" at ")
                    kind = kind.replace(" from s", " from S")  # a guerrilla's supplier (R13.3)
                    return TrenchAction(verb, k, kind, n=int(dist) if dist else -1, extra=extra)
                if verb == "turn":
                    d, _, carry = arg.partition(" ")
                    return TrenchAction(verb, k, d.upper(), n=1 if carry else -1, extra=extra)
                if verb == "equip":
                    return TrenchAction(verb, k, arg, extra=extra)
                return TrenchAction(verb, k, arg.upper(), extra=extra)
    except ValueError:
        return None
    return None
