"""One board of a remote game, run by native MicroPython in the broker tests
(tests/test_remote_broker.py): the firmware on the simulated HAL, the real
MQTT client over a real socket, and a scripted player pressing its buttons.

    micropython tests/remote_board.py CONFIG.json

CONFIG: {"root": store folder, "layouts": folder, "seed": n, "target": lines,
"layout": the game's layout (kahuna if none),
"remote": {"game", "seat", "broker", "port", "user", "password", "keepalive", "seats"},
"seat_ms": [presence.TAKEN_MS, presence.HOLD_MS] for a test (a seat in use elsewhere) or null}.
The player confirms every to-do on its table, and on its colour's turn puts
a stick on a free connection (chosen by a fixed random sequence), then ends
the turn; in the other games it makes a legal event of its seat's through the
App (`app.act`, the press's own path: the seat's gate, the log, the link):
Rukuni a tower's move and a stone, Duell a stone, a mask (sealed or shown as
the seat's rules say) or a pass, Kanaloa a bridge then the turn's end. It
prints "N <lines>" when the shared log grows, "LINK <n>" when its link to the
broker comes up (the n-th time), "SAY <line>" when the line under the game
changes, and "DONE <lines> <crc>" once it holds `target` lines or the game is
over (then it goes on serving the others).
"""

import json
import sys
import time

from companion.boot import remote_play, start_sim

HOLD_MS = 30
EVERY_MS = 20


def rukuni(g, rng):
    if g.phase() == 1:  # set a stone next to the tower just moved
        cells = bytearray(6)
        k = g.stone_cells(cells)
        return {"op": "set", "at": g.board.names[cells[rng % k]]} if k else None
    out = bytearray(g.ncell)
    for t in range(g.ntower):
        a = g.tower_cell((t + rng) % g.ntower)
        k = g.destinations(a, out)
        if k:
            return {"op": "move", "from": g.board.names[a], "to": g.board.names[out[rng % k]]}
    return None


def duell(g, rng, me):
    p = 0 if me == "bison" else 1
    if g.phase() == 0:
        for v in g.hand(p):
            for k in range(9):
                site = (k + rng) % 9
                if g.why_not_put(p, site, v) is None:
                    return {"op": "put", "player": me, "at": "%d,%d" % (site // 3, site % 3), "value": v}
        return None
    if g.phase() == 1:
        return None if g.chosen(p) else {"op": "mask", "player": me, "choice": rng % 3}
    return {"op": "pass"}


def kanaloa(g, rng, last, me):
    names = g.board.conn_names
    if g.pending() is not None:
        for c in range(g.nconn):
            if g.why_not_choose(c) is None:
                return {"op": "choose", "at": names[c]}
    if last.get("by") == me and last.get("op") == "place":
        return {"op": "end_turn"}
    for k in range(g.nconn):
        c = (k + rng) % g.nconn
        if g.why_not_place(c) is None:
            return {"op": "place", "at": names[c]}
    return {"op": "end_turn"}


def event(app, me, rng):
    """This seat's next event in a game other than Kahuna, or None (nothing now)."""
    g = app.game
    name = app.game_name
    if name == "duell":
        if g.active() is not None and g.players[g.active()] != me:
            return None
        return duell(g, rng, me)
    if app.remote.active() != me:
        return None
    if name == "rukuni":
        return rukuni(g, rng)
    sync = app.remote.sync
    return kanaloa(g, rng, json.loads(sync.lines[-1]) if sync.n > 1 else {}, me)


def main(path):
    with open(path) as f:
        cfg = json.load(f)
    if cfg.get("seat_ms"):  # a test's shorter times for a seat in use elsewhere
        from companion.remote import presence

        presence.TAKEN_MS, presence.HOLD_MS = cfg["seat_ms"]
    layout = cfg.get("layout") or "kahuna"
    loop = start_sim(layout, cfg["root"], cfg["layouts"], lambda: cfg["seed"])
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
        if not done and (sync.n >= cfg["target"] or app.game is not None and app.game.over()):
            done = True
            print("DONE", sync.n, sync.crc())
        if time.ticks_diff(now, at) >= (HOLD_MS if held >= 0 else EVERY_MS):
            at = now
            if held >= 0:
                scanner.release(held)
                held = -1
            elif app.game is not None and not done and not app.pending and layout != "kahuna":
                if app.game.todo_open():
                    app.act(None, {"op": "tidy"})  # the others' moves are on this table too
                else:
                    rng = (rng * 1103515245 + 12345) & 0x7FFFFFFF
                    e = event(app, me, rng >> 8)
                    if e is not None:
                        app.act(None, e)
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
