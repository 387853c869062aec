# The README's commands. Each creates .venv when it is missing, so a fresh clone needs only
# Python 3.11 and pip.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
DEMO ?= scenarios/mixed/bridge-showcase.yaml

.PHONY: demo test bench lint clean

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: $(BIN)/python pyproject.toml setup.py
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

demo: $(VENV)/.installed
	$(BIN)/polemos play $(DEMO) --seed 7 --html replay.html
	@echo "The game step by step: open replay.html in a browser."

test: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/python -m pytest

bench: $(VENV)/.installed
	$(BIN)/python -m benchmarks

lint: $(VENV)/.installed
	$(BIN)/ruff check .

clean:
	rm -rf $(VENV) build *.egg-info
