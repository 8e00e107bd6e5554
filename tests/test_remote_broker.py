"""Remote play through a real Mosquitto on loopback: two boards as native MicroPython
processes (the firmware on the simulated HAL, umqtt.simple over real sockets), with
cuts, stalls, a broker killed and restarted, and a board's power cut mid-game; then
strangers and bad messages (docs/remote.md)."""

import json
import time

import paho.mqtt.client as paho
import pytest

from companion.core import log
from companion.store.log_store import Store
from tests.remote_rig import Board, Broker, Proxy, wait_until

CODE = "K7Q2"
TARGET = 40

pytestmark = pytest.mark.native


@pytest.fixture
def rig(tmp_path):
    started = []
    broker = Broker(tmp_path / "broker", (CODE, "OTHER"))
    started.append(broker)
    yield broker, started
    for part in reversed(started):
        part.stop()


def test_two_boards_keep_one_log_through_faults(rig, tmp_path, figures):
    broker, started = rig
    pw, pb = Proxy(broker.port), Proxy(broker.port)
    started += [pw, pb]
    w = Board(tmp_path / "white", broker.remote(CODE, "white", pw.port), TARGET)
    started.append(w)
    b = Board(tmp_path / "black", broker.remote(CODE, "black", pb.port), TARGET, seed=5)
    started.append(b)
    boards = (w, b)

    def reach(n):
        wait_until(lambda: w.n() >= n and b.n() >= n, 30, "both boards at %d lines" % n, boards)

    reach(6)
    pw.cut()  # white's link drops; new connections refused for a while
    time.sleep(0.6)
    pw.resume()
    reach(12)
    pb.stall()  # black's bytes held, shorter than the keepalive notices
    time.sleep(1.0)
    pb.resume()
    reach(18)
    broker.kill()  # SIGKILL mid-game, then the same broker again (persistence on)
    time.sleep(0.3)
    broker.start()
    w.power_cut()  # and white's power goes while both catch up
    w.start()
    reach(24)
    b.power_cut()  # black's power goes mid-game: it boots from its log and catches up;
    store = Store(str(b.root))  # and its flash lost its last own line (and what followed)
    lines = store.read()
    mine = max(k for k in range(1, len(lines)) if json.loads(lines[k])["by"] == "black")
    store.truncate(mine)
    b.start()
    reach(28)
    pw.stall()  # white silent past the keepalive: the broker says it is offline
    wait_until(lambda: "SAY White offline - waiting" in b.out, 20, "black saying white is offline", boards)
    pw.resume()
    wait_until(lambda: w.said("DONE") and b.said("DONE"), 60, "both boards done", boards)
    assert w.said("DONE") == b.said("DONE")
    says = [x for x in b.out if x.startswith("SAY")]
    assert says[-1] == "SAY "  # white back online (or never seen away at the end)
    a, c = w.log(), b.log()
    assert a == c  # byte-identical
    lines = a.decode().splitlines()
    assert len(lines) == TARGET
    game = log.replay(lines, lambda name: json.loads((log_dir() / (name + ".json")).read_text()))
    assert game.events_in_effect() == TARGET - 1  # every event once: no undo, none doubled or lost
    events = [json.loads(x) for x in lines[1:]]
    assert all(e["by"] in ("white", "black") for e in events)
    for board, seat in ((w, "white"), (b, "black")):  # the password is never printed nor logged
        secret = broker.games[CODE][seat]
        assert secret not in "\n".join(board.out) and secret.encode() not in board.log()
    drops = len(w.said("remote: no link")) + len(b.said("remote: no link"))
    assert drops >= 3  # the cut, the broker's restart (both boards), at least
    figures("remote: faults survived (cuts, stalls, broker kills, power cuts)",
            "%d/%d/%d/%d" % (pw.cuts + pb.cuts, pw.stalls + pb.stalls, 1, w.starts + b.starts - 2))
    figures("remote: link drops seen by the boards and healed", drops)


def test_a_second_board_with_the_same_seat_gives_way_and_takes_over_once_the_first_is_gone(rig, tmp_path):
    """White's settings on two boards (copied by mistake, or a player who moves to
    another board or page): the broker keeps one connection per seat. The board
    that came last gives way: it says so, makes no move, reads the game, and lets
    the first play on with a drop per try of its (it took the link from the other
    at every try, 4 times a second, and each dealt a game of its own). Once the
    first is gone, it plays the game on. (Times shorter than a board's 5 s and 30 s.)"""
    broker, started = rig
    seat_ms, more = (1500, 4000), TARGET + 4
    w = Board(tmp_path / "white", broker.remote(CODE, "white"), TARGET, seat_ms=seat_ms)
    b = Board(tmp_path / "black", broker.remote(CODE, "black"), more, seed=5, seat_ms=seat_ms)
    started += [w, b]
    wait_until(lambda: w.n() >= 6 and b.n() >= 6, 30, "both boards at 6 lines", (w, b))
    again = Board(tmp_path / "white-again", broker.remote(CODE, "white"), more, seed=9, seat_ms=seat_ms)
    started.append(again)
    t0 = time.monotonic()
    wait_until(lambda: "SAY White: in use elsewhere" in again.out, 15, "the second white giving way", (w, b, again))
    wait_until(lambda: w.said("DONE") and b.n() >= TARGET, 90, "the first white done", (w, b, again))
    seconds = time.monotonic() - t0
    drops = len(w.said("remote: no link"))
    assert drops <= seconds * 1000 / seat_ms[1] + 4, (drops, seconds)  # one per try of the other's, not a flap
    wait_until(lambda: again.n() >= w.n(), 15, "the second white reading the game", (w, b, again))
    assert again.log() == w.log()  # all it holds is the first white's and black's: no move of its own
    w.power_cut()  # the first white is gone for good: the second plays on
    wait_until(lambda: again.said("DONE") and b.said("DONE"), 30, "the second white playing on", (b, again))
    assert again.log() == b.log() and b.log().startswith(w.log())
    assert len(b.log().decode().splitlines()) == more and "SAY " == [x for x in again.out if x.startswith("SAY")][-1]


def log_dir():
    from host_tools.paths import LAYOUTS

    return LAYOUTS


def paho_client(broker, user=None, password=None):
    c = paho.Client(paho.CallbackAPIVersion.VERSION2, protocol=paho.MQTTv311)
    if user:
        c.username_pw_set(user, password)
    return c


def connect_rc(broker, user=None, password=None):
    c = paho_client(broker, user, password)
    rc = []
    c.on_connect = lambda cl, ud, flags, reason, props: rc.append(reason.value)
    c.connect("127.0.0.1", broker.port)
    c.loop_start()
    wait_until(lambda: rc, 5, "a CONNACK")
    c.loop_stop()
    c.disconnect()
    return rc[0]


def test_strangers_and_bad_messages_are_refused(rig, tmp_path):
    broker, started = rig
    w = Board(tmp_path / "white", broker.remote(CODE, "white"), 1)  # both deal the header, then stop
    b = Board(tmp_path / "black", broker.remote(CODE, "black"), 1, seed=5)
    started += [w, b]
    wait_until(lambda: w.said("DONE") and b.said("DONE"), 20, "the game dealt", (w, b))
    # nobody without credentials, and nobody with wrong ones
    assert connect_rc(broker) == 135  # not authorised (paho reports MQTT 5 reason codes)
    assert connect_rc(broker, "K7Q2-black", "guess") in (134, 135)
    # another game's seat connects but can neither read nor write this game
    other = paho_client(broker, "OTHER-white", broker.games["OTHER"]["white"])
    seen = []
    other.on_message = lambda c, u, m: seen.append(m.topic)
    other.connect("127.0.0.1", broker.port)
    other.loop_start()
    other.subscribe("kc/K7Q2/#")
    other.publish("kc/K7Q2/black/log/1", b'{"v": 1}')
    # the watcher reads the whole log but cannot write
    watch = paho_client(broker, "K7Q2-watch", broker.games[CODE]["watch"])
    got = []
    watch.on_message = lambda c, u, m: got.append((m.topic, m.payload))
    watch.connect("127.0.0.1", broker.port)
    watch.loop_start()
    watch.subscribe("kc/K7Q2/#")
    wait_until(lambda: any(t == "kc/K7Q2/white/log/0" for t, p in got), 5, "the watcher reading the log")
    watch.publish("kc/K7Q2/watch/log/1", b"{}")
    watch.publish("kc/K7Q2/white/ctl", b"{}")
    # black's own credentials, but bad messages
    black = paho_client(broker, "K7Q2-black", broker.games[CODE]["black"])
    black.connect("127.0.0.1", broker.port)
    black.loop_start()
    header = [p for t, p in got if t == "kc/K7Q2/white/log/0"][0]
    h = json.loads(header)
    crc = h["crc"]
    from companion.remote import protocol as remote

    def ev(i, line, c=None):
        return json.dumps({"v": 1, "g": CODE, "t": "ev", "from": "black", "i": i,
                           "crc": remote.line_crc(line.encode(), crc) if c is None else c, "line": line})

    bad = [b"not json", json.dumps({"v": 2, "g": CODE, "t": "ev"}), json.dumps({"v": 1, "g": "ZZZZ", "t": "ev"}),
           ev(1, '{"op": "place", "at": "NOPE-NADA", "by": "black"}'),
           ev(1, '{"op": "place", "at": "ALOA-BARI", "by": "white"}'),
           ev(1, '{"op": "place", "at": "ALOA-BARI", "by": "black"}').replace('"from": "black"', '"from": "white"')]
    for p in bad:
        black.publish("kc/K7Q2/black/ctl", p).wait_for_publish(2)
    black.publish("kc/K7Q2/white/log/1", bad[-1])  # under white's name: the broker drops it
    black.publish("kc/K7Q2/black/ctl", b"x" * 1000000)  # past max_packet_size: the broker drops black
    time.sleep(0.3)
    wait_until(lambda: len(w.said("remote: refused")) >= len(bad), 10, "white refusing the bad messages", (w,))
    refused = w.said("remote: refused")
    assert refused[0] == "remote: refused: not JSON: not json"
    assert refused[1] == ("remote: refused: unknown version 2: this board speaks version 1 "
                          "(update the older side)")
    assert refused[2] == "remote: refused: for game 'ZZZZ', not this game 'K7Q2'"
    assert refused[3] == "remote: refused: line 1: made by 'black' but White is to play"
    assert refused[4] == "remote: refused: line 1 made by 'white' came from 'black': only its maker's copy is taken"
    assert refused[5] == "remote: refused: ev says it is from 'white' but came on 'black''s topic"
    assert len(refused) == len(bad)  # nothing from the stranger, the watcher or the 1 MB payload
    assert w.proc.poll() is None and w.n() == 1  # still running, the log unchanged
    assert not seen  # the other game's seat read nothing
    for c in (other, watch, black):
        c.loop_stop()
        c.disconnect()
