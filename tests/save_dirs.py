"""Booting a board on a whole save directory (pieces, raw blocks, checkpoint,
clock, stray files) under CPython, for the directory fuzz in
tests/test_save_dir_fuzz.py (under native MicroPython a board boots each
directory in an interpreter of its own: tests/boot_report.py).

`boot(root, board, files)` writes the files ([(path under root, bytes)]),
boots the simulated board, presses a button and returns its report, as
boot_report.py's: ["ok", said, lines of the running log after boot, the
state shown, the same two after the press], ["halt", said] or ["crash", what]
(neither ever expected). `tree(root)` is what the board left (CPython).
`write` also runs under MicroPython (tests/board_verdicts.py).
"""

import json
import os

from companion.core import LayoutError
from companion.boot import start_sim

LAYOUT_DIR = __file__.rsplit("/", 1)[0] + "/../board_layouts"
_layouts = {}


def load_layout(name):
    if name not in ("kahuna", "kanaloa", "rukuni", "duell"):
        raise LayoutError("no layout %r" % (name,))
    if name not in _layouts:
        with open(LAYOUT_DIR + "/" + name + ".json") as f:
            _layouts[name] = json.load(f)
    return _layouts[name]


def _rmtree(path):
    try:
        names = os.listdir(path)
    except OSError:
        return
    for name in names:
        try:
            os.remove(path + "/" + name)
        except OSError:
            _rmtree(path + "/" + name)
    os.rmdir(path)


def write(root, files):
    _rmtree(root)
    os.mkdir(root)
    os.mkdir(root + "/log")
    for name, data in files:
        with open(root + "/" + name, "wb") as f:
            f.write(data)


def tree(root):
    """{path under root: bytes} of every file under root."""
    out = {}
    for top, _, names in os.walk(root):
        for name in names:
            with open(os.path.join(top, name), "rb") as f:
                out[os.path.relpath(os.path.join(top, name), root)] = f.read()
    return out


def boot(root, board, files):
    write(root, files)
    return boot_dir(root, board)


def boot_dir(root, board):
    """The report of a boot on what is at root now."""
    try:
        loop = start_sim(board, root, LAYOUT_DIR, lambda: 1)
        app = loop.app
        if getattr(app, "game", None) is None:  # (a Halted board has only its lines)
            return ["halt", getattr(app, "said", "") or " ".join(app.lines)]
        got = ["ok", app.said, app.store.n, app.game.state()]
        scanner = loop.buttons.scanner
        scanner.press(0)  # a press after boot works as on any board
        for t in range(2, 80, 2):
            loop.step(t)
        scanner.release(0)
        for t in range(80, 200, 2):
            loop.step(t)
        return json.loads(json.dumps(got + [app.store.n, app.game.state()]))
    except Exception as e:  # noqa: BLE001 - a crash is the finding
        return ["crash", "%s: %s" % (type(e).__name__, e)]
