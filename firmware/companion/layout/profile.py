"""Checks a hardware profile (board_layouts/profiles/NAME.json) before
anything uses it: its button wiring, the GPIOs it uses (one job each, and
ones the chip can do), the LED chain's pin and supply, the display and
buzzer. Problems as layout_check.py's: (entry, problem, hint) in plain
ASCII. A module of its own so that a board that checks its files at boot
compiles (or loads) the checker a part at a time."""

from .common import BASE_MA, MAX_GPIO, MAX_MA, is_int, show

MCP23017_ADDRS = range(0x20, 0x28)


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
            if not is_int(v) or not 0 <= v <= (127 if key == "addrs" else MAX_GPIO):
                out.append(("buttons." + key, "%s is not a pin or address number" % show(v),
                            "use whole numbers: GPIO 0..%d, I2C addresses 0..127" % MAX_GPIO))
        if key == "addrs":
            _check_addrs(values, out)
    _check_parts(profile, out)
    if "sensors" in profile:  # (loaded only for a sensing board: a boot's heap)
        from .sensing import check_sensors

        check_sensors(profile, out, _chip(profile))
    _check_pins(profile, out)
    _check_i2c(profile, out)
    return out


def _check_parts(profile, out):
    """The LED chain's data pin (and supply), and the optional display and buzzer."""
    leds = profile.get("leds")
    if not isinstance(leds, dict) or not is_int(leds.get("pin")):
        out.append(("leds", "the profile has no \"leds\" object with the chain's data pin",
                    "add e.g. \"leds\": {\"pin\": 28, \"max_ma\": 500}"))
    elif "max_ma" in leds and not (is_int(leds["max_ma"]) and BASE_MA < leds["max_ma"] <= MAX_MA):
        out.append(("leds.max_ma", "%s is not a supply current in mA above %d" % (show(leds["max_ma"]), BASE_MA),
                    "give what the supply gives the board, e.g. 500 (USB); the controller and display take %d"
                    % BASE_MA))
    for part in ("display", "buzzer"):
        if profile.get(part) is not None and not isinstance(profile[part], dict):
            out.append((part, "is %s, not an object" % show(profile[part]),
                        "leave it out, or write it as {...} (docs/hardware.md)"))
    buzzer = profile.get("buzzer")
    if isinstance(buzzer, dict) and buzzer and not is_int(buzzer.get("pin")):
        out.append(("buzzer", "has no \"pin\" (a GPIO number)", "add e.g. \"buzzer\": {\"pin\": 22}"))


def _check_addrs(addrs, out):
    seen = []
    for a in addrs:
        if a in seen:
            out.append(("buttons.addrs", "%r is used twice" % (a,), "each expander needs its own address"))
        elif is_int(a) and a not in MCP23017_ADDRS:
            out.append(("buttons.addrs", "%r is not an MCP23017 address" % (a,),
                        "its I2C address is 0x20..0x27 (32..39), set by pins A0-A2"))
        seen.append(a)


# What a GPIO does for each profile entry: "out" drives, "in" reads with the
# internal pull-up, "sda"/"scl" an I2C line (which devices may share).
PIN_ROLES = (("buttons", "rows", "out"), ("buttons", "cols", "in"), ("buttons", "pins", "in"),
             ("buttons", "sda", "sda"), ("buttons", "scl", "scl"), ("leds", "pin", "out"),
             ("display", "sda", "sda"), ("display", "scl", "scl"), ("buzzer", "pin", "out"),
             ("sensors", "load", "out"), ("sensors", "clock", "out"), ("sensors", "data", "in"))
ESP32_INPUT_ONLY = (34, 35, 36, 37, 38, 39)  # no output driver, no internal pull-up
ESP32_FLASH = (6, 7, 8, 9, 10, 11)  # wired to the module's flash chip
PICO_HEADER = tuple(range(23)) + (26, 27, 28)  # the GPIOs on the Pico's pins


def _pin_uses(profile):
    uses = []
    for part, key, role in PIN_ROLES:
        d = profile.get(part)
        v = d.get(key) if isinstance(d, dict) else None
        for pin in (v if isinstance(v, list) else [v]):
            if is_int(pin):
                uses.append(("%s.%s" % (part, key), pin, role))
    return uses


def _check_pins(profile, out):
    """Each GPIO has one job (an I2C bus may be shared), and the chip can do it."""
    chip = _chip(profile)
    seen = {}
    for where, pin, role in _pin_uses(profile):
        if not 0 <= pin <= MAX_GPIO:
            if where[:8] != "buttons.":  # (those are reported by check_profile)
                out.append((where, "%s is not a GPIO number" % show(pin), "use GPIO 0..%d" % MAX_GPIO))
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
            out.append((part + ".i2c", "%s is not an I2C bus of the chip" % show(bus), "use 0 or 1"))
            continue
        if chip != "rp2040":
            continue
        for key, odd in (("sda", 0), ("scl", 1)):
            pin = spec.get(key)
            if is_int(pin) and 0 <= pin <= MAX_GPIO and (pin & 1 != odd or (pin >> 1) & 1 != bus):
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
