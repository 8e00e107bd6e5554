"""Saved data the board did not write for itself never stops it (issue 25):
another game's log, a header whose layout is not its game's or not the
board's, a checkpoint with any byte changed. Boot keeps the original in the
archive, says so, and starts a new game (or replays the log)."""

import os

from companion.app import saving
from companion.core import log
from companion.boot import start_sim
from companion import crc32
from companion.store.files import CHECK, saved_log

from .common import LAYOUT_DIR, load_layout
from .device import Device, fresh_dir

GAMES = ("kahuna", "kanaloa", "rukuni", "duell")
# the start of each game's log in tests/logs (the WebAssembly port does not see that folder)
LOGS = {
    "kahuna": b'''{"game": "kahuna", "layout": "kahuna", "variants": [], "first": "black"}
{"op": "place", "at": "ALOA-BARI"}
{"op": "place", "at": "ALOA-HUNA"}
''',
    "kanaloa": b'''{"game": "kanaloa", "layout": "kanaloa", "players": ["red", "blue", "green", "yellow"], "first": "lot", "seed": 1}
{"op": "end_turn"}
{"op": "end_turn"}
{"op": "place", "at": "DALI-HANA"}
''',
    "rukuni": b'''{"game": "rukuni", "layout": "rukuni", "first": "white"}
{"op": "move", "from": "4,-4", "to": "4,-2"}
''',
    "duell": b'''{"game": "duell", "layout": "duell", "variants": []}
{"op": "put", "player": "bison", "at": "0,0", "value": 1}
{"op": "put", "player": "wolf", "at": "0,0", "value": 2}
'''}


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def boot_with(board, data, name):
    """Boot a `board` board whose running game is `data`: what it shows and keeps."""
    root = fresh_dir(name)
    os.mkdir(root + "/log")
    _write(root + "/log/00000.jl", data)
    try:
        loop = start_sim(board, root, LAYOUT_DIR, lambda: 1)
    except Exception as e:  # noqa: BLE001 - the finding
        return {"raised": type(e).__name__}
    app = loop.app
    files = sorted(os.listdir(root))
    kept = [f for f in files if f.startswith("game-")]
    again = start_sim(board, root, LAYOUT_DIR, lambda: 1).app  # the next boot resumes the new game
    return {"game": app.game.state() == log.replay(saved_log(root).split(b"\n"), load_layout).state(),
            "said": app.said.split(" kept as ")[0], "kept": kept,
            "original": bool(kept) and saved_log(root, kept[0]) == data,
            "second boot": again.said == "" and again.game is not None}


def cross_pairs():
    """Each game's saved log on each other game's board."""
    out = {}
    for a in GAMES:
        data = LOGS[a]
        assert log.replay(data.split(b"\n"), load_layout)  # a good log of its game
        for b in GAMES:
            if a != b:
                out[a + " on " + b] = boot_with(b, data, "cross")
    return out


def wrong_layouts():
    """A header naming another game's layout, on either game's board."""
    out = {}
    for a in GAMES:
        for b in GAMES:
            if a != b:
                data = b'{"game": "%s", "layout": "%s"}\n' % (a.encode(), b.encode())
                out["%s/%s on %s" % (a, b, b)] = boot_with(b, data, "wrong")["said"]
                out["%s/%s on %s" % (a, b, a)] = boot_with(a, data, "wrong")["said"]
    return out


MOVES = ["ALOA-BARI", "TURN", "BARI-DUDA", "TURN", "DUDA-ELAI", "TURN", "ELAI-FAAA", "TURN", "FAAA-GOLA"]


def checkpointed_game(root):
    """A Kahuna game on the board with a checkpoint; its log's final state."""
    every = saving.CHECK_EVERY
    saving.CHECK_EVERY = 4
    try:
        d = Device(root)
        d.new_game(first="white")
        for m in MOVES:
            d.press(m)
            d.wait(1100)  # quiet: the app writes checkpoints
    finally:
        saving.CHECK_EVERY = every
    return log.replay(d.log_lines(), load_layout).state()


def boot_state(root):
    """(state, checkpoint used, raised) of a boot."""
    try:
        d = Device(root)
        d.press("TURN")  # the run loop shows the state: a bad value would raise here
        d.press("UNDO")
        return d.app.game.state(), d.app.based > 0, ""
    except Exception as e:  # noqa: BLE001 - the finding
        return None, False, type(e).__name__


def checkpoint_flips():
    """Each byte of check.bin changed in turn: boot gives the log's replay, never the checkpoint."""
    root = fresh_dir("flip")
    full = checkpointed_game(root)
    good = _read(root + "/" + CHECK)
    state, used, raised = boot_state(root)
    out = {"intact used": used and state == full and not raised, "bytes": len(good),
           "same": 0, "used": 0, "raised": []}
    for i in range(len(good)):
        for x in (1, 0x80):
            _write(root + "/" + CHECK, good[:i] + bytes((good[i] ^ x,)) + good[i + 1:])
            state, used, raised = boot_state(root)
            out["same"] += state == full
            out["used"] += used
            if raised:
                out["raised"].append(raised)
    return out


def checkpoint_out_of_range():
    """A checkpoint whose CRC is right but a value is out of its range: replayed, not used."""
    root = fresh_dir("range")
    full = checkpointed_game(root)
    good = _read(root + "/" + CHECK)
    end = good.index(b"\n")
    n, crc = good[:end].split()
    snap = good[end + 1:]
    lines = saved_log(root).split(b"\n")
    base = crc32(b"\n".join(lines[:int(n)]) + b"\n")
    out = {}
    state = len(log.replay(lines[:1], load_layout).s)  # the state; the journal of its last events follows it
    journal = snap[state:]
    snap = snap[:state]
    b = (len(snap) - 18) // 2  # connections and islands; then 18 scalars, then the physical board's image
    for k, v in ((0, 3), (0, 0), (b, 0), (b + 1, 2), (b + 2, 9), (len(snap) - 1, 5)):
        bad = snap[:k] + bytes((v,)) + snap[k + 1:] + journal
        _write(root + "/" + CHECK, b"%s %d\n" % (n, crc32(bad, base)) + bad)
        state, used, raised = boot_state(root)
        out["slot %d = %d" % (k, v)] = [state == full, used, raised]
    return out


def run_all():
    return {"cross pairs": cross_pairs(), "wrong layouts": wrong_layouts(),
            "checkpoint flips": checkpoint_flips(), "out of range": checkpoint_out_of_range()}
