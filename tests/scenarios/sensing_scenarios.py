"""The sensing board (issue 45) on the simulated HAL, under both interpreters:
sticks put on and taken off the simulated 74HC165 chain's bits (a hall
switch's north output for white, south for black), the firmware unchanged
(boot.start_sim attaches app/sensing.py and hal/sensors.Slots for a layout
that names sensor bits). Exact frames, lines and logs."""

from companion.hal.frame import PLAYER, RED, STEADY, BLINK, FAST, FLASH
from companion.hal.sensors import Slots

from .common import ev
from .device import IDLE_MS, SCAN, Device as ButtonDevice, fresh_dir
from .kahuna_scenarios import SETUP

class Device(ButtonDevice):
    """The simulated device, with sticks put on and taken off its sensed slots."""

    def __init__(self, root, layout, sensed=None):
        ButtonDevice.__init__(self, root, layout, sensed=sensed)
        self.sense = {}  # element name -> its [white, black] bits
        for e in self.layout.get("connections", ()):
            if "sense" in e:
                self.sense[e["a"] + "-" + e["b"]] = self.sense[e["b"] + "-" + e["a"]] = e["sense"]

    def put(self, name, colour, settle=IDLE_MS):
        """A stick put on a sensed slot: colour "white" (its magnet's north
        pole down) or "black" (south); the chain's bits as the hall switch's
        outputs show it. Then the loop runs for `settle` ms."""
        w, b = self.sense[name]
        chain = self.loop.sensors.scanner
        chain.put(w, 1 if colour == "white" else 0)
        chain.put(b, 1 if colour == "black" else 0)
        self.wait(settle)
        return self

    def lift(self, name, settle=IDLE_MS):
        """The stick on a sensed slot taken off (then `settle` ms of loop)."""
        w, b = self.sense[name]
        chain = self.loop.sensors.scanner
        chain.put(w, 0)
        chain.put(b, 0)
        self.wait(settle)
        return self


WHITE = PLAYER
BLACK = PLAYER + 1
LAYOUT = "kahuna-sensing"


def until_lit(d, name, colour, most=200):
    """Step the loop until the element shows colour; the ms it took (None: never)."""
    start = d.t
    while d.t - start <= most:
        if d.lit().get(name, [0])[0] == colour:
            return d.t - start
        d.wait(SCAN)
    return None


def logged(d):
    return [e for e in d.log()[1:]]


def worked_example():
    """The rule sheets' worked example played by putting sticks on and taking
    them off: placements lit at once, the cascades' sticks taken off
    completing the to-do, a remove and a place on the same connection."""
    d = Device(fresh_dir("sense-worked"), LAYOUT)
    d.new_game(first="black")
    out = {}
    colour = "black"
    for e in SETUP:
        if e["op"] == "place":
            d.put(e["at"], colour)
        else:
            d.press("TURN")
            colour = "white" if colour == "black" else "black"
    out["setup"] = logged(d) == SETUP
    # White 1) BARI-DUDA: lit as soon as the chain has seen it settle
    d.put("BARI-DUDA", "white", settle=0)
    out["lit_ms"] = until_lit(d, "BARI-DUDA", WHITE)
    d.wait(20)
    lit = d.lit()
    out["lit"] = [lit["BARI-DUDA"], lit["ALOA-BARI"], lit["BARI"], lit["ALOA"]]
    out["lines"] = d.lines()
    # the cascade: black's ALOA-BARI taken off is the to-do done (after the lift window)
    d.lift("ALOA-BARI", settle=300)
    out["lifting"] = [logged(d)[-1], d.lit()["ALOA-BARI"]]
    d.wait(400)
    out["took_off"] = logged(d)[-1]
    d.press("ALOA").press("BARI")  # the stones' to-do by their buttons (islands are not sensed here)
    # White 2) ALOA-BARI: black's ALOA-HUNA and the HUNA stone go
    d.put("ALOA-BARI", "white")
    out["second"] = [logged(d)[-1], d.lit()["ALOA-HUNA"]]
    d.lift("ALOA-HUNA", settle=700).press("HUNA").press("TURN")
    # Black: white's ELAI-HUNA off and a black stick on it at once (a remove, then a place)
    d.lift("ELAI-HUNA", settle=100)
    d.put("ELAI-HUNA", "black", settle=100)
    d.press("TURN")
    out["log"] = [e for e in logged(d) if e["op"] not in ("took_off", "put_on")][len(SETUP):]
    out["confirmed"] = [e for e in logged(d) if e["op"] in ("took_off", "put_on")]
    return out


def wrong_colour():
    """A black stick while White is to play: refused (red, the reason, nothing
    logged) and shown until it is taken off again."""
    d = Device(fresh_dir("sense-wrong"), LAYOUT)
    d.new_game(first="white")
    out = {}
    d.put("ALOA-BARI", "black", settle=10)
    out["at_once"] = [d.lit().get("ALOA-BARI"), d.app.said]
    d.wait(2000)
    out["later"] = [d.lit().get("ALOA-BARI"), d.lines()[-3:]]
    d.lift("ALOA-BARI", settle=300)
    out["lifting"] = d.lit().get("ALOA-BARI")
    d.wait(400)
    out["put_right"] = [d.lit().get("ALOA-BARI"), "Board differs:" in d.lines()]
    d.put("ALOA-BARI", "white")
    out["log"] = logged(d)
    return out


def lift_and_slide():
    """A stick lifted and put back is no event; one slid to another slot is
    no move (both places shown until it goes back), and back again is none."""
    d = Device(fresh_dir("sense-slide"), LAYOUT)
    d.new_game(first="white")
    out = {}
    d.put("ALOA-BARI", "white")
    d.lift("ALOA-BARI", settle=300)
    d.put("ALOA-BARI", "white", settle=800)
    out["replaced"] = [logged(d), d.lit().get("ALOA-BARI")]
    d.lift("ALOA-BARI", settle=60)
    d.put("ALOA-DUDA", "white", settle=800)
    out["slid"] = [logged(d), d.lit().get("ALOA-BARI"), d.lit().get("ALOA-DUDA"), d.lines()[-3:]]
    d.lift("ALOA-DUDA", settle=60)
    d.put("ALOA-BARI", "white", settle=800)
    out["back"] = [logged(d), d.lit().get("ALOA-BARI"), d.lit().get("ALOA-DUDA"), "Board differs:" in d.lines()]
    return out


def power_cut():
    """Two sticks moved while the board was off: after boot both blink and
    are named until put right; nothing is logged for them."""
    root = fresh_dir("sense-cut")
    d = Device(root, LAYOUT)
    d.new_game(first="white")
    d.put("ALOA-BARI", "white").press("TURN").put("HUNA-IFFI", "black").press("TURN")
    before = logged(d)
    bits = bytearray(d.loop.sensors.scanner.state)
    # while off: white's ALOA-BARI taken off, a black stick put on ELAI-FAAA
    w, b = d.sense["ALOA-BARI"]
    bits[w] = 0
    w, b = d.sense["ELAI-FAAA"]
    bits[b] = 1
    d = Device(root, LAYOUT, sensed=bits)
    d.wait(40)
    out = {"lit": [d.lit().get("ALOA-BARI"), d.lit().get("ELAI-FAAA"), d.lit().get("HUNA-IFFI")],
           "lines": d.lines()[-3:], "same_log": logged(d) == before, "check": d.app.checking}
    d.wait(3000)
    out["still"] = [d.lit().get("ALOA-BARI"), d.lit().get("ELAI-FAAA")]
    d.put("ALOA-BARI", "white")
    out["one_left"] = d.lines()[-2:]
    d.lift("ELAI-FAAA", settle=700)
    out["put_right"] = [d.lit().get("ALOA-BARI"), d.lit().get("ELAI-FAAA"), "Board differs:" in d.lines(),
                        logged(d) == before]
    return out


def todo_done_while_off():
    """A cascade's stick taken off while the board was off: the to-do is done
    at boot (took_off logged), not shown as a difference."""
    root = fresh_dir("sense-todo")
    d = Device(root, LAYOUT)
    d.new_game(first="black")
    colour = "black"
    for e in SETUP:
        if e["op"] == "place":
            d.put(e["at"], colour)
        else:
            d.press("TURN")
            colour = "white" if colour == "black" else "black"
    d.put("BARI-DUDA", "white")
    bits = bytearray(d.loop.sensors.scanner.state)
    w, b = d.sense["ALOA-BARI"]
    bits[b] = 0  # black's ALOA-BARI, the cascade's, taken off while off
    d = Device(root, LAYOUT, sensed=bits)
    d.wait(40)
    return {"last": logged(d)[-1], "differs": "Board differs:" in d.lines(), "lit": d.lit().get("ALOA-BARI")}


def remote_move():
    """Remote play: the other board's move arrives as this board's to-do
    (App.apply_foreign, as remote/seat.py hands it over); the stick put on
    there is the put_on that says it is done."""
    d = Device(fresh_dir("sense-remote"), LAYOUT)
    d.new_game(first="white")
    text = '{"op": "place", "at": "ALOA-BARI"}'
    d.app.apply_foreign(text, ev("place", "ALOA-BARI"))
    d.app.changed()
    d.wait(20)
    out = {"todo": [d.lit().get("ALOA-BARI"), d.lines()[-2:]]}
    d.put("ALOA-BARI", "white")
    out["done"] = [logged(d)[-2:], d.lit().get("ALOA-BARI")]
    return out


def debouncer():
    """hal/sensors.Slots alone, on a scripted chain: times of what counts."""
    from companion.hal.sensors import SimChain

    chain = SimChain(8)
    s = Slots(chain, bytearray([0, 1, 2, 3, 4, 5]), poll_ms=1)
    out = []

    def run(t0, t1):
        for t in range(t0, t1):
            s.scan(t)
            e = s.get()
            while e >= 0:
                out.append([t, e >> 4, e >> 2 & 3, e & 3])
                e = s.get()

    chain.put(0, 1)  # a white stick on slot 0 before boot
    run(0, 10)
    chain.put(3, 1)  # black on slot 1 at 10: counts at 12
    run(10, 20)
    chain.put(0, 0)  # slot 0 lifted at 20, back at 400: nothing
    run(20, 400)
    chain.put(0, 1)
    run(400, 1100)
    chain.put(0, 0)  # slot 0's white slid to slot 2 (lifted at 1100, on slot 2 at 1150)
    run(1100, 1150)
    chain.put(4, 1)
    run(1150, 1800)
    chain.put(5, 1)  # both outputs of slot 2: no stick does that; never counts
    run(1800, 1900)
    chain.put(4, 0)  # a black stick after all: counts as a change of colour
    run(1900, 2000)
    chain.put(3, 0)  # slot 1 taken off at 2000: counts at 2600
    run(2000, 2700)
    return out


def run_all():
    return {"worked": worked_example(), "wrong": wrong_colour(), "slide": lift_and_slide(),
            "cut": power_cut(), "todo": todo_done_while_off(), "remote": remote_move(), "debouncer": debouncer()}
