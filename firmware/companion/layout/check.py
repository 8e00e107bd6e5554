"""Checks a board layout (and a hardware profile) before anything uses it.

Pure: takes the parsed JSON dicts and returns a list of problems, each a
tuple (entry, problem, hint) in plain ASCII, so the host's `companion layout
check` and the device's boot screen say the same words. No problems: [].

What is checked follows the layout's "kind". The generic checks apply to
every kind: each element group is present, elements have their keys, LED
indices are unique and run 0..N-1, button codes are unique and exist on the
profile's hardware, coordinates are numbers. GROUPS says which element
groups a kind has; KIND_CHECKS (kinds.py) adds its own checks
(islands: the graph); a profile's checks are profile.py's; what they share,
common.py's. Four modules, so that a board that checks its files at boot compiles (or loads)
the checker a part at a time.
Runs under MicroPython too: no dict-order dependence, ASCII messages.
"""

from ..text import wrap
from .common import BASE_MA, HINTS, MAX_MA, entry_name, is_int, is_number, plain, show, shown
from .kinds import KIND_CHECKS
from .profile import button_capacity, check_profile  # noqa: F401 - the checker's whole surface: boot and the host call these here

# kind -> its element groups: (list key, word for one entry, required keys)
GROUPS = {
    "islands": (("islands", "island", ("name", "x", "y", "led", "button")),
                ("connections", "connection", ("a", "b", "led", "button"))),
    "hex": (("cells", "cell", ("name", "q", "r", "x", "y", "led", "button")),),
    "duel": (("sites", "site", ("name", "x", "y", "led", "button")),),
}
# the games the companion plays, and the kind of layout each is played on
GAMES = {"kahuna": "islands", "kanaloa": "islands", "rukuni": "hex", "duell": "duel"}
# Every kind may have control buttons (TURN, UNDO, ...); an LED is optional.
CONTROLS = ("controls", "control", ("name", "button"))
CONTROL_NAMES = ("TURN", "UNDO", "MENU")

MAX_LISTED = 3  # more missing LED indices than this are reported in one line
# Bounds checked before anything is sized from a value (a chain of LEDs, a scan
# of buttons): far above any real board, far below what would exhaust memory.
MAX_LEDS = 1024
MAX_BUTTONS = 1024
FULL_WHITE_MA = 60  # one WS2812 at full white
MAX_SIZE = 100000  # drawing units


def check(layout, profile=None):
    """All problems of a layout; with a profile, button codes must exist on it."""
    out = []
    if not isinstance(layout, dict):
        return [("layout", "is not a JSON object", "the file must hold one {...} object")]
    kind = layout.get("kind")
    groups = GROUPS.get(kind) if isinstance(kind, str) else None
    if groups is None:
        out.append(("kind", "unknown layout kind %r" % (kind,),
                    "set \"kind\" to one of " + ", ".join(sorted(GROUPS))))
        return out
    game = layout.get("game")
    if not isinstance(game, str) or game not in GAMES:
        out.append(("game", "%s is not a game the companion plays" % show(game),
                    "set \"game\" to one of " + ", ".join(sorted(GAMES))))
    elif GAMES[game] != kind:
        out.append(("kind", "a %s layout is of kind \"%s\", not \"%s\"" % (game, GAMES[game], kind),
                    "set \"kind\": \"%s\"" % GAMES[game]))
    if layout.get("format", 1) != 1:
        out.append(("format", "format %r is not known" % (layout.get("format"),),
                    "this companion reads \"format\": 1"))
    if not isinstance(layout.get("name"), str) or not layout.get("name"):
        out.append(("name", "the layout has no \"name\"", "add e.g. \"name\": \"kahuna\" (its file name)"))
    _check_plain("name", layout.get("name"), out)  # (the title is only drawn on the PC: any text)
    size = _check_size(layout, out)
    elements = _elements(layout, groups, out)
    _check_coordinates(elements, size, out)
    _check_leds(elements, out)
    _check_buttons(elements, profile, out)
    _check_controls(layout, out)
    if isinstance(profile, dict) and "sensors" in profile or _sensed(layout):  # (loaded for a sensing board only)
        from .sensing import check_sense

        check_sense(layout, profile, out)
    if profile is not None:
        _check_current(elements, profile, out)
    KIND_CHECKS[kind](layout, out)
    return out


def summary(layout):
    """e.g. '12 islands, 27 connections, 42 buttons, 39 LEDs' (for a checked layout)."""
    parts = []
    for key, word, _ in GROUPS[layout["kind"]]:
        parts.append(_count(len(layout[key]), word))
    elements = _elements(layout, GROUPS[layout["kind"]], [])
    parts.append(_count(len([1 for _, e in elements if "button" in e]), "button"))
    parts.append(_count(len([1 for _, e in elements if "led" in e]), "LED"))
    return ", ".join(parts)


def _sensed(layout):
    """The layout names sensor bits somewhere."""
    for items in layout.values():
        if isinstance(items, list):
            for e in items:
                if isinstance(e, dict) and "sense" in e:
                    return True
    return False


def display_lines(problems, width=16, rows=8):
    """The first problems, word-wrapped for a small display (SSD1306: 16x8)."""
    lines = ["LAYOUT: %d error%s" % (len(problems), "" if len(problems) == 1 else "s")]
    for entry, problem, _ in problems:
        for line in wrap(entry + ": " + problem, width, rows):
            if len(lines) == rows:
                return lines
            lines.append(line)
    return lines


def _check_controls(layout, out):
    """TURN, UNDO and MENU, one each: the firmware reads every game's turns,
    take-backs and options from them (without TURN no turn could end)."""
    controls = layout.get("controls")
    if not isinstance(controls, list):
        if controls is None and "controls" not in layout:
            out.append(("controls", "the layout has no \"controls\" list",
                        "add the TURN, UNDO and MENU buttons: \"controls\": [{\"name\": \"TURN\", \"button\": ...}, ...]"))
        return  # (not a list: _elements says so)
    names = [c.get("name") for c in controls if isinstance(c, dict)]
    for name in CONTROL_NAMES:
        n = names.count(name)
        if n != 1:
            out.append(("control " + name, "is missing" if not n else "is there %d times" % n,
                        "give the board one %s button: \"controls\": [{\"name\": \"%s\", \"button\": ...}, ...]"
                        % (name, name)))


def _check_current(elements, profile, out):
    """The supply leaves current to light the LEDs with (hal/leds.py scales
    every frame down to it): 80 mA go to the controller and display, 1 mA to
    each LED at rest, and one LED at full white draws 60 mA."""
    leds = profile.get("leds") if isinstance(profile, dict) else None
    ma = leds.get("max_ma", 500) if isinstance(leds, dict) else None
    if not is_int(ma) or not BASE_MA < ma <= MAX_MA:
        return  # (check_profile says so)
    n = len([1 for _, e in elements if "led" in e])
    if ma - BASE_MA - n < FULL_WHITE_MA:
        out.append(("leds.max_ma", "%d mA leaves too little to light the %d LEDs with (%d go to the controller "
                    "and display, 1 to each LED at rest)" % (ma, n, BASE_MA),
                    "give at least %d (USB: 500)" % (BASE_MA + n + FULL_WHITE_MA)))


# --- generic checks ----------------------------------------------------------
def _elements(layout, groups, out):
    """[(entry name, element dict)] of every group, noting malformed entries in out."""
    elements = []
    required_keys = [g[0] for g in groups]
    specs = list(groups) + [CONTROLS]
    # Other lists of objects (e.g. a game's extra buttons) still take part in
    # the LED and button checks, with no required keys.
    for key in sorted(layout):
        if key not in required_keys and key != CONTROLS[0] and isinstance(layout[key], list) \
                and layout[key] and isinstance(layout[key][0], dict):
            specs.append((key, key, ()))
    for key, word, required in specs:
        items = layout.get(key)
        if items is None:
            if key in layout:  # "controls": null
                out.append((key, "must be a list", "list the %s as [{...}, ...]" % key))
            elif key in required_keys:
                out.append((key, "the layout has no \"%s\" list" % key,
                            "a \"%s\" layout needs \"%s\": [...]" % (layout.get("kind"), key)))
            continue
        if not isinstance(items, list) or (key in required_keys and not items):
            out.append((key, "must be a non-empty list", "list the %s as [{...}, ...]" % key))
            continue
        for i in range(len(items)):
            e = items[i]
            entry = entry_name(key, word, i, e)
            if not isinstance(e, dict):
                out.append((entry, "is not an object", "write it as {\"name\": ..., ...}"))
                continue
            for r in required:
                if r not in e:
                    out.append((entry, "has no \"%s\"" % r, HINTS[r]))
            if "name" in e and (not isinstance(e["name"], str) or not e["name"]):
                out.append((entry, "its \"name\" is %s, not a name" % show(e["name"]), HINTS["name"]))
            _check_plain(entry, e.get("name"), out)
            elements.append((entry, e))
    return elements


def _check_plain(entry, text, out):
    """A name goes to the game log and the display: plain ASCII only. The log's
    dialect takes no escaped other character (a board would refuse its own
    lines at the next boot), and the display's font has none."""
    if isinstance(text, str) and not plain(text):
        out.append((entry, "%r has a character that is not plain ASCII (shown as ?)" % shown(text),
                    "use letters A-Z, a-z, digits and signs only (write an umlaut as e.g. OE): the game "
                    "log and the display know no others"))


def _check_size(layout, out):
    size = layout.get("size")
    if size is None:
        return None
    if not isinstance(size, list) or len(size) != 2 or not is_number(size[0]) \
            or not is_number(size[1]) or not 0 < size[0] <= MAX_SIZE or not 0 < size[1] <= MAX_SIZE:
        out.append(("size", "must be [width, height] in drawing units, each 1..%d" % MAX_SIZE,
                    "e.g. \"size\": [400, 330]"))
        return None
    return size


def _check_coordinates(elements, size, out):
    for entry, e in elements:
        bad = False
        for axis in ("x", "y"):
            if axis in e and not is_number(e[axis]):
                out.append((entry, "%s is %r, not a number" % (axis, e[axis]), HINTS["x"]))
                bad = True
        via = e.get("via")
        if via is not None and (not isinstance(via, list) or len(via) != 2 or not is_number(via[0])
                                or not is_number(via[1])):
            out.append((entry, "\"via\" must be [x, y]", "give the bend point of its drawn line as two numbers"))
        if size and not bad and "x" in e and "y" in e:
            if not (0 <= e["x"] <= size[0] and 0 <= e["y"] <= size[1]):
                out.append((entry, "(%s, %s) lies outside the drawing area %sx%s" % (
                    show(e["x"]), show(e["y"]), size[0], size[1]), "move it inside \"size\" or enlarge \"size\""))


def _check_leds(elements, out):
    owner = {}
    count = 0
    for entry, e in elements:
        if "led" not in e:
            continue
        led = e["led"]
        count += 1
        if not is_int(led) or led < 0:
            out.append((entry, "LED index %s is not a whole number >= 0" % show(led), HINTS["led"]))
        elif led >= MAX_LEDS:
            out.append((entry, "LED index %s is beyond any LED chain (at most %d LEDs)" % (show(led), MAX_LEDS),
                        HINTS["led"]))
        elif led in owner:
            out.append((entry, "LED %d is also used by %s" % (led, owner[led]),
                        "give every element its own LED index"))
        else:
            owner[led] = entry
    if not owner:
        return
    top = max(owner)
    missing = [i for i in range(top) if i not in owner]
    hint = "number the %d LEDs 0..%d in chain order, without gaps" % (count, count - 1)
    if len(missing) > MAX_LISTED:
        out.append(("LEDs", "%d indices below %d are unused (%s, ...)" % (
            len(missing), top, ", ".join(str(i) for i in missing[:MAX_LISTED])), hint))
        return
    for i in missing:
        out.append(("LED %d" % i, "no element has it, but indices go up to %d" % top, hint))


def _check_buttons(elements, profile, out):
    cap = button_capacity(profile) if profile is not None else None
    sensing = isinstance(profile, dict) and "sensors" in profile
    owner = {}
    for entry, e in elements:
        if "button" not in e:
            continue
        code = e["button"]
        if not is_int(code) or code < 0:
            out.append((entry, "button code %s is not a whole number >= 0" % show(code), HINTS["button"]))
        elif code >= MAX_BUTTONS:
            out.append((entry, "button code %s is beyond any button wiring (codes 0..%d)" % (
                show(code), MAX_BUTTONS - 1), HINTS["button"]))
        elif code in owner:
            out.append((entry, "button %d is also used by %s" % (code, owner[code]),
                        "give every element its own button code"))
        else:
            owner[code] = entry
            if cap and code >= cap[0] and not (sensing and "sense" in e):  # (a sensed element's code
                # is its name for the firmware: on a board that senses it, it needs no button)
                out.append((entry, "button %d does not exist on the profile's %s (codes 0..%d)" % (
                    code, cap[1], cap[0] - 1), "use a free code below %d or a profile with more inputs" % cap[0]))


# --- kind-specific checks ------------------------------------------------------
# --- small helpers ----------------------------------------------------------------
def _count(n, word):
    return "%d %s" % (n, word if n == 1 else word + "s")
