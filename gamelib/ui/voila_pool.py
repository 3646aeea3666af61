"""Voila pages served from kernels that have already run their notebook.

Voila sends a page only once its notebook has run in a new kernel: one to twelve seconds for
gamelib's lessons, before the page can even start making its widgets. Standalone ``voila`` can
keep kernels that have run a notebook in advance ("pre-heated"), but Binder and ``make run``
serve Voila as an extension of a Jupyter server, where that option does not exist.

:class:`PreheatingKernelManager` gives the server extension the same: Voila's page handler asks
the server's kernel manager for a pre-rendered page of the notebook it is asked for, and
this manager keeps one kernel per listed notebook that has already run it. Nothing is
pre-heated until a first Voila page is asked for: a JupyterLab user never pays for it. That page
gets a new kernel, which it has to itself while it runs its notebook: pre-heating waits until
that kernel has been quiet for :attr:`PreheatingKernelManager.first_page_quiet` seconds (its
notebook has run), then :attr:`PreheatingKernelManager.fill_delay` seconds more (while the
browser makes the page's widgets). On this project's two cores, a pre-heating kernel running
beside the first page made it 0.6–1.0 s slower. Then the listed notebooks of that page's folder
run, one after another; a page that takes a pre-heated kernel gets its whole page at once, and
another kernel runs the notebook again for the next visitor after ``fill_delay`` seconds.

The first page itself (a direct link to a game, or Binder's Voila index) has nothing
pre-heated. With :attr:`PreheatingKernelManager.spare` on, the server starts one kernel as it
starts and has it import :attr:`PreheatingKernelManager.spare_imports` (gamelib's lessons and
games, in the repository's config); the first page that needs a new kernel gets that one,
moved to the page's folder and given the page's environment (:mod:`gamelib.ui.spare_kernel`):
it starts running its notebook at once, with the imports done. Only one, and only for a Voila
page's own kernel (JupyterLab's always start new); a spare that has imported older source than
the files now hold, or that another kernel name is asked for, is shut down and the page gets a
new kernel.

Every kernel the manager starts makes :class:`gamelib.ui.quick_client.QuickReadyClient`
clients (:attr:`PreheatingKernelManager.quick_clients`): a page's client of its kernel (Voila's
executor makes one for each page) is ready once the kernel has answered it, not 0.2 s later.

A page asked for while its pre-heated kernel still runs the notebook gets what has run at once
and the rest as it runs. Every other kernel (JupyterLab's, a Voila page of an unlisted notebook
or of a notebook edited since its kernel ran it) starts as the Jupyter server always starts
them.

Set as ``ServerApp.kernel_manager_class`` with the notebooks to pre-heat in
``PreheatingKernelManager.preheat`` (glob patterns: of a file name, or with a ``/`` of a path
under the server's root), as the repository's ``etc/jupyter`` config does for the game
notebooks. A notebook that reads the page's request (``voila.utils.get_query_string``) must not
be listed: a pre-heated kernel runs before any request exists.
"""

from __future__ import annotations

import asyncio
import contextlib
import fnmatch
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Bool, Float, List, Unicode

from gamelib.ui import spare_kernel
from gamelib.ui.quick_client import QuickReadyClient

__all__ = ["PreheatingKernelManager"]


class PreheatingKernelManager(AsyncMappingKernelManager):
    """The Jupyter server's kernel manager, plus pre-heated kernels for Voila pages."""

    preheat = List(
        Unicode(),
        default_value=[],
        config=True,
        help="Glob patterns of the notebooks whose Voila pages are served from a pre-heated "
        "kernel: of a file name, or with a '/' of a path under the root. Empty: none.",
    )
    fill_delay = Float(
        5.0,
        config=True,
        help="Seconds to wait after a page took a pre-heated kernel before another kernel "
        "runs its notebook (so that the new page gets the machine first).",
    )
    first_page_quiet = Float(
        1.0,
        config=True,
        help="Seconds the first Voila page's own kernel must go without a message (its notebook "
        "has run) before pre-heating starts (then fill_delay seconds more). 0: at once.",
    )
    first_page_wait = Float(
        120.0,
        config=True,
        help="The longest pre-heating waits for the first Voila page's kernel to be quiet.",
    )

    spare = Bool(
        False,
        config=True,
        help="Start one kernel with the server (once its event loop runs; the voila_pool server "
        "extension asks) that imports spare_imports, and give it to the first Voila page that "
        "needs a new kernel.",
    )
    spare_imports = List(
        Unicode(),
        default_value=[],
        config=True,
        help="Modules the spare kernel imports before a page takes it.",
    )
    spare_timeout = Float(
        120.0,
        config=True,
        help="The longest the spare kernel may take to start and import spare_imports, and to "
        "answer when a page takes it.",
    )
    spare_warm = List(
        Unicode(),
        default_value=[],
        config=True,
        help="Game modules whose controller() the spare kernel builds and closes again, one "
        "module per request, once it has imported spare_imports (plotly's validators and the "
        "figures' code are then warm for the first page). A page that takes the spare meanwhile "
        "waits for the module being built only.",
    )
    quick_clients = Bool(
        True,
        config=True,
        help="Give the kernels this manager starts gamelib's QuickReadyClient: a Voila page's "
        "client of its kernel is ready once the kernel has answered it, not 0.2 s later.",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        #: The spare kernel while no page has taken it: what :meth:`_start_spare` returns.
        self._spare: asyncio.Task[dict[str, Any]] | None = None
        self._pools: dict[str, list[asyncio.Task[dict[str, Any]]]] = {}
        self._notebook_data: dict[str, dict[str, Any]] = {}
        self._started = False
        self._background: set[asyncio.Task[Any]] = set()
        self._voila: dict[str, Any] | None = None
        self._mtimes: dict[str, float | None] = {}
        #: The first page's kernel id, once started (the next kernel after the first page).
        self._first_kernel: asyncio.Future[str] | None = None

    # --- what Voila's page handler asks ---------------------------------------------------

    @property
    def notebook_data(self) -> dict[str, dict[str, Any]]:
        """Per pre-heated notebook path: its template and theme (Voila checks a page asks for
        the same) and the ids of the kernels that ran it."""
        return self._notebook_data

    def get_pool_size(self, notebook_name: str) -> int:
        """Pre-heated kernels ready (or starting) for ``notebook_name``; the first Voila page
        asked for starts pre-heating its folder's listed notebooks. Kernels that ran an older
        version of the notebook (edited since) are shut down: the page gets a new kernel."""
        if not self._started:
            self._started = True
            self._first_kernel = asyncio.get_running_loop().create_future()
            self._spawn(self._preheat_folder(notebook_name))
        pool = self._pools.get(notebook_name, [])
        if pool and self._mtimes.get(notebook_name) != self._mtime(notebook_name):
            self.log.info("gamelib: %s changed since it was pre-rendered", notebook_name)
            self._pools[notebook_name] = []
            for task in pool:
                self._spawn(self._discard(task))
            self._spawn(self._refill(notebook_name))
            return 0
        return len(pool)

    async def get_rendered_notebook(
        self, notebook_name: str, extra_kernel_env_variables: dict[str, str] | None = None,
        **kwargs: Any,
    ) -> tuple[asyncio.Task[Any], list[str], str]:
        """Hand a pre-heated kernel to a page: (the render task, what it has rendered so far,
        the kernel id), as Voila's handler expects; the pool refills after ``fill_delay``."""
        pool = self._pools.get(notebook_name)
        content = None
        try:
            content = await pool.pop(0) if pool else None
        except Exception:  # the pre-heated kernel failed to start: the page gets a new one
            self.log.exception("gamelib: pre-heated kernel of %s failed", notebook_name)
        if content is None:
            content = await self._start(notebook_name)
            self.log.info("gamelib: page of %s served by a new kernel %s",
                          notebook_name, content["kernel_id"])
        else:
            self.log.info("gamelib: page of %s served by pre-heated kernel %s",
                          notebook_name, content["kernel_id"])
        renderer = content["renderer"]
        renderer.stop_generator = True
        self._spawn(self._refill(notebook_name))
        return content["task"], renderer.rendered_cache, content["kernel_id"]

    async def start_kernel(self, *args: Any, **kwargs: Any) -> str:
        """The server's, or the spare kernel for a Voila page's own kernel (:attr:`spare`);
        noting the first Voila page's kernel (the first to start after that page asked for the
        pool: pre-heating waits for it)."""
        kernel_id = await self._take_spare(kwargs) if not args else None
        if kernel_id is None:
            kernel_id = await super().start_kernel(*args, **kwargs)
            self._quicken(kernel_id)
        first = self._first_kernel
        if first is not None and not first.done():
            first.set_result(kernel_id)
        return kernel_id

    def _quicken(self, kernel_id: str) -> None:
        """Have the kernel's manager make :class:`~gamelib.ui.quick_client.QuickReadyClient`
        clients (:attr:`quick_clients`), unless it was given another class than
        jupyter_client's asynchronous client (a config of its own)."""
        from jupyter_client.asynchronous.client import AsyncKernelClient

        kernel: Any = self.get_kernel(kernel_id)
        if self.quick_clients and getattr(kernel, "client_factory", None) is AsyncKernelClient:
            kernel.client_factory = QuickReadyClient

    # --- kernels leaving -------------------------------------------------------------------

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:
        if self._spare is not None and _kernel_of(self._spare) == kernel_id:
            spare = self._spare.result()
            spare["done"] = True
            spare["client"].stop_channels()
            self._spare = None
        for pool in self._pools.values():
            for task in pool:
                if _kernel_of(task) == kernel_id:
                    pool.remove(task)
                    break
        for data in self._notebook_data.values():
            data["kernel_ids"].discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if self._waiting(kernel_id) or (
                self._spare is not None and _kernel_of(self._spare) == kernel_id):
            return
        await super().cull_kernel_if_idle(kernel_id)

    # --- the spare kernel -------------------------------------------------------------------

    def start_spare(self) -> None:
        """Start the spare kernel (:attr:`spare`) unless it is off or started; needs the
        server's running event loop."""
        if self.spare and self._spare is None:
            self._spare = asyncio.ensure_future(self._start_spare())
            self._spare.add_done_callback(self._spare_failed)
            if self.spare_warm:
                self._spawn(self._warm_spare(self._spare))

    async def _start_spare(self) -> dict[str, Any]:
        """A kernel started in the server's root folder that has imported
        :attr:`spare_imports`: its id, kernel name, environment and when it imported them."""
        started = time.perf_counter()
        env = self._kernel_env()
        kernel_name = self.default_kernel_name
        kernel_id: str = await super().start_kernel(kernel_name=kernel_name, path="", env=env)
        self._quicken(kernel_id)
        imported = time.time()
        client = None
        try:
            client = await spare_kernel.ready_client(self.get_kernel(kernel_id),
                                                     self.spare_timeout)
            await spare_kernel.run_silently(
                client, spare_kernel.import_code(self.spare_imports), self.spare_timeout)
        except Exception:
            if client is not None:
                client.stop_channels()
            await self.shutdown_kernel(kernel_id)
            raise
        self.log.info("gamelib: spare kernel %s ready in %.1f s", kernel_id,
                      time.perf_counter() - started)
        return {"kernel_id": kernel_id, "kernel_name": kernel_name, "env": env,
                "imported": imported, "client": client, "lock": asyncio.Lock(),
                "done": False}

    async def _warm_spare(self, task: asyncio.Task[dict[str, Any]]) -> None:
        """Have the spare kernel build and close the controllers of :attr:`spare_warm`, one
        module per request, until a page takes it (or it is shut down): its client runs one
        request at a time (``lock``), and a spare that is ``done`` runs no more."""
        try:
            spare = await task
        except Exception:
            return
        started = time.perf_counter()
        for module in self.spare_warm:
            async with spare["lock"]:
                if spare["done"]:
                    return
                try:
                    await spare_kernel.run_silently(
                        spare["client"], spare_kernel.warm_code(module), self.spare_timeout)
                except Exception as error:
                    if not spare["done"]:  # shutting the spare down fails its request
                        self.log.warning("gamelib: spare kernel %s did not warm %s: %s",
                                         spare["kernel_id"], module, error)
                    return
        self.log.info("gamelib: spare kernel %s warm in %.1f s", spare["kernel_id"],
                      time.perf_counter() - started)

    def _spare_failed(self, task: asyncio.Task[dict[str, Any]]) -> None:
        if not task.cancelled() and task.exception() is not None:
            self.log.warning("gamelib: no spare kernel: %s", task.exception())
            if self._spare is task:
                self._spare = None

    async def _take_spare(self, kwargs: dict[str, Any]) -> str | None:
        """The spare kernel's id, moved to the folder and environment ``kwargs`` ask for, if
        they ask for a Voila page's own kernel (its environment names the page's request) of
        the spare's kernel name, and the spare still runs the current source of what it
        imported; ``None`` otherwise (the page gets a new kernel, the spare is shut down
        unless it was not asked for)."""
        from voila.utils import ENV_VARIABLE

        env = kwargs.get("env") or {}
        task = self._spare
        if (task is None or kwargs.get("kernel_id") is not None
                or ENV_VARIABLE.VOILA_REQUEST_URL not in env):
            return None
        self._spare = None
        try:
            spare = await task
        except Exception:
            return None
        kernel_id: str = spare["kernel_id"]
        async with spare["lock"]:  # after the module the spare is warming, if any
            spare["done"] = True
            why = await self._hand_over(spare, kwargs, env)
            spare["client"].stop_channels()
        if why is not None:
            self.log.info("gamelib: spare kernel %s not used: %s", kernel_id, why)
            if kernel_id in self._kernels:
                self._spawn(self.shutdown_kernel(kernel_id))
            return None
        kernel: Any = self.get_kernel(kernel_id)
        kernel.last_activity = datetime.now(UTC)
        self.log.info("gamelib: spare kernel %s taken by a page", kernel_id)
        return kernel_id

    async def _hand_over(self, spare: dict[str, Any], kwargs: dict[str, Any],
                         env: dict[str, Any]) -> str | None:
        """Move the ``spare`` to the folder and environment ``kwargs`` and ``env`` ask for;
        why it cannot serve them, or ``None`` once moved."""
        if kwargs.get("kernel_name", self.default_kernel_name) != spare["kernel_name"]:
            return "another kernel is asked for"
        if spare["kernel_id"] not in self._kernels:
            return "it was shut down"
        if spare_kernel.newest_source(self.spare_imports) > spare["imported"]:
            return "what it imported has changed"
        cwd = self.cwd_for_path(kwargs.get("path") or "", env=env)
        code = spare_kernel.handover_code(cwd, spare_kernel.env_changes(spare["env"], env))
        try:
            await spare_kernel.run_silently(spare["client"], code, self.spare_timeout)
        except Exception as error:
            return f"it failed to move ({error})"
        return None

    # --- pre-heating -----------------------------------------------------------------------

    def listed(self, folder: str) -> list[str]:
        """The notebooks of ``folder`` (a path under the root) matching :attr:`preheat`."""
        root = Path(self.root_dir)
        found = sorted(p.relative_to(root).as_posix() for p in (root / folder).glob("*.ipynb"))
        return [nb for nb in found if any(_matches(nb, pattern) for pattern in self.preheat)]

    async def _preheat_folder(self, asked: str) -> None:
        await self._first_page_ran()
        await asyncio.sleep(self.fill_delay)
        names = self.listed(os.path.dirname(asked))
        # The page asked for first is being served by a new kernel right now: it comes last.
        for name in sorted(names, key=lambda n: n == asked):
            await self._fill(name)

    async def _first_page_ran(self) -> None:
        """Wait until the first page's kernel has gone :attr:`first_page_quiet` seconds without
        a message and is not busy (or is gone; at most :attr:`first_page_wait` seconds)."""
        quiet, first = self.first_page_quiet, self._first_kernel
        if quiet <= 0 or first is None:
            return
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.first_page_wait
        try:
            kernel_id = await asyncio.wait_for(asyncio.shield(first), self.first_page_wait)
        except TimeoutError:
            return
        while loop.time() < deadline:
            kernel = self._kernels.get(kernel_id)
            if kernel is None:
                return
            last = getattr(kernel, "last_activity", None)
            if (getattr(kernel, "execution_state", "") not in ("busy", "starting")
                    and last is not None
                    and (datetime.now(UTC) - last).total_seconds() >= quiet):
                return
            await asyncio.sleep(min(quiet / 4, 0.25))

    async def _refill(self, notebook_name: str) -> None:
        await asyncio.sleep(self.fill_delay)
        await self._fill(notebook_name)

    async def _fill(self, notebook_name: str) -> None:
        """Start one kernel running ``notebook_name`` unless one is pooled; wait for its run."""
        pool = self._pools.setdefault(notebook_name, [])
        if pool:
            return
        task = asyncio.ensure_future(self._start(notebook_name))
        pool.append(task)
        try:
            content = await task
            await asyncio.shield(content["task"])
        except Exception:
            self.log.exception("gamelib: pre-heating %s failed", notebook_name)
            if task in pool:
                pool.remove(task)

    async def _start(self, notebook_name: str) -> dict[str, Any]:
        """A new kernel rendering ``notebook_name`` (Voila's renderer, as a page would)."""
        from voila.notebook_renderer import NotebookRenderer

        started = time.perf_counter()
        self._mtimes[notebook_name] = self._mtime(notebook_name)
        voila = self._voila_context()
        renderer = NotebookRenderer(notebook_path=notebook_name, **voila)
        await renderer.initialize()
        kernel_id = await self.start_kernel(
            kernel_name=renderer.notebook.metadata.kernelspec.name,
            path=os.path.dirname(notebook_name), env=self._kernel_env(),
        )
        data = self._notebook_data.setdefault(
            notebook_name,
            {"template": renderer.template_name, "theme": renderer.theme, "kernel_ids": set()},
        )
        data["kernel_ids"].add(kernel_id)
        task = asyncio.ensure_future(
            renderer.generate_content_hybrid(kernel_id, self.get_kernel(kernel_id)))

        def rendered(done: asyncio.Future[Any]) -> None:
            if not done.cancelled() and done.exception() is None and not renderer.stop_generator:
                self.log.info("gamelib: %s pre-rendered in %.1f s by kernel %s",
                              notebook_name, time.perf_counter() - started, kernel_id)

        task.add_done_callback(rendered)
        return {"task": task, "renderer": renderer, "kernel_id": kernel_id}

    def _kernel_env(self) -> dict[str, str]:
        """The environment of a kernel started before any page asked for it: the server's,
        with what Voila tells every kernel of its server."""
        from voila.utils import ENV_VARIABLE

        server: Any = self.parent
        return {
            **os.environ,
            ENV_VARIABLE.VOILA_BASE_URL: self._voila_context()["base_url"],
            ENV_VARIABLE.VOILA_SERVER_URL: server.web_app.settings.get("server_url", "/"),
            ENV_VARIABLE.VOILA_APP_PORT: str(server.port),
        }

    def _voila_context(self) -> dict[str, Any]:
        """What Voila's extension gives its page renderer: its configuration (with
        ``voila.json``), templates and the server's managers."""
        if self._voila is None:
            from voila.configuration import VoilaConfiguration
            from voila.paths import collect_template_paths
            from voila.server_extension import load_config_file
            from voila.utils import get_page_config

            server: Any = self.parent
            settings = server.web_app.settings
            configuration = VoilaConfiguration(parent=server)
            local = load_config_file()
            if local is not None:
                configuration.update_config(local)
            base_url = settings["base_url"]
            self._voila = {
                "voila_configuration": configuration,
                "traitlet_config": server.config,
                "template_paths": collect_template_paths(
                    ["voila", "nbconvert"], configuration.template),
                "config_manager": settings["config_manager"],
                "contents_manager": server.contents_manager,
                "base_url": base_url,
                "kernel_spec_manager": server.kernel_spec_manager,
                "page_config": get_page_config(
                    base_url=base_url, settings=settings, log=self.log,
                    voila_configuration=configuration),
                "mathjax_config": settings.get("mathjax_config"),
                "mathjax_url": settings.get("mathjax_url"),
            }
        return self._voila

    def _mtime(self, notebook_name: str) -> float | None:
        try:
            return (Path(self.root_dir) / notebook_name).stat().st_mtime
        except OSError:
            return None

    async def _discard(self, task: asyncio.Task[dict[str, Any]]) -> None:
        with contextlib.suppress(Exception):
            content = await task
            content["renderer"].stop_generator = True
            await self.shutdown_kernel(content["kernel_id"])

    def _waiting(self, kernel_id: str) -> bool:
        return any(_kernel_of(task) == kernel_id for pool in self._pools.values() for task in pool)

    def _spawn(self, coroutine: Any) -> None:
        task = asyncio.ensure_future(coroutine)
        self._background.add(task)
        task.add_done_callback(self._background.discard)


def _matches(path: str, pattern: str) -> bool:
    """``pattern`` matches a file name, or with a ``/`` the whole path (as in ``.gitignore``)."""
    return fnmatch.fnmatchcase(path if "/" in pattern else path.rsplit("/", 1)[-1], pattern)


def _kernel_of(task: asyncio.Task[dict[str, Any]]) -> str | None:
    """The kernel id of a pool's task once its kernel has started (``None`` before, or if it
    failed or was cancelled)."""
    if not task.done() or task.cancelled() or task.exception() is not None:
        return None
    return str(task.result()["kernel_id"])


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "gamelib.ui.voila_pool"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    """Start the spare kernel once the server's event loop runs, when the server's kernel
    manager is a :class:`PreheatingKernelManager` with :attr:`~PreheatingKernelManager.spare`
    on."""
    manager = serverapp.kernel_manager
    if isinstance(manager, PreheatingKernelManager) and manager.spare:
        serverapp.io_loop.add_callback(manager.start_spare)
