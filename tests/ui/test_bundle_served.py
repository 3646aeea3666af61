"""gamelib.ui.bundle_server.served: what a page's preload imports, read from the cache only when
its file changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelib.ui import bundle_server, partial_bundle, widget_bundle


def test_the_cache_file_is_read_again_only_when_it_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[Path] = []
    original = widget_bundle.stored

    def counted(path: Path) -> bytes | None:
        reads.append(path)
        return original(path)

    monkeypatch.setattr(widget_bundle, "stored", counted)
    whole = bundle_server.served(tmp_path)
    assert whole.traces is None and whole.packed is None
    assert reads == []  # no file: nothing to read

    path = partial_bundle.cache_path(tmp_path)
    widget_bundle.store(path, b"first packed bundle")
    first = bundle_server.served(tmp_path)
    assert first.packed == b"first packed bundle"
    assert first.traces == partial_bundle.TRACES
    assert bundle_server.served(tmp_path) is first
    assert len(reads) == 1

    widget_bundle.store(path, b"a second, longer packed bundle")
    second = bundle_server.served(tmp_path)
    assert second.packed == b"a second, longer packed bundle"
    assert len(reads) == 2


def test_a_damaged_cache_file_serves_the_whole_bundle(tmp_path: Path) -> None:
    path = partial_bundle.cache_path(tmp_path)
    widget_bundle.store(path, b"packed bundle")
    path.write_bytes(path.read_bytes()[:-3])  # cut short: its digest no longer matches
    bundle = bundle_server.served(tmp_path)
    assert bundle.packed is None
    assert bundle.name == f"plotly-bundle-{widget_bundle.digest()}.js"
