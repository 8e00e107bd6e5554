"""`make bench`: a long game at a fixed heap (native MicroPython unix port).

The firmware, from its .mpy files, boots on the simulated HAL with a store
in files (as the simulator's) holding only a Kahuna header, then plays a
seeded random Kahuna game of EVENTS events (undos included) through the
App as presses do: each event applied, shown, written by App.flush(), and
quiet-time work (App.idle: merges, checkpoints) after every turn end. The
heap is fixed (-X heapsize=HEAP_KB); after gc.collect() its free bytes are
read at MARKS events. Its memory must be bounded by the game's state, not by
its length: free heap flat after the first few hundred events, no
MemoryError. *largest loop step*: the longest one event's work took
(apply, show, write, quiet-time work), in ms of this machine's native port.

The smallest heap that boots and plays on (docs/bench.md) is also found for
the save this game leaves (`min_heap_after`): boot from it, play 40 more.
"""

import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from .random_games import random_log
from ..micropython import native_binary
from ..paths import ROOT

EVENTS = 20000
MARKS = (500, 5000, 20000)
HEAP_KB = 192
MORE = 40  # events played on after booting from the save (the smallest heap)
TARGETS = {"long.free_drop": 1024, "long.memory_errors": 0}

PLAY = """
import sys, gc, json, time
sys.path.insert(0, %(mpy)r)
from companion.boot import start_sim
loop = start_sim('kahuna', %(games)r, %(layouts)r, lambda: 1)
app = loop.app
assert app.game is not None and app.game.events_in_effect() == 0, 'the header was not taken'
t = 0
i = 0
worst = 0
errors = 0
free = {}
with open(%(events)r) as f:
    for line in f:
        e = json.loads(line)
        line = None
        t0 = time.ticks_us()
        try:
            if e['op'] == 'undo':
                app.undo(None)  # as the UNDO key: an undo behind the journal replays the log
            else:
                app.act(0, e)
            app.changed()
            t += 20
            loop.step(t)
            app.flush()
            if e['op'] in ('end_turn', 'end_round'):
                app.idle()  # the quiet time after a turn
        except MemoryError:
            errors += 1
        worst = max(worst, time.ticks_diff(time.ticks_us(), t0))
        i += 1
        if i in %(marks)r:
            gc.collect()
            free[i] = gc.mem_free()
assert app.game.events_in_effect() == %(after)d and not app.unsaved, 'the game was not played'
print('LONG ' + json.dumps({'free': free, 'errors': errors, 'worst_us': worst, 'events': i,
                            'pieces': sum(1 for n in __import__('os').ilistdir(%(games)r + '/log'))}))
"""


def _env(mpy_dir):
    env = dict(os.environ, MICROPYPATH=str(mpy_dir))
    env.pop("COMPANION_RUN", None)
    return env


def play(mpy_dir, tmp, events=EVENTS, heap_kb=HEAP_KB, seed=2026, marks=None):
    """Play the long game in tmp/games; its figures (raw)."""
    if marks is None:
        marks = tuple(sorted(set(m for m in MARKS if m < events) | {events}))
    header, log = random_log(seed=seed, events=events + MORE)
    log, more = log[:events], log[events:]
    from companion.core.games import new_game
    from ..paths import load_layout
    g = new_game(header, load_layout("kahuna"))
    for e in log:
        g.apply(e)
    tmp = Path(tmp)
    games = tmp / "games"
    games.mkdir()
    (games / "current.jsonl").write_text(json.dumps(header) + "\n")
    (tmp / "events.jl").write_text("".join(json.dumps(e) + "\n" for e in log))
    # The same short names wherever the folders are: the paths' strings sit on
    # the fixed heap, and their lengths moved where the firmware's blocks land
    # (a 1 KB buffer found no room at 176 KB under one temporary folder only).
    (tmp / "mpy").symlink_to(Path(mpy_dir).resolve(), target_is_directory=True)
    (tmp / "layouts").symlink_to(ROOT / "board_layouts", target_is_directory=True)
    (tmp / "long.py").write_text(PLAY % {"mpy": "mpy", "games": "games", "layouts": "layouts",
                                         "events": "events.jl", "marks": tuple(m for m in marks if m <= events),
                                         "after": g.events_in_effect()})
    proc = subprocess.run([native_binary(), "-X", "heapsize=%dK" % heap_kb, "long.py"],
                          capture_output=True, text=True, env=_env("mpy"), timeout=1800, cwd=tmp)
    lines = [l for l in proc.stdout.splitlines() if l.startswith("LONG ")]
    if proc.returncode != 0 or not lines:
        return {"error": (proc.stdout + proc.stderr)[-2000:]}
    out = json.loads(lines[-1][5:])
    out["free"] = {int(k): v for k, v in out["free"].items()}
    out["more"] = more
    return out


def figures(mpy_dir, events=EVENTS, heap_kb=HEAP_KB):
    """The long game's figures, and the smallest heaps that boot a fresh game
    and the save it leaves, and play on."""
    from .allocation import min_native_heap
    f = {}
    with tempfile.TemporaryDirectory(prefix="benchlong-") as tmp:
        t0 = time.time()
        raw = play(mpy_dir, tmp, events, heap_kb)
        if "error" in raw:
            return {"long.error": raw["error"]}
        f["long.events"] = raw["events"]
        f["long.heap_kb"] = heap_kb
        for m, free in sorted(raw["free"].items()):
            f["long.free_at_%d" % m] = free
        first, last = min(raw["free"]), max(raw["free"])
        f["long.free_drop"] = raw["free"][first] - raw["free"][last]
        f["long.memory_errors"] = raw["errors"]
        f["long.largest_step_ms"] = round(raw["worst_us"] / 1000.0, 1)
        f["long.log_files"] = raw["pieces"]
        f["long.seconds"] = round(time.time() - t0, 1)
        f["heap.native_min_kb.fresh"] = min_native_heap(mpy_dir, events=0)
        f["heap.native_min_kb.after_long"] = min_native_heap(
            mpy_dir, save=(Path(tmp) / "games", events + 1, raw["more"]))
    return f


def table(f):
    if "long.error" in f:
        return ["", "Long game: NOT MEASURED, it fails: %s" % f["long.error"]]
    if "long.events" not in f:
        return []
    out = ["", "A %d-event Kahuna game at a fixed heap (native port, -X heapsize=%dK; %d log files at the end)"
           % (f["long.events"], f["long.heap_kb"], f["long.log_files"])]
    for key in sorted((k for k in f if k.startswith("long.free_at_")), key=lambda k: int(k.rsplit("_", 1)[1])):
        out.append("  %-44s %12d B" % ("heap free at event %s" % key.rsplit("_", 1)[1], f[key]))
    out.append("  %-44s %12d B  <= %d  %s" % ("free heap lost after the first mark", f["long.free_drop"],
                                             TARGETS["long.free_drop"],
                                             "ok" if f["long.free_drop"] <= TARGETS["long.free_drop"] else "OVER"))
    out.append("  %-44s %12d    == 0  %s" % ("MemoryError in play or quiet time", f["long.memory_errors"],
                                             "ok" if not f["long.memory_errors"] else "OVER"))
    out.append("  %-44s %12s ms (this machine's native port)" % ("largest loop step", f["long.largest_step_ms"]))
    if "heap.native_min_kb.fresh" in f:
        out.append("  smallest native -X heapsize that boots and plays on: %s KB from a fresh game, %s KB "
                   "from the save of this game" % (f["heap.native_min_kb.fresh"], f["heap.native_min_kb.after_long"]))
    return out
