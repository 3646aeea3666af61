"""``Rng``'s inlined shuffle gives exactly the draws of ``random.Random`` on the same stream."""

from __future__ import annotations

import random

import pytest

from gamelib.core import Rng


def _reference_shuffle(seed: int, counter: int, items: list[int]) -> list[int]:
    pile = list(items)
    random.Random((seed << 20) ^ counter).shuffle(pile)
    return pile


@pytest.mark.parametrize("size", [0, 1, 2, 3, 5, 23, 54, 300])
def test_shuffle_is_random_shuffle_of_the_next_stream(size: int) -> None:
    for seed in (0, 1, 7, 2**40 + 3, 2**62 + 11):
        rng = Rng(seed, counter=4)
        items = list(range(size))
        rng.shuffle(items)
        assert items == _reference_shuffle(seed, 5, list(range(size)))
        assert rng.counter == 5


@pytest.mark.parametrize("size", [1, 2, 3, 23, 54])
def test_top_of_shuffled_is_what_a_full_shuffle_leaves_on_top(size: int) -> None:
    for seed in range(40):
        for k in range(size + 2):
            rng = Rng(seed)
            items = [f"c{i}" for i in range(size)]
            top = rng.top_of_shuffled(items, k)
            pile = _reference_shuffle(seed, 1, items)
            assert top == [pile.pop() for _ in range(min(k, size))]
            assert rng.counter == 1
            assert items == [f"c{i}" for i in range(size)]  # the input is not shuffled


def test_other_draws_are_unchanged() -> None:
    rng = Rng(9)
    assert rng.randint(1, 6) == random.Random((9 << 20) ^ 1).randint(1, 6)
    assert rng.choice("abc") == random.Random((9 << 20) ^ 2).choice("abc")


@pytest.mark.parametrize("size", [54, 300])
def test_shuffle_is_exact_when_the_bulk_words_run_out(
    monkeypatch: pytest.MonkeyPatch, size: int
) -> None:
    """The rare fallback (retries used up the words drawn in bulk) gives the same order, for a
    pile drawn by top bytes (at most 255 items) and one drawn by whole words."""
    import gamelib.core.rng as rng_module

    real = rng_module._bulk
    cut: list[bool] = []

    def short(seed: int, m: int, small: bool) -> object:
        cut.append(small)
        return real(seed, m, small)[:5]

    monkeypatch.setattr(rng_module, "_bulk", short)
    for seed in range(20):
        items = list(range(size))
        Rng(seed).shuffle(items)
        assert items == _reference_shuffle(seed, 1, list(range(size)))
    assert cut == [size <= 255] * 20


def test_a_stream_is_the_seeded_generator_and_never_runs_short_of_words() -> None:
    """``stream()`` is ``random.Random`` seeded with ``(seed << 20) ^ counter`` (its whole state,
    ``gauss_next`` included), and piles of up to 300 items never need the fallback."""
    import gamelib.core.rng as rng_module

    for seed in (0, 1, 7, 2**40 + 3, 2**62 + 11, *range(100, 300)):
        rng = Rng(seed, counter=2)
        assert rng.stream().getstate() == random.Random((seed << 20) ^ 3).getstate()
    drawn: list[int] = []
    real = rng_module._CRandom

    class Counting(real):  # type: ignore[misc, valid-type]
        def getrandbits(self, k: int) -> int:
            drawn.append(k)
            return super().getrandbits(k)

    rng_module._CRandom = Counting
    try:
        for size in (23, 54, 83, 120, 257, 300):
            for seed in range(300):
                Rng(seed).shuffle(list(range(size)))
    finally:
        rng_module._CRandom = real
    assert drawn and all(k > 32 for k in drawn)  # bulk draws only: no one-at-a-time fallback


def test_shuffle_takes_any_mutable_sequence_like_random_shuffle() -> None:
    from collections import deque

    items = deque(range(30))
    Rng(3).shuffle(items)
    assert list(items) == _reference_shuffle(3, 1, list(range(30)))
