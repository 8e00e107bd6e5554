"""The whole game in words, from its log: one sentence per logged event, the
scorings as they happened and the end (who won, and how the points came
about). For the simulator page (host_tools/sim/page/glue.py): the board
itself never imports this, so it costs the device no RAM.

The sentences name what the log says and who did it, never a hidden thing
(a Duell stone's value, a mask, a Kahuna card drawn from the pile)."""

from ..core import log
from . import title

# the display's short words, spelt out for a screen reader
SHORT = {"stn": "stones", "stk": "sticks", "pts": "points", "br": "bridges", "mk": "markers",
         "Rnd": "round", "Grp": "group", "Dev": "the device:", "Isl": "island"}

CONFIRMED = {"took_off": "%s: taken off the real board", "put_on": "%s: put on the real board"}


def readable(text):
    """The display's text with its short words spelt out, line by line."""
    out = []
    for line in text.split("\n"):
        out.append(" ".join(SHORT.get(w, w) for w in line.split()))
    return ". ".join(l for l in out if l)


def who(game, event):
    """The player an event is by: its "player", else the one to play before it."""
    p = event.get("player")
    if isinstance(p, str):
        return p[:1].upper() + p[1:]
    try:
        a = game.active()
    except (AttributeError, IndexError):
        return ""
    if a is None or not game.players or a >= len(game.players):
        return ""
    name = game.players[a]
    return name[:1].upper() + name[1:]


def event_words(game, event, by):
    """One logged event in words (game: before the event; by: who did it)."""
    op = event.get("op")
    at = event.get("at", "")
    if op in CONFIRMED:
        return CONFIRMED[op] % at
    if op == "tidy":
        return "TURN: the real board is as lit"
    if op == "undo":
        return "The last move was taken back (UNDO)"
    if op == "time_up":
        return "The time ran out"
    if op == "place":
        text = "%s put a %s on %s" % (by, game.piece(game.element_index(at), True), at)
        if event.get("god"):
            text += " with the god %s" % event["god"]
        if event.get("card"):
            text += ", paid with the card %s" % event["card"]
        return text
    if op == "remove":
        text = "%s took %s off" % (by, at)
        if event.get("cards"):
            text += ", paid with %s" % " and ".join(event["cards"])
        return text
    if op == "exchange":
        return "%s exchanged the bridge on %s" % (by, at)
    if op == "choose":
        return "%s chose %s" % (by, at)
    if op == "use":
        return "%s used the god %s" % (by, event.get("god"))
    if op == "set":
        return "%s set a stone on %s" % (by, at)
    if op == "move":
        return "%s moved %s from %s to %s" % (by, "a stone" if "player" in event else "a tower",
                                               event.get("from"), event.get("to"))
    if op == "swap":
        return "%s swapped the stones on %s and %s" % (by, event.get("a"), event.get("b"))
    if op == "put":
        return "%s put a stone on %s" % (by, at)  # face down: its value is the player's secret
    if op == "mask":
        return "%s chose a mask" % by
    if op == "draw":
        if event.get("card"):
            return "%s drew the face-up %s card" % (by, event["card"])
        return "%s drew a card from the pile" % by
    if op == "discard":
        return "%s gave back a %s card" % (by, event.get("card"))
    if op == "end_turn":
        return "%s ended the turn" % by
    if op == "end_round":
        return "%s ended the round (a scoring)" % by
    if op == "pass":
        return "%s passed" % by
    return "%s: %s" % (by, op)


def at_of(event):
    return (event.get("at"), event.get("from"), event.get("to"), event.get("a"), event.get("b"))


def _changes(game, was, named):
    """What else the event changed on the board: pieces won, pieces that come off."""
    won = []
    off = []
    for e in range(len(was)):
        name = game.element_name(e)
        if name in named or game.s[e] == was[e]:
            continue
        (won if game.s[e] else off).append(name)
    text = ""
    if won:
        text += "; %s taken" % ", ".join(won)
    if off:
        text += "; %s come%s off" % (", ".join(off), "" if len(off) > 1 else "s")
    return text


def header_words(header):
    text = "New game: " + title(header.get("game", ""))
    if header.get("players"):
        text += ", " + ", ".join(header["players"])
    if header.get("first"):
        text += ", %s first" % header["first"]
    if header.get("device"):
        text += ", %s played by the device" % header["device"]
    if header.get("variants"):
        text += ", variants " + ", ".join(str(v) for v in header["variants"])
    return text


def _score_text(game, scores):
    return ", ".join("%s %d" % (game.players[p][:1].upper() + game.players[p][1:], scores[p])
                     for p in range(len(scores)))


def history(lines, load_layout):
    """The log (lines of text) in words: {"moves": a sentence per line (the
    header's first), "scorings": each change of the points, "result": the
    end in words ([] while playing)}."""
    moves = []
    scorings = []
    game = None
    for i in range(len(lines)):
        text = lines[i]
        if not text.strip():
            continue
        if game is None:
            header, game = log.start(text, load_layout, i + 1)
            moves.append(header_words(header))
            before = game.scores()
            continue
        event = log.parse_line(text, i + 1)
        by = who(game, event)
        try:
            words = event_words(game, event, by)
        except (ValueError, KeyError, IndexError, TypeError, AttributeError):
            words = "%s: %s" % (by, event.get("op"))
        n = game.elements() if game.nreal and event.get("op") not in CONFIRMED else 0
        was = bytes(game.s[:n])
        log.apply_line(game, text, i + 1)
        if n and event.get("op") != "undo":
            words += _changes(game, was, at_of(event))
        now = game.scores()
        if now != before and event.get("op") != "undo":
            scorings.append("Points after move %d: %s" % (i, _score_text(game, now)))
            words += " (%s)" % _score_text(game, now)
        before = now
        moves.append(words)
    return {"moves": moves, "scorings": scorings, "result": result(game) if game is not None else []}


def result(game):
    """The end in words: who won and why, each player's points, how they came."""
    if not game.over():
        return []
    w = game.winner()
    n = len(game.players)
    name = lambda p: game.players[p][:1].upper() + game.players[p][1:]
    out = ["A draw" if w is None or w >= n else name(w) + " wins"]
    how = game.decided_by()
    if how:
        out[0] += " (decided by %s)" % how
    if game.END == "scorings":  # Kahuna: three scorings
        for k in range(3):
            r = game.scoring_result(k)
            if r is not None:
                out.append("Scoring %d: %s" % (k + 1, "nobody" if r < 0 else name(r)))
    if game.END == "groups":  # Rukuni: each group's size times the towers next to it
        game.tally()
        out.append("Points: White %d, Black %d" % (game.points[0], game.points[1]))
        for g in groups(game):
            out.append("%s group of %d at %s: %d tower%s, %d points" % (
                name(g[0]), g[1], g[3], g[2], "" if g[2] == 1 else "s", g[1] * g[2]))
    else:
        out.append("Points: " + _score_text(game, game.scores()))
    return out


def groups(game):
    """Rukuni's stone groups: (player, size, towers next to it, a cell's name, its index), best first."""
    out = []
    s = game.s
    for c in range(game.ncell):
        if (s[c] == 1 or s[c] == 2) and game.root(c) == c:
            out.append((s[c] - 1, game.size(c), game.towers_next_to(c), game.board.names[c], c))
    out.sort(key=lambda g: (-g[1] * g[2], -g[1], g[4]))  # MicroPython's sort is not stable: no ties
    return out
