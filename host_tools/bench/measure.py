"""`make bench`: the companion's cost per event, memory and size.

Everything is measured on the real code: under the MicroPython WebAssembly
port (bytes allocated, retained heap, wall time; executed lines with the
port's settrace build), with mpy-cross (.mpy sizes) and under CPython
(events per second). measure() returns the figures; docs/bench.md explains
them and how line counts become milliseconds on an RP2040.
"""

import json
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from companion.core.games import new_game

from . import allocation as bench_alloc
from . import cases as bench_cases
from . import timing as bench_timing
from . import store as bench_store
from . import long_game as bench_long
from .random_games import random_games, random_log
from ..device.flash import GAME_MODULES, board_sources
from ..micropython import MicroPythonError
from ..micropython import run as run_micropython
from ..paths import FIRMWARE, ROOT, load_layout

PROBE = ROOT / "host_tools" / "bench" / "probe"

# The public figure behind the RP2040 estimate (docs/bench.md): MicroPython
# v1.23.0 on an RP2040 at 125 MHz runs the "Integer addition" loop of
# github.com/shaoziyang/micropython_benchmarks 1,000,000 times in 7984 ms.
RP2040_ADD_MS = 7984
RP2040_ADD_ITERATIONS = 1000000
# ... which is about 4 us per line; on the emulated rp2 port a line of the
# firmware cost 5-6 us, and C-side work (flash, I2C, the LED bitstream) has no
# lines at all. So every RP2040 figure is a range, and an estimate.
US_PER_LINE = bench_timing.US_PER_LINE


def rp2040_ms(lines):
    """An estimate: [low, high] ms on an RP2040 at 125 MHz."""
    return [round(lines * US_PER_LINE[0] / 1000, 2), round(lines * US_PER_LINE[1] / 1000, 2)]

# (figure key or key suffix, limit): reported beside each figure, never asserted.
TARGETS = {
    "lines": 1500,       # per event
    "bytes": 256,        # per event
    "tick.bytes": 0,
    "heap.new_game": 6 * 1024,
    "heap.restored": 16 * 1024,
    "boot.heap": 16 * 1024,
    "restore.rp2040_ms": 500,  # "well under a second"
    "mpy.board": 48 * 1024,  # what one board carries: the firmware with its own game
    "ai.lines_per_candidate": 1500,  # the device opponent (issue 19)
    "ai.rp2040_ms": 300,  # its slowest measured turn
}
TARGETS.update(bench_store.TARGETS)  # the game log on flash (host_tools/bench/store.py)
TARGETS.update(bench_long.TARGETS)  # a long game at a fixed heap (host_tools/bench/long_game.py)


def target_of(key):
    limit = bench_timing.target_of(key)
    if limit is not None:
        return limit
    if key in TARGETS:
        return TARGETS[key]
    if key.startswith("event."):
        return TARGETS.get(key.rsplit(".", 1)[1])
    if key.startswith("mpy.board."):
        return TARGETS["mpy.board"]
    return None


def _q(obj):
    """A Python expression for a JSON value, for the generated chunks."""
    return "json.loads(%r)" % json.dumps(obj)


# --- MicroPython jobs: lists of code chunks whose BENCH lines are collected ----

MPY_DIR = "/mpy"  # where the jobs find the firmware compiled with mpy-cross


def _job(chunks, settrace=False, mounts=()):
    # the firmware's .mpy files come first on the path, as on a flashed board
    head = "import sys\nsys.path.insert(0, %r)\nimport gc, json, bench_probe as P" % MPY_DIR
    return {"chunks": [head] + list(chunks), "settrace": settrace,
            "mounts": [(PROBE, "/lib/bench_probe")] + list(mounts)}


def _run_job(job, mpy_tree=None):
    mounts = job["mounts"] + ([(mpy_tree, MPY_DIR)] if mpy_tree else [])
    try:
        out = run_micropython(job["chunks"], mounts=mounts, settrace=job["settrace"])
    except MicroPythonError as e:
        if "part" not in job:
            raise
        return {"error": (job["part"], str(e).strip().splitlines()[-1])}  # the exception line
    found = {}
    for line in out.splitlines():
        if line.startswith("BENCH "):
            key, value = json.loads(line[6:])
            found[key] = value
    return found


def _case_setup(header, setup, measured):
    last = setup[-1] if setup else None  # what an undo case takes back
    return "\n".join([
        "from companion.core.games import new_game",
        "H = %s" % _q(header),
        "g = new_game(H, P.layout(H.get('layout', H['game'])))",
        "for e in %s:\n    g.apply(e)" % _q(setup),
        "ev = %s" % _q(measured),
        "last = %s" % _q(last),
        "step = lambda: g.apply(ev)",
        "noop = lambda: None",
        # puts the position back after the measured event, for repeated timing
        # (Game.undo: also past a draw that the digital deck keeps from undo)
        "from companion.core.game import Game",
        "restore = (lambda: g.apply(last)) if ev['op'] == 'undo' else (lambda: Game.undo(g))",
    ])


def event_jobs(game, only=None, reps=15):
    """A game's cases: bytes and wall time (plain port), lines (settrace)."""
    plain, traced = [], []
    for name, header, setup, measured in bench_cases.cases(game, only):
        key = "event.%s.%s." % (game, name)
        prep = _case_setup(header, setup, measured)
        plain += [prep, COLLECT, "P.report(%r, P.alloc(step) - P.alloc(noop))" % (key + "bytes"),
                  "restore()\nP.report(%r, P.wall_us(step, restore, %d))" % (key + "wasm_us", reps)]
        traced += [prep, "P.report(%r, P.lines(step) - P.lines(noop))" % (key + "lines")]
    jobs = [_job(["P.warm_up()"] + plain), _job(traced, settrace=True)]
    for job in jobs:
        job["part"] = game  # a game whose script fails is reported, not fatal
    return jobs


CALIBRATION = 100000  # iterations of the public benchmark's loop timed here


def calibration_job():
    """Lines per iteration of the public benchmark's loop (its time: restore_jobs)."""
    args = "[%d, 12345678, 56781234]"
    lines = "P.report('calib.lines_1000', P.lines(lambda: P.add_test(%s)))\n" % (args % 1000) + \
            "P.report('calib.lines_2000', P.lines(lambda: P.add_test(%s)))" % (args % 2000)
    return _job([lines], settrace=True)


CORE_MODULES = "from companion.core import games, kahuna, board, game, rng, log"
# what booting the firmware on the simulated HAL imports (checked: see late_imports)
FIRMWARE_MODULES = CORE_MODULES + """
from companion import ui
from companion import boot
from companion.app import play as app
from companion.store import log_store as store
from companion.hal import frame
from companion.ui import kahuna as ui_kahuna
from companion.hal import buttons, leds, screen, sim"""


def _heap(name):
    return "P.report(%r, gc.mem_alloc())" % name


# The port never collects while Python code runs inside a call: collection
# is deferred to the end of the call and the heap grows instead (whatever
# gc.threshold() says). So every reading of the heap, and every allocation
# measured, follows a chunk of its own that collects.
COLLECT = "gc.collect()"


def heap_job():
    """Retained heap: the core's code, then a Kahuna board and a new game (data)."""
    return _job([COLLECT, _heap("heap.base"), CORE_MODULES, COLLECT, _heap("heap.modules_at"),
                 "G = games.new_game(%s, P.layout('kahuna'))" % _q(bench_cases.GAMES["kahuna"]["header"]),
                 COLLECT, _heap("heap.game_at")])


LANGS = ("de", "fr")  # the display's languages besides English (companion/ui/lang)


def lang_job():
    """What a language costs the heap: its display table loaded (ui/lang
    use()), then after a line translated by its format and a refusal (the
    lines kept translated; the reasons' table is dropped again). English
    loads nothing."""
    chunks = ["from companion.ui import lang", COLLECT, _heap("lang.en_at")]  # (the facade alone: English)
    for code in LANGS:
        chunks += ["lang.use(%r)" % code, COLLECT, _heap("lang.%s_at" % code),
                   "lang.say('White to play')\nlang.say('ALOA-BARI already holds a white stick')",
                   COLLECT, _heap("lang.%s_forms_at" % code), "lang.use('en')", COLLECT]
    return _job(chunks)


def restore_jobs(logdir):
    """A Kahuna game restored from the saved log with the core's log.replay."""
    mount = [(logdir / "games", "/games")]
    replay = "log.replay(open('/games/current.jsonl'), P.layout)"
    # the restore and the public benchmark's loop, timed in turn (the fastest
    # of three each), so that a busy machine slows both alike
    timed = ("P.warm_up()\nts = []\ncs = []\nfor _ in range(3):\n    t = P.now_ms()\n    %s\n"
             "    ts.append(P.now_ms() - t)\n    t = P.now_ms()\n    P.add_test([%d, 12345678, 56781234])\n"
             "    cs.append(P.now_ms() - t)\n"
             "P.report('restore.wasm_ms', min(ts))\nP.report('calib.wasm_ms', min(cs))"
             % (replay, CALIBRATION))
    plain = _job([CORE_MODULES, COLLECT, _heap("restore.modules_at"), "G = " + replay,
                  COLLECT, _heap("heap.restored_at"), timed], mounts=mount)
    traced = _job([CORE_MODULES, "P.report('restore.lines', P.lines(lambda: %s))" % replay],
                  settrace=True, mounts=mount)
    return [plain, traced]


def firmware_present():
    return (FIRMWARE / "companion" / "boot.py").exists()


def firmware_jobs(logdir):
    """Boot the firmware on the simulated HAL with the saved game; then one
    loop step that scans and re-renders every LED (tick), one that only scans,
    one display refresh, and one board press handled by the app (UI, core,
    log append to flash, new LED frame and display lines)."""
    mount = [(logdir / "games", "/games")]
    start = ("B = []\nstart = lambda: B.append(boot.start_sim("
            "'kahuna', '/games', '/board_layouts', seed=lambda: 1))")
    prep = "\n".join([
        "L = B[0]",
        "A = L.app",
        "T = [1000]",  # the clock: each tick 20 ms on
        # the LEDs render only what changed: a tick re-renders every LED (as after a
        # brightness change), the most one step's LED work can be
        "def tick():\n    T[0] += 20\n    L.leds.bright = -1\n    L.lit = -1\n    L.step(T[0])",
        "tick()",
        "show = lambda: L.screen.show(A.lines)",
        "noop = lambda: None",
        # a connection whose press is an event (place if any, else remove)
        "def op_of(c):\n    k = A.game.board.conn(c['a'] + '-' + c['b'])\n"
        "    return 0 if A.game.why_not_place(k) is None else 1 if A.game.why_not_remove(k) is None else 2",
        "target = sorted(P.layout('kahuna')['connections'], key=op_of)[0]",
        "P.report('press.op', ('place', 'remove', 'none')[op_of(target)])",
        "scan = lambda: L.step(T[0] + 2)",  # 2 ms later: a scan, no LED frame due
        "key = lambda: A.key(target['button'])",
    ])
    # warm up the app path once: press, UNDO key, press again to confirm the
    # physical change; then the measured press is the same event once more
    warm = "key()\nA.key(A.undo_key)\nkey()\ntick()\nn = A.game.events_in_effect()"
    check = "assert A.game.events_in_effect() == n + 1, 'the bench press was not accepted'"
    plain = _job([COLLECT, _heap("boot.base"), FIRMWARE_MODULES, COLLECT, _heap("boot.modules_at"),
                  start + "\nbefore = set(sys.modules)\nstart()", COLLECT,
                  _heap("boot.heap_at") + "\nP.report('boot.late_imports', sorted(set(sys.modules) - before))"
                  "\nP.report('boot.modules', sorted(m for m in sys.modules if m.startswith('companion')))",
                  prep, COLLECT,
                  "P.report('tick.bytes', P.alloc(tick) - P.alloc(noop))\n"
                  "P.report('scan.bytes', P.alloc(scan) - P.alloc(noop))\n"
                  "P.report('display.bytes', P.alloc(show) - P.alloc(noop))",
                  warm, COLLECT, "P.report('press.bytes', P.alloc(key) - P.alloc(noop))\n" + check],
                 mounts=mount)
    traced = _job([FIRMWARE_MODULES + "\n" + start, "P.report('boot.lines', P.lines(start))", prep,
                   "P.report('tick.lines', P.lines(tick) - P.lines(noop))\n"
                   "P.report('scan.lines', P.lines(scan) - P.lines(noop))\n"
                   "P.report('display.lines', P.lines(show) - P.lines(noop))",
                   warm, "P.report('press.lines', P.lines(key) - P.lines(noop))\n" + check],
                  settrace=True, mounts=mount)
    for job in (plain, traced):
        job["part"] = "firmware"  # a firmware being changed is reported, not fatal
    return [plain, traced]


# The device opponent (core/kahuna_ai.py): one turn decided at positions of a
# game the device plays against itself (turns played before deciding), then two
# built openings, the heaviest the search meets (issue 28): an empty board with
# white holding one card of each of the 5 highest-degree islands, and of the 4.
AI_HEADER = {"game": "kahuna", "layout": "kahuna", "cards": "digital", "seed": 2026,
             "first": "white", "variants": []}
AI_TURNS = (0, 1, 10, 20, 40)
AI_BUILT = (("5 cards", 5), ("4 top cards", 4))


def ai_jobs():
    """Lines (settrace) and bytes of Planner.decide(), and its work units (candidates tried)."""
    setup = "\n".join([
        "from companion.core.games import new_game",
        "from companion.core.kahuna_ai import Planner",
        "H = %s" % _q(AI_HEADER),
        "def at(turns):\n    g = new_game(H, P.layout('kahuna'))\n    a = Planner(g)\n    n = 0\n"
        "    while n < turns and not g.over():\n        a.play_turn()\n        n += 1\n    return a",
        "def built(k):\n    g = new_game(H, P.layout('kahuna'))\n"
        "    top = sorted(range(g.nisland), key=lambda x: -g.board.degree[x])[:k]\n"
        "    for i in range(g.nisland):\n        g.s[g.HAND + i] = 1 if i in top else 0\n"
        "    return Planner(g)",
        "A = [at(t) for t in %r] + [built(k) for k in %r]" % (AI_TURNS, [k for _, k in AI_BUILT]),
        "noop = lambda: None",
        "for a in A:\n    a.decide()",  # warm up: the journal has grown to its size
    ])
    plain = [setup, COLLECT, "P.report('ai.bytes_each', [P.alloc(a.decide) - P.alloc(noop) for a in A])"]
    traced = [setup, "P.report('ai.lines_each', [P.lines(a.decide) - P.lines(noop) for a in A])\n"
              "P.report('ai.tried_each', [a.tried for a in A])"]
    jobs = [_job(plain), _job(traced, settrace=True)]
    for job in jobs:
        job["part"] = "ai"
    return jobs


def write_log(path, header, events):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(json.dumps(x) for x in [header] + events) + "\n")


# --- host-side figures -----------------------------------------------------------

def compile_mpy(out_dir):
    """Compile every firmware file with mpy-cross into out_dir (same tree);
    return {source path: .mpy bytes}. Each is named by its path in the board's
    tree (-s), as `companion flash` names it: a module's name is kept in the
    heap when it loads, so the checkout's folder must not change what a
    heap measured here needs."""
    exe = Path(sys.executable).parent / "mpy-cross"
    sizes = {}
    for src in sorted(FIRMWARE.rglob("*.py")):
        rel = src.relative_to(FIRMWARE)
        out = Path(out_dir) / rel.with_suffix(".mpy")
        out.parent.mkdir(parents=True, exist_ok=True)
        proc = subprocess.run([str(exe), "-s", str(rel), "-o", str(out), str(src)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise RuntimeError("mpy-cross cannot compile %s:\n%s" % (rel, proc.stderr))
        sizes[str(rel)] = out.stat().st_size
    return sizes


# on a real board the drivers replace the simulated HAL
DEVICE_ONLY = ("main.py", "companion/hal/board.py", "companion/hal/ssd1306.py", "companion/hal/pio.py",
               "companion/hal/sampling.py")  # a Pico: the PIO sampler
SIMULATED = ("companion/hal/sim.py",)


def device_files(modules):
    """Files a Kahuna board loads: the modules its boot imported (in the port,
    on the simulated HAL), with the real drivers in place of the simulated."""
    files = set(DEVICE_ONLY)
    for m in modules:
        path = m.replace(".", "/")
        package = FIRMWARE / path / "__init__.py"
        files.add(path + "/__init__.py" if package.exists() else path + ".py")
    return sorted(files - set(SIMULATED))


def cpython_rate(count, seed=1):
    """Events per second through the core (game.apply) on random Kahuna games."""
    logs = random_games(count, seed)
    layout = load_layout("kahuna")
    n = sum(len(events) for _, events in logs)
    best = None
    for _ in range(5):
        t = time.perf_counter()
        for header, events in logs:
            g = new_game(header, layout)
            for e in events:
                g.apply(e)
        dt = time.perf_counter() - t
        best = dt if best is None else min(best, dt)
    return n / best, n


# --- putting it together -----------------------------------------------------------

def measure(games=None, only=None, quick=False, restore_events=300, firmware=None):
    """All figures as {key: value}, plus details. `quick`: fewer repetitions."""
    games = bench_cases.available(games)
    firmware = firmware_present() if firmware is None else firmware
    with tempfile.TemporaryDirectory() as tmp:
        logdir = Path(tmp)
        sizes = compile_mpy(logdir / "mpy")
        header, events = random_log(seed=2026, events=restore_events)
        write_log(logdir / "games" / "current.jsonl", header, events)
        jobs = [calibration_job()]
        for game in games:
            jobs += event_jobs(game, only, reps=3 if quick else 15)
        jobs += [heap_job(), lang_job()] + restore_jobs(logdir)
        if firmware:
            jobs += firmware_jobs(logdir)
            jobs += bench_timing.jobs(_job, games)
            jobs.append(bench_store.restore_job(_job))
        if (FIRMWARE / "companion" / "core" / "kahuna_ai.py").exists():
            jobs += ai_jobs()
        with ThreadPoolExecutor(max_workers=2) as pool:
            alloc = pool.submit(bench_alloc.measure, lambda job: _run_job(job, logdir / "mpy"), _job,
                                1 if quick else 3)
            results = list(pool.map(lambda job: _run_job(job, logdir / "mpy"), jobs))
            results.append(alloc.result())
        heap_kb = bench_alloc.min_native_heap(logdir / "mpy") if firmware else None
        lang_kb = {code: bench_alloc.min_native_heap(logdir / "mpy", settings={"lang": i + 1})
                   for i, code in enumerate(LANGS)} if firmware else {}
        long_game = bench_long.figures(logdir / "mpy", 2000 if quick else bench_long.EVENTS) if firmware else {}
    raw = {}
    errors = {}
    for r in results:
        if "error" in r:
            game, why = r["error"]
            errors[game] = why
        else:
            raw.update(r)
    games = [g for g in games if g not in errors]
    firmware = firmware and "firmware" not in errors
    rate, n = cpython_rate(5 if quick else 40)
    raw["cpython.events_per_s"] = int(rate)
    raw["cpython.events"] = n
    result = derive(raw, sizes, games, only, restore_events, firmware)
    result["figures"].update(bench_alloc.derive(raw, heap_kb))
    for code, kb in lang_kb.items():  # the same with the display in that language (the menu's setting)
        result["figures"]["heap.native_min_kb.%s" % code] = kb
    bench_store.derive(raw, result["figures"])
    result["figures"].update(long_game)
    if firmware:
        result["figures"].update(bench_store.flash_figures(100 if quick else bench_store.EVENTS))
    result["meta"]["quick"] = quick
    result["details"]["errors"] = errors
    return result


def derive(raw, sizes, games, only, restore_events, firmware):
    """The reported figures from the raw measurements."""
    f = {}
    per_iter = (raw["calib.lines_2000"] - raw["calib.lines_1000"]) / 1000.0
    rp_us_per_line = RP2040_ADD_MS * 1000.0 / (RP2040_ADD_ITERATIONS * per_iter)
    # how much slower the RP2040 runs the same loop than this machine's port
    slowdown = (RP2040_ADD_MS / RP2040_ADD_ITERATIONS) / (raw["calib.wasm_ms"] / CALIBRATION)
    f["calib.rp2040_us_per_line"] = round(rp_us_per_line, 2)
    f["calib.rp2040_slowdown"] = round(slowdown, 1)
    for game in games:
        for name, _, _, _ in bench_cases.cases(game, only):
            key = "event.%s.%s." % (game, name)
            lines = raw[key + "lines"]
            f[key + "lines"] = lines
            f[key + "bytes"] = raw[key + "bytes"]
            f[key + "wasm_us"] = round(raw[key + "wasm_us"], 1)
            f[key + "rp2040_ms"] = rp2040_ms(lines)
    f["heap.core_code"] = raw["heap.modules_at"] - raw["heap.base"]
    f["heap.new_game"] = raw["heap.game_at"] - raw["heap.modules_at"]
    f["restore.events"] = restore_events
    f["heap.restored"] = raw["heap.restored_at"] - raw["restore.modules_at"]
    f["restore.lines"] = raw["restore.lines"]
    f["restore.wasm_ms"] = round(raw["restore.wasm_ms"], 1)
    f["restore.rp2040_ms"] = rp2040_ms(raw["restore.lines"])
    f["restore.rp2040_ms_by_time"] = round(raw["restore.wasm_ms"] * slowdown, 1)
    if firmware:
        f["boot.heap"] = raw["boot.heap_at"] - raw["boot.modules_at"]
        f["boot.heap_code"] = raw["boot.modules_at"] - raw["boot.base"]
        f["boot.heap_total"] = raw["boot.heap_at"] - raw["boot.base"]
        f["boot.lines"] = raw["boot.lines"]
        f["boot.rp2040_ms"] = rp2040_ms(raw["boot.lines"])
        f["press.op"] = raw["press.op"]
        for k in ("tick", "scan", "display", "press"):
            f[k + ".bytes"] = raw[k + ".bytes"]
            f[k + ".lines"] = raw[k + ".lines"]
            f[k + ".rp2040_ms"] = rp2040_ms(raw[k + ".lines"])
        f.update(bench_timing.derive(raw))
    if "ai.lines_each" in raw:
        lines, tried = raw["ai.lines_each"], raw["ai.tried_each"]
        f["ai.turns"] = list(AI_TURNS) + [name for name, _ in AI_BUILT]
        f["ai.lines_each"] = lines
        f["ai.tried_each"] = tried
        f["ai.bytes_each"] = raw.get("ai.bytes_each")
        f["ai.lines_max"] = max(lines)
        f["ai.lines_per_candidate"] = int(max(l / max(1, n) for l, n in zip(lines, tried)))
        f["ai.rp2040_ms"] = rp2040_ms(max(lines))
    for code in LANGS:
        f["lang.%s.heap" % code] = raw["lang.%s_at" % code] - raw["lang.en_at"]
        f["lang.%s.heap_formats" % code] = raw["lang.%s_forms_at" % code] - raw["lang.en_at"]
        f["mpy.lang.%s" % code] = sizes.get("companion/ui/lang/%s.py" % code, 0)
    f["mpy.lang.machinery"] = sizes.get("companion/ui/lang/__init__.py", 0) + sizes.get("companion/ui/lang/speak.py", 0)
    f["mpy.firmware"] = sum(sizes.values())
    f["mpy.core"] = sum(v for k, v in sizes.items() if k.startswith("companion/core/"))
    for game in GAME_MODULES:  # what `companion flash` copies for a board of that game
        files = {p.relative_to(FIRMWARE).as_posix() for p in board_sources(game)} | {"main.py"}
        f["mpy.board." + game] = sum(v for k, v in sizes.items() if k in files)
    if firmware:
        f["mpy.kahuna_device"] = sum(sizes.get(k, 0) for k in device_files(raw["boot.modules"]))
    f["cpython.events_per_s"] = raw["cpython.events_per_s"]
    f["cpython.events"] = raw["cpython.events"]
    details = {"mpy_files": sizes, "games": games, "boot_late_imports": raw.get("boot.late_imports"),
               "kahuna_device_files": device_files(raw["boot.modules"]) if firmware else None}
    return {"figures": f, "details": details,
            "meta": {"micropython": "1.29.0 (WebAssembly port)",
                     "python": sys.version.split()[0], "time": time.strftime("%Y-%m-%d %H:%M:%S")}}
