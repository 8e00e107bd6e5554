"""The link to the MQTT broker in a remote game (docs/remote.md).

The run loop calls step(now) on every pass, like the store: it publishes
what the shared log (protocol.py) has to say once the app's events are on
flash, and hands what arrives to the board's seat (seat.py). The client is
micropython-lib's umqtt.simple (`mpremote mip install umqtt.simple`). Its
socket is non-blocking between messages; the rest of a message, a connect
or a subscribe waits at most WAIT_S, then the link drops and tries again
later (RETRY_MS), so a stalled broker never holds the loop for long. The
protocol itself makes up for anything lost, so QoS 0 is enough.

Presence: the broker keeps a retained "online" message per seat; the
connection's last will (retained) says "offline" when the board vanishes.
Who holds the seat (another board with its settings, or this one) is the
seat's Presence (presence.py): it raises GaveWay when another live board
holds the seat, and the link then says goodbye and waits.
Credentials come from the device's config and are never printed or logged.

Nothing read can stop the board: a message longer than MESSAGE_MAX is
skipped unread, a little per step, and one cut short drops the link (the
stream is out of step after it) before anything of it reaches the seat
(_bounded). With "ca" in the config (a broker off loopback: `companion
broker` puts its CA there) the link speaks TLS and verifies the broker.
"""

import socket

from .presence import GaveWay

WAIT_S = 0.1  # a message's rest, a connect or a subscribe waits at most this
RETRY_MS = (250, 500, 1000, 2000, 4000)  # waits before reconnecting, growing
PER_STEP = 8  # messages read, and published, in one step at most
KEEPALIVE_S = 10
STATE_MS = 1000  # how often the log's length is said again if it grew (remote.Sync.tick)
REASONS = {1: "protocol version", 2: "client id", 3: "broker unavailable", 4: "bad user name or password",
           5: "not authorised"}
TOPIC_MAX = 96  # kc/<code>/<sender>/log/<i>: far less
MESSAGE_MAX = 4096 + TOPIC_MAX + 4  # a PUBLISH's body read at most (remote.MAX_BYTES, a topic, a packet id)
SKIP_CHUNK = 512  # a longer one is skipped this much at a time, a few per step
HANDSHAKE_S = 2  # a TLS handshake waits at most this per read


def _diff(a, b):
    try:
        import time

        return time.ticks_diff(a, b)
    except AttributeError:  # CPython
        return a - b


class _Timed:
    """A socket whose blocking mode waits at most WAIT_S; it counts what it hears.
    tls: (ssl context, the broker's name) to speak TLS once connected, or None."""

    def __init__(self, tls=None):
        self.raw = self.s = socket.socket()
        self.raw.settimeout(WAIT_S)
        self.tls = tls
        self.heard = 0
        try:  # umqtt.simple writes a packet in pieces: without this, Nagle holds the last ~40 ms
            self.raw.setsockopt(6, 1, 1)  # IPPROTO_TCP, TCP_NODELAY (lwIP and Linux alike)
        except (OSError, AttributeError):
            pass

    def connect(self, addr):
        self.raw.connect(addr)
        if self.tls:
            context, name = self.tls
            self.raw.settimeout(HANDSHAKE_S)
            self.s = context.wrap_socket(self.raw, server_hostname=name)  # verifies the broker (CERT_REQUIRED)
            self.raw.settimeout(WAIT_S)

    def setblocking(self, flag):
        self.raw.settimeout(WAIT_S if flag else 0)  # (an SSL socket reads through it: same waits)

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

    def __init__(self, tls=None):
        self.tls = tls

    def socket(self):
        return _Timed(self.tls)


def tls_context(ca_pem):
    """An SSL context that trusts only the CA in ca_pem (text), and checks the broker's name."""
    import ssl
    from binascii import a2b_base64

    body = "".join([ln for ln in ca_pem.split("\n") if ln and not ln.startswith("-----")])
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    context.verify_mode = ssl.CERT_REQUIRED
    context.load_verify_locations(cadata=a2b_base64(body))  # (DER: MicroPython's mbedTLS wants PEM 0-ended)
    return context


def _bounded(base):
    """umqtt.simple's client with a wait_msg that never reads more of a message than
    MESSAGE_MAX: a longer one is skipped unread (SKIP_CHUNK at a time, on later
    steps: a slow link holds the loop no longer than usual), and one cut short
    raises OSError before the seat sees any of it."""

    class Bounded(base):
        skip = 0  # bytes left of a message being skipped

        def _exactly(self, n):
            """n bytes, or OSError once a read brings nothing within WAIT_S (a part is
            read on: a read may return less than asked while the rest is on its way)."""
            data = b""
            while len(data) < n:
                try:
                    part = self.sock.read(n - len(data))
                except OSError as e:  # (the unix port's socket raises ETIMEDOUT)
                    raise OSError("packet cut short: %d of %d bytes came (error %s)" % (
                        len(data), n, e.args[0] if e.args else "?"))
                if not part:
                    raise OSError("packet cut short: %d of %d bytes came" % (len(data), n))
                data = data + part if data else part
            return data

        def _recv_len(self):
            n = sh = 0
            while sh < 28:  # at most 4 bytes (MQTT 3.1.1)
                b = self._exactly(1)[0]
                n |= (b & 0x7F) << sh
                if not b & 0x80:
                    return n
                sh += 7
            raise OSError("a packet length of more than 4 bytes")

        def wait_msg(self):
            sock = self.sock
            if self.skip:
                part = sock.read(min(self.skip, SKIP_CHUNK))  # (check_msg: not waiting)
                sock.setblocking(True)
                if part == b"":
                    raise OSError(-1)
                self.skip -= len(part or b"")
                return None
            res = sock.read(1)
            sock.setblocking(True)
            if res is None:
                return None
            if res == b"":
                raise OSError(-1)
            op = res[0]
            if op == 0xD0:  # PINGRESP
                self._exactly(1)
                return None
            if op & 0xF0 != 0x30:
                return op  # (CONNACK, SUBACK: umqtt.simple reads them itself)
            sz = self._recv_len()
            if sz > MESSAGE_MAX:
                print("remote: dropped a message of %d bytes unread: the limit is %d" % (sz, MESSAGE_MAX))
                self.skip = sz
                return None
            data = self._exactly(2)
            n = data[0] << 8 | data[1]
            if n + 2 > sz:
                raise OSError("a topic longer than its message")
            topic = self._exactly(n)
            sz -= n + 2
            pid = 0
            if op & 6:
                data = self._exactly(2)
                pid = data[0] << 8 | data[1]
                sz -= 2
            msg = self._exactly(sz)
            self.cb(topic, msg)
            if op & 6 == 2:
                self.sock.write(bytes((0x40, 2, pid >> 8, pid & 0xFF)))
            return None

    return Bounded


class Link:
    """The connection to the broker: it connects, reads, publishes and reconnects.
    What it asks of app.remote (seat.Seat; the soak's headless side): sync (the
    shared log: its outbox, will, topics, tick), sure (ours to say), online(linked,
    now) -> the least wait (ms) before the next try, steady(now) while up, and
    receive(payload, topic), which may raise presence.GaveWay (the link says
    goodbye and waits)."""

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

            ca = self.config.get("ca")
            simple.socket = _Net((tls_context(ca), self.config.get("broker", "127.0.0.1")) if ca else None)
            self.client_class = _bounded(simple.MQTTClient)  # its sockets wait at most WAIT_S
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
                self.seat.sync.sent()
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
        except ImportError as e:
            print("remote: no MQTT client on this board: mpremote mip install umqtt.simple" if "ssl" not in str(e)
                  else "remote: this board's MicroPython has no ssl module, and the broker speaks TLS only")
            self.retry_at = now + 60000
            return
        except ValueError:  # (config_problem checks its form; mbedTLS its content)
            print('remote: the "ca" of /config.json is not a certificate: copy it from the broker\'s tls/ca.pem')
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
        try:
            if isinstance(e, GaveWay):
                self.client.disconnect()  # a goodbye: the broker publishes no last will of ours
            else:
                self.client.sock.close()
        except Exception:
            pass
        self.client = self.sock = None
        wait = max(wait, self.seat.online(False, now))
        print("remote: no link to the broker (%s): again in %d ms" % (why, wait))
        self.retry_at = now + wait
