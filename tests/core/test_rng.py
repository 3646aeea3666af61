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


def test_shuffle_is_exact_when_the_bulk_words_run_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rare fallback (retries used up the words drawn in bulk) gives the same order."""
    import gamelib.core.rng as rng_module

    real = rng_module._words
    monkeypatch.setattr(rng_module, "_words", lambda value, m: real(value, m)[:5])
    for seed in range(20):
        items = list(range(54))
        Rng(seed).shuffle(items)
        assert items == _reference_shuffle(seed, 1, list(range(54)))


def test_shuffle_takes_any_mutable_sequence_like_random_shuffle() -> None:
    from collections import deque

    items = deque(range(30))
    Rng(3).shuffle(items)
    assert list(items) == _reference_shuffle(3, 1, list(range(30)))
