# Two commands do all set-up on a fresh machine:
#   make run   - install and run the app
#   make test  - install and run every test
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# htmx (pinned in package.json) lives in node_modules; the app serves it from there.
NODE_STAMP := node_modules/.installed
# The browser tests drive Debian's chromium (never `playwright install`).
CHROMIUM := /usr/bin/chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

$(NODE_STAMP): package.json package-lock.json
	command -v npm >/dev/null || ($(SUDO) apt-get update && $(SUDO) apt-get install -y npm)
	npm ci --no-audit --no-fund
	touch $(NODE_STAMP)

# Made only when the file is missing (CI runs as root; elsewhere sudo asks).
$(CHROMIUM):
	$(SUDO) apt-get update
	$(SUDO) apt-get install -y chromium

# Demo mode: creates the demo trainee and supervisor on first run and prints how to log in.
run: $(STAMP) $(NODE_STAMP)
	$(VENV)/bin/trainer demo --host $(HOST) --port $(PORT)

test: $(STAMP) $(NODE_STAMP) $(CHROMIUM)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy trainer
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) bench/engine_bench.py

clean:
	rm -rf $(VENV) node_modules
