"""Every game as a PettingZoo AEC environment: ``env("powers", players=3, rules="magazine")``.

- Agents are ``player_0 … player_{n-1}`` (seat ``i`` is ``player_i``); the agent selected is the
  seat to act (turn order is the game's, not round robin).
- ``action_space(agent)`` is ``Discrete(game.action_count())``: the contract's stable ids.
- ``observation_space(agent)`` is a ``Dict`` of ``observation`` (a ``Box`` of
  :meth:`Game.observation_size` floats, :meth:`Game.observe` of that seat's view: it holds only
  what the seat may see) and ``action_mask`` (``int8``, 1 for the legal ids of the seat to act,
  all 0 for the others).
- Rewards come at the end, from the outcome: ``reward="win"`` (default) gives each winner
  ``1 / len(winners)``; ``reward="score"`` gives :attr:`Outcome.scores`.
- ``reset(seed=s)`` starts the engine from seed ``s`` (the same game as
  ``gamelib.load(id, **options).new_state(s)``); a later ``reset()`` without a seed draws the
  next seed from a generator seeded by ``s`` (never from the global one).
- The engine runs quiet (no log: observations never read it, and the game is the same);
  ``log=True`` keeps the log, e.g. to read ``env.unwrapped.game_state.log_text()``.
- ``render()`` is the text of the view of the seat to act (``render_mode="ansi"`` returns it,
  ``"human"`` prints it), so it hides what that seat may not see.
- An illegal action id raises :class:`~gamelib.core.IllegalAction` (in the game's language) and
  leaves the game unchanged.
"""

from __future__ import annotations

import random
from typing import Any

from gamelib.core import Game, IllegalAction, State, fresh_seed, load
from gamelib.interop import MESSAGES, PAYOFFS, MissingExtra, payoffs, refuse, view_text

try:
    import gymnasium
    import numpy as np
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as err:
    raise MissingExtra("pettingzoo", "pettingzoo", "pettingzoo") from err

__all__ = ["env", "raw_env"]


def env(game_id: str, **kwargs: Any) -> Any:
    """The environment of ``game_id`` with PettingZoo's order and bounds checks around it.

    ``kwargs`` are :class:`raw_env`'s: ``render_mode``, ``reward`` and the game's options.
    """
    wrapped = wrappers.AssertOutOfBoundsWrapper(raw_env(game_id, **kwargs))
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo's name for it
    """A gamelib game with fixed options as a PettingZoo AEC environment."""

    metadata: dict[str, Any] = {"render_modes": ["ansi", "human"], "is_parallelizable": False}

    def __init__(
        self,
        game_id: str,
        *,
        render_mode: str | None = None,
        reward: str = "win",
        log: bool = False,
        **options: Any,
    ) -> None:
        super().__init__()
        lang = "ja" if options.get("lang") == "ja" else "en"
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise refuse("bad_render_mode", lang, value=repr(render_mode))
        if reward not in PAYOFFS:
            raise refuse("bad_payoff", lang, name="reward", choices=PAYOFFS, value=repr(reward))
        #: The gamelib game (options validated by the game: OptionError names what is wrong).
        self.game: Game[Any] = load(game_id, **options)
        self.metadata = {**self.metadata, "name": f"gamelib_{game_id}_v0"}
        self.render_mode = render_mode
        self.reward_mode = reward
        #: Whether the engine keeps its log (off: quiet states, faster; observations never read
        #: the log, and the game played is the same).
        self.log = log
        n = self.game.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        count = self.game.action_count()
        size = self.game.observation_size()
        self.action_spaces = {a: gymnasium.spaces.Discrete(count) for a in self.possible_agents}
        self.observation_spaces = {
            a: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(
                        low=0, high=1, shape=(count,), dtype=np.int8
                    ),
                }
            )
            for a in self.possible_agents
        }
        self._seeds = random.Random(fresh_seed())
        #: The engine's state (the teacher's: it holds every hidden card); set by :meth:`reset`.
        self.game_state: State[Any] | None = None

    # -- spaces -------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> Any:
        """The ``Dict`` space of ``agent``'s observation and action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        """``Discrete(action_count)``: the game's stable action ids."""
        return self.action_spaces[agent]

    # -- the AEC cycle ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: from ``seed``, or the next seed of the generator the last seed set."""
        if seed is not None:
            self._seeds = random.Random(seed)
            engine_seed = seed
        else:
            engine_seed = self._seeds.getrandbits(63)
        self.game_state = self.game.new_state(engine_seed, quiet=not self.log)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def step(self, action: Any) -> None:
        """Play the action id ``action`` for the agent selected (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        if action is None:
            raise IllegalAction.of(
                MESSAGES.term("no_action", last=self.game.action_count() - 1), self.game.lang
            )
        chosen = self.game.action_from_id(state, int(action))
        self._cumulative_rewards[agent] = 0.0
        state.apply_in_place(chosen)
        outcome = state.outcome()
        if outcome is not None:
            values = payoffs(outcome, self.game.players, self.reward_mode)
            self.rewards = {a: values[self._seat[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, Any]:
        """``agent``'s observation (:meth:`Game.observe` of its view) and its action mask."""
        state = self._state()
        seat = self._seat[agent]
        observation = np.asarray(self.game.observe(state.view(seat)), dtype=np.float32)
        mask = np.zeros(self.game.action_count(), dtype=np.int8)
        if state.current_player == seat:
            action_id = self.game.action_id
            mask[[action_id(a) for a in state.legal_actions()]] = 1
        return {"observation": observation, "action_mask": mask}

    def render(self) -> str | None:
        """The text of the view of the seat to act (the last seat to act once the game is over)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (use 'ansi' or 'human')")
            return None
        text = view_text(self._state().view(self._seat[self.agent_selection]), log=False)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release."""

    # -- helpers ------------------------------------------------------------------------------
    def _state(self) -> State[Any]:
        if self.game_state is None:
            raise refuse("no_reset", self.game.lang)
        return self.game_state

    def _select(self) -> None:
        """Select the seat to act; once the game is over, the first agent still listed."""
        player = self._state().current_player
        if player is not None:
            self.agent_selection = self.possible_agents[player]
        elif self.agents:
            self.agent_selection = self.agents[0]
