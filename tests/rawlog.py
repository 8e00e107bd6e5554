"""The game log in raw blocks (companion/blocks.py) on littlefs, under native
MicroPython (tests/test_store_raw.py): each function returns what it saw."""

import json
import os
import vfs

from flashdev import Flash, PowerCut
from companion.store import blocks
from companion.store.files import saved_log
from companion.store.log_store import Store

MOUNT = "/fl"
ROOT = MOUNT + "/games"
HEADER = {"game": "kahuna", "layout": "kahuna", "variants": [], "first": "white"}
EVENTS = [{"op": "place", "at": "ALOA-BARI"}, {"op": "end_turn"}, {"op": "place", "at": "BARI-DUDA"}]


def mount(dev):
    try:
        vfs.umount(MOUNT)
    except OSError:
        pass
    vfs.mount(vfs.VfsLfs2(dev, progsize=256, readsize=32), MOUNT)


def fresh(blocks_count=64):
    blocks.PAGE = 256
    dev = Flash(blocks_count, 4096, 256)
    vfs.VfsLfs2.mkfs(dev, progsize=256, readsize=32)
    mount(dev)
    os.mkdir(ROOT)
    return dev


def files():
    return sorted(os.listdir(ROOT + "/log"))


def quiet(s):
    """Quiet time's steps until none is left (Store.maintain: one erase at most each); how many."""
    n = 0
    while s.maintain():
        n += 1
    return n


def appends():
    """Events programmed into the raw block: no erase, no littlefs write."""
    dev = fresh()
    s = Store(ROOT, flash=dev)
    s.begin(HEADER)
    quiet(s)  # the quiet time after a new game: its first raw block
    erases, ops = dev.erases, dev.ops
    for e in EVENTS:
        s.append(e)
    out = {"erases": dev.erases - erases, "program_calls": dev.ops - ops, "files": files(),
           "log": saved_log(ROOT).decode()}
    again = Store(ROOT, flash=dev)
    out["read"] = [l.decode() for l in again.read()]
    again.append({"op": "end_turn"})
    out["after_reboot"] = saved_log(ROOT).decode().split("\n")[-2]
    return out


def cut(step):
    """The power fails during the step-th flash operation of an append
    (0: programming the line's text, 1: its newline); then a reboot."""
    dev = fresh()
    s = Store(ROOT, flash=dev)
    s.begin(HEADER)
    quiet(s)  # the quiet time after a new game: its first raw block
    s.append(EVENTS[0])
    dev.cut_at = dev.ops + step
    try:
        s.append(EVENTS[1])
        raised = False
    except PowerCut:
        raised = True
    dev = dev.copy()
    mount(dev)
    s = Store(ROOT, flash=dev)
    lines = [l.decode() for l in s.read()]
    erases = dev.erases
    s.append(EVENTS[2])
    return {"raised": raised, "read": lines, "dropped": s.dropped.decode("utf-8", "replace")[:20],
            "erases_for_next": dev.erases - erases, "files": files(),
            "log": saved_log(ROOT).decode()}


def fill():
    """A block fills up: quiet time allocates the next one, and the line that
    no longer fits goes there without an erase."""
    dev = fresh()
    s = Store(ROOT, flash=dev)
    s.begin(HEADER)
    quiet(s)  # the quiet time after a new game: its first raw block
    steps = []
    erases_in_appends = 0
    n = 0
    while "00003.blk" not in files() and n < 400:
        e = dev.erases
        s.append({"op": "place", "at": "ALOA-BARI"})
        erases_in_appends += dev.erases - e
        n += 1
        if quiet(s):
            steps.append(n)
    again = Store(ROOT, flash=dev)
    return {"events": n, "quiet": steps, "erases_in_appends": erases_in_appends, "files": files(),
            "lines": len(again.read()), "log_ok": saved_log(ROOT).count(b"\n") == n + 1}


def elsewhere():
    """The store's folder is not on the device it was given (an SD card):
    the log is kept in files, as on a board without raw flash."""
    dev = fresh()
    other = Flash(16, 4096, 256)
    s = Store(ROOT, flash=other)
    s.begin(HEADER)
    quiet(s)  # the quiet time after a new game: its first raw block
    for e in EVENTS:
        s.append(e)
    return {"raw": s.raw is not None, "files": files(), "other_programs": other.programs,
            "log": saved_log(ROOT).decode()}


def side():
    """Checkpoints and the clock are lines of the .chk blocks."""
    dev = fresh()
    s = Store(ROOT, flash=dev)
    s.begin(HEADER)
    quiet(s)  # the quiet time after a new game: its first raw block
    s.append(EVENTS[0])
    s.save_check(b"\x00\xff\n\x07")
    s.save_clock(61000)
    s.append(EVENTS[1])
    s.save_clock(59500)
    erases = dev.erases
    s.save_check(b"\x01\x02")
    s.save_clock(58000)
    again = Store(ROOT, flash=dev)
    lines = again.read()
    return {"check": list(again.load_check(lines)[1]), "check_n": again.load_check(lines)[0],
            "clock": again.load_clock(), "erases_after_first": dev.erases - erases, "files": files(),
            "root": sorted(os.listdir(ROOT))}


def truncate():
    """A damaged log's repair keeps a prefix: raw lines cannot be cut back,
    so the prefix goes to a new folder that replaces the old one."""
    dev = fresh()
    s = Store(ROOT, flash=dev)
    s.begin(HEADER)
    quiet(s)  # the quiet time after a new game: its first raw block
    for e in EVENTS:
        s.append(e)
    kept = s.repair(2, "note")
    s.append({"op": "end_turn"})  # before quiet time: into the new folder's first piece
    files_before = files()
    quiet(s)
    s.append({"op": "end_turn"})  # then into the raw block quiet time wrote
    return {"kept": kept, "kept_log": saved_log(ROOT, kept).decode().count("\n"), "files": files_before,
            "files_after": files(), "log": saved_log(ROOT).decode(), "n": s.n}


def without_flash():
    """A raw log read by a store without the block device (a port where it
    is missing): the lines are read, and the first append rewrites the log
    as a piece (pieces cannot follow raw blocks)."""
    dev = fresh()
    s = Store(ROOT, flash=dev)
    s.begin(HEADER)
    quiet(s)  # the quiet time after a new game: its first raw block
    for e in EVENTS[:2]:
        s.append(e)
    plain = Store(ROOT)
    read = [l.decode() for l in plain.read()]
    plain.append(EVENTS[2])
    return {"read": read, "files": files(), "log": saved_log(ROOT).decode()}


def first_events():
    """A new game's events before its first quiet time go into its first
    piece (a littlefs append: no erase in a press's step); quiet time then
    writes the first raw block, and the events after it are programmed there."""
    dev = fresh()
    s = Store(ROOT, flash=dev)
    s.begin(HEADER)  # (littlefs erases a block for the new folder)
    erases = dev.erases
    s.append(EVENTS[0])
    out = {"erases_before_quiet": dev.erases - erases, "files_before_quiet": files()}
    out["erases_per_quiet_step"] = per_step = []
    more = True
    while more:
        erases = dev.erases
        more = s.maintain()
        per_step.append(dev.erases - erases)
    erases = dev.erases
    s.append(EVENTS[1])
    out.update(erases_after=dev.erases - erases, files=files(), log=saved_log(ROOT).decode(),
               read=[l.decode() for l in Store(ROOT, flash=dev).read()])
    return out


def short_block():
    """A block file left shorter than a block with no line in it (quiet time's
    preparation stopped by a flash error) is removed when the log is read."""
    dev = fresh()
    s = Store(ROOT, flash=dev)
    s.begin(HEADER)
    quiet(s)
    s.append(EVENTS[0])
    with open(ROOT + "/log/00002.blk", "wb") as f:
        f.write(b"C" + b"0" * 15 + b"\xff" * 1264)
    again = Store(ROOT, flash=dev)
    read = [l.decode() for l in again.read()]
    again.append(EVENTS[1])
    return {"read": read, "files": files(), "log": saved_log(ROOT).decode()}


def look_token():
    """The saved look's log token (lit.token): the last raw block written to,
    not an empty spare after it; an event programmed into it changes it."""
    from companion import lit
    from companion.store import look

    dev = fresh()
    s = Store(ROOT, flash=dev)
    s.begin(HEADER)
    header_only = lit.token(ROOT + "/log")
    quiet(s)
    s.append(EVENTS[0])
    one = lit.token(ROOT + "/log")
    while s.raw.prepare(s.dir):  # the next block ready, nothing in it yet
        pass
    with_spare = lit.token(ROOT + "/log")
    spare_quick = look.raw_token(s)
    s.append(EVENTS[1])
    two = lit.token(ROOT + "/log")
    quick = look.raw_token(s)
    for e in EVENTS[2:] * 150:  # past the block's end: into the next one
        s.append(e)
    many = lit.token(ROOT + "/log")
    return {"names": [t.split()[0] for t in (header_only, one, with_spare, two, many)], "files": files(),
            "spare changes nothing": with_spare == one, "event changes it": two != one,
            "the store's own": [spare_quick == one, quick == two, look.raw_token(s) == many]}
