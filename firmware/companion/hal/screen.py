"""Display lines on a 128x64 framebuffer: 8 lines of 16 characters, line 0
inverted as a title bar. Works with any FrameBuffer-like object that has
fill, fill_rect, text and show (hal/ssd1306.py, sim.SimDisplay).

A text line is one 8-pixel page of the SSD1306. `update(lines)` draws only
the lines that changed (in C, into the framebuffer) and queues their
pages; `step()` sends at most one queued page (129 bytes, about 3 ms over
I2C at 400 kHz), so the run loop never waits for a whole redraw (about
28 ms). `show(lines)` draws and sends everything at once (boot messages).
"""

PAGES = 8


class Screen:
    def __init__(self, display):
        self.display = display
        self.lines = []
        self.drawn = [0] * PAGES  # the text each page shows (None: blank; 0: unknown)
        self.dirty = bytearray(PAGES)  # pages drawn but not yet sent
        self.ndirty = 0
        self.paged = hasattr(display, "show_page")

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
            d.text(text, 0, 0, 0)
        else:
            d.fill_rect(0, 8 * i, 128, 8, 0)
            d.text(text, 0, 8 * i, 1)

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
                dirty[i] = 0
                self.ndirty -= 1
                self.display.show_page(i)
                return True
        return False

    def finish(self):
        """Send every queued page now."""
        if self.ndirty:
            for i in range(PAGES):
                self.dirty[i] = 0
            self.ndirty = 0
            self.display.show()

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
        self.display.show()
