"""A Kahuna game pressed on the emulated Pico (host_tools/chip), and what
it shows: from each contact to the first LED frame that shows the press
(docs/bench.md, "The emulated Pico")."""

import json

from ..bench.cases import KAHUNA_EXAMPLE
from ..paths import load_layout
from . import image

HOLD = 80  # ms a press is held
GAP = 250  # ms between presses
HEADER = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "black"}


def buttons():
    layout = load_layout("kahuna")
    out = dict((c["name"], c["button"]) for c in layout["controls"])
    for e in layout["connections"]:
        out["%s-%s" % (e["a"], e["b"])] = e["button"]
    for e in layout["islands"]:
        out[e["name"]] = e["button"]
    return out


def saved_game(events=()):
    """/games/current.jsonl: a header (black first) and these events."""
    lines = [json.dumps(HEADER)] + [json.dumps(e) for e in events]
    return ("/games/current.jsonl", ("\n".join(lines) + "\n").encode())


def example_presses(start_ms):
    """The worked example pressed from the start, with an UNDO of its first
    stick: (kind, code, at_ms, hold_ms) per press. Kinds: plain, turn,
    cascade, refused, undo, remove, confirm (a to-do done: a stick taken back
    or captured is off the board)."""
    b = buttons()
    out = []
    t = start_ms
    for i, e in enumerate(KAHUNA_EXAMPLE):
        op = e.split()
        if op[0] == "end_turn":
            kind, code = "turn", b["TURN"]
        elif op[0] == "remove":
            kind, code = "remove", b[op[1]]
        else:
            kind, code = ("cascade" if i in (16, 20) else "plain"), b[op[1]]
            if i == 17:  # the cascade took ALOA-BARI: first say its stick is off the board
                out.append(("confirm", code, t, HOLD))
                t += GAP
        out.append((kind, code, t, HOLD))
        t += GAP
        if i == 0:  # UNDO takes the first stick back; it comes off, and goes on again
            for kind, code in (("undo", b["UNDO"]), ("confirm", b[op[1]]), ("plain", b[op[1]])):
                out.append((kind, code, t, HOLD))
                t += GAP
    out.append(("refused", b["ELAI-HUNA"], t, HOLD))  # a stick is there already
    return out


def watched_led(kind, code):
    """The LED that shows a press (Kahuna: an element's LED index is its button
    code), or None for TURN (its answer is on the display) and for a
    confirmation (its stick blinked and goes dark: no frame tells it apart
    from a dark phase of the blink)."""
    if kind in ("turn", "confirm"):
        return None
    if kind == "undo":
        return buttons()[KAHUNA_EXAMPLE[0].split()[1]]  # the stick it takes back: steady, then blinking
    return code


def light_times(report, presses):
    """Per press (kind, contact -> the first LED frame in which the press's LED
    (watched_led) differs from before the contact, in ms, or None)."""
    frames = report["frames"]
    out = []
    for kind, code, at, hold in presses:
        led = watched_led(kind, code)
        if led is None:
            continue
        key = str(led)
        before = None
        lit = None
        for f in frames:
            if f["t_ms"] <= at:
                before = f["on"].get(key)
            elif f["on"].get(key) != before:
                lit = f["t_ms"] - at
                break
        out.append((kind, lit))
    return out


def display_times(report, presses):
    """Per press: contact -> the end of the first display transfer after it (ms)."""
    out = []
    for kind, code, at, hold in presses:
        later = [x["t_ms"] for x in report["i2c"] if x["t_ms"] > at]
        out.append((kind, later[0] - at if later else None))
    return out


def fresh_image(events=()):
    return image.build(extra=[saved_game(events)])


def saved_events(image_bytes):
    """The running game's log on an emulated Pico's flash image, as lines."""
    from companion.store import log_store as store

    files = image.read(image_bytes)
    if "/games/current.jsonl" in files:  # not yet taken over by the store
        return files["/games/current.jsonl"].decode().splitlines()
    pieces = [(path.rsplit("/", 1)[1], data) for path, data in files.items() if path.startswith("/games/log/")]
    return store.join(pieces).decode().splitlines()
