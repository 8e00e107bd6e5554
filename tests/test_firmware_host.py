"""Firmware parts checked on the host: LED current cap, text wrap, store edges,
and (under MicroPython, which has framebuf) the display pixels and driver."""

import json
import sys
import types
from pathlib import Path

import pytest

from companion.hal import sim
from companion.store.log_store import Store
from tests.scenarios.firmware_scenarios import loaded
from host_tools.micropython import run

from tests.scenarios import leds_scenarios

SCENARIOS = Path(__file__).parent / "scenarios"


def test_led_budget_colour_order_flash_and_wrap():
    # tests/scenarios/leds_scenarios.py: also under both MicroPython ports (test_both_interpreters)
    leds_scenarios.run_all()


def test_store_drops_a_torn_header_and_keeps_finished_games(tmp_path):
    root = str(tmp_path / "games")
    s = Store(root)
    (tmp_path / "games" / "current.jsonl").write_text('{"game": "kah')
    assert loaded(root) is None
    assert not (tmp_path / "games" / "current.jsonl").exists()
    s.begin({"game": "kahuna"})
    s.append({"op": "end_turn"})
    (tmp_path / "games" / "log" / "00000.jl").open("a").write('{"op": "pla')
    assert loaded(root) == ['{"game": "kahuna"}', '{"op": "end_turn"}']
    assert (tmp_path / "games" / "log" / "00000.jl").read_text().endswith('"end_turn"}\n')


DISPLAY = """
import framebuf
from scenarios.device import Device, fresh_dir
from companion.hal.ssd1306 import SSD1306_I2C

d = Device(fresh_dir("display"))
d.new_game(first="white")
d.press("ALOA-BARI")
buf = d.loop.screen.display.buffer
ref = bytearray(1024)
fb = framebuf.FrameBuffer(ref, 128, 64, framebuf.MONO_VLSB)
fb.fill_rect(0, 0, 128, 8, 1)
fb.text(d.lines()[0], 0, 0, 0)
for i in range(1, len(d.lines())):
    fb.text(d.lines()[i], 0, 8 * i, 1)
print("SAME", bytes(buf) == bytes(ref), "LIT", sum(1 for b in buf[128:] if b))

class I2C:
    def __init__(self):
        self.writes = []
    def writeto(self, addr, data):
        self.writes.append((addr, bytes(data)))

bus = I2C()
oled = SSD1306_I2C(128, 64, bus, 60)
oled.text("hi", 0, 0, 1)
bus.writes = []
oled.show()
last = bus.writes[-1]
print("SHOW", len(bus.writes), last[0], len(last[1]), last[1][0], sum(last[1][1:]) > 0)
"""


def test_display_pixels_and_ssd1306_driver_under_micropython():
    out = run([DISPLAY], mounts=[(SCENARIOS, "/lib/scenarios")])
    same = [l for l in out.splitlines() if l.startswith("SAME")][-1].split()
    assert same[1] == "True" and int(same[3]) > 50
    show = [l for l in out.splitlines() if l.startswith("SHOW")][-1].split()
    # 6 address commands, then one write: 0x40 + 1024 pixel bytes to 0x3C
    assert show[1:] == ["7", "60", "1025", "64", "True"]


# --- the device path (hal/board.py, boot.start_device) on fake machine modules ---

PROFILES = Path(__file__).resolve().parent.parent / "board_layouts" / "profiles"


class FakeBoard:
    """machine.Pin for a diode matrix: a column reads low while its row is low
    and the button at (row, col) is pressed."""

    def __init__(self, profile):
        spec = profile["buttons"]
        self.rows = spec["rows"]
        self.cols = spec["cols"]
        self.level = {}
        self.pressed = set()
        board = self

        class Pin:
            IN, OUT, PULL_UP = 0, 1, 2

            def __init__(self, n, mode=None, pull=None, value=None):
                self.n = n
                if value is not None:
                    board.level[n] = value

            def value(self, v=None):
                if v is not None:
                    board.level[self.n] = v
                    return None
                if self.n in board.cols:
                    c = board.cols.index(self.n)
                    for r, row in enumerate(board.rows):
                        if board.level.get(row, 1) == 0 and r * len(board.cols) + c in board.pressed:
                            return 0
                    return 1
                return board.level.get(self.n, 1)

        class I2C:
            def __init__(self, *a, **k):
                self.writes = 0

            def writeto(self, addr, data):
                self.writes += 1

            def writevto(self, addr, vecs):  # one display page (Screen.step)
                self.writes += 1

        class NeoPixel:
            def __init__(self, pin, n):
                self.buf = bytearray(3 * n)

            def write(self):
                pass

        board = self

        class PWM:  # the buzzer: every (hz, duty) it is set to
            def __init__(self, pin):
                board.tones = []
                self.hz = 0

            def freq(self, hz):
                self.hz = hz

            def duty_u16(self, d):
                board.tones.append((self.hz, d))

        self.tones = None
        self.machine = types.SimpleNamespace(Pin=Pin, I2C=I2C, PWM=PWM)
        self.neopixel = types.SimpleNamespace(NeoPixel=NeoPixel)
        self.framebuf = types.SimpleNamespace(FrameBuffer=sim._Base, MONO_VLSB=0)


@pytest.mark.parametrize("name", ["pico", "esp32-devkitc"])
def test_device_boots_from_its_profile_and_reads_the_matrix(name, tmp_path, monkeypatch):
    """CPython only: fake machine/neopixel/framebuf modules are swapped into
    sys.modules (monkeypatch) to boot the real-board path; MicroPython cannot
    undo that. The same boot on the simulated HAL runs natively (boot_scenarios)."""
    profile = json.loads((PROFILES / (name + ".json")).read_text())
    fake = FakeBoard(profile)
    for mod in ("machine", "neopixel", "framebuf"):
        monkeypatch.setitem(sys.modules, mod, getattr(fake, mod))
    import companion.hal

    for mod in ("board", "ssd1306"):  # import them afresh, on this fake machine
        monkeypatch.delitem(sys.modules, "companion.hal." + mod, raising=False)
        monkeypatch.delattr(companion.hal, mod, raising=False)
    from companion import boot

    layouts = str(Path(__file__).resolve().parent.parent / "board_layouts")
    loop = boot.start_device(name, "kahuna", str(tmp_path / "games"), layouts)
    assert loop.buttons.n == 64 and loop.leds.n == 39
    assert not loop.app.menu_open and loop.app.lines[0].endswith(" to play")  # a game at once
    t = [0]

    def press(code, ms=60, rest=400):
        fake.pressed.add(code)
        for _ in range(ms // 2):
            t[0] += 2
            loop.step(t[0])
        fake.pressed.clear()
        for _ in range(rest // 2):
            t[0] += 2
            loop.step(t[0])

    # MENU (code 58 = row 7, col 2) pressed on the real matrix opens the menu, again moves its cursor
    press(58)
    press(58)
    assert loop.screen.lines[2].startswith(">Variant 1")
    press(57)  # UNDO: back to the game
    assert not loop.app.menu_open
    press(57)  # UNDO with nothing to undo: refused; the buzzer (pico only) plays the refusal
    from companion.hal.buzzer import TONES

    refused = TONES[2]
    if "buzzer" in profile:
        assert fake.tones == [(0, 0), (refused[0], 8000), (refused[0], 0), (refused[4], 8000), (refused[4], 0)]
    else:
        assert loop.buzzer is None and fake.tones is None
    # every layout button code fits the profile's matrix
    layout = json.loads((Path(layouts) / "kahuna.json").read_text())
    codes = [e["button"] for k in ("islands", "connections", "controls") for e in layout[k]]
    assert max(codes) < len(profile["buttons"]["rows"]) * len(profile["buttons"]["cols"])


def test_store_finishes_a_repair_cut_between_remove_and_rename(tmp_path):
    # FAT cannot rename onto a file: _rewrite removes, then renames; a cut between leaves only .tmp
    root = tmp_path / "games"
    Store(str(root))
    (root / "log").mkdir()
    (root / "log" / "00000.jl.tmp").write_text('{"game": "kahuna"}\n{"op": "end_turn"}\n')
    assert loaded(str(root)) == ['{"game": "kahuna"}', '{"op": "end_turn"}']
    assert not (root / "log" / "00000.jl.tmp").exists()


@pytest.mark.parametrize("works", [True, False])
def test_on_an_rp2040_the_pio_strip_takes_over_after_the_first_frame(works, monkeypatch, capsys):
    """CPython only (fake machine, neopixel and PIO driver in sys.modules):
    the first frame goes out by neopixel; then the PIO strip sends from the
    bytes the LEDs show, or, if it cannot be made, neopixel goes on and the
    console says why."""
    profile = json.loads((PROFILES / "pico.json").read_text())
    fake = FakeBoard(profile)
    for mod in ("machine", "neopixel", "framebuf"):
        monkeypatch.setitem(sys.modules, mod, getattr(fake, mod))

    class PioStrip:
        def __init__(self, pin, n, sm_id):
            if not works:
                raise OSError(16, "no free state machine")
            self.made = (pin, n, sm_id)
            self.buf = bytearray(3 * n)

    import companion.hal

    monkeypatch.setitem(sys.modules, "companion.hal.pio", types.SimpleNamespace(PioStrip=PioStrip))
    monkeypatch.setattr(companion.hal, "pio", sys.modules["companion.hal.pio"], raising=False)
    monkeypatch.delitem(sys.modules, "companion.hal.board", raising=False)
    monkeypatch.delattr(companion.hal, "board", raising=False)
    from companion.hal.frame import PLAYER, Frame
    from companion.hal import board

    monkeypatch.setattr(board.sys, "platform", "rp2")
    leds = board.leds(profile, 39)
    frame = Frame(39)
    frame.set(5, PLAYER)
    leds.render(frame, 0, 255)
    first = leds.strip
    board.strip_in_background(leds, profile)
    if works:
        assert isinstance(leds.strip, PioStrip) and leds.strip.made == (28, 39, 4)
        assert leds.strip.buf == first.buf and any(first.buf)
    else:
        assert leds.strip is first and "no PIO LED strip" in capsys.readouterr().out


def test_a_display_on_pins_its_bus_does_not_have_leaves_the_board_playing(monkeypatch, capsys):
    """MicroPython's rp2 port raises ValueError ("bad SDA pin") for an I2C bus
    on GPIOs it cannot use: the board played on only if the display was
    missing (OSError). Now it plays without the display either way, and the
    layout check names the pin before anything is flashed."""
    profile = json.loads((PROFILES / "pico.json").read_text())
    fake = FakeBoard(profile)

    def bad_bus(*args, **kwargs):
        raise ValueError("bad SDA pin")

    fake.machine.I2C = bad_bus
    for mod in ("machine", "neopixel", "framebuf"):
        monkeypatch.setitem(sys.modules, mod, getattr(fake, mod))
    import companion.hal

    monkeypatch.delitem(sys.modules, "companion.hal.board", raising=False)
    monkeypatch.delattr(companion.hal, "board", raising=False)
    from companion.hal import board
    from companion.layout.check import check_profile

    screen = board.screen(dict(profile, display=dict(profile["display"], sda=2)))
    screen.show(["still playing"])
    assert "display: bad SDA pin: playing without it" in capsys.readouterr().out
    assert check_profile(dict(profile, display=dict(profile["display"], sda=2))) == [
        ("display.sda", "GPIO 2 is not an SDA pin of I2C 0 on the RP2040", "I2C 0 has SDA on GPIO 0, 4, 8, 12, 16, 20, 24, 28")]


def test_a_button_expander_that_does_not_answer_is_named_on_the_display(tmp_path, monkeypatch):
    """An MCP23017 that does not answer at boot raised OSError out of boot: the
    board stopped with a traceback after its first light. Now it stops with
    the expander's address on the display (loose_wires in leds_scenarios: a
    wire that comes loose later keeps the game going)."""
    profile = json.loads((PROFILES / "pico.json").read_text())
    profile["buttons"] = {"kind": "mcp23017", "i2c": 0, "sda": 4, "scl": 5, "addrs": [32, 33, 34, 35]}
    fake = FakeBoard(json.loads((PROFILES / "pico.json").read_text()))

    class Bus:  # the display answers; expander 0x21 does not
        def __init__(self, *args, **kwargs):
            pass

        def writeto(self, addr, data):
            pass

        def writevto(self, addr, vecs):
            pass

        def writeto_mem(self, addr, reg, data):
            if addr == 33:
                raise OSError(19)

        def readfrom_mem_into(self, addr, reg, buf):
            buf[:] = b"\xff\xff"

    fake.machine.I2C = Bus
    for mod in ("machine", "neopixel", "framebuf"):
        monkeypatch.setitem(sys.modules, mod, getattr(fake, mod))
    import companion.hal

    for mod in ("board", "ssd1306"):
        monkeypatch.delitem(sys.modules, "companion.hal." + mod, raising=False)
        monkeypatch.delattr(companion.hal, mod, raising=False)
    from companion import boot

    layouts = tmp_path / "bl"
    (layouts / "profiles").mkdir(parents=True)
    (layouts / "profiles" / "pico.json").write_text(json.dumps(profile))
    (layouts / "kahuna.json").write_text((PROFILES.parent / "kahuna.json").read_text())
    loop = boot.start_device("pico", "kahuna", str(tmp_path / "games"), str(layouts))
    loop.step(0)
    assert isinstance(loop.app, boot.Halted)
    assert loop.screen.lines == ["BUTTONS", "no MCP23017 at", "I2C address 33", "(0x21): check", "wiring, power,",
                                 "A0-A2"]
