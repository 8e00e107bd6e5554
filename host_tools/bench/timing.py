"""`make bench`, the press path and the idle loop (docs/bench.md, "Timing").

Per game, under the settrace build of the WebAssembly port, the firmware on
the simulated HAL is pressed through a short game (host_tools/bench/probe/
timing.py counts): the lines from the settled press to the LED strip write
(worst press), the flash and I2C bytes before that write (the light must
not wait for either), and the lines of one idle step with an LED animation
(worst) and of a bare scan (least). Kept apart from measure.py: measure()
adds jobs() and derive() adds derive().
"""

import importlib
import json

from ..paths import load_layout

GAMES = ("kahuna", "kanaloa", "rukuni", "duell")
FIGURES = ("press.lines_to_leds", "loop.idle_lines", "loop.scan_lines",
           "press.flash_bytes_to_leds", "press.i2c_bytes_to_leds")
TARGETS = {"press.lines_to_leds": 1200, "loop.idle_lines": 300,
           "press.flash_bytes_to_leds": 0, "press.i2c_bytes_to_leds": 0}
# raw key suffix (probe/timing.py) -> figure
RAW = {"lines_to_leds": "press.lines_to_leds", "idle_lines": "loop.idle_lines",
       "scan_lines": "loop.scan_lines", "flash_bytes_to_leds": "press.flash_bytes_to_leds",
       "i2c_bytes_to_leds": "press.i2c_bytes_to_leds"}

# an RP2040 at 125 MHz runs about one Python line per 4-6 us (docs/bench.md): an estimate
US_PER_LINE = (4.0, 6.0)

HOLD = 60  # ms each press is held
LONG_HOLD = 900


def _elements(layout):
    """Every board element's (name, button), in layout order."""
    out = []
    for key in layout:
        if key in ("controls", "size") or not isinstance(layout[key], list):
            continue
        for e in layout[key]:
            if isinstance(e, dict) and "button" in e:
                out.append((e.get("name") or "%s-%s" % (e.get("a"), e.get("b")), e["button"]))
    return out


def _kahuna_example(byname, turn):
    """The worked example's position by presses (a place is a press of its
    connection), then white's press that starts the capture cascade."""
    from .cases import KAHUNA_EXAMPLE

    out = []
    for e in KAHUNA_EXAMPLE[:16]:  # the position before the example's first move
        op = e.split()
        out.append(("setup", byname[op[1]], HOLD) if op[0] == "place" else ("setup TURN", turn, HOLD))
    out.append(("cascade BARI-DUDA", byname["BARI-DUDA"], HOLD))
    out.append(("idle", -1, 0))  # idle with the cascade's pieces blinking
    out.append(("refused own stick BARI-DUDA", byname["BARI-DUDA"], HOLD))
    return out


def presses(game):
    """(menu presses before New game, [(label, code, hold_ms)]) for a game."""
    layout = load_layout(game)
    keys = dict((c["name"], c["button"]) for c in layout["controls"])
    elements = _elements(layout)
    byname = dict(elements)
    menu = []
    seq = []
    if game == "kahuna":
        menu = ["TURN", "TURN"]  # First: black, as in the worked example
        seq = _kahuna_example(byname, keys["TURN"])
    # then the first board elements in layout order, TURN now and then, UNDO, a long TURN
    for k, (name, code) in enumerate(elements[:9]):
        seq.append(("press " + name, code, HOLD))
        if k % 3 == 2:
            seq.append(("TURN", keys["TURN"], HOLD))
        if k == 1:
            seq.append(("idle", -1, 0))  # idle with a player's first pieces on the board
    seq.append(("UNDO", keys["UNDO"], HOLD))
    seq.append(("TURN held", keys["TURN"], LONG_HOLD))
    seq.append(("UNDO", keys["UNDO"], HOLD))
    seq.append(("idle", -1, 0))
    return menu, seq


def _options(game):
    return len(importlib.import_module("companion.ui." + game).OPTIONS)


def jobs(make_job, games=None):
    """One settrace job per game; make_job is bench._job."""
    out = []
    for game in GAMES if games is None else [g for g in games if g in GAMES]:
        menu, seq = presses(game)
        layout = load_layout(game)
        keys = dict((c["name"], c["button"]) for c in layout["controls"])
        code = "\n".join([
            "from bench_probe import timing as T",
            "MENU = %s" % json.dumps([keys[k] for k in menu]),
            "SEQ = json.loads(%r)" % json.dumps(seq),
            "T.measure(%r, %r, %d, SEQ, MENU)" % (game, game, _options(game)),
        ])
        job = make_job([code], settrace=True)
        job["part"] = "timing." + game
        out.append(job)
    return out


def derive(raw):
    """Figures: per game `<figure>.<game>`, and the worst game under the bare name."""
    f = {}
    for game in GAMES:
        key = "timing.%s." % game
        if key + "lines_to_leds" not in raw:
            continue
        for suffix, name in RAW.items():
            value = raw[key + suffix]
            f["%s.%s" % (name, game)] = value
            f[name] = max(f.get(name, value), value)  # the worst game
        f["press.worst_press.%s" % game] = raw[key + "worst_press"]
    for name in ("press.lines_to_leds", "loop.idle_lines", "loop.scan_lines"):
        if name in f:
            lo, hi = US_PER_LINE
            f[name + ".rp2040_ms"] = [round(f[name] * lo / 1000, 2), round(f[name] * hi / 1000, 2)]
    return f


def target_of(key):
    return TARGETS.get(key.rsplit(".", 1)[0] if key.count(".") > 1 else key, TARGETS.get(key))


def table(f):
    """The timing section of `companion bench`'s table."""
    games = [g for g in GAMES if "press.lines_to_leds." + g in f]
    if not games:
        return []
    out = ["", "Press path and idle loop (settrace lines; RP2040 estimate %g-%g us per line)" % US_PER_LINE,
           "  %-30s" % "figure" + "".join("%10s" % g for g in games) + "   target"]
    for name in FIGURES:
        cells = ""
        for g in games:
            v = f.get("%s.%s" % (name, g))
            limit = TARGETS.get(name)
            flag = "!" if limit is not None and isinstance(v, int) and v > limit else " "
            cells += "%9s%s" % ("-" if v is None else "{:,}".format(v), flag)
        limit = TARGETS.get(name)
        out.append("  %-30s%s   %s" % (name, cells, "" if limit is None else "<= {:,}".format(limit)))
    for name in ("press.lines_to_leds", "loop.idle_lines"):
        if name + ".rp2040_ms" in f:
            lo, hi = f[name + ".rp2040_ms"]
            out.append("  %-30s %s-%s ms on an RP2040 (estimate, worst game)" % (name, lo, hi))
    out.append("  worst press: " + "; ".join("%s %s" % (g, f["press.worst_press." + g]) for g in games))
    out.append("  (! = over target)")
    return out
