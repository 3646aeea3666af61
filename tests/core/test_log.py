"""Lazy bilingual log entries, bilingual refusals, action labels and quiet states (issue 12/13)."""

from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import Any

import pytest

import gamelib
from gamelib.core import Catalog, IllegalAction, LogEntry, Term
from gamelib.core.messages import CORE
from tests.toy_game import ToyAction, ToyGame, register

register()

CALLS: list[str] = []


@dataclass(frozen=True)
class Counted:
    """A parameter that records each time it is rendered."""

    name: str

    def text(self, lang: str) -> str:
        CALLS.append(lang)
        return self.name.upper() if lang == "ja" else self.name


CATALOG = Catalog(
    {"hello": {"en": "hello {who} and {more}", "ja": "{who}と{more}にこんにちは"}},
    name="test-log",
)


def entry(**kw: Any) -> LogEntry:
    return CATALOG.entry("hello", who=Counted("ann"), more=[Term("red", "赤"), 2], **kw)


def test_entries_render_when_read_and_once() -> None:
    CALLS.clear()
    e = entry()
    assert CALLS == [], "making an entry formats nothing"
    assert e.en == "hello ann and red, 2" and CALLS == ["en"]
    assert e.ja == "ANNと赤、2にこんにちは" and CALLS == ["en", "ja"]
    assert e.text("en") == e.en and e.text("ja") == e.ja and CALLS == ["en", "ja"], "cached"
    with pytest.raises(KeyError, match="no message 'nope'"):
        CATALOG.entry("nope")


def test_equality_by_content_not_by_rendering_state() -> None:
    a, b = entry(player=1, visible_to={1}), entry(player=1, visible_to=[1])
    _ = a.en
    assert a == b and hash(a) == hash(b)
    assert a != entry(player=0, visible_to={1})
    assert a != entry(player=1, visible_to=None)
    ready = LogEntry("hello", a.en, a.ja, 1, frozenset({1}))
    assert ready == b, "an entry from ready text equals the lazy one with the same text"
    assert a != CATALOG.entry("hello", who="bob", more="x", player=1, visible_to={1})


def test_pickling_leaves_the_rendered_text_out() -> None:
    e = entry(kind="action")
    raw = pickle.dumps(e)
    _ = e.en, e.ja
    assert pickle.dumps(e) == raw, "the cache is not pickled"
    assert b"hello ann" not in raw
    back = pickle.loads(raw)
    assert back == e and back.catalog is CATALOG and back.kind == "action"
    ready = LogEntry("k", "text en", "テキスト", None, None)
    assert pickle.loads(pickle.dumps(ready)).ja == "テキスト", "ready text is kept"


def test_an_entry_needs_text_or_a_catalog() -> None:
    with pytest.raises(ValueError, match="needs its text or a catalog"):
        LogEntry("k", "only english")


def test_illegal_action_carries_both_languages() -> None:
    term = CORE.term("not_legal", action="play 7")
    en = IllegalAction.of(term, "en")
    ja = IllegalAction.of(term, "ja")
    assert str(en) == en.en == "play 7 is not a legal action now"
    assert str(ja) == ja.ja == "play 7 は今は選べない行動です" and ja.en == en.en
    plain = IllegalAction.of("just English", "ja")
    assert plain.en == plain.ja == str(plain) == "just English"
    again = pickle.loads(pickle.dumps(ja))
    assert (again.en, again.ja, str(again)) == (ja.en, ja.ja, str(ja))
    assert IllegalAction.of(ja, "en").text("en") == str(IllegalAction.of(ja, "en"))


def test_play_refuses_in_the_games_language() -> None:
    state = gamelib.load("toy", lang="ja").new_state(2)
    with pytest.raises(IllegalAction) as info:
        gamelib.play(state, "play 42")
    assert str(info.value) == info.value.ja and "「play 42」は今は選べない行動です" in info.value.ja
    assert "'play 42' is not a legal action now" in info.value.en


class LabelledGame(ToyGame):
    """The toy game with players' names for its actions."""

    def action_label(self, action: Any, lang: str) -> str:
        assert isinstance(action, ToyAction)
        return f"{action.card}を出す" if lang == "ja" else f"card {action.card}"


def test_action_labels_parse_back_in_either_language() -> None:
    game = LabelledGame(gamelib.load("toy").options)
    state = game.new_state(4)
    for action in state.legal_actions():
        for text in (str(action), game.action_label(action, "en"), game.action_label(action, "ja")):
            assert game.parse_action(state, f"  {text.upper()} ") == action
    assert gamelib.load("toy").action_label(ToyAction(3), "ja") == "play 3", "default: its text"


def test_quiet_state_records_nothing_and_plays_the_same_game() -> None:
    game = gamelib.load("toy", players=3)
    loud, quiet = game.new_state(8), game.new_state(8)
    quiet.quiet = True
    set_up = len(quiet.log)
    while loud.current_player is not None:
        action = loud.legal_actions()[0]
        loud.apply_in_place(action)
        quiet.apply_in_place(action)
    assert len(quiet.log) == set_up < len(loud.log)
    assert quiet.outcome() == loud.outcome() and quiet.history == loud.history


def test_an_add_log_override_honours_quiet() -> None:
    from tests.toy_game import ToyState

    class OwnLog(ToyState):
        def add_log(self, key: str, **params: Any) -> None:
            self.log.append(LogEntry(key, key, key))

    state = OwnLog(gamelib.load("toy"), 1, gamelib.core.Rng(1))
    state.quiet = True
    state.add_log("play")
    assert len(state.log) == 2, "the two deal entries only"


def test_entry_maker_makes_what_entry_from_makes():
    """``entry_maker(catalog)`` skips the key look-up only: its entries have every field of
    ``entry_from``'s (an audience given as a frozenset is kept, the very object) and render
    the same in both languages; an unknown key shows only when the entry is read."""
    from gamelib.core.log import Catalog, entry_maker

    catalog = Catalog({"hi": {"en": "Hi {who}", "ja": "{who}さん、こんにちは"}})
    make = entry_maker(catalog)
    only = frozenset({2})
    for args in (("hi", {"who": "Ann"}), ("hi", {"who": "Bo"}, 2, only, "action")):
        mine, theirs = make(*args), catalog.entry_from(*args)
        for field in LogEntry.__slots__:
            assert getattr(mine, field) == getattr(theirs, field), field
        assert (mine.en, mine.ja) == (theirs.en, theirs.ja)
    assert make("hi", {"who": "C"}, 2, only).visible_to is only
    with pytest.raises(KeyError):
        _ = make("bye", {}).en
