"""Every game as a Python OpenSpiel game: ``pyspiel.load_game("gamelib_powers", {...})``.

:func:`register` registers each game (or one) as ``gamelib_<id>``; its options are the game's
parameters, with two more:

- ``seed`` (default ``-1``) and ``seeds`` (default 65536): our chance events happen inside the
  engine, all drawn from one seeded :class:`~gamelib.core.Rng`, so the game's chance is the
  choice of that seed. The games are ``EXPLICIT_STOCHASTIC`` with one chance node, the first: it
  picks the engine's seed, uniformly among ``0 .. seeds - 1`` (or exactly ``seed`` when that is
  set), and every later chance event follows from it. The chance action ``i`` is the seed
  ``i``, so an OpenSpiel history is a gamelib record: the seed, then the actions' ids.
  (``SAMPLED_STOCHASTIC`` is not possible for a Python game: OpenSpiel serializes such a game
  with ``Game::GetRNGState``, which a Python game cannot implement.)
- ``returns`` (default ``"win"``): ``"win"`` gives each winner ``1 / len(winners)`` and the
  others 0 (constant sum 1); ``"score"`` gives :attr:`Outcome.scores` (general sum, bounded by
  :meth:`Game.score_bounds`).

Action ids are the contract's stable ids (:meth:`Game.action_id`), the same in every process.
Information-state strings are :func:`~gamelib.interop.view_text` of the seat's view with its log
(perfect recall); observation strings the same view without the log; observation tensors come
from :meth:`Game.observe`. None of them reads the hidden state. ``str(state)`` is the teacher's
view (everything). A state serializes as its record (seed and action texts), so
``pyspiel.serialize_game_and_state`` works and replays in another process;
``resample_from_infostate`` comes from :meth:`State.sample_world`, so OpenSpiel's own ISMCTS
(``open_spiel.python.algorithms.ismcts``) searches our games without seeing hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from gamelib.core import Game, Rng, State, dumps, game_class, load, loads
from gamelib.core import available_games as _available_games
from gamelib.core.options import option_specs
from gamelib.interop import PAYOFFS, MissingExtra, payoffs, refuse, view_text

try:
    import numpy as np
    import pyspiel
except ImportError as err:
    raise MissingExtra("openspiel", "open_spiel", "openspiel") from err

__all__ = [
    "PREFIX",
    "GamelibGame",
    "GamelibState",
    "register",
    "resampler",
    "short_name",
]

#: Every game's OpenSpiel name is this prefix and its id.
PREFIX = "gamelib_"
#: Parameters the adapter adds to the game's options.
EXTRA_PARAMETERS: Mapping[str, Any] = {"seed": -1, "seeds": 1 << 16, "returns": "win"}

#: The text of every view at the chance node, before the seed is picked.
BEFORE_THE_DEAL = "(the seed is not picked yet)"

_registered: dict[str, type[GamelibGame]] = {}


def short_name(game_id: str) -> str:
    """The OpenSpiel name of a game: ``gamelib_<id>``."""
    return PREFIX + game_id


def register(game_id: str | None = None) -> list[str]:
    """Register ``game_id`` (default: every available game) with OpenSpiel; return the names.

    Registering again is harmless. A game loads only once it implements the search contract
    (:meth:`Game.all_actions` and the rest); loading one that does not raises its
    ``NotImplementedError``.
    """
    ids = _available_games() if game_id is None else [game_id]
    names = []
    for gid in ids:
        name = short_name(gid)
        if gid not in _registered:
            cls = _game_type_class(gid)
            pyspiel.register_game(cls.game_type, cls)
            _registered[gid] = cls
        names.append(name)
    return names


def _game_type_class(game_id: str) -> type[GamelibGame]:
    """A :class:`GamelibGame` subclass bound to ``game_id``, with its ``pyspiel.GameType``."""
    cls = game_class(game_id)
    specs = option_specs(cls.options_type)
    defaults = {name: spec["default"] for name, spec in specs.items()}
    players = specs.get("players", {}).get("choices") or (cls(cls.options_type()).players,)
    game = cls(cls.options_type())
    try:
        game.observation_size()
        has_tensor = True
    except NotImplementedError:
        has_tensor = False
    fields = dict(
        short_name=short_name(game_id),
        long_name=f"gamelib {game.title.en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(players),
        min_num_players=min(players),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=has_tensor,
        parameter_specification={**defaults, **EXTRA_PARAMETERS},
    )
    attrs = {
        "game_id": game_id,
        "game_type": pyspiel.GameType(**fields),
        "score_type": pyspiel.GameType(
            **{**fields, "utility": pyspiel.GameType.Utility.GENERAL_SUM}
        ),
        "__module__": __name__,
    }
    return type(f"Gamelib_{game_id}", (GamelibGame,), attrs)


class GamelibGame(pyspiel.Game):  # type: ignore[misc]
    """A gamelib game with fixed options as an OpenSpiel game (made by :func:`register`)."""

    game_id: str
    #: The game's type (``returns="win"``: constant sum) and that of ``returns="score"``.
    game_type: Any
    score_type: Any

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        seed = given.pop("seed", EXTRA_PARAMETERS["seed"])
        seeds = given.pop("seeds", EXTRA_PARAMETERS["seeds"])
        returns = given.pop("returns", EXTRA_PARAMETERS["returns"])
        lang = "ja" if given.get("lang") == "ja" else "en"
        if not isinstance(seed, int) or seed < -1:
            raise refuse("bad_seed", lang, value=repr(seed))
        if not isinstance(seeds, int) or seeds < 1:
            raise refuse("bad_seeds", lang, value=repr(seeds))
        if returns not in PAYOFFS:
            raise refuse("bad_payoff", lang, name="returns", choices=PAYOFFS, value=repr(returns))
        #: The gamelib game (options validated by the game: OptionError names what is wrong).
        self.engine: Game[Any] = load(self.game_id, **given)
        #: The seeds the chance node picks from, each with the same probability.
        self.seeds: range = range(seed, seed + 1) if seed >= 0 else range(seeds)
        self.returns_mode = returns
        self.actions = tuple(self.engine.all_actions())
        self.action_texts = tuple(str(a) for a in self.actions)
        low, high = self.engine.score_bounds()
        game_type = self.score_type if returns == "score" else self.game_type
        info = pyspiel.GameInfo(
            num_distinct_actions=self.engine.action_count(),
            max_chance_outcomes=self.seeds[-1] + 1,
            num_players=self.engine.players,
            min_utility=0.0 if returns == "win" else float(low),
            max_utility=1.0 if returns == "win" else float(high),
            utility_sum=1.0 if returns == "win" else None,
            max_game_length=self.engine.max_length(),
        )
        params = {**given, "seed": seed, "seeds": seeds, "returns": returns}
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> GamelibState:
        """A new game, at its chance node (which picks the seed)."""
        return GamelibState(self)

    def max_chance_nodes_in_history(self) -> int:
        """One: the seed."""
        return 1

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> _ViewObserver | None:
        """The observer of a seat's view (with its log for perfect recall), or ``None`` for the
        public-only and private-only kinds, which the contract's views do not split out."""
        if params:
            raise refuse("no_observation_params", self.engine.lang, value=dict(params))
        if iig_obs_type is None:
            return _ViewObserver(self, perfect_recall=False)
        if iig_obs_type.public_info and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            return _ViewObserver(self, perfect_recall=iig_obs_type.perfect_recall)
        return None


class _Held:
    """The engine state inside an OpenSpiel state: deep-copied by the engine's fast
    :meth:`State.clone`, pickled as its record (seed and action texts), or, for a sampled world
    (whose seed no longer replays it), as the state itself."""

    __slots__ = ("state", "world")

    def __init__(self, state: State[Any], world: bool = False) -> None:
        self.state = state
        self.world = world

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(), self.world)

    def __reduce__(self) -> tuple[Any, ...]:
        if self.world:
            return (_Held, (self.state, True))
        return (_from_record, (dumps(self.state),))


def _from_record(record: str) -> _Held:
    return _Held(loads(record))


class GamelibState(pyspiel.State):  # type: ignore[misc]
    """An OpenSpiel state: the chance node that picks the seed, then a gamelib state."""

    def __init__(self, game: GamelibGame) -> None:
        super().__init__(game)
        self._held: _Held | None = None

    # -- the engine ---------------------------------------------------------------------------
    @property
    def engine(self) -> State[Any]:
        """The gamelib state (the teacher's: it holds every hidden card).

        Raises ``ValueError`` at the chance node, before the seed is picked.
        """
        held = self._held
        if held is None:
            raise refuse("not_started", self.get_game().engine.lang)
        return held.state

    # -- the OpenSpiel state API -----------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` before the seed, or ``TERMINAL``."""
        held = self._held
        if held is None:
            return int(pyspiel.PlayerId.CHANCE)
        player = held.state.current_player
        return int(pyspiel.PlayerId.TERMINAL) if player is None else int(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The seeds the chance node picks from, each with the same probability."""
        if self._held is not None:
            return []
        seeds = self.get_game().seeds
        p = 1.0 / len(seeds)
        return [(seed, p) for seed in seeds]

    def _legal_actions(self, player: int) -> list[int]:
        engine = self.engine
        if engine.current_player != player:
            return []
        action_id = engine.game.action_id
        return sorted(action_id(a) for a in engine.legal_actions())

    def _apply_action(self, action: int) -> None:
        if self._held is None:
            game: GamelibGame = self.get_game()
            if int(action) not in game.seeds:
                raise refuse("not_a_seed", game.engine.lang, value=action, game=str(game))
            self._held = _Held(game.engine.new_state(int(action)))
            return
        engine = self._held.state
        engine.apply_in_place(engine.game.action_from_id(engine, int(action)))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        texts = self.get_game().action_texts
        return texts[action] if 0 <= action < len(texts) else f"no action {action}"

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._held is not None and self._held.state.is_terminal()

    def returns(self) -> list[float]:
        """Zeros until the end; then, by the ``returns`` parameter, wins shared or the scores."""
        game: GamelibGame = self.get_game()
        n = game.engine.players
        outcome = None if self._held is None else self._held.state.outcome()
        if outcome is None:
            return [0.0] * n
        return payoffs(outcome, n, game.returns_mode)

    def resample_from_infostate(self, player: int, sampler: Any) -> GamelibState:
        """A state ``player`` cannot tell from this one, from :meth:`State.sample_world`.

        ``sampler`` is OpenSpiel's probability sampler (called for two numbers in [0, 1) that
        seed the world), an int seed, or an :class:`~gamelib.core.Rng`.
        """
        if isinstance(sampler, (int, Rng)) and not isinstance(sampler, bool):
            rng: Rng | int = sampler
        else:
            high, low = int(sampler() * (1 << 31)), int(sampler() * (1 << 32))
            rng = (high << 32) | low
        other: GamelibState = self.clone()
        if self._held is not None:
            other._held = _Held(self._held.state.sample_world(int(player), rng), world=True)
        return other

    def information_state_string(self, player: int | None = None) -> str:
        """Text of ``player``'s view with its log (default: the seat to act)."""
        return self.view_text(self._seat(player), log=True)

    def observation_string(self, player: int | None = None) -> str:
        """Text of ``player``'s view without the log (default: the seat to act)."""
        return self.view_text(self._seat(player), log=False)

    def view_text(self, player: int | None, *, log: bool) -> str:
        """:func:`~gamelib.interop.view_text` of ``player``'s view (``None``: the teacher's)."""
        if self._held is None:
            return BEFORE_THE_DEAL
        return view_text(self._held.state.view(player), log=log)

    def _seat(self, player: int | None) -> int:
        seat = self.current_player() if player is None else int(player)
        engine = self.get_game().engine
        if not 0 <= seat < engine.players:
            raise refuse("no_seat", engine.lang, value=seat, last=engine.players - 1)
        return seat

    def __str__(self) -> str:
        return self.view_text(None, log=True)


class _ViewObserver:
    """OpenSpiel's observer interface over a seat's view (``tensor`` from :meth:`Game.observe`)."""

    def __init__(self, game: GamelibGame, *, perfect_recall: bool) -> None:
        self.perfect_recall = perfect_recall
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        if not perfect_recall and game.game_type.provides_observation_tensor:
            self.tensor = np.zeros(game.engine.observation_size(), np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: GamelibState, player: int) -> None:
        """Fill :attr:`tensor` from ``player``'s view of ``state``."""
        if self.tensor is not None:
            held = state._held
            if held is None:
                self.tensor[:] = 0.0
            else:
                self.tensor[:] = held.state.game.observe(held.state.view(int(player)))

    def string_from(self, state: GamelibState, player: int) -> str:
        """``player``'s view of ``state`` as text (with its log for perfect recall)."""
        return state.view_text(int(player), log=self.perfect_recall)


def resampler(seed: int) -> Callable[[GamelibState, int], GamelibState]:
    """A seeded world sampler for ``ISMCTSBot.set_resampler``: searches that replay exactly.

    OpenSpiel's ISMCTS otherwise resamples with a new ``UniformProbabilitySampler`` each time,
    which C++ seeds from uninitialised memory: it plays, but not reproducibly.
    """
    draws = Rng(seed).stream()

    def resample(state: GamelibState, player: int) -> GamelibState:
        return state.resample_from_infostate(player, draws.getrandbits(63))

    return resample

