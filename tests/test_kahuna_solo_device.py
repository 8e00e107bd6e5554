"""A whole solo game on the simulated device (CPython): the human draws, the
device plays its to-dos; the log on flash replays to the same end."""

from companion.core.log import replay
from companion.hal.frame import BLINK, PLAYER, STEADY
from host_tools.paths import load_layout

from .scenarios.device import Device, fresh_dir
from .scenarios.kahuna_cards_device_scenarios import device_turn, human_turn, solo_free_stick

WHITE = PLAYER
BLACK = PLAYER + 1


def test_solo_game_to_its_end_and_power_cut_recovery():
    d = Device(fresh_dir("solo-end"), seed=3)
    d.new_game(first="black", cards="solo B")  # the device plays white and begins
    g = d.app.game
    assert g.device == 0
    turns = 0
    while not g.over() and turns < 300:
        if g.active() == 0:
            device_turn(d)
        else:
            human_turn(d)
        turns += 1
    assert g.over() and g.winner() == 0  # the device beats a player who only draws
    assert d.lines()[0] == "Game over"
    played = replay(d.log_lines(), load_layout)
    assert played.state() == g.state()
    # power cut: a new device boots from the same flash and shows the same game
    again = Device(d.root, seed=3)
    again.wait(50)
    assert again.app.game.state() == g.state()


def test_the_devices_free_stick_is_not_offered_to_the_player():
    assert solo_free_stick() == {
        "log": {"op": "remove", "at": "ALOA-HUNA", "cards": ["ALOA", "HUNA"]},
        "lines": ["Dev put on", "ALOA-DUDA"],  # the device's next step: not the free stick
        # the device's stick to put on blinks; ALOA-HUNA is dark, not pulsing
        "lit": {"ALOA-DUDA": [BLACK, BLINK], "HUNA-LALE": [WHITE, STEADY], "IFFI-JOJO": [WHITE, STEADY]}}
