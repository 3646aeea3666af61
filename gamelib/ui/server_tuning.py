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

Enabled by ``ServerApp.jpserver_extensions`` in the repository's ``etc/jupyter`` config (which
``make run``, Binder and the browser tests use).
"""

from __future__ import annotations

import logging
from typing import Any

__all__ = ["quiet_loggers", "warm_validators"]


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


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "gamelib.ui.server_tuning"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    quiet_loggers(serverapp.log)
    warm_validators()
