# The README's commands. Each creates .venv when it is missing, so a fresh clone needs only
# Python 3.11 and pip.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEMO ?= scenarios/mixed/bridge-showcase.yaml
# pytest-xdist workers for `make test` and `make soak` (auto: one per core).
JOBS ?= auto
SOAK_SEEDS ?= 1000

MYPY_ROOT := build/mypy
MYPY := cd $(MYPY_ROOT) && $(CURDIR)/$(BIN)/mypy --config-file $(CURDIR)/pyproject.toml

.PHONY: demo test soak bench lint typecheck clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml setup.py
	$(BIN)/python -m pip install --quiet -e '.[test,lab,server,bridges]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/polemos play $(DEMO) --seed 7 --html replay.html
	@echo "The game step by step: open replay.html in a browser."

test: $(VENV)/.installed
	$(BIN)/ruff check .
	$(MAKE) --no-print-directory typecheck
	$(BIN)/python -m pytest -n $(JOBS)

# Every shipped scenario over SOAK_SEEDS seeds with random and with greedy bots
# (tests/test_soak.py; `make test` plays 50 seeds of each).
soak: $(VENV)/.installed
	POLEMOS_SOAK_SEEDS=$(SOAK_SEEDS) $(BIN)/python -m pytest -n $(JOBS) tests/test_soak.py

# OpenSpiel, the benchmarks' yardstick, on top of the extras above (bench_balance needs lab,
# bench_server needs server).
$(VENV)/.bench-installed: $(VENV)/.installed
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	touch $@

bench: $(VENV)/.bench-installed
	$(BIN)/python -m benchmarks

lint: $(VENV)/.installed
	$(BIN)/ruff check .

# mypy: strict for the engine (core/), the default elsewhere.
typecheck: $(VENV)/.installed
	@mkdir -p $(MYPY_ROOT)/polemos
	@for d in core plugins rulesets scenarios; do ln -sfn $(CURDIR)/$$d $(MYPY_ROOT)/polemos/$$d; done
	$(MYPY) --strict -p polemos.core
	$(MYPY) -p polemos.rulesets -p polemos.plugins

clean:
	rm -rf $(VENV) build *.egg-info
