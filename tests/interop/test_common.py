"""gamelib.interop itself (no extra needed): view texts and payoffs."""

from __future__ import annotations

import pytest

from gamelib.core import OptionError, Outcome
from gamelib.interop import _plain, payoffs
from tests.interop.conftest import import_without


def test_view_text_is_the_same_in_every_process() -> None:
    """view_text sorts sets and mappings and never shows a memory address."""
    class Bare:
        pass

    assert _plain({"b": frozenset({"y", "x"}), "a": None}, "en") == "{'a': None, 'b': {'x', 'y'}}"
    assert _plain(Bare(), "en") == "Bare()"


def test_payoffs_share_the_win_or_give_the_scores() -> None:
    """"win" shares 1 among the winners; "score" is the outcome's scores; others are refused."""
    outcome = Outcome((3.0, 5.0, 5.0), (1, 2))
    assert payoffs(outcome, 3) == [0.0, 0.5, 0.5]
    assert payoffs(outcome, 3, "score") == [3.0, 5.0, 5.0]
    with pytest.raises(OptionError, match="payoff"):
        payoffs(outcome, 3, "rank")


@pytest.mark.parametrize(
    ("library", "adapter"), [("pyspiel", "openspiel"), ("pettingzoo", "pettingzoo")]
)
def test_a_missing_library_names_the_extra(library: str, adapter: str) -> None:
    """Without its library an adapter's import error names the extra, in English and
    Japanese (checked in a new process where the library cannot be imported)."""
    out = import_without(library, adapter)
    assert out.startswith("MissingExtra")
    assert f'pip install "gamelib[{adapter}]"' in out
    assert "インストールされていません" in out
