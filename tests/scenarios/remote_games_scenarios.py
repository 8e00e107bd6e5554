"""Remote play of Rukuni, Duell der Schamanen and Kanaloa without sockets: the
boards keep one log through the in-memory broker of remote_scenarios (lost,
repeated and held-back messages), each seat moves only its own pieces,
Duell's masks stay sealed until both are chosen, and an undo needs the
consent of every seat that saw the move (docs/remote.md)."""

import json

from companion.remote import protocol as remote
from companion.remote.seat import join

from .device import Device, fresh_dir
from .duell_scenarios import BASIC
from .remote_scenarios import CODE, Wire, same


def board(name, layout, seat, wire, seed=7, choices=(), seats=None):
    d = Device(fresh_dir("rg-" + name), layout=layout, seed=seed)
    for line, value in choices:
        d.app.choice[line] = value
    join(d.app, CODE, seat, seats=seats)
    d.wait(10)
    wire.connect(name, d)
    return d


def to_play(boards):
    d = next(iter(boards.values()))
    return boards[d.app.remote.active()]


def every_third():
    k = [0]

    def drop(payload):
        k[0] += 1
        return k[0] % 3 == 0
    return drop


# --- Rukuni: two seats, open information -----------------------------------------
RUKUNI_TURNS = [["0,-4", "0,0", "1,0"], ["4,0", "2,0", "3,0"], ["0,0", "0,-3", "0,-2"], ["2,0", "2,-2", "2,-1"]]


def rukuni():
    wire = Wire()
    w = board("rw", "rukuni", "white", wire)
    b = board("rb", "rukuni", "black", wire, seed=11)
    wire.pump()
    boards = {"white": w, "black": b}
    out = {"header": w.log()[0], "joined": same(w, b)}
    mover = to_play(boards)
    other = b if mover is w else w
    out["first"] = mover.app.remote.seat
    out["not yours"] = other.presses(["0,-4", "0,0"]).app.said
    other.wait(800)
    other.press("0,0")  # (the tower picked again: put down)
    drop = every_third()
    for turn in RUKUNI_TURNS[:2]:
        d = to_play(boards)
        d.presses(turn)
        wire.pump(drop=drop, twice=True)
    wire.pump(rounds=20)
    out["said"] = [w.app.said, b.app.said]
    out["n"] = same(w, b)
    # undo across: the last mover asks, the other allows
    last = other if to_play(boards) is mover else mover
    last.press("UNDO")
    out["asked"] = last.app.said
    wire.pump()
    to_play(boards).press("UNDO")
    wire.pump()
    out["undone"] = [w.log()[-1], same(w, b), to_play(boards).app.remote.seat]
    to_play(boards).presses(["3,0", "3,0"])  # the stone off its table, then set again
    wire.pump()
    for turn in RUKUNI_TURNS[2:]:
        d = to_play(boards)
        d.presses(turn)
        wire.pump(drop=drop)
    wire.pump(rounds=20)
    out["end"] = [same(w, b), w.log()[1:], [w.app.remote.sync.refused, b.app.remote.sync.refused]]
    return out


# --- Duell: two seats, the masks sealed ---------------------------------------------
SITE_OF_KEY = {}


def duell_pair(tag=""):
    wire = Wire()
    time_off = ((1, 3),)  # the menu's Time: off
    bison = board("db" + tag, "duell", "bison", wire, choices=time_off)
    wolf = board("dw" + tag, "duell", "wolf", wire, seed=11)
    wire.pump()
    for e in bison.layout["sites"]:
        bison.buttons["key %d" % e["key"]] = e["button"]
        wolf.buttons["key %d" % e["key"]] = e["button"]
    boards = {"bison": bison, "wolf": wolf}
    for e in BASIC:
        d = boards[e["player"]]
        if d.app.game.todo_open():
            d.press("TURN")  # the other board's stones are on this table too (tidy)
        d.presses([e["at"], "key %d" % e["value"]])
        wire.pump()
    return wire, bison, wolf


def duell():
    wire, bison, wolf = duell_pair()
    out = {"header": bison.log()[0], "placed": same(bison, wolf), "phase": bison.app.game.phase()}
    out["not its mask"] = bison.press("wolf mask 1").app.said
    bison.wait(800)
    out["bison first"] = bison.press("bison mask 2").app.said  # nothing sealed yet
    bison.wait(800)
    wolf.press("wolf mask 1")  # sealed: nothing logged, only its hash goes out
    out["sealed"] = [wolf.app.said, len(wolf.log()), json.loads(wolf.app.remote.sync.outbox[-1][1]).get("seal")]
    wire.pump()
    out["wolf again"] = wolf.press("wolf mask 0").app.said
    wolf.wait(800)
    n = len(bison.log())
    bison.press("bison mask 2")  # the line carries wolf's seal; wolf's board then shows its mask by itself
    out["bison line"] = bison.log()[n]
    wire.pump()
    out["revealed"] = [wolf.log()[n + 1], same(bison, wolf), bison.app.game.last_duel()]
    wolf.wait(800)
    out["undo a shown duel"] = wolf.press("UNDO").app.said
    return out, wire, bison, wolf


def duell_forged():
    """A wolf board that shows another mask than it sealed: refused by bison's board."""
    wire, bison, wolf = duell_pair("f")
    wolf.press("wolf mask 1")
    wire.pump()
    bison.press("bison mask 0")
    sync = bison.app.remote.sync
    line = json.dumps({"op": "mask", "player": "wolf", "choice": 2, "salt": "0000000000000000", "by": "wolf"})
    msg = {"v": 1, "g": CODE, "t": "ev", "from": "wolf", "i": sync.n, "line": line,
           "crc": remote.line_crc(line.encode(), sync.crc())}
    bison.app.remote.receive(json.dumps(msg).encode(), remote.topic(CODE, "wolf", "log", sync.n))
    out = {"refused": sync.refused, "n": sync.n}
    # a bison line with no seal (a board that shows its mask before wolf sealed): refused by wolf's
    wsync = wolf.app.remote.sync
    line = json.dumps({"op": "mask", "player": "bison", "choice": 0, "by": "bison"})
    msg = {"v": 1, "g": CODE, "t": "ev", "from": "bison", "i": wsync.n, "line": line,
           "crc": remote.line_crc(line.encode(), wsync.crc())}
    wolf.app.remote.receive(json.dumps(msg).encode(), remote.topic(CODE, "bison", "log", wsync.n))
    out["unsealed"] = [wsync.refused, wsync.n]
    wire.pump()  # wolf's own board then shows the mask it sealed
    out["then"] = [same(bison, wolf), bison.log()[-1]["choice"], bison.app.game.last_duel()]
    return out


def duell_cut():
    """Wolf's board loses power after sealing: the seal is kept beside its log and
    shown once bison has chosen."""
    wire, bison, wolf = duell_pair("c")
    wolf.press("wolf mask 2")
    wire.pump()
    wire.cut("dwc")
    wolf = Device(wolf.root, layout="duell", seed=5)  # a power cut: the board boots from its files
    join(wolf.app, CODE, "wolf")
    wolf.wait(10)
    wire.connect("dwc", wolf)
    wire.pump()
    bison.press("bison mask 1")
    wire.pump(rounds=20)
    return {"n": same(bison, wolf), "duel": bison.app.game.last_duel(), "last": bison.log()[-1]["choice"]}


# --- Kanaloa: three or four seats, any of them a page ---------------------------------
SEATS3 = ["red", "blue", "green"]


def kanaloa():
    wire = Wire()
    players3 = ((0, 1),)  # the menu's Players: RBG (the host's header takes the seats anyway)
    boards = {}
    for k, seat in enumerate(SEATS3):
        boards[seat] = board("k" + seat, "kanaloa", seat, wire, seed=7 + 4 * k, choices=players3, seats=SEATS3)
    wire.pump(rounds=20)
    r, b, g = boards["red"], boards["blue"], boards["green"]
    out = {"header": r.log()[0], "joined": [same(r, b), same(r, g)]}
    mover = to_play(boards)
    out["first"] = mover.app.remote.seat
    idle = [d for d in boards.values() if d is not mover]
    out["not yours"] = idle[0].press("TURN").app.said
    idle[0].wait(800)
    mover.press("KAIA-ORO")
    wire.pump(drop=every_third(), twice=True)
    wire.pump(rounds=20)
    out["placed"] = [same(r, b), same(r, g), r.log()[-1], idle[1].app.said]
    # undo past the turn: everyone who saw the move must allow it
    mover.press("TURN")
    wire.pump()
    mover.press("UNDO")
    out["asked"] = mover.app.said
    wire.pump()
    nxt = to_play(boards)
    third = [d for d in boards.values() if d is not mover and d is not nxt][0]
    nxt.press("UNDO")
    out["one allowed"] = [nxt.app.said, r.log()[-1]]
    wire.pump()
    third.press("UNDO")
    wire.pump()
    wire.pump()
    out["undone"] = [same(r, b), same(r, g), r.log()[-1], to_play(boards).app.remote.seat]
    return out


def kanaloa4():
    """Four seats, as the settings give none: red, blue, green and yellow; each plays a bridge."""
    wire = Wire()
    boards = {}
    for k, seat in enumerate(("red", "blue", "green", "yellow")):
        boards[seat] = board("k4" + seat, "kanaloa", seat, wire, seed=3 + 4 * k)
    wire.pump(rounds=20)
    played = []
    for at in ("KAIA-ORO", "HOKU-HANA", "AKAU-HANA", "NOHO-ORO"):
        d = to_play(boards)
        g = d.app.game
        for e in [e for e in range(g.elements()) if g.todo_at(e)]:
            d.press(g.element_name(e))  # the others' bridges put on this table too (TURN would end the turn)
        d.press(at).press("TURN")
        played.append(d.app.remote.seat)
        wire.pump()
    logs = [d.log() for d in boards.values()]
    return {"players": logs[0][0]["players"], "deal": sorted(logs[0][0]["deal"]), "played": played,
            "same": all(x == logs[0] for x in logs), "n": len(logs[0]),
            "by": [e["by"] for e in logs[0][1:]]}


def run_all():
    d, _, _, _ = duell()
    return {"rukuni": rukuni(), "duell": d, "duell_forged": duell_forged(), "duell_cut": duell_cut(),
            "kanaloa": kanaloa(), "kanaloa4": kanaloa4()}
