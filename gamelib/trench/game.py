"""毒ガス塹壕戦 第三版: the game object, its options (rulings where tables differ) and messages.

>>> import gamelib
>>> game = gamelib.load("trench", players=2)
>>> state = game.new_state(seed=1)

Rulings (A numbers of the research) are documented in docs/rules/trench.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gamelib.core import Bot, Catalog, Game, Options, Rng, Term, View, option
from gamelib.core.errors import OptionError
from gamelib.trench import search
from gamelib.trench.actions import TrenchAction, label
from gamelib.trench.state import TrenchState
from gamelib.trench.view import TrenchView

__all__ = ["MESSAGES", "TrenchGame", "TrenchOptions"]


@dataclass(frozen=True)
class TrenchOptions(Options):
    """Options of 毒ガス塹壕戦: players, beginner mode and the rulings tables may vary."""

    players: int = option(2, choices=range(2, 5), doc="number of players (2 to 4)")
    beginner: bool = option(
        False, doc="beginner mode (R13.1, A83): 2 soldiers, gun + bomb, no gas, masks, drugs, "
        "wind, Equip or Interrupt; judgement at 3/4/6 deaths",
    )
    bomb_uses: int = option(2, choices=(1, 2), doc="bomb tokens per bomb tile (A2)")
    wind_towards: bool = option(
        True, doc="a wind card 北 sends gas towards the north edge (A18); False: from the north",
    )
    same_wind: str = option(
        "previous", choices=("previous", "calm"),
        doc="同風 (A19): previous = last round's wind continues; calm = gas stays",
    )
    corpse_vp: str = option(
        "always", choices=("always", "judgement_only"),
        doc="held enemy corpses (A75): always = +1 VP each; judgement_only = tie-break only",
    )
    setup_food: int = option(3, choices=range(0, 4), doc="neutral food in the cube phase (A5)")
    centre_drug: bool = option(True, doc="one neutral drug on d4 at set-up (A6)")
    relief: bool = option(
        True, doc="relief transfer (R10.2, A73): the dead soldier's owner may save one item",
    )
    interrupt_timing: str = option(
        "phase4", choices=("phase4", "boundary"),
        doc="割込み (A22): phase4 = revealed before the first turn; boundary = declared before "
        "any later turn (the card returns to hand if never declared)",
    )
    open_teams: bool = option(
        False, doc="open team game (R13.5, A84), 4 players: S+W against N+E, pooled VP, 3 wins",
    )
    hidden_teams: bool = option(
        False, doc="hidden-team game (R13.4, A85), 4 players: secret teams of two, no exit "
        "scoring, every kill scores for the victim's opponents, pooled VP, 3 wins",
    )
    civilians: bool = option(
        False, doc="civilians and a village (R13.2, A42, A79, A86): 2 civilians and a village "
        "cube placed in the cube phase, moved or turned by anyone; killing one or destroying "
        "the village costs 1 VP or a round (R12.6)",
    )
    guerrillas: bool = option(
        False, doc="peasant guerrillas (R13.3, A87), needs civilians=True: civilians also fire "
        "a weapon of one of the acting player's soldiers and dig in place; killing one costs "
        "no penalty",
    )


MESSAGES = Catalog(
    {
        "setup": {"en": "New game: {n} players, {per} soldiers each.",
                  "ja": "新しいゲーム：{n}人、各{per}体。"},
        "arm": {"en": "{name} arms S1..: {w}", "ja": "{name}の武器配分：{w}"},
        "land": {"en": "{name} lands S{s} at {cell}", "ja": "{name}が兵{s}を{cell}に上陸させる"},
        "shield": {"en": "A shield cube is placed on {cell}", "ja": "遮蔽物の立方体を{cell}に置く"},
        "base": {"en": "{name} builds the base on {cell}", "ja": "{name}が基地を{cell}に置く"},
        "place": {"en": "{name} places {what} on {cell}", "ja": "{name}が{what}を{cell}に置く"},
        "pass": {"en": "{name} passes", "ja": "{name}はパス"},
        "round": {"en": "Round {r} ({day}); start player {start}; wind: {wind}",
                  "ja": "第{r}巡（{day}）スタートプレイヤー {start}、風：{wind}"},
        "plot": {"en": "{name} plots {k} card(s) face down", "ja": "{name}が{k}枚伏せて提出"},
        "plot_own": {"en": "Your plot: {cards}", "ja": "あなたのプロット：{cards}"},
        "no_cards": {"en": "{name} has no card to plot and sits this round out",
                     "ja": "{name}は提出できる札がなく、この巡は休み"},
        "interrupt": {"en": "{name} interrupts (pays a drug) and acts first",
                      "ja": "{name}が割込み（薬物消費）、先に行動"},
        "turn": {"en": "{name}'s turn", "ja": "{name}の手番"},
        "reveal": {"en": "{name} reveals {card}", "ja": "{name}が{card}をめくる"},
        "no_effect": {"en": "{card} has no legal use: no effect",
                  "ja": "{card}は実行不能：効果なし"},
        "act": {"en": "{name}: {text}", "ja": "{name}：{text}"},
        "camp": {"en": "{name} camps and takes back {k} card(s)",
                 "ja": "{name}が野営し{k}枚回収"},
        "ship_gone": {"en": "{name}'s S{s} leaves the landing ship (removed)",
                      "ja": "{name}の兵{s}が上陸船を離れる（除外）"},
        "exit": {"en": "{name}'s S{s} breaks through beyond the far edge",
                 "ja": "{name}の兵{s}が敵陣突破"},
        "base_gone": {"en": "{name}'s base is destroyed by {by}", "ja": "{by}が{name}の基地を破壊"},
        "cube_shot": {"en": "A cube on {cell} is shot away", "ja": "{cell}の立方体が銃撃で破壊"},
        "gas_fired": {"en": "{name} releases poison gas on {cell}",
                      "ja": "{name}が{cell}に毒ガス発射"},
        "gas_off": {"en": "{name}'s gas drifts off the board", "ja": "{name}の毒ガスが盤外へ消滅"},
        "bomb": {"en": "{name}'s bomb bursts on {cell}", "ja": "{name}の爆弾が{cell}で炸裂"},
        "bounce": {"en": "{name} turns the gas {d}", "ja": "{name}が毒ガスを{d}へ反射"},
        "bonus": {"en": "{name} empties the machine gun: +1 VP",
                  "ja": "{name}が破壊王ボーナス＋1点"},
        "death": {"en": "{name}'s S{s} is killed by {cause}", "ja": "{name}の兵{s}が{cause}で死亡"},
        "relief": {"en": "{name} saves {what} from the corpse for S{s}",
                   "ja": "{name}が遺体から{what}を兵{s}に託す"},
        "no_relief": {"en": "{name} saves nothing from the corpse",
                      "ja": "{name}は遺品を回収しない"},
        "penalty": {"en": "{name}'s S{s} loses {what} (sinking penalty)",
                    "ja": "{name}の兵{s}が{what}を失う（沈没ペナルティ）"},
        "hand_on": {"en": "{name} hands {what} on to S{s}", "ja": "{name}が{what}を兵{s}に託す"},
        "give": {"en": "{name}'s S{s} gives {what} to S{to}",
                 "ja": "{name}の兵{s}が{what}を兵{to}に渡す"},
        "give_ally": {"en": "{name}'s S{s} gives {what} to the ally on {cell}",
                      "ja": "{name}の兵{s}が{what}を{cell}の味方に渡す"},
        "intr_back": {"en": "{name} did not interrupt; the card goes back to hand",
                      "ja": "{name}は割込まず、札は手札に戻る"},
        "sink": {"en": "{name}'s S{s} sinks with the landing ship",
                 "ja": "{name}の兵{s}が上陸船と沈没"},
        "loot": {"en": "{name}'s S{s} takes {dead}'s corpse and feasts",
                 "ja": "{name}の兵{s}が{dead}の遺体を確保、人肉晩餐"},
        "mask_used": {"en": "{name}'s S{s} survives the gas; the mask is used up",
                      "ja": "{name}の兵{s}はガスマスクで助かる（マスク消費）"},
        "winner": {"en": "{name} wins by {why}", "ja": "{name}の勝利（{why}）"},
        "civ_death": {"en": "Civilian C{k} on {cell} is killed by {cause}",
                      "ja": "{cell}の民間人{k}が{cause}で死亡"},
        "village_gone": {"en": "The village on {cell} is destroyed ({name} takes the penalty)",
                         "ja": "{cell}の民間人集落が破壊された（{name}がペナルティ）"},
        "civpen_vp": {"en": "{name} loses 1 VP (civilian penalty, R12.6)",
                      "ja": "{name}は減点1点（民間人ペナルティ R12.6）"},
        "civpen_skip": {"en": "{name} will sit out the next round (civilian penalty, R12.6)",
                        "ja": "{name}は次の巡を1回休み（民間人ペナルティ R12.6）"},
        "civ_skip_turn": {
            "en": "{name} skips this turn (civilian penalty); the plot goes back to hand",
            "ja": "{name}はこの手番は1回休み（民間人ペナルティ）、札は手札に戻る",
        },
        "civ_skip": {"en": "{name} sits this round out (civilian penalty)",
                     "ja": "{name}はこの巡は1回休み（民間人ペナルティ）"},
        "team_dealt": {"en": "Your secret team: {team}", "ja": "あなたの秘密のチーム：{team}"},
        # refusals
        "bad_action": {"en": "{text} is not a trench action", "ja": "{text}は塹壕戦の行動ではない"},
        "need_bounce": {"en": "the gas owner must first choose its side: {sides} (R8.3)",
                        "ja": "まず毒ガスの反射方向を選ぶ：{sides} (R8.3)"},
        "wrong_phase": {"en": "now is {phase}", "ja": "今は{phase}"},
        "need_decision": {"en": "{name} must first decide: {what}",
                          "ja": "まず{name}が決める：{what}"},
        "plot_cards": {"en": "{text}: you can plot only 1–2 cards in your hand (R5.3, R7.8.1)",
                       "ja": "{text}：手札の1～2枚だけ提出できる (R5.3, R7.8.1)"},
        "setup_place": {"en": "{text}: that place is not allowed now (R4.5–R4.8)",
                        "ja": "{text}：そこには置けない (R4.5–R4.8)"},
        "no_soldier": {"en": "you have no soldier S{s} in play", "ja": "兵{s}は場にいない"},
        "no_civilian": {"en": "there is no civilian C{k} on the board (R13.2)",
                        "ja": "民間人{k}は盤上にいない (R13.2)"},
        "card_is": {"en": "your revealed card is {card}; you must use it (R6.4)",
                    "ja": "めくった札は{card}、その行動しかできない (R6.4)"},
        "same_category": {"en": "{who} cannot do {card} twice in a row (R6.8)",
                          "ja": "{who}は{card}を続けてできない (R6.8)"},
        "dashed": {"en": "{who} dashed and cannot act again this turn (R6.9)",
                   "ja": "{who}はダッシュしたのでこの手番はもう行動不可 (R6.9)"},
        "masked": {"en": "S{s} wears a gas mask: no dash, build, collect or equip (R7.6.2)",
                   "ja": "兵{s}はガスマスク着用中：走行・建築・回収・装備不可 (R7.6.2)"},
        "rule_forbids": {"en": "{text} is against {rule}", "ja": "{text}は{rule}により不可"},
        "not_now": {"en": "{text} is not possible now", "ja": "{text}は今はできない"},
    },
    name="trench",
)


class TrenchGame(Game[TrenchState]):
    """毒ガス塹壕戦 第三版."""

    id = "trench"
    title = Term("Poison Gas Trench Warfare (3rd ed.)", "毒ガス塹壕戦 第三版")
    options_type = TrenchOptions
    messages = MESSAGES

    def __init__(self, options: Options) -> None:
        o = options
        lang = getattr(o, "lang", "en")
        if getattr(o, "guerrillas", False) and not getattr(o, "civilians", False):
            raise OptionError(
                "option 'guerrillas' for trench needs civilians=True (R13.3: the peasant "
                "guerrillas are the civilians of R13.2)",
                "trench のオプション 'guerrillas' は civilians=True が必要です"
                "(R13.3 農民ゲリラは R13.2 の民間人)",
                lang=lang,
            )
        teams = [k for k in ("open_teams", "hidden_teams") if getattr(o, k, False)]
        if len(teams) == 2:
            raise OptionError("options 'open_teams' and 'hidden_teams' for trench exclude each "
                              "other (R13.4, R13.5)",
                              "trench のオプション 'open_teams' と 'hidden_teams' は"
                              "同時に使えません(R13.4、R13.5)", lang=lang)
        if teams and getattr(o, "players", 2) != 4:
            players = getattr(o, "players", None)
            raise OptionError(f"option {teams[0]!r} for trench needs players=4, "
                              f"not {players!r} (R13.4, R13.5)",
                              f"trench のオプション {teams[0]!r} は players=4 が必要です"
                              f"({players!r} は使えません。R13.4、R13.5)", lang=lang)
        super().__init__(options)

    def _initial_state(self, seed: int, rng: Rng) -> TrenchState:
        return TrenchState(self, seed, rng)

    def action_label(self, action: Any, lang: str) -> str:
        """English text or the Japanese label of an action."""
        return label(action, lang) if isinstance(action, TrenchAction) else str(action)

    # -- the search contract (issue 11): gamelib/trench/search.py
    def all_actions(self) -> list[TrenchAction]:
        """Every action of these options, in an order built from the rule tables (ids)."""
        return search.all_actions(self._opts())

    def max_length(self) -> int:
        """A bound on any game's steps, derived from the rules (:func:`search.max_length`)."""
        return search.max_length(self._opts())

    def score_bounds(self) -> tuple[float, float]:
        """0 to every VP the game can make (:func:`search.score_bounds`)."""
        return search.score_bounds(self._opts())

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s list."""
        return search.observation_size(self._opts())

    def observe(self, view: View) -> list[float]:
        """A seat's view as numbers (layout: :func:`search.observe`)."""
        if not isinstance(view, TrenchView) or view.viewer is None:
            raise ValueError("observe takes a seat's TrenchView (not the teacher's)")
        return search.observe(self._opts(), view)

    def _opts(self) -> TrenchOptions:
        o = self.options
        assert isinstance(o, TrenchOptions)
        return o

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """The heuristic bot."""
        from gamelib.trench.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    def search_settings(self) -> Mapping[str, Any]:
        """``ismcts:tuned``: :data:`gamelib.trench.search.SEARCH_SETTINGS`."""
        return search.SEARCH_SETTINGS
