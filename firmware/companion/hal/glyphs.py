"""The display's letters beyond ASCII: MicroPython's built-in 8x8 font
(framebuf.text) has only ASCII; German and French need these. Each glyph is
8 bytes in the framebuffer's MONO_VLSB order (a byte per column, bit 0 at the
top), in the built-in font's style: a lower-case letter's accent sits in its
two empty top rows, a capital's over a letter one row shorter.
tests/test_glyphs.py holds their pictures and checks the bytes drawn.

A letter missing here is drawn as "?" (ui/lang's tables use only these:
tests/test_lang.py)."""

CHARS = 'äöüßÄÖÜéèêëàâçôûùîïœÉÈÊÀÇÔÎ'
BITMAPS = (b'\x00!uTT}y\x00\x009}DD}9\x00\x00=}@@}=\x00\x00~\x7f\x01M\x7f2\x00\x00}\x7f\n\n\x7f}\x00\x00=\x7fBB\x7f=\x00'
           b'\x00=}@@}=\x00\x008|VW]X\x00\x008}WV\\X\x00\x008~UU^X\x00\x009}TT]Y\x00\x00 uWV|x\x00'
           b'\x00 vUU~x\x00\x008|\xc4\xc4l(\x00\x008~EE~8\x00\x00<~AA~<\x00\x00<}CB|<\x00\x00\x00\x02}}\x02\x00\x00'
           b'\x00\x01\x01||\x01\x01\x008DD8TTX\x00\x00~~JKCB\x00\x00~\x7fKJBB\x00\x00~\x7fJJCB\x00\x00|\x7f\x0b\n~|\x00'
           b'\x00\x1e\xbf\xe1a3\x12\x00\x00<\x7fBB\x7f<\x00\x00\x00C~~C\x00\x00')
