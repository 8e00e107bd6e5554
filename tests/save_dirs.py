"""Booting a board on a whole save directory (pieces, checkpoint, clock, stray
files): the same code under CPython and native MicroPython, for the
directory fuzz in tests/test_save_dir_fuzz.py.

`boot(root, board, files)` writes the files ([(path under root, bytes)]),
boots the simulated board, presses a button and returns its verdict:
["crash", what] (never expected), ["halt", said] (never expected), or
["ok", said, n, consistent, state]: what the display said, the lines of
the running log after boot, whether the state shown is the replay of that
log (what it shows is what it saved), and the state.
"""

import json
import os

from companion.core import LayoutError, log
from companion.runloop import Halted, start_sim
from companion.store import saved_log

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


def boot(root, board, files):
    import gc

    write(root, files)
    try:
        loop = start_sim(board, root, LAYOUT_DIR, lambda: 1)
        app = loop.app
        if isinstance(app, Halted) or app.game is None:
            return ["halt", getattr(app, "said", "")]
        said = app.said
        state = app.game.state()
        lines = log.split(saved_log(root))[0]
        scanner = loop.buttons.scanner
        scanner.press(0)  # a press after boot works as on any board
        for t in range(2, 80, 2):
            loop.step(t)
        scanner.release(0)
        for t in range(80, 200, 2):
            loop.step(t)
        loop = app = scanner = None  # the board is done: the check below is the harness's
        gc.collect()
        try:
            consistent = log.replay(lines, load_layout).state() == state
        except log.LogError:  # the log kept holds a bad line: not what the board shows
            consistent = False
        _layouts.clear()
        return ["ok", said, len(lines), consistent, state]
    except Exception as e:  # noqa: BLE001 - a crash is the finding
        return ["crash", "%s: %s" % (type(e).__name__, e)]


def pack(cases):
    """cases: [(board, [(name, bytes)])] as bytes for dirs()."""
    out = []
    for board, files in cases:
        out.append(b"D %d %s\n" % (len(files), board.encode()))
        for name, data in files:
            out.append(b"F %d %s\n" % (len(data), name.encode()))
            out.append(data)
    return b"".join(out)


def dirs(path):
    with open(path, "rb") as f:
        while True:
            head = f.readline()
            if not head:
                return
            _, count, board = head.split()
            files = []
            for _ in range(int(count)):
                _, size, name = f.readline().split()
                files.append((name.decode(), f.read(int(size))))
            yield board.decode(), files


def print_verdicts(path, root):
    import gc

    for board, files in dirs(path):
        _layouts.clear()  # the harness's own copies: the board reads its layout itself
        gc.collect()
        print(json.dumps(boot(root, board, files)))
