"""The controller's own words in English and Japanese (game text comes from the game's catalog)."""

from __future__ import annotations

from gamelib.core import GameLibError, OptionError

__all__ = ["BOT_NAMES", "LABELS", "bot_label", "error_of", "label"]

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
    "no_game": {"en": "give a game (or a position to start from)",
                "ja": "ゲーム(または始める局面)を指定してください"},
    "other_game": {"en": "this controller plays {mine}, not {other}",
                   "ja": "このコントローラーは {mine} 用です({other} は使えません)"},
    "not_legal_now": {"en": "{action} is not a legal action now",
                      "ja": "{action} は今は選べない行動です"},
    "no_seat": {"en": "no seat {seat}: seats are 0 to {last}",
                "ja": "席 {seat} はありません(席は 0 から {last})"},
    "unknown_player": {"en": "seat {seat}: unknown player {who}; use 'human' or a bot: {known}",
                       "ja": "席 {seat}:{who} というプレイヤーはいません。'human' かボット"
                             "({known})を指定してください"},
    "no_viewpoint": {"en": "no viewpoint {viewpoint}: seats are 0 to {last}, or None (teacher)",
                     "ja": "視点 {viewpoint} はありません(席 0 から {last}、"
                           "または None で先生の視点)"},
    "error_kind_IllegalAction": {"en": "Not allowed", "ja": "選べません"},
    "error_kind_OptionError": {"en": "Bad option", "ja": "オプションの誤り"},
    "error_kind_RecordError": {"en": "Bad record", "ja": "記録の誤り"},
    "error_kind": {"en": "Error ({kind})", "ja": "エラー({kind})"},
    "error_details": {"en": "details", "ja": "詳細"},
    "stale_click": {
        "en": "That click was for an earlier step (step {step}); nothing was played.",
        "ja": "そのクリックは前の手({step}手目)のものでした。何も実行していません。",
    },
    "log_older": {"en": "Show the {n} older entries", "ja": "古い記録 {n} 件を表示"},
    "log_empty": {"en": "(nothing has happened yet)", "ja": "(まだ何も起きていません)"},
    "back": {"en": "← back", "ja": "← 戻る"},
    "group_more": {"en": "{group} …", "ja": "{group} …"},
    "choose_option": {"en": "{group}: choose one", "ja": "{group}:どれにしますか"},
    "language": {"en": "Language", "ja": "言語"},
    "hotseat": {"en": "Hot-seat", "ja": "交代で遊ぶ"},
    "pass_screen": {
        "en": "Pass the screen to {seat}. {seat}: click when only you can see the screen.",
        "ja": "画面を{seat}に渡してください。{seat}:自分だけが見ているときに押してください。",
    },
    "show_my_hand": {"en": "I am {seat}: show my cards", "ja": "{seat}です:手札を見る"},
    "summary_title": {"en": "How the game ended", "ja": "ゲームの結果"},
    "summary_winner": {"en": "{names} won", "ja": "{names}の勝ち"},
    "summary_tie": {"en": "a tie between {names}", "ja": "{names}の引き分け"},
    "summary_why": {"en": "Why: {reason}", "ja": "理由:{reason}"},
    "summary_scores": {"en": "Final scores", "ja": "最終得点"},
    "summary_turning": {"en": "Turning points", "ja": "勝負の分かれ目"},
    "summary_lead": {
        "en": "step {step}: {names} took the lead ({score:g})",
        "ja": "{step}手目:{names}がトップに({score:g})",
    },
    "summary_no_turning": {
        "en": "The leader never changed after the first move.",
        "ja": "最初の手からトップは一度も入れ替わりませんでした。",
    },
    "summary_last": {"en": "The last events", "ja": "最後の出来事"},
    "seat_col": {"en": "seat", "ja": "席"},
    "score_col": {"en": "score", "ja": "得点"},
    "right": {"en": "Right!", "ja": "正解!"},
    "wrong": {"en": "Not quite.", "ja": "残念、違います。"},
    "engine_says": {"en": "The engine's answer: {answer}.", "ja": "エンジンの答え:{answer}。"},
    "you_chose": {"en": "You chose {choice}.", "ja": "あなたの答え:{choice}。"},
    "check": {"en": "Check", "ja": "答え合わせ"},
    "reveal": {"en": "Show the solution", "ja": "解答を見る"},
    "hide": {"en": "Hide the solution", "ja": "解答を隠す"},
    "solution": {"en": "Solution", "ja": "解答"},
    "try_again": {"en": "Try again", "ja": "もう一度"},
}

BOT_NAMES: dict[str, dict[str, str]] = {
    "random": {"en": "random", "ja": "ランダム"},
    "heuristic": {"en": "heuristic", "ja": "定石ボット"},
    "ismcts": {"en": "ISMCTS search", "ja": "ISMCTS探索ボット"},
    "human": {"en": "you", "ja": "あなた"},
}
"""How bots are named in the controller (a bot not listed keeps its own name)."""


def label(key: str, lang: str, **params: object) -> str:
    """Return the controller label ``key`` in ``lang`` (English for an unknown language)."""
    forms = LABELS[key]
    return forms.get(lang, forms["en"]).format(**params)


def error_of(key: str, cls: type[GameLibError] = OptionError, **params: object) -> GameLibError:
    """An error of the controller, carrying its message in both languages."""
    return cls(label(key, "en", **params), label(key, "ja", **params))


def bot_label(name: str, lang: str) -> str:
    """The name of the bot (or ``"human"``) ``name`` in ``lang``."""
    forms = BOT_NAMES.get(name)
    return name if forms is None else forms.get(lang, forms["en"])
