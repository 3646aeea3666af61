"""The pieces of a spare kernel for a server's first Voila page (issue 12).

A Voila page whose notebook has no pre-heated kernel waits for a new kernel to start (0.8–1.1 s
on this project's two cores) and then for the notebook's first cell to import gamelib, plotly
and ipywidgets (0.4–0.6 s) before its first cell's output can show.
:class:`gamelib.ui.voila_pool.PreheatingKernelManager` keeps one kernel started with the server
that has already imported :attr:`~gamelib.ui.voila_pool.PreheatingKernelManager.spare_imports`,
and gives it to the first page that needs a new kernel. This module holds what that takes,
apart from the kernel manager: the code the spare kernel runs (silently: no execution count,
no output, no name left in the notebook's namespace), what moves it to the page's folder and
environment, and whether gamelib's source changed since it was imported.
"""

from __future__ import annotations

import importlib.util
import json
import os
from collections.abc import Iterable, Mapping
from enum import Enum
from pathlib import Path
from typing import Any

__all__ = [
    "env_changes", "handover_code", "import_code", "newest_source", "ready_client",
    "run_silently", "warm_code",
]


def import_code(modules: Iterable[str]) -> str:
    """Code that imports ``modules`` in order and leaves no name behind; an import that fails
    raises, so the caller's reply says which."""
    names = json.dumps(list(modules))
    return (
        "def _gamelib_spare_imports(names):\n"
        "    import importlib\n"
        "    for name in names:\n"
        "        importlib.import_module(name)\n"
        "try:\n"
        f"    _gamelib_spare_imports({names})\n"
        "finally:\n"
        "    del _gamelib_spare_imports\n"
    )


def warm_code(module: str) -> str:
    """Code that builds the default controller of the game module ``module`` (its
    ``controller()``, and the controller's widget) and closes every widget again, leaving no
    name behind: plotly's validators, the figures' code and the widgets' classes are then warm
    for a page's first figures, and the page finds no widget of it (a build that fails raises,
    after the close)."""
    return (
        "def _gamelib_spare_warm(name):\n"
        "    import importlib\n"
        "    import ipywidgets\n"
        "    from gamelib.ui import closing\n"
        "    try:\n"
        "        importlib.import_module(name).controller().widget\n"
        "    finally:\n"
        "        ipywidgets.Widget.close_all()\n"
        "        closing.reset()\n"
        "try:\n"
        f"    _gamelib_spare_warm({module!r})\n"
        "finally:\n"
        "    del _gamelib_spare_warm\n"
    )


def env_changes(started: Mapping[str, str], wanted: Mapping[str, str]) -> dict[str, str | None]:
    """What turns the environment a kernel ``started`` with into the ``wanted`` one: each
    changed or new variable with its value, each removed one with ``None``."""
    before, after = _plain(started), _plain(wanted)
    changes: dict[str, str | None] = {k: v for k, v in after.items() if before.get(k) != v}
    changes.update({k: None for k in before if k not in after})
    return changes


def _plain(env: Mapping[Any, Any]) -> dict[str, str]:
    """``env`` with plain ``str`` keys and values (Voila's keys are ``StringEnum`` members,
    whose ``repr`` is not Python)."""
    return {_text(k): _text(v) for k, v in env.items()}


def _text(value: Any) -> str:
    return str(value.value) if isinstance(value, Enum) else str(value)


def handover_code(cwd: str, changes: Mapping[str, str | None]) -> str:
    """Code that moves a kernel to the folder ``cwd`` (ipykernel imports from the current
    folder: its ``sys.path`` holds ``''``, not the folder it started in) and applies the
    environment ``changes`` of :func:`env_changes`; it leaves no name behind."""
    return (
        "def _gamelib_spare_handover(cwd, changes):\n"
        "    import os\n"
        "    os.chdir(cwd)\n"
        "    for key, value in changes.items():\n"
        "        if value is None:\n"
        "            os.environ.pop(key, None)\n"
        "        else:\n"
        "            os.environ[key] = value\n"
        "try:\n"
        f"    _gamelib_spare_handover({cwd!r}, {dict(changes)!r})\n"
        "finally:\n"
        "    del _gamelib_spare_handover\n"
    )


def newest_source(modules: Iterable[str]) -> float:
    """The newest modification time (seconds since the epoch) of the files of the packages
    ``modules`` belong to (their top-level packages, bytecode caches left out): a kernel that
    imported them before that time runs older code than a new kernel would. 0.0 when none is
    found."""
    newest = 0.0
    for top in sorted({name.split(".", 1)[0] for name in modules}):
        try:
            spec = importlib.util.find_spec(top)
        except (ImportError, ValueError):
            continue
        if spec is None:
            continue
        places = list(spec.submodule_search_locations or [])
        if not places and spec.origin:
            places = [spec.origin]
        for place in places:
            newest = max(newest, _newest_under(Path(place)))
    return newest


def _newest_under(path: Path) -> float:
    if path.is_file():
        return path.stat().st_mtime
    newest = 0.0
    for folder, subfolders, files in os.walk(path):
        subfolders[:] = [d for d in subfolders if d != "__pycache__"]
        for name in files:
            try:
                newest = max(newest, os.stat(os.path.join(folder, name)).st_mtime)
            except OSError:
                continue
    return newest


async def ready_client(kernel: Any, timeout: float) -> Any:
    """A client of ``kernel`` (a jupyter_client kernel manager) with its channels started and
    the kernel answering (``RuntimeError`` after ``timeout`` seconds without). Kept open, it
    runs the next code without waiting for the kernel again (0.2–0.4 s: jupyter_client waits
    until its IOPub channel hears the kernel).

    It has a session of its own: the clients ``kernel.client()`` makes share the manager's,
    whose id is their shell socket's identity, and the kernel refuses a second connection
    with an identity it still has (the page's executor connects its own client just after).
    """
    from jupyter_client.session import new_id

    session = kernel.session.clone()
    session.session = new_id()
    client = kernel.client(session=session)
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=timeout)
    except BaseException:
        client.stop_channels()
        raise
    return client


async def run_silently(client: Any, code: str, timeout: float) -> None:
    """Run ``code`` through ``client`` (:func:`ready_client`) as a silent request (no
    execution count, no output, no history) and wait for it; ``RuntimeError`` naming the
    error when the code raised, ``TimeoutError`` when the kernel did not answer."""
    reply = await client.execute(code, silent=True, store_history=False, reply=True,
                                 timeout=timeout)
    content = reply.get("content", {})
    if content.get("status") != "ok":
        raise RuntimeError(f"{content.get('ename', 'error')}: {content.get('evalue', '')}")
