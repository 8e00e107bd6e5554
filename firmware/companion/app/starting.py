"""How a game starts on the App: resumed at boot from the log on flash (and
repaired if it is damaged), a new one from the menu's choices, or another
board's (the surface remote play uses: its header, its lines, a cut back to
a common line). A mixin of App (play.py), as the menu (menu.py) and saving
(saving.py) are."""

import gc

from ..core import Illegal, LayoutError
from ..core import log
from ..core.games import new_game
from ..text import wrap
from .saving import CHECKPOINTED

JOURNAL = 8  # undo journal chunks of 256 B kept in memory (about 250 events); older undos replay the log
KEEP_LAYOUT_HEAP = 224 * 1024  # a heap this big (a Pico: 233 KB) keeps the parsed layout (~5 KB) after boot


def _heap():
    """The heap's size (0 where it is not known, as under CPython)."""
    try:
        return gc.mem_free() + gc.mem_alloc()
    except AttributeError:
        return 0


class Starting:
    """The App's start of a game: boot(), new_game(), load_layout(); and another
    board's: begin_with(), apply_foreign(), restart_from(), leave_game()."""

    def load_layout(self, name):
        if name == self.layout_name and self.layout is not None:
            return self.layout
        if self._load_layout:
            return self._load_layout(name)
        raise LayoutError("this board has layout %r, not %r" % (self.layout_name, name))

    def own_layout(self, name):
        """The board's own layout: a saved game of another layout (or game) is not resumed."""
        if name != self.layout_name:
            raise LayoutError("layout %r is not this board's (%r): this is not a log for it"
                              % (name, self.layout_name))
        return self.layout

    # --- boot ------------------------------------------------------------------
    def boot(self, log_later=False):
        """Restore the game from the log on flash; with none, start a game with
        the menu's first choices at once (the players can start playing; MENU
        changes the options and starts another). log_later: that game's log is
        begun by the first flush (the device's run loop: after the first light),
        and the run loop calls keep_layout() after that light too.

        A damaged log never stops the board: the game resumes after its
        longest valid prefix, the whole original goes to the archive, and
        the display says so (docs/firmware.md, "When the log is damaged")."""
        store = self.store
        try:
            lines = store.read(False)
            if lines:
                _load_ui_early(lines)
            if lines or store.problem:
                check = store.load_check(lines) if lines and self.game_name in CHECKPOINTED else None
                game, n, error = log.resume(lines or (), self.own_layout, check, JOURNAL)
                if error is not None and not lines:
                    error = None  # no line to read: the store's problem says why
                if error is not None or store.problem:  # the original to the archive, go on with n lines
                    self._repair(game, n, error)
                if game:
                    self.start(game, self.layout)
                    if error is None and not store.problem:
                        self.ui.resumed(lines, n)  # what the UI shows after the last event
                    self.based = check[0] if game.restored else 0
                    self.checked = self.based  # a log replayed whole gets a checkpoint in quiet time
                    self._resume_clock()
            store.mend()  # a torn last line, a merge's leftover (after a repair: none left)
        except OSError as e:
            self.said = "flash error %s: saved game not read" % e
            self.message = wrap(self.words(self.said))
        if self.game is None:
            said, message = self.said, self.message  # a damaged log's word stays in view
            self.new_game(later=log_later)
            if self.game is None:
                self.menu_open = True
            elif message:
                self.said, self.message = said, message
        else:
            self._offer_check()
        self._say_set_aside()
        if not log_later:  # (the device: after its first light)
            self.keep_layout()
        self.changed()

    def _say_set_aside(self):
        """What boot found of the wrong kind and set aside (store.aside: e.g. a
        folder where a file belongs), a saved game a log at current.jsonl
        replaced (kept in the archive), and a settings file that is not the
        menu's, said after whatever else boot said: never a silent reset."""
        notes = [("%s (%s) set aside as %s" % (name, what, new)) if new else ("%s is %s" % (name, what))
                 for name, what, new in self.store.aside]
        if self.store.adopted:  # a log put at current.jsonl replaced the saved game (a shorter one, say)
            notes.append("resumed current.jsonl; the game before it kept as %s" % self.store.adopted)
        if self.settings.damaged:
            notes.append("settings.json unreadable: the defaults")
        if notes:
            self.said = "; ".join(([self.said] if self.said else []) + notes)
            self.message = wrap(self.words(self.said))

    def keep_layout(self):
        """Keep the parsed layout only on a heap of KEEP_LAYOUT_HEAP or more;
        elsewhere new_game reads it again (about 40 ms on a Pico). Measuring
        the heap scans it: 20 ms on a Pico."""
        if self._load_layout is not None and _heap() < KEEP_LAYOUT_HEAP:
            self.layout = None

    def _repair(self, game, n, error):
        store = self.store
        problem = str(error) if error is not None else store.problem
        print("companion: saved game damaged:", problem)
        if game is None:
            n = 0
            said = ("saved game not for this board" if "a log for it" in problem  # another game's or layout's
                    else "unreadable saved game")
        elif error is not None:
            said = "line %d damaged: resumed before it" % (n + 1)
        else:
            said = "%s: resumed after line %d" % (problem, n)
        kept = store.repair(n, "The board found: %s. It %s. The files here are the log as it was on flash." % (
            problem, "went on with lines 1 to %d" % n if game else "started a new game"))
        whole = "%s. Whole log: %s" % (said, kept)
        if game and len(wrap(whole, rows=9)) > len(wrap(whole)):  # the archive's name would be cut
            said = "saved game damaged: resumed after line %d" % n  # (the why: console, note file)
        self.said = ("%s. Whole log: %s" % (said, kept) if game
                     else "%s, kept as %s: new game" % (said, kept) if "a log for it" in problem
                     else "%s kept as %s: start a new one" % (said, kept))
        self.message = wrap(self.words(self.said))

    def new_game(self, remote=None, seed=None, deal=None, later=None, players=None):
        """Start a game with the menu's choices. later (default: stepwise, the
        device): its log is begun by flush() after the light, a step a call.
        players: the players instead of the menu's (a remote game's seats)."""
        why = self.gate.new_game() if remote is None else None  # (remote: the Seat's own deal)
        if why:
            self.say(why)
            return
        h = self.header()
        if remote is not None:
            h["remote"] = remote
        if seed is not None:
            h["seed"] = seed
            h["deal"] = deal
        if players is not None:
            h["players"] = players
        try:
            layout = self.load_layout(self.layout_name)
            # the board of the game on it, if it was made from this very layout (one kept parsed)
            board = self.game.board if self.game is not None and layout is self.layout else None
            game = new_game(h, layout, board)
            self.flush()  # the old game's last events go into its log before it is archived
            del self.pending[:]
            self.header_due = None  # a game started but not yet logged: replaced
            if self.stepwise if later is None else later:
                self.header_due = h  # its log is begun by flush(), after the light
            else:
                self.store.begin(h)
        except (Illegal, LayoutError, OSError, ValueError) as e:
            self.say("cannot start: %s" % e)
            return
        self.start(game, layout)
        self.checked = self.based = 0
        self.menu_open = False

    @property
    def remote(self):
        """The Seat of a remote game, or None at a board's own table."""
        return self.gate if self.gate.code is not None else None

    def leave_game(self):
        """Put the game on flash aside in memory (it stays on flash): the board
        waits for another board's header (begin_with)."""
        self.flush()
        del self.pending[:]
        self.game = self.ui = self.ticker = None

    def begin_with(self, text, header):
        """Start the game whose header line another board sent (text, parsed
        as header) and log that line: None, or why it cannot start."""
        try:
            layout = self.load_layout(header.get("layout", self.layout_name))
            game = new_game(header, layout)
            self.store.begin(text)
        except (Illegal, LayoutError, OSError, ValueError) as e:
            return "cannot start the host's game: %s" % e
        self.start(game, layout)
        self.checked = self.based = 0
        self.changed()
        return None

    def apply_foreign(self, text, event):
        """Another board's event (its log line text, parsed): applied to the
        game and logged, but this table has not moved yet, so the real board's
        image stays and the move is its to-do. None, or why the rules refuse
        it; the caller says it and calls changed()."""
        g = self.game
        ui = self.ui
        at = g.real_at
        image = bytes(g.s[at:at + g.nreal])
        ui.note_before()  # the move's words compare before and after
        try:
            g.apply(event)
        except Illegal as e:
            return str(e)
        except log.MALFORMED:
            return "a value has the wrong type or is out of range"
        g.s[at:at + g.nreal] = image
        self.pending.append(text)
        ui.accepted(event)
        self.tone = self._tone(event)
        return None

    def restart_from(self, n):
        """Keep the first n lines of the log and play on from there (a
        divergence healed from the other board's log)."""
        self.flush()
        del self.pending[:]
        self.store.truncate(n)
        try:
            game = log.replay(self.store.read() or [], self.load_layout)
            self.start(game, self.load_layout(self.layout_name))
        except (OSError, log.LogError, LayoutError):
            self.game = self.ui = self.ticker = None  # the header again from the host
        self.checked = self.based = 0
        self.changed()


def _load_ui_early(lines):
    """Kahuna with the digital deck (and solo, the device opponent): its UI's
    modules loaded now, on a heap still whole, not after the replay and a
    repair have cut it into pieces: loading a module needs blocks of a KB
    and more in one piece (on the native port the deck's UI failed to load
    at 240 KB after a damaged log's repair; tests/test_save_dir_fuzz.py)."""
    for text in lines:  # the header: a look at its first bytes is enough (a wrong guess costs nothing)
        head = bytes(text[:512]) if isinstance(text, bytes) else text[:512].encode()
        if b'"digital"' in head:
            from ..core import kahuna_cards  # noqa: F401 - kept in sys.modules
            from ..ui import kahuna_cards as ui  # noqa: F401
            if b'"device"' in head:
                from ..core import kahuna_ai  # noqa: F401
        return

