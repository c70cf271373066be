# sherlockkit — common tasks
#
#   make app      serve the dashboards of book/app with Voilà (PORT=8866)
#   make hub      serve them to many anonymous players through JupyterHub (HUB_PORT=8000)
#   make book     build the static book into book/_build/html
#   make test     run every test (unit, notebooks, server, book, browser)
#   make check    the quick loop after a change: rules, properties, protocol, tables (no browser, no book)
#   make bench    run the benchmarks
#   make screenshots  picture each game in play (375 and 1280 px) from the running app into book/images
#   make clean    remove build outputs and vendored JavaScript (keeps .venv)

PYTHON_SYSTEM ?= python3
VENV          := .venv
PY            := $(VENV)/bin/python
PORT          ?= 8866
# make test runs on this many processes (pytest-xdist; 0 runs it in this one);
# tests/conftest.py keeps the tests that share a module's fixture on one process.
# Two on a two-core machine. A third process fills the waits of the browser, culling and
# hub tests (a clean clone's make test: 9:51 with two, 9:21 with three), but in one clean
# clone's run of five on three, a hub player's server did not start within 120 s under that
# load: two until the hub's start is made to stand it. make check only computes: three
# processes fighting for two cores made it slower (2:11 against 1:50).
TEST_PROCESSES  ?= 2
CHECK_PROCESSES ?= 2
HUB_PORT      ?= 8000
# the hub's proxy, from the npm registry, pinned (deploy/README.md)
HUB_PROXY     := deploy/.proxy/node_modules/.bin/configurable-http-proxy
HUB_PROXY_PKG := configurable-http-proxy@5.3.0

VENDOR        := book/_vendor
VENDOR_STAMP  := $(VENDOR)/.stamp
# JavaScript the static book serves itself instead of asking CDNs (see jupyter_book.yml)
NPM_PACKAGES  := @jupyter-widgets/html-manager@1.0.15 requirejs mathjax@3

# Python may write its compiled modules (__pycache__, ignored by git) even where the shell asks it
# not to: the tests' processes, the kernels of the app, the notebooks and the book would otherwise
# each compile the project again (collecting the tests: 12.5 s without the cache, 5 s with it)
unexport PYTHONDONTWRITEBYTECODE

CHROMIUM := $(firstword $(wildcard /usr/bin/chromium) $(shell command -v chromium 2>/dev/null))
NPM      := $(shell command -v npm 2>/dev/null)

.PHONY: all venv app-venv hub-venv app hub hub-proxy test check vendor book bench screenshots clean

all: test

# ---------------------------------------------------------------- environment

# Each command installs what it uses, once (again only when pyproject.toml changes): the
# app its own dependencies; the tests, the book and the benchmarks the test tools too; the
# hub JupyterHub too. The tests drive the hub, so `venv` (the tests') has every extra.
app-venv: $(VENV)/.installed-app
hub-venv: $(VENV)/.installed-hub
venv: $(VENV)/.installed

$(VENV)/.installed-app: pyproject.toml
	test -x $(PY) || $(PYTHON_SYSTEM) -m venv $(VENV)
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-hub: $(VENV)/.installed-app
	$(PY) -m pip install --quiet -e '.[hub]'
	touch $@

$(VENV)/.installed: $(VENV)/.installed-app
	$(PY) -m pip install --quiet -e '.[test,hub,openspiel,pettingzoo]'
	touch $@ $(VENV)/.installed-hub

# ----------------------------------------------------------------------- app

app: app-venv
	$(PY) book/app/serve.py --port $(PORT)

# ----------------------------------------------------------------------- hub

# many players, each with their own Voilà server (deploy/README.md); Ctrl+C stops it all
hub: hub-venv hub-proxy
	@echo "sherlockkit hub: http://127.0.0.1:$(HUB_PORT)/ (each visitor is a new anonymous player)"
	SHERLOCKKIT_HUB_PORT=$(HUB_PORT) $(VENV)/bin/jupyterhub -f deploy/jupyterhub_config.py

hub-proxy: $(HUB_PROXY)

$(HUB_PROXY):
	@command -v npm >/dev/null || { echo "npm not found: the hub needs it once, for its proxy (apt-get install npm)"; exit 1; }
	npm install --silent --no-audit --no-fund --prefix deploy/.proxy $(HUB_PROXY_PKG)
	touch $@

# --------------------------------------------------------------------- tests

test: venv vendor
ifeq ($(CHROMIUM),)
	@echo "Chromium not found: browser tests will be skipped (install it with: apt-get install chromium)"
endif
	$(PY) -m pytest -n $(TEST_PROCESSES) --dist loadgroup

# the tests that need no browser, no book build, no notebook kernel and no server of their own, and
# do not play a table through its widgets: the rules, their properties, the protocol, the analyses
CHECK_SKIPS := --ignore=tests/test_book.py --ignore=tests/test_app_server.py --ignore=tests/test_hub.py \
               --ignore=tests/test_notebooks.py --ignore=tests/test_wire.py

check: venv
	$(PY) -m pytest -n $(CHECK_PROCESSES) --dist loadgroup -m "not browser and not notebook and not exhaustive and not table and not research" $(CHECK_SKIPS)

# ---------------------------------------------------- vendored JavaScript

ifeq ($(NPM),)
vendor:
	@echo "npm not found: not vendoring require.js, the widget manager and MathJax;" \
	      "the book still builds but its widgets and maths need the internet (install npm to fix)"
else
vendor: $(VENDOR_STAMP)
endif

# npm pack fetches the published tarballs from the npm registry (no node_modules).
# Layout (html_static_path, so all but extra/ ends up under the book's _static/):
#   require.js                    requirejs
#   html-manager/embed-amd.js     @jupyter-widgets/html-manager (widget manager, one file)
#   mathjax/tex-mml-chtml.js      mathjax es5/ (it loads its components and fonts next to it)
#   extra/@jupyter-widgets/...    html_extra_path: the widget manager asks for its Font
#                                 Awesome fonts relative to the page, at
#                                 @jupyter-widgets/<hash>.woff2 and
#                                 @jupyter-widgets/html-manager/dist/<hash>.woff2
FONTS_DIR := $(VENDOR)/extra/@jupyter-widgets

$(VENDOR_STAMP): Makefile
	rm -rf $(VENDOR) $(VENDOR).tmp
	mkdir -p $(VENDOR).tmp/html-manager $(VENDOR).tmp/requirejs $(VENDOR).tmp/mathjax
	cd $(VENDOR).tmp && npm pack --silent $(NPM_PACKAGES) >/dev/null
	tar -xzf $(VENDOR).tmp/jupyter-widgets-html-manager-*.tgz -C $(VENDOR).tmp/html-manager --strip-components=1
	tar -xzf $(VENDOR).tmp/requirejs-*.tgz -C $(VENDOR).tmp/requirejs --strip-components=1
	tar -xzf $(VENDOR).tmp/mathjax-*.tgz -C $(VENDOR).tmp/mathjax --strip-components=1
	mkdir -p $(VENDOR)/html-manager $(FONTS_DIR)/html-manager/dist
	cp $(VENDOR).tmp/requirejs/require.js $(VENDOR)/
	cp $(VENDOR).tmp/html-manager/dist/embed-amd.js $(VENDOR)/html-manager/
	cp $(VENDOR).tmp/html-manager/dist/*.woff2 $(FONTS_DIR)/
	cp $(VENDOR).tmp/html-manager/dist/*.woff2 $(FONTS_DIR)/html-manager/dist/
	cp -r $(VENDOR).tmp/mathjax/es5 $(VENDOR)/mathjax
	rm -rf $(VENDOR).tmp
	touch $@

# ---------------------------------------------------------------------- book

book: venv vendor
	$(VENV)/bin/jupyter-book build book --config jupyter_book.yml --toc "$(CURDIR)/book/_toc.yml"
	@echo "The book: $(CURDIR)/book/_build/html/index.html"

# ----------------------------------------------------------------- benchmarks

bench: venv
	$(PY) benchmarks/run.py

# ---------------------------------------------------------------- screenshots

# each game a few moves in, at a phone's width and a desktop's, from the app started on a
# free port and played by clicks in headless Chromium (book/app/screenshots.py); the book's
# page "What you will play" and the README show them
screenshots: venv
	$(PY) book/app/screenshots.py

# --------------------------------------------------------------------- clean

clean:
	rm -rf book/_build $(VENDOR) $(VENDOR).tmp .pytest_cache .hypothesis *.egg-info
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -prune -exec rm -rf {} +
