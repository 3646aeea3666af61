"""A generic search bot: single-observer information-set Monte Carlo tree search (SO-ISMCTS).

Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2),
2012. The bot plays any game whose states implement :meth:`State.sample_world`, for any number
of players, through the contract and the fast path only:

* each iteration asks the caller's sampler for a *world*: a full state consistent with what the
  bot's seat sees (others' hidden cards, draw piles and future chance resampled). The bot never
  sees the true state (see :mod:`gamelib.bots.base` for the hand-off);
* it descends one tree shared by all worlds, whose edges are actions (hashable values, equal
  exactly when their :meth:`Game.action_id` is), among the actions legal *in this world*, by
  UCB1 with availability counts: ``mean + c * sqrt(ln(available) / visits)``, where
  ``available`` counts the selections in which the action was legal; the tree holds every
  seat's decisions, each node's mean is the reward of the seat that chose it;
* with ``opponents`` set to a policy (``"heuristic"``: an *opponent model*), the other seats'
  moves down the tree are that policy's choices in the world (epsilon-greedy like playouts),
  and the tree holds the bot's own decisions only; by default (``"tree"``) every seat's
  decisions are searched;
* it adds one node, plays out on the world (made ``quiet``, moved on with
  :meth:`State.apply_in_place`) with the ``playout`` policy (:mod:`gamelib.bots.playouts`:
  ``"random"``, or one of the game's bots such as ``"heuristic"``, each move random with
  probability ``playout_epsilon``), optionally for at most ``playout_cap`` steps, and backs up a
  reward vector: ``1/k`` to each of ``k`` winners, mixed with the seat's score normalised by
  :meth:`Game.score_bounds` when ``score_weight`` is set: ``(1 - w) * win + w * score``. A
  capped playout counts as a draw (``evaluation="draw"``: ``1/players`` each) or, with
  ``evaluation="score"``, by each seat's lead over the best other seat in the scores its view
  shows (``1/2 + lead / (2 (|mine| + |theirs| + 1))``), or, with ``evaluation="projection"``,
  by the same lead in the final scores the world projects (:meth:`State.projected_scores`,
  a game's rule of thumb such as 主計将校's VP plus what each Victory step to come would score
  if the board held): cheaper than a view, and it sees what a position is worth beyond the
  points already scored;
* with ``prior`` set to a policy (``"heuristic"``), *progressive bias* (Chaslot et al., "Progressive
  strategies for Monte-Carlo tree search", 2008): at each node the policy's choice (asked once,
  in the first world that reaches the node) is the first action tried, and its UCB value gets
  ``prior_weight / (visits + 1)``, a bonus that fades as real results come in. The search then
  starts from the policy's move and leaves it only for one that does better in the playouts.
  It matters where one step decides little and random play is far from sensible: in 主計将校
  a turn is a chain of small decisions (play or discard, discard more, remove an own piece,
  end), random playouts to the end are a coin toss (random against random: every game runs
  all 20 rounds, each team wins half), so an unguided search plays about as a random bot does
  and loses every game to the heuristic, which never discards or removes without reason;
* it plays the most visited root action (``final="visits"``, the default; ties: the first in
  the legal order) or, with ``final="mean"``, the root action of the best mean reward (ties: the
  more visited, then the first in the legal order).

The bot is seeded: its own ``random.Random(seed)`` picks the playouts' actions, seeds the
policies' bots and each world's :class:`Rng`, so a seed and an iteration budget give the same
moves every time.
A ``seconds`` budget (for interactive use) stops earlier on a slow machine and is not
reproducible; tests and benchmarks use ``iterations``.

Names for :func:`gamelib.bots.make_bot`: ``ismcts`` (defaults), ``ismcts:400`` (400 iterations
per move), ``ismcts:0.5s`` (half a second per move); keyword parameters set the rest.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from gamelib.bots.base import SEARCH_BOT, WorldSampler
from gamelib.bots.messages import BOTS
from gamelib.bots.playouts import RANDOM, TREE, make_policy
from gamelib.core import Game, GameLibError, OptionError, View
from gamelib.core.rng import Rng

__all__ = ["DEFAULT_ITERATIONS", "PARAMS", "IsmctsBot", "parse_spec"]

DEFAULT_ITERATIONS = 200
"""Iterations per move when neither ``iterations`` nor ``seconds`` is given."""

EXPLORATION = 0.7
"""UCB's exploration constant ``c`` (rewards are in [0, 1]); Cowling et al. use 0.7."""

PARAMS = (
    "iterations", "seconds", "exploration", "playout_cap", "score_weight", "playout",
    "playout_epsilon", "opponents", "evaluation", "prior", "prior_weight", "final",
)
"""The keyword parameters of :class:`IsmctsBot` (what :func:`gamelib.bots.make_bot` accepts)."""

EVALUATIONS = ("draw", "score", "projection")
"""How a capped playout is scored: a draw, the score lead read from the world's view, or the
lead in the world's projected final scores."""

FINALS = ("visits", "mean")
"""How the move is chosen after the search: the most visited root action, or the best mean."""


def parse_spec(name: str) -> dict[str, Any]:
    """The settings written in a bot name: ``ismcts:N`` -> iterations, ``ismcts:Xs`` -> seconds.

    Raises :class:`OptionError` (both languages) for anything else.
    """
    base, _, spec = name.partition(":")
    text = spec.strip().lower()
    try:
        if base == SEARCH_BOT and text.endswith("s"):
            return {"seconds": float(text[:-1]), "iterations": None}
        if base == SEARCH_BOT and text:
            return {"iterations": int(text)}
    except ValueError:
        pass
    raise OptionError.of(BOTS.term("bad_spec", text=repr(name)[:60]))


NO_PRIOR = "none"
"""``prior="none"``: no progressive bias (the default)."""


class _Node:
    """A tree node: reached by ``player``'s action; its statistics are that player's.

    ``hint`` is the prior policy's choice among the actions below it (``_UNSET`` until asked)."""

    __slots__ = ("avail", "children", "hint", "player", "reward", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1
        self.hint: Any = _UNSET


_UNSET = object()


class IsmctsBot:
    """SO-ISMCTS for any game that samples worlds (see the module docstring).

    ``iterations`` and/or ``seconds`` bound the search per move (whichever ends first; with
    neither, :data:`DEFAULT_ITERATIONS`); ``exploration`` is UCB's ``c``; ``playout_cap``
    bounds a playout's steps (``None``: to the end); ``score_weight`` in [0, 1] mixes the
    normalised score into the reward; ``playout`` and ``playout_epsilon`` choose the playout
    policy, ``opponents`` the opponent model (``"tree"``: none), ``evaluation`` how a capped
    playout counts (``"draw"``, ``"score"`` or ``"projection"``), ``prior`` the policy whose
    choices get the progressive bias ``prior_weight`` (``"none"``: no bias), ``final`` the move
    played (``"visits"``: the most visited root action; ``"mean"``: the best mean reward).
    Raises :class:`OptionError` for a bad setting.
    """

    name = SEARCH_BOT
    #: It reads no view (its seat is the sampled worlds' player to move): callers may pass None.
    needs_view = False
    #: It is called as ``choose(view, legal_actions, worlds=sampler)``.
    samples_worlds = True

    def __init__(
        self,
        game: Game[Any],
        seed: int = 0,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = EXPLORATION,
        playout_cap: int | None = None,
        score_weight: float = 0.0,
        playout: str = RANDOM,
        playout_epsilon: float = 0.0,
        opponents: str = TREE,
        evaluation: str = "draw",
        prior: str = NO_PRIOR,
        prior_weight: float = 1.0,
        final: str = "visits",
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        _check_number("iterations", iterations, int, low=1, optional=True)
        _check_number("seconds", seconds, float, low=0.0, optional=True, strict=True)
        _check_number("exploration", exploration, float, low=0.0)
        _check_number("playout_cap", playout_cap, int, low=0, optional=True)
        _check_number("score_weight", score_weight, float, low=0.0, high=1.0)
        _check_number("playout_epsilon", playout_epsilon, float, low=0.0, high=1.0)
        _check_number("prior_weight", prior_weight, float, low=0.0)
        self.game = game
        self.players = game.players
        self.iterations = iterations
        self.seconds = None if seconds is None else float(seconds)
        self.exploration = float(exploration)
        self.playout_cap = playout_cap
        self.score_weight = float(score_weight)
        self.bounds = (0.0, 1.0)
        if self.score_weight:
            try:
                low, high = game.score_bounds()
            except NotImplementedError:
                raise OptionError.of(BOTS.term("no_scores", game=game.id)) from None
            self.bounds = (float(low), float(high) if high > low else float(low) + 1.0)
        self.rng = random.Random(seed)
        self.playout = playout
        self.playout_epsilon = float(playout_epsilon)
        self.policy = make_policy(game, playout, self.playout_epsilon, self.rng)
        self.opponents = opponents
        if evaluation not in EVALUATIONS or (
            evaluation == "score" and _view_scores(game.new_state(0, quiet=True)) is None
        ) or (evaluation == "projection" and not _projects(game)):
            raise OptionError.of(BOTS.term(
                "bad_evaluation", value=repr(evaluation)[:40], game=game.id))
        self.evaluation = evaluation
        self.model = None if opponents == TREE else make_policy(
            game, opponents, self.playout_epsilon, self.rng, option="opponents", extra=(TREE,))
        if final not in FINALS:
            raise OptionError.of(BOTS.term(
                "bad_policy", option="final", value=repr(final)[:40], known=", ".join(FINALS)))
        self.final = final
        self.prior = prior
        self.prior_weight = float(prior_weight)
        self.hinter = None if prior == NO_PRIOR else make_policy(
            game, prior, 0.0, self.rng, option="prior", extra=(NO_PRIOR,))
        #: Iterations run for the last move (for benchmarks and curious users).
        self.last_iterations = 0

    def __repr__(self) -> str:
        return (
            f"IsmctsBot({self.game!r}, iterations={self.iterations}, seconds={self.seconds}, "
            f"exploration={self.exploration}, playout_cap={self.playout_cap}, "
            f"score_weight={self.score_weight}, playout={self.playout!r}, "
            f"playout_epsilon={self.playout_epsilon}, opponents={self.opponents!r}, "
            f"evaluation={self.evaluation!r}, prior={self.prior!r}, "
            f"prior_weight={self.prior_weight}, final={self.final!r})"
        )

    def choose(
        self,
        view: View | None,
        legal_actions: Sequence[Any],
        *,
        worlds: WorldSampler | None = None,
    ) -> Any:
        """Search worlds from ``worlds`` and return the most visited of ``legal_actions`` (or,
        with ``final="mean"``, the one of the best mean reward).

        ``view`` is optional (only its ``viewer`` is used, to check the sampler's seat).
        Raises :class:`GameLibError` without a sampler or without legal actions.
        """
        if not legal_actions:
            raise GameLibError.of(BOTS.term("no_legal"))
        if worlds is None:
            raise GameLibError.of(BOTS.term("needs_worlds", name=SEARCH_BOT))
        if len(legal_actions) == 1:
            self.last_iterations = 0
            return legal_actions[0]
        seat = None if view is None else view.viewer
        root = _Node(-1)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.iterations
        done = 0
        while limit is None or done < limit:
            world = worlds(Rng(self.rng.getrandbits(63)))
            if seat is None:
                seat = world.current_player
            elif world.current_player != seat:
                raise GameLibError.of(
                    BOTS.term("wrong_seat", got=world.current_player, seat=seat))
            world.quiet = True
            self._iterate(world, root, seat)
            done += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        by_mean = self.final == "mean"
        best, most = legal_actions[0], (-1.0, -1)
        for action in legal_actions:
            child = root.children.get(action)
            if child is None:
                continue
            key = (child.reward / child.visits if by_mean else 0.0, child.visits)
            if key > most:
                best, most = action, key
        return best

    def _iterate(self, world: Any, root: _Node, seat: int | None) -> None:
        """One iteration on ``world`` (owned by the search): select, expand, play out, back up.

        With an opponent model, the other seats' moves are the model's and the tree holds the
        bot's own decisions only (each node then stands for every reply the model made)."""
        model = self.model
        hinter = self.hinter
        bias = self.prior_weight
        rng = self.rng
        c = self.exploration
        log = math.log
        sqrt = math.sqrt
        apply = world.apply_in_place
        node = root
        path = [root]
        while True:
            mover = world.current_player
            if mover is None:
                break
            legal = world.legal_actions()
            if model is not None and mover != seat:
                apply(model(world, legal))
                continue
            children = node.children
            hint = None
            if hinter is not None:
                hint = node.hint
                if hint is _UNSET:
                    hint = node.hint = hinter(world, legal)
            untried = [a for a in legal if a not in children]
            if untried:
                if hint is not None and hint in untried:
                    action = hint
                else:
                    action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(mover)
                apply(action)
                path.append(child)
                break
            best_action = None
            best_child = node
            best_value = -1.0
            for action in legal:
                child = children[action]
                value = child.reward / child.visits + c * sqrt(log(child.avail) / child.visits)
                if hint is not None and action == hint:
                    value += bias / (child.visits + 1)
                child.avail += 1
                if value > best_value:
                    best_action, best_child, best_value = action, child, value
            apply(best_action)
            node = best_child
            path.append(node)
        cap = self.playout_cap
        steps = 0
        policy = self.policy
        while world.current_player is not None:
            if cap is not None and steps >= cap:
                break
            apply(policy(world, world.legal_actions()))
            steps += 1
        rewards = self._rewards(world)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                visited.reward += rewards[visited.player]

    def _rewards(self, world: Any) -> list[float]:
        """Each seat's reward in [0, 1] at the end of a playout (see the module docstring)."""
        n = self.players
        outcome = world.outcome()
        if outcome is None and self.evaluation == "score":  # a capped playout: the lead
            return _leads(_view_scores(world) or (0.0,) * n)
        if outcome is None and self.evaluation == "projection":
            return _leads(world.projected_scores())
        if outcome is None:  # a capped playout: a draw
            return [1.0 / n] * n
        share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
        wins = [0.0] * n
        for w in outcome.winners:
            wins[w] = share
        w = self.score_weight
        if not w:
            return wins
        low, high = self.bounds
        span = high - low
        return [
            (1 - w) * wins[i] + w * min(1.0, max(0.0, (outcome.scores[i] - low) / span))
            for i in range(n)
        ]


def _view_scores(world: Any) -> tuple[float, ...] | None:
    """Each seat's score so far, read from the teacher's view of ``world`` (its ``scores`` or
    ``vp`` field, one number a seat), or ``None`` when its view has no such field."""
    view = world.view(None)
    for name in ("scores", "vp"):
        scores = getattr(view, name, None)
        if isinstance(scores, tuple) and len(scores) == world.game.players:
            return scores
    return None


def _projects(game: Game[Any]) -> bool:
    """Whether ``game``'s states project final scores (:meth:`State.projected_scores`)."""
    try:
        game.new_state(0, quiet=True).projected_scores()
    except NotImplementedError:
        return False
    return True


def _leads(scores: Sequence[float]) -> list[float]:
    """Each seat's reward from its lead over the best other seat: ``1/2 + lead / (2 (|mine| +
    |theirs| + 1))``, in (0, 1), 1/2 when level (a win-probability guess free of scale)."""
    rewards = []
    for i, mine in enumerate(scores):
        theirs = max(s for j, s in enumerate(scores) if j != i)
        rewards.append(0.5 + (mine - theirs) / (2 * (abs(mine) + abs(theirs) + 1)))
    return rewards


def _check_number(
    param: str,
    value: Any,
    kind: type,
    *,
    low: float,
    high: float | None = None,
    optional: bool = False,
    strict: bool = False,
) -> None:
    """Refuse a setting of the wrong type or out of range (both languages)."""
    if value is None and optional:
        return
    kinds = (int,) if kind is int else (int, float)
    ok = isinstance(value, kinds) and not isinstance(value, bool)
    if ok:
        ok = math.isfinite(value) and (value > low if strict else value >= low)
        ok = ok and (high is None or value <= high)
    if ok:
        return
    if kind is int:
        what, what_ja = f"a whole number ≥ {low:g}", f"{low:g} 以上の整数"
    elif strict:
        what, what_ja = f"a number > {low:g}", f"{low:g} より大きい数"
    else:
        top = f" and ≤ {high:g}" if high is not None else ""
        top_ja = f"{high:g} 以下の" if high is not None else ""
        what, what_ja = f"a number ≥ {low:g}{top}", f"{low:g} 以上{top_ja}数"
    raise OptionError.of(BOTS.term(
        "bad_number", name=SEARCH_BOT, param=param, what=what, what_ja=what_ja,
        value=repr(value)[:40]))
