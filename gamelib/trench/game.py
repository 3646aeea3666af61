"""毒ガス塹壕戦 第三版: the game object and its options (rulings where tables differ); its messages
are in :mod:`gamelib.trench.messages`.

>>> import gamelib
>>> game = gamelib.load("trench", players=2)
>>> state = game.new_state(seed=1)

Rulings (A numbers of the research) are documented in docs/rules/trench.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from gamelib.core import Bot, Game, Options, Rng, Term, View, option
from gamelib.core.errors import OptionError
from gamelib.trench import search
from gamelib.trench.actions import TrenchAction, label
from gamelib.trench.messages import MESSAGES
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
