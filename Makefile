# The front door. `make test` and `make sim` install what they need first.
VENV := .venv
PY := $(VENV)/bin/python
export PATH := $(CURDIR)/$(VENV)/bin:$(PATH)

.PHONY: setup test check sim browser bench cairo images flash deploy repl virtual-device mosquitto broker

setup: $(VENV)/.installed node_modules/.installed browser cairo mosquitto $(VENV)/vendor/umqtt/simple.py

$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[test]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The whole suite, spread over the cores (pytest-xdist: a test file to a worker,
# so that a file's fixtures are made once; the results do not depend on the spread).
JOBS ?= auto
test: setup
	$(PY) -m pytest -n $(JOBS) --dist loadfile

# The fast tests, about a minute: the rules, the app, the store and remote play's
# protocol under CPython and the native MicroPython port; no browser, broker,
# virtual device, emulated chip or long fuzz (those are marked slow: tests/conftest.py).
# A test to whichever worker is free (worksteal), not a file to a worker: here the
# two longest files (test_hostile_files.py, test_both_interpreters.py) would
# otherwise each hold one worker for most of the run; their fixtures are cheap.
check: $(VENV)/.installed $(VENV)/vendor/umqtt/simple.py
	$(PY) -m pytest -n $(JOBS) --dist worksteal -m "not slow"

# Debian's chromium drives the simulator's browser tests (playwright-core).
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
browser:
	@if [ -x /usr/bin/chromium ]; then :; \
	elif command -v apt-get >/dev/null; then $(SUDO) apt-get update && $(SUDO) apt-get install -y chromium; \
	else echo "note: no apt-get here: install chromium at /usr/bin/chromium yourself, or the browser tests are skipped"; fi

# Remote play (docs/remote.md): Debian's Mosquitto is the broker; the boards'
# MQTT client is micropython-lib's umqtt.simple from PyPI (fetched by pip, not installable by it).
mosquitto:
	@if [ -x /usr/sbin/mosquitto ] && [ -x /usr/bin/mosquitto_passwd ]; then :; \
	elif command -v apt-get >/dev/null; then $(SUDO) apt-get update && $(SUDO) apt-get install -y mosquitto; \
	else echo "note: no apt-get here: install mosquitto yourself, or the remote-play tests fail"; fi

$(VENV)/vendor/umqtt/simple.py: $(VENV)/.installed
	$(PY) -m host_tools.vendor $(VENV)/vendor

# A broker for remote play: `make broker` (GAME=CODE for a game's credentials, MQTT_PORT, WS_PORT;
# LAYOUT=duell for another game's seats, SEATS=red,blue,green for Kanaloa's).
MQTT_PORT ?= 1883
WS_PORT ?= 9001
GAME ?= DEMO
LAYOUT ?= kahuna
broker: $(VENV)/.installed mosquitto
	$(VENV)/bin/companion broker --port $(MQTT_PORT) --ws-port $(WS_PORT) --game $(GAME) --layout $(LAYOUT) \
		$(if $(SEATS),--seats $(SEATS))

# The browser simulator: `make sim` (PORT=8001 make sim for another port).
PORT ?= 8000
sim: $(VENV)/.installed node_modules/.installed
	$(VENV)/bin/companion sim --port $(PORT)

# Cost per event, memory and size under MicroPython (docs/bench.md); the
# figures also go to artifacts/bench.json. COMPARE=old.json prints the change.
bench: $(VENV)/.installed node_modules/.installed mosquitto
	$(VENV)/bin/companion bench --json artifacts/bench.json $(if $(COMPARE),--compare $(COMPARE))
	$(VENV)/bin/companion remote-soak --games 100 1000 --moves 20 --json artifacts/remote-soak.json

# PNG pictures (companion layout draw / replay -o X.png) use cairosvg, which needs libcairo2.
cairo:
	@if ldconfig -p 2>/dev/null | grep -q libcairo.so.2; then :; \
	elif command -v apt-get >/dev/null; then $(SUDO) apt-get update && $(SUDO) apt-get install -y libcairo2; \
	else echo "note: no apt-get here: install the cairo library yourself for PNG output"; fi

# The pictures in docs/images (README, docs/layouts.md), drawn from the layout and a real game.
images: $(VENV)/.installed cairo
	for ext in svg png; do \
	  $(VENV)/bin/companion layout draw board_layouts/kahuna.json -o docs/images/kahuna-board.$$ext && \
	  $(VENV)/bin/companion layout draw board_layouts/kahuna-sensing.json -o docs/images/kahuna-sensing-board.$$ext && \
	  $(VENV)/bin/companion replay tests/logs/kahuna_full_game.jsonl -o docs/images/kahuna-game.$$ext >/dev/null || exit 1; \
	done

# A MicroPython board over USB (docs/flashing.md). PORT=/dev/ttyACM0 picks one
# when several are connected (the sim's default PORT above is not used here).
# LAYOUT and PROFILE: a name in board_layouts/ (profiles/), or a path to a file.
LAYOUT ?= kahuna
PROFILE ?= pico
BOARD_PORT = $(if $(filter command line environment,$(origin PORT)),--port $(PORT))
flash: $(VENV)/.installed
	$(VENV)/bin/companion flash $(BOARD_PORT) --layout $(LAYOUT) --profile $(PROFILE)

deploy: $(VENV)/.installed
	$(VENV)/bin/companion flash --changed $(BOARD_PORT) --layout $(LAYOUT) --profile $(PROFILE)

repl: $(VENV)/.installed
	$(VENV)/bin/companion repl $(BOARD_PORT)

# A virtual board (MicroPython in Node on a pseudo-terminal) for trying the above without hardware.
virtual-device: $(VENV)/.installed node_modules/.installed
	$(VENV)/bin/companion virtual-device
