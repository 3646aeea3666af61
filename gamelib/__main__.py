"""``python -m gamelib``: list games, simulate batches (see :mod:`gamelib.sim.cli`)."""

from __future__ import annotations

from gamelib.sim.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
