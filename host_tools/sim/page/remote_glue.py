# Remote play in the page (remote.js): the firmware's own seat and shared log
# (companion/seat.py, remote.py) joined to the page's run loop; the page's
# JavaScript only carries bytes between them and the broker (MQTT over WebSockets).

import json

import sim_glue
from companion.remote import presence
from companion.remote.config import config_problem
from companion.remote import seat as seat_module


def _app(name):
    return sim_glue.loops[name].app


def hands(name):
    """sim_glue.hands for a remote game: only this seat's hand (the other's panel is left
    out, as the device's is in solo play); a spectator none."""
    text = _hands(name)
    seat = _app(name).remote
    if not text or seat is None:
        return text
    h = json.loads(text)
    if seat.seat not in ("white", "black"):
        return ""
    other = "black" if seat.seat == "white" else "white"
    h[other] = ""
    h["device"] = other
    return json.dumps(h)


_hands = sim_glue.hands
sim_glue.hands = hands  # the page asks sim_glue.hands; in a remote game it gets this


def join(name, code, seat, seats=""):
    """Join game `code` as seat ("" watches); seats: Kanaloa's, "red,blue,green" ("": the
    game's own). JSON: the topics to subscribe to and the last will."""
    app = _app(name)
    seats = seats.split(",") if seats else None
    r = {"game": code, "seat": seat or None}
    if seats:
        r["seats"] = seats
    problem = config_problem({"remote": r})
    if problem:  # the page's address: ?remote=CODE&seat=...
        app.say("remote=%s&seat=%s: %s: no remote play (docs/remote.md)" % (code, seat, problem))
        app.changed()
        return json.dumps({"refused": app.said})
    if seat_module.join(app, code, seat or None, True, seats) is None:
        return json.dumps({"refused": app.said})  # not a game played remotely (remote.seat.join)
    sync = app.remote.sync
    will = sync.will() if sync.seat else None
    return json.dumps({"topics": sync.topics(), "will": [will[0], will[1].decode()] if will else None})


def online(name, linked, now):
    """The link came up or went down at the page's clock now (ms); the least wait
    before the next try (ms): long while this seat is open elsewhere (seat.py)."""
    return _app(name).remote.online(bool(linked), now)


def receive(name, topic, payload):
    """0, or how long to wait (ms) before the next try: another live board or page
    holds this seat, and the page lets go of the connection (remote/presence.py)."""
    try:
        _app(name).remote.receive(payload.encode(), topic)
    except presence.GaveWay:
        return presence.HOLD_MS
    return 0


def will(name):
    """The last will of the next link (JSON [topic, payload]): a seat sure of itself names
    its board in it, a new id per link (remote/presence.py)."""
    t, payload = _app(name).remote.sync.will()
    return json.dumps([t, payload.decode()])


_counted = {}  # name -> when the "want"s answered were last counted afresh (ms)


def outbox(name, now):
    """What to publish now (JSON [[topic, payload, retain], ...]): only once the log
    is saved, and once this seat is surely the page's (seat.py)."""
    app = _app(name)
    seat = app.remote
    sync = seat.sync
    second = now - _counted.get(name, now - 1000) >= 1000 or now < _counted[name]  # (the clock wraps)
    if second:
        _counted[name] = now
    sync.tick(second)  # (every 20 ms; the "want"s answered counted afresh each second, as on a board)
    seat.steady(now)
    if app.pending or not seat.sure or not sync.outbox:
        return "[]"
    out = [[t, p.decode(), r] for t, p, r in sync.outbox]
    sync.outbox_clear()
    return json.dumps(out)


def state(name):
    """For the tests: the shared log's length, whose turn, the to-do, the free connections
    and the line under the game while the other seat, the broker or this seat is away."""
    app = _app(name)
    seat = app.remote
    g = app.game
    out = {"n": seat.sync.n, "active": seat.active() if g is not None else None, "todo": [], "free": [],
           "waiting": seat.waiting,
           "last": json.loads(seat.sync.lines[-1]) if seat.sync.n > 1 else {}}
    if g is not None:
        out["todo"] = [g.element_name(e) for e in range(g.elements()) if g.todo_at(e)]
        out["free"] = [g.board.conn_names[k] for k in range(g.nconn) if g.why_not_place(k) is None]
    return json.dumps(out)
