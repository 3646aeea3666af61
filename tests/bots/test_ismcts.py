"""The generic ISMCTS bot (issue 11): seeded, legal, honest (worlds only, never the true state),
stronger than random, and reachable from ``simulate``, the command line and the controller.

Fixed seeds and iteration counts only: no test depends on time.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import gamelib
from gamelib.bots import (
    RandomBot,
    ask,
    bot_names,
    can_sample_worlds,
    is_bot_name,
    make_bot,
    world_sampler,
)
from gamelib.bots.ismcts import DEFAULT_ITERATIONS, IsmctsBot, parse_spec
from gamelib.core import GameLibError, OptionError, Rng, State, digest
from gamelib.core.registry import GAMES as GAMES_BY_ID
from gamelib.sim import simulate
from gamelib.sim.cli import main
from gamelib.sim.simulate import game_seed
from tests.toy_game import ToyGame, ToyState, register

register()
TOY = gamelib.load("toy")
SHIPPED = [g for g in gamelib.available_games() if GAMES_BY_ID[g].startswith("gamelib.")]


def play_game(game: gamelib.Game[Any], bots: dict[int, Any], seed: int) -> State[Any]:
    """Play one game to the end on the fast path, every bot asked through :func:`ask`."""
    state = game.new_state(seed)
    while (seat := state.current_player) is not None:
        legal = state.legal_actions()
        action = ask(bots[seat], state, seat, legal)
        assert action in legal
        state.apply_in_place(action)
    return state


def test_registered_for_games_that_sample_worlds() -> None:
    """The bot is listed where the game's state class implements sample_world, and only there."""
    assert bot_names(TOY) == ["random", "ismcts"]
    assert can_sample_worlds(TOY)
    assert isinstance(make_bot("ismcts", TOY, 1), IsmctsBot)
    for game_id in SHIPPED:
        game = gamelib.load(game_id)
        assert ("ismcts" in bot_names(game)) == can_sample_worlds(game), game_id


def test_tuned_is_the_search_with_each_games_measured_settings() -> None:
    """``ismcts:tuned`` is the search bot with the game's :meth:`Game.search_settings` (keyword
    parameters override them), listed after ``ismcts`` for every shipped game; each game's
    settings are those of a recorded 200-game row (seed 11) that reaches the target of issue 11
    (at least 60% against the heuristic bot, at most 1 s a move), so data and report agree."""
    from benchmarks.bench_ismcts import RESULTS, params_text

    recorded = json.loads(RESULTS.read_text(encoding="utf-8"))
    for game_id in SHIPPED:
        game = gamelib.load(game_id, players=2)
        settings = dict(game.search_settings())
        assert bot_names(game)[-2:] == ["ismcts", "ismcts:tuned"], game_id
        bot = make_bot("ismcts:tuned", game, 1)
        assert isinstance(bot, IsmctsBot)
        for key, value in settings.items():
            assert getattr(bot, key) == value, (game_id, key)
        assert make_bot("ismcts:tuned", game, 1, iterations=3).iterations == 3  # type: ignore[attr-defined]
        rest = {k: v for k, v in settings.items() if k != "iterations"}
        subject = f"{game_id}: ismcts:{settings['iterations']} [{params_text(rest)}]"
        wins = recorded[f"{subject} vs heuristic (2 players)"]
        speed = recorded[f"{subject} seconds per move"]
        assert (wins["games"], wins["seed"]) == (200, 11), game_id
        assert wins["value"] >= 60 and speed["value"] <= 1, game_id
    with pytest.raises(OptionError) as refused:
        make_bot("ismcts:tuned", TOY, 0)
    assert "toy has no measured settings for ismcts:tuned" in refused.value.en
    assert "ismcts:tuned の測定済み設定がありません" in refused.value.ja


def test_names_and_parameters() -> None:
    """``ismcts:N`` sets iterations, ``ismcts:Xs`` seconds; keywords set the rest."""
    assert make_bot("ismcts", TOY).iterations == DEFAULT_ITERATIONS  # type: ignore[attr-defined]
    assert make_bot("ismcts:40", TOY).iterations == 40  # type: ignore[attr-defined]
    timed = make_bot("ismcts:0.5s", TOY)
    assert (timed.iterations, timed.seconds) == (None, 0.5)  # type: ignore[attr-defined]
    tuned = make_bot("ismcts", TOY, 3, iterations=9, playout_cap=4, score_weight=0.2)
    assert (tuned.iterations, tuned.playout_cap, tuned.score_weight) == (9, 4, 0.2)  # type: ignore[attr-defined]
    assert parse_spec("ismcts:7") == {"iterations": 7}
    assert is_bot_name("ismcts:400", TOY) and not is_bot_name("ismcts:lots", TOY)


@pytest.mark.parametrize(
    ("name", "params", "en", "ja"),
    [
        ("ismcts:lots", {}, "write ismcts:N", "と書いてください"),
        ("ismcts:0", {}, "iterations of the bot ismcts must be a whole number ≥ 1", "整数"),
        ("ismcts", {"iterations": 2.5}, "must be a whole number", "整数"),
        ("ismcts", {"score_weight": 2}, "≤ 1", "以下"),
        ("ismcts", {"seconds": 0}, "a number > 0", "より大きい"),
        ("ismcts", {"depth": 3}, "unknown parameter 'depth'", "パラメータはありません"),
        ("ismcts", {"playout": "oracle"}, "playout of the bot ismcts must be one of: random",
         "playout は次のいずれか"),
        ("ismcts", {"playout": 3}, "not 3", "3 は不可"),
        ("ismcts", {"playout_epsilon": 1.5}, "≤ 1", "以下"),
        ("ismcts", {"playout_epsilon": -0.1}, "≥ 0", "以上"),
        ("ismcts", {"evaluation": "win"}, "evaluation of the bot ismcts must be 'draw', "
         "'score'", "evaluation は 'draw'、'score'"),
        ("ismcts", {"evaluation": "projection"}, "or 'projection' (the lead in the final "
         "scores toy's states project)", "'projection'(toy の局面が予測する"),
        ("ismcts", {"opponents": "heuristic"}, "opponents of the bot ismcts must be one of: "
         "tree, random", "opponents は次のいずれか"),
        ("ismcts", {"prior": "oracle"}, "prior of the bot ismcts must be one of: none, random",
         "prior は次のいずれか"),
        ("ismcts", {"prior_weight": -1}, "prior_weight of the bot ismcts must be a number ≥ 0",
         "0 以上"),
        ("ismcts", {"prior_weight": "3"}, "not '3'", "'3' は不可"),
        ("ismcts", {"final": "best"}, "final of the bot ismcts must be one of: visits, mean; "
         "not 'best'", "final は次のいずれか"),
        ("ismcts", {"final": 1}, "not 1", "1 は不可"),
        ("random", {"iterations": 3}, "takes no parameters", "指定できません"),
        ("oracle", {}, "unknown bot 'oracle'", "ボットはありません"),
    ],
)
def test_bad_names_and_parameters_are_refused_in_both_languages(
    name: str, params: dict[str, Any], en: str, ja: str
) -> None:
    with pytest.raises(OptionError) as err:
        make_bot(name, TOY, 0, **params)
    assert en in err.value.en and ja in err.value.ja


def test_a_game_without_worlds_has_no_search_bot() -> None:
    class BlindState(ToyState):
        sample_world = State.sample_world  # as a game that does not implement it

    class Blind(ToyGame):
        def _initial_state(self, seed: int, rng: Rng) -> BlindState:
            return BlindState(self, seed, rng)

    game = Blind(TOY.options)
    assert "ismcts" not in bot_names(game)
    with pytest.raises(OptionError, match="cannot") as err:
        make_bot("ismcts", game)
    assert "サンプリング" in err.value.ja


def test_deterministic_for_a_seed_and_legal() -> None:
    """Same seed, same moves; every move is one of the legal actions given."""
    for seed in range(3):
        games = []
        for _ in range(2):
            bots = {0: make_bot("ismcts:30", TOY, seed), 1: make_bot("ismcts:30", TOY, seed + 9)}
            games.append(play_game(TOY, bots, 100 + seed).history)
        assert games[0] == games[1]
    three = gamelib.load("toy", players=3)
    bots = {s: make_bot("ismcts:20", three, s) for s in range(3)}
    assert play_game(three, bots, 5).is_terminal()


def test_one_sampled_world_per_iteration_and_only_worlds() -> None:
    """The bot sees the sampler, never the state; a view without any state works, as does none."""
    state = TOY.new_state(11)
    seat = state.current_player
    assert seat is not None
    calls: list[int] = []

    def sampler(rng: Rng) -> State[Any]:
        calls.append(rng.seed)
        return state.sample_world(seat, rng)

    bot = IsmctsBot(TOY, 4, iterations=25)
    view = state.view(seat)
    assert not any(isinstance(v, State) for v in vars(view).values())
    chosen = bot.choose(view, state.legal_actions(), worlds=sampler)
    assert len(calls) == 25 == bot.last_iterations and chosen in state.legal_actions()
    again = IsmctsBot(TOY, 4, iterations=25).choose(None, state.legal_actions(), worlds=sampler)
    assert again == chosen
    with pytest.raises(GameLibError, match="worlds=sampler") as err:
        bot.choose(view, state.legal_actions())
    assert "サンプリング" in err.value.ja


def test_the_choice_depends_only_on_what_the_seat_sees() -> None:
    """Two deals that give seat 0 the same hand (the others' hands differ) get the same move:
    the worlds, hence the search, depend on seat 0's view alone."""
    by_hand: dict[tuple[int, ...], Any] = {}
    for seed in range(500):
        state = TOY.new_state(seed)
        hand = tuple(state.hands[0])  # type: ignore[attr-defined]
        if hand in by_hand:
            first = by_hand[hand]
            break
        by_hand[hand] = state
    else:
        pytest.fail("no two deals with the same hand for seat 0")
    assert first.hands[1] != state.hands[1]  # type: ignore[attr-defined]
    moves = [
        IsmctsBot(TOY, 8, iterations=40).choose(
            s.view(0), s.legal_actions(), worlds=world_sampler(s, 0)
        )
        for s in (first, state)
    ]
    assert moves[0] == moves[1]


def test_a_sampler_for_another_seat_is_refused() -> None:
    state = TOY.new_state(2)
    with pytest.raises(GameLibError, match="seat 1 is to move"):
        IsmctsBot(TOY, 0, iterations=3).choose(
            state.view(0), state.legal_actions(), worlds=lambda rng: _other_turn(state, rng)
        )


def _other_turn(state: State[Any], rng: Rng) -> State[Any]:
    world = state.sample_world(0, rng)
    world.apply_in_place(world.legal_actions()[0])  # now seat 1 is to move
    return world


def test_playout_cap_and_score_weight_still_play_legal_games() -> None:
    bots = {
        0: make_bot("ismcts", TOY, 1, iterations=20, playout_cap=1, score_weight=0.3),
        1: RandomBot(2),
    }
    assert play_game(TOY, bots, 8).is_terminal()


def test_informed_settings_are_deterministic_legal_and_leave_the_state_alone() -> None:
    """Heuristic playouts (epsilon-greedy) and a heuristic opponent model, on Powers: the same
    seed gives the same moves; every move is legal; the true state is unchanged by the search."""
    game = gamelib.load("powers", players=2)
    settings = {"playout": "heuristic", "playout_epsilon": 0.2, "opponents": "heuristic"}
    state = game.new_state(4)
    moves = []
    for _ in range(6):
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        before = digest(state)
        picks = {ask(make_bot("ismcts:12", game, 7, **settings), state, seat, legal)
                 for _ in range(2)}
        assert len(picks) == 1 and digest(state) == before
        (action,) = picks
        assert action in legal
        moves.append(action)
        state.apply_in_place(action)
    assert make_bot("ismcts", game, 1, **settings).opponents == "heuristic"  # type: ignore[attr-defined]


def test_a_prior_is_expanded_first_and_its_search_is_deterministic() -> None:
    """``prior="heuristic"``: the heuristic's choice is the first action tried at a node and
    gets the progressive bias; with one iteration the bot plays a move the heuristic scores
    best. Qmg, whose greedy heuristic random playouts cannot find (see the module docstring
    of :mod:`gamelib.bots.ismcts`); the same seed gives the same moves."""
    from gamelib.qmg.bots import HeuristicBot

    game = gamelib.load("qmg", players=2)
    scorer = HeuristicBot(0)
    state = game.new_state(6)
    tried = 0
    while tried < 6:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if len(legal) > 1:
            tried += 1
            view = state.view(seat)
            one = ask(make_bot("ismcts:1", game, 3, prior="heuristic"), state, seat, legal)
            assert scorer.score(view, one) == max(scorer.score(view, a) for a in legal)
            picks = {ask(make_bot("ismcts:10", game, 5, prior="heuristic", prior_weight=3,
                                  playout_cap=10, evaluation="score"), state, seat, legal)
                     for _ in range(2)}
            assert len(picks) == 1 and picks <= set(legal)
        state.apply_in_place(legal[0] if len(legal) == 1 else one)
    bot = make_bot("ismcts", game, 1, prior="heuristic", prior_weight=2.5)
    assert (bot.prior, bot.prior_weight) == ("heuristic", 2.5)  # type: ignore[attr-defined]
    assert "prior='heuristic'" in repr(bot)


def test_final_mean_plays_the_best_mean_root_action(monkeypatch: pytest.MonkeyPatch) -> None:
    """``final="mean"``: the same search as the default (the same seed draws the same worlds
    and playouts), then the root action of the best mean reward rather than the most visited;
    deterministic for a seed, and legal."""
    from gamelib.bots import ismcts

    roots: list[Any] = []

    class Recorded(ismcts._Node):
        __slots__ = ()

        def __init__(self, player: int) -> None:
            super().__init__(player)
            if player < 0:
                roots.append(self)

    monkeypatch.setattr(ismcts, "_Node", Recorded)
    game = gamelib.load("rekkyo", players=2)
    state = game.new_state(3)
    for _ in range(4):
        while len(legal := state.legal_actions()) == 1:
            state.apply_in_place(legal[0])
        seat = state.current_player
        assert seat is not None
        picks = []
        for final in ("visits", "mean", "mean"):
            roots.clear()
            picks.append(ask(make_bot("ismcts:40", game, 8, final=final), state, seat, legal))
            (root,) = roots
            kids = root.children
            if final == "mean":
                assert picks[-1] in legal
                best = max(k.reward / k.visits for k in kids.values())
                assert kids[picks[-1]].reward / kids[picks[-1]].visits == best
            else:
                assert kids[picks[-1]].visits == max(k.visits for k in kids.values())
        assert picks[1] == picks[2]
        state.apply_in_place(picks[1])
    assert "final='mean'" in repr(make_bot("ismcts", game, 1, final="mean"))


def test_a_capped_playout_counts_by_the_score_lead() -> None:
    """``evaluation="score"``: a capped playout backs up each seat's lead in the teacher view's
    scores (the toy game's view shows ``wins``, not scores, so it refuses the setting)."""
    from gamelib.bots.ismcts import _leads

    assert _leads((3, 3)) == [0.5, 0.5]
    assert _leads((7, 0)) == [0.5 + 7 / 16, 0.5 - 7 / 16]
    assert _leads((2, 5, 1))[1] == 0.5 + 3 / 16
    with pytest.raises(OptionError, match="view must show"):
        make_bot("ismcts", TOY, 0, evaluation="score")
    game = gamelib.load("megalomania", players=2)
    bot = make_bot("ismcts:6", game, 2, playout_cap=3, evaluation="score")
    state = game.new_state(5)
    seat = state.current_player
    assert seat is not None
    assert ask(bot, state, seat, state.legal_actions()) in state.legal_actions()


def test_a_capped_playout_counts_by_the_projected_lead() -> None:
    """``evaluation="projection"``: a capped playout backs up each seat's lead in the final
    scores the world projects (:meth:`State.projected_scores`; 主計将校's: VP plus the
    supply-space points of every Victory step to come); the toy game projects none."""
    game = gamelib.load("qmg", players=2)
    bot = make_bot("ismcts:6", game, 2, playout_cap=3, evaluation="projection")
    state = game.new_state(5)
    seat = state.current_player
    assert seat is not None
    before = digest(state)
    assert ask(bot, state, seat, state.legal_actions()) in state.legal_actions()
    assert digest(state) == before
    assert "evaluation='projection'" in repr(bot)
    with pytest.raises(NotImplementedError, match="toy does not project scores"):
        TOY.new_state(0).projected_scores()


def test_capped_playouts_scored_by_the_lead_beat_random_playouts_in_megalomania() -> None:
    """Against the heuristic bot in 4 seeded 2-player Megalomania games (seats alternating) at
    8 iterations a move, playouts of 20 steps scored by the lead (``evaluation="score"``) win
    more games and more points than random playouts to the end (the default), which tell little
    in a 200-step game. Measured: 3 wins and +6 points, against 1 win and -34 points."""
    game = gamelib.load("megalomania", players=2)
    wins: list[float] = []
    leads: list[float] = []
    for params in ({"playout_cap": 20, "evaluation": "score"}, {}):
        won = lead = 0.0
        for i in range(4):
            me = i % 2
            bots = {me: make_bot("ismcts:8", game, i, **params),
                    1 - me: make_bot("heuristic", game, 100 + i)}
            outcome = play_game(game, bots, game_seed(5, i)).outcome()
            assert outcome is not None
            won += me in outcome.winners
            lead += outcome.scores[me] - outcome.scores[1 - me]
        wins.append(won)
        leads.append(lead)
    assert wins[0] >= wins[1] + 2 and leads[0] >= leads[1] + 20


def test_beats_random_clearly_on_the_toy_game() -> None:
    """Over 200 seeded deals (seats alternating), ISMCTS at 60 iterations wins more, and wins
    more rounds, than a random bot in its place does in the same deals (measured: 63.5% of the
    games and 1.69 rounds a game, against 56% and 1.54: the toy game is mostly the deal)."""
    games = 200
    search = chance = 0.0
    rounds = {"ismcts": 0.0, "random": 0.0}
    for i in range(games):
        seed = game_seed(21, i)
        me = i % 2
        for which in ("ismcts", "random"):
            mine = make_bot("ismcts:60", TOY, i) if which == "ismcts" else RandomBot(i)
            outcome = play_game(TOY, {me: mine, 1 - me: RandomBot(5000 + i)}, seed).outcome()
            assert outcome is not None
            share = 1 / len(outcome.winners) if me in outcome.winners else 0.0
            rounds[which] += outcome.scores[me]
            if which == "ismcts":
                search += share
            else:
                chance += share
    assert search / games >= 0.6
    assert search >= chance + 0.05 * games
    assert rounds["ismcts"] >= rounds["random"] + 0.1 * games


def test_runs_through_simulate_and_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    summary = simulate("toy", games=6, seed=3, bots=("ismcts:15", "random"), processes=1)
    assert summary.games == 6 and summary.seat_games_by_bot == {"ismcts:15": 6, "random": 6}
    assert simulate("toy", games=6, seed=3, bots=("ismcts:15", "random"), processes=1) == summary
    argv = ["simulate", "toy", "--games", "4", "--bots", "ismcts:10,random", "--processes", "1"]
    assert main([*argv, "--json"]) == 0
    assert '"ismcts:10"' in capsys.readouterr().out
    assert main(["simulate", "toy", "--games", "2", "--bots", "ismcts:x", "--processes", "1"]) == 2
    assert "ismcts:N" in capsys.readouterr().err


def test_the_controller_can_seat_it() -> None:
    from gamelib.ui.controller import GameController

    ctrl = GameController(TOY, seats={0: "human", 1: "ismcts:20"}, seed=3)
    while not ctrl.state.is_terminal():
        ctrl.play(ctrl.state.legal_actions()[0])
    assert ctrl.state.is_terminal()
    bots = GameController(TOY, seats=["ismcts", "ismcts:10"], seed=1)
    assert bots.autoplay(steps=2) == 2
    assert len(bots.state.history) == 2


@pytest.mark.parametrize("game_id", SHIPPED)
def test_a_few_moves_in_every_game_that_samples_worlds(game_id: str) -> None:
    """Smoke test: the search bot plays 4 moves of each game that implements the contract, and
    playing its worlds out in place leaves the true state as it was."""
    game = gamelib.load(game_id, players=2)
    if not can_sample_worlds(game):
        pytest.skip(f"{game_id} does not sample worlds yet")
    state = game.new_state(3)
    bot = make_bot("ismcts:8", game, 1)
    for _ in range(4):
        seat = state.current_player
        if seat is None:
            break
        legal = state.legal_actions()
        before = digest(state)
        action = ask(bot, state, seat, legal)
        assert digest(state) == before, f"{game_id}: searching its worlds changed the state"
        assert action in legal
        state.apply_in_place(action)


def test_the_benchmark_plays_its_matches() -> None:
    """``benchmarks/bench_ismcts.py`` on one game with a tiny budget: counts add up (no timing)."""
    from benchmarks.bench_ismcts import match, params_text, parse_params, searchable_games

    found = searchable_games()
    if not found:
        pytest.skip("no shipped game samples worlds and has a heuristic bot yet")
    got = match(found[0], "ismcts:3", games=2)
    assert got["games"] == 2 and 0 <= got["wins"] <= 2 and got["moves"] > 0
    params = parse_params("playout_cap=20, evaluation=score,playout_epsilon=0.5")
    assert params == {"playout_cap": 20, "evaluation": "score", "playout_epsilon": 0.5}
    assert params_text(params) == "evaluation=score,playout_cap=20,playout_epsilon=0.5"
    got = match("powers", "ismcts:3", games=1, params=params)
    assert got["games"] == 1 and got["moves"] > 0
    from benchmarks.bench_ismcts import FINDINGS, recorded

    lines = recorded()
    assert not lines or (lines[-1] == FINDINGS and "prior=heuristic" in FINDINGS)


def test_benchmark_rows_name_other_deals() -> None:
    """A row measured on other deals (``--seed``) names its seed, so that screening a setting on
    fresh deals does not replace the row of the same setting on the usual ones (seed 11)."""
    from benchmarks.bench_ismcts import SEED, rows_for

    usual = [r["subject"] for r in rows_for("powers", [2], games=1)]
    other = [r["subject"] for r in rows_for("powers", [2], games=1, seed=SEED + 1,
                                            params={"prior": "heuristic"})]
    assert usual == ["powers: ismcts:2 vs heuristic (2 players)",
                     "powers: ismcts:2 seconds per move"]
    name = "powers: ismcts:2 [prior=heuristic]"
    assert other == [f"{name} vs heuristic (2 players, seed {SEED + 1})",
                     f"{name} seconds per move (seed {SEED + 1})"]
