"""Batches kept game by game: the same games as ``simulate``, CSV export, Dask clusters."""

from __future__ import annotations

import csv
import io

import pytest

from gamelib.core import OptionError
from gamelib.sim import simulate
from gamelib.sim.batch import run_batch
from gamelib.sim.cli import main
from tests.toy_game import register

register()


def test_a_batch_adds_up_to_the_simulate_summary() -> None:
    batch = run_batch("toy", players=3, games=30, seed=4, processes=1)
    assert [r.index for r in batch.results] == list(range(30))
    assert batch.summary() == simulate("toy", players=3, games=30, seed=4, processes=1)


def test_a_batch_is_the_same_in_one_or_two_processes() -> None:
    one = run_batch("toy", players=2, games=24, seed=9, processes=1)
    two = run_batch("toy", players=2, games=24, seed=9, processes=2)
    assert one == two


def test_csv_has_a_row_per_game_and_seat_and_says_how_to_reproduce(tmp_path) -> None:
    batch = run_batch("toy", players=3, games=5, seed=1, processes=1)
    path = tmp_path / "games.csv"
    text = batch.to_csv(path)
    assert path.read_text(encoding="utf-8") == text
    header = [line for line in text.splitlines() if line.startswith("#")]
    assert "game=toy" in header[0] and "seed=1" in header[0]
    rows = list(
        csv.DictReader(
            io.StringIO("\n".join(line for line in text.splitlines() if not line.startswith("#")))
        )
    )
    assert len(rows) == 5 * 3
    shares = {}
    for row in rows:
        shares[row["index"]] = shares.get(row["index"], 0.0) + float(row["win_share"])
    assert all(abs(s - 1.0) < 1e-9 or s == 0.0 for s in shares.values())


def test_an_unreachable_scheduler_is_a_clear_option_error() -> None:
    pytest.importorskip("distributed")
    with pytest.raises(OptionError, match="Dask scheduler"):
        run_batch("toy", games=2, seed=0, processes=1, scheduler="tcp://127.0.0.1:9")
    with pytest.raises(OptionError, match="scheduler"):
        run_batch("toy", games=2, seed=0, processes=1, scheduler="  ")


def test_a_two_worker_local_dask_cluster_gives_the_local_summary(capsys) -> None:
    pytest.importorskip("distributed")
    local = simulate("toy", players=3, games=20, seed=3, processes=1)
    on_dask = simulate("toy", players=3, games=20, seed=3, processes=2, scheduler="local")
    assert on_dask == local
    assert (
        main(
            [
                "simulate",
                "toy",
                "--players",
                "3",
                "--games",
                "20",
                "--seed",
                "3",
                "--processes",
                "2",
                "--scheduler",
                "local",
                "--json",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert '"games": 20' in out
