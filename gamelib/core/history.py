"""The texts of the actions a game has played: an immutable sequence with an O(1) append.

A state's :attr:`~gamelib.core.State.history` is a :class:`History`. It behaves as the tuple of
its texts (it compares equal to that tuple, hashes like it, slices to tuples, pickles as it), but
:meth:`History.plus` makes the next history in O(1) (amortized) instead of copying every text:
a history is a *length* over a list that only ever grows. States copied with ``clone()`` share
their history object; the first of them to append extends the shared list, and a later one
(a second branch from the same state, e.g. a bot trying two moves) copies its prefix once.
No text below a history's length ever changes, so every history keeps seeing its own texts.

The fast path (:meth:`gamelib.core.State.apply_in_place`) goes one step further: when a
state's history object is held by that state alone (its reference count says so, see
:data:`SOLE_REFS`) and ends the shared list, it grows that very object instead of making the
next one. Nobody can see the difference: whoever holds a history (a clone, a caller, a view)
keeps it from growing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from itertools import islice
from sys import getrefcount
from typing import Any, overload

__all__ = ["SOLE_REFS", "History", "prefix_index"]


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
    """The actions played, oldest first, as text: equal to (and usable as) a tuple of ``str``."""

    __slots__ = ("_items", "_n")

    _items: list[str]
    _n: int

    def __init__(self, texts: Iterable[str] = ()) -> None:
        self._items = list(texts)
        self._n = len(self._items)

    def plus(self, text: str) -> History:
        """Return this history followed by ``text`` (this history is unchanged)."""
        items, n = self._items, self._n
        if len(items) == n:
            items.append(text)
            if items[n] is not text:  # another thread appended first: branch off
                items = [*items[:n], text]
        else:  # a later branch from the same state: copy the shared prefix once
            items = [*items[:n], text]
        new = object.__new__(History)
        new._items = items
        new._n = n + 1
        return new

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


class _Holder:
    history: History


def _refs_of_held(holder: _Holder) -> int:
    history = holder.history  # (the same two lines as State.apply_in_place)
    return getrefcount(history)


def _sole_refs() -> int:
    """What ``getrefcount`` says of a history only one object holds, read the way
    ``State.apply_in_place`` reads it; -1 (never equal) where reference counts may not tell: an
    interpreter other than CPython 3.11–3.13, or one running without the global interpreter
    lock. (CPython 3.14 may load a local without a reference of its own, and whether it does
    can differ between this function and the fast path's.)"""
    gil_enabled = getattr(sys, "_is_gil_enabled", None)  # (Python 3.13 on)
    if (
        sys.implementation.name != "cpython"
        or not (3, 11) <= sys.version_info[:2] <= (3, 13)
        or (gil_enabled is not None and not gil_enabled())
    ):
        return -1
    holder = _Holder()
    holder.history = History(("probe",))
    return _refs_of_held(holder)


SOLE_REFS = _sole_refs()
"""``getrefcount(history)`` right after ``history = state.history`` when nothing but ``state``
holds that history: the fast path may then grow it in place."""
