"""Timing of a press, in simulated time only (both interpreters).

- never deaf: the store's write blocks for 150 ms while presses come and
  go; the background sampler (what the RP2040's PIO + DMA does) loses none,
  the polled scanner loses the presses that begin and end inside a write;
- act on press-down: the LED shows while the finger is still on the button;
- light, then the log, then the display, one page per step;
- generated bounce (0-10 ms at both edges) and fast taps: one DOWN and one
  UP per press, whatever the loop's timing;
- a long-press key is acknowledged at press-down and decided at release or
  at the long-press time;
- the PIO samples' decoder, the paged display and the LEDs' partial render.
"""

from array import array

from companion.core.rng import Rng
from companion.hal.frame import Frame, GREEN, STEADY, BLINK, PLAYER
from companion.hal.buttons import Buttons, PolledSampler, DOWN, LONG, UP
from companion.hal.leds import Leds, RGB
from companion.hal.sampling import Backlog, SampleDecoder
from companion.hal.screen import Screen
from companion.hal.sim import SimDisplay, SimStrip

from .device import Device, fresh_dir
from .pio_ring import Sink
from .samplers import BackgroundSampler, ScriptScanner

STALL_MS = 150  # one log write on a slow flash (a sector erase)
SETTLE = Buttons.SETTLE_MS


class Recorder:
    """Counts what reaches the app and the order of the slow work."""

    def __init__(self, d, clock, stall):
        self.downs = []
        self.order = []
        app = d.app
        down = app.down
        store = app.store
        append = store.append
        strip = d.loop.leds.strip
        write = strip.write
        display = d.loop.screen.display
        page = display.show_page
        me = self

        def on_down(code):
            me.downs.append(code)
            down(code)

        def on_append(event):
            me.order.append("log")
            append(event)
            clock[0] += stall  # the write blocks the loop

        def on_write():
            me.order.append("led")
            write()

        def on_page(p):
            me.order.append("page")
            page(p)

        app.down = on_down
        store.append = on_append
        strip.write = on_write
        display.show_page = on_page


def rig(name, background, stall=STALL_MS):
    d = Device(fresh_dir(name))
    d.new_game(first="white")
    clock = [d.t + 2]
    script = []
    if background:
        sampler = BackgroundSampler(64, script)
    else:
        sampler = PolledSampler(ScriptScanner(64, script, lambda: clock[0]))
    d.loop.buttons = Buttons(sampler)
    return d, clock, script, Recorder(d, clock, stall)


def bounce(rng, script, code, t, level, ms):
    """A contact change at t with ms of bounce before it settles at level."""
    k = 0
    while k < ms:
        script.append((t + k, code, (k & 1) ^ level ^ 1 if rng.below(3) else level))
        k += 1 + rng.below(2)
    script.append((t + ms, code, level))


def run_until(d, clock, end):
    while clock[0] < end:
        d.loop.step(clock[0])
        clock[0] += 2


def taps(seed, count=12):
    """Pairs of board presses 40..150 ms apart, held 25..80 ms, with bounce:
    [(code, t_down, t_up)] and the script of their contacts."""
    rng = Rng(seed)
    presses = []
    codes = list(range(0, 39))
    t = 0
    for k in range(count):
        a = codes[(2 * k) % 39]
        b = codes[(2 * k + 17) % 39]
        gap = 40 + rng.below(111)
        for code, at in ((a, t), (b, t + gap)):
            hold = 25 + rng.below(56)
            presses.append((code, at, at + hold))
        t += gap + 400
    return presses


def contacts(presses, seed, t0):
    rng = Rng(seed)
    script = []
    for code, down, up in presses:
        bounce(rng, script, code, t0 + down, 1, rng.below(11))
        bounce(rng, script, code, t0 + up, 0, rng.below(11))
    script.sort()
    return script


def never_deaf():
    """A log write blocks 150 ms; presses come and go meanwhile."""
    out = {}
    for background in (True, False):
        d, clock, script, rec = rig("timing-deaf", background)
        presses = taps(7)
        script.extend(contacts(presses, 8, clock[0] + 10))
        run_until(d, clock, clock[0] + presses[-1][2] + 600)
        want = [p[0] for p in presses]
        logged = len(d.log()) - 1
        out["background" if background else "polled"] = {"pressed": len(want), "registered": len(rec.downs),
                                                         "logged": logged}
        if background:
            assert rec.downs == want, (rec.downs, want)  # every press, once, in order
        else:
            assert len(rec.downs) < len(want)  # the polled scanner is deaf during a write
            assert all(c in want for c in rec.downs)
    return out


def press_down():
    """The LED answers while the finger is still down; the log line follows it."""
    d, clock, script, rec = rig("timing-down", True, stall=0)
    code = d.buttons["ALOA-BARI"]
    led = d.leds["ALOA-BARI"]
    t = clock[0] + 11
    script.extend([(t, code, 1), (t + 1, code, 0), (t + 2, code, 1), (t + 300, code, 0)])
    lit_at = None
    while clock[0] < t + 300:
        d.loop.step(clock[0])
        if lit_at is None and d.rgb("ALOA-BARI") != [0, 0, 0] and d.app.frame.colour[led] == PLAYER:
            lit_at = clock[0]
            assert len(d.log()) == 2 and d.log()[1] == {"op": "place", "at": "ALOA-BARI"}
        clock[0] += 2
    assert lit_at is not None and lit_at < t + 300  # lit while held
    settled = t + 2 + SETTLE
    assert settled <= lit_at < settled + 2, (lit_at, settled)  # the first step after it settled
    k = rec.order.index("log")
    assert k > 0 and rec.order[k - 1] == "led"  # the light went out right before the log line
    return {"contact_to_light_ms": lit_at - t, "bounce_ms": 2, "settle_ms": SETTLE}


def light_log_display():
    """One press: the LED frame first, then the log line, then the display's
    changed pages, one per loop step."""
    d, clock, script, rec = rig("timing-order", True, stall=0)
    code = d.buttons["KAHU-LALE"]
    t = clock[0] + 5
    script.extend([(t, code, 1), (t + 50, code, 0)])
    pages_per_step = []
    while clock[0] < t + 200:
        before = len(rec.order)
        d.loop.step(clock[0])
        pages_per_step.append(rec.order[before:].count("page"))
        clock[0] += 2
    first = [x for i, x in enumerate(rec.order) if x not in rec.order[:i]]
    assert first == ["led", "log", "page"], rec.order
    assert rec.order.index("log") < rec.order.index("page")
    assert max(pages_per_step) == 1
    pages = rec.order.count("page")
    assert 0 < pages < 8  # only the lines that changed
    return {"order": first, "pages": pages}


def chatter_background(seed):
    """Bounce of 0-10 ms at both edges, fast taps, and a loop that sometimes
    stalls 150 ms: exactly one DOWN and one UP per press, at the right code."""
    rng = Rng(seed)
    script = []
    b = Buttons(BackgroundSampler(16, script))
    presses = []
    t = 0
    for k in range(40):
        code = rng.below(16)
        hold = 15 + rng.below(40)  # fast taps too
        presses.append(code)
        bounce(rng, script, code, t + 10, 1, rng.below(11))
        bounce(rng, script, code, t + 10 + hold, 0, rng.below(11))
        t += hold + 60
    script.sort()
    got = []
    now = 0
    while now < t + 200:
        b.scan(now)
        e = b.get()
        while e >= 0:
            got.append(e)
            e = b.get()
        now += 150 if rng.below(8) == 0 else 2
    downs = [e >> 2 for e in got if e & 3 == DOWN]
    ups = [e >> 2 for e in got if e & 3 == UP]
    assert downs == presses and ups == presses, (downs, presses)
    assert not [e for e in got if e & 3 == LONG]
    return {"presses": len(presses), "events": len(got)}


def long_press():
    """TURN: acknowledged at press-down (the display says what holding does),
    decided at release (end_turn) or at the long-press time (end_round, while
    still held)."""
    out = {}
    d = Device(fresh_dir("timing-long"))
    d.new_game(first="white")
    d.press("ALOA-BARI")
    scanner = d.loop.buttons.scanner
    turn = d.buttons["TURN"]
    events = len(d.log())
    scanner.press(turn)
    d.wait(10)
    assert d.app.held == turn and len(d.log()) == events  # waiting: its length matters
    assert d.lines()[-2:] == ["hold: end of", "round"], d.lines()
    out["ack"] = d.lines()[-2:]
    scanner.release(turn)
    d.wait(20)
    assert d.log()[-1] == {"op": "end_turn"} and d.app.held == -1
    d.press("KAHU-LALE")
    events = len(d.log())
    scanner.press(turn)
    d.wait(600)
    assert len(d.log()) == events  # not yet
    d.wait(120)
    assert d.log()[-1] == {"op": "end_round"}  # decided at the long-press time, still held
    scanner.release(turn)
    d.wait(40)
    assert len(d.log()) == events + 1  # the release adds nothing
    out["long"] = d.lines()[0]
    out["round"] = d.lines()[4]
    # a board element whose length matters (Duell profi) lights green at press-down
    d = Device(fresh_dir("timing-long-duell"), layout="duell")
    d.open_menu()  # a fresh board plays at once: the menu starts the profi game
    d.presses(["TURN", "TURN", "MENU", "TURN", "TURN", "TURN", "MENU", "MENU", "TURN"])  # profi, no clock
    assert d.app.game.profi
    site = min(d.app.ui.site_of)
    led = d.app.led_of[site]
    d.loop.buttons.scanner.press(site)
    d.wait(10)
    assert d.app.frame.colour[led] == GREEN and d.app.frame.effect[led] == STEADY
    assert list(d.loop.leds.strip.buf[3 * led:3 * led + 3]) == [0, 255 * d.app.brightness >> 8, 0]  # lit while held
    d.loop.buttons.scanner.release(site)
    d.wait(20)
    assert d.app.held == -1 and d.app.frame.colour[led] != GREEN
    out["duell_ack"] = site
    return out


def signed32(u):
    """An unsigned 32-bit word as the signed int an array("i") holds."""
    u &= 0xFFFFFFFF
    return u - (1 << 32) if u >> 31 else u


class FakeDma:
    """The PIO + DMA: one 2-word sample per ms into a ring of 16 samples
    (bit b of word w: button w * 32 + b, 1 = open)."""

    def __init__(self, ring, start, nsamples):
        self.ring = ring
        self.start = start
        self.nsamples = nsamples
        self.count = 0
        self.state = [0xFFFFFFFF, 0xFFFFFFFF]

    def run(self, ms, contacts, t0):
        for _ in range(ms):
            t = t0 + self.count + 1
            for at, code, level in contacts:
                if at == t:
                    w = code >> 5
                    if level:
                        self.state[w] &= ~(1 << (code & 31)) & 0xFFFFFFFF
                    else:
                        self.state[w] |= 1 << (code & 31)
            i = self.start + (self.count % self.nsamples) * 2
            for w in range(2):
                self.ring[i + w] = signed32(self.state[w])
            self.count += 1

    def done(self):
        return self.count


def sample_decoder():
    """Samples taken while Python is away come out with their own times."""
    ring = array("i", [0] * (3 + 16 * 2))
    hw = FakeDma(ring, 3, 16)
    dec = SampleDecoder(ring, 3, 16, 2, 1, hw.done, 1000)
    b = Buttons(dec)
    contacts = [(1003, 5, 1), (1009, 5, 0), (1010, 63, 1), (1012, 40, 1)]
    hw.run(14, contacts, 1000)  # 14 ms pass before Python looks
    b.scan(1014)
    got = []
    e = b.get()
    while e >= 0:
        got.append([e >> 2, e & 3])
        e = b.get()
    assert got == [[5, DOWN], [63, DOWN]], got  # 40 still settling; 5's release locked out until 1027
    for _ in range(2):  # twice 12 ms, within the ring: nothing lost
        hw.run(12, contacts, 1000)
        b.scan(1000 + hw.count)
        e = b.get()
        while e >= 0:
            got.append([e >> 2, e & 3])
            e = b.get()
    assert got == [[5, DOWN], [63, DOWN], [40, DOWN], [5, UP]], got  # in the order they settled
    assert dec.lost == 0
    hw.run(40, [], 1000)  # longer than the ring: the oldest samples are lost, and counted
    b.scan(1078)
    assert dec.lost == 40 - 14, dec.lost
    return {"events": got, "lost": dec.lost}


def backlog(drain_every):
    """A boot longer than the ring (16 samples here, 512 on the Pico): with
    a drain every drain_every ms (a timer during boot), every press made
    during it counts, at its own time; with none (0), the oldest are lost."""
    ring = array("i", [0] * (16 * 2))

    class Source:  # the PIO sampler's shape: n and collect
        n = 64

        def __init__(self):
            self.hw = FakeDma(ring, 0, 16)
            self.decoder = SampleDecoder(ring, 0, 16, 2, 1, self.hw.done, 0)

        def collect(self, sink, now):
            return self.decoder.collect(sink, now)

    src = Source()
    early = Backlog(src)
    contacts = []
    for at, code in ((4, 5), (30, 9), (61, 40)):  # three presses of 8 ms during a 70 ms boot
        contacts += [(at, code, 1), (at + 8, code, 0)]
    for t in range(1, 71):
        src.hw.run(1, contacts, 0)
        if drain_every and t % drain_every == 0:
            early.drain(t)
    b = Buttons(early, 0)
    got = []
    for t in range(71, 120):  # the run loop
        src.hw.run(1, contacts, 0)
        b.scan(t)
        e = b.get()
        while e >= 0:
            got.append([e >> 2, e & 3])
            e = b.get()
    early.drain(120)  # (after the first collect a drain does nothing)
    return {"events": got, "lost": src.decoder.lost + early.lost, "kept": early.kept}


def decoded_edges(words):
    """Each sample's two words (1 = open) through a SampleDecoder: every
    changed bit, by time and then by code, with its level and its sample's
    time. Beside it, the same found a bit at a time (the reference)."""
    ring = array("i", [0] * (2 * 64))
    hw = FakeDma(ring, 0, 64)
    dec = SampleDecoder(ring, 0, 64, 2, 1, hw.done, 0)
    sink = Sink()
    want = []
    prev = [0xFFFFFFFF, 0xFFFFFFFF]
    for k, pair in enumerate(words):
        hw.state = list(pair)
        hw.run(1, [], 0)
        for w in range(2):
            for b in range(32):
                if (pair[w] ^ prev[w]) >> b & 1:
                    want.append([w * 32 + b, 0 if pair[w] >> b & 1 else 1, k + 1])
        prev = list(pair)
        if k % 5 == 4:
            dec.collect(sink, k + 1)
    dec.collect(sink, len(words))
    return {"edges": [list(e) for e in sink.edges], "reference": want}


def paged_display():
    d = SimDisplay()
    s = Screen(d)
    s.update(["Title", "a", "b"])
    sent = 0
    while s.step():
        sent += 1
    assert sent == 8 and d.shows == 0  # the first time every page
    s.update(["Title", "a", "c"])
    assert s.ndirty == 1
    s.step()
    assert not s.step() and d.pages == 9
    return {"pages": d.pages, "bytes": d.sent}


def partial_leds():
    strip = SimStrip(4)
    leds = Leds(strip, 4, order=RGB)
    f = Frame(4)
    f.set(0, PLAYER)
    f.set(2, PLAYER, BLINK)
    leds.render(f, 0, 255)
    assert strip.writes == 1 and strip.buf[6] > 0
    leds.render(f, 100, 255)
    assert strip.writes == 1 and not leds.due(400)  # same frame, same blink phase: nothing to do
    assert leds.due(500)
    leds.render(f, 500, 255)
    assert strip.writes == 2 and strip.buf[6] == 0 and strip.buf[0] > 0
    f.set(1, PLAYER)
    leds.render(f, 510, 255)
    assert strip.writes == 3 and strip.buf[3] > 0
    return list(strip.buf)


def run_all():
    return {
        "never_deaf": never_deaf(),
        "press_down": press_down(),
        "light_log_display": light_log_display(),
        "chatter_background": [chatter_background(1), chatter_background(2)],
        "long_press": long_press(),
        "sample_decoder": sample_decoder(),
        "backlog": [backlog(10), backlog(0)],
        "paged_display": paged_display(),
        "partial_leds": partial_leds(),
    }
