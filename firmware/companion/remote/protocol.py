"""Remote play: two boards (or a board and the page) keep one game log in step.

Pure: no sockets, no time. The link to the broker (link.py) hands every
payload it receives to Sync.receive and publishes what Sync puts in its
outbox; the board (the App, through a small host object) applies the
events. docs/remote.md describes the protocol; in short:

- The shared log is the game's log on flash: the header (index 0), then
  one rules event per line, each carrying "by", the seat that made it. A
  board's own confirmations (took_off, put_on, tidy) never enter it: they
  describe its own table.
- Every line goes out as an "ev" message with its index and the CRC-32 of
  the log up to and including it (the store's own check). The other side
  applies index n when it has n lines and the CRCs agree; a lower index it
  already holds is a duplicate (ignored when equal); a higher one is a gap
  (it asks for the missing range with "want").
- A line that differs from the one held at its index is a divergence: it
  is said, and healed from the log: the version published by its own
  author wins (white's if both claim it); the other board cuts its log
  back and takes the author's lines. Nothing is guessed.
- "state" (retained per seat) says a seat is online with n lines, or
  offline (its last will); "undo" asks the other board to take back its
  last move, "no" refuses.
"""

import json

from .. import crc32  # (a port without it: no CRC, both sides then send 0)

VERSION = 1
MAX_BYTES = 4096  # a longer payload is refused unread (the broker also caps packets)
KINDS = ("ev", "state", "want", "undo", "no", "ok")
WATCH = "watch"  # the sender name of a spectator
SEATS = ("white", "black")  # Kahuna's and Rukuni's; a game's seats, host first: seat.seats_of
# Topics: kc/<game>/<sender>/log/<i> (retained), kc/<game>/<sender>/state
# (retained), kc/<game>/<sender>/ctl. The broker lets a seat write only under
# its own name, so the topic proves who sent a message.
PREFIX = "kc/"


ANSWERS = 2  # "want"s answered per asker between two ticks (a second): a flood of them costs no more
EARLY_MAX = 64  # lines kept that came before their turn: the broker sends a seat's
# retained lines in topic order (1, 10, 11, ..., 2, 20, ...) to a board that lacks them
def topic(code, sender, kind, arg=None):
    t = PREFIX + code + "/" + sender + "/" + kind
    return t if arg is None else t + "/" + str(arg)


def sender_of(t):
    """The sender a topic names (kc/<game>/<sender>/...), or None."""
    if isinstance(t, (bytes, bytearray)):
        t = bytes(t).decode()
    parts = t.split("/")
    return parts[2] if len(parts) > 3 else None


def line_crc(line, crc):
    """The store's check: CRC-32 of each line and its newline, chained."""
    return crc32(b"\n", crc32(line, crc))


class Refused(Exception):
    """A message that cannot be used; the text says why."""


def decode(payload, code, sender=None):
    """The message dict of a payload (bytes) that came on sender's topic (None: not
    known), or raise Refused with the reason."""
    n = len(payload)
    if n > MAX_BYTES:
        raise Refused("message of %d bytes: the limit is %d" % (n, MAX_BYTES))
    try:
        msg = json.loads(payload)
    except (ValueError, UnicodeError):
        raise Refused("not JSON: %s" % _clip(payload))
    if not isinstance(msg, dict):
        raise Refused("not a JSON object: %s" % _clip(payload))
    v = msg.get("v")
    if v != VERSION:
        raise Refused("unknown version %r: this board speaks version %d (update the older side)" % (v, VERSION))
    if msg.get("g") != code:
        raise Refused("for game %r, not this game %r" % (msg.get("g"), code))
    t = msg.get("t")
    if t not in KINDS:
        raise Refused("unknown message type %r (known: %s)" % (t, ", ".join(KINDS)))
    if not isinstance(msg.get("from"), str):
        raise Refused('%s without "from" (the sending seat)' % t)
    if sender is not None and msg["from"] != sender:
        raise Refused("%s says it is from %r but came on %r's topic" % (t, msg["from"], sender))
    for key in (("i", "crc", "line") if t == "ev" else ("i",) if t in ("want", "undo", "ok") else ()):
        want = str if key == "line" else int
        if not isinstance(msg.get(key), want) or isinstance(msg.get(key), bool):
            raise Refused('%s: "%s" missing or not %s' % (t, key, "a string" if want is str else "a number"))
    if t in ("ev", "want", "undo", "ok") and msg["i"] < 0:
        raise Refused("%s: negative index %d" % (t, msg["i"]))
    return msg


def _clip(b):
    if isinstance(b, (bytes, bytearray)):
        b = bytes(b[:40])
        try:
            b = b.decode()
        except UnicodeError:
            b = repr(b)
    return b if len(b) < 40 else b[:40] + "..."


def author(line, i, host="white"):
    """The seat that made log line i: its "by"; the header is the host's."""
    if i == 0:
        return host
    try:
        return json.loads(line).get("by")
    except (ValueError, AttributeError):
        return None


class Sync:
    """The shared log of one game as this seat knows it.

    host: the board's side, with
      apply(line) -> None, or the reason the event is refused (str);
      cut(n)      -> keep only the first n lines (a healed divergence);
      note(text)  -> say something on the display.
    seat: one of seats (the game's, the host first), or None for a spectator
    (it publishes nothing).
    """

    def __init__(self, code, seat, lines, host, seats=SEATS):
        self.code = code
        self.seat = seat
        self.seats = seats
        self.host = host
        self.lines = []
        self.crcs = []
        for line in lines:
            self._add(line)
        self.outbox = []  # (topic, payload bytes, retain) for the link to publish: changed only here
        self.id = None  # this board's id while it is sure of its seat (presence.py): in its state and will
        self.peers = {}  # seat -> (online, n) from its state messages
        self.wanted = -1  # the index we last asked for (one request per gap)
        self.announced = -1  # the length our last state message said
        self.extra = {}  # more fields for our state messages (the deal's commitment or part)
        self.refused = 0  # messages refused (counted for the tests and the bench)
        self.diverged = 0
        self.asked_all = False  # the whole log asked for since the last tick
        self.early = {}  # index -> an "ev" message that came before its turn
        self.answered = {}  # asker -> "want"s answered since the last tick
        self.unanswered = 0  # "want"s past ANSWERS (counted for the tests)

    @property
    def n(self):
        return len(self.lines)

    def _add(self, line):
        if isinstance(line, str):
            line = line.encode()
        self.crcs.append(line_crc(line, self.crcs[-1] if self.crcs else 0))
        self.lines.append(line)

    def crc(self, n=None):
        n = self.n if n is None else n
        return self.crcs[n - 1] if n else 0

    # --- what this board says ---------------------------------------------------
    def _send(self, t, kind, arg, retain, **fields):
        me = self.seat or WATCH
        msg = {"v": VERSION, "g": self.code, "t": t, "from": me}
        for k in fields:
            msg[k] = fields[k]
        out = (topic(self.code, me, kind, arg), json.dumps(msg).encode(), retain)
        if out not in self.outbox:  # (asked again before it went out: once is enough)
            self.outbox.append(out)

    def sent(self):
        """The first message of the outbox went out (the link)."""
        self.outbox.pop(0)

    def outbox_clear(self):
        """Nothing waiting goes out (a board not sure of its seat: its hello says it all again)."""
        del self.outbox[:]

    def _event(self, i):
        self._send("ev", "log", i, True, i=i, crc=self.crcs[i], line=self.lines[i].decode())

    def local(self, line):
        """This board logged its own event: it goes out (after the flash write: the link
        publishes the outbox only once the app has flushed)."""
        self._add(line)
        self._event(self.n - 1)

    def topics(self):
        """What to subscribe to: the other seats' and the watchers' messages, and our own
        log lines (the broker's retained copy gives back lines our flash lost; only we can
        write there), and our own state (another board with our settings speaks there:
        presence.py); not our own requests echoed back (MQTT 3.1.1 has no "no local").
        A spectator: everything."""
        if not self.seat:
            return [PREFIX + self.code + "/#"]
        return [PREFIX + self.code + "/" + s + "/#" for s in tuple(self.seats) + (WATCH,) if s != self.seat] + \
            [topic(self.code, self.seat, "log", "#"), topic(self.code, self.seat, "state")]

    def tick(self, second=True):
        """Now and then (the link: every STATE_MS): our length again if it grew or a peer
        is out of step, and the missing range asked for again while a peer is ahead, so
        that a lost message (say the end of a turn, or a want) never stalls the game.
        second: a second has passed since the "want"s answered were last counted afresh."""
        self.asked_all = False
        if second:
            self.answered = {}
        apart = False
        for seat in self.peers:
            on, n = self.peers[seat]
            if on and n >= 0 and seat != WATCH:
                apart = apart or n != self.n
        if self.announced != self.n or apart:
            self.state()
        if self.behind():
            self.wanted = -1
            self._want(self.n)

    def state(self, online=True):
        self.announced = self.n
        if self.seat:
            self._send("state", "state", None, True, on=1 if online else 0, n=self.n, crc=self.crc(),
                       **(self.extra if self.id is None else dict(self.extra, id=self.id)))

    def will(self):
        """The retained offline message the broker publishes if this board vanishes."""
        msg = {"v": VERSION, "g": self.code, "t": "state", "from": self.seat, "on": 0}
        if self.id is not None:
            msg["id"] = self.id  # (presence.py: a sure board's will says which board it was)
        return topic(self.code, self.seat, "state"), json.dumps(msg).encode()

    def hello(self):
        """After every (re)connect: online with our length, and the lines we made again
        (the broker's retained copy of the log may be older than ours, or gone)."""
        self.state()
        self.wanted = -1
        if self.seat:
            self.republish(0)

    def republish(self, start):
        """Our own lines from start: a board takes a line only from its maker (the broker
        lets each seat write only under its own name), so nobody can forge one."""
        for i in range(start, self.n):
            if author(self.lines[i], i, self.seats[0]) == self.seat:
                self._event(i)

    def ask_undo(self):
        self._send("undo", "ctl", None, False, i=self.n)

    def refuse_undo(self, i):
        self._send("no", "ctl", None, False, i=i)

    def allow_undo(self, i):
        """(Three or more seats: every seat that saw the move allows its undo.)"""
        self._send("ok", "ctl", None, False, i=i)

    # --- what arrives -------------------------------------------------------------
    def receive(self, payload, t=None):
        """Handle one payload (that came on topic t, if known); returns the message
        dict if it needs the board's attention ("undo", "no", "state"), else None.
        Never raises."""
        try:
            msg = decode(payload, self.code, None if t is None else sender_of(t))
            if msg["from"] == self.seat and msg["t"] != "ev":
                return msg if msg["t"] == "state" else None  # our seat's state: presence.py
            t = msg["t"]
            if msg["from"] == WATCH and t != "want":  # (the broker lets every spectator write there)
                raise Refused("a spectator may only ask for the log, not send %s" % t)
            if t == "ev":
                self._on_event(msg)
                self._take_early()
            elif t == "want":
                if self.seat:
                    self._answer(msg)
            elif t == "state":
                return self._on_state(msg)
            else:
                return msg
        except Refused as e:
            self.refused += 1
            print("remote: refused:", e)
        return None

    def _answer(self, msg):
        """Our lines from the asked index: ANSWERS times per asker per tick at most."""
        who = msg["from"]
        k = self.answered.get(who, 0)
        if k >= ANSWERS:
            self.unanswered += 1
            if k == ANSWERS:  # said once a tick
                print("remote: %s asks for the log again: answered %d times a second at most" % (who, ANSWERS))
            self.answered[who] = k + 1
            return
        self.answered[who] = k + 1
        self.republish(min(msg["i"], self.n))

    def behind(self):
        """A peer online says it holds more lines than we do."""
        for seat in self.peers:
            on, n = self.peers[seat]
            if on and seat != WATCH and n > self.n:
                return True
        return False

    def _on_state(self, msg):
        n = msg.get("n")
        on = msg.get("on") == 1
        self.peers[msg["from"]] = (on, n if isinstance(n, int) else -1)
        if on and isinstance(n, int) and n > self.n:
            self._want(self.n)  # behind: ask (one ahead of its peer says so each second: tick)
        return msg

    def _take_early(self):
        early = self.early
        while self.n in early:
            try:
                self._on_event(early.pop(self.n))
            except Refused as e:
                self.refused += 1
                print("remote: refused:", e)
        if early:  # a line taken another way before its early copy's turn: the copy goes
            for i in [i for i in early if i < self.n]:
                del early[i]

    def _want(self, i):
        if self.wanted != i:
            self.wanted = i
            self._send("want", "ctl", None, False, i=i)

    def _on_event(self, msg):
        i = msg["i"]
        line = msg["line"].encode()
        if i > self.n:
            early = self.early
            if i not in early and len(early) >= EARLY_MAX and max(early) > i:
                del early[max(early)]  # the nearest are kept
            if i in early or len(early) < EARLY_MAX:
                early[i] = msg
            self._want(self.n)  # a gap: the missing range first
            return
        by = author(line, i, self.seats[0])
        if by == self.seat and i < self.n:
            return  # our own line: our flash holds the version we published last (this is a copy or an older one)
        if by != msg["from"]:
            raise Refused("line %d made by %r came from %r: only its maker's copy is taken" % (i, by, msg["from"]))
        if i < self.n:
            if self.lines[i] != line:
                self._diverged(i, msg, line)
            return  # a duplicate (QoS redelivery, a republish, the retained log)
        crc = line_crc(line, self.crc())
        if crc != msg["crc"]:
            self._ask_all(i)
            return
        why = self.host.apply(line)
        if why:
            raise Refused("line %d: %s" % (i, why))
        self._add(line)
        self.wanted = -1

    def _ask_all(self, i):
        """The sender's log before line i differs from ours: ask for it all to find
        where, once a tick (every line it sends back would ask again, and so on: two
        boards with two games under one code filled a board's heap with the answers)."""
        if not self.asked_all:
            self.asked_all = True
            self.diverged += 1
            print("remote: logs differ before line %d: asking for the whole log" % i)
            self.host.note("logs differ: checking")
            self.wanted = -1
            self._want(1)

    def _diverged(self, i, msg, line):
        """Two versions of line i: the one its author published wins (if two boards made
        a line i, the one whose seat comes first: the host's, white in Kahuna)."""
        self.diverged += 1
        theirs = author(line, i, self.seats[0])
        mine = author(self.lines[i], i, self.seats[0])
        print("remote: line %d differs from the other board's (%s's version vs %s's)" % (i, theirs, mine))
        if theirs != msg["from"]:
            return  # a relayed copy: its author settles it
        if i == 0:  # the header is the game (its options, its deal): never cut away for another
            self.host.note("the other board has another game under this code: ours stands")
            return
        seats = list(self.seats)
        if mine == self.seat and (theirs not in seats or seats.index(mine) < seats.index(theirs)):  # (seat order)
            self.host.note("logs differ at move %d: ours stands" % i)
            self.republish(i)
            return
        if line_crc(line, self.crc(i)) != msg["crc"]:
            self._ask_all(i)  # its log before i is not ours: no cut until we know where they part
            return
        self.host.cut(i)
        del self.lines[i:]
        del self.crcs[i:]
        self.wanted = -1
        self._on_event(msg)
        self.host.note("logs differed at line %d: healed from %s's log" % (i, theirs))
