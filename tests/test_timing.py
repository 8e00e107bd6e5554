"""Timing of a press (tests/scenarios/timing_scenarios.py), in simulated time:
under CPython one test per scenario; under native MicroPython the same
scenarios one by one, and the scan / page / LED path under heap_lock.
(test_both_interpreters also runs the whole module under both ports.)"""

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.hal.buttons import DOWN, UP
from companion.loop import AWAY_MS
from host_tools.micropython import run_native
from tests.scenarios import timing_scenarios as ts


def test_no_press_is_lost_while_the_store_blocks():
    r = ts.never_deaf()
    assert r["background"]["registered"] == r["background"]["pressed"] == 24
    assert r["polled"]["registered"] < 24  # what the polled scanner misses during a 150 ms write


def test_a_press_lights_at_press_down_within_settle_time():
    r = ts.press_down()
    assert r == {"contact_to_light_ms": 7, "bounce_ms": 2, "settle_ms": 4}


def test_light_then_log_then_display_one_page_per_step():
    # a stick placed: its player's row and the last-move row change (two pages)
    assert ts.light_log_display() == {"order": ["led", "log", "page"], "pages": 2}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bounce_and_fast_taps_give_one_press_each(seed):
    assert ts.chatter_background(seed) == {"presses": 40, "events": 80}


def test_long_press_is_acknowledged_at_press_down():
    r = ts.long_press()
    assert r["ack"] == ["hold: end of", "round"] and r["long"] == "White to play" and r["round"] == "Round 2 of 3"


def test_pio_samples_decode_with_their_own_time():
    r = ts.sample_decoder()
    assert r == {"events": [[5, 1], [63, 1], [40, 1], [5, 3]], "lost": 26}


def test_a_boot_longer_than_the_ring_loses_no_press_when_its_ring_is_drained():
    """board.listen's timer drains the PIO ring into a backlog during boot (issue 44)."""
    drained = ts.backlog(10)
    assert drained == {"events": [[5, DOWN], [5, UP], [9, DOWN], [9, UP], [40, DOWN], [40, UP]], "lost": 0,
                       "kept": 0}
    undrained = ts.backlog(0)  # the ring alone: the first presses are gone
    assert undrained["lost"] > 0 and [5, DOWN] not in undrained["events"]


WORD = st.integers(min_value=0, max_value=0xFFFFFFFF)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(WORD, WORD), min_size=1, max_size=40))
def test_the_sample_decoder_reports_every_changed_contact_as_a_bit_by_bit_reading_would(words):
    r = ts.decoded_edges(words)
    assert r["edges"] == r["reference"]


@pytest.mark.native
def test_the_sample_decoder_under_native_micropython_reports_every_changed_contact():
    rng = random.Random(5)
    words = [(rng.getrandbits(32), rng.getrandbits(32)) for _ in range(30)]
    words += [(0xFFFFFFFF ^ (1 << b), 0xFFFFFFFF ^ (3 << (b % 31))) for b in range(32)]  # one at a time, high bits too
    out = run_native("import json\nfrom scenarios import timing_scenarios as m\n"
                     "print('RESULT ' + json.dumps(m.decoded_edges(%r)))" % (words,))
    got = json.loads([l for l in out.splitlines() if l.startswith("RESULT ")][-1][7:])
    assert got["edges"] == got["reference"] == ts.decoded_edges(words)["reference"]
    assert len(got["edges"]) > 100


def test_display_sends_only_changed_pages():
    assert ts.paged_display() == {"pages": 9, "bytes": 9 * 128}


def test_leds_write_only_on_change():
    assert ts.partial_leds()[:6] == [254, 234, 209, 254, 234, 209]  # the white player's warm white


NATIVE = "import json\nfrom scenarios import timing_scenarios as m\nprint('RESULT ' + json.dumps(m.%s()))"


def native(name):
    out = run_native(NATIVE % name)
    return json.loads([l for l in out.splitlines() if l.startswith("RESULT ")][-1][7:])


@pytest.mark.native
@pytest.mark.parametrize("name", ["never_deaf", "press_down", "light_log_display", "long_press"])
def test_timing_scenario_under_native_micropython(name):
    want = json.loads(json.dumps(getattr(ts, name)()))
    assert native(name) == want


HEAP_LOCK = """
import micropython
from array import array
from companion.hal.buttons import Buttons
from companion.hal.sampling import SampleDecoder, PortMatrixScanner
from scenarios.timing_scenarios import FakeDma
from scenarios.device import Device, fresh_dir

ring = array("i", [0] * (16 * 2))
hw = FakeDma(ring, 0, 16)
dec = SampleDecoder(ring, 0, 16, 2, 1, hw.done, 0)
b = Buttons(dec)

class Pin:
    def value(self, v=None):
        return 1

class Mem:
    def __init__(self):
        self.v = 0x3FFFFF
    def __getitem__(self, a):
        return self.v

mem = Mem()
port = Buttons(PortMatrixScanner([Pin() for _ in range(8)], [(0, 14 + c) for c in range(8)], mem, (0xD0000004,)))
d = Device(fresh_dir("timing-lock"))
d.new_game(first="white")
d.loop.buttons.scanner.press(d.buttons["ALOA-BARI"])
t = d.t
logged = len(d.log())
while len(d.log()) == logged or not d.loop.screen.ndirty:  # the press acts; then its display pages are queued
    t += 2
    d.loop.step(t)
hw.run(10, [(3, 5, 1), (9, 40, 1)], 0)
queued = d.loop.screen.ndirty


def locked(t):
    b.scan(10)
    for k in range(6):
        port.scan(k * 2)
    mem.v = 0x3FBFFF  # column 0 of every row reads pressed
    for k in range(6, 12):
        port.scan(k * 2)
    for k in range(12):
        t += 2
        d.loop.step(t)


micropython.heap_lock()
try:
    locked(t)
finally:
    micropython.heap_unlock()
events = []
e = b.get()
while e >= 0:
    events.append(e)
    e = b.get()
print("RESULT", queued, d.loop.screen.ndirty, events, port.get() >> 2)
"""


@pytest.mark.native
def test_sampling_pages_and_leds_allocate_nothing_under_native_micropython():
    out = run_native(HEAP_LOCK)
    line = [l for l in out.splitlines() if l.startswith("RESULT")][-1].split(" ", 1)[1]
    queued, left, events, first = line.split(" ", 3)
    assert int(queued) > 0 and int(left) == 0  # the pages went out under heap_lock
    assert events == "[21]" and int(first) == 0  # 5 DOWN (5 << 2 | 1); row 0 column 0 pressed


def test_a_display_page_waits_while_a_press_settles(tmp_path):
    """A page takes 3-4 ms on a chip: while a contact change waits to count,
    the run loop sends none, so the press is acted on in the next step."""
    from companion.boot import start_sim
    from host_tools.paths import ROOT

    loop = start_sim("kahuna", str(tmp_path), str(ROOT / "board_layouts"), lambda: 1)
    loop.screen.update(["a"] * 8)  # pages queued
    queued = loop.screen.ndirty
    loop.buttons.scanner.press(1)
    loop.step(10)  # the contact is seen: settling
    seen = (loop.buttons.settling, loop.screen.ndirty)
    t = 10
    while loop.buttons.settling:
        t += 1
        loop.step(t)
    assert queued > 1 and seen == (True, queued)  # no page went out while it settled
    loop.step(t + 1)  # the press's text (its light and log came in the step before)
    drawn = loop.screen.ndirty
    loop.step(t + 2)
    assert loop.screen.ndirty < drawn  # then the pages go out again


def test_quiet_time_comes_while_an_led_blinks(tmp_path):
    """Quiet-time work keeps out of a step that wrote the LEDs, and no more:
    with a blink on the board it still comes once nobody has pressed for
    AWAY_MS (loop.py: outside the moment after a release, quiet-time work
    waits for the players to be away)."""
    from companion.boot import start_sim
    from host_tools.paths import ROOT

    loop = start_sim("kahuna", str(tmp_path), str(ROOT / "board_layouts"), lambda: 1)
    calls = []
    idle = loop.app.idle
    loop.app.idle = lambda: calls.append(1) or idle()
    loop.app.frame.set(0, 1, 1)  # a blinking LED (BLINK): the strip is written now and then
    loop.app.version += 1
    loop.press_at = 0
    loop.touched = 0
    for t in range(2, AWAY_MS + 1000, 2):
        loop.step(t)
    assert loop.leds.nanim == 1 and calls
