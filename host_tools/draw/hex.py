"""Rukuni's groups on a drawn hex board: what `draw.game_svg` adds for "hex".

board.py draws the cells, stones and towers; `overlay` joins the stones of
each group with bars, puts each scoring group's score (size x towers) on
its first cell, and lists the groups in the summary panel. Shapes carry
class and data-* attributes (data-group, data-score) for tests.
"""

import math
import xml.etree.ElementTree as ET

from .svg import INK
from .svg import closest as _closest
from .svg import n as _n
from .svg import text as _text

MAX_GROUP_LINES = 10


def overlay(canvas, layout, game, lines):
    """Draw the groups over the board; return the summary `lines` with the
    groups listed after the players' lines."""
    groups = game.groups() if hasattr(game, "groups") else []
    at = dict((c["name"], canvas.xy(c)) for c in layout["cells"])
    gap = _closest(list(at.values())) or 60  # the distance between neighbouring cells
    _bonds(canvas.board, groups, at, gap)
    _badges(canvas.board, groups, at, gap)
    k = 0
    for i in range(len(lines)):
        if lines[i].startswith("@"):
            k = i + 1
    return lines[:k] + group_lines(groups) + lines[k:]


def _bonds(board, groups, at, gap):
    """A bar between every two neighbouring stones of one group."""
    g = ET.SubElement(board, "g", {"class": "bonds"})
    for k in range(len(groups)):
        names = groups[k]["cells"]
        for i in range(len(names)):
            for j in range(i + 1, len(names)):
                (x1, y1), (x2, y2) = at[names[i]], at[names[j]]
                if math.hypot(x2 - x1, y2 - y1) < 1.2 * gap:
                    ET.SubElement(g, "line", {"class": "bond", "data-group": str(k + 1),
                                              "x1": _n(x1), "y1": _n(y1), "x2": _n(x2), "y2": _n(y2),
                                              "stroke": INK, "stroke-width": _n(gap * 0.1),
                                              "stroke-linecap": "round"})


def _badges(board, groups, at, gap):
    """Each scoring group's score, on its first cell."""
    g = ET.SubElement(board, "g", {"class": "badges"})
    for k in range(len(groups)):
        grp = groups[k]
        if not grp["score"]:
            continue
        x, y = at[grp["cells"][0]]
        b = ET.SubElement(g, "g", {"class": "group", "data-group": str(k + 1), "data-score": str(grp["score"]),
                                   "data-player": grp["player"]})
        ET.SubElement(b, "circle", {"cx": _n(x), "cy": _n(y), "r": _n(gap * 0.2), "fill": "#ffffff",
                                    "stroke": INK, "stroke-width": "1"})
        _text(b, x, y + gap * 0.08, str(grp["score"]), max(8, int(gap * 0.22)), bold=True)


def group_lines(groups):
    """'@white: 4 x 2 = 8' per scoring group, best first."""
    scoring = sorted([g for g in groups if g["score"]], key=lambda g: -g["score"])
    if not scoring:
        return []
    lines = ["", "Groups (stones \u00d7 towers):"]
    for g in scoring[:MAX_GROUP_LINES]:
        lines.append("@%s: %d \u00d7 %d = %d" % (g["player"], len(g["cells"]), g["towers"], g["score"]))
    if len(scoring) > MAX_GROUP_LINES:
        lines.append("... and %d more" % (len(scoring) - MAX_GROUP_LINES))
    return lines
