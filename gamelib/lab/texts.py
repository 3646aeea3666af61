"""The lab's words in English and Japanese (figure titles, axis titles, sentences, widgets)."""

from __future__ import annotations

__all__ = ["TEXTS", "text"]

TEXTS: dict[str, dict[str, str]] = {
    "win_title": {"en": "Win rate by bot", "ja": "ボット別の勝率"},
    "seat_title": {"en": "Win rate by seat", "ja": "席順別の勝率"},
    "score_title": {"en": "Final scores by seat", "ja": "席順別の最終得点"},
    "length_title": {"en": "Game length", "ja": "ゲームの長さ"},
    "bot": {"en": "bot", "ja": "ボット"},
    "seat": {"en": "seat", "ja": "席"},
    "seat_n": {"en": "seat {n}", "ja": "{n}番席"},
    "win_pct": {"en": "wins (% of games played at a seat)", "ja": "勝率(着席したゲームに対する%)"},
    "seat_pct": {"en": "wins (% of games)", "ja": "勝率(全ゲームに対する%)"},
    "score": {"en": "final score (points)", "ja": "最終得点(点)"},
    "steps": {"en": "length (actions, all players)", "ja": "長さ(全員の手数)"},
    "games": {"en": "games", "ja": "ゲーム数"},
    "chance": {"en": "even chance {pct:.0f}%", "ja": "均等なら{pct:.0f}%"},
    "read_win": {
        "en": "Each bar is a bot's share of the wins in the seats it played; the whisker is the "
        "95% confidence interval. Bars whose whiskers do not overlap differ beyond chance.",
        "ja": "棒はそのボットが座った席での勝率、ひげは95%信頼区間です。"
        "ひげが重ならない棒どうしは偶然では説明できない差です。",
    },
    "read_seat": {
        "en": "Each bar is how often a seat won (seats rotate among the bots every game). The "
        "dashed line is an even split: bars far from it mean a seat advantage.",
        "ja": "棒はその席が勝った割合です(ボットはゲームごとに席を回ります)。"
        "破線は均等な場合で、離れていれば席順の有利・不利があります。",
    },
    "read_score": {
        "en": "Each box spans the middle half of the final scores at a seat; the line in it is "
        "the median and the whiskers reach the extremes.",
        "ja": "箱はその席の最終得点の中央半分、中の線は中央値、ひげは最小と最大です。",
    },
    "read_length": {
        "en": "How many actions the games took, all players together.",
        "ja": "ゲームが何手で終わったか(全員の手数の合計)です。",
    },
    "bot_sentence": {
        "en": "{bot} wins {pct:.1f}% of its seats ({low:.1f}–{high:.1f}%, 95% interval, "
        "{games} seat-games).",
        "ja": "{bot}の勝率は{pct:.1f}%です(95%信頼区間{low:.1f}–{high:.1f}%、{games}席ゲーム)。",
    },
    "seat_sentence": {
        "en": "Seat advantage: chi-square {chi:.2f}, p = {p:.3f} — {verdict}.",
        "ja": "席順の有利: カイ二乗 {chi:.2f}、p = {p:.3f}。{verdict}",
    },
    "seat_yes": {
        "en": "the seats do not win equally often (p < 0.05)",
        "ja": "席によって勝ちやすさが違います(p < 0.05)。",
    },
    "seat_no": {
        "en": "no seat advantage shows in these games (p ≥ 0.05)",
        "ja": "このゲーム数では席順の有利は見えません(p ≥ 0.05)。",
    },
    "length_sentence": {
        "en": "Games last {mean:.0f} actions on average ({low}–{high}).",
        "ja": "ゲームは平均{mean:.0f}手で終わりました({low}–{high}手)。",
    },
    "game": {"en": "Game", "ja": "ゲーム"},
    "players": {"en": "Players", "ja": "人数"},
    "bot_a": {"en": "Bot A", "ja": "ボットA"},
    "bot_b": {"en": "Bot B", "ja": "ボットB"},
    "n_games": {"en": "Games", "ja": "ゲーム数"},
    "seed": {"en": "Seed", "ja": "シード"},
    "processes": {"en": "Processes", "ja": "プロセス数"},
    "compare": {"en": "Compare with rule set B", "ja": "ルールBと比べる"},
    "rules_a": {"en": "Rule set A", "ja": "ルールA"},
    "rules_b": {"en": "Rule set B", "ja": "ルールB"},
    "run": {"en": "Run", "ja": "実行"},
    "running": {"en": "{done} / {total} games", "ja": "{done} / {total} ゲーム"},
    "csv": {"en": "Download the games as CSV ({label})", "ja": "ゲームをCSVで保存({label})"},
    "bots_note": {
        "en": "Bots A and B take turns at the seats, and the seats rotate every game.",
        "ja": "ボットAとBが交互に席につき、ゲームごとに席を回します。",
    },
    "error": {"en": "Cannot run: {why}", "ja": "実行できません: {why}"},
}


def text(key: str, lang: str, **params: object) -> str:
    """The lab text ``key`` in ``lang`` (English for an unknown language), filled in."""
    forms = TEXTS[key]
    return forms.get(lang, forms["en"]).format(**params)
