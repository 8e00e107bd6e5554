"""`make bench`, allocation in play: random full games of all four games.

Two figures per game, over every event of seeded random games played to
their end (with undos), each event applied by the core (`game.apply`) in
the MicroPython WebAssembly port (32-bit object sizes, as on a chip):

- *largest*: the most bytes one executed line allocated (sys.settrace in
  the port's settrace build, `gc.mem_alloc()` read at every line with the
  tracer's own allocations left out). A line's bytes bound each single
  allocation it makes from above.
- *bytes/event*: `gc.mem_alloc()` before and after each event (plain build),
  summed over the games, divided by their events.

And one figure from the native unix port: the smallest `-X heapsize` in
which it boots a 300-event Kahuna log from the `.mpy` files (the firmware
on the simulated HAL, as the tests boot it) and plays 40 more events. The
native port is 64-bit: its objects are about twice the size of a chip's.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from ..micropython import native_binary
from ..paths import ROOT
from .random_games import random_log

TARGETS = {"alloc.largest": 1024, "alloc.bytes_per_event": 256}
GAMES = ("kahuna", "kanaloa", "rukuni", "duell")

# --- random full games (CPython) ----------------------------------------------------


def _scenarios():
    tests = str(ROOT / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    from scenarios import duell_scenarios, kanaloa_scenarios, rukuni_scenarios
    return kanaloa_scenarios, rukuni_scenarios, duell_scenarios


def _play(g, next_event, rng, limit=600):
    """Events to the end of a game, with an undo about every 10th event."""
    events = []
    while not g.over() and len(events) < limit:
        e = {"op": "undo"} if g.events_in_effect() and rng.below(10) == 0 else next_event(g, rng)
        g.apply(e)
        events.append(e)
    return events


def random_full_games(per_game=2, seed=2026):
    """[(game, header, events)]: `per_game` random games of each game, played to their end."""
    from companion.core.rng import Rng

    ks, rs, ds = _scenarios()

    def rukuni_event(g, rng):
        s = g.state()
        if s["phase"] == "move":
            moves = rs.reference_moves(s)
            a, b = moves[rng.below(len(moves))]
            return rs.move(a, b)
        cells = rs.stone_hints(g)
        return {"op": "set", "at": cells[rng.below(len(cells))]}

    out = []
    for k in range(per_game):
        s = seed + k
        out.append(("kahuna",) + random_log(s, 600, finish=True))
        header, events, _, _ = ks.random_game(s, ("red", "blue", "green", "yellow")[:3 + k % 2])
        out.append(("kanaloa", header, events))
        header = {"game": "rukuni", "layout": "rukuni", "first": "lot", "seed": s}
        out.append(("rukuni", header, _play(rs.game(header), rukuni_event, Rng(s))))
        header = {"game": "duell", "layout": "duell", "variants": [["memory"], [], ["profi"]][k % 3]}
        out.append(("duell", header, _play(ds.game(header), ds.random_event, Rng(s))))
    return out


# --- the WebAssembly jobs --------------------------------------------------------------

# Every event of every game in one call: the port defers its garbage
# collection to the end of a call (the heap grows instead), so gc.mem_alloc()
# only rises while the games are played and every byte counts.
PLAY = """
from companion.core.games import new_game
GAMES = %s
def play(measure):
    for k in range(len(GAMES)):
        game, header, events = GAMES[k]
        g = new_game(header, P.layout(header.get('layout', game)))
        measure(k, g, events)
"""

PER_EVENT = """
def per_event(k, g, events):
    each = []
    for e in events:
        m = gc.mem_alloc()
        g.apply(e)
        each.append(gc.mem_alloc() - m)
    P.report('alloc.each.%d' % k, each)
play(per_event)
"""

# Then the events that allocated more than TRACE_FLOOR bytes are played
# again, each line traced: the tracer reads gc.mem_alloc() first and last,
# so what it allocates itself (the record of a new largest) is left out.
# (gc.mem_alloc() walks the heap: tracing every line of every event would
# take minutes.) An event not traced allocated at most TRACE_FLOOR in all.
TRACE_FLOOR = 128
PER_LINE = """
import sys
HEAVY = %s
M = [0, 0, None]  # the last reading, the largest line, where
def tracer(frame, event, arg):
    a = gc.mem_alloc()
    if a - M[0] > M[1]:
        M[1] = a - M[0]
        M[2] = '%%s:%%d' %% (frame.f_code.co_filename.rsplit('/', 1)[-1], frame.f_lineno)
    M[0] = gc.mem_alloc()
    return tracer
def per_line(k, g, events):
    M[1] = 0
    M[2] = None
    heavy = HEAVY[k]
    for i in range(len(events)):
        if i in heavy:
            M[0] = gc.mem_alloc()
            sys.settrace(tracer)
            g.apply(events[i])
            sys.settrace(None)
        else:
            g.apply(events[i])
    P.report('alloc.line.%%d' %% k, [M[1], M[2]])
play(per_line)
"""


def measure(run_job, job, per_game=2):
    """Run the two jobs (made with bench._job) in turn; return the raw figures per game."""
    games = random_full_games(per_game)
    play = PLAY % ("json.loads(%r)" % json.dumps([list(g) for g in games]))
    raw = run_job(job([play, "gc.collect()", PER_EVENT]))
    if "error" in raw:
        return {}
    each = [raw["alloc.each.%d" % k] for k in range(len(games))]
    heavy = [[i for i in range(len(e)) if e[i] > TRACE_FLOOR] for e in each]
    lines = run_job(job([play, PER_LINE % json.dumps(heavy)], settrace=True))
    if "error" in lines:
        return {}
    out = {}
    for k in range(len(games)):
        game = games[k][0]
        light = [b for i, b in enumerate(each[k]) if i not in heavy[k]]  # each <= TRACE_FLOOR
        big, where = lines["alloc.line.%d" % k]
        if max(light or [0]) > big:
            big, where = max(light), "(an event of at most %d B in all)" % TRACE_FLOOR
        t = out.setdefault("alloc.%s.bytes" % game, 0)
        out["alloc.%s.bytes" % game] = t + sum(each[k])
        out["alloc.%s.events" % game] = out.get("alloc.%s.events" % game, 0) + len(each[k])
        if big >= out.get("alloc.%s.largest" % game, -1):
            out["alloc.%s.largest" % game] = big
            out["alloc.%s.largest_at" % game] = where
    return out


# --- the native port: the smallest heap that boots and plays on ----------------------

BOOT = """
import sys
sys.path.insert(0, %(mpy)r)
from companion.boot import start_sim
loop = start_sim('kahuna', %(games)r, %(layouts)r, lambda: 1)
app = loop.app
assert app.game is not None and app.store.n == %(lines)d, 'the log was not restored'
t = 0
for e in %(more)r:  # as a press's event: applied, shown, written to the log, LEDs rendered
    app.act(0, e)
    app.changed()
    t += 20
    loop.step(t)
    app.flush()
assert app.store.n == %(lines)d + len(%(more)r) and not app.unsaved, 'the events were not played'
print('PLAYED')
"""


def _boots(heap_kb, script, env):
    proc = subprocess.run([native_binary(), "-X", "heapsize=%dK" % heap_kb, script],
                          capture_output=True, text=True, env=env, timeout=120)
    return proc.returncode == 0 and "PLAYED" in proc.stdout


def min_native_heap(mpy_dir, events=300, more=40, lo=4, hi=1024, save=None, settings=None):
    """The smallest -X heapsize (KB) in which the native port restores a random
    `events`-event Kahuna log (0: a fresh game, its header only) from .mpy
    files and plays `more` events on. save: (folder of a store the firmware
    left, its log's lines, the events to play on) instead of the log.
    settings: the menu's settings.json beside the log (e.g. {"lang": 1}: German)."""
    with tempfile.TemporaryDirectory(prefix="benchheap-") as tmp:
        games = Path(tmp) / "games"
        script = Path(tmp) / "boot.py"
        env = dict(os.environ, MICROPYPATH=str(mpy_dir))
        env.pop("COMPANION_RUN", None)
        if save is None:
            header, log = random_log(seed=2026, events=events + more)
            lines, log, more = [header] + log[:events], log[events:], None
        else:
            save, count, log = save
        base = {"mpy": str(mpy_dir), "layouts": str(ROOT / "board_layouts"), "more": log,
                "lines": count if save else len(lines), "games": str(games)}
        script.write_text(BOOT % base)

        def fits(kb):
            shutil.rmtree(games, ignore_errors=True)
            if save is None:
                games.mkdir()
                (games / "current.jsonl").write_text("\n".join(json.dumps(x) for x in lines) + "\n")
            else:
                shutil.copytree(save, games)
            if settings is not None:
                (games / "settings.json").write_text(json.dumps(settings))
            return _boots(kb, str(script), env)

        if not fits(hi):
            return None
        while hi - lo > 1:  # fits(hi), and lo does not (or is the floor)
            mid = (lo + hi) // 2
            if fits(mid):
                hi = mid
            else:
                lo = mid
        return hi


# --- figures and the table -----------------------------------------------------------


def derive(raw, heap_kb=None):
    f = {}
    total = events = 0
    largest = 0
    for game in GAMES:
        if "alloc.%s.events" % game not in raw:
            continue
        n = raw["alloc.%s.events" % game]
        b = raw["alloc.%s.bytes" % game]
        f["alloc.%s.events" % game] = n
        f["alloc.%s.bytes_per_event" % game] = round(b / max(n, 1), 1)
        f["alloc.%s.largest" % game] = raw.get("alloc.%s.largest" % game, 0)
        f["alloc.%s.largest_at" % game] = raw.get("alloc.%s.largest_at" % game)
        total += b
        events += n
        largest = max(largest, f["alloc.%s.largest" % game])
    if events:
        f["alloc.events"] = events
        f["alloc.bytes_per_event"] = round(total / events, 1)
        f["alloc.largest"] = largest
    if heap_kb is not None:
        f["heap.native_min_kb"] = heap_kb
    return f


def table(f):
    """The section's lines for `companion bench`'s table (empty if not measured)."""
    if "alloc.events" not in f:
        return []
    out = ["", "Allocation in play (random full games, every event; targets: largest <= %d B, <= %d B/event)"
           % (TARGETS["alloc.largest"], TARGETS["alloc.bytes_per_event"]),
           "  %-8s %8s %12s %12s  %s" % ("game", "events", "bytes/event", "largest B", "where")]
    for game in GAMES:
        if "alloc.%s.events" % game in f:
            out.append("  %-8s %8d %12s %12d  %s" % (
                game, f["alloc.%s.events" % game], f["alloc.%s.bytes_per_event" % game],
                f["alloc.%s.largest" % game], f.get("alloc.%s.largest_at" % game) or "-"))
    out.append("  %-8s %8d %12s %12d  %s" % ("all", f["alloc.events"], f["alloc.bytes_per_event"],
                                           f["alloc.largest"], _verdict(f)))
    if "heap.native_min_kb" in f:
        out.append("  smallest native -X heapsize that boots a 300-event Kahuna log from .mpy and plays on: "
                   "%d KB (64-bit objects: about twice a chip's)" % f["heap.native_min_kb"])
        for code in ("de", "fr"):
            if "heap.native_min_kb.%s" % code in f:
                out.append("  the same with the display in %s (settings.json \"lang\"): %d KB" % (
                    {"de": "German", "fr": "French"}[code], f["heap.native_min_kb.%s" % code]))
    return out


def _verdict(f):
    ok = f["alloc.largest"] <= TARGETS["alloc.largest"] and \
        f["alloc.bytes_per_event"] <= TARGETS["alloc.bytes_per_event"]
    return "ok" if ok else "OVER target"

