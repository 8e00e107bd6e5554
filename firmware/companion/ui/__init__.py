"""Per-game device UIs (see docs/firmware.md, "Adding a game to the device").

Modules are imported only when their game is started, to save RAM.
"""

NAMES = ("kahuna", "rukuni", "duell", "kanaloa")


def load(name):
    """The UI module of a game: it has OPTIONS and class UI."""
    if name == "kahuna":
        from . import kahuna

        return kahuna
    if name == "rukuni":
        from . import rukuni

        return rukuni
    if name == "duell":
        from . import duell

        return duell
    if name == "kanaloa":
        from . import kanaloa

        return kanaloa
    raise ValueError("no device UI for game %r (known: %s)" % (name, ", ".join(NAMES)))


def controls(layout):
    """Control buttons by name, e.g. {"TURN": 56, "UNDO": 57, "MENU": 58}."""
    out = {}
    for c in layout.get("controls", ()):
        out[c["name"]] = c["button"]
    return out
