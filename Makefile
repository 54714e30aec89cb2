# Two commands matter: `make run` and `make test`. Each bootstraps a fresh machine on its own.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
SDK1 := .venv-sdk1
CLIENT := .venv-client
MANAGE := $(BIN)/python manage.py
PYTEST_ARGS ?=
# make run serves here; the service's own URL (home page, terms, OpenAPI servers) follows
# unless SVC_BASE_URL is set.
HOST ?= 127.0.0.1
PORT ?= 8000
OFFLINE ?= 0

.PHONY: install messages catalogues run run-stack stack-processes test lint schema bench fuzz load chaos cluster client mcp-sdk1 lock clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml requirements/constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c requirements/constraints.txt '.[dev]'
	touch $(STAMP)

# The Answer Engine's catalogues: each .po is compiled by Babel (pure Python: no GNU gettext needed)
# into the .mo Django reads, by every target that installs, again whenever its .po changes.
PO := $(wildcard locale/*/LC_MESSAGES/django.po)
MO := $(PO:.po=.mo)

install: $(STAMP) $(MO)  ## virtualenv with pinned dependencies, and the compiled catalogues

# Babel's API rather than `pybabel compile`, whose printf check reads "{pct}% on" in one template
# as a "% o" conversion and refuses every translation of it. The templates are str.format ones:
# tests/answers/test_languages.py checks that each translation keeps its msgid's {placeholders}.
define COMPILE_MO
import sys
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
po, mo = sys.argv[1:]
with open(po, "rb") as source:
    catalog = read_po(source)
if catalog.fuzzy:
    sys.exit(f"{po}: the header is marked fuzzy; review it and drop the flag")
done = sum(1 for m in catalog if m.id and m.string and not m.fuzzy)
with open(mo + ".tmp", "wb") as target:
    write_mo(target, catalog)
print(f"{mo}: {done} of {len(catalog)} messages translated")
endef
export COMPILE_MO

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po | $(STAMP)
	$(BIN)/python -c "$$COMPILE_MO" $< $@ && mv $@.tmp $@

messages: $(MO)  ## compile the catalogues in locale/ (make install does too)

# msgids come from the engine's `_()` / gettext calls; a new one lands in every .po untranslated
# (or fuzzy), and tests/answers/test_languages.py fails until each language has its translation.
catalogues: $(STAMP)  ## extract the engine's sentences into locale/django.pot and update every .po
	$(BIN)/pybabel extract --no-location --sort-output --no-wrap \
		--project "Intelligence Feed Service" \
		-k gettext_lazy -k ngettext_lazy:1,2 -k pgettext_lazy:1c,2 -k _lazy \
		-o locale/django.pot answers
	$(BIN)/pybabel update --no-wrap -i locale/django.pot -d locale -D django

# collectstatic compresses every file it collects (about 500, a minute of one core), so it runs
# only when one changed: the site's own (static/) or an installed package's (the install stamp).
STATIC_STAMP := $(or $(SVC_VAR_DIR),var)/static/.collected
$(STATIC_STAMP): $(STAMP) $(shell find static -type f)
	$(MANAGE) collectstatic --noinput --verbosity 0
	touch $@

# A second `make run` skips what has not changed: the install and the catalogues (stamps), the
# static files (above), migrations and the demo (prepare_run, one process); the web process
# loads the Answer Engine once it serves (Procfile.dev: SVC_WARMUP=background).
run: install $(STATIC_STAMP)  ## serve on $(HOST):$(PORT) (default 127.0.0.1:8000): SQLite, local cache, worker + beat; OFFLINE=1 fetches nothing from outside
	$(MANAGE) prepare_run
	PATH="$(CURDIR)/$(BIN):$$PATH" HOST=$(HOST) SVC_BASE_URL="$${SVC_BASE_URL:-http://$(HOST):$(PORT)}" \
		SVC_OFFLINE="$${SVC_OFFLINE:-$(OFFLINE)}" $(BIN)/honcho start -f Procfile.dev -p $(PORT)

run-stack: install  ## gunicorn + celery worker + beat, and the nginx edge when nginx is installed; needs DATABASE_URL and REDIS_URL
	@test -n "$$DATABASE_URL" -a -n "$$REDIS_URL" || (echo "run-stack needs DATABASE_URL and REDIS_URL" >&2; exit 2)
	$(MANAGE) migrate --noinput
	@$(MAKE) --no-print-directory $(STATIC_STAMP)
	@procs=$$($(MAKE) --no-print-directory -s stack-processes) || exit 1; \
	PATH="$(CURDIR)/$(BIN):$$PATH" $(BIN)/honcho start -f Procfile $$procs

# The nginx the edge runs on, if any (`make run-stack NGINX=` runs without one).
NGINX ?= $(shell command -v nginx || { test -x /usr/sbin/nginx && echo /usr/sbin/nginx; })

# Without the edge, gunicorn's sync workers face clients: each holds one client from its first
# byte to its last, so as many slow clients as there are workers stall the service. Said where
# it cannot be missed, with the way out.
stack-processes:  ## the Procfile processes run-stack starts (none named: all, with the edge); what faces clients, on stderr
	@if test -n "$(NGINX)"; then \
		echo "edge: nginx on $${EDGE_BIND:-127.0.0.1:8080} in front of gunicorn on $${BIND:-127.0.0.1:8000}" >&2; \
	else \
		workers=$${WEB_WORKERS:-3}; bind=$${BIND:-127.0.0.1:8000}; \
		echo >&2; printf '%s\n' \
		"!!! WARNING: NO EDGE. nginx is not installed, so gunicorn on $$bind faces clients itself." \
		"!!! Its $$workers sync workers hold one client each, from the first byte to the last:" \
		"!!! $$workers slow clients (sending or reading a byte at a time) stall the whole service," \
		"!!! up to 90 s at a go. Do not expose $$bind like this." \
		"!!! Start the edge: install nginx (Debian: apt-get install nginx-light) and run make run-stack" \
		"!!! again, or start it yourself: python deploy/edge.py (EDGE_BIND, in front of BIND)." \
		"!!! docs/operations.md, \"What goes in front of gunicorn\", says what any other proxy must do." >&2; \
		echo >&2; echo "web worker beat"; \
	fi

test: install  ## the whole suite (PostgreSQL when DATABASE_URL is set, else SQLite; browser tests need chromium)
	$(BIN)/pytest $(PYTEST_ARGS)

lint: install  ## ruff, the rooms' import rules, migrations in step with models, OpenAPI without warnings
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	PYTHONPATH=. $(BIN)/lint-imports  # the rooms' import rules (pyproject.toml [tool.importlinter])
	$(MANAGE) makemigrations --check --dry-run
	$(MANAGE) spectacular --fail-on-warn --validate --file /dev/null

schema: install  ## write the OpenAPI description to var/openapi.json
	mkdir -p var
	$(MANAGE) spectacular --validate --format openapi-json --file var/openapi.json

bench: install  ## every benchmark in bench/ (see bench/README.md)
	@# bench_synth first: it builds the 1,000,000-document database the read benchmarks use.
	@for script in bench/bench_synth.py bench/bench_ingest.py bench/bench_record.py bench/bench_reads.py bench/bench_ask.py bench/bench_mcp.py bench/bench_edge.py bench/bench_growth.py bench/bench_asof.py; do \
		echo "== $$script"; $(BIN)/python "$$script" || exit 1; done

fuzz: install  ## schemathesis against a live server's own OpenAPI description (.ci/fuzz)
	bash .ci/fuzz

load: install  ## Locust mix against gunicorn + PostgreSQL + Redis; fails above 0.1% errors (.ci/load)
	bash .ci/load

chaos: install  ## the stack under load while Redis, PostgreSQL and a worker fail (load/chaos.py)
	$(BIN)/python load/chaos.py $(CHAOS_ARGS)

cluster: install  ## two machines (gunicorn, worker, beat each) on one PostgreSQL and Redis behind the edge; machine A killed midway (load/cluster.py)
	$(BIN)/python load/cluster.py $(CLUSTER_ARGS)

$(CLIENT)/.installed-stamp: requirements/client.txt
	$(PYTHON) -m venv $(CLIENT)
	$(CLIENT)/bin/python -m pip install --quiet -r requirements/client.txt
	touch $@

client: install $(CLIENT)/.installed-stamp  ## a client generated from the live OpenAPI, used unchanged (.ci/client)
	bash .ci/client

$(SDK1)/.installed-stamp: requirements/mcp-sdk1.txt
	$(PYTHON) -m venv $(SDK1)
	$(SDK1)/bin/python -m pip install --quiet -r requirements/mcp-sdk1.txt
	touch $@

mcp-sdk1: install $(SDK1)/.installed-stamp  ## the MCP SDK's 1.x line against a live server (.ci/mcp-sdk1)
	bash .ci/mcp-sdk1

lock: | $(BIN)/python  ## re-resolve dependencies from pyproject.toml and pin them
	$(BIN)/python -m pip install --quiet --upgrade '.[dev]'
	$(BIN)/python -m pip freeze | grep -v '^intelligence-feed-service' > requirements/constraints.txt

clean:
	rm -rf $(VENV) $(SDK1) $(CLIENT) var db.sqlite3*
