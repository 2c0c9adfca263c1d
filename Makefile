# Two commands do everything on a fresh machine: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PORT   ?= 8501
ADDRESS ?= 127.0.0.1
# `make run SHARED=1`: a shared server (a club's, a school's), whose sidebar lists nobody (README: A shared server)
SHARED ?=
# `make run CPU=0`: the server kept on core 0 (ALUETTE_CPU; README: Running it for a school), for a room on one instance
CPU ?=

.PHONY: run test test-deep lint check bench install install-test chromium printing postgresql haproxy cluster clean

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

install: $(VENV)/.installed printing
install-test: $(VENV)/.installed-test printing

# The printed sheets (aluette-tutor print, the pages' PDF buttons): WeasyPrint lays text out with Debian's Pango,
# Gujarati needs a font with that script (fonts-noto-core), and the tests read the PDFs back with poppler-utils
# (pdftotext, pdftoppm).
printing:
	@{ ldconfig -p 2>/dev/null | grep -q libpangoft2-1.0.so.0 && command -v pdftotext >/dev/null 2>&1 \
		&& fc-list :lang=gu 2>/dev/null | grep -q .; } || { \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		echo "installing Debian's Pango, fonts-noto-core and poppler-utils for the printed sheets"; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			$$SUDO apt-get install -y -qq libpango-1.0-0 libpangoft2-1.0-0 fonts-noto-core fontconfig \
			poppler-utils >/dev/null; }

run: install
	$(if $(SHARED),ALUETTE_SHARED=$(SHARED)) $(if $(CPU),ALUETTE_CPU=$(CPU)) $(BIN)/streamlit run tutor/app/server.py --server.port $(PORT) --server.address $(ADDRESS) --server.headless true \
		--browser.gatherUsageStats false

# The browser tests drive Debian's Chromium through the playwright package (never a browser download); the
# Gujarati pages need a font with that script (Debian's fonts-noto-core), else Chromium draws empty boxes.
chromium:
	@command -v chromium >/dev/null 2>&1 && fc-list :lang=gu 2>/dev/null | grep -q . || { \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		echo "installing Debian's chromium and fonts-noto-core for the browser tests"; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			$$SUDO apt-get install -y -qq chromium fonts-noto-core fontconfig >/dev/null; }

# N app instances behind haproxy on one database, for trying a school's set-up on one machine (deploy/cluster.py):
# `make cluster N=3 DB=postgresql://user@host/dbname` prints the one address to open; Ctrl-C stops them all.
N  ?= 3
DB ?=
cluster: install haproxy
	$(BIN)/python deploy/cluster.py --instances $(N) $(if $(DB),--db '$(DB)') --port $(PORT)

# The tests start a throwaway PostgreSQL server (deploy/local_postgres.py: initdb and pg_ctl in a temporary folder) and
# the cluster test puts Debian's haproxy in front of two app instances: both come from Debian's packages.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1 || { \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		echo "installing Debian's postgresql for the tests (a throwaway server per run)"; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			$$SUDO apt-get install -y -qq postgresql >/dev/null; }

haproxy:
	@command -v haproxy >/dev/null 2>&1 || test -x /usr/sbin/haproxy || { \
		SUDO=$$([ "$$(id -u)" = 0 ] || echo sudo); \
		echo "installing Debian's haproxy (the proxy in front of several app instances)"; \
		$$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
			$$SUDO apt-get install -y -qq haproxy >/dev/null; }

# The suite on TEST_WORKERS processes (pytest-xdist), a test module's tests kept together on one (its module's
# fixtures, such as a served app or a cluster, start once): `make test TEST_WORKERS=1` runs it in one process.
TEST_WORKERS ?= 2
test: install-test chromium postgresql haproxy
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/aluette-tutor check lessons scenarios
	$(BIN)/pytest $(if $(filter 1,$(TEST_WORKERS)),,-n $(TEST_WORKERS) --dist loadfile)

# The property tests alone, with fresh random examples and twenty times as many (tests/conftest.py): a longer,
# separate job; a failure prints the example and is replayed first by the next run.
test-deep: install-test
	ALUETTE_HYPOTHESIS=deep $(BIN)/pytest -m hypothesis tests --hypothesis-show-statistics

lint: install-test
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

check: install
	$(BIN)/aluette-tutor check lessons scenarios

bench: install-test
	@for script in benchmarks/[!_]*.py; do echo "== $$script"; $(BIN)/python $$script || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
