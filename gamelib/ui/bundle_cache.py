"""``python -m gamelib.ui.bundle_cache``: make the LZMA cache of plotly's widget bundle unless
it holds the installed plotly's bundle already (see :mod:`gamelib.ui.widget_bundle`), and the
smaller bundle for Voila pages when this machine can build it (Node.js and npm, see
:mod:`gamelib.ui.partial_bundle`), and the compressed static files of Voila's pages (see
:mod:`gamelib.ui.static_gzip`); print their paths (``make run`` and Binder's ``postBuild``
run it)."""

from __future__ import annotations

from gamelib.ui import partial_bundle, static_gzip, widget_bundle


def main() -> None:
    """Make what is not made yet; print each path, or why the smaller bundle is not made."""
    widget_bundle.main()
    print(static_gzip.compress_installed())
    if partial_bundle.load() is not None:
        print(partial_bundle.cache_path())
        return
    built = partial_bundle.build()
    print(built if built is not None else
          "the smaller plotly.js for Voila pages was not built (it needs Node.js, npm and the "
          "npm registry): pages load the whole plotly.js")


if __name__ == "__main__":
    main()
