"""A Kahuna game played on the emulated Pico's sensing board (host_tools/chip,
pico.mjs's DRV5032DU switches behind a 74HC165 chain): sticks put on, not
pressed, and from each stick reaching its slot to the first LED frame that
shows it, the switch's own 50 ms sampling included (docs/bench.md, "The
sensing board")."""

import json
import statistics

from ..bench.cases import KAHUNA_EXAMPLE
from ..paths import ROOT, load_layout
from . import image

LAYOUT = "kahuna-sensing"
PROFILE = ROOT / "board_layouts" / "profiles" / "pico-sensing.json"
GAP = 300  # ms between sticks
HOLD = 80  # ms a TURN press is held
HEADER = {"game": "kahuna", "layout": LAYOUT, "variants": [], "first": "black"}
IDLE_MS = 1000  # the quiet second after the sticks


def fresh_image():
    """The board as `companion flash` leaves it for the sensing layout and
    profile, with a new game (black first) saved."""
    game = ("/games/current.jsonl", (json.dumps(HEADER) + "\n").encode())
    return image.build(layout=LAYOUT, profile="pico-sensing", extra=[game])


def placements(start_ms):
    """The worked example's setup (14 sticks and two TURNs, black first) as
    sticks put on: ([(at_ms, bits, colour)], [(code, at_ms, hold_ms)] TURN
    presses, [(at_ms, led, name)] the placements to time)."""
    layout = load_layout(LAYOUT)
    conns = dict(("%s-%s" % (c["a"], c["b"]), c) for c in layout["connections"])
    turn = [c["button"] for c in layout["controls"] if c["name"] == "TURN"][0]
    sticks, presses, timed = [], [], []
    colour = "black"
    t = start_ms
    for e in KAHUNA_EXAMPLE[:15]:
        op = e.split()
        if op[0] == "end_turn":
            presses.append((turn, t, HOLD))
            colour = "white" if colour == "black" else "black"
        else:
            c = conns[op[1]]
            sticks.append((t, c["sense"], colour))
            timed.append((t, c["led"], op[1]))
        t += GAP
    return sticks, presses, timed


# Kanaloa's sensing board (bridges by presence: any pole; a chain of ten chips)
KANALOA_LAYOUT = "kanaloa-sensing"
KANALOA_PROFILE = ROOT / "board_layouts" / "profiles" / "pico-sensing-kanaloa.json"
KANALOA_HEADER = {"game": "kanaloa", "layout": KANALOA_LAYOUT, "variants": [],
                  "players": ["red", "blue", "green", "yellow"], "seed": 675, "first": "red"}
KANALOA_BRIDGES = ("MAKA-MELE", "HALA-MELE", "NOHO-ORO", "NOHO-WAIA", "AKAU-DALI", "DALI-HANA", "KULU-LANI",
                   "LANI-NALU")  # one a turn, each turn ended by TURN


def kanaloa_image():
    """The board as `companion flash` leaves it for Kanaloa's sensing layout and profile, a new game saved."""
    game = ("/games/current.jsonl", (json.dumps(KANALOA_HEADER) + "\n").encode())
    return image.build(layout=KANALOA_LAYOUT, profile="pico-sensing-kanaloa", extra=[game])


def kanaloa_placements(start_ms):
    """KANALOA_BRIDGES put on, a TURN after each: as placements() for Kahuna."""
    layout = load_layout(KANALOA_LAYOUT)
    conns = dict(("%s-%s" % (c["a"], c["b"]), c) for c in layout["connections"])
    turn = [c["button"] for c in layout["controls"] if c["name"] == "TURN"][0]
    sticks, presses, timed = [], [], []
    t = start_ms
    for name in KANALOA_BRIDGES:
        c = conns[name]
        sticks.append((t, c["sense"], "white"))
        timed.append((t, c["led"], name))
        presses.append((turn, t + GAP, HOLD))
        t += 2 * GAP
    return sticks, presses, timed


def light_times(report, timed):
    """Per placement: stick on its slot -> the first LED frame whose LED for it
    differs from before (ms), or None."""
    out = []
    for at, led, name in timed:
        key = str(led)
        before = None
        lit = None
        for f in report["frames"]:
            if f["t_ms"] <= at:
                before = f["on"].get(key)
            elif f["on"].get(key) != before:
                lit = round(f["t_ms"] - at, 2)
                break
        out.append((name, lit))
    return out


# The sensing input's cost on the chip: hal/sensors.Slots.scan wrapped (the
# chain read every POLL_MS and the debouncer every step), its total and
# longest time printed now and then, with the number of steps.
SCAN_PROBE = b"""import time
from companion import boot
from companion.hal import sensors

_scan = sensors.Slots.scan
_n = 0
_total = 0
_worst = 0


def scan(self, now):
    global _n, _total, _worst
    t0 = time.ticks_us()
    _scan(self, now)
    d = time.ticks_diff(time.ticks_us(), t0)
    _total += d
    _n += 1
    if d > _worst:
        _worst = d
    if _n % 250 == 0:
        print("SCAN %d %d %d" % (_n, _total, _worst))


sensors.Slots.scan = scan
boot.run()
"""


def scan_cost(console):
    """(steps, mean scan per step in ms, longest scan in ms) from the probe's last line, or None."""
    lines = [x.split() for x in console.splitlines() if x.startswith("SCAN ")]
    if not lines:
        return None
    n, total_us, worst_us = (int(v) for v in lines[-1][1:4])
    return n, total_us / n / 1000, worst_us / 1000


def measure(run, boot_ms):
    """{figure: value} for docs/bench.md; run is host_tools.chip.run."""
    sticks, presses, timed = placements(boot_ms)
    end = timed[-1][0] + GAP
    r = run(fresh_image(), end + IDLE_MS, presses, keep_image=True, profile=PROFILE, sticks=sticks)
    times = light_times(r, timed)
    lit = [t for _, t in times if t is not None]
    f = {"chip.sticks_lit": "%d of %d" % (len(lit), len(times))}
    if lit:
        f["chip.stick_to_light_ms.median"] = round(statistics.median(lit), 1)
        f["chip.stick_to_light_ms.worst"] = round(max(lit), 1)
    game = ("/games/current.jsonl", (json.dumps(HEADER) + "\n").encode())
    probed = run(image.build(layout=LAYOUT, profile="pico-sensing", extra=[game, ("/main.py", SCAN_PROBE)]),
                 boot_ms + 3000, profile=PROFILE)
    cost = scan_cost(probed["console"])
    if cost:
        f["chip.sense_scan_steps"] = cost[0]
        f["chip.sense_scan_ms_per_step"] = round(cost[1], 3)
        f["chip.sense_scan_ms.worst"] = round(cost[2], 2)
    return f, r, times
