"""What the layout checks share: the hints, the bounds and the small helpers
that word an entry and a value for a message. check.py, kinds.py and
profile.py import from here, and check.py imports the other two: no circle."""

MAX_GPIO = 63
BASE_MA = 80  # the controller and display (hal/leds.py)
MAX_MA = 100000

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

def entry_name(key, word, i, e):
    if isinstance(e, dict):
        if isinstance(e.get("name"), str) and e["name"]:
            return word + " " + shown(e["name"])
        if isinstance(e.get("a"), str) and isinstance(e.get("b"), str):
            return word + " " + shown(e["a"] + "-" + e["b"])
    return "%s[%d]" % (key, i)


def plain(text):
    """True if text is printable ASCII only (min and max: in C, no allocation)."""
    return not text or (min(text) >= " " and max(text) <= "~")


def shown(text):
    """text in plain ASCII: any other character as '?' (the messages are ASCII)."""
    return text if plain(text) else "".join(c if " " <= c <= "~" else "?" for c in text)


def show(v):
    """A value for a message, clipped: a number of thousands of digits stays short."""
    try:
        text = repr(v)
    except ValueError:  # CPython will not print an int of more than 4300 digits
        return "(a number of more than 4300 digits)"
    return text if len(text) <= 20 else text[:12] + "... (%d characters)" % len(text)


def is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


def is_number(v):
    return (isinstance(v, int) or isinstance(v, float)) and not isinstance(v, bool)
