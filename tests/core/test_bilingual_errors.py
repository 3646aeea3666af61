"""Every error a user can read exists in English and Japanese (options, records, simulation, the
controller), and the state or input stays as it was."""

from __future__ import annotations

import json
import pickle
import re

import pytest

import gamelib
from gamelib.core import GameLibError, IllegalAction, OptionError, RecordError
from gamelib.core.messages import CORE
from gamelib.core.records import _digest
from gamelib.sim import simulate
from gamelib.ui import GameController

JAPANESE = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def test_every_core_message_has_both_languages_with_the_same_placeholders() -> None:
    for key, forms in CORE.templates.items():
        assert set(forms) == {"en", "ja"}, key
        names_en = set(re.findall(r"{(\w+)}", forms["en"]))
        names_ja = set(re.findall(r"{(\w+)}", forms["ja"]))
        assert names_en - {"where"} <= names_ja, key
        assert JAPANESE.search(forms["ja"]) or forms["ja"] == forms["en"], key


@pytest.mark.parametrize(
    ("options", "en", "ja"),
    [
        ({"players": 9}, "accepts 2 to 5, not 9", "2〜5"),
        ({"bogus": 1}, "unknown option 'bogus' for powers", "オプション 'bogus' はありません"),
        ({"players": "x"}, "takes a whole number, not 'x'", "整数"),
        ({"players": True}, "does not take True or False", "True や False は使えません"),
        ({"blitzkrieg": 1}, "takes True or False, not 1", "True か False"),
    ],
)
def test_a_bad_option_is_refused_in_both_languages(options: dict, en: str, ja: str) -> None:
    with pytest.raises(OptionError) as err:
        gamelib.load("powers", **options)
    assert en in err.value.en and ja in err.value.ja
    assert str(err.value) == err.value.en
    with pytest.raises(OptionError) as err_ja:
        gamelib.load("powers", lang="ja", **options)
    assert str(err_ja.value) == err_ja.value.ja  # shown in the language asked for


def test_an_unknown_game_or_bot_is_refused_in_both_languages() -> None:
    with pytest.raises(OptionError) as err:
        gamelib.load("chess")
    assert "unknown game 'chess'" in err.value.en and "'chess' というゲーム" in err.value.ja
    with pytest.raises(OptionError) as err:
        simulate("powers", bots=["nobody"], games=1)
    assert "unknown bot 'nobody'" in err.value.en and "ボットはありません" in err.value.ja
    with pytest.raises(OptionError) as err:
        simulate("powers", bots=["random"], games=0)
    assert "games must be a positive integer" in err.value.en and "1 以上の整数" in err.value.ja


def test_a_bad_record_is_refused_in_both_languages_and_names_the_nested_cause() -> None:
    state = gamelib.load("powers").new_state(3)
    text = gamelib.dumps(state)
    with pytest.raises(RecordError) as err:
        gamelib.loads(text[:-20])
    assert "truncated" in err.value.en and "途中で切れて" in err.value.ja
    data = json.loads(text)
    data["options"] = {"players": 9}
    body = {k: v for k, v in data.items() if k != "digest"}
    data["digest"] = _digest(body)
    with pytest.raises(RecordError) as err:
        gamelib.loads(json.dumps(data))
    # the option's own refusal is quoted in each language
    assert "accepts 2 to 5" in err.value.en and "2〜5" in err.value.ja


def test_errors_keep_both_languages_through_pickling() -> None:
    for cls in (GameLibError, OptionError, IllegalAction, RecordError):
        err = cls("bad", "だめ", lang="ja")
        back = pickle.loads(pickle.dumps(err))
        assert type(back) is cls and (back.en, back.ja, str(back)) == ("bad", "だめ", "だめ")


def test_the_controller_shows_a_refusal_in_its_own_language() -> None:
    ctrl = GameController(gamelib.load("powers"), seats=["human", "human"], seed=1)
    ctrl.set_lang("ja")
    before = ctrl.state
    ctrl._guard(ctrl.play, "play ZZ")
    assert ctrl.state is before and ctrl.last_error is not None
    shown = ctrl.error_area.value
    assert "選べません" in shown and ctrl.last_error.ja.split("(")[0][:8] in shown
    assert "IllegalAction" not in shown.split("<details>")[0]
    with pytest.raises(OptionError) as err:
        GameController(gamelib.load("powers"), seats={7: "human"})
    assert "no seat 7" in err.value.en and "席 7 はありません" in err.value.ja
