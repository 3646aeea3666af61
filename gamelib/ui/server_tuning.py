"""A Jupyter server extension that spares a Voila page two costs of the server it does not need
(issue 12).

- **Debug records nobody writes.** traitlets sets an application's logger to ``DEBUG`` and
  its handlers to the application's ``log_level`` (``INFO`` by default), so every
  ``log.debug`` call of the server made a log record (finding its caller in the stack) that
  the handlers then dropped: one for every file served and two or three for every message of
  a page's kernel, 7–10% of the server's time while it served a game's page. The extension
  raises the server's loggers to the lowest level one of their handlers writes
  (:func:`quiet_loggers`): the same lines are written, and ``--debug`` still shows
  everything.
- **Validators compiled for the first page.** A Voila page reads and validates its notebook
  before it starts the page's kernel, and nbconvert validates it again after each of its
  preprocessors, with a relaxed schema. nbformat compiles each schema into a validator
  (``fastjsonschema``) the first time it is used: 0.1 s for the strict one and 0.08 s for the
  relaxed one on this project's machine, which only the server's first page paid, the strict
  one before its kernel could start. The extension compiles both when it loads
  (:func:`warm_validators`), for the nbformat version the repository's notebooks are written
  in (nbformat's current one, checked by a test).
- **Templates compiled for every page.** Voila compiles its page template and the dozen it
  extends and includes for each page, about 0.2 s before the page's first cell can run. The
  extension gives Voila's template environments one shared cache of compiled templates and
  fills it when it loads, with the template Voila's server extension is configured with
  (:func:`warm_templates`, :mod:`gamelib.ui.template_cache`).

Enabled by ``ServerApp.jpserver_extensions`` in the repository's ``etc/jupyter`` config (which
``make run``, Binder and the browser tests use).
"""

from __future__ import annotations

import logging
from typing import Any

__all__ = ["quiet_loggers", "voila_templates", "warm_templates", "warm_validators"]


def quiet_loggers(log: logging.Logger) -> list[logging.Logger]:
    """Raise ``log`` and tornado's loggers (which write through it) to the lowest level one of
    ``log``'s handlers writes; return the loggers changed. Leaves them as they are when a
    handler writes every level or ``log`` has no handler."""
    levels = [handler.level for handler in log.handlers]
    if not levels or min(levels) == logging.NOTSET:
        return []
    lowest = min(levels)
    changed = []
    for logger in (log, logging.getLogger("tornado")):
        if logger.level < lowest:
            logger.setLevel(lowest)
            changed.append(logger)
    return changed


def warm_validators() -> None:
    """Compile and keep nbformat's strict and relaxed validators of its current version, by
    reading and validating a small notebook as a Voila page does."""
    import nbformat
    from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

    notebook = new_notebook(cells=[new_markdown_cell("# gamelib"), new_code_cell("1 + 1")])
    read = nbformat.reads(nbformat.writes(notebook), as_version=4)
    nbformat.validate(read, relax_add_props=True)


def voila_templates(serverapp: Any) -> tuple[list[str], str]:
    """The template paths and name Voila's server extension serves its pages with, from the
    ``VoilaConfiguration`` of ``serverapp``'s config and of the ``voila.json`` files (as Voila
    reads them)."""
    from voila.configuration import VoilaConfiguration
    from voila.paths import collect_template_paths
    from voila.server_extension import load_config_file

    configuration = VoilaConfiguration(parent=serverapp)
    local = load_config_file()
    if local is not None:
        configuration.update_config(local)
    name = configuration.template
    return collect_template_paths(["voila", "nbconvert"], name), name


def warm_templates(serverapp: Any) -> list[str]:
    """Share one cache of compiled templates between Voila's pages and compile the template
    ``serverapp``'s Voila serves into it (:mod:`gamelib.ui.template_cache`); the names
    compiled. A template that fails to compile is logged and left to the pages (whose error
    then shows as Voila shows it)."""
    from gamelib.ui import template_cache

    template_cache.install()
    paths, name = voila_templates(serverapp)
    try:
        return template_cache.warm(paths, name)
    except Exception as error:  # a broken template: the page reports it, not the server start
        serverapp.log.warning("gamelib: Voila template %r not compiled: %s", name, error)
        return []


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "gamelib.ui.server_tuning"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    quiet_loggers(serverapp.log)
    warm_validators()
    warm_templates(serverapp)
