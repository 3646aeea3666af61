"""Where a batch's chunks of games run: in this process, in local worker processes, or on a
Dask cluster.

Every executor returns each chunk's results; the caller sorts them by game index, so the same
seed gives the same results wherever the games ran. ``scheduler`` names a Dask scheduler:
``"local"`` starts a throw-away ``LocalCluster`` on loopback (one single-threaded worker process
per core asked for), ``"tcp://HOST:PORT"`` (or any address ``distributed.Client`` takes)
connects to a running cluster, whose workers need the same gamelib version installed. Dask is
an optional extra (``pip install 'gamelib[dask]'``).
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from gamelib.core import OptionError
from gamelib.core.messages import CORE

__all__ = ["run_chunks", "start_method"]

T = TypeVar("T")
R = TypeVar("R")

LOCAL = "local"


def run_chunks(
    fn: Callable[[T], list[R]],
    tasks: Sequence[T],
    *,
    processes: int = 1,
    scheduler: str | None = None,
) -> Iterator[list[R]]:
    """Run ``fn`` on every task and yield each task's list of results as it finishes.

    ``fn`` must be a module-level function (it is pickled to worker processes). Without a
    ``scheduler``, ``processes == 1`` runs here and more start worker processes
    (:func:`start_method`).
    """
    if scheduler is not None:
        yield from _on_dask(fn, tasks, scheduler, processes)
    elif processes == 1:
        for task in tasks:
            yield fn(task)
    else:
        ctx = multiprocessing.get_context(start_method())
        with ctx.Pool(processes) as pool:
            yield from pool.imap_unordered(fn, tasks)


def start_method() -> str:
    """``fork`` where it is safe (POSIX, one thread: the command line, where workers then start
    at once with gamelib already imported), else ``spawn`` (notebook kernels run threads; other
    operating systems). The results are the same either way."""
    if "fork" in multiprocessing.get_all_start_methods() and threading.active_count() == 1:
        return "fork"
    return "spawn"


def _on_dask(
    fn: Callable[[T], list[R]], tasks: Sequence[T], scheduler: str, processes: int
) -> Iterator[list[R]]:
    if not isinstance(scheduler, str) or not scheduler.strip():
        raise OptionError.of(CORE.term("sim_scheduler", value=repr(scheduler)))
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError as err:
        raise OptionError.of(CORE.term("sim_needs_dask")) from err
    cluster: Any = None
    if scheduler == LOCAL:
        cluster = LocalCluster(
            n_workers=processes,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        )
        client = Client(cluster)
    else:
        try:
            client = Client(scheduler, timeout="20s")
        except (OSError, ValueError, TypeError) as err:
            why = CORE.term("sim_unreachable", value=repr(scheduler), why=err)
            raise OptionError.of(why) from err
    try:
        futures = client.map(fn, list(tasks), pure=False)
        for future in as_completed(futures):
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
