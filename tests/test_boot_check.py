"""The layout check at boot (issue 6): a broken, unreadable or missing layout
or profile stops the device with the reason on its display and the LEDs off,
instead of a traceback. Under MicroPython: the checker is dropped after the
check, so it costs the running game almost no heap."""

import json
import sys
from pathlib import Path

import companion
import pytest

from host_tools.micropython import run
from tests.scenarios import boot_scenarios as scenarios
from tests.test_firmware_host import FakeBoard, PROFILES

ROOT = Path(__file__).resolve().parent.parent
BROKEN = ROOT / "tests" / "layouts" / "kahuna_broken.json"
SCENARIOS = Path(__file__).parent / "scenarios"

BROKEN_LINES = ["LAYOUT: 6 errors", "island GOLA: has", "no \"y\"", "connection", "ELAI-JOJO: LED",
                "14 is also used", "by island ELAI", "LED 24: no"]


def test_a_duplicate_led_is_shown_and_the_device_stops():
    r = scenarios.duplicate_led()
    assert r == {"halted": True, "same after a press": True, "leds": 39, "lit": 0, "files": [],
                 "lines": ["LAYOUT: 2 errors", "connection", "ELAI-JOJO: LED", "14 is also used",
                           "by island ELAI", "LED 24: no", "element has it,", "but indices go"]}


def test_bad_json_and_a_missing_file_name_the_file_and_the_fix():
    assert scenarios.not_json()["lines"] == ["BAD JSON", "<path>", "check it on the", "PC (companion",
                                             "layout check),", "copy it again"]
    r = scenarios.missing()
    assert r["halted"] and r["lit"] == 0
    assert r["lines"] == ["MISSING FILE", "<path>", "copy", "board_layouts/", "to the device"]


def test_a_good_layout_boots_into_a_game():
    r = scenarios.good()
    assert not r["halted"] and r["lines"] == ["Black to play", "     stn stk pts"]


def test_a_layout_that_begins_with_a_byte_order_mark_boots_as_layout_check_takes_it():
    r = scenarios.byte_order_mark()
    assert not r["halted"] and r["lines"] == ["Black to play", "     stn stk pts"]


def test_the_broken_example_layout_on_the_simulator(tmp_path, capsys):
    """CPython only: reads what the check prints (capsys); test_the_broken_layout_under_micropython
    and boot_scenarios (both ports) show the same on the display."""
    from companion.boot import start_sim

    loop = start_sim("kahuna_broken", str(tmp_path / "games"), str(BROKEN.parent))
    assert loop.screen.lines == BROKEN_LINES
    out = capsys.readouterr().out.splitlines()
    assert out[0] == 'layout: island GOLA: has no "y" (give its drawing position as numbers "x" and "y")'
    assert len([l for l in out if l.startswith("layout: ")]) == 6
    assert out[-1] == "companion: stopped; fix the files and reset"
    assert not hasattr(companion, "layout")  # dropped again after the check


# --- the device path: start_device() and run() on fake machine modules ---------------------

@pytest.fixture
def device(tmp_path, monkeypatch):
    """A layouts folder with the pico profile, and fake machine/neopixel/framebuf."""
    profile = json.loads((PROFILES / "pico.json").read_text())
    fake = FakeBoard(profile)
    for mod in ("machine", "neopixel", "framebuf"):
        monkeypatch.setitem(sys.modules, mod, getattr(fake, mod))
    import companion.hal

    for mod in ("board", "ssd1306"):
        monkeypatch.delitem(sys.modules, "companion.hal." + mod, raising=False)
        monkeypatch.delattr(companion.hal, mod, raising=False)
    from companion import boot

    monkeypatch.setattr(boot.time, "ticks_ms", lambda: 0, raising=False)
    monkeypatch.chdir(tmp_path)
    layouts = Path("bl")  # short: the path shows on the display
    (layouts / "profiles").mkdir(parents=True)
    (layouts / "profiles" / "pico.json").write_text(json.dumps(profile))
    monkeypatch.setattr(boot, "CONFIG", str(tmp_path / "config.json"))
    return boot, layouts, tmp_path / "games"


def test_the_device_stops_on_a_broken_layout_with_its_leds_off(device):
    """CPython only: fake machine/neopixel/framebuf modules are swapped into
    sys.modules (monkeypatch) to boot the real-board path; MicroPython cannot
    undo that. The same boot on the simulated HAL runs natively (boot_scenarios)."""
    boot, layouts, games = device
    (layouts / "kahuna.json").write_text(BROKEN.read_text())
    loop = boot.start_device("pico", "kahuna", str(games), str(layouts))
    assert isinstance(loop.app, boot.Halted)
    loop.leds.strip.buf[:] = b"\x55" * len(loop.leds.strip.buf)  # lit by an earlier run
    loop.step(0)
    assert loop.screen.lines == ["LAYOUT: 7 errors"] + BROKEN_LINES[1:]  # with the profile: TURN's 64 too
    assert len(loop.leds.strip.buf) == 3 * boot.BLANK_LEDS and not any(loop.leds.strip.buf)
    assert boot.run("pico", "kahuna", str(layouts)) is None  # returns: the REPL is free to fix files


def test_a_profile_that_does_not_fit_is_reported(device):
    """CPython only: fake machine/neopixel/framebuf modules are swapped into
    sys.modules (monkeypatch) to boot the real-board path; MicroPython cannot
    undo that. The same boot on the simulated HAL runs natively (boot_scenarios)."""
    boot, layouts, games = device
    k = json.loads((ROOT / "board_layouts" / "kahuna.json").read_text())
    k["controls"][0]["button"] = 64  # an 8x8 matrix has codes 0..63
    (layouts / "kahuna.json").write_text(json.dumps(k))
    loop = boot.start_device("pico", "kahuna", str(games), str(layouts))
    loop.step(0)
    assert loop.screen.lines == ["LAYOUT: 1 error", "control TURN:", "button 64 does", "not exist on the",
                                 "profile's 8x8", "matrix (codes", "0..63)"]


def test_a_missing_profile_or_layout_stops_with_a_message(device):
    """CPython only: fake machine/neopixel/framebuf modules are swapped into
    sys.modules (monkeypatch) to boot the real-board path; MicroPython cannot
    undo that. The same boot on the simulated HAL runs natively (boot_scenarios)."""
    boot, layouts, games = device
    loop = boot.start_device("esp32-devkitc", "kahuna", str(games), str(layouts))
    loop.step(0)
    assert isinstance(loop.app, boot.Halted)
    assert loop.app.lines == ["MISSING FILE", "bl/profiles/", "esp32-devkitc.js", "on", "copy", "board_layouts/",
                              "to the device"]
    loop = boot.start_device("pico", "kahuna", str(games), str(layouts))
    loop.step(0)
    assert loop.screen.lines == ["MISSING FILE", "bl/kahuna.json", "copy", "board_layouts/", "to the device"]


def test_the_file_messages_for_the_device_paths():
    from companion.boot import boot_problem, path_lines

    assert boot_problem(OSError(2), "/board_layouts/profiles/pico.json") == [
        "MISSING FILE", "/board_layouts/", "profiles/", "pico.json", "copy", "board_layouts/", "to the device"]
    assert path_lines("/tmp/a-very-long-folder-name/x.json") == ["/tmp/", "a-very-long-fold", "er-name/", "x.json"]
    assert boot_problem(ValueError(), "/board_layouts/kahuna.json") == [
        "BAD JSON", "/board_layouts/", "kahuna.json", "check it on the", "PC (companion", "layout check),",
        "copy it again"]


# --- under MicroPython: the heap the check leaves behind --------------------------------------

BOOT = """
import gc, sys
from companion import ui
from companion import boot
from companion.app import play as app
from companion.store import log_store as store
from companion.hal import frame
from companion.ui import kahuna
from companion.hal import buttons, leds, screen, sim
from companion.core import games, kahuna, board, game, rng, log
boot.check_layout({})  # its names interned before the measurement: a qstr pool filling up
# (and a bigger one allocated) while the checker is imported is not the checker's heap
"""
# Interned names (qstrs) are never freed, and they are kept in pools that
# double in size: whether the check's ~80 names start a new pool depends on
# how many names everything else interned first. So the qstr pools' growth is
# read from micropython.qstr_info() and left out of what the check leaves.
MEASURE = ["gc.collect()", "base = gc.mem_alloc()\nimport micropython\nmicropython.qstr_info()",
           "%s\nloop = boot.start_sim('kahuna', '/tmp/heap-games', '/board_layouts', lambda: 1)",
           "gc.collect()", "print('RETAINED', gc.mem_alloc() - base, 'companion.layout.check' in sys.modules)\n"
           "micropython.qstr_info()"]
VARIANTS = {
    "without the check": "boot.check_layout = lambda layout, profile=None: []",
    "with the check": "",
    "with the checker kept imported": "from companion.layout import check, common, kinds, profile",
}


def qstr_bytes(line):
    return int(line.rsplit("n_total_bytes=", 1)[1])


def retained(setup):
    """(heap retained by the boot, less the qstr pools' growth; the checker still imported?)"""
    out = run([BOOT] + MEASURE[:2] + [MEASURE[2] % setup] + MEASURE[3:])
    line = [l for l in out.splitlines() if l.startswith("RETAINED")][-1].split()
    pools = [qstr_bytes(l) for l in out.splitlines() if l.startswith("qstr pool:")]
    return int(line[1]) - (pools[-1] - pools[0]), line[2] == "True"


def test_the_checker_leaves_little_heap_behind_under_micropython(figures):
    got = {name: retained(setup) for name, setup in VARIANTS.items()}
    without, with_check, kept = (got[n][0] for n in VARIANTS)
    for name in VARIANTS:
        figures("boot: retained heap after boot, %s (MicroPython)" % name, got[name][0], "bytes")
    assert got["with the check"][1] is False  # dropped from sys.modules
    assert with_check - without < 3000, got  # interned names stay (qstrs are never freed)
    assert kept - without > 10000, got  # what it would cost kept imported


def test_the_broken_layout_under_micropython():
    out = run(["import json\nfrom companion.boot import start_sim\n"
               "loop = start_sim('kahuna_broken', '/tmp/broken-games', '/layouts')\n"
               "print('RESULT', json.dumps([loop.screen.lines, sum(loop.leds.strip.buf)]))"],
              mounts=[(BROKEN.parent, "/layouts")])
    line = [l for l in out.splitlines() if l.startswith("RESULT ")][-1]
    assert json.loads(line[len("RESULT "):]) == [BROKEN_LINES, 0]


def test_boot_skips_the_layout_check_of_bytes_companion_flash_checked(tmp_path, monkeypatch):
    """/board_layouts/checked.txt holds the CRC-32s of the layout and profile
    `companion flash` checked: boot skips the check of those very bytes, and
    checks a layout edited since."""
    import zlib

    from companion import boot
    from host_tools.device import flash

    board = flash.BoardData("kahuna", "pico")
    files = {f.remote: f.data for f in flash.firmware_files(board, flash.emitted_mpy()[0], None, source=True)}
    marks = files["/board_layouts/checked.txt"].decode().strip()
    assert marks == "%08x %08x" % (zlib.crc32(board.layout_bytes), zlib.crc32(board.profile_bytes))
    layout = tmp_path / "kahuna.json"
    layout.write_bytes(board.layout_bytes)
    profile_crc = zlib.crc32(board.profile_bytes)

    def no_check(layout, profile=None):
        raise AssertionError("checked again")

    monkeypatch.setattr(boot, "check_layout", no_check)
    data, problems = boot.load_checked(str(layout), {}, profile_crc, marks)
    assert problems == [] and data["name"] == "kahuna"
    monkeypatch.undo()
    broken = json.loads(board.layout_bytes)
    broken["connections"][0]["led"] = broken["connections"][1]["led"]  # two elements on one LED
    layout.write_text(json.dumps(broken))
    data, problems = boot.load_checked(str(layout), json.loads(board.profile_bytes), profile_crc, marks)
    assert problems and any("LED" in line for line in problems), problems  # the edited layout: checked again
