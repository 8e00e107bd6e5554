"""The link to the MQTT broker in a remote game (docs/remote.md).

The run loop calls step(now) on every pass, like the store: it publishes
what the shared log (remote.py) has to say once the app's events are on
flash, and hands what arrives to the board's seat (seat.py). The client is
micropython-lib's umqtt.simple (`mpremote mip install umqtt.simple`). Its
socket is non-blocking between messages; the rest of a message, a connect
or a subscribe waits at most WAIT_S, then the link drops and tries again
later (RETRY_MS), so a stalled broker never holds the loop for long. The
protocol itself makes up for anything lost, so QoS 0 is enough.

Presence: the broker keeps a retained "online" message per seat; the
connection's last will (retained) says "offline" when the board vanishes.
Credentials come from the device's config and are never printed or logged.
"""

import socket

WAIT_S = 0.1  # a message's rest, a connect or a subscribe waits at most this
RETRY_MS = (250, 500, 1000, 2000, 4000)  # waits before reconnecting, growing
PER_STEP = 8  # messages read, and published, in one step at most
KEEPALIVE_S = 10
STATE_MS = 1000  # how often the log's length is said again if it grew (remote.Sync.tick)
REASONS = {1: "protocol version", 2: "client id", 3: "broker unavailable", 4: "bad user name or password",
           5: "not authorised"}


def _diff(a, b):
    try:
        import time

        return time.ticks_diff(a, b)
    except AttributeError:  # CPython
        return a - b


class _Timed:
    """A socket whose blocking mode waits at most WAIT_S; it counts what it hears."""

    def __init__(self):
        self.s = socket.socket()
        self.s.settimeout(WAIT_S)
        self.heard = 0
        try:  # umqtt.simple writes a packet in pieces: without this, Nagle holds the last ~40 ms
            self.s.setsockopt(6, 1, 1)  # IPPROTO_TCP, TCP_NODELAY (lwIP and Linux alike)
        except (OSError, AttributeError):
            pass

    def connect(self, addr):
        self.s.connect(addr)

    def setblocking(self, flag):
        self.s.settimeout(WAIT_S if flag else 0)

    def read(self, n):
        data = self.s.read(n)
        if data:
            self.heard += 1
        return data

    def write(self, buf, n=None):
        return self.s.write(buf if n is None else memoryview(buf)[:n])

    def close(self):
        self.s.close()


class _Net:
    """What umqtt.simple uses of the socket module, with _Timed sockets."""

    getaddrinfo = staticmethod(socket.getaddrinfo)

    @staticmethod
    def socket():
        return _Timed()


class Link:
    def __init__(self, app, config, client_class=None):
        """config: {"broker": host, "port": 1883, "user": ..., "password": ..., "keepalive": s}."""
        self.app = app
        self.seat = app.remote
        self.config = config
        self.client_class = client_class
        self.client = None
        self.sock = None
        self.retry_at = 0
        self.tries = 0
        self.heard_at = 0
        self.ping_at = 0
        self.state_at = 0
        self.heard = 0
        self.connects = 0  # successful connects (the tests count them)
        self.drops = 0
        self.keepalive = config.get("keepalive", KEEPALIVE_S)

    def _client(self):
        if self.client_class is None:
            from umqtt import simple

            simple.socket = _Net  # its sockets wait at most WAIT_S
            self.client_class = simple.MQTTClient
        return self.client_class

    def step(self, now):
        if self.client is None:
            if _diff(now, self.retry_at) >= 0:
                self._connect(now)
            return
        try:
            self._exchange(now)
        except Exception as e:  # OSError, a timeout, a broken packet: the protocol catches up later
            self._drop(now, e)

    def _exchange(self, now):
        c = self.client
        out = self.seat.sync.outbox
        if not self.app.pending and self.seat.sure:  # what goes out is on flash first; and ours to say
            for _ in range(PER_STEP):
                if not out:
                    break
                t, payload, retain = out[0]
                c.publish(t, payload, retain)
                out.pop(0)
        sock = self.sock
        for _ in range(PER_STEP):
            heard = sock.heard
            c.check_msg()
            if sock.heard == heard:
                break
        if sock.heard != self.heard:
            self.heard = sock.heard
            self.heard_at = now
        elif _diff(now, self.heard_at) > self.keepalive * 1500:
            raise OSError("broker silent for %d s" % (self.keepalive * 3 // 2))
        if _diff(now, self.state_at) >= STATE_MS:
            self.state_at = now
            self.seat.sync.tick()
            self.seat.steady(now)
        if _diff(now, self.ping_at) >= self.keepalive * 500:
            self.ping_at = now
            c.ping()

    def _connect(self, now):
        cfg = self.config
        sync = self.seat.sync
        try:
            cls = self._client()
        except ImportError:
            print("remote: no MQTT client on this board: mpremote mip install umqtt.simple")
            self.retry_at = now + 60000
            return
        c = cls("kc-%s-%s" % (sync.code, sync.seat or "watch%d" % (now & 0xFFFF)), cfg.get("broker", "127.0.0.1"),
                cfg.get("port", 1883), cfg.get("user"), cfg.get("password"), self.keepalive)
        c.set_callback(self._message)
        if sync.seat:
            topic, will = sync.will()
            c.set_last_will(topic, will, True)
        try:
            c.connect()
            self.client = c
            self.sock = c.sock
            for t in sync.topics():
                c.subscribe(t)
        except Exception as e:
            self.client = c
            self._drop(now, e)
            return
        self.connects += 1
        self.tries = 0
        self.heard_at = self.ping_at = now
        self.seat.online(True, now)  # (it says hello once sure: seat.py)

    def _message(self, topic, payload):
        self.seat.receive(payload, topic)

    def _drop(self, now, e):
        code = e.args[0] if e.args else ""
        why = ("broker refused: %s" % REASONS.get(code, code)) if type(e).__name__ == "MQTTException" \
            else "%s %s" % (type(e).__name__, code)
        wait = RETRY_MS[min(self.tries, len(RETRY_MS) - 1)]
        self.tries += 1
        self.drops += 1
        print("remote: no link to the broker (%s): again in %d ms" % (why, wait))
        try:
            self.client.sock.close()
        except Exception:
            pass
        self.client = self.sock = None
        self.retry_at = now + max(wait, self.seat.online(False, now))
