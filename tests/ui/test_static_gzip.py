"""gamelib.ui.static_gzip: each static file is compressed once, and every answer is the file."""

from __future__ import annotations

import asyncio
import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tornado.httpclient
import tornado.httpserver
import tornado.netutil
import tornado.web

from gamelib.ui import static_gzip

SCRIPT = "var x = 1;\n" * 20000  # several of the handler's 64 kB chunks


class JsonHandler(tornado.web.RequestHandler):
    def get(self) -> None:
        self.write({"data": "y" * 5000})


class Compressions:
    """Counts the gzip streams tornado's transform starts."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        original = gzip.GzipFile
        outer = self

        class Counted(original):  # type: ignore[misc, valid-type]
            def __init__(self, *args: Any, **kwargs: Any) -> None:
                outer.count += 1
                super().__init__(*args, **kwargs)

        monkeypatch.setattr(gzip, "GzipFile", Counted)


@pytest.fixture()
def files(tmp_path: Path) -> Path:
    folder = tmp_path / "static"
    folder.mkdir()
    (folder / "a.js").write_text(SCRIPT)
    (folder / "b.css").write_text("a { color: red }\n" * 200)
    return folder


@pytest.fixture()
def kept_dir(tmp_path: Path) -> Path:
    return tmp_path / "cache" / "static-gzip"


@pytest.fixture(autouse=True)
def fresh_kept() -> Iterator[None]:
    before = static_gzip.KEPT
    yield
    static_gzip.KEPT = before


def serve(files: Path, kept_dir: Path, requests: list[tuple[str, dict[str, str]]],
          between: Any = None) -> list[tuple[int, dict[str, str], bytes]]:
    """Answers of a compressing server with the extension installed, to ``requests`` (path,
    headers) in turn; ``between(i)`` runs before request ``i``."""

    async def run() -> list[tuple[int, dict[str, str], bytes]]:
        app = tornado.web.Application(
            [(r"/s/(.*)", tornado.web.StaticFileHandler, {"path": str(files)}),
             (r"/api", JsonHandler)],
            compress_response=True)
        assert static_gzip.install(app, kept_dir)
        sockets = tornado.netutil.bind_sockets(0, "127.0.0.1")
        server = tornado.httpserver.HTTPServer(app)
        server.add_sockets(sockets)
        port = sockets[0].getsockname()[1]
        client = tornado.httpclient.AsyncHTTPClient(force_instance=True)
        answers = []
        try:
            for i, (path, headers) in enumerate(requests):
                if between is not None:
                    between(i)
                reply = await client.fetch(f"http://127.0.0.1:{port}{path}", headers=headers,
                                           decompress_response=False, raise_error=False)
                answers.append((reply.code, dict(reply.headers), reply.body))
        finally:
            client.close()
            server.stop()
        return answers

    return asyncio.run(run())


GZ = {"Accept-Encoding": "gzip"}


def test_a_static_file_is_compressed_once_then_sent_as_kept(
        files: Path, kept_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    counted = Compressions(monkeypatch)
    seen = []
    answers = serve(files, kept_dir, [("/s/a.js", GZ)] * 3,
                    between=lambda i: seen.append(counted.count))
    assert seen == [0, 1, 1]
    assert counted.count == 1
    for code, headers, body in answers:
        assert code == 200
        assert headers["Content-Encoding"] == "gzip"
        assert "Accept-Encoding" in headers["Vary"]
        assert gzip.decompress(body).decode() == SCRIPT
    assert answers[1][2] == answers[2][2] == answers[0][2]


def test_a_changed_file_of_the_same_name_and_length_is_compressed_anew(
        files: Path, kept_dir: Path) -> None:
    changed = SCRIPT.replace("x = 1", "y = 2")
    assert len(changed) == len(SCRIPT)

    def change(i: int) -> None:
        if i == 1:
            (files / "a.js").write_text(changed)

    answers = serve(files, kept_dir, [("/s/a.js", GZ)] * 3, between=change)
    assert gzip.decompress(answers[0][2]).decode() == SCRIPT
    assert gzip.decompress(answers[1][2]).decode() == changed
    assert answers[2][2] == answers[1][2]  # the new file's compression is kept beside the old
    assert len(static_gzip.KEPT.memory[("a.js", len(SCRIPT))]) == 2


def test_files_compressed_beforehand_are_sent_from_the_first_request(
        files: Path, kept_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    static_gzip.compress_installed([files / "a.js", files / "b.css"], kept_dir)
    counted = Compressions(monkeypatch)
    answers = serve(files, kept_dir, [("/s/a.js", GZ), ("/s/b.css", GZ)])
    assert counted.count == 0
    assert gzip.decompress(answers[0][2]).decode() == SCRIPT
    assert gzip.decompress(answers[1][2]) == (files / "b.css").read_bytes()


def test_a_damaged_kept_file_is_not_sent(files: Path, kept_dir: Path) -> None:
    static_gzip.compress_installed([files / "a.js"], kept_dir)
    [kept] = kept_dir.glob("*.gz")
    kept.write_bytes(kept.read_bytes()[:40])  # cut short: its trailer is not the file's
    answers = serve(files, kept_dir, [("/s/a.js", GZ)])
    assert gzip.decompress(answers[0][2]).decode() == SCRIPT


def test_other_answers_are_compressed_as_before_and_not_kept(
        files: Path, kept_dir: Path) -> None:
    answers = serve(files, kept_dir, [
        ("/api", GZ),                                  # not a file: no Last-Modified
        ("/s/a.js", {**GZ, "Range": "bytes=0-99"}),    # part of a file
        ("/s/a.js", {"Accept-Encoding": "identity"}),  # not compressed at all
        ("/s/missing.js", GZ),
    ])
    assert gzip.decompress(answers[0][2]).startswith(b'{"data": "yyy')
    assert answers[1][0] == 206
    assert gzip.decompress(answers[1][2]) == SCRIPT[:100].encode()
    assert answers[2][1].get("Content-Encoding") is None
    assert answers[2][2] == SCRIPT.encode()
    assert answers[3][0] == 404
    assert static_gzip.KEPT.memory == {}


def test_memory_keeps_at_most_the_limit_dropping_the_least_recently_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    kept = static_gzip.Kept()
    bodies = {name: gzip.compress(name.encode() * 1000) for name in ("a", "b", "c")}
    monkeypatch.setattr(static_gzip, "LIMIT", len(bodies["a"]) * 2 + 1)
    kept.put("a", bodies["a"])
    kept.put("b", bodies["b"])
    assert kept.candidates("a", 1000) == [bodies["a"]]  # a is now the most recently used
    kept.put("c", bodies["c"])
    assert kept.candidates("b", 1000) == []
    assert kept.candidates("a", 1000) == [bodies["a"]]
    assert kept.candidates("c", 1000) == [bodies["c"]]
    assert kept.size <= static_gzip.LIMIT


def test_compress_installed_keeps_only_what_the_files_need(
        files: Path, kept_dir: Path) -> None:
    static_gzip.compress_installed([files / "a.js", files / "b.css"], kept_dir)
    assert len(list(kept_dir.glob("*.gz"))) == 2
    static_gzip.compress_installed([files / "a.js"], kept_dir)
    [left] = kept_dir.glob("*.gz")
    assert left.name.endswith("-a.js.gz")
    assert gzip.decompress(left.read_bytes()).decode() == SCRIPT


def test_the_installed_files_include_voilas_page_scripts() -> None:
    names = {path.name for path in static_gzip.installed_static_files()}
    assert "voila.js" in names
    assert any(name.startswith("remoteEntry.") for name in names)


def test_a_server_that_compresses_nothing_is_left_as_it_is(tmp_path: Path) -> None:
    app = tornado.web.Application([], compress_response=False)
    before = list(app.transforms)
    assert not static_gzip.install(app, tmp_path)
    assert app.transforms == before
