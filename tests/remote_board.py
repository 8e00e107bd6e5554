"""One board of a remote game, run by native MicroPython in the broker tests
(tests/test_remote_broker.py): the firmware on the simulated HAL, the real
MQTT client over a real socket, and a scripted player pressing its buttons.

    micropython tests/remote_board.py CONFIG.json

CONFIG: {"root": store folder, "layouts": folder, "seed": n, "target": lines,
"remote": {"game", "seat", "broker", "port", "user", "password", "keepalive"},
"seat_ms": [presence.TAKEN_MS, presence.HOLD_MS] for a test (a seat in use elsewhere) or null}.
The player confirms every to-do on its table, and on its colour's turn puts
a stick on a free connection (chosen by a fixed random sequence), then ends
the turn. It prints "N <lines>" when the shared log grows, "LINK <n>" when its
link to the broker comes up (the n-th time), "SAY <line>" when the line
under the game changes, and "DONE <lines>
<crc>" once it holds `target` lines (then it goes on serving the other side).
"""

import json
import sys
import time

from companion.boot import remote_play, start_sim

HOLD_MS = 30
EVERY_MS = 20


def main(path):
    with open(path) as f:
        cfg = json.load(f)
    if cfg.get("seat_ms"):  # a test's shorter times for a seat in use elsewhere
        from companion.remote import presence

        presence.TAKEN_MS, presence.HOLD_MS = cfg["seat_ms"]
    loop = start_sim("kahuna", cfg["root"], cfg["layouts"], lambda: cfg["seed"])
    remote_play(loop, cfg)
    app = loop.app
    seat = app.remote
    me = cfg["remote"]["seat"]
    turn = app.turn_key
    button = {}  # element -> its button, once the game is there
    scanner = loop.buttons.scanner
    rng = cfg["seed"] * 7919 + (1 if me == "white" else 2)
    held = -1
    at = time.ticks_ms()
    shown = -1
    away = ""
    done = False
    link = loop.link
    links = 0
    while True:
        now = time.ticks_ms()
        loop.step(now)
        sync = seat.sync
        if sync.n != shown:
            shown = sync.n
            print("N", shown)
        if link.connects != links:
            links = link.connects
            print("LINK", links)
        if seat.waiting != away:
            away = seat.waiting
            print("SAY", away)
        if not done and sync.n >= cfg["target"]:
            done = True
            print("DONE", sync.n, sync.crc())
        if time.ticks_diff(now, at) >= (HOLD_MS if held >= 0 else EVERY_MS):
            at = now
            if held >= 0:
                scanner.release(held)
                held = -1
            elif app.game is not None and not done and not app.pending:
                g = app.game
                if not button:
                    for b in app.ui.element:
                        button[app.ui.element[b]] = b
                code = -1
                for e in range(g.elements()):
                    if g.todo_at(e):
                        code = button[e]
                        break
                if code < 0 and seat.active() == me and not g.over():
                    last = json.loads(sync.lines[-1]) if sync.n > 1 else {}
                    if last.get("by") == me and last.get("op") == "place":
                        code = turn
                    else:
                        free = [k for k in range(g.nconn) if g.why_not_place(k) is None]
                        rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF
                        code = button[free[rng % len(free)]] if free else turn
                if code >= 0:
                    scanner.press(code)
                    held = code
        time.sleep_ms(2)


main(sys.argv[1])
