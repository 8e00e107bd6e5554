"""The game log on flash: a damaged log never stops the board; checkpoints;
a failing flash. Runs under CPython, the WebAssembly port and native MicroPython."""

import json
import os

from companion.app import starting as app_module
from companion.app import saving
from companion.core import log
from companion.store.log_store import Store

from .common import load_layout, rules, saved_log
from .device import Device, fresh_dir

HEADER = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white"}
GOOD = [HEADER, {"op": "place", "at": "ALOA-BARI"}, {"op": "end_turn"},
        {"op": "place", "at": "BARI-DUDA"}, {"op": "end_turn"}]


def _lines(objs):
    return b"".join(json.dumps(o).encode() + b"\n" for o in objs)


def boot_from(name, data):
    """Boot a device whose saved game file holds these bytes; what it shows and keeps."""
    root = fresh_dir("store-" + name)
    with open(root + "/current.jsonl", "wb") as f:
        f.write(data)
    d = Device(root)
    store = Store(root)
    kept = store.finished()
    return {
        "events": d.app.game.events_in_effect() if d.app.game else None,
        "menu": d.app.menu_open,
        "message": d.app.message,
        "log": [json.loads(l) for l in saved_log(root).decode().split("\n") if l],
        "kept": kept,
        "kept_whole": [saved_log(root, n) == data for n in kept],
        "aside_whole": saved_log(root, "aside-1-current.jsonl") == data,  # (b"": none set aside)
    }


def damage():
    good = _lines(GOOD)
    out = {}
    # a firmware update changed a rule: line 4 is refused now
    out["refused"] = boot_from("refused", _lines(GOOD[:3] + [{"op": "place", "at": "ALOA-BARI"}] + GOOD[3:]))
    # a cut left bytes that are not UTF-8 (an erased page reads 0xFF), without a newline
    out["erased_tail"] = boot_from("erased", good + b"\xff" * 40)
    # a half-programmed page: garbage with newlines looks like complete lines
    out["garbage_lines"] = boot_from("garbage", good + b'{"op": "pl\xa7\x00\n\xff\xfe\n{"op"')
    # only a torn header
    out["torn_header"] = boot_from("header", b'{"game": "kah')
    # not a log at all
    out["not_a_log"] = boot_from("png", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00")
    # a bad header, good-looking lines after it
    out["bad_header"] = boot_from("badheader", _lines([{"game": "chess"}] + GOOD[1:]))
    return out


def boot_pieces(name, pieces):
    """Boot a device whose running game's folder holds these pieces {file name: bytes};
    what it shows, resumes and keeps (the archived folder's files, each as it was)."""
    root = fresh_dir("store-" + name)
    os.mkdir(root + "/log")
    for f in pieces:
        with open(root + "/log/" + f, "wb") as out:
            out.write(pieces[f])
    d = Device(root)
    kept = Store(root).finished()
    out = {"events": d.app.game.events_in_effect() if d.app.game else None,
           "said": d.app.said, "log": len(d.log_lines()), "kept": kept}
    if kept:
        folder = root + "/" + kept[0]
        files = sorted(os.listdir(folder))
        out["files"] = files
        out["as_found"] = [f for f in files if f in pieces and _file(folder + "/" + f) == pieces[f]]
        out["note"] = _file(folder + "/note.txt").decode() if "note.txt" in files else None
        out["pulled"] = saved_log(root, kept[0]) == b"".join(pieces[f] for f in sorted(pieces))
    return out


def _file(path):
    with open(path, "rb") as f:
        return f.read()


def archive_as_found():
    """A log folder damaged between its pieces: archived as it is, with a note."""
    h, e1, e2, e3, e4 = [_lines([o]) for o in GOOD]
    out = {}
    # bytes after the last newline of a piece that is not the last
    out["tail"] = boot_pieces("tail", {"00000.jl": h + e1 + e2 + b'{"op": "pl', "00003.jl": e3 + e4})
    # a missing piece
    out["gap"] = boot_pieces("gap", {"00000.jl": h + e1 + e2, "00004.jl": e4})
    # an extra line in a middle piece: the next piece is no merge leftover
    out["extra"] = boot_pieces("extra", {"00000.jl": h + e1 + e2 + e2, "00003.jl": e3 + e4})
    # a torn piece before raw blocks: no piece is written after them, so no power cut left it
    out["tail_before_blocks"] = boot_pieces("tailblk", {"00000.jl": h + e1 + e2 + b'{"op": "pl',
                                                        "00001.blk": b"C" * 16 + e3 + e4 + b"\xff" * 64})
    # a merge cut before it removed the merged pieces: those are dropped, nothing archived
    out["leftover"] = boot_pieces("leftover", {"00000.jl": h + e1 + e2 + e3 + e4, "00003.jl": e3 + e4})
    return out


def undo_behind_the_journal():
    """With a journal of one chunk, UNDO still goes back to the start: each
    undo behind it replays the log (streamed) up to the event it takes back;
    every state is the one a full replay of the log gives."""
    journal = app_module.JOURNAL
    app_module.JOURNAL = 1
    try:
        root = fresh_dir("store-journal")
        d = Device(root)
        d.new_game(first="white")
        app = d.app
        names = app.game.board.conn_names
        events = 0
        for k in range(400):
            e = {"op": "place", "at": names[(k * 7) % len(names)]} if k % 4 != 3 else {"op": "end_turn"}
            before = app.game.events_in_effect()
            app.act(None, e)
            if app.game.events_in_effect() > before:
                events += 1
        app.flush()
        out = {"events": events, "lost": app.game.events_in_effect() - app.game.undoable(), "differ": 0}
        undos = 0
        while app.game.events_in_effect() and undos < 2 * events:
            d.press("UNDO")
            undos += 1
            if undos % 5 == 0 or not app.game.events_in_effect():
                if bytes(app.game.s) != bytes(log.replay(d.log_lines(), load_layout).s):
                    out["differ"] += 1
        out["undos"] = undos
        out["nothing_more"] = d.press("UNDO").app.message
        return out
    finally:
        app_module.JOURNAL = journal


def checkpoints():
    """A game restored from a checkpoint is the game a full replay gives, and
    undo still goes back to the start through the checkpoint."""
    every = saving.CHECK_EVERY
    saving.CHECK_EVERY = 4
    try:
        root = fresh_dir("store-check")
        d = Device(root)
        d.new_game(first="white")
        moves = ["ALOA-BARI", "TURN", "BARI-DUDA", "TURN", "DUDA-ELAI", "TURN", "ELAI-FAAA", "TURN",
                 "FAAA-GOLA", "TURN", "GOLA-JOJO", "TURN"]
        for m in moves:
            d.press(m)
            d.wait(1100)  # quiet: the app merges pieces and writes checkpoints
        full = log.replay(d.log_lines(), load_layout).state()
        d2 = Device(root)
        out = {"same_state": d2.app.game.state() == full, "based": d2.app.based,
               "in_effect_after_boot": d2.app.game.events_in_effect()}
        undos = 0
        while d2.app.game.events_in_effect() or d2.app.based:
            d2.press("UNDO")
            undos += 1
            if undos > 40:
                break
        start = log.replay(d2.log_lines()[:1], load_layout).state()
        out["undos_to_start"] = undos
        out["at_start"] = rules(d2.app.game.state()) == rules(start)  # UNDO moves no piece: the to-do differs
        out["nothing_more"] = d2.press("UNDO").app.message
        return out
    finally:
        saving.CHECK_EVERY = every


class Failing:
    """A store whose appends fail (flash full, failing) until told otherwise."""

    def __init__(self, store, errno):
        self.store = store
        self.errno = errno
        self.fail = True
        self.root = store.root

    def append(self, event):
        if self.fail:
            raise OSError(self.errno)
        self.store.append(event)

    def __getattr__(self, name):
        return getattr(self.store, name)


def flash_fails():
    """Flash full or failing during play: the board says so, plays on from
    memory, and the next write that works catches the log up."""
    root = fresh_dir("store-fail")
    d = Device(root)
    d.new_game(first="white")
    d.press("ALOA-BARI")
    failing = Failing(d.app.store, 5)
    d.app.store = failing
    out = {}
    d.press("TURN").press("BARI-DUDA")
    out["message"] = d.app.message
    out["pending"] = len(d.app.pending)
    out["log_while_failing"] = len(d.log_lines())
    failing.fail = False
    d.press("TURN")
    out["message_after"] = d.app.message
    out["log_after"] = [json.loads(l) for l in d.log_lines()]
    d.app.store = failing.store
    # many events unsaved: the display says plainly that a reset would lose them
    failing.fail = True
    d.app.store = failing
    for i in range(saving.MAX_PENDING + 1):
        d.press("UNDO")
        d.press("TURN")
    out["long_message"] = d.app.message
    failing.fail = False
    d.wait(1100)  # quiet time: the queued events are written
    out["caught_up"] = [len(d.app.pending), d.app.unsaved, len(d.log_lines())]
    return out


def flash_full():
    """ENOSPC: the oldest archived game is deleted to make room, and the event is logged."""
    root = fresh_dir("store-full")
    s = Store(root)
    for g in range(3):
        s.begin(HEADER)
        if g < 2:
            s.append({"op": "place", "at": "ALOA-BARI"})  # played: archived by the next begin
    real = Store._append
    calls = []

    def full_once(self, line):
        if not calls:
            calls.append(line)
            raise OSError(28)
        real(self, line)

    Store._append = full_once
    try:
        s.append({"op": "end_turn"})
    finally:
        Store._append = real
    return {"archived": s.finished(), "log": [json.loads(l) for l in saved_log(root).decode().split("\n") if l]}


def quiet_time_fails():
    """Quiet-time work (merging pieces) that runs out of memory leaves the board
    playing; the next quiet time merges them."""
    root = fresh_dir("store-quiet")
    d = Device(root)
    d.new_game(first="white")
    app = d.app
    names = app.game.board.conn_names
    for k in range(400):  # small pieces to merge, no quiet time in between
        app.act(None, {"op": "place", "at": names[(k * 7) % len(names)]} if k % 4 != 3 else {"op": "end_turn"})
        app.flush()
    real = Store._merge
    calls = []

    def out_of_memory(self):
        calls.append(len(self.closed))
        raise MemoryError("memory allocation failed")

    Store._merge = out_of_memory
    try:
        app.idle()
        app.idle()
    finally:
        Store._merge = real
    out = {"tried": len(calls), "closed_before": calls[0] if calls else 0, "still_closed": len(app.store.closed)}
    app.idle()
    out["closed_after"] = len(app.store.closed)
    out["log_same"] = len(d.log_lines()) == app.store.n and app.store.n == len(app.store.read())
    d.press("TURN")
    out["plays_on"] = d.log()[-1]
    real_append = Store.append
    Store.append = out_of_memory_append
    try:
        d.press("TURN")
        out["not_saved"] = d.app.message
    finally:
        Store.append = real_append
    d.press("TURN")
    out["saved_again"] = [d.app.message, len(d.app.pending), d.log()[-2:]]
    return out


def out_of_memory_append(self, event):
    raise MemoryError("memory allocation failed")


def run_all():
    return {"damage": damage(), "checkpoints": checkpoints(), "flash_fails": flash_fails(),
            "flash_full": flash_full(), "archive_as_found": archive_as_found(),
            "undo_behind_the_journal": undo_behind_the_journal(), "quiet_time_fails": quiet_time_fails()}
