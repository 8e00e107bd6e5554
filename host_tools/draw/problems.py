"""A broken layout's wiring guide, its problems marked: what `companion layout draw` writes
when `companion layout check` finds problems, because that picture is how a builder finds them.

Everything that has a position is drawn as usual (elements placed outside
"size" too); each element a problem names gets a red ring with the
problem's number, and the numbered problems are listed below the board.
A layout with nothing drawable (not an object, no positions) still gets a
picture: the list alone. Marks carry class "problem" and data-problem.
"""

import copy
import xml.etree.ElementTree as ET

from companion.layout import check as layout_check
from companion.layout import common as layout_common

from . import board
from .svg import INK, n, text

PROBLEM = "#dc2626"
LINE_CHARS = 120  # characters per listed line
MAX_LISTED = 40
NUMBERED = ("islands", "connections", "cells", "sites")


def broken_layout_svg(layout, problems):
    """SVG text of `layout` with `problems` ([(entry, problem, hint)]) marked and listed."""
    lines = listed(problems)
    drawable = _drawable(layout)
    if drawable is not None:
        try:
            canvas = board.layout_canvas(drawable, footer=3 + len(lines))
        except (KeyError, TypeError, ValueError, ZeroDivisionError, AttributeError):
            canvas = None  # too broken to draw: the list alone says what is wrong
        if canvas is not None:
            _mark(canvas, drawable, problems)
            _list(canvas.root, board.MARGIN, canvas.footer_y + 18 + 2 * 22, lines)
            return canvas.text()
    return _list_only(layout, lines)


def listed(problems):
    out = []
    for k in range(min(len(problems), MAX_LISTED)):
        entry, problem, _hint = problems[k]
        line = "%d. %s: %s" % (k + 1, entry, problem)
        while len(line) > LINE_CHARS:
            cut = line.rfind(" ", 0, LINE_CHARS)
            cut = cut if cut > 20 else LINE_CHARS
            out.append(line[:cut])
            line = "     " + line[cut:].lstrip()
        out.append(line)
    if len(problems) > MAX_LISTED:
        out.append("... and %d more: `companion layout check` lists them all" % (len(problems) - MAX_LISTED))
    return out


def _number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and v == v and abs(v) < 1e9


def _placed(e):
    return isinstance(e, dict) and _number(e.get("x")) and _number(e.get("y"))


def _drawable(layout):
    """A copy of the layout holding only what can be drawn, or None if nothing can."""
    if not isinstance(layout, dict):
        return None
    out = {}
    for key, value in layout.items():
        if not isinstance(key, str):
            continue
        if isinstance(value, list):
            value = [_usable(e, key in NUMBERED) for e in value if isinstance(e, dict)]
            if key in ("islands", "cells", "sites"):
                value = [e for e in value if _placed(e)]
        out[key] = copy.deepcopy(value)
    for key in NUMBERED:  # the lists the board drawing walks
        if key in out and not isinstance(out[key], list):
            del out[key]
    if out.get("kind") == "islands":
        names = set(e["name"] for e in out.get("islands") or [])
        out["connections"] = [c for c in out.get("connections") or [] if isinstance(c, dict)
                              and isinstance(c.get("a"), str) and isinstance(c.get("b"), str)
                              and c["a"] in names and c["b"] in names]
        out.setdefault("islands", [])
    placed = [e for v in out.values() if isinstance(v, list) for e in v if _placed(e)]
    if not placed:
        return None
    xs = [e["x"] for e in placed] + [e["via"][0] for v in out.values() if isinstance(v, list)
                                     for e in v if isinstance(e, dict) and _ok_via(e.get("via"))]
    ys = [e["y"] for e in placed] + [e["via"][1] for v in out.values() if isinstance(v, list)
                                     for e in v if isinstance(e, dict) and _ok_via(e.get("via"))]
    size = out.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(_number(v) and v > 0 for v in size)):
        size = [max(xs) + max(min(xs), 20), max(ys) + max(min(ys), 20)]
    # elements outside "size" are drawn too (shifted in if left of or above 0)
    out["size"] = [max(size[0], max(xs) + 20) - min(0, min(xs) - 20),
                   max(size[1], max(ys) + 20) - min(0, min(ys) - 20)]
    dx, dy = -min(0, min(xs) - 20), -min(0, min(ys) - 20)
    if dx or dy:
        for v in out.values():
            for e in v if isinstance(v, list) else ():
                if _placed(e):
                    e["x"] += dx
                    e["y"] += dy
                if isinstance(e, dict) and _ok_via(e.get("via")):
                    e["via"] = [e["via"][0] + dx, e["via"][1] + dy]
    if not isinstance(out.get("title"), str):
        out["title"] = str(out.get("name") or "layout")
    out["title"] += " \u2014 %s" % ("with problems (marked in red)")
    out.pop("name", None)
    return out


def _usable(e, numbered):
    """An element with a text name and led/button keys; without a position unless it has a usable one."""
    e = dict(e)
    if _placed(e):
        e["name"] = e["name"] if isinstance(e.get("name"), str) else str(e.get("name"))
    else:
        for k in ("x", "y"):
            e.pop(k, None)
    if "via" in e and not _ok_via(e["via"]):
        del e["via"]
    if numbered:  # drawn with e["led"], e["button"]
        e.setdefault("led", None)
        e.setdefault("button", None)
    return e


def _ok_via(via):
    return isinstance(via, list) and len(via) == 2 and _number(via[0]) and _number(via[1])


def _positions(canvas, layout):
    """entry name (as the layout check words it) -> (x, y) on the canvas."""
    at = {}
    groups = dict((key, word) for key, word, _ in layout_check.GROUPS.get(layout.get("kind"), ()))
    groups[layout_check.CONTROLS[0]] = layout_check.CONTROLS[1]
    islands = dict((e["name"], canvas.xy(e)) for e in layout.get("islands") or [] if _placed(e))
    for key in sorted(layout):
        items = layout[key]
        if not isinstance(items, list):
            continue
        word = groups.get(key, key)
        for i in range(len(items)):
            e = items[i]
            entry = layout_common.entry_name(key, word, i, e)
            if _placed(e):
                at[entry] = canvas.xy(e)
            elif key == "connections" and isinstance(e, dict) and isinstance(e.get("a"), str) \
                    and isinstance(e.get("b"), str) and e["a"] in islands and e["b"] in islands:
                if _ok_via(e.get("via")):
                    at[entry] = canvas.xy({"x": e["via"][0], "y": e["via"][1]})
                else:
                    (x1, y1), (x2, y2) = islands[e["a"]], islands[e["b"]]
                    at[entry] = ((x1 + x2) / 2, (y1 + y2) / 2)
    return at


def _mark(canvas, layout, problems):
    at = _positions(canvas, layout)
    numbers = {}
    for k in range(len(problems)):
        entry = problems[k][0]
        if entry in at:
            numbers.setdefault(entry, []).append(str(k + 1))
    g = ET.SubElement(canvas.root, "g", {"class": "problems"})
    for entry in sorted(numbers):
        x, y = at[entry]
        m = ET.SubElement(g, "g", {"class": "problem", "data-entry": entry, "data-problem": ",".join(numbers[entry])})
        ET.SubElement(m, "circle", {"cx": n(x), "cy": n(y), "r": "33", "fill": "none", "stroke": PROBLEM,
                                    "stroke-width": "4", "stroke-dasharray": "8 4"})
        label = ",".join(numbers[entry])
        w = 10 + 8 * len(label)
        ET.SubElement(m, "rect", {"x": n(x + 18), "y": n(y - 40), "width": n(w), "height": "18", "rx": "9",
                                  "fill": PROBLEM})
        text(m, x + 18 + w / 2, y - 26, label, 12, bold=True, colour="#ffffff")


def _list(root, x, y, lines):
    g = ET.SubElement(root, "g", {"class": "problem-list"})
    text(g, x, y, "Problems (fix them, then `companion layout check` says ok):", 14, bold=True,
         anchor="start", colour=PROBLEM)
    for line in lines:
        y += 22
        text(g, x, y, line, 13, anchor="start", colour=INK).set("class", "problem-line")


def _list_only(layout, lines):
    width = 2 * board.MARGIN + 8 * LINE_CHARS
    height = 2 * board.MARGIN + 60 + 22 * len(lines)
    root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": n(width), "height": n(height),
                              "viewBox": "0 0 %s %s" % (n(width), n(height)), "font-family": board.FONT})
    ET.SubElement(root, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})
    title = layout.get("title") or layout.get("name") if isinstance(layout, dict) else None
    text(root, board.MARGIN, board.MARGIN, "%s \u2014 nothing on it can be drawn yet" % (title or "layout",), 18,
         bold=True, anchor="start").set("class", "title")
    _list(root, board.MARGIN, board.MARGIN + 36, lines)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
