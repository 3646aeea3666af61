"""What the generic bots say to a user (bad bot names and parameters), in English and Japanese."""

from __future__ import annotations

from gamelib.core.log import Catalog

__all__ = ["BOTS"]

BOTS = Catalog(
    {
        "no_params": {
            "en": "the bot {name} takes no parameters (given: {given})",
            "ja": "ボット {name} にはパラメータを指定できません(指定:{given})",
        },
        "bad_param": {
            "en": "unknown parameter {param} of the bot {name}; it takes: {known}",
            "ja": "ボット {name} に {param} というパラメータはありません。指定できるもの:{known}",
        },
        "bad_spec": {
            "en": "{text}: write ismcts:N (N iterations per move, e.g. ismcts:400), "
                  "ismcts:Xs (X seconds per move, e.g. ismcts:0.5s) or ismcts:tuned (the "
                  "settings measured strongest for the game)",
            "ja": "{text}:ismcts:N(1手あたり N 回の探索。例 ismcts:400)、"
                  "ismcts:Xs(1手あたり X 秒。例 ismcts:0.5s)または ismcts:tuned"
                  "(そのゲームで最も強いと測定された設定)と書いてください",
        },
        "no_tuned": {
            "en": "{game} has no measured settings for ismcts:tuned; use ismcts with "
                  "parameters",
            "ja": "{game} には ismcts:tuned の測定済み設定がありません。ismcts に"
                  "パラメータを指定してください",
        },
        "bad_number": {
            "en": "{param} of the bot {name} must be {what}, not {value}",
            "ja": "ボット {name} の {param} は{what_ja}でなければなりません({value} は不可)",
        },
        "no_search": {
            "en": "the bot {name} needs a game that can sample worlds; {game} cannot",
            "ja": "ボット {name} は世界のサンプリングができるゲームでのみ使えます({game} は不可)",
        },
        "no_scores": {
            "en": "score_weight needs the game's score bounds; {game} gives none",
            "ja": "score_weight にはゲームの得点範囲が必要ですが、{game} にはありません",
        },
        "bad_policy": {
            "en": "{option} of the bot ismcts must be one of: {known}; not {value}",
            "ja": "ボット ismcts の {option} は次のいずれかです:{known}({value} は不可)",
        },
        "bad_evaluation": {
            "en": "evaluation of the bot ismcts must be 'draw', 'score' (the score lead read "
                  "from the view's scores, which {game}'s view must show) or 'projection' (the "
                  "lead in the final scores {game}'s states project); not {value}",
            "ja": "ボット ismcts の evaluation は 'draw'、'score'(ビューの得点によるリード。"
                  "{game} のビューに得点が必要)、'projection'({game} の局面が予測する最終得点の"
                  "リード)のいずれかです({value} は不可)",
        },
        "needs_worlds": {
            "en": "the bot {name} searches sampled worlds: call choose(view, legal_actions, "
                  "worlds=sampler) with sampler(rng) = state.sample_world(seat, rng)",
            "ja": "ボット {name} はサンプリングした世界を探索します。"
                  "choose(view, legal_actions, worlds=sampler) の形で呼んでください"
                  "(sampler(rng) = state.sample_world(seat, rng))",
        },
        "wrong_seat": {
            "en": "the world sampler gave a world where seat {got} is to move, not seat {seat}",
            "ja": "世界のサンプラーが返した世界では手番が席 {seat} ではなく席 {got} です",
        },
        "no_legal": {
            "en": "no legal action to choose from",
            "ja": "選べる合法手がありません",
        },
    }
)
