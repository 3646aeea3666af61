"""Figures and the headless controller of 毒ガス塹壕戦."""

from __future__ import annotations

import random

import gamelib
from gamelib.core import play
from gamelib.trench.figures import board_3d_figure, top_view_figure
from gamelib.trench.ui import controller


def _played(steps: int):
    st = gamelib.load("trench", players=2).new_state(4)
    rng = random.Random(4)
    for _ in range(steps):
        if st.is_terminal():
            break
        legal = st.legal_actions()
        st = play(st, legal[rng.randrange(len(legal))])
    return st


def test_3d_board_has_every_cube():
    """One box (12 triangles) per cube of the height map; soldiers drawn once on the board."""
    st = _played(40)
    fig = board_3d_figure(st.view(None))
    mesh = fig.data[0]
    assert mesh.type == "mesh3d" and len(mesh.i) == 12 * sum(st.h)
    names = [t.name for t in fig.data]
    assert "soldiers" in names or not any(s.in_play for s in st.soldiers)


def test_top_view_cells_carry_legal_actions():
    """During set-up every clickable cell's customdata is a legal action of the seat to move."""
    st = gamelib.load("trench", players=2).new_state(1)
    st = play(st, st.legal_actions()[0])
    st = play(st, st.legal_actions()[0])
    view = st.view(st.current_player)
    fig = top_view_figure(view)
    cells = next(t for t in fig.data if t.name == "cells")
    texts = {str(a) for a in st.legal_actions()}
    clickable = [c for c in cells.customdata if c]
    assert clickable and all(c in texts for c in clickable)
    other = top_view_figure(st.view(1 - st.current_player))
    assert not any(next(t for t in other.data if t.name == "cells").customdata)


def test_controller_plays_with_bots():
    """The headless controller runs bots and switches viewpoints without errors."""
    ctrl = controller(seed=3, seats={0: "heuristic", 1: "random"})
    ctrl.autoplay(steps=30)
    assert ctrl.last_error is None
    ctrl.set_viewpoint(None)
    assert ctrl.last_error is None


def test_gas_odds_small_multiples_match_reach():
    """One panel per wind card; shaded cells are exactly the reachable ones (walls apart)."""
    from gamelib.trench.figures import gas_odds_figure
    from gamelib.trench.odds import reach_by_card

    st = gamelib.load("trench", players=2).new_state(2)
    st.gas[0] = (0, (3, 3))
    view = st.view(0)
    fig = gas_odds_figure(view)
    reach = reach_by_card(view)
    assert len(fig.data) == 7
    north = fig.data[0]
    shaded = {(x, y) for y in range(1, 8) for x in range(1, 8) if north.z[y - 1][x - 1] == 1.0}
    assert shaded == {c for c in reach["N"] if st.H(c) != 2}


def _to_plot(ctrl):
    while not (ctrl.state.phase == "plot" and ctrl.state.current_player == 0):
        ctrl.play(ctrl.legal_texts()[-1] if ctrl.state.phase == "base" else ctrl.legal_texts()[0])
    assert ctrl.last_error is None


def test_plot_panel_buttons_plot_the_chosen_cards():
    """R5.3: the plot panel shows the seat's hand as buttons; two clicks and Plot submit
    ``plot move+fire``; the plot then shows to its seat only (R9.6)."""
    ctrl = controller(seed=3)
    panel = ctrl.plot_panel
    _to_plot(ctrl)
    assert set(panel.card_buttons) >= {"move", "fire", "turn"}
    assert panel.plot_button.disabled
    panel.card_buttons["move"].click()
    panel.card_buttons["fire"].click()
    assert panel.chosen == ["move", "fire"] and not panel.plot_button.disabled
    panel.plot_button.click()
    assert ctrl.last_error is None
    assert ctrl.state.plots[0] == ["move", "fire"]
    assert "Move → Fire" in panel.info.value and not panel.card_buttons
    ctrl.set_viewpoint(1)
    name = ctrl.game.seat_names()[0]
    assert "Move → Fire" not in panel.info.value
    assert f"{name}: 2 card(s) face down" in panel.info.value
    assert not panel.card_buttons


def test_plot_panel_refusal_and_japanese():
    """A plot the rules refuse (the same single card twice) shows the controller's error; the
    panel speaks Japanese with ``lang="ja"``."""
    ctrl = controller(gamelib.load("trench", players=2, lang="ja"), seed=3)
    panel = ctrl.plot_panel
    _to_plot(ctrl)
    assert "移動" in panel.card_buttons["move"].description
    panel.card_buttons["dig"].click()
    assert panel.card_buttons["dig"].disabled  # only one Dig card in hand
    panel.pick("dig")  # a second Dig anyway (as a stale click could)
    panel.plot_button.click()
    assert ctrl.last_error is not None and ctrl.state.plots[0] is None


def test_top_view_draws_civilians_and_the_village_in_both_languages():
    """R13.2: the civilians and the village are public, so the top view draws them."""
    import dataclasses

    import gamelib
    from gamelib.trench.figures import top_view_figure

    for lang, tag, village in (("en", "C", "village"), ("ja", "民", "村")):
        view = gamelib.load("trench", civilians=True, lang=lang).new_state(3).view(0)
        view = dataclasses.replace(view, civilians=((1, (2, 3), "N"), (2, (5, 5), "S")),
                                   village=(4, 4))
        fig = top_view_figure(view)
        traces = {t.name: t for t in fig.data}
        assert list(traces["civilians"].text) == [f"▲{tag}1", f"▼{tag}2"]
        assert list(traces["civilians"].x) == [2, 5] and list(traces["civilians"].y) == [3, 5]
        assert list(traces["village"].text) == [village]
        plain = top_view_figure(gamelib.load("trench", lang=lang).new_state(3).view(0))
        assert {t.name for t in plain.data}.isdisjoint({"civilians", "village"})


def _civilian_game(lang: str):
    """A civilians game after set-up: two civilians and the village placed in the cube phase."""
    st = gamelib.load("trench", players=2, civilians=True, lang=lang).new_state(3)
    while st.phase != "plot":
        legal = st.legal_actions()
        pick = legal[-1] if st.phase == "base" else legal[0]
        for kind in ("civilian", "village"):
            pick = next((a for a in legal if a.verb == "place" and a.arg == kind), pick)
        st = play(st, pick)
    return st


def test_3d_board_draws_civilians_and_the_village_from_a_view():
    """R13.2: the 3D board shows each civilian (marker with its number and a facing cone at its
    cell's level) and the village (its own cube colour and a label), in English and Japanese,
    exactly where the view puts them; the picture is the same for every seat (all public), so
    no seat's figure shows what that seat may not see (plots, hands, unseen weapons)."""
    from gamelib.trench.board import DIRS

    for lang, tag, village in (("en", "C", "village"), ("ja", "民", "村")):
        st = _civilian_game(lang)
        st = play(st, "plot move+fire")  # seat 0's plot is hidden from seat 1
        view = st.view(1)
        assert len(view.civilians) == 2 and view.village is not None
        fig = board_3d_figure(view)
        traces = {t.name: t for t in fig.data}
        civ = traces["civilians"]
        assert list(civ.text) == [f"{tag}{n}" for n, _, _ in view.civilians]
        assert [(x, y) for x, y in zip(civ.x, civ.y, strict=True)] == [
            c for _, c, _ in view.civilians]
        h = view.heights
        assert list(civ.z) == [h[(c[1] - 1) * 7 + c[0] - 1] + 0.5 for _, c, _ in view.civilians]
        cone = traces["civilian facing"]
        assert [(u, v) for u, v in zip(cone.u, cone.v, strict=True)] == [
            DIRS[f] for _, _, f in view.civilians]
        lab = traces["village"]
        assert list(lab.text) == [village] and (lab.x[0], lab.y[0]) == view.village
        mesh = fig.data[0]
        vx, vy = view.village
        corner = next(n for n in range(0, len(mesh.x), 8)  # the top cube's first vertex
                      if (mesh.x[n], mesh.y[n], mesh.z[n]) == (vx - 0.5, vy - 0.5, 1))
        top = [k for k in range(len(mesh.i)) if corner <= mesh.i[k] < corner + 8]
        assert len(top) == 12 and {mesh.facecolor[k] for k in top} == {"#8c6d3f"}
        others = [board_3d_figure(st.view(p)).to_json() for p in (0, None)]
        assert all(o == fig.to_json() for o in others)
        text = fig.to_json()
        for secret in ("move+fire", "機銃", "\"gun\"", "毒ガス", "bomb"):
            assert secret not in text


def test_3d_board_without_civilians_has_no_civilian_traces():
    """Without the option (R13.2) nothing civilian is drawn; north is marked (R4.1)."""
    st = gamelib.load("trench", players=2).new_state(1)
    names = {t.name for t in board_3d_figure(st.view(0)).data}
    assert not names & {"civilians", "civilian facing", "village"} and "north" in names


def test_3d_board_draws_occupied_landing_ships_only():
    """R3.13: each soldier still aboard stands on a ship cube beside his edge, off the board
    (z 0–1, so he is drawn at level 1); a ship is gone once its soldier steps off."""
    from tests.trench.helpers import put, ready

    st = ready()
    put(st, 0, 1, (2, 1), "N")  # S1 has left his ship
    view = st.view(1)
    ships = next(t for t in board_3d_figure(view).data if t.name == "ships")
    aboard = [s.cell for s in view.soldiers if s.ship]
    assert len(aboard) == 5 and len(ships.i) == 12 * len(aboard)
    corners = {(ships.x[n] + 0.5, ships.y[n] + 0.5) for n in range(0, len(ships.x), 8)}
    assert corners == set(aboard) and (2, 0) not in corners
    assert {ships.z[n] for n in range(len(ships.z))} == {0, 1}


def test_controller_figures_keep_their_traces_and_match_the_public_figures():
    """The controller's figures keep the same traces whatever the state (absent ones hidden,
    so every click is sent as a diff), and what they show is the public figures' JSON."""
    import json

    from gamelib.trench.figures import board_3d_spec, top_view_spec
    from gamelib.trench.ui import BOARD_HEIGHT, BOARD_WIDTH

    def shown(fig):
        data = [{k: v for k, v in t.items() if k != "uid"} for t in fig.to_dict()["data"]
                if t.get("visible") is not False]
        return json.dumps(data, sort_keys=True)

    ctrl = controller(gamelib.load("trench", players=3, civilians=True), seed=5,
                      seats={i: "human" for i in range(3)})
    board, top = ctrl.figure_widgets()
    types = [[t.type for t in fw.data] for fw in (board, top)]
    rng = random.Random(5)
    kinds: set[frozenset[str]] = set()
    for _ in range(60):
        if ctrl.state.is_terminal():
            break
        texts = ctrl.legal_texts()
        ctrl.play(texts[rng.randrange(len(texts))])
        assert ctrl.last_error is None
        assert [[t.type for t in fw.data] for fw in (board, top)] == types
        view = ctrl.view
        expected = board_3d_figure(view, height=BOARD_HEIGHT)
        expected.layout.width = BOARD_WIDTH
        assert shown(board) == shown(expected)
        assert shown(top) == shown(top_view_figure(view, height=BOARD_HEIGHT))
        kinds.add(frozenset(t["name"] for t in board_3d_spec(view)["data"]))
    assert len(kinds) > 1  # traces came and went
    hidden = [t for t in top_view_spec(ctrl.view, every_trace=True)["data"]
              if t.get("visible") is False]
    assert all(set(t) == {"type", "name", "visible"} for t in hidden)
