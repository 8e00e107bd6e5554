"""What a board makes of a saved log: the same code under CPython and native
MicroPython (tests/test_board_replay_dialect.py compares it with `companion replay`).

`board_verdict(data, board)` boots the simulated `board` with `data` as its
running game's only piece: ["ok", state] when it resumes the whole log,
["bad", N, state or None] when it resumes before line N (None: it started a
new game), ["crash", type name] never expected.
"""

import json

from companion.boot import start_sim
try:
    from save_dirs import write  # MicroPython: tests/ is on the path
except ImportError:
    from tests.save_dirs import write

LAYOUT_DIR = __file__.rsplit("/", 1)[0] + "/../board_layouts"


def board_verdict(data, board, root):
    write(root, [("log/00000.jl", data)])
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
