"""The board's look at power-on, before the rest of the firmware loads.

In quiet time the run loop saves the LED strip's bytes as ROOT/lit.bin
(Store.save_lit) with a token of the log as it is then: the name of the
log folder's last file with something in it (raw blocks follow pieces; a
spare block is still empty) and the CRC-32 of its bytes up to the erased
rest. Any event logged later changes that file, so the token no longer
matches and the look is not shown; a new game, a repair or a cut removes
the file besides. A board with nothing logged yet has the token "new": the
look of the new game boot starts, which `companion flash` writes on a
board it finds without a game, so a first boot has a look too. At
power-on main.py checks the token (a folder listing and a read of one or
two 4 KB files) and sends the look to the strip about 60 ms after reset;
the full boot, about half a second later, renders the same frame from the
log itself.

lit.bin: b"LIT1", the LED data pin, the LED count (2 bytes, little
endian), the length of the marks of the layout and profile and the log
token (1 byte), the marks (board_layouts/checked.txt, written by
`companion flash`) and the token, separated by a newline, the strip's
bytes (3 per LED, in the strip's colour order) and the CRC-32 of all that
(4 bytes, little endian). A torn or damaged file, or one made for another
layout, profile or log, is not shown."""

import os
from binascii import crc32

MAGIC = b"LIT1"
NAME = "lit.bin"
NEW = "new"  # the log token of a board with nothing logged: boot starts a new game
HAND_PUT = "current.jsonl"  # a log put on the board by hand: its look is not known yet
SPARE = 16  # a raw block's marker (blocks.MARK): a block with nothing more is a spare
PAGE = 256  # a flash page
ERASED = memoryview(b"\xff" * PAGE)
shown = None  # the strip's bytes show() sent at power-on (the full boot need not save them again)


def pack(pin, data, marks, token):
    key = (marks + "\n" + token).encode()
    body = MAGIC + bytes((pin,)) + (len(data) // 3).to_bytes(2, "little") + bytes((len(key),)) + key + bytes(data)
    return body + (crc32(body) & 0xFFFFFFFF).to_bytes(4, "little")


def unpack(blob, marks, token):
    """(pin, strip bytes) if blob is a whole lit.bin made for these marks and
    this log token, else None."""
    if len(blob) < 12 or blob[:4] != MAGIC or not marks or not token:
        return None
    body = blob[:-4]
    if (crc32(body) & 0xFFFFFFFF).to_bytes(4, "little") != blob[-4:]:
        return None
    n = int.from_bytes(body[5:7], "little")
    k = body[7]
    if body[8:8 + k] != (marks + "\n" + token).encode() or len(body) != 8 + k + 3 * n:
        return None
    return body[4], body[8 + k:]


def token(folder):
    """The log folder's last file with something in it and the CRC-32 of its
    bytes up to the erased rest (NEW if there is none: nothing logged yet;
    "" if the folder cannot be read)."""
    try:
        each = getattr(os, "ilistdir", None)
        names = [e if isinstance(e, str) else e[0] for e in (each(folder) if each else os.listdir(folder))]
    except OSError:
        return NEW if _missing(folder) else ""  # (no folder: a board fresh from `companion flash`)
    names = sorted((n for n in names if n.endswith(".jl") or n.endswith(".blk")),
                   key=lambda n: (n.endswith(".blk"), n))  # raw blocks follow the pieces
    chunk = bytearray(4 * PAGE)
    for name in reversed(names):
        end, crc = _written_crc(folder + "/" + name, chunk)
        if end > SPARE:  # not a raw block nobody wrote to yet (its marker only)
            return "%s %08x" % (name, crc & 0xFFFFFFFF)
    return NEW


def _missing(folder):
    """Whether the folder is not there (its parent is read: an error's number
    is no guide, the WebAssembly port's are Emscripten's)."""
    parent, name = folder.rsplit("/", 1)
    try:
        return name not in os.listdir(parent or "/")
    except OSError:
        return False


def _written_crc(path, chunk):
    """(how many bytes of the file come before its erased rest, their CRC-32),
    read a chunk at a time: a 4-8 KB file read whole may find no room in a
    fragmented heap (a MemoryError in quiet time). (0, 0) if the file cannot
    be read."""
    end = crc = so_far = 0
    view = memoryview(chunk)
    try:
        with open(path, "rb") as f:
            at = 0
            n = f.readinto(chunk)
            while n:
                k = written(view[:n])
                if k:  # something in this chunk: the written part ends in it, so far
                    crc = crc32(view[:k], so_far)
                    end = at + k
                so_far = crc if k == n else crc32(view[:n], so_far)  # (a log piece: every chunk whole)
                at += n
                n = f.readinto(chunk)
    except OSError:
        return 0, 0
    return end, crc


def written(body):
    """len(body.rstrip(b"\xff")): the bytes before the erased rest, found a
    page at a time by comparisons that run in C (rstrip takes 4 ms for a 4 KB
    block on a Pico, a byte at a time; a block-sized pattern, an allocation
    that may cost a collection)."""
    view = memoryview(body)
    end = len(body)
    while end >= PAGE and view[end - PAGE:end] == ERASED:
        end -= PAGE
    start = max(0, end - PAGE)
    return start + len(bytes(view[start:end]).rstrip(b"\xff"))


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError:
        return None


def saved(root="/games", checked="/board_layouts/checked.txt"):
    """unpack() of ROOT/lit.bin for the layout, profile and log on the board,
    or None (none, damaged, made for others, or a hand-put log waiting)."""
    try:
        os.stat(root + "/" + HAND_PUT)
        return None
    except OSError:
        pass
    blob = _read(root + "/" + NAME)
    marks = _read(checked) if blob else None
    try:
        marks = marks and marks.decode().strip()
    except ValueError:  # not text (a damaged file): the look is not known to be this board's
        return None
    return unpack(blob, marks, token(root + "/log")) if marks else None


def show(root="/games"):
    """Start the button sampler (listen), then send the saved look to the
    strip; nothing if there is none."""
    listen()
    found = saved(root)
    if found is None:
        return
    from machine import Pin
    from neopixel import NeoPixel

    pin, data = found
    strip = NeoPixel(Pin(pin), len(data) // 3)
    strip.buf[:] = data
    strip.write()
    global shown
    shown = data


# --- the buttons, sampled before the first light -----------------------------
# A board that shows light looks ready, so a press made from then on must
# count (issue 44): on an RP2040 the PIO + DMA sampler (hal/pio.py) starts
# here, before the look, and hal/board.py listen() takes it over in boot.
# hal/pio.py, imported from the pack, takes 40 ms: here are only the
# profile's pins read and the program's words (pio.matrix_scan as asm_pio
# assembles it: tests/test_chip.py checks they agree) given to the PIO.
PROFILES = "/board_layouts/profiles/"
RING_BYTES = 4096  # hal/pio.py's ring (512 samples of 8 bytes), inside a buffer twice that size
sampling = None  # (state machine, DMA, buffer, ticks_ms at the start, its pins and sm): hal/board.py adopts it


def _matrix_scan():
    from array import array

    return [array("H", (32928, 40999, 32928, 41031, 48962, 48962, 42818, 41185, 24968, 16392, 24968, 16392,
                        24968, 16392, 24968, 16392, 32768, 41186, 24968, 16392, 24968, 16392, 24968, 16392,
                        24968, 16392, 32768)),
            -1, -1, -1, 107008, 2148270080, (0,) * 8, None, None]


def listen(config="/config.json"):
    """On an RP2040 whose profile's buttons are a matrix the PIO samples
    (hal/board.py _sampled): its sampler started, the samples going into a
    ring; else nothing. Any failure leaves it to boot (board.listen)."""
    global sampling
    import sys

    if sys.platform != "rp2":
        return
    try:
        import json
        import rp2
        import time
        import uctypes
        from array import array
        from machine import Pin

        try:
            with open(config) as f:
                name = json.load(f).get("profile")
        except (OSError, ValueError, AttributeError):
            name = None
        with open(PROFILES + (name if isinstance(name, str) else "pico") + ".json") as f:
            spec = json.load(f)["buttons"]
        rows, cols, sm_id = spec["rows"], spec["cols"], spec.get("pio_sm", 0)
        if spec["kind"] != "matrix" or spec.get("sampler") == "polled" or not (
                len(rows) == len(cols) == 8 and rows == list(range(rows[0], rows[0] + 8))
                and cols == list(range(cols[0], cols[0] + 8))):
            return
        for p in cols:
            Pin(p, Pin.IN, Pin.PULL_UP)
        buf = array("i", bytearray(2 * RING_BYTES))
        sm = rp2.StateMachine(sm_id, _matrix_scan(), freq=100000, in_base=Pin(cols[0]), out_base=Pin(rows[0]))
        addr = uctypes.addressof(buf)
        dma = rp2.DMA()
        ctrl = dma.pack_ctrl(size=2, inc_read=False, inc_write=True, ring_sel=True, ring_size=12,
                             treq_sel=sm_id // 4 * 8 + 4 + sm_id % 4)
        dma.config(read=(0x50200000, 0x50300000)[sm_id // 4] + 0x20 + 4 * (sm_id % 4),
                   write=addr + ((-addr) & (RING_BYTES - 1)), count=0x3FFFFFFE, ctrl=ctrl, trigger=True)
        sm.put(0x08040201)
        sm.put(0x80402010)
        sm.active(1)
        sampling = (sm, dma, buf, time.ticks_ms(), rows[0], cols[0], sm_id)
    except Exception as e:  # noqa: BLE001 - boot's board.listen() tries again, and says why
        print("companion: buttons not sampled before the look (%r)" % (e,))
