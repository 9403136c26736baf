# Two commands do all set-up on a fresh machine:
#   make run   - install and run the app
#   make test  - install and run every test
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(VENV)/bin/trainer rules list

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy trainer
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) bench/engine_bench.py

clean:
	rm -rf $(VENV)
