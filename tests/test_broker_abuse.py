"""A broker no client can abuse, and boards that no message can stop (docs/remote.md,
"What a client may do"): a real Mosquitto on loopback as `companion broker` writes
its config, native MicroPython boards, paho clients as the abusers, and a fake
broker for what Mosquitto itself would never send (a message past any limit, a
message cut mid-way). All traffic stays on 127.0.0.1."""

import json
import socket
import ssl
import subprocess
import threading
import time

import paho.mqtt.client as paho
import pytest

from companion.remote import protocol as remote
from host_tools import broker as mqtt_broker
from tests.remote_rig import Board, Broker, wait_until

CODE = "K7Q2"
MB = 1000000

pytestmark = pytest.mark.native


@pytest.fixture
def started():
    parts = []
    yield parts
    for part in reversed(parts):
        part.stop()


class Client:
    """A paho client that records what it receives (topic, payload, retained)."""

    def __init__(self, broker, user, port=None, transport="tcp", client_id="", tls_ca=None, will=None, wait=True):
        self.c = paho.Client(paho.CallbackAPIVersion.VERSION2, client_id=client_id, protocol=paho.MQTTv311,
                             transport=transport)
        if user:
            self.c.username_pw_set(user, broker.games[user.split("-")[0]][user.split("-")[1]])
        if tls_ca:
            self.c.tls_set(ca_certs=str(tls_ca))
        if will:
            self.c.will_set(*will)
        self.got = []
        self.rc = []
        self.closed = 0
        self.c.on_message = lambda c, u, m: self.got.append((m.topic, m.payload, m.retain))
        self.c.on_connect = lambda c, u, f, reason, p: self.rc.append(reason.value)
        self.c.on_disconnect = lambda c, u, f, reason, p: self._closed()
        self.c.connect("127.0.0.1", port or broker.port, keepalive=30)
        self.c.loop_start()
        if wait:
            wait_until(lambda: self.rc, 5, "a CONNACK for %s" % user)

    def _closed(self):
        self.closed += 1

    def stop(self):
        self.c.loop_stop()
        self.c.disconnect()


def listening(port):
    """The local addresses a TCP port listens on (ss -ltn)."""
    out = subprocess.run(["ss", "-Hltn", "sport = :%d" % port], capture_output=True, text=True, check=True).stdout
    return sorted(line.split()[3].rsplit(":", 1)[0] for line in out.splitlines())


def test_every_listener_is_bound_where_the_config_says(tmp_path, started):
    """Mosquitto 2.0.11 binds `listener PORT 127.0.0.1` with `protocol websockets` on
    every address ('*'); socket_domain ipv4 binds it where it says."""
    broker = Broker(tmp_path / "broker", (CODE,), ws=True)
    started.append(broker)
    assert listening(broker.port) == ["127.0.0.1"]
    assert listening(broker.ws_port) == ["127.0.0.1"]


def test_oversize_messages_over_tcp_and_websockets_are_dropped_and_the_game_goes_on(tmp_path, started):
    """Before, 1 MB over WebSockets reached the boards (MemoryError), and 1 MB retained on
    the spectator's topic stopped both boards at every reconnect. (A client with a seat's
    user takes that seat's session, so the abusers go one at a time.)"""
    broker = Broker(tmp_path / "broker", (CODE,), ws=True)
    started.append(broker)
    # black's credentials, before the game: a retained message under a 60 KB topic (its payload is
    # small: message_size_limit counts payloads only), and 1 MB retained over WebSockets
    seat = Client(broker, CODE + "-black", port=broker.ws_port, transport="websockets")
    long_topic = "kc/%s/black/log/%s" % (CODE, "9" * 60000)
    seat.c.publish(long_topic, b"{}", retain=True).wait_for_publish(5)
    seat.c.publish("kc/%s/black/ctl" % CODE, b"x" * MB, retain=True).wait_for_publish(5)
    seat.stop()
    w = Board(tmp_path / "white", broker.remote(CODE, "white"), 20)
    b = Board(tmp_path / "black", broker.remote(CODE, "black"), 20, seed=5)
    started += [w, b]
    wait_until(lambda: w.n() >= 4 and b.n() >= 4, 30, "both boards at 4 lines", (w, b))
    # the spectator's credentials: 1 MB over TCP (past max_packet_size: the broker drops the client)
    tcp = Client(broker, CODE + "-watch")
    tcp.c.publish("kc/%s/watch/ctl" % CODE, b"x" * MB)
    wait_until(lambda: tcp.closed, 5, "the broker dropping the 1 MB sender")
    tcp.stop()
    # over WebSockets (max_packet_size is not applied there; message_size_limit is): retained,
    # 1 MB and one byte past the boards' limit, on the spectator's request topic
    ws = Client(broker, CODE + "-watch", port=broker.ws_port, transport="websockets")
    ws.c.publish("kc/%s/watch/ctl" % CODE, b"x" * MB, retain=True).wait_for_publish(5)
    ws.c.publish("kc/%s/watch/ctl" % CODE, b"y" * (remote.MAX_BYTES + 1), retain=True).wait_for_publish(5)
    ws.stop()
    # and a retained last will as long as MQTT allows (64 KB), the connection then gone without a goodbye
    will = Client(broker, CODE + "-watch", port=broker.ws_port, transport="websockets",
                  will=("kc/%s/watch/ctl" % CODE, b"z" * 65000, 0, True), wait=False)
    time.sleep(0.5)
    will.c.loop_stop()
    will.c.socket() and will.c.socket().close()
    time.sleep(0.5)
    limit = 4096 + 96 + 4
    dropped = "remote: dropped a message of %d bytes unread: the limit is %d" % (2 + len(long_topic) + 2, limit)
    wait_until(lambda: w.said("remote: dropped") and b.said("remote: dropped"), 10, "both skipping it", (w, b))
    wait_until(lambda: w.said("DONE") and b.said("DONE"), 60, "both boards done", (w, b))
    w.power_cut()  # at every connect the retained ones again: skipped, and the game is read back
    w.start()
    wait_until(lambda: len(w.said("DONE")) == 2 and len(w.said("remote: dropped")) == 2, 20,
               "white back, skipping the long message again", (w, b))
    assert w.log() == b.log() and len(w.log().splitlines()) == 20
    assert w.said("remote: dropped") == [dropped, dropped] # once per connect (white connected twice)
    assert b.said("remote: dropped") == [dropped]
    seen = Client(broker, CODE + "-watch")  # what the broker keeps: nothing past the boards' limit
    seen.c.subscribe("kc/%s/#" % CODE)
    wait_until(lambda: len(seen.got) >= 12, 5, "the retained messages")
    time.sleep(0.3)
    seen.stop()
    assert max(len(p) for t, p, r in seen.got) <= remote.MAX_BYTES
    assert "MemoryError" not in "\n".join(w.out + b.out)
    assert not w.said("remote: no link") and not b.said("remote: no link")  # (a power cut is no drop)


def test_a_spectator_may_only_ask_for_the_log_and_a_flood_of_asks_is_bounded(tmp_path, started):
    broker = Broker(tmp_path / "broker", (CODE,))
    started.append(broker)
    w = Board(tmp_path / "white", broker.remote(CODE, "white"), 8)
    b = Board(tmp_path / "black", broker.remote(CODE, "black"), 8, seed=5)
    started += [w, b]
    wait_until(lambda: w.said("DONE") and b.said("DONE"), 30, "both boards at 8 lines", (w, b))
    n = w.n()
    watch = Client(broker, CODE + "-watch")
    started.append(watch)
    watch.c.subscribe("kc/%s/+/log/+" % CODE)
    wait_until(lambda: len(watch.got) >= n, 5, "the retained log")

    def send(t, **fields):
        msg = dict({"v": 1, "g": CODE, "t": t, "from": "watch"}, **fields)
        watch.c.publish("kc/%s/watch/ctl" % CODE, json.dumps(msg)).wait_for_publish(2)

    for who in (w, b):  # whoever is to play: a spectator's undo request is never put to them
        send("undo", i=n)
    send("state", on=1, n=n, crc=0, commit="0" * 64)
    wait_until(lambda: len(w.said("remote: refused")) >= 3 and len(b.said("remote: refused")) >= 3, 10,
               "both boards refusing", (w, b))
    for board in (w, b):
        assert board.said("remote: refused") == [
            "remote: refused: a spectator may only ask for the log, not send undo"] * 2 + [
            "remote: refused: a spectator may only ask for the log, not send state"]
        assert not [x for x in board.out if "asks to undo" in x or "watch offline" in x]
    # a flood: 50 "send me the whole log" in a burst
    time.sleep(1.2)
    del watch.got[:]
    t0 = time.monotonic()
    for _ in range(50):
        send("want", i=0)
    time.sleep(2.5)
    seconds = time.monotonic() - t0
    answers = [t for t, p, r in watch.got if not r]
    lines = w.log().decode().splitlines()
    assert len(lines) == n
    bound = n * remote.ANSWERS * (int(seconds) + 2)  # each board its own lines, ANSWERS times a second
    assert 0 < len(answers) <= bound, (len(answers), bound)
    assert len(answers) < 50 * n // 4  # (unbounded, it was each board's lines once per ask: 50 * n)
    for board in (w, b):
        assert board.said("remote: watch asks for the log again: answered 2 times a second at most")


def test_nobody_but_a_seat_takes_over_its_session(tmp_path, started):
    """Before, another game's seat (or the other seat) connecting with client id
    kc-K7Q2-white knocked white off; now each user's client id is its user name."""
    broker = Broker(tmp_path / "broker", (CODE, "OTHER"))
    started.append(broker)
    w = Board(tmp_path / "white", broker.remote(CODE, "white"), 12)
    b = Board(tmp_path / "black", broker.remote(CODE, "black"), 12, seed=5)
    started += [w, b]
    wait_until(lambda: w.n() >= 3 and b.n() >= 3, 30, "both boards at 3 lines", (w, b))
    for user in ("OTHER-white", CODE + "-watch", CODE + "-black"):  # (black's user: black's session)
        for cid in ("kc-%s-white" % CODE, CODE + "-white"):
            c = Client(broker, user, client_id=cid)
            assert c.rc == [0]
            time.sleep(0.3)
            c.stop()
            if user.endswith("black"):
                break  # (once: it took black's own session, which black takes back)
    wait_until(lambda: w.said("DONE") and b.said("DONE"), 60, "both boards done", (w, b))
    assert not w.said("remote: no link")
    assert not [x for x in w.out if "in use elsewhere" in x]
    assert w.log() == b.log()


def test_a_listener_off_loopback_speaks_tls_only_and_boards_verify_it(tmp_path, started):
    """--host 0.0.0.0: both listeners speak TLS with the CA `companion broker` made, the
    seat files carry that CA, and two native MicroPython boards play through TLS,
    verifying the broker (connections on 127.0.0.1 only)."""
    broker = Broker(tmp_path / "broker", (CODE,), ws=True, host="0.0.0.0")
    started.append(broker)
    assert listening(broker.port) == ["0.0.0.0"] and listening(broker.ws_port) == ["0.0.0.0"]
    ca = tmp_path / "broker" / "tls" / "ca.pem"
    seat = json.loads((tmp_path / "broker" / ("%s-white.json" % CODE)).read_text())["remote"]
    assert seat["ca"] == ca.read_text()
    # in clear: the listener says nothing an MQTT client understands (it waits for a TLS hello)
    with socket.create_connection(("127.0.0.1", broker.port), timeout=2) as s:
        s.sendall(b"\x10\x0c\x00\x04MQTT\x04\x02\x00\x1e\x00\x00")
        s.settimeout(2)
        try:
            reply = s.recv(4)
        except (ConnectionResetError, socket.timeout):
            reply = b""
        assert reply[:1] != b"\x20"  # no CONNACK
    # verifying the CA: MQTT and WebSockets
    for port, transport in ((broker.port, "tcp"), (broker.ws_port, "websockets")):
        c = Client(broker, CODE + "-watch", port=port, transport=transport, tls_ca=ca)
        assert c.rc == [0]
        c.stop()
    # a CA of someone else's: refused
    other = mqtt_broker.write_config(tmp_path / "other", mqtt_broker.free_port(), None, (CODE,), "0.0.0.0")
    ctx = ssl.create_default_context(cafile=str(other.parent / "tls" / "ca.pem"))
    with socket.create_connection(("127.0.0.1", broker.port), timeout=2) as s:
        with pytest.raises(ssl.SSLCertVerificationError):
            ctx.wrap_socket(s, server_hostname="127.0.0.1")
    # the boards: the seat files as written, the broker reached on loopback
    boards = []
    for name, seed in (("white", 3), ("black", 5)):
        r = dict(broker.remote(CODE, name), ca=ca.read_text())
        boards.append(Board(tmp_path / name, r, 6, seed=seed))
    started += boards
    w, b = boards
    wait_until(lambda: w.said("DONE") and b.said("DONE"), 60, "both boards done over TLS", boards)
    assert w.log() == b.log()
    log = (tmp_path / "broker" / "mosquitto.log").read_text()
    assert "New client connected from 127.0.0.1" in log and "K7Q2-white" in log


class FakeBroker(threading.Thread):
    """Speaks just enough MQTT to one board: CONNACK, SUBACK, PINGRESP; then sends
    what a test gives it (bytes, or a pause in seconds)."""

    def __init__(self, script, after):
        super().__init__(daemon=True)
        self.after = after  # subscriptions before the script starts
        self.listener = socket.socket()
        self.listener.bind(("127.0.0.1", 0))
        self.listener.listen(4)
        self.port = self.listener.getsockname()[1]
        self.script = script
        self.running = True
        self.connections = 0
        self.start()

    def stop(self):
        self.running = False
        self.listener.close()

    def _packets(self, s, buf):
        """Whole packets from the board (their first byte), what remains."""
        out = []
        while len(buf) >= 2:
            n, sh, k = 0, 0, 1
            while k < len(buf) and buf[k] & 0x80:
                n |= (buf[k] & 0x7F) << sh
                sh += 7
                k += 1
            if k >= len(buf):
                break
            n |= (buf[k] & 0x7F) << sh
            if len(buf) < k + 1 + n:
                break
            out.append((buf[0], buf[k + 1:k + 1 + n]))
            buf = buf[k + 1 + n:]
        return out, buf

    def run(self):
        self.listener.settimeout(0.2)
        while self.running:
            try:
                s = self.listener.accept()[0]
            except OSError:
                continue
            self.connections += 1
            script = list(self.script) if self.connections == 1 else []
            buf, subscribed = b"", 0
            s.settimeout(0.05)
            while self.running:
                try:
                    data = s.recv(65536)
                    if not data:
                        break
                    buf += data
                except socket.timeout:
                    pass
                except OSError:
                    break
                packets, buf = self._packets(s, buf)
                try:
                    for first, body in packets:
                        if first == 0x10:
                            s.sendall(b"\x20\x02\x00\x00")
                        elif first == 0x82:
                            subscribed += 1
                            s.sendall(b"\x90\x03" + body[:2] + b"\x00")
                        elif first == 0xC0:
                            s.sendall(b"\xd0\x00")
                    if subscribed >= self.after and script:
                        step = script.pop(0)
                        if isinstance(step, (int, float)):
                            time.sleep(step)
                        else:
                            s.sendall(step)
                except OSError:
                    break
            s.close()


def publish_packet(topic, payload, length=None):
    body = len(topic).to_bytes(2, "big") + topic + payload
    n = len(body) if length is None else length
    head = bytearray([0x30])
    while True:
        b, n = n & 0x7F, n >> 7
        head.append(b | (0x80 if n else 0))
        if not n:
            break
    return bytes(head) + body


def test_a_board_skips_a_message_past_any_limit_and_drops_a_message_cut_midway(tmp_path, started):
    """What no Mosquitto of ours would send, from a fake broker: a 1 MB message (the
    board's heap is 512 KB: read whole, it would stop the board), then a bad small
    one (refused as usual: the stream is still in step), then one cut mid-way: the
    link drops it and reconnects; the seat never sees a part of it."""
    t = b"kc/%s/black/ctl" % CODE.encode()
    part = b'{"v": 1, "g": "K7Q2", "t": "state"'
    cut = publish_packet(t, part)
    cut = cut[:1] + bytes([cut[1] + 40]) + cut[2:]  # says 40 bytes more than it has
    subscriptions = len(remote.Sync(CODE, "white", [], None).topics())  # (black's, the watchers', white's own)
    fake = FakeBroker([publish_packet(t, b"x" * MB), publish_packet(t, b"not json"), 0.3, cut, 1.0],
                      after=subscriptions)
    started.append(fake)
    remote_cfg = {"game": CODE, "seat": "white", "broker": "127.0.0.1", "port": fake.port, "user": "K7Q2-white",
                  "password": "p", "keepalive": 30}
    w = Board(tmp_path / "white", remote_cfg, 1)
    started.append(w)
    wait_until(lambda: w.said("remote: no link"), 20, "white dropping the cut message", (w,))
    assert w.said("remote: dropped a message") == [
        "remote: dropped a message of %d bytes unread: the limit is 4196" % (MB + 2 + len(t))]
    assert w.said("remote: refused") == ["remote: refused: not JSON: not json"]  # (only the small bad one)
    n = len(part) + 40
    said, wait = w.said("remote: no link")[0].split(": again in ")
    assert said in (  # (which of the two: the port's socket decides)
        "remote: no link to the broker (OSError packet cut short: 0 of %d bytes came (error 110))" % n,
        "remote: no link to the broker (OSError packet cut short: %d of %d bytes came (error 110))" % (len(part), n))
    assert 250 <= int(wait.split()[0]) < 500  # (a link cut before the board was sure: 250 ms and a random part)
    wait_until(lambda: fake.connections >= 2, 5, "white reconnecting", (w,))
    assert "MemoryError" not in "\n".join(w.out)
