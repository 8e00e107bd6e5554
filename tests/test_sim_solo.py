"""A solo Kahuna game in the browser simulator, against the device opponent,
from the first screen to its end: the "Solo vs device" button, the human's
hand on a covered panel (the device's hand on none), the device's to-dos
carried out by clicks. The clicks and the expected end come from the same
game on the simulated device under CPython (tests/scenarios/device.py)."""

from tests.browser.simpage import drive, needs_browser, sim_server
from tests.scenarios.device import Device, fresh_dir
from tests.scenarios.kahuna_cards_device_scenarios import device_turn, human_turn

pytestmark = needs_browser
SEED = 7


def recorded_game():
    """(presses, final display lines, log) of a solo game on the CPython device."""
    d = Device(fresh_dir("sim-solo"), seed=SEED)
    d.new_game(first="white", cards="solo W")
    presses = []
    real = d.press

    def press(name, long=False):
        presses.append({"press": name, "long": long})
        return real(name, long)

    d.press = press
    g = d.app.game
    first_hand = d.app.game.state()["cards"]["hands"]["white"]
    while not g.over():
        if g.active() == 1:
            device_turn(d)
        else:
            human_turn(d)
    return presses, d.lines(), d.log(), first_hand


def test_solo_game_in_the_browser_to_its_end():
    presses, lines, log, first_hand = recorded_game()
    steps = [{"fresh": "?layout=kahuna&seed=%d" % SEED}, {"click": "#solo"}, {"observe": "start"},
             {"hand": "white"}, {"observe": "hand"}, {"hand": "white"}] + presses + [{"observe": "end"}]
    with sim_server() as url:
        seen = drive(url, steps, timeout=400)
    start, hand, end = seen["start"], seen["hand"], seen["end"]
    # one covered panel, the human's (white); the device's hand is shown nowhere
    assert list(start["panels"]) == ["white"]
    assert start["panels"]["white"]["covered"] and not start["panels"]["white"]["handShown"]
    expected = " ".join(n for n in sorted(first_hand) for _ in range(first_hand[n]))
    assert hand["panels"]["white"]["hand"] == expected and hand["panels"]["white"]["handShown"]
    assert end["text"].split("\n") == lines and lines[0] == "Game over"
    import json
    assert [json.loads(l) for l in end["log"].split("\n") if l.strip()][1:] == log[1:]
    header = json.loads(end["log"].split("\n")[0])
    assert header == log[0]
