"""The display's letters beyond ASCII: MicroPython's built-in 8x8 font
(framebuf.text) has only ASCII; German and French need these. hal/screen.py
calls draw() for a line that has one (an English board never loads this). Each glyph is
8 bytes in the framebuffer's MONO_VLSB order (a byte per column, bit 0 at the
top), in the built-in font's style: a lower-case letter's accent sits in its
two empty top rows, a capital's over a letter one row shorter.
tests/test_glyphs.py holds their pictures and checks the bytes drawn.

A letter missing here would shift the rest of its line (ui/lang's tables use only these:
tests/test_lang.py)."""

CHARS = 'äöüßÄÖÜéèêëàâçôûùîïœÉÈÊÀÇÔÎ'
UTF8 = b'\xc3\xa4\xc3\xb6\xc3\xbc\xc3\x9f\xc3\x84\xc3\x96\xc3\x9c\xc3\xa9\xc3\xa8\xc3\xaa\xc3\xab\xc3\xa0\xc3\xa2\xc3\xa7\xc3\xb4\xc3\xbb\xc3\xb9\xc3\xae\xc3\xaf\xc5\x93\xc3\x89\xc3\x88\xc3\x8a\xc3\x80\xc3\x87\xc3\x94\xc3\x8e'  # CHARS in UTF-8: two bytes each
BITMAPS = (b'\x00!uTT}y\x00\x009}DD}9\x00\x00=}@@}=\x00\x00~\x7f\x01M\x7f2\x00\x00}\x7f\n\n\x7f}\x00\x00=\x7fBB\x7f=\x00'
           b'\x00=}@@}=\x00\x008|VW]X\x00\x008}WV\\X\x00\x008~UU^X\x00\x009}TT]Y\x00\x00 uWV|x\x00'
           b'\x00 vUU~x\x00\x008|\xc4\xc4l(\x00\x008~EE~8\x00\x00<~AA~<\x00\x00<}CB|<\x00\x00\x00\x02}}\x02\x00\x00'
           b'\x00\x01\x01||\x01\x01\x008DD8TTX\x00\x00~~JKCB\x00\x00~\x7fKJBB\x00\x00~\x7fJJCB\x00\x00|\x7f\x0b\n~|\x00'
           b'\x00\x1e\xbf\xe1a3\x12\x00\x00<\x7fBB\x7f<\x00\x00\x00C~~C\x00\x00')

try:
    import framebuf
except ImportError:  # CPython's simulated display draws no letters at all (sim.py)
    framebuf = None

_at = bytearray(17)  # the glyph's number + 1 at each place of the line being drawn
_page = bytearray(8 * 40)  # a line drawn by framebuf.text: 16 letters, each up to two boxes wide
_scratch = None if framebuf is None else framebuf.FrameBuffer(_page, 8 * 40, 8, framebuf.MONO_VLSB)
_letters = tuple(UTF8[k:k + 2].decode() for k in range(0, len(UTF8), 2))  # each a string (str.find)


def draw(d, text, i):
    """Page i of display d shows text, which has letters beyond ASCII:
    framebuf.text draws the line into a scratch page (each such letter two
    boxes, shifting the rest), and each place's 8 columns are copied into
    the display's buffer, from the scratch page or from the glyph's bytes
    (inverted in the title bar, page 0)."""
    buf = getattr(d, "buffer", None)
    c = 0 if i == 0 else 1
    if _scratch is None or buf is None:
        d.text(text, 0, 8 * i, c)  # no framebuf (CPython) or no display
        return
    n = len(text)
    for k in range(n):
        _at[k] = 0
    for g in range(len(_letters)):
        k = text.find(_letters[g])
        while 0 <= k < n:
            _at[k] = g + 1
            k = text.find(_letters[g], k + 1)
    _scratch.fill(1 - c)
    _scratch.text(text, 0, 0, c)
    shift = 0  # the boxes the letters before this place took more
    out = 128 * i
    for k in range(n):
        g = _at[k]
        if g:
            src = 8 * (g - 1)
            for b in range(8):
                v = BITMAPS[src + b]
                buf[out + b] = v if c else v ^ 0xFF
            shift += 1
        else:
            src = 8 * (k + shift)
            for b in range(8):
                buf[out + b] = _page[src + b]
        out += 8
