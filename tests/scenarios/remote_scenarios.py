"""Remote play without sockets: two simulated boards (and a spectator) keep one
log through an in-memory broker that can drop, repeat and hold back messages
(companion/remote.py, seat.py; docs/remote.md)."""

import json
import os

from companion.app import page
from companion.remote import protocol as remote
from companion.remote.deal import deal_seed
from companion.remote.seat import join

from .device import Device, fresh_dir

CODE = "K7Q2"


class Wire:
    """A broker in memory: retained messages, one inbox per connected board;
    what a board says goes out only after its log is on flash."""

    def __init__(self):
        self.retained = {}
        self.boards = {}  # name -> [device, inbox, online]
        self.sent = 0

    def connect(self, name, d):
        self.boards[name] = [d, [], True]
        seat = d.app.remote
        seat.sync.hello()
        self.boards[name][1].extend((t, self.retained[t]) for t in sorted(self.retained))

    def cut(self, name):
        """The board vanishes: the broker publishes its will; what it says is lost."""
        b = self.boards[name]
        b[2] = False
        del b[1][:]
        sync = b[0].app.remote.sync
        if sync.seat:
            t, will = sync.will()
            self.publish(t, will, True)

    def publish(self, t, payload, retain):
        self.sent += 1
        if retain:
            self.retained[t] = payload
        for name in self.boards:
            if self.boards[name][2]:
                self.boards[name][1].append((t, payload))

    def pump(self, rounds=6, drop=None, twice=False):
        """Move messages until quiet (or `rounds` times); drop(payload) True loses one."""
        for _ in range(rounds):
            moved = False
            for name in sorted(self.boards):
                d, inbox, on = self.boards[name]
                if not on:
                    continue
                sync = d.app.remote.sync
                sync.tick()  # the link's timer
                if not d.app.pending:
                    while sync.outbox:
                        t, payload, retain = sync.outbox.pop(0)
                        moved = True
                        if drop is None or not drop(payload):
                            self.publish(t, payload, retain)
                            if twice:
                                self.publish(t, payload, retain)
            for name in sorted(self.boards):
                d, inbox, on = self.boards[name]
                while on and inbox:
                    moved = True
                    t, payload = inbox.pop(0)
                    d.app.remote.receive(payload, t)
                d.wait(10)
            if not moved:
                return


def board(name, seat, wire, seed=7, cards=False, choices=()):
    """choices: (menu line, value) pairs for the host's header."""
    d = Device(fresh_dir("remote-" + name), seed=seed)
    if cards:
        d.app.choice[4] = 1  # the menu's Cards: digital
    for line, value in choices:
        d.app.choice[line] = value
    join(d.app, CODE, seat)
    d.wait(10)
    wire.connect(name, d)
    return d


def pair():
    wire = Wire()
    w = board("w", "white", wire)
    b = board("b", "black", wire, seed=11)
    wire.pump()
    return wire, w, b


def first(d):
    return d.app.remote.active()


def same(w, b):
    assert w.log_lines() == b.log_lines(), (w.log_lines(), b.log_lines())
    return len(w.log_lines())


def a_game():
    """The host deals the header; a move on one board is the other's to-do."""
    wire, w, b = pair()
    out = {"header": w.log()[0], "joined": same(w, b)}
    mover, other = (w, b) if first(w) == "white" else (b, w)
    out["first"] = first(w)
    out["not yours"] = other.press("ALOA-BARI").app.said
    news = [page.status(other.app)["news"]]  # a refusal: no news (the page shows the two apart)
    other.wait(800)  # the refusal's red flash ends
    mover.press("ALOA-BARI")
    wire.pump()
    out["said"] = other.app.said
    news.append(page.status(other.app)["news"])  # the other board's move: news
    out["todo"] = other.lit().get("ALOA-BARI")
    out["mover lit"] = mover.lit().get("ALOA-BARI")
    other.press("ALOA-BARI")  # put on: this table only
    out["after put on"] = other.lit().get("ALOA-BARI")
    out["news"] = news + [page.status(other.app)["news"]]  # a press of its own ends the news
    mover.press("TURN")
    wire.pump()
    out["turn"] = other.lines()[0]
    out["n"] = same(w, b)
    out["log"] = w.log()
    return out


def faults():
    """Lost, repeated and held-back messages: the logs still end alike."""
    wire, w, b = pair()
    boards = {"white": w, "black": b}
    moves = ["ALOA-BARI", "TURN", "HUNA-ELAI", "TURN", "COCO-GOLA", "TURN", "BARI-COCO", "TURN"]
    k = [0]

    def every_third(payload):
        k[0] += 1
        return k[0] % 3 == 0

    for m in moves:
        d = boards[first(w)]
        d.press(m)
        wire.pump(drop=every_third, twice=True)
    wire.pump(rounds=20)  # no reconnect: the link's timer (Sync.tick) alone catches up what was lost
    return {"n": same(w, b), "refused": [w.app.remote.sync.refused, b.app.remote.sync.refused],
            "lost": k[0] // 3}


def presence():
    wire, w, b = pair()
    wire.cut("b")
    wire.pump()
    out = {"offline": w.lines()[-2:]}
    b.app.remote.sync.hello()
    wire.boards["b"][2] = True
    wire.pump()
    out["back"] = w.lines()[-2:]
    return out


def late_joiner():
    """A spectator joining mid-game gets the whole log (the retained lines)."""
    wire, w, b = pair()
    for m in ["ALOA-BARI", "TURN", "HUNA-ELAI", "TURN"]:
        (w if first(w) == "white" else b).press(m)
        wire.pump()
    s = board("s", None, wire)
    wire.pump()
    out = {"n": same(w, s), "says": s.press("COCO-GOLA").app.said}
    return out


def bad_messages():
    wire, w, b = pair()
    sync = b.app.remote.sync
    n = sync.n
    line = w.app.remote.sync.lines[0].decode()
    msg = {"v": 1, "g": CODE, "t": "ev", "from": "white", "i": n + 5, "crc": 0, "line": line}
    bad = [b"not json", b"[1, 2]", b"x" * 1000000,
           json.dumps({"v": 9, "g": CODE, "t": "ev"}).encode(),
           json.dumps({"v": 1, "g": "OTHER", "t": "ev"}).encode(),
           json.dumps({"v": 1, "g": CODE, "t": "hello", "from": "white"}).encode(),
           json.dumps({"v": 1, "g": CODE, "t": "ev", "from": "white", "i": "3", "crc": 0, "line": ""}).encode()]
    reasons = []
    for p in bad:
        try:
            remote.decode(p, CODE)
        except remote.Refused as e:
            reasons.append(str(e))
        sync.receive(p)
    # an illegal move at the right index with the right check: refused, not applied
    ev = '{"op": "place", "at": "NOPE-NADA", "by": "%s"}' % first(b)
    msg.update(i=n, line=ev, crc=remote.line_crc(ev.encode(), sync.crc()))
    msg["from"] = first(b)
    sync.receive(json.dumps(msg).encode())
    # a move by the colour not to play
    other = "black" if first(b) == "white" else "white"
    ev = '{"op": "place", "at": "ALOA-BARI", "by": "%s"}' % other
    msg.update(line=ev, crc=remote.line_crc(ev.encode(), sync.crc()))
    msg["from"] = other
    sync.receive(json.dumps(msg).encode())
    # a move relayed by a board that did not make it (only its maker's copy counts)
    msg["from"] = first(b)
    sync.receive(json.dumps(msg).encode())
    # a gap: a later index asks for the missing range
    msg.update(i=n + 3)
    sync.receive(json.dumps(msg).encode())
    asked = json.loads(sync.outbox[-1][1])
    wire.pump()
    return {"reasons": reasons, "refused": sync.refused, "n": same(w, b), "asked": [asked["t"], asked["i"]]}


def divergence():
    """A board whose copy of the other's move differs heals from the author's log."""
    wire, w, b = pair()
    mover, other = (w, b) if first(w) == "white" else (b, w)
    mover.press("ALOA-BARI")
    wire.pump()
    # corrupt the other's copy of the mover's line (as a damaged write would)
    sync = other.app.remote.sync
    i = sync.n - 1
    bad = sync.lines[i].replace(b"ALOA-BARI", b"HUNA-ELAI")
    other.app.restart_from(i)
    other.app.store.append(bad.decode())
    other.app.remote.cut(i)
    sync.lines[i:] = [bad]
    sync.crcs[i:] = [remote.line_crc(bad, sync.crc(i))]
    mover.app.remote.sync.republish(i)
    wire.pump()
    return {"n": same(w, b), "said": other.app.said, "diverged": sync.diverged}


def misplaced_copy():
    """A copy of a line of white's sent again under another index, where black's own
    line stands: black cut its own line for it (white's wins a fork), then could
    not get it back (only its maker's copy is taken) and the game stalled. A fork is
    healed only where the sender's log before it is ours."""
    wire, w, b = pair()
    boards = {"white": w, "black": b}
    for m in ["ALOA-BARI", "TURN", "HUNA-ELAI", "TURN"]:
        boards[first(w)].press(m)
        wire.pump()
    lines = [json.loads(x) for x in w.log_lines()[1:]]
    i = 1 + [e["by"] for e in lines].index("black")  # black's first line
    k = 1 + [e["by"] for e in lines].index("white")
    msg = json.loads(wire.retained["kc/%s/white/log/%d" % (CODE, k)])
    msg["i"] = i
    b.app.remote.receive(json.dumps(msg).encode(), "kc/%s/white/log/%d" % (CODE, i))
    wire.pump()
    boards[first(w)].press("COCO-GOLA")  # the game goes on
    wire.pump()
    return {"n": same(w, b), "kept": b.log()[i] == lines[i - 1]}


def undo_across():
    wire, w, b = pair()
    mover, other = (w, b) if first(w) == "white" else (b, w)
    out = {}
    mover.press("ALOA-BARI")
    wire.pump()
    mover.press("UNDO")  # own move, still to play: no consent needed
    wire.pump()
    out["own undo"] = [w.log()[-1], same(w, b)]
    mover.press("ALOA-BARI").press("TURN")
    wire.pump()
    out["other's move"] = other.press("UNDO").app.said  # the mover's move: not theirs
    mover.press("UNDO")  # past the turn: a request
    out["asked"] = mover.app.said
    wire.pump()
    out["request"] = other.app.said
    out["request is news"] = page.status(other.app)["news"]
    other.press("TURN")  # refused
    wire.pump()
    out["refused"] = mover.app.said
    mover.press("UNDO")
    wire.pump()
    other.press("UNDO")  # accepted: the other board makes the undo
    wire.pump()
    out["accepted"] = [w.log()[-1], same(w, b), first(w)]
    return out


def unfair_deal():
    """Black takes a header only if its seed is the deal of both parts, white's as committed."""
    from companion.remote.deal import deal_seed

    wire, w, b = pair()
    seat = b.app.remote
    h = w.log()[0]
    out = [seat.fair(h)]
    bad = dict(h)
    bad["seed"] = h["seed"] + 1
    out.append(seat.fair(bad))
    bad["deal"] = {"white": "chosen", "black": h["deal"]["black"]}
    bad["seed"] = deal_seed("chosen", h["deal"]["black"])
    out.append(seat.fair(bad))
    del bad["deal"]
    out.append(seat.fair(bad))
    return out


def fresh_friend():
    """Black's board (or page) starts again with nothing kept (new storage) in a
    game the boards dealt and began: it takes the game as dealt and plays on;
    a board that kept its part still refuses a deal without it."""
    wire = Wire()
    w = board("w", "white", wire, cards=True)
    b = board("b", "black", wire, seed=11)
    wire.pump()
    mover = w if first(w) == "white" else b
    mover.press("ALOA-HUNA").press("TURN").press("TURN")
    wire.pump()
    before = same(w, b)
    wire.cut("b")
    again = Device(fresh_dir("remote-b-again"), seed=23)
    join(again.app, CODE, "black")
    again.wait(10)
    wire.connect("b2", again)
    wire.pump(rounds=20)
    out = {"before": before, "then": same(w, again), "refused": again.app.remote.sync.refused}
    seat = b.app.remote
    h = dict(w.log()[0])
    h["deal"] = {"white": h["deal"]["white"], "black": "00000000000000aa"}
    h["seed"] = deal_seed(h["deal"]["white"], h["deal"]["black"])
    out["kept part"] = seat.fair(h)
    return out


def cards_hidden():
    """The digital deck: the deal from both boards; each hand only on its own board."""
    wire = Wire()
    w = board("w", "white", wire, cards=True)
    b = board("b", "black", wire, seed=11)
    wire.pump()
    out = {"cards": b.log()[0].get("cards"), "n": same(w, b)}
    mover, other = (w, b) if first(w) == "white" else (b, w)
    for d in (mover, other):
        d.press("TURN", long=True)  # show the hand of the player to play
    out["mover sees"] = mover.lines()[5]
    out["other sees"] = other.lines()[5]
    out["hands alike"] = mover.app.game.snapshot() == other.app.game.snapshot()
    mover.press("ALOA-HUNA").press("TURN").press("TURN")  # a stick paid with a card, the draw from the pile
    wire.pump()
    gw, gb = w.app.game, b.app.game
    out["after"] = [same(w, b), other.app.said, gw.s[:gw.real_at] == gb.s[:gb.real_at]]  # the rules' state
    out["log"] = w.log()[1:]
    for d in (mover, other):  # the other player to play now: its hand on its board only
        d.wait(800)
        d.press("TURN", long=True)
    out["then"] = [w.lines()[5], b.lines()[5], w.app.ui.mine, b.app.ui.mine]
    return out


def game_over():
    """An early end (a round ended with a player's sticks all gone): a press on
    either board is refused because the game is over, not because of whose move it is."""
    wire, w, b = pair()
    mover, other = (w, b) if first(w) == "white" else (b, w)
    mover.press("ALOA-BARI").press("TURN", long=True)  # the round ends: the other has no stick
    wire.pump()
    out = {"over": [w.app.game.over(), b.app.game.over()], "n": same(w, b)}
    out["said"] = [d.press("HUNA-ELAI").app.said for d in (mover, other)]
    mover.press("UNDO")  # the move that ended it, taken back with the other's consent
    wire.pump()
    other.press("UNDO")
    wire.pump()
    out["undone"] = [w.app.game.over(), b.app.game.over(), w.log()[-1], same(w, b)]
    # the next game: a new code (as `companion flash --remote` gives each board at boot)
    wire = Wire()
    for name, d, seat in (("w", w, "white"), ("b", b, "black")):
        join(d.app, "NEW1", seat)
        d.wait(10)
        wire.connect(name, d)
    wire.pump(rounds=20)
    out["next"] = [w.log()[0].get("remote"), b.log()[0].get("remote"), same(w, b), w.app.game.over(),
                   sorted(n for n in os.listdir(w.root) if n.startswith("game-"))]
    return out


def free_stick():
    """Variant 1 (docs/rules.md): the stick a remove freed is offered on the
    remover's board only; the other board shows the stick to take off, and
    after a power cut each board shows again what it showed."""
    wire = Wire()
    white_first_variant1 = ((0, 1), (1, 1))
    w = board("w", "white", wire, choices=white_first_variant1)
    b = board("b", "black", wire, seed=11)
    wire.pump()
    w.press("ALOA-BARI").press("TURN")
    wire.pump()
    b.press("ALOA-BARI")  # put on: b's table
    b.press("ALOA-BARI")  # black takes white's stick off: a remove
    wire.pump()
    out = {"variants": w.log()[0]["variants"], "last": w.log()[-1]}
    boards = {"white": w, "black": b}
    for seat in ("black", "white"):
        d = boards[seat]
        out[seat] = [d.lit().get("ALOA-BARI"), "V1: free stick?" in d.lines()]
        d = boards[seat] = Device(d.root, seed=5)  # a power cut: the board boots from its files
        join(d.app, CODE, seat)
        d.wait(10)
        out[seat + " after a cut"] = [d.lit().get("ALOA-BARI"), "V1: free stick?" in d.lines()]
    return out


def not_kahuna():
    """Every game is played remotely, each with its own seats: a board given a
    seat its game does not have says so, joins nothing and plays on at its table."""
    out = {}
    for layout, seat, seats in (("kanaloa", "white", None), ("kanaloa", "red", ["red", "blue"]),
                                ("rukuni", "bison", None), ("duell", "white", None), ("duell", "wolf", ["wolf"])):
        d = Device(fresh_dir("remote-" + layout), layout=layout, seed=7)
        got = join(d.app, CODE, seat, seats=seats)
        out[layout + " " + seat + (" seats" if seats else "")] = [
            got, d.app.said, d.app.remote is None and d.app.game is not None]
    return out


class _Loop:
    def __init__(self, app):
        self.app = app


def bad_configs():
    """A hand-edited /config.json never stops the board: one that is not an
    object, or whose layout or profile is not a name, gives the defaults; one
    an editor began with a byte order mark is read; a
    "remote" entry that cannot join says why and the board plays on here."""
    from companion.boot import device_config, remote_play

    root = fresh_dir("remote-config")
    out = {"files": []}
    for text in ('[1]', '{"layout": 5, "profile": "pico"}', '{"layout": "kahuna"',
                 '\ufeff{"layout": "kanaloa", "profile": "pico"}'):
        with open(root + "/config.json", "w") as f:
            f.write(text)
        out["files"].append(device_config(root + "/config.json"))
    good = {"game": CODE, "seat": "white"}
    for config in ({"remote": CODE}, {"remote": {"game": "K7/#", "seat": "white"}},
                   {"remote": {"game": CODE, "seat": "p/#"}}, {"remote": dict(good, port="1883")},
                   {"remote": dict(good, password=1234)}, {"remote": good, "wifi": "MyNet"}):
        d = Device(fresh_dir("remote-config"), seed=7)
        out.setdefault("said", []).append(
            [remote_play(_Loop(d.app), config), d.app.remote, d.app.said, d.app.game is not None])
    return out


def damaged_part():
    """The file that keeps black's part of the seed (and white's commitment)
    damaged while the boards wait for the deal: what is not as written is made
    anew, and the deal goes through; a commitment or a part that is not hex is
    not taken."""
    out = []
    for content in (b"\xff\xfe\x00junk", b"zz", b"a" * 100000, b"0000000700000007 \xff\xff"):
        wire = Wire()
        w = board("w", "white", wire, cards=True)
        d = Device(fresh_dir("remote-part"), seed=11)
        with open(d.root + "/remote-%s.txt" % CODE, "wb") as f:
            f.write(content)
        join(d.app, CODE, "black")
        d.wait(10)
        wire.connect("b", d)
        wire.pump(rounds=20)
        out.append([d.log()[0].get("deal"), same(w, d)])
    seat = join(Device(fresh_dir("remote-part"), seed=11).app, CODE, "black")
    seat.request({"t": "state", "from": "white", "on": 1, "commit": "not a hash"})
    out.append(seat.commit)
    return out


def another_header():
    """White's line 0 arrives in another version (a board reset and dealt
    anew under the same code): the header is the game, so black keeps its
    own and says so; the game goes on."""
    wire, w, b = pair()
    mover = w if first(w) == "white" else b
    mover.press("ALOA-BARI").press("TURN")
    wire.pump()
    before = b.log_lines()
    header = json.loads(before[0])
    header["variants"] = ["variant2"]
    line = json.dumps(header)
    msg = {"v": 1, "g": CODE, "t": "ev", "from": "white", "i": 0, "crc": remote.line_crc(line.encode(), 0),
           "line": line}
    b.app.remote.receive(json.dumps(msg).encode(), remote.topic(CODE, "white", "log", 0))
    out = {"kept": b.log_lines() == before, "said": b.app.said}
    other = b if mover is w else w
    other.press("HUNA-ELAI")
    wire.pump()
    out["on"] = [same(w, b), other.log()[-1]]
    return out


def own_older_line():
    """Black meets another version of a line it made itself, on its own topic
    (an older one the broker still keeps, or a damaged copy): its flash holds
    the version it published last, so it keeps its log and cuts nothing (it
    could not get its later lines back: only the broker's retained copies
    hold them, and only a reconnect brings those)."""
    wire, w, b = pair()
    mover, other = (w, b) if first(w) == "white" else (b, w)
    mover.press("ALOA-BARI").press("TURN")
    wire.pump()
    other.press("HUNA-ELAI").press("TURN")
    wire.pump()
    before = b.log_lines()
    i = [json.loads(x).get("by") for x in before].index("black")
    older = json.loads(before[i])
    older["at"] = "BARI-COCO"
    line = json.dumps(older)
    crc = 0
    for x in before[:i]:
        crc = remote.line_crc(x.encode(), crc)
    msg = {"v": 1, "g": CODE, "t": "ev", "from": "black", "i": i, "crc": remote.line_crc(line.encode(), crc),
           "line": line}
    b.app.remote.receive(json.dumps(msg).encode(), remote.topic(CODE, "black", "log", i))
    out = {"kept": b.log_lines() == before}
    mover.press("COCO-GOLA")
    wire.pump()
    out["on"] = [same(w, b), mover.log()[-1]["at"]]
    return out


def long_code():
    """A board waiting for the other one shows the game's code; a code may
    have 16 characters, a line of the display too ("Remote " + 16 was 23)."""
    out = []
    for code in (CODE, "ABCDEFGHIJKLMNOP"):
        d = Device(fresh_dir("remote-long-code"), seed=7)
        join(d.app, code, "black")
        d.wait(50)
        out.append(d.lines())
    return out


def taken_elsewhere():
    """Who holds white's seat (remote/presence.py). A board sure of its seat never
    gives way for cuts alone, however short (before: two cuts within 5 s of the
    link coming up, an outage then a broker restart, made it say "in use
    elsewhere" and wait 30 s); a newcomer's last will ("offline", no id) makes it
    say again that it is online. Only another board's id that changes on white's
    state (that board came back between two looks: it is alive) makes it give
    way; it tries again every 10 s, and a link of its that stays up 5 s gives it
    the seat back."""
    from companion.remote.presence import GaveWay

    wire, w, b = pair()
    seat = w.app.remote
    mover = "ALOA-BARI" if first(w) == "white" else "TURN"  # (black's first: TURN refuses as its move)
    waits = [seat.online(True, 1000), seat.online(False, 7000)]  # up 6 s: the network
    waits += [seat.online(True, 0x3FFFFF00), seat.online(False, 0x200)]  # up 0.5 s, across ticks_ms's wrap
    waits += [seat.online(True, 1000), seat.online(False, 1900), seat.online(True, 2000), seat.online(False, 2100)]
    out = {"waits": waits, "after cuts": [seat.presence.taken, seat.sure]}
    topic = "kc/%s/white/state" % CODE
    del seat.sync.outbox[:]

    def state(**fields):
        msg = {"v": 1, "g": CODE, "t": "state", "from": "white", "on": 0}
        msg.update(fields)
        try:
            seat.receive(json.dumps(msg).encode(), topic)
        except GaveWay as e:
            return "gave way: %s" % e
        return [json.loads(p)["on"] for t, p, r in seat.sync.outbox if t == topic]

    out["own echo"] = state(on=1, id=seat.sync.id)
    out["a newcomer's will"] = state()
    del seat.sync.outbox[:]
    out["another's id"] = state(id="0badf00d.4")  # (seen once: it may be a board long gone)
    out["again"] = state(id="0badf00d.4")
    out["changed"] = state(on=1, id="0badf00d.5")
    out["taken"] = [seat.presence.taken, seat.sure, seat.sync.id, seat.sync.outbox]
    out["wait"] = seat.online(False, 3000)
    w.wait(10)
    out["lines"] = w.lines()[-2:]
    out["press"] = w.press("ALOA-BARI").app.said
    w.wait(800)
    out["undo"] = w.press("UNDO").app.said
    w.wait(800)
    seat.online(True, 31900)
    seat.steady(36000)  # up 4.1 s: still waiting
    out["at 4.1 s"] = seat.presence.taken
    seat.steady(36900)
    out["at 5 s"] = [seat.presence.taken, seat.waiting, seat.sync.id[9:]]
    w.press(mover)
    wire.pump()
    out["n"] = same(w, b)
    return out


def run_all():
    return {"long_code": long_code(), "fresh_friend": fresh_friend(), "cards_hidden": cards_hidden(), "unfair_deal": unfair_deal(), "a_game": a_game(), "faults": faults(), "presence": presence(), "late_joiner": late_joiner(),
            "bad_messages": bad_messages(), "divergence": divergence(), "undo_across": undo_across(), "game_over": game_over(),
            "free_stick": free_stick(), "not_kahuna": not_kahuna(), "bad_configs": bad_configs(),
            "damaged_part": damaged_part(), "another_header": another_header(),
            "own_older_line": own_older_line(), "taken_elsewhere": taken_elsewhere(),
            "misplaced_copy": misplaced_copy()}
