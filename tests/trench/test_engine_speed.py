"""Engine properties the speed work relies on (issue 12), checked without timing anything."""

from __future__ import annotations

import copy
import dataclasses
import pickle

import gamelib
from gamelib.core import play
from gamelib.trench.actions import TrenchAction, act


def test_actions_are_interned_values():
    """Equal fields give the very same action, however it is made (constructor, ``act``,
    pickling, copying, ``dataclasses.replace``), so equality and hashing are identity."""
    a = TrenchAction("move", 1, "N")
    assert a is act("move", 1, "N") is TrenchAction("move", soldier=1, arg="N")
    assert pickle.loads(pickle.dumps(a)) is a
    assert copy.copy(a) is a and copy.deepcopy(a) is a
    assert dataclasses.replace(a, arg="S") is act("move", 1, "S")
    assert a != act("move", 1, "S") and len({a, act("move", 1, "N")}) == 1
    assert str(a) == "S1 move N" and repr(a).startswith("TrenchAction(verb='move'")


def test_an_action_made_by_hand_is_found_legal():
    """``play`` accepts an action built field by field (not taken from the legal list)."""
    st = gamelib.load("trench").new_state(3)
    first = st.legal_actions()[0]
    made = TrenchAction(first.verb, first.soldier, first.arg, first.cell, first.n, first.extra)
    assert made in st.legal_actions()
    assert play(st, made).history == play(st, first).history


def test_step_ray_and_sight_tables_match_the_board_functions():
    """The tables made at import give what ``add``, ``on_board`` and a walk along a ray give
    (R3.1 cells and directions, R9.2 sight along the forward ray), for every board cell and
    every ship cell around it."""
    from gamelib.trench import board, state
    from gamelib.trench.board import DIRS, add, index, on_board

    for x in range(9):
        for y in range(9):
            c = (x, y)
            for d in DIRS:
                assert state._NEXT[d][c] == add(c, d)
                ray, q = [], add(c, d)
                while on_board(q):
                    ray.append((q, index(q)))
                    q = add(q, d)
                assert board._RAYS[c, d] == tuple(ray)
                assert state._LOOK[c, d] == {add(c, e) for e in DIRS} | {q for q, _ in ray}


def test_play_accepts_exactly_the_legal_actions():
    """``play``'s legality test (``in`` on the cached list) agrees with ``legal_actions`` along
    seeded random games: every legal action is accepted, a legal action of another moment is
    refused when it is not legal now."""
    import random

    from gamelib.core import IllegalAction

    game = gamelib.load("trench")
    rng = random.Random(5)
    for seed in range(3):
        st = game.new_state(seed)
        before: list[TrenchAction] = []
        while not st.is_terminal():
            legal = st.legal_actions()
            assert all(st._is_legal(a) for a in legal)
            for a in before:
                if a not in legal:
                    assert not st._is_legal(a)
                    try:
                        play(st, a)
                    except IllegalAction:
                        pass
                    else:
                        raise AssertionError(f"{a} accepted")
                    break
            before = legal
            st = play(st, legal[rng.randrange(len(legal))])


def test_clones_share_nothing_they_write():
    """``clone`` shares the soldiers, hands, tiles known, wind piles and the flow's small
    containers with the state it copies (copied at the first write, or replaced on write):
    two children played from one state, one of them then played on in place, leave the parent
    and the other child as they were (seeded games, with teams and civilians too)."""
    import random

    from gamelib.core.state import fingerprint

    for opts in ({}, {"players": 4, "hidden_teams": True}, {"players": 3, "civilians": True}):
        game = gamelib.load("trench", **opts)
        rng = random.Random(11)
        for seed in range(2):
            st = game.new_state(seed)
            while not st.is_terminal():
                legal = st.legal_actions()
                before = fingerprint(st)
                one = play(st, legal[rng.randrange(len(legal))])
                seen = fingerprint(one)
                two = play(st, legal[rng.randrange(len(legal))])
                for _ in range(3):
                    if two.is_terminal():
                        break
                    more = two.legal_actions()
                    two.apply_in_place(more[rng.randrange(len(more))])
                assert fingerprint(st) == before and fingerprint(one) == seen
                st = one


def test_action_and_step_tables_match_what_they_replace():
    """The tables the legal actions read instead of building a key tuple per look-up give the
    very actions ``_ACT`` / ``_CELL_ACTS`` / ``act`` give, and the cells and indices ``_NEXT``
    and ``_INDEX`` give (R3.1), for every board and ship cell."""
    from gamelib.trench import state
    from gamelib.trench.actions import CIV
    from gamelib.trench.board import DIRS

    A, cells = state._ACT, state._CELL_ACTS
    for k in (1, 2, 3):
        for d in DIRS:
            assert state._MOVE_OF[k][d] is A["move", k, d] is state._STEP_OF["move"][k][d]
            assert state._DIG_FWD_OF[k][d] is A["dig_fwd", k, d]
            assert state._STEP_OF["dig_fwd"][k][d] is A["dig_fwd", k, d]
            assert state._DASH_OF[k][d] is A["dash", k, d]
            assert state._TURNS[k][d] == tuple(A["turn", k, e] for e in DIRS if e != d)
        assert state._DIG_OF[k] is A["dig", k] and state._COLLECT_OF[k] is A["collect", k]
        assert all(state._EQUIP_OF[k][it] is A["equip", k, it] for it in ("mask", "drug"))
        assert state._BUILD_AT[k] is cells["build", k, ""]
        assert state._REMOTE_AT[k] is cells["remote", k, ""]
        for b in (1, 2, 3):
            if b != k:
                gives = state._GIVES_TO[k][b]
                assert gives is state._GIVES[k, b]
                assert all(gives[it] is act("give", k, it, n=b) for it in gives)
    shooters = [("", k) for k in (1, 2, 3)]
    shooters += [(f" from S{m}", CIV + c) for m in (1, 2, 3) for c in (1, 2)]
    for sfx, k in shooters:
        shots = state._SHOTS[sfx][k]
        assert shots["gun"] == (A["fire", k, "gun" + sfx],)
        assert shots["gas"] == tuple(A["fire", k, "gas" + sfx, None, n] for n in (0, 1))
        assert shots["bomb"] == tuple(A["fire", k, "bomb" + sfx, None, n] for n in (0, 1, 2))
    assert state._PASS is A["pass",]
    assert state._PLACE_CUBE is cells["place", 0, "cube"]
    assert state._PLACE_FOOD is cells["place", 0, "food"]
    for x in range(9):
        for y in range(9):
            c = (x, y)
            ahead = [(d, state._NEXT[d][c], state._INDEX.get(state._NEXT[d][c])) for d in DIRS]
            assert list(state._AROUND[c]) == ahead
            assert [state._AHEAD[d][c] for d in DIRS] == ahead


def test_kept_landing_lists_match_a_fresh_one():
    """The landing choices kept by (edge, the seat's soldiers' cells) are the ones worked out
    afresh for the state at hand (R4.5), along seeded random set-ups."""
    import random

    from gamelib.trench import state

    game = gamelib.load("trench")
    rng = random.Random(3)
    for seed in range(20):
        st = game.new_state(seed)
        while st.phase in ("arm", "land") and not st.is_terminal():
            legal = st.legal_actions()
            if st.phase == "land":
                assert legal == state._land_list(st, st.queue[0])
            st = play(st, legal[rng.randrange(len(legal))])


def test_cell_tables_share_one_tuple_per_cell():
    """The cell tables are made of ``board.CELL``'s tuples (a dict or set look-up of a cell
    taken from one of them matches by identity), and ``_STEPS`` gives what ``add`` and
    ``index`` give for every board cell (R3.1)."""
    from gamelib.trench import board, state
    from gamelib.trench.board import CELL, DIRS, add, on_board

    def shared(c: tuple[int, int]) -> bool:
        return CELL[c] is c

    assert all(map(shared, state._CELLS)) and all(map(shared, board._INDEX))
    assert all(shared(c) for cells in state._NEXT.values() for kv in cells.items() for c in kv)
    assert all(shared(c) and all(map(shared, near)) for c, near in state._NEIGHBOURS.items())
    assert all(shared(c) and all(shared(q) for q, _ in ray) for (c, _), ray in board._RAYS.items())
    assert all(shared(c) and all(map(shared, seen)) for (c, _), seen in state._LOOK.items())
    assert all(map(shared, state.CORNERS))
    assert all(shared(c) and all(map(shared, v)) for c, v in state._SHIELDS.items())
    assert all(shared(c) and shared(a.cell) for acts in state._BASES.values() for c, _, a in acts)
    assert all(shared(c) and shared(a.cell) for acts in state._LANDINGS.values() for c, a in acts)
    for c in state._CELLS:
        for d in DIRS:
            t, i = board._STEPS[c][d]
            assert shared(t) and t == add(c, d) and i == (board.index(t) if on_board(t) else None)


def test_gas_walk_and_gun_ray_match_the_step_by_step_walks():
    """``gas_walk`` and ``gun_ray`` (read from tables) give what a walk a step at a time with
    ``add``, ``on_board`` and ``height`` gives (R7.4.2 shots, R8.3 gas), on seeded random
    boards, from every start (board, ship ring, one ring more) and reach."""
    import random

    from gamelib.trench import board
    from gamelib.trench.board import DIRS

    rng = random.Random(5)
    cells = [(x, y) for x in range(1, 8) for y in range(1, 8)]
    starts = [(x, y) for x in range(-1, 10) for y in range(-1, 10)]
    for _ in range(3000):
        h = [rng.choice((0, 1, 1, 2)) for _ in range(49)]
        occupied = set(rng.sample(cells, rng.randint(0, 8)))
        start, d = rng.choice(starts), rng.choice(list(DIRS))
        level, reach = rng.randint(0, 2), rng.randint(-1, 8)
        assert board.gun_ray(h, start, level, d, reach, occupied) == board._gun_ray_far(
            h, start, level, d, reach, occupied)
        cell, wind = rng.choice(cells), rng.choice(list(DIRS))
        visited = set(rng.sample(cells, rng.randint(0, 6)))
        side = rng.choice((None, None, *DIRS))
        assert board.gas_walk(h, cell, wind, visited, side) == board._gas_walk_far(
            h, cell, wind, visited, side)


def test_looking_with_one_soldier_knows_what_every_soldier_looking_knows(monkeypatch):
    """After a step that moved one soldier alone or handed a tile to him (``_sight_of``), only
    the pairs with him are looked at (R9.3); along seeded random games of every kind of table,
    the tiles and teams known after each step are those every soldier looking after every step
    knows, and every soldier looking then finds nothing new."""
    import random

    import gamelib.trench.state as ts

    def playout(options: dict, seed: int) -> list:
        game = gamelib.load("trench", **options)
        st = game.new_state(seed, quiet=True)
        rng = random.Random(seed)
        seen = []
        while st.current_player is not None:
            legal = st.legal_actions()
            st.apply_in_place(legal[rng.randrange(len(legal))])
            seen.append((st.known, st.team_seen, st.public_tiles))
            seen[-1] = copy.deepcopy(seen[-1])
            twin = st.clone()  # every soldier looking now finds nothing new
            ts.TrenchState._update_sight(twin)
            assert (twin.known, twin.team_seen) == seen[-1][:2], (options, seed)
        return seen

    def look_fully(self, only=None):
        self._sight_of = None
        look(self, only)

    tables = [{}, {"players": 3}, {"players": 4}, {"players": 4, "open_teams": True},
              {"players": 4, "hidden_teams": True}, {"players": 3, "civilians": True},
              {"beginner": True}, {"players": 3, "relief": False}]
    runs = [(o, seed) for o in tables for seed in range(10)]
    quick = [playout(o, seed) for o, seed in runs]
    look = ts._update_sight
    monkeypatch.setattr(ts, "_update_sight", look_fully)
    for (o, seed), fast in zip(runs, quick, strict=True):
        assert playout(o, seed) == fast, (o, seed)


def test_eyes_not_watching_a_cell_see_the_same_whatever_its_height():
    """R9.2: an eye that neither stands on a cell nor looks across it (``_WATCH``) sees the same
    pieces whatever that cell's height, so a height change makes only the watchers look again."""
    import random

    from gamelib.trench.board import sees
    from gamelib.trench.state import _WATCH

    rng = random.Random(5)
    eyes = [(x, y) for x in range(9) for y in range(9)
            if (0 < x < 8 or 0 < y < 8) and (x, y) not in ((0, 0), (0, 8), (8, 0), (8, 8))]
    board = [(x, y) for x in range(1, 8) for y in range(1, 8)]
    for _ in range(20000):
        h = [rng.choice((0, 1, 1, 2)) for _ in range(49)]
        c, e, t = rng.choice(board), rng.choice(eyes), rng.choice(eyes)
        d = rng.choice("NESW")
        if e in _WATCH[c][d]:
            continue
        h2 = h.copy()
        i = (c[1] - 1) * 7 + c[0] - 1
        h2[i] = rng.choice([v for v in (0, 1, 2) if v != h[i]])
        on_board = 0 < e[0] < 8 and 0 < e[1] < 8
        lv, lv2 = ((h[(e[1] - 1) * 7 + e[0] - 1], h2[(e[1] - 1) * 7 + e[0] - 1])
                   if on_board else (1, 1))
        target_on_board = 0 < t[0] < 8 and 0 < t[1] < 8
        assert sees(h, e, lv, d, t, target_on_board) == sees(h2, e, lv2, d, t, target_on_board)


def test_a_pending_choice_is_found_without_the_list(monkeypatch):
    """``_prune_pending`` asks ``_pending_any`` whether the head decision has a choice, not for
    the list: along seeded random games of several kinds of table, before each test the answer
    is the emptiness of ``_pending_actions``, and so it is after each step for every kind of
    owner decision, every seat and every soldier's card."""
    import random

    import gamelib.trench.state as ts

    asked = []
    any_ = ts._pending_any

    def checked(self):
        got = any_(self)
        assert got == bool(ts._pending_actions(self)), self.pending
        asked.append(got)
        return got

    monkeypatch.setattr(ts, "_pending_any", checked)
    tables = [{}, {"players": 3}, {"players": 4}, {"players": 4, "open_teams": True},
              {"players": 4, "hidden_teams": True}, {"players": 3, "civilians": True},
              {"beginner": True}, {"players": 3, "relief": False}]
    for options in tables:
        for seed in range(12):
            game = gamelib.load("trench", **options)
            st = game.new_state(seed, quiet=True)
            rng = random.Random(seed)
            while st.current_player is not None:
                legal = st.legal_actions()
                st.apply_in_place(legal[rng.randrange(len(legal))])
                kept = st.pending
                for kind in ("relief", "heir", "hand", "penalty", "intr", "civpen"):
                    for p in range(st.n):
                        for s in st.soldiers:
                            st.pending = [(kind, p, s.sid)]
                            assert any_(st) == bool(ts._pending_actions(st)), st.pending
                st.pending = kept
                if len(asked) % 7 == 0:  # cards of cubes alone, takers full or not
                    twin = copy.deepcopy(st)
                    for i, s in enumerate(twin.soldiers):
                        s.tiles, s.masks, s.food, s.drugs = [], 0, 0, 0
                        s.cubes = 1 + (i * seed) % 2
                    for kind in ("relief", "heir", "hand"):
                        for p in range(st.n):
                            for s in twin.soldiers:
                                twin.pending = [(kind, p, s.sid)]
                                assert any_(twin) == bool(ts._pending_actions(twin))
                asked.append(None)
    assert True in asked and False in asked


def test_the_fullest_and_emptiest_tile_match_max_and_min():
    """``_tile`` (move_item, drop_item) picks the tile ``max``/``min`` by rounds would: on ties
    the first one."""
    import random

    from gamelib.trench.soldier import Soldier, _tile

    rng = random.Random(3)
    for _ in range(3000):
        s = Soldier(0, 0, 1)
        s.tiles = [(rng.randrange(12), rng.choice(("gun", "gas", "bomb")), rng.randrange(4))
                   for _ in range(rng.randrange(1, 6))]
        for kind in {t[1] for t in s.tiles}:
            tiles = [t for t in s.tiles if t[1] == kind]
            assert _tile(s, kind, True) is max(tiles, key=lambda t: int(t[2]))
            assert _tile(s, kind, False) is min(tiles, key=lambda t: int(t[2]))


def test_carried_cube_phase_lists_match_a_fresh_one():
    """The cube phase's legal actions, worked out in ``_apply_setup`` from the previous
    player's list (the cell taken or a pool run out), are the ones ``_setup_actions`` gives
    afresh (R4.8, A12), along seeded random set-ups played in place, with each table size,
    in beginner mode and with civilians (whose lists are never carried)."""
    import random

    from gamelib.trench import state

    rng = random.Random(4)
    carried = 0
    for options in ({}, {"players": 3}, {"players": 4}, {"beginner": True},
                    {"civilians": True}):
        game = gamelib.load("trench", **options)
        for seed in range(40):
            st = game.new_state(seed, quiet=seed % 2 == 0)
            while st.phase != "turn" and st.current_player is not None:
                kept = st._legal
                legal = st.legal_actions()
                if st.phase == "setup" and not st.pending:
                    assert legal == state._setup_actions(st, st.queue[0])
                    carried += kept is not None
                st.apply_in_place(legal[rng.randrange(len(legal))])
    assert carried > 100


def test_kept_plot_lists_match_a_fresh_one():
    """The plot choices kept by kind of hand (all made at the first plot of such a hand) are
    the ones worked out afresh from the hand at hand (R5.3, A22 b), along seeded random games,
    with each interrupt timing and in beginner mode."""
    import random

    from gamelib.trench import state

    rng = random.Random(5)
    seen = 0
    for options in ({}, {"interrupt_timing": "phase4"}, {"interrupt_timing": "boundary"},
                    {"beginner": True}):
        game = gamelib.load("trench", **options)
        for seed in range(15):
            st = game.new_state(seed, quiet=True)
            while st.current_player is not None:
                legal = st.legal_actions()
                if st.phase == "plot" and not st.pending and st.choice is None:
                    p = st.queue[0]
                    can_intr = (st.hands[p].get("interrupt", 0) > 0 and not st.intr_used[p]
                                and any(s.drugs for s in st.in_play(p)))
                    phase4 = st.opts.interrupt_timing == "phase4"
                    assert legal == state._plot_list(dict(st.hands[p]), can_intr, phase4)
                    seen += 1
                st.apply_in_place(legal[rng.randrange(len(legal))])
    assert seen > 300


def test_ownership_bits_stay_apart_and_small():
    """The soldiers' ownership bits (one per soldier, 12 at most) and the wind, hands and known
    bits of ``_sown`` never overlap, and a state owning everything keeps ``_sown`` one CPython
    digit (below 2**30)."""
    from gamelib.trench import state

    others = state._WIND | state._HANDS | state._KNOWN
    for players in (2, 3, 4):
        st = gamelib.load("trench", players=players).new_state(1)
        mine = (1 << len(st.soldiers)) - 1
        assert mine & others == 0 and st._sown == mine | others < 2**30


def test_log_keys_given_in_the_engine_are_in_the_catalog():
    """``state._ENTRY`` makes entries without the catalog's key test: every key the engine
    hands it (directly or through ``_log``) is a message of the catalog, in both languages."""
    import inspect
    import re

    from gamelib.trench import state
    from gamelib.trench.messages import MESSAGES

    source = inspect.getsource(state)
    keys = set(re.findall(r"""(?:_ENTRY\(|_log\()\s*["']([a-z_0-9]+)["']""", source))
    assert len(keys) > 25
    for key in keys:
        assert key in MESSAGES.templates, key
        assert MESSAGES.templates[key]["en"] and MESSAGES.templates[key]["ja"]


def test_entries_made_in_the_engine_match_the_catalogs_own():
    """An entry made by ``state._ENTRY`` has every field of ``MESSAGES.entry_from``'s."""
    from gamelib.trench import state
    from gamelib.trench.messages import MESSAGES

    for args in (("turn", {"name": "South"}, None, None, "phase"),
                 ("plot_own", {"cards": ["move"]}, 1, state._ONLY[1], "event")):
        mine, theirs = state._ENTRY(*args), MESSAGES.entry_from(*args)
        assert type(mine) is type(theirs)
        for field in type(theirs).__slots__:
            assert getattr(mine, field) == getattr(theirs, field), field
        assert mine.en == theirs.en and mine.ja == theirs.ja


def test_new_states_share_nothing_they_write():
    """Soldiers share their lists of tiles and corpses with their copies (the lists are
    replaced, never changed): seeded games played in place to the end, and on the checked path,
    leave a new game with the same seed as it was (the set-up prototype untouched)."""
    import random

    from gamelib.core.state import fingerprint

    for opts in ({}, {"players": 4, "open_teams": True}, {"players": 3, "civilians": True}):
        game = gamelib.load("trench", **opts)
        rng = random.Random(5)
        fresh = [fingerprint(game.new_state(seed)) for seed in range(3)]
        for seed in range(3):
            st = game.new_state(seed, quiet=True)
            while st.current_player is not None:
                legal = st.legal_actions()
                st.apply_in_place(legal[rng.randrange(len(legal))])
            st = game.new_state(seed)
            while not st.is_terminal():
                legal = st.legal_actions()
                st = play(st, legal[rng.randrange(len(legal))])
        assert [fingerprint(game.new_state(seed)) for seed in range(3)] == fresh


def test_shared_entries_match_fresh_ones(monkeypatch):
    """Entries made once and shared (``state._SHARED``) are the entries a step would make
    afresh: seeded games in both languages and several seatings give the same log, field by
    field, with the shared entries and with every entry made anew."""
    import random

    from gamelib.trench import state

    class NoStore(dict):  # type: ignore[type-arg]
        """Keeps nothing: every shared entry is made anew."""

        def __setitem__(self, key: object, value: object) -> None:
            pass

    def logs() -> list[list[tuple[object, ...]]]:
        out = []
        for lang in ("en", "ja"):
            for opts in ({}, {"players": 4, "open_teams": True}, {"players": 3}):
                game = gamelib.load("trench", lang=lang, **opts)
                rng = random.Random(11)
                for seed in range(2):
                    st = game.new_state(seed)
                    while not st.is_terminal():
                        legal = st.legal_actions()
                        st = play(st, legal[rng.randrange(len(legal))])
                    out.append([(e.key, e.en, e.ja, e.player, e.visible_to, e.kind,
                                 repr(e.params)) for e in st.log])
        return out

    shared = logs()
    assert len(state._SHARED) > 20
    monkeypatch.setattr(state, "_SHARED", NoStore())
    assert logs() == shared
