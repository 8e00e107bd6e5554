"""The host-side boards of `companion remote-soak` (command.py): many remote games
in one process, each seat a board that speaks the firmware's own protocol.

Each seat keeps the shared log with the firmware's code (companion.remote.protocol:
Sync, its topics, hello, tick, last will), as a board's link does; only the MQTT
client is the host's: one paho-mqtt client per seat, all of a process's clients
on one selector (paho's "external event loop": loop_read, loop_write, loop_misc),
so a process holds thousands of connections in one thread. A seat does not run the
rules: a board's own cost is not the broker's (the soak of one board's loop is
`companion bench`), and the logs are compared byte for byte at the end.

Both seats of a game live in the same process, so the latency of a move, from
its author's logging (Sync.local) to the other seat's apply, is one clock's.
"""

import gc
import heapq
import json
import os
import random
import selectors
import socket
import time

import paho.mqtt.client as mqtt

from companion.remote.link import KEEPALIVE_S, STATE_MS
from companion.remote.protocol import Sync

from .machine import Process

CONNECTS_PER_PASS = 50  # connections opened between two looks at the sockets (the broker's backlog)
CONNECT_TIMEOUT_S = 2  # a TCP connect waits at most this (a broker at its limit accepts no more)
GIVE_UP = 20  # connects failed in a row, none subscribed since: the rest are not tried
STALLED_S = 15  # no more seats connected for this long, all tried: the connecting is over


class Game:
    """One remote game: its two seats, the moves to play (the rules events of a
    recorded game, each with its "by") and when each was logged and arrived."""

    def __init__(self, code, header, moves, think_s):
        self.code = code
        self.header = header
        self.moves = moves
        self.think_s = think_s
        self.seats = {}
        self.sent = {}  # index -> when its author logged it
        self.latency = []  # s, per move: logged -> applied by the other seat
        self.doubled = 0
        self.next_at = None

    @property
    def end(self):
        return len(self.moves) + 1  # the header and the moves

    def mover(self, i):
        """The seat that makes log line i (1..)."""
        return self.seats[self.moves[i - 1][0]]

    def finished(self):
        return all(b.sync.n == self.end for b in self.seats.values())

    def identical(self):
        w, b = self.seats["white"].sync, self.seats["black"].sync
        return w.lines == b.lines and w.crcs == b.crcs


class Board:
    """One seat: the firmware's shared log over a paho-mqtt client. It is the
    Sync's host (protocol.Sync: apply, cut, note)."""

    def __init__(self, loop, game, seat, user, password):
        self.loop = loop
        self.game = game
        self.seat = seat
        self.sync = Sync(game.code, seat, [game.header], self)
        self.ready = False  # connected and subscribed
        self.drops = 0
        self.refusal = None  # the broker's reason, if it refused the connection
        self.applied = set()
        c = self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=user,
                                      protocol=mqtt.MQTTv311)
        c.connect_timeout = CONNECT_TIMEOUT_S
        c.username_pw_set(user, password)
        topic, will = self.sync.will()
        c.will_set(topic, will, qos=0, retain=True)
        c.on_connect = self._connected
        c.on_subscribe = self._subscribed
        c.on_disconnect = self._disconnected
        c.on_message = self._message
        c.on_socket_open = loop.opened
        c.on_socket_close = loop.closed
        c.on_socket_register_write = loop.want_write
        c.on_socket_unregister_write = loop.wrote

    # --- the Sync's host ---------------------------------------------------------
    def apply(self, line):
        i = self.sync.n
        game = self.game
        if i in self.applied:
            game.doubled += 1
        self.applied.add(i)
        now = time.perf_counter()
        if i in game.sent:
            game.latency.append(now - game.sent[i])
        self.loop.moved(game, i + 1, now)
        return None

    def cut(self, n):
        self.applied = {i for i in self.applied if i < n}

    def note(self, text):
        pass

    # --- paho's callbacks ------------------------------------------------------------
    def _connected(self, client, userdata, flags, reason, properties):
        if reason.is_failure:
            self.refusal = str(reason)
            return
        client.subscribe([(t, 0) for t in self.sync.topics()])

    def _subscribed(self, client, userdata, mid, reasons, properties):
        self.ready = True
        self.loop.ready += 1
        self.sync.hello()
        self.loop.dirty.add(self)

    def _disconnected(self, client, userdata, flags, reason, properties):
        if self.ready:
            self.drops += 1
            self.loop.ready -= 1
        self.ready = False

    def _message(self, client, userdata, msg):
        self.sync.receive(msg.payload, msg.topic)
        self.loop.dirty.add(self)

    def flush(self):
        """Publish what the shared log has to say (as the link does once the flash has it)."""
        out = self.sync.outbox
        while out and self.ready:
            topic, payload, retain = out[0]
            self.client.publish(topic, payload, 0, retain)
            self.sync.sent()


class Loop:
    """The selector that all of a process's clients share, and the moves' clock."""

    def __init__(self):
        self.sel = selectors.DefaultSelector()
        self.dirty = set()  # boards with something to publish
        self.due = []  # (when, seq, game, index): a game's next move
        self.seq = 0
        self.ticks = []  # (when, seq, board): a board's next tick
        self.ready = 0  # boards connected and subscribed

    def opened(self, client, userdata, sock):
        # as the board's link does: without it Nagle holds a small publish until the last is acknowledged
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sel.register(sock, selectors.EVENT_READ, client)

    def closed(self, client, userdata, sock):
        try:
            self.sel.unregister(sock)
        except (KeyError, ValueError):
            pass

    def want_write(self, client, userdata, sock):
        self.sel.modify(sock, selectors.EVENT_READ | selectors.EVENT_WRITE, client)

    def wrote(self, client, userdata, sock):
        try:
            self.sel.modify(sock, selectors.EVENT_READ, client)
        except (KeyError, ValueError):
            pass

    def moved(self, game, i, now):
        """Log line i - 1 is in: line i (if any) is made after the think time."""
        if i < game.end:
            self.seq += 1
            heapq.heappush(self.due, (now + game.think_s, self.seq, game, i))

    def pump(self, timeout):
        for key, mask in self.sel.select(timeout):
            c = key.data
            if mask & selectors.EVENT_READ:
                c.loop_read()
            if mask & selectors.EVENT_WRITE:
                c.loop_write()
        for board in self.dirty:
            board.flush()
        self.dirty.clear()

    def play_due(self, now):
        due = self.due
        while due and due[0][0] <= now:
            _, _, game, i = heapq.heappop(due)
            board = game.mover(i)
            if board.sync.n != i:
                continue  # (already made, or the log is not there yet: its arrival schedules it)
            line = game.moves[i - 1][1]
            board.applied.add(i)
            game.sent[i] = time.perf_counter()
            board.sync.local(line)
            self.dirty.add(board)
            if i < len(game.moves) and game.moves[i][0] == game.moves[i - 1][0]:
                self.moved(game, i + 1, now)  # (its author's next line: the other seat's apply schedules the rest)


def run(conn, spec):
    """A worker process: connect spec's games' seats, say ("ready", figures), play on
    ("go", seconds), say ("done", figures). conn: a multiprocessing Connection."""
    loop = Loop()
    rnd = random.Random(spec["seed"])
    games, boards = [], []
    for code, creds in spec["games"]:
        header = json.dumps(dict(spec["header"], remote=code))
        g = Game(code, header, spec["moves"], spec["think_ms"] / 1000)
        for seat in ("white", "black"):
            b = Board(loop, g, seat, "%s-%s" % (code, seat), creds[seat])
            loop.ticks.append((rnd.random() * STATE_MS / 1000, len(boards), b))  # (boards tick out of step)
            g.seats[seat] = b
            boards.append(b)
        games.append(g)
    start = time.perf_counter()
    for k, (at, seq, b) in enumerate(loop.ticks):
        loop.ticks[k] = (start + at, seq, b)
    heapq.heapify(loop.ticks)
    pending = list(boards)
    seen, moved_at, failed = 0, start, 0
    while pending or loop.ready + sum(1 for b in boards if b.refusal) < len(boards):
        for b in pending[:CONNECTS_PER_PASS]:
            try:
                b.client.connect(spec["host"], spec["port"], KEEPALIVE_S)
            except OSError as e:
                b.refusal = "%s: %s" % (type(e).__name__, e)
                failed += 1
        del pending[:CONNECTS_PER_PASS]
        if failed >= GIVE_UP:
            for b in pending:
                b.refusal = "not tried: %d connects in a row failed" % GIVE_UP
            pending = []
        loop.pump(0.01)
        _housekeeping(loop, time.perf_counter())
        now = time.perf_counter()
        if loop.ready != seen:
            seen, moved_at, failed = loop.ready, now, 0
        if now - start > spec["connect_s"] or (not pending and now - moved_at > STALLED_S):
            break  # (the broker takes no more: its file descriptors, say; the figures say how many it held)
    ready = loop.ready
    refusals = sorted({b.refusal for b in boards if b.refusal})
    conn.send(("ready", {"boards": len(boards), "connected": ready, "connect_s": time.perf_counter() - start,
                         "refusals": refusals[:5]}))
    while not conn.poll(0):
        loop.pump(0.01)
        _housekeeping(loop, time.perf_counter())
    _, seconds = conn.recv()
    gc.freeze()  # (the thousands of seats made so far are never garbage: no collection walks them again)
    cpu0 = time.process_time()
    me = Process(os.getpid())
    wait0 = me.wait_s()
    start = time.perf_counter()
    for g in games:  # the games start out of step, as people's would: within the first think time
        loop.moved(g, 1, start + rnd.random() * g.think_s - g.think_s)
    while time.perf_counter() - start < seconds:
        now = time.perf_counter()
        loop.play_due(now)
        loop.pump(min(0.01, max(0.0, loop.due[0][0] - now)) if loop.due else 0.01)
        _housekeeping(loop, time.perf_counter())
        if not loop.due and all(g.finished() for g in games):
            break
    wall = time.perf_counter() - start
    conn.send(("done", {
        "games": len(games), "finished": sum(g.finished() for g in games),
        "identical": sum(g.finished() and g.identical() for g in games),
        "moves": sum(len(g.sent) for g in games),
        "lost": sum(2 * g.end - g.seats["white"].sync.n - g.seats["black"].sync.n for g in games),
        "doubled": sum(g.doubled for g in games),
        "refused": sum(b.sync.refused for b in boards), "diverged": sum(b.sync.diverged for b in boards),
        "drops": sum(b.drops for b in boards), "latency": [x for g in games for x in g.latency],
        "seconds": wall, "cpu_s": time.process_time() - cpu0, "wait_s": me.wait_s() - wait0}))


def _housekeeping(loop, now):
    """Once a second per board, as the link does: the log's tick (its length again, a
    gap asked for again) and the client's keepalive."""
    ticks = loop.ticks
    while ticks and ticks[0][0] <= now:
        _, seq, b = heapq.heappop(ticks)
        heapq.heappush(ticks, (now + STATE_MS / 1000, seq, b))
        if b.ready:
            b.sync.tick()
            loop.dirty.add(b)
        elif b.drops and b.client.socket() is None:  # (as the link does: again, and the log catches up)
            try:
                b.client.reconnect()
            except OSError:
                pass
        b.client.loop_misc()
