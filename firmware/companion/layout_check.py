"""Checks a board layout (and a hardware profile) before anything uses it.

Pure: takes the parsed JSON dicts and returns a list of problems, each a
tuple (entry, problem, hint) in plain ASCII, so the host's `companion layout
check` and the device's boot screen say the same words. No problems: [].

What is checked follows the layout's "kind". The generic checks apply to
every kind: each element group is present, elements have their keys, LED
indices are unique and run 0..N-1, button codes are unique and exist on the
profile's hardware, coordinates are numbers. GROUPS says which element
groups a kind has; KIND_CHECKS adds its own checks (islands: the graph).
Runs under MicroPython too: no dict-order dependence, ASCII messages.
"""

from .text import wrap

# kind -> its element groups: (list key, word for one entry, required keys)
GROUPS = {
    "islands": (("islands", "island", ("name", "x", "y", "led", "button")),
                ("connections", "connection", ("a", "b", "led", "button"))),
    "hex": (("cells", "cell", ("name", "q", "r", "x", "y", "led", "button")),),
    "duel": (("sites", "site", ("name", "x", "y", "led", "button")),),
}
# the games the companion plays, and the kind of layout each is played on
GAMES = {"kahuna": "islands", "kanaloa": "islands", "rukuni": "hex", "duell": "duel"}
RUKUNI_TOWERS = 6
# Every kind may have control buttons (TURN, UNDO, ...); an LED is optional.
CONTROLS = ("controls", "control", ("name", "button"))
CONTROL_NAMES = ("TURN", "UNDO", "MENU")

HINTS = {
    "name": "give it a unique \"name\"",
    "a": "name the two islands it joins as \"a\" and \"b\"",
    "b": "name the two islands it joins as \"a\" and \"b\"",
    "x": "give its drawing position as numbers \"x\" and \"y\"",
    "y": "give its drawing position as numbers \"x\" and \"y\"",
    "q": "give its axial hex coordinates as integers \"q\" and \"r\"",
    "r": "give its axial hex coordinates as integers \"q\" and \"r\"",
    "led": "give its position on the LED chain as \"led\" (0 = first LED)",
    "button": "give its button scan code as \"button\" (matrix: row * columns + column)",
}
MAX_ISLAND_NAME = 4  # a connection's name, A-B, goes after a word on a 16-column line: "Hint +ALOA-BARI"
MAX_LISTED = 3  # more missing LED indices than this are reported in one line
# Bounds checked before anything is sized from a value (a chain of LEDs, a scan
# of buttons): far above any real board, far below what would exhaust memory.
MAX_LEDS = 1024
MAX_BUTTONS = 1024
MAX_GPIO = 63
BASE_MA = 80  # the controller and display (hal/leds.py)
FULL_WHITE_MA = 60  # one WS2812 at full white
MAX_MA = 100000
MAX_HEX = 100  # |q|, |r| of a hex cell
MAX_SIZE = 100000  # drawing units
MCP23017_ADDRS = range(0x20, 0x28)


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
        out.append(("game", "%s is not a game the companion plays" % _show(game),
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


def display_lines(problems, width=16, rows=8):
    """The first problems, word-wrapped for a small display (SSD1306: 16x8)."""
    lines = ["LAYOUT: %d error%s" % (len(problems), "" if len(problems) == 1 else "s")]
    for entry, problem, _ in problems:
        for line in wrap(entry + ": " + problem, width, rows):
            if len(lines) == rows:
                return lines
            lines.append(line)
    return lines


# --- hardware profiles ----------------------------------------------------------
def button_capacity(profile):
    """(number of button codes, description), or None if the profile is unusable."""
    if not isinstance(profile, dict) or check_profile(profile):
        return None
    b = profile["buttons"]
    kind = b["kind"]
    if kind == "matrix":
        return len(b["rows"]) * len(b["cols"]), "%dx%d matrix" % (len(b["rows"]), len(b["cols"]))
    if kind == "gpio":
        return len(b["pins"]), "%d GPIO buttons" % len(b["pins"])
    return 16 * len(b["addrs"]), "%d MCP23017 expander%s" % (len(b["addrs"]), "" if len(b["addrs"]) == 1 else "s")


def check_profile(profile):
    """Problems of a hardware profile: its button wiring and the GPIOs it uses."""
    if not isinstance(profile, dict):
        return [("profile", "is not a JSON object", "the file must hold one {...} object")]
    b = profile.get("buttons")
    if not isinstance(b, dict):
        return [("buttons", "the profile has no \"buttons\" object",
                 "add e.g. \"buttons\": {\"kind\": \"matrix\", \"rows\": [...], \"cols\": [...]}")]
    lists = {"matrix": ("rows", "cols"), "gpio": ("pins",), "mcp23017": ("addrs",)}
    keys = lists.get(b.get("kind")) if isinstance(b.get("kind"), str) else None
    if keys is None:
        return [("buttons.kind", "unknown button wiring %r" % (b.get("kind"),),
                 "use one of " + ", ".join(sorted(lists)))]
    out = []
    for key in keys:
        values = b.get(key)
        if not isinstance(values, list) or not values:
            out.append(("buttons." + key, "missing or empty", "list the %s as integers" % key))
            continue
        for v in values:
            if not _is_int(v) or not 0 <= v <= (127 if key == "addrs" else MAX_GPIO):
                out.append(("buttons." + key, "%s is not a pin or address number" % _show(v),
                            "use whole numbers: GPIO 0..%d, I2C addresses 0..127" % MAX_GPIO))
        if key == "addrs":
            _check_addrs(values, out)
    _check_parts(profile, out)
    _check_pins(profile, out)
    _check_i2c(profile, out)
    return out


def _check_parts(profile, out):
    """The LED chain's data pin (and supply), and the optional display and buzzer."""
    leds = profile.get("leds")
    if not isinstance(leds, dict) or not _is_int(leds.get("pin")):
        out.append(("leds", "the profile has no \"leds\" object with the chain's data pin",
                    "add e.g. \"leds\": {\"pin\": 28, \"max_ma\": 500}"))
    elif "max_ma" in leds and not (_is_int(leds["max_ma"]) and BASE_MA < leds["max_ma"] <= MAX_MA):
        out.append(("leds.max_ma", "%s is not a supply current in mA above %d" % (_show(leds["max_ma"]), BASE_MA),
                    "give what the supply gives the board, e.g. 500 (USB); the controller and display take %d"
                    % BASE_MA))
    for part in ("display", "buzzer"):
        if profile.get(part) is not None and not isinstance(profile[part], dict):
            out.append((part, "is %s, not an object" % _show(profile[part]),
                        "leave it out, or write it as {...} (docs/hardware.md)"))
    buzzer = profile.get("buzzer")
    if isinstance(buzzer, dict) and buzzer and not _is_int(buzzer.get("pin")):
        out.append(("buzzer", "has no \"pin\" (a GPIO number)", "add e.g. \"buzzer\": {\"pin\": 22}"))


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
    if not _is_int(ma) or not BASE_MA < ma <= MAX_MA:
        return  # (check_profile says so)
    n = len([1 for _, e in elements if "led" in e])
    if ma - BASE_MA - n < FULL_WHITE_MA:
        out.append(("leds.max_ma", "%d mA leaves too little to light the %d LEDs with (%d go to the controller "
                    "and display, 1 to each LED at rest)" % (ma, n, BASE_MA),
                    "give at least %d (USB: 500)" % (BASE_MA + n + FULL_WHITE_MA)))


def _check_addrs(addrs, out):
    seen = []
    for a in addrs:
        if a in seen:
            out.append(("buttons.addrs", "%r is used twice" % (a,), "each expander needs its own address"))
        elif _is_int(a) and a not in MCP23017_ADDRS:
            out.append(("buttons.addrs", "%r is not an MCP23017 address" % (a,),
                        "its I2C address is 0x20..0x27 (32..39), set by pins A0-A2"))
        seen.append(a)


# What a GPIO does for each profile entry: "out" drives, "in" reads with the
# internal pull-up, "sda"/"scl" an I2C line (which devices may share).
PIN_ROLES = (("buttons", "rows", "out"), ("buttons", "cols", "in"), ("buttons", "pins", "in"),
             ("buttons", "sda", "sda"), ("buttons", "scl", "scl"), ("leds", "pin", "out"),
             ("display", "sda", "sda"), ("display", "scl", "scl"), ("buzzer", "pin", "out"))
ESP32_INPUT_ONLY = (34, 35, 36, 37, 38, 39)  # no output driver, no internal pull-up
ESP32_FLASH = (6, 7, 8, 9, 10, 11)  # wired to the module's flash chip
PICO_HEADER = tuple(range(23)) + (26, 27, 28)  # the GPIOs on the Pico's pins


def _pin_uses(profile):
    uses = []
    for part, key, role in PIN_ROLES:
        d = profile.get(part)
        v = d.get(key) if isinstance(d, dict) else None
        for pin in (v if isinstance(v, list) else [v]):
            if _is_int(pin):
                uses.append(("%s.%s" % (part, key), pin, role))
    return uses


def _check_pins(profile, out):
    """Each GPIO has one job (an I2C bus may be shared), and the chip can do it."""
    chip = _chip(profile)
    seen = {}
    for where, pin, role in _pin_uses(profile):
        if not 0 <= pin <= MAX_GPIO:
            if where[:8] != "buttons.":  # (those are reported by check_profile)
                out.append((where, "%s is not a GPIO number" % _show(pin), "use GPIO 0..%d" % MAX_GPIO))
            continue
        if pin in seen and not (role in ("sda", "scl") and seen[pin][1] == role):
            out.append((where, "GPIO %d is also used by %s" % (pin, seen[pin][0]),
                        "give every row, column, pin and bus line its own GPIO"))
        elif pin not in seen:
            seen[pin] = (where, role)
        if chip == "esp32" and pin in ESP32_FLASH:
            out.append((where, "GPIO %d is wired to the ESP32 module's flash" % pin, "use another GPIO"))
        elif chip == "esp32" and pin in ESP32_INPUT_ONLY:
            if role == "in":
                out.append((where, "GPIO %d has no internal pull-up on the ESP32: an open button reads at "
                            "random" % pin, "use a GPIO below 34 for button inputs"))
            else:
                out.append((where, "GPIO %d is input-only on the ESP32" % pin, "use a GPIO below 34"))
        elif chip == "rp2040" and pin not in PICO_HEADER:
            out.append((where, "GPIO %d is not on the Pico's pin header" % pin, "use GPIO 0..22 or 26..28"))


def _check_i2c(profile, out):
    """An I2C bus is 0 or 1; on an RP2040 each bus has its own SDA and SCL
    GPIOs (MicroPython: "bad SDA pin" at boot, after the first light)."""
    chip = _chip(profile)
    for part in ("display", "buttons"):
        spec = profile.get(part)
        if not isinstance(spec, dict) or "sda" not in spec and "scl" not in spec:
            continue
        bus = spec.get("i2c", 0)
        if bus not in (0, 1) or isinstance(bus, bool):
            out.append((part + ".i2c", "%s is not an I2C bus of the chip" % _show(bus), "use 0 or 1"))
            continue
        if chip != "rp2040":
            continue
        for key, odd in (("sda", 0), ("scl", 1)):
            pin = spec.get(key)
            if _is_int(pin) and 0 <= pin <= MAX_GPIO and (pin & 1 != odd or (pin >> 1) & 1 != bus):
                out.append(("%s.%s" % (part, key), "GPIO %d is not an %s pin of I2C %d on the RP2040" % (
                    pin, key.upper(), bus), "I2C %d has %s on GPIO %s" % (bus, key.upper(), ", ".join(
                        str(p) for p in range(2 * bus + odd, 29, 4)))))


def _chip(profile):
    """The profile's "chip", else guessed from its "board" text."""
    chip = profile.get("chip")
    if chip:
        return chip
    board = str(profile.get("board", "")).lower()
    if "esp32" in board:
        return "esp32"
    if "rp2040" in board or "pico" in board:
        return "rp2040"
    return None


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
            entry = _entry_name(key, word, i, e)
            if not isinstance(e, dict):
                out.append((entry, "is not an object", "write it as {\"name\": ..., ...}"))
                continue
            for r in required:
                if r not in e:
                    out.append((entry, "has no \"%s\"" % r, HINTS[r]))
            if "name" in e and (not isinstance(e["name"], str) or not e["name"]):
                out.append((entry, "its \"name\" is %s, not a name" % _show(e["name"]), HINTS["name"]))
            _check_plain(entry, e.get("name"), out)
            elements.append((entry, e))
    return elements


def _entry_name(key, word, i, e):
    if isinstance(e, dict):
        if isinstance(e.get("name"), str) and e["name"]:
            return word + " " + _shown(e["name"])
        if isinstance(e.get("a"), str) and isinstance(e.get("b"), str):
            return word + " " + _shown(e["a"] + "-" + e["b"])
    return "%s[%d]" % (key, i)


def _plain(text):
    """True if text is printable ASCII only (min and max: in C, no allocation)."""
    return not text or (min(text) >= " " and max(text) <= "~")


def _shown(text):
    """text in plain ASCII: any other character as '?' (the messages are ASCII)."""
    return text if _plain(text) else "".join(c if " " <= c <= "~" else "?" for c in text)


def _check_plain(entry, text, out):
    """A name goes to the game log and the display: plain ASCII only. The log's
    dialect takes no escaped other character (a board would refuse its own
    lines at the next boot), and the display's font has none."""
    if isinstance(text, str) and not _plain(text):
        out.append((entry, "%r has a character that is not plain ASCII (shown as ?)" % _shown(text),
                    "use letters A-Z, a-z, digits and signs only (write an umlaut as e.g. OE): the game "
                    "log and the display know no others"))


def _check_size(layout, out):
    size = layout.get("size")
    if size is None:
        return None
    if not isinstance(size, list) or len(size) != 2 or not _is_number(size[0]) \
            or not _is_number(size[1]) or not 0 < size[0] <= MAX_SIZE or not 0 < size[1] <= MAX_SIZE:
        out.append(("size", "must be [width, height] in drawing units, each 1..%d" % MAX_SIZE,
                    "e.g. \"size\": [400, 330]"))
        return None
    return size


def _check_coordinates(elements, size, out):
    for entry, e in elements:
        bad = False
        for axis in ("x", "y"):
            if axis in e and not _is_number(e[axis]):
                out.append((entry, "%s is %r, not a number" % (axis, e[axis]), HINTS["x"]))
                bad = True
        via = e.get("via")
        if via is not None and (not isinstance(via, list) or len(via) != 2 or not _is_number(via[0])
                                or not _is_number(via[1])):
            out.append((entry, "\"via\" must be [x, y]", "give the bend point of its drawn line as two numbers"))
        if size and not bad and "x" in e and "y" in e:
            if not (0 <= e["x"] <= size[0] and 0 <= e["y"] <= size[1]):
                out.append((entry, "(%s, %s) lies outside the drawing area %sx%s" % (
                    _show(e["x"]), _show(e["y"]), size[0], size[1]), "move it inside \"size\" or enlarge \"size\""))


def _check_leds(elements, out):
    owner = {}
    count = 0
    for entry, e in elements:
        if "led" not in e:
            continue
        led = e["led"]
        count += 1
        if not _is_int(led) or led < 0:
            out.append((entry, "LED index %s is not a whole number >= 0" % _show(led), HINTS["led"]))
        elif led >= MAX_LEDS:
            out.append((entry, "LED index %s is beyond any LED chain (at most %d LEDs)" % (_show(led), MAX_LEDS),
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
    owner = {}
    for entry, e in elements:
        if "button" not in e:
            continue
        code = e["button"]
        if not _is_int(code) or code < 0:
            out.append((entry, "button code %s is not a whole number >= 0" % _show(code), HINTS["button"]))
        elif code >= MAX_BUTTONS:
            out.append((entry, "button code %s is beyond any button wiring (codes 0..%d)" % (
                _show(code), MAX_BUTTONS - 1), HINTS["button"]))
        elif code in owner:
            out.append((entry, "button %d is also used by %s" % (code, owner[code]),
                        "give every element its own button code"))
        else:
            owner[code] = entry
            if cap and code >= cap[0]:
                out.append((entry, "button %d does not exist on the profile's %s (codes 0..%d)" % (
                    code, cap[1], cap[0] - 1), "use a free code below %d or a profile with more inputs" % cap[0]))


# --- kind-specific checks ------------------------------------------------------
def _check_islands(layout, out):
    islands = layout.get("islands")
    conns = layout.get("connections")
    if not isinstance(islands, list) or not isinstance(conns, list):
        return
    index = {}
    names = []
    prefixes = {}
    cards = layout.get("game") == "kahuna"  # (its digital deck)
    for e in islands:
        name = e.get("name") if isinstance(e, dict) else None
        if not isinstance(name, str) or not name:
            continue
        if name in index:
            out.append(("island " + name, "the name is used twice", HINTS["name"]))
            continue
        if "-" in name:
            out.append(("island " + name, "the name contains '-'", "connections are named A-B: drop the '-'"))
        if len(name) > MAX_ISLAND_NAME:
            out.append(("island " + (name if len(name) <= 12 else name[:9] + "..."), "the name has %d characters; the display shows at most %d"
                        % (len(name), MAX_ISLAND_NAME), "shorten it: the 16-column display shows a connection, "
                        "A-B, after a word on one line (\"Off ALOA-BARI\", \"Hint +ALOA-BARI\")"))
        elif cards and name[:3] in prefixes:
            out.append(("island " + name, "begins with the same 3 letters as island " + prefixes[name[:3]],
                        "make them differ: the display shows a hand of the digital deck's cards by the islands' "
                        "first 3 letters"))
        prefixes[name[:3]] = name
        index[name] = len(names)
        names.append(name)
    links = [[] for _ in names]
    pairs = {}
    for k in range(len(conns)):
        c = conns[k]
        if not isinstance(c, dict) or "a" not in c or "b" not in c:
            continue
        entry = _entry_name("connections", "connection", k, c)
        a, b = c["a"], c["b"]
        unknown = [n for n in (a, b) if not isinstance(n, str) or n not in index]
        for n in unknown:
            out.append((entry, "names island %r, which is not in \"islands\"" % (n,),
                        "add island %s to \"islands\" or correct the name" % (n,)))
        if unknown:
            continue
        if a == b:
            out.append((entry, "joins %s to itself" % a, "a connection joins two different islands"))
            continue
        pair = (a, b) if a < b else (b, a)
        if pair in pairs:
            out.append((entry, "duplicates connections[%d] (%s-%s)" % (pairs[pair], pair[0], pair[1]),
                        "remove one of the two"))
            continue
        pairs[pair] = k
        links[index[a]].append(index[b])
        links[index[b]].append(index[a])
    if names:
        _check_connected(names, links, out)


def _check_connected(names, links, out):
    """Every island reachable from the first; one problem per cut-off part."""
    part = [-1] * len(names)
    for start in range(len(names)):
        if part[start] >= 0:
            continue
        part[start] = start
        todo = [start]
        members = [names[start]]
        while todo:
            i = todo[-1]
            del todo[-1]
            for j in links[i]:
                if part[j] < 0:
                    part[j] = start
                    todo.append(j)
                    members.append(names[j])
        if start == 0:
            continue
        if len(members) == 1:
            out.append(("island " + names[start], "no connection reaches it",
                        "add a connection between %s and a neighbouring island" % names[start]))
        else:
            out.append(("island " + names[start], "its part of the board (%s) is cut off from %s" % (
                ", ".join(sorted(members)), names[0]), "add a connection joining the two parts"))


def _check_hex(layout, out):
    """Cells: "name" is "q,r"; each (q, r) once; all cells form one region."""
    seen = {}
    cells = layout.get("cells")
    for i in range(len(cells) if isinstance(cells, list) else 0):
        e = cells[i]
        if not isinstance(e, dict) or not _is_int(e.get("q")) or not _is_int(e.get("r")):
            continue
        q, r = e["q"], e["r"]
        entry = _entry_name("cells", "cell", i, e)
        if not (-MAX_HEX <= q <= MAX_HEX and -MAX_HEX <= r <= MAX_HEX):
            out.append((entry, "q=%s, r=%s is far off any board" % (_show(q), _show(r)),
                        "q and r are -%d..%d" % (MAX_HEX, MAX_HEX)))
            continue
        if e.get("name") != "%d,%d" % (q, r):
            out.append((entry, "its name does not match q=%d, r=%d" % (q, r), "name it \"%d,%d\"" % (q, r)))
        if (q, r) in seen:
            out.append((entry, "q=%d, r=%d is also %s" % (q, r, seen[(q, r)]), "each cell has its own q, r"))
        else:
            seen[(q, r)] = entry
    if layout.get("game") == "rukuni":
        _check_towers(layout, seen, out)
    cells = sorted(seen)
    if not cells:
        return
    reached = {cells[0]: True}
    todo = [cells[0]]
    while todo:
        q, r = todo[-1]
        del todo[-1]
        for dq, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
            n = (q + dq, r + dr)
            if n in seen and n not in reached:
                reached[n] = True
                todo.append(n)
    for c in cells:
        if c not in reached:
            out.append((seen[c], "has no neighbour path to cell %d,%d" % cells[0],
                        "hex cells must form one connected board"))


def _check_towers(layout, seen, out):
    """Rukuni's towers start on six cells of the board, each on its own."""
    towers = layout.get("towers")
    names = {}
    for q, r in seen:
        names["%d,%d" % (q, r)] = True
    hint = "list the %d cells where the towers start, e.g. \"towers\": [\"0,-4\", ...]" % RUKUNI_TOWERS
    if not isinstance(towers, list) or len(towers) != RUKUNI_TOWERS:
        out.append(("towers", ("lists %d cells, not %d" % (len(towers), RUKUNI_TOWERS)) if isinstance(towers, list)
                    else "%s is not a list of %d cells" % (_show(towers), RUKUNI_TOWERS), hint))
        return
    for i in range(len(towers)):
        t = towers[i]
        if not isinstance(t, str) or t not in names:
            out.append(("towers", "%s is not a cell of the board" % _show(t), hint))
        elif t in towers[:i]:
            out.append(("towers", "%s is named twice" % t, "each tower starts on a cell of its own"))


DUEL_PLAYERS = ("bison", "wolf")


def _check_duel(layout, out):
    """Nine sites named "row,column" (0..2 each), each a keypad key 1..9 of its
    own; a stone pocket per site and player; three masks (choice 0..2) per
    player. The game reads all of it: without, it could not start or play."""
    names = ["%d,%d" % (k // 3, k % 3) for k in range(9)]
    sites = layout.get("sites")
    found = {}
    keys = {}
    for i in range(len(sites) if isinstance(sites, list) else 0):
        e = sites[i]
        if not isinstance(e, dict):
            continue
        entry = _entry_name("sites", "site", i, e)
        name = e.get("name")
        if name not in names:
            out.append((entry, "a site is named \"row,column\", 0..2 each", "name it e.g. \"1,2\""))
        elif name in found:
            out.append((entry, "is named as %s too" % found[name], "name each of the nine sites once"))
        else:
            found[name] = entry
        key = e.get("key")
        if not _is_int(key) or not 1 <= key <= 9:
            out.append((entry, _is("key", key) + (", not a keypad key 1..9" if key is not None else ""),
                        "give the value it stands for while a stone's value is asked for: \"key\": 1..9"))
        elif key in keys:
            out.append((entry, "key %d is also %s's" % (key, keys[key]), "give each site its own key 1..9"))
        else:
            keys[key] = entry
    missing = [n for n in names if n not in found]
    if missing and isinstance(sites, list):
        out.append(("sites", "no site " + ", ".join(missing), "a duel board has the nine sites 0,0 to 2,2"))
    _check_pairs(layout, out, "stones", "stone", "site", names, "led", "each site has a pocket for each player's stone")
    _check_pairs(layout, out, "masks", "mask", "choice", (0, 1, 2), "button", "each player has the masks 0, 1 and 2")


def _is(key, value):
    return "has no \"%s\"" % key if value is None else "\"%s\" is %s" % (key, _show(value))


def _check_pairs(layout, out, key, word, what, values, need, hint):
    """Each entry of layout[key] a player's and one of `values` (as `what`), each pair once; each has `need`."""
    group = layout.get(key)
    if not isinstance(group, list):
        out.append((key, "missing (a list)", hint))
        return
    seen = {}
    for i in range(len(group)):
        e = group[i]
        if not isinstance(e, dict):
            continue
        entry = _entry_name(key, word, i, e)
        if need not in e:
            out.append((entry, "has no \"%s\"" % need, HINTS[need]))
        player, value = e.get("player"), e.get(what)
        if player not in DUEL_PLAYERS:
            out.append((entry, _is("player", player), "\"bison\" or \"wolf\""))
        elif value not in values or isinstance(value, bool):
            out.append((entry, _is(what, value), "one of " + ", ".join(str(v) for v in values)))
        elif (player, value) in seen:
            out.append((entry, "the same as %s" % seen[(player, value)], hint))
        else:
            seen[(player, value)] = entry
    for player in DUEL_PLAYERS:
        lacking = [str(v) for v in values if (player, v) not in seen]
        if lacking:
            out.append((key, "%s has no %s for %s %s" % (player, word, what, ", ".join(lacking)), hint))


KIND_CHECKS = {"islands": _check_islands, "hex": _check_hex, "duel": _check_duel}


# --- small helpers ----------------------------------------------------------------
def _show(v):
    """A value for a message, clipped: a number of thousands of digits stays short."""
    try:
        text = repr(v)
    except ValueError:  # CPython will not print an int of more than 4300 digits
        return "(a number of more than 4300 digits)"
    return text if len(text) <= 20 else text[:12] + "... (%d characters)" % len(text)


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def _is_number(v):
    return (isinstance(v, int) or isinstance(v, float)) and not isinstance(v, bool)


def _count(n, word):
    return "%d %s" % (n, word if n == 1 else word + "s")
