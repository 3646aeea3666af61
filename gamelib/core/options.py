"""Game options as frozen dataclasses, validated with messages that name what is wrong.

A game declares its options as a frozen dataclass deriving from :class:`Options`; each field is made
with :func:`option`, which records the accepted values and a one-line description::

    @dataclass(frozen=True)
    class PowersOptions(Options):
        players: int = option(2, choices=range(2, 6), doc="number of players")
        rules: str = option("base", choices=("base", "magazine", "refill"), doc="rule set")
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from gamelib.core.errors import OptionError

__all__ = ["LANGS", "Options", "build_options", "option", "option_specs"]

LANGS = ("en", "ja")

OptionsT = TypeVar("OptionsT", bound="Options")


def option(
    default: Any,
    *,
    choices: Iterable[Any] | None = None,
    check: Callable[[Any], Any] | None = None,
    doc: str = "",
) -> Any:
    """Declare an option field: its default, the values it accepts and what it means.

    ``check`` may return an error message for a value that ``choices`` cannot express: text, or
    a :class:`~gamelib.core.log.Term` with its English and Japanese forms.
    """
    meta: dict[str, Any] = {"doc": doc}
    if choices is not None:
        meta["choices"] = tuple(choices)
    if check is not None:
        meta["check"] = check
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True)
class Options:
    """Options every game has. ``lang`` picks the language of all text ("en" or "ja")."""

    lang: str = option("en", choices=LANGS, doc="language of all text")

    def to_dict(self) -> dict[str, Any]:
        """Return the options as a plain JSON-able dictionary."""
        return dataclasses.asdict(self)

    def replace(self: OptionsT, **changes: Any) -> OptionsT:
        """Return a validated copy with some options changed."""
        return build_options(type(self), {**self.to_dict(), **changes})


def option_specs(cls: type[Options]) -> dict[str, Mapping[str, Any]]:
    """Return ``{name: {"default", "choices", "doc"}}`` for every option of ``cls``."""
    specs: dict[str, Mapping[str, Any]] = {}
    for f in dataclasses.fields(cls):
        specs[f.name] = {
            "default": f.default,
            "choices": f.metadata.get("choices"),
            "doc": f.metadata.get("doc", ""),
        }
    return specs


def _describe(values: tuple[Any, ...]) -> Any:
    """The accepted values, in words (a range of whole numbers in both languages)."""
    if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        ints = sorted(values)
        if ints == list(range(ints[0], ints[-1] + 1)) and len(ints) > 2:
            return _term("range", low=ints[0], high=ints[-1])
    return ", ".join(repr(v) for v in values)


def _term(key: str, **params: Any) -> Any:
    """A core message in both languages (messages -> log -> options: imported when refusing)."""
    from gamelib.core.messages import CORE

    return CORE.term(key, **params)


# The value types an option accepts, from the type of its default (bools are handled apart:
# ``3.0 in range(2, 6)`` and ``True == 1`` would otherwise let a float or a bool through).
_KIND_NAMES: dict[type | tuple[type, ...], str] = {
    int: "kind_int",
    str: "kind_str",
    (int, float): "kind_number",
}


def _kind(default: Any) -> type | tuple[type, ...] | None:
    if isinstance(default, bool):
        return None
    if isinstance(default, int):
        return int
    if isinstance(default, float):
        return (int, float)
    if isinstance(default, str):
        return str
    return None


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def build_options(cls: type[OptionsT], given: Mapping[str, Any], *, game: str = "") -> OptionsT:
    """Validate ``given`` against ``cls`` and return the options, or raise :class:`OptionError`
    (in English and Japanese, shown in the ``lang`` option given, if any)."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    lang = "ja" if given.get("lang") == "ja" else "en"
    where = {"where": f" for {game}" if game else "", "where_ja": f"{game} の" if game else ""}

    def refuse(key: str, name: Any, **params: Any) -> OptionError:
        return OptionError.of(_term(key, name=_shown(name), **where, **params), lang)

    unknown = [name for name in given if name not in fields]
    if unknown:
        raise refuse("unknown_option", unknown[0], known=", ".join(fields))
    for name, value in given.items():
        f = fields[name]
        choices = f.metadata.get("choices")
        default = f.default
        if isinstance(default, bool) and not isinstance(value, bool):
            raise refuse("option_bool", name, value=_shown(value))
        if isinstance(value, bool) and not isinstance(default, bool):
            raise refuse("option_not_bool", name)
        kind = _kind(default)
        if kind is str and f.metadata.get("check") is not None:
            kind = None  # a checked text option may also take data (e.g. inline cards)
        if kind is not None and not isinstance(value, kind):
            kind_name = _term(_KIND_NAMES[kind])
            raise refuse("option_kind", name, kind=kind_name, value=_shown(value))
        if choices is not None and value not in choices:
            raise refuse("option_choice", name, choices=_describe(choices), value=_shown(value))
        check = f.metadata.get("check")
        if check is not None:
            problem = check(value)
            if problem:
                raise refuse("option_problem", name, problem=problem)
    return cls(**given)
