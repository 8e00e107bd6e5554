"""Kanaloa on a sensing board (issue 45, item 4) on the simulated HAL, under
both interpreters: bridges seen by their presence (the layout
kanaloa-sensing: a DRV5032DU under each connection, either output counts;
three or four colours cannot be told by two poles, so a bridge's colour is
the player to move's). Exact frames, lines and logs."""

from companion.hal.frame import PLAYER, RED, MARK, BLINK, FAST, FLASH, PULSE

from .common import ev
from .sensing_scenarios import Device, until_lit

LAYOUT = "kanaloa-sensing"
BLUE = PLAYER + 1
GREEN = PLAYER + 2
YELLOW = PLAYER + 3


def start(name, sensed=None, root=None):
    """A fresh 4-player game, seat 1 (red) first, the god stones as kanaloa_device_scenarios' (seed 675)."""
    from .device import fresh_dir

    d = Device(root or fresh_dir(name), LAYOUT, sensed=sensed)
    d.open_menu()
    d.presses(["MENU", "TURN", "MENU", "MENU", "TURN"])
    return d


def build(d, names, colour="white"):
    """Bridges put on, one a turn, each turn ended by TURN (the rest of each turn: nothing)."""
    for n in names:
        d.put(n, colour)
        d.press("TURN")
    return d


def events(d):
    return [e for e in d.log()[1:]]


def placed():
    """A bridge put on is the player to move's `place`, lit in their colour;
    any pole counts (a bridge's magnet is no colour)."""
    d = start("sk-place")
    out = {}
    d.put("MAKA-MELE", "white", settle=0)
    out["lit_ms"] = until_lit(d, "MAKA-MELE", RED)
    d.press("TURN")
    d.put("HALA-MELE", "black")  # blue's bridge, its magnet the other way round: a bridge all the same
    out["lit"] = [d.lit().get("MAKA-MELE"), d.lit().get("HALA-MELE")]
    out["log"] = events(d)
    return out


def refused():
    """A bridge taken off that is no removal is refused and shown (its
    owner's colour blinking) until it is put back."""
    d = start("sk-refused")
    out = {}
    d.put("MAKA-MELE", "white")
    d.press("TURN")
    d.lift("MAKA-MELE", settle=700)  # blue lifts red's bridge: no move
    out["lifted"] = [d.lit().get("MAKA-MELE"), d.app.said]
    d.wait(2000)
    out["later"] = [d.lit().get("MAKA-MELE"), d.lines()[-3:]]
    d.put("MAKA-MELE", "white")
    out["back"] = [d.lit().get("MAKA-MELE"), "Board differs:" in d.lines()]
    out["log"] = events(d)
    return out


def capture_and_choice():
    """kanaloa_device_scenarios' capture and relative majority played by
    bridges: the capture's bridges taken off complete the to-do, the bridge
    a relative majority removes is chosen by taking it off."""
    d = start("sk-choice")
    d.press("TURN")
    for n in ("AKAU-DALI", "DALI-HANA"):
        d.put(n, "white")
    d.press("TURN")
    for n in ("HANA-LANI", "KULU-LANI", "LANI-NALU"):
        d.put(n, "white")
    d.presses(["TURN", "TURN"])
    for n in ("AKAU-HANA", "HANA-HOKU", "HANA-KULU"):
        d.put(n, "white")
    out = {"capture": [d.lit().get("DALI-HANA"), d.lit().get("HANA-LANI"), d.lines()[6:]]}
    d.lift("DALI-HANA", settle=700)
    d.lift("HANA-LANI", settle=700)
    out["taken_off"] = [events(d)[-2:], d.lines()[6:]]
    d.press("TURN")
    for n in ("HALA-ORO", "IWAI-ORO"):
        d.put(n, "white")
    d.press("TURN")
    for n in ("KAIA-ORO", "MAKA-ORO"):
        d.put(n, "white")
    d.presses(["TURN", "TURN"])
    for n in ("NOHO-ORO", "ORO-PAPA", "ORO-WAIA"):
        d.put(n, "white")
    out["choice"] = [d.lines()[0], d.lit().get("KAIA-ORO"), d.lit().get("ORO")]
    d.lift("NOHO-ORO", settle=700)  # red's own: refused, to be put back
    out["own"] = [d.app.said, d.lit().get("NOHO-ORO")]
    d.put("NOHO-ORO", "white")
    d.put("MAKA-MELE", "white", settle=10)  # a bridge put on while the choice waits: no move
    out["put_on"] = [d.app.said, d.lit().get("MAKA-MELE")]
    d.lift("MAKA-MELE", settle=700)
    d.lift("KAIA-ORO", settle=700)
    out["chosen"] = [events(d)[-1], d.lit().get("KAIA-ORO"), d.lines()[:2], "Board differs:" in d.lines()]
    out["log"] = len(events(d))
    return out


def lift_and_slide():
    """A bridge lifted and put back is no event; one slid to another
    connection is no move, shown at both until it goes back."""
    d = start("sk-slide")
    d.put("MAKA-MELE", "white")
    d.lift("MAKA-MELE", settle=300)
    d.put("MAKA-MELE", "white", settle=800)
    out = {"replaced": [events(d), d.lit().get("MAKA-MELE")]}
    d.press("TURN")
    d.lift("MAKA-MELE", settle=60)
    d.put("HALA-MELE", "white", settle=800)
    out["slid"] = [events(d), d.lit().get("MAKA-MELE"), d.lit().get("HALA-MELE"), d.app.said,
                   d.lines()[-3:]]
    d.lift("HALA-MELE", settle=60)
    d.put("MAKA-MELE", "white", settle=800)
    out["back"] = [events(d), d.lit().get("MAKA-MELE"), d.lit().get("HALA-MELE"), "Board differs:" in d.lines()]
    return out


def power_cut():
    """Two bridges moved while the board was off: shown after boot, named,
    nothing logged, until put right."""
    from .device import fresh_dir

    root = fresh_dir("sk-cut")
    d = start("sk-cut", root=root)
    build(d, ["MAKA-MELE", "HALA-MELE"])
    before = events(d)
    bits = bytearray(d.loop.sensors.scanner.state)
    w, b = d.sense["MAKA-MELE"]
    bits[w] = 0  # red's bridge taken off while the board was off
    w, b = d.sense["NOHO-ORO"]
    bits[b] = 1  # a bridge put on NOHO-ORO
    d = Device(root, LAYOUT, sensed=bits)
    d.wait(40)
    out = {"lit": [d.lit().get("MAKA-MELE"), d.lit().get("NOHO-ORO"), d.lit().get("HALA-MELE")],
           "lines": d.lines()[-3:], "same_log": events(d) == before, "check": d.app.checking}
    d.put("MAKA-MELE", "black")  # any pole: a bridge is back
    d.lift("NOHO-ORO", settle=700)
    out["put_right"] = [d.lit().get("MAKA-MELE"), d.lit().get("NOHO-ORO"), "Board differs:" in d.lines(),
                        events(d) == before]
    return out


def remote_move():
    """Remote play: the other board's bridge arrives as this board's to-do
    (App.apply_foreign, as remote/seat.py hands it over); the bridge put on
    there is the put_on that says it is done."""
    d = start("sk-remote")
    d.app.apply_foreign('{"op": "place", "at": "MAKA-MELE"}', {"op": "place", "at": "MAKA-MELE"})
    d.app.changed()
    d.wait(20)
    out = {"todo": [d.lit().get("MAKA-MELE"), d.lines()[-1:]]}
    d.put("MAKA-MELE", "black")
    out["done"] = [events(d)[-2:], d.lit().get("MAKA-MELE"), d.lines()[-1:]]
    return out


def run_all():
    return {"placed": placed(), "refused": refused(), "choice": capture_and_choice(), "slide": lift_and_slide(),
            "cut": power_cut(), "remote": remote_move()}
