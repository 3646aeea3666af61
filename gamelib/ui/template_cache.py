"""Voila's page templates compiled once per server, not once per page (issue 12).

Voila makes a new exporter, with a new Jinja environment, for every page: before a page's first
cell could run, Jinja parsed and compiled the page's template and the dozen templates it
extends and includes again (about 0.2 s on this project's two cores, 0.06 s of the rest of the
page's start). :func:`install` gives Voila's environments one in-memory bytecode cache
(:class:`SharedBytecodeCache`) shared by the server's pages, and :func:`warm` fills it when the
server starts, so that the server's first page finds its templates compiled too.

Jinja keys a cached template by its name and file and checks it against a hash of its source
(an edited template is compiled again); the cache also keys it by the environment's settings
that change the compiled code (:func:`environment_key`), so an environment configured otherwise
never runs another's code. Only Voila's exporters use it: nbconvert's own exporters (JupyterLab's
"export as HTML") keep their environments as they are.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Iterable
from typing import Any

import jinja2
from jinja2 import meta

__all__ = ["CACHE", "SharedBytecodeCache", "environment_key", "install", "installed", "warm"]

#: Settings of a Jinja environment that change what a template compiles to.
_COMPILE_SETTINGS = (
    "is_async", "optimized", "block_start_string", "block_end_string",
    "variable_start_string", "variable_end_string", "comment_start_string",
    "comment_end_string", "line_statement_prefix", "line_comment_prefix", "trim_blocks",
    "lstrip_blocks", "newline_sequence", "keep_trailing_newline",
)


def environment_key(environment: jinja2.Environment) -> str:
    """A digest of what in ``environment`` changes a template's compiled code: its compile
    settings and its extensions."""
    settings = [repr(getattr(environment, name, None)) for name in _COMPILE_SETTINGS]
    settings += sorted(environment.extensions)
    return hashlib.sha1("\n".join(settings).encode(), usedforsecurity=False).hexdigest()


class SharedBytecodeCache(jinja2.BytecodeCache):
    """Compiled templates in memory, by name, file and :func:`environment_key`."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def get_bucket(self, environment: jinja2.Environment, name: str,
                   filename: str | None, source: str) -> jinja2.bccache.Bucket:
        key = f"{self.get_cache_key(name, filename)}-{environment_key(environment)}"
        bucket = jinja2.bccache.Bucket(environment, key, self.get_source_checksum(source))
        self.load_bytecode(bucket)
        return bucket

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        with self._lock:
            code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        code = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = code

    def clear(self) -> None:
        with self._lock:
            self._code.clear()

    def __len__(self) -> int:
        return len(self._code)


#: The server's one cache, shared by every Voila page.
CACHE = SharedBytecodeCache()


def install() -> None:
    """Have every Voila exporter's Jinja environment use :data:`CACHE` (once per process)."""
    from voila.exporter import VoilaExporter

    if installed():
        return
    create = VoilaExporter._create_environment

    def _create_environment(self: Any) -> jinja2.Environment:
        environment: jinja2.Environment = create(self)
        environment.bytecode_cache = CACHE
        return environment

    _create_environment.gamelib_cache = CACHE  # type: ignore[attr-defined]
    VoilaExporter._create_environment = _create_environment


def installed() -> bool:
    """Whether :func:`install` has run in this process."""
    from voila.exporter import VoilaExporter

    return getattr(VoilaExporter._create_environment, "gamelib_cache", None) is CACHE


def warm(template_paths: Iterable[str], template_name: str) -> list[str]:
    """Compile Voila's template ``template_name`` (found in ``template_paths``, as Voila's page
    handler is given them) and every template it extends, includes or imports by a literal
    name, into the environment of a Voila exporter (so into :data:`CACHE` once installed);
    return the names compiled. A name that no template path has is left out."""
    from nbconvert.filters.highlight import Highlight2HTML
    from voila.exporter import VoilaExporter

    exporter = VoilaExporter(template_paths=list(template_paths), template_name=template_name)
    # The filters Voila's exporter registers as it renders a page: a template using them
    # compiles only where they exist (a test checks a page's render then compiles nothing).
    exporter.register_filter("highlight_code", Highlight2HTML(parent=exporter))
    exporter.register_filter("trusted", lambda output: output)
    environment = exporter.environment
    first = exporter.template.name
    compiled: list[str] = []
    waiting = [first] if first else []
    while waiting:
        name = waiting.pop(0)
        if name in compiled:
            continue
        try:
            environment.get_template(name)
            assert environment.loader is not None
            source, _, _ = environment.loader.get_source(environment, name)
        except jinja2.TemplateNotFound:
            continue
        compiled.append(name)
        waiting += [ref for ref in meta.find_referenced_templates(environment.parse(source))
                    if ref is not None]
    return compiled
