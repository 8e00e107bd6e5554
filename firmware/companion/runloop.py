"""The run loop: the only place with time.

`Loop.step(now_ms)` does one pass (scan the buttons, feed the events to the
app, expire a red flash, tick a game clock, animate the LEDs, sound the
app's tone on the buzzer, redraw the display if the app changed); it never blocks, so the browser simulator
calls it from a JavaScript timer. `run()` is the device's endless loop on
time.ticks_ms. Boot checks the layout (and the hardware profile) first: a
problem is shown on the display, and the device stops with its LEDs off.
"""

import gc
import json
import os
import sys
import time

try:
    from binascii import crc32
except ImportError:  # a port without it: the layout is checked at every boot
    def crc32(data, crc=0):
        return -1

from .app import App, led_map, wrap, heap_lock, heap_unlock
from .frame import Frame
from .hal.buttons import DOWN, LONG, age
from .store import Store

SCAN_MS = 1  # device loop period: a settled press waits at most this (plus a step) for the loop
FLASH_MS = 700  # how long a refused press flashes red
TICK_MS = 1000  # how often a game UI's clock (UI.tick) is called
IDLE_MS = 1000  # no press for this long: the app's quiet-time flash work (App.idle)
SOON_MS = 100  # ... or this long when the log has no raw block ready (App.soon)
HURRY_MS = 40  # ... or at once, in this long after a release (and after boot) while nobody presses:
# a press is least likely then (a hand leaves its button; the board has just lit)
TIDY_PRESSES = 8  # ... and the heap is collected then after this many presses without a quiet second
BLANK_LEDS = 256  # LEDs switched off when boot stops (the chain may be shorter)
LAYOUTS = "/board_layouts"
CONFIG = "/config.json"
CHECKED = "/board_layouts/checked.txt"  # written by `companion flash` (host_tools/device/flash.py)
PROFILES = {"rp2": "pico", "esp32": "esp32-devkitc"}


class Loop:
    """One step: buttons, the app, then light first (and the tone of what the
    press did), then the log on flash, then at most one display page. LEDs
    are rendered only when the frame or an animation phase changed (and only
    what changed)."""

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
        self.press_at = None  # the last press, until App.idle() has run after it
        self.quiet = 0  # steps of quiet-time work left after App.idle()
        self.more = False  # App.idle() has more to do: it comes again after SOON_MS
        self.released_at = None  # the last release, if no press came after it
        self.hurry = False  # quiet-time work runs at once, until it is done or a press comes
        self.untidy = 0  # presses since the last collection
        self.look = None  # (LED pin, layout marks): the look is saved in quiet time (lit.py)
        self.looked = -1  # the app version last saved as the look
        self.link = link  # link.Link in a remote game: the broker, stepped like the store

    def step(self, now, locked=False):
        """locked: the caller locked the heap, so that this step's frame went
        on the C stack (run()); it is unlocked at once."""
        if locked:
            heap_unlock()
        app = self.app
        b = self.buttons
        heap_lock()  # (the callee unlocks: its frame too goes on the C stack)
        self._scan(now)
        pressed = False  # a press acted on in this step (its words wait for the next)
        e = b.get()
        while e >= 0:
            kind = e & 3
            if kind == DOWN:
                pressed = True
                app.down(e >> 2)
                self.untidy += 1
                self.released_at = None
                self.hurry = False
            else:
                app.up(e >> 2, kind == LONG)
                self.released_at = now
            self.press_at = now
            self.more = False  # a press: quiet time starts again after IDLE_MS
            if app.flashing:
                self.flash_at = now
            e = b.get()
        if app.flashing and age(now, self.flash_at) >= FLASH_MS:
            app.expire_flash()
        if app.ticker is not None and (app.ticker is not self.ticker or age(now, self.tick_at) >= TICK_MS):
            self.ticker = app.ticker
            self.tick_at = now
            app.tick(now)
        wrote = False  # this step wrote the LED strip
        if app.version != self.lit or self.leds.nanim:  # the frame changed, or an animation may move on
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
        beginning = app.header_due is not None and not app.pending  # a new game's log: a step at a time
        later = pressed or bool(app.pending)  # the display's text waits for the next step
        if app.pending or beginning and self.press_at != now:  # light first, then the log on flash
            app.flush()
        if self.link is not None:  # what is on flash goes out; what came in is shown
            self.link.step(now)
            if app.pending:
                app.flush()
        screen = self.screen
        if beginning:
            pass  # the display waits for a step without a new log's flash work (an erase each)
        elif app.version != self.drawn and not later:
            screen.update(app.lines)  # draws the changed lines; their pages go out one per step
            self.drawn = app.version
        elif screen.ndirty:
            if not b.settling:  # a press about to count goes first: a page takes 3-4 ms on a chip
                screen.step()
        elif wrote:
            pass  # quiet-time flash work (an erase at most) waits for a step without an LED write
        elif self.press_at is not None and self._work_due(now):
            self.press_at = None
            self.more = app.idle()
            if self.more:
                self.press_at = now  # more quiet-time work waits: its next step soon, unless a press comes
            else:
                self.quiet = 2
                self.hurry = False
        elif self.quiet:  # quiet time goes on, a step each: the board's look saved, then
            self.quiet -= 1  # the heap tidied (so that a press rarely meets a collection)
            if self.quiet:
                self._save_look()
            elif self.untidy:  # (boot collected its own garbage)
                self._tidy()
        elif self.untidy >= TIDY_PRESSES and self._hurried(now):
            self._tidy()  # before MicroPython must (a press makes about 6 KB of garbage), not at a press

    def booted(self, now):
        """Boot is done: its garbage (about 100 KB) collected now, not during
        the first presses; quiet-time work (a raw block, a checkpoint, the
        look) follows at once, while the players look at the board that just lit."""
        self._tidy()
        self.press_at = now
        self.hurry = True

    def _tidy(self):
        gc.collect()
        self.untidy = 0

    def _work_due(self, now):
        """Quiet-time work is due: after IDLE_MS without a press, or SOON_MS when
        the log wants a raw block; that work also at once just after a release
        or boot, when a press is least likely to meet its steps."""
        soon = self.more or self.app.soon()
        if soon and not self.hurry and self._hurried(now):
            self.hurry = True  # all of it now, a step after another, unless a press comes
        if self.hurry and not self.buttons.busy:
            return True
        return age(now, self.press_at) >= (SOON_MS if soon else IDLE_MS)

    def _hurried(self, now):
        """Just after a release, nobody pressing."""
        r = self.released_at
        return r is not None and age(now, r) < HURRY_MS and not self.buttons.busy

    def _save_look(self):
        """The LEDs' bytes as the saved game's look (lit.py), on a board whose
        layout `companion flash` checked, when the frame shows just the game."""
        app = self.app
        if (self.look is None or app.version == self.looked and app.store.lit or app.game is None
                or app.menu_open or app.flashing or app.held >= 0 or app.checking > 0 or app.pending
                or app.header_due is not None or app.unsaved):
            return
        try:
            app.store.save_lit(self.look[0], self.leds.strip.buf, self.look[1])
            self.looked = app.version
        except (OSError, MemoryError):
            pass  # no look saved (a full flash, a fragmented heap): boot renders the log

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

    def soon(self):
        return False


class NoButtons:
    settling = False

    def scan(self, now):
        pass

    def get(self):
        return -1


def load_json(path):
    return read_json(path)[0]


def read_json(path):
    """(the file's JSON, CRC-32 of its bytes)."""
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError:
        raise OSError("missing file %s: copy board_layouts/ to the device (docs/firmware.md)" % path)
    if data[:3] == b"\xef\xbb\xbf":  # a byte order mark (some editors write one; MicroPython's json takes none)
        data = data[3:]
    try:
        return json.loads(data), crc32(data)
    except ValueError:
        raise ValueError("%s is not valid JSON: fix it (companion layout check on the PC) "
                         "and copy it again" % path)


def checked_marks(path=CHECKED):
    """What `companion flash` found fine: the CRC-32s of the layout and the
    profile it checked ("" if none, or not text: the layout is checked at
    boot): boot skips its check of those very bytes."""
    try:
        with open(path) as f:
            return f.read().strip()
    except (OSError, ValueError):  # (MicroPython's UnicodeError is a ValueError)
        return ""


def path_lines(path, width=16):
    """A file path for the display, broken after a "/" where it can be."""
    out = [""]
    for part in path.replace("/", "/ ").split():
        if out[-1] and len(out[-1]) + len(part) > width:
            out.append("")
        out[-1] += part
    return [line[i:i + width] for line in out for i in range(0, len(line), width)]


def boot_problem(error, path):
    """Display lines for a file that boot could not read (missing or not JSON)."""
    if isinstance(error, OSError):
        return (["MISSING FILE"] + path_lines(path) + wrap("copy board_layouts/ to the device"))[:8]
    return (["BAD JSON"] + path_lines(path) + wrap("check it on the PC (companion layout check), copy it again"))[:8]


def check_layout(layout, profile=None):
    """The layout checker's findings as display lines; [] when all is well.
    Printed in full to the console. The checker (three modules) takes ~23 KB
    of heap while imported, so it is imported only here and dropped again."""
    gc.collect()  # (its code then goes in the lowest holes, not between what boot keeps)
    from . import layout_check

    problems = []
    if profile is not None:
        problems = layout_check.check_profile(profile)
    problems += layout_check.check(layout, profile)
    lines = layout_check.display_lines(problems) if problems else []
    for entry, problem, hint in problems:
        print("layout: %s: %s (%s)" % (entry, problem, hint))
    del layout_check
    package = __name__.rsplit(".", 1)[0]
    for name in ("layout_check", "layout_kinds", "profile_check"):
        sys.modules.pop(package + "." + name, None)
        if hasattr(sys.modules[package], name):
            delattr(sys.modules[package], name)
    gc.collect()
    return lines


def _led_count(layout):
    try:
        return led_map(layout)[1]
    except Exception:  # a layout too broken to count its LEDs
        return 0


def _seed():
    try:
        return int.from_bytes(os.urandom(4), "little")
    except (AttributeError, NotImplementedError):
        return time.ticks_us() & 0x3FFFFFFF


def boot_app(layout, store_root, seed=_seed, layouts=LAYOUTS, flash=None, log_later=False):
    """log_later (the device): a new game's log is begun after its light, a step at a time."""
    app = App(layout, Store(store_root, flash=flash), seed,
              lambda name: load_json(layouts + "/" + name + ".json"))
    app.stepwise = log_later
    app.boot(log_later)
    return app


def load_checked(path, profile=None, profile_crc=None, marks=""):
    """(layout, []) when the layout at path is fine, else (layout or None,
    display lines saying what is wrong). The check (about 170 ms on a Pico)
    is skipped when `companion flash` checked these very bytes: marks is
    checked_marks(), profile_crc the profile's CRC-32."""
    try:
        layout, crc = read_json(path)
    except (OSError, ValueError) as e:
        print("companion:", e)
        return None, boot_problem(e, path)
    if marks and profile_crc is not None and marks == "%08x %08x" % (crc & 0xFFFFFFFF, profile_crc & 0xFFFFFFFF):
        return layout, []
    return layout, check_layout(layout, profile)


def _halt(lines, n=0):
    print("companion: stopped; fix the files and reset")
    return Halted(lines, n)


def _boot_or_halt(layout, problems, boot):
    if not problems:
        try:
            return boot()
        except Exception as e:  # noqa: BLE001 - e.g. the log names a layout that is missing; never a traceback
            print("companion:", e)
            problems = ["CANNOT START"] + wrap(str(e) or type(e).__name__, rows=7)
    return _halt(problems, _led_count(layout))


def start_sim(layout_name="kahuna", store_root="/games", layouts=LAYOUTS, seed=_seed, now=0):
    """A Loop on the simulated HAL: loop.buttons.scanner.press(code) / release(code),
    loop.leds.strip.buf (RGB bytes), loop.screen.display.buffer (SSD1306 pixels).
    A layout that fails its check gives a Loop whose app is Halted. now: the
    clock the caller steps the loop with from then on (its first step starts
    a game clock: a page open for minutes must not take them off a game it boots)."""
    from .hal.buttons import Buttons
    from .hal.leds import Leds, RGB
    from .hal.screen import Screen
    from .hal.sim import SimScanner, SimStrip, SimDisplay, SimPWM
    from .hal.buzzer import Buzzer

    layout, problems = load_checked(layouts + "/" + layout_name + ".json")
    app = _boot_or_halt(layout, problems, lambda: boot_app(layout, store_root, seed, layouts))
    n = app.frame.n
    loop = Loop(app, Buttons(SimScanner(64)), Leds(SimStrip(n), n, order=RGB), Screen(SimDisplay()),
                Buzzer(SimPWM()))
    loop.step(now)  # the first light; the display's text in the next step
    if loop.drawn != app.version:
        loop.step(now)
    return loop


class NoLeds:
    nanim = 0
    wrote = False

    def due(self, now):
        return False

    def render(self, frame, now, brightness):
        pass


def _screen(board, layouts, names):
    """The display of the first of these profiles that works (so that a
    broken profile's message still shows on the platform's usual display)."""
    for name in names:
        try:
            return board.screen(load_json(layouts + "/profiles/" + name + ".json"))
        except Exception:
            pass
    return board.no_screen()


def start_device(profile_name=None, layout_name="kahuna", store_root="/games", layouts=LAYOUTS):
    """The Loop on the real drivers; its app is Halted if the profile or the
    layout is missing or fails its check (run() then stops)."""
    from .hal import board

    name = profile_name or PROFILES.get(sys.platform)
    if name is None:
        raise ValueError("no hardware profile for platform %r: pass profile_name" % sys.platform)
    path = layouts + "/profiles/" + name + ".json"
    try:
        profile, profile_crc = read_json(path)
    except (OSError, ValueError) as e:
        print("companion:", e)
        screen = _screen(board, layouts, (PROFILES.get(sys.platform),))  # the usual display
        return Loop(_halt(boot_problem(e, path)), NoButtons(), NoLeds(), screen)
    board.reserve(profile)
    from . import lit  # (main.py's: already loaded)
    if lit.shown is not None:  # the board looks ready: its buttons count from now
        board.listen(profile)
    marks = checked_marks(layouts + "/checked.txt")
    layout, problems = load_checked(layouts + "/" + layout_name + ".json", profile, profile_crc, marks)
    app = _boot_or_halt(layout, problems, lambda: boot_app(layout, store_root, layouts=layouts,
                                                           flash=board.flash(), log_later=True))
    if isinstance(app, Halted):
        screen = _screen(board, layouts, (name, PROFILES.get(sys.platform)))
        try:
            leds = board.leds(profile, BLANK_LEDS)  # whatever an earlier run lit goes off
        except Exception:
            leds = NoLeds()
        return Loop(Halted(app.lines, BLANK_LEDS), NoButtons(), leds, screen)
    leds = board.leds(profile, app.frame.n)
    leds.render(app.frame, 0, app.brightness)  # light first, then the display and the buttons (the loop re-times blinks)
    app.keep_layout()
    screen = _screen(board, layouts, (name, PROFILES.get(sys.platform)))
    try:
        buttons = board.buttons(profile)
    except OSError as e:  # e.g. an expander that does not answer: the reason on the display
        print("companion:", e)
        return Loop(_halt(["BUTTONS"] + wrap(str(e), rows=7), app.frame.n), NoButtons(), leds, screen)
    loop = Loop(app, buttons, leds, screen, board.buzzer(profile))
    if marks:  # a layout `companion flash` checked: the board's look is saved for the next power-on
        loop.look = (profile["leds"]["pin"], marks)
        if app.store.lit and lit.shown == leds.strip.buf:  # shown at power-on, and still the game's look
            loop.looked = app.version
    board.strip_in_background(leds, profile)
    return loop


def device_config(path=CONFIG):
    """/config.json, written by `companion flash`: {"layout": ..., "profile": ...}.
    Missing, unreadable or not an object: {} (the board's defaults); a layout
    or profile that is not a name is left out, and the console says so."""
    try:
        config = load_json(path)  # (a byte order mark an editor wrote is dropped)
    except OSError:
        return {}
    except ValueError:
        print("config: /config.json is not valid JSON: the defaults")
        return {}
    if not isinstance(config, dict):
        print("config: /config.json is not an object: the defaults")
        return {}
    for key in ("layout", "profile"):
        if key in config and not isinstance(config[key], str):
            print("config: /config.json's %s is not a name: the default" % key)
            del config[key]
    return config


def remote_play(loop, config):
    """Join the remote game the config names (docs/remote.md): its seat on the app, the
    broker's link on the loop. WiFi (a "wifi" entry) is only asked to connect: the link
    tries the broker until it is up. The config's secrets are never printed. A config
    that cannot join (remote.config_problem) is said on the display and the console,
    and the board plays at its own table (None)."""
    from .remote import config_problem

    problem = config_problem(config)
    if problem:
        app = loop.app
        app._say("/config.json: %s: no remote play (docs/remote.md)" % problem)
        print("remote:", app.said)
        app._refresh()
        return None  # the board plays at its own table
    r = config["remote"]
    if loop.app.join(r["game"], r.get("seat"), True) is None:
        return None  # not a game played remotely: the display says so
    from .link import Link

    wifi = config.get("wifi")
    if wifi:
        try:
            import network

            wlan = network.WLAN(network.STA_IF)
            wlan.active(True)
            wlan.connect(wifi.get("ssid"), wifi.get("password"))
        except (ImportError, OSError) as e:
            print("remote: no WiFi:", type(e).__name__)
    loop.link = Link(loop.app, r)
    return loop.link


def run(profile_name=None, layout_name=None, layouts=LAYOUTS):
    """The device: step forever, every SCAN_MS (or return at once, leaving
    the message on the display, if boot had to stop)."""
    config = device_config()
    loop = start_device(profile_name or config.get("profile"),
                        layout_name or config.get("layout") or "kahuna", layouts=layouts)
    if isinstance(loop.app, Halted):
        loop.step(time.ticks_ms())  # the reason on the display, the LEDs off
        loop.screen.finish()
        return
    if config.get("remote"):
        remote_play(loop, config)
    loop.booted(time.ticks_ms())
    wait = getattr(loop.buttons.sampler, "wait", None)  # the PIO's: the next sample, not a sleep
    while True:
        t = time.ticks_ms()
        heap_lock()  # (each call that allocates its frame costs a search of the heap: 0.1 ms on a chip)
        loop.step(t, True)
        if wait is not None:
            heap_lock()
            try:
                wait(SCAN_MS)
            except Exception:  # noqa: BLE001 - the sampler's fault: collect() meets it and polls
                wait = None
            finally:
                heap_unlock()
            continue
        rest = SCAN_MS - time.ticks_diff(time.ticks_ms(), t)
        if rest > 0:
            time.sleep_ms(rest)
