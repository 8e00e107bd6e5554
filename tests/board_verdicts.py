"""What a board makes of a saved log: the same code under CPython and native
MicroPython (tests/test_log_dialect.py compares it with `companion replay`).

`board_verdict(data, board)` boots the simulated `board` with `data` as its
running game's only piece: ["ok", state] when it resumes the whole log,
["bad", N, state or None] when it resumes before line N (None: it started a
new game), ["crash", type name] never expected.
"""

import json
import os

from companion.runloop import start_sim

LAYOUT_DIR = __file__.rsplit("/", 1)[0] + "/../board_layouts"


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


def fresh(root):
    _rmtree(root)
    os.mkdir(root)
    os.mkdir(root + "/log")


def board_verdict(data, board, root):
    fresh(root)
    with open(root + "/log/00000.jl", "wb") as f:
        f.write(data)
    try:
        app = start_sim(board, root, LAYOUT_DIR, lambda: 1).app
        said = app.said
        if not said:  # the whole log resumed, or none (no complete line: the board starts a new game)
            return ["ok", app.game.state()] if b"\n" in data else ["bad", 1, None]
        if said.startswith("line "):
            return ["bad", int(said.split()[1]), app.game.state()]
        return ["bad", 1, None]
    except Exception as e:  # noqa: BLE001 - a crash is the finding
        return ["crash", type(e).__name__ + " " + str(e)]


def print_verdicts(path, boards, root):
    """One verdict line per log of a batch (log_verdicts.pack), each on its board."""
    from log_verdicts import logs

    i = 0
    for data in logs(path):
        print(json.dumps(board_verdict(data, boards[i], root)))
        i += 1
