"""What the board says about a log: the same code under CPython and MicroPython.

`verdicts(path)` reads a batch of logs (each a length line, then that many
bytes) and returns one verdict per log: ["ok", state] or ["bad", line,
reason], from log.replay on the log's bytes split at "\\n", as the board and
`companion replay` read a file. A crash (any other exception) is
["crash", type name]: never expected.
"""

import json

from companion.core import LayoutError
from companion.core.log import LogError, replay, split

LAYOUT_DIR = __file__.rsplit("/", 1)[0] + "/../board_layouts"
KNOWN = ("kahuna", "kanaloa", "rukuni", "duell")
_cache = {}


def load_layout(name):
    """The four layouts, read once; any other name is a LayoutError, as on a board."""
    if name not in KNOWN:
        raise LayoutError("this board has no layout %r" % (name,))
    if name not in _cache:
        with open(LAYOUT_DIR + "/" + name + ".json") as f:
            _cache[name] = json.load(f)
    return _cache[name]


def verdict(data):
    try:
        return ["ok", replay(split(data)[0], load_layout).state()]
    except LogError as e:
        return ["bad", e.lineno, e.reason]
    except Exception as e:  # noqa: BLE001 - a crash is the finding
        return ["crash", type(e).__name__]


def logs(path):
    with open(path, "rb") as f:
        while True:
            size = f.readline()
            if not size:
                return
            yield f.read(int(size))


def pack(datas):
    return b"".join(b"%d\n" % len(d) + d for d in datas)


def print_verdicts(path):
    for data in logs(path):
        print(json.dumps(verdict(data)))
