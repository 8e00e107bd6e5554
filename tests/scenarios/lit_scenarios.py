"""The board's saved look (firmware/companion/lit.py) on the simulated device:
saved in quiet time, gone before the saved game changes, never shown for
another layout, torn or damaged. Runs under CPython and native MicroPython."""

from companion import lit
from companion import store as store_module

from .device import Device, fresh_dir

MARKS = "0a1b2c3d 4e5f6071"
PIN = 28


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
    file for the same marks is taken, for other marks or none it is not."""
    data = bytes(range(36))
    blob = lit.pack(PIN, data, MARKS)
    whole = lit.unpack(blob, MARKS)
    cuts = sum(1 for k in range(len(blob)) if lit.unpack(blob[:k], MARKS) is not None)
    flips = 0
    for i in range(len(blob)):
        b = bytearray(blob)
        b[i] ^= 0x40
        flips += lit.unpack(bytes(b), MARKS) is not None
    return {"whole": [whole[0], bytes(whole[1]) == data], "cuts taken": cuts, "flips taken": flips,
            "other marks": lit.unpack(blob, "0a1b2c3d 4e5f6072"), "no marks": lit.unpack(blob, ""),
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
    d.press("ALOA-DUDA")
    out["after press"] = [_exists(root + "/" + lit.NAME), len(d.log_lines()) - n]
    d.wait(1200)
    found = lit.saved(root, checked)
    out["saved again"] = found is not None and bytes(found[1]) == bytes(d.loop.leds.strip.buf)
    out["other layout"] = lit.saved(root, _checked(root, "ffffffff 4e5f6071"))
    with open(root + "/" + store_module.CURRENT, "w") as f:
        f.write("")  # a log put on the board by hand: its look is not known
    out["hand-put log"] = lit.saved(root, _checked(root))
    return out


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


def look_that_cannot_go_holds_the_change_back():
    """A look that cannot be removed keeps the event from flash (it waits in
    memory, the display says not saved) rather than leave a look of a game
    that is no longer the saved one; once the removal works, the event is saved."""
    root = fresh_dir("lit-stuck")
    checked = _checked(root)
    d = Device(root)
    d.loop.look = (PIN, MARKS)
    d.presses(["ALOA-BARI", "TURN"])
    d.wait(1200)
    n = len(d.log_lines())
    real = store_module.os
    store_module.os = _FailingRemove(real)
    try:
        d.press("ALOA-DUDA")
        stuck = [len(d.log_lines()) - n, len(d.app.pending), lit.saved(root, checked) is not None,
                 d.app.said[:9]]
    finally:
        store_module.os = real
    d.press("ALOA-HUNA")
    return {"stuck": stuck, "then": [len(d.log_lines()) - n, len(d.app.pending),
                                     _exists(root + "/" + lit.NAME)]}


def run_all():
    return {"pack": pack_and_damage(), "follows": look_follows_the_game(),
            "stuck": look_that_cannot_go_holds_the_change_back()}
