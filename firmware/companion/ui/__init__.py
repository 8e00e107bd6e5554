"""Per-game device UIs (see docs/firmware.md, "Adding a game to the device").

Modules are imported only when their game is started, to save RAM.
"""

NAMES = ("kahuna", "rukuni", "duell", "kanaloa")
TITLES = {"kahuna": "Kahuna", "rukuni": "Rukuni", "duell": "Duell der Schamanen", "kanaloa": "Kanaloa"}


def title(name, short=False):
    """A game's title by its file id ("duell": "Duell der Schamanen"; short: "Duell")."""
    t = TITLES.get(name, name)
    return t.split()[0] if short else t


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


def todo_line(state, real, n):
    """What the players still have to do on the board, in 16 characters:
    slots 0..n-1 where the rules' state and the physical board differ."""
    off = on = 0
    for k in range(n):
        if state[k] != real[k]:
            if real[k]:
                off += 1
            if state[k]:
                on += 1
    if not off and not on:
        return ""
    return "Off %d  On %d" % (off, on)


def piece_text(name, now, was, words):
    """An element's accessible name: its name and what stands there; words[code]
    names a piece ("white stick"). Where the rules and the board differ: what to do."""
    if now != was and now:
        return "%s: put a %s on" % (name, words[now])
    if now != was:
        return "%s: %s, take off" % (name, words[was])
    return "%s: %s" % (name, words[now] if now else "empty")


def island_elements(game, layout):
    """For an island board: (LED of each element, {button: element}), the
    elements being connection k, then island nconn + i, as in the game state."""
    b = game.board
    led = bytearray(game.nconn + game.nisland)
    element = {}
    for c in layout["connections"]:
        k = b.conn(c["a"] + "-" + c["b"])
        led[k] = c["led"]
        element[c["button"]] = k
    for i in layout["islands"]:
        k = game.nconn + b.island(i["name"])
        led[k] = i["led"]
        element[i["button"]] = k
    return led, element
