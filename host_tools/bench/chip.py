"""`make bench`, the emulated Pico's figures (docs/bench.md, "The emulated
Pico"): the firmware on MicroPython's stock rp2 port in rp2040js
(host_tools/chip), in emulated milliseconds. Measured only when
COMPANION_PICO_UF2 and COMPANION_PICO_BOOTROM name the port's UF2 and the
RP2040 bootrom; otherwise `chip.missing` says why not."""

import json
import statistics

from .. import chip
from ..chip import game, image, sensing
from .measure import AI_BUILT, AI_HEADER, AI_TURNS
from .random_games import random_log

TARGETS = {"chip.press_to_light_ms.worst": 10, "chip.boot_to_light_ms": 300, "chip.boot_to_light_ms.300": 300,
           "chip.loop_pause_ms.worst": 50, "chip.presses_lost": 0, "chip.ai_turn_ms.worst": 300,
           "chip.turn_to_display_ms.worst": 30, "chip.stick_to_light_ms.worst": 60}
BOOT_MS = 1400

# The run loop's steps timed on the chip: Loop.step wrapped (two ticks_us
# reads a step), the longest step and the mean period printed now and then.
STEP_PROBE = b"""import time
from companion import boot

_step = boot.Loop.step
_n = 0
_worst = 0
_first = None
_last = 0


def step(self, now, locked=False):  # (locked: run() entered with the heap locked; the step unlocks)
    global _n, _worst, _first, _last
    t0 = time.ticks_us()
    _step(self, now, locked)
    d = time.ticks_diff(time.ticks_us(), t0)
    if d > _worst:
        _worst = d
    if _first is None:
        _first = t0
    _last = t0
    _n += 1
    if _n % 250 == 0:
        print("STEPS %d %d %d" % (_n, _worst, time.ticks_diff(_last, _first) // (_n - 1)))


boot.Loop.step = step
boot.run()
"""


# The device opponent on the chip: Planner.decide() at the bench's positions
# (measure.ai_jobs: a game the device plays against itself, and the
# highest-degree cards in hand on an empty board), timed with ticks_us.
AI_PROBE = """import json, time
from companion.core.games import new_game
from companion.core.kahuna_ai import Planner
H = %s
with open("/board_layouts/kahuna.json") as f:
    L = json.load(f)
def at(turns):
    g = new_game(H, L)
    a = Planner(g)
    n = 0
    while n < turns and not g.over():
        a.play_turn()
        n += 1
    return a
def built(k):
    g = new_game(H, L)
    top = sorted(range(g.nisland), key=lambda x: -g.board.degree[x])[:k]
    for i in range(g.nisland):
        g.s[g.HAND + i] = 1 if i in top else 0
    return Planner(g)
out = []
for a in [at(t) for t in %r] + [built(k) for k in %r]:
    a.decide()
    t = time.ticks_us()
    a.decide()
    out.append(time.ticks_diff(time.ticks_us(), t))
print("AI", json.dumps(out))
"""


def _ai_turns():
    """ms of the device opponent's turn at each bench position, on the chip."""
    code = AI_PROBE % (json.dumps(AI_HEADER), list(AI_TURNS), [k for _, k in AI_BUILT])
    r = chip.run(image.build(extra=[("/main.py", code.encode())]), 30000)
    found = [x for x in r["console"].splitlines() if x.startswith("AI ")]
    if not found:
        raise RuntimeError("the AI probe printed nothing: %s" % r["console"][-500:])
    return [us / 1000 for us in json.loads(found[-1][3:])]


def _steps(console):
    """(steps, longest step in ms, mean period in ms) from the probe's last line."""
    lines = [x.split() for x in console.splitlines() if x.startswith("STEPS ")]
    if not lines:
        return None
    n, worst_us, period_us = (int(v) for v in lines[-1][1:4])
    return n, worst_us / 1000, period_us / 1000


def _pairs():
    """Pairs of presses 150, 120, 80 and 50 ms apart (their starts), each held 40 ms."""
    b = game.buttons()
    names = ["ALOA-BARI", "ALOA-HUNA", "HUNA-IFFI", "HUNA-LALE", "ELAI-FAAA", "ELAI-IFFI", "ELAI-JOJO",
             "BARI-COCO"]
    presses = []
    t = BOOT_MS
    for gap, (a, c) in zip((150, 120, 80, 50), zip(names[::2], names[1::2])):
        presses += [(b[a], t, 40), (b[c], t + gap, 40)]
        t += gap + 300
    return names, presses


def _first(report, k):
    """The time of the k-th LED frame after reset (ms), or None."""
    frames = report["frames"]
    return round(frames[k]["t_ms"], 1) if len(frames) > k else None


def measure():
    try:
        chip.parts()
    except chip.NoChip as e:
        return {"chip.missing": str(e)}
    f = {}
    fresh = chip.run(image.build(), BOOT_MS)  # as flashed: the new game's look (host_tools/device/look.py)
    f["chip.boot_to_light_ms"] = _first(fresh, 0)
    # a board with settings and no game gets no look from `companion flash`: the full boot's own frame
    unlooked = chip.run(image.build(extra=[("/games/settings.json", b"{}")]), BOOT_MS)
    f["chip.boot_to_light_ms.no_look"] = _first(unlooked, 0)
    header, events = random_log(seed=2026, events=300)
    lines = [json.dumps(header)] + [json.dumps(e) for e in events]
    saved = ("/games/current.jsonl", ("\n".join(lines) + "\n").encode())
    # put there by hand: the board replays it whole, then (quiet time) checkpoints it and saves its look
    hand_put = chip.run(image.build(extra=[saved]), 4500, keep_image=True)
    f["chip.boot_to_light_ms.300_hand_put"] = _first(hand_put, 0)
    # the same game as the board keeps it, at the next power-on: its look, then the full boot's frame
    again = chip.run(hand_put["image"], BOOT_MS)
    f["chip.boot_to_light_ms.300"] = _first(again, 0)
    f["chip.boot_to_game_ms.300"] = _first(again, 1)

    presses = game.example_presses(BOOT_MS)
    pressed = [(c, at, h) for k, c, at, h in presses]
    # the firmware as flashed for the light (the step probe's reads would slow every step), then probed
    r = chip.run(image.build(extra=[game.saved_game()]), presses[-1][2] + 1500, pressed, keep_image=True)
    probed = chip.run(image.build(extra=[game.saved_game(), ("/main.py", STEP_PROBE)]), presses[-1][2] + 1500,
                      pressed)
    timed = game.light_times(r, presses)
    lit = [t for kind, t in timed]
    if lit and None not in lit:
        f["chip.press_to_light_ms.median"] = round(statistics.median(lit), 1)
        f["chip.press_to_light_ms.worst"] = round(max(lit), 1)
        for kind in ("plain", "cascade", "remove", "refused", "undo"):
            mine = [t for k, t in timed if k == kind]
            if mine:
                f["chip.press_to_light_ms.%s" % kind] = round(max(mine), 1)
    shown = [t for kind, t in game.display_times(r, presses) if kind == "turn" and t is not None]
    if shown:
        f["chip.turn_to_display_ms.worst"] = round(max(shown), 1)
    steps = _steps(probed["console"])
    if steps:
        f["chip.loop_steps"], f["chip.loop_pause_ms.worst"], f["chip.idle_period_ms"] = \
            steps[0], round(steps[1], 1), round(steps[2], 2)
    logged = len(game.saved_events(r["image"])) - 1
    played = [op for op in r["flash"] if op["at_ms"] >= BOOT_MS]
    f["chip.erases_per_event"] = round(sum(op["op"] == "erase" for op in played) / max(1, logged), 3)
    f["chip.flash_busy_ms_per_event"] = round(sum(op["busy_ms"] for op in played) / max(1, logged), 2)

    names, pairs = _pairs()
    p = chip.run(image.build(extra=[game.saved_game()]), pairs[-1][1] + 400, pairs, keep_image=True)
    got = [json.loads(x).get("at") for x in game.saved_events(p["image"])[1:]]
    f["chip.presses_lost"] = sum(1 for n in names if n not in got)
    f.update(sensing.measure(chip.run, BOOT_MS)[0])  # the sensing board: sticks seen, not pressed
    turns = _ai_turns()
    f["chip.ai_turn_ms.each"] = [round(t, 1) for t in turns]
    f["chip.ai_turn_ms.worst"] = round(max(turns), 1)
    return f


def table(f):
    if "chip.missing" in f:
        return ["", "The emulated Pico: NOT MEASURED: %s" % f["chip.missing"]]
    out = ["", "The emulated Pico (MicroPython's rp2 port in rp2040js; emulated ms; no XIP cache modelled)"]
    for key in sorted(k for k in f if k.startswith("chip.")):
        limit = TARGETS.get(key)
        value = f[key]
        verdict = ""
        if limit is not None and isinstance(value, (int, float)):
            verdict = "<= %s  %s" % (limit, "ok" if value <= limit else "OVER")
        out.append("  %-44s %12s   %s" % (key, "-" if value is None else value, verdict))
    return out
