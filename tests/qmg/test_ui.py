"""The 主計将校 controller, driven headless like a user: buttons, map and card clicks, bots."""

from __future__ import annotations

import pytest

pytest.importorskip("gamelib.ui", reason="gamelib.ui (the generic controller) is missing")

from plotly.callbacks import InputDeviceState, Points

import gamelib
from gamelib.qmg.actions import act
from gamelib.qmg.figures import LAYOUT, supply_links
from gamelib.qmg.positions import battle_lesson, play_texts
from gamelib.qmg.ui import ACTING, QmgController, TryIt, controller


def pieces_drawn(ctrl: QmgController) -> set[tuple[str, float, float]]:
    """(nation, x, y) of every piece marker on the map widget."""
    names = [n.name.en for n in ctrl.state.board.nations]
    fw = ctrl.figure_widgets()[0]
    return {(t.name, x, y) for t in fw.data if t.name in names for x, y in zip(t.x, t.y,
                                                                              strict=True)}


def pieces_of_state(ctrl: QmgController) -> set[str]:
    return {s for s, here in ctrl.state.pieces.items() if here}


def click(trace, index: int) -> None:
    trace._dispatch_on_click(Points(point_inds=[index], trace_index=0), InputDeviceState())


def test_default_controller_has_map_cards_vp_and_a_bot() -> None:
    ctrl = controller(seed=2)
    assert ctrl.seats == {0: "human", 1: "heuristic"}
    titles = [fw.layout.title.text for fw in ctrl.figure_widgets()]
    assert len(titles) == 4
    assert "Round 1" in titles[0] and "Cards" in titles[1] and "Cards" in titles[2]
    assert "Victory points" in titles[3]
    hand, table = ctrl.figure_widgets()[1:3]
    assert list(hand.layout.yaxis.ticktext) == ["hand of Germany"]
    assert len(table.layout.yaxis.ticktext) == 6  # one row per nation
    assert ctrl.state.current_player == 0  # the human discards first: nothing played for them
    assert ctrl.last_error is None


def test_map_hand_and_buttons_fit_a_1280x800_screen() -> None:
    """Above the buttons only the map and the hand strip; the table and the VP track come after
    the controls. Heights: figures as set, widgets as the browser test measures them (about 25 px
    status, 70 px buttons, 40 px controls)."""
    ctrl = controller(seed=2)
    children = list(ctrl.widget.children)
    above = children[: children.index(ctrl.actions_box)]
    below = children[children.index(ctrl.controls) + 1 :]
    board, hand, table, vp = ctrl.figure_widgets()
    assert ctrl.figures_box in above and list(ctrl.figures_box.children) == [board, hand]
    assert any(table in getattr(w, "children", ()) and vp in w.children for w in below)
    assert board.layout.height + hand.layout.height + 25 + 70 + 40 <= 800
    for fw in (board, hand):
        sizes = [fw.layout.font.size, fw.layout.legend.font.size]
        sizes += [t.textfont.size for t in fw.data if getattr(t, "textfont", None) and
                  t.textfont.size is not None]
        assert min(sizes) >= 12, sizes


def press(ctrl: QmgController, text: str) -> None:
    """Click the button of the action ``text`` (opening its card's or space's group first), or
    choose its label in the dropdown and click "Play"."""
    for head, members in ctrl.choices():
        if any(t == text for t, _ in members) and len(members) > 1:
            group = [b for b in ctrl.action_buttons if b._gamelib_group == head]
            if group:
                group[0].click()
            break
    buttons = [b for b in ctrl.action_buttons if b._gamelib_action == text]
    if buttons:
        buttons[0].click()
    else:
        ctrl.action_dropdown.value = ctrl.legal_labels()[text]
        ctrl.play_button.click()
    assert ctrl.last_error is None, ctrl.error_area.value


def test_button_click_changes_the_drawn_state_to_the_engines() -> None:
    ctrl = controller(seed=2, seats=["human", "human"])  # Germany drew two Build Army cards
    for _ in range(60):  # the set-up discards, then Germany's Play step
        build = next((t for t in ctrl.legal_texts() if t == "play ger_build_army"), None)
        if build or ctrl.state.stack[-1].op == "play":
            break
        press(ctrl, next(t for t in ctrl.legal_texts() if t != "discard ger_build_army"))
    assert build == "play ger_build_army"
    press(ctrl, build)
    before = pieces_of_state(ctrl)
    target = next(t for t in ctrl.legal_texts() if t.startswith("build "))
    press(ctrl, target)
    space = target.split()[1]
    assert pieces_of_state(ctrl) == before | {space}
    assert ("Germany", *LAYOUT[space]) in pieces_drawn(ctrl)


def test_map_click_plays_the_spaces_action() -> None:
    st = play_texts(battle_lesson(), "play ger_land_battle")
    ctrl = controller(seats=["human", "human"])
    ctrl.show_position(st)
    land = next(t for t in ctrl.figure_widgets()[0].data if t.name == "land space")
    index = list(land.customdata).index("battle ukraine soviet_union")
    click(land, index)
    assert ctrl.last_error is None, ctrl.error_area.value
    assert ctrl.state.history[-1] == "battle ukraine soviet_union"
    assert 3 not in ctrl.state.pieces["ukraine"]


def test_card_click_plays_the_card() -> None:
    ctrl = controller(seats=["human", "human"])
    ctrl.show_position(battle_lesson())
    cards = ctrl.figure_widgets()[1]
    trace = next(t for t in cards.data if t.name == "Land Battle")
    index = list(trace.customdata).index("play ger_land_battle")
    click(trace, index)
    assert ctrl.last_error is None, ctrl.error_area.value
    assert ctrl.state.history[-1] == "play ger_land_battle"


def test_no_clicks_for_a_bot_or_another_seats_view() -> None:
    ctrl = controller(seats=["human", "human"])
    ctrl.show_position(battle_lesson())
    ctrl.set_viewpoint(1)  # the Allies' view while Germany decides
    data = [d for t in ctrl.figure_widgets()[0].data for d in (t.customdata or ())]
    assert not any(data)
    bots = controller(seats=["heuristic", "random"], auto_bots=False)
    assert not any(d for t in bots.figure_widgets()[0].data for d in (t.customdata or ()))


def test_supply_dropdown_redraws_the_lines() -> None:
    ctrl = controller(seats=["human", "human"])
    ctrl.show_position(play_texts(battle_lesson(), "play ger_build_army", "build balkans"))
    ctrl.set_viewpoint(None)
    ctrl.supply_box.value = 0
    assert ctrl.last_error is None, ctrl.error_area.value
    line = next(t for t in ctrl.figure_widgets()[0].data if t.name == "supply lines of Germany")
    expected = supply_links(ctrl.view, 0)
    assert len([x for x in line.x if x is not None]) == 2 * len(expected) > 0
    ctrl.set_supply_nation(None)
    assert ctrl.supply_box.value == ACTING


def test_undo_from_a_lesson_position_replays_from_it() -> None:
    ctrl = controller(seats=["human", "human"])
    start = battle_lesson()
    ctrl.show_position(start)
    ctrl.play("play ger_land_battle")
    ctrl.play("battle ukraine soviet_union")
    ctrl.undo_button.click()
    assert ctrl.last_error is None, ctrl.error_area.value
    assert ctrl.state.history == ("play ger_land_battle",)
    assert ctrl.state.pieces["ukraine"] == (3,)
    ctrl.undo()
    ctrl.undo_button.click()  # nothing left: a clear refusal, the position stays
    assert ctrl.last_error is not None and ctrl.state.pieces == start.pieces
    ctrl.restart(3)
    assert ctrl.state.seed == 3 and ctrl.state.round == 1


def test_a_lesson_following_the_board_in_its_language_redraws_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A lesson follows its boards in the language they show: no redraw; a switch redraws the
    lesson position in the other language, from the same position."""
    from gamelib.ui.lesson import Lesson

    lesson = Lesson(lang="en")
    ctrl = controller(seats=["human", "human"])
    ctrl.show_position(battle_lesson())
    refreshes: list[str] = []
    refresh = QmgController._refresh
    monkeypatch.setattr(QmgController, "_refresh",
                        lambda self: refreshes.append(self.lang) or refresh(self))
    lesson.follow(ctrl)
    assert refreshes == []
    lesson.switch.value = "ja"
    assert refreshes and set(refreshes) == {"ja"} and ctrl.supply_box.description == "補給線の国"
    assert ctrl.state.pieces == battle_lesson().pieces


def test_bots_play_a_whole_game_headless() -> None:
    ctrl = controller(seats=["random", "heuristic"], seed=5, auto_bots=False)
    ctrl.autoplay()
    assert ctrl.state.is_terminal() and ctrl.last_error is None
    assert "the game is over" in ctrl.figure_widgets()[0].layout.title.text


def test_japanese_controller() -> None:
    ctrl = controller(gamelib.load("qmg", players=2, lang="ja"), seed=1)
    assert ctrl.supply_box.description == "補給線の国"
    assert "第1ラウンド" in ctrl.figure_widgets()[0].layout.title.text


def test_try_it_checks_through_the_engine_and_explains() -> None:
    from gamelib.qmg.positions import supply_lesson

    def check(sea: str) -> tuple[bool, str]:
        after = play_texts(supply_lesson(), "play ger_build_navy", f"build {sea}")
        ok = "north_africa" in after.view(None).supplied[0]
        return ok, f"North Africa {'is' if ok else 'is not'} in supply with a navy in {sea}"

    seas = [("Baltic", "baltic"), ("Mediterranean", "mediterranean"), ("Black Sea", "black_sea")]
    quiz = TryIt("Where?", seas, check)
    quiz.button.click()
    assert quiz.correct is None and "Pick" in quiz.feedback.value
    assert not quiz.answer("baltic")
    assert "Not quite" in quiz.feedback.value and "is not in supply" in quiz.feedback.value
    assert quiz.answer("mediterranean")
    assert "Right" in quiz.feedback.value


def test_try_it_shows_an_engine_refusal_as_the_reason() -> None:
    def check(space: str) -> tuple[bool, str]:
        play_texts(supply_lesson_position(), "play ger_build_army", f"build {space}")
        return True, "built"

    from gamelib.qmg.positions import supply_lesson as supply_lesson_position

    quiz = TryIt("Where can Germany build?", [("Moscow", "moscow")], check, lang="ja")
    assert not quiz.answer("moscow")
    assert "ちがいます" in quiz.feedback.value and "build moscow" in quiz.feedback.value


def test_hot_seat_view_follows_the_human_to_move_after_the_screen_is_passed() -> None:
    ctrl = controller(seats=["human", "human"], hotseat=True, seed=2)
    assert ctrl.viewpoint == ctrl.state.current_player == 0
    while ctrl.state.current_player == 0:
        ctrl.play(ctrl.legal_texts()[0])
    assert ctrl.state.current_player == 1
    # Germany's hand stays hidden from the next player until the screen is passed.
    assert ctrl.viewpoint == 0 and ctrl.pass_box.layout.display != "none"
    ctrl.pass_button.click()
    assert ctrl.viewpoint == 1 and ctrl.pass_box.layout.display == "none"
    assert ctrl.last_error is None, ctrl.error_area.value
    hand = ctrl.figure_widgets()[1].layout.yaxis.ticktext[0]
    assert hand == "hand of United Kingdom"
    still = controller(seats=["human", "human"], seed=2)
    while still.state.current_player == 0:
        still.play(still.legal_texts()[0])
    assert still.viewpoint == 0  # without hotseat the view stays put


@pytest.mark.parametrize(("lang", "play", "discard"), [("en", "Play", "Discard"),
                                                         ("ja", "プレイ", "捨て札にする")])
def test_buttons_name_cards_and_spaces_and_group_a_card_s_options(
    lang: str, play: str, discard: str
) -> None:
    ctrl = controller(gamelib.load("qmg", players=2, lang=lang), seed=2,
                      seats=["human", "human"])
    for _ in range(60):  # the set-up discards, then Germany's Play step (cards grouped)
        assert all("_" not in b.description for b in ctrl.action_buttons)  # never an id
        if ctrl.state.stack[-1].op == "play":
            break
        press(ctrl, ctrl.legal_texts()[0])
    names = {b.description for b in ctrl.action_buttons}
    build = ctrl.game.action_label(act("play", "ger_build_army"), lang)
    card = "Build Army" if lang == "en" else "陸軍の設立"
    assert build not in names and any(card in name for name in names)
    opener = next(b for b in ctrl.action_buttons if b._gamelib_group == card)
    opener.click()
    options = {b.description for b in ctrl.action_buttons if b._gamelib_action}
    assert options == {play, discard}
    press(ctrl, "play ger_build_army")
    assert ctrl.state.history[-1] == "play ger_build_army"
    spaces = {b.description for b in ctrl.action_buttons}
    arrow = "Build → " if lang == "en" else "設立 → "
    assert spaces and all(s.startswith(arrow) for s in spaces if s not in ("Pass", "パス")), spaces
