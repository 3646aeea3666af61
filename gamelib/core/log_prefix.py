"""The log a state keeps after handing its log list to a clone: a read-only view of its entries.

:meth:`~gamelib.core.state.State.share_log` gives the twin (the state about to be played) the
log list itself, so that the twin adds entries to it at the list's own speed, and leaves the
original a :class:`LogPrefix`: the first ``n`` entries of that list. Entries are only ever
added at the end of a log list and never changed, so those ``n`` stay the original's whatever
the twin adds. The original is flagged ``_log_shared``: before it adds an entry of its own,
``log[:]`` (a plain list of the prefix) replaces the view. Copying is paid once, by the state
that branches off, instead of at every checked step (issue 12).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, overload

from gamelib.core.history import prefix_index
from gamelib.core.log import LogEntry

__all__ = ["LogPrefix"]


class LogPrefix(Sequence[LogEntry]):
    """The first ``n`` entries of a log list that may grow further: read as a list (it compares
    equal to the list of its entries, slices to lists and pickles as one)."""

    __slots__ = ("_items", "_n")

    def __init__(self, items: list[LogEntry]) -> None:
        self._items = items
        self._n = len(items)

    def as_list(self) -> list[LogEntry]:
        """The entries, as a new list."""
        items, n = self._items, self._n
        return items[:n] if len(items) != n else items.copy()

    def copy(self) -> list[LogEntry]:
        """The entries, as a new list (as ``list.copy``)."""
        return self.as_list()

    def __len__(self) -> int:
        return self._n

    @overload
    def __getitem__(self, index: int) -> LogEntry: ...

    @overload
    def __getitem__(self, index: slice) -> list[LogEntry]: ...

    def __getitem__(self, index: int | slice) -> LogEntry | list[LogEntry]:
        if isinstance(index, slice):  # (one copy, of the prefix's part only)
            start, stop, step = index.indices(self._n)
            if step == 1:
                return self._items[start:stop]
            return [self._items[i] for i in range(start, stop, step)]
        return self._items[prefix_index(index, self._n, "log")]

    def __iter__(self) -> Iterator[LogEntry]:
        return islice(self._items, self._n)

    def __reversed__(self) -> Iterator[LogEntry]:
        return reversed(self.as_list())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, LogPrefix)):
            return self._n == len(other) and self.as_list() == list(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # type: ignore[assignment]  # (a list is not hashable either)

    def __add__(self, other: Sequence[LogEntry]) -> list[LogEntry]:
        return self.as_list() + list(other)

    def __repr__(self) -> str:
        return repr(self.as_list())

    def __reduce__(self) -> tuple[Any, ...]:
        return (list, (self.as_list(),))

    def __copy__(self) -> list[LogEntry]:
        return self.as_list()

    def __deepcopy__(self, memo: dict[int, Any]) -> list[LogEntry]:
        return copy.deepcopy(self.as_list(), memo)  # (what a deep copy of the list gives)
