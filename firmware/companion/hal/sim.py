"""The simulated HAL: the same interfaces as the real drivers, no hardware.

Used by the host tests and by the browser simulator (the MicroPython
WebAssembly port): inject presses with SimScanner.press/release, read the
LED bytes from SimStrip.buf (RGB, 3 per LED) and the display's pixels from
SimDisplay.buffer (1024 bytes, SSD1306 layout: MONO_VLSB, 8 pages of 128),
the buzzer's pitch and duty from SimPWM.hz and .duty (0: silent).
Nothing here blocks or sleeps.
"""

try:
    import framebuf

    _Base = framebuf.FrameBuffer
    _MONO_VLSB = framebuf.MONO_VLSB
except ImportError:  # CPython: a tiny fallback without glyphs (text is in Screen.lines)
    framebuf = None
    _MONO_VLSB = 0

    class _Base:
        def __init__(self, buf, width, height, fmt):
            self._buf = buf
            self._w = width
            self._h = height

        def pixel(self, x, y, c):
            if 0 <= x < self._w and 0 <= y < self._h:
                k = (y >> 3) * self._w + x
                bit = 1 << (y & 7)
                self._buf[k] = (self._buf[k] | bit) if c else (self._buf[k] & ~bit)

        def fill_rect(self, x, y, w, h, c):
            if not (y | h) & 7:  # whole pages: byte by byte
                v = 0xFF if c else 0
                for p in range(y >> 3, (y + h) >> 3):
                    k = p * self._w
                    for xx in range(max(0, x), min(self._w, x + w)):
                        self._buf[k + xx] = v
                return
            for yy in range(y, y + h):
                for xx in range(x, x + w):
                    self.pixel(xx, yy, c)

        def fill(self, c):
            v = 0xFF if c else 0
            for k in range(len(self._buf)):
                self._buf[k] = v

        def text(self, s, x, y, c):
            pass


class SimScanner:
    def __init__(self, n=64):
        self.n = n
        self.state = bytearray(n)

    def press(self, code):
        self.state[code] = 1

    def release(self, code):
        self.state[code] = 0

    def read(self, out):
        out[:] = self.state


class SimStrip:
    def __init__(self, n):
        self.n = n
        self.buf = bytearray(3 * n)
        self.writes = 0

    def write(self):
        self.writes += 1


class SimDisplay(_Base):
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.buffer = bytearray(width * height // 8)
        super().__init__(self.buffer, width, height, _MONO_VLSB)
        self.shows = 0  # whole-screen refreshes
        self.pages = 0  # single pages sent (Screen.step)
        self.sent = 0  # bytes that would have gone over I2C

    def show(self):
        self.shows += 1
        self.sent += len(self.buffer)

    def show_page(self, page):
        self.pages += 1
        self.sent += self.width


class SimPWM:
    """machine.PWM's freq() and duty_u16() for the buzzer; changes counts every
    setting, so a reader polling between steps can tell a repeated note."""

    def __init__(self):
        self.hz = 0
        self.duty = 0
        self.changes = 0

    def freq(self, hz):
        self.hz = hz
        self.changes += 1

    def duty_u16(self, d):
        self.duty = d
        self.changes += 1
