"""The LED driver renders only what changed (hal/leds.py): after any run of
frames, times and brightnesses its strip bytes are those of a driver that
renders the same frame from scratch with the same blink rhythms.

CPython only, for hypothesis; the driver's behaviour with the heap locked
runs under native MicroPython in tests/test_firmware_alloc.py."""

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.hal.frame import HALF, MARK, Frame
from companion.hal.leds import PALETTE, RGB, Leds
from companion.hal.sim import SimStrip

N = 20  # three chunks of the driver's 8, the last one short
MAX_MA = 300  # low enough that a bright frame is capped

changes = st.lists(st.tuples(st.integers(0, N - 1), st.integers(0, len(PALETTE) // 3 - 1),
                             st.integers(0, HALF)), max_size=6)
steps = st.lists(st.tuples(changes, st.integers(0, 700), st.sampled_from((255, 255, 255, 90))),
                 min_size=1, max_size=25)


def from_scratch(leds, frame, now, brightness):
    """A new driver's bytes for frame at now, its rhythms those of leds."""
    fresh = Leds(SimStrip(N), N, MAX_MA, order=RGB)
    fresh.render(frame, now, brightness)  # every LED anew (its rhythms restart here) ...
    fresh.since[:] = leds.since  # ... then each animated one again, in leds' rhythms
    fresh.key = -1
    for i in range(N):
        fresh.stale[i] = 1
    fresh.render(frame, now, brightness)
    return bytes(fresh.strip.buf)


@settings(max_examples=300, deadline=None)
@given(steps)
def test_what_is_rendered_bit_by_bit_equals_a_render_from_scratch(run):
    leds = Leds(SimStrip(N), N, MAX_MA, order=RGB)
    frame = Frame(N)
    now = 1000
    for change, dt, brightness in run:
        for led, colour, effect in change:
            frame.set(led, colour, effect)
        now += dt
        leds.render(frame, now, brightness)
        assert bytes(leds.strip.buf) == from_scratch(leds, frame, now, brightness)
        assert leds.nanim == sum(1 for e in frame.effect if e)
        assert leds.total == sum(leds.want)  # the current estimate, kept up LED by LED
        ma = leds.total * 20 // 255  # the cap, worked out here byte by byte (the driver scales by colour)
        scale = leds.budget * 256 // ma if ma > leds.budget else 256
        assert bytes(leds.strip.buf) == bytes(w * scale >> 8 for w in leds.want)


def test_an_led_that_stops_blinking_shows_steady_and_leaves_the_animated_ones():
    leds = Leds(SimStrip(N), N, 10000, order=RGB)
    frame = Frame(N)
    frame.set(3, 1, 1)  # white, BLINK
    frame.set(4, 2, 2)  # black, FAST
    leds.render(frame, 1000, 255)
    assert leds.nanim == 2
    frame.set(3, 1, 0)  # steady now
    leds.render(frame, 1010, 255)
    assert leds.nanim == 1 and bytes(leds.strip.buf[9:12]) == bytes(c * 255 >> 8 for c in PALETTE[3:6])


def _lit(leds, i):
    return any(leds.strip.buf[3 * i:3 * i + 3])


def test_a_piece_put_on_in_its_owners_dark_blip_lights_at_once_and_the_signature_goes_on():
    """Kanaloa's pieces carry their owner's signature (MARK + n: n short dark
    blips every 2 s). A bridge put on in such a blip lit only after it (up to
    120 ms late): the signatures now move on past this period's blips."""
    leds = Leds(SimStrip(N), N, 10000, order=RGB)
    frame = Frame(N)
    frame.set(0, 3, MARK + 2)  # a bridge of the orange player already on the board
    leds.render(frame, 200, 255)
    assert _lit(leds, 0)
    leds.render(frame, 310, 255)
    assert not _lit(leds, 0)  # its second blip
    frame.set(1, 3, MARK + 2)  # a second bridge put on in that blip
    leds.render(frame, 320, 255)
    assert _lit(leds, 1) and _lit(leds, 0)  # lit at once, both: the signature moved on past its blips
    seen = []
    for t in range(330, 3400, 10):  # ... to its next period, at 1420, whole again: two blips, together
        leds.render(frame, t, 255)
        assert _lit(leds, 0) == _lit(leds, 1)
        seen.append(_lit(leds, 0))
    assert all(seen[:(1420 - 330) // 10])
    assert sum(1 for a, b in zip(seen, seen[1:]) if a and not b) == 2
    leds.render(frame, 1430, 255)
    assert not _lit(leds, 0)


def test_a_piece_put_on_where_its_signature_is_lit_leaves_the_signature_where_it_was():
    leds = Leds(SimStrip(N), N, 10000, order=RGB)
    frame = Frame(N)
    frame.set(0, 4, MARK + 1)
    leds.render(frame, 200, 255)
    assert leds.since[MARK] == 0
    frame.set(1, 4, MARK + 1)
    leds.render(frame, 320, 255)  # in the second slot's blip, which one blip does not reach
    assert _lit(leds, 1) and leds.since[MARK] == 0
