"""The texts of the actions a game has played, as an immutable sequence.

A state keeps its history as a plain list of its own (``State._history``) and appends each
action's text to it in place, the fast path's cheapest step. Readers never get that list:
:attr:`~gamelib.core.State.history` gives a :class:`History`, the first ``n`` texts of the list
at the time of reading. It behaves as the tuple of its texts (it compares equal to that tuple,
hashes like it, slices to tuples, pickles as it). Texts are only ever appended at the end of a
state's list and never changed, so a history read earlier keeps its own texts whatever the
state plays next.

A clone hands its list to its twin, the state about to be played (the checked path's clone
then step), and keeps a :class:`History` of it (:meth:`~gamelib.core.State.share_log`); a state
holding a :class:`History` copies it into a list of its own before its next text.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from typing import Any, overload

__all__ = ["History", "history_of", "prefix_index"]


def prefix_index(index: int, n: int, name: str) -> int:
    """The position in the underlying list of item ``index`` of its first ``n`` items (negative
    indices count from the ``n``-th), or ``IndexError`` naming ``name``."""
    i = index.__index__()
    if i < 0:
        i += n
    if not 0 <= i < n:
        raise IndexError(f"{name} index out of range")
    return i


class History(Sequence[str]):
    """The actions played, oldest first, as text: equal to (and usable as) a tuple of ``str``.

    The first ``n`` texts of a list that may grow further (see the module's docstring)."""

    __slots__ = ("_items", "_n")

    _items: list[str]
    _n: int

    def __init__(self, texts: Iterable[str] = ()) -> None:
        self._items = list(texts)
        self._n = len(self._items)

    def plus(self, text: str) -> History:
        """Return this history followed by ``text`` (a copy: this history is unchanged)."""
        return history_of([*islice(self._items, self._n), text])

    def as_tuple(self) -> tuple[str, ...]:
        """The texts as a tuple."""
        items = self._items
        return tuple(items) if len(items) == self._n else tuple(islice(items, self._n))

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[str, ...]: ...

    def __getitem__(self, index: int | slice) -> str | tuple[str, ...]:
        if isinstance(index, slice):
            return self.as_tuple()[index]
        return self._items[prefix_index(index, self._n, "history")]

    def __iter__(self) -> Iterator[str]:
        return islice(self._items, self._n)

    def __reversed__(self) -> Iterator[str]:
        return reversed(self.as_tuple())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, History):
            return self._n == other._n and self.as_tuple() == other.as_tuple()
        if isinstance(other, tuple):
            return self.as_tuple() == other
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    def __hash__(self) -> int:
        return hash(self.as_tuple())

    def __add__(self, other: Sequence[str]) -> tuple[str, ...]:
        if isinstance(other, (tuple, History)):
            return self.as_tuple() + tuple(other)
        return NotImplemented

    def __radd__(self, other: Sequence[str]) -> tuple[str, ...]:
        if isinstance(other, tuple):
            return other + self.as_tuple()
        return NotImplemented

    def __repr__(self) -> str:
        return repr(self.as_tuple())

    def __reduce__(self) -> tuple[Any, ...]:
        return (History, (self.as_tuple(),))

    def __copy__(self) -> History:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> History:
        return self


def history_of(items: list[str]) -> History:
    """The :class:`History` of the texts ``items`` holds now (shared, not copied: ``items`` may
    only grow at its end from then on)."""
    view: History = _new_history(History)
    view._items = items
    view._n = len(items)
    return view


_new_history = object.__new__
