"""notebooks/qmg.ipynb in Voila, driven in headless Chromium: the board renders, a button click
redraws the map as the engine's state, and the page logs no JavaScript error.

The battle chapter's controller shows a lesson position (Germany to play a Land Battle). The test
clicks the buttons as players name them — the card "Land Battle …", its "Play", then "Battle →
Ukraine (Soviet Union)" — and reads the pieces the map draws (plotly's own ``data`` on the graph
div) to compare them with the engine's state after the same two actions. At 1280×800 the
controller's map, hand strip, buttons and controls fit one screen.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browser.harness import CONTROLLER, JsErrors

pytestmark = pytest.mark.browser

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "qmg.ipynb"
VOILA_DONE = (
    "() => !document.getElementById('loading')"
    " && !document.body.innerText.includes('Loading widget...')"
)
LOAD_MS = 420_000
NATIONS = ("Germany", "United Kingdom", "Japan", "Soviet Union", "Italy", "United States")
# (nation name, x, y) of every piece marker on the first controller's map.
DRAWN_PIECES = """names => {
  const gd = document.querySelector('.gamelib-controller .js-plotly-plot');
  if (!gd || !gd.data) return null;
  const out = [];
  for (const t of gd.data) {
    if (!names.includes(t.name)) continue;
    for (let i = 0; i < (t.x || []).length; i++) out.push([t.name, t.x[i], t.y[i]]);
  }
  return out;
}"""


def expected_pieces(*texts: str) -> list[list[Any]]:
    """The piece markers the map should draw after ``texts`` from the battle lesson."""
    from gamelib.qmg.figures import map_figure
    from gamelib.qmg.positions import battle_lesson, play_texts

    fig = map_figure(play_texts(battle_lesson(), *texts).view(0))
    pts = [[t.name, x, y] for t in fig.data if t.name in NATIONS
           for x, y in zip(t.x, t.y, strict=True)]
    return sorted(pts)


def _wait_rendered(page: Any) -> None:
    page.wait_for_function("() => !document.getElementById('loading')", timeout=LOAD_MS)
    for _ in range(60):
        page.wait_for_function(VOILA_DONE)
        page.wait_for_timeout(1000)
        if page.evaluate(VOILA_DONE):
            return
    pytest.fail("Voila output kept changing between loading and rendered")


def _click_named(box: Any, name: str) -> None:
    """Click the visible button of ``box`` whose text is ``name`` (the buttons' texts listed
    when there is none)."""
    buttons = box.locator("button:visible")
    for _ in range(60):
        texts = [" ".join(t.split()) for t in buttons.all_inner_texts()]
        if name in texts:
            buttons.nth(texts.index(name)).click()
            return
        box.page.wait_for_timeout(1000)
    pytest.fail(f"no button {name!r} among {texts}")


def _same(drawn: list[list[Any]] | None, expected: list[list[Any]]) -> bool:
    if drawn is None or len(drawn) != len(expected):
        return False
    drawn = sorted(drawn, key=lambda p: (p[0], float(p[1]), float(p[2])))
    return all(a[0] == b[0] and abs(a[1] - b[1]) < 1e-6 and abs(a[2] - b[2]) < 1e-6
               for a, b in zip(drawn, expected, strict=True))


def test_qmg_notebook_in_voila(
    voila: Callable[[Path], Any], page: Any, artifacts_dir: Path
) -> None:
    if not NOTEBOOK.exists():
        pytest.skip("notebooks/qmg.ipynb does not exist yet")
    errors = JsErrors(page)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url} {r.failure}"))
    server = voila(NOTEBOOK)
    # Voila streams the page while the kernel runs every cell (the 200-game VP race takes a
    # while on a loaded machine): wait for the first bytes only, then for the widgets.
    page.goto(server.page_url, wait_until="commit", timeout=LOAD_MS)
    lesson = page.locator(CONTROLLER).first
    lesson.wait_for(timeout=LOAD_MS)
    _wait_rendered(page)
    page.screenshot(path=str(artifacts_dir / "voila-qmg-start.png"), full_page=True)
    assert "Traceback" not in page.inner_text("body")
    # 9 static figures (maps, cards, VP, odds, race) and 4 live ones in each of 2 controllers,
    # each drawn when scrolled to (gamelib.ui.plotly_widget draws figures near the screen)
    figures = page.locator(".gamelib-figure")
    for i in range(figures.count()):
        figures.nth(i).evaluate("(e) => e.scrollIntoView({ block: 'center' })")
        page.wait_for_timeout(300)
    page.wait_for_function("() => document.querySelectorAll('.js-plotly-plot .main-svg').length"
                           " >= 17")
    lesson.scroll_into_view_if_needed()

    start = expected_pieces()
    page.wait_for_function(f"names => ({DRAWN_PIECES})(names) !== null", arg=list(NATIONS))
    assert _same(page.evaluate(DRAWN_PIECES, list(NATIONS)), start)

    page.set_viewport_size({"width": 1280, "height": 800})
    top = lesson.bounding_box()
    controls = lesson.locator(".widget-hbox").filter(has_text="Undo").first.bounding_box()
    assert top and controls and controls["y"] + controls["height"] - top["y"] <= 800
    _click_named(lesson, "Land Battle …")  # the card's group: Play / Discard
    _click_named(lesson, "Play")
    battle = lesson.get_by_role("button", name="Battle → Ukraine (Soviet Union)").first
    battle.wait_for(timeout=60_000)
    battle.click()
    after = expected_pieces("play ger_land_battle", "battle ukraine soviet_union")
    assert after != start  # the Soviet army in Ukraine is gone
    page.wait_for_function(
        f"""([names, n]) => {{ const d = ({DRAWN_PIECES})(names); return d && d.length === n; }}""",
        arg=[list(NATIONS), len(after)],
        timeout=60_000,
    )
    assert _same(page.evaluate(DRAWN_PIECES, list(NATIONS)), after)
    # The log widget and the figure are separate messages from the kernel: wait for the line.
    log = lesson.locator(".gamelib-log").first
    log.get_by_text("Germany battles in Ukraine").first.wait_for(timeout=60_000)
    page.screenshot(path=str(artifacts_dir / "voila-qmg-played.png"), full_page=True)
    problems = errors.relevant() + [f"request failed: {f}" for f in failed]
    assert not problems, "\n".join(problems)
