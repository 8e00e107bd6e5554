"""The link's bounded read (link._bounded) fed any bytes a broker could send: it
reads no more than MESSAGE_MAX at once, hands the seat only whole messages within
the limit, skips longer ones a chunk at a time, and fails with OSError only (the
link then drops and reconnects). Under CPython, with a stand-in socket."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.remote import link


class Socket:
    """Hands out the stream in the given chunk sizes (a read may return less than
    asked, as lwIP's does); None when it has nothing now (non-blocking); a blocking
    read that finds nothing times out, as the unix port's does after WAIT_S."""

    def __init__(self, data, sizes):
        self.data = data
        self.sizes = list(sizes) or [1 << 20]
        self.blocking = True
        self.asked = []
        self.written = b""

    def setblocking(self, flag):
        self.blocking = flag

    def read(self, n):
        self.asked.append(n)
        if not self.data:
            if self.blocking:
                raise OSError(110)  # (ETIMEDOUT: the unix port's socket after WAIT_S)
            return None
        k = min(n, self.sizes[len(self.asked) % len(self.sizes)])
        out, self.data = self.data[:k], self.data[k:]
        return out

    def write(self, b):
        self.written += bytes(b)


class Base:
    """What _bounded uses of umqtt.simple's MQTTClient."""

    def __init__(self, sock):
        self.sock = sock
        self.got = []
        self.cb = lambda topic, msg: self.got.append((bytes(topic), bytes(msg)))


Bounded = link._bounded(Base)


def packet(topic, payload, qos=0, length=None):
    body = len(topic).to_bytes(2, "big") + topic + (b"\x00\x07" if qos else b"") + payload
    n = len(body) if length is None else length
    head = bytearray([0x30 | qos << 1])
    while True:
        b, n = n & 0x7F, n >> 7
        head.append(b | (0x80 if n else 0))
        if not n:
            return bytes(head) + body


def drain(data, sizes):
    c = Bounded(Socket(data, sizes))
    failed = None
    for _ in range(len(data) + 10):
        c.sock.setblocking(False)  # (check_msg)
        try:
            c.wait_msg()
        except OSError as e:
            failed = e
            break
        if not c.sock.data and not c.skip:
            break
    return c, failed


def test_whole_messages_pass_a_long_one_is_skipped_and_the_next_is_read():
    t = b"kc/K7Q2/black/ctl"
    data = packet(t, b"first") + packet(t, b"x" * 100000) + packet(t, b"second", qos=1) + b"\xd0\x00"
    c, failed = drain(data, [700, 3, 5000])
    assert failed is None
    assert c.got == [(t, b"first"), (t, b"second")]
    assert c.sock.written == b"\x40\x02\x00\x07"  # the QoS 1 message acknowledged
    assert max(c.sock.asked) <= link.MESSAGE_MAX
    assert c.skip == 0


def test_a_message_cut_short_reaches_nobody():
    t = b"kc/K7Q2/black/ctl"
    cut = packet(t, b'{"v": 1}', length=2 + len(t) + 60)  # says 60 bytes, has 8
    c, failed = drain(packet(t, b"ok") + cut, [1 << 20])
    assert c.got == [(t, b"ok")]
    assert str(failed) == "packet cut short: 8 of 60 bytes came (error 110)"


def test_a_packet_length_longer_than_mqtt_allows_is_refused():
    c, failed = drain(b"\x30\xff\xff\xff\xff\x7f", [1 << 20])
    assert c.got == [] and str(failed) == "a packet length of more than 4 bytes"


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(
    st.binary(max_size=40),
    st.builds(lambda t, p, q: packet(t, p, q), st.binary(max_size=120), st.binary(max_size=6000), st.integers(0, 1)),
    st.builds(lambda t, n: packet(t, b"", length=n), st.binary(max_size=20), st.integers(0, (1 << 28) - 1)),
), max_size=6).map(b"".join), st.lists(st.integers(1, 9000), max_size=5))
def test_any_stream_is_read_with_a_bound_and_fails_with_oserror_only(data, sizes):
    c, failed = drain(data, sizes)
    assert failed is None or isinstance(failed, OSError)
    assert max(c.sock.asked, default=0) <= link.MESSAGE_MAX
    for topic, msg in c.got:
        assert 2 + len(topic) + len(msg) <= link.MESSAGE_MAX
