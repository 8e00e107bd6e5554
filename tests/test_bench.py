"""`companion bench` on a small subset: every figure is measured and sane.

No timing assertions; the allocation targets of docs/bench.md ("Targets") are
asserted: they are counts of bytes, the same on every run.
"""

import json

from companion.core.games import new_game
from host_tools.bench import command as bench_cmd
from host_tools.bench import measure as bench
from host_tools.bench.random_games import random_log
from host_tools.cli import main
from host_tools.paths import load_layout


def test_random_log_is_legal_long_enough_and_repeatable():
    header, events = random_log(seed=5, events=120)
    assert len(events) == 120
    assert (header, events) == random_log(seed=5, events=120)
    game = new_game(header, load_layout("kahuna"))
    for e in events:
        game.apply(e)  # raises Illegal if the random player cheated
    assert not game.over()
    assert {e["op"] for e in events} >= {"place", "remove", "end_turn", "end_round"}


def test_quick_bench_writes_every_figure(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert main(["bench", "--quick", "--game", "kahuna", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    result = json.loads(out.read_text())
    f = result["figures"]
    for case in ("place", "place_capture", "remove", "end_turn", "end_round", "undo"):
        assert f["event.kahuna.%s.lines" % case] > 0
        assert 0 <= f["event.kahuna.%s.bytes" % case] <= 256  # target: <= 256 bytes per event (measured 0-64)
        assert isinstance(f["event.kahuna.%s.wasm_us" % case], float)  # a time: not checked
        assert "kahuna   %s " % case in printed
    # a cascade runs more code than the plain place it starts with
    assert f["event.kahuna.place_capture.lines"] > f["event.kahuna.place.lines"]
    assert f["restore.events"] == 60 and f["restore.lines"] > 60
    assert 0 < f["heap.new_game"] <= f["heap.restored"]  # equal while the journal fits its first allocation
    assert f["heap.core_code"] > 0
    assert 0 < f["mpy.core"] < f["mpy.firmware"]
    for code in ("de", "fr"):  # a language: its table on the heap, more once its formats are split
        assert 2000 < f["lang.%s.heap" % code] <= f["lang.%s.heap_formats" % code] < 16000
        assert 2000 < f["mpy.lang.%s" % code] < 20000
        if "heap.native_min_kb" in f:  # a language's table on a board: a few KB of heap more
            assert f["heap.native_min_kb"] <= f["heap.native_min_kb.%s" % code] <= f["heap.native_min_kb"] + 24
    assert f["cpython.events_per_s"] > 0
    assert f["calib.rp2040_us_per_line"] > 0
    if "tick.lines" in f:  # the firmware's run loop exists
        assert f["tick.lines"] > f["scan.lines"] > 0
        assert f["tick.bytes"] == 0 and f["scan.bytes"] == 0  # target: a scan + LED tick allocates nothing
        assert f["boot.heap"] > 0 and f["press.lines"] > 0
    if "press.lines_to_leds" in f:  # the press path and the idle loop (bench_timing)
        assert f["press.lines_to_leds.kahuna"] > f["loop.idle_lines.kahuna"] >= f["loop.scan_lines.kahuna"] > 0
        assert f["press.flash_bytes_to_leds"] == 0 and f["press.i2c_bytes_to_leds"] == 0
        assert "Press path and idle loop" in printed
    assert "<= 1500 lines" in printed and "figures written to" in printed
    # allocation in play: random full games of every game, every event
    for game in ("kahuna", "kanaloa", "rukuni", "duell"):
        assert f["alloc.%s.events" % game] > 0
        assert 0 < f["alloc.%s.largest" % game] <= f["alloc.largest"]
    assert f["alloc.events"] == sum(f["alloc.%s.events" % g] for g in ("kahuna", "kanaloa", "rukuni", "duell"))
    assert 0 < f["alloc.bytes_per_event"] <= 256 and f["alloc.bytes_per_event"] < f["alloc.largest"]
    assert "Allocation in play" in printed
    if "tick.lines" in f:
        assert 16 < f["heap.native_min_kb"] < 1024
        # the long game at a fixed heap (2,000 events in a quick run): free heap flat, no MemoryError
        assert f["long.events"] == 2000 and f["long.memory_errors"] == 0
        assert f["long.free_at_500"] > 0 and f["long.free_drop"] <= 256
        assert 16 < f["heap.native_min_kb.fresh"] < 1024 and 16 < f["heap.native_min_kb.after_long"] < 1024
        assert "A 2000-event Kahuna game at a fixed heap" in printed


def test_compare_prints_what_changed():
    old = {"meta": {"time": "then"}, "figures": {"a.lines": 100, "b.bytes": 8, "gone": 1}}
    new = {"figures": {"a.lines": 150, "b.bytes": 8, "c": 2}}
    text = bench_cmd.compare(old, new)
    assert "a.lines" in text and "100 -> 150" in text and "+50 (+50%)" in text
    assert "b.bytes" not in text and "1 figures unchanged" in text
    assert "new figures: c" in text and "no longer measured: gone" in text


def test_a_game_whose_script_fails_is_reported_not_fatal():
    job = bench._job(["raise ValueError('the rules changed')"])
    job["part"] = "kahuna"
    assert bench._run_job(job) == {"error": ("kahuna", "ValueError: the rules changed")}
