"""The board's saved look (firmware/companion/lit.py) on the simulated device:
saved in quiet time, gone before the saved game changes, never shown for
another layout, torn or damaged. Runs under CPython and native MicroPython."""

from companion import lit
from companion.store import log_store as store_module

from .device import Device, fresh_dir

MARKS = "0a1b2c3d 4e5f6071"
PIN = 28
TOKEN = "00002.blk 0badf00d"


def _checked(root, marks=MARKS):
    path = root + "/checked.txt"
    with open(path, "w") as f:
        f.write(marks + "\n")
    return path


def _exists(path):
    try:
        with open(path, "rb"):
            return True
    except OSError:
        return False


def pack_and_damage():
    """Every cut and every flipped byte of a lit.bin is refused; the whole
    file for the same marks and log token is taken, for others it is not."""
    data = bytes(range(36))
    blob = lit.pack(PIN, data, MARKS, TOKEN)
    whole = lit.unpack(blob, MARKS, TOKEN)
    cuts = sum(1 for k in range(len(blob)) if lit.unpack(blob[:k], MARKS, TOKEN) is not None)
    flips = 0
    for i in range(len(blob)):
        b = bytearray(blob)
        b[i] ^= 0x40
        flips += lit.unpack(bytes(b), MARKS, TOKEN) is not None
    return {"whole": [whole[0], bytes(whole[1]) == data], "cuts taken": cuts, "flips taken": flips,
            "other marks": lit.unpack(blob, "0a1b2c3d 4e5f6072", TOKEN), "no marks": lit.unpack(blob, "", TOKEN),
            "other log": lit.unpack(blob, MARKS, "00003.blk 1234abcd"), "no log": lit.unpack(blob, MARKS, ""),
            "length": len(blob)}


def look_follows_the_game():
    """The look is saved in quiet time, is the strip's bytes, goes with the
    next press before its event reaches flash, and comes back in quiet time."""
    root = fresh_dir("lit")
    checked = _checked(root)
    d = Device(root)
    d.loop.look = (PIN, MARKS)
    out = {}
    d.presses(["ALOA-BARI", "TURN"])
    out["before quiet"] = _exists(root + "/" + lit.NAME)
    d.wait(1200)
    found = lit.saved(root, checked)
    out["saved"] = found is not None and [found[0], bytes(found[1]) == bytes(d.loop.leds.strip.buf)]
    n = len(d.log_lines())
    d.press("ALOA-DUDA")  # nothing removed in the press's step: the log's token changed
    out["after press"] = [_exists(root + "/" + lit.NAME), lit.saved(root, checked), len(d.log_lines()) - n]
    d.wait(1200)
    found = lit.saved(root, checked)
    out["saved again"] = found is not None and bytes(found[1]) == bytes(d.loop.leds.strip.buf)
    out["other layout"] = lit.saved(root, _checked(root, "ffffffff 4e5f6071"))
    with open(root + "/" + store_module.CURRENT, "w") as f:
        f.write("")  # a log put on the board by hand: its look is not known
    out["hand-put log"] = lit.saved(root, _checked(root))
    return out


def _a_saved_look(name):
    """A board with a move and a TURN played, its look saved in quiet time:
    (its folder, its checked.txt, the Device)."""
    root = fresh_dir(name)
    checked = _checked(root)
    d = Device(root)
    d.loop.look = (PIN, MARKS)
    d.presses(["ALOA-BARI", "TURN"])
    d.wait(1200)
    return root, checked, d


def marks_not_text():
    """A checked.txt damaged into bytes that are not UTF-8 (MicroPython's
    text read raises UnicodeError): no look is shown, and boot checks the
    layout as if `companion flash` had checked none. Before, both raised,
    main.py stopped at power-on, and the board never booted."""
    from companion.boot import checked_marks

    root, checked, d = _a_saved_look("lit-marks")
    out = [lit.saved(root, checked) is not None, checked_marks(checked) == MARKS]
    with open(checked, "wb") as f:
        f.write(b"\xb0" + MARKS[1:].encode() + b"\n")  # "0" with two bits flipped
    return out + [lit.saved(root, checked), checked_marks(checked)]


class _FailingRemove:
    """The store's os, with a remove of lit.bin that fails (a flash error)."""

    def __init__(self, real):
        self.real = real

    def __getattr__(self, name):
        return getattr(self.real, name)

    def remove(self, path):
        if path.endswith(lit.NAME):
            raise OSError(5)
        self.real.remove(path)


def look_that_cannot_go_keeps_the_game():
    """A new game replaces the saved one only once its look is gone: if the
    look cannot be removed, the new game does not start (the display says
    so) and the look still shows the saved game; then it can, and does."""
    root, checked, d = _a_saved_look("lit-stuck")
    n = len(d.log_lines())
    real = store_module.os
    store_module.os = _FailingRemove(real)
    try:
        d.new_game()
        stuck = [len(d.log_lines()) - n, lit.saved(root, checked) is not None, d.app.said[:13], d.app.menu_open]
    finally:
        store_module.os = real
    d.press("TURN")  # "New game" again (the menu stayed on it)
    return {"stuck": stuck, "then": [len(d.log_lines()), _exists(root + "/" + lit.NAME)]}


def written_blocks():
    """lit.written(body) against len(body.rstrip(b"\xff")) over blocks as
    flash holds them: lines, then the erased rest; torn bytes and 0xFF
    inside the written part too; empty, all-erased, nothing erased. The
    same files' log token (lit.token, which reads them a chunk at a time)
    against the CRC-32 of body.rstrip(b"\xff"). [blocks tried, how many
    differ, how many different lengths they had, how many tokens differ]."""
    from binascii import crc32

    from companion import lit

    folder = fresh_dir("lit-token")
    seed = 12345
    tried = differ = tokens = 0
    lengths = {}
    for size in (0, 1, 16, 17, 73, 256, 300, 513, 1100, 4096, 8592):
        for k in range(24):
            body = bytearray(b"\xff" * size)
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            end = seed % (size + 1) if k else size  # (k 0: nothing erased)
            for i in range(end):
                seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                body[i] = 0xFF if seed % 7 == 0 else 32 + seed % 90  # erased bytes inside: a torn write
            want = len(bytes(body).rstrip(b"\xff"))
            got = lit.written(bytes(body))
            tried += 1
            differ += got != want
            lengths[want] = 1
            with open(folder + "/00001.blk", "wb") as f:
                f.write(body)
            token = "00001.blk %08x" % (crc32(bytes(body)[:want]) & 0xFFFFFFFF) if want > lit.SPARE else lit.NEW
            tokens += lit.token(folder) != token
    return [tried, differ, len(lengths), tokens]


def new_game_look():
    """A board as `companion flash` leaves one without a game: /games with
    the new game's look (token lit.NEW) and no log folder. The look is shown,
    and is the frame the boot's new game renders; once the new game's header
    is logged it is not shown any more."""
    root = fresh_dir("lit-new")
    checked = _checked(root)
    dark = bytes(3 * 39)  # a new Kahuna game shows no piece
    with open(root + "/" + lit.NAME, "wb") as f:
        f.write(lit.pack(PIN, dark, MARKS, lit.NEW))
    shown = lit.saved(root, checked)
    out = {"no log folder": [lit.token(root + "/log"), shown and [shown[0], bytes(shown[1]) == dark]]}
    d = Device(root)
    out["boot renders it"] = bytes(d.loop.leds.strip.buf) == dark
    out["header logged"] = lit.token(root + "/log") != lit.NEW
    with open(root + "/" + lit.NAME, "wb") as f:  # the look of nothing logged, on a board with a log
        f.write(lit.pack(PIN, dark, MARKS, lit.NEW))
    out["with a log"] = lit.saved(root, checked)
    return out


def run_all():
    return {"pack": pack_and_damage(), "follows": look_follows_the_game(),
            "stuck": look_that_cannot_go_keeps_the_game(), "written": written_blocks(), "marks": marks_not_text(),
            "new": new_game_look()}
