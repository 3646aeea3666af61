"""Helpers for :meth:`State.sample_world`: deal what one player cannot see anew.

A sampled world must depend only on what the player sees. :func:`redeal` therefore pools the
unseen items in a canonical order (sorted by ``key``) before shuffling, so the true order of a
hidden hand or pile never shows through.
"""

from __future__ import annotations

from collections.abc import Callable, MutableSequence, Sequence
from typing import Any, TypeVar

from gamelib.core.rng import Rng

__all__ = ["redeal"]

T = TypeVar("T")


def redeal(
    rng: Rng, slots: Sequence[MutableSequence[T]], key: Callable[[T], Any] = repr
) -> None:
    """Deal the items of ``slots`` (hands, piles) anew, in place, each keeping its size.

    ``slots`` are the places one player cannot see into; together they hold the unseen items.
    The items are pooled, sorted by ``key`` (a total order: equal keys must be equal items),
    shuffled with ``rng`` and dealt back in the order of ``slots``, so the result depends only
    on the slots' sizes, the multiset of items and ``rng``.
    """
    pool: list[T] = sorted((item for slot in slots for item in slot), key=key)
    rng.shuffle(pool)
    start = 0
    for slot in slots:
        size = len(slot)
        slot[:] = pool[start : start + size]
        start += size
