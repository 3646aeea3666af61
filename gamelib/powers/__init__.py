"""Powers: a world-conquest card game for 2–5 players (playing cards + 23 round cards).

Rules modules: :mod:`.data` (cards, countries, costs), :mod:`.actions`, :mod:`.view`,
:mod:`.state` (the rules), :mod:`.game` (options), :mod:`.bots`.
"""

from __future__ import annotations
