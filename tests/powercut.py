"""Power cuts at every flash operation of a game, on littlefs and FAT
(runs under native MicroPython: tests/test_store_power.py).

This is littlefs's own power-loss test method (its test runner's
"powerloss" modes: run the test, cut the power at the Nth program or
erase of the block device, remount, check, for every N): the block device
(host_tools/bench/flashdev.py) leaves a partly programmed page or a half-erased
block at the cut. After each cut the flash is remounted and the firmware's
App boots from it. Every boot must succeed, and the saved game (and the last
archived one) must be what it was before the step in flight or after it.
"""

import json
import os
import vfs

from flashdev import Flash, Sectors, PowerCut
from companion.store import blocks
from companion.app import saving
from companion.store import files as store_files
from companion.app.play import App
from companion.core import log
from companion.store.log_store import Store
from scenarios.common import saved_log

MOUNT = "/fl"
ROOT = MOUNT + "/games"


def layouts():
    with open("board_layouts/kahuna.json") as f:
        return json.load(f)


LAYOUT = layouts()


def load_layout(name):
    return LAYOUT


DEVICE = [None]  # littlefs's block device: the store's raw log blocks (None on FAT: files only)


def new_app():
    app = App(LAYOUT, Store(ROOT, flash=DEVICE[0]), lambda: 7, load_layout)
    app.stepwise = True  # as on a board: a New game's log is begun a step at a time (flush)
    return app


def steps(events):
    """The game's steps: each a function of the running App (returns the App to use next)."""
    def boot(a):
        a = new_app()
        a.boot()
        return a

    def new_game(a):
        SPARES.append(a.store.spare)  # quiet time's folder for it there (Store._spare_folder)
        a.new_game()
        while a.header_due is not None:  # the run loop's steps after the light
            a.flush()
        return a

    def event(e):
        def run(a):
            a.game.apply(e)
            a.pending.append(e)
            if not a.flush():
                raise PowerCut("write failed")
            return a
        return run

    def idle(a):
        a.idle()
        return a

    def quiet(a):  # quiet time to its end (a step at a time): New game's folder last
        while a.idle():
            pass
        return a

    def cut_back(a):
        a.restart_from(3)
        return a

    def garbage(a):  # what a cut half-way through a write can leave on FAT: bytes and a newline
        d = ROOT + "/log"
        last = sorted(n for n in os.listdir(d) if n.endswith(".jl"))[-1]
        with open(d + "/" + last, "ab") as f:
            f.write(b'{"op": "pl\xff\xfe\x00\n\xff\xff{"op"')
        return a

    out = [boot, new_game]
    for i in range(len(events)):
        out.append(event(events[i]))
        if i % 3 == 2:
            out.append(idle)  # merges pieces, writes a checkpoint
    out += [garbage, boot]  # the repair path: the damaged tail goes, the original is archived
    # the archive path (New game in the folder quiet time made for it), then appends again
    out += [quiet, new_game] + [event(e) for e in events[:4]] + [boot]
    out += [cut_back, event(events[0]), boot]  # remote play's heal: the log cut back to 3 lines, then on
    return out


def view():
    """(valid lines of the running game, of the newest archived game), read only."""
    out = []
    for path in (ROOT + "/log", last_archived()):
        if path is None:
            out.append(None)
            continue
        try:
            data = saved_log(*path.rsplit("/", 1))
        except OSError:
            out.append(None)
            continue
        lines = data.split(b"\n")
        if data.endswith(b"\n") or not data:
            lines.pop()
        game, n, error = log.resume(lines, load_layout)
        out.append([l.decode() for l in lines[:n]] or None)
    return out


OPEN_FILES = []  # see keep_open_files
SPARES = []  # per New game: whether quiet time had made its folder (each run's)
UNCUT_SPARES = []  # the uncut game's: New game's steps both with and without it are cut


def keep_open_files(app):
    """A board cut off has no more Python; here the cut app lives on, and a raw
    block half written in quiet time (blocks.Raw.prepare) is an open littlefs
    file: finalised after the unmount below, it would crash MicroPython (a file
    of a file system gone). So it is kept, never to be finalised."""
    store = getattr(app, "store", None)
    for raw in (getattr(store, "raw", None), getattr(store, "side", None)):
        if raw is not None and raw.job is not None and raw.job[1] is not None:
            OPEN_FILES.append(raw.job[1])


def last_archived():
    try:
        names = Store(ROOT).finished()
    except OSError:
        return None
    return ROOT + "/" + names[-1] if names else None


PROGSIZE = [256]  # littlefs: the rp2 port's 256, or the ESP32 port's default 32


def mount(dev, fat):
    fs = vfs.VfsFat(dev) if fat else vfs.VfsLfs2(dev, progsize=PROGSIZE[0], readsize=32)
    vfs.mount(fs, MOUNT)
    DEVICE[0] = None if fat else dev


def unmount():
    try:
        vfs.umount(MOUNT)
    except Exception:
        pass


def play(dev, script, stop=None):
    """Run the steps (all, or until the power fails); the views after each step when all ran."""
    a = None
    views = []
    for step in script:
        a = step(a)
        if stop is None:
            views.append(view())
    return views


def run(fat, events, progsize=256):
    """Cut at every flash operation of the game; returns (cut points tried, before, after)."""
    PROGSIZE[0] = progsize
    blocks.PAGE = 256 if progsize == 256 else 1  # the rp2 port programs whole pages, the ESP32 any bytes
    store_files.CHUNK = 100  # small pieces and frequent merges and checkpoints: every path is taken
    store_files.MERGE = 2
    saving.CHECK_EVERY = 4
    dev = Sectors(256) if fat else Flash(48, 4096, 256)
    if fat:
        vfs.VfsFat.mkfs(dev)
    else:
        vfs.VfsLfs2.mkfs(dev, progsize=progsize, readsize=32)
    image = bytes(dev.mem)
    dev.ops = 0
    script = steps(events)
    # the uncut game: the view after every step, and where each step's operations begin
    mount(dev, fat)
    os.mkdir(ROOT)
    starts = []
    views = [view()]
    a = None
    del SPARES[:]
    for step in script:
        starts.append(dev.ops)
        a = step(a)
        views.append(view())
    UNCUT_SPARES[:] = SPARES
    total = dev.ops
    unmount()
    before = after = 0
    fresh = dev
    for cut in range(starts[0], total):
        fresh.mem[:] = image
        dev = fresh.copy()
        dev.ops = 0
        mount(dev, fat)
        os.mkdir(ROOT)
        dev.cut_at = cut
        a = None
        k = 0
        try:
            for k in range(len(script)):
                a = script[k](a)
        except PowerCut:
            pass
        assert dev.dead, "cut %d: the power did not fail" % cut
        keep_open_files(a)
        unmount()
        dev = dev.copy()
        mount(dev, fat)
        b = new_app()
        b.boot()  # must not raise
        got = view()
        if b.game is not None:
            assert log.replay(got[0], load_layout).state() == b.game.state(), "cut %d: boot state" % cut
        if got == views[k]:
            before += 1
        elif got == views[k + 1]:
            after += 1
        elif k + 1 < len(script) and script[k + 1].__name__ == "boot" and got == views[k + 2]:
            after += 1  # the boot after the cut did what the next step (a boot) does: repair
        else:
            raise AssertionError("cut %d (step %d): got %r, expected %r or %r" % (cut, k, got, views[k], views[k + 1]))
        unmount()
    return total - starts[0], before, after
