"""`companion bench`: print the bench figures as a table and write them as JSON."""

import json
import sys
from pathlib import Path

from ..files import InputError, file_problem, read_text
from . import measure as bench
from . import chip as bench_chip
from . import timing as bench_timing

# (section, [(key, label, unit)]); per-event figures get a grid of their own
SECTIONS = [
    ("Device loop (firmware on the simulated HAL)", [
        ("tick.bytes", "scan + LED tick: bytes allocated", "B"),
        ("tick.lines", "scan + LED tick: lines", "lines"),
        ("tick.rp2040_ms", "scan + LED tick: RP2040 estimate", "ms"),
        ("scan.lines", "scan only (no LED frame due): lines", "lines"),
        ("scan.rp2040_ms", "scan only: RP2040 estimate", "ms"),
        ("display.bytes", "display refresh: bytes allocated", "B"),
        ("display.lines", "display refresh: lines", "lines"),
        ("press.bytes", "board press through the app: bytes", "B"),
        ("press.lines", "board press through the app: lines", "lines"),
        ("press.rp2040_ms", "board press: RP2040 estimate", "ms"),
    ]),
    ("Memory (retained heap after gc.collect)", [
        ("heap.core_code", "core modules (code)", "B"),
        ("heap.new_game", "Kahuna board + new game", "B"),
        ("heap.restored", "Kahuna game restored from the log", "B"),
        ("boot.heap", "firmware boot with the restored game", "B"),
        ("boot.heap_code", "firmware modules (code)", "B"),
        ("boot.heap_total", "firmware boot, code included", "B"),
        ("lang.de.heap", "German table loaded (English: 0)", "B"),
        ("lang.de.heap_formats", "German table after its first texts", "B"),
        ("lang.fr.heap", "French table loaded (English: 0)", "B"),
        ("lang.fr.heap_formats", "French table after its first texts", "B"),
    ]),
    ("Restore of a saved game", [
        ("restore.events", "events in the log", "events"),
        ("restore.lines", "core replay: lines", "lines"),
        ("restore.rp2040_ms", "core replay: RP2040 estimate by lines", "ms"),
        ("restore.rp2040_ms_by_time", "core replay: RP2040 estimate by time", "ms"),
        ("boot.lines", "firmware boot incl. restore: lines", "lines"),
        ("boot.rp2040_ms", "firmware boot: RP2040 estimate", "ms"),
    ]),
    ("Game log on flash (native MicroPython, littlefs on a counting flash; 300-event Kahuna game)", [
        ("store.erases_per_event", "rp2 (progsize 256): erases per event", "erases"),
        ("store.max_erases_per_event", "rp2: most erases for one event (with quiet work)", "erases"),
        ("store.max_erases_per_press", "rp2: most erases in one press's write", "erases"),
        ("store.programs_per_event", "rp2: page programs per event", "pages"),
        ("store.flash_busy_ms_per_event", "rp2: flash busy per event (datasheet)", "ms"),
        ("store.erases_per_event.esp32", "ESP32 (progsize 32): erases per event", "erases"),
        ("store.max_erases_per_event.esp32", "ESP32: most erases for one event", "erases"),
        ("store.max_erases_per_press.esp32", "ESP32: most erases in one press's write", "erases"),
        ("store.programs_per_event.esp32", "ESP32: page programs per event", "pages"),
        ("store.flash_busy_ms_per_event.esp32", "ESP32: flash busy per event (datasheet)", "ms"),
        ("boot.restore_lines_30", "boot restoring a 30-event game: lines", "lines"),
        ("boot.restore_lines_300", "boot restoring a 300-event game: lines", "lines"),
        ("boot.restore_ratio", "300-event boot / 30-event boot", "x"),
        ("boot.restore_lines_30.raw", "the same, kept in raw blocks: 30 events", "lines"),
        ("boot.restore_lines_300.raw", "the same, kept in raw blocks: 300 events", "lines"),
        ("boot.restore_ratio.raw", "raw blocks: 300-event boot / 30-event boot", "x"),
    ]),
    ("Device opponent (Kahuna solo: one turn decided, core/kahuna_ai.py)", [
        ("ai.lines_max", "slowest turn measured: lines", "lines"),
        ("ai.lines_per_candidate", "lines per candidate move tried (worst)", "lines"),
        ("ai.rp2040_ms", "slowest turn: RP2040 estimate", "ms"),
    ]),
    ("Size and host speed", [
        ("mpy.firmware", ".mpy total, firmware (all four games)", "B"),
        ("mpy.core", ".mpy total, core only (all four games)", "B"),
        ("mpy.board.kahuna", ".mpy flashed to a Kahuna board", "B"),
        ("mpy.board.kanaloa", ".mpy flashed to a Kanaloa board", "B"),
        ("mpy.board.rukuni", ".mpy flashed to a Rukuni board", "B"),
        ("mpy.board.duell", ".mpy flashed to a Duell board", "B"),
        ("mpy.kahuna_device", ".mpy a Kahuna board loads", "B"),
        ("mpy.lang.machinery", ".mpy of ui/lang (every board)", "B"),
        ("mpy.lang.de", ".mpy of the German table", "B"),
        ("mpy.lang.fr", ".mpy of the French table", "B"),
        ("cpython.events_per_s", "CPython: events per second (core)", "ev/s"),
    ]),
]
EVENT_COLUMNS = (("lines", "lines"), ("bytes", "bytes"), ("wasm_us", "wasm us"), ("rp2040_ms", "RP2040 ms"))


def register(sub):
    p = sub.add_parser("bench", help="measure the companion: cost per event, memory, size")
    p.add_argument("--json", default="artifacts/bench.json", help="where to write the figures (JSON)")
    p.add_argument("--compare", metavar="OLD.json", help="print the change from an earlier run")
    p.add_argument("--game", action="append", choices=sorted(bench.bench_cases.GAMES),
                   help="only this game's events (repeatable; default: every game with a core)")
    p.add_argument("--quick", action="store_true", help="fewer repetitions, a shorter log (for tests)")
    p.set_defaults(func=run)


def run(args):
    if args.compare:
        try:
            old = load_figures(args.compare)
        except InputError as e:
            print("companion bench: --compare %s" % e, file=sys.stderr)
            return 2
    problem = file_problem(args.json, "file name")
    if problem and problem.endswith("is a folder: give a file name"):
        print("companion bench: --json %s is a folder: give a file name, e.g. %s/bench.json"
              % (args.json, args.json.rstrip("/")), file=sys.stderr)
        return 2
    if problem:  # (said before the bench runs: its figures would be lost)
        print("companion bench: --json %s" % problem, file=sys.stderr)
        return 2
    result = bench.measure(games=args.game, quick=args.quick, restore_events=60 if args.quick else 300)
    if not args.quick:
        result["figures"].update(bench_chip.measure())
    print(table(result))
    out = Path(args.json)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1, sort_keys=True) + "\n")
    print("\nfigures written to %s" % out)
    if args.compare:
        print()
        print(compare(old, result))
    return 0


def load_figures(path):
    """An earlier run's figures (what --json wrote), or an InputError saying why not."""
    text = read_text(path, "bench figures file")
    try:
        old = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise InputError("%s: not JSON (%s): give a file that `companion bench --json` wrote" % (path, e))
    if not isinstance(old, dict) or not isinstance(old.get("figures", {}), dict) \
            or not isinstance(old.get("meta", {}), dict):
        raise InputError("%s: not bench figures (no \"figures\" object): give a file that `companion bench "
                         "--json` wrote" % path)
    return old


def _num(v):
    if isinstance(v, list) and len(v) == 2:  # an estimate: a range
        return "%s-%s" % (_num(v[0]), _num(v[1]))
    if isinstance(v, float):
        return "%.2f" % v if v < 10 else "{:,.1f}".format(v)
    if isinstance(v, int):
        return "{:,}".format(v)
    return str(v)


def _verdict(key, value):
    limit = bench.target_of(key)
    if isinstance(value, list) and len(value) == 2:
        value = value[1]  # a range: its upper end
    if limit is None or not isinstance(value, (int, float)):
        return ""
    return "<= %s  %s" % (_num(limit), "ok" if value <= limit else "OVER")


def table(result):
    f = result["figures"]
    meta = result["meta"]
    out = ["companion bench: MicroPython %s, CPython %s, %s%s" % (
        meta["micropython"], meta["python"], meta["time"], " (quick)" if meta["quick"] else "")]
    out.append("RP2040 estimates: lines x %g-%g us, an estimate (docs/bench.md; the public benchmark alone "
               "gives %.2f us)" % (bench.US_PER_LINE[0], bench.US_PER_LINE[1], f["calib.rp2040_us_per_line"]))
    out.append("")
    out.append("Per event (game.apply of a log event)   targets: <= %d lines, <= %d bytes"
               % (bench.TARGETS["lines"], bench.TARGETS["bytes"]))
    out.append("  %-8s %-14s" % ("game", "event") + "".join("%11s" % c for _, c in EVENT_COLUMNS))
    for game in result["details"]["games"]:
        prefix = "event.%s." % game
        names = []
        for key in f:
            if key.startswith(prefix):
                name = key[len(prefix):].rsplit(".", 1)[0]
                if name not in names:
                    names.append(name)
        for name in names:
            cells = ""
            for col, _ in EVENT_COLUMNS:
                key = prefix + name + "." + col
                flag = "!" if "OVER" in _verdict(key, f.get(key)) else " "
                cells += "%10s%s" % (_num(f.get(key, "-")), flag)
            out.append("  %-8s %-14s%s" % (game, name, cells))
    out.append("  (! = over target)")
    errors = result["details"].get("errors") or {}
    for game, why in sorted(errors.items()):
        if game != "firmware":
            out.append("  %s: NOT MEASURED, its script in host_tools/bench/cases.py fails: %s" % (game, why))
    if "firmware" in errors:
        out.append("\nDevice loop: NOT MEASURED, booting the firmware fails: %s" % errors["firmware"])
    for title, rows in SECTIONS:
        present = [r for r in rows if r[0] in f]
        if not present:
            continue
        out.append("")
        out.append(title)
        for key, label, unit in present:
            out.append("  %-44s %12s %-6s %s" % (label, _num(f[key]), unit, _verdict(key, f[key])))
    if "ai.lines_each" in f:
        out.append("  (turns %s: lines %s, candidates tried %s, bytes %s)" % (
            f["ai.turns"], f["ai.lines_each"], f["ai.tried_each"], f["ai.bytes_each"]))
    out += bench.bench_alloc.table(f)
    out += bench.bench_long.table(f)
    out += bench_timing.table(f)
    out += bench_chip.table(f)
    if "press.op" in f:
        out.append("  (the press is a %s; firmware modules imported late at boot: %s)"
                   % (f["press.op"], ", ".join(result["details"].get("boot_late_imports") or []) or "none"))
    return "\n".join(out)


def compare(old, new):
    """The figures that changed since an earlier run: old -> new, and by how much."""
    a = old.get("figures", {})
    b = new["figures"]
    out = ["Change since %s (wasm us and *_by_time figures vary with the machine's load)"
           % old.get("meta", {}).get("time", "the earlier run")]
    same = 0
    for key in b:
        if key in a and isinstance(b[key], (int, float)) and isinstance(a[key], (int, float)):
            d = b[key] - a[key]
            if d == 0:
                same += 1
                continue
            pct = " (%+.0f%%)" % (100.0 * d / a[key]) if a[key] else ""
            out.append("  %-40s %12s -> %-12s %+g%s" % (key, _num(a[key]), _num(b[key]), round(d, 2), pct))
    out.append("  %d figures unchanged" % same)
    added = [k for k in b if k not in a]
    gone = [k for k in a if k not in b]
    if added:
        out.append("  new figures: " + ", ".join(added))
    if gone:
        out.append("  figures no longer measured: " + ", ".join(gone))
    return "\n".join(out)
