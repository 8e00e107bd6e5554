"""The run loop: the only place with time.

`Loop.step(now_ms)` does one pass, in named phases: input (scan the
buttons, feed the events to the app), timers (expire a red flash, tick a
game clock), light (animate the LEDs, then sound the app's tone), persist
(the log on flash), network (remote play), then either the display (a page)
or one quiet-time job (flash work of an erase at most, the look, the heap's
collection) when a press is least likely to meet it; it never blocks, so the browser simulator calls it from a JavaScript timer, and
boot.run() on the device every SCAN_MS of time.ticks_ms. Boot (boot.py)
builds the Loop; a board that cannot start gets a Loop around `Halted`.
"""

import gc

from . import heap_lock, heap_unlock
from .hal.buttons import DOWN, LONG, age
from .hal.frame import Frame

SCAN_MS = 1  # device loop period: a settled press waits at most this (plus a step) for the loop
FLASH_MS = 700  # how long a refused press flashes red
TICK_MS = 1000  # how often a game UI's clock (UI.tick) is called
HURRY_MS = 40  # quiet-time work (App.idle, the heap) runs in this long after a release (a hand
# leaves its button), and after boot while nobody presses (the board has just lit)...
AWAY_MS = 5000  # ... or after this long without a press or a release (nobody at the board)
IDLE_MS = 1000  # the look is saved after this long without a press or a release
TIDY_PRESSES = 8  # the heap is collected just after a release once this many presses made garbage


class Loop:
    """One step: buttons, the app, then light first (and the tone of what the
    press did), then the log on flash, then at most one display page. LEDs
    are rendered only when the frame or an animation phase changed (and only
    what changed)."""

    sensors = None  # a sensing board's hal/sensors.Slots (boot); a class attribute: no board pays for it

    def __init__(self, app, buttons, leds, screen, buzzer=None, link=None):
        self.app = app
        self.buttons = buttons
        self.leds = leds
        self.screen = screen
        self.buzzer = buzzer  # hal/buzzer.py, or None: no buzzer fitted
        self.drawn = -1  # the app version the display was last updated to
        self.lit = -1  # the app version the LEDs last showed
        self.flash_at = 0
        self.ticker = None  # the clock last ticked; a new one (new game) ticks at once
        self.tick_at = 0
        self.press_at = None  # the last press or release, until App.idle() has done its work after it
        self.touched = 0  # the last press or release
        self.retried = -1  # the quiet second (its touched) in which unsaved events were last tried
        self.look_due = False  # the look is saved after App.idle()'s work, after a quiet IDLE_MS
        self.released_at = None  # the last release, if no press came after it
        self.hurry = False  # after boot: quiet-time work runs at once, until it is done or a press comes
        self.untidy = 0  # presses since the last collection
        self.look = None  # (LED pin, layout marks): the look is saved in quiet time (lit.py)
        self.looked = -1  # the app version last saved as the look
        self.saving = None  # the look's save under way (store/look.py, a step a quiet step), the app
        # version it shows and the last press or release then (else it is dropped)
        self.link = link  # link.Link in a remote game: the broker, stepped like the store

    def step(self, now, locked=False):
        """One pass, in named phases: input, timers, light (and the tone),
        persist (the log on flash), network, then one of: the display, or
        one quiet-time job. locked: the caller locked the heap, so that this
        step's frame went on the C stack (run()); it is unlocked at once."""
        if locked:
            heap_unlock()
        pressed = self._input(now)
        self._timers(now)
        wrote = self._light(now)
        later = pressed or bool(self.app.pending)  # the display's text waits for the next step
        beginning = self._persist(now)
        self._network(now)
        if beginning:
            return  # the display waits for a step without a new log's flash work (an erase each)
        if self._display(later) or wrote:
            return  # quiet-time flash work (an erase at most) waits for a step with nothing else
        self._quiet_job(now)

    # --- the phases (each small: its frame fits on the C stack) ------------------
    def _input(self, now):
        """The buttons scanned, their events fed to the app; True if a press
        was acted on (its words wait for the next step)."""
        app = self.app
        b = self.buttons
        heap_lock()  # (the callee unlocks: its frame too goes on the C stack)
        self._scan(now)
        pressed = False
        e = b.get()
        while e >= 0:
            if e & 3 == DOWN:
                pressed = True
                app.down(e >> 2)
                self.untidy += 1
                self.released_at = None
                self.hurry = False
            else:
                app.up(e >> 2, e & 3 == LONG)
                self.released_at = now
            self.press_at = now  # work to do in quiet time (App.idle: the log's raw blocks, a checkpoint)
            self.touched = now
            if app.flashing:
                self.flash_at = now
            e = b.get()
        if self.sensors is not None and self.sensors.feed(app.sensing, now):  # as a press: a hand just left
            pressed = True
            self.press_at = self.released_at = self.touched = now
            self.hurry = False
            if app.flashing:
                self.flash_at = now
        return pressed

    def _timers(self, now):
        """A refused press's red flash expires; a game clock ticks."""
        app = self.app
        if app.flashing and age(now, self.flash_at) >= FLASH_MS:
            app.expire_flash()
        if app.ticker is not None and (app.ticker is not self.ticker or age(now, self.tick_at) >= TICK_MS):
            self.ticker = app.ticker
            self.tick_at = now
            app.tick(now)

    def _light(self, now):
        """The LEDs (if the frame changed or an animation moves on), then the
        tone of what the press did; True if the LED strip was written."""
        app = self.app
        wrote = False
        if app.version != self.lit or self.leds.nanim:
            self.leds.wrote = False  # (set when the render is due and writes the strip)
            heap_lock()
            self._render(now)
            wrote = self.leds.wrote
        bz = self.buzzer
        if app.tone:  # after the light: the tone of what the press did
            if bz is not None and app.volume:
                bz.play(app.tone, app.volume, now)
            app.tone = 0
        if bz is not None:
            bz.tick(now)
        return wrote

    def _persist(self, now):
        """Light first, then the events shown go to the log on flash; a new
        game's log is begun a step at a time (not in its press's step). True
        while it is being begun."""
        app = self.app
        beginning = app.header_due is not None and not app.pending
        if app.pending or beginning and self.press_at != now:
            app.flush()
        return beginning

    def _network(self, now):
        """Remote play: what is on flash goes out; what came in is shown (and logged)."""
        if self.link is not None:
            self.link.step(now)
            if self.app.pending:
                self.app.flush()

    def _display(self, later):
        """The display's changed lines, a page a step (a press about to count
        goes first); True if the display had work. later: its text waits."""
        app = self.app
        screen = self.screen
        if app.version != self.drawn and not later:
            screen.update(app.lines)  # draws the changed lines; their pages go out one per step
            self.drawn = app.version
            return True
        if screen.ndirty:
            if not self.buttons.settling:  # a page takes 3-4 ms on a chip
                screen.step()
            return True
        return False

    def _quiet_job(self, now):
        """At most one quiet-time job, each when a press is least likely to
        meet it (after boot, or just after a release: _hurried): a step of
        App.idle() (an erase, a checkpoint's 16 ms at most); the heap
        collected after TIDY_PRESSES presses (20 ms, so that a press rarely
        meets an automatic collection); both also once nobody has been at
        the board for AWAY_MS. Once nobody has pressed for IDLE_MS: the
        board's look saved (not at every move: a file written at every move
        would wear the flash), and the events a failing flash could not
        take tried again (App.idle)."""
        if self.buttons.busy or self.sensors is not None and self.sensors.busy:
            return  # (a press or a stick settling: it is acted on first)
        if self.saving is not None and self._saving_look():
            return
        window = self.hurry or self._hurried(now)
        quiet_for = age(now, self.touched)
        retry = self.app.unsaved and quiet_for >= IDLE_MS and self.retried != self.touched
        if retry:
            self.retried = self.touched  # (a failing flash is tried once a quiet second)
        if self.press_at is not None and (window or quiet_for >= AWAY_MS) or retry:
            if not self.app.idle():  # work since the last press, a step at a time
                self.press_at = None
                self.look_due = True
        elif self.untidy >= TIDY_PRESSES and window or self.untidy and quiet_for >= AWAY_MS:
            self._tidy()
        elif self.look_due and (self.hurry or quiet_for >= IDLE_MS):
            self.look_due = False
            self.hurry = False
            self._save_look()

    def booted(self, now):
        """Boot is done: its garbage (about 100 KB) collected now, not during
        the first presses; quiet-time work (a raw block, a checkpoint, the
        look) follows at once, while the players look at the board that just lit."""
        self._tidy()
        self.press_at = now
        self.touched = now
        self.hurry = True

    def _tidy(self):
        gc.collect()
        self.untidy = 0

    def _hurried(self, now):
        """Just after a release: a step of quiet-time work then is least
        likely to meet a press (a hand leaves its button). Not in the second
        after a press: players press again then (issue 44: a press 1 s after
        the last one met a checkpoint or a collection, 20-33 ms to light;
        one 220 ms after a New game's release met an erase that a hurry
        chained)."""
        r = self.released_at
        return r is not None and age(now, r) < HURRY_MS

    def _save_look(self):
        """The LEDs' bytes as the saved game's look (lit.py), on a board whose
        layout `companion flash` checked, when the frame shows just the game:
        begun here, then a step at each quiet step that follows (_saving_look)."""
        app = self.app
        if (self.look is None or app.version == self.looked and app.store.lit or app.game is None
                or app.menu_open or app.flashing or app.held >= 0 or app.checking > 0 or app.pending
                or app.header_due is not None or app.unsaved):
            return
        try:
            self.saving = (app.saving_look(self.look[0], bytes(self.leds.strip.buf), self.look[1]),
                           app.version, self.touched)
        except MemoryError:
            pass  # no look saved (a fragmented heap): boot renders the log

    def _saving_look(self):
        """One step of the look being saved (each 1-4 ms on a Pico, where the
        whole save took 13 ms: a press that met it lit 20 ms after its
        contact, issue 44; a step this short ends within the press's settling
        time). Dropped if a press came or the frame changed since it began
        (the next quiet second saves the look then). True while it goes on."""
        steps, version, touched = self.saving
        if self.app.version != version or self.touched != touched:
            steps.close()  # (a file it reads is closed)
            self.saving = None
            self.look_due = True  # the next quiet second saves the look as it is then
            return False
        try:
            next(steps)
            return True
        except StopIteration:
            self.looked = version
        except (OSError, MemoryError):
            pass  # no look saved (a full flash, a fragmented heap): boot renders the log
        self.saving = None
        return False

    # The scan and the LED render allocate nothing (tests/test_firmware_alloc.py),
    # so they run with the heap locked: MicroPython then puts the frames of the
    # functions they call on the C stack instead of the heap, where each such
    # call would be a gc_alloc, slow in a fragmented heap (on the emulated Pico,
    # 80% of an idle step). Should they want memory after all (a sampler giving
    # way to polling, a new frame's views), they run again unlocked. They are
    # entered with the heap locked (step() locks it), so that their own frames
    # go on the C stack too, as run() does for step(): a frame of 9 blocks or
    # more took a search of about 1,400 bytes of the allocation table each time
    # (50% of an idle step with a blinking LED, before).
    def _scan(self, now):
        try:
            self.buttons.scan(now)
            return
        except MemoryError:
            pass
        finally:
            heap_unlock()
        self.buttons.scan(now)

    def _render(self, now):
        try:
            self._render_due(now)
            return
        except MemoryError:
            pass
        finally:
            heap_unlock()
        self._render_due(now)

    def _render_due(self, now):
        """The LEDs, if the frame changed or an animation phase moved on."""
        app = self.app
        leds = self.leds
        if app.version != self.lit or leds.due(now):
            leds.render(app.frame, now, app.brightness)
            self.lit = app.version


class Halted:
    """Stands in for the App when boot cannot start: the reason on the
    display, every LED off, presses ignored."""

    flashing = False
    brightness = 0
    tone = 0
    volume = 0
    ticker = None
    version = 1
    pending = ()
    header_due = None

    def __init__(self, lines, n=0):
        self.lines = lines
        self.frame = Frame(n)

    def key(self, code, long=False):
        pass

    def down(self, code):
        pass

    def up(self, code, long):
        pass

    def expire_flash(self):
        pass

    def idle(self):
        pass

    unsaved = False


class NoButtons:
    settling = False

    def scan(self, now):
        pass

    def get(self):
        return -1


class NoLeds:
    nanim = 0
    wrote = False

    def due(self, now):
        return False

    def render(self, frame, now, brightness):
        pass
