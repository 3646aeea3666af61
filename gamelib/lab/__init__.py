"""The strategy lab: run many seeded bot games of any game and rule set, and read the results
as win rates with confidence intervals, seat advantage, score and length distributions
(:mod:`gamelib.lab.figures`), side by side for two rule sets, in a notebook panel
(:mod:`gamelib.lab.ui`). The games themselves come from :func:`gamelib.sim.batch.run_batch`.
"""

from __future__ import annotations
