"""``python -m gamelib.ui.bundle_cache``: make the LZMA cache of plotly's widget bundle unless
it holds the installed plotly's bundle already, and print its path (see
:mod:`gamelib.ui.widget_bundle`; ``make run`` and Binder's ``postBuild`` run it)."""

from __future__ import annotations

from gamelib.ui.widget_bundle import main

if __name__ == "__main__":
    main()
