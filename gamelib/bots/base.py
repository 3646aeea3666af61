"""The seeded random bot, the factory that also knows each game's own bots, and how callers
ask a bot for a move.

A bot may set ``needs_view = False`` when its choice depends on the legal actions alone: the
simulator then builds no view for it (``choose`` gets ``None``) and, when no bot at the table
needs a view, plays the game ``quiet`` (no log). A bot without the attribute gets its view.

A search bot sets ``samples_worlds = True``: it is then called as
``choose(view, legal_actions, worlds=sampler)``, where ``sampler(rng)`` returns
``state.sample_world(seat, rng)``, a fresh full state consistent with what the seat sees, built
by the caller (:func:`world_sampler`). The bot never holds the true state, only worlds that
depend on its seat's view alone. :func:`ask` is that hand-off in one call, for every caller.

Names: ``bot_names(game)`` lists ``random``, the game's own bots and, for a game whose states
implement :meth:`State.sample_world`, ``ismcts`` (:mod:`gamelib.bots.ismcts`). ``make_bot``
also takes ``ismcts:N`` (N iterations per move), ``ismcts:Xs`` (X seconds per move),
``ismcts:tuned`` (the settings the game names as its strongest measured ones,
:meth:`Game.search_settings`, which keyword parameters may override) and keyword parameters
for ``ismcts`` (``make_bot("ismcts", game, seed, iterations=400)``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from gamelib.bots.messages import BOTS
from gamelib.core import Bot, Game, OptionError, State, View
from gamelib.core.messages import CORE
from gamelib.core.rng import Rng

__all__ = [
    "SEARCH_BOT",
    "TUNED_BOT",
    "RandomBot",
    "WorldSampler",
    "ask",
    "bot_names",
    "can_sample_worlds",
    "check_bot_name",
    "is_bot_name",
    "make_bot",
    "needs_view",
    "samples_worlds",
    "world_sampler",
]

#: The generic search bot's name (:mod:`gamelib.bots.ismcts`).
SEARCH_BOT = "ismcts"
#: The search bot with the settings measured strongest for the game (:meth:`Game.search_settings`).
TUNED_BOT = f"{SEARCH_BOT}:tuned"

WorldSampler = Callable[[Rng], State[Any]]
"""``sampler(rng)``: a new full state consistent with one seat's view (``State.sample_world``)."""


class RandomBot:
    """Picks uniformly among the legal actions with its own seeded generator."""

    name = "random"
    #: It looks at the legal actions only: callers may pass ``None`` as the view.
    needs_view = False

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View | None, legal_actions: Sequence[Any]) -> Any:
        """Return one legal action at random."""
        if not legal_actions:
            raise ValueError("no legal action to choose from")
        return legal_actions[self.rng.randrange(len(legal_actions))]


def needs_view(bot: Bot) -> bool:
    """Whether ``bot`` reads its view (``True`` unless it says ``needs_view = False``)."""
    return bool(getattr(bot, "needs_view", True))


def samples_worlds(bot: Bot) -> bool:
    """Whether ``bot`` wants a world sampler (``samples_worlds = True``; see the module doc)."""
    return bool(getattr(bot, "samples_worlds", False))


def world_sampler(state: State[Any], seat: int) -> WorldSampler:
    """The sampler handed to a search bot: worlds as ``seat`` may imagine them.

    Valid while ``state`` does not change (a caller that plays in place asks the bot first).
    """
    return lambda rng: state.sample_world(seat, rng)


def ask(bot: Bot, state: State[Any], seat: int, legal_actions: Sequence[Any]) -> Any:
    """The action ``bot`` (playing ``seat``, to move in ``state``) chooses among ``legal_actions``.

    The bot gets ``seat``'s view (``None`` when it says it needs none) and, if it samples worlds,
    a :func:`world_sampler`; never the state itself.
    """
    view = state.view(seat) if needs_view(bot) else None
    if samples_worlds(bot):
        chooser: Any = bot
        return chooser.choose(view, legal_actions, worlds=world_sampler(state, seat))
    return bot.choose(view, legal_actions)  # type: ignore[arg-type]


def can_sample_worlds(game: Game[Any]) -> bool:
    """Whether ``game``'s states implement :meth:`State.sample_world` (read from their class).

    The method is not called: the class of the game's states (found once per game class, from
    one quiet new state) is checked for its own implementation.
    """
    cls = type(game)
    state_class = _STATE_CLASSES.get(cls)
    if state_class is None:
        state_class = _STATE_CLASSES[cls] = type(game.new_state(0, quiet=True))
    return state_class.sample_world is not State.sample_world


_STATE_CLASSES: dict[type[Game[Any]], type[State[Any]]] = {}
"""The state class of each game class asked about (a game's states are of one class)."""


def bot_names(game: Game[Any]) -> list[str]:
    """The bots available for ``game``: ``random``, the game's own, and ``ismcts`` if it can
    search (:func:`can_sample_worlds`), then ``ismcts:tuned`` if the game names its strongest
    measured settings (:meth:`Game.search_settings`)."""
    names = ["random", *game.bots()]
    if can_sample_worlds(game) and SEARCH_BOT not in names:
        names.append(SEARCH_BOT)
        if game.search_settings():
            names.append(TUNED_BOT)
    return names


def check_bot_name(name: str, game: Game[Any]) -> None:
    """Raise :class:`OptionError` (both languages) unless ``make_bot(name, game)`` would work.

    Accepts the names of :func:`bot_names` and ``ismcts:N`` / ``ismcts:Xs``.
    """
    make_bot(name, game, 0)


def is_bot_name(name: object, game: Game[Any]) -> bool:
    """Whether ``make_bot(name, game)`` would work (see :func:`check_bot_name`)."""
    try:
        check_bot_name(name, game)  # type: ignore[arg-type]
    except OptionError:
        return False
    return True


def make_bot(name: str, game: Game[Any], seed: int = 0, **params: Any) -> Bot:
    """Return the bot called ``name`` for ``game``, seeded with ``seed``.

    ``params`` are the search bot's settings (see :class:`gamelib.bots.ismcts.IsmctsBot`);
    other bots take none. ``ismcts:N`` and ``ismcts:Xs`` set ``iterations`` or ``seconds``;
    ``ismcts:tuned`` starts from ``game.search_settings()``.
    Raises :class:`OptionError` for an unknown bot or a bad parameter.
    """
    if not isinstance(name, str):
        known = ", ".join(bot_names(game))
        raise OptionError.of(CORE.term("unknown_bot", name=repr(name), game=game.id, known=known))
    base, sep, _ = name.partition(":")
    if base == SEARCH_BOT and SEARCH_BOT not in game.bots():
        from gamelib.bots.ismcts import PARAMS, IsmctsBot, parse_spec

        if not can_sample_worlds(game):
            raise OptionError.of(BOTS.term("no_search", name=SEARCH_BOT, game=game.id))
        for param in params:
            if param not in PARAMS:
                raise OptionError.of(BOTS.term(
                    "bad_param", name=SEARCH_BOT, param=repr(param), known=", ".join(PARAMS)))
        if name == TUNED_BOT:
            tuned = game.search_settings()
            if not tuned:
                raise OptionError.of(BOTS.term("no_tuned", game=game.id))
            return IsmctsBot(game, seed, **{**tuned, **params})
        settings = {**parse_spec(name), **params} if sep else dict(params)
        return IsmctsBot(game, seed, **settings)
    if params:
        given = ", ".join(sorted(params))
        raise OptionError.of(BOTS.term("no_params", name=repr(name), given=given))
    if name == "random":
        return RandomBot(seed)
    own = game.bots()
    if name not in own:
        known = ", ".join(bot_names(game))
        raise OptionError.of(CORE.term("unknown_bot", name=repr(name), game=game.id, known=known))
    return own[name](seed)
