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
    check: Callable[[Any], str | None] | None = None,
    doc: str = "",
) -> Any:
    """Declare an option field: its default, the values it accepts and what it means.

    ``check`` may return an error message for a value that ``choices`` cannot express.
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


def _describe(values: tuple[Any, ...]) -> str:
    if values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        ints = sorted(values)
        if ints == list(range(ints[0], ints[-1] + 1)) and len(ints) > 2:
            return f"{ints[0]} to {ints[-1]}"
    return ", ".join(repr(v) for v in values)


# The value types an option accepts, from the type of its default (bools are handled apart:
# ``3.0 in range(2, 6)`` and ``True == 1`` would otherwise let a float or a bool through).
_KIND_NAMES: dict[type | tuple[type, ...], str] = {
    int: "a whole number",
    str: "text",
    (int, float): "a number",
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
    """Validate ``given`` against ``cls`` and return the options, or raise :class:`OptionError`."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    where = f" for {game}" if game else ""
    unknown = [name for name in given if name not in fields]
    if unknown:
        raise OptionError(
            f"unknown option {_shown(unknown[0])}{where}; accepted options: {', '.join(fields)}"
        )
    for name, value in given.items():
        f = fields[name]
        choices = f.metadata.get("choices")
        default = f.default
        if isinstance(default, bool) and not isinstance(value, bool):
            raise OptionError(f"option {name!r}{where} takes True or False, not {_shown(value)}")
        if isinstance(value, bool) and not isinstance(default, bool):
            raise OptionError(f"option {name!r}{where} does not take True or False")
        kind = _kind(default)
        if kind is str and f.metadata.get("check") is not None:
            kind = None  # a checked text option may also take data (e.g. inline cards)
        if kind is not None and not isinstance(value, kind):
            raise OptionError(
                f"option {name!r}{where} takes {_KIND_NAMES[kind]}, not {_shown(value)}"
            )
        if choices is not None and value not in choices:
            raise OptionError(
                f"option {name!r}{where} accepts {_describe(choices)}, not {_shown(value)}"
            )
        check = f.metadata.get("check")
        if check is not None:
            problem = check(value)
            if problem:
                raise OptionError(f"option {name!r}{where}: {problem}")
    return cls(**given)
