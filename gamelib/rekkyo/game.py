"""列強の興亡 (Rise and Fall of the Great Powers): the game object, its options and its messages.

>>> import gamelib
>>> game = gamelib.load("rekkyo", players=4)
>>> state = game.new_state(seed=1)

The card values come from ``data/cards.toml``, a documented reconstruction (option ``cards``
may carry other card data inline, e.g. the printed values; it never names a file). The other
options are rulings; see docs/rules/rekkyo.md.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from gamelib.core import Bot, Catalog, Game, Options, Rng, Term, option
from gamelib.rekkyo.cards import (
    CardDataError,
    CardSet,
    EventCard,
    WeaponCard,
    default_cards,
    parse_cards,
)

if TYPE_CHECKING:
    from gamelib.rekkyo.state import RekkyoState

__all__ = ["MESSAGES", "PACKAGED_CARD_SETS", "RekkyoGame", "RekkyoOptions", "card_set_of"]


PACKAGED_CARD_SETS = ("standard",)
"""Card sets shipped with gamelib, by name (``"standard"``: data/cards.toml)."""

MAX_CARD_DATA = 100_000
"""Longest custom card data accepted, in characters of its canonical JSON."""


def _canonical(value: Mapping[str, object]) -> str:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _check_cards(value: object) -> Term | None:
    packaged = ", ".join(PACKAGED_CARD_SETS)
    if isinstance(value, str):
        if value in PACKAGED_CARD_SETS or value == "":
            return None
        return Term(
            f"no packaged card set named {value[:40]!r} (packaged: {packaged}); custom cards "
            "are given inline as a mapping of the card data, never as a path",
            f"{value[:40]!r} という同梱のカードセットはありません(同梱:{packaged})。"
            "独自のカードはファイルのパスではなく、カードデータの辞書で直接指定します",
        )
    if not isinstance(value, Mapping):
        kind = type(value).__name__
        return Term(
            f"give a packaged card set name ({packaged}) or custom card data as a mapping, "
            f"not {kind}",
            f"同梱のカードセット名({packaged})か、独自のカードデータの辞書を指定してください"
            f"({kind} は使えません)",
        )
    try:
        text = _canonical(value)
    except (TypeError, ValueError, RecursionError):
        return Term("custom card data must be plain JSON data (tables, lists, text, numbers)",
                    "独自のカードデータは JSON で表せるデータ(表・リスト・文字列・数)だけです")
    if len(text) > MAX_CARD_DATA:
        return Term(
            f"custom card data of {len(text):,} characters is too large "
            f"(at most {MAX_CARD_DATA:,})",
            f"独自のカードデータが大きすぎます({len(text):,} 文字。{MAX_CARD_DATA:,} 文字まで)",
        )
    try:
        _parsed_cards(text)
    except CardDataError as err:
        return Term(str(err), f"カードデータの誤り:{err}")
    except (TypeError, ValueError, KeyError, AttributeError, IndexError) as err:
        return Term(f"custom card data is malformed: {type(err).__name__}",
                    f"独自のカードデータの形が正しくありません:{type(err).__name__}")
    return None


@functools.lru_cache(maxsize=16)
def _parsed_cards(text: str) -> CardSet:
    return parse_cards(json.loads(text), "custom cards")


def card_set_of(value: object) -> CardSet:
    """The card set an option value names: a packaged set's name, or inline custom card data.

    Never reads a path: a record cannot make the engine open a file.
    """
    if isinstance(value, Mapping):
        return _parsed_cards(_canonical(value))
    return default_cards()


@dataclass(frozen=True)
class RekkyoOptions(Options):
    """Options of 列強の興亡: players, the card file, and the rulings tables may vary."""

    players: int = option(2, choices=range(2, 8), doc="number of players (2 to 7)")
    partisan: str = option(
        "uprising",
        choices=("uprising", "sabotage"),
        doc="パルチザン's effect (ruling): uprising = the drawer's conquered territory of lowest "
        "power becomes neutral again; sabotage = the drawer discards a random card",
    )
    siberia: str = option(
        "pair6",
        choices=("pair6", "siberia6"),
        doc="「国力６の領地として扱います」 (ruling): pair6 = Soviet Union + Siberia together "
        "count 6 "
        "(printed 4 + 2); siberia6 = Siberia counts 6 while held by the Soviet starter",
    )
    opening_partisan: str = option(
        "discard",
        choices=("discard", "reshuffle"),
        doc="a パルチザン dealt at setup is discarded, 「これを捨て」 (discard), or set aside and "
        "shuffled back into the pile (reshuffle)",
    )
    neutral_short: str = option(
        "reshuffle",
        choices=("reshuffle", "what_exists"),
        doc="when the pile runs short during a neutral's defence: shuffle the discards into a new "
        "pile (reshuffle) or the neutral draws only what exists (what_exists)",
    )
    fighter_return: str = option(
        "winner",
        choices=("winner", "producer"),
        doc="an intercepting fighter returns to hand if its holder wins the combat and held its "
        "producer (winner), or whenever its holder held its producer (producer)",
    )
    defender_events: str = option(
        "with_weapons",
        choices=("with_weapons", "alone"),
        doc="a defending player follows the attacker's limits: events only together with a "
        "weapon (with_weapons), or may defend with events alone (alone)",
    )
    attack_open_cards: str = option(
        "face_down",
        choices=("face_down", "face_up"),
        doc="the attacker's cards are all placed face down, only their number known "
        "(face_down), or open cards are shown face up as they are added (face_up)",
    )
    first_player: str = option(
        "random", choices=("random", "seat1"), doc="who takes the first turn (ruling)"
    )
    cards: str | dict[str, Any] = option(  # noqa: RUF009 (a declaration, not a shared default)
        "standard", check=_check_cards,
        doc="the card set: a packaged set's name ('standard', the reconstruction) or custom card "
        "data inline (a mapping laid out like data/cards.toml, e.g. tomllib.load of your copy)",
    )


_M: dict[str, dict[str, str]] = {
    "setup": {"en": "Setup for {players} players: 5 action cards each, then territories.",
              "ja": "{players}人で準備：アクションカードを5枚ずつ配り、領地を配ります。"},
    "deal_partisan": {
        "en": "A {card} was dealt: it is set aside and replaced.",
        "ja": "配られたカードに「{card}」があったので除き、1枚補充します。"},
    "dealt": {"en": "Your hand: {cards}.", "ja": "あなたの手札：{cards}。"},
    "start_territory": {"en": "{seat} starts with {territory} (power {power}).",
                        "ja": "{seat}の最初の領地は{territory}（国力{power}）。"},
    "soviet_siberia": {
        "en": "{seat} starts with the Soviet Union, so Siberia is theirs too "
              "(together national power {total}).",
        "ja": "{seat}はソビエトから始めるのでシベリアも領土になります（合わせて国力{total}）。"},
    "position": {"en": "A position set up by hand: {seat} to act.",
                 "ja": "手で並べた局面：{seat}の手番です。"},
    "first_player": {"en": "{seat} plays first.", "ja": "最初のプレイヤーは{seat}。"},
    "turn": {"en": "— Turn {turn}: {seat} draws a card ({left} left in the draw pile) —",
             "ja": "— 第{turn}手番：{seat}がカードを1枚引きます（山札残り{left}枚）—"},
    "draw": {"en": "You draw {card}.", "ja": "あなたは「{card}」を引きました。"},
    "draw_partisan": {
        "en": "{seat} draws {card}: it is resolved at once and the turn ends.",
        "ja": "{seat}が「{card}」を引きました：ただちに処理し、手番は終了します。"},
    "draw_partisan_extra": {
        "en": "{seat} draws {card} while drawing extra cards: it is resolved (the turn goes on).",
        "ja": "{seat}が追加のドローで「{card}」を引きました：処理します（手番は続きます）。"},
    "partisan_none": {
        "en": "Partisans find nothing to free: {seat} holds no conquered territory.",
        "ja": "パルチザンの効果なし：{seat}は征服した領地を持っていません。"},
    "partisan_uprising": {
        "en": "Partisan uprising: {territory} throws off {seat}'s rule and becomes neutral again.",
        "ja": "パルチザン蜂起：{territory}が{seat}の支配を脱し、中立国に戻りました。"},
    "partisan_empty": {"en": "Partisans: {seat} has no card to lose.",
                       "ja": "パルチザン：{seat}には失う手札がありません。"},
    "partisan_sabotage": {
        "en": "Partisan sabotage: {seat} discards {card} at random.",
        "ja": "パルチザンの破壊工作：{seat}は無作為に「{card}」を捨てます。"},
    "pass": {"en": "{seat} does nothing.", "ja": "{seat}は何もしません。"},
    "discard": {"en": "{seat} discards {card}.", "ja": "{seat}は「{card}」を捨てました。"},
    "must_discard": {
        "en": "{seat} holds more than {limit} cards and must discard {n}.",
        "ja": "{seat}の手札が{limit}枚を超えているので{n}枚捨てます。"},
    "play_event": {"en": "{seat} plays {card}.", "ja": "{seat}が「{card}」を使いました。"},
    "play_event_on_player": {"en": "{seat} plays {card} on {target}.",
                             "ja": "{seat}が{target}に「{card}」を使いました。"},
    "play_event_on_territory": {"en": "{seat} plays {card} on {territory}.",
                                "ja": "{seat}が{territory}に「{card}」を使いました。"},
    "pile_empty_draw": {"en": "The draw pile is empty: no more cards to draw.",
                        "ja": "山札が尽きたので、これ以上引けません。"},
    "spy_took": {"en": "{seat} takes {card} from {target}'s hand.",
                 "ja": "{seat}は{target}の手札から「{card}」を奪いました。"},
    "spy_took_public": {"en": "{seat} takes a card at random from {target}'s hand.",
                        "ja": "{seat}は{target}の手札から無作為に1枚奪いました。"},
    "diplomacy_ok": {
        "en": "The die shows {face} (needs {faces}): {territory} joins {seat} without combat.",
        "ja": "サイコロは{face}（成功は{faces}）：{territory}は戦わずに{seat}の領土になりました。"},
    "diplomacy_fail": {
        "en": "The die shows {face} (needs {faces}): {territory} stays neutral.",
        "ja": "サイコロは{face}（成功は{faces}）：{territory}は中立のままです。"},
    "invade": {"en": "{seat} invades {target} by {route} from {origin}.",
               "ja": "{seat}が{origin}から{route}で{target}に侵略します。"},
    "invade_revolutionary": {
        "en": "{seat}, a revolutionary, invades {target} by {route} from wherever they choose.",
        "ja": "革命家の{seat}が任意の隣接地から{route}で{target}に侵略します。"},
    "vs_neutral": {
        "en": "{target} is neutral: it will draw {power} cards (its national power) to defend.",
        "ja": "{target}は中立国：国力と同じ{power}枚のカードを引いて防衛します。"},
    "vs_player": {"en": "{target} belongs to {defender}, who may defend with cards.",
                  "ja": "{target}は{defender}の領土：{defender}はカードで防衛できます。"},
    "add_open": {"en": "{seat} adds {card} face up: an open card (card {n}).",
                 "ja": "{seat}がオープンカード「{card}」を表向きで出しました（{n}枚目）。"},
    "commit": {"en": "{seat} commits {n} cards face down.",
               "ja": "{seat}は{n}枚のカードを裏向きに出して侵略します。"},
    "commit_open": {"en": "{seat} commits {n} cards (face down, except open cards).",
                    "ja": "{seat}は{n}枚のカードで侵略します（オープンカード以外は裏向き）。"},
    "commit_private": {"en": "Your attack: {cards}.", "ja": "あなたの侵略カード：{cards}。"},
    "defend": {"en": "{seat} defends with {n} cards: {cards}.",
               "ja": "{seat}は{n}枚で防衛します：{cards}。"},
    "reveal": {"en": "{seat}'s attack is revealed: {cards}.",
               "ja": "{seat}の侵略カードを公開：{cards}。"},
    "may_intercept": {"en": "{seat} may intercept the {card} with a fighter.",
                      "ja": "{seat}は戦闘機で「{card}」を迎撃できます。"},
    "no_intercept": {"en": "{seat} does not intercept the {card}.",
                     "ja": "{seat}は「{card}」を迎撃しません。"},
    "intercept": {"en": "{seat} intercepts the {bomb} with {card}: the die shows {face} "
                        "(needs {strength} or less).",
                  "ja": "{seat}が「{card}」で「{bomb}」を迎撃："
                        "サイコロは{face}（{strength}以下で成功）。"},
    "intercept_ok": {"en": "Shot down ({face} ≤ {strength}): the {bomb} adds nothing.",
                     "ja": "迎撃成功（{face} ≤ {strength}）：「{bomb}」の効果は無効です。"},
    "intercept_fail": {"en": "The interception fails ({face} > {strength}): the {bomb} counts.",
                       "ja": "迎撃失敗（{face} > {strength}）：「{bomb}」は有効です。"},
    "reshuffle": {"en": "The draw pile ran short: the discards are shuffled into a new pile "
                        "({n} cards).",
                  "ja": "山札が足りないので捨て札をシャッフルして新しい山札にします（{n}枚）。"},
    "neutral_short": {"en": "No cards left: the neutral defends with only {n} of {power} cards.",
                      "ja": "カードが尽きたので、中立国は{power}枚中{n}枚だけで防衛します。"},
    "neutral_draw": {"en": "{target} (power {power}) draws: {cards}.",
                     "ja": "{target}（国力{power}）が引いたカード：{cards}。"},
    "neutral_removed": {
        "en": "Removed from the neutral's defence (open cards and events do not count): {cards}.",
        "ja": "オープンカードとイベントカードは除去（中立国の戦力になりません）：{cards}。"},
    "roll": {"en": "{seat} rolls for {card}: {face} → strength {value}.",
             "ja": "{seat}が「{card}」のサイコロを振りました：{face} → 戦力{value}。"},
    "right_hand_rolls": {
        "en": "The neutral's dice are rolled by {seat}, the player on {attacker}'s right.",
        "ja": "中立国のサイコロは{attacker}の右側のプレイヤー、{seat}が振ります。"},
    "neutral_navy_zero": {
        "en": "{card} counts 0: the invasion came by land, and a neutral's navy cannot fight "
              "on land.",
        "ja": "「{card}」は戦力0：陸からの侵攻なので中立国の海軍カードは0として扱います。"},
    "combat_won": {"en": "{seat} wins {a} to {d} against {defender}: {target} is taken.",
                   "ja": "{seat}が{a}対{d}で{defender}に勝利：{target}を奪いました。"},
    "combat_lost": {"en": "{seat} loses {a} to {d} against {defender}.",
                    "ja": "{seat}は{a}対{d}で{defender}に敗北しました。"},
    "combat_tie": {"en": "{a} to {d}: a tie, and a tie is a defeat for the invader {seat}.",
                   "ja": "{a}対{d}の同点：同点は侵略側（{seat}）の敗北です。"},
    "atomic_used": {
        "en": "{seat} used the {card}: at the end their national power will be halved.",
        "ja": "{seat}は「{card}」を使用：ゲーム終了時に国力が半分になります。"},
    "returned": {
        "en": "{card} goes back to {seat}'s hand: it was made in {producer}, which {seat} "
              "held before this combat.",
        "ja": "「{card}」は{seat}の手札に戻ります："
              "生産国{producer}をこの戦闘の前から領有していたため。"},
    "loser_discards": {
        "en": "All of {seat}'s combat cards are discarded: only the winner takes weapons back.",
        "ja": "{seat}の戦闘カードは全て捨て札：兵器を回収できるのは勝者だけです。"},
    "fighter_back": {
        "en": "The intercepting {card} goes back to {seat}'s hand (made in {producer}, "
              "held before this combat).",
        "ja": "迎撃した「{card}」は{seat}の手札に戻ります（生産国{producer}を戦闘前から領有）。"},
    "not_yet_producer": {
        "en": "Weapons made in {target} are not taken back: a territory taken in this very "
              "invasion does not count.",
        "ja": "{target}製の兵器は回収できません：今回の侵攻で奪った領地は回収の対象外です。"},
    "revolutionary": {
        "en": "{seat} has lost every territory and becomes a revolutionary: they may invade "
              "any territory from anywhere next to it.",
        "ja": "{seat}は全ての領土を失い革命家になりました："
              "どの領地にも、隣接するどこからでも侵略できます。"},
    "game_over": {"en": "The last card has been drawn: the game is over. Winner: {winners}.",
                  "ja": "最後の山札が引かれ、ゲーム終了。勝者：{winners}。"},
    "atomic_halved": {"en": "{seat} used the atomic bomb: national power halved to {score}.",
                      "ja": "{seat}は原子爆弾を使用したので国力が半分の{score}になります。"},
    "score": {"en": "{seat}: national power {score}.", "ja": "{seat}：国力{score}。"},
}

_REFUSALS: dict[str, dict[str, str]] = {
    "no_invade_now": {"en": "{action}: invasions are chosen as the turn's action, now: {phase}",
                      "ja": "{action}：侵略は手番の行動として選びます（今は{phase}）"},
    "no_territory": {"en": "{action}: there is no territory '{target}'",
                     "ja": "{action}：「{target}」という領地はありません"},
    "already_held": {"en": "{action}: you already hold {target}",
                     "ja": "{action}：{target}はすでにあなたの領土です"},
    "no_route": {"en": "{action}: the route is land or sea, not '{route}'",
                 "ja": "{action}：経路は陸路か海路です（「{route}」ではありません）"},
    "not_linked": {"en": "{action}: {target} is not linked by {route} to any territory you hold",
                   "ja": "{action}：{target}はあなたの領土と{route}で繋がっていません"},
    "needs_sea_card": {"en": "{action}: a sea invasion needs a navy or air card in your hand",
                       "ja": "{action}：海からの侵略には手札に海軍か空軍のカードが必要です"},
    "needs_land_card": {"en": "{action}: a land invasion needs a land or air weapon in your hand",
                        "ja": "{action}：陸からの侵略には手札に陸軍か空軍の兵器が必要です"},
    "no_add_now": {"en": "{action}: cards are added only while choosing combat cards",
                   "ja": "{action}：カードを出せるのは戦闘のカードを選んでいる間だけです"},
    "not_in_hand": {"en": "{action}: {card} is not in your hand",
                    "ja": "{action}：「{card}」は手札にありません"},
    "cannot_add": {"en": "{action}: a land invasion may not use navy cards, only events used "
                         "with weapons may join a combat, and a defence of events needs a weapon",
                   "ja": "{action}：陸からの侵略に海軍は使えず、戦闘に出せるイベントは兵器と共に"
                         "使用するものだけで、イベントで防衛するには兵器も必要です"},
    "no_commit_now": {"en": "{action}: you are not choosing attack cards",
                      "ja": "{action}：今は侵略カードを選んでいません"},
    "commit_sea": {"en": "{action}: an attack needs a weapon, and over the sea a navy or air card",
                   "ja": "{action}：侵略には兵器が必要で、海からは海軍か空軍のカードが必要です"},
    "commit_land": {"en": "{action}: an attack needs at least one weapon card",
                    "ja": "{action}：侵略には兵器カードが1枚以上必要です"},
    "no_defend_now": {"en": "{action}: you are not choosing defence cards",
                      "ja": "{action}：今は防衛カードを選んでいません"},
    "defend_needs_weapon": {
        "en": "{action}: events go only together with a weapon; add a weapon or no card at all",
        "ja": "{action}：イベントは兵器と共にしか出せません。兵器を加えるか、カードを出さずに"
              "防衛してください"},
    "no_discard_now": {"en": "{action}: you discard only when your hand is over the limit",
                       "ja": "{action}：捨てるのは手札が上限を超えたときだけです"},
    "no_event_now": {"en": "{action}: events that stand alone are played as the turn's action",
                     "ja": "{action}：単独で使うイベントは手番の行動として使います"},
    "no_such_event": {"en": "{action}: you have no such event or its target is not allowed",
                      "ja": "{action}：そのイベントが手札にないか、その対象には使えません"},
    "no_bombing": {"en": "{action}: no strategic bombing is waiting for an answer",
                   "ja": "{action}：迎撃を待っている戦略爆撃はありません"},
    "no_fighter": {"en": "{action}: you have no such fighter in hand",
                   "ja": "{action}：その戦闘機は手札にありません"},
    "no_pass_now": {"en": "{action}: doing nothing is a choice of the turn's action, now: {phase}",
                    "ja": "{action}：「何もしない」は手番の行動の選択肢です（今は{phase}）"},
    "not_legal_phase": {"en": "{action} is not a legal action now ({phase})",
                        "ja": "{action}は今は選べません（{phase}）"},
}

_LABELS: dict[str, dict[str, str]] = {
    "label_invade": {"en": "invade {target} by {route}", "ja": "{target}に{route}で侵略"},
    "label_play": {"en": "play {card}", "ja": "「{card}」を使う"},
    "label_play_player": {"en": "play {card} on player {n}",
                          "ja": "「{card}」をプレイヤー{n}に使う"},
    "label_play_territory": {"en": "play {card} on {territory}",
                             "ja": "「{card}」を{territory}に使う"},
    "label_pass": {"en": "do nothing", "ja": "何もしない"},
    "label_add": {"en": "add {card}", "ja": "「{card}」を出す"},
    "label_commit": {"en": "commit", "ja": "侵略カード確定"},
    "label_defend": {"en": "defend", "ja": "防衛カード確定"},
    "label_intercept": {"en": "intercept with {card}", "ja": "「{card}」で迎撃"},
    "label_no_intercept": {"en": "no interception", "ja": "迎撃しない"},
    "label_discard": {"en": "discard {card}", "ja": "「{card}」を捨てる"},
}

MESSAGES = Catalog({**_M, **_REFUSALS, **_LABELS}, name="rekkyo")
"""Every log message of 列強の興亡 in English and Japanese."""


class _Memo(dict):  # type: ignore[type-arg]
    """A cache that pickles (and deep-copies) empty: what it holds is derived data only, so a
    digest of a game or a state never depends on what was looked up before."""

    def __reduce__(self) -> tuple[Any, ...]:
        return (_Memo, ())


MEMO_SIZE = 4096
"""Entries a :class:`_Memo` of a game keeps before it starts over (bounded memory)."""


@dataclass(frozen=True)
class CardTables:
    """Card ids by role, from :mod:`gamelib.rekkyo.combat` (for cheap legal actions).

    ``addable[route]``: may join a combat over ``route``; ``openers[route]``: a weapon that makes
    an attack over ``route`` committable (any non-navy weapon by land, navy or air by sea);
    ``weapons``: every weapon; ``partisans``, ``fighters``, ``open_cards``, ``alone_events``:
    card ids of those roles; ``deck``, ``start_order``: as in :class:`CardSet`;
    ``neutral_counting``: cards that stay in a neutral's defence; ``halves_score``: atomic
    bombs; ``dice``: cards that roll a die; ``producer``: each weapon's 生産国, ``producers``
    the territories producing one; ``fixed_value[route, neutral]``: each card's
    value when no die is rolled for it (``card_value(card, face=1, ...)``), ``rolling[route,
    neutral]`` the cards that roll their die there; ``navies``: the navy weapons; ``card_names``,
    ``territory_names``: the names by id; ``targets``: a memo of invasion targets, invasions
    and the territories held in card-file order by the set of territories held, ``reach`` the
    same by seat and holders (see ``RekkyoState._reach``). The
    game's cached ``card_tables`` hold them.
    """

    addable: Mapping[str, frozenset[str]]
    openers: Mapping[str, frozenset[str]]
    weapons: frozenset[str]
    partisans: frozenset[str] = frozenset()
    fighters: frozenset[str] = frozenset()
    open_cards: frozenset[str] = frozenset()
    alone_events: frozenset[str] = frozenset()
    deck: tuple[str, ...] = ()
    start_order: tuple[str, ...] = ()
    neutral_counting: frozenset[str] = frozenset()
    halves_score: frozenset[str] = frozenset()
    dice: frozenset[str] = frozenset()
    producer: Mapping[str, str] = field(default_factory=dict)
    producers: frozenset[str] = frozenset()
    fixed_value: Mapping[tuple[str, bool], Mapping[str, int]] = field(default_factory=dict)
    rolling: Mapping[tuple[str, bool], frozenset[str]] = field(default_factory=dict)
    navies: frozenset[str] = frozenset()
    card_names: Mapping[str, Term] = field(default_factory=dict)
    territory_names: Mapping[str, Term] = field(default_factory=dict)
    targets: dict[frozenset[str], tuple[tuple[Any, ...], ...]] = field(
        default_factory=_Memo, compare=False, repr=False)
    reach: dict[tuple[int | None, ...], tuple[tuple[Any, ...], ...]] = field(
        default_factory=_Memo, compare=False, repr=False)

    @classmethod
    def of(cls, cards: CardSet) -> CardTables:
        """The tables of a card set."""
        from gamelib.rekkyo.combat import (
            can_add_to_attack,
            can_commit,
            card_value,
            neutral_counts,
        )

        ids = cards.card_by_id
        return cls(
            addable={r: frozenset(c for c in ids if can_add_to_attack(cards.card(c), r))
                     for r in ("land", "sea")},
            openers={r: frozenset(c for c in ids if can_add_to_attack(cards.card(c), r)
                                  and can_commit([cards.card(c)], r)) for r in ("land", "sea")},
            weapons=frozenset(c for c in ids if isinstance(cards.card(c), WeaponCard)),
            partisans=frozenset(c for c, card in ids.items()
                                if isinstance(card, EventCard) and card.kind == "partisan"),
            fighters=frozenset(c for c, card in ids.items() if card.fighter),
            open_cards=frozenset(c for c, card in ids.items() if card.open),
            alone_events=frozenset(c for c, card in ids.items()
                                   if isinstance(card, EventCard) and card.use == "alone"),
            deck=cards.deck,
            start_order=cards.start_order,
            neutral_counting=frozenset(c for c, card in ids.items() if neutral_counts(card)),
            halves_score=frozenset(c for c, card in ids.items()
                                   if isinstance(card, EventCard) and card.halves_score),
            dice=frozenset(c for c, card in ids.items() if card.die is not None),
            producer={c: card.producer for c, card in ids.items()
                      if isinstance(card, WeaponCard)},
            producers=frozenset(card.producer for card in ids.values()
                                if isinstance(card, WeaponCard)),
            fixed_value={(r, n): {c: card_value(card, face=1, route=r, neutral=n)
                                  for c, card in ids.items()}
                         for r in ("land", "sea") for n in (False, True)},
            rolling={(r, n): frozenset(c for c, card in ids.items() if card.die is not None and (
                         not n or card.kind != "navy" or r != "land"))
                     for r in ("land", "sea") for n in (False, True)},
            navies=frozenset(c for c, card in ids.items()
                             if isinstance(card, WeaponCard) and card.kind == "navy"),
            card_names={c: card.name for c, card in ids.items()},
            territory_names={t.id: t.name for t in cards.territories},
        )


class RekkyoGame(Game["RekkyoState"]):
    """列強の興亡: a 2–7 player WWII card game of invading neutral and rival territories."""

    id = "rekkyo"
    title = Term("Rise and Fall of the Great Powers", "列強の興亡")
    options_type = RekkyoOptions
    messages = MESSAGES
    options: RekkyoOptions

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the options only: every cached table is derived from them, so a digest of a
        state never depends on which tables were looked up before (nor carries them)."""
        return {"options": self.options}

    @functools.cached_property
    def cards(self) -> CardSet:
        """The card set this game uses (validated)."""
        return card_set_of(self.options.cards)

    def action_terms(self, action: object) -> Term:
        """An action named in both languages: English is its text (ids), Japanese names the
        cards and territories (both parse back through :meth:`parse_action`)."""
        from gamelib.rekkyo import actions as act

        cards = self.cards

        def card(cid: str) -> Term | str:
            return cards.card(cid).name if cid in cards.card_by_id else cid

        def territory(tid: str) -> Term | str:
            return cards.territory(tid).name if tid in cards.territory_by_id else tid

        m = self.messages
        if isinstance(action, act.Invade):
            route = {"land": Term("land", "陸路"), "sea": Term("sea", "海路")}.get(
                action.route, action.route)
            ja = m.format("label_invade", "ja", target=territory(action.target), route=route)
        elif isinstance(action, act.PlayEvent):
            if action.player is not None:
                ja = m.format("label_play_player", "ja", card=card(action.card),
                              n=action.player + 1)
            elif action.territory is not None:
                ja = m.format("label_play_territory", "ja", card=card(action.card),
                              territory=territory(action.territory))
            else:
                ja = m.format("label_play", "ja", card=card(action.card))
        elif isinstance(action, (act.AddCard, act.Intercept, act.Discard)):
            key = {act.AddCard: "label_add", act.Intercept: "label_intercept",
                   act.Discard: "label_discard"}[type(action)]
            ja = m.format(key, "ja", card=card(action.card))
        else:
            key = {act.Pass: "label_pass", act.Commit: "label_commit", act.Defend: "label_defend",
                   act.NoIntercept: "label_no_intercept"}.get(type(action), "")
            ja = m.format(key, "ja") if key else str(action)
        return Term(str(action), ja)

    def action_label(self, action: object, lang: str) -> str:
        """How a player names ``action`` in ``lang``, with card and territory names as printed
        (``add T-34``, ``invade China by land``; ``「T-34」を出す``); parses back in any game."""
        from gamelib.rekkyo import actions as act

        lang = "ja" if lang == "ja" else "en"
        cards = self.cards
        fmt = self.messages.format
        card = getattr(action, "card", None)
        name = cards.card(card).name if card in cards.card_by_id else card
        if isinstance(action, act.Invade):
            target = action.target
            place = (cards.territory(target).name if target in cards.territory_by_id
                     else target)
            route = {"land": Term("land", "陸路"), "sea": Term("sea", "海路")}.get(
                action.route, action.route)
            return fmt("label_invade", lang, target=place, route=route)
        if isinstance(action, act.PlayEvent):
            if action.player is not None:
                return fmt("label_play_player", lang, card=name, n=action.player + 1)
            if action.territory is not None:
                where = action.territory
                place = cards.territory(where).name if where in cards.territory_by_id else where
                return fmt("label_play_territory", lang, card=name, territory=place)
            return fmt("label_play", lang, card=name)
        keys = {act.AddCard: "label_add", act.Intercept: "label_intercept",
                act.Discard: "label_discard", act.Pass: "label_pass", act.Commit: "label_commit",
                act.Defend: "label_defend", act.NoIntercept: "label_no_intercept"}
        key = keys.get(type(action))
        return fmt(key, lang, card=name) if key else str(action)

    @functools.cached_property
    def card_tables(self) -> CardTables:
        """Card ids by what they may do (precomputed from the combat rules)."""
        return CardTables.of(self.cards)

    @functools.cached_property
    def invasion_links(self) -> tuple[tuple[str, str, frozenset[str]], ...]:
        """``(territory, route, linked territories)`` for every route that exists, in card-file
        order, ``land`` before ``sea``."""
        return tuple((t.id, route, frozenset(links)) for t in self.cards.territories
                     for route, links in (("land", t.land), ("sea", t.sea)) if links)

    @functools.cached_property
    def link_tables(self) -> tuple[Any, ...]:
        """The :attr:`invasion_links` entries by index: their ``(territory, route)`` pairs,
        their (shared) ``Invade`` actions, the indices of the land routes, and per territory the
        indices of the entries it opens (it is linked from) and of those into it."""
        from gamelib.rekkyo.state import _invade

        links = self.invasion_links
        ids = [t.id for t in self.cards.territories]
        return (tuple((tid, route) for tid, route, _ in links),
                tuple(_invade(tid, route) for tid, route, _ in links),
                frozenset(i for i, (_, route, _) in enumerate(links) if route == "land"),
                {t: frozenset(i for i, (_, _, via) in enumerate(links) if t in via) for t in ids},
                {t: frozenset(i for i, (tid, _, _) in enumerate(links) if tid == t) for t in ids})

    @functools.cached_property
    def seat_terms(self) -> tuple[Term, ...]:
        """Each seat's name in both languages (the game's language uses its seat names)."""
        names = self.seat_names()
        if self.lang == "ja":
            return tuple(Term(f"Player {p + 1}", names[p]) for p in range(self.players))
        return tuple(Term(names[p], f"プレイヤー{p + 1}") for p in range(self.players))

    @functools.cached_property
    def card_order(self) -> dict[str, int]:
        """Card ids in card-file order (the order of legal actions and views)."""
        return {cid: i for i, cid in enumerate(self.cards.card_by_id)}

    @functools.cached_property
    def territory_order(self) -> dict[str, int]:
        """Territory ids in card-file order."""
        return {t.id: i for i, t in enumerate(self.cards.territories)}

    def _initial_state(self, seed: int, rng: Rng) -> RekkyoState:
        from gamelib.rekkyo.state import RekkyoState

        return RekkyoState(self, seed, rng)

    # -- the search contract (gamelib.rekkyo.search) ----------------------------------------
    def all_actions(self) -> list[Any]:
        """Every action a state can offer, in a fixed order (see :func:`search.all_actions`)."""
        from gamelib.rekkyo import search

        return search.all_actions(self)

    def max_length(self) -> int:
        """``(deck - players × hand limit) × (5 × hand limit + 6)`` for the standard cards:
        turns × steps per turn, derived in :func:`gamelib.rekkyo.search.max_length`."""
        from gamelib.rekkyo import search

        return search.max_length(self)

    def score_bounds(self) -> tuple[float, float]:
        """``(0, all territories' 国力)`` (see :func:`gamelib.rekkyo.search.score_bounds`)."""
        from gamelib.rekkyo import search

        return search.score_bounds(self)

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s list (fixed for these options)."""
        from gamelib.rekkyo import search

        return search.observation_size(self)

    def observe(self, view: Any) -> list[float]:
        """A seat's view as numbers; the layout is :func:`gamelib.rekkyo.search.observe`'s."""
        from gamelib.rekkyo import search

        return search.observe(self, view)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """The game's own bots (from gamelib.rekkyo.bots when present)."""
        try:
            from gamelib.rekkyo import bots as bots_module
        except ImportError:
            return {}
        factory = getattr(bots_module, "BOTS", None)
        return dict(factory) if isinstance(factory, Mapping) else {}

    def search_settings(self) -> Mapping[str, Any]:
        """``ismcts:tuned``: :data:`gamelib.rekkyo.search.SEARCH_SETTINGS`."""
        from gamelib.rekkyo import search

        return search.SEARCH_SETTINGS
