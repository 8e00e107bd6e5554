# The browser page's handle on the firmware (runs in the MicroPython
# WebAssembly port, next to the unmodified firmware in the port's filesystem).
# It only starts the firmware's own run loop on the simulated HAL
# (companion.runloop.start_sim) and passes bytes and presses through:
# no rules here, and none in the page.

from companion.runloop import start_sim
from companion.store import Store


loops = {}


def boot(name, layout, root):
    """(Re)start the firmware on a fresh simulated HAL, reading the log in root."""
    loops.pop(name, None)
    loops[name] = start_sim(layout, root)
    return len(loops[name].leds.strip.buf) // 3


def step(name, now):
    """One run-loop pass; returns the app's version (it grows when frame or text change)."""
    loop = loops[name]
    loop.step(now)
    return loop.app.version


def press(name, code, down):
    scanner = loops[name].buttons.scanner
    if down:
        scanner.press(code)
    else:
        scanner.release(code)


def buttons_idle(name):
    """No button held or settling, no press waiting: the firmware has taken every press."""
    b = loops[name].buttons
    return not b.busy and b.head == b.tail


def led_bytes(name):
    return loops[name].leds.strip.buf


def frame_codes(name):
    """The app's LED frame (frame.py): every LED's colour code, then every LED's effect code."""
    f = loops[name].app.frame
    return bytes(f.colour) + bytes(f.effect)


def pixels(name):
    return loops[name].screen.display.buffer


def text(name):
    return "\n".join(loops[name].screen.lines)


def brightness(name):
    return getattr(loops[name].app, "brightness", 255)


def archive(root):
    """Set the running game aside (the firmware's own archive), before loading another."""
    Store(root).archive()


def hands(name):
    """Kahuna's digital deck: each player's hand as text, for their covered panel
    (JSON: {"white": "ELAI FAAA", "black": ..., "device": "black" or null}); "" otherwise."""
    import json

    game = loops[name].app.game
    if game is None or not getattr(game, "deck", False):
        return ""
    names = game.board.island_names
    out = {"device": None if game.device < 0 else ("white", "black")[game.device]}
    for p in (0, 1):
        cards = []
        for i in range(game.nisland):
            cards += [names[i]] * game.hand(p, i)
        out[("white", "black")[p]] = " ".join(cards)
    return json.dumps(out)
