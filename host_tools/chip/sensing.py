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
    """KANALOA_BRIDGES put on, a TURN after each: as placements() for Kahuna
    (timed: also each bridge's white bit and its owner's seat, the turn's)."""
    layout = load_layout(KANALOA_LAYOUT)
    conns = dict(("%s-%s" % (c["a"], c["b"]), c) for c in layout["connections"])
    turn = [c["button"] for c in layout["controls"] if c["name"] == "TURN"][0]
    sticks, presses, timed = [], [], []
    t = start_ms
    for name in KANALOA_BRIDGES:
        c = conns[name]
        sticks.append((t, c["sense"], "white"))
        timed.append((t, c["led"], name, c["sense"][0], len(timed) % len(KANALOA_HEADER["players"])))
        presses.append((turn, t + GAP, HOLD))
        t += 2 * GAP
    return sticks, presses, timed


def first_shown(report, at, led, shows=None):
    """(ms from `at` to the first LED frame whose `led` differs from before,
    or with shows: whose [r, g, b] (None: dark) shows(...) accepts; that
    colour), or (None, None)."""
    key = str(led)
    before = None
    for f in report["frames"]:
        rgb = f["on"].get(key)
        if f["t_ms"] <= at:
            before = rgb
        elif rgb != before if shows is None else shows(rgb):
            return round(f["t_ms"] - at, 2), rgb
    return None, None


def first_steady(report, at, led):
    """(ms from `at` to the frame from which `led` shows one colour to the end
    of the run: a piece's steady light after an invitation's pulse; that
    colour), or (None, None) if it is dark at the end."""
    key = str(led)
    later = [f for f in report["frames"] if f["t_ms"] > at]
    if not later or later[-1]["on"].get(key) is None:
        return None, None
    last = later[-1]["on"][key]
    k = len(later) - 1
    while k > 0 and later[k - 1]["on"].get(key) == last:
        k -= 1
    return round(later[k]["t_ms"] - at, 2), last


def switch_delay(bit, at_ms):
    """How long after `at_ms` the DRV5032 behind chain bit `bit` next samples
    (ms): pico.mjs sensorOutput's phase for it, which a piece put on waits
    out before the chain can see it (0-50 ms: the switch's, not the firmware's)."""
    phase = ((bit >> 1) * 7919) % 50 + 0.137
    return (phase - at_ms) % 50


def light_times(report, timed):
    """Per placement: stick on its slot -> the first LED frame whose LED for it
    differs from before (ms), or None."""
    return [(one[2], first_shown(report, one[0], one[1])[0]) for one in timed]


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


# Rukuni's sensing board (stones by colour, towers by a third switch: 184 bits, a chain of 23 chips)
RUKUNI_LAYOUT = "rukuni-sensing"
RUKUNI_PROFILE = ROOT / "board_layouts" / "profiles" / "pico-sensing-rukuni.json"
RUKUNI_HEADER = {"game": "rukuni", "layout": RUKUNI_LAYOUT, "variants": [], "first": "white"}

# Duell's (a switch under each stone pocket, a stone's pole its player's: Bison north, Wolf south)
DUELL_LAYOUT = "duell-sensing"
DUELL_PROFILE = PROFILE  # seven chips: Duell's 36 bits fit
DUELL_HEADER = {"game": "duell", "layout": DUELL_LAYOUT, "variants": []}


def game_image(layout, profile, header):
    """The board as `companion flash` leaves it for a sensing layout and profile, a new game saved."""
    game = ("/games/current.jsonl", (json.dumps(header) + "\n").encode())
    return image.build(layout=layout, profile=profile, extra=[game])


def rukuni_turn(start_ms):
    """A Rukuni board with its six towers on their corners from power-on;
    then a black stone on 1,0 (White to play: refused), taken off; the tower
    on 0,-4 lifted and set down on 0,-1 (its move); a white stone on 1,-2
    (the set). ([(at_ms, bits, piece)], {what: (at_ms, led, cell, its switch's bit)}, end_ms)."""
    layout = load_layout(RUKUNI_LAYOUT)
    cell = dict((c["name"], c) for c in layout["cells"])
    sticks = [(0, cell[name]["sense"], "tower") for name in layout["towers"]]
    t = start_ms
    timed = {"refused": (t, cell["1,0"]["led"], "1,0", cell["1,0"]["sense"][1])}
    sticks.append((t, cell["1,0"]["sense"], "black"))
    sticks.append((t + 300, cell["1,0"]["sense"], None))
    t += 1200  # the black stone's lift counted (LIFT_MS)
    sticks.append((t, cell["0,-4"]["sense"], None))
    t += 800  # the tower in the hand counted as lifted: its destinations pulse (the log shows its move)
    sticks.append((t, cell["0,-1"]["sense"], "tower"))
    t += 500
    timed["set"] = (t, cell["1,-2"]["led"], "1,-2", cell["1,-2"]["sense"][0])
    sticks.append((t, cell["1,-2"]["sense"], "white"))
    return sticks, timed, t + 500


def duell_placing(start_ms):
    """A Wolf stone in 1,1's Wolf pocket while Bison places (refused), taken
    out; a Bison stone in 1,1's Bison pocket (the press on the site: the
    keypad asks its value), key 5 pressed. ([(at_ms, bits, pole)],
    [(code, at_ms, hold_ms)], {what: (at_ms, led, name, its switch's bit)}, end_ms)."""
    layout = load_layout(DUELL_LAYOUT)
    pocket = dict((s["name"], s) for s in layout["stones"])
    site = dict((s["name"], s) for s in layout["sites"])
    key5 = [s["button"] for s in layout["sites"] if s["key"] == 5][0]
    t = start_ms
    timed = {"refused": (t, site["1,1"]["led"], "1,1", pocket["1,1 wolf"]["sense"][1])}
    sticks = [(t, pocket["1,1 wolf"]["sense"], "black"), (t + 300, pocket["1,1 wolf"]["sense"], None)]
    t += 1200
    timed["asked"] = (t, site["1,1"]["led"], "1,1", pocket["1,1 bison"]["sense"][0])
    sticks.append((t, pocket["1,1 bison"]["sense"], "white"))
    presses = [(key5, t + 300, HOLD)]
    timed["put"] = (t + 300, pocket["1,1 bison"]["led"], "1,1 bison", None)  # (a key press: no switch)
    return sticks, presses, timed, t + 800
