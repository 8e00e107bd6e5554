"""Display lines on a 128x64 framebuffer: 8 lines of 16 characters, line 0
inverted as a title bar. Works with any FrameBuffer-like object that has
fill, fill_rect, text and show (hal/ssd1306.py, sim.SimDisplay)."""


class Screen:
    def __init__(self, display):
        self.display = display
        self.lines = []

    def show(self, lines):
        self.lines = lines
        d = self.display
        d.fill(0)
        for i in range(min(8, len(lines))):
            text = lines[i]
            if len(text) > 16:  # a slice is a new string: only for a long line
                text = text[:16]
            if i == 0:
                d.fill_rect(0, 0, 128, 8, 1)
                d.text(text, 0, 0, 0)
            else:
                d.text(text, 0, 8 * i, 1)
        d.show()
