"""The page `companion review` writes (and the simulator's "Review this game").

Made to be read on a phone: first the few moves that decided the game, each
drawn beside the better move the device found; then a graph of the
evaluation over the whole game (white above the line, black below), the
decisive moves marked on it; then every move in a list, where a tap draws
the board after that move. Only the decisive moves carry full drawings
(`companion replay`'s); every other board is a few characters of state
(review.py `_state`) that the page's small script paints onto one shared
drawing of the board, so a game of any length stays a small page.
"""

import html
import json

from .draw.board import INK, LAND, SEA, _colour

PLAYER_COLOURS = (_colour("white"), _colour("black"))
GRAPH_W, GRAPH_H = 600, 160

STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;max-width:980px;padding:8px;line-height:1.35}
h1{font-size:1.3em}h2{font-size:1.1em;margin-top:1.2em}
.pair{display:flex;flex-wrap:wrap;gap:8px}.pair figure{margin:0;flex:1 1 300px;min-width:0}
.pair svg,#board svg,.graph svg{width:100%;height:auto}
.decisive{border:1px solid #ccc;border-radius:8px;padding:8px;margin:10px 0}
.blunder{background:#fdd}.doubtful{background:#ffd}
ol.moves{padding-left:0;list-style:none}ol.moves li{padding:4px 6px;border-bottom:1px solid #eee;cursor:pointer}
ol.moves li.on{outline:2px solid #1d4ed8}
#board{position:sticky;top:0;background:#fff;max-width:480px}
.note{color:#555;font-size:.9em}
"""

SCRIPT = """
var S=document.getElementById('states').textContent.trim().split(' ');
var NC=%(nconn)d,COL=['',%(white)s,%(black)s];
function show(k){
  var s=S[k],b=document.getElementById('board');
  for(var c=0;c<NC;c++){var l=b.querySelector('#c'+c),u=b.querySelector('#u'+c),o=+s[c];
    u.setAttribute('stroke',o?'%(ink)s':'none');u.setAttribute('stroke-width',11);
    l.setAttribute('stroke',o?COL[o]:'#7a8a90');l.setAttribute('stroke-width',o?8:2);
    l.setAttribute('stroke-dasharray',o?'':'6 5');}
  for(var x=0;NC+x<s.length;x++){var t=b.querySelector('#s'+x),o=+s[NC+x];
    t.setAttribute('fill',o?COL[o]:'none');t.setAttribute('stroke',o?'%(ink)s':'none');}
  document.querySelectorAll('ol.moves li').forEach(function(li){li.classList.toggle('on',+li.dataset.k===k)});
  document.getElementById('caption').textContent=document.querySelector('ol.moves li[data-k="'+k+'"]').textContent;
}
document.querySelectorAll('ol.moves li').forEach(function(li){li.onclick=function(){show(+li.dataset.k)}});
if(S.length)show(S.length-1);
"""


def board_template(layout):
    """One small drawing of the board: connection k is the line #ck, island x's
    stone the circle #sx; the script colours them for the move shown."""
    xs = [i["x"] for i in layout["islands"]]
    ys = [i["y"] for i in layout["islands"]]
    w, h = layout.get("size") or [max(xs) + min(xs), max(ys) + min(ys)]
    at = dict((i["name"], (i["x"], i["y"])) for i in layout["islands"])
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d"><rect width="100%%" height="100%%" '
           'rx="10" fill="%s"/>' % (w, h, SEA)]
    for k, c in enumerate(layout["connections"]):
        (x1, y1), (x2, y2) = at[c["a"]], at[c["b"]]
        mx, my = c["via"] if "via" in c else ((x1 + x2) / 2.0, (y1 + y2) / 2.0)
        pts = "%g,%g %g,%g %g,%g" % (x1, y1, mx, my, x2, y2)
        out.append('<polyline id="u%d" points="%s" fill="none" stroke-linecap="round"/>'
                   '<polyline id="c%d" points="%s" fill="none" stroke-linecap="round"/>' % (k, pts, k, pts))
    for x, i in enumerate(layout["islands"]):
        out.append('<circle cx="%g" cy="%g" r="16" fill="%s" stroke="%s"/><circle id="s%d" cx="%g" cy="%g" r="11"/>'
                   '<text x="%g" y="%g" font-size="8" text-anchor="middle">%s</text>'
                   % (i["x"], i["y"], LAND, INK, x, i["x"], i["y"], i["x"], i["y"] + 26, html.escape(i["name"])))
    out.append("</svg>")
    return "".join(out)


def graph(rows, say=str):
    """The evaluation after every move (white's view: above the middle line,
    white is ahead), the decisive moves marked; its words by say (review_words)."""
    if not rows:
        return ""
    top = max(1, max(abs(r["eval"]) for r in rows))
    n = max(1, len(rows) - 1)

    def xy(k, v):
        return 20 + (GRAPH_W - 30) * k / float(n), GRAPH_H / 2.0 - (GRAPH_H / 2.0 - 10) * v / float(top)

    pts = " ".join("%.1f,%.1f" % xy(k, r["eval"]) for k, r in enumerate(rows))
    e = html.escape
    out = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" role="img" aria-label="%s">'
           % (GRAPH_W, GRAPH_H, e(say("evaluation over the game"))),
           '<line x1="20" x2="%d" y1="%d" y2="%d" stroke="#999"/>' % (GRAPH_W - 10, GRAPH_H // 2, GRAPH_H // 2),
           '<text x="2" y="14" font-size="11">%s</text>' % e(say("white ahead")),
           '<text x="2" y="%d" font-size="11">%s</text>' % (GRAPH_H - 4, e(say("black ahead"))),
           '<polyline points="%s" fill="none" stroke="#1d4ed8" stroke-width="2"/>' % pts]
    for k, r in enumerate(rows):
        if r.get("svg"):
            x, y = xy(k, r["eval"])
            out.append('<circle cx="%.1f" cy="%.1f" r="5" fill="#dc2626"><title>%s</title></circle>'
                       % (x, y, e(say("move %d" % r["n"]))))
    out.append("</svg>")
    return "".join(out)


def move_words(row, say=str):
    """A row of the review in words (say: the language's, review_words)."""
    out = "%d. %s %s" % (row["n"], say(row["player"]), say(row["event"]))
    if row["rated"] and row["swing"]:
        out += " [%+d]" % row["swing"]
    if row["changes"]:
        out += " (%s)" % "; ".join(say(c) for c in row["changes"])
    if row["rated"] and row["loss"]:
        out += " - " + say("better: %s, %d better" % (row["best"], row["loss"]))
    return out


def page(log_name, header, rows, notes, layout, players, say=str, code="en"):
    """The page; its words by say, in the language `code` (review_words)."""
    e = html.escape
    out = ["<!DOCTYPE html>", "<html lang='%s'><head><meta charset='utf-8'>" % e(code),
           "<meta name='viewport' content='width=device-width, initial-scale=1'>",
           "<title>%s</title><style>%s</style></head><body>" % (e(say("Review: %s" % log_name)), STYLE),
           "<h1>%s</h1>" % e(say("Review of %s" % log_name))]
    rated = [r for r in rows if r["rated"]]
    for who in players:
        mine = [r for r in rated if r["player"] == who]
        out.append("<p><b>%s</b>: %s</p>" % (e(say(who)), e(say(
            "%d moves rated, %d blunders, %d doubtful, %d points given away in all." % (
                len(mine), sum(r["mark"] == "blunder" for r in mine), sum(r["mark"] == "doubtful" for r in mine),
                sum(r["loss"] for r in mine))))))
    decisive = sorted((r for r in rows if r.get("svg")), key=lambda r: (-r["weight"], r["n"]))
    out.append("<h2>%s</h2>" % e(say("The moves that decided the game")))
    if not decisive:
        out.append("<p>%s</p>" % e(say("No move gave anything away by the device's judgement.")))
    for r in decisive:
        out.append("<section class='decisive %s'><p><b>%s</b></p><div class='pair'><figure>%s</figure>"
                   "<figure>%s</figure></div></section>" % (
                       r["mark"], e(move_words(r, say)), _inline(r["svg"]), _inline(r["best_svg"])))
    out.append("<h2>%s</h2><div class='graph'>%s</div>" % (e(say("The game, move by move")), graph(rows, say)))
    out.append("<p class='note'>%s</p>" % e(say(
        "Tap a move to see the board after it. Swing: what the move changed in the mover's evaluation (an "
        "island won is 100); better: the best move found there and how much better it was. Blunder: 100 or "
        "more given away; doubtful: 40 or more.")))
    for n in notes:
        out.append("<p class='note'>%s</p>" % e(say(n)))
    out.append("<div id='board'>%s<p id='caption'></p></div><ol class='moves'>" % board_template(layout))
    for k, r in enumerate(rows):
        out.append("<li data-k='%d' class='%s'>%s</li>" % (k, r.get("mark") or "", e(move_words(r, say))))
    out.append("</ol><script type='text/plain' id='states'>%s</script>" % " ".join(r["state"] for r in rows))
    out.append("<script>%s</script></body></html>" % (SCRIPT % {
        "nconn": len(layout["connections"]), "white": json.dumps(PLAYER_COLOURS[0]),
        "black": json.dumps(PLAYER_COLOURS[1]), "ink": INK}))
    return "\n".join(out) + "\n"


def _inline(svg):
    """A drawing of `companion replay` inside the page: without its XML declaration."""
    return svg.split("?>", 1)[1] if svg.startswith("<?xml") else svg
