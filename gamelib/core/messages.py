"""Refusals every game shares, in English and Japanese (a game's own words live in its catalog)."""

from __future__ import annotations

from gamelib.core.log import Catalog

__all__ = ["CORE", "MAX_ACTION_TEXT"]

#: Longest action text looked at; longer text is refused before any parsing.
MAX_ACTION_TEXT = 1000

CORE = Catalog(
    {
        "not_text": {
            "en": "an action is given as text, not {kind}",
            "ja": "行動は文字列で指定してください({kind} は使えません)",
        },
        "too_long": {
            "en": "an action text of {n} characters is too long (at most {limit})",
            "ja": "行動の文字列が長すぎます({n}文字。{limit}文字まで)",
        },
        "game_over": {
            "en": "{action}: the game is over",
            "ja": "{action}:ゲームはすでに終了しています",
        },
        "not_legal": {
            "en": "{action} is not a legal action now",
            "ja": "{action} は今は選べない行動です",
        },
        "not_legal_text": {
            "en": "'{text}' is not a legal action now; legal actions: {shown}",
            "ja": "「{text}」は今は選べない行動です。選べる行動:{shown}",
        },
        "no_seat": {
            "en": "no player {seat}: seats are 0 to {last}",
            "ja": "プレイヤー {seat} はいません(席は 0 から {last})",
        },
    },
    name="core",
)
