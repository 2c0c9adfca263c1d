# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8501

.PHONY: run test lint check bench install install-test clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall only when the project's metadata changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@ $(VENV)/.installed

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

run: install
	$(BIN)/streamlit run tutor/app/main.py --server.port $(PORT) --server.headless true \
		--browser.gatherUsageStats false

test: install-test
	$(BIN)/ruff check .
	$(BIN)/aluette-tutor check lessons scenarios
	$(BIN)/pytest

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

check: install
	$(BIN)/aluette-tutor check lessons scenarios

bench: install-test
	@for script in benchmarks/*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
