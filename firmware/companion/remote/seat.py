"""This board's seat in a remote game: between the App and the shared log (protocol.py).

The App asks it about every event: a rules event is this board's to make
only when its colour is to play ("by" is added and the line goes out); a
confirmation (took_off, put_on, tidy) changes only the image of this
table, outside the undo journal and the log, so both boards' logs and
journals hold the same events. An event from the other board is applied
with the table's image kept: what it changed is the to-do (the stick to
put on blinks, what comes off flashes) and the display says the move.

UNDO (docs/rules.md, "Remote play"): a player takes back their own events
while still to play; past the other player's turn only with the consent of
every other seat (consent.py).

Every game is played remotely; its seats are its players (seats_of), the
first one the host, who deals the header. A seat makes only its own events:
when nobody is to play (Duell's duels) an event names its player, who must
be the seat. Duell's masks stay secret until both are chosen (masks.py).
"""

import json

from ..app import Gate
from .. import locked
from ..core import log
from ..hal.buttons import age
from .deal import Deal, sha
from .games import join_problem, seats_of
from .consent import Consent, name as _name
from .presence import Presence
from .protocol import Sync
from ..text import wrap
from ..ui import CONFIRMS

ROWS = 4  # the display's rows under Kahuna's score table (App.message)


def _fitting(text):
    """The other board's move in the words that fit under the score, every word
    shown: its clauses from the first ("White put a stick on ELAI-JOJO; took
    ELAI, JOJO"), as many as fit; what comes off blinks on the board."""
    parts = text.replace("\u2013", "-").split("; ")  # (the page's en dash: the display has no glyph for it)
    out = parts[0]
    for part in parts[1:]:
        if len(wrap(out + "; " + part, rows=8)) > ROWS:
            break
        out += "; " + part
    return out


def _op(line):
    try:
        return json.loads(line)
    except ValueError:
        return {}


def join(app, code, seat, linked=False, seats=None):
    """Play remote game `code` on the App as seat (the game's first seat hosts and
    deals the header, the others join; None watches): the Seat on app.remote, or
    None. The game on flash goes on if it is this one; otherwise the host starts
    it and the others wait for its header. linked: through a broker's link
    (link.py, the page), which must show first that no other board has this
    seat. seats: the settings' list of seats (Kanaloa's colours). A seat that
    is not the game's says so and returns None; the board plays on at its own
    table."""
    why = join_problem(app.game_name, seat, seats)
    seats = seats_of(app.game_name, seats)[0]
    if why:
        why += " (docs/remote.md)"
        app.say(why)
        print("remote:", why)
        app.changed()
        return None
    header = app.store.read() if app.game is not None else None
    if not (header and log.parse_line(header[0], 1).get("remote") == code):
        app.leave_game()  # the host deals (Seat); the others wait for its header
    app.menu_open = False
    app.checking = -1
    app.gate = Seat(app, code, seat, linked, seats)
    if app.gate.masks:
        app.gate.masks.reveal()  # (a mask sealed before a power cut)
    app.changed()
    return app.gate


class Seat(Consent, Gate, Deal):  # (Consent first: its undo and turn are the Gate's)
    """A board's seat in a remote game (white, black or None: a spectator): the
    App's gate (app/__init__.py), the shared log's host (protocol.Sync) and, with
    no game yet, a party to the deal (deal.py)."""

    def __init__(self, app, code, seat, linked=False, seats=("white", "black")):
        self.app = app
        self.code = code
        self.seat = seat
        self.seats = seats
        self.host = seats[0]
        lines = app.store.read() or [] if app.game is not None else []
        self.authors = []  # who made each event in effect (an undo pops one)
        for line in lines[1:]:
            self._track(_op(line))
        self.sync = Sync(code, seat, lines, self, seats)
        if app.ui is not None:
            self.own(app.ui)
        self.asked = -1  # another board asked to undo at this log length
        self.asker = None  # the seat that asked
        self.allowed = []  # the seats that allowed it (more than two seats)
        self.consented = False  # this board's player allowed it, and makes the undo event
        self.away = ""  # e.g. "Black offline - waiting"
        # who holds this seat (a link must show it is this board: presence.py)
        self.presence = Presence(self.sync, not linked, app.seed())
        self.nonces = {}  # the other seats' parts of the seed, for the host's deal
        # The deal (docs/rules.md): the host commits to its part (a hash), the others
        # then show theirs, the host deals the header with all parts; the others check it.
        self.part = self.commit = None
        self.masks = None  # Duell's sealed masks (masks.py: loaded for Duell only)
        if app.game_name == "duell":
            from .masks import Masks

            self.masks = Masks(self)
        if app.game is None and seat is not None:
            self._part()
            if seat == self.host:
                self.sync.extra = {"commit": sha(self.part)}
                self._deal_now()

    @property
    def sure(self):
        """No other board or page holds this seat (presence.py): this one may speak and move."""
        return self.presence.sure

    @property
    def waiting(self):
        """A line under the game while the other seat or the broker is away."""
        p = self.presence
        if p.taken:
            return "%s: in use elsewhere" % _name(self.seat)
        if not p.linked:
            return "no broker - retrying"
        return self.away if p.sure else "joining the game"

    def online(self, linked, now=0):
        """The link came up or went down at now (ms); returns how long to wait
        before the next try, at least (ms): a long one while the seat is held elsewhere."""
        wait = 0
        if linked:
            self.presence.up(now)
        else:
            wait = self.presence.down(now)
        self.app.changed()
        return wait

    def steady(self, now):
        """Call while the link is up: once up long enough, the seat is this board's (presence.py)."""
        if self.presence.steady(now):
            self._deal_now()
            self.app.changed()
        if self.masks:
            self.masks.reveal()  # (a mask sealed before a power cut, once sure)

    def _unsure(self):
        if self.presence.taken:
            return "%s is open on another board or page: close it there; this one tries again every %d s" % (
                _name(self.seat), self.presence.hold_s())
        return "joining the game: moves in a moment"

    def own(self, ui):
        """This board's player: a hand of cards and variant 1's free stick are shown
        only on their own player's board (none to a spectator)."""
        players = self.app.game.players
        ui.mine = players.index(self.seat) if self.seat in players else -2

    # --- the App asks ---------------------------------------------------------------
    def active(self):
        g = self.app.game
        a = g.active() if g.players else None  # (None: nobody, as while Duell's masks are chosen)
        return None if a is None else g.players[a]

    def check(self, event):
        """None if this board may make the event now, else why not."""
        if event.get("op") in CONFIRMS:
            return None
        if not self.sure:
            return self._unsure()
        if self.sync.behind():  # (a move now could not follow the other board's lines)
            return "catching up with the other board: a moment"
        if self.app.game.over() and event.get("op") != "undo":
            return "the game is over: a new game code starts the next (docs/remote.md)"
        who = self.active()
        if who is not None and who != self.seat:
            return "%s's move: it comes from %s" % (_name(who), self._board(who))
        player = event.get("player")  # (Duell: nobody is to play while the masks are chosen)
        if who is None and player is not None and player != self.seat:
            return "%s's mask comes from %s" % (_name(player), self._board(player))
        why = self.masks.check(event) if self.masks else None
        if why:
            return why
        if self.asked == self.sync.n:
            self.asked = -1
            self.sync.refuse_undo(self.sync.n)  # playing on refuses the other's undo request
        return None

    def _board(self, seat):
        return "the other board" if len(self.seats) == 2 else "%s's board" % _name(seat)

    def accept(self, game, event):
        """A confirmation stays at this table (only the image changes: it is not
        in the shared log); a rules event goes to the other board as its line."""
        if event["op"] in CONFIRMS:
            self.confirm(event)
            return None
        if self.masks and self.masks.sealing(event):
            return None
        locked(game.apply, event)
        return self.logged(event)

    def new_game(self):
        return "a remote game: a new game code starts the next (docs/remote.md)"

    def confirm(self, event):
        """The table now matches at one element (or all): only the image changes."""
        g = self.app.game
        at = g.real_at
        g.apply(event)  # checked and done as usual, then taken out of the journal
        image = bytes(g.s[at:at + g.nreal])
        g.take_back()
        g.s[at:at + g.nreal] = image

    def logged(self, event):
        """A rules event this board made: its line, sent to the other board."""
        event["by"] = self.seat
        self._track(event)
        line = log.dump(event)
        self.sync.local(line)
        return line

    def _track(self, event):
        if event.get("op") == "undo":
            if self.authors:
                self.authors.pop()
        elif event.get("op") not in CONFIRMS:
            self.authors.append(event.get("by"))

    # --- the shared log asks (remote.Sync's host) -------------------------------------
    def apply(self, line):
        """An event (or the header) from the other board; None, or why it is refused."""
        app = self.app
        try:
            event = log.parse_line(line, self.sync.n + 1)
        except log.LogError as e:
            return e.reason
        if self.sync.n == 0:
            why = self.fair(event) or self._begin(line.decode(), event)
            if why is None:
                self.sync.extra = {}  # (black's part is in the header now: no more to say)
            return why
        if "op" not in event:
            return 'an event needs an "op"'
        if event["op"] in CONFIRMS:
            return "a confirmation is the other table's own business"
        who = self.active()
        if who is not None and event.get("by") != who:
            return "made by %r but %s is to play" % (event.get("by"), _name(who))
        if who is None and event.get("player", event.get("by")) != event.get("by"):
            return "made by %r for %r: a seat makes only its own" % (event.get("by"), event.get("player"))
        why = self.masks.verify(event) if self.masks else None
        if why:
            return why
        why = app.apply_foreign(line.decode(), event)
        if why is not None:
            return why
        self._track(event)
        said = app.ui.last_text()
        app.say(_fitting(said) if said is not None and event["op"] != "undo"
                else "%s: %s" % (_name(event.get("by")), event["op"].replace("_", " ")), news=True)
        app.changed()
        return None

    def _begin(self, text, header):
        """The host's header arrived: its game starts here (None), or why not."""
        if header.get("remote") != self.code:
            return "header of another game (remote %r)" % header.get("remote")
        if "players" in header and header["players"] != list(self.seats):
            return "the host's game has the players %s, this board the seats %s" % (
                ", ".join(header["players"]), ", ".join(self.seats))
        return self.app.begin_with(text, header)

    def cut(self, n):
        self.app.restart_from(n)
        self.authors = []
        for line in self.sync.lines[1:n]:
            self._track(_op(line))

    def note(self, text):
        self.app.say(text)
        self.app.changed()

    def request(self, msg):
        """A message for the board: a peer's state, an undo request or refusal."""
        if msg["t"] == "state" and msg["from"] == self.seat:  # another board with our settings, or our own echo
            self.app.changed()
            self.presence.heard(msg)  # (raises presence.GaveWay: the link lets go)
            return
        if msg["t"] == "state":
            self._away()
            self._deal(msg)
            if self.masks:
                self.masks.sealed(msg)
        else:
            self.consent(msg)
        self.app.changed()

    def _away(self):
        """Who is away, said under the game: "Black offline - waiting"."""
        peers = self.sync.peers
        away = [_name(s) for s in self.seats if s in peers and s != self.seat and not peers[s][0]]
        self.away = " and ".join(away) + " offline - waiting" if away else ""

    def receive(self, payload, topic=None):
        """One payload from the broker, and its topic (the link calls this)."""
        msg = self.sync.receive(payload, topic)
        if msg is not None:
            self.request(msg)
        if self.masks:
            self.masks.reveal()
