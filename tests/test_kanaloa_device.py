"""Kanaloa on the simulated device under CPython (the scenarios' asserts check
exact frames and lines; test_both_interpreters runs them under MicroPython too)."""

from companion.hal.frame import MARK
from tests.scenarios import kanaloa_device_scenarios as kd


def test_menu_starts_three_or_four_players_with_hue_and_signature():
    out = kd.menu_and_colours()
    names = ("MAKA-MELE", "HALA-MELE", "NOHO-ORO", "NOHO-WAIA")  # red, blue, green, yellow
    assert [out["lit"][n][1] for n in names] == [MARK, MARK + 1, MARK + 2, MARK + 3]
    assert out["three"][2:] == ["Red     0  0   0", "Blue    0  0   0", "Yellow  0  0   0"]


def test_signatures_blink_zero_to_three_times():
    assert [len(d) for d in kd.signature_blips()] == [0, 2, 4, 6]


def test_relative_majority_choice_waits_for_a_lit_bridge():
    out = kd.capture_and_choice()
    assert "KAIA-ORO" not in " ".join(out["after"])
    # four players leave the refusal two rows under the table: its words need five, so they
    # cover the table's last rows, up to the title, until the next press (were cut to two)
    assert out["refusal"][0] == "Red: take 1" and out["refusal"][2].startswith("Red ")
    assert out["refusal"][3:] == ["NOHO-ORO cannot", "go: remove one", "at ORO of a", "player with",
                                  "fewer bridges"]


def test_an_island_to_choose_at_shows_its_markers_to_do_first():
    assert kd.choice_on_an_island_with_a_to_do() == {
        "exchanged": [kd.RED, kd.FAST],  # red's marker on HOKU: take it off
        "choice": ["Green: take 1", [kd.RED, kd.FAST], "Off marker HOKU"],
        "marker off": [{"op": "took_off", "at": "HOKU"}, [kd.GREEN, kd.PULSE], "Green: take 1"]}


def test_god_stones_and_scorings_on_the_display():
    out = kd.gods_and_scoring()
    assert out["scoring"][0] == "Scoring 1" and out["final"][-1] == "R6 B1 G0 Y0"
    assert out["over"][-2:] == ["Red wins", "on points"]


def test_a_whole_four_player_game_by_presses():
    out = kd.whole_game_by_presses(seed=1, players=4)
    assert out["events"] == 145 and out["lines"][-2] == "Green wins"


def test_a_whole_three_player_game_by_presses():
    out = kd.whole_game_by_presses(seed=5, players=3)
    assert out["lines"][0] == "Game over" and out["lines"][-2].endswith(" wins")


class _Held:
    """A game whose active player (0) holds these god stones (codes, core/kanaloa.GODS + 1), unused."""

    def __init__(self, gods):
        self.gods = gods
        self.nisland = len(gods)

    def active(self):
        return 0

    def god_holder(self, x):
        return 0

    def god_used(self, x):
        return False

    def god_of(self, x):
        return self.gods[x]


def test_every_display_line_fits_its_16_columns():
    """Found by the simulator's random clicks: "Yellow: last turn", "Green won KANALOA",
    "gods: KU KA LO LO KA" and "12 to do on board" were 17-20 columns (the display cuts them)."""
    from companion.ui import kanaloa as ui

    held = lambda gods: ui.UI._held(type("U", (), {"game": _Held(gods)})())  # noqa: E731
    assert held([3, 2, 5]) == "gods: KA KU LO"
    assert held([3, 2, 5, 5, 2]) == "gods: 2KA KU 2LO"
    assert held([1, 2, 3, 4, 5]) == "gods:KNKAKUPELO"
    assert held([1, 1, 2, 2, 3, 3, 4, 4, 5, 5]) == "gods:2KN2KA2KU+"
    assert held([]) == ""
    assert ui._fit("Green won KANALOA") == "Green won KA" and ui._fit("Red won KANALOA") == "Red won KANALOA"
    assert ui._fit("Yellow used KANALOA") == "Yellow used KA"
    # a whole game: Device.lines checks every line after every press (seed 2 had "16 to do on board")
    assert kd.whole_game_by_presses(seed=2, players=4)["lines"][0] == "Game over"
