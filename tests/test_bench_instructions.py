"""The instruction benchmark's pure helpers (issue 12): reading callgrind's output. The benchmark
itself runs under valgrind in ``python -m benchmarks``, not in the tests."""

from __future__ import annotations

import pytest

from benchmarks.bench_instructions import parse_totals

_HEADER = """\
# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 1415
cmd:  /work/main/.venv/bin/python -m benchmarks.bench_instructions --child trench fast 400 4000
part: 2

desc: I1 cache:
desc: Timerange: Basic block 1084473123 - 1086932212
desc: Trigger: --dump-before=getppid

positions: line
events: Ir
summary: 23400482

ob=(1) /usr/lib/x86_64-linux-gnu/libc.so.6
fl=(1) ???
fn=(1) getppid
0 5
"""


def test_the_count_is_the_totals_line_when_there_is_one() -> None:
    assert parse_totals(_HEADER + "totals: 23400490\n") == 23400490


def test_without_totals_the_summary_line_counts() -> None:
    assert parse_totals(_HEADER) == 23400482


def test_the_first_event_is_the_instruction_count() -> None:
    assert parse_totals("events: Ir Dr\nsummary: 120 45\n") == 120


def test_an_output_without_a_count_is_refused() -> None:
    with pytest.raises(ValueError, match="totals"):
        parse_totals("# callgrind format\nevents: Ir\n")
