"""The controller's own words in English and Japanese (game text comes from the game's catalog)."""

from __future__ import annotations

__all__ = ["LABELS", "label"]

LABELS: dict[str, dict[str, str]] = {
    "bot_move": {"en": "Bot move", "ja": "ボットの手"},
    "autoplay": {"en": "Auto-play", "ja": "自動で進める"},
    "stop": {"en": "Stop", "ja": "止める"},
    "speed": {"en": "Moves/s", "ja": "手/秒"},
    "undo": {"en": "Undo", "ja": "一手戻す"},
    "restart": {"en": "Restart", "ja": "やり直す"},
    "seed": {"en": "Seed", "ja": "シード"},
    "viewpoint": {"en": "Viewpoint", "ja": "視点"},
    "teacher": {"en": "Teacher (all cards)", "ja": "先生(すべて見える)"},
    "play": {"en": "Play", "ja": "実行"},
    "step": {"en": "step {step}", "ja": "{step}手目"},
    "to_move": {"en": "to move: {seat} ({who})", "ja": "手番: {seat}({who})"},
    "human": {"en": "you", "ja": "あなた"},
    "your_move": {"en": "Your move, {seat}:", "ja": "{seat}の手番です:"},
    "waiting": {
        "en": "{seat} ({who}) is to move: click “Bot move”.",
        "ja": "{seat}({who})の手番です。「ボットの手」を押してください。",
    },
    "game_over": {"en": "Game over", "ja": "ゲーム終了"},
    "winner": {"en": "winner: {names}", "ja": "勝者: {names}"},
    "winners": {"en": "tie between {names}", "ja": "引き分け: {names}"},
    "scores": {"en": "scores {scores}", "ja": "得点 {scores}"},
    "nothing_to_undo": {"en": "nothing to undo", "ja": "戻す手がありません"},
    "stale_click": {
        "en": "That click was for an earlier step (step {step}); nothing was played.",
        "ja": "そのクリックは前の手({step}手目)のものでした。何も実行していません。",
    },
    "log_empty": {"en": "(nothing has happened yet)", "ja": "(まだ何も起きていません)"},
}


def label(key: str, lang: str, **params: object) -> str:
    """Return the controller label ``key`` in ``lang`` (English for an unknown language)."""
    forms = LABELS[key]
    return forms.get(lang, forms["en"]).format(**params)
