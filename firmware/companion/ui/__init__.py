"""Per-game device UIs (see docs/firmware.md, "Adding a game to the device").

Modules are imported only when their game is started, to save RAM.
"""

NAMES = ("kahuna", "rukuni", "duell", "kanaloa")
TITLES = {"kahuna": "Kahuna", "rukuni": "Rukuni", "duell": "Duell der Schamanen", "kanaloa": "Kanaloa"}


def title(name, short=False):
    """A game's title by its file id ("duell": "Duell der Schamanen"; short: "Duell")."""
    t = TITLES.get(name, name)
    return t.split()[0] if short else t


def load(name):
    """The UI module of a game: it has OPTIONS and class UI."""
    if name == "kahuna":
        from . import kahuna

        return kahuna
    if name == "rukuni":
        from . import rukuni

        return rukuni
    if name == "duell":
        from . import duell

        return duell
    if name == "kanaloa":
        from . import kanaloa

        return kanaloa
    raise ValueError("no device UI for game %r (known: %s)" % (name, ", ".join(NAMES)))


def make(name, game, layout):
    """The UI of a game just started: Kahuna with the digital deck has its
    own (ui/kahuna_cards.py), every other game its module's UI."""
    if game.deck:
        from . import kahuna_cards

        return kahuna_cards.CardsUI(game, layout)
    return load(name).UI(game, layout)


def controls(layout):
    """Control buttons by name, e.g. {"TURN": 56, "UNDO": 57, "MENU": 58}."""
    out = {}
    for c in layout.get("controls", ()):
        out[c["name"]] = c["button"]
    return out


CONFIRMS = ("took_off", "put_on", "tidy")  # the ops that only say the board is done


def todo_event(game, e):
    """A press on element e while the real board lacks something there: the
    confirmation event (core/game.py), else None."""
    t = game.todo_at(e)
    if not t:
        return None
    return {"op": "put_on" if t & 2 else "took_off", "at": game.element_name(e)}


def todo_items(game):
    """What the real board still lacks, as display items: "Off stone LALE",
    "On HUNA-ELAI" (the piece's word left out where it would not fit)."""
    out = []
    if not game.todo_open():  # the common case, and the cheap test in every game
        return out
    for want in (1, 2):
        for e in range(game.elements()):
            if game.todo_at(e) & want:
                name = game.element_name(e)
                verb = "Off " if want == 1 else "On "
                text = verb + game.piece(e, want == 2) + " " + name
                out.append(text if len(text) <= 16 else verb + name)
    return out


def todo_words(game):
    """The to-do in words for the simulator page: "take the stick off ALOA-HUNA"."""
    out = []
    if not game.nreal or not game.todo_open():
        return out
    for want in (1, 2):
        for e in range(game.elements()):
            if game.todo_at(e) & want:
                piece = game.piece(e, want == 2)
                name = game.element_name(e)
                out.append(("take the %s off %s" if want == 1 else "put a %s on %s") % (piece, name))
    return out


def todo_lines(game, room, hint=""):
    """The to-do in at most `room` display lines: its items (the first ones,
    then "+N more"), and the hint if a line is left. Empty: nothing to do."""
    items = todo_items(game)
    if not items or room < 1:
        return []
    if len(items) > room and room == 1:
        return ["Board: %d to do" % len(items)]  # 16 columns at most
    if len(items) > room:
        more = len(items) - room + 1
        return items[:room - 1] + ["+%d more" % more]
    if hint and len(items) < room:
        items.append(hint)
    return items


class GameUI:
    """What the App asks of a game's UI: each game's UI subclasses this (the
    island games through IslandCheck). A UI gives __init__(game, layout),
    long_press(button) (a hint, "" or None: see App.down), press(button,
    long) (an event, a str saying why not, or None), accepted(event),
    leds(frame), lines() (the display), describe(button) and turn_text() /
    score_text() (the page's words). The rest has these defaults: a UI with
    no clock, no board check, no words for a move and no hand of cards."""

    tick = None  # a clock: tick(now_ms) -> an event or None, called about once a second
    won_now = False  # the last accepted event won a majority (the App's tone)
    mine = -1  # remote play: this board's player (-1: any, -2: a spectator's board)

    def resumed(self, lines, n):
        """The game was resumed from its log (n lines): what to show of its last event."""

    def resume(self, left_ms):
        """A clocked UI's time left at the last logged event, after a reboot."""

    def check_steps(self):
        """How many steps the board check after a resume has (0: none)."""
        return 0

    def note_before(self):
        """Another board's event comes: note the board before it (its words compare)."""

    def last_text(self):
        """The last move in words, or None."""
        return None

    def moves_text(self):
        """The last moves in words (the page's list), or None."""
        return None

    def turn_colour(self):
        """The colour of the player to move (the page's turn line), or None."""
        return None

    def device_text(self):
        """What the device opponent does (solo play), or None."""
        return None

    def cards_text(self):
        """The hands of cards the page shows, or None."""
        return None


class IslandCheck(GameUI):
    """The board check after a resume (app/board_check.py), island by island: the island
    and its connections. For the UIs of island games (self.game, self.led)."""

    def check_steps(self):
        return self.game.nisland

    def check_leds(self, i):
        g = self.game
        return [self.led[g.nconn + i]] + [self.led[c] for c in g.board.island_conns[i]]

    def check_name(self, i):
        return self.game.board.island_names[i]


def piece_text(name, now, was, words):
    """An element's accessible name: its name and what stands there; words[code]
    names a piece ("white stick"). Where the rules and the board differ: what to do."""
    if now != was and now:
        return "%s: put a %s on" % (name, words[now])
    if now != was:
        return "%s: %s, take off" % (name, words[was])
    return "%s: %s" % (name, words[now] if now else "empty")


def island_elements(game, layout):
    """For an island board: (LED of each element, {button: element}), the
    elements being connection k, then island nconn + i, as in the game state.
    The game's board was made from this layout, so its connection k and
    island i are the layout's k-th and i-th (core/board.py): no name is
    built and looked up (that took 8 ms of a Pico's boot and New game)."""
    conns = layout["connections"]
    islands = layout["islands"]
    if len(conns) != game.nconn or len(islands) != game.nisland:
        raise ValueError("the game's board was made from another layout")
    led = bytearray(game.nconn + game.nisland)
    element = {}
    k = 0
    for c in conns:
        led[k] = c["led"]
        element[c["button"]] = k
        k += 1
    for i in islands:
        led[k] = i["led"]
        element[i["button"]] = k
        k += 1
    return led, element
