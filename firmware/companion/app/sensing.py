"""The sensing input (docs/firmware.md, "The sensing input"): a sensing
board's chain and slots started at boot, and the Sensing (app/sensed.py;
Rukuni's: app/sensing_rukuni.py) that turns what they see into the
game's events. Loaded only on a board whose layout names sensor bits."""

import gc

from ..hal.sensors import UNKNOWN, Slots

gc.collect()  # (the Sensing's module next, in one piece: Kanaloa's booted game leaves the heap in pieces)
from .sensed import Sensing  # noqa: E402


def slot_list(layout):
    """[(element name, button code, LED, white bit, black bit, tall bit or UNKNOWN)] of every sensed element.
    (Duell's stone pockets have no button: a pocket's is its site's.)"""
    site_button = dict((e.get("name"), e.get("button")) for e in layout.get("sites") or ())
    out = []
    for key in sorted(layout):
        items = layout[key]
        if not isinstance(items, list):
            continue
        for e in items:
            if isinstance(e, dict) and "sense" in e:
                name = e.get("name") or (min(e["a"], e["b"]) + "-" + max(e["a"], e["b"]))
                bits = e["sense"]
                button = e["button"] if "button" in e else site_button[e["site"]]
                out.append((name, button, e.get("led", -1), bits[0], bits[1],
                            bits[2] if len(bits) > 2 else UNKNOWN))
    return out


def start(app, layout, chain):
    """A sensing board (docs/firmware.md, "The sensing input"): the App's
    Sensing for a layout that names sensor bits, and the run loop's Slots
    (hal/sensors.py) over chain(nbits), the hardware's chain of that many
    bits (whole chips); None for a layout without sensor bits."""
    sensing = attach(app, layout)
    if sensing is None:
        return None
    top = max(sensing.bits)
    for b in sensing.tall or ():
        if b != UNKNOWN and b > top:
            top = b
    return Slots(chain((top // 8 + 1) * 8), sensing.bits, tall=sensing.tall)


def start_sim(app, layout, sensed=None):
    """The simulated HAL's sensed board (boot.start_sim): sensed, the chain's
    bits at power-on (the sticks that stand on it), or none."""
    from ..hal.sensors import SimChain

    return start(app, layout, lambda n: SimChain(n, sensed))


def start_device(app, layout, spec):
    """A board's chain (boot.start_device; the profile's "sensors": spec), or
    None if it cannot start: the board then plays by its buttons."""
    from ..hal.sensors import chain

    try:
        return start(app, layout, lambda n: chain(spec, n))
    except Exception as e:  # noqa: BLE001 - e.g. a GPIO the port refuses: never a traceback
        print("companion: no sensing (%s): the board plays by its buttons" % (e,))
        app.sensing = None
        return None


def attach(app, layout):
    """A Sensing on the app for a layout that names sensor bits, else None.
    Its board comparison at boot replaces the board check's offer. (Boot
    looks for "sense" on a layout's first connection before it loads this
    module: the island games' connections are what is sensed.)"""
    slots = slot_list(layout)
    if not slots:
        return None
    game = layout.get("game")
    if game == "rukuni":
        from .sensing_rukuni import RukuniSensing as kind
    elif game == "duell":
        from .sensing_duell import DuellSensing as kind
    else:
        kind = Sensing
    app.sensing = kind(app, slots)
    app.checking = -1
    if app.game is not None:
        app.sensing.bind(app.game)
    return app.sensing
