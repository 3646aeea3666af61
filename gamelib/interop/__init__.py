"""Every game as the environments game-AI people already use: OpenSpiel and PettingZoo.

Both adapters are built only on the contract (:mod:`gamelib.core`: stable action ids, length and
score bounds, views, numeric observations, :meth:`~gamelib.core.State.sample_world`) and reach
the games through the registry. Each needs an optional extra::

    pip install "gamelib[openspiel]"    # gamelib.interop.openspiel
    pip install "gamelib[pettingzoo]"   # gamelib.interop.pettingzoo

This package itself imports neither, so it can say which extra is missing (in English and
Japanese: :class:`MissingExtra`). :func:`view_text` is the deterministic text of a view both
adapters show; :func:`payoffs` turns an outcome into their returns and rewards.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from gamelib.core import Catalog, LogEntry, OptionError, Outcome, Term, View

__all__ = ["MESSAGES", "PAYOFFS", "MissingExtra", "payoffs", "refuse", "view_text"]


class MissingExtra(ImportError):
    """An adapter's library is not installed; the message names the extra that installs it.

    ``en`` and ``ja`` hold the message in each language; ``str(err)`` shows both.
    """

    def __init__(self, adapter: str, library: str, extra: str) -> None:
        command = f'pip install "gamelib[{extra}]"'
        self.en = f"gamelib.interop.{adapter} needs {library}, which is not installed: {command}"
        self.ja = (
            f"gamelib.interop.{adapter} には {library} が必要ですが、"
            f"インストールされていません: {command}"
        )
        super().__init__(f"{self.en}\n{self.ja}", name=library)

    def text(self, lang: str) -> str:
        """The message in ``lang``."""
        return self.ja if lang == "ja" else self.en


#: The adapters' refusals, in English and Japanese.
MESSAGES = Catalog(
    {
        "bad_seed": {
            "en": "seed must be -1 (the chance node picks it) or a seed >= 0, not {value}",
            "ja": "seed は -1(チャンスノードが選ぶ)か 0 以上のシードです({value} は不可)",
        },
        "bad_seeds": {
            "en": "seeds must be a whole number >= 1, not {value}",
            "ja": "seeds は 1 以上の整数です({value} は不可)",
        },
        "bad_payoff": {
            "en": "{name} must be one of {choices}, not {value}",
            "ja": "{name} は {choices} のいずれかです({value} は不可)",
        },
        "bad_render_mode": {
            "en": "render_mode must be None, 'ansi' or 'human', not {value}",
            "ja": "render_mode は None、'ansi'、'human' のいずれかです({value} は不可)",
        },
        "no_observation_params": {
            "en": "observation parameters are not supported: {value}",
            "ja": "観測のパラメータには対応していません: {value}",
        },
        "not_started": {
            "en": "the game has not started: its chance node picks the seed first",
            "ja": "ゲームはまだ始まっていません: 先にチャンスノードがシードを選びます",
        },
        "not_a_seed": {
            "en": "seed {value} is not a chance outcome of {game}",
            "ja": "シード {value} は {game} のチャンスの結果ではありません",
        },
        "no_seat": {
            "en": "there is no seat {value} to view from (seats 0 to {last})",
            "ja": "席 {value} はありません(席は 0 から {last})",
        },
        "no_reset": {
            "en": "call reset() before using the environment",
            "ja": "環境を使う前に reset() を呼んでください",
        },
        "no_action": {
            "en": "an agent still playing needs an action id (0 to {last}), not None",
            "ja": "まだ手番のあるエージェントには行動 ID(0 から {last})が必要です(None は不可)",
        },
    }
)


def refuse(key: str, lang: str = "en", **params: Any) -> OptionError:
    """The :class:`~gamelib.core.OptionError` of an adapter's refusal ``key`` (both languages;
    ``str(err)`` in ``lang``)."""
    return OptionError.of(MESSAGES.term(key, **params), lang)


#: How an outcome becomes each seat's payoff: ``"win"`` shares 1 among the winners (0 for the
#: others; the payoffs add up to 1), ``"score"`` is :attr:`Outcome.scores`.
PAYOFFS = ("win", "score")


def payoffs(outcome: Outcome, players: int, mode: str = "win") -> list[float]:
    """Each seat's payoff from ``outcome`` by ``mode`` (one of :data:`PAYOFFS`)."""
    if mode == "score":
        return [float(s) for s in outcome.scores]
    if mode != "win":
        raise refuse("bad_payoff", name="the payoff", choices=PAYOFFS, value=repr(mode))
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    return [share if p in outcome.winners else 0.0 for p in range(players)]


#: View fields left out of :func:`view_text`: fixed for the game (id, language, seat names) or
#: rendered apart (the log).
_SKIPPED = frozenset({"game_id", "lang", "seat_names", "log"})


def view_text(view: View, *, log: bool = True) -> str:
    """The text of ``view``: one ``field: value`` line per field, then its log lines.

    The same view gives the same text in every process (sets and mappings are sorted), and the
    text holds only what the view holds. Without ``log`` it is what the seat sees now.
    """
    lang = view.lang
    lines = [
        f"{name}: {_plain(getattr(view, name), lang)}"
        for name in _field_names(type(view))
        if name not in _SKIPPED
    ]
    if log:
        lines.extend(f"log: {line}" for line in view.log_lines())
    return "\n".join(lines)


_ATOMS = frozenset({int, float, str, bool, type(None)})
_FIELDS: dict[type, tuple[str, ...]] = {}
#: Texts of hashable (frozen) dataclass values such as cards, which views repeat many times.
_MEMO: dict[tuple[str, Any], str] = {}
_MEMO_SIZE = 100_000


def _field_names(cls: type) -> tuple[str, ...]:
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))
    return names


def _plain(value: Any, lang: str, depth: int = 0) -> str:
    """A value as deterministic text (no memory addresses, no hash order)."""
    kind = type(value)
    if kind in _ATOMS:
        return repr(value)
    if depth > 40:
        raise ValueError("a view nests too deeply to write as text")
    d = depth + 1
    if kind is tuple or kind is list:
        if all(type(v) in _ATOMS for v in value):
            return repr(tuple(value))
        return "(" + ", ".join([_plain(v, lang, d) for v in value]) + ")"
    if isinstance(value, enum.Enum):
        return value.name
    if kind is Term or kind is LogEntry:
        return str(value.text(lang))
    if isinstance(value, (list, tuple)):
        return "(" + ", ".join([_plain(v, lang, d) for v in value]) + ")"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted([_plain(v, lang, d) for v in value])) + "}"
    if isinstance(value, Mapping):
        items = sorted([f"{_plain(k, lang, d)}: {_plain(v, lang, d)}" for k, v in value.items()])
        return "{" + ", ".join(items) + "}"
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return _dataclass_text(value, lang, d)
    attrs = dict(getattr(value, "__dict__", {}))
    for cls in kind.__mro__:  # slotted objects too
        for name in getattr(cls, "__slots__", ()):
            if isinstance(name, str) and hasattr(value, name):
                attrs[name] = getattr(value, name)
    if attrs:
        inner = ", ".join(f"{k}={_plain(v, lang, d)}" for k, v in sorted(attrs.items()))
        return f"{kind.__name__}({inner})"
    if kind.__str__ is object.__str__ and kind.__repr__ is object.__repr__:
        return f"{kind.__name__}()"  # its default text would be a memory address
    return f"{kind.__name__}:{value}"


def _dataclass_text(value: Any, lang: str, depth: int) -> str:
    """``Name(field=value, ...)``, remembered for hashable values (equal values, same text)."""
    key: tuple[str, Any] | None = (lang, value)
    try:
        text = _MEMO.get(key)  # type: ignore[arg-type]
    except TypeError:  # a mutable dataclass, or one holding a list
        key, text = None, None
    if text is None:
        names = _field_names(type(value))
        inner = ", ".join([f"{n}={_plain(getattr(value, n), lang, depth)}" for n in names])
        text = f"{type(value).__name__}({inner})"
        if key is not None:
            if len(_MEMO) >= _MEMO_SIZE:
                _MEMO.clear()
            _MEMO[key] = text
    return text
