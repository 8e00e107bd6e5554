"""Booting the simulated device with a broken, unreadable or missing layout:
the problem on the display, the LEDs off, presses ignored, nothing raised."""

import json
import os

from companion.boot import Halted, start_sim

from .common import LAYOUT_DIR, load_layout
from .device import fresh_dir, remove_dir


def layouts_with(folder, name, text):
    """A layouts folder (a short path in /tmp: it shows on the display; boot()
    removes it) holding one file `name`.json with this text."""
    folder = fresh_dir(folder, "/tmp")
    with open(folder + "/" + name + ".json", "w") as f:
        f.write(text)
    return folder


def boot(name, folder):
    """Boot, press a button, let 200 ms pass; what the device shows."""
    root = fresh_dir("boot-games-" + name)
    loop = start_sim(name, root, folder, lambda: 1)
    lines = list(loop.screen.lines)
    loop.buttons.scanner.press(0)
    for t in range(2, 100, 2):
        loop.step(t)
    loop.buttons.scanner.release(0)
    for t in range(100, 200, 2):
        loop.step(t)
    remove_dir(folder)
    return {"halted": isinstance(loop.app, Halted), "lines": lines,
            "same after a press": loop.screen.lines == lines,
            "leds": len(loop.leds.strip.buf) // 3, "lit": sum(loop.leds.strip.buf),
            "files": os.listdir(root)}


def duplicate_led():
    k = load_layout("kahuna")
    for c in k["connections"]:
        if (c["a"], c["b"]) == ("ELAI", "JOJO"):
            c["led"] = 14  # ELAI's LED
    return boot("kahuna", layouts_with("boot-led", "kahuna", json.dumps(k)))


def path_named(r, path):
    """The file's path (it differs between runs) on the display, as one "<path>" line."""
    for n in range(2, len(r["lines"])):
        if "".join(r["lines"][1:n]) == path:
            r["lines"][1:n] = ["<path>"]
            return r
    raise AssertionError("%s is not on the display: %r" % (path, r["lines"]))


def not_json():
    with open(LAYOUT_DIR + "/kahuna.json") as f:
        text = f.read()
    folder = layouts_with("bj", "kahuna", text[:200])  # cut off: not valid JSON
    return path_named(boot("kahuna", folder), folder + "/kahuna.json")


def missing():
    folder = layouts_with("bm", "kahuna", "{}")
    return path_named(boot("rukuni", folder), folder + "/rukuni.json")


def good():
    r = boot("kahuna", layouts_with("boot-good", "kahuna", json.dumps(load_layout("kahuna"))))
    r["lines"] = r["lines"][:2]
    return r


def byte_order_mark():
    """A layout saved by an editor that begins UTF-8 files with a byte order
    mark, copied to the board by hand: `companion layout check` takes it, and
    so does the board (it once said "not valid JSON: fix it (companion layout
    check on the PC)", which then found nothing to fix)."""
    r = boot("kahuna", layouts_with("boot-bom", "kahuna", "\ufeff" + json.dumps(load_layout("kahuna"))))
    r["lines"] = r["lines"][:2]
    return r


def run_all():
    return {"duplicate LED": duplicate_led(), "not JSON": not_json(), "missing": missing(), "good": good(),
            "byte order mark": byte_order_mark()}
