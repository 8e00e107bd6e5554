"""`companion review GAME.jsonl`: a Kahuna game rated move by move by the
device opponent's judgement (companion/core/kahuna_ai.py), as an HTML page
with the board after every move (the drawings of `companion replay -o`).

Every stick put on or taken off is rated: the board it leaves is scored by
the planner's evaluation (stones, islands nearly won or lost, sticks) for
the player who moved, beside the best single move the player had there.
The loss is what the move gave away against that best move, in points of
the evaluation (a stone is 100); a loss of a stone or more is a blunder,
of 40 or more a doubtful move. With the digital deck the review knows each
hand (the log's deck), so the moves compared are those the player could pay
for, and each turn also shows the plan the device would have made. With
physical cards the log does not say which cards anybody held: the review
compares every stick the rules allow, as if the player could pay for any,
and says so; draws and give-backs are listed, not rated.
"""

import sys
from pathlib import Path

from companion.core import Illegal
from companion.core.kahuna import PLAYERS
from companion.core.kahuna_ai import STRONG, Planner
from companion.core.log import LogError, apply_line, parse_line, split, start

from .draw import board as draw
from .files import InputError
from .log_folder import read_log
from .paths import load_layout
from .progress import Progress
from .review_page import page
from .review_words import LANGS, speaker

BLUNDER = 100  # a stone
DOUBTFUL = 40
# Events a review rates at most: a Kahuna game has a few hundred; each takes about
# 2.5 ms and 10 KB of page (its board drawn), so 2,000 take about 5 s.
LIMIT = 2000
DECISIVE = 3  # the moves the page shows first, each drawn beside the better move


def register(sub):
    p = sub.add_parser("review", help="rate every move of a Kahuna game by the device AI; write an HTML page")
    p.add_argument("log", help="a Kahuna game log (JSON lines)")
    p.add_argument("-o", "--output", metavar="FILE", help="the HTML page (default: the log's name with .html)")
    p.add_argument("--lang", choices=LANGS, default="en",
                   help="the page's and the printed lines' language (default: en; de Deutsch, fr Français)")
    p.set_defaults(func=run)


# --- rating ------------------------------------------------------------------------
def _value(planner, g, p):
    return planner.board_value(p + 1)


def _moves(g):
    """The board moves the active player has here: (name, do) pairs; with the
    digital deck only those its hand pays for (the planner's pick of cards).
    What is legal is the core's legal_events."""
    b = g.board
    p = g.active()
    out = []
    deck = getattr(g, "deck", False)
    f = g.freed() if deck else -1
    legal = {}  # connection -> the ways to place on it or remove it: (op, cards)
    for e in g.legal_events():
        op = e["op"]
        if op == "place" or op == "remove":
            c = b.conn(e["at"])
            cards = e.get("cards") or e.get("card")
            if deck and op == "place" and cards is None and c != f:
                continue  # a handicap stick: the review rates the deck's paid moves
            legal.setdefault(c, []).append((op, cards))
    if f >= 0 and ("place", None) in legal.get(f, ()):
        out.append(("put on %s (free)" % b.conn_names[f], lambda c=f: g.place_free(c)))
    names = b.island_names
    for c in sorted(legal):
        ways = legal[c]
        op = ways[0][0]
        if not deck:
            if op == "place":
                out.append(("put on %s" % b.conn_names[c], lambda c=c: g.place(c)))
            else:
                out.append(("take off %s" % b.conn_names[c], lambda c=c: g.remove(c)))
            continue
        a, e = b.conn_a[c], b.conn_b[c]
        if op == "place":
            i = a if g.hand(p, a) >= g.hand(p, e) else e
            if (op, names[i]) in ways:
                out.append(("put on %s" % b.conn_names[c], lambda c=c, i=i: g.place_card(c, i)))
        else:
            pair = (a, e) if g.hand(p, a) and g.hand(p, e) else ((a, a) if g.hand(p, a) >= 2 else (e, e))
            if (op, [names[pair[0]], names[pair[1]]]) in ways:
                out.append(("take off %s" % b.conn_names[c], lambda c=c, pr=pair: g.remove_cards(c, pr[0], pr[1])))
    return out


def _best(planner, g):
    """(name, value, do) of the best board move here for the player to move, or (None, None, None)."""
    p = g.active()
    best, bv, bdo = None, None, None
    for name, do in _moves(g):
        try:
            do()
        except Illegal:
            continue
        v = _value(planner, g, p)
        g.take_back()
        if bv is None or v > bv:
            best, bv, bdo = name, v, do
    return best, bv, bdo


def _state(g):
    """The board in a few characters, for the page to draw: each connection's
    owner then each island's stone (0 none, 1 white, 2 black)."""
    return "".join(str(g.owner(c)) for c in range(g.nconn)) + "".join(str(g.stone(x)) for x in range(g.nisland))


class _Decisive:
    """The DECISIVE moves of most weight so far (the larger of what the move
    changed and what it gave away), with the boards drawn: after the move, and
    after the better move (or before the move, where it was the best found).
    Only these are drawn in full on the page."""

    def __init__(self):
        self.rows = []

    def wants(self, weight):
        return weight > 0 and (len(self.rows) < DECISIVE or weight > self.rows[-1]["weight"])

    def keep(self, row):
        self.rows.append(row)
        self.rows.sort(key=lambda r: (-r["weight"], r["n"]))
        for r in self.rows[DECISIVE:]:
            r.pop("svg", None)
            r.pop("best_svg", None)
        del self.rows[DECISIVE:]


def _changes(g, before):
    """The stones that changed hands with the last event, in words."""
    out = []
    names = g.board.island_names
    for x in range(g.nisland):
        was, now = before[x], g.stone(x)
        if was != now:
            if now:
                out.append("%s takes %s" % (PLAYERS[now - 1], names[x]))
            else:
                out.append("%s loses %s" % (PLAYERS[was - 1], names[x]))
    return out


def _plan_words(planner):
    return ", ".join(_step_words(planner.event(k)) for k in range(planner.n))


def _step_words(ev):
    """An event the game took, in words (a value the game ignores may be of any type)."""
    op = ev["op"]
    if op == "place":
        return "put on %s" % ev["at"] + (" (%s)" % ev["card"] if ev.get("card") else "")
    if op == "remove":
        cards = ev.get("cards")
        return "take off %s" % ev["at"] + (" (%s)" % "+".join(map(str, cards)) if isinstance(cards, list) and cards
                                           else "")
    if op == "discard":
        return "give back %s" % ev["card"]
    if op == "draw":
        return "draw %s" % ev.get("card", "from the pile")
    return str(op).replace("_", " ")


def review(lines, progress=None, say=str):
    """(layout, header, rows, notes): one row per event, with the board drawn after it
    (the decisive ones; their drawings' words by say, review_words; the rows' words are English).
    lines: str or bytes, as log.split gives them; a line the log's dialect
    refuses raises LogError with its number, as in `companion replay`, and so
    does a log of more than LIMIT events. progress: a Progress, told of each event."""
    texts = []  # (line number, bytes) of the lines with something on them
    for lineno, text in enumerate(lines, start=1):
        text = text.encode() if isinstance(text, str) else text
        if text.strip():  # (bytes: ASCII white space only, as the board and replay skip it)
            texts.append((lineno, text))
    if not texts:
        raise LogError(1, "the log is empty: it needs a header line")
    if len(texts) - 1 > LIMIT:
        raise LogError(texts[LIMIT + 1][0], "a review rates at most %d events (a Kahuna game has a few hundred) "
                       "and this log has %d: is it the right file? (`companion replay` reads a log of any length)"
                       % (LIMIT, len(texts) - 1))
    header, g = start(texts[0][1], load_layout, texts[0][0])
    if header.get("game") != "kahuna":
        raise LogError(1, "review rates Kahuna games (this log is %s)" % header.get("game"))
    layout = load_layout(header.get("layout", "kahuna"))
    deck = getattr(g, "deck", False)
    planner = Planner(g, STRONG)
    notes = []
    if deck:
        notes.append("Digital deck: the review knows both hands from the log's deck, so each move is compared "
                     "with the moves that player's cards could pay for; the device's plan for each turn is shown.")
    else:
        notes.append("Physical cards: the log does not say which cards anybody held, so each stick is compared "
                     "with every stick the rules allow there, as if the player could pay for any; "
                     "the review cannot tell whether the best move was affordable. Cards are not rated.")
    rows = []
    decisive = _Decisive()
    turn_start = True
    for n, (k, text) in enumerate(texts[1:], start=1):
        event = parse_line(text, k)
        op = event.get("op")
        p = g.active()
        row = {"n": n, "player": PLAYERS[p], "rated": False}
        if deck and turn_start and not g.over() and g.phase() != 0:
            planner.decide()
            row["plan"] = _plan_words(planner)
        best_svg = None
        if op in ("place", "remove") and not g.over():
            best, bv, bdo = _best(planner, g)
            before_v = _value(planner, g, p)
            stones = bytes(g.stone(x) for x in range(g.nisland))
            apply_line(g, text, k)
            v = _value(planner, g, p)
            row.update(rated=True, swing=v - before_v, best=best, loss=0 if bv is None else max(0, bv - v))
            row["mark"] = "blunder" if row["loss"] >= BLUNDER else ("doubtful" if row["loss"] >= DOUBTFUL else "")
            row["changes"] = _changes(g, stones)
            row["weight"] = max(row["loss"], abs(row["swing"]))  # what happened, or what was missed
            if decisive.wants(row["weight"]):  # back; the better move (or none) drawn; the move again
                g.take_back()
                if row["loss"]:
                    bdo()
                    best_svg = draw.game_svg(layout, g, say("better: %s" % best), say)
                    g.take_back()
                else:
                    best_svg = draw.game_svg(layout, g, say("before move %d" % n), say)
                apply_line(g, text, k)
        else:
            stones = bytes(g.stone(x) for x in range(g.nisland))
            apply_line(g, text, k)
            row["changes"] = _changes(g, stones)
        row["event"] = _step_words(event)  # (the game took it: its values are of the right types)
        turn_start = op in ("end_turn", "draw", "end_round") or g.active() != p
        row["state"] = _state(g)
        row["eval"] = planner.board_value(1) + 100 * (g.score(0) - g.score(1))  # white's view, for the graph
        if best_svg is not None:
            row["svg"] = draw.game_svg(layout, g, say("move %d: %s" % (row["n"], row["event"])), say)
            row["best_svg"] = best_svg
            decisive.keep(row)
        rows.append(row)
        if progress:
            progress.step(n)
    return layout, header, rows, notes


# --- the page ----------------------------------------------------------------------
def text_line(row, say=str):
    """A row as `companion review` prints it (say: the language's words, review_words)."""
    out = "%3d %-5s %s" % (row["n"], say(row["player"]), say(row["event"]))
    if row["changes"]:
        out += " [%s]" % "; ".join(say(c) for c in row["changes"])
    if row["rated"]:
        out += "  " + say("swing %+d" % row["swing"])
        if row["loss"]:
            out += ", " + say("best %s (%d better)" % (row["best"], row["loss"]))
        if row["mark"]:
            out += " " + say(row["mark"].upper())
    return out


def review_page(data, name, code="en"):
    """The review page of a log's bytes (the simulator's "Review this game"), in
    the language `code` (review_words.LANGS); LogError if the log's dialect
    refuses a line. A last line without its newline is taken: a page's log is whole."""
    data = data.replace(b"\r\n", b"\n")  # (a form's field comes with CRLF line ends)
    lines = split(data if data.endswith(b"\n") else data + b"\n")[0]
    say = speaker(code)
    layout, header, rows, notes = review(lines, say=say)
    return page(name, header, rows, notes, layout, PLAYERS, say, code)


def run(args):
    try:
        lines, tail = split(read_log(args.log))  # as `companion replay` splits them
        if tail.strip():
            print("%s: line %d has no newline at its end (a write cut short?): left out, as the board does"
                  % (args.log, len(lines) + 1), file=sys.stderr)
        progress = Progress("%s: reviewing" % args.log, max(0, len([t for t in lines if t.strip()]) - 1))
        say = speaker(args.lang)
        layout, header, rows, notes = review(lines, progress, say)
        progress.done()
    except InputError as e:
        print("companion review: %s" % e, file=sys.stderr)
        return 2
    except LogError as e:
        print("%s: %s" % (args.log, e), file=sys.stderr)
        return 2
    out = Path(args.output) if args.output else Path(args.log).with_suffix(".html")
    try:
        out.write_text(page(Path(args.log).name, header, rows, notes, layout, PLAYERS, say, args.lang))
    except OSError as e:
        print("companion review: cannot write %s: %s" % (out, e), file=sys.stderr)
        return 2
    for n in notes:
        print(say(n))
    for r in rows:
        print(text_line(r, say))
    print(say("review written to %s" % out))
    return 0
