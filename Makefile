# hauntkit — one entry point for players, hosts and mod authors.
# `make run` sets everything up on a fresh machine, builds, and serves.
# Set-up steps are stamped, so they run once and are no-ops afterwards.

SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMPS := .stamps
BUILD := build
# Asset base URL written into the saves: file:// (default, local play),
# the rules server's /assets/, or any static host.
BASE_URL ?=
HOST ?= 127.0.0.1
PORT ?= 8787
export HAUNTKIT_BASE_URL ?= $(BASE_URL)

.DEFAULT_GOAL := build
.PHONY: help run build check stats test serve pnp books proof install-save workshop bench balance clean setup

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | column -t -s $$'\t'

$(STAMPS)/venv: pyproject.toml
	@mkdir -p $(STAMPS)
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	@touch $@

$(STAMPS)/system: tools/install-system.sh
	@mkdir -p $(STAMPS)
	bash tools/install-system.sh
	@touch $@

setup: $(STAMPS)/venv $(STAMPS)/system ## create the virtualenv, install packages, fonts and tools

check: $(STAMPS)/venv ## validate the content only (touches nothing in build/)
	$(PY) -m pipeline check

stats: $(STAMPS)/venv ## count the content per kind
	$(PY) -m pipeline stats

build: setup ## build images, sheets, compiled content and TTS saves into build/
	$(PY) -m pipeline build

run: build ## set up, build, and serve the rules server
	$(PY) -m server --host $(HOST) --port $(PORT)

serve: setup ## serve the rules server on the existing build
	$(PY) -m server --host $(HOST) --port $(PORT)

test: build ## build, then run every test (the real saves and sheets are checked too)
	$(PY) -m pytest

pnp: setup ## print-and-play PDFs per locale
	$(PY) -m pipeline pnp

books: setup ## printed haunt books per locale (A5 PDFs) into build/print/; stops if the content does not compile
	$(PY) -m pipeline books

proof: build ## contact sheets (PNG) per deck and locale into build/proof/, for review at a glance
	$(PY) -m pipeline proof

install-save: build ## copy the saves into the TTS saves folder (or the folder in TTS_SAVES)
	$(PY) -m pipeline install-save

workshop: setup ## build Workshop-ready saves: make workshop BASE_URL=https://…
	$(PY) -m pipeline workshop --base-url "$(BASE_URL)"

bench: setup ## run the benchmark and reliability scripts and print their figures (every one runs; any miss fails)
	@failed=""; for f in bench/bench_*.py; do echo "== $$f"; $(PY) $$f || failed="$$failed $$f"; done; \
	if [ -n "$$failed" ]; then echo "missed targets or failed:$$failed"; exit 1; fi

balance: setup ## play seeded bot games of every haunt; report win rates and flags in build/balance/report.md
	$(PY) -m pipeline compile
	$(PY) bench/balance.py

clean: ## remove build outputs (keeps the virtualenv)
	rm -rf $(BUILD)
