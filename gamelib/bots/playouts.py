"""Playout policies of the search bot (:mod:`gamelib.bots.ismcts`): how a playout picks moves.

A policy is a function ``policy(world, legal) -> action`` for the player to move in ``world``
(a sampled world the search owns, so reading it peeks at nothing the seat does not imagine).

* ``random``: uniform among the legal actions (the bot's own generator);
* a bot of the game (``heuristic`` for every shipped game): *informed playouts*, each move that
  bot's choice, except with probability ``epsilon`` a uniform one (epsilon-greedy, so that
  playouts still differ). A bot that offers ``choose_in_state(state, legal)`` (the same choice
  read from the state, e.g. Megalomania's) is asked that way; any other gets the mover's view
  (or ``None`` when it says ``needs_view = False``).

Random playouts are nearly free but tell little in long games where random play is far from
how anyone plays; informed ones cost a bot's decision per step (from 0.1 ms in Powers to a few
ms where the bot computes odds), which :class:`~gamelib.bots.ismcts.IsmctsBot`'s
``playout_cap`` bounds.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from gamelib.bots.messages import BOTS
from gamelib.core import Game, OptionError

__all__ = ["RANDOM", "TREE", "Policy", "make_policy", "policy_names"]

RANDOM = "random"
"""The uniform policy's name (the default)."""

TREE = "tree"
"""``opponents="tree"``: the other seats' moves are searched in the tree (no opponent model)."""

Policy = Callable[[Any, Sequence[Any]], Any]
"""``policy(world, legal)``: the action the player to move in ``world`` plays in a playout."""


def policy_names(game: Game[Any]) -> list[str]:
    """The playout policies ``game`` offers: ``random`` and each of its own bots."""
    return [RANDOM, *(name for name in game.bots() if name != RANDOM)]


def make_policy(
    game: Game[Any], name: str, epsilon: float, rng: random.Random, *,
    option: str = "playout", extra: tuple[str, ...] = (),
) -> Policy:
    """The playout policy called ``name`` for ``game`` (see the module docstring), drawing its
    random moves from ``rng``. Raises :class:`OptionError` (both languages, naming the bot's
    ``option`` and the names it takes: the policies and ``extra``) for an unknown name.
    """
    uniform = rng.random

    def pick_random(world: Any, legal: Sequence[Any]) -> Any:
        return legal[int(uniform() * len(legal))]

    if name == RANDOM:
        return pick_random
    own = game.bots()
    if not isinstance(name, str) or name not in own:
        known = ", ".join([*extra, *policy_names(game)])
        raise OptionError.of(BOTS.term(
            "bad_policy", option=option, value=repr(name)[:40], known=known))
    bot: Any = own[name](rng.getrandbits(32))
    in_state = getattr(bot, "choose_in_state", None)
    reads_view = bool(getattr(bot, "needs_view", True))

    def pick_informed(world: Any, legal: Sequence[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        if epsilon and uniform() < epsilon:
            return legal[int(uniform() * len(legal))]
        if in_state is not None:
            return in_state(world, legal)
        view = world.view(world.current_player) if reads_view else None
        return bot.choose(view, legal)

    return pick_informed
