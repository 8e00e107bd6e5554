"""A USB cable pulled during `companion flash` or `deploy`, at any byte (issue 43, item 3).

The board is the virtual device (MicroPython in Node on a pty) holding a
saved game and an older firmware (a --source flash). The real `companion
flash` then sends the new one (compiled) and the link dies after N bytes,
for N spread over the whole transfer: the device keeps what it did with the
bytes it got, the host's port hangs up. Then:

1. the board boots its files as a board does: main.py (its rule for a cut
   switch) with the simulated HAL, and must come up with its saved game,
   running the old package or the new one, whole (no mix of the two);
2. `companion flash` on it completes, and its files are those of a board
   flashed without a cut.

COMPANION_CUTS=N runs N cuts of the flash (default 20) and N // 4 (at least 5) of the deploy.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from host_tools.device import update
from host_tools.device.virtual_device import VirtualDevice
from tests.scenarios.device import Device

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CUTS = int(os.environ.get("COMPANION_CUTS", "20"))
PRESSES = ["MENU", "TURN"] + ["MENU"] * 8 + ["TURN", "ALOA-BARI", "TURN", "KAHU-LALE", "TURN", "ALOA-DUDA"]

# Runs on the device: main.py as the board runs it, but the simulated HAL
# instead of the real one (the virtual device has no machine module).
BOOT = """
import sys, json
class _Any:
    def __init__(self, *a, **k):
        self.buf = bytearray(3 * (a[1] if len(a) > 1 else 1))
    def write(self):
        pass
class _Mod:
    Pin = _Any
    NeoPixel = _Any
sys.modules['machine'] = _Mod
sys.modules['neopixel'] = _Mod
src = open('/main.py').read()
assert src.count('pack.load("boot").run()') == 1
exec(src.replace('pack.load("boot").run()', 'BOOTED = pack.load("boot")'), globals())
loop = BOOTED.start_sim("kahuna", "/games", "/board_layouts", lambda: 1234)
print("BOOT " + json.dumps([loop.app.game.state() if loop.app.game else None, loop.screen.lines]))
"""


def run(*cmd, timeout=60):
    return subprocess.run([str(c) for c in cmd], capture_output=True, text=True, cwd=ROOT, timeout=timeout)


def flash(dev, *options):
    return run(BIN / "companion", "flash", "--port", dev.port, "--no-reset", *options)


def files(fs, under=""):
    top = fs / under.strip("/")
    return {"/" + p.relative_to(fs).as_posix(): p.read_bytes()
            for p in sorted(top.rglob("*")) if p.is_file()} if top.is_dir() else {}


def firmware(fs):
    """Everything on the board but its games."""
    return {k: v for k, v in files(fs).items() if not k.startswith("/games/")}


def boot(fs):
    """Boot the board's files; (game state, display lines)."""
    with VirtualDevice(fs, register=False) as dev:
        proc = run(BIN / "mpremote", "connect", dev.port, "exec", BOOT)
    assert "BOOT " in proc.stdout, proc.stdout + proc.stderr
    return json.loads(proc.stdout.split("BOOT ", 1)[1])


@pytest.fixture(scope="module")
def boards(tmp_path_factory):
    """(a board with a game and the old firmware, the old package, the new
    board's firmware files, the bytes a whole flash sends, the saved game's state)."""
    top = tmp_path_factory.mktemp("cut")
    base = top / "base"
    (base / "games").mkdir(parents=True)
    host = Device(str(base / "games"))  # a game played a few moves, saved as the board saves it
    host.presses(PRESSES)
    state = host.loop.app.game.state()
    with VirtualDevice(base, register=False) as dev:
        proc = flash(dev, "--source")
        assert proc.returncode == 0, proc.stderr
    old = files(base, update.LIVE)
    whole = top / "whole"
    shutil.copytree(base, whole)
    with VirtualDevice(whole, register=False, record=True) as dev:
        proc = flash(dev)
        assert proc.returncode == 0, proc.stderr
        sent, switch = dev.received, switch_at(dev.got)
    new = files(whole, update.LIVE)
    assert old and new and set(old).isdisjoint(new)  # .py files, then .mpy files and the pack
    assert boot(whole)[0] == state
    return base, old, firmware(whole), (sent, switch), state


def switch_at(got):
    """Where in the bytes a flash sent the switch of packages is."""
    at = bytes(got).find(b"os.rename(%r, %r)" % (update.STAGED, update.LIVE))
    assert at > 0
    return at


def points(transfer, count):
    """count cut points: most spread over the whole transfer, from its first bytes
    to its last; a quarter (at least 2) from just before the switch to the end (it is late:
    the package is most of what is sent)."""
    sent, switch = transfer
    late = max(2, count // 4)
    spread = [max(1, sent * (2 * i + 1) // (2 * (count - late))) for i in range(count - late)]
    start = switch - 300
    return sorted(set(spread + [start + (sent - start) * (i + 1) // (late + 1) for i in range(late)]))


def cut_and_recover(board_dir, case, n, *options):
    shutil.copytree(board_dir, case)
    with VirtualDevice(case, register=False, cut_after=n) as dev:
        proc = flash(dev, *options)
        assert dev.cut
    assert proc.returncode == 1 and len(proc.stderr.splitlines()) == 1, proc.stderr
    assert proc.stderr.endswith("run make flash again\n"), proc.stderr
    return boot(case)


def test_a_flash_cut_at_any_byte_leaves_a_board_that_boots_its_game_and_the_next_flash_finishes(boards, tmp_path):
    base, old, whole, sent, state = boards
    seen = set()
    for n in points(sent, CUTS):
        case = tmp_path / str(n)
        got, lines = cut_and_recover(base, case, n)
        assert got == state, (n, lines)  # the saved game, not a new one
        package = files(case, update.LIVE)
        assert package in (old, files_of(whole, update.LIVE)), n  # one firmware, whole
        seen.add("old" if package == old else "new")
        with VirtualDevice(case, register=False) as dev:
            proc = flash(dev)
        assert proc.returncode == 0, (n, proc.stderr)
        assert firmware(case) == whole, n  # as if never cut: no leftovers, nothing missing
        shutil.rmtree(case)
    assert seen == {"old", "new"}  # cuts before the switch and after it


def files_of(snapshot, under):
    return {k: v for k, v in snapshot.items() if k.startswith(under + "/")}


def test_a_deploy_cut_at_any_byte_leaves_a_board_that_boots_its_game(boards, tmp_path):
    """`flash --changed` of one changed module: the package is still switched whole
    (its unchanged modules are copied on the board, not sent again)."""
    base, old, whole, _, state = boards
    board = tmp_path / "board"
    shutil.copytree(base, board)
    with VirtualDevice(board, register=False) as dev:
        assert flash(dev).returncode == 0
    # the board runs an older version of one module: its source instead of its .mpy
    source = next(p for p in sorted((ROOT / "firmware/companion").glob("*.py")) if p.stem not in ("__init__", "pack"))
    module = board / "lib/companion" / (source.stem + ".mpy")
    module.unlink()
    shutil.copy(source, module.with_suffix(".py"))
    before = files(board, update.LIVE)
    probe = tmp_path / "probe"
    shutil.copytree(board, probe)
    with VirtualDevice(probe, register=False, record=True) as dev:
        proc = flash(dev, "--changed")
        deploy_sent = (dev.received, switch_at(dev.got))
    assert proc.returncode == 0 and "copied 1 of" in proc.stdout and "removed 1 old file" in proc.stdout, proc.stdout
    assert firmware(probe) == whole
    seen = set()
    for n in points(deploy_sent, max(5, CUTS // 4)):
        case = tmp_path / str(n)
        got, lines = cut_and_recover(board, case, n, "--changed")
        assert got == state, (n, lines)
        package = files(case, update.LIVE)
        assert package in (before, files_of(whole, update.LIVE)), n
        seen.add("old" if package == before else "new")
        with VirtualDevice(case, register=False) as dev:
            assert flash(dev, "--changed").returncode == 0
        assert firmware(case) == whole, n
        shutil.rmtree(case)
    assert seen == {"old", "new"}
