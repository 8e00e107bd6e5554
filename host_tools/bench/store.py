"""`make bench`, the game log's share: flash work per event and boot time.

- store.*: under the native MicroPython port, littlefs (vfs.VfsLfs2) is
  mounted on a block device in Python that counts erases and page programs
  (host_tools/bench/flashdev.py), with the parameters of MicroPython's rp2 port
  (4096-byte blocks, progsize=256, as its _boot.py mounts it) and of its
  ESP32 port (4096-byte blocks, the defaults readsize=progsize=32). The App
  plays a 300-event Kahuna game on it (each event logged by App.flush(),
  quiet-time work by App.idle() at each turn end). Busy time uses the
  datasheet's typical times (page program 0.4 ms, 4 KB erase 45 ms).
- boot.restore_lines_N: Python lines executed (WebAssembly settrace build)
  by booting the App from the store of an N-event Kahuna game.
"""

import json

from .random_games import random_log
from ..micropython import run_native
from ..paths import ROOT

PARAMS = {"rp2": {"progsize": 256, "readsize": 32}, "esp32": {"progsize": 32, "readsize": 32}}
EVENTS = 300
TARGETS = {"boot.restore_ratio": 1.5, "boot.restore_ratio.raw": 1.5}
for _suffix in ("", ".esp32"):
    TARGETS.update({"store.erases_per_event" + _suffix: 0.1, "store.max_erases_per_event" + _suffix: 1,
                    "store.flash_busy_ms_per_event" + _suffix: 5})

FLASH = """
import json, vfs, os, sys
from flashdev import Flash, PROGRAM_MS, ERASE_MS
from companion.store import log_store as S
from companion.store import blocks, files
from companion.app.play import App
PLATFORM, P = %r, json.loads(%r)
files.CHUNK = files.CHUNKS[PLATFORM]
blocks.PAGE = 256 if PLATFORM == "rp2" else 1
log = json.loads(%r)
with open("board_layouts/kahuna.json") as f:
    LAYOUT = json.load(f)
dev = Flash(352, 4096, 256)  # the Pico's 1.4 MB filesystem
vfs.VfsLfs2.mkfs(dev, **P)
vfs.mount(vfs.VfsLfs2(dev, **P), "/fl")
os.mkdir("/fl/games")
app = App(LAYOUT, S.Store("/fl/games", flash=dev), lambda: 1, lambda name: LAYOUT)
app.boot()
app.store.begin(log[0])
from companion.core.games import new_game
app.start(new_game(log[0], LAYOUT), LAYOUT)
e0, p0 = dev.erases, dev.programs
worst = worst_press = 0
for ev in log[1:]:
    e, p = dev.erases, dev.programs
    app.game.apply(ev)
    app.pending.append(ev)
    assert app.flush()
    worst_press = max(worst_press, dev.erases - e)
    if ev["op"] in ("end_turn", "end_round"):
        app.idle()  # the quiet time after a turn
    worst = max(worst, dev.erases - e)
n = len(log) - 1
E, Pg = dev.erases - e0, dev.programs - p0
print("FLASH " + json.dumps({"erases_per_event": E / n, "max_erases_per_event": worst,
      "max_erases_per_press": worst_press, "programs_per_event": Pg / n,
      "flash_busy_ms_per_event": (Pg * PROGRAM_MS + E * ERASE_MS) / n, "events": n}))
"""


def flash_figures(events=EVENTS, seed=2026):
    """{store.<figure>[.esp32]: value}: rp2 figures under the plain names, ESP32's with .esp32."""
    header, evs = random_log(seed=seed, events=events)
    out = {}
    for platform, params in PARAMS.items():
        text = run_native(FLASH % (platform, json.dumps(params), json.dumps([header] + evs)),
                          heapsize="8M", paths=(ROOT / "host_tools" / "bench",))
        got = json.loads([l for l in text.splitlines() if l.startswith("FLASH ")][-1][6:])
        suffix = "" if platform == "rp2" else "." + platform
        for k, v in got.items():
            out["store." + k + suffix] = round(v, 3) if isinstance(v, float) else v
    return out


# --- boot time (WebAssembly port, settrace build) ------------------------------

PLAY = """
import json, os
from companion.store import log_store as S
from companion.store.files import saved_log
from companion.app.play import App
from companion.core.games import new_game
LAYOUT = P.layout("kahuna")
def play(root, log):
    os.mkdir(root)
    app = App(LAYOUT, S.Store(root), lambda: 1, lambda name: LAYOUT)
    app.store.begin(log[0])
    app.start(new_game(log[0], LAYOUT), LAYOUT)
    for ev in log[1:]:
        app.game.apply(ev)
        app.pending.append(ev)
        app.flush()
        if ev["op"] in ("end_turn", "end_round"):
            app.idle()
class Readonly:  # a Pico's flash as boot sees it: it reads, and looks up the raw blocks
    def ioctl(self, op, arg):
        return 352 if op == 4 else 4096
    def readblocks(self, block, buf, offset=0):
        buf[:] = b"\\xff" * len(buf)
def as_raw(root, new):  # the same game as a board with raw flash keeps it: .jl, .blk, .chk
    from binascii import hexlify
    from companion.store import blocks
    lines = saved_log(root).split(b"\\n")[:-1]
    os.mkdir(new)
    os.mkdir(new + "/log")
    with open(new + "/log/00000.jl", "wb") as f:
        f.write(lines[0] + b"\\n")
    def block(name, body):
        with open(new + "/log/" + name, "wb") as f:
            f.write(b"C" * blocks.MARK + body + b"\\xff" * (4096 - blocks.MARK - len(body)))
    body, k = b"", 1
    for l in lines[1:]:
        if len(body) + len(l) + 1 > 4096 - blocks.MARK:
            block("%05d.blk" % k, body)
            body, k = b"", k + 1
        body += l + b"\\n"
    block("%05d.blk" % k, body)
    try:
        with open(root + "/check.bin", "rb") as f:
            data = f.read()
        end = data.index(b"\\n")
        block("00001.chk", b"c " + data[:end] + b" " + hexlify(data[end + 1:]) + b"\\n")
    except OSError:
        pass
def boot(root, flash=None):
    app = App(LAYOUT, S.Store(root, flash=flash), lambda: 1, lambda name: LAYOUT)
    app.boot()
    assert app.game is not None
    return app
"""


def restore_job(make_job, sizes=(30, 300), seed=2026):
    chunks = [PLAY]
    for n in sizes:
        header, evs = random_log(seed=seed, events=n)
        chunks.append("play('/g%d', json.loads(%r))" % (n, json.dumps([header] + evs)))
        chunks.append("boot('/g%d')" % n)  # once untraced: imports and repairs out of the count
        chunks.append("as_raw('/g%d', '/r%d')\nassert boot('/r%d', Readonly()).game.state() == boot('/g%d').game.state()"
                      % (n, n, n, n))
    for n in sizes:
        chunks.append("P.report('boot.restore_lines_%d', P.lines(lambda: boot('/g%d')))" % (n, n))
        chunks.append("P.report('boot.restore_lines_%d.raw', P.lines(lambda: boot('/r%d', Readonly())))" % (n, n))
    return make_job(chunks, settrace=True)


def derive(raw, f):
    """boot.restore_* from the log kept in files (the simulator, and ports without
    raw flash); .raw: the same games as a board with raw flash keeps them."""
    for suffix in ("", ".raw"):
        a, b = "boot.restore_lines_30" + suffix, "boot.restore_lines_300" + suffix
        for key in (a, b):
            if key in raw:
                f[key] = raw[key]
        if a in raw and b in raw:
            f["boot.restore_ratio" + suffix] = round(raw[b] / float(raw[a]), 2)
