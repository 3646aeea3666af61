"""The end-of-game summary of any game: who won, why, and the turning points from the log.

>>> from gamelib.ui.summary import game_summary, turning_points
>>> html_text = game_summary(state, "ja", start=position)   # state: a finished game

Turning points are found by replaying the game from its start and watching the leader of the
views' running scores (``scores``, or ``vp``): every step after which someone else leads is a
turning point, told with the log entries of that step. A game whose views carry no running
score ends with its last events instead.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gamelib.core import State, View, play
from gamelib.ui.labels import label

__all__ = ["TurningPoint", "game_summary", "running_scores", "turning_points"]

_SHOWN_KINDS = ("action", "event")


@dataclass(frozen=True)
class TurningPoint:
    """After ``step`` actions, ``leaders`` lead with ``score``; ``lines`` tell that step."""

    step: int
    leaders: tuple[int, ...]
    score: float
    lines: tuple[str, ...]


def running_scores(view: View) -> tuple[float, ...] | None:
    """The running score of every seat a view shows (``scores`` or ``vp``), else ``None``."""
    for name in ("scores", "vp"):
        value = getattr(view, name, None)
        if isinstance(value, Sequence) and len(value) == view.players:
            return tuple(float(v) for v in value)
    return None


def _replay(state: State[Any], start: State[Any] | None) -> list[State[Any]] | None:
    """Every state from the start to ``state`` (``None`` if the history does not replay)."""
    first = start if start is not None else state.game.new_state(state.seed)
    done = len(first.history)
    if tuple(state.history[:done]) != tuple(first.history):
        return None
    states = [first]
    try:
        for text in state.history[done:]:
            states.append(play(states[-1], text))
    except Exception:  # a record that does not replay has no turning points to tell
        return None
    return states


def turning_points(
    state: State[Any],
    lang: str,
    *,
    start: State[Any] | None = None,
    viewer: int | None = None,
    limit: int = 5,
) -> list[TurningPoint]:
    """The steps after which the leader changed (at most ``limit``, the last ones kept).

    ``start`` is where the game began (default: a new game from the state's seed); ``viewer``
    is whose log lines are told (``None``: the teacher's).
    """
    states = _replay(state, start)
    if states is None:
        return []
    found: list[TurningPoint] = []
    leaders: tuple[int, ...] | None = None
    for i, s in enumerate(states):
        scores = running_scores(s.view(None))
        if scores is None:
            return []
        best = max(scores)
        now = tuple(p for p, v in enumerate(scores) if v == best)
        if i > 0 and leaders is not None and now != leaders:
            new_entries = s.log[len(states[i - 1].log):]
            lines = tuple(
                e.text(lang) for e in new_entries
                if e.kind in _SHOWN_KINDS and e.is_visible_to(viewer)
            )
            found.append(TurningPoint(len(s.history), now, best, lines[-3:]))
        leaders = now
    return found[-limit:]


def game_summary(
    state: State[Any],
    lang: str,
    *,
    start: State[Any] | None = None,
    viewer: int | None = None,
) -> str:
    """HTML: who won and why, the final scores and the turning points (empty while it runs)."""
    outcome = state.outcome()
    if outcome is None:
        return ""
    game = state.game
    names = game.seat_names() if game.lang == lang else _seat_names(game, lang)
    winners = ", ".join(names[w] for w in outcome.winners)
    key = "summary_tie" if outcome.is_tie() else "summary_winner"
    parts = [f"<h4 style='margin:4px 0'>{html.escape(label('summary_title', lang))}</h4>",
             f"<p><b>{html.escape(label(key, lang, names=winners))}</b>"]
    if outcome.reason:
        parts.append(f" — {html.escape(label('summary_why', lang, reason=outcome.reason))}")
    parts.append("</p>")
    rows = "".join(
        f"<tr><td>{html.escape(names[p])}</td><td style='text-align:right'>{s:g}</td></tr>"
        for p, s in enumerate(outcome.scores)
    )
    parts.append(
        f"<table><tr><th>{html.escape(label('seat_col', lang))}</th>"
        f"<th>{html.escape(label('score_col', lang))}</th></tr>{rows}</table>"
    )
    points = turning_points(state, lang, start=start, viewer=viewer)
    if points:
        parts.append(f"<p><b>{html.escape(label('summary_turning', lang))}</b></p><ul>")
        for tp in points:
            who = ", ".join(names[p] for p in tp.leaders)
            head = label("summary_lead", lang, step=tp.step, names=who, score=tp.score)
            told = "".join(f"<br><small>{html.escape(line)}</small>" for line in tp.lines)
            parts.append(f"<li>{html.escape(head)}{told}</li>")
        parts.append("</ul>")
    else:
        last = [e.text(lang) for e in state.log
                if e.kind in _SHOWN_KINDS and e.is_visible_to(viewer)][-5:]
        parts.append(f"<p><b>{html.escape(label('summary_last', lang))}</b></p><ul>")
        parts.extend(f"<li>{html.escape(line)}</li>" for line in last)
        parts.append("</ul>")
    return f"<div class='gamelib-summary'>{''.join(parts)}</div>"


def _seat_names(game: Any, lang: str) -> tuple[str, ...]:
    """The seat names in ``lang`` (a game in another language is asked through a copy)."""
    other = type(game)(game.options.replace(lang=lang))
    return tuple(other.seat_names())
