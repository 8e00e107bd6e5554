"""Boot: the device's and the simulator's start, and the device's endless loop.

Reads /config.json, checks the layout (and the hardware profile) unless
`companion flash` checked these very bytes, boots the App on its store and
builds the Loop (loop.py) around the drivers: real ones (start_device, run)
or the simulated HAL (start_sim). A problem is shown on the display, and
the device stops with its LEDs off (the Loop's app is then `Halted`).
Remote play, when the config names a game, plugs in here (remote_play).
"""

import gc
import json
import os
import sys
import time

from . import HAVE_CRC, crc32, heap_lock, heap_unlock
from .loop import SCAN_MS, Halted, Loop, NoButtons, NoLeds
from .text import wrap

BLANK_LEDS = 256  # LEDs switched off when boot stops (the chain may be shorter)
LAYOUTS = "/board_layouts"
CONFIG = "/config.json"
CHECKED = "/board_layouts/checked.txt"  # written by `companion flash` (host_tools/device/flash.py)
PROFILES = {"rp2": "pico", "esp32": "esp32-devkitc"}
JSON_MOST = 32 * 1024  # bytes of a layout, profile or /config.json read at boot (the largest shipped: 6 KB)


def load_json(path):
    return read_json(path)[0]


def read_json(path, most=JSON_MOST):
    """(the file's JSON, CRC-32 of its bytes), read with a bound: a file of more
    than `most` bytes, or JSON nested too deep for the heap, is refused as not
    valid (ValueError), never a MemoryError that would stop the board."""
    try:
        with open(path, "rb") as f:
            size = f.seek(0, 2)  # (its size first: a read of `most` bytes would ask the heap for them all)
            if size > most:
                raise ValueError("%s is longer than %d bytes: not a file for this board (companion layout "
                                 "check on the PC)" % (path, most))
            f.seek(0)
            data = f.read()
    except OSError:
        raise OSError("missing file %s: copy board_layouts/ to the device (docs/firmware.md)" % path)
    if data[:3] == b"\xef\xbb\xbf":  # a byte order mark (some editors write one; MicroPython's json takes none)
        data = data[3:]
    try:
        return json.loads(data), crc32(data)
    except (ValueError, MemoryError, RuntimeError):  # (RuntimeError: CPython's RecursionError)
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


def boot_problem(error, path, root=None):
    """Display lines for a file that boot could not read (missing or not JSON),
    in the language of the settings in root (a store's folder; None: English)."""
    if isinstance(error, OSError):
        head, hint = "MISSING FILE", "copy board_layouts/ to the device"
    else:
        head, hint = "BAD JSON", "check it on the PC (companion layout check), copy it again"
    speak = _speak(root)
    if speak is not None:
        head, hint = speak.tr(head), speak.message(hint)
    return ([head] + path_lines(path) + wrap(hint))[:8]


def _speak(root):
    """ui/lang speaking the menu's language (root's settings.json), or None for
    English: only for the failure screen, so a board that starts loads nothing here."""
    if root is None:
        return None
    try:
        from .store.settings import Settings

        n = Settings(root)["lang"]
        if n:
            from .ui import lang

            lang.use(lang.CODES[n])
            return lang
    except Exception:  # noqa: BLE001 - the failure screen shows, in English if need be
        pass
    return None


def check_layout(layout, profile=None):
    """The layout checker's findings as display lines; [] when all is well.
    Printed in full to the console. The checker (five modules) takes ~23 KB
    of heap while imported, so it is imported only here and dropped again."""
    gc.collect()  # (its code then goes in the lowest holes, not between what boot keeps)
    from .layout import check as layout_check

    problems = []
    if profile is not None:
        problems = layout_check.check_profile(profile)
    problems += layout_check.check(layout, profile)
    lines = layout_check.display_lines(problems) if problems else []
    for entry, problem, hint in problems:
        print("layout: %s: %s (%s)" % (entry, problem, hint))
    del layout_check
    package = __name__.rsplit(".", 1)[0] + ".layout"
    for name in ("check", "kinds", "profile", "sensing", "common"):
        sys.modules.pop(package + "." + name, None)
    sys.modules.pop(package, None)
    parent = sys.modules[package.rsplit(".", 1)[0]]
    if hasattr(parent, "layout"):
        delattr(parent, "layout")
    gc.collect()
    return lines


def _led_count(layout):
    try:
        from .app.play import led_map

        return led_map(layout)[1]
    except Exception:  # a layout too broken to count its LEDs
        return 0


def _seed():
    try:
        return int.from_bytes(os.urandom(4), "little")
    except (AttributeError, NotImplementedError):
        return time.ticks_us() & 0x3FFFFFFF


def _app_modules():
    """The App and its store, imported when a boot needs them, not with boot.py:
    a device starts its button sampler first (start_device: board.listen), and
    these imports (about 150 ms on a Pico) then no longer delay the moment
    from which a press counts. Before the layout check, though (start_sim,
    start_device): the checker's 23 KB then come and go after them, not in
    the middle of their code."""
    from .app.play import App
    from .store.log_store import Store

    return App, Store


def boot_app(layout, store_root, seed=_seed, layouts=LAYOUTS, flash=None, log_later=False):
    """log_later (the device): a new game's log is begun after its light, a step at a time."""
    App, Store = _app_modules()
    app = App(layout, Store(store_root, flash=flash), seed,
              lambda name: load_json(layouts + "/" + name + ".json"))
    app.stepwise = log_later
    app.boot(log_later)
    return app


def load_checked(path, profile=None, profile_crc=None, marks="", root=None):
    """(layout, []) when the layout at path is fine, else (layout or None,
    display lines saying what is wrong, in root's settings' language). The check (about 170 ms on a Pico)
    is skipped when `companion flash` checked these very bytes: marks is
    checked_marks(), profile_crc the profile's CRC-32."""
    try:
        layout, crc = read_json(path)
    except (OSError, ValueError) as e:
        print("companion:", e)
        return None, boot_problem(e, path, root)
    if HAVE_CRC and marks and profile_crc is not None and marks == "%08x %08x" % (crc & 0xFFFFFFFF, profile_crc & 0xFFFFFFFF):
        return layout, []
    return layout, check_layout(layout, profile)


def _halt(lines, n=0):
    print("companion: stopped; fix the files and reset")
    return Halted(lines, n)


def _boot_or_halt(layout, problems, boot, root=None):
    if not problems:
        try:
            return boot()
        except Exception as e:  # noqa: BLE001 - e.g. the log names a layout that is missing; never a traceback
            print("companion:", e)
            speak = _speak(root)  # (the reason below: the error's own words, as on the console)
            problems = ["CANNOT START" if speak is None else speak.tr("CANNOT START")] + wrap(
                str(e) or type(e).__name__, rows=7)
    return _halt(problems, _led_count(layout))


def _senses(layout):
    """The layout names sensor bits: on its first connection (Kahuna, Kanaloa),
    cell (Rukuni) or stone pocket (Duell). (Checked before app/sensing.py is
    loaded: a board without sensors never loads it.)"""
    return "sense" in ((layout.get("connections") or layout.get("cells") or layout.get("stones")) or [{}])[0]


def start_sim(layout_name="kahuna", store_root="/games", layouts=LAYOUTS, seed=_seed, now=0, sensed=None):
    """A Loop on the simulated HAL: loop.buttons.scanner.press(code) / release(code),
    loop.leds.strip.buf (RGB bytes), loop.screen.display.buffer (SSD1306 pixels).
    A layout that fails its check gives a Loop whose app is Halted. now: the
    clock the caller steps the loop with from then on (its first step starts
    a game clock: a page open for minutes must not take them off a game it boots).
    sensed: a layout with sensor bits: the simulated chain's bits at power-on
    (loop.sensors.scanner.state: the sticks that stand on the board)."""
    from .hal.buttons import Buttons
    from .hal.leds import Leds, RGB
    from .hal.screen import Screen
    from .hal.sim import SimScanner, SimStrip, SimDisplay, SimPWM
    from .hal.buzzer import Buzzer

    _app_modules()
    layout, problems = load_checked(layouts + "/" + layout_name + ".json", root=store_root)
    app = _boot_or_halt(layout, problems, lambda: boot_app(layout, store_root, seed, layouts), store_root)
    n = app.frame.n
    loop = Loop(app, Buttons(SimScanner(64)), Leds(SimStrip(n), n, order=RGB), Screen(SimDisplay()),
                Buzzer(SimPWM()))
    if not isinstance(app, Halted) and _senses(layout):  # a sensed board
        from .app.sensing import start_sim

        loop.sensors = start_sim(app, layout, sensed)
    loop.step(now)  # the first light; the display's text in the next step
    if loop.drawn != app.version:
        loop.step(now)
    return loop


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
        return Loop(_halt(boot_problem(e, path, store_root)), NoButtons(), NoLeds(), screen)
    from . import lit  # (main.py's: already loaded)
    board.reserve(profile, lit.sampling)
    if lit.shown is not None:  # the board looks ready: its buttons count from now (lit.listen sampled them before)
        board.listen(profile, lit.sampling)
    _app_modules()
    marks = checked_marks(layouts + "/checked.txt")
    layout, problems = load_checked(layouts + "/" + layout_name + ".json", profile, profile_crc, marks, store_root)
    if profile.get("sensors") and _senses(layout):
        from .app import sensing  # noqa: F401 - before the game: its code in one piece (Kanaloa's boot leaves holes)
    app = _boot_or_halt(layout, problems, lambda: boot_app(layout, store_root, layouts=layouts,
                                                           flash=board.flash(), log_later=True), store_root)
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
        buttons = board.buttons(profile, lit.sampling)  # (a board lit by its full boot: the samples since lit.listen)
    except OSError as e:  # e.g. an expander that does not answer: the reason on the display
        print("companion:", e)
        return Loop(_halt([app.tr("BUTTONS")] + wrap(str(e), rows=7), app.frame.n), NoButtons(), leds, screen)
    loop = Loop(app, buttons, leds, screen, board.buzzer(profile))
    if profile.get("sensors") and _senses(layout):  # a sensing board
        from .app.sensing import start_device

        loop.sensors = start_device(app, layout, profile["sensors"])
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
    that cannot join (remote/config.py) is said on the display and the console,
    and the board plays at its own table (None)."""
    from .remote.config import config_problem

    problem = config_problem(config)
    if problem:
        app = loop.app
        app.say("/config.json: %s: no remote play (docs/remote.md)" % problem)
        print("remote:", app.said)
        app.changed()
        return None  # the board plays at its own table
    r = config["remote"]
    from .remote.seat import join

    if join(loop.app, r["game"], r.get("seat"), True, r.get("seats")) is None:
        return None  # not a game played remotely: the display says so
    from .remote.link import Link

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
    from .hal import board

    if isinstance(loop.app, Halted):
        board.stop_draining()
        loop.step(time.ticks_ms())  # the reason on the display, the LEDs off
        loop.screen.finish()
        return
    if config.get("remote"):
        remote_play(loop, config)
    loop.booted(time.ticks_ms())
    board.stop_draining()  # the run loop collects the button samples from now on (the backlog first)
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
