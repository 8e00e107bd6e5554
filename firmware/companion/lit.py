"""The board's look at power-on, before the rest of the firmware loads.

In quiet time the run loop saves the LED strip's bytes as ROOT/lit.bin
(Store.save_lit), and the store removes the file before it changes the
saved game in any way (an event, a new game, a repair, a cut). So a
lit.bin on flash always shows the saved game: main.py sends it to the
strip about 60 ms after reset, and the full boot (about half a second
later) renders the same frame from the log itself.

lit.bin: b"LIT1", the LED data pin, the LED count (2 bytes, little
endian), the length of the marks of the layout and profile it was made
for (1 byte: board_layouts/checked.txt, written by `companion flash`), the
marks, the strip's bytes (3 per LED, in the strip's colour order) and the
CRC-32 of all that (4 bytes, little endian). A torn or damaged file, or
one made for another layout or profile, is not shown."""

import os
from binascii import crc32

MAGIC = b"LIT1"
NAME = "lit.bin"
HAND_PUT = "current.jsonl"  # a log put on the board by hand: its look is not known yet


def pack(pin, data, marks):
    marks = marks.encode()
    body = MAGIC + bytes((pin,)) + (len(data) // 3).to_bytes(2, "little") + bytes((len(marks),)) + marks + bytes(data)
    return body + (crc32(body) & 0xFFFFFFFF).to_bytes(4, "little")


def unpack(blob, marks):
    """(pin, strip bytes) if blob is a whole lit.bin made for these marks, else None."""
    if len(blob) < 12 or blob[:4] != MAGIC:
        return None
    body = blob[:-4]
    if (crc32(body) & 0xFFFFFFFF).to_bytes(4, "little") != blob[-4:]:
        return None
    n = int.from_bytes(body[5:7], "little")
    k = body[7]
    if not marks or body[8:8 + k] != marks.encode() or len(body) != 8 + k + 3 * n:
        return None
    return body[4], body[8 + k:]


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def saved(root="/games", checked="/board_layouts/checked.txt"):
    """unpack() of ROOT/lit.bin for the layout and profile on the board, or
    None (none, damaged, made for others, or a hand-put log waiting)."""
    try:
        os.stat(root + "/" + HAND_PUT)
        return None
    except OSError:
        pass
    blob = _read(root + "/" + NAME)
    marks = _read(checked) if blob else None
    return unpack(blob, marks.decode().strip()) if marks else None


def show(root="/games"):
    """Send the saved look to the strip; nothing if there is none."""
    found = saved(root)
    if found is None:
        return
    from machine import Pin
    from neopixel import NeoPixel

    pin, data = found
    strip = NeoPixel(Pin(pin), len(data) // 3)
    strip.buf[:] = data
    strip.write()
