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
        # action ids (Game.action_id, Game.action_from_id)
        "no_action_id": {
            "en": "{action} is not an action of this game, so it has no id",
            "ja": "{action} はこのゲームの行動ではないため、番号がありません",
        },
        "bad_action_id": {
            "en": "action id {value} is not a whole number from 0 to {last}",
            "ja": "行動番号 {value} は 0 から {last} までの整数ではありません",
        },
        # options (gamelib.core.options, registry)
        "unknown_game": {
            "en": "unknown game {game}; available games: {known}",
            "ja": "{game} というゲームはありません。使えるゲーム:{known}",
        },
        "unknown_option": {
            "en": "unknown option {name}{where}; accepted options: {known}",
            "ja": "{where_ja}オプション {name} はありません。使えるオプション:{known}",
        },
        "option_bool": {
            "en": "option {name}{where} takes True or False, not {value}",
            "ja": "{where_ja}オプション {name} は True か False です({value} は使えません)",
        },
        "option_not_bool": {
            "en": "option {name}{where} does not take True or False",
            "ja": "{where_ja}オプション {name} に True や False は使えません",
        },
        "option_kind": {
            "en": "option {name}{where} takes {kind}, not {value}",
            "ja": "{where_ja}オプション {name} は{kind}です({value} は使えません)",
        },
        "option_choice": {
            "en": "option {name}{where} accepts {choices}, not {value}",
            "ja": "{where_ja}オプション {name} に使える値は {choices} です({value} は使えません)",
        },
        "option_problem": {
            "en": "option {name}{where}: {problem}",
            "ja": "{where_ja}オプション {name}:{problem}",
        },
        "range": {"en": "{low} to {high}", "ja": "{low}〜{high}"},
        "kind_int": {"en": "a whole number", "ja": "整数"},
        "kind_str": {"en": "text", "ja": "文字列"},
        "kind_number": {"en": "a number", "ja": "数"},
        "unknown_bot": {
            "en": "unknown bot {name} for {game}; available: {known}",
            "ja": "{game} に {name} というボットはありません。使えるボット:{known}",
        },
        # simulation (gamelib.sim)
        "sim_positive": {
            "en": "{name} must be a positive integer, not {value}",
            "ja": "{name} は 1 以上の整数です({value} は使えません)",
        },
        "sim_seed": {
            "en": "seed must be a non-negative integer, not {value}",
            "ja": "seed は 0 以上の整数です({value} は使えません)",
        },
        "sim_no_bot": {"en": "give at least one bot", "ja": "ボットを 1 つ以上指定してください"},
        "sim_option_text": {
            "en": "--option takes key=value, not {text}",
            "ja": "--option は key=value の形です({text} は使えません)",
        },
        "sim_scheduler": {
            "en": "scheduler must be 'local' or a Dask address, not {value}",
            "ja": "scheduler は 'local' か Dask のアドレスです({value} は使えません)",
        },
        "sim_needs_dask": {
            "en": "running on a Dask cluster needs the dask extra: pip install 'gamelib[dask]'",
            "ja": "Dask クラスターで動かすには dask の追加パッケージが必要です:"
                  "pip install 'gamelib[dask]'",
        },
        "sim_unreachable": {
            "en": "cannot reach the Dask scheduler {value}: {why}",
            "ja": "Dask のスケジューラー {value} に接続できません:{why}",
        },
        "sim_no_end": {
            "en": "{game} game {index} (seed {seed}) did not end in {limit}",
            "ja": "{game} の第 {index} ゲーム(シード {seed})が {limit} 手で終わりませんでした",
        },
        "sim_bad_bot_move": {
            "en": "{game} game {index} (seed {seed}): bot {bot} chose {action}, which is not a "
                  "legal action",
            "ja": "{game} の第 {index} ゲーム(シード {seed}):ボット {bot} が選べない行動 "
                  "{action} を選びました",
        },
        # records (gamelib.core.records)
        "undo_steps": {
            "en": "steps must be a non-negative integer, not {steps}",
            "ja": "戻す手数は 0 以上の整数です({steps} は使えません)",
        },
        "undo_too_many": {
            "en": "cannot undo {steps} steps: only {played} were played",
            "ja": "{steps} 手は戻せません(まだ {played} 手しか指していません)",
        },
        "record_step": {
            "en": "step {step} ({text}) does not replay: {why}",
            "ja": "{step} 手目({text})が再現できません:{why}",
        },
        "record_not_loaded": {
            "en": "record does not load: {why}",
            "ja": "記録を読み込めません:{why}",
        },
        "record_too_deep": {
            "en": "record is too large or nested too deeply to load: {why}",
            "ja": "記録が大きすぎるか入れ子が深すぎて読み込めません:{why}",
        },
        "record_bytes": {
            "en": "record is too large ({n} bytes)",
            "ja": "記録が大きすぎます({n} バイト)",
        },
        "record_not_utf8": {
            "en": "record is not UTF-8 text: {why}",
            "ja": "記録が UTF-8 の文字列ではありません:{why}",
        },
        "record_not_text": {
            "en": "a record is JSON text, not {kind}",
            "ja": "記録は JSON の文字列です({kind} は使えません)",
        },
        "record_chars": {
            "en": "record is too large ({n} characters; at most {limit})",
            "ja": "記録が大きすぎます({n} 文字。{limit} 文字まで)",
        },
        "record_bad_json": {
            "en": "record is not valid JSON (truncated?): {why}",
            "ja": "記録が正しい JSON ではありません(途中で切れていませんか):{why}",
        },
        "record_nests": {
            "en": "record is not a gamelib record: it nests too deeply",
            "ja": "gamelib の記録ではありません(入れ子が深すぎます)",
        },
        "record_unreadable": {
            "en": "record is not readable JSON: {why}",
            "ja": "記録の JSON が読めません:{why}",
        },
        "record_not_object": {
            "en": "record must be a JSON object",
            "ja": "記録は JSON のオブジェクトでなければなりません",
        },
        "record_format": {
            "en": "not a gamelib record: format is {value}",
            "ja": "gamelib の記録ではありません(format が {value})",
        },
        "record_version": {
            "en": "record version {value} is not supported "
                  "(this gamelib reads version {version})",
            "ja": "記録のバージョン {value} には対応していません"
                  "(この gamelib が読めるのはバージョン {version})",
        },
        "record_missing": {
            "en": "record has no {field} field",
            "ja": "記録に {field} の項目がありません",
        },
        "record_extra": {
            "en": "record has an unknown field {field}",
            "ja": "記録に知らない項目 {field} があります",
        },
        "record_digest": {
            "en": "record digest does not match its content: it was edited or corrupted",
            "ja": "記録のダイジェストが内容と合いません(書き換えられたか壊れています)",
        },
        "record_seed": {
            "en": "record seed must be a non-negative integer below 2**64, not {value}",
            "ja": "記録のシードは 2**64 未満の 0 以上の整数です({value} は使えません)",
        },
        "record_actions": {
            "en": "record actions must be a list of action texts",
            "ja": "記録の actions は行動の文字列のリストでなければなりません",
        },
        "record_too_many": {
            "en": "record has {n} actions (at most {limit})",
            "ja": "記録の行動が {n} 個あります({limit} 個まで)",
        },
        "record_options_object": {
            "en": "record options must be a JSON object",
            "ja": "記録の options は JSON のオブジェクトでなければなりません",
        },
        "record_nul": {
            "en": "record text holds a NUL character: {value}",
            "ja": "記録の文字列に NUL 文字があります:{value}",
        },
        "record_unicode": {
            "en": "record text is not valid Unicode: {why}",
            "ja": "記録の文字列が正しい Unicode ではありません:{why}",
        },
        "record_options": {
            "en": "record options are not valid: {why}",
            "ja": "記録のオプションが正しくありません:{why}",
        },
        "no_seat": {
            "en": "no player {seat}: seats are 0 to {last}",
            "ja": "プレイヤー {seat} はいません(席は 0 から {last})",
        },
    },
    name="core",
)
