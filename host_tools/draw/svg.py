"""What every picture shares: the ink colour, numbers for attributes, text.

board.py and hex.py both build on these (neither imports the other at load time).
"""

import math
import xml.etree.ElementTree as ET

INK = "#2b2b2b"


def closest(points):
    best = None
    for i in range(len(points)):
        for j in range(i + 1, len(points)):
            d = math.hypot(points[i][0] - points[j][0], points[i][1] - points[j][1])
            if d > 0 and (best is None or d < best):
                best = d
    return best


def text(parent, x, y, s, size, bold=False, anchor="middle", colour=INK):
    a = {"x": n(x), "y": n(y), "font-size": str(size), "text-anchor": anchor, "fill": colour}
    if bold:
        a["font-weight"] = "bold"
    t = ET.SubElement(parent, "text", a)
    t.text = s
    return t


def n(v):
    """A number for an attribute: at most one decimal."""
    v = float(v)
    if not math.isfinite(v):  # a coordinate far out of scale in a broken layout
        return "0"
    r = round(v, 1)
    return str(int(r)) if r == int(r) else str(r)
