# Quick start: `make run` (the web server) and `make test` (the whole suite).
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: run play test lint typecheck bench fast unfast clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@ $(STAMP)

run: $(STAMP)
	$(BIN)/primetime serve --data data

play: $(STAMP)
	$(BIN)/primetime play networks --players 3 --bots 2

test: $(TEST_STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy
	$(BIN)/python -m pytest

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests bench

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python bench/engine_speed.py

# Optional: compile the hot modules of both engines with mypyc, in place (needs gcc and the
# Python headers). `make unfast` goes back to pure Python; see tools/build_fast.py.
FAST_STAMP := $(VENV)/.installed-fast

$(FAST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[fast]"
	touch $@ $(STAMP)

fast: $(FAST_STAMP)
	$(BIN)/python tools/build_fast.py build

unfast:
	$(PY) tools/build_fast.py clean

clean: unfast
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
