"""`companion layout check`: every mistake gets its own message, naming the entry.

The CLI is CPython; the checker itself (companion/layout/, also run at
boot) checks the same broken copies under both MicroPython ports in
tests/scenarios/layout_scenarios.py."""

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.layout.check import HINTS
from host_tools.cli import main
from host_tools.paths import LAYOUTS
from tests.scenarios import layout_scenarios as scenarios

ROOT = Path(__file__).resolve().parent.parent
BROKEN = "tests/layouts/kahuna_broken.json"


@pytest.fixture(scope="module")
def results():
    return scenarios.run_all()


def check(capsys, *args):
    code = main(["layout", "check"] + list(args))
    out, err = capsys.readouterr()
    return code, out.splitlines(), err


def test_kahuna_passes_with_a_summary(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, err = check(capsys, "board_layouts/kahuna.json")
    assert (code, out, err) == (0, ["board_layouts/kahuna.json: ok \u2014 12 islands, 27 connections, "
                                    "42 buttons, 39 LEDs"], "")


OWN_CHAIN = {"kahuna-sensing": "pico-sensing", "kanaloa-sensing": "pico-sensing-kanaloa",
             "rukuni-sensing": "pico-sensing-rukuni", "duell-sensing": "pico-sensing"}  # each game's own


@pytest.mark.parametrize("profile", sorted(p.stem for p in (LAYOUTS / "profiles").glob("*.json")))
@pytest.mark.parametrize("layout", sorted(p.stem for p in LAYOUTS.glob("*.json")))
def test_every_layout_fits_every_profile(capsys, monkeypatch, layout, profile):
    """Every layout fits every profile, but for a sensing layout on a sensing
    profile whose chain is shorter than the layout's game needs (each game's
    sensing board has its own chain: pico-sensing's 7 74HC165s for Kahuna,
    pico-sensing-kanaloa's 10, ...): that, and only that, is named."""
    monkeypatch.chdir(ROOT)
    code, out, _ = check(capsys, layout, profile)
    short = [line for line in out if "is beyond the profile's" in line]
    if short and OWN_CHAIN.get(layout) != profile:
        assert code == 2 and len(short) == len(out), out
        return
    assert code == 0, out
    assert out[0].startswith("board_layouts/%s.json: ok" % layout)
    assert "; buttons fit %s (" % profile in out[0]


def test_a_broken_copy_is_explained_entry_by_entry(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    path = ROOT / "tests" / "layouts" / "profile_8x8.json"
    assert json.loads(path.read_text()) == scenarios.MATRIX_8X8
    code, out, err = check(capsys, BROKEN, str(path.relative_to(ROOT)))
    f = BROKEN + ": "
    assert code == 2
    assert out == [
        f + 'island GOLA: has no "y" \u2014 give its drawing position as numbers "x" and "y"',
        f + "connection ELAI-JOJO: LED 14 is also used by island ELAI \u2014 give every element its own LED index",
        f + "LED 24: no element has it, but indices go up to 39 \u2014 number the 40 LEDs 0..39 in chain order, "
            "without gaps",
        f + "control TURN: button 64 does not exist on the profile's 8x8 matrix (codes 0..63) \u2014 use a free "
            "code below 64 or a profile with more inputs",
        f + "connection ALOA-ALOA: joins ALOA to itself \u2014 a connection joins two different islands",
        f + "connection KAHU-LALA: names island 'LALA', which is not in \"islands\" \u2014 add island LALA to "
            "\"islands\" or correct the name",
        f + "island MOMO: no connection reaches it \u2014 add a connection between MOMO and a neighbouring island",
    ]
    assert err == "7 problems\n"


def test_invalid_json_names_line_and_column(capsys, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{\n "name": "x",\n "kind": "islands"\n "islands": []\n}\n')
    code, out, err = check(capsys, str(bad))
    assert (code, out) == (2, [])
    assert err == ("%s: line 4, column 2: invalid JSON: Expecting ',' delimiter \u2014 look for a missing comma, "
                   "quote or bracket at or just before that point\n" % bad)


def test_missing_files_are_named(capsys, tmp_path):
    # a file that cannot be read is status 2, as is a layout that fails its check (docs/flashing.md)
    code, _, err = check(capsys, str(tmp_path / "nope.json"))
    assert code == 2 and "nope.json: no such layout" in err
    code, _, err = check(capsys, "kahuna", "no-such-profile")
    assert code == 2 and "profiles/no-such-profile.json: no such hardware profile" in err


def test_profile_problems_are_reported_against_the_profile(capsys, tmp_path):
    p = tmp_path / "p.json"
    p.write_text(json.dumps({"buttons": {"kind": "matrix", "rows": [1, 2], "cols": [3, 3]},
                             "leds": {"pin": 1}, "display": {"sda": 4, "scl": 5}}))
    code, out, _ = check(capsys, "kahuna", str(p))
    assert code == 2
    hint = " \u2014 give every row, column, pin and bus line its own GPIO"
    assert out == ["%s: buttons.cols: GPIO 3 is also used by buttons.cols" % p + hint,
                   "%s: leds.pin: GPIO 1 is also used by buttons.rows" % p + hint]


# --- the pure checker, case by case (the same cases run under MicroPython) ------------
def test_real_layouts_check_clean(results):
    assert results["check kahuna"] == results["check rukuni"] == results["check duell"] == []
    assert results["summary kahuna"] == "12 islands, 27 connections, 42 buttons, 39 LEDs"
    assert results["summary rukuni"] == "61 cells, 64 buttons, 61 LEDs"


def test_missing_island(results):
    unknown = [p for p in results["missing_island"] if "not in" in p[1]]
    assert [p[0] for p in unknown] == ["connection HUNA-LALE", "connection IFFI-LALE", "connection KAHU-LALE"]
    assert unknown[0][1:] == ("names island 'LALE', which is not in \"islands\"",
                              "add island LALE to \"islands\" or correct the name")


def test_duplicate_led(results):
    assert results["duplicate_led"][0] == ("connection ELAI-JOJO", "LED 14 is also used by island ELAI",
                                           "give every element its own LED index")


def test_led_gap(results):
    assert results["led_gap"] == [("LED 33", "no element has it, but indices go up to 39",
                                   "number the 39 LEDs 0..38 in chain order, without gaps")]


def test_button_out_of_range(results):
    assert results["button_out_of_range"] == [(
        "control TURN", "button 64 does not exist on the profile's 8x8 matrix (codes 0..63)",
        "use a free code below 64 or a profile with more inputs")]


def test_self_loop_and_duplicate_connection(results):
    assert results["self_loop"] == [("connection ALOA-ALOA", "joins ALOA to itself",
                                     "a connection joins two different islands")]
    assert results["duplicate_connection"] == [("connection LALE-IFFI", "duplicates connections[24] (IFFI-LALE)",
                                                "remove one of the two")]


def test_disconnected_island_and_cut_off_part(results):
    assert results["disconnected_island"] == [("island MOMO", "no connection reaches it",
                                               "add a connection between MOMO and a neighbouring island")]
    assert results["cut_off_part"] == [("island KAHU", "its part of the board (KAHU, LALE) is cut off from ALOA",
                                        "add a connection joining the two parts")]


def test_coordinates(results):
    assert [p[:2] for p in results["bad_coordinates"]] == [
        ("island GOLA", 'has no "y"'), ("island ALOA", "x is '50', not a number"),
        ("island BARI", "(170, 400) lies outside the drawing area 400x330")]


def test_whole_file_mistakes(results):
    assert results["not a layout"][0][:2] == ("layout", "is not a JSON object")
    assert results["unknown kind"] == [("kind", "unknown layout kind 'square'",
                                        'set "kind" to one of duel, hex, islands')]
    assert results["no connections"][0][:2] == ("connections", 'the layout has no "connections" list')


def test_profiles(results):
    assert results["profile ok"] == []
    assert [p[1] for p in results["profile bad"]] == ["32 is used twice", "64 is not an MCP23017 address"]
    assert results["profile unknown"][0][1] == "unknown button wiring 'charlieplex'"


def test_a_profile_without_its_led_pin_or_a_supply_too_small_is_refused(results):
    """Each passed: the board then stopped at boot (KeyError 'leds'), or, with
    max_ma 120 for Kanaloa's 53 LEDs, at the first lit frame (ValueError: the
    current cap scaled every LED by a negative factor)."""
    assert results["profile no leds"] == [
        ("leds", "the profile has no \"leds\" object with the chain's data pin",
         'add e.g. "leds": {"pin": 28, "max_ma": 500}'),
        ("buzzer", "is 'GP22', not an object", "leave it out, or write it as {...} (docs/hardware.md)")]
    assert results["profile max_ma 0"] == [
        ("leds.max_ma", "0 is not a supply current in mA above 80",
         "give what the supply gives the board, e.g. 500 (USB); the controller and display take 80")]
    assert results["kanaloa on 120 mA"] == [
        ("leds.max_ma", "120 mA leaves too little to light the 53 LEDs with (80 go to the controller and display, "
         "1 to each LED at rest)", "give at least 193 (USB: 500)")]


def test_profile_pins_suit_the_chip(results):
    assert [p[:2] for p in results["profile esp32"]] == [
        ("buttons.rows", "GPIO 35 is input-only on the ESP32"),
        ("buttons.cols", "GPIO 34 has no internal pull-up on the ESP32: an open button reads at random"),
        ("leds.pin", "GPIO 6 is wired to the ESP32 module's flash"),
        ("display.scl", "GPIO 26 is also used by buttons.cols")]
    assert results["profile pico"] == [("buttons.pins", "GPIO 25 is not on the Pico's pin header",
                                        "use GPIO 0..22 or 26..28")]
    assert results["profile shared i2c"] == []
    assert results["profile display bus"] == [  # MicroPython's rp2 port: "bad SDA pin", after the first light
        ("display.sda", "GPIO 4 is not an SDA pin of I2C 1 on the RP2040", "I2C 1 has SDA on GPIO 2, 6, 10, 14, 18, 22, 26")]


def test_display_lines_fit_the_oled(results):
    lines = results["display"]
    assert lines[0] == "LAYOUT: 2 errors"
    assert " ".join(lines[1:]) == "connection ALOA-ALOA: joins ALOA to itself island MOMO: no connection reaches it"
    assert max(len(l) for l in lines) <= 16 and len(lines) <= 8


# --- values far out of range (issue 25): a problem each, before anything is sized from them ----
HUGE_SCRIPT = """
import json
from companion.layout import check as layout_check
with open("board_layouts/kahuna.json") as f:
    text = f.read()
with open("board_layouts/profiles/pico.json") as f:
    profile = json.load(f)
for value in ("1000000000000", "9" * 5000):
    layout = json.loads(text.replace('"led": 0,', '"led": %s,' % value))
    layout["islands"][1]["button"] = json.loads(value)
    for p in layout_check.check(layout, profile):
        print("PROBLEM", p[0], "|", p[1])
profile["buttons"]["rows"][0] = 10 ** 12
for p in layout_check.check_profile(profile):
    print("PROBLEM", p[0], "|", p[1])
"""

FAR = ["island ALOA | LED index 1000000000000 is beyond any LED chain (at most 1024 LEDs)",
       "LED 0 | no element has it, but indices go up to 38",
       "island BARI | button code 1000000000000 is beyond any button wiring (codes 0..1023)"]


def clipped(n):
    return ["island ALOA | LED index 999999999999... (%d characters) is beyond any LED chain (at most 1024 LEDs)"
            % n, FAR[1], "island BARI | button code 999999999999... (%d characters) is beyond any button wiring "
            "(codes 0..1023)" % n, "buttons.rows | 1000000000000 is not a pin or address number"]


def huge_problems(out):
    return [l[len("PROBLEM "):] for l in out.splitlines() if l.startswith("PROBLEM ")]


def test_values_far_out_of_range_are_problems_under_cpython(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    import sys

    monkeypatch.setattr(sys, "path", [str(ROOT / "firmware")] + sys.path)
    exec(HUGE_SCRIPT.replace('"9" * 5000', '"99999999999999999999999"'), {})
    got = huge_problems(capsys.readouterr().out)
    assert got == FAR + clipped(23)


@pytest.mark.native
def test_values_far_out_of_range_are_problems_on_the_board():
    """Native MicroPython parses a 5,000-digit integer: the check names it, clipped, at once."""
    from host_tools.micropython import run_native

    got = huge_problems(run_native(HUGE_SCRIPT, heapsize="256k"))
    assert got == FAR + clipped(5000)


@pytest.mark.parametrize("command", [["layout", "check", "FILE"], ["layout", "check", "FILE", "pico"],
                                     ["layout", "draw", "FILE", "-o", "OUT.svg"]])
@pytest.mark.parametrize("value", ["1000000000000", "9" * 5000])
def test_the_commands_say_so_with_status_2(tmp_path, capsys, command, value):
    path = tmp_path / "big.json"
    path.write_text((ROOT / "board_layouts/kahuna.json").read_text().replace('"led": 0,', '"led": %s,' % value))
    argv = [str(path) if a == "FILE" else str(tmp_path / a) if a == "OUT.svg" else a for a in command]
    assert main(argv) == 2
    out, err = capsys.readouterr()
    text = out + err
    assert "internal error" not in text
    assert ("LED index 1000000000000 is beyond any LED chain" in text if len(value) < 20
            else "a number of more than 4300 digits: no layout value is that large" in text), text


def test_names_are_plain_ascii(results):
    """A name goes to the game log and the display: one with an umlaut passed the check,
    and the board then refused its own log at the next boot (the log's dialect takes no
    escaped character beyond ASCII) and lost the game from the first move that named it."""
    hint = ("use letters A-Z, a-z, digits and signs only (write an umlaut as e.g. OE): the game log and the "
            "display know no others")
    assert results["not_ascii"] == [  # (not the title's macron: the title is only drawn on the PC)
        ("island ?LOA", "'?LOA' has a character that is not plain ASCII (shown as ?)", hint)]


def test_island_names_fit_the_display_and_a_hand_of_cards_tells_them_apart(results):
    """Every display line is 16 columns: a connection's name goes after a word
    ("Hint +ALOA-BARI"), so an island's name has at most 4 characters; longer
    ones were cut on the display. A Kahuna hand shows islands by 3 letters."""
    hint = ('shorten it: the 16-column display shows a connection, A-B, after a word on one line '
            '("Off ALOA-BARI", "Hint +ALOA-BARI")')
    assert results["long_names"] == [
        ("island ALOHA", "the name has 5 characters; the display shows at most 4", hint),
        ("island HUNA BAY", "the name has 8 characters; the display shows at most 4", hint)]
    assert results["same_first_letters"] == [
        ("island ALOX", "begins with the same 3 letters as island ALOA", "make them differ: the display shows "
         "a hand of the digital deck's cards by the islands' first 3 letters")]
    assert results["kanaloa same first letters"] == []


def test_a_duel_layout_the_game_cannot_play_is_refused_mistake_by_mistake(results):
    key = 'give the value it stands for while a stone\'s value is asked for: "key": 1..9'
    masks = "each player has the masks 0, 1 and 2"
    stones = "each site has a pocket for each player's stone"
    assert results["duel"] == {
        "no key": [("site 0,0", 'has no "key"', key)],
        "same key": [("site 0,1", "key 1 is also site 0,0's", "give each site its own key 1..9")],
        "key 12": [("site 0,1", '"key" is 12, not a keypad key 1..9', key)],
        "site named NW": [("site NW", 'a site is named "row,column", 0..2 each', 'name it e.g. "1,2"'),
                          ("sites", "no site 0,0", "a duel board has the nine sites 0,0 to 2,2")],
        "stone of a bear": [("stone 0,0 bison", "\"player\" is 'bear'", '"bison" or "wolf"'),
                            ("stones", "bison has no stone for site 0,0", stones)],
        "stone on 3,3": [("stone 0,0 bison", "\"site\" is '3,3'", "one of 0,0, 0,1, 0,2, 1,0, 1,1, 1,2, 2,0, 2,1, 2,2"),
                         ("stones", "bison has no stone for site 0,0", stones)],
        "mask choice 5": [("mask bison mask 0", '"choice" is 5', "one of 0, 1, 2"),
                          ("masks", "bison has no mask for choice 0", masks)],
        "no masks": [("masks", "missing (a list)", masks)],
        "five masks": [("masks", "wolf has no mask for choice 2", masks)],
        "mask without button": [("mask wolf mask 2", 'has no "button"', HINTS["button"])],
        "stone without LED": [("stone 2,2 wolf", 'has no "led"', HINTS["led"])]}


def test_what_a_board_reads_beyond_its_elements_is_checked_too(results):
    towers = 'list the 6 cells where the towers start, e.g. "towers": ["0,-4", ...]'
    turn = 'give the board one TURN button: "controls": [{"name": "TURN", "button": ...}, ...]'
    assert results["board"] == {
        "game x": [("game", "'x' is not a game the companion plays",
                    'set "game" to one of duell, kahuna, kanaloa, rukuni')],
        "game duell on islands": [("kind", 'a duell layout is of kind "duel", not "islands"', 'set "kind": "duel"')],
        "controls null": [("controls", "must be a list", "list the controls as [{...}, ...]")],
        "control named []": [("controls[0]", 'its "name" is [], not a name', HINTS["name"]),
                             ("control TURN", "is missing", turn)],
        "no MENU": [("control MENU", "is missing",
                     'give the board one MENU button: "controls": [{"name": "MENU", "button": ...}, ...]')],
        "two UNDO": [("control UNDO", "is there 2 times",
                      'give the board one UNDO button: "controls": [{"name": "UNDO", "button": ...}, ...]')],
        "no controls": [("controls", 'the layout has no "controls" list',
                         'add the TURN, UNDO and MENU buttons: "controls": [{"name": "TURN", "button": ...}, ...]')],
        "towers 2": [("towers", "2 is not a list of 6 cells", towers)],
        "five towers": [("towers", "lists 5 cells, not 6", towers)],
        "a tower off the board": [("towers", "'9,9' is not a cell of the board", towers)],
        "a tower twice": [("towers", "0,-4 is named twice", "each tower starts on a cell of its own")]}


def test_a_boot_that_fails_in_any_way_stops_with_its_reason_on_the_display():
    """Whatever a layout the check took still breaks (a KeyError, a TypeError),
    the board stops with the reason on the display, not with a traceback."""
    from companion.boot import Halted, _boot_or_halt

    def boot():
        raise KeyError("button")

    halted = _boot_or_halt({}, [], boot)
    assert isinstance(halted, Halted) and halted.lines == ["CANNOT START", "'button'"]


@settings(max_examples=300, deadline=None)
@given(st.text(st.sampled_from("AZaz09 -_'\"\\/\t\x7f\u00d6\u0101\u02bb\U0001F600"), min_size=1, max_size=6))
def test_a_name_the_checker_takes_makes_log_lines_the_board_takes(name):
    from companion.core.log import dump, parse_line
    from companion.layout.check import check

    k = scenarios.kahuna()
    scenarios.not_ascii(k)  # ALOA is now the only island with a new name, then given this one
    k["title"] = "Kahuna"
    scenarios.island(k, "\u00d6LOA")["name"] = name
    for c in k["connections"]:
        for end in ("a", "b"):
            if c[end] == "\u00d6LOA":
                c[end] = name
    if check(k, scenarios.MATRIX_8X8):
        return  # refused, with a message: nothing reaches a log
    for other in ("BARI", "DUDA", "HUNA"):
        for at in (name, name + "-" + other, other + "-" + name):
            assert parse_line(dump({"op": "place", "at": at}), 2) == {"op": "place", "at": at}


def test_a_sensing_board_names_each_wrong_sensor_bit_and_chain_part(results):
    """docs/layouts.md, "The sensing board": the layout's "sense" bits and the
    profile's 74HC165 chain; the same checks run at boot under MicroPython."""
    s = results["sensing"]
    beyond = "use a bit below 56 or give the profile's \"sensors\" more \"chips\""
    assert s["ok"] == []
    assert s["summary"] == ["12 islands, 27 connections, 42 buttons, 39 LEDs", 27]
    assert s["bit twice"] == [("connection BARI-FAAA", "sensor bit 3 is also used by connection ALOA-BARI",
                               "give every element its own two bits of the chain")]
    assert s["same two bits"] == [("connection ALOA-BARI", "both sensor bits are 5",
                                   "a white (north) and a black (south) stick need a bit each")]
    assert s["one number"] == [("connection ALOA-BARI", "\"sense\" is 4, not two sensor bits",
                                "give the bits of its hall switch's two outputs, \"sense\": [white, black], whole "
                                "numbers 0..1023 (a third: a tall piece's switch)")]
    assert s["tall on a pole"] == [("connection ALOA-BARI", "the tall piece's sensor bit 1 is also a pole's",
                                    "give the tall piece's switch a bit of its own")]
    assert s["four bits"][0][1] == "\"sense\" is [0, 1, 2, 3], not two sensor bits"
    assert s["beyond the chain"] == [
        ("connection ALOA-BARI", "sensor bit %d is beyond the profile's 7 74HC165s (bits 0..55)" % b, beyond)
        for b in (60, 61)]
    assert s["one unsensed"] == [("connection ALOA-BARI", "has no \"sense\", though 26 other connections have theirs",
                                  "give every one of the connections its two sensor bits, \"sense\": [white, black]")]
    assert s["a sensed control"][0] == ("control TURN", "a control has \"sense\"",
                                        "only the board's pieces are sensed: remove \"sense\" from the controls")
    # sensors and three control buttons: only the controls must exist on the button wiring
    assert [p[0] for p in s["sensors only"]] == ["control TURN", "control UNDO", "control MENU"]
    assert s["profile load apart"][0] == ("sensors.load", "GPIO 7 does not follow the clock's GPIO 2",
                                          "wire PL to GPIO 3: the PIO drives CP and PL as two side-set pins in a row")
    assert s["profile no chips"] == [("sensors.chips", "0 is not a number of 74HC165s in the chain",
                                      "give how many chips the chain has, 1..32 (8 sensor bits each)")]
    assert s["profile kind"] == [("sensors.kind", "unknown sensor wiring 'mcp23017'",
                                  "use \"hc165\": a chain of 74HC165 shift registers")]
    assert s["profile data GP26"][0][:2] == ("sensors.data", "'GP26' is not a GPIO number")
    assert ("sensors.clock", "GPIO 28 is also used by leds.pin",
            "give every row, column, pin and bus line its own GPIO") in s["profile clock on the LEDs"]
    assert s["profile a list"][0][:2] == ("sensors", "is [2, 3], not an object")


def test_the_sensing_layout_fits_the_sensing_profile(capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    code, out, err = check(capsys, "kahuna-sensing", "pico-sensing")
    assert (code, err) == (0, "")
    assert out == ["board_layouts/kahuna-sensing.json: ok \u2014 12 islands, 27 connections, 42 buttons, 39 LEDs, "
                   "27 sensed (54 sensor bits); buttons fit pico-sensing (8x8 matrix, codes 0..63); sensors fit "
                   "(7 74HC165s, bits 0..55)"]
    code, out, err = check(capsys, "kanaloa-sensing", "pico-sensing-kanaloa")
    assert (code, err) == (0, "")
    assert out == ["board_layouts/kanaloa-sensing.json: ok \u2014 16 islands, 37 connections, 56 buttons, 53 LEDs, "
                   "37 sensed (74 sensor bits); buttons fit pico-sensing-kanaloa (8x8 matrix, codes 0..63); sensors "
                   "fit (10 74HC165s, bits 0..79)"]
    code, out, err = check(capsys, "rukuni-sensing", "pico-sensing-rukuni")
    assert (code, err) == (0, "")
    assert out == ["board_layouts/rukuni-sensing.json: ok \u2014 61 cells, 64 buttons, 61 LEDs, 61 sensed (183 sensor "
                   "bits); buttons fit pico-sensing-rukuni (8x8 matrix, codes 0..63); sensors fit (23 74HC165s, "
                   "bits 0..183)"]
    code, out, err = check(capsys, "duell-sensing", "pico-sensing")
    assert (code, err) == (0, "")
    assert out == ["board_layouts/duell-sensing.json: ok \u2014 9 sites, 18 buttons, 27 LEDs, 18 sensed (36 sensor "
                   "bits); buttons fit pico-sensing (8x8 matrix, codes 0..63); sensors fit (7 74HC165s, bits 0..55)"]


def test_the_wiring_guide_draws_the_sensor_chain(capsys, monkeypatch, tmp_path):
    """`companion layout draw`: each sensed connection's two bits under its
    numbers, the chain's line, each chip's first connection (U1..U7)."""
    import xml.etree.ElementTree as ET

    monkeypatch.chdir(ROOT)
    out = tmp_path / "s.svg"
    assert main(["layout", "draw", "kahuna-sensing", "-o", str(out)]) == 0
    svg = ET.parse(out).getroot()
    texts = ["".join(t.itertext()) for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    sense = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "sense"]
    chips = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "chip"]
    assert sorted(sense) == sorted("%d\u00b7%d" % (2 * k, 2 * k + 1) for k in range(27))
    assert chips == ["U%d" % k for k in range(1, 8)]
    assert any("sensor bits white\u00b7black" in t for t in texts)
    plain = tmp_path / "k.svg"
    assert main(["layout", "draw", "kahuna", "-o", str(plain)]) == 0
    assert "sensor" not in plain.read_text()


@pytest.mark.parametrize("layout,count,bits,chips", [("kanaloa-sensing", 37, 2, 10), ("rukuni-sensing", 61, 3, 23),
                                                     ("duell-sensing", 18, 2, 5)])
def test_the_other_games_wiring_guides_draw_their_sensor_bits(capsys, monkeypatch, tmp_path, layout, count, bits,
                                                              chips):
    """Each sensed connection's, cell's or stone pocket's bits in the drawing,
    in chain order, and each chip's first element marked."""
    import xml.etree.ElementTree as ET

    monkeypatch.chdir(ROOT)
    out = tmp_path / "s.svg"
    assert main(["layout", "draw", layout, "-o", str(out)]) == 0
    svg = ET.parse(out).getroot()
    texts = ["".join(t.itertext()) for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    sense = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "sense"]
    chips_drawn = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text") if t.get("class") == "chip"]
    assert sorted(sense) == sorted("\u00b7".join(str(bits * k + j) for j in range(bits)) for k in range(count))
    assert chips_drawn == ["U%d" % k for k in range(1, chips + 1)]
    legend = "sensor bits white\u00b7black" + ("\u00b7tower" if bits == 3 else "")
    assert any(legend in t for t in texts)
