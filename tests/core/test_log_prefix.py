"""A state's log after it handed its list to a clone (:class:`LogPrefix`): read as the list of
its entries, whatever the list's new owner adds."""

from __future__ import annotations

import copy
import pickle

import pytest

from gamelib.core import LogEntry, LogPrefix


def _entries(n: int, first: int = 0) -> list[LogEntry]:
    return [LogEntry(f"k{i}", f"line {i}", f"行 {i}") for i in range(first, first + n)]


def test_a_prefix_reads_as_its_entries_while_the_list_grows() -> None:
    items = _entries(3)
    view = LogPrefix(items)
    items.extend(_entries(2, first=3))  # the twin adds its entries
    assert len(view) == 3 and list(view) == items[:3] and view == items[:3]
    assert view[0] is items[0] and view[-1] is items[2] and view[1:] == items[1:3]
    assert view[::-1] == items[2::-1] and list(reversed(view)) == items[2::-1]
    assert view[:] == items[:3] and type(view[:]) is list and view.copy() == items[:3]
    assert view != items and view + _entries(1)[:0] == items[:3]
    assert items[3] not in view and view.index(items[1]) == 1
    with pytest.raises(IndexError):
        view[3]
    with pytest.raises(IndexError):
        view[-4]
    assert repr(view) == repr(items[:3])


def test_a_prefix_copies_and_pickles_as_the_list_of_its_entries() -> None:
    items = _entries(2)
    view = LogPrefix(items)
    items.append(_entries(1, first=2)[0])
    for made in (copy.copy(view), copy.deepcopy(view), pickle.loads(pickle.dumps(view))):
        assert type(made) is list and made == items[:2]
    with pytest.raises(TypeError):
        hash(view)
