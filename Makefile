# Quick start: `make run` (the web server) and `make test` (the whole suite).
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

# The engines are compiled with mypyc when a C compiler is there (tools/build_fast.py ensure:
# only when their sources changed; without a compiler it says so and pure Python runs).
# FAST=0 skips that and runs pure Python, even with a build in place.
FAST ?= 1
ifeq ($(FAST),0)
ENSURE := @echo "primetime: FAST=0, the engines run in pure Python"
PURE := PRIMETIME_PURE=1
else
ENSURE := $(BIN)/python tools/build_fast.py ensure
PURE :=
endif

.PHONY: run play test lint typecheck bench fast unfast clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[fast]"
	touch $@

$(TEST_STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test,fast,rl]"
	touch $@ $(STAMP)

run: $(STAMP)
	$(ENSURE)
	$(PURE) $(BIN)/primetime serve --data data

play: $(STAMP)
	$(ENSURE)
	$(PURE) $(BIN)/primetime play networks --players 3 --bots 2

test: $(TEST_STAMP)
	$(BIN)/ruff check src tests bench tools
	$(BIN)/mypy
	$(ENSURE)
	$(PURE) $(BIN)/python -m pytest

lint: $(TEST_STAMP)
	$(BIN)/ruff check src tests bench tools

typecheck: $(TEST_STAMP)
	$(BIN)/mypy

# Engine speed like for like beside the peers (the bench extra: rlcard, open_spiel), in the
# build in use; FAST=0 for the pure-Python figures. BENCH_ARGS="--seconds 20" for a shorter run.
BENCH_ARGS ?=
bench: $(STAMP)
	$(ENSURE)
	$(PURE) $(BIN)/python bench/engine_speed.py $(BENCH_ARGS)

# Compile the hot modules of both engines with mypyc, in place, now (needs gcc and the Python
# headers). `make unfast` removes the build: pure Python until the next make run/test/bench
# (or for good with FAST=0). See tools/build_fast.py.
fast: $(STAMP)
	$(BIN)/python tools/build_fast.py build

unfast:
	$(PY) tools/build_fast.py clean

clean: unfast
	rm -rf $(VENV) build *.egg-info src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
