"""The lab panel: pick a game, its rule set (and a second one to compare), the player count and
two bots; run N seeded games with a progress bar; read win rates with confidence intervals,
seat advantage, scores and lengths as figures and sentences; download the games as CSV.

>>> from gamelib.lab.ui import LabPanel
>>> panel = LabPanel(game="powers", games=200)
>>> panel            # displays the panel; panel.run() does what the Run button does

The four figures are created once and updated in place on every run (one plotly.js per page);
the controls share their layout and style widgets (:mod:`gamelib.ui.shared_parts`), and the
rule pickers a game change replaces are closed.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets
import plotly.graph_objects as go

from gamelib.bots import bot_names
from gamelib.core import GameLibError, available_games, load, option_specs
from gamelib.lab import figures
from gamelib.lab.texts import text
from gamelib.sim.batch import Batch, run_batch
from gamelib.ui.closing import close_soon, heard_from_page
from gamelib.ui.figure_update import update_figure
from gamelib.ui.plotly_widget import FigureWidget
from gamelib.ui.shared_parts import make

__all__ = ["LabPanel"]

FIXED = ("lang", "players", "cards")
"""Options the rule-set pickers leave out (language, player count, data sources)."""

KINDS = ("win", "seat", "score", "length")
BUILDERS = {
    "win": figures.win_rate_figure,
    "seat": figures.seat_figure,
    "score": figures.score_figure,
    "length": figures.length_figure,
}


def rule_choices(game_id: str) -> dict[str, tuple[Any, ...]]:
    """The options of ``game_id`` that a rule set chooses among (name → choices)."""
    game = load(game_id)
    specs = option_specs(type(game.options))
    return {
        name: tuple(spec["choices"])
        for name, spec in specs.items()
        if name not in FIXED and spec["choices"] and len(spec["choices"]) > 1
    }


class LabPanel:
    """Run and compare batches of bot games in a notebook (see the module docstring)."""

    def __init__(
        self,
        game: str = "powers",
        *,
        games: int = 200,
        seed: int = 0,
        lang: str = "en",
        processes: int = 1,
    ) -> None:
        self.lang = lang
        self.batches: list[Batch] = []
        self.error: str | None = None
        t = self._t
        self.game = make(
            widgets.Dropdown, options=available_games(), value=game, description=t("game")
        )
        self.players = make(widgets.Dropdown, description=t("players"))
        self.bot_a = make(widgets.Dropdown, description=t("bot_a"))
        self.bot_b = make(widgets.Dropdown, description=t("bot_b"))
        self.n_games = make(
            widgets.BoundedIntText, value=games, min=1, max=1_000_000, description=t("n_games")
        )
        self.seed = make(
            widgets.BoundedIntText, value=seed, min=0, max=2**62, description=t("seed")
        )
        self.processes = make(
            widgets.BoundedIntText, value=processes, min=1, max=64, description=t("processes")
        )
        self.compare = make(widgets.Checkbox, value=False, description=t("compare"))
        self.rules: tuple[dict[str, widgets.Dropdown], dict[str, widgets.Dropdown]] = ({}, {})
        self.rule_boxes = (make(widgets.VBox), make(widgets.VBox))
        self.run_button = make(widgets.Button, description=t("run"), button_style="primary")
        self.progress = make(widgets.IntProgress, value=0, min=0, max=1)
        self.progress_text = make(widgets.Label)
        self.findings = make(widgets.HTML)
        self.downloads = make(widgets.HTML)
        self.figures = {kind: FigureWidget(go.Figure()) for kind in KINDS}
        self.captions = {kind: make(widgets.HTML) for kind in KINDS}
        self.game.observe(lambda _change: self._game_picked(), names="value")
        self.compare.observe(lambda _change: self._show_rules(), names="value")
        self.run_button.on_click(lambda _button: self.run())
        self._game_changed()
        self.widget = self._layout()

    def _t(self, key: str, **params: object) -> str:
        return text(key, self.lang, **params)

    def _layout(self) -> widgets.VBox:
        t = self._t
        box, row, note = widgets.VBox, widgets.HBox, widgets.HTML
        rules = make(row, [
            make(box, [make(note, f"<b>{t('rules_a')}</b>"), self.rule_boxes[0]]),
            make(box, [make(note, f"<b>{t('rules_b')}</b>"), self.rule_boxes[1]]),
        ])
        setup = make(box, [
            make(row, [self.game, self.players]),
            make(row, [self.bot_a, self.bot_b]),
            make(note, f"<i>{html.escape(t('bots_note'))}</i>"),
            make(row, [self.n_games, self.seed, self.processes]),
            self.compare,
            rules,
            make(row, [self.run_button, self.progress, self.progress_text]),
        ])
        plots = [make(box, [self.figures[k], self.captions[k]]) for k in KINDS]
        return make(box, [setup, self.findings, *plots, self.downloads])

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)  # type: ignore[no-untyped-call]

    def _game_picked(self) -> None:
        heard_from_page()  # a page that picks has every widget it knows of (gamelib.ui.closing)
        self._game_changed()

    def _game_changed(self) -> None:
        game = load(self.game.value)
        spec = option_specs(type(game.options))["players"]
        self.players.options = list(spec["choices"] or [game.players])
        self.players.value = game.players
        names = bot_names(game)
        self.bot_a.options = names
        self.bot_b.options = names
        best = next((n for n in names if n != "random"), "random")
        self.bot_a.value, self.bot_b.value = best, "random"
        defaults = game.options.to_dict()
        replaced = [w for side in (0, 1) for w in self.rules[side].values()]
        for side in (0, 1):
            self.rules[side].clear()
            for name, choices in rule_choices(self.game.value).items():
                self.rules[side][name] = make(
                    widgets.Dropdown, options=list(choices), value=defaults[name],
                    description=name,
                )
        self._show_rules()
        close_soon(replaced)  # (off the page first: _show_rules gave the boxes the new ones)

    def _show_rules(self) -> None:
        self.rule_boxes[0].children = tuple(self.rules[0].values())
        self.rule_boxes[1].children = tuple(self.rules[1].values()) if self.compare.value else ()

    def rule_set(self, side: int) -> dict[str, Any]:
        """The options of rule set ``side`` (0 = A, 1 = B), language and players included."""
        chosen = {name: w.value for name, w in self.rules[side].items()}
        return {**chosen, "lang": self.lang, "players": self.players.value}

    def _label(self, side: int) -> str:
        if not self.compare.value:
            return self._t("rules_a")
        a, b = self.rule_set(0), self.rule_set(side)
        changed = [f"{k}={v}" for k, v in b.items() if a.get(k) != v] if side else []
        name = self._t("rules_b" if side else "rules_a")
        return f"{name}: {', '.join(changed)}" if changed else name

    def run(self) -> list[Batch]:
        """Play the batches (one, or two to compare) and redraw everything; return them."""
        sides = (0, 1) if self.compare.value else (0,)
        total = self.n_games.value * len(sides)
        self.progress.max = total
        self.progress.value = 0
        self.error = None
        batches: list[Batch] = []
        try:
            for side in sides:
                done_before = len(batches) * self.n_games.value
                batches.append(
                    run_batch(
                        self.game.value,
                        games=self.n_games.value,
                        seed=self.seed.value,
                        bots=(self.bot_a.value, self.bot_b.value),
                        options=self.rule_set(side),
                        processes=self.processes.value,
                        progress=lambda d, _n, base=done_before: self._progress(base + d, total),
                        label=self._label(side),
                    )
                )
        except GameLibError as err:
            self.error = str(err)
            self.findings.value = f"<b>{html.escape(self._t('error', why=err))}</b>"
            return self.batches
        self.batches = batches
        self._draw()
        return batches

    def _progress(self, done: int, total: int) -> None:
        self.progress.value = done
        self.progress_text.value = self._t("running", done=done, total=total)

    def _draw(self) -> None:
        for kind in KINDS:
            update_figure(self.figures[kind], BUILDERS[kind](self.batches, self.lang))
            self.captions[
                kind
            ].value = f"<small>{html.escape(figures.caption(kind, self.lang))}</small>"
        parts = []
        for batch in self.batches:
            lines = "".join(
                f"<li>{html.escape(s)}</li>" for s in figures.findings(batch, self.lang)
            )
            parts.append(f"<b>{html.escape(batch.label)}</b><ul>{lines}</ul>")
        self.findings.value = "".join(parts)
        self.downloads.value = " · ".join(_download_link(b, self.lang) for b in self.batches)

    def figure_data(self) -> Mapping[str, go.Figure]:
        """The figures of the last run, rebuilt from its batches (for tests and export)."""
        return {kind: BUILDERS[kind](self.batches, self.lang) for kind in KINDS}


def _download_link(batch: Batch, lang: str) -> str:
    """An HTML link that downloads ``batch`` as CSV (a data URI: works offline and in Voila)."""
    data = base64.b64encode(batch.to_csv().encode("utf-8")).decode("ascii")
    name = f"gamelib-{batch.game}-seed{batch.seed}-{len(batch.results)}games.csv"
    label = html.escape(text("csv", lang, label=batch.label))
    return f'<a download="{name}" href="data:text/csv;base64,{data}">{label}</a>'
