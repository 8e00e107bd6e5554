"""The layout checker on the real layouts and on broken copies of Kahuna's."""

import json

from companion.layout.check import check, check_profile, display_lines, summary
from companion.layout.sensing import sensed_count

from .common import load_layout

MATRIX_8X8 = {"buttons": {"kind": "matrix", "rows": [6, 7, 8, 9, 10, 11, 12, 13],
                          "cols": [14, 15, 16, 17, 18, 19, 20, 21]}, "leds": {"pin": 28}}


def kahuna():
    return load_layout("kahuna")


def conn(layout, a, b):
    for c in layout["connections"]:
        if c["a"] == a and c["b"] == b:
            return c
    raise AssertionError("no connection %s-%s" % (a, b))


def island(layout, name):
    for i in layout["islands"]:
        if i["name"] == name:
            return i
    raise AssertionError("no island " + name)


def missing_island(k):
    k["islands"] = [i for i in k["islands"] if i["name"] != "LALE"]


def duplicate_led(k):
    conn(k, "ELAI", "JOJO")["led"] = 14


def led_gap(k):
    island(k, "LALE")["led"] = 39


def button_out_of_range(k):
    k["controls"][0]["button"] = 64


def self_loop(k):
    conn(k, "ALOA", "BARI")["b"] = "ALOA"


def duplicate_connection(k):
    conn(k, "KAHU", "LALE")["a"] = "LALE"
    conn(k, "LALE", "LALE")["b"] = "IFFI"


def disconnected_island(k):
    k["islands"].append({"name": "MOMO", "x": 20, "y": 320, "led": 39, "button": 39})


def cut_off_part(k):
    # LALE and KAHU keep KAHU-LALE but lose every other connection: the
    # freed LEDs and buttons go to the end of the chain, so only the cut shows.
    k["connections"] = [c for c in k["connections"] if c["a"] + c["b"] in ("KAHULALE",)
                        or ("KAHU" not in (c["a"], c["b"]) and "LALE" not in (c["a"], c["b"]))]
    renumber(k)


def bad_coordinates(k):
    del island(k, "GOLA")["y"]
    island(k, "ALOA")["x"] = "50"
    island(k, "BARI")["y"] = 400


def renumber(k):
    """LEDs and buttons 0..N-1 in list order (islands, then connections)."""
    n = 0
    for e in k["islands"] + k["connections"]:
        e["led"] = e["button"] = n
        n += 1


def rename(k, old, new):
    island(k, old)["name"] = new
    for c in k["connections"]:
        for end in ("a", "b"):
            if c[end] == old:
                c[end] = new


def not_ascii(k):
    """A maker's own names: ALOA written with an umlaut (the title, with a macron,
    is only drawn on the PC: any text)."""
    rename(k, "ALOA", "\u00d6LOA")
    k["title"] = "Kahuna (H\u0101na)"


def long_names(k):
    """Names longer than the display's lines have room for: "Hint +ALOHA-BARI"
    and "Off ALOHA-BARI" were 17 columns, cut on the display."""
    rename(k, "ALOA", "ALOHA")
    rename(k, "HUNA", "HUNA BAY")


def same_first_letters(k):
    """A hand of the digital deck shows each island by its first 3 letters:
    KAHU renamed ALOX would show as ALOA's."""
    rename(k, "KAHU", "ALOX")


BROKEN = (missing_island, duplicate_led, led_gap, button_out_of_range, self_loop, duplicate_connection,
          disconnected_island, cut_off_part, bad_coordinates, not_ascii, long_names, same_first_letters)


def duel_mistakes():
    """A Duell layout the game cannot play: the check names each mistake.
    Before, all passed it, and the board stopped with a KeyError (a site
    without its key, no masks), an exception (a stone on site 3,3), said
    "tuple.index(x): x not in tuple" (a stone of player "bear"), or started
    a game no one could finish (two sites on key 1, a mask of choice 5, a
    player with two masks)."""
    out = {}
    for name, mistake in (("no key", lambda d: d["sites"][0].pop("key")),
                          ("same key", lambda d: d["sites"][1].update(key=1)),
                          ("key 12", lambda d: d["sites"][1].update(key=12)),
                          ("site named NW", lambda d: d["sites"][0].update(name="NW")),
                          ("stone of a bear", lambda d: d["stones"][0].update(player="bear")),
                          ("stone on 3,3", lambda d: d["stones"][0].update(site="3,3")),
                          ("mask choice 5", lambda d: d["masks"][0].update(choice=5)),
                          ("no masks", lambda d: d.pop("masks")),
                          ("five masks", lambda d: d["masks"].pop()),
                          ("mask without button", lambda d: d["masks"][5].pop("button")),
                          ("stone without LED", lambda d: d["stones"][17].pop("led"))):
        d = load_layout("duell")
        mistake(d)
        out[name] = check(d, MATRIX_8X8)
    return out


def _put(items, i, value):
    items[i] = value


def board_mistakes():
    """What a board reads beyond the elements, wrong in ways that passed the
    check and then stopped the board at boot with a TypeError ("controls":
    null, a control named [], Rukuni's "towers": 2), or said "no device UI
    for game 'x'" only there; Rukuni with five towers played another game,
    and a board without TURN had no way to end a turn."""
    out = {}
    for game, name, mistake in (("kahuna", "game x", lambda d: d.update(game="x")),
                                ("kahuna", "game duell on islands", lambda d: d.update(game="duell")),
                                ("kahuna", "controls null", lambda d: d.update(controls=None)),
                                ("kahuna", "control named []", lambda d: d["controls"][0].update(name=[])),
                                ("kanaloa", "no MENU", lambda d: d["controls"].pop()),
                                ("duell", "two UNDO", lambda d: d["controls"].append({"name": "UNDO", "button": 59})),
                                ("rukuni", "no controls", lambda d: d.pop("controls")),
                                ("rukuni", "towers 2", lambda d: d.update(towers=2)),
                                ("rukuni", "five towers", lambda d: d["towers"].pop()),
                                ("rukuni", "a tower off the board", lambda d: _put(d["towers"], 0, "9,9")),
                                ("rukuni", "a tower twice", lambda d: _put(d["towers"], 1, d["towers"][0]))):
        d = load_layout(game)
        mistake(d)
        out[name] = check(d, MATRIX_8X8)
    return out


SENSORS = {"kind": "hc165", "clock": 2, "load": 3, "data": 26, "chips": 7}
SENSING = dict(MATRIX_8X8, chip="rp2040", sensors=SENSORS)


def sensing_mistakes():
    """A sensing board's layout and profile (docs/layouts.md): each wrong
    sensor bit and each wrong part of the chain is named."""
    out = {}
    for name, mistake in (("bit twice", lambda d: conn(d, "ALOA", "BARI").update(sense=[0, 3])),
                          ("same two bits", lambda d: conn(d, "ALOA", "BARI").update(sense=[5, 5])),
                          ("one number", lambda d: conn(d, "ALOA", "BARI").update(sense=4)),
                          ("tall on a pole", lambda d: conn(d, "ALOA", "BARI").update(sense=[0, 1, 1])),
                          ("four bits", lambda d: conn(d, "ALOA", "BARI").update(sense=[0, 1, 2, 3])),
                          ("beyond the chain", lambda d: conn(d, "ALOA", "BARI").update(sense=[60, 61])),
                          ("one unsensed", lambda d: conn(d, "ALOA", "BARI").pop("sense")),
                          ("a sensed control", lambda d: d["controls"][0].update(sense=[70, 71]))):
        d = load_layout("kahuna-sensing")
        mistake(d)
        out[name] = check(d, SENSING)
    out["ok"] = check(load_layout("kahuna-sensing"), SENSING)
    out["summary"] = [summary(load_layout("kahuna-sensing")), sensed_count(load_layout("kahuna-sensing"))]
    # a board with sensors and the three controls only: its sensed elements need no
    # button on the hardware (their codes name them), the rest do
    only = dict(SENSING, buttons={"kind": "gpio", "pins": [0, 1, 27]})
    d = load_layout("kahuna-sensing")
    d["islands"] = d["islands"][:0]
    out["sensors only"] = [p for p in check(d, only) if "button" in p[1]]
    for name, sensors in (("load apart", dict(SENSORS, load=7)), ("no chips", dict(SENSORS, chips=0)),
                          ("kind", dict(SENSORS, kind="mcp23017")), ("data GP26", dict(SENSORS, data="GP26")),
                          ("clock on the LEDs", dict(SENSORS, clock=28, load=29)), ("a list", [2, 3])):
        out["profile " + name] = check_profile(dict(SENSING, sensors=sensors))
    return out


def run_all():
    out = {"duel": duel_mistakes(), "board": board_mistakes(), "sensing": sensing_mistakes()}
    for name in ("kahuna", "rukuni", "duell"):
        layout = load_layout(name)
        out["check " + name] = check(layout, MATRIX_8X8)
        out["summary " + name] = summary(layout)
    for mistake in BROKEN:
        k = json.loads(json.dumps(kahuna()))  # a deep copy
        mistake(k)
        out[mistake.__name__] = check(k, MATRIX_8X8)
    kanaloa = load_layout("kanaloa")
    rename(kanaloa, "HANA", "HALX")  # HALA's first 3 letters: Kanaloa has no hand of cards to show
    out["kanaloa same first letters"] = check(kanaloa, MATRIX_8X8)
    out["not a layout"] = check([1, 2])
    out["unknown kind"] = check({"kind": "square", "name": "x"})
    k = kahuna()
    del k["connections"]
    out["no connections"] = check(k)
    out["profile ok"] = check_profile(MATRIX_8X8)
    out["profile bad"] = check_profile({"buttons": {"kind": "mcp23017", "addrs": [32, 32, 64]}, "leds": {"pin": 28}})
    out["profile unknown"] = check_profile({"buttons": {"kind": "charlieplex"}})
    out["profile esp32"] = check_profile({"board": "ESP32-DevKitC", "buttons": {
        "kind": "matrix", "rows": [13, 35], "cols": [26, 34]}, "leds": {"pin": 6}, "display": {"sda": 21, "scl": 26}})
    out["profile no leds"] = check_profile({"buttons": MATRIX_8X8["buttons"], "buzzer": "GP22"})
    out["profile max_ma 0"] = check_profile(dict(MATRIX_8X8, leds={"pin": 28, "max_ma": 0}))
    out["kanaloa on 120 mA"] = check(load_layout("kanaloa"), dict(MATRIX_8X8, leds={"pin": 28, "max_ma": 120}))
    out["profile display bus"] = check_profile(dict(MATRIX_8X8, chip="rp2040", display={"i2c": 1, "sda": 4, "scl": 3}))
    out["profile pico"] = check_profile({"chip": "rp2040", "buttons": {"kind": "gpio", "pins": [2, 25]},
                                         "leds": {"pin": 28}})
    out["profile shared i2c"] = check_profile({"board": "Raspberry Pi Pico", "buttons": {
        "kind": "mcp23017", "addrs": [32, 33], "sda": 4, "scl": 5}, "display": {"sda": 4, "scl": 5},
        "leds": {"pin": 28}})
    k = kahuna()
    self_loop(k)
    disconnected_island(k)
    out["display"] = display_lines(check(k))
    return out
