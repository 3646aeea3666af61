"""gamelib.ui.server_tuning: a Jupyter server makes no log record it will not write, and
compiles nbformat's validators before its first page."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest
from nbformat import validator
from traitlets.config import Application

from gamelib.ui import server_tuning

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


class Server(Application):  # type: ignore[misc]
    """An application logging as a Jupyter server does (traitlets' logging config)."""


@pytest.fixture()
def tornado_level() -> Iterator[None]:
    """tornado's logger at the server logger's level, as a Jupyter server sets it."""
    logger = logging.getLogger("tornado")
    before = logger.level
    logger.setLevel(logging.DEBUG)
    yield
    logger.setLevel(before)


def records(log: logging.Logger) -> list[str]:
    made: list[str] = []

    class Seen(logging.Filter):
        def filter(self, record: logging.LogRecord) -> bool:
            made.append(record.getMessage())
            return True

    log.addFilter(Seen())
    log.debug("a debug line")
    log.info("an info line")
    return made


def test_the_server_makes_no_debug_record_its_handlers_drop(tornado_level: None) -> None:
    app = Server(log_level="INFO")
    log = app.log
    assert log.level == logging.DEBUG  # traitlets' default: handlers filter
    assert records(log) == ["a debug line", "an info line"]
    changed = server_tuning.quiet_loggers(log)
    assert log in changed
    assert log.level == logging.INFO
    assert logging.getLogger("tornado").level == logging.INFO
    assert records(log) == ["an info line"]


def test_a_server_in_debug_mode_still_logs_everything(tornado_level: None) -> None:
    app = Server(log_level="DEBUG")
    assert server_tuning.quiet_loggers(app.log) == []
    assert app.log.level == logging.DEBUG
    assert records(app.log) == ["a debug line", "an info line"]


def test_a_logger_without_handlers_is_left_alone() -> None:
    log = logging.getLogger("gamelib-test-no-handlers")
    log.setLevel(logging.DEBUG)
    assert server_tuning.quiet_loggers(log) == []
    assert log.level == logging.DEBUG


def test_warming_compiles_the_strict_and_relaxed_validators(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(validator, "validators", {})
    server_tuning.warm_validators()
    minor = nbformat.v4.nbformat_minor
    kept = {(version, version_minor, relaxed)
            for _name, version, version_minor, relaxed in validator.validators}
    assert kept == {(4, minor, False), (4, minor, True)}


def test_the_lessons_are_written_in_the_version_warmed() -> None:
    """A page validates its notebook with the validator of the notebook's own version."""
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert (data["nbformat"], data["nbformat_minor"]) == (4, nbformat.v4.nbformat_minor), path


def test_it_is_a_server_extension() -> None:
    assert server_tuning._jupyter_server_extension_points() == [
        {"module": "gamelib.ui.server_tuning"}
    ]
