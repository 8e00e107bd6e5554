"""Rukuni on a sensing board (issue 45, item 4) on the simulated HAL, under
both interpreters: stones seen by colour (a DRV5032DU's two poles), towers
by presence (a second switch: each cell's third "sense" bit; the layout
rukuni-sensing). A turn is played by hand: a tower lifted and set down
elsewhere is its move, a stone put next to it the set. Exact frames, lines
and logs."""

from companion.hal.frame import PLAYER, RED, YELLOW, STEADY, BLINK, FAST, PULSE, FLASH

from .device import Device as ButtonDevice, IDLE_MS, fresh_dir
from .rukuni_scenarios import CORNERS

LAYOUT = "rukuni-sensing"
WHITE = PLAYER
BLACK = PLAYER + 1


class Device(ButtonDevice):
    """The simulated Rukuni board with pieces put on and taken off its cells."""

    def __init__(self, root, sensed=None):
        if sensed is None:  # the towers on their corners, as a new game has them
            sensed = bytearray(184)
        ButtonDevice.__init__(self, root, LAYOUT, sensed=sensed)
        self.sense = dict((e["name"], e["sense"]) for e in self.layout["cells"])
        if not any(sensed):
            for c in CORNERS:
                self.chain().put(self.sense[c][2], 1)
            self.wait(20)

    def chain(self):
        return self.loop.sensors.scanner

    def put(self, name, piece, settle=IDLE_MS):
        """A piece put on a cell: "white" or "black" (a stone), "tower"."""
        w, b, t = self.sense[name]
        chain = self.chain()
        chain.put(w, 1 if piece == "white" else 0)
        chain.put(b, 1 if piece == "black" else 0)
        chain.put(t, 1 if piece == "tower" else 0)
        self.wait(settle)
        return self

    def lift(self, name, settle=IDLE_MS):
        for bit in self.sense[name]:
            self.chain().put(bit, 0)
        self.wait(settle)
        return self


def start(name, root=None):
    """A fresh board with the towers on its corners, then: menu, First = white, New game."""
    d = Device(root or fresh_dir(name))
    d.open_menu()
    d.presses(["TURN", "MENU", "MENU", "TURN"])
    return d


def events(d):
    return d.log()[1:]


def pulsing(d):
    lit = d.lit()
    return sorted(n for n in lit if lit[n][1] == PULSE)


def turn_by_hand():
    """A tower lifted shows its destinations; set down on one, it is the
    move; a white stone next to it is the set. A quick move (the tower down
    within the lift's 600 ms) is one move too."""
    d = start("sr-turn")
    out = {"start": [d.lines()[:1], "Board differs:" in d.lines(), d.lit().get("0,-4")]}
    d.lift("0,-4", settle=700)
    out["lifted"] = [d.lit().get("0,-4"), len(pulsing(d)), d.lines()[4:]]
    d.put("0,-1", "tower")
    out["moved"] = [events(d), d.lit().get("0,-1"), d.lit().get("0,-4"), pulsing(d), d.lines()[:1]]
    d.put("1,-2", "white")
    out["set"] = [events(d)[-1], d.lit().get("1,-2"), d.lines()[:1]]
    # black: a quick move, the tower down 200 ms after it left (both changes come when the lift counts)
    d.lift("4,0", settle=200)
    d.put("1,0", "tower", settle=300)
    out["quick_waiting"] = [len(events(d)), d.lit().get("1,0")]
    d.wait(300)
    d.put("1,1", "black")
    out["quick"] = [events(d)[-2:], d.lit().get("1,0"), d.lit().get("4,0"), d.lit().get("1,1")]
    return out


def refused():
    """The wrong colour's stone, a stone before the move, a tower put down
    with none lifted, a stone taken off: refused, shown until put right."""
    d = start("sr-refused")
    d.put("1,0", "black", settle=10)
    out = {"colour": [d.lit().get("1,0"), d.app.said]}
    d.wait(1500)
    out["colour_later"] = [d.lit().get("1,0"), d.lines()[-3:]]
    d.lift("1,0", settle=700)
    d.put("1,0", "white", settle=10)
    out["before_move"] = [d.lit().get("1,0"), d.app.said]
    d.lift("1,0", settle=700)
    d.put("0,0", "tower", settle=10)
    out["no_lift"] = [d.lit().get("0,0"), d.app.said]
    d.lift("0,0", settle=700)
    d.lift("0,-4", settle=700)
    d.put("1,1", "tower", settle=10)  # not on a line from 0,-4
    out["off_line"] = [d.lit().get("1,1"), d.lit().get("0,-4"), d.app.said]
    d.lift("1,1", settle=700)
    d.put("0,-4", "tower")  # put back: nothing chosen
    out["put_back"] = [d.lit().get("0,-4"), pulsing(d), "Board differs:" in d.lines()]
    d.lift("0,-4", settle=700).put("0,-1", "tower").put("1,-2", "white")
    d.lift("1,-2", settle=700)  # a stone taken off
    out["stone_off"] = [d.lit().get("1,-2"), d.app.said]
    d.wait(1500)
    out["stone_off_later"] = [d.lit().get("1,-2"), d.lines()[-3:]]
    d.put("1,-2", "white")
    out["back"] = [d.lit().get("1,-2"), "Board differs:" in d.lines()]
    out["log"] = events(d)
    return out


def undo_todo():
    """UNDO of the set: the stone is to come off (the to-do); taking it off is
    the took_off, and the stone put on again the set."""
    d = start("sr-undo")
    d.lift("0,-4", settle=700).put("0,-1", "tower").put("1,-2", "white")
    d.press("UNDO")
    out = {"todo": [d.lit().get("1,-2"), d.lines()[-2:]]}
    d.lift("1,-2", settle=700)
    out["done"] = [events(d)[-2:], d.lit().get("1,-2")]
    d.put("1,-2", "white")
    out["again"] = [events(d)[-1], d.lit().get("1,-2")]
    return out


def slide_and_replace():
    """A stone lifted and put back is no event; a stone slid to another cell
    is no move, shown at both cells until it goes back."""
    d = start("sr-slide")
    d.lift("0,-4", settle=700).put("0,-1", "tower").put("1,-2", "white")
    n = len(events(d))
    d.lift("1,-2", settle=300)
    d.put("1,-2", "white", settle=800)
    out = {"replaced": [len(events(d)) - n, d.lit().get("1,-2")]}
    d.lift("1,-2", settle=60)
    d.put("-1,-1", "white", settle=800)
    out["slid"] = [len(events(d)) - n, d.lit().get("1,-2"), d.lit().get("-1,-1"), d.app.said]
    d.lift("-1,-1", settle=60)
    d.put("1,-2", "white", settle=800)
    out["back"] = [len(events(d)) - n, d.lit().get("1,-2"), d.lit().get("-1,-1"), "Board differs:" in d.lines()]
    return out


def power_cut():
    """A stone taken off and a tower moved while the board was off: shown
    after boot, named, nothing logged, until put right."""
    root = fresh_dir("sr-cut")
    d = start("sr-cut", root=root)
    d.lift("0,-4", settle=700).put("0,-1", "tower").put("1,-2", "white")
    before = events(d)
    bits = bytearray(d.chain().state)
    for b in d.sense["1,-2"]:
        bits[b] = 0  # the white stone taken off
    bits[d.sense["4,0"][2]] = 0  # a tower moved from 4,0 to 2,0
    bits[d.sense["2,0"][2]] = 1
    d = Device(root, sensed=bits)
    d.wait(40)
    out = {"lit": [d.lit().get("1,-2"), d.lit().get("4,0"), d.lit().get("2,0")], "lines": d.lines()[-4:],
           "same_log": events(d) == before, "check": d.app.checking}
    d.put("1,-2", "white").lift("2,0", settle=700).put("4,0", "tower")
    out["put_right"] = [d.lit().get("1,-2"), d.lit().get("4,0"), d.lit().get("2,0"), "Board differs:" in d.lines(),
                        events(d) == before]
    return out


def remote_turn():
    """Remote play: the other board's move and set arrive as this board's
    to-do; the tower lifted off and set down there, and the stone put on,
    are the confirmations."""
    d = start("sr-remote")
    for text, event in (('{"op": "move", "from": "0,-4", "to": "0,-1"}', {"op": "move", "from": "0,-4", "to": "0,-1"}),
                        ('{"op": "set", "at": "1,-2"}', {"op": "set", "at": "1,-2"})):
        d.app.apply_foreign(text, event)
    d.app.changed()
    d.wait(20)
    out = {"todo": [d.lit().get("0,-4"), d.lit().get("0,-1"), d.lit().get("1,-2")]}
    d.lift("0,-4", settle=700).put("0,-1", "tower").put("1,-2", "white")
    out["done"] = [events(d)[2:], d.lit().get("0,-1"), d.lit().get("1,-2"), "Board differs:" in d.lines()]
    return out


def run_all():
    return {"turn": turn_by_hand(), "refused": refused(), "undo": undo_todo(), "slide": slide_and_replace(),
            "cut": power_cut(), "remote": remote_turn()}
