"""SSD1306 128x64 OLED over I2C, after micropython-lib's ssd1306.py:
a FrameBuffer subclass (drawing runs in C), one buffer, the bus passed in."""

import framebuf

from .. import const

SET_CONTRAST = const(0x81)
SET_ENTIRE_ON = const(0xA4)
SET_NORM_INV = const(0xA6)
SET_DISP = const(0xAE)
SET_MEM_ADDR = const(0x20)
SET_COL_ADDR = const(0x21)
SET_PAGE_ADDR = const(0x22)
SET_DISP_START_LINE = const(0x40)
SET_SEG_REMAP = const(0xA0)
SET_MUX_RATIO = const(0xA8)
SET_COM_OUT_DIR = const(0xC0)
SET_DISP_OFFSET = const(0xD3)
SET_COM_PIN_CFG = const(0xDA)
SET_DISP_CLK_DIV = const(0xD5)
SET_PRECHARGE = const(0xD9)
SET_VCOM_DESEL = const(0xDB)
SET_CHARGE_PUMP = const(0x8D)


class SSD1306_I2C(framebuf.FrameBuffer):
    def __init__(self, width, height, i2c, addr=0x3C):
        self.width = width
        self.height = height
        self.pages = height // 8
        self.i2c = i2c
        self.addr = addr
        self.cmd = bytearray(2)
        self.data = bytearray(1 + self.pages * width)  # 0x40 (data follows), then the pixels
        self.data[0] = 0x40
        self.buffer = memoryview(self.data)[1:]
        super().__init__(self.buffer, width, height, framebuf.MONO_VLSB)
        # one page at a time (Screen.step): the data prefix, then that page's
        # 128 bytes, sent with writevto from tuples made once
        prefix = b"\x40"
        self.page_parts = tuple((prefix, self.buffer[p * width:(p + 1) * width]) for p in range(self.pages))
        self.init_display()

    def write_cmd(self, c):
        self.cmd[0] = 0x80
        self.cmd[1] = c
        self.i2c.writeto(self.addr, self.cmd)

    def init_display(self):
        for c in (
            SET_DISP, SET_MEM_ADDR, 0x00, SET_DISP_START_LINE, SET_SEG_REMAP | 0x01,
            SET_MUX_RATIO, self.height - 1, SET_COM_OUT_DIR | 0x08, SET_DISP_OFFSET, 0x00,
            SET_COM_PIN_CFG, 0x02 if self.width > 2 * self.height else 0x12,
            SET_DISP_CLK_DIV, 0x80, SET_PRECHARGE, 0xF1, SET_VCOM_DESEL, 0x30,
            SET_CONTRAST, 0xFF, SET_ENTIRE_ON, SET_NORM_INV, SET_CHARGE_PUMP, 0x14,
            SET_DISP | 0x01,
        ):
            self.write_cmd(c)
        self.fill(0)
        self.show()

    def contrast(self, value):
        self.write_cmd(SET_CONTRAST)
        self.write_cmd(value)

    def show(self):
        # one call per byte, not a loop over a tuple: a refresh allocates nothing
        self.write_cmd(SET_COL_ADDR)
        self.write_cmd(0)
        self.write_cmd(self.width - 1)
        self.write_cmd(SET_PAGE_ADDR)
        self.write_cmd(0)
        self.write_cmd(self.pages - 1)
        self.i2c.writeto(self.addr, self.data)

    def show_page(self, page):
        """Send one 8-pixel page (129 bytes) of the framebuffer."""
        self.write_cmd(SET_COL_ADDR)
        self.write_cmd(0)
        self.write_cmd(self.width - 1)
        self.write_cmd(SET_PAGE_ADDR)
        self.write_cmd(page)
        self.write_cmd(page)
        self.i2c.writevto(self.addr, self.page_parts[page])
