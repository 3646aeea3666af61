# gamelib developer commands.  See README.md and docs/dependencies.md.
#
#   make run    create .venv if missing, install gamelib, start JupyterLab on notebooks/index.ipynb
#               (with the repository's etc/jupyter config and share/jupyter Voila template)
#   make test   create/update .venv with the [test] extra, then lint, type-check and run all tests
#   make bench  install the [bench] extra and run python -m benchmarks
#
# Variables: PYTHON (interpreter used to create .venv), VENV, HOST, PORT, PYTEST_ARGS, XDIST.

PYTHON ?= python3
VENV ?= .venv
HOST ?= 127.0.0.1
PORT ?= 8888
# pytest-xdist workers for the main test run (2 cores here); set XDIST= to run serially.
XDIST ?= -n 2 --dist loadfile
PYTEST_ARGS ?=
# Jupyter refuses to run as root unless told to (CI and some containers run as root).
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

BIN := $(VENV)/bin
PY := $(BIN)/python

# Only lint/test paths that exist, so a partial checkout still gets checked.
LINT_PATHS := $(wildcard gamelib tests benchmarks tools)
NOTEBOOK_DIR := $(wildcard notebooks)

.PHONY: help run test lint types pytest test-unit test-browser bench venv clean distclean

help:
	@sed -n 's/^#   //p' Makefile

# --- virtual environment ----------------------------------------------------------------
# The stamp files live inside .venv, so deleting .venv also forgets what was installed.
# Each install step re-runs only when pyproject.toml is newer than its stamp.

$(PY):
	$(PYTHON) -m venv $(VENV)

venv: $(PY)

$(VENV)/.stamp-run: pyproject.toml | $(PY)
	$(PY) -m pip install -e .
	@touch $@

$(VENV)/.stamp-test: pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[test]"
	@touch $@
	@touch $(VENV)/.stamp-run

$(VENV)/.stamp-bench: pyproject.toml | $(PY)
	$(PY) -m pip install -e ".[bench]"
	@touch $@

# --- run --------------------------------------------------------------------------------

# A fresh token per run, so the printed URL opens the landing notebook directly.
run: $(VENV)/.stamp-run
	@$(PY) -m gamelib.ui.bundle_cache >/dev/null  # plotly's bundles for the pages, made once
	@token=$$($(PY) -c 'import secrets; print(secrets.token_hex(24))'); \
	echo ""; \
	echo "  gamelib: open http://$(HOST):$(PORT)/lab/tree/notebooks/index.ipynb?token=$$token"; \
	echo "  (serving until stopped with Ctrl-C)"; \
	echo ""; \
	JUPYTER_PATH="$(CURDIR)/share/jupyter$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
	JUPYTER_CONFIG_PATH="$(CURDIR)/etc/jupyter$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}" \
	JUPYTER_TOKEN=$$token exec $(BIN)/jupyter lab --no-browser --ServerApp.ip=$(HOST) \
		--ServerApp.port=$(PORT) --ServerApp.port_retries=0 $(ALLOW_ROOT) \
		--ServerApp.root_dir=. notebooks/index.ipynb

# --- checks -----------------------------------------------------------------------------

test: lint types pytest

lint: $(VENV)/.stamp-test
	$(BIN)/ruff check $(LINT_PATHS)

types: $(VENV)/.stamp-test
	$(BIN)/mypy --strict gamelib/core

pytest: test-unit test-browser

# Unit, conformance, packaging and Binder tests plus every notebook (nbval, lax mode),
# spread over two workers; --dist loadfile keeps each notebook's cells on one kernel.
test-unit: $(VENV)/.stamp-test
	PATH="$(abspath $(BIN)):$$PATH" $(PY) -m pytest $(XDIST) -m "not browser" \
		--nbval-lax tests $(NOTEBOOK_DIR) $(PYTEST_ARGS)

# Browser tests start their own Voila/JupyterLab servers and Chromium: run them serially.
test-browser: $(VENV)/.stamp-test
	PATH="$(abspath $(BIN)):$$PATH" $(PY) -m pytest -m browser tests/browser $(PYTEST_ARGS)

# --- benchmarks -------------------------------------------------------------------------

bench: $(VENV)/.stamp-bench
	$(PY) -m benchmarks

clean:
	rm -rf .pytest_cache .mypy_cache .ruff_cache tests/artifacts build dist *.egg-info
	find . -name __pycache__ -not -path "./$(VENV)/*" -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV)
