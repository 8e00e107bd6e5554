"""Display lines on a 128x64 framebuffer: 8 lines of 16 characters, line 0
inverted as a title bar. Works with any FrameBuffer-like object that has
fill, fill_rect, text and show (hal/ssd1306.py, sim.SimDisplay).

A text line is one 8-pixel page of the SSD1306. `update(lines)` draws only
the lines that changed (in C, into the framebuffer) and queues their
pages; `step()` sends at most one queued page (129 bytes, about 3 ms over
I2C at 400 kHz), so the run loop never waits for a whole redraw (about
28 ms). `show(lines)` draws and sends everything at once (boot messages).

The built-in font is ASCII: a line with other letters (German, French) is
drawn by hal/glyphs.py (loaded at the first such line: an English board
never loads it).
"""

PAGES = 8
LOST_AFTER = 8  # sends failed in a row before the display counts as gone


class NoDisplay:
    """No display: a board without one, or one that stopped answering."""

    def fill(self, c):
        pass

    def fill_rect(self, x, y, w, h, c):
        pass

    def text(self, s, x, y, c):
        pass

    def show(self):
        pass

    def show_page(self, page):
        pass


class Screen:
    def __init__(self, display):
        self.display = display
        self.lines = []
        self.drawn = [0] * PAGES  # the text each page shows (None: blank; 0: unknown)
        self.dirty = bytearray(PAGES)  # pages drawn but not yet sent
        self.ndirty = 0
        self.paged = hasattr(display, "show_page")
        self.failures = 0  # sends failed in a row (I2C: a loose wire)

    def _send(self, page=-1):
        """Send a page (-1: the whole screen). An I2C error is the wire's, not
        the game's: the page goes again later, and after LOST_AFTER failures
        in a row the board plays on without its display (the console says so)."""
        try:
            if page < 0:
                self.display.show()
            else:
                self.display.show_page(page)
            self.failures = 0
            return True
        except OSError as e:
            self.failures += 1
            if self.failures >= LOST_AFTER:
                print("display: no answer (%r): playing without it" % (e,))
                self.display = NoDisplay()
                self.paged = False
            return False

    def _draw(self, i, text):
        """Page i shows text (None: no line, a blank page)."""
        d = self.display
        self.drawn[i] = text
        if text is None:
            d.fill_rect(0, 8 * i, 128, 8, 0)
            return
        if len(text) > 16:  # a slice is a new string: only for a long line
            text = text[:16]
        if i == 0:
            d.fill_rect(0, 0, 128, 8, 1)
        else:
            d.fill_rect(0, 8 * i, 128, 8, 0)
        if len(text.encode()) != len(text):  # a letter beyond ASCII (a few bytes, freed again)
            from .glyphs import draw

            draw(d, text, i)
        else:
            d.text(text, 0, 8 * i, 0 if i == 0 else 1)

    def update(self, lines):
        """Draw the lines that changed; their pages go out with step()."""
        self.lines = lines
        n = len(lines)
        drawn = self.drawn
        for i in range(PAGES):
            text = lines[i] if i < n else None
            if drawn[i] != text or drawn[i] == 0:
                self._draw(i, text)
                if not self.dirty[i]:
                    self.dirty[i] = 1
                    self.ndirty += 1
        if not self.paged and self.ndirty:
            self.finish()

    def step(self):
        """Send one changed page, if any. Returns True if one was sent."""
        if not self.ndirty:
            return False
        dirty = self.dirty
        for i in range(PAGES):
            if dirty[i]:
                if not self._send(i):
                    return False  # (it goes again at a later step)
                dirty[i] = 0
                self.ndirty -= 1
                return True
        return False

    def finish(self):
        """Send every queued page now."""
        if self.ndirty and self._send():
            for i in range(PAGES):
                self.dirty[i] = 0
            self.ndirty = 0

    def show(self, lines):
        """Draw and send the whole screen at once (boot and halt messages)."""
        self.lines = lines
        self.display.fill(0)
        n = len(lines)
        for i in range(PAGES):
            if i < n:
                self._draw(i, lines[i])
            else:
                self.drawn[i] = None
        for i in range(PAGES):
            self.dirty[i] = 0
        self.ndirty = 0
        self._send()
