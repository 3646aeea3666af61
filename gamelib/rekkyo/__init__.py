"""列強の興亡 (Rise and Fall of the Great Powers): rules engine and card data.

The card values (territory powers and links, 68 weapons, 15 events) are a documented
reconstruction in ``gamelib/rekkyo/data/cards.toml``; see docs/rules/rekkyo.md.

>>> import gamelib
>>> state = gamelib.load("rekkyo", players=3).new_state(seed=2)
>>> state.view(0).reconstruction_note.startswith("Card values are a reconstruction")
True
"""

from __future__ import annotations
