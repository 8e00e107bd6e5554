"""Rukuni on the device: one button and one LED per cell, with move hints.

A turn by presses: a tower (its legal destinations pulse), then one of
them (the tower moves; the cells where the stone may go pulse in the
player's colour), then one of those. The core keeps an image of what
stands on the real board (core/game.py); after an undo, cells that differ
blink (put on) or flash fast (take off) until pressed (took_off / put_on)
or TURN (tidy: all done).
When the game is over, TURN (or any cell) shows the groups one by one.
"""

from ..core.rukuni import TOWER, MOVE, SET
from ..hal.frame import Frame, PLAYER, YELLOW, DIM, BLINK, FAST, PULSE
from . import GameUI, controls, todo_event, todo_lines, piece_text

SEEDED = False  # the app puts a seed in a header only when an option asks for one
OPTIONS = (
    ("First", (("lot", {"first": "lot"}), ("white", {"first": "white"}),
               ("black", {"first": "black"}))),
)

NAME = ("White", "Black")
CHUNK = 8  # cells the LED repaint compares at once (a multiple of 4: the board image's slots)
PIECES = ("", "white stone", "black stone", "tower")


class UI(GameUI):
    def __init__(self, game, layout):
        self.game = game
        n = game.ncell
        self.led = bytearray(n)
        self.cell = {}  # button code -> cell
        for e in layout["cells"]:
            c = game.board.cell(e["name"])
            self.led[c] = e["led"]
            self.cell[e["button"]] = c
        self.turn = controls(layout).get("TURN")
        self.picked = -1  # the tower pressed, whose destinations are shown
        self.shown = 0  # game over: the group on show (0: the result)
        self.roots = bytearray(n)  # game over: each group's root cell, in board order
        self.ngroups = 0
        self.buf = bytearray(n)
        self.layer = None  # the pieces' frame (leds)
        self.old = None
        self.chunks = None
        self.full = True

    # --- the interface the app calls --------------------------------------
    def long_press(self, button):
        """No Rukuni press means something else when held: every press acts at once."""
        return None

    def press(self, button, long):
        g = self.game
        if g.over():
            self._next_group()
            return None
        if button == self.turn:
            self.picked = -1
            if g.todo_open():
                return {"op": "tidy"}  # TURN: the board is tidy
            return None
        c = self.cell.get(button)
        if c is None:
            return "button %d does nothing in Rukuni" % button
        done = todo_event(g, c)
        if done is not None:
            return done  # the players confirm this change is done
        names = g.board.names
        if g.phase() == SET:
            return {"op": "set", "at": names[c]}
        if g.cell(c) == TOWER:
            if c == self.picked:
                self.picked = -1
            elif not g.can_move(c):
                return "the tower on %s is stuck: no free cell next to it" % names[c]
            else:
                self.picked = c
            return None
        if self.picked < 0:
            return "press the tower to move first, then where it goes"
        return {"op": "move", "from": names[self.picked], "to": names[c]}

    def accepted(self, event):
        g = self.game
        self.picked = -1
        if g.over():
            self._find_groups()
        else:
            self.ngroups = 0
        self.shown = 0

    def leds(self, frame):
        g = self.game
        s = g.s
        led = self.led
        if self.layer is None:  # the pieces in LED order, kept between frames (_repaint)
            self.layer = Frame(frame.n)
            self.old = bytearray(len(s))  # the state the layer shows
            now = memoryview(s)
            was = memoryview(self.old)
            self.chunks = []  # per CHUNK cells: their state now and as painted, and their image slots
            for k in range(0, g.ncell, CHUNK):
                j = g.real_at + (k >> 2)
                self.chunks.append((now[k:k + CHUNK], was[k:k + CHUNK], now[j:j + CHUNK // 4], was[j:j + CHUNK // 4]))
        group = self.roots[self.shown - 1] if self.shown else -1
        self._repaint(group)
        frame.copy_from(self.layer)  # in C
        # Hints, except on cells where the real board still has to change.
        buf = self.buf
        if g.phase() == SET:
            frame.set(led[g.moved()], YELLOW, BLINK)
            colour = PLAYER + g.active()
            n = g.stone_cells(buf)
        elif self.picked >= 0 and g.phase() == MOVE:
            frame.set(led[self.picked], YELLOW, BLINK)
            colour = YELLOW
            n = g.destinations(self.picked, buf)
        else:
            n = 0
        for k in range(n):
            c = buf[k]
            if s[c] == g.real(c):  # nothing to do there on the real board
                frame.colour[led[c]] = colour
                frame.effect[led[c]] = PULSE

    def _repaint(self, group):
        """Paint the layer's cells whose piece or board image changed since
        it was last painted, CHUNK cells at a time (compared in C): a move
        touches two or three chunks, not the 61 cells."""
        g = self.game
        s = g.s
        old = self.old
        n = g.ncell
        led = self.led
        colour = self.layer.colour
        effect = self.layer.effect
        chunks = self.chunks
        full = self.full or group >= 0  # the first frame, and the groups shown after the game: all cells
        self.full = group >= 0
        for k in range(len(chunks)):
            cells, painted, image, imaged = chunks[k]
            if full or cells != painted or image != imaged:
                for c in range(k * CHUNK, min(k * CHUNK + CHUNK, n)):
                    now = s[c]
                    was = g.real(c)
                    effect[led[c]] = 0
                    if now != was:
                        colour[led[c]] = _colour(now or was)
                        effect[led[c]] = BLINK if now else FAST
                    elif now == TOWER:
                        colour[led[c]] = YELLOW
                    elif not now:
                        colour[led[c]] = 0
                    elif group < 0:
                        colour[led[c]] = PLAYER + now - 1
                    elif g.root(c) == group:
                        colour[led[c]] = PLAYER + now - 1
                        effect[led[c]] = PULSE
                    else:
                        colour[led[c]] = DIM
        old[:] = s

    def describe(self, button):
        """What the cell is and what stands there, for its accessible name."""
        c = self.cell.get(button)
        if c is None:
            return None
        g = self.game
        text = piece_text("cell " + g.board.names[c], g.s[c], g.real(c), PIECES)
        if c == self.picked:
            text += ", picked"
        elif self.picked >= 0 and not g.over():
            n = g.destinations(self.picked, self.buf)
            for k in range(n):
                if self.buf[k] == c:
                    text += ", the picked tower may move here"
                    break
        return text

    def turn_text(self):
        g = self.game
        if g.over():
            w = g.winner()
            return "Game over: " + ("a draw" if w == 2 else NAME[w] + " wins")
        return "%s to %s" % (NAME[g.active()], "set a stone" if g.phase() == SET else "move a tower")

    def turn_colour(self):
        return 0 if self.game.over() else PLAYER + self.game.active()

    def score_text(self):
        g = self.game
        g.tally()
        return "White %d – Black %d" % (g.points[0], g.points[1])

    def lines(self):
        g = self.game
        g.tally()
        out = [self._title(), "      pts stones"]
        for p in (0, 1):
            out.append("%-5s %4d %4d" % (NAME[p], g.points[p], g.left(p)))
        out.extend(self._notes())
        return out[:8]

    # --- the board check after a resume (app/board_check.py): row by row ------------------
    def _rows(self):
        rows = []
        for name in self.game.board.names:
            r = name.split(",")[1]
            if r not in rows:
                rows.append(r)
        return rows

    def check_steps(self):
        return len(self._rows())

    def check_leds(self, i):
        r = self._rows()[i]
        names = self.game.board.names
        return [self.led[c] for c in range(self.game.ncell) if names[c].split(",")[1] == r]

    def check_name(self, i):
        return "row " + self._rows()[i]

    # --- helpers -------------------------------------------------------------
    def _title(self):
        g = self.game
        if g.over():
            return "Game over"
        return "%s: %s" % (NAME[g.active()], "set stone" if g.phase() == SET else "move")

    def _notes(self):
        g = self.game
        names = g.board.names
        notes = todo_lines(g, 2, "press each/TURN")
        if g.over():
            if self.shown:
                p, size, towers = self._group(self.shown)
                notes.append("Grp %d/%d %s" % (self.shown, self.ngroups, NAME[p]))
                notes.append("%dx%d towers=%d" % (size, towers, size * towers))
            else:
                w = g.winner()
                notes.append("Draw" if w == 2 else NAME[w] + " wins")
                notes.append("by " + g.decided_by())
                notes.append("TURN: groups")
        elif g.phase() == SET:
            notes.append("stone next to")
            notes.append("tower on " + names[g.moved()])
        elif self.picked >= 0:
            notes.append("tower " + names[self.picked])
            notes.append("%d places to go" % g.destinations(self.picked, self.buf))
        else:
            notes.append("press a tower")
        return notes

    def _find_groups(self):
        g = self.game
        s = g.s
        n = 0
        for c in range(g.ncell):
            if (s[c] == 1 or s[c] == 2) and g.root(c) == c:
                self.roots[n] = c
                n += 1
        self.ngroups = n

    def _group(self, k):
        """(player, size, towers touching) of the k-th group (from 1)."""
        g = self.game
        r = self.roots[k - 1]
        return g.s[r] - 1, g.size(r), g.towers_next_to(r)

    def _next_group(self):
        if self.ngroups == 0:
            self._find_groups()
        self.shown = (self.shown + 1) % (self.ngroups + 1)


def _colour(code):
    return YELLOW if code == TOWER else PLAYER + code - 1
