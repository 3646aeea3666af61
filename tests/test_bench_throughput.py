"""The throughput benchmark's interleaving (its bookkeeping only: no speed is measured here)."""

from __future__ import annotations

from benchmarks.bench_throughput import interleaved


def _player(name: str, calls: list[tuple[str, int]], steps: int):
    def play_one(i: int) -> int:
        calls.append((name, i))
        return steps

    return play_one


def test_sides_take_turns_and_each_continues_its_own_game_numbers():
    """With a zero slice each turn plays one whole game: the reference goes first in even
    rounds and second in odd ones, and each side's games are numbered on from its last."""
    calls: list[tuple[str, int]] = []
    mine, ref = interleaved(_player("s", calls, 7), _player("r", calls, 3), budget=0.0,
                            max_games=100, slice_seconds=0.0)
    assert calls == [("r", 0), ("s", 0), ("s", 1), ("r", 1)]
    assert mine[1:] == (2, 14) and ref is not None and ref[1:] == (2, 6)
    calls.clear()
    interleaved(_player("s", calls, 1), _player("r", calls, 1), budget=1.0, max_games=100,
                slice_seconds=0.25)
    assert [name for name, _ in calls[:1]] == ["r"] and calls.count(("s", 0)) == 1


def test_the_subject_stops_at_max_games_and_runs_without_a_reference():
    calls: list[tuple[str, int]] = []
    mine, ref = interleaved(_player("s", calls, 5), None, budget=10.0, max_games=3,
                            slice_seconds=1e-9)
    assert ref is None and mine[1:] == (3, 15)
    assert calls == [("s", 0), ("s", 1), ("s", 2)]
