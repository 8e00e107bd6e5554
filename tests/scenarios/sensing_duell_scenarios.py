"""Duell der Schamanen on a sensing board (issue 45, item 4) on the simulated
HAL, under both interpreters: a hall switch under each stone pocket (the
layout duell-sensing), a stone's magnet its player's pole down (Bison
north, Wolf south). A pocket tells that a stone lies there and whose; its
value goes in on the keypad. Exact frames, lines and logs."""

from companion.hal.frame import PLAYER, RED, YELLOW, STEADY, BLINK, FAST, FLASH

from .device import Device as ButtonDevice, IDLE_MS, fresh_dir

LAYOUT = "duell-sensing"
BISON = PLAYER
WOLF = PLAYER + 1


class Device(ButtonDevice):
    """The simulated duel board with stones put in and taken out of its pockets."""

    def __init__(self, root, sensed=None):
        ButtonDevice.__init__(self, root, LAYOUT, sensed=sensed)
        self.sense = dict((e["name"], e["sense"]) for e in self.layout["stones"])
        for e in self.layout["sites"]:
            self.buttons["key %d" % e["key"]] = e["button"]

    def put(self, pocket, who=None, settle=IDLE_MS):
        """A stone put in a pocket ("1,1 bison"): its magnet's pole is its player's (who: another's)."""
        b, w = self.sense[pocket]
        who = who or pocket[4:]
        chain = self.loop.sensors.scanner
        chain.put(b, 1 if who == "bison" else 0)
        chain.put(w, 1 if who == "wolf" else 0)
        self.wait(settle)
        return self

    def lift(self, pocket, settle=IDLE_MS):
        for bit in self.sense[pocket]:
            self.loop.sensors.scanner.put(bit, 0)
        self.wait(settle)
        return self

    def place(self, pocket, value):
        return self.put(pocket).press("key %d" % value)


def start(name, root=None):
    """Menu: Variant basic, Time off, New game."""
    d = Device(root or fresh_dir(name))
    d.open_menu()
    d.presses(["MENU", "TURN", "TURN", "TURN", "MENU", "MENU", "TURN"])
    return d


def events(d):
    return d.log()[1:]


def placing():
    """A stone put in the placer's pocket is the press on its site: the
    keypad asks its value, the pocket is not shown as a difference; the key
    logs the put."""
    d = start("sd-place")
    out = {"start": d.lines()[:3]}
    d.put("1,1 bison", settle=0)
    t = d.t
    while d.lines()[2] != "1,1 B: key 1-9" and d.t - t < 200:
        d.wait(2)
    out["asked_ms"] = d.t - t
    d.wait(20)
    out["asked"] = [d.lines()[:3], d.lit().get("1,1 bison"), d.lit().get("1,1"), "Board differs:" in d.lines()]
    d.press("key 5")
    out["put"] = [events(d), d.lit().get("1,1 bison"), d.lines()[:1]]
    d.place("0,0 wolf", 3).place("2,2 wolf", 7)
    out["more"] = [events(d)[1:], d.lit().get("0,0 wolf"), d.lit().get("2,2 wolf"), d.lines()[:1]]
    return out


def refused():
    """The wrong player's stone, a stone in the other's pocket, a second
    stone while a value is asked, a stone taken off: refused, shown until
    put right; the value's entry cancelled (TURN) leaves its stone to come
    off."""
    d = start("sd-refused")
    d.put("1,1 wolf", settle=10)
    out = {"wolf": [d.lit().get("1,1"), d.app.said]}
    d.wait(1500)
    out["wolf_later"] = [d.lit().get("1,1 wolf"), d.lines()[-3:]]
    d.lift("1,1 wolf", settle=700)
    d.put("1,1 bison", who="wolf", settle=10)  # a Wolf stone in Bison's pocket
    out["pocket"] = d.app.said
    d.lift("1,1 bison", settle=700)
    d.put("1,1 bison")
    d.put("0,0 bison", settle=10)  # while 1,1's value is asked
    out["second"] = [d.app.said, d.lines()[2]]
    d.lift("0,0 bison", settle=700)
    d.press("key 4")
    d.lift("1,1 bison", settle=700)  # the stone just put, taken off
    out["taken"] = [d.lit().get("1,1 bison"), d.app.said]
    d.wait(1500)
    out["taken_later"] = [d.lit().get("1,1 bison"), d.lines()[-2:]]
    d.put("1,1 bison")
    out["back"] = [d.lit().get("1,1 bison"), "Board differs:" in d.lines()]
    d.put("0,1 wolf")
    d.press("TURN")  # Wolf cancels: the stone in 0,1's pocket has no value, is to come off
    out["cancelled"] = [d.lit().get("0,1 wolf"), d.lines()[-2:]]
    d.lift("0,1 wolf", settle=700)
    out["lifted"] = [d.lit().get("0,1 wolf"), "Board differs:" in d.lines()]
    out["log"] = events(d)
    return out


def undo_todo():
    """UNDO of a put: its stone is to come off (the to-do); taking it out of
    its pocket is the took_off."""
    d = start("sd-undo")
    d.place("1,1 bison", 5)
    d.press("UNDO")
    out = {"todo": [d.lit().get("1,1"), d.lit().get("1,1 bison"), d.lines()[-1:]]}
    d.lift("1,1 bison", settle=700)
    out["done"] = [events(d)[-2:], d.lit().get("1,1 bison"), "Board differs:" in d.lines()]
    return out


def slide_and_replace():
    """A stone lifted and put back is no event; one slid to another pocket is
    no move, shown at both until it goes back."""
    d = start("sd-slide")
    d.place("1,1 bison", 5)
    d.lift("1,1 bison", settle=300)
    d.put("1,1 bison", settle=800)
    out = {"replaced": [len(events(d)), d.lit().get("1,1 bison")]}
    d.lift("1,1 bison", settle=60)
    d.put("0,2 bison", settle=800)
    out["slid"] = [len(events(d)), d.lit().get("1,1 bison"), d.app.said]
    d.lift("0,2 bison", settle=60)
    d.put("1,1 bison", settle=800)
    out["back"] = [len(events(d)), d.lit().get("1,1 bison"), d.lit().get("0,2 bison"), "Board differs:" in d.lines()]
    return out


def power_cut():
    """Two stones moved while the board was off: shown after boot, named,
    nothing logged, until put right."""
    root = fresh_dir("sd-cut")
    d = start("sd-cut", root=root)
    d.place("1,1 bison", 5).place("0,0 wolf", 3).place("2,2 wolf", 7)
    before = events(d)
    bits = bytearray(d.loop.sensors.scanner.state)
    for b in d.sense["0,0 wolf"]:
        bits[b] = 0  # Wolf's 0,0 stone taken out
    bits[d.sense["2,1 bison"][0]] = 1  # a Bison stone put in 2,1's pocket
    d = Device(root, sensed=bits)
    d.wait(40)
    out = {"lit": [d.lit().get("0,0 wolf"), d.lit().get("2,1 bison"), d.lit().get("1,1 bison")],
           "lines": d.lines()[-3:], "same_log": events(d) == before, "check": d.app.checking}
    d.put("0,0 wolf").lift("2,1 bison", settle=700)
    out["put_right"] = [d.lit().get("0,0 wolf"), d.lit().get("2,1 bison"), "Board differs:" in d.lines(),
                        events(d) == before]
    return out


def run_all():
    return {"place": placing(), "refused": refused(), "undo": undo_todo(), "slide": slide_and_replace(),
            "cut": power_cut(), "swap": swap_by_hand()}


def swap_by_hand():
    """After a duel the swapper exchanges two of their stones by hand: each
    pocket left empty meanwhile is shown (no refusal: a swap passes through
    empty pockets), and the two sites pressed are the swap."""
    from .duell_scenarios import BASIC

    d = start("sd-swap")
    for e in BASIC:
        d.place("%s %s" % (e["at"], e["player"]), e["value"])
    d.press("wolf mask 2").press("bison mask 2")
    out = {"duel": d.lines()[:3]}
    d.lift("0,0 bison", settle=700)
    out["lifted"] = [d.lit().get("0,0 bison"), d.app.said, d.lines()[-2:]]
    d.lift("1,1 bison", settle=100).put("0,0 bison").put("1,1 bison")  # exchanged: every pocket holds one
    out["exchanged"] = [d.lit().get("0,0 bison"), "Board differs:" in d.lines(), len(events(d))]
    d.press("0,0").press("1,1")
    out["swapped"] = events(d)[-1]
    return out
