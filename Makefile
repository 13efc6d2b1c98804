# The two commands: `make run` serves the portal with demo data; `make test` runs the suite.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1:8000

.PHONY: run test install lint format migrate seed worker beat bench

$(BIN)/.installed: pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $@

install: $(BIN)/.installed

migrate: install
	$(BIN)/python manage.py migrate --noinput

seed: migrate
	$(BIN)/python manage.py seed_demo

run: seed
	@echo "Serving the portal at http://$(HOST)/ (log in with a demo login above)"
	DEBUG=true $(BIN)/python manage.py runserver $(HOST)

test: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/python -m pytest

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

format: install
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

worker: install
	$(BIN)/celery -A centre worker --loglevel=info

beat: install
	$(BIN)/celery -A centre beat --loglevel=info

# The national benchmark on PostgreSQL (DATABASE_URL), in a scratch database of its own:
# BENCH_PLAYERS, BENCH_CREDITS and BENCH_DURATION change its size and length (README.md).
bench: install
	$(BIN)/python bench/run.py
