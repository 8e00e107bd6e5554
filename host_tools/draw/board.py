"""SVG pictures of boards: a layout's wiring guide, and a game state.

Built with xml.etree, so names are escaped and tests can parse the result.
Elements carry class and data-* attributes (data-name, data-led,
data-button, data-owner, data-stone) that say what each shape stands for.
"""

import math
import xml.etree.ElementTree as ET

from companion.core.board import connection_name

from . import hex as draw_hex
from .svg import INK
from .svg import closest as _closest
from .svg import n as _n
from .svg import text as _text

WIDTH = 800  # px across the board; drawing units are scaled to it
MARGIN = 40
FONT = "DejaVu Sans, Arial, sans-serif"
SEA = "#d6eaf2"
LAND = "#ecd9a8"
LED_COLOUR = "#b45309"
SENSE_COLOUR = "#2e7d32"  # the sensor bits and their chain
BUTTON_COLOUR = "#1d4ed8"
PLAYER_COLOURS = {"white": "#f7f3e8", "black": "#1f1f1f", "red": "#d1342f", "blue": "#2f6fd1",
                  "green": "#2f9e44", "yellow": "#e8b520", "bison": "#8a5a2b", "wolf": "#6b7280"}
# the main element group of each non-island kind, and the shape drawn for it
CELL_GROUPS = {"hex": ("cells", "hexagon"), "duel": ("sites", "square")}


class DrawError(Exception):
    pass


# --- layouts -----------------------------------------------------------------------
def layout_svg(layout):
    """The wiring guide: every element with its name, LED index and button code."""
    return layout_canvas(layout).text()


def layout_canvas(layout, footer=2):
    """The wiring guide's canvas, with room for `footer` lines below the board."""
    if layout.get("kind") == "islands":
        canvas = _Canvas(layout, footer=footer)
        _draw_islands(canvas, layout, None)
        _draw_extras(canvas, layout, ("islands", "connections"), [])
    else:
        canvas = _Canvas(layout, footer=footer)
        _draw_cells(canvas, layout)
    _legend(canvas, layout)
    return canvas


def _draw_islands(canvas, layout, state):
    at = dict((i["name"], canvas.xy(i)) for i in layout["islands"])
    sticks = state["sticks"] if state else {}
    stones = state["stones"] if state else {}
    lines = ET.SubElement(canvas.board, "g", {"class": "connections"})
    sensed = []  # (sensor bits, x, y) of each sensed connection: the sensor wiring
    for c in layout["connections"]:
        name = connection_name(c["a"], c["b"])
        (x1, y1), (x2, y2) = at[c["a"]], at[c["b"]]
        # an optional bend point, for a connection that curves around an island
        mx, my = canvas.xy({"x": c["via"][0], "y": c["via"][1]}) if "via" in c else ((x1 + x2) / 2, (y1 + y2) / 2)
        g = ET.SubElement(lines, "g", {"class": "connection", "data-name": name,
                                       "data-led": str(c["led"]), "data-button": str(c["button"])})
        owner = sticks.get(name)
        path = ((x1, y1), (mx, my), (x2, y2))
        if state is None:
            _line(g, path, INK, 2.5)
        elif owner:
            g.set("data-owner", owner)
            _line(g, path, INK, 12)
            _line(g, path, _colour(owner), 8)
        else:
            _line(g, path, "#7a8a90", 2, dash="6 5")
        if state is None:
            _numbers(g, mx, my, c["led"], c["button"], boxed=True)
            if isinstance(c.get("sense"), list):
                sensed.append((c["sense"], mx, my))
    for i in layout["islands"]:
        x, y = at[i["name"]]
        g = ET.SubElement(canvas.board, "g", {"class": "island", "data-name": i["name"],
                                              "data-led": str(i["led"]), "data-button": str(i["button"])})
        ET.SubElement(g, "circle", {"cx": _n(x), "cy": _n(y), "r": "27", "fill": LAND,
                                    "stroke": INK, "stroke-width": "2"})
        stone = stones.get(i["name"])
        text_colour = INK
        if stone:
            g.set("data-stone", stone)
            ET.SubElement(g, "circle", {"class": "stone", "cx": _n(x), "cy": _n(y), "r": "19",
                                        "fill": _colour(stone), "stroke": INK, "stroke-width": "1.5"})
            text_colour = "#ffffff" if _dark(stone) else INK
        if state is None:
            _text(g, x, y - 3, i["name"], 13, bold=True, colour=text_colour)
            _numbers(g, x, y + 13, i["led"], i["button"])
        else:
            _text(g, x, y + 5, i["name"], 12, bold=True, colour=text_colour)
    if sensed:
        _sensor_wiring(canvas, sensed)


def _sensor_wiring(canvas, sensed, size=10):
    """The 74HC165 chain under the connections: a line through them in bit
    order (bit 0 first: the chip whose Q7 goes to the board), each
    connection's two bits (white, black) under its numbers, and each chip's
    first connection marked U1, U2, ... (size: the bits' text; a hex cell's is smaller)"""
    g = ET.SubElement(canvas.board, "g", {"class": "sensors"})
    ordered = sorted(sensed, key=lambda s: min(s[0]) if all(isinstance(b, int) for b in s[0]) else 0)
    _line(g, [(x, y + 20) for _, x, y in ordered], SENSE_COLOUR, 1.5, dash="3 3")
    chip = -1
    for bits, x, y in ordered:
        text = "\u00b7".join(str(b) for b in bits)
        _text(g, x, y + 24, text, size, bold=True, colour=SENSE_COLOUR).set("class", "sense")
        first = min(bits) if all(isinstance(b, int) for b in bits) else -1
        if first >= 0 and first // 8 != chip:
            chip = first // 8
            _text(g, x + 24, y - 6, "U%d" % (chip + 1), size, bold=True, colour=SENSE_COLOUR).set("class", "chip")


def _draw_cells(canvas, layout, state=None):
    """Any other kind: its cells or sites as shapes, with name and numbers
    (a wiring guide) or with what the game state puts there."""
    key, shape = CELL_GROUPS.get(layout.get("kind"), (None, "square"))
    items = [e for e in layout.get(key) or () if "x" in e and "y" in e]
    points = [canvas.xy(e) for e in items]
    gap = _closest(points) or 60
    sensed = []  # (sensor bits, x, y) of each sensed cell or site: the sensor wiring
    for e, (x, y) in zip(items, points):
        g = ET.SubElement(canvas.board, "g", {"class": key[:-1] if key else "element",
                                              "data-name": str(e.get("name")),
                                              "data-led": str(e.get("led")), "data-button": str(e.get("button"))})
        if shape == "hexagon":
            r = gap / math.sqrt(3)
            pts = " ".join("%s,%s" % (_n(x + r * math.cos(math.radians(30 + 60 * k))),
                                      _n(y + r * math.sin(math.radians(30 + 60 * k)))) for k in range(6))
            ET.SubElement(g, "polygon", {"points": pts, "fill": LAND, "stroke": INK, "stroke-width": "1.5"})
        else:
            s = gap * 0.6
            ET.SubElement(g, "rect", {"x": _n(x - s / 2), "y": _n(y - s / 2), "width": _n(s), "height": _n(s),
                                      "rx": "6", "fill": LAND, "stroke": INK, "stroke-width": "2"})
        size = 11 if gap > 50 else 8
        if state is None:
            _text(g, x, y - 2, str(e.get("name")), size, bold=True)
            _numbers(g, x, y + size + 1, e.get("led"), e.get("button"), size=size - 1)
            if isinstance(e.get("sense"), list):
                sensed.append((e["sense"], x, y + 2 * size - 22))  # the bits under the numbers
        elif shape == "hexagon":
            _hex_state(g, x, y, gap, e.get("name"), state)
        else:
            _site_state(g, x, y, gap, e.get("name"), state)
    if state is None:
        _draw_extras(canvas, layout, (key,), sensed)
    if sensed:
        _sensor_wiring(canvas, sensed, size - 2)


def _hex_state(g, x, y, gap, name, state):
    """A stone in its owner's colour, or a tower."""
    owner = (state.get("stones") or {}).get(name)
    if owner:
        g.set("data-stone", owner)
        ET.SubElement(g, "circle", {"class": "stone", "cx": _n(x), "cy": _n(y), "r": _n(gap * 0.3),
                                    "fill": _colour(owner), "stroke": INK, "stroke-width": "1.5"})
    elif name in (state.get("towers") or ()):
        g.set("data-tower", "1")
        w = gap * 0.4
        ET.SubElement(g, "rect", {"class": "tower", "x": _n(x - w / 2), "y": _n(y - w * 0.6), "width": _n(w),
                                  "height": _n(w * 1.2), "rx": "3", "fill": "#8b5e34", "stroke": INK,
                                  "stroke-width": "1.5"})
    else:
        _text(g, x, y + 3, str(name), 8, colour="#8a7a55")


def _site_state(g, x, y, gap, name, state):
    """Each player's stone values on a duel site; the last duel's site outlined."""
    here = (state.get("sites") or {}).get(name) or {}
    players = sorted(here)
    duel = state.get("duel") or {}
    if duel.get("at") == name:
        s = gap * 0.6 + 8
        ET.SubElement(g, "rect", {"class": "last-duel", "x": _n(x - s / 2), "y": _n(y - s / 2), "width": _n(s),
                                  "height": _n(s), "rx": "9", "fill": "none", "stroke": "#c2410c",
                                  "stroke-width": "3"})
    _text(g, x, y - gap * 0.18, str(name), 10, colour="#8a7a55")
    for k in range(len(players)):
        p = players[k]
        values = "+".join("?" if v is None else str(v) for v in here[p]) or "-"
        t = _text(g, x + (k * 2 - 1) * gap * 0.13, y + gap * 0.12, values, 18, bold=True, colour=_colour(p))
        t.set("class", "value " + p)


def _draw_extras(canvas, layout, drawn, sensed):
    """Elements of other groups that have a position (stone LEDs, mask buttons, ...);
    the sensed ones' bits go into `sensed` (Duell's stone pockets)."""
    for key in sorted(layout):
        items = layout[key]
        if key in drawn or not isinstance(items, list):
            continue
        for e in items:
            if not isinstance(e, dict) or "x" not in e or "y" not in e:
                continue
            x, y = canvas.xy(e)
            g = ET.SubElement(canvas.board, "g", {"class": "extra " + key, "data-name": str(e.get("name")),
                                                  "data-led": str(e.get("led")),
                                                  "data-button": str(e.get("button"))})
            ET.SubElement(g, "rect", {"x": _n(x - 17), "y": _n(y - 9), "width": "34", "height": "17", "rx": "8",
                                      "fill": "#ffffff", "stroke": INK, "stroke-width": "1"})
            _numbers(g, x, y + 4, e.get("led"), e.get("button"), size=10)
            _text(g, x, y + 20, str(e.get("name")), 9, colour=INK)
            if isinstance(e.get("sense"), list):
                sensed.append((e["sense"], x, y + 6))


def _legend(canvas, layout):
    y = canvas.footer_y + 18
    g = ET.SubElement(canvas.root, "g", {"class": "legend"})
    t = _text(g, MARGIN, y, "", 13, anchor="start")
    _tspan(t, "LED index", LED_COLOUR, bold=True)
    _tspan(t, " \u00b7 ", INK)
    _tspan(t, "button code", BUTTON_COLOUR, bold=True)
    _tspan(t, " on every element", INK)
    sensed = [c["sense"] for key in ("connections", "cells", "stones") for c in layout.get(key) or ()
              if isinstance(c, dict) and isinstance(c.get("sense"), list)]
    if sensed:
        _tspan(t, "; ", INK)
        _tspan(t, "sensor bits white\u00b7black" + ("\u00b7tower" if len(sensed[0]) > 2 else ""), SENSE_COLOUR,
               bold=True)
        _tspan(t, " (the 74HC165 chain from U1)", INK)
    controls = [c for c in layout.get("controls") or () if isinstance(c, dict)]
    if controls:
        t = _text(g, MARGIN, y + 22, "controls: ", 13, anchor="start")
        t.set("class", "controls")
        for c in controls:
            _tspan(t, "%s " % c.get("name"), INK, bold=True)
            if "led" in c:
                _tspan(t, str(c["led"]), LED_COLOUR)
                _tspan(t, "\u00b7", INK)
            _tspan(t, str(c.get("button")), BUTTON_COLOUR)
            _tspan(t, "   ", INK)


# --- game states ----------------------------------------------------------------------
def game_svg(layout, game, caption, say=str):
    """The board of an island game in player colours, with the game's summary
    beside it (its lines in words by say: `companion review --lang`, host_tools/review_words.py)."""
    kind = layout.get("kind")
    if kind not in ("islands", "hex", "duel"):
        raise DrawError("cannot draw a game on a %r board yet" % (kind,))
    state = game.state()
    lines = summary_lines(game, state)
    canvas = _Canvas(layout, footer=0, side=330)
    if kind == "islands":
        _draw_islands(canvas, layout, state)
    else:
        _draw_cells(canvas, layout, state)
    if kind == "hex":  # Rukuni's groups and their scores
        lines = draw_hex.overlay(canvas, layout, game, lines)
    _draw_todo(canvas, layout, state, say)
    g = ET.SubElement(canvas.root, "g", {"class": "summary"})
    x = canvas.side_x
    y = MARGIN + 4
    _text(g, x, y, caption, 15, bold=True, anchor="start")
    for line in lines:
        y += 24
        t = _text(g, x, y, "", 14, anchor="start")
        t.set("class", "summary-line")
        if line.startswith("@"):  # a player line: a colour swatch first
            player, rest = line[1:].split(": ", 1)
            ET.SubElement(g, "circle", {"cx": _n(x + 7), "cy": _n(y - 5), "r": "7", "fill": _colour(player),
                                        "stroke": INK, "stroke-width": "1"})
            t.set("x", _n(x + 20))
            t.text = say(player) + ": " + say(rest)
        else:
            t.text = say(line) if line.strip() else line
            if line.startswith("Winner") or line.startswith("Draw"):
                t.set("font-weight", "bold")
    return canvas.text()


TODO_COLOUR = "#c026d3"  # magenta, as the calm LEDs' "take off"


def _todo_points(canvas, layout):
    """Element name -> (x, y) where a to-do mark goes: a connection's middle
    (or bend point), an island's, a cell's or a site's centre."""
    at = {}
    for key in ("islands", "cells", "sites"):
        for e in layout.get(key) or ():
            if "x" in e and "y" in e:
                at[e["name"]] = canvas.xy(e)
    for c in layout.get("connections") or ():
        (x1, y1), (x2, y2) = at[c["a"]], at[c["b"]]
        mid = canvas.xy({"x": c["via"][0], "y": c["via"][1]}) if "via" in c else ((x1 + x2) / 2, (y1 + y2) / 2)
        at[connection_name(c["a"], c["b"])] = mid
    return at


TODO_WORDS = {"off": "to take off", "on": "to put on"}  # a ring's label in another language (say)


def _draw_todo(canvas, layout, state, say=str):
    """What the real board still lacks (the state's "todo"): a dashed magenta
    ring labelled "off" or "on" on each element, so a still picture shows it
    (in another language: TODO_WORDS said, as "off" alone is the menu's word)."""
    todo = state.get("todo") or {}
    if not todo.get("off") and not todo.get("on"):
        return
    at = _todo_points(canvas, layout)
    g = ET.SubElement(canvas.board, "g", {"class": "todo"})
    for word in ("off", "on"):
        for name in todo.get(word) or ():
            if name not in at:
                continue
            x, y = at[name]
            mark = ET.SubElement(g, "g", {"class": "todo-" + word, "data-name": name})
            ET.SubElement(mark, "circle", {"cx": _n(x), "cy": _n(y), "r": "24", "fill": "none",
                                           "stroke": TODO_COLOUR, "stroke-width": "3",
                                           "stroke-dasharray": "5 4" if word == "off" else "none"})
            _text(mark, x, y - 27, word if say is str else say(TODO_WORDS[word]), 12, bold=True,
                  colour=TODO_COLOUR)


def todo_lines(state):
    """The summary's to-do: "Take off: ..." and "Put on: ...", three names a line."""
    todo = state.get("todo") or {}
    out = []
    for word, head in (("off", "Take off: "), ("on", "Put on: ")):
        names = todo.get(word) or []
        for k in range(0, len(names), 3):
            out.append((head if k == 0 else "    ") + ", ".join(names[k:k + 3]))
    return out


def summary_lines(game, state):
    """Plain lines: where the game stands, each player, each scoring, the result."""
    lines = []
    tally = "score" if "score" in state else "migis"
    players = list(state.get(tally) or ())
    if state["over"]:
        lines.append("Game over")
    else:
        final = hasattr(game, "scoring_result") and game.phase() == 2
        where = "Round %d%s, " % (state["round"], " (final turns)" if final else "") if "round" in state else ""
        lines.append("%s%s to play" % (where, state["active"]))
    for k in range(len(players)):
        p = players[k]
        if tally == "migis":
            lines.append("@%s: %d Migis" % (p, state["migis"][p]))
            continue
        extra = ""
        if hasattr(game, "sticks"):
            extra = " \u00b7 %s \u00b7 %s" % (_count(game.stones(k), "stone"), _count(game.sticks(k), "stick"))
        elif "largest" in state:
            extra = " \u00b7 largest group %d" % state["largest"][p]
        lines.append("@%s: %s%s" % (p, _count(state["score"][p], "point"), extra))
    cards = state.get("cards")
    if cards:  # Kahuna's digital deck: the table, then each hand (the log holds them all)
        lines.append("")
        top = " (top %s)" % cards["discard_top"] if cards["discard_top"] else ""
        lines.append("Cards: pile %d \u00b7 discard %d%s" % (cards["pile"], cards["discard"], top))
        lines.append("Face up: %s" % " ".join(c or "-" for c in cards["face_up"]))
        for p in players:
            hand = cards["hands"][p]
            held = " ".join(n for n in sorted(hand) for _ in range(hand[n]))
            lines.append("%s's hand: %s" % (p, held or "none"))
    if hasattr(game, "scoring_result"):
        lines.append("")
        for k, label, points in ((0, "1st scoring", 1), (1, "2nd scoring", 2), (2, "final scoring", None)):
            r = game.scoring_result(k)
            if r is None:
                lines.append("%s: not yet" % label)
            elif r < 0:
                lines.append("%s: nobody (equal stones)" % label)
            else:
                if points is None:
                    points = abs(game.stones(0) - game.stones(1))
                lines.append("%s: %s +%d" % (label, players[r], points))
    duel = state.get("duel")
    if duel:
        lines.append("")
        lines.append("%d duels; the last at %s:" % (state["duels"], duel["at"]))
        lines.append("%s, %s" % (", ".join("%s %s" % (p, duel[p]) for p in players), (
            "a draw" if duel["winner"] == "draw" else "%s won %d Migis" % (duel["winner"], duel["paid"]))))
    if state["winner"]:
        lines.append("")
        lines += _result_lines(game, state, players)
    todo = todo_lines(state)
    if todo:
        lines.append("")
        lines += todo
    return lines


def _result_lines(game, state, players):
    w = state["winner"]
    how = game.decided_by() if hasattr(game, "decided_by") else ""
    score = state.get("score") or {}
    totals = "-".join(str(score.get(p)) for p in players)
    if w == "draw":
        if hasattr(game, "sticks"):
            return ["Draw: points, final scoring and", "sticks on the board all tied"]
        return ["Draw"]
    head = "Winner: %s" % w
    if how == "points":
        return [head, "on points (%s)" % totals]
    if how == "final scoring":
        return [head, "points tied %s; tie-break:" % totals, "more points in the final scoring"]
    if how == "sticks on the board":
        return [head, "points and final scoring tied;", "tie-break: more sticks on the board"]
    if how == "early end":
        loser = [p for p in players if p != w][0]
        return [head, "early end: %s has no stick left" % loser]
    if how == "largest group":
        return [head, "points tied %s; tie-break:" % totals, "the largest group"]
    if state.get("ended_by") == "migis":
        return [head, "with all the Migis"]
    return [head]


# --- output ---------------------------------------------------------------------------
def write(svg_text, path):
    """Write an SVG, or a PNG when the name ends in .png (rendered by cairosvg)."""
    path = str(path)
    if path.lower().endswith(".png"):
        try:
            import cairosvg
        except (ImportError, OSError) as e:
            raise DrawError("PNG output needs cairosvg and the cairo library (Debian: apt-get install "
                            "libcairo2): %s; write .svg instead" % e)
    elif not path.lower().endswith(".svg"):
        raise DrawError("cannot tell the picture type of %s: name it .svg or .png" % path)
    try:
        if path.lower().endswith(".png"):
            cairosvg.svg2png(bytestring=svg_text.encode("utf-8"), write_to=path)
        else:
            with open(path, "w", encoding="utf-8") as f:
                f.write(svg_text)
    except OSError as e:
        raise DrawError("cannot write %s: %s (check the folder exists and you may write there)"
                        % (path, e.strerror or e)) from None


# --- the drawing surface and small helpers -------------------------------------------------
class _Canvas:
    """Scales layout units to WIDTH px, with a title, a footer and an optional side panel."""

    def __init__(self, layout, footer=0, side=0):
        xs = [e["x"] for e in _positioned(layout)]
        ys = [e["y"] for e in _positioned(layout)]
        w, h = layout.get("size") or [max(xs) + min(xs), max(ys) + min(ys)]
        self.scale = WIDTH / float(w)
        top = MARGIN + 24
        self.top = top
        board_h = h * self.scale
        self.footer_y = top + board_h + MARGIN / 2
        self.side_x = WIDTH + 2 * MARGIN
        width = WIDTH + 2 * MARGIN + side
        height = self.footer_y + footer * 24 + MARGIN / 2
        self.root = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "width": _n(width),
                                       "height": _n(height), "viewBox": "0 0 %s %s" % (_n(width), _n(height)),
                                       "font-family": FONT})
        ET.SubElement(self.root, "rect", {"width": "100%", "height": "100%", "fill": "#ffffff"})
        ET.SubElement(self.root, "rect", {"x": _n(MARGIN / 2), "y": _n(top - MARGIN / 2), "rx": "14",
                                          "width": _n(WIDTH + MARGIN), "height": _n(board_h + MARGIN),
                                          "fill": SEA})
        _text(self.root, MARGIN, MARGIN - 6, str(layout.get("title") or layout.get("name", "")), 18,
              bold=True, anchor="start").set("class", "title")
        self.board = ET.SubElement(self.root, "g", {"class": "board"})

    def xy(self, e):
        return MARGIN + e["x"] * self.scale, self.top + e["y"] * self.scale

    def text(self):
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(self.root, encoding="unicode") + "\n"


def _positioned(layout):
    out = []
    for key in sorted(layout):
        v = layout[key]
        if isinstance(v, list):
            out += [e for e in v if isinstance(e, dict) and "x" in e and "y" in e]
    return out


def _numbers(parent, x, y, led, button, boxed=False, size=11):
    """'LED · button' centred at x (either may be None); separate texts, as
    renderers differ on centred tspans."""
    if boxed:
        ET.SubElement(parent, "rect", {"x": _n(x - 21), "y": _n(y - 9), "width": "42", "height": "17",
                                       "rx": "8", "fill": "#ffffff", "stroke": INK, "stroke-width": "1"})
        y += 4
    g = ET.SubElement(parent, "g", {"class": "numbers", "font-size": str(size), "font-weight": "bold"})
    if led is not None and button is not None:
        _text(g, x - 3, y, str(led), size, anchor="end", colour=LED_COLOUR).set("class", "led")
        _text(g, x, y, "\u00b7", size, colour=INK)
        _text(g, x + 3, y, str(button), size, anchor="start", colour=BUTTON_COLOUR).set("class", "button")
    elif led is not None:
        _text(g, x, y, str(led), size, colour=LED_COLOUR).set("class", "led")
    elif button is not None:
        _text(g, x, y, str(button), size, colour=BUTTON_COLOUR).set("class", "button")


def _line(parent, points, colour, width, dash=None):
    a = {"points": " ".join("%s,%s" % (_n(x), _n(y)) for x, y in points), "fill": "none",
         "stroke": colour, "stroke-width": _n(width), "stroke-linecap": "round", "stroke-linejoin": "round"}
    if dash:
        a["stroke-dasharray"] = dash
    return ET.SubElement(parent, "polyline", a)


def _tspan(text_el, s, colour, bold=False):
    a = {"fill": colour}
    if bold:
        a["font-weight"] = "bold"
    t = ET.SubElement(text_el, "tspan", a)
    t.text = s
    return t


def _count(n, word):
    return "%d %s" % (n, word if n == 1 else word + "s")


def _colour(player):
    return PLAYER_COLOURS.get(player, "#999999")


def _dark(player):
    return player in ("black", "blue", "green", "wolf", "bison", "red")
