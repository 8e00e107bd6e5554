"""The display's letters beyond ASCII (hal/glyphs.py) drawn by hal/screen.py,
byte for byte: each glyph's picture below is what its 8 framebuffer columns
must hold, on a plain line and inverted in the title bar, with the ASCII
letters around it in their places (a UTF-8 letter given to framebuf.text
would be two boxes and shift the rest). Run under MicroPython (framebuf): the native unix
port and the WebAssembly port the simulator runs."""

import json

import pytest

from host_tools.micropython import run, run_native

# the expected pictures: 8 rows of 8 pixels, '#' lit
U = '.##..##.'
ART = {
 "ä": [U, '........', '..####..', '.....##.', '..#####.', '.##..##.', '..#####.', '........'],
 "ö": [U, '........', '..####..', '.##..##.', '.##..##.', '.##..##.', '..####..', '........'],
 "ü": [U, '........', '.##..##.', '.##..##.', '.##..##.', '.##..##.', '..####..', '........'],
 "ß": ['..####..', '.##..##.', '.##.##..', '.##.##..', '.##..##.', '.##..##.', '.##.##..', '........'],
 "Ä": [U, '..####..', '.##..##.', '.######.', '.##..##.', '.##..##.', '.##..##.', '........'],
 "Ö": [U, '..####..', '.##..##.', '.##..##.', '.##..##.', '.##..##.', '..####..', '........'],
 "Ü": [U, '........', '.##..##.', '.##..##.', '.##..##.', '.##..##.', '..####..', '........'],
 "é": ['....##..', '...##...', '..####..', '.##..##.', '.######.', '.##.....', '..#####.', '........'],
 "è": ['..##....', '...##...', '..####..', '.##..##.', '.######.', '.##.....', '..#####.', '........'],
 "ê": ['...##...', '..#..#..', '..####..', '.##..##.', '.######.', '.##.....', '..#####.', '........'],
 "ë": [U, '........', '..####..', '.##..##.', '.######.', '.##.....', '..#####.', '........'],
 "à": ['..##....', '...##...', '..####..', '.....##.', '..#####.', '.##..##.', '..#####.', '........'],
 "â": ['...##...', '..#..#..', '..####..', '.....##.', '..#####.', '.##..##.', '..#####.', '........'],
 "ç": ['........', '........', '..####..', '.##..##.', '.##.....', '.##..##.', '..####..', '...##...'],
 "ô": ['...##...', '..#..#..', '..####..', '.##..##.', '.##..##.', '.##..##.', '..####..', '........'],
 "û": ['...##...', '..#..#..', '.##..##.', '.##..##.', '.##..##.', '.##..##.', '..####..', '........'],
 "ù": ['..##....', '...##...', '.##..##.', '.##..##.', '.##..##.', '.##..##.', '..####..', '........'],
 "î": ['...##...', '..#..#..', '...##...', '...##...', '...##...', '...##...', '...##...', '........'],
 "ï": [U, '........', '...##...', '...##...', '...##...', '...##...', '...##...', '........'],
 "œ": ['........', '........', '.##.##..', '#..#..#.', '#..####.', '#..#....', '.##.###.', '........'],
 "É": ['....##..', '.######.', '.##.....', '.####...', '.##.....', '.##.....', '.######.', '........'],
 "È": ['..##....', '.######.', '.##.....', '.####...', '.##.....', '.##.....', '.######.', '........'],
 "Ê": ['..#..#..', '.######.', '.##.....', '.####...', '.##.....', '.##.....', '.######.', '........'],
 "À": ['..##....', '..####..', '.##..##.', '.######.', '.##..##.', '.##..##.', '.##..##.', '........'],
 "Ç": ['..####..', '.##..##.', '.##.....', '.##.....', '.##..##.', '..####..', '...##...', '..##....'],
 "Ô": ['..#..#..', '..####..', '.##..##.', '.##..##.', '.##..##.', '.##..##.', '..####..', '........'],
 "Î": ['..#..#..', '..####..', '...##...', '...##...', '...##...', '...##...', '..####..', '........'],
}


def columns(rows):
    """A picture as MONO_VLSB bytes: one per column, bit 0 at the top."""
    return [sum(1 << y for y in range(8) if rows[y][x] == "#") for x in range(8)]


# draws the lines through the Screen on a 128x64 SimDisplay; prints its buffer as JSON
SCRIPT = """
import json
from companion.hal.screen import Screen
from companion.hal.sim import SimDisplay
d = SimDisplay()
s = Screen(d)
lines = %s
s.show(["" for _ in lines])
s.update(lines)  # draws the changed lines
print("BUF " + json.dumps(list(d.buffer)))
"""

TEXT = "".join(ART)


def page(buf, i):
    return buf[128 * i:128 * (i + 1)]


def expected_line(text, base, inverted):
    """A line's 128 columns: base[k] for the letters the font has, the pictures for the others."""
    out = []
    for k in range(16):
        col = columns(ART[text[k]]) if k < len(text) and text[k] in ART else base[8 * k:8 * k + 8]
        out += [c ^ 0xFF for c in col] if inverted and k < len(text) and text[k] in ART else col
    return out


def check(out):
    buf = json.loads([l for l in out.splitlines() if l.startswith("BUF ")][-1][4:])
    assert len(buf) == 1024
    ascii_line = page(buf, 1)  # "x" in every place but the glyphs': the font's own letters
    for i, text in ((2, TEXT[:16]), (3, TEXT[16:])):
        want = expected_line(text, ascii_line, False)
        for k in range(len(text)):
            if text[k] == "x":
                continue
            assert page(buf, i)[8 * k:8 * k + 8] == want[8 * k:8 * k + 8], "%r drawn wrong" % text[k]
    title = page(buf, 0)  # inverted: "Größe" with ö and ß as their pictures, colours swapped
    assert title[16:24] == [c ^ 0xFF for c in columns(ART["ö"])]
    assert title[24:32] == [c ^ 0xFF for c in columns(ART["ß"])]
    assert title[0:8] == [c ^ 0xFF for c in page(buf, 4)[0:8]] and title[0:8] != [0xFF] * 8  # "G", inverted
    assert title[40:] == [0xFF] * 88  # the rest of the bar
    # an ASCII letter after a glyph stays in its own place: "é" then "t" = "ét" at 0 and 8
    assert page(buf, 5)[8:16] == page(buf, 6)[8:16]
    # a glyph after a glyph, and ASCII after both, each in its own place: "äöx" = "ä", "ö", "x"
    assert page(buf, 7)[0:8] == columns(ART["ä"]) and page(buf, 7)[8:16] == columns(ART["ö"])
    assert page(buf, 7)[16:24] == page(buf, 1)[0:8]
    return buf


LINES = json.dumps(["Größe", "x" * 16, TEXT[:16], TEXT[16:], "G", "ét", "ut", "äöx"])


@pytest.mark.native
def test_glyphs_under_native_micropython():
    check(run_native(SCRIPT % LINES))


def test_glyphs_under_the_simulators_micropython():
    check(run([SCRIPT % LINES]))
