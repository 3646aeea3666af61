"""Powers (ver.2 and its later revisions): the game object and its options.

>>> import gamelib
>>> game = gamelib.load("powers", players=3, rules="magazine", blitzkrieg=True)
>>> state = game.new_state(seed=1)

Rule sets (option ``rules``): ``base`` (ver.2), ``magazine`` (雑誌2月号の付録: priority order,
reorganisation phase, pair/straight defence, Joker extra cost, adjusted costs) and ``refill`` (the
last revision: refills as cards are played, no reorganisation phase). ``blitzkrieg`` (電撃戦)
adds to any of them. The other options are rulings; see docs/rules/powers.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from gamelib.core import Bot, Game, IllegalAction, Options, Rng, Term, View, option
from gamelib.powers import search
from gamelib.powers.actions import PowersAction, action_label, parse_action
from gamelib.powers.data import HOME_LETTER_ORDERS
from gamelib.powers.messages import MESSAGES
from gamelib.powers.view import PowersView

if TYPE_CHECKING:
    from gamelib.powers.state import PowersState

__all__ = ["PowersGame", "PowersOptions"]


@dataclass(frozen=True)
class PowersOptions(Options):
    """Options of Powers: players, rule set, 電撃戦, and the rulings that tables may vary."""

    players: int = option(2, choices=range(2, 6), doc="number of players (2 to 5)")
    rules: str = option(
        "base",
        choices=("base", "magazine", "refill"),
        doc="rule set: base (ver.2), magazine (雑誌2月号の付録), refill (last revision)",
    )
    blitzkrieg: bool = option(
        False, doc="電撃戦 variant (Kings removed, 4 disarmament, home countries), any rule set"
    )
    lead_ace: int = option(
        1, choices=(1, 14), doc="strength of an Ace played first in an invasion (ruling)"
    )
    uncontested: str = option(
        "wins",
        choices=("wins", "must_play"),
        doc="when all others fold, the last player wins the right (wins) or must still play "
        "a card, and if they fold too nobody takes the country (must_play)",
    )
    magazine_costs_final: bool = option(
        True, doc="magazine cost table already includes the 2–3 player reduction (ruling)"
    )
    initiative_draw: bool = option(
        True, doc="magazine rules: draw country cards for the first initiative (ruling)"
    )
    refill_count: str = option(
        "unrefilled",
        choices=("unrefilled", "all"),
        doc="refill rules' 捨てた分の補充: refill only cards not yet refilled, or all discarded",
    )
    home_letters: str = option(
        "priority",
        choices=HOME_LETTER_ORDERS,
        doc="電撃戦 home letters A–N: in the magazine's priority order (Switzerland A) or in "
        "the printed round-card list order (USA A) (ruling)",
    )


class PowersGame(Game["PowersState"]):
    """Powers: a 2–5 player world-conquest game with a playing-card deck and 23 round cards."""

    id = "powers"
    title = Term("Powers", "Powers")
    options_type = PowersOptions
    messages = MESSAGES

    @property
    def opts(self) -> PowersOptions:
        """The options, typed."""
        assert isinstance(self.options, PowersOptions)
        return self.options

    def _initial_state(self, seed: int, rng: Rng) -> PowersState:
        from gamelib.powers.state import PowersState

        return PowersState(self, seed, rng)

    def parse_action(self, state: PowersState, text: str) -> PowersAction:
        """The legal action written as ``text``: its text, its label in English or Japanese
        (:meth:`action_label`), or card symbols and lower case (``play k♠``, ``play 10h``).

        Refusals (:class:`IllegalAction`) say why in the game's language.
        """
        self.check_action_text(text)
        try:
            action: PowersAction = super().parse_action(state, text)
            return action
        except IllegalAction as err:
            try:
                action = parse_action(text)
            except ValueError:
                raise err from None
            if action in state.legal_actions():
                return action
            raise

    def action_label(self, action: PowersAction, lang: str) -> str:
        """How players name ``action`` in ``lang``: ``play A♠`` / ``A♠を出す``, ``fold`` / 降りる.

        See :func:`gamelib.powers.actions.action_label`.
        """
        return action_label(action, lang)

    def bots(self) -> Mapping[str, Callable[[int], Bot]]:
        """``heuristic``: values cards by what they can still win (see :mod:`.bots`)."""
        from gamelib.powers.bots import HeuristicBot

        return {"heuristic": HeuristicBot}

    def search_settings(self) -> Mapping[str, Any]:
        """``ismcts:tuned``: :data:`gamelib.powers.search.SEARCH_SETTINGS`."""
        return search.SEARCH_SETTINGS

    # -- search and interop (issue 11; see gamelib.powers.search) ------------------------------
    def all_actions(self) -> Sequence[PowersAction]:
        """Every action of a game with these options, in a fixed order (ids are positions).

        See :func:`gamelib.powers.search.all_actions`.
        """
        return search.all_actions(self.opts)

    def max_length(self) -> int:
        """A bound on the number of actions of a game (rounds × actions a round can ask for).

        See :func:`gamelib.powers.search.max_length` for the derivation.
        """
        return search.max_length(self.opts)

    def score_bounds(self) -> tuple[float, float]:
        """0 to 44 country points (see :func:`gamelib.powers.search.score_bounds`)."""
        return search.score_bounds(self.opts)

    def observation_size(self) -> int:
        """The length of :meth:`observe`'s vector (it depends on the player count only)."""
        return search.observation_size(self.opts)

    def observe(self, view: View) -> list[float]:
        """A seat's view as numbers; layout in :func:`gamelib.powers.search.observe`."""
        if not isinstance(view, PowersView) or view.viewer is None:
            raise ValueError("observe takes a seat's view of Powers (viewer is a seat)")
        return search.observe(self.opts, view)
